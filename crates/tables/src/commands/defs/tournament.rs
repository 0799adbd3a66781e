//! `/tournament create|join|show|cancel`.

use super::super::spec::{arg, command, need_arg, ranged, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::tournaments::Create;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// `/tournament`, the group its subcommands (`tournament …`) are gathered under.
pub(super) const GROUP: CommandSpec = command("tournament", &[]);

impl Verb for Create {
    const PATH: &'static str = "tournament create";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.tournament_create(actor, self)
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
        app.tournament_join(call, actor, self.tournament)
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
        app.tournament_show(actor, self.tournament)
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
        app.tournament_cancel(call, actor, self.tournament)
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
        let created = read("tournament action:create game:dejarik format:swiss rounds:4");
        match created {
            Ok(Command::TournamentCreate(ask)) => {
                assert_eq!((ask.game.as_str(), ask.rounds), ("dejarik", Some(4)));
            }
            other => panic!("{other:?}"),
        }
        assert!(read("tournament action:create game:dejarik").is_err());
        assert!(read("tournament action:fly").is_err());
    }
}
