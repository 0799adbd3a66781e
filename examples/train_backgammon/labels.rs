//! Supervised training on labelled positions: positions met in the network's own play, each
//! valued by the network's lookahead some rolls ahead, written to a file once (the costly
//! part, run in as many processes as there are cores), then learnt over and over.

use std::io::{BufWriter, Write};

use holotable::games::backgammon::bearoff::{home_of, Bearoff};
use holotable::games::backgammon::board::{borne_off, start_side, Board};
use holotable::games::backgammon::net::{Net, Probabilities};
use holotable::games::backgammon::pubeval::contact;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{best, blurred, looked, points, roll};

/// How a labelled position is valued.
#[derive(Clone, Copy)]
pub enum Judge {
    /// The network's lookahead this many rolls ahead.
    Look(u8),
    /// The mean result of this many games played out to the end by the network at one
    /// ply, the opponent's first roll each of the 36 in turn, and with 1,296 games or more
    /// the reply's roll too (each of the 1,296 pairs once in each whole round of 1,296
    /// games, as GNU Backgammon's and wildbg's training rollouts do): what actually happens, which the network's own
    /// lookahead cannot tell it, with the luck of the first two rolls taken out. With
    /// `bearoff`, a game ends once both sides are home, valued by the bear-off database's
    /// exact probabilities there.
    Rollouts { trials: u32, bearoff: bool },
}

/// Which positions of the network's own play are labelled: one after-state in `every`,
/// of games whose choices are blurred by noise of `explore` in equity ([`blurred`]; 0:
/// none), only races (no contact left) if `races`.
pub struct Pick<'n> {
    pub every: u32,
    pub explore: f32,
    pub races: bool,
    /// A race network that ends the games played out once they become races (none: they
    /// go on).
    pub race_net: Option<&'n Net>,
    /// Whether the plays the network nearly made are labelled too ([`rivals`]).
    pub rivals: bool,
    /// Mixed into the dice of the games played out (not into which positions are picked).
    pub salt: u64,
}

/// How many of the plays the network likes best at one ply are looked at two rolls ahead.
const LOOKED_AT: usize = 4;

/// The positions to label for the play `made` from `board` with `dice`: it, then the play
/// the network likes second best at one ply and the one it likes best two rolls ahead
/// among its four best at one ply, each once.
fn rivals(net: &Net, board: &Board, dice: (u8, u8), made: Board) -> Vec<Board> {
    let mut plays: Vec<(f32, Board)> = board
        .plays(dice.0, dice.1)
        .into_iter()
        .map(|p| (net.evaluate(&p.after.me, &p.after.them).equity(), p.after))
        .collect();
    plays.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut picked = vec![made];
    let mut add = |after: Board| {
        if !picked.contains(&after) {
            picked.push(after);
        }
    };
    if let Some(&(_, second)) = plays.get(1) {
        add(second);
    }
    let deeper = plays
        .iter()
        .take(LOOKED_AT)
        .map(|&(_, after)| (looked(net, &after, 2).equity(), after))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((_, after)) = deeper {
        add(after);
    }
    picked
}

/// The bear-off database's probabilities for the mover of `board` (who has just moved),
/// if both sides are home and the game goes on.
pub fn at_home(board: &Board) -> Option<Probabilities> {
    if borne_off(&board.me) == 15 {
        return None;
    }
    let (me, them) = (home_of(&board.me)?, home_of(&board.them)?);
    Some(Bearoff::get().probabilities(&me, &them))
}

/// The 36 ordered rolls, the larger die first as [`roll`] gives them.
fn ordered(k: u32) -> (u8, u8) {
    let (a, b) = ((k / 6) as u8 + 1, (k % 6) as u8 + 1);
    (a.max(b), a.min(b))
}

/// `after` (its mover has just moved) played out `trials` times; the mean result for its
/// mover.
fn rolled_out(
    (net, race): (&Net, Option<&Net>),
    after: &Board,
    (trials, bearoff): (u32, bool),
    rng: &mut ChaCha8Rng,
) -> Probabilities {
    if let Some(exact) = at_home(after).filter(|_| bearoff) {
        return exact;
    }
    let mut sum = [0.0f32; 5];
    for t in 0..trials {
        let mut board = after.swapped();
        // Whether the side to move is `after`'s mover.
        let mut ours = false;
        let mut dice = ordered(t % 36);
        // Whole rounds of the 1,296 pairs only, so that no reply weighs more than another.
        let reply = (t < trials / 1_296 * 1_296).then(|| ordered((t / 36) % 36));
        let mut moves = 0u32;
        let result = loop {
            let (next, _) = best(net, &board, dice, Probabilities::equity);
            if let Some(exact) = at_home(&next).filter(|_| bearoff) {
                break if ours { exact } else { exact.flipped() };
            }
            // A game that has become a race ends there, valued by the race network.
            if let Some(race) = race.filter(|_| !contact(&next.me, &next.them)) {
                if borne_off(&next.me) < 15 {
                    let value = race.evaluate(&next.me, &next.them);
                    break if ours { value } else { value.flipped() };
                }
            }
            if borne_off(&next.me) == 15 {
                let won = Probabilities::won(points(&next));
                break if ours { won } else { won.flipped() };
            }
            board = next.swapped();
            ours = !ours;
            moves += 1;
            dice = match reply {
                Some(dice) if moves == 1 => dice,
                _ => roll(rng, false),
            };
        };
        for (s, x) in sum.iter_mut().zip(result.0) {
            *s += x;
        }
    }
    Probabilities(sum.map(|s| s / trials.max(1) as f32))
}

/// A position (its mover has just moved) and what the lookahead found it worth to its mover.
pub struct Labelled {
    pub after: Board,
    pub value: Probabilities,
}

/// Plays `net` against itself and writes `count` of the positions met (as `pick` says,
/// drawn by `rng`), each valued as `judge` says, to `path`. Blurred choices steer the
/// positions where the greedy network never goes (an opponent that plays otherwise
/// steers there).
pub fn write(
    net: &Net,
    rng: &mut ChaCha8Rng,
    count: u64,
    judge: Judge,
    pick: Pick,
    path: &str,
) -> Result<(), String> {
    let Pick {
        every,
        explore,
        races,
        ..
    } = pick;
    let file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = BufWriter::new(file);
    let mut written = 0;
    while written < count {
        let mut board = Board {
            me: start_side(),
            them: start_side(),
        };
        let mut opening = true;
        while written < count {
            let dice = roll(rng, opening);
            opening = false;
            let (after, _) = if explore > 0.0 {
                blurred(net, &board, dice, explore, rng)
            } else {
                best(net, &board, dice, Probabilities::equity)
            };
            if borne_off(&after.me) == 15 {
                break;
            }
            let wanted = !races || !contact(&after.me, &after.them);
            if wanted && rng.random_range(0..every) == 0 {
                let picked = if pick.rivals {
                    rivals(net, &board, dice, after)
                } else {
                    vec![after]
                };
                for after in picked.into_iter().take((count - written) as usize) {
                    if borne_off(&after.me) == 15 {
                        continue;
                    }
                    let value = match judge {
                        Judge::Look(depth) => looked(net, &after, depth),
                        // Games played out draw from a generator of their own, so that the
                        // positions picked are the same however they are valued.
                        Judge::Rollouts { trials, bearoff } => {
                            let seed = rng.random::<u64>() ^ pick.salt;
                            let mut dice = ChaCha8Rng::seed_from_u64(seed);
                            let nets = (net, pick.race_net);
                            rolled_out(nets, &after, (trials, bearoff), &mut dice)
                        }
                    };
                    let bytes = super::store::record(&Labelled { after, value });
                    out.write_all(&bytes).map_err(|e| format!("{path}: {e}"))?;
                    written += 1;
                    // Often, so that a run stopped early (a long rollout run may be) keeps
                    // nearly all it labelled.
                    if written % 100 == 0 {
                        out.flush().map_err(|e| format!("{path}: {e}"))?;
                    }
                    if written % 1_000 == 0 {
                        println!("{written:>8} positions labelled");
                    }
                }
            }
            board = after.swapped();
        }
    }
    out.flush().map_err(|e| format!("{path}: {e}"))
}

/// The wins' mean squared error over `set`, all of it, then the positions
/// still in contact, the races before both sides are home, and the bear-offs apart: the
/// network's weakness is in contact play, and a fit that only sharpens the races would
/// show a falling whole and a flat contact (the droid reads bear-offs exactly anyway).
pub fn error(net: &Net, set: &[Labelled]) -> String {
    let mut sums = [(0.0f64, 0u32); 3];
    for l in set {
        let p = net.evaluate(&l.after.me, &l.after.them);
        let at = if contact(&l.after.me, &l.after.them) {
            0
        } else if at_home(&l.after).is_none() {
            1
        } else {
            2
        };
        sums[at].0 += f64::from(p.win() - l.value.win()).powi(2);
        sums[at].1 += 1;
    }
    let mean = |(sum, n): (f64, u32)| sum / f64::from(n.max(1));
    let whole = sums.iter().fold((0.0, 0), |(s, n), &(a, b)| (s + a, n + b));
    format!(
        "mean squared error {:.6} (contact {:.6} of {}, race {:.6} of {}, both home {:.6} of {})",
        mean(whole),
        mean(sums[0]),
        sums[0].1,
        mean(sums[1]),
        sums[1].1,
        mean(sums[2]),
        sums[2].1
    )
}

/// The learning rate at `step` of `steps`: falling linearly from the first rate to the
/// second, so late passes settle rather than jump (both fits share it).
pub fn rate_at(step: u64, steps: u64, (rate, final_rate): (f32, f32)) -> f32 {
    rate + (final_rate - rate) * (step as f32 / steps as f32)
}

/// Teaches `net` the labelled values over `epochs` shuffled passes, the rate falling
/// linearly from `rate` to `final_rate`; a twentieth of the data is held out and the mean
/// squared error of the wins on it printed after each pass (over all of it, then the
/// positions in contact and the races apart), the weights written to `out`.
pub fn fit(
    net: &mut Net,
    mut data: Vec<Labelled>,
    epochs: u32,
    (rate, final_rate): (f32, f32),
    rng: &mut ChaCha8Rng,
    out: &str,
) -> Result<(), String> {
    data.shuffle(rng);
    let held = data.split_off(data.len() - data.len() / 20);
    println!("held out {}: {}", held.len(), error(net, &held));
    let steps = (data.len() as u64 * u64::from(epochs)).max(1);
    let mut step = 0u64;
    for epoch in 1..=epochs {
        data.shuffle(rng);
        for l in &data {
            let r = rate_at(step, steps, (rate, final_rate));
            net.learn(&net.encode(&l.after.me, &l.after.them), &l.value, r);
            step += 1;
        }
        // The same error over as many positions learnt from: far below the held-out one,
        // the fit is learning the labels' noise (more positions would help); as high, the
        // network cannot follow them (more hidden units or inputs would).
        let learnt = &data[..held.len().min(data.len())];
        println!(
            "epoch {epoch}: held out {}; learnt {}",
            error(net, &held),
            error(net, learnt)
        );
        std::fs::write(out, net.to_bytes()).map_err(|e| format!("{out}: {e}"))?;
    }
    Ok(())
}
