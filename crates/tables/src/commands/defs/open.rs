//! Opening a table: `/play`.

use std::collections::BTreeMap;

use super::super::spec::{arg, need_arg, ranged, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::cooldown::Rate;
use crate::t;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

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

impl Verb for PlayArgs {
    const PATH: &'static str = "play";
    const RATE: Option<Rate> = Some(Rate::new("play", 5, 12, false));
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.tables().play(call, actor, self)
    }
}

impl Slash for PlayArgs {
    const SPEC: CommandSpec = CommandSpec {
        name: "play",
        args: &[
            need_arg("game", ArgKind::Game),
            arg("opponent", ArgKind::User),
            arg("wager", ArgKind::Credits),
            arg("per_point", ArgKind::Credits),
            arg("to", ArgKind::Number),
            arg("first", ArgKind::First),
            ranged("level", 1, 5),
            ranged("seats", 2, 4),
            arg("options", ArgKind::Text),
        ],
        game_options: true,
        subcommands: &[],
        anywhere: false,
        admin: false,
        joined: false,
    };
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(PlayArgs {
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
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use crate::Command;

    #[test]
    fn a_game_s_own_options_go_with_the_table() {
        // Reading names no game: the catalogue checks the id when the table opens.
        match read("play game:anygame wager:50 cap:200 level:3") {
            Ok(Command::Play(args)) => {
                assert_eq!(args.game, "anygame");
                assert_eq!((args.wager, args.level), (Some(50), Some(3)));
                assert_eq!(args.options.get("cap").map(String::as_str), Some("200"));
            }
            other => panic!("{other:?}"),
        }
        assert!(read("play game:dejarik level:300").is_err());
        assert!(read("play").is_err());
    }
}
