//! D-Zone, the marble-and-dice game of 2 to 4 players (`rules/dzone.md`, DZ-1 … DZ-8).
//!
//! Every roll is a chance action (DZ-2.5); the position carries the turn count and the idle
//! streak (DZ-3.4), so stalls and the cap are decided by the position itself, as are
//! eliminations and the claim window of a missed play (DZ-5). The steel a game leaves is the
//! table's to keep for the channel's next game (option `steel_layout`, DZ-2.6).

mod menu;
pub mod notation;
pub mod paths;
mod turn;
mod valid;

pub use paths::Cell;

use super::{
    Decision, Estimate, Forfeit, Game, GameInfo, GameOptions, Outcome, Phrase, RulesError, Seat,
    Status, Tone,
};
use crate::{Declared, OptionSpec};

/// DZ-6.4: the turn whose end ends the game.
pub const CAP: u32 = 400;
/// The colours by seat (DZ-2.1).
pub const COLOURS: [char; 4] = ['R', 'G', 'B', 'Y'];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Square {
    Empty,
    Steel,
    /// A marble of the seat's colour.
    Marble(u8),
}

/// A player's depot (DZ-1.3) and whether it is out (DZ-6.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Player {
    pub out: bool,
    pub reserve: u8,
    /// Captured marbles by colour (seat).
    pub captures: [u8; 4],
}

impl Player {
    pub fn captured(&self) -> u32 {
        self.captures.iter().map(|&c| c as u32).sum()
    }
}

/// What a claim may take (DZ-5.2).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Claimable {
    Cells(Vec<Cell>),
    Depot,
}

/// DZ-8.4.4.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Set-up: this many steel marbles still to place.
    Place(u8),
    /// DZ-3.1: the contestants for the first turn with their sums so far.
    First(Vec<(Seat, Option<u8>)>),
    Roll,
    /// Situation 1 on this target.
    Choose(Cell),
    /// Steel lifted from this cell, in hand (DZ-4.5).
    Steel(Cell),
    /// DZ-5.3: the target of the pass and what may be claimed.
    Claim(Cell, Claimable),
    /// The winner, or the drawing players.
    Over(Vec<Seat>),
}

/// DZ-3.4: the idle streak, or `Active` once a coloured marble moved in this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Idle {
    Streak(u32),
    Active,
}

/// A position (DZ-8.4).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: [Square; paths::CELLS],
    pub players: Vec<Player>,
    /// Who rolls or chooses (meaningless once over).
    pub to_move: Seat,
    pub phase: Phase,
    pub turns: u32,
    pub idle: Idle,
    pub strict: bool,
}

impl Position {
    pub fn at(&self, cell: Cell) -> Square {
        self.board[cell.0 as usize]
    }

    pub fn marbles_of(&self, seat: Seat) -> impl Iterator<Item = Cell> + '_ {
        Cell::all().filter(move |&c| self.at(c) == Square::Marble(seat as u8))
    }

    pub fn steel(&self) -> usize {
        self.board.iter().filter(|s| **s == Square::Steel).count()
    }

    pub fn alive(&self) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|&s| !self.players[s].out)
            .collect()
    }

    /// The next player in, after `seat`, wrapping round (DZ-3.2).
    pub fn next_after(&self, seat: Seat) -> Seat {
        let n = self.players.len();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| !self.players[s].out)
            .unwrap_or(seat)
    }

    /// The player in before `seat` (the passer of a claim window, DZ-5.3).
    pub fn previous_before(&self, seat: Seat) -> Seat {
        let n = self.players.len();
        (1..=n)
            .map(|k| (seat + n - k) % n)
            .find(|&s| !self.players[s].out)
            .unwrap_or(seat)
    }

    /// The steel cells, canonical order: what a table keeps for the channel (DZ-6.8).
    pub fn steel_layout(&self) -> Vec<Cell> {
        Cell::all()
            .filter(|&c| self.at(c) == Square::Steel)
            .collect()
    }
}

/// A move (DZ-4.4): its origin, target, the marbles it captures, the turning points its
/// spelling names (none when the origin has one move) and its canonical path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    pub via: Vec<Cell>,
    pub captures: Vec<Cell>,
    pub path: Vec<Cell>,
}

/// A player's action or a roll (DZ-8.2, DZ-8.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// The black die, the white die.
    Roll(u8, u8),
    Deposit(Cell),
    Move(Move),
    Pass,
    Claim(Cell),
    ClaimDepot,
    Waive,
}

/// D-Zone with a table's options.
#[derive(Debug, Clone)]
pub struct Dzone {
    /// DZ-2.2: marbles per player.
    pub marbles: u8,
    /// DZ-2.3: steel marbles per player.
    pub steel: u8,
    /// DZ-5.4.
    pub strict: bool,
    /// DZ-2.6: start on an empty board even when the channel keeps a layout.
    pub fresh: bool,
    /// The steel the channel's last game left (set by the table, DZ-2.6).
    pub layout: Option<Vec<Cell>>,
}

impl Default for Dzone {
    fn default() -> Self {
        Dzone {
            marbles: 6,
            steel: 1,
            strict: false,
            fresh: false,
            layout: None,
        }
    }
}

impl Dzone {
    pub fn from_options(options: &GameOptions) -> Result<Self, RulesError> {
        let layout = match options.get("steel_layout") {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(text)) => Some(
                text.split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| {
                        Cell::parse(s.trim()).ok_or_else(|| {
                            RulesError::BadOption(format!("steel_layout: '{s}' is not a cell"))
                        })
                    })
                    .collect::<Result<Vec<Cell>, RulesError>>()?,
            ),
            Some(_) => {
                return Err(RulesError::BadOption(
                    "steel_layout is a list of cells such as 16,33,61".into(),
                ))
            }
        };
        let declared = Declared::read(Self::INFO.options, options)?;
        Ok(Dzone {
            marbles: declared.whole("marbles") as u8,
            steel: declared.whole("steel") as u8,
            strict: declared.flag("strict"),
            fresh: declared.flag("fresh"),
            layout,
        })
    }

    /// S of DZ-2.3 for this many seats.
    pub fn total_steel(&self, seats: usize) -> usize {
        self.steel as usize * seats
    }

    /// DZ-6.6 among the players still in: the top count of captures.
    fn by_captures(pos: &Position) -> Vec<Seat> {
        let alive = pos.alive();
        let best = alive
            .iter()
            .map(|&s| pos.players[s].captured())
            .max()
            .unwrap_or(0);
        alive
            .into_iter()
            .filter(|&s| pos.players[s].captured() == best)
            .collect()
    }

    fn outcome(pos: &Position, winners: &[Seat]) -> Outcome {
        let mut points = vec![0; pos.players.len()];
        for &w in winners {
            points[w] = 1;
        }
        let last = pos.alive().len() == 1 && winners.len() == 1;
        if last {
            Outcome::new(points, "last player standing")
                .told(Phrase::new("dz-last").seat("who", winners[0]))
        } else if winners.len() == 1 {
            Outcome::new(points, "most captures")
                .told(Phrase::new("dz-most-captures").seat("who", winners[0]))
        } else {
            Outcome::new(points, "draw on captures").told(Phrase::new("dz-tie"))
        }
    }
}

impl Game for Dzone {
    const INFO: GameInfo = GameInfo {
        id: "dzone",
        aliases: &["d-zone"],
        name: "D-Zone",
        min_seats: 2,
        max_seats: 4,
        points_option: None,
        draws: true,
        options: &[
            OptionSpec::whole("marbles", 3, 9, 6),
            OptionSpec::whole("steel", 1, 6, 1),
            OptionSpec::flag("strict"),
            OptionSpec::flag("fresh"),
        ],
        decisions: &[
            Decision::button("pass", Tone::Quiet),
            Decision::button("waive", Tone::Quiet),
        ],
        forced: &["waive"],
        legacy: Some("steel_layout"),
        before_roll: Some("waive"),
        estimate: Estimate::Rough,
        // The dice decide most of a turn, and the search's strength stops growing past a
        // few dozen iterations (200 against 64: 50 %), so the levels climb where it still
        // grows: 4 against 2 scored 62.7 %, 8 against 4 61.8 %, 16 against 8 60.0 %, and
        // 2,000 against 16 72.2 % (400 games each, seats alternated).
        ladder: [2, 4, 8, 16, 2_000],
        // Issue 52: the loser must have played about three turns (rolls and plays) before the winner earns a token.
        token_actions: 6,
    };

    type State = Position;
    type Action = Action;
    type History = ();

    fn from_options(options: &GameOptions) -> Result<Self, RulesError> {
        Dzone::from_options(options)
    }

    fn new_game(&self, seats: usize) -> Result<Position, RulesError> {
        turn::start(self, seats)
    }

    fn status(&self, pos: &Position) -> Status {
        match &pos.phase {
            Phase::Over(winners) => Status::Over(Dzone::outcome(pos, winners)),
            Phase::Place(_) | Phase::First(_) | Phase::Roll | Phase::Steel(_) => Status::Chance,
            Phase::Choose(_) | Phase::Claim(..) => Status::ToMove(pos.to_move),
        }
    }

    fn legal_actions(&self, pos: &Position) -> Vec<Action> {
        match self.status(pos) {
            Status::Over(_) => Vec::new(),
            Status::Chance => turn::rolls(),
            Status::ToMove(_) => turn::choices(self, pos),
        }
    }

    fn chance_outcomes(&self, pos: &Position) -> Vec<(Action, f64)> {
        match self.status(pos) {
            Status::Chance => turn::rolls().into_iter().map(|r| (r, 1.0 / 36.0)).collect(),
            _ => Vec::new(),
        }
    }

    fn apply(&self, pos: &Position, action: &Action) -> Result<Position, RulesError> {
        turn::apply(self, pos, action)
    }

    fn parse_state(&self, text: &str) -> Result<Position, RulesError> {
        notation::parse_position(self, text)
    }

    fn format_state(&self, pos: &Position) -> String {
        notation::format_position(pos)
    }

    fn parse_action(&self, pos: &Position, text: &str) -> Result<Action, RulesError> {
        notation::parse_action(self, pos, text)
    }

    fn format_action(&self, _pos: &Position, action: &Action) -> String {
        notation::format_action(action)
    }

    fn history_start(&self, _pos: &Position) {}

    /// Nothing: the position holds the counters of DZ-3.4.
    fn history_step(&self, _history: &mut (), _next: &Position) -> Option<Outcome> {
        None
    }

    fn describe(&self, before: &Position, action: &Action) -> Option<Phrase> {
        turn::describe(before, action)
    }

    /// A deposit or a claim: its cell; a move: the marble, then its target; where several
    /// staircases lead there, the marble, the cells on the way, then the target (DZ-4.3).
    fn touches(&self, _before: &Position, action: &Action) -> Vec<Vec<String>> {
        match action {
            Action::Deposit(cell) | Action::Claim(cell) => vec![vec![cell.name()]],
            Action::Move(m) => {
                let mut ways = vec![vec![m.from.name(), m.to.name()]];
                if !m.via.is_empty() {
                    let via = m.via.iter().map(|c| c.name());
                    let way = std::iter::once(m.from.name())
                        .chain(via)
                        .chain([m.to.name()]);
                    ways.push(way.collect());
                }
                ways
            }
            _ => Vec::new(),
        }
    }

    fn route(&self, before: &Position, action: &Action, _text: &str) -> crate::menu::Route {
        menu::route(before, action)
    }

    fn note(&self, before: &Position, after: &Position) -> Vec<Phrase> {
        turn::note(before, after)
    }

    /// DZ-6.7: the player is out at once and its marbles leave play.
    fn forfeit(&self, pos: &Position, seat: Seat) -> Result<Forfeit<Position>, RulesError> {
        let next = turn::forfeit(pos, seat)?;
        Ok(match &next.phase {
            Phase::Over(winners) => Forfeit::Ended(Dzone::outcome(&next, winners)),
            _ => Forfeit::Continues(next),
        })
    }

    /// Marbles still in play and captures (DZ-6.6): each seat's share of their sum.
    fn heuristic(&self, pos: &Position, _mind: u16) -> Option<Vec<f64>> {
        let worth: Vec<f64> = (0..pos.players.len())
            .map(|s| {
                let p = &pos.players[s];
                if p.out {
                    return 0.0;
                }
                let own = pos.marbles_of(s).count() as f64 + p.reserve as f64;
                0.5 + own + 1.5 * p.captured() as f64
            })
            .collect();
        let total: f64 = worth.iter().sum();
        (total > 0.0).then(|| worth.iter().map(|w| w / total).collect())
    }

    /// DZ-4.1: the turn's roll is the player's to make (its Roll button); set-up rolls and
    /// steel relocations follow by themselves.
    fn roller(&self, pos: &Position) -> Option<Seat> {
        (pos.phase == Phase::Roll).then_some(pos.to_move)
    }

    /// DZ-6.8: the steel a finished game leaves for the channel's next game.
    fn legacy(&self, pos: &Position) -> Option<String> {
        let cells: Vec<String> = pos.steel_layout().iter().map(|c| c.name()).collect();
        Some(cells.join(","))
    }

    /// DZ-6.5: scored by captures.
    /// A move that captures (DZ-4.2 b) or a claim, which puts the marble in the claimant's
    /// captures (DZ-5.3).
    fn captures(&self, _pos: &Position, action: &Action) -> bool {
        match action {
            Action::Move(m) => !m.captures.is_empty(),
            Action::Claim(_) | Action::ClaimDepot => true,
            _ => false,
        }
    }

    fn agreed_end(&self, pos: &Position) -> Outcome {
        Dzone::outcome(pos, &Dzone::by_captures(pos))
    }
}
