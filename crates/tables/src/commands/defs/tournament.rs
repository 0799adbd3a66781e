//! `/tournament create|join|show|cancel`.

use super::super::spec::{arg, command, need_arg, ranged, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::ledger::tournaments::TournamentStatus;
use crate::replies::Reply;
use crate::t;
use crate::tournaments::standings;
use crate::tournaments::Create;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// `/tournament`, the group its subcommands (`tournament …`) are gathered under.
pub(super) const GROUP: CommandSpec = command("tournament", &[]);

impl Verb for Create {
    const PATH: &'static str = "tournament create";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.tournaments().create(actor, self)
    }
}

impl Slash for Create {
    const SPEC: CommandSpec = command(
        "create",
        &[
            need_arg("game", ArgKind::Game),
            need_arg("format", ArgKind::Format),
            arg("entry", ArgKind::Number),
            ranged("seats", 2, 4),
            ranged("rounds", 1, 10),
            arg("starts", ArgKind::Number),
            arg("players", ArgKind::Number),
            arg("clock", ArgKind::Number),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        let mut n = |key| number(lang, take(o, key), key);
        let (entry, seats, rounds) = (n("entry")?, n("seats")?, n("rounds")?);
        let (starts, players, clock) = (n("starts")?, n("players")?, n("clock")?);
        Ok(Create {
            game: need(lang, o, "game", "tournament create")?,
            format: need(lang, o, "format", "tournament create")?,
            entry,
            seats,
            rounds,
            starts,
            players,
            clock,
        })
    }
}

/// Which tournament a subcommand is about (the channel's newest open one when none).
fn which(lang: Lang, o: &mut Options) -> Result<Option<i64>, String> {
    number(lang, take(o, "tournament"), "tournament")
}

/// `/tournament join [tournament]`.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentJoin {
    pub tournament: Option<i64>,
}

impl Verb for TournamentJoin {
    const PATH: &'static str = "tournament join";
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tournaments().join(call, actor, self.tournament)
    }
}

impl Slash for TournamentJoin {
    const SPEC: CommandSpec = command("join", &[arg("tournament", ArgKind::Number)]);
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(TournamentJoin {
            tournament: which(lang, o)?,
        })
    }
}

/// `/tournament show [tournament]`.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentShow {
    pub tournament: Option<i64>,
}

impl Verb for TournamentShow {
    const PATH: &'static str = "tournament show";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let id = self.tournament;
        let lang = actor.lang;
        let t = app.tournaments().find(actor, id)?;
        let tables = app.ledger.tournament_tables(t.id)?;
        let byes = app.ledger.tournament_byes(t.id)?;
        let reading = standings::read(&t, &tables, &byes);
        let mut lines = vec![t!(
            lang,
            "tour-show-head",
            id = t.id,
            what = app.tournaments().kind(lang, &t),
            status = match t.status {
                TournamentStatus::Open => "open",
                TournamentStatus::Playing => "playing",
                TournamentStatus::Ended => "ended",
                TournamentStatus::Cancelled => "cancelled",
            },
            round = t.round,
            entry = t.entry,
            pot = t.entry * t.players.len() as i64
        )];
        if t.status == TournamentStatus::Open {
            let names: Vec<String> = t.players.iter().map(|u| app.name(&t.guild, u)).collect();
            lines.push(t!(
                lang,
                "tour-show-players",
                players = crate::words::list(lang, &names),
                count = t.players.len() as i64
            ));
        } else {
            for (place, s) in reading.standings.iter().enumerate() {
                lines.push(t!(
                    lang,
                    "tour-show-line",
                    place = place as i64 + 1,
                    who = app.name(&t.guild, &s.user),
                    points = standings::points(s.score),
                    out = s.out_in.unwrap_or(0)
                ));
            }
        }
        for (round, board, row) in tables.iter().filter(|(r, _, _)| *r == t.round) {
            let names: Vec<String> = row.seats.iter().map(|u| app.name(&row.guild, u)).collect();
            lines.push(t!(
                lang,
                "tour-show-table",
                round = *round,
                board = *board,
                table = row.id,
                players = names.join(" – "),
                status = row.status.as_str()
            ));
        }
        if let Some(ended) = &t.result {
            lines.push(app.tournaments().prizes(lang, &t, ended));
        }
        let mut reply = Reply::private(lines.join("\n"));
        if t.status != TournamentStatus::Open {
            reply = reply.with_image(
                format!("tournament-{}.png", t.id),
                app.tournaments().card(lang, &t, &reading)?,
            );
        }
        Ok(vec![reply])
    }
}

impl Slash for TournamentShow {
    const SPEC: CommandSpec = command("show", &[arg("tournament", ArgKind::Number)]);
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(TournamentShow {
            tournament: which(lang, o)?,
        })
    }
}

/// `/tournament cancel [tournament]`.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentCancel {
    pub tournament: Option<i64>,
}

impl Verb for TournamentCancel {
    const PATH: &'static str = "tournament cancel";
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tournaments().cancel(call, actor, self.tournament)
    }
}

impl Slash for TournamentCancel {
    const SPEC: CommandSpec = command("cancel", &[arg("tournament", ArgKind::Number)]);
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(TournamentCancel {
            tournament: which(lang, o)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use super::*;
    use crate::Command;

    #[test]
    fn a_subcommand_is_read_by_its_own_unit() {
        assert_eq!(
            read("tournament action:show tournament:3"),
            Ok(Command::TournamentShow(TournamentShow {
                tournament: Some(3)
            }))
        );
        let created = read("tournament action:create game:anygame format:swiss rounds:4");
        match created {
            Ok(Command::TournamentCreate(ask)) => {
                assert_eq!((ask.game.as_str(), ask.rounds), ("anygame", Some(4)));
            }
            other => panic!("{other:?}"),
        }
        assert!(read("tournament action:create game:anygame").is_err());
        assert!(read("tournament action:fly").is_err());
    }
}
