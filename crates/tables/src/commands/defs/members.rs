//! A member's own: `/notify`, `/leaderboard`, `/stats`, and `/help` (docs/CONTRACT.md P-3):
//! what the bot does, every command in one line (the commands' descriptions in the message
//! files, `cmd-<name>`, as Discord's picker shows them), how to start a first game;
//! `/help command:X` for one command.

use super::super::spec::{arg, command, ArgKind, CommandSpec};
use super::super::spec::{canonical, local_name, names, specs};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::refusal::Refusal;
use crate::replies::Reply;
use crate::t;
use crate::words;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// `/notify on|off`: turn notifications by direct message.
#[derive(Debug, Clone, PartialEq)]
pub struct Notify {
    pub on: bool,
}

impl Verb for Notify {
    const PATH: &'static str = "notify";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.set_notify(actor, self.on)
    }
    fn name(&self) -> &'static str {
        if self.on {
            "notify on"
        } else {
            "notify off"
        }
    }
}

impl Slash for Notify {
    const SPEC: CommandSpec = CommandSpec {
        subcommands: &[command("on", &[]), command("off", &[])],
        ..command("notify", &[])
    };
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        match need(lang, o, "action", "notify")?.as_str() {
            "on" => Ok(Notify { on: true }),
            "off" => Ok(Notify { on: false }),
            other => Err(t!(
                lang,
                "parse-action",
                command = "notify",
                action = other,
                actions = "on, off"
            )),
        }
    }
}

/// `/leaderboard [board] [page] [season]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaderboard {
    pub board: String,
    pub page: Option<i64>,
    /// A season's board instead of the all-time one.
    pub season: Option<i64>,
}

impl Verb for Leaderboard {
    const PATH: &'static str = "leaderboard";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.leaderboard(actor, &self.board, self.page, self.season)
    }
}

impl Slash for Leaderboard {
    const SPEC: CommandSpec = command(
        "leaderboard",
        &[
            arg("board", ArgKind::Leaderboard),
            arg("page", ArgKind::Number),
            arg("season", ArgKind::Number),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Leaderboard {
            board: take(o, "board").unwrap_or_else(|| "credits".into()),
            page: number(lang, take(o, "page"), "page")?,
            season: number(lang, take(o, "season"), "season")?,
        })
    }
}

/// `/stats [user]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Stats {
    pub user: Option<String>,
}

impl Verb for Stats {
    const PATH: &'static str = "stats";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let user = self.user;
        let lang = actor.lang;
        if actor.guild != crate::NO_SERVER {
            app.ensure_member(actor)?;
        }
        let user = user.unwrap_or_else(|| actor.user.clone());
        // Outside a server: the member's games in every server, without ratings (a
        // rating is a server's own).
        let s = if actor.guild == crate::NO_SERVER {
            app.ledger.stats_everywhere(&user)?
        } else {
            app.ledger.stats(&actor.guild, &user)?
        };
        let mut lines = vec![t!(
            lang,
            "stats-total",
            // The actor by the name they came with (outside a server no name is kept).
            who = if user == actor.user {
                actor.name.clone()
            } else {
                app.name(&actor.guild, &user)
            },
            games = s.games,
            wins = s.wins,
            points = s.points,
            net = format!("{:+}", s.net)
        )];
        for g in s.per_game {
            let name = app.catalogue.find(&g.game).map_or_else(
                || g.game.clone(),
                |e| crate::words::game_name(lang, &e.info),
            );
            let mut line = t!(
                lang,
                "stats-game",
                game = name,
                games = g.games,
                wins = g.wins,
                draws = g.draws,
                points = g.points
            );
            if let Some(r) = g.rating {
                line.push_str(&t!(lang, "stats-rating", rating = r.round()));
            }
            lines.push(line);
        }
        Ok(vec![Reply::public(lines.join("\n"))])
    }
}

impl Slash for Stats {
    const SPEC: CommandSpec = command("stats", &[arg("user", ArgKind::User)]).anywhere();
    fn read(_: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Stats {
            user: take(o, "user"),
        })
    }
}

/// `/help [command]`, for every command or one.
#[derive(Debug, Clone, PartialEq)]
pub struct Help {
    pub command: Option<String>,
}

impl Verb for Help {
    const PATH: &'static str = "help";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let (lang, command) = (actor.lang, self.command.as_deref());
        let games: Vec<String> = app
            .catalogue
            .entries()
            .iter()
            .map(|e| words::game_name(lang, &e.info))
            .collect();
        let Some(command) = command else {
            let mut lines = vec![t!(lang, "help-intro", games = words::list(lang, &games))];
            // Each line: the usages of a command and those joined to it, and what the first
            // does (or what they do together, `help-together-<first>`).
            let mut groups: Vec<Vec<CommandSpec>> = Vec::new();
            for spec in specs() {
                match groups.last_mut() {
                    Some(group) if spec.joined => group.push(spec),
                    _ => groups.push(vec![spec]),
                }
            }
            for group in groups {
                let first = group[0].name;
                let together = format!("help-together-{first}");
                let what = if group.len() > 1 && words::has(lang, &together) {
                    t!(lang, &together)
                } else {
                    t!(lang, &format!("cmd-{first}"))
                };
                let usages: Vec<String> = group.iter().map(|spec| spec.short_usage(lang)).collect();
                lines.push(t!(
                    lang,
                    "help-line",
                    usage = usages.join("` · `"),
                    what = what
                ));
            }
            lines.push(t!(lang, "help-first-game"));
            return Ok(vec![Reply::private(lines.join("\n"))]);
        };
        let Some(name) = canonical(command) else {
            return Err(Refusal::Said(t!(
                lang,
                "help-unknown",
                command = command,
                commands = names()
                    .iter()
                    .map(|n| format!("/{}", local_name(lang, n, n)))
                    .collect::<Vec<_>>()
                    .join(" ")
            )));
        };
        let usage = specs()
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.usage(lang))
            .unwrap_or_default();
        let mut text = t!(
            lang,
            "help-line",
            usage = usage,
            what = t!(lang, &format!("cmd-{name}"))
        );
        let more = format!("more-{name}");
        if words::has(lang, &more) {
            text.push('\n');
            text.push_str(&t!(lang, &more, games = app.catalogue.ids().join(", ")));
        }
        Ok(vec![Reply::private(text)])
    }
}

impl Slash for Help {
    const SPEC: CommandSpec = command("help", &[arg("command", ArgKind::Command)]).anywhere();
    fn read(_: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Help {
            command: take(o, "command"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use super::*;
    use crate::Command;

    #[test]
    fn notify_is_on_or_off_and_named_so() {
        let on = read("notify action:on").unwrap();
        assert_eq!(on, Command::Notify(Notify { on: true }));
        assert_eq!(on.name(), "notify on");
        assert_eq!(read("notify action:off").unwrap().name(), "notify off");
        assert!(read("notify action:maybe").is_err());
        assert_eq!(
            read("leaderboard"),
            Ok(Command::Leaderboard(Leaderboard {
                board: "credits".into(),
                page: None,
                season: None
            }))
        );
    }
}
