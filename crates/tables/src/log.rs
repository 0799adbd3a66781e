//! A table's action log: what one entry means ([`LogEntry`]) and its one codec, read and
//! written in this one place.
//!
//! Stored as a seat (or none) and a text. An entry with a seat is that seat's action; an
//! entry without one is a chance event drawn from the table's seed, except the table's own
//! events, which start with `=`:
//! - `=next 3,0` (no seat): a game of a series ended with these points, the next one starts;
//! - `=leave resign` or `=leave timeout` (the seat that leaves): a player leaves a table of
//!   three or four and the game goes on without them;
//! - `=rest 1764806400` (no seat): the series rests until that time (Unix seconds) before
//!   anyone acts in the game just started (DJ-8's Wookiee pause).

use crate::call::Call;
use serde_json::Value;

use super::terms::game_options;
use super::{App, Refusal};
use crate::catalogue::Entry;
use crate::games::{Chosen, DynPlay, GameOptions, Status, Step};
use crate::ledger::tables::{LoggedAction, TableRow};
use crate::t;

const NEXT_GAME: &str = "=next ";
const LEAVE: &str = "=leave ";
const REST: &str = "=rest ";

/// One entry of a table's action log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LogEntry {
    /// A seat's action, in notation (canonical once stored).
    Action { seat: usize, action: String },
    /// A chance outcome drawn from the table's seed, in notation.
    Chance(String),
    /// A game of a series ended with these points; the next one starts.
    NextGame(Vec<u32>),
    /// A seat left a table of three or four, and the game goes on without it.
    Leave { seat: usize, why: Leaving },
    /// Nobody acts before this time (Unix seconds): the series rests.
    Rest(i64),
}

/// Why a seat left a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Leaving {
    Resign,
    Timeout,
}

impl Leaving {
    fn as_str(self) -> &'static str {
        match self {
            Leaving::Resign => "resign",
            Leaving::Timeout => "timeout",
        }
    }
}

impl LogEntry {
    /// Reads a stored entry. An entry this release cannot read (a table's own event of
    /// another spelling, a bad count) is refused rather than taken for an action.
    pub fn decode(lang: crate::words::Lang, logged: &LoggedAction) -> Result<LogEntry, Refusal> {
        let text = logged.action.as_str();
        let seat = match logged.seat {
            Some(seat) => Some(usize::try_from(seat).map_err(|_| unreadable(lang, logged))?),
            None => None,
        };
        if let (None, Some(until)) = (seat, text.strip_prefix(REST)) {
            let until = until.trim().parse().map_err(|_| unreadable(lang, logged))?;
            return Ok(LogEntry::Rest(until));
        }
        Ok(
            match (seat, text.strip_prefix(NEXT_GAME), text.strip_prefix(LEAVE)) {
                (None, Some(points), _) => LogEntry::NextGame(
                    points
                        .split(',')
                        .map(|p| p.trim().parse())
                        .collect::<Result<_, _>>()
                        .map_err(|_| unreadable(lang, logged))?,
                ),
                (Some(seat), _, Some(why)) => LogEntry::Leave {
                    seat,
                    why: match why.trim() {
                        "resign" => Leaving::Resign,
                        "timeout" => Leaving::Timeout,
                        _ => return Err(unreadable(lang, logged)),
                    },
                },
                _ if text.starts_with('=') => return Err(unreadable(lang, logged)),
                (Some(seat), _, _) => LogEntry::Action {
                    seat,
                    action: text.to_string(),
                },
                (None, _, _) => LogEntry::Chance(text.to_string()),
            },
        )
    }

    /// The entry as stored: its seat and its text.
    pub fn encode(&self) -> (Option<i64>, String) {
        match self {
            LogEntry::Action { seat, action } => (Some(*seat as i64), action.clone()),
            LogEntry::Chance(outcome) => (None, outcome.clone()),
            LogEntry::NextGame(points) => {
                let points: Vec<String> = points.iter().map(u32::to_string).collect();
                (None, format!("{NEXT_GAME}{}", points.join(",")))
            }
            LogEntry::Leave { seat, why } => {
                (Some(*seat as i64), format!("{LEAVE}{}", why.as_str()))
            }
            LogEntry::Rest(until) => (None, format!("{REST}{until}")),
        }
    }

    /// The acting seat of a game action, or `None` for chance; `None` too for the table's
    /// own events, which are not game actions.
    pub fn game_action(&self) -> Option<(Option<usize>, &str)> {
        match self {
            LogEntry::Action { seat, action } => Some((Some(*seat), action)),
            LogEntry::Chance(outcome) => Some((None, outcome)),
            LogEntry::NextGame(_) | LogEntry::Leave { .. } | LogEntry::Rest(_) => None,
        }
    }

    /// The entry of a game action by `seat`, or of chance when there is no seat.
    pub fn of(seat: Option<usize>, action: &str) -> LogEntry {
        match seat {
            Some(seat) => LogEntry::Action {
                seat,
                action: action.to_string(),
            },
            None => LogEntry::Chance(action.to_string()),
        }
    }

    /// This entry with its action's text replaced (by its canonical notation).
    fn with_action(self, canonical: String) -> LogEntry {
        match self {
            LogEntry::Action { seat, .. } => LogEntry::Action {
                seat,
                action: canonical,
            },
            LogEntry::Chance(_) => LogEntry::Chance(canonical),
            other => other,
        }
    }
}

fn unreadable(lang: crate::words::Lang, logged: &LoggedAction) -> Refusal {
    Refusal::Said(t!(
        lang,
        "log-unreadable",
        seq = logged.seq,
        entry = logged.action.as_str()
    ))
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
    /// The position the game in play started from, and its steps since.
    pub start: String,
    pub actions: Vec<Step>,
    /// Until when the series rests (Unix seconds), from a rest entry to the next action.
    pub resting_until: Option<i64>,
    /// The seat whose game action is the log's last entry (none: chance spoke last, or a
    /// table's own entry, or nothing yet): who may ask to take it back.
    pub last_seat: Option<usize>,
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
            resting_until: None,
            last_seat: None,
        })
    }

    /// A table rebuilt from its whole log.
    pub fn replay(
        lang: crate::words::Lang,
        row: &TableRow,
        entry: &Entry,
        log: &[LoggedAction],
    ) -> Result<Progress, Refusal> {
        let mut progress = Progress::begin(row, entry)?;
        for logged in log {
            progress.apply(lang, row, entry, logged)?;
        }
        Ok(progress)
    }

    /// Plays one stored log entry.
    pub fn apply(
        &mut self,
        lang: crate::words::Lang,
        row: &TableRow,
        entry: &Entry,
        logged: &LoggedAction,
    ) -> Result<(), Refusal> {
        self.play_entry(row, entry, LogEntry::decode(lang, logged)?)
            .map(|_| ())
    }

    /// Plays a game action read once at this position; `entry` is its line in the log.
    pub fn play_chosen(&mut self, chosen: &Chosen, entry: LogEntry) -> Result<LogEntry, Refusal> {
        self.play.play(chosen)?;
        self.actions.push(Step::Action(chosen.text().to_string()));
        self.resting_until = None;
        self.last_seat = match &entry {
            LogEntry::Action { seat, .. } => Some(*seat),
            _ => None,
        };
        Ok(entry)
    }

    /// Plays one log entry; returns it with a game action in canonical notation.
    pub fn play_entry(
        &mut self,
        row: &TableRow,
        entry: &Entry,
        log_entry: LogEntry,
    ) -> Result<LogEntry, Refusal> {
        match &log_entry {
            LogEntry::Action { action, .. } | LogEntry::Chance(action) => {
                let canonical = self.play.apply(action)?;
                self.actions.push(Step::Action(canonical.clone()));
                self.resting_until = None;
                self.last_seat = match &log_entry {
                    LogEntry::Action { seat, .. } => Some(*seat),
                    _ => None,
                };
                return Ok(log_entry.with_action(canonical));
            }
            LogEntry::NextGame(points) => self.next_game(row, entry, points)?,
            LogEntry::Leave { seat, .. } => self.leave(*seat)?,
            LogEntry::Rest(until) => self.resting_until = Some(*until),
        }
        self.last_seat = None;
        Ok(log_entry)
    }

    /// A seat leaves; the game goes on without it or ends.
    pub fn leave(&mut self, seat: usize) -> Result<(), Refusal> {
        self.play.forfeit(seat)?;
        self.gone.push(seat);
        self.actions.push(Step::Leave(seat));
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
    pub(crate) fn progress(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
    ) -> Result<Progress, Refusal> {
        {
            let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((turn, progress)) = live.get(&row.id) {
                if *turn == row.turn {
                    return Ok(progress.clone());
                }
            }
        }
        // Rebuilt without holding the cache: other tables go on meanwhile.
        let progress =
            Progress::replay(lang, row, self.entry(row)?, &self.ledger.actions(row.id)?)?;
        self.remember(row.id, row.turn, &progress);
        Ok(progress)
    }

    /// Keeps a table's progress for its next command (the log has it already).
    pub(crate) fn remember(&self, table: i64, turn: i64, progress: &Progress) {
        super::caches::keep(
            &mut self.live.lock().unwrap_or_else(|e| e.into_inner()),
            super::caches::LIVE,
            table,
            (turn, progress.clone()),
        );
    }

    /// Forgets an ended table: its game and its clock warnings.
    pub(crate) fn forget(&self, call: &Call, table: i64) {
        self.live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&table);
        self.warned
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|(t, _)| *t != table);
        call.changed(table);
    }
}
