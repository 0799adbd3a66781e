//! A member's own: `/notify`, `/leaderboard`, `/stats`, `/help`.

use super::super::spec::{arg, command, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::replies::Reply;
use crate::t;
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
        app.ensure_member(actor)?;
        let user = user.unwrap_or_else(|| actor.user.clone());
        let s = app.ledger.stats(&actor.guild, &user)?;
        let mut lines = vec![t!(
            lang,
            "stats-total",
            who = app.name(&actor.guild, &user),
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
    const SPEC: CommandSpec = command("stats", &[arg("user", ArgKind::User)]);
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
        app.help(actor.lang, self.command.as_deref())
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
