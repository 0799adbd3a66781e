//! Commands as data: every slash command of P-3 and every component press, read from named
//! options (`game:dejarik wager:100`) the same way whatever the front end.

use std::collections::BTreeMap;

use crate::cooldown::Rate;
use crate::t;

mod spec;
/// The `/admin set` setting that turns a server's lobby page on or off (beside the economy's).
pub use crate::lobby::WEB_LOBBY;
pub use spec::{
    canonical, canonical_sub, decision_commands, local_name, names, specs, ArgKind, ArgSpec,
    CommandSpec, COMMANDS,
};

/// `/play` options.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlayArgs {
    pub game: String,
    /// The challenged user; `None` for an open table.
    pub opponent: Option<String>,
    pub wager: Option<i64>,
    pub per_point: Option<i64>,
    /// Points to reach for a series or match.
    pub to: Option<u32>,
    /// Who moves first: `me`, `them` or `random`.
    pub first: Option<String>,
    /// The droid's strength, 1–5.
    pub level: Option<u8>,
    /// How many seats an open table has (games for more than two players).
    pub seats: Option<usize>,
    /// Everything else: the game's own options (variants, set-up, caps), one by one
    /// (`cap:200`) or together as one string under `options` (`options:"obstacles:2 adjust"`).
    pub options: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Play(PlayArgs),
    Move {
        action: String,
    },
    Board,
    Resign,
    Draw,
    /// A game's decision that has a slash command of its own (backgammon's `/double`).
    Decision {
        command: String,
    },
    Rules {
        game: String,
    },
    Replay {
        table: Option<i64>,
        /// The table's record as text in the game's notation, instead of the animation.
        text: bool,
    },
    Verify {
        table: Option<i64>,
    },
    Balance {
        user: Option<String>,
    },
    Daily,
    Give {
        user: String,
        amount: i64,
    },
    Slots {
        bet: Option<i64>,
    },
    /// A side bet: `seat` counts from 1.
    Bet {
        table: Option<i64>,
        seat: i64,
        amount: i64,
    },
    /// The droid's shop: what it sells here and at what price.
    Shop,
    Buy {
        item: String,
    },
    /// What the member owns and wears.
    Inventory,
    /// The member's open tables across the server.
    Tables,
    /// Turn notifications by direct message, on or off.
    Notify {
        on: bool,
    },
    /// Puts an owned item on (or takes it off when it is worn).
    Equip {
        item: String,
    },
    Leaderboard {
        board: String,
        page: Option<i64>,
        /// A season's board instead of the all-time one.
        season: Option<i64>,
    },
    Stats {
        user: Option<String>,
    },
    /// `/help`, for every command or one.
    Help {
        command: Option<String>,
    },
    AdminGrant {
        user: String,
        amount: i64,
    },
    AdminSet {
        setting: String,
        value: i64,
    },
    AdminEnd {
        table: Option<i64>,
    },
    TournamentCreate(crate::tournaments::Create),
    TournamentJoin {
        tournament: Option<i64>,
    },
    TournamentShow {
        tournament: Option<i64>,
    },
    TournamentCancel {
        tournament: Option<i64>,
    },
    /// A server's own price for a shop item (`None`: the catalogue's again).
    AdminPrice {
        item: String,
        price: Option<i64>,
    },
    /// Whether tables may be opened in a channel (`/admin channel`).
    AdminChannel {
        channel: String,
        tables: bool,
    },
    /// A button press, by custom id.
    Press {
        custom_id: String,
    },
    /// A select-menu choice.
    Pick {
        custom_id: String,
        value: String,
    },
}

impl Command {
    /// Whether the command may play an action at a table (and so is answered with the board
    /// when its interaction comes again).
    pub fn plays(&self) -> bool {
        matches!(
            self,
            Command::Move { .. }
                | Command::Decision { .. }
                | Command::Resign
                | Command::Draw
                | Command::Press { .. }
                | Command::Pick { .. }
        )
    }

    /// How often a member may use the command, for those a script or a held key could
    /// flood: the machine, the free credits, credits given and tables opened.
    pub fn rate(&self) -> Option<Rate> {
        let (bucket, burst, every, refusals) = match self {
            Command::Slots { .. } => ("slots", 1, 3, true),
            Command::Daily => ("daily", 2, 10, true),
            Command::Give { .. } => ("give", 3, 5, false),
            Command::Play(_) => ("play", 5, 12, false),
            _ => return None,
        };
        Some(Rate {
            bucket,
            burst,
            every,
            refusals,
        })
    }

    /// The command's name for the operator's metrics (`press` and `pick` for components).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Play(_) => "play",
            Command::Move { .. } => "move",
            Command::Board => "board",
            Command::Resign => "resign",
            Command::Draw => "draw",
            Command::Decision { .. } => "decision",
            Command::Rules { .. } => "rules",
            Command::Replay { .. } => "replay",
            Command::Verify { .. } => "verify",
            Command::Balance { .. } => "balance",
            Command::Daily => "daily",
            Command::Give { .. } => "give",
            Command::Slots { .. } => "slots",
            Command::Bet { .. } => "bet",
            Command::Shop => "shop",
            Command::Buy { .. } => "buy",
            Command::Inventory => "inventory",
            Command::Tables => "tables",
            Command::Notify { on: true } => "notify on",
            Command::Notify { on: false } => "notify off",
            Command::Equip { .. } => "equip",
            Command::Leaderboard { .. } => "leaderboard",
            Command::Stats { .. } => "stats",
            Command::Help { .. } => "help",
            Command::AdminGrant { .. } => "admin grant",
            Command::AdminSet { .. } => "admin set",
            Command::AdminEnd { .. } => "admin end",
            Command::AdminPrice { .. } => "admin price",
            Command::AdminChannel { .. } => "admin channel",
            Command::TournamentCreate(_) => "tournament create",
            Command::TournamentJoin { .. } => "tournament join",
            Command::TournamentShow { .. } => "tournament show",
            Command::TournamentCancel { .. } => "tournament cancel",
            Command::Press { .. } => "press",
            Command::Pick { .. } => "pick",
        }
    }
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
    let command = match name.as_str() {
        "play" => play(lang, &mut o)?,
        "move" => Command::Move {
            action: need(lang, &mut o, "action", "move")?,
        },
        "board" => Command::Board,
        "resign" => Command::Resign,
        "draw" => Command::Draw,
        decision if decision_commands().contains(&decision) => Command::Decision {
            command: decision.to_string(),
        },
        "rules" => Command::Rules {
            game: need(lang, &mut o, "game", "rules")?,
        },
        "replay" => Command::Replay {
            table: number(lang, take(&mut o, "table"), "table")?,
            text: match take(&mut o, "format").as_deref() {
                None | Some("gif") => false,
                Some("text") => true,
                Some(other) => return Err(t!(lang, "replay-format-unknown", format = other)),
            },
        },
        "verify" => Command::Verify {
            table: number(lang, take(&mut o, "table"), "table")?,
        },
        "balance" => Command::Balance {
            user: take(&mut o, "user"),
        },
        "daily" => Command::Daily,
        "give" => Command::Give {
            user: need(lang, &mut o, "user", "give")?,
            amount: number(lang, Some(need(lang, &mut o, "amount", "give")?), "amount")?
                .unwrap_or(0),
        },
        "slots" => Command::Slots {
            bet: number(lang, take(&mut o, "bet"), "bet")?,
        },
        "bet" => Command::Bet {
            seat: number(lang, Some(need(lang, &mut o, "seat", "bet")?), "seat")?.unwrap_or(0),
            amount: number(lang, Some(need(lang, &mut o, "amount", "bet")?), "amount")?
                .unwrap_or(0),
            table: number(lang, take(&mut o, "table"), "table")?,
        },
        "shop" => Command::Shop,
        "buy" => Command::Buy {
            item: need(lang, &mut o, "item", "buy")?,
        },
        "inventory" => Command::Inventory,
        "tables" => Command::Tables,
        "notify" => match need(lang, &mut o, "action", "notify")?.as_str() {
            "on" => Command::Notify { on: true },
            "off" => Command::Notify { on: false },
            other => {
                return Err(t!(
                    lang,
                    "parse-action",
                    command = "notify",
                    action = other,
                    actions = "on, off"
                ))
            }
        },
        "equip" => Command::Equip {
            item: need(lang, &mut o, "item", "equip")?,
        },
        "leaderboard" => Command::Leaderboard {
            board: take(&mut o, "board").unwrap_or_else(|| "credits".into()),
            page: number(lang, take(&mut o, "page"), "page")?,
            season: number(lang, take(&mut o, "season"), "season")?,
        },
        "stats" => Command::Stats {
            user: take(&mut o, "user"),
        },
        "help" => Command::Help {
            command: take(&mut o, "command"),
        },
        "tournament" => tournament(lang, &mut o)?,
        "admin" => admin(lang, &mut o)?,
        other => return Err(unknown(lang, other)),
    };
    no_more(lang, &o, &name)?;
    Ok(command)
}

/// `/play`'s options.
fn play(lang: crate::words::Lang, o: &mut BTreeMap<String, String>) -> Result<Command, String> {
    Ok(Command::Play(PlayArgs {
        game: need(lang, o, "game", "play")?,
        opponent: take(o, "opponent"),
        wager: number(lang, take(o, "wager"), "wager")?,
        per_point: number(lang, take(o, "per_point"), "per_point")?,
        to: number(lang, take(o, "to"), "to")?
            .map(|n| u32::try_from(n).map_err(|_| t!(lang, "play-to-range")))
            .transpose()?,
        first: take(o, "first"),
        level: number(lang, take(o, "level"), "level")?
            .map(|n| u8::try_from(n).map_err(|_| t!(lang, "play-level-range", level = n)))
            .transpose()?,
        seats: number(lang, take(o, "seats"), "seats")?
            .map(|n| usize::try_from(n).map_err(|_| t!(lang, "parse-seats", seats = n)))
            .transpose()?,
        options: std::mem::take(o),
    }))
}

/// `/tournament`'s actions and their options.
fn tournament(
    lang: crate::words::Lang,
    o: &mut BTreeMap<String, String>,
) -> Result<Command, String> {
    let command = match need(lang, o, "action", "tournament")?.as_str() {
        "create" => Command::TournamentCreate(crate::tournaments::Create {
            game: need(lang, o, "game", "tournament create")?,
            format: need(lang, o, "format", "tournament create")?,
            entry: number(lang, take(o, "entry"), "entry")?,
            seats: number(lang, take(o, "seats"), "seats")?,
            rounds: number(lang, take(o, "rounds"), "rounds")?,
            starts: number(lang, take(o, "starts"), "starts")?,
            players: number(lang, take(o, "players"), "players")?,
            clock: number(lang, take(o, "clock"), "clock")?,
        }),
        "join" => Command::TournamentJoin {
            tournament: number(lang, take(o, "tournament"), "tournament")?,
        },
        "show" => Command::TournamentShow {
            tournament: number(lang, take(o, "tournament"), "tournament")?,
        },
        "cancel" => Command::TournamentCancel {
            tournament: number(lang, take(o, "tournament"), "tournament")?,
        },
        other => {
            return Err(t!(
                lang,
                "parse-action",
                command = "tournament",
                action = other,
                actions = "create, join, show, cancel"
            ))
        }
    };
    Ok(command)
}

/// `/admin`'s actions and their options.
fn admin(lang: crate::words::Lang, o: &mut BTreeMap<String, String>) -> Result<Command, String> {
    let command = match need(lang, o, "action", "admin")?.as_str() {
        "grant" => Command::AdminGrant {
            user: need(lang, o, "user", "admin grant")?,
            amount: number(
                lang,
                Some(need(lang, o, "amount", "admin grant")?),
                "amount",
            )?
            .unwrap_or(0),
        },
        "set" => Command::AdminSet {
            setting: need(lang, o, "setting", "admin set")?,
            value: number(lang, Some(need(lang, o, "value", "admin set")?), "value")?.unwrap_or(0),
        },
        "end" => Command::AdminEnd {
            table: number(lang, take(o, "table"), "table")?,
        },
        "price" => Command::AdminPrice {
            item: need(lang, o, "item", "admin price")?,
            price: number(lang, take(o, "price"), "price")?,
        },
        "channel" => Command::AdminChannel {
            channel: need(lang, o, "channel", "admin channel")?,
            tables: switch(lang, &need(lang, o, "tables", "admin channel")?, "tables")?,
        },
        other => {
            return Err(t!(
                lang,
                "parse-action",
                command = "admin",
                action = other,
                actions = "grant, set, end, price, channel"
            ))
        }
    };
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
