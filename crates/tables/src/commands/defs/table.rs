//! Playing at a table: `/move`, `/board`, `/resign`, `/draw`, a game's decisions, `/tables`,
//! and the presses of a table's buttons and menus.

use super::super::need;
use super::super::spec::{command, need_arg, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use crate::call::Call;
use crate::replies::Control;
use crate::replies::Reply;
use crate::t;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// `/move action`: a game action in the game's notation (or a roll).
#[derive(Debug, Clone, PartialEq)]
pub struct Move {
    pub action: String,
}

impl Verb for Move {
    const PATH: &'static str = "move";
    const PLAYS: bool = true;
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tables().play_action(call, actor, &self.action, None)
    }
}

impl Slash for Move {
    const SPEC: CommandSpec = command("move", &[need_arg("action", ArgKind::Action)]);
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Move {
            action: need(lang, o, "action", "move")?,
        })
    }
}

/// `/board`: the table's board again, with its choices.
#[derive(Debug, Clone, PartialEq)]
pub struct Board;

impl Verb for Board {
    const PATH: &'static str = "board";
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tables().board(call, actor)
    }
}

impl Slash for Board {
    const SPEC: CommandSpec = command("board", &[]);
    fn read(_: Lang, _: &mut Options) -> Result<Self, String> {
        Ok(Board)
    }
}

/// `/tables`: the member's open tables across the server.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables;

impl Verb for Tables {
    const PATH: &'static str = "tables";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let rows = app.ledger.active_tables_of(&actor.guild, &actor.user)?;
        if rows.is_empty() {
            return Ok(vec![Reply::private(t!(
                lang,
                "tables-none",
                who = &actor.name
            ))]);
        }
        let mut lines = vec![t!(lang, "tables-title", who = &actor.name)];
        lines.extend(rows.iter().map(|row| app.tables().table_line(actor, row)));
        Ok(vec![Reply::private(lines.join("\n"))])
    }
}

impl Slash for Tables {
    const SPEC: CommandSpec = command("tables", &[]);
    fn read(_: Lang, _: &mut Options) -> Result<Self, String> {
        Ok(Tables)
    }
}

/// `/resign`: concedes the table (the creator of a table not yet started withdraws it).
#[derive(Debug, Clone, PartialEq)]
pub struct Resign;

impl Verb for Resign {
    const PATH: &'static str = "resign";
    const PLAYS: bool = true;
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tables().resign(call, actor)
    }
}

impl Slash for Resign {
    const SPEC: CommandSpec = command("resign", &[]);
    fn read(_: Lang, _: &mut Options) -> Result<Self, String> {
        Ok(Resign)
    }
}

/// `/draw`: offers a draw, or accepts the one on offer.
#[derive(Debug, Clone, PartialEq)]
pub struct Draw;

impl Verb for Draw {
    const PATH: &'static str = "draw";
    const PLAYS: bool = true;
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tables().draw(call, actor, None)
    }
}

impl Slash for Draw {
    const SPEC: CommandSpec = command("draw", &[]);
    fn read(_: Lang, _: &mut Options) -> Result<Self, String> {
        Ok(Draw)
    }
}

/// `/takeback`: asks to take back one's last move (the next player accepts or refuses).
#[derive(Debug, Clone, PartialEq)]
pub struct Takeback;

impl Verb for Takeback {
    const PATH: &'static str = "takeback";
    const PLAYS: bool = true;
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tables().takeback(call, actor)
    }
}

impl Slash for Takeback {
    const SPEC: CommandSpec = command("takeback", &[]).joined();
    fn read(_: Lang, _: &mut Options) -> Result<Self, String> {
        Ok(Takeback)
    }
}

/// A game's decision that has a slash command of its own (backgammon's `/double`): the
/// games declare them, so it is read by name rather than from a spec of its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    pub command: String,
}

impl Verb for Decision {
    const PATH: &'static str = "decision";
    const PLAYS: bool = true;
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tables().command_decision(call, actor, &self.command)
    }
}

/// A button pressed.
#[derive(Debug, Clone, PartialEq)]
pub struct Press {
    pub control: Control,
}

impl Verb for Press {
    const PATH: &'static str = "press";
    const PLAYS: bool = true;
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tables().press(call, actor, &self.control)
    }
}

/// A select menu's choice.
#[derive(Debug, Clone, PartialEq)]
pub struct Pick {
    pub control: Control,
    pub value: String,
}

impl Verb for Pick {
    const PATH: &'static str = "pick";
    const PLAYS: bool = true;
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tables().pick(call, actor, &self.control, &self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use super::*;
    use crate::Command;

    #[test]
    fn a_move_needs_its_action_and_nothing_else() {
        assert_eq!(
            read("move action:a1-b2"),
            Ok(Command::Move(Move {
                action: "a1-b2".into()
            }))
        );
        assert!(read("move").is_err());
        assert!(read("move action:a1 extra:1").is_err());
        assert!(Command::Move(Move { action: "x".into() }).plays());
        assert!(!Command::Tables(Tables).plays());
    }
}
