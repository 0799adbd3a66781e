//! What a spectator sees of a table: the live page's content in words, and the board at any
//! step of the game in play. Spectators reach a table by its watch token only
//! ([`crate::ledger::watch`]), and see display names, moves and amounts, nothing else.

use bytes::Bytes;

use super::log::Progress;
use super::table_view::{Lines, TableView};
use super::view::{is_series, Last};
use super::{App, Refusal};
use crate::games::{DynPlay, Phrase, Status, Step};
use crate::ledger::tables::{TableRow, TableStatus};
use crate::render::{LastMove, Scene, SeriesScore};
use crate::words::Text;
use crate::{t, words};

impl App {
    /// A table as stored, for a live page that follows it; `None` when it cannot be read.
    pub fn table_row(&self, table: i64) -> Option<TableRow> {
        self.ledger.table(table).ok()
    }

    /// Whether the database answers (the health check), or why not.
    pub fn database_answers(&self) -> Result<(), String> {
        self.ledger.ping().map_err(|e| e.to_string())
    }

    /// How many tables are open or playing (the metrics' gauge).
    pub fn active_tables(&self) -> Option<i64> {
        self.ledger.active_table_count().ok()
    }

    /// The table whose live page `token` opens, if any.
    pub fn watched(&self, token: &str) -> Result<Option<TableRow>, Refusal> {
        Ok(self.ledger.table_by_watch_token(token)?)
    }

    /// The token of a table's live page (made the first time it is asked for).
    pub fn watch_token(&self, table: i64) -> Result<String, Refusal> {
        Ok(self.ledger.watch_token(table)?)
    }

    /// A table as its live page shows it, in `lang`, with its game's `lines`.
    pub fn spectate(
        &self,
        row: &TableRow,
        lang: words::Lang,
        lines: Lines,
    ) -> Result<TableView, Refusal> {
        self.spectate_in_words(lang, row, lines, false)
            .map(|(view, _)| view)
    }

    /// A table as its live page shows it, and its board as it is now (the very image the
    /// channel shows), from one reading of the game: what a live update needs.
    pub fn spectate_with_board(
        &self,
        row: &TableRow,
        lang: words::Lang,
        lines: Lines,
    ) -> Result<(TableView, Option<Bytes>), Refusal> {
        self.spectate_in_words(lang, row, lines, true)
    }

    fn spectate_in_words(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        lines: Lines,
        with_board: bool,
    ) -> Result<(TableView, Option<Bytes>), Refusal> {
        // The seats' colours as the board draws them: a set a player wears included.
        let dressed = self.dress(
            row,
            Scene {
                names: self.tables().seat_names(row),
                ..Scene::default()
            },
        );
        let mut view = self.view_front(lang, row, &dressed, true)?;
        match row.status {
            TableStatus::Open => {
                view.state = Text::from(t!(
                    lang,
                    "watch-waiting",
                    seated = row.seats.len(),
                    seats = row.terms.seats
                ));
                return Ok((view, None));
            }
            TableStatus::Cancelled if row.turn == 0 => {
                view.state = Text::from(t!(lang, "watch-cancelled"));
                return Ok((view, None));
            }
            _ => {}
        }
        let progress = self.progress(lang, row)?;
        let walk = self.walk(row, &progress, progress.actions.len(), lines != Lines::None)?;
        let board = if with_board {
            let scene = self
                .tables()
                .scene(lang, row, &progress, walk.last.clone())?;
            Some(self.current_board(lang, row, &progress, &scene, super::drawn::Waiting::Yes)?)
        } else {
            None
        };
        self.view_play(lang, &mut view, row, &progress);
        view.last = walk.last.clone();
        self.view_lines(lang, &mut view, row, &walk, lines);
        Ok((view, board))
    }

    /// The game's steps in words: the last `lines` of them.
    fn view_lines(
        &self,
        lang: crate::words::Lang,
        view: &mut TableView,
        row: &TableRow,
        walk: &Walk,
        lines: Lines,
    ) {
        view.moves_total = walk.said.len();
        let from = match lines {
            Lines::All => 0,
            Lines::Last(n) => walk.said.len().saturating_sub(n),
            Lines::None => walk.said.len(),
        };
        view.moves = walk.said[from..]
            .iter()
            .map(|said| Text::from(self.tell(lang, row, said)))
            .collect();
    }

    /// The board of the game in play (number `game_no` of the table) after `step` of its
    /// steps (0: its start), as the channel would have shown it then, in `lang`; `None`
    /// past the last step, or when the table has moved on to another game.
    pub fn spectate_board(
        &self,
        row: &TableRow,
        game_no: u32,
        step: usize,
        lang: words::Lang,
    ) -> Result<Option<Bytes>, Refusal> {
        {
            if row.status == TableStatus::Open
                || (row.status == TableStatus::Cancelled && row.turn == 0)
            {
                return Ok(None);
            }
            let progress = self.progress(lang, row)?;
            if step > progress.actions.len() || progress.game_no != game_no {
                return Ok(None);
            }
            let walk = self.walk(row, &progress, step, false)?;
            if step == progress.actions.len() {
                // The position now: the very board the channel got, drawn once for both.
                let scene = self.tables().scene(lang, row, &progress, walk.last)?;
                return self
                    .current_board(lang, row, &progress, &scene, super::drawn::Waiting::Yes)
                    .map(Some);
            }
            let entry = self.entry(row)?;
            let scene = self.dress(
                row,
                Scene {
                    names: self.tables().seat_names(row),
                    last_move: walk.last,
                    series: is_series(row).then(|| SeriesScore {
                        points: progress.totals.clone(),
                        target: row.target.max(0) as u32,
                    }),
                    ..Scene::default()
                },
            );
            Ok(Some(Bytes::from(entry.board.png_of(
                lang,
                walk.play.as_ref(),
                &scene,
            )?)))
        }
    }

    /// Plays the game in play from its start through its first `upto` steps, and notes what
    /// each step (every step, not only the first `upto`) says when `tell` is set: notes, not
    /// words yet, since a view usually tells only its newest lines.
    fn walk(
        &self,
        row: &TableRow,
        progress: &Progress,
        upto: usize,
        tell: bool,
    ) -> Result<Walk, Refusal> {
        let entry = self.entry(row)?;
        let mut play = entry.rules(&progress.options)?.resume(&[&progress.start])?;
        let mut at_upto = None;
        let mut last: Last = None;
        let mut said = Vec::with_capacity(if tell { progress.actions.len() } else { 0 });
        for (i, step) in progress.actions.iter().enumerate() {
            if i == upto {
                at_upto = Some((play.clone_box(), last.clone()));
                if !tell {
                    break;
                }
            }
            match step {
                Step::Leave(seat) => {
                    play.forfeit(*seat)?;
                    said.push(Said::Left(*seat));
                    last = None;
                }
                Step::Action(action) => {
                    let seat = match play.status() {
                        Status::ToMove(seat) => Some(seat),
                        _ => None,
                    };
                    let before = seat.map(|_| play.position());
                    let phrase = tell.then(|| play.describe(action)).flatten();
                    let canonical = play.apply(action)?;
                    // A phrase without words is said by what follows (the dice of a roll).
                    if tell && !phrase.as_ref().is_some_and(|p| p.id.is_empty()) {
                        said.push(Said::Acted {
                            seat,
                            action: canonical.clone(),
                            phrase,
                        });
                    }
                    if let Some(before) = before {
                        last = Some(LastMove::from(before, canonical));
                    }
                }
            }
        }
        let (play, last) = at_upto.unwrap_or((play, last));
        Ok(Walk { play, last, said })
    }

    /// One step in words.
    fn tell(&self, lang: crate::words::Lang, row: &TableRow, said: &Said) -> String {
        match said {
            Said::Left(seat) => t!(
                lang,
                "watch-left",
                who = self.name(&row.guild, &row.seats[*seat])
            ),
            Said::Acted {
                seat,
                action,
                phrase,
            } => self
                .tables()
                .narrate(lang, row, *seat, action, phrase.clone(), false)
                .unwrap_or_default(),
        }
    }
}

/// What a step of the game says, to be told in words when shown.
enum Said {
    Left(usize),
    Acted {
        seat: Option<usize>,
        action: String,
        phrase: Option<Phrase>,
    },
}

/// A game played through to a step: the game there, the move to highlight, and what every
/// step of the game says.
struct Walk {
    play: Box<dyn DynPlay>,
    last: Last,
    said: Vec<Said>,
}
