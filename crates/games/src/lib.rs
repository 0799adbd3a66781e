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
//! [`erased`]; the product's list of games is `crate::catalogue`.

pub mod backgammon;
pub mod chosen;
pub mod dejarik;
pub mod dzone;
pub mod erased;
pub mod kingdoms;
pub mod menu;
pub mod options;
pub mod playthrough;
pub mod repetition;
pub mod zatak;

use std::fmt::Debug;
use std::hash::Hash;

pub use chosen::Chosen;
pub use erased::{DynGame, DynPlay, Erased, LegalAction};
pub use options::{Declared, GameOptions, OptionKind, OptionSpec};
pub use playthrough::Playthrough;

/// One step of a game's record as the layers above the rules core keep it: an action in
/// notation, or a seat leaving the game there (a resignation or a timeout at a table of
/// three or more, which the game goes on without).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Action(String),
    Leave(Seat),
}

/// A seat at the table, numbered from 0 in the order of docs/CONTRACT.md P-4.
pub type Seat = usize;

/// Static facts about a game: everything the layers above need to offer it (help texts,
/// `/play` choices and options, buttons, `/rules`) without naming it. A game declares them
/// once, as [`Game::INFO`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// The catalogue id. The game's name and rules summary in every language are the
    /// messages `game-<id>` and `rules-<id>` of `locales/*/games.ftl`.
    pub id: &'static str,
    /// Other ids players may type (`jacquet`).
    pub aliases: &'static [&'static str],
    pub name: &'static str,
    pub min_seats: usize,
    pub max_seats: usize,
    /// The game option that takes a table's `to` (points to reach) when the game keeps
    /// its own score, as backgammon matches do; `None` when the table plays a series of
    /// separate games instead.
    pub points_option: Option<&'static str>,
    /// Whether players may agree to a draw (`/draw`); backgammon has no draws.
    pub draws: bool,
    /// The table options `/play` accepts for this game (`setup`, `cap`, …), each with what
    /// it takes; anything else is refused there with the list, and [`options::Declared`]
    /// reads them for the game.
    pub options: &'static [OptionSpec],
    /// Actions that are decisions rather than moves (roll, double, take …): the table offers
    /// them as buttons, in this tone, whenever they are legal.
    pub decisions: &'static [Decision],
    /// Actions besides `pass` that the table plays by itself when one is the only legal
    /// action (D-Zone's waive). A lone `pass` is always played by the table, in every game
    /// (see [`GameInfo::is_forced`]), so no game can forget to declare it.
    pub forced: &'static [&'static str],
    /// The option through which what a finished game leaves on its board (see
    /// [`Game::legacy`]) starts the next game of this game in the same channel: D-Zone's
    /// steel. `None` for games that start afresh.
    pub legacy: Option<&'static str>,
    /// A decision that a press of the Roll button plays first when it is legal, before the
    /// roll it waits for (D-Zone's waive of a claim window, DZ-5.3).
    pub before_roll: Option<&'static str>,
    /// How far the droid's search may trust [`Game::heuristic`].
    pub estimate: Estimate,
    /// The droid's tree-search iterations at levels 1 to 5, measured for this game so that
    /// each level beats the one below it clearly (read from the droid's fourth mind on;
    /// earlier minds searched [`SEARCH_LADDER`] in every game, and their tables still do).
    pub ladder: [u32; 5],
    /// How many actions every loser of a wagered table must have played for its winner to
    /// earn the free slot token: a game resigned or timed out before then was not really
    /// played, and two members trading such games would mint tokens for nothing.
    pub token_actions: u32,
}

/// The search iterations of levels 1 to 5 where a game's strength keeps growing with them
/// (Dejarik, Halloween Kingdoms), and every game's under the droid's first three minds.
pub const SEARCH_LADDER: [u32; 5] = [16, 64, 200, 700, 2_000];

/// How good a game's [`Game::heuristic`] is, which decides how the droid's search reads
/// positions it stops at: after long random playouts, after short ones, or at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Estimate {
    /// No estimate: random playouts to the end (or far).
    None,
    /// A rough taste (material, kingdoms held): read after a few random plies, where it
    /// says more than the position the search stopped at.
    Rough,
    /// An evaluation better than any random playout (a trained network): read at once, and
    /// used to order a position's choices before the search visits them.
    Sharp,
}

impl GameInfo {
    /// Whether the table plays `action` by itself when it is the only legal action:
    /// `pass` in every game, and the game's own [`GameInfo::forced`] actions.
    pub fn is_forced(&self, action: &str) -> bool {
        action == "pass" || self.forced.contains(&action)
    }

    /// Whether the game is played by `seats` players; the error names the game and its
    /// numbers of players.
    pub fn check_seats(&self, seats: usize) -> Result<(), RulesError> {
        if (self.min_seats..=self.max_seats).contains(&seats) {
            return Ok(());
        }
        let players = if self.min_seats == self.max_seats {
            self.min_seats.to_string()
        } else {
            format!("{} to {}", self.min_seats, self.max_seats)
        };
        Err(RulesError::BadOption(format!(
            "{} is played by {players} players, not {seats}",
            self.name
        )))
    }

    /// Whether `id` names this game (its id or an alias, in any case).
    pub fn answers_to(&self, id: &str) -> bool {
        let id = id.trim();
        self.id.eq_ignore_ascii_case(id) || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(id))
    }

    pub fn decision(&self, action: &str) -> Option<&'static Decision> {
        self.decisions.iter().find(|d| d.action == action)
    }

    /// The decision the slash command `/name` plays in this game.
    pub fn decision_of_command(&self, name: &str) -> Option<&'static Decision> {
        self.decisions.iter().find(|d| d.command == Some(name))
    }
}

/// An action shown as a button (see [`GameInfo::decisions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub action: &'static str,
    pub tone: Tone,
    /// The slash command that plays it, if one does (`/double`).
    pub command: Option<&'static str>,
}

impl Decision {
    /// A decision no slash command plays.
    pub const fn button(action: &'static str, tone: Tone) -> Decision {
        Decision {
            action,
            tone,
            command: None,
        }
    }
}

/// How loudly a decision's button speaks: the usual choice, a quiet alternative, or one
/// that gives something up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Main,
    Quiet,
    Danger,
}

/// How a game ended: every seat's points in seat order, and why: in English for tools
/// (`reason`), and in the players' words when the game has them (`phrase`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub points: Vec<u32>,
    pub reason: String,
    pub phrase: Option<Phrase>,
}

impl Outcome {
    pub fn new(points: Vec<u32>, reason: impl Into<String>) -> Self {
        Outcome {
            points,
            reason: reason.into(),
            phrase: None,
        }
    }

    /// The same outcome told by `phrase` to people.
    pub fn told(mut self, phrase: Phrase) -> Self {
        self.phrase = Some(phrase);
        self
    }

    /// Each seat's share of the points, or an even share when nobody scored.
    pub fn shares(&self) -> Vec<f64> {
        let total: u32 = self.points.iter().sum();
        let seats = self.points.len().max(1);
        if total == 0 {
            return vec![1.0 / seats as f64; seats];
        }
        self.points
            .iter()
            .map(|&p| p as f64 / total as f64)
            .collect()
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

/// An action told in words: a message of the Fluent files (`locales/*/games.ftl`) and its
/// arguments. Seats are given as seats, for the table to put names on them. The rules core
/// knows what happened (who rolled what, what the cube is now); the files say it in each
/// language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    /// The message id; empty when the action needs no words of its own (what follows says
    /// it, as the dice after a roll).
    pub id: &'static str,
    pub seats: Vec<(&'static str, Seat)>,
    pub values: Vec<(&'static str, String)>,
}

impl Phrase {
    pub fn new(id: &'static str) -> Phrase {
        Phrase {
            id,
            seats: Vec::new(),
            values: Vec::new(),
        }
    }

    /// An action that needs no words of its own.
    pub fn silent() -> Phrase {
        Phrase::new("")
    }

    pub fn seat(mut self, key: &'static str, seat: Seat) -> Phrase {
        self.seats.push((key, seat));
        self
    }

    pub fn value(mut self, key: &'static str, value: impl ToString) -> Phrase {
        self.values.push((key, value.to_string()));
        self
    }
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
    /// A refusal the game also tells in the players' words (its English stays `error`, for
    /// tools such as the engine).
    #[error("{error}")]
    Told {
        error: Box<RulesError>,
        phrase: Phrase,
    },
}

impl RulesError {
    /// This refusal, told to players by `phrase`.
    pub fn told(self, phrase: Phrase) -> RulesError {
        RulesError::Told {
            error: Box::new(self),
            phrase,
        }
    }

    /// The refusal itself, whatever words it is told in (to match on its kind).
    pub fn untold(&self) -> &RulesError {
        match self {
            RulesError::Told { error, .. } => error.untold(),
            other => other,
        }
    }
}

/// The contract of a game's rules. An implementing value carries the table's options
/// (variants, custom set-ups, caps), so one type serves every variant of its game.
pub trait Game: Send + Sync + Sized + 'static {
    /// What the layers above know of the game before any table exists.
    const INFO: GameInfo;

    /// A position: everything the rules need to continue, and nothing of the log.
    type State: Clone + Eq + Hash + Debug + Send + Sync + 'static;
    /// A player's action or a chance outcome.
    type Action: Clone + Eq + Debug + Send + Sync + 'static;
    /// What the rules remember of the log (position counts, move counters).
    type History: Clone + Debug + Send + Sync + 'static;

    /// The game with a table's options (variants, set-up, caps); unknown keys are left to
    /// other layers. In a series, the table starts each later game with the option `first`
    /// set to the seat that moves first in it (seat 0, 1, … in turn, DJ-2); a game whose
    /// first player is not chosen that way ignores it.
    fn from_options(options: &GameOptions) -> Result<Self, RulesError>;

    fn info(&self) -> GameInfo {
        Self::INFO
    }

    /// The position a new game for `seats` players starts from, after
    /// [`GameInfo::check_seats`] (so with a number of seats the game declares).
    fn new_game(&self, seats: usize) -> Result<Self::State, RulesError>;

    /// A new game for `seats` players, or an error when the game is not played by that many.
    fn start(&self, seats: usize) -> Result<Self::State, RulesError> {
        Self::INFO.check_seats(seats)?;
        self.new_game(seats)
    }

    /// The position `/rules` shows: the start, unless a game reads better a step later
    /// (backgammon after its opening roll).
    fn showcase(&self) -> Result<Self::State, RulesError> {
        self.start(Self::INFO.min_seats)
    }

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

    /// The most the game in progress can be worth to a winner: what a player conceding a
    /// per-point series pays for it (docs/CONTRACT.md P-4).
    fn full_value(&self, _state: &Self::State) -> u32 {
        1
    }

    /// What players should be told about a step from `before` to `after` beyond the action
    /// itself (a backgammon game ending inside a match), in the order to say it.
    fn note(&self, _before: &Self::State, _after: &Self::State) -> Vec<Phrase> {
        Vec::new()
    }

    /// `action` (a player's or chance's, legal at `before`) told in words, when plain
    /// notation would not read well ("alice plays roll"); `None` for moves, which the table
    /// tells as "alice plays o5-i5".
    fn describe(&self, _before: &Self::State, _action: &Self::Action) -> Option<Phrase> {
        None
    }

    /// The ways a player may point `action` (legal at `state`) out on the board: each a
    /// sequence of the board's spots in the order they are touched (a piece, then where it
    /// goes), named as the game's board names them to a page (`render`'s `Board::spots`).
    /// Several ways where the same action may be touched in several orders (backgammon's
    /// checkers). None (the default): the action is chosen from the menus alone.
    fn touches(&self, state: &Self::State, action: &Self::Action) -> Vec<Vec<String>> {
        let _ = (state, action);
        Vec::new()
    }

    /// How a player reaches `action` (legal at `state`, `text` its notation) through move
    /// menus ([`menu`]): by default in one step, labelled with its notation.
    fn route(&self, state: &Self::State, action: &Self::Action, text: &str) -> menu::Route {
        let _ = (state, action);
        menu::Route {
            stages: Vec::new(),
            label: Phrase::new("menu-action").value("action", text),
        }
    }

    /// The entries of the menu at `path` where the game builds its menus itself, its legal
    /// actions too many to list ([`Game::search_choices`]): `Some` of them, or of `None`
    /// for a path that names no menu here. `None` (the default): the menus are built from
    /// the listed actions and their [`Game::route`]s.
    fn own_menu(&self, _state: &Self::State, _path: &[String]) -> Option<Option<Vec<menu::Entry>>> {
        None
    }

    /// An estimate of each seat's share of the result (summing to 1) at a position a search
    /// stops short of the end; `None` to count it as even. With [`Game::reward`], the one
    /// place per-game knowledge reaches the droid (kingdoms held, captures, a backgammon
    /// network); [`GameInfo::estimate`] says how far to trust it.
    ///
    /// `mind` is the droid's mind that asks ([`crate::droid::MIND`], or the one a stored
    /// table was opened with): a game whose estimate has grown answers an older mind as it
    /// did then, so that `/verify` replays an old table's droid exactly.
    fn heuristic(&self, _state: &Self::State, _mind: u16) -> Option<Vec<f64>> {
        None
    }

    /// [`Game::heuristic`], and how many legal actions `state` has when finding the
    /// estimate listed them anyway (a lookahead counting its work against a budget then
    /// need not list them again); `None` when it did not.
    fn heuristic_counted(
        &self,
        state: &Self::State,
        mind: u16,
    ) -> (Option<Vec<f64>>, Option<usize>) {
        (self.heuristic(state, mind), None)
    }

    /// The legal actions the droid's search chooses among where a seat is to move, when
    /// the whole list is too long to search (Zatak's free set-ups: half a million, for
    /// every set-up of the tree); `None` (the default) for all of them. Every action
    /// listed must be legal, in a fixed order, so that `/verify` finds the same choice.
    fn search_choices(&self, _state: &Self::State) -> Option<Vec<Self::Action>> {
        None
    }

    /// Whether `action` (legal at `state`) takes something of an opponent's: a kill, a hit,
    /// a capture, a claim. Baseline players of the arena reach for these.
    fn captures(&self, _state: &Self::State, _action: &Self::Action) -> bool {
        false
    }

    /// What a result is worth to each seat, on the scale of [`Game::heuristic`]: by default
    /// its share of the points. `state` is the position the result was reached at (for a
    /// game ended inside a match, the match going on), so that a game whose points are not
    /// all alike (backgammon's gammons, its cube and its match score) can value them.
    fn reward(&self, _state: &Self::State, outcome: &Outcome) -> Vec<f64> {
        outcome.shares()
    }

    /// Plays an action taken from [`Game::legal_actions`] or [`Game::chance_outcomes`] of
    /// this very position, for searches: a game whose [`Game::apply`] validates at a cost
    /// may skip what the listing already guarantees.
    fn apply_listed(
        &self,
        state: &Self::State,
        action: &Self::Action,
    ) -> Result<Self::State, RulesError> {
        self.apply(state, action)
    }

    /// At a chance node, the seat whose Roll button draws it (D-Zone's turn roll); `None`
    /// when the table draws it at once (dice that follow an action, set-up draws).
    fn roller(&self, _state: &Self::State) -> Option<Seat> {
        None
    }

    /// What this finished position leaves for the channel's next game, given to it as the
    /// option [`GameInfo::legacy`] names.
    fn legacy(&self, _state: &Self::State) -> Option<String> {
        None
    }

    /// Whether a series rests after this finished position until 00:00 UTC the next day
    /// before its next game starts (Dejarik's Wookiee pause, DJ-8). The rules say whether;
    /// the table keeps the time.
    fn rests_after(&self, _state: &Self::State) -> bool {
        false
    }

    /// The result of one game that ended inside a longer match with the step from `before`
    /// to `after` (a backgammon game won inside a match to 5), for searches that value a
    /// single game. The end of the whole match is [`Game::status`]'s.
    fn game_end(&self, _before: &Self::State, _after: &Self::State) -> Option<Outcome> {
        None
    }
}
