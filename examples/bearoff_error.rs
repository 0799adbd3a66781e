//! How far the droid's network is from the exact bear-off database where both sides bear
//! off: plays games of the network's own choice (the third network at one ply, seeded
//! dice), and at every position after a play where every checker of both sides is home,
//! compares the network's chance of winning (and of a gammon) with the database's; it also
//! counts the rolls where the play the database prefers differs from the network's.
//!
//! ```sh
//! cargo run --release --example bearoff_error -- 2000 5
//! ```
//! (games, seed).

use holotable::games::backgammon::bearoff::{home_of, Bearoff};
use holotable::games::backgammon::board::{borne_off, start_side, Board, CHECKERS};
use holotable::games::backgammon::net::{third, Probabilities};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The database's reading of a board after a play, if both sides are home.
fn exact(after: &Board) -> Option<Probabilities> {
    if borne_off(&after.me) == CHECKERS {
        return None;
    }
    let (me, them) = (home_of(&after.me)?, home_of(&after.them)?);
    Some(Bearoff::get().probabilities(&me, &them))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let net = third();
    let (mut n, mut win_sq, mut gammon_sq, mut worst) = (0u64, 0.0f64, 0.0f64, 0.0f64);
    let (mut choices, mut differ) = (0u64, 0u64);
    for _ in 0..games {
        let mut board = Board {
            me: start_side(),
            them: start_side(),
        };
        loop {
            let (d1, d2) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
            let plays = board.plays(d1, d2);
            if plays.is_empty() {
                board = board.swapped();
                continue;
            }
            let by_net = |a: &Board| net.evaluate(&a.me, &a.them).win();
            let best = |score: &dyn Fn(&Board) -> f32| {
                (0..plays.len())
                    .max_by(|&a, &b| score(&plays[a].after).total_cmp(&score(&plays[b].after)))
                    .unwrap_or(0)
            };
            let chosen = best(&by_net);
            if plays.len() > 1 && plays.iter().all(|p| exact(&p.after).is_some()) {
                choices += 1;
                let by_db = |a: &Board| exact(a).map_or(0.0, |p| p.win());
                differ +=
                    u64::from(by_db(&plays[best(&by_db)].after) > by_db(&plays[chosen].after));
            }
            let after = plays[chosen].after;
            if let Some(truth) = exact(&after) {
                let guess = net.evaluate(&after.me, &after.them);
                let dw = f64::from(guess.win() - truth.win());
                let dg = f64::from(guess.0[1] - truth.0[1]) + f64::from(guess.0[3] - truth.0[3]);
                n += 1;
                win_sq += dw * dw;
                gammon_sq += dg * dg;
                worst = worst.max(dw.abs());
            }
            if borne_off(&after.me) == CHECKERS {
                break;
            }
            board = after.swapped();
        }
    }
    println!(
        "{games} games (seed {seed}): {n} positions with both sides home; the network's \
         chance of winning is off by {:.4} (root mean square), {:.3} at worst; its gammons \
         by {:.4}; of {choices} rolls with a choice there, the database prefers another play \
         in {differ} ({:.1} %)",
        (win_sq / n.max(1) as f64).sqrt(),
        worst,
        (gammon_sq / n.max(1) as f64).sqrt(),
        100.0 * differ as f64 / choices.max(1) as f64
    );
}
