//! What a spectator sees of a table: the live page's content in words, and the board at any
//! step of the game in play. Spectators reach a table by its watch token only
//! ([`crate::ledger::watch`]), and see display names, moves and amounts, nothing else.

use bytes::Bytes;

use super::log::Progress;
use super::view::{is_series, Last};
use super::{App, Refusal};
use crate::games::{DynPlay, Phrase, Status, Step};
use crate::ledger::tables::{TableRow, TableStatus};
use crate::ledger::DROID;
use crate::render::{LastMove, Scene, SeriesScore};
use crate::words::Text;
use crate::{t, words};

/// A table as its live page shows it, in `lang`.
#[derive(Debug, Clone, PartialEq)]
pub struct Spectated {
    pub table: i64,
    /// The game's name.
    pub game: String,
    pub status: TableStatus,
    /// The stored turn number: it changes with every action, so a page knows it is behind.
    pub turn: i64,
    /// The number of the game in play (a series plays several).
    pub game_no: u32,
    pub seats: Vec<SeatView>,
    /// Whose turn it is, or how the table waits, in words.
    pub state: Text,
    /// What is at stake, in words (`None`: a friendly game).
    pub stakes: Option<Text>,
    /// The game in play's steps in words, one line each, oldest first: all of them, or the
    /// newest few (see [`Lines`]).
    pub moves: Vec<Text>,
    /// How many lines the whole game in play has (`moves` are its last ones).
    pub moves_total: usize,
    /// How many steps the game in play has (its boards are numbered 0 ..= steps).
    pub steps: usize,
    /// Whether the table has a board to show (it started).
    pub board: bool,
    /// The result once the table has ended.
    pub result: Option<Text>,
    /// When the player to act must have acted (Unix seconds), while the table plays.
    pub deadline: Option<i64>,
    /// The table's fairness record: the seed's commitment, and the seed once revealed.
    pub commitment: String,
    pub seed: Option<String>,
    /// What the side bets on the table hold, in all (see [`SeatView::backed`]).
    pub pool: i64,
    /// When the view was read (Unix seconds, the application's clock): the moment its
    /// moments are told from.
    pub now: i64,
}

/// Which of the game's lines a view tells: every one (a page), or the newest few (an update
/// of a page that has the others). Telling a step in words is most of a view's work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    All,
    Last(usize),
}

/// One seat of a watched table.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatView {
    /// The member's name as written.
    pub name: String,
    /// Points won in the series so far.
    pub points: u32,
    /// Whether the game waits for this seat.
    pub to_act: bool,
    /// Whether this seat left the table.
    pub gone: bool,
    pub droid: bool,
    /// The seat's side on the board: its name and its pieces' colours (`#rrggbb`).
    pub side: String,
    pub face: String,
    pub edge: String,
    /// The side bets on this seat, in credits.
    pub backed: i64,
}

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
    ) -> Result<Spectated, Refusal> {
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
    ) -> Result<(Spectated, Option<Bytes>), Refusal> {
        self.spectate_in_words(lang, row, lines, true)
    }

    fn spectate_in_words(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        lines: Lines,
        with_board: bool,
    ) -> Result<(Spectated, Option<Bytes>), Refusal> {
        let mut view = self.front_of(lang, row)?;
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
        let walk = self.walk(row, &progress, progress.actions.len(), true)?;
        let board = if with_board {
            let scene = self.scene(lang, row, &progress, walk.last.clone())?;
            Some(self.current_board(lang, row, &progress, &scene, super::drawn::Waiting::Yes)?)
        } else {
            None
        };
        self.fill_play(lang, &mut view, row, &progress, &walk, lines);
        Ok((view, board))
    }

    /// What a table's page shows before its game: the game, the seats as the board dresses
    /// them, the stakes, fairness and the side bets.
    fn front_of(&self, lang: crate::words::Lang, row: &TableRow) -> Result<Spectated, Refusal> {
        let entry = self.entry(row)?;
        let sides = entry.board.sides();
        // The seats' colours as the board draws them: a set a player wears included.
        let dressed = self.dress(
            row,
            Scene {
                names: self.seat_names(row),
                ..Scene::default()
            },
        );
        let seat = |(seat, user): (usize, &String)| {
            let side = (!sides.is_empty()).then(|| dressed.side(seat, sides));
            SeatView {
                name: self.plain_name(&row.guild, user),
                points: 0,
                to_act: false,
                gone: false,
                droid: user == DROID,
                side: side.map(|s| s.name(lang)).unwrap_or_default(),
                face: side.map(|s| s.face.css()).unwrap_or_default(),
                edge: side.map(|s| s.edge.css()).unwrap_or_default(),
                backed: 0,
            }
        };
        let mut view = Spectated {
            table: row.id,
            game: words::game_name(lang, &entry.info),
            status: row.status,
            turn: row.turn,
            game_no: 1,
            seats: row.seats.iter().enumerate().map(seat).collect(),
            state: Text::default(),
            stakes: self.stakes_words(lang, row).map(Text::from),
            moves: Vec::new(),
            moves_total: 0,
            steps: 0,
            board: false,
            result: row.result.as_deref().map(Text::from),
            deadline: (row.status == TableStatus::Playing)
                .then_some(row.deadline)
                .flatten(),
            commitment: row.seed_commitment.clone(),
            seed: row.seed.clone(),
            pool: 0,
            now: self.now(),
        };
        for bet in self.ledger.side_bets(row.id)? {
            view.pool += bet.amount;
            if let Some(seat) = view.seats.get_mut(bet.seat) {
                seat.backed += bet.amount;
            }
        }
        Ok(view)
    }

    /// The game as it stands: its moves told (the last `lines` of them), the points, who has
    /// left, who is to act, and the line that says so.
    fn fill_play(
        &self,
        lang: crate::words::Lang,
        view: &mut Spectated,
        row: &TableRow,
        progress: &Progress,
        walk: &Walk,
        lines: Lines,
    ) {
        view.board = true;
        view.game_no = progress.game_no;
        view.moves_total = walk.said.len();
        let from = match lines {
            Lines::All => 0,
            Lines::Last(n) => walk.said.len().saturating_sub(n),
        };
        view.moves = walk.said[from..]
            .iter()
            .map(|said| Text::from(self.tell(lang, row, said)))
            .collect();
        view.steps = progress.actions.len();
        for (seat, points) in progress.totals.iter().enumerate() {
            view.seats[seat].points = *points;
        }
        for &seat in &progress.gone {
            view.seats[seat].gone = true;
        }
        if let Some(seat) = progress.play.waiting() {
            view.seats[seat].to_act = row.status == TableStatus::Playing;
        }
        view.state = Text::from(match row.status {
            TableStatus::Playing => self.turn_line(lang, row, progress),
            TableStatus::Finished => t!(lang, "watch-finished"),
            _ => t!(lang, "watch-cancelled"),
        });
    }

    /// The stakes of a table in words, or `None` for a friendly game.
    fn stakes_words(&self, lang: crate::words::Lang, row: &TableRow) -> Option<String> {
        match (row.stake, row.per_point) {
            (0, 0) => None,
            (stake, 0) => Some(t!(lang, "watch-stake", amount = stake)),
            (_, per_point) => Some(t!(lang, "watch-per-point", amount = per_point)),
        }
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
                let scene = self.scene(lang, row, &progress, walk.last)?;
                return self
                    .current_board(lang, row, &progress, &scene, super::drawn::Waiting::Yes)
                    .map(Some);
            }
            let entry = self.entry(row)?;
            let scene = self.dress(
                row,
                Scene {
                    names: self.seat_names(row),
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
