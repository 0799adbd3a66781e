//! Backgammon ("jacquet"), rules BG-1 … BG-6 of `rules/backgammon.md`, with GNU
//! Backgammon as the reference: the same legal plays, the same notation, the same Position
//! and Match IDs. A state is a whole match (or money game): the board, the dice, the cube
//! and the score, exactly what gnubg's two IDs hold.

pub mod bearoff;
pub mod board;
pub mod eval;
pub mod features;
pub mod ids;
pub mod net;
pub mod notation;
pub mod pubeval;
pub mod race;
mod touches;
mod turn;
mod words;

use crate::{Declared, OptionSpec};

use self::board::{Board, Play, Side};
use self::ids::{CubeOwner, GameState, MatchInfo};
use super::{
    Decision, Estimate, Forfeit, Game, GameInfo, GameOptions, Outcome, Phrase, RulesError, Seat,
    Status, Tone,
};

/// Longest match a table may play (BG-5.1).
pub const MAX_LENGTH: u16 = 25;
/// The cube stops at 64 (BG-5.2): log2.
const MAX_CUBE_LOG: u8 = 6;

/// A match position: each seat's checkers from its own side (seat 0 = White = gnubg's
/// player 0) and the match state.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub sides: [Side; 2],
    pub info: MatchInfo,
}

/// What a player or chance does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// The opening roll: White's die, Black's die (BG-2.1).
    Opening(u8, u8),
    /// A turn's roll, higher die first (BG-2.2).
    Dice(u8, u8),
    /// Roll without doubling.
    Roll,
    Double,
    Take,
    Drop,
    /// A whole turn's play; its canonical text is gnubg's.
    Play(Play),
    /// No die can be used (BG-3.7).
    Pass,
    /// Offer to end the game conceding 1 (single), 2 (gammon) or 3 (backgammon) times the
    /// cube (BG-5.5). Like in gnubg it is not a move: it is never listed among the legal
    /// actions, but the player to act may offer it whenever no double is pending.
    Resign(u8),
    /// The opponent accepts the resignation offered and wins those points.
    Accept,
    /// The opponent refuses it; the game goes on.
    Reject,
}

/// "single", "gammon", "backgammon" by points per cube.
const RESIGN_WORDS: [&str; 3] = ["single", "gammon", "backgammon"];

/// Backgammon with a match length (0 = a money game).
#[derive(Debug, Clone)]
pub struct Backgammon {
    length: u16,
}

impl Default for Backgammon {
    fn default() -> Self {
        Backgammon { length: 1 }
    }
}

impl State {
    fn other(seat: u8) -> u8 {
        1 - seat
    }

    /// The board seen by the player on roll.
    pub fn board(&self) -> Board {
        let me = self.info.on_roll as usize;
        Board {
            me: self.sides[me],
            them: self.sides[1 - me],
        }
    }

    pub fn cube_value(&self) -> u32 {
        1 << self.info.cube_log
    }

    /// Whether the match (or money game) is decided.
    fn match_over(&self) -> bool {
        let ended = matches!(
            self.info.game,
            GameState::Over | GameState::Resigned | GameState::Dropped
        );
        if self.info.length == 0 {
            ended
        } else {
            ended && self.info.score.iter().any(|&s| s >= self.info.length)
        }
    }

    /// Whether the player on roll may double now (BG-5.1 … BG-5.3).
    fn may_double(&self) -> bool {
        let m = &self.info;
        m.game == GameState::Playing
            && m.dice == (0, 0)
            && !m.double_offered
            && m.resignation == 0
            && !m.rolling
            && m.length != 1
            && !m.crawford
            && m.cube_log < MAX_CUBE_LOG
            && match m.cube_owner {
                CubeOwner::Centred => true,
                CubeOwner::Player(p) => p == m.on_roll,
            }
    }

    /// Ends the game: `winner` scores `points`; decides whether the next game is the
    /// Crawford game (BG-5.3). A finished game's Crawford flag tells about the next game.
    fn finish(&mut self, winner: u8, points: u32, how: GameState) {
        let length = self.info.length;
        let before = self.info.score[winner as usize];
        let after = before.saturating_add(points.min(u16::MAX as u32) as u16);
        self.info.score[winner as usize] = after;
        let reached = length > 1 && before < length - 1 && after == length - 1;
        let others_below = self.info.score[Self::other(winner) as usize] < length.saturating_sub(1);
        self.info.crawford = !self.info.crawford && reached && others_below;
        self.info.game = how;
        self.info.double_offered = false;
        self.info.rolling = false;
    }
}

impl Backgammon {
    /// Options: `length` (or `to`): the match length, 1 by default, 0 for a money game.
    pub fn from_options(options: &GameOptions) -> Result<Self, RulesError> {
        let options = Declared::read(Self::INFO.options, options)?;
        Ok(Backgammon {
            length: options.whole("length") as u16,
        })
    }

    pub fn length(&self) -> u16 {
        self.length
    }

    /// Every legal play with the dice of `state` (empty when it must pass).
    pub fn plays(&self, state: &State) -> Vec<Play> {
        let (d1, d2) = state.info.dice;
        if d1 == 0 {
            return Vec::new();
        }
        state.board().plays(d1, d2)
    }

    fn status_is_over(&self, state: &State) -> bool {
        matches!(self.status(state), Status::Over(_))
    }

    fn after_play(&self, state: &State, after: Board) -> State {
        let mut next = state.clone();
        let me = state.info.on_roll;
        let them = State::other(me);
        next.sides[me as usize] = after.me;
        next.sides[them as usize] = after.them;
        if board::on_board(&after.me) == 0 {
            // BG-4.2: single, gammon or backgammon, times the cube (single only under the
            // Jacoby rule of an imported money game whose cube was never turned).
            let loser = &after.them;
            let jacoby = state.info.length == 0
                && state.info.jacoby
                && state.info.cube_owner == CubeOwner::Centred;
            let multiplier = if board::borne_off(loser) > 0 || jacoby {
                1
            } else if loser[board::BAR] > 0 || loser[18..24].iter().any(|&n| n > 0) {
                3
            } else {
                2
            };
            next.finish(me, multiplier * state.cube_value(), GameState::Over);
        }
        next.info.on_roll = them;
        next.info.turn = them;
        next.info.dice = (0, 0);
        next
    }
}

fn bad_state(text: &str, why: impl std::fmt::Display) -> RulesError {
    RulesError::BadPosition(format!("'{}': {why}", text.trim()))
}

impl Game for Backgammon {
    type State = State;
    type Action = Action;
    type History = ();

    const INFO: GameInfo = GameInfo {
        id: "backgammon",
        aliases: &["jacquet"],
        name: "Backgammon",
        min_seats: 2,
        max_seats: 2,
        points_option: Some("length"),
        draws: false,
        options: &[OptionSpec::whole("length", 0, MAX_LENGTH as u64, 1).or(&["to"])],
        decisions: &[
            Decision::button("roll", Tone::Main),
            Decision {
                action: "double",
                tone: Tone::Quiet,
                command: Some("double"),
            },
            Decision::button("take", Tone::Main),
            Decision::button("drop", Tone::Danger),
            Decision::button("accept", Tone::Main),
            Decision::button("reject", Tone::Quiet),
        ],
        forced: &[],
        legacy: None,
        before_roll: None,
        estimate: Estimate::Sharp,
        ladder: crate::SEARCH_LADDER,
        // Issue 52: the loser must have played three turns (a roll and a play each) before the winner earns a token.
        token_actions: 6,
    };

    fn from_options(options: &GameOptions) -> Result<Self, RulesError> {
        Backgammon::from_options(options)
    }

    /// After the opening roll, so that the picture shows dice and whose turn it is.
    fn showcase(&self) -> Result<State, RulesError> {
        self.apply(&self.start(2)?, &Action::Opening(3, 1))
    }

    fn new_game(&self, _seats: usize) -> Result<State, RulesError> {
        Ok(State {
            sides: [board::start_side(), board::start_side()],
            info: MatchInfo::new(self.length),
        })
    }

    fn status(&self, state: &State) -> Status {
        let m = &state.info;
        if state.match_over() {
            let points = m.score.iter().map(|&s| s as u32).collect();
            return Status::Over(if m.length == 0 {
                Outcome::new(points, "money game over").told(Phrase::new("bg-money-over"))
            } else {
                Outcome::new(points, format!("match to {} over", m.length))
                    .told(Phrase::new("bg-match-over").value("length", m.length))
            });
        }
        if m.game != GameState::Playing {
            return Status::Chance;
        }
        if m.double_offered || m.resignation > 0 {
            return Status::ToMove(m.turn as Seat);
        }
        if m.dice == (0, 0) {
            return if state.may_double() {
                Status::ToMove(m.on_roll as Seat)
            } else {
                Status::Chance
            };
        }
        Status::ToMove(m.on_roll as Seat)
    }

    fn legal_actions(&self, state: &State) -> Vec<Action> {
        match self.status(state) {
            Status::Over(_) => Vec::new(),
            Status::Chance => self
                .chance_outcomes(state)
                .into_iter()
                .map(|(a, _)| a)
                .collect(),
            Status::ToMove(_) => {
                let m = &state.info;
                if m.resignation > 0 {
                    vec![Action::Accept, Action::Reject]
                } else if m.double_offered {
                    vec![Action::Take, Action::Drop]
                } else if m.dice == (0, 0) {
                    vec![Action::Roll, Action::Double]
                } else {
                    let mut plays = self.plays(state);
                    if plays.is_empty() {
                        vec![Action::Pass]
                    } else {
                        // Most natural first (menus show the first 25); ties keep gnubg's
                        // order of generation.
                        let before = state.board();
                        plays.sort_by_cached_key(|p| std::cmp::Reverse(natural(&before, p)));
                        plays.into_iter().map(Action::Play).collect()
                    }
                }
            }
        }
    }

    fn chance_outcomes(&self, state: &State) -> Vec<(Action, f64)> {
        if self.status(state) != Status::Chance {
            return Vec::new();
        }
        if state.info.game != GameState::Playing {
            let mut out = Vec::with_capacity(30);
            for w in 1..=6 {
                for b in 1..=6 {
                    if w != b {
                        out.push((Action::Opening(w, b), 1.0 / 30.0));
                    }
                }
            }
            return out;
        }
        let mut out = Vec::with_capacity(21);
        for hi in (1..=6).rev() {
            for lo in (1..=hi).rev() {
                let p = if hi == lo { 1.0 / 36.0 } else { 2.0 / 36.0 };
                out.push((Action::Dice(hi, lo), p));
            }
        }
        out
    }

    fn apply(&self, state: &State, action: &Action) -> Result<State, RulesError> {
        turn::apply(self, state, action)
    }

    /// A listed play needs no second search of every play to be known legal.
    fn apply_listed(&self, state: &State, action: &Action) -> Result<State, RulesError> {
        let m = &state.info;
        match action {
            Action::Play(play)
                if m.game == GameState::Playing
                    && m.dice != (0, 0)
                    && !m.double_offered
                    && m.resignation == 0 =>
            {
                Ok(self.after_play(state, play.after))
            }
            _ => self.apply(state, action),
        }
    }

    fn parse_state(&self, text: &str) -> Result<State, RulesError> {
        let trimmed = text.trim();
        let (pid, mid) = match trimmed.split_once(':') {
            Some((p, m)) => (p, Some(m)),
            None => (trimmed, None),
        };
        let (not_on_roll, on_roll) = ids::parse_position_id(pid).map_err(|e| bad_state(text, e))?;
        let info = match mid {
            Some(mid) => ids::parse_match_id(mid).map_err(|e| bad_state(text, e))?,
            None => MatchInfo {
                game: GameState::Playing,
                ..MatchInfo::new(self.length)
            },
        };
        let mut sides = [[0; 25]; 2];
        sides[info.on_roll as usize] = on_roll;
        sides[1 - info.on_roll as usize] = not_on_roll;
        for i in 0..24 {
            if on_roll[i] > 0 && not_on_roll[23 - i] > 0 {
                return Err(bad_state(
                    text,
                    format!("both players have checkers on point {}", i + 1),
                ));
            }
        }
        let state = State { sides, info };
        if info.game == GameState::Playing && sides.iter().any(|s| board::on_board(s) == 0) {
            return Err(bad_state(
                text,
                "a player has borne off every checker, yet the game goes on",
            ));
        }
        Ok(state)
    }

    fn format_state(&self, state: &State) -> String {
        let me = state.info.on_roll as usize;
        format!(
            "{}:{}",
            ids::position_id(&state.sides[1 - me], &state.sides[me]),
            ids::match_id(&state.info)
        )
    }

    fn parse_action(&self, state: &State, text: &str) -> Result<Action, RulesError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let die = |w: &str| {
            w.parse::<u8>()
                .ok()
                .filter(|d| (1..=6).contains(d))
                .ok_or_else(|| {
                    RulesError::BadAction(format!("'{w}' is not a die (1–6)"))
                        .told(Phrase::new("bg-bad-die").value("text", w))
                })
        };
        match words.as_slice() {
            [] => Err(RulesError::BadAction("empty action".into())
                .told(Phrase::new("bg-no-move").value("text", ""))),
            ["roll"] => Ok(Action::Roll),
            ["double"] => Ok(Action::Double),
            ["take"] => Ok(Action::Take),
            ["accept"] => Ok(Action::Accept),
            ["reject"] => Ok(Action::Reject),
            ["resign"] => Ok(Action::Resign(1)),
            ["resign", kind] => RESIGN_WORDS
                .iter()
                .position(|w| w == kind)
                .map(|i| Action::Resign(i as u8 + 1))
                .or_else(|| {
                    kind.parse::<u8>()
                        .ok()
                        .filter(|n| (1..=3).contains(n))
                        .map(Action::Resign)
                })
                .ok_or_else(|| {
                    RulesError::BadAction(format!(
                        "resign single, gammon or backgammon, not '{kind}'"
                    ))
                    .told(Phrase::new("bg-bad-resign").value("text", *kind))
                }),
            ["drop" | "pass"] if state.info.double_offered => Ok(Action::Drop),
            ["pass"] => Ok(Action::Pass),
            ["roll", a, b] => {
                let (a, b) = (die(a)?, die(b)?);
                if state.info.game != GameState::Playing {
                    Ok(Action::Opening(a, b))
                } else {
                    Ok(Action::Dice(a, b))
                }
            }
            _ => {
                if state.info.dice == (0, 0) {
                    return Err(RulesError::Illegal(
                        "no dice are rolled: there is no play to make yet".into(),
                    )
                    .told(Phrase::new("bg-no-dice")));
                }
                let plays = self.plays(state);
                if plays.is_empty() {
                    return Err(RulesError::Illegal(
                        "no checker can move with these dice: the only action is pass".into(),
                    )
                    .told(Phrase::new("bg-must-pass")));
                }
                notation::resolve(&state.board(), &plays, text)
                    .cloned()
                    .map(Action::Play)
            }
        }
    }

    fn format_action(&self, state: &State, action: &Action) -> String {
        match action {
            Action::Opening(w, b) => format!("roll {w} {b}"),
            Action::Dice(a, b) => format!("roll {} {}", a.max(b), a.min(b)),
            Action::Roll => "roll".into(),
            Action::Double => "double".into(),
            Action::Take => "take".into(),
            Action::Drop => "drop".into(),
            Action::Pass => "pass".into(),
            Action::Resign(n) => format!("resign {}", RESIGN_WORDS[(*n as usize).clamp(1, 3) - 1]),
            Action::Accept => "accept".into(),
            Action::Reject => "reject".into(),
            Action::Play(play) => notation::format_play(&state.board(), play),
        }
    }

    fn history_start(&self, _state: &State) {}

    fn history_step(&self, _history: &mut (), _next: &State) -> Option<Outcome> {
        None
    }

    /// Resigning concedes the whole match (BG-5.5): the opponent is given the points it
    /// lacks (a money game: the cube's value).
    fn forfeit(&self, state: &State, seat: Seat) -> Result<Forfeit<State>, RulesError> {
        if seat > 1 {
            return Err(RulesError::Illegal(format!("no seat {seat}")));
        }
        let mut points: Vec<u32> = state.info.score.iter().map(|&s| s as u32).collect();
        let winner = 1 - seat;
        if state.info.length == 0 {
            points[winner] += state.cube_value();
        } else {
            points[winner] = points[winner].max(state.info.length as u32);
        }
        Ok(Forfeit::Ended(
            Outcome::new(points, "resigned the match")
                .told(Phrase::new("bg-resigned-match").seat("who", seat)),
        ))
    }

    fn route(&self, before: &State, action: &Action, _text: &str) -> crate::menu::Route {
        words::route(self, before, action)
    }

    /// Each checker's point, then where it goes, in any order ([`touches`]).
    fn touches(&self, before: &State, action: &Action) -> Vec<Vec<String>> {
        match action {
            Action::Play(play) => touches::ways(&play.steps, &before.board().me),
            _ => Vec::new(),
        }
    }

    /// The cube, the dice and resignations in words (BG-5); plays are told as written.
    fn describe(&self, before: &State, action: &Action) -> Option<Phrase> {
        words::describe(before, action)
    }

    /// Every game of a match ends with a play, a drop or an accepted resignation that moves
    /// the score: the points each side gained.
    fn game_end(&self, before: &State, after: &State) -> Option<Outcome> {
        if before.info.game != GameState::Playing || after.info.game == GameState::Playing {
            return None;
        }
        let points: Vec<u32> = (0..2)
            .map(|seat| after.info.score[seat].saturating_sub(before.info.score[seat]) as u32)
            .collect();
        Some(Outcome::new(points, "game over"))
    }

    /// A game that ends inside a match: who won how much, the score, and a Crawford game
    /// to come.
    fn note(&self, before: &State, after: &State) -> Vec<Phrase> {
        words::note(self, before, after)
    }

    /// The network of the droid's `mind`, valued by the match score or the points at stake.
    fn heuristic(&self, state: &State, mind: u16) -> Option<Vec<f64>> {
        Some(eval::heuristic(self, state, mind).0)
    }

    fn heuristic_counted(&self, state: &State, mind: u16) -> (Option<Vec<f64>>, Option<usize>) {
        let (value, plays) = eval::heuristic(self, state, mind);
        (Some(value), plays)
    }

    /// A play that hits a blot (BG-3.3).
    fn captures(&self, state: &State, action: &Action) -> bool {
        matches!(action, Action::Play(play) if play.after.them[board::BAR] > state.board().them[board::BAR])
    }

    /// A match's end, a game's end inside a match (by the new score) or a money game's
    /// points.
    fn reward(&self, state: &State, outcome: &Outcome) -> Vec<f64> {
        eval::reward(state, outcome)
    }

    /// A backgammon at the cube's value (BG-4.2).
    fn full_value(&self, state: &State) -> u32 {
        3 * state.cube_value()
    }

    fn agreed_end(&self, state: &State) -> Outcome {
        Outcome::new(
            state.info.score.iter().map(|&s| s as u32).collect(),
            "ended by agreement",
        )
        .told(Phrase::new("game-agreed"))
    }
}

/// A rough taste for plays, only to list the likely ones first: hits, checkers borne off,
/// points made (home points most), minus blots left.
fn natural(before: &Board, play: &Play) -> i32 {
    let after = &play.after;
    let hits = after.them[board::BAR] as i32 - before.them[board::BAR] as i32;
    let off = board::borne_off(&after.me) as i32 - board::borne_off(&before.me) as i32;
    let mut score = 6 * hits + 5 * off;
    for (i, &n) in after.me[..24].iter().enumerate() {
        let home = i < 6;
        match n {
            0 => {}
            1 => score -= if home { 3 } else { 2 },
            _ => score += if home { 4 } else { 2 },
        }
    }
    score
}
