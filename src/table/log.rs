//! A table's action log and its conventions, read in this one place.
//!
//! An entry with a seat is that seat's action; an entry without one is a chance event drawn
//! from the table's seed, except the table's own events, which start with `=`:
//! - `=next 3,0` (no seat): a game of a series ended with these points, the next one starts;
//! - `=leave resign` or `=leave timeout` (the seat that leaves): a player leaves a table of
//!   three or four and the game goes on without them.

use serde_json::Value;

use super::terms::game_options;
use super::{App, Refusal};
use crate::catalogue::Entry;
use crate::games::{DynPlay, GameOptions, Status};
use crate::ledger::tables::{LoggedAction, TableRow};

const NEXT_GAME: &str = "=next ";
const LEAVE: &str = "=leave ";

/// What one log entry means.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Event<'a> {
    /// A seat's action, or a chance outcome, in notation.
    Action(&'a str),
    /// A game of a series ended with these points.
    NextGame(Vec<u32>),
    /// A seat left the table (`why`: resign, timeout).
    Leave { seat: usize, why: &'a str },
}

pub(crate) fn read(entry: &LoggedAction) -> Event<'_> {
    let text = entry.action.as_str();
    match (
        entry.seat,
        text.strip_prefix(NEXT_GAME),
        text.strip_prefix(LEAVE),
    ) {
        (None, Some(points), _) => Event::NextGame(
            points
                .split(',')
                .map(|p| p.trim().parse().unwrap_or(0))
                .collect(),
        ),
        (Some(seat), _, Some(why)) => Event::Leave {
            seat: seat as usize,
            why: why.trim(),
        },
        _ => Event::Action(text),
    }
}

/// The entry text that closes a game of a series with its points.
pub(crate) fn next_game(points: &[u32]) -> String {
    let points: Vec<String> = points.iter().map(u32::to_string).collect();
    format!("{NEXT_GAME}{}", points.join(","))
}

/// The entry text of a seat leaving (`why`: resign, timeout).
pub(crate) fn leave(why: &str) -> String {
    format!("{LEAVE}{why}")
}

/// A table as its log leaves it: the game in play and the series around it.
#[derive(Clone)]
pub(crate) struct Progress {
    pub play: Box<dyn DynPlay>,
    /// The number of the game in play, from 1.
    pub game_no: u32,
    /// Every seat's points from the games already finished.
    pub totals: Vec<u32>,
    /// Seats that left the table, in the order they left.
    pub gone: Vec<usize>,
    /// The game's options for the game in play (the first player alternates in a series).
    pub options: GameOptions,
    /// The position the game in play started from, and its actions since.
    pub start: String,
    pub actions: Vec<String>,
}

impl Progress {
    /// A table's first game, from its stored start position.
    pub fn begin(row: &TableRow, entry: &Entry) -> Result<Progress, Refusal> {
        let options = game_options(row);
        let play = entry.rules(&options)?.resume(&[&row.start_position])?;
        Ok(Progress {
            start: play.position(),
            play,
            game_no: 1,
            totals: vec![0; row.seats.len()],
            gone: Vec::new(),
            options,
            actions: Vec::new(),
        })
    }

    /// A table rebuilt from its whole log.
    pub fn replay(
        row: &TableRow,
        entry: &Entry,
        log: &[LoggedAction],
    ) -> Result<Progress, Refusal> {
        let mut progress = Progress::begin(row, entry)?;
        for logged in log {
            progress.apply(row, entry, logged)?;
        }
        Ok(progress)
    }

    /// Plays one log entry.
    pub fn apply(
        &mut self,
        row: &TableRow,
        entry: &Entry,
        logged: &LoggedAction,
    ) -> Result<(), Refusal> {
        match read(logged) {
            Event::Action(action) => {
                let canonical = self.play.apply(action)?;
                self.actions.push(canonical);
            }
            Event::NextGame(points) => self.next_game(row, entry, &points)?,
            Event::Leave { seat, .. } => self.leave(seat)?,
        }
        Ok(())
    }

    /// A seat leaves; the game goes on without it or ends.
    pub fn leave(&mut self, seat: usize) -> Result<(), Refusal> {
        self.play.forfeit(seat)?;
        self.gone.push(seat);
        self.actions.push(crate::render::leave_mark(seat));
        Ok(())
    }

    /// Counts a finished game's points and starts the next game of the series: the first
    /// player moves one seat on (DJ-2), and seats that left stay out.
    pub fn next_game(
        &mut self,
        row: &TableRow,
        entry: &Entry,
        points: &[u32],
    ) -> Result<(), Refusal> {
        for (total, p) in self.totals.iter_mut().zip(points) {
            *total += p;
        }
        self.game_no += 1;
        let seats = row.seats.len();
        let mut options = game_options(row);
        options.insert(
            "first".into(),
            Value::from((self.game_no as usize - 1) % seats),
        );
        if let (Some(key), Some(value)) = (entry.info.legacy, self.play.legacy()) {
            // The next game of the series starts from what this one left.
            options.insert(key.into(), value.into());
        }
        let mut play = entry.rules(&options)?.start(seats)?;
        for &seat in &self.gone {
            if !matches!(play.status(), Status::Over(_)) {
                play.forfeit(seat)?;
            }
        }
        self.start = play.position();
        self.play = play;
        self.options = options;
        self.actions.clear();
        Ok(())
    }

    /// The seats still playing.
    pub fn remaining(&self) -> Vec<usize> {
        (0..self.totals.len())
            .filter(|s| !self.gone.contains(s))
            .collect()
    }
}

impl App {
    /// A table's progress, from the cache or rebuilt from its action log.
    pub(crate) fn progress(&self, row: &TableRow) -> Result<Progress, Refusal> {
        {
            let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((turn, progress)) = live.get(&row.id) {
                if *turn == row.turn {
                    return Ok(progress.clone());
                }
            }
        }
        // Rebuilt without holding the cache: other tables go on meanwhile.
        let progress = Progress::replay(row, self.entry(row)?, &self.ledger.actions(row.id)?)?;
        self.remember(row.id, row.turn, &progress);
        Ok(progress)
    }

    /// Keeps a table's progress for its next command (the log has it already).
    pub(crate) fn remember(&self, table: i64, turn: i64, progress: &Progress) {
        self.live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(table, (turn, progress.clone()));
    }

    /// Forgets an ended table.
    pub(crate) fn forget(&self, table: i64) {
        self.live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&table);
    }
}
