//! `holotable arena`: two players, each a policy over the rules contract, play a series of
//! games with seats alternated; the result is counted with a 95 % confidence interval. It is
//! how the droid's strength is measured (issue 17), never by timed tests.

use std::sync::Arc;

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::{DynGame, DynPlay, Status};

/// A player of the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The droid at a level, 1–5.
    Droid(u8),
    /// A uniformly random legal action.
    Random,
    /// A winning action when there is one, else random.
    Greedy,
    /// Backgammon only: Tesauro's pubeval at one ply; rolls, never doubles, always takes.
    Pubeval,
}

impl Player {
    /// `droid:L`, `random` or `greedy`.
    pub fn parse(text: &str) -> Result<Player, String> {
        match text.trim() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "pubeval" => Ok(Player::Pubeval),
            other => other
                .strip_prefix("droid:")
                .and_then(|l| l.parse::<u8>().ok())
                .filter(|l| crate::droid::LEVELS.contains(l))
                .map(Player::Droid)
                .ok_or_else(|| {
                    format!("'{other}' is not a player: droid:1 … droid:5, random, greedy")
                }),
        }
    }

    fn choose(self, play: &dyn DynPlay, rng: &mut dyn RngCore) -> Result<usize, String> {
        let n = play.choice_count();
        if n == 0 {
            return Err("no legal action".into());
        }
        match self {
            Player::Droid(level) => {
                crate::droid::choose(play, level, rng).map_err(|e| e.to_string())
            }
            Player::Random => Ok(rng.random_range(0..n)),
            Player::Greedy => Ok(crate::droid::search::winning_choice(play)
                .unwrap_or_else(|| rng.random_range(0..n))),
            Player::Pubeval => pubeval(play).ok_or_else(|| "pubeval plays backgammon only".into()),
        }
    }
}

/// pubeval's choice (see [`Player::Pubeval`]).
fn pubeval(play: &dyn DynPlay) -> Option<usize> {
    use crate::games::backgammon::{pubeval, Backgammon};
    use crate::games::Playthrough;
    let state = |p: &dyn DynPlay| {
        p.as_any()
            .downcast_ref::<Playthrough<Backgammon>>()
            .map(|t| t.state().clone())
    };
    let before = state(play)?;
    let texts: Vec<String> = (0..play.choice_count())
        .filter_map(|i| play.choice_text(i))
        .collect();
    for wanted in ["roll", "take", "reject"] {
        if let Some(i) = texts.iter().position(|t| t == wanted) {
            return Some(i);
        }
    }
    let me = before.info.turn as usize;
    let race = !pubeval::contact(&before.sides[me], &before.sides[1 - me]);
    let mut best = (f32::NEG_INFINITY, 0);
    for i in 0..texts.len() {
        let mut next = play.clone_box();
        next.step(i).ok()?;
        let after = state(next.as_ref())?;
        let score = pubeval::score(&after.sides[me], &after.sides[1 - me], race);
        if score > best.0 {
            best = (score, i);
        }
    }
    Some(best.1)
}

/// What a series of games gave player A.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// How long player A took for each of its choices, in milliseconds.
    pub think_ms: Vec<f64>,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// A's score: a win 1, a draw ½.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The median and the longest of A's choice times, in milliseconds.
    pub fn think(&self) -> (f64, f64) {
        let mut t = self.think_ms.clone();
        t.sort_by(|a, b| a.total_cmp(b));
        let median = t.get(t.len() / 2).copied().unwrap_or(0.0);
        (median, t.last().copied().unwrap_or(0.0))
    }

    /// Half the width of the 95 % confidence interval of the score (normal approximation).
    pub fn margin(&self) -> f64 {
        let p = self.score();
        1.96 * (p * (1.0 - p) / self.games().max(1) as f64).sqrt()
    }
}

/// One game between `a` (in seat `a_seat`) and `b` in every other seat; returns A's points
/// share: 1 a win, 0 a loss, ½ otherwise.
pub fn play_game(
    game: &Arc<dyn DynGame>,
    seats: usize,
    a: Player,
    b: Player,
    a_seat: usize,
    rng: &mut ChaCha8Rng,
    think_ms: &mut Vec<f64>,
) -> Result<Option<bool>, String> {
    let mut play = game.start(seats).map_err(|e| e.to_string())?;
    for _ in 0..100_000 {
        let choice = match play.status() {
            Status::Over(outcome) => {
                return Ok(outcome.winner().map(|w| w == a_seat));
            }
            Status::Chance => {
                let weights = play.chance_weights();
                let total: f64 = weights.iter().sum();
                let mut x = rng.random::<f64>() * total;
                let mut pick = weights.len().saturating_sub(1);
                for (i, w) in weights.iter().enumerate() {
                    x -= w;
                    if x < 0.0 {
                        pick = i;
                        break;
                    }
                }
                pick
            }
            Status::ToMove(seat) if seat == a_seat => {
                let started = std::time::Instant::now();
                let choice = a.choose(play.as_ref(), rng)?;
                think_ms.push(started.elapsed().as_secs_f64() * 1000.0);
                choice
            }
            Status::ToMove(_) => b.choose(play.as_ref(), rng)?,
        };
        play.step(choice).map_err(|e| e.to_string())?;
    }
    Err("the game did not end".into())
}

/// `games` games, A's seat alternating, reporting each finished game to `progress`.
pub fn run(
    game: &Arc<dyn DynGame>,
    games: u32,
    a: Player,
    b: Player,
    seed: u64,
    mut progress: impl FnMut(u32, &Tally),
) -> Result<Tally, String> {
    let seats = game.info().min_seats;
    let mut tally = Tally::default();
    for i in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i as u64));
        match play_game(
            game,
            seats,
            a,
            b,
            i as usize % seats,
            &mut rng,
            &mut tally.think_ms,
        )? {
            Some(true) => tally.wins += 1,
            Some(false) => tally.losses += 1,
            None => tally.draws += 1,
        }
        progress(i + 1, &tally);
    }
    Ok(tally)
}
