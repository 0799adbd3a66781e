//! Dejarik, the holochess variant of `rules/dejarik.md` (DJ-1 … DJ-9).

pub mod board;
pub mod moves;
pub mod notation;
pub mod series;

use crate::menu::{Route, Stage};
use crate::repetition::Repetitions;
use crate::{Declared, OptionSpec};

use serde_json::Value;

pub use board::{Cell, Position, Side, Zone};
pub use moves::{MoveKind, Resolved};
pub use notation::{format_cell, parse_cell, Action};

use super::{
    Estimate, Forfeit, Game, GameInfo, GameOptions, Outcome, Phrase, RulesError, Seat, Status,
};

/// The default move cap of DJ-5.7.
pub const DEFAULT_CAP: u32 = 300;

/// Dejarik with a table's options: the start position (default set-up, or a custom one in
/// position notation) and the move cap.
#[derive(Debug, Clone)]
pub struct Dejarik {
    start: Position,
    cap: u32,
    /// The Wookiee pause of a series (DJ-8).
    wookiee: bool,
}

impl Default for Dejarik {
    fn default() -> Self {
        Dejarik {
            start: Position::start(Side::White),
            cap: DEFAULT_CAP,
            wookiee: false,
        }
    }
}

/// What the rules remember of the log: how often each position occurred (DJ-5.5) and how
/// many moves were played (DJ-5.7).
#[derive(Debug, Clone, Default)]
pub struct DejarikHistory {
    seen: Repetitions<Position>,
    moves: u32,
}

fn option_side(options: &GameOptions, key: &str) -> Result<Option<Side>, RulesError> {
    let bad = || {
        RulesError::BadOption(format!("{key} must be w, b, white, black, 0 or 1"))
            .told(Phrase::new("dj-option-side").value("option", key))
    };
    let side = match options.get(key) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(n)) => n.as_u64().and_then(|n| Side::from_seat(n as usize)),
        Some(Value::String(s)) => match s.trim().to_ascii_lowercase().as_str() {
            "w" | "white" | "0" => Some(Side::White),
            "b" | "black" | "1" => Some(Side::Black),
            _ => None,
        },
        Some(_) => None,
    };
    side.map(Some).ok_or_else(bad)
}

impl Dejarik {
    /// Reads the table options: `setup` (a start position in DJ-9 notation), `first` (who
    /// moves first in the default set-up: `w`/`b` or seat 0/1; it also overrides the side
    /// to move of a custom set-up) and `cap` (the move cap, DJ-5.7). Unknown keys are left
    /// to other layers.
    pub fn from_options(options: &GameOptions) -> Result<Self, RulesError> {
        let declared = Declared::read(Self::INFO.options, options)?;
        let first = option_side(options, "first")?;
        let mut start = match declared.text("setup") {
            None => Position::start(first.unwrap_or(Side::White)),
            Some(text) => notation::parse_position(text).map_err(|e| {
                RulesError::BadOption(format!("setup: {e}"))
                    .told(Phrase::new("option-setup").value("error", e.to_string()))
            })?,
        };
        if let Some(first) = first {
            start.to_move = first;
        }
        Ok(Dejarik {
            start,
            cap: declared.whole("cap") as u32,
            wookiee: declared.flag("wookiee"),
        })
    }

    pub fn cap(&self) -> u32 {
        self.cap
    }

    /// Every move of the side to move, resolved (DJ-3, DJ-4); a pass is not among them.
    pub fn moves(&self, pos: &Position) -> Vec<Resolved> {
        let mut out = Vec::with_capacity(24);
        moves::generate(pos, pos.to_move, &mut out);
        out
    }

    /// The full effect of a legal move, for boards and replays.
    pub fn resolve(&self, pos: &Position, from: Cell, to: Cell) -> Result<Resolved, RulesError> {
        self.moves(pos)
            .into_iter()
            .find(|m| m.from == from && m.to == to)
            .ok_or_else(|| self.explain_illegal(pos, from, to))
    }

    /// The end checks of DJ-5.1–5.3b and DJ-5.6 that the position decides, in order.
    fn verdict(&self, pos: &Position) -> Option<Outcome> {
        let victim = pos.to_move;
        let mover = victim.other();
        let win = |side: Side, points: u32, why: String, id: &'static str, who: Side| {
            let mut all = vec![0, 0];
            all[side.seat()] = points;
            Some(Outcome::new(all, why).told(Phrase::new(id).seat("who", who.seat())))
        };
        if pos.mask(mover).count_ones() == 4 && pos.aligned(mover, 4) {
            let why = format!("{} aligns four pieces", mover.name());
            return win(mover, 3, why, "dj-aligns-four", mover);
            // DJ-5.1
        }
        if pos.lost(victim) >= 2 {
            let why = format!("{} has lost two pieces", victim.name());
            return win(mover, 2, why, "dj-lost-two", victim);
            // DJ-5.2
        }
        if pos.lost(mover) >= 1 && pos.aligned(mover, 3) {
            let why = format!("{} aligns three pieces", mover.name());
            return win(mover, 1, why, "dj-aligns-three", mover);
            // DJ-5.3
        }
        if pos.lost(victim) >= 1 && pos.aligned(victim, 3) {
            let why = format!("{} aligns three pieces", victim.name());
            return win(victim, 1, why, "dj-aligns-three", victim);
            // DJ-5.3b
        }
        // DJ-5.6: neither player can move. (DJ-5.5 comes first in the order of checks, but a
        // position where both are blocked ends the game when first reached, so it can never
        // occur a third time.)
        if !moves::has_move(pos, victim) && !moves::has_move(pos, mover) {
            return Some(
                Outcome::new(vec![0, 0], "all pieces are blocked: null game")
                    .told(Phrase::new("dj-blocked")),
            );
        }
        None
    }

    /// A specific reason why `from-to` is not a legal move for the side to move.
    fn explain_illegal(&self, pos: &Position, from: Cell, to: Cell) -> RulesError {
        let side = pos.to_move;
        let (f, t) = (format_cell(from), format_cell(to));
        let illegal = |english: String, phrase: Phrase| RulesError::Illegal(english).told(phrase);
        match pos.at(from) {
            None => {
                return illegal(
                    format!("there is no piece on {f}"),
                    Phrase::new("dj-no-piece").value("cell", &f),
                )
            }
            Some(owner) if owner != side => {
                return illegal(
                    format!(
                        "the piece on {f} is {}'s; {} is to move",
                        owner.name(),
                        side.name()
                    ),
                    Phrase::new("dj-not-yours")
                        .value("cell", &f)
                        .value("owner", owner.name().to_ascii_lowercase()),
                )
            }
            _ => {}
        }
        if pos.is_first_turn(side) {
            let mut unrestricted = *pos;
            unrestricted.first_turn[side.seat()] = false;
            let diagonal = self
                .moves(&unrestricted)
                .into_iter()
                .any(|m| m.from == from && m.to == to && m.kind.is_diagonal());
            if diagonal {
                return illegal(
                    format!(
                        "{f}-{t} is a diagonal exit, not allowed on a player's first move (DJ-3.8)"
                    ),
                    Phrase::new("dj-first-diagonal").value("move", format!("{f}-{t}")),
                );
            }
        }
        let from_here: Vec<String> = self
            .moves(pos)
            .iter()
            .filter(|m| m.from == from)
            .map(|m| {
                notation::format_action(&Action::Move {
                    from: m.from,
                    to: m.to,
                })
            })
            .collect();
        let mv = format!("{f}-{t}");
        if from_here.is_empty() {
            illegal(
                format!("{mv} is not legal: the piece on {f} cannot move"),
                Phrase::new("dj-cannot-move")
                    .value("move", &mv)
                    .value("cell", &f),
            )
        } else {
            let moves = from_here.join(", ");
            illegal(
                format!("{mv} is not legal; the piece on {f} can play {moves}"),
                Phrase::new("dj-can-play")
                    .value("move", &mv)
                    .value("cell", &f)
                    .value("moves", moves),
            )
        }
    }
}

impl Game for Dejarik {
    const INFO: GameInfo = GameInfo {
        id: "dejarik",
        aliases: &[],
        name: "Dejarik",
        min_seats: 2,
        max_seats: 2,
        points_option: None,
        draws: true,
        options: &[
            OptionSpec::text("setup"),
            OptionSpec::whole("cap", 1, 100_000, DEFAULT_CAP as u64),
            OptionSpec::flag("wookiee"),
        ],
        decisions: &[],
        forced: &[],
        legacy: None,
        before_roll: None,
        estimate: Estimate::None,
        ladder: crate::SEARCH_LADDER,
        // Issue 52: the loser must have played four moves before the winner earns a token.
        token_actions: 4,
    };

    type State = Position;
    type Action = Action;
    type History = DejarikHistory;

    fn from_options(options: &GameOptions) -> Result<Self, RulesError> {
        Dejarik::from_options(options)
    }

    fn new_game(&self, _seats: usize) -> Result<Position, RulesError> {
        Ok(self.start)
    }

    /// DJ-8: with the `wookiee` option, a game that ended because nobody can move (DJ-5.6)
    /// rests the series until the next day.
    fn rests_after(&self, pos: &Position) -> bool {
        self.wookiee
            && self
                .verdict(pos)
                .and_then(|outcome| outcome.phrase)
                .is_some_and(|phrase| phrase.id == "dj-blocked")
    }

    fn status(&self, pos: &Position) -> Status {
        match self.verdict(pos) {
            Some(outcome) => Status::Over(outcome),
            None => Status::ToMove(pos.to_move.seat()),
        }
    }

    fn legal_actions(&self, pos: &Position) -> Vec<Action> {
        if self.verdict(pos).is_some() {
            return Vec::new();
        }
        let moves = self.moves(pos);
        if moves.is_empty() {
            // DJ-5.6: the opponent can move (else the game is over), so this player passes.
            return vec![Action::Pass];
        }
        moves
            .iter()
            .map(|m| Action::Move {
                from: m.from,
                to: m.to,
            })
            .collect()
    }

    fn apply(&self, pos: &Position, action: &Action) -> Result<Position, RulesError> {
        if self.verdict(pos).is_some() {
            return Err(RulesError::GameOver);
        }
        match *action {
            Action::Pass => {
                if moves::has_move(pos, pos.to_move) {
                    return Err(RulesError::Illegal(format!(
                        "{} cannot pass: pass is legal only with no legal move (DJ-5.6)",
                        pos.to_move.name()
                    ))
                    .told(Phrase::new("dj-no-pass")));
                }
                Ok(moves::pass(pos))
            }
            Action::Move { from, to } => {
                let mv = self.resolve(pos, from, to)?;
                Ok(moves::play(pos, &mv))
            }
        }
    }

    fn parse_state(&self, text: &str) -> Result<Position, RulesError> {
        notation::parse_position(text)
    }

    fn format_state(&self, pos: &Position) -> String {
        notation::format_position(pos)
    }

    fn parse_action(&self, _pos: &Position, text: &str) -> Result<Action, RulesError> {
        notation::parse_action(text)
    }

    fn format_action(&self, _pos: &Position, action: &Action) -> String {
        notation::format_action(action)
    }

    /// The piece's cell, then where it goes.
    fn touches(&self, _pos: &Position, action: &Action) -> Vec<Vec<String>> {
        match *action {
            Action::Move { from, to } => {
                vec![vec![notation::format_cell(from), notation::format_cell(to)]]
            }
            Action::Pass => Vec::new(),
        }
    }

    /// A move by the piece that moves, then where it goes (and whether it kills there).
    fn route(&self, pos: &Position, action: &Action, _text: &str) -> Route {
        match *action {
            Action::Move { from, to } => Route {
                stages: vec![Stage::new(
                    notation::format_cell(from),
                    Phrase::new("dj-menu-from").value("cell", notation::format_cell(from)),
                )],
                label: Phrase::new("dj-menu-move")
                    .value("from", notation::format_cell(from))
                    .value("to", notation::format_cell(to))
                    .value("kills", if pos.at(to).is_some() { "yes" } else { "no" }),
            },
            Action::Pass => Route {
                stages: Vec::new(),
                label: Phrase::new("menu-pass"),
            },
        }
    }

    fn history_start(&self, pos: &Position) -> DejarikHistory {
        DejarikHistory {
            seen: Repetitions::from(pos),
            moves: 0,
        }
    }

    fn history_step(&self, history: &mut DejarikHistory, next: &Position) -> Option<Outcome> {
        history.moves += 1;
        if history.seen.third(next) {
            // DJ-5.5
            return Some(
                Outcome::new(vec![1, 1], "draw by threefold repetition")
                    .told(Phrase::new("dj-repetition")),
            );
        }
        if history.moves >= self.cap {
            // DJ-5.7
            return Some(
                Outcome::new(
                    vec![0, 0],
                    format!("move cap of {} moves reached: null game", self.cap),
                )
                .told(Phrase::new("dj-cap").value("cap", self.cap)),
            );
        }
        None
    }

    fn forfeit(&self, _pos: &Position, seat: Seat) -> Result<Forfeit<Position>, RulesError> {
        let loser = Side::from_seat(seat)
            .ok_or_else(|| RulesError::BadOption(format!("Dejarik has no seat {seat}")))?;
        // DJ-6: the opponent wins with 2 points, as if two pieces were taken.
        let mut points = vec![0, 0];
        points[loser.other().seat()] = 2;
        Ok(Forfeit::Ended(
            Outcome::new(points, format!("{} forfeits", loser.name()))
                .told(Phrase::new("dj-forfeits").seat("who", seat)),
        ))
    }

    /// An agreed draw scores like a repetition draw, 1 point each (DJ-6 gives points for a
    /// repetition draw; an agreement is the players choosing the same result).
    /// A move that kills (DJ-4.1).
    fn captures(&self, pos: &Position, action: &Action) -> bool {
        match *action {
            Action::Move { from, to } => self
                .resolve(pos, from, to)
                .is_ok_and(|r| r.killed.is_some()),
            Action::Pass => false,
        }
    }

    fn agreed_end(&self, _pos: &Position) -> Outcome {
        Outcome::new(vec![1, 1], "draw by agreement").told(Phrase::new("game-agreed"))
    }

    /// Four in a row, the best win of DJ-5.1.
    fn full_value(&self, _pos: &Position) -> u32 {
        3
    }
}
