//! One typed view of a table, which every front end draws in its own way: the board message
//! carries it beside its words, and the live page is made of it. Seats with their sides and
//! colours, points and who is to act; the status, the clock, the stakes; the game's steps in
//! words when they are asked for. No front end's markup is in it: its words are [`Text`].

use super::log::Progress;
use super::replies::{Button, Select};
use super::{App, Refusal};
use crate::ledger::tables::{TableRow, TableStatus};
use crate::ledger::DROID;
use crate::render::{LastMove, Scene};
use crate::words::Text;
use crate::{t, words};

/// A table as one reading shows it, in a language.
#[derive(Debug, Clone, PartialEq)]
pub struct TableView {
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
    /// The game in play's steps in words, one line each, oldest first: the lines asked for
    /// ([`Lines`]; none in a board message, which tells its own step).
    pub moves: Vec<Text>,
    /// How many lines the whole game in play has (`moves` are its last ones; 0 when no
    /// lines were asked for).
    pub moves_total: usize,
    /// How many steps the game in play has (its boards are numbered 0 ..= steps).
    pub steps: usize,
    /// Whether the table has a board to show (it started).
    pub board: bool,
    /// The result once the table has ended.
    pub result: Option<Text>,
    /// The last move of the game in play as the board highlights it: the action and the
    /// position before it, in the game's notation (what the engine protocol reads).
    pub last: Option<LastMove>,
    /// When the player to act must have acted (Unix seconds), while the table plays.
    pub deadline: Option<i64>,
    /// The table's fairness record: the seed's commitment, and the seed once revealed.
    pub commitment: String,
    pub seed: Option<String>,
    /// What the side bets on the table hold, in all (see [`SeatView::backed`]); read for
    /// the live page, `None` in a board message (the bets have their own messages).
    pub pool: Option<i64>,
    /// When the view was read (Unix seconds, the application's clock): the moment its
    /// moments are told from.
    pub now: i64,
    /// What the member to act may do, as the board message offers it (none on a page for
    /// spectators, for the droid, or when nobody is to act).
    pub choices: Option<Choices>,
}

/// What the member to act may do: the game's decisions (and Roll) as buttons, its moves as
/// the first step of the move menu, which reaches every one of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Choices {
    pub seat: usize,
    pub user: String,
    pub buttons: Vec<Button>,
    pub menu: Option<Select>,
    /// What may be touched on the board itself, for a page that takes moves on the
    /// picture (read for a seat's page only: a chat has no use for it).
    pub touch: Option<Touchable>,
}

/// The board's places the member to act may touch, and each move with the ways it is
/// touched (`Game::touches`): a move is played by picking its notation from the menu's
/// control, as the menu's own entry would be.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Touchable {
    pub spots: crate::render::spots::Spots,
    pub moves: Vec<(String, Vec<Vec<String>>)>,
}

/// Which of the game's lines a view tells: every one (a page), the newest few (an update
/// of a page that has the others), or none (a board message). Telling a step in words is
/// most of a page's work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    All,
    Last(usize),
    None,
}

/// One seat of a table.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatView {
    /// The member's user id (the droid's for the droid).
    pub user: String,
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
    /// The side bets on this seat, in credits (with [`TableView::pool`]).
    pub backed: Option<i64>,
    /// The seat's time left on a clock with a total, in seconds, when the view was read
    /// (the running seat's counts down to [`TableView::deadline`]).
    pub clock: Option<i64>,
}

impl App {
    /// What a table shows before its game: the game, the seats as the board dresses them
    /// (`dressed`: the scene with what the players wear), the stakes, fairness, and the side
    /// bets when `bets` is set.
    pub(crate) fn view_front(
        &self,
        lang: words::Lang,
        row: &TableRow,
        dressed: &Scene,
        bets: bool,
    ) -> Result<TableView, Refusal> {
        let entry = self.entry(row)?;
        let sides = entry.board.sides();
        let seat = |(seat, user): (usize, &String)| {
            let side = (!sides.is_empty()).then(|| dressed.side(seat, sides));
            SeatView {
                user: user.clone(),
                name: self.plain_name(&row.guild, user),
                points: 0,
                to_act: false,
                gone: false,
                droid: user == DROID,
                side: side.map(|s| s.name(lang)).unwrap_or_default(),
                face: side.map(|s| s.face.css()).unwrap_or_default(),
                edge: side.map(|s| s.edge.css()).unwrap_or_default(),
                backed: bets.then_some(0),
                clock: None,
            }
        };
        let mut view = TableView {
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
            last: None,
            deadline: (row.status == TableStatus::Playing)
                .then_some(row.deadline)
                .flatten(),
            commitment: row.seed_commitment.clone(),
            seed: row.seed.clone(),
            pool: bets.then_some(0),
            now: self.now(),
            choices: None,
        };
        if bets {
            for bet in self.ledger.side_bets(row.id)? {
                view.pool = view.pool.map(|p| p + bet.amount);
                if let Some(seat) = view.seats.get_mut(bet.seat) {
                    seat.backed = seat.backed.map(|b| b + bet.amount);
                }
            }
        }
        Ok(view)
    }

    /// The game as it stands: the points, who has left, who is to act, and the line that
    /// says so.
    pub(crate) fn view_play(
        &self,
        lang: words::Lang,
        view: &mut TableView,
        row: &TableRow,
        progress: &Progress,
    ) {
        view.board = true;
        view.game_no = progress.game_no;
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
        if let Some(clock) = super::fischer::Fischer::of(row) {
            let running = progress
                .play
                .waiting()
                .filter(|_| row.status == TableStatus::Playing);
            for (seat, left) in clock.left(row, running, view.now).into_iter().enumerate() {
                if let Some(seat) = view.seats.get_mut(seat) {
                    seat.clock = Some(left);
                }
            }
        }
        view.state = Text::from(match row.status {
            TableStatus::Playing => self.tables().turn_line(lang, row, progress),
            TableStatus::Finished => t!(lang, "watch-finished"),
            _ => t!(lang, "watch-cancelled"),
        });
    }

    /// The stakes of a table in words, or `None` for a friendly game.
    fn stakes_words(&self, lang: words::Lang, row: &TableRow) -> Option<String> {
        match (row.stake, row.per_point) {
            (0, 0) => None,
            (stake, 0) => Some(t!(lang, "watch-stake", amount = stake)),
            (_, per_point) => Some(t!(lang, "watch-per-point", amount = per_point)),
        }
    }
}
