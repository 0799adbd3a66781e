//! The rules core: one contract that every game implements, pure and deterministic.
//!
//! A game is a pure function of its action log. Dice and other random events are not drawn
//! here: a position where chance acts reports [`Status::Chance`] and lists its outcomes with
//! their probabilities, and whoever drives the game (the table with its seeded generator, a
//! search enumerating outcomes, a test) picks one and applies it like any other action.
//!
//! Results that only the log can decide (repetition, move caps, consecutive passes) live in a
//! game's [`Game::History`], fed one position at a time; [`Playthrough`] combines the two.
//! The layers above select a game by id at run time through the type-erased face in
//! [`erased`] and the [`registry`].

pub mod backgammon;
pub mod dejarik;
pub mod erased;
pub mod playthrough;
pub mod registry;

use std::fmt::Debug;
use std::hash::Hash;

pub use erased::{DynGame, DynPlay, LegalAction};
pub use playthrough::Playthrough;
pub use registry::{lookup, GameOptions};

/// A seat at the table, numbered from 0 in the order of PRODUCT.md P-4.
pub type Seat = usize;

/// Static facts about a game, shown by help texts and checked by the table layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    /// The game option that takes a table's `to` (points to reach) when the game keeps
    /// its own score, as backgammon matches do; `None` when the table plays a series of
    /// separate games instead.
    pub points_option: Option<&'static str>,
    /// Whether players may agree to a draw (`/draw`); backgammon has no draws.
    pub draws: bool,
}

/// How a game ended: every seat's points in seat order, and why, for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub points: Vec<u32>,
    pub reason: String,
}

impl Outcome {
    pub fn new(points: Vec<u32>, reason: impl Into<String>) -> Self {
        Outcome {
            points,
            reason: reason.into(),
        }
    }

    /// The one seat with the most points, or `None` for a draw (several share the top).
    pub fn winner(&self) -> Option<Seat> {
        let best = *self.points.iter().max()?;
        let mut top = self.points.iter().enumerate().filter(|(_, &p)| p == best);
        let (seat, _) = top.next()?;
        if top.next().is_some() {
            None
        } else {
            Some(seat)
        }
    }
}

/// Points written for people, seat by seat: `3–0`.
pub fn score_line(points: &[u32]) -> String {
    points
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("–")
}

/// Who acts in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// This seat chooses among [`Game::legal_actions`].
    ToMove(Seat),
    /// A chance event: one of [`Game::chance_outcomes`] happens next.
    Chance,
    /// The game is over.
    Over(Outcome),
}

/// What a table event that removes a player (resignation, timeout) does to the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forfeit<S> {
    /// The game ends with this outcome.
    Ended(Outcome),
    /// The game goes on without that player (D-Zone with three or more players).
    Continues(S),
}

/// Every way the rules core refuses input. Messages are shown to players as they are, so each
/// one says what was wrong and, where it helps, what would be right.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("bad position: {0}")]
    BadPosition(String),
    #[error("bad action: {0}")]
    BadAction(String),
    #[error("illegal action: {0}")]
    Illegal(String),
    #[error("the game is over")]
    GameOver,
    #[error("bad option: {0}")]
    BadOption(String),
    #[error("{0}")]
    Unsupported(String),
}

/// The contract of a game's rules. An implementing value carries the table's options
/// (variants, custom set-ups, caps), so one type serves every variant of its game.
pub trait Game: Send + Sync + 'static {
    /// A position: everything the rules need to continue, and nothing of the log.
    type State: Clone + Eq + Hash + Debug + Send + Sync + 'static;
    /// A player's action or a chance outcome.
    type Action: Clone + Eq + Debug + Send + Sync + 'static;
    /// What the rules remember of the log (position counts, move counters).
    type History: Clone + Debug + Send + Sync + 'static;

    fn info(&self) -> GameInfo;

    /// The position a new game with this many seats starts from.
    fn start(&self, seats: usize) -> Result<Self::State, RulesError>;

    /// Who acts, or the outcome the position itself decides.
    fn status(&self, state: &Self::State) -> Status;

    /// A seat's legal actions where a seat is to move, the possible outcomes at a chance
    /// node, nothing once the game is over. Canonical order.
    fn legal_actions(&self, state: &Self::State) -> Vec<Self::Action>;

    /// The outcomes of a chance node with their probabilities (summing to 1); empty
    /// elsewhere.
    fn chance_outcomes(&self, _state: &Self::State) -> Vec<(Self::Action, f64)> {
        Vec::new()
    }

    /// Plays an action, validating it: an illegal action is an error and changes nothing.
    fn apply(&self, state: &Self::State, action: &Self::Action) -> Result<Self::State, RulesError>;

    fn parse_state(&self, text: &str) -> Result<Self::State, RulesError>;
    fn format_state(&self, state: &Self::State) -> String;

    /// Reads an action typed by a player in this position. Forgiving forms that need the
    /// position to be understood (abbreviations, omitted marks) are resolved here; legality
    /// is checked by [`Game::apply`].
    fn parse_action(&self, state: &Self::State, text: &str) -> Result<Self::Action, RulesError>;
    fn format_action(&self, state: &Self::State, action: &Self::Action) -> String;

    /// The history of a game that starts (or is resumed) at `state`.
    fn history_start(&self, state: &Self::State) -> Self::History;

    /// Records the position reached by one more action and returns the outcome the log
    /// decides, if any. Called only when the position itself has not ended the game:
    /// position verdicts come first in every game's order of end checks.
    fn history_step(&self, history: &mut Self::History, next: &Self::State) -> Option<Outcome>;

    /// A seat resigns or runs out of time.
    fn forfeit(&self, state: &Self::State, seat: Seat) -> Result<Forfeit<Self::State>, RulesError>;

    /// The outcome when every player agrees to end the game (`/draw`).
    fn agreed_end(&self, state: &Self::State) -> Outcome;

    /// What players should be told about a step from `before` to `after` beyond the action
    /// itself (a backgammon game ending inside a match), with `@0`, `@1`, … standing for
    /// the seats' names.
    fn note(&self, _before: &Self::State, _after: &Self::State) -> Option<String> {
        None
    }
}
