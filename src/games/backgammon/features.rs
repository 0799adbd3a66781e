//! What contact play hinges on, counted for the network's second reading ([`super::net`]):
//! how many of the 36 rolls hit a blot, how many let the rearmost checker escape the
//! opponent's blockade, the longest prime, home points, advanced anchors and blots.
//! A network of raw point counts learns these only slowly and never exactly; handed over
//! as numbers they are what a strong player looks at first.
//!
//! Every count is from one side's own view (index 0 its 1-point, 24 its bar); index `x` of
//! one side faces index `23 − x` of the other.

use super::board::{Side, BAR};

/// Features per side, in [`side_features`]' order.
pub const PER_SIDE: usize = 6;

/// The 21 distinct rolls with their weight among the 36.
const ROLLS: [(u8, u8, u8); 21] = {
    let mut rolls = [(0, 0, 0); 21];
    let mut n = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            rolls[n] = (a, b, if a == b { 1 } else { 2 });
            n += 1;
            b += 1;
        }
        a += 1;
    }
    rolls
};

/// Bit `x` set where `side` has a made point (two checkers or more) on its index `x`,
/// for x in 0..24.
fn made(side: &Side) -> u32 {
    (0..24).fold(0, |m, x| m | (((side[x] >= 2) as u32) << x))
}

/// A side's made points (bits as [`made`]) seen as the other side's indices: the points
/// that block the other side's checkers.
fn facing(made: u32) -> u32 {
    made.reverse_bits() >> 8
}

/// The cumulative distances a checker travels with roll (a, b), one list per way of
/// playing it with one checker: one die, the other, both in either order, or up to four
/// of a double; `most` caps the moves (a hitter's bar checkers enter first).
fn paths(a: u8, b: u8, most: usize) -> ([[u8; 4]; 4], [usize; 4], usize) {
    if a == b {
        let steps = [a, 2 * a, 3 * a, 4 * a];
        ([steps; 4], [1, 2, 3, 4], most.min(4))
    } else {
        (
            [
                [a, 0, 0, 0],
                [b, 0, 0, 0],
                [a, a + b, 0, 0],
                [b, a + b, 0, 0],
            ],
            [1, 1, 2, 2],
            if most >= 2 { 4 } else { 2 },
        )
    }
}

/// How many of the 36 rolls let `hitter` (to roll) hit at least one blot of `victim`
/// on the board. A hitter with checkers on the bar hits only with a checker entering (and
/// moving on, if the others have entered).
pub fn shots(victim: &Side, hitter: &Side) -> u8 {
    // The victim's blots, and the points it holds, as the hitter's indices.
    let blots = facing((0..24).fold(0, |m, x| m | (((victim[x] == 1) as u32) << x)));
    if blots == 0 {
        return 0;
    }
    let blocked = facing(made(victim));
    let on_bar = hitter[BAR] as usize;
    // Bit k where the hitter may start a hit from its index k (24: the bar).
    let sources: u32 = if on_bar > 0 {
        1 << BAR
    } else {
        (0..24).fold(0, |m, k| m | (((hitter[k] > 0) as u32) << k))
    };
    // Moves left to a bar checker once the others have entered: with a double, four less
    // the others; otherwise both dice only if it is alone there.
    let most = |double: bool| match (on_bar, double) {
        (0, true) => 4,
        (n, true) => 5usize.saturating_sub(n).max(1),
        (n, false) if n >= 2 => 1,
        _ => 2,
    };
    let mut count = 0;
    for (a, b, weight) in ROLLS {
        let (lists, lengths, ways) = paths(a, b, most(a == b));
        let hit = (0..ways).any(|w| {
            let steps = &lists[w][..lengths[w]];
            let total = steps[steps.len() - 1] as u32;
            // Blots t with a hitter on t + total and every stop on the way open.
            let mut reach = blots & (sources >> total);
            for &c in &steps[..steps.len() - 1] {
                reach &= !(blocked >> (total - c as u32));
            }
            reach != 0
        });
        if hit {
            count += weight;
        }
    }
    count
}

/// How many of the 36 rolls carry `side`'s rearmost checker past every point `opponent`
/// holds within the eleven in front of it: 36 where nothing blocks it (or it has left the
/// opponent's half).
pub fn escapes(side: &Side, opponent: &Side) -> u8 {
    let Some(back) = (0..=BAR).rev().find(|&x| side[x] > 0) else {
        return 36;
    };
    if back < 12 {
        return 36;
    }
    let blocked = facing(made(opponent));
    let zone = (back.saturating_sub(11)..back).fold(0u32, |m, x| m | (1 << x));
    let in_front = blocked & zone;
    if in_front == 0 {
        return 36;
    }
    let lowest = in_front.trailing_zeros() as usize;
    let mut count = 0;
    for (a, b, weight) in ROLLS {
        let (lists, lengths, ways) = paths(a, b, 4);
        let free = (0..ways).any(|w| {
            for &d in &lists[w][..lengths[w]] {
                let Some(at) = back.checked_sub(d as usize) else {
                    return true;
                };
                if blocked >> at & 1 == 1 {
                    return false;
                }
                if at < lowest {
                    return true;
                }
            }
            false
        });
        if free {
            count += weight;
        }
    }
    count
}

/// The longest run of consecutive made points of a side.
pub fn prime(side: &Side) -> u8 {
    let m = made(side);
    let mut best = 0;
    let mut run = 0;
    for x in 0..24 {
        if m >> x & 1 == 1 {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

/// `side`'s features, each scaled to about 0‥1: shots `opponent` has at its blots, its
/// rearmost checker's escapes, its longest prime, home points, anchors in the opponent's
/// home, blots.
pub fn side_features(side: &Side, opponent: &Side) -> [f32; PER_SIDE] {
    let home = side[..6].iter().filter(|&&n| n >= 2).count();
    let anchors = side[18..24].iter().filter(|&&n| n >= 2).count();
    let blots = side[..24].iter().filter(|&&n| n == 1).count();
    [
        shots(side, opponent) as f32 / 36.0,
        escapes(side, opponent) as f32 / 36.0,
        prime(side) as f32 / 6.0,
        home as f32 / 6.0,
        anchors as f32 / 2.0,
        blots as f32 / 4.0,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::backgammon::board::start_side;

    fn side(points: &[(usize, u8)]) -> Side {
        let mut s = [0; 25];
        for &(i, n) in points {
            s[i] = n;
        }
        s
    }

    #[test]
    fn the_rolls_weigh_thirty_six() {
        assert_eq!(ROLLS.iter().map(|r| r.2 as u32).sum::<u32>(), 36);
    }

    #[test]
    fn a_blot_six_away_is_hit_by_seventeen_rolls() {
        // Textbook: a direct six is hit by 17 of 36 rolls when nothing blocks.
        let victim = side(&[(17, 1)]); // faces the hitter's index 6
        let hitter = side(&[(12, 1)]); // six pips behind it
        assert_eq!(shots(&victim, &hitter), 17);
        // One pip away: only the 11 rolls with a 1.
        let hitter = side(&[(7, 1)]);
        assert_eq!(shots(&victim, &hitter), 11);
    }

    #[test]
    fn a_blocked_path_takes_away_combination_shots() {
        // Blot faces the hitter's index 5; hitter eight pips behind at 13. Direct 8s come
        // only by combination: 6-2, 5-3, 4-4 and 2-2: 2+2+1+1 = 6 rolls.
        let victim = side(&[(18, 1)]);
        let hitter = side(&[(13, 1)]);
        assert_eq!(shots(&victim, &hitter), 6);
        // The victim making the points that face the hitter's 11 and 7 (its own 12 and
        // 16) blocks 6-2 in either order and 2-2; 5-3 and 4-4 still hit.
        let mut walled = victim;
        walled[12] = 2;
        walled[16] = 2;
        assert_eq!(shots(&walled, &hitter), 3);
    }

    #[test]
    fn no_blots_no_shots_and_the_start_has_none() {
        assert_eq!(shots(&start_side(), &start_side()), 0);
    }

    #[test]
    fn a_checker_behind_a_full_prime_cannot_escape() {
        // The opponent holds its points 2–7 (indices 1..=6), facing our 17..=22; our
        // checker on index 23 (their 1-point... our 24-point) is trapped.
        let them = side(&[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (12, 3)]);
        let me = side(&[(23, 1), (5, 14)]);
        assert_eq!(escapes(&me, &them), 0);
        assert_eq!(prime(&them), 6);
        // With nothing in front it escapes every time.
        assert_eq!(escapes(&me, &side(&[(0, 15)])), 36);
    }

    /// Shots counted the slow way: every roll, every hitter checker, every order of the
    /// dice, stepping point by point.
    fn shots_by_hand(victim: &Side, hitter: &Side) -> u8 {
        let blot = |k: usize| k < 24 && victim[23 - k] == 1;
        let open = |k: usize| k >= 24 || victim[23 - k] < 2;
        let mut count = 0;
        for a in 1..=6usize {
            for b in 1..=6usize {
                let orders: Vec<Vec<usize>> = if a == b {
                    vec![vec![a; 4]]
                } else {
                    vec![vec![a, b], vec![b, a]]
                };
                let bar = hitter[BAR] as usize;
                let hit = (0..=BAR)
                    .filter(|&k| hitter[k] > 0 && (bar == 0 || k == BAR))
                    .any(|k| {
                        orders.iter().any(|dice| {
                            let moves = match (bar, dice.len()) {
                                (0, n) => n,
                                (_, 4) => 5usize.saturating_sub(bar).max(1),
                                (1, n) => n,
                                _ => 1,
                            };
                            let mut at = k;
                            for &d in &dice[..moves] {
                                if at < d {
                                    return false;
                                }
                                at -= d;
                                if blot(at) {
                                    return true;
                                }
                                if !open(at) {
                                    return false;
                                }
                            }
                            false
                        })
                    });
                count += hit as u8;
            }
        }
        count
    }

    #[test]
    fn shots_agree_with_counting_by_hand_in_random_positions() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let scatter = |rng: &mut rand_chacha::ChaCha8Rng| {
            let mut s: Side = [0; 25];
            for _ in 0..rng.random_range(1..=15) {
                let at = if rng.random_ratio(1, 12) {
                    BAR
                } else {
                    rng.random_range(0..24)
                };
                s[at] += 1;
            }
            s
        };
        for _ in 0..3_000 {
            let (victim, mut hitter) = (scatter(&mut rng), scatter(&mut rng));
            // A point holds one side's checkers only.
            for x in 0..24 {
                if victim[x] > 0 {
                    hitter[23 - x] = 0;
                }
            }
            assert_eq!(
                shots(&victim, &hitter),
                shots_by_hand(&victim, &hitter),
                "{victim:?} {hitter:?}"
            );
        }
    }

    #[test]
    fn features_are_scaled() {
        let f = side_features(&start_side(), &start_side());
        assert!(f.iter().all(|v| (0.0..=1.5).contains(v)), "{f:?}");
        assert_eq!(f[0], 0.0);
    }
}
