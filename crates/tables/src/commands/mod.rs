//! Commands as data: every slash command of P-3 and every component press, read from named
//! options (`game:dejarik wager:100`) the same way whatever the front end.

use std::collections::BTreeMap;

use crate::call::Call;
use crate::cooldown::Rate;
use crate::t;
use crate::tournaments::Create;
use crate::{Actor, App, Outcome};

pub mod defs;
mod spec;
mod verb;

/// The `/admin set` setting that turns a server's lobby page on or off (beside the economy's).
pub use crate::lobby::WEB_LOBBY;
pub use defs::*;
pub use spec::{
    canonical, canonical_sub, decision_commands, listed, local_name, names, specs, ArgKind,
    ArgSpec, CommandSpec,
};
pub use verb::{Options, Slash, Verb};

/// Declares [`Command`] from its units: one variant per command, and what every front end
/// asks of a command (its name, whether it plays, its rate, reading it, running it)
/// dispatched to the unit.
macro_rules! commands {
    (slash: $($sv:ident($st:ty)),* $(,)?; other: $($ov:ident($ot:ty)),* $(,)?) => {
        /// A command as every front end gives it to the tables: one variant per unit of
        /// [`defs`].
        #[derive(Debug, Clone, PartialEq)]
        pub enum Command {
            $($sv($st),)*
            $($ov($ot),)*
        }

        $(impl From<$st> for Command {
            fn from(verb: $st) -> Command {
                Command::$sv(verb)
            }
        })*
        $(impl From<$ot> for Command {
            fn from(verb: $ot) -> Command {
                Command::$ov(verb)
            }
        })*

        impl Command {
            /// Whether the command may play an action at a table (and so is answered with
            /// the board when its interaction comes again).
            pub fn plays(&self) -> bool {
                match self {
                    $(Command::$sv(_) => <$st as Verb>::PLAYS,)*
                    $(Command::$ov(_) => <$ot as Verb>::PLAYS,)*
                }
            }

            /// How often a member may use the command (none: as often as they like).
            pub fn rate(&self) -> Option<Rate> {
                match self {
                    $(Command::$sv(_) => <$st as Verb>::RATE,)*
                    $(Command::$ov(_) => <$ot as Verb>::RATE,)*
                }
            }

            /// Whether the command needs no server (`/rules`, `/help`…): it answers in direct
            /// messages and where a member installed the application for themself.
            pub fn anywhere(&self) -> bool {
                match self {
                    $(Command::$sv(_) => <$st as Slash>::SPEC.anywhere,)*
                    $(Command::$ov(_) => false,)*
                }
            }

            /// The command's name for the operator's metrics (`press` and `pick` for
            /// components).
            pub fn name(&self) -> &'static str {
                match self {
                    $(Command::$sv(verb) => verb.name(),)*
                    $(Command::$ov(verb) => verb.name(),)*
                }
            }

            /// Does the command, for `actor`, within `call`.
            pub(crate) fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
                match self {
                    $(Command::$sv(verb) => verb.run(app, call, actor),)*
                    $(Command::$ov(verb) => verb.run(app, call, actor),)*
                }
            }

            /// Every slash command's path and spec, in the order of the list: the order `/help`
            /// lists them in and Discord shows them, a group's subcommands together.
            const SLASH: &'static [(&'static str, CommandSpec)] =
                &[$((<$st as Verb>::PATH, <$st as Slash>::SPEC)),*];

            /// Whether a slash command's unit is found at `path` (`give`, `admin grant`).
            fn reads(path: &str) -> bool {
                [$(<$st as Verb>::PATH),*].contains(&path)
            }

            /// The slash command at `path`, read by its unit; none when no unit is there.
            fn read(
                lang: crate::words::Lang,
                path: &str,
                options: &mut Options,
            ) -> Option<Result<Command, String>> {
                $(if path == <$st as Verb>::PATH {
                    return Some(<$st as Slash>::read(lang, options).map(Command::$sv));
                })*
                None
            }
        }
    };
}

commands! {
    slash:
        Play(PlayArgs),
        Move(Move),
        Board(Board),
        Tables(Tables),
        Resign(Resign),
        Draw(Draw),
        Takeback(Takeback),
        Rules(Rules),
        Replay(Replay),
        Verify(Verify),
        Balance(Balance),
        History(History),
        Limits(Limits),
        Daily(Daily),
        Give(Give),
        Slots(Slots),
        Bet(Bet),
        Shop(Shop),
        Buy(Buy),
        Inventory(Inventory),
        Equip(Equip),
        TournamentCreate(Create),
        TournamentJoin(TournamentJoin),
        TournamentShow(TournamentShow),
        TournamentCancel(TournamentCancel),
        Notify(Notify),
        Leaderboard(Leaderboard),
        Stats(Stats),
        Help(Help),
        AdminGrant(AdminGrant),
        AdminTake(AdminTake),
        AdminSet(AdminSet),
        AdminEnd(AdminEnd),
        AdminPrice(AdminPrice),
        AdminChannel(AdminChannel),
        AdminReset(AdminReset),
        AdminLog(AdminLog);
    other:
        Decision(Decision),
        Press(Press),
        Pick(Pick),
}

fn take(options: &mut BTreeMap<String, String>, key: &str) -> Option<String> {
    options
        .remove(key)
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

fn need(
    lang: crate::words::Lang,
    options: &mut BTreeMap<String, String>,
    key: &str,
    command: &str,
) -> Result<String, String> {
    take(options, key).ok_or_else(|| t!(lang, "parse-needs", command = command, option = key))
}

fn number(
    lang: crate::words::Lang,
    value: Option<String>,
    key: &str,
) -> Result<Option<i64>, String> {
    value
        .map(|v| {
            v.replace(['_', ','], "")
                .parse::<i64>()
                .map_err(|_| t!(lang, "parse-number", option = key, value = v.as_str()))
        })
        .transpose()
}

fn no_more(
    lang: crate::words::Lang,
    options: &BTreeMap<String, String>,
    command: &str,
) -> Result<(), String> {
    match options.keys().next() {
        Some(key) => Err(t!(
            lang,
            "parse-no-option",
            command = command,
            option = key.as_str()
        )),
        None => Ok(()),
    }
}

/// Reads a table's options given as one string: words `name:value` (or `name=value`), and
/// bare words for yes/no options (`obstacles:2 adjust`). Words are separated by spaces only,
/// so a value may hold commas (`setup:o2,o3,i8,i6/i1,i12,o8,o12/w:b`).
pub fn table_options(
    lang: crate::words::Lang,
    text: &str,
) -> Result<BTreeMap<String, String>, String> {
    let mut options = BTreeMap::new();
    for word in text.split_whitespace() {
        if word.is_empty() {
            continue;
        }
        let (key, value) = match word.split_once([':', '=']) {
            Some((key, value)) => (key, value),
            None => (word, "true"),
        };
        let key = key.trim().to_ascii_lowercase();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(t!(lang, "parse-not-option", word = word));
        }
        if options
            .insert(key.clone(), value.trim().to_string())
            .is_some()
        {
            return Err(t!(lang, "parse-twice", option = key.as_str()));
        }
    }
    Ok(options)
}

/// Builds a command from its name and named options (values as typed).
pub fn parse(
    lang: crate::words::Lang,
    name: &str,
    options: &BTreeMap<String, String>,
) -> Result<Command, String> {
    let mut o = options.clone();
    // A command may be named in any language the bot speaks (`/jouer`), as members see it.
    let name = match canonical(name) {
        Some(name) => name.to_string(),
        None => name.trim().trim_start_matches('/').to_ascii_lowercase(),
    };
    if let Some(action) = o.get_mut("action") {
        if let Some(sub) = canonical_sub(&name, action) {
            *action = sub.to_string();
        }
    }
    check(lang, &name, &o)?;
    if decision_commands().contains(&name.as_str()) {
        no_more(lang, &o, &name)?;
        return Ok(Command::Decision(Decision { command: name }));
    }
    // A subcommand with a unit of its own (`admin grant`) is read by it; a command whose
    // actions are its options (`notify on`) reads them itself.
    let sub = o.get("action").map(|action| format!("{name} {action}"));
    let command = match sub.filter(|path| Command::reads(path)) {
        Some(path) => {
            o.remove("action");
            Command::read(lang, &path, &mut o)
        }
        None => Command::read(lang, &name, &mut o),
    }
    .unwrap_or_else(|| Err(unknown(lang, &name)))?;
    no_more(lang, &o, &name)?;
    Ok(command)
}

/// An `on`/`off` option.
fn switch(lang: crate::words::Lang, value: &str, option: &str) -> Result<bool, String> {
    match value {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(t!(lang, "parse-switch", option = option, value = other)),
    }
}

fn unknown(lang: crate::words::Lang, command: &str) -> String {
    t!(
        lang,
        "parse-unknown",
        command = command,
        commands = names()
            .iter()
            .map(|n| format!("/{n}"))
            .collect::<Vec<_>>()
            .join(" ")
    )
}

/// Checks a command against its declaration: a known name, every required argument given,
/// no argument it does not take (but a game's options where it takes them), and numbers
/// where it takes numbers.
fn check(
    lang: crate::words::Lang,
    name: &str,
    options: &BTreeMap<String, String>,
) -> Result<(), String> {
    let mut spec = specs()
        .into_iter()
        .find(|s| s.name == name)
        .ok_or_else(|| unknown(lang, name))?;
    let mut options = options.clone();
    let mut name = name.to_string();
    if !spec.subcommands.is_empty() {
        let action = options.remove("action").ok_or_else(|| {
            t!(
                lang,
                "parse-needs",
                command = name.as_str(),
                option = "action"
            )
        })?;
        spec = *spec
            .subcommands
            .iter()
            .find(|s| s.name == action.trim())
            .ok_or_else(|| {
                let actions: Vec<&str> = spec.subcommands.iter().map(|s| s.name).collect();
                t!(
                    lang,
                    "parse-action",
                    command = name.as_str(),
                    action = action.trim(),
                    actions = actions.join(", ")
                )
            })?;
        name = format!("{name} {}", spec.name);
    }
    let name = name.as_str();
    for arg in spec.args {
        let given = options.get(arg.name).is_some_and(|v| !v.trim().is_empty());
        if arg.required && !given {
            return Err(t!(lang, "parse-needs", command = name, option = arg.name));
        }
        if matches!(arg.kind, ArgKind::Number | ArgKind::Credits) {
            number(lang, options.get(arg.name).cloned(), arg.name)?;
        }
    }
    if !spec.game_options {
        let declared = |key: &String| spec.args.iter().any(|a| a.name == key);
        if let Some(key) = options.keys().find(|k| !declared(k)) {
            return Err(t!(
                lang,
                "parse-no-option",
                command = name,
                option = key.as_str()
            ));
        }
    }
    Ok(())
}
