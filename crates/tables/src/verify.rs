//! Looking back at a table: what the seed gives for each entry the table played by itself
//! (which `/verify` recomputes, docs/CONTRACT.md P-6.4), `/replay`'s animation, and the
//! table a command about a past game means. `/verify` and `/rules` are units of
//! [`crate::commands::defs`].

use super::fairness::rng_for;
use super::log::{LogEntry, Progress};
use super::{Actor, App, Outcome, Refusal, Reply};
use crate::games::Step;
use crate::ledger::tables::{LoggedAction, TableRow};
use crate::ledger::DROID;
use crate::t;

/// A table's records: the table a command about a past game means, what the seed gives
/// for each entry `/verify` recomputes, and `/replay` as a picture or a text. A feature
/// of the application, reached through [`App::records`].
pub(crate) struct Records<'a> {
    pub(crate) app: &'a App,
}

impl App {
    pub(crate) fn records(&self) -> Records<'_> {
        Records { app: self }
    }
}

impl Records<'_> {
    pub(super) fn table_for(&self, actor: &Actor, table: Option<i64>) -> Result<TableRow, Refusal> {
        let lang = actor.lang;
        let row = match table {
            Some(id) => self.app.ledger.table(id)?,
            None => self
                .app
                .ledger
                .last_table(&actor.guild, &actor.channel)?
                .ok_or_else(|| Refusal::Said(t!(lang, "verify-no-table")))?,
        };
        // Issue 52: a table is named only in its own channel or thread, or to the members
        // who sat at it (privately, see [`Records::shown_to`]): a game in a private channel
        // does not exist anywhere else, whatever its id.
        let here = row.channel == actor.channel;
        let seated = row.seats.contains(&actor.user);
        // Outside every server, a member's own tables are theirs to replay.
        let own = actor.guild == crate::NO_SERVER && seated;
        if !own && (row.guild != actor.guild || !(here || seated)) {
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
    pub(crate) fn recomputed(
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

    /// `/replay`: an animated GIF of a table's game (a series replays its latest game).
    pub(crate) fn gif(&self, actor: &Actor, table: Option<i64>) -> Outcome {
        let lang = actor.lang;
        let row = self.table_for(actor, table)?;
        let entry = self.app.entry(&row)?;
        let progress = Progress::replay(lang, &row, entry, &self.app.ledger.actions(row.id)?)?;
        let gif = entry.board.replay(
            lang,
            &progress.options,
            &progress.start,
            &progress.actions,
            &self.app.dress(
                &row,
                crate::render::Scene {
                    names: self.app.tables().seat_names(&row),
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
}
