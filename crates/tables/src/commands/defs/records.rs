//! What a table leaves: `/rules`, `/replay`, `/verify`.

use super::super::spec::{arg, command, need_arg, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::t;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// `/rules game`: a game's rules, with a picture of its board.
#[derive(Debug, Clone, PartialEq)]
pub struct Rules {
    pub game: String,
}

impl Verb for Rules {
    const PATH: &'static str = "rules";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.rules(actor.lang, &self.game)
    }
}

impl Slash for Rules {
    const SPEC: CommandSpec = command("rules", &[need_arg("game", ArgKind::Game)]).anywhere();
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Rules {
            game: need(lang, o, "game", "rules")?,
        })
    }
}

/// `/replay [table] [format]`: a table's game as an animation, or its record as text.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    pub table: Option<i64>,
    /// The table's record as text in the game's notation, instead of the animation.
    pub text: bool,
}

impl Verb for Replay {
    const PATH: &'static str = "replay";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        if self.text {
            app.record_file(actor, self.table)
        } else {
            app.replay(actor, self.table)
        }
    }
}

impl Slash for Replay {
    const SPEC: CommandSpec = command(
        "replay",
        &[
            arg("table", ArgKind::Number),
            arg("format", ArgKind::ReplayFormat),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Replay {
            table: number(lang, take(o, "table"), "table")?,
            text: match take(o, "format").as_deref() {
                None | Some("gif") => false,
                Some("text") => true,
                Some(other) => return Err(t!(lang, "replay-format-unknown", format = other)),
            },
        })
    }
}

/// `/verify [table]`: a finished table's seed, commitment and every action checked again.
#[derive(Debug, Clone, PartialEq)]
pub struct Verify {
    pub table: Option<i64>,
}

impl Verb for Verify {
    const PATH: &'static str = "verify";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.verify(actor, self.table)
    }
}

impl Slash for Verify {
    const SPEC: CommandSpec = command("verify", &[arg("table", ArgKind::Number)]);
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Verify {
            table: number(lang, take(o, "table"), "table")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use super::*;
    use crate::Command;

    #[test]
    fn a_replay_is_an_animation_unless_text_is_asked_for() {
        let replay = |table, text| Ok(Command::Replay(Replay { table, text }));
        assert_eq!(read("replay"), replay(None, false));
        assert_eq!(read("replay table:7 format:text"), replay(Some(7), true));
        assert_eq!(read("replay format:gif"), replay(None, false));
        assert!(read("replay format:mp4").is_err());
        assert!(read("replay table:seven").is_err());
    }
}
