//! What a table leaves: `/rules` (a game's rules with a picture of its board), `/replay`,
//! and `/verify`, which recomputes every chance event and droid choice of an ended table
//! from its revealed seed (docs/CONTRACT.md P-6.4).

use super::super::spec::{arg, command, need_arg, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::games::GameOptions;
use crate::log::Progress;
use crate::refusal::Refusal;
use crate::render::Scene;
use crate::replies::Reply;
use crate::t;
use crate::verify::Records;
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
        let (lang, game) = (actor.lang, self.game.as_str());
        let Some(entry) = app.catalogue.find(game) else {
            return Err(Refusal::Said(t!(
                lang,
                "play-unknown-game",
                game = game,
                games = app.catalogue.ids().join(", ")
            )));
        };
        let options = GameOptions::new();
        let position = entry.rules(&options)?.showcase()?;
        let png = entry
            .board
            .png(lang, &options, &position, &Scene::default())?;
        Ok(vec![Reply::public(crate::words::game_summary(
            lang,
            &entry.info,
        ))
        .with_image(format!("{}-rules.png", entry.info.id), png)])
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
            app.records().text_file(actor, self.table)
        } else {
            app.records().gif(actor, self.table)
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
    )
    .anywhere();
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
        let table = self.table;
        let lang = actor.lang;
        let row = app.records().table_for(actor, table)?;
        let Some(seed) = row.seed.clone() else {
            return Err(Refusal::Said(t!(
                lang,
                "verify-playing",
                table = row.id,
                commitment = &row.seed_commitment
            )));
        };
        let commitment_ok = crate::ledger::accounts::commitment(&seed) == row.seed_commitment;
        let entry = app.entry(&row)?;
        let mut progress = Progress::begin(&row, entry)?;
        let (mut chance, mut droid) = (0, 0);
        let mut problems = Vec::new();
        for logged in app.ledger.actions(row.id)? {
            if let Some(expected) = Records::recomputed(lang, &row, &seed, &progress, &logged) {
                match logged.seat {
                    None => chance += 1,
                    Some(_) => droid += 1,
                }
                if expected.as_deref() != Some(logged.action.as_str()) {
                    problems.push(format!(
                        "action {}: logged {}, the seed gives {:?}",
                        logged.seq, logged.action, expected
                    ));
                }
            }
            if let Err(e) = progress.apply(lang, &row, entry, &logged) {
                let e = e.told(lang);
                problems.push(format!("action {}: {e}", logged.seq));
                break;
            }
        }
        let text = if commitment_ok && problems.is_empty() {
            t!(
                lang,
                "verify-ok",
                table = row.id,
                seed = &seed,
                commitment = &row.seed_commitment,
                chance = chance,
                droid = droid
            )
        } else {
            t!(
                lang,
                "verify-failed",
                table = row.id,
                matches = if commitment_ok { "yes" } else { "no" },
                problems = problems.join("; ")
            )
        };
        Ok(Records::shown_to(actor, &row, vec![Reply::public(text)]))
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
