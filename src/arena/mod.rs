//! `holotable arena`: two players, each a policy over the rules contract, play a series of
//! games with seats alternated; the result is counted with a 95 % confidence interval. It is
//! how the droid's strength is measured (issue 17), never by timed tests.

pub mod gnubg;
pub mod luck;

use std::sync::Arc;

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::droid::Searched;
use crate::games::{DynGame, DynPlay, Status};

/// A player of the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The droid at a level, 1–5, with a mind (`droid:L` is today's [`crate::droid::MIND`],
    /// `droid:L@M` an earlier one, as stored tables still play it).
    Droid(u8, u16),
    /// A uniformly random legal action.
    Random,
    /// A winning action when there is one, else a capturing one (a random one of them),
    /// else random.
    Greedy,
    /// Backgammon only: Tesauro's pubeval at one ply; rolls, never doubles, always takes.
    Pubeval,
    /// Backgammon only: GNU Backgammon at 0 ply ([`gnubg`]), its plays and its cube
    /// actions for the match at hand (no cube in a 1-point match). It also checks every
    /// position of its games against the engine.
    Gnubg,
    /// The droid's lookahead alone ([`crate::droid::lookahead`]), this many rolls ahead,
    /// reading positions as a mind does (`lookahead:N` today's, `lookahead:N@M` mind M's),
    /// for measuring it against the levels, or one mind's estimate against another's.
    Lookahead(u8, u16),
    /// The droid's tree search alone ([`crate::droid::search`]) with this many iterations
    /// (`search:N`), for calibrating a game's levels.
    Search(u32),
}

impl Player {
    /// The droid of today's mind at `level`.
    pub fn droid(level: u8) -> Player {
        Player::Droid(level, crate::droid::MIND)
    }

    /// `droid:L`, `droid:L@M`, `random`, `greedy`, `pubeval`, `gnubg`, `lookahead:N` or
    /// `search:N`.
    pub fn parse(text: &str) -> Result<Player, String> {
        match text.trim() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "pubeval" => Ok(Player::Pubeval),
            "gnubg" => Ok(Player::Gnubg),
            other if other.starts_with("lookahead:") => {
                let spec = &other["lookahead:".len()..];
                let (rolls, mind) = spec.split_once('@').unwrap_or((spec, ""));
                let mind = match mind {
                    "" => Some(crate::droid::MIND),
                    m => m.parse::<u16>().ok(),
                };
                rolls
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (0..=3).contains(n))
                    .zip(mind.filter(|m| (1..=crate::droid::MIND).contains(m)))
                    .map(|(rolls, mind)| Player::Lookahead(rolls, mind))
                    .ok_or_else(|| {
                        format!(
                            "'{other}' is not a player: lookahead:0 … lookahead:3 \
                             (lookahead:N@M for mind M, 1–{})",
                            crate::droid::MIND
                        )
                    })
            }
            other if other.starts_with("search:") => other["search:".len()..]
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=1_000_000).contains(n))
                .map(Player::Search)
                .ok_or_else(|| format!("'{other}' is not a player: search:1 … search:1000000")),
            other => other
                .strip_prefix("droid:")
                .and_then(|l| {
                    let (level, mind) = match l.split_once('@') {
                        Some((level, mind)) => (level, mind.parse::<u16>().ok()?),
                        None => (l, crate::droid::MIND),
                    };
                    let level = level.parse::<u8>().ok()?;
                    (crate::droid::LEVELS.contains(&level)
                        && (1..=crate::droid::MIND).contains(&mind))
                    .then_some(Player::Droid(level, mind))
                })
                .ok_or_else(|| {
                    format!(
                        "'{other}' is not a player: droid:1 … droid:5 (droid:L@M for an \
                         earlier mind, 1–{}), random, greedy, pubeval, gnubg, lookahead:N, search:N",
                        crate::droid::MIND
                    )
                }),
        }
    }

    /// This player's choice at `play`, where a seat is to move (gnubg, asked this way, is
    /// a process started for the one question: [`Player::choose_with`] keeps one).
    pub fn choose(self, play: &dyn DynPlay, rng: &mut dyn RngCore) -> Result<usize, String> {
        self.choose_with(play, rng, &mut gnubg::Witness::default())
    }

    /// [`Player::choose`], gnubg's answers asked of `witness`.
    pub fn choose_with(
        self,
        play: &dyn DynPlay,
        rng: &mut dyn RngCore,
        witness: &mut gnubg::Witness,
    ) -> Result<usize, String> {
        self.choose_counted(play, rng, witness)
            .map(|(choice, _)| choice)
    }

    /// [`Player::choose`], with the droid's search work.
    fn choose_counted(
        self,
        play: &dyn DynPlay,
        rng: &mut dyn RngCore,
        witness: &mut gnubg::Witness,
    ) -> Result<(usize, Option<Searched>), String> {
        let n = play.choice_count();
        if n == 0 {
            return Err("no legal action".into());
        }
        let choice = match self {
            Player::Droid(level, mind) => {
                let searched = crate::droid::choose_counted(play, level, mind, rng)
                    .map_err(|e| e.to_string())?;
                return Ok((searched.choice, Some(searched)));
            }
            Player::Lookahead(rolls, mind) => {
                let plan = crate::droid::lookahead::Lookahead {
                    rolls,
                    root: 8,
                    inner: 4,
                    noise: 0,
                    margin: None,
                    refine: None,
                    budget: None,
                };
                let looked = crate::droid::lookahead::choose(play, plan, mind, rng)
                    .ok_or("nothing to choose")?;
                return Ok((
                    looked.choice,
                    Some(Searched {
                        choice: looked.choice,
                        iterations: 0,
                        positions: looked.positions,
                    }),
                ));
            }
            Player::Search(iterations) => {
                let searched = crate::droid::search::search_counted(
                    play,
                    crate::droid::Budget::Iterations(iterations),
                    crate::droid::MIND,
                    rng,
                )
                .ok_or("nothing to choose")?;
                return Ok((searched.choice, Some(searched)));
            }
            Player::Random => rng.random_range(0..n),
            Player::Greedy => greedy(play, rng),
            Player::Pubeval => pubeval(play).ok_or("pubeval plays backgammon only")?,
            Player::Gnubg => {
                let verdict = witness.judge(play)?;
                gnubg_choice(play, &verdict, witness)?
            }
        };
        Ok((choice, None))
    }
}

/// A chance outcome of `play` drawn from `rng` by the outcomes' weights (the arena's dice).
pub fn draw_chance(play: &dyn DynPlay, rng: &mut dyn RngCore) -> usize {
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

/// gnubg's choice at `play`, where it said `verdict` of the position: its best play, its
/// cube action, or else a roll, a take or a resignation rejected.
fn gnubg_choice(
    play: &dyn DynPlay,
    verdict: &gnubg::Verdict,
    witness: &mut gnubg::Witness,
) -> Result<usize, String> {
    if let Some(best) = verdict.best {
        return Ok(best);
    }
    Ok(witness
        .cube_choice(play)?
        .or_else(|| roll_or_take(play))
        .unwrap_or(0))
}

/// `greedy`'s choice (see [`Player::Greedy`]).
fn greedy(play: &dyn DynPlay, rng: &mut dyn RngCore) -> usize {
    if let Some(win) = crate::droid::search::winning_choice(play) {
        return win;
    }
    let n = play.choice_count();
    let captures: Vec<usize> = (0..n).filter(|&i| play.choice_captures(i)).collect();
    if captures.is_empty() {
        rng.random_range(0..n)
    } else {
        captures[rng.random_range(0..captures.len())]
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
    if let Some(i) = roll_or_take(play) {
        return Some(i);
    }
    let texts: Vec<String> = (0..play.choice_count())
        .filter_map(|i| play.choice_text(i))
        .collect();
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

/// The choice of a backgammon player that never doubles, always takes and never resigns,
/// where the choice is one of those: `None` where a play is to be chosen.
fn roll_or_take(play: &dyn DynPlay) -> Option<usize> {
    let texts: Vec<String> = (0..play.choice_count())
        .filter_map(|i| play.choice_text(i))
        .collect();
    ["roll", "take", "reject"]
        .iter()
        .find_map(|wanted| texts.iter().position(|t| t == wanted))
}

/// What a series of games gave player A.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// How long player A took for each of its choices, in milliseconds.
    pub think_ms: Vec<f64>,
    /// Player A's search work (a droid's): iterations and positions stepped into.
    pub iterations: u64,
    pub positions: u64,
    /// Positions checked against GNU Backgammon (when it plays), and where it disagreed with
    /// the engine.
    pub checked: u64,
    pub disagreements: Vec<String>,
    /// Each game's score less A's luck (see [`luck`]), when the series measures it.
    pub adjusted: Vec<f64>,
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

    /// Player A's search speed: iterations and positions per second of thinking.
    pub fn speed(&self) -> (f64, f64) {
        let secs = self.think_ms.iter().sum::<f64>() / 1000.0;
        if secs <= 0.0 {
            return (0.0, 0.0);
        }
        (self.iterations as f64 / secs, self.positions as f64 / secs)
    }

    /// Adds one game's result and A's thinking.
    fn add(&mut self, result: Option<bool>, work: Tally) {
        match result {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
        self.think_ms.extend(work.think_ms);
        self.iterations += work.iterations;
        self.positions += work.positions;
        self.checked += work.checked;
        self.disagreements.extend(work.disagreements);
        self.adjusted.extend(work.adjusted);
    }

    /// A's luck-adjusted score and half the width of its 95 % interval, if measured.
    pub fn luck_adjusted(&self) -> Option<(f64, f64)> {
        (!self.adjusted.is_empty()).then(|| luck::mean_and_margin(&self.adjusted))
    }

    /// Half the width of the 95 % confidence interval of the score (normal approximation).
    pub fn margin(&self) -> f64 {
        let p = self.score();
        1.96 * (p * (1.0 - p) / self.games().max(1) as f64).sqrt()
    }

    /// The 95 % Wilson score interval of the score: unlike the normal approximation it
    /// stays inside 0–1 and is right near the ends, where a strong player's score lies.
    pub fn wilson(&self) -> (f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (0.0, 1.0);
        }
        let (p, z) = (self.score(), 1.96_f64);
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// One game between `a` (in seat `a_seat`) and `b` in every other seat: whether A won
/// (`None` for a draw); A's thinking is added to `work`, gnubg's answers asked of `witness`,
/// and with `luck` (a mind) the game's luck-adjusted score.
#[allow(clippy::too_many_arguments)]
pub fn play_game(
    game: &Arc<dyn DynGame>,
    seats: usize,
    (a, b): (Player, Player),
    a_seat: usize,
    rng: &mut ChaCha8Rng,
    work: &mut Tally,
    witness: &mut gnubg::Witness,
    luck: Option<u16>,
) -> Result<Option<bool>, String> {
    let mut play = game.start(seats).map_err(|e| e.to_string())?;
    let witnessed = a == Player::Gnubg || b == Player::Gnubg;
    let mut lucky = 0.0;
    for _ in 0..100_000 {
        let choice = match play.status() {
            Status::Over(outcome) => {
                let won = outcome.winner().map(|w| w == a_seat);
                if luck.is_some() {
                    let score = match won {
                        Some(true) => 1.0,
                        Some(false) => 0.0,
                        None => 0.5,
                    };
                    work.adjusted.push(score - lucky);
                }
                return Ok(won);
            }
            Status::Chance => {
                let drawn = draw_chance(play.as_ref(), rng);
                if let Some(mind) = luck {
                    lucky += luck::of_roll(play.as_ref(), drawn, a_seat, seats, mind);
                }
                drawn
            }
            Status::ToMove(seat) if witnessed => {
                // gnubg checks every position, then chooses where it is to move.
                let verdict = witness.judge(play.as_ref())?;
                work.checked += 1;
                work.disagreements.extend(verdict.disagreement.clone());
                let mover = if seat == a_seat { a } else { b };
                if mover == Player::Gnubg {
                    gnubg_choice(play.as_ref(), &verdict, witness)?
                } else if seat == a_seat {
                    a_choice(a, play.as_ref(), rng, work, witness)?
                } else {
                    b.choose_with(play.as_ref(), rng, witness)?
                }
            }
            Status::ToMove(seat) if seat == a_seat => {
                a_choice(a, play.as_ref(), rng, work, witness)?
            }
            Status::ToMove(_) => b.choose_with(play.as_ref(), rng, witness)?,
        };
        play.step(choice).map_err(|e| e.to_string())?;
    }
    Err("the game did not end".into())
}

/// Player A's choice, its time and search work added to `work`.
fn a_choice(
    a: Player,
    play: &dyn DynPlay,
    rng: &mut ChaCha8Rng,
    work: &mut Tally,
    witness: &mut gnubg::Witness,
) -> Result<usize, String> {
    let started = std::time::Instant::now();
    let (choice, searched) = a.choose_counted(play, rng, witness)?;
    work.think_ms.push(started.elapsed().as_secs_f64() * 1000.0);
    if let Some(s) = searched {
        work.iterations += s.iterations as u64;
        work.positions += s.positions;
    }
    Ok(choice)
}

/// `games` games, A's seat alternating, reporting each finished game to `progress`.
pub fn run(
    game: &Arc<dyn DynGame>,
    games: u32,
    a: Player,
    b: Player,
    seed: u64,
    progress: impl FnMut(u32, &Tally),
) -> Result<Tally, String> {
    run_on(game, games, a, b, seed, 1, progress)
}

/// [`run`] on `jobs` threads. Game `i` is played from seed `seed + i` whichever thread
/// plays it, so the tally is the same for any number of jobs.
pub fn run_on(
    game: &Arc<dyn DynGame>,
    games: u32,
    a: Player,
    b: Player,
    seed: u64,
    jobs: usize,
    progress: impl FnMut(u32, &Tally),
) -> Result<Tally, String> {
    run_measured(game, games, (a, b), (seed, jobs), None, progress)
}

/// [`run_on`], with each game's luck-adjusted score where `luck` names the mind whose
/// estimate values the dice (see [`luck`]).
pub fn run_measured(
    game: &Arc<dyn DynGame>,
    games: u32,
    (a, b): (Player, Player),
    (seed, jobs): (u64, usize),
    luck: Option<u16>,
    mut progress: impl FnMut(u32, &Tally),
) -> Result<Tally, String> {
    let seats = game.info().min_seats;
    let next = std::sync::atomic::AtomicU32::new(0);
    let (sender, results) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let sender = sender.clone();
            let next = &next;
            // Each worker asks its own gnubg, when a game needs one.
            let mut witness = gnubg::Witness::default();
            scope.spawn(move || loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i as u64));
                let mut work = Tally::default();
                let a_seat = i as usize % seats;
                let players = (a, b);
                let result = play_game(
                    game,
                    seats,
                    players,
                    a_seat,
                    &mut rng,
                    &mut work,
                    &mut witness,
                    luck,
                );
                let failed = result.is_err();
                if sender.send((result, work)).is_err() || failed {
                    // Stop the other workers too.
                    next.store(games, std::sync::atomic::Ordering::Relaxed);
                    break;
                }
            });
        }
        drop(sender);
        let mut tally = Tally::default();
        for (result, work) in results {
            tally.add(result?, work);
            progress(tally.games(), &tally);
        }
        Ok(tally)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_is_the_one_published_for_349_wins_in_800() {
        let t = Tally {
            wins: 349,
            losses: 451,
            ..Tally::default()
        };
        let (low, high) = t.wilson();
        assert_eq!(
            (
                format!("{:.1}", 100.0 * low),
                format!("{:.1}", 100.0 * high)
            ),
            ("40.2".to_string(), "47.1".to_string())
        );
        let all = Tally {
            wins: 10,
            ..Tally::default()
        };
        let (low, high) = all.wilson();
        assert!(low > 0.69 && low < 0.73 && high == 1.0, "{low} {high}");
    }
}
