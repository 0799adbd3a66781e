//! Looking back at a table: `/verify` recomputes every chance event and droid choice from
//! the revealed seed (docs/CONTRACT.md P-6.4), `/replay` animates its game, `/rules` explains one.

use super::fairness::rng_for;
use super::log::{LogEntry, Progress};
use super::{Actor, App, Outcome, Refusal, Reply};
use crate::games::{GameOptions, Step};
use crate::ledger::tables::{LoggedAction, TableRow};
use crate::ledger::DROID;
use crate::render::Scene;
use crate::t;

impl App {
    pub(super) fn table_for(&self, actor: &Actor, table: Option<i64>) -> Result<TableRow, Refusal> {
        let lang = actor.lang;
        let row = match table {
            Some(id) => self.ledger.table(id)?,
            None => self
                .ledger
                .last_table(&actor.guild, &actor.channel)?
                .ok_or_else(|| Refusal::Said(t!(lang, "verify-no-table")))?,
        };
        // Issue 52: a table is named only in its own channel or thread, or to the members
        // who sat at it (privately, see [`App::shown_to`]): a game in a private channel
        // does not exist anywhere else, whatever its id.
        let here = row.channel == actor.channel;
        let seated = row.seats.contains(&actor.user);
        if row.guild != actor.guild || !(here || seated) {
            return Err(Refusal::Said(t!(
                lang,
                "verify-unknown-table",
                table = row.id
            )));
        }
        Ok(row)
    }

    /// `replies` about `row` as the actor may see them: in the table's own channel as they
    /// are, elsewhere (its players asking) only to the one who asked.
    pub(super) fn shown_to(actor: &Actor, row: &TableRow, mut replies: Vec<Reply>) -> Vec<Reply> {
        if row.channel != actor.channel {
            for reply in &mut replies {
                reply.ephemeral = true;
            }
        }
        replies
    }

    /// What the seed gives for a logged entry the table played by itself (a chance event,
    /// a droid's choice), or `None` for a player's own entry.
    fn recomputed(
        lang: crate::words::Lang,
        row: &TableRow,
        seed: &str,
        progress: &Progress,
        logged: &LoggedAction,
    ) -> Option<Option<String>> {
        // The table's own entries (a next game, a seat leaving) draw nothing.
        LogEntry::decode(lang, logged).ok()?.game_action()?;
        let play = progress.play.as_ref();
        match logged.seat {
            None => Some(play.sample_chance(&mut rng_for(seed, "chance", logged.seq))),
            Some(seat) if row.seats.get(seat as usize).map(String::as_str) == Some(DROID) => {
                let mut rng = rng_for(seed, "droid", logged.seq);
                Some(
                    crate::droid::choose_action(play, row.terms.level, row.terms.mind, &mut rng)
                        .ok(),
                )
            }
            Some(_) => None,
        }
    }

    /// `/verify`: recomputes every chance event and droid choice of an ended table from its
    /// revealed seed, and checks the seed against the commitment shown at the start.
    pub(crate) fn verify(&self, actor: &Actor, table: Option<i64>) -> Outcome {
        let lang = actor.lang;
        let row = self.table_for(actor, table)?;
        let Some(seed) = row.seed.clone() else {
            return Err(Refusal::Said(t!(
                lang,
                "verify-playing",
                table = row.id,
                commitment = &row.seed_commitment
            )));
        };
        let commitment_ok = crate::ledger::accounts::commitment(&seed) == row.seed_commitment;
        let entry = self.entry(&row)?;
        let mut progress = Progress::begin(&row, entry)?;
        let (mut chance, mut droid) = (0, 0);
        let mut problems = Vec::new();
        for logged in self.ledger.actions(row.id)? {
            if let Some(expected) = Self::recomputed(lang, &row, &seed, &progress, &logged) {
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
        Ok(Self::shown_to(actor, &row, vec![Reply::public(text)]))
    }

    /// `/replay`: an animated GIF of a table's game (a series replays its latest game).
    pub(crate) fn replay(&self, actor: &Actor, table: Option<i64>) -> Outcome {
        let lang = actor.lang;
        let row = self.table_for(actor, table)?;
        let entry = self.entry(&row)?;
        let progress = Progress::replay(lang, &row, entry, &self.ledger.actions(row.id)?)?;
        let gif = entry.board.replay(
            lang,
            &progress.options,
            &progress.start,
            &progress.actions,
            &self.dress(
                &row,
                crate::render::Scene {
                    names: self.seat_names(&row),
                    ..Default::default()
                },
            ),
        )?;
        let mut text = t!(
            lang,
            "replay-of",
            table = row.id,
            moves = progress
                .actions
                .iter()
                .filter(|step| matches!(step, Step::Action(_)))
                .count()
        );
        if super::view::is_series(&row) && progress.game_no > 1 {
            // The log replays the series' games one after the other; the picture is the
            // last one's.
            text.push(' ');
            text.push_str(&t!(lang, "replay-series-game", game = progress.game_no));
        }
        let stride = progress
            .actions
            .len()
            .div_ceil(crate::render::REPLAY_FRAMES);
        if stride > 1 {
            // A long game's replay shows every k-th action (see `REPLAY_FRAMES`).
            text.push(' ');
            text.push_str(&t!(lang, "replay-stride", every = stride));
        }
        let reply = Reply::public(text).with_image(format!("table-{}-replay.gif", row.id), gif);
        Ok(Self::shown_to(actor, &row, vec![reply]))
    }

    /// `/rules`: a summary with a picture of the game.
    pub(crate) fn rules(&self, lang: crate::words::Lang, game: &str) -> Outcome {
        let Some(entry) = self.catalogue.find(game) else {
            return Err(Refusal::Said(t!(
                lang,
                "play-unknown-game",
                game = game,
                games = self.catalogue.ids().join(", ")
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
