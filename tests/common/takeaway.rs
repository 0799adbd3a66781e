//! A small game for 2–4 players that exercises what the table layer does for any game: in
//! turn, each player still in takes 1 or 2 counters from a pile; whoever takes the last one
//! wins 1 point. When the pile stands at 7, the player to act must pass, once (a forced
//! action). A player who resigns leaves; with one player left, that player wins.
//!
//! Notation: a position is `pile/to_move/seats/passed`, e.g. `12/0/111/-` (seats: 1 for a
//! player still in; passed: `p` once the pass at 7 was played); actions are `1`, `2`, `pass`.

use holotable::catalogue::Entry;
use holotable::games::{
    Estimate, Forfeit, Game, GameInfo, GameOptions, Outcome, RulesError, Seat, Status,
};
use holotable::render::{encode, kit, Board, Canvas, RenderError, Scene, SideLook};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pile {
    pub pile: u32,
    pub to_move: usize,
    pub alive: Vec<bool>,
    pub passed: bool,
    /// The seat that took the last counter, once the pile is empty.
    pub winner: Option<usize>,
}

pub struct Takeaway {
    pile: u32,
}

pub const FORCED_AT: u32 = 7;

thread_local! {
    /// How many actions this thread's games read from notation and wrote in it: a command
    /// runs on the thread that hands it to the tables, so a test counts its own.
    pub static NOTATION: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

fn counted(read: usize, written: usize) {
    NOTATION.with(|n| {
        let (r, w) = n.get();
        n.set((r + read, w + written));
    });
}

impl Takeaway {
    fn next_alive(state: &Pile, from: usize) -> usize {
        let n = state.alive.len();
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|&s| state.alive[s])
            .unwrap_or(from)
    }

    fn must_pass(state: &Pile) -> bool {
        state.pile == FORCED_AT && !state.passed
    }
}

impl Game for Takeaway {
    const INFO: GameInfo = GameInfo {
        id: "takeaway",
        aliases: &["nim"],
        name: "Takeaway",
        min_seats: 2,
        max_seats: 4,
        points_option: None,
        draws: true,
        options: &[holotable::games::OptionSpec::whole("pile", 1, 99, 12)],
        decisions: &[],
        forced: &[],
        legacy: None,
        before_roll: None,
        estimate: Estimate::None,
        ladder: holotable::games::SEARCH_LADDER,
        // Its games are a few takes long: one take by every loser earns the winner's token.
        token_actions: 1,
    };

    type State = Pile;
    type Action = String;
    type History = ();

    fn from_options(options: &GameOptions) -> Result<Self, RulesError> {
        let pile = holotable::games::Declared::read(Self::INFO.options, options)?.whole("pile");
        Ok(Takeaway { pile: pile as u32 })
    }

    fn new_game(&self, seats: usize) -> Result<Pile, RulesError> {
        Ok(Pile {
            pile: self.pile,
            to_move: 0,
            alive: vec![true; seats],
            passed: false,
            winner: None,
        })
    }

    fn status(&self, state: &Pile) -> Status {
        match state.winner {
            Some(w) => {
                let mut points = vec![0; state.alive.len()];
                points[w] = 1;
                Status::Over(Outcome::new(points, "took the last counter"))
            }
            None => Status::ToMove(state.to_move),
        }
    }

    fn legal_actions(&self, state: &Pile) -> Vec<String> {
        if state.winner.is_some() {
            return Vec::new();
        }
        if Self::must_pass(state) {
            return vec!["pass".into()];
        }
        (1..=state.pile.min(2)).map(|n| n.to_string()).collect()
    }

    fn apply(&self, state: &Pile, action: &String) -> Result<Pile, RulesError> {
        if state.winner.is_some() {
            return Err(RulesError::GameOver);
        }
        if !self.legal_actions(state).contains(action) {
            return Err(RulesError::Illegal(format!("{action} is not legal here")));
        }
        let mut next = state.clone();
        if action == "pass" {
            next.passed = true;
        } else {
            next.pile -= action.parse::<u32>().expect("a legal take is a number");
            if next.pile == 0 {
                next.winner = Some(state.to_move);
                return Ok(next);
            }
        }
        next.to_move = Self::next_alive(state, state.to_move);
        Ok(next)
    }

    fn parse_state(&self, text: &str) -> Result<Pile, RulesError> {
        let bad = || RulesError::BadPosition(text.to_string());
        let parts: Vec<&str> = text.trim().split('/').collect();
        let [pile, to_move, alive, passed] = parts.as_slice() else {
            return Err(bad());
        };
        let alive: Vec<bool> = alive.chars().map(|c| c == '1').collect();
        let (winner, pile) = match pile.strip_prefix('w') {
            Some(w) => (Some(w.parse().map_err(|_| bad())?), 0),
            None => (None, pile.parse().map_err(|_| bad())?),
        };
        Ok(Pile {
            pile,
            to_move: to_move.parse().map_err(|_| bad())?,
            alive,
            passed: *passed == "p",
            winner,
        })
    }

    fn format_state(&self, state: &Pile) -> String {
        let pile = match state.winner {
            Some(w) => format!("w{w}"),
            None => state.pile.to_string(),
        };
        let alive: String = state
            .alive
            .iter()
            .map(|&a| if a { '1' } else { '0' })
            .collect();
        let passed = if state.passed { "p" } else { "-" };
        format!("{pile}/{}/{alive}/{passed}", state.to_move)
    }

    fn parse_action(&self, _state: &Pile, text: &str) -> Result<String, RulesError> {
        counted(1, 0);
        match text.trim() {
            t @ ("1" | "2" | "pass") => Ok(t.to_string()),
            t => Err(RulesError::BadAction(format!(
                "'{t}': take 1 or 2, or pass"
            ))),
        }
    }

    fn format_action(&self, _state: &Pile, action: &String) -> String {
        counted(0, 1);
        action.clone()
    }

    fn history_start(&self, _state: &Pile) {}

    fn history_step(&self, _history: &mut (), _next: &Pile) -> Option<Outcome> {
        None
    }

    fn forfeit(&self, state: &Pile, seat: Seat) -> Result<Forfeit<Pile>, RulesError> {
        if !state.alive.get(seat).copied().unwrap_or(false) {
            return Err(RulesError::Illegal(format!("seat {seat} is not playing")));
        }
        let mut next = state.clone();
        next.alive[seat] = false;
        let left: Vec<usize> = (0..next.alive.len()).filter(|&s| next.alive[s]).collect();
        if let [last] = left.as_slice() {
            let mut points = vec![0; state.alive.len()];
            points[*last] = 1;
            return Ok(Forfeit::Ended(Outcome::new(points, "the others left")));
        }
        if next.to_move == seat {
            next.to_move = Self::next_alive(&next, seat);
        }
        Ok(Forfeit::Continues(next))
    }

    fn agreed_end(&self, state: &Pile) -> Outcome {
        Outcome::new(vec![0; state.alive.len()], "ended by agreement")
    }

    fn full_value(&self, _state: &Pile) -> u32 {
        2
    }
}

/// The pile drawn as a number: enough for a real PNG in every reply.
pub struct PileBoard;

impl Board for PileBoard {
    fn canvas(
        &self,
        _lang: holotable::words::Lang,
        options: &GameOptions,
        state: &str,
        scene: &Scene,
        scale: f32,
    ) -> Result<Canvas, RenderError> {
        let game = Takeaway::from_options(options)?;
        let pile = game.parse_state(state)?;
        let mut canvas = Canvas::new(200.0, 100.0, scale);
        canvas.clear(kit::theme::BACKGROUND);
        let text = format!("{} left · {}", pile.pile, scene.names.join(", "));
        canvas.text(&text, 10.0, 50.0, 14.0, kit::theme::TEXT, kit::Align::Left);
        Ok(canvas)
    }

    fn png(
        &self,
        lang: holotable::words::Lang,
        options: &GameOptions,
        state: &str,
        scene: &Scene,
    ) -> Result<Vec<u8>, RenderError> {
        encode::png_rgb(&self.canvas(lang, options, state, scene, 1.0)?)
    }

    fn png_of(
        &self,
        lang: holotable::words::Lang,
        play: &dyn holotable::games::DynPlay,
        scene: &Scene,
    ) -> Result<Vec<u8>, RenderError> {
        self.png(lang, &GameOptions::new(), &play.position(), scene)
    }

    fn replay(
        &self,
        lang: holotable::words::Lang,
        options: &GameOptions,
        start: &str,
        _actions: &[holotable::games::Step],
        dress: &Scene,
    ) -> Result<Vec<u8>, RenderError> {
        self.png(lang, options, start, dress)
    }

    fn spots(&self, _play: &dyn holotable::games::DynPlay) -> holotable::render::spots::Spots {
        holotable::render::spots::Spots::default()
    }

    fn sides(&self) -> &'static [SideLook] {
        &[SideLook::WHITE, SideLook::BLACK]
    }

    fn surfaces(&self) -> &'static [kit::Rgb] {
        &[kit::theme::BACKGROUND]
    }
}

pub static TAKEAWAY: Entry = Entry::of::<Takeaway>(&PileBoard);
