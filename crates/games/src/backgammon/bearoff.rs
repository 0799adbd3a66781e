//! An exact one-sided bear-off database: for every way of placing up to 15 checkers on a
//! side's six home points, the probability of bearing the last one off on each roll, and
//! for 15 checkers that of bearing the first one off on each roll (what a gammon turns on).
//!
//! Once both sides have every checker at home they no longer meet, and each side's race is
//! its own: the chance that one finishes before the other follows from the two
//! distributions exactly, with no network's error (the "one-sided" approximation of GNU
//! Backgammon's bear-off databases: each side plays to finish in the fewest rolls on
//! average, or, for the first checker, to take one off soonest).
//!
//! The 54,264 positions are solved at first use, in well under a second: a move only takes
//! checkers lower or off, so positions are solved in rank order (see [`rank`]) and every
//! position a roll leads to is already solved. The best way to play k equal dice from a
//! position is kept per die and k, so a double costs four lookups per die, not 6⁴ orders.

use std::sync::OnceLock;

use super::board::{Side, BAR, CHECKERS};
use super::net::Probabilities;

/// The home points.
const POINTS: usize = 6;
/// Checkers a side has.
const MOST: usize = CHECKERS as usize;
/// Rolls a distribution is kept for (index n: the last checker off on the n-th roll); no
/// position needs more (a test checks that every distribution sums to one within them).
const ROLLS: usize = 32;

/// Checkers on points 1..=6 (index 0 is point 1).
pub type Home = [u8; POINTS];

/// The number of ways to place at most `m` checkers on `k` points: C(m + k, k).
fn ways(k: usize, m: usize) -> usize {
    WAYS[k][m]
}

/// [`ways`] for up to seven points and fifteen checkers, counted once: ranks are taken
/// millions of times while the database is solved.
const WAYS: [[usize; MOST + 1]; POINTS + 2] = {
    let mut table = [[0; MOST + 1]; POINTS + 2];
    let mut k = 0;
    while k < POINTS + 2 {
        let mut m = 0;
        while m <= MOST {
            // C(m + k, k), multiplied up exactly.
            let mut c = 1;
            let mut i = 1;
            while i <= k {
                c = c * (m + i) / i;
                i += 1;
            }
            table[k][m] = c;
            m += 1;
        }
        k += 1;
    }
    table
};

/// The number of positions of the database: C(21, 6).
pub fn positions() -> usize {
    ways(POINTS, MOST)
}

/// A position's index: positions ordered by their checkers on point 6, then on point 5,
/// and so on, so that every move (which takes a checker lower or off) leads to a smaller
/// index.
pub fn rank(home: &Home) -> usize {
    // The positions before it with fewer checkers on point p + 1 and the same above:
    // the sum over v < c of C(left − v + p, p), which telescopes.
    let mut left = MOST;
    let mut index = 0;
    for p in (0..POINTS).rev() {
        let c = usize::from(home[p]);
        index += ways(p + 1, left) - ways(p + 1, left - c);
        left -= c;
    }
    index
}

/// Every position in rank order.
fn all_homes() -> Vec<Home> {
    let mut homes = Vec::with_capacity(positions());
    let mut home = [0u8; POINTS];
    fill(&mut home, POINTS, MOST, &mut homes);
    homes
}

/// Enumerates points `0..p` of `home` with at most `left` checkers, the highest point
/// slowest, after the points above were set.
fn fill(home: &mut Home, p: usize, left: usize, out: &mut Vec<Home>) {
    if p == 0 {
        out.push(*home);
        return;
    }
    for v in 0..=left {
        home[p - 1] = v as u8;
        fill(home, p - 1, left - v, out);
    }
    home[p - 1] = 0;
}

/// The positions one die `d` leads to from `home` (BG-3: a checker moves `d` points, or
/// bears off from point `d`, or from a lower point when no checker is higher).
pub fn steps(home: &Home, d: usize) -> impl Iterator<Item = Home> + '_ {
    let highest = (0..POINTS).rev().find(|&p| home[p] > 0);
    (0..POINTS).filter_map(move |p| {
        if home[p] == 0 {
            return None;
        }
        let point = p + 1;
        let mut next = *home;
        next[p] -= 1;
        if point > d {
            next[p - d] += 1;
        } else if point < d && Some(p) != highest {
            return None;
        }
        Some(next)
    })
}

fn checkers(home: &Home) -> usize {
    home.iter().map(|&c| usize::from(c)).sum()
}

/// The 21 rolls with how many of the 36 each is.
fn rolls() -> impl Iterator<Item = (usize, usize, f64)> {
    (1..=6).flat_map(|a| (a..=6).map(move |b| (a, b, if a == b { 1.0 } else { 2.0 })))
}

/// Expected rolls this close are a tie, whatever order the sums were added in.
const TIE: f64 = 1e-12;

/// Of (expected rolls, position) pairs, the position soonest done on average; of ties,
/// the lowest ranked, so that the choice never depends on rounding.
pub(crate) fn soonest(scored: impl Iterator<Item = (f64, u32)>) -> Option<u32> {
    let mut chosen: Option<(f64, u32)> = None;
    for (e, c) in scored {
        let better = match chosen {
            None => true,
            Some((best, at)) => e < best - TIE || (e <= best + TIE && c < at),
        };
        if better {
            chosen = Some((e, c));
        }
    }
    chosen.map(|(_, c)| c)
}

/// Distributions over rolls for every position, each kept from its first non-zero roll.
struct Table {
    starts: Vec<u32>,
    first_roll: Vec<u8>,
    values: Vec<f32>,
}

impl Table {
    fn of(&self, index: usize) -> [f64; ROLLS] {
        let mut out = [0.0; ROLLS];
        let (from, to) = (self.starts[index] as usize, self.starts[index + 1] as usize);
        let first = usize::from(self.first_roll[index]);
        for (k, &v) in self.values[from..to].iter().enumerate() {
            out[first + k] = f64::from(v);
        }
        out
    }
}

/// Solves every position for the side whose race ends at positions `done` says are done
/// (no checker left, or one borne off), playing each roll to the position that ends the
/// race soonest on average.
fn solve(homes: &[Home], done: impl Fn(&Home) -> bool) -> Table {
    let n = homes.len();
    let mut expected = vec![0.0f64; n];
    let mut dists: Vec<[f64; ROLLS]> = vec![[0.0; ROLLS]; n];
    // best[i][d - 1][k - 1]: where k dice of d played best from position i lead.
    let mut best = vec![[[0u32; 4]; POINTS]; n];
    for (i, home) in homes.iter().enumerate() {
        if done(home) {
            dists[i][0] = 1.0;
            best[i] = [[i as u32; 4]; POINTS];
            continue;
        }
        let pick = |candidates: &mut dyn Iterator<Item = u32>| {
            let scored = candidates.map(|c| (expected[c as usize], c));
            soonest(scored).unwrap_or(i as u32)
        };
        for d in 1..=POINTS {
            let next: Vec<u32> = steps(home, d).map(|h| rank(&h) as u32).collect();
            for k in 0..4 {
                best[i][d - 1][k] = pick(&mut next.iter().map(|&j| match k {
                    0 => j,
                    _ => best[j as usize][d - 1][k - 1],
                }));
            }
        }
        let (mut mean, mut dist) = (1.0, [0.0; ROLLS]);
        for (a, b, weight) in rolls() {
            let end = if a == b {
                best[i][a - 1][3]
            } else {
                let one = steps(home, a).map(|h| best[rank(&h)][b - 1][0]);
                let other = steps(home, b).map(|h| best[rank(&h)][a - 1][0]);
                pick(&mut one.chain(other))
            } as usize;
            let p = weight / 36.0;
            mean += p * expected[end];
            for r in 1..ROLLS {
                dist[r] += p * dists[end][r - 1];
            }
        }
        expected[i] = mean;
        dists[i] = dist;
    }
    let mut table = Table {
        starts: Vec::with_capacity(n + 1),
        first_roll: Vec::with_capacity(n),
        values: Vec::new(),
    };
    for dist in &dists {
        let first = dist.iter().position(|&p| p > 0.0).unwrap_or(0);
        let last = dist.iter().rposition(|&p| p > 0.0).unwrap_or(0);
        table.starts.push(table.values.len() as u32);
        table.first_roll.push(first as u8);
        table
            .values
            .extend(dist[first..=last].iter().map(|&p| p as f32));
    }
    table.starts.push(table.values.len() as u32);
    table
}

/// The database: rolls to bear every checker off, and (for 15 checkers) the first.
pub struct Bearoff {
    off: Table,
    first: Table,
}

impl Bearoff {
    /// The database, solved at first use.
    pub fn get() -> &'static Bearoff {
        static DB: OnceLock<Bearoff> = OnceLock::new();
        DB.get_or_init(|| {
            let homes = all_homes();
            Bearoff {
                off: solve(&homes, |h| checkers(h) == 0),
                first: solve(&homes, |h| checkers(h) < MOST),
            }
        })
    }

    /// The probability of bearing the last checker of `home` off on each roll (index 0:
    /// none left already).
    pub fn off(&self, home: &Home) -> [f64; ROLLS] {
        self.off.of(rank(home))
    }

    /// The probability of bearing the first checker of `home` off on each roll (index 0:
    /// one is off already).
    pub fn first_off(&self, home: &Home) -> [f64; ROLLS] {
        self.first.of(rank(home))
    }

    /// The five probabilities of `me`, who has just moved, against `them`, to roll, both
    /// with every checker at home (see [`home_of`]): exact for two sides that each play
    /// to finish soonest.
    pub fn probabilities(&self, me: &Home, them: &Home) -> Probabilities {
        let (mine, theirs) = (self.off(me), self.off(them));
        // They roll first: I win if I finish on an earlier roll of mine than theirs.
        let win = against(&mine, &tail(&theirs), 1);
        // A gammon: the loser, with all fifteen left, has none off when the winner is done
        // (they have rolled as often as I when I finish; I once less than they).
        let gammon = |winner: &[f64; ROLLS], loser: &Home, shift: usize| {
            if checkers(loser) < MOST {
                return 0.0;
            }
            against(winner, &tail(&self.first_off(loser)), shift)
        };
        let win_gammon = gammon(&mine, them, 1);
        let lose_gammon = gammon(&theirs, me, 0);
        Probabilities([win as f32, win_gammon as f32, 0.0, lose_gammon as f32, 0.0])
    }
}

/// For each n, the probability of n rolls or more.
fn tail(dist: &[f64; ROLLS]) -> [f64; ROLLS + 1] {
    let mut tail = [0.0; ROLLS + 1];
    for n in (0..ROLLS).rev() {
        tail[n] = tail[n + 1] + dist[n];
    }
    tail
}

/// The probability that a race of `dist` ends on a roll n while the other needs n + `shift`
/// rolls or more (`tail` of its distribution).
fn against(dist: &[f64; ROLLS], tail: &[f64; ROLLS + 1], shift: usize) -> f64 {
    (0..ROLLS)
        .map(|n| dist[n] * tail[(n + shift).min(ROLLS)])
        .sum()
}

/// A side's checkers on its home points, if every checker left is there (none on the bar
/// or further back).
pub fn home_of(side: &Side) -> Option<Home> {
    if side[POINTS..=BAR].iter().any(|&c| c > 0) {
        return None;
    }
    let mut home = [0u8; POINTS];
    home.copy_from_slice(&side[..POINTS]);
    Some(home)
}

#[cfg(test)]
#[path = "bearoff_tests.rs"]
mod tests;
