//! Halloween Kingdoms, the game of nine kingdoms held by one chain of pieces
//! (`rules/kingdoms.md`, KG-1 … KG-9).
//!
//! The board is a set of bitboards ([`board`]); move generation ([`moves`]) turns each
//! piece's reach into a set of cells and the chain rule into one mask per lifted piece;
//! the Assassin's threats and the Ghost's grace ([`threats`]) narrow the list last. The
//! log decides two passes, repetition and the action cap ([`KingdomsHistory`]).

pub mod board;
mod menu;
pub mod moves;
pub mod notation;
pub mod threats;

use crate::repetition::Repetitions;
use crate::{Declared, OptionSpec};

pub use board::{Bits, Cell};

use super::{
    Estimate, Forfeit, Game, GameInfo, GameOptions, Outcome, Phrase, RulesError, Seat, Status,
};

/// The default action cap of KG-7.5.
pub const DEFAULT_CAP: u32 = 300;

/// KG-2.1: Orange plays first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Orange,
    Purple,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Orange, Side::Purple];

    pub fn seat(self) -> Seat {
        self as Seat
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Side {
        match self {
            Side::Orange => Side::Purple,
            Side::Purple => Side::Orange,
        }
    }
}

/// KG-2.2: the six kinds of pieces, in the order of the notation (KG-9.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Ghost,
    Witch,
    Cat,
    Bat,
    Pumpkin,
    Assassin,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Ghost,
        Kind::Witch,
        Kind::Cat,
        Kind::Bat,
        Kind::Pumpkin,
        Kind::Assassin,
    ];

    /// How many of this kind each player owns (KG-2.2).
    pub fn count(self) -> u32 {
        match self {
            Kind::Ghost => 3,
            Kind::Witch | Kind::Cat | Kind::Bat | Kind::Assassin => 2,
            Kind::Pumpkin => 1,
        }
    }

    /// The upper-case letter of KG-2.2.
    pub fn letter(self) -> char {
        b"GWCBPA"[self as usize] as char
    }

    pub fn from_letter(letter: char) -> Option<Kind> {
        let upper = letter.to_ascii_uppercase();
        Kind::ALL.into_iter().find(|k| k.letter() == upper)
    }
}

/// A position (KG-9.5): where each side's pieces of each kind stand, the side to move and
/// both grace records. Reserves are what the board leaves (KG-2.3).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// `pieces[side][kind]`: the cells of that side's pieces of that kind.
    pub pieces: [[Bits; 6]; 2],
    pub to_move: Side,
    /// KG-6.5: each side's grace record as a set of kingdoms (bit k for kingdom k).
    pub grace: [u16; 2],
}

impl Position {
    pub fn start() -> Position {
        Position {
            pieces: [[0; 6]; 2],
            to_move: Side::Orange,
            grace: [0, 0],
        }
    }

    pub fn of(&self, side: Side) -> Bits {
        self.pieces[side.index()].iter().fold(0, |a, b| a | b)
    }

    pub fn occupied(&self) -> Bits {
        self.of(Side::Orange) | self.of(Side::Purple)
    }

    pub fn kind_of(&self, side: Side, kind: Kind) -> Bits {
        self.pieces[side.index()][kind as usize]
    }

    pub fn at(&self, cell: Cell) -> Option<(Side, Kind)> {
        let bit = cell.bit();
        for side in Side::BOTH {
            for kind in Kind::ALL {
                if self.kind_of(side, kind) & bit != 0 {
                    return Some((side, kind));
                }
            }
        }
        None
    }

    /// How many pieces of `kind` are still in `side`'s reserve (KG-2.3).
    pub fn reserve(&self, side: Side, kind: Kind) -> u32 {
        kind.count()
            .saturating_sub(self.kind_of(side, kind).count_ones())
    }

    /// KG-1.5: the kingdoms where `side` has a piece, as a set (bit k for kingdom k).
    pub fn held(&self, side: Side) -> u16 {
        let mine = self.of(side);
        (1..=9u8)
            .filter(|&k| mine & board::kingdom(k) != 0)
            .fold(0, |set, k| set | 1 << k)
    }

    fn put(&mut self, side: Side, kind: Kind, cell: Cell) {
        self.pieces[side.index()][kind as usize] |= cell.bit();
    }

    fn lift(&mut self, side: Side, kind: Kind, cell: Cell) {
        self.pieces[side.index()][kind as usize] &= !cell.bit();
    }
}

/// Every nine kingdoms, as a set.
pub const ALL_KINGDOMS: u16 = 0b11_1111_1110;

/// A player's action (there is no chance in this game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A move of the piece on the first cell to the second (KG-3.5).
    Move(Cell, Cell),
    /// A piece of the reserve onto a cell (KG-3.4).
    Place(Kind, Cell),
    /// KG-7.2: only when nothing else is legal.
    Pass,
}

/// Halloween Kingdoms with a table's options.
#[derive(Debug, Clone)]
pub struct Kingdoms {
    /// KG-7.5: the action that ends the game in a draw.
    pub cap: u32,
}

impl Default for Kingdoms {
    fn default() -> Self {
        Kingdoms { cap: DEFAULT_CAP }
    }
}

/// What the log decides (KG-7.3–7.5): positions seen, actions played, whether the last
/// action was a pass.
#[derive(Debug, Clone, Default)]
pub struct KingdomsHistory {
    seen: Repetitions<Position>,
    actions: u32,
    passed: bool,
}

impl Kingdoms {
    /// Options: `cap` (KG-7.5).
    pub fn from_options(options: &GameOptions) -> Result<Self, RulesError> {
        Ok(Kingdoms {
            cap: Declared::read(Self::INFO.options, options)?.whole("cap") as u32,
        })
    }

    /// KG-7.1: the player who just acted holds all nine kingdoms.
    fn winner(pos: &Position) -> Option<Side> {
        let mover = pos.to_move.other();
        (pos.held(mover) == ALL_KINGDOMS).then_some(mover)
    }
}

impl Game for Kingdoms {
    const INFO: GameInfo = GameInfo {
        id: "kingdoms",
        aliases: &["halloween"],
        name: "Halloween Kingdoms",
        min_seats: 2,
        max_seats: 2,
        points_option: None,
        draws: true,
        options: &[OptionSpec::whole("cap", 1, 100_000, DEFAULT_CAP as u64)],
        decisions: &[],
        forced: &[],
        legacy: None,
        before_roll: None,
        estimate: Estimate::Rough,
        ladder: crate::SEARCH_LADDER,
        // Issue 52: the loser must have played four placements or moves before the winner earns a token.
        token_actions: 4,
    };

    type State = Position;
    type Action = Action;
    type History = KingdomsHistory;

    fn from_options(options: &GameOptions) -> Result<Self, RulesError> {
        Kingdoms::from_options(options)
    }

    fn new_game(&self, _seats: usize) -> Result<Position, RulesError> {
        Ok(Position::start())
    }

    fn status(&self, pos: &Position) -> Status {
        match Kingdoms::winner(pos) {
            Some(side) => {
                let mut points = vec![0, 0];
                points[side.seat()] = 1;
                Status::Over(
                    Outcome::new(points, "all nine kingdoms")
                        .told(Phrase::new("kg-nine").seat("who", side.seat())),
                )
            }
            None => Status::ToMove(pos.to_move.seat()),
        }
    }

    fn legal_actions(&self, pos: &Position) -> Vec<Action> {
        if Kingdoms::winner(pos).is_some() {
            return Vec::new();
        }
        threats::legal(pos)
    }

    fn apply(&self, pos: &Position, action: &Action) -> Result<Position, RulesError> {
        if Kingdoms::winner(pos).is_some() {
            return Err(RulesError::GameOver);
        }
        let legal = threats::legal(pos);
        if !legal.contains(action) {
            return Err(threats::why_illegal(pos, action));
        }
        Ok(play(pos, action))
    }

    fn parse_state(&self, text: &str) -> Result<Position, RulesError> {
        notation::parse_position(text)
    }

    fn format_state(&self, pos: &Position) -> String {
        notation::format_position(pos)
    }

    fn parse_action(&self, pos: &Position, text: &str) -> Result<Action, RulesError> {
        notation::parse_action(pos, text)
    }

    fn format_action(&self, _pos: &Position, action: &Action) -> String {
        notation::format_action(action)
    }

    fn history_start(&self, pos: &Position) -> KingdomsHistory {
        KingdomsHistory {
            seen: Repetitions::from(pos),
            ..KingdomsHistory::default()
        }
    }

    /// KG-7.3 (a pass answering a pass), KG-7.4 (a third occurrence), KG-7.5 (the cap), in
    /// that order. A pass is the one action that leaves the board as it was.
    fn history_step(&self, history: &mut KingdomsHistory, next: &Position) -> Option<Outcome> {
        let pass = history.seen.last().is_some_and(|b| b.pieces == next.pieces);
        history.actions += 1;
        let two_passes = pass && history.passed;
        history.passed = pass;
        if two_passes {
            return Some(
                Outcome::new(vec![0, 0], "draw: both players passed")
                    .told(Phrase::new("kg-two-passes")),
            );
        }
        if history.seen.third(next) {
            return Some(
                Outcome::new(vec![0, 0], "draw by threefold repetition")
                    .told(Phrase::new("kg-repetition")),
            );
        }
        if history.actions >= self.cap {
            return Some(
                Outcome::new(vec![0, 0], format!("draw: {} actions played", self.cap))
                    .told(Phrase::new("kg-cap").value("cap", self.cap)),
            );
        }
        None
    }

    /// The kingdoms each side holds (KG-1.5), a piece in reserve worth a little: who is
    /// nearer nine.
    fn heuristic(&self, pos: &Position, _mind: u16) -> Option<Vec<f64>> {
        let score = |side: Side| {
            let held = pos.held(side).count_ones() as f64;
            let placed = pos.of(side).count_ones() as f64;
            1.0 + held * held + 0.1 * placed
        };
        let (o, p) = (score(Side::Orange), score(Side::Purple));
        Some(vec![o / (o + p), p / (o + p)])
    }

    /// A placement: the piece in the reserve (`+G`), then its cell; a move: the piece's cell,
    /// then where it goes.
    fn touches(&self, _before: &Position, action: &Action) -> Vec<Vec<String>> {
        match *action {
            Action::Place(kind, cell) => vec![vec![format!("+{}", kind.letter()), cell.name()]],
            Action::Move(from, to) => vec![vec![from.name(), to.name()]],
            Action::Pass => Vec::new(),
        }
    }

    fn route(&self, before: &Position, action: &Action, _text: &str) -> crate::menu::Route {
        menu::route(before, action)
    }

    /// Placements, moves and passes in words, with the piece's name.
    fn describe(&self, before: &Position, action: &Action) -> Option<Phrase> {
        let who = before.to_move.seat();
        Some(match *action {
            Action::Place(kind, cell) => Phrase::new("kg-places")
                .seat("who", who)
                .value("piece", kind.letter())
                .value("cell", cell.name()),
            Action::Move(from, to) => {
                let kind = before.at(from).map_or(Kind::Ghost, |(_, k)| k);
                Phrase::new("kg-moves")
                    .seat("who", who)
                    .value("piece", kind.letter())
                    .value("from", from.name())
                    .value("to", to.name())
            }
            Action::Pass => Phrase::new("kg-passes").seat("who", who),
        })
    }

    /// The threats the player to move has to answer (KG-6.6), told on every turn they bind.
    fn note(&self, _before: &Position, after: &Position) -> Vec<Phrase> {
        if Kingdoms::winner(after).is_some() {
            return Vec::new();
        }
        threats::binding(after, after.to_move)
            .into_iter()
            .map(|t| {
                Phrase::new("kg-threat")
                    .seat("who", after.to_move.seat())
                    .value("piece", t.kind.letter())
                    .value("cell", t.cell.name())
                    .value("kingdom", t.kingdom)
            })
            .collect()
    }

    /// KG-7.6 and docs/CONTRACT.md P-4: the opponent wins.
    fn forfeit(&self, _pos: &Position, seat: Seat) -> Result<Forfeit<Position>, RulesError> {
        if seat > 1 {
            return Err(RulesError::BadOption(format!(
                "Halloween Kingdoms has no seat {seat}"
            )));
        }
        let mut points = vec![0, 0];
        points[1 - seat] = 1;
        Ok(Forfeit::Ended(
            Outcome::new(points, "forfeit").told(Phrase::new("kg-forfeits").seat("who", seat)),
        ))
    }

    fn agreed_end(&self, _pos: &Position) -> Outcome {
        Outcome::new(vec![0, 0], "draw by agreement").told(Phrase::new("game-agreed"))
    }
}

/// Plays a legal action: the piece lands, the mover's grace record becomes the kingdoms of
/// its threatened Ghosts at the turn's start (KG-6.5), the turn passes.
pub fn play(pos: &Position, action: &Action) -> Position {
    let side = pos.to_move;
    let mut next = pos.clone();
    match *action {
        Action::Place(kind, cell) => next.put(side, kind, cell),
        Action::Move(from, to) => {
            if let Some((_, kind)) = pos.at(from) {
                next.lift(side, kind, from);
                next.put(side, kind, to);
            }
        }
        Action::Pass => {}
    }
    next.grace[side.index()] = threats::threatened(pos, side)
        .iter()
        .filter(|t| t.kind == Kind::Ghost)
        .fold(0, |set, t| set | 1 << t.kingdom);
    next.to_move = side.other();
    next
}
