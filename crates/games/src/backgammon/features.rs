//! What contact play hinges on, counted for the network's second reading ([`super::net`]):
//! how many of the 36 rolls hit a blot, how many let the rearmost checker escape the
//! opponent's blockade, the longest prime, home points, advanced anchors and blots.
//! A network of raw point counts learns these only slowly and never exactly; handed over
//! as numbers they are what a strong player looks at first.
//!
//! Every count is from one side's own view (index 0 its 1-point, 24 its bar); index `x` of
//! one side faces index `23 − x` of the other.

use std::sync::atomic::{AtomicU8, Ordering};

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

/// What `hitter` (to roll) threatens against `victim`'s blots, over the 36 rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hits {
    /// Rolls that hit at least one blot.
    pub rolls: u8,
    /// Rolls that could hit either of two blots or more (one of them, or both).
    pub doubles: u8,
    /// The victim's pips lost to the costliest hit each roll allows, summed over the 36.
    pub pips: u16,
}

/// How many of the 36 rolls let `hitter` (to roll) hit at least one blot of `victim`
/// on the board. A hitter with checkers on the bar hits only with a checker entering (and
/// moving on, if the others have entered).
pub fn shots(victim: &Side, hitter: &Side) -> u8 {
    hits(victim, hitter).rolls
}

/// [`shots`], with the rolls that threaten two blots and the pips the hits would cost.
pub fn hits(victim: &Side, hitter: &Side) -> Hits {
    // The victim's blots, and the points it holds, as the hitter's indices.
    let blots = facing((0..24).fold(0, |m, x| m | (((victim[x] == 1) as u32) << x)));
    if blots == 0 {
        return Hits::default();
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
    let mut found = Hits::default();
    for (a, b, weight) in ROLLS {
        let (lists, lengths, ways) = paths(a, b, most(a == b));
        // Blots t with a hitter on t + total and every stop on the way open, by any way.
        let hit = (0..ways).fold(0u32, |hit, w| {
            let steps = &lists[w][..lengths[w]];
            let total = steps[steps.len() - 1] as u32;
            let mut reach = blots & (sources >> total);
            for &c in &steps[..steps.len() - 1] {
                reach &= !(blocked >> (total - c as u32));
            }
            hit | reach
        });
        if hit != 0 {
            found.rolls += weight;
            // The hitter's index t is the victim's 23 − t: a checker with 24 − t pips to go.
            found.pips += u16::from(weight) * (24 - hit.trailing_zeros() as u16);
            if hit.count_ones() >= 2 {
                found.doubles += weight;
            }
        }
    }
    found
}

/// How many of the 36 rolls carry `side`'s rearmost checker past every point `opponent`
/// holds within the eleven in front of it: 36 where nothing blocks it (or it has left the
/// opponent's half).
pub fn escapes(side: &Side, opponent: &Side) -> u8 {
    let Some(back) = (0..=BAR).rev().find(|&x| side[x] > 0) else {
        return 36;
    };
    escapes_from(back, facing(made(opponent)))
}

/// How many of the 36 rolls carry a checker on index `back` past every `blocked` point
/// (bits as [`made`], in the checker's own indices) within the eleven in front of it.
fn escapes_from(back: usize, blocked: u32) -> u8 {
    if back < 12 {
        return 36;
    }
    // The blockade is the eleven points in front, and a roll that gets past its rearmost
    // point lands at most 17 pips ahead: the count depends on those 17 points alone, so it
    // is counted once per pattern met (as from index 23, points 6–22 in front; points
    // beyond the board's end are open) and remembered, as the count plus one (zero: not
    // yet counted). Counting is deterministic, so threads racing to fill an entry agree.
    static BY_PATTERN: [AtomicU8; 1 << 17] = [const { AtomicU8::new(0) }; 1 << 17];
    let pattern = ((u64::from(blocked) << 17) >> back & 0x1_FFFF) as u32;
    let entry = &BY_PATTERN[pattern as usize];
    match entry.load(Ordering::Relaxed) {
        0 => {
            let count = escapes_counted(23, pattern << 6);
            entry.store(count + 1, Ordering::Relaxed);
            count
        }
        known => known - 1,
    }
}

/// [`escapes_from`] counted roll by roll.
fn escapes_counted(back: usize, blocked: u32) -> u8 {
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

/// The fewest of the 36 rolls that would free a checker of `side` from any point of the
/// opponent's home and outer board (indices 14–23 of `side`): how tightly `opponent`'s
/// blockade holds whatever it catches, whether or not it has caught anything yet.
pub fn containment(opponent: &Side) -> u8 {
    let blocked = facing(made(opponent));
    (14..24)
        .map(|back| escapes_from(back, blocked))
        .min()
        .unwrap_or(36)
}

/// The pips `side`'s checkers must travel before none of them is behind any checker of
/// `opponent` (contact broken, the game a race).
pub fn contact_pips(side: &Side, opponent: &Side) -> u32 {
    let Some(rear) = (0..=BAR).rev().find(|&y| opponent[y] > 0) else {
        return 0;
    };
    // The opponent's checker on its index y sits on our 23 − y; a checker of ours on x is
    // behind it while x > 23 − y.
    (0..=BAR)
        .filter(|&x| x + rear > 23)
        .map(|x| u32::from(side[x]) * (x + rear - 23) as u32)
        .sum()
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
    features_given(side, opponent, shots(side, opponent))
}

/// [`side_features`] and [`more_features`] together, the threats to `side` counted once.
pub fn all_features(side: &Side, opponent: &Side) -> ([f32; PER_SIDE], [f32; MORE_PER_SIDE]) {
    let threat = hits(side, opponent);
    (
        features_given(side, opponent, threat.rolls),
        more_given(side, opponent, threat),
    )
}

/// [`side_features`], given the shots at `side`'s blots.
fn features_given(side: &Side, opponent: &Side, shots: u8) -> [f32; PER_SIDE] {
    let home = side[..6].iter().filter(|&&n| n >= 2).count();
    let anchors = side[18..24].iter().filter(|&&n| n >= 2).count();
    let blots = side[..24].iter().filter(|&&n| n == 1).count();
    [
        shots as f32 / 36.0,
        escapes(side, opponent) as f32 / 36.0,
        prime(side) as f32 / 6.0,
        home as f32 / 6.0,
        anchors as f32 / 2.0,
        blots as f32 / 4.0,
    ]
}

/// More features per side, in [`more_features`]' order (the third reading).
pub const MORE_PER_SIDE: usize = 7;

/// `side`'s further features, each scaled to about 0‥1: the rolls on which `opponent`
/// threatens two of its blots, the pips it would lose to a hit (on average over the 36
/// rolls), the pips it must travel to break contact, how tightly the opponent's blockade
/// holds (the fewest escaping rolls from any point in front of it), the pips to bring
/// every checker home, its checkers back in the opponent's home (or on the bar), and its
/// checkers outside its own home.
pub fn more_features(side: &Side, opponent: &Side) -> [f32; MORE_PER_SIDE] {
    more_given(side, opponent, hits(side, opponent))
}

/// [`more_features`], given the threats to `side`'s blots.
fn more_given(side: &Side, opponent: &Side, threat: Hits) -> [f32; MORE_PER_SIDE] {
    let to_home: u32 = (6..=BAR).map(|x| u32::from(side[x]) * (x as u32 - 5)).sum();
    let back: u8 = side[18..=BAR].iter().sum();
    let outside: u8 = side[6..=BAR].iter().sum();
    [
        threat.doubles as f32 / 36.0,
        threat.pips as f32 / 36.0 / 12.0,
        contact_pips(side, opponent) as f32 / 152.0,
        containment(opponent) as f32 / 36.0,
        to_home as f32 / 100.0,
        back as f32 / 5.0,
        outside as f32 / 15.0,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::board::start_side;

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
    fn two_blots_in_reach_give_double_shots_and_the_costliest_hit_counts() {
        // Blots facing the hitter's 6 and 5 (victim's 17 and 18), the hitter on its 12,
        // six and seven pips away: only 6-1 reaches both (the 6, and the 6 and 1 together).
        let victim = side(&[(17, 1), (18, 1)]);
        let hitter = side(&[(12, 1)]);
        let h = hits(&victim, &hitter);
        assert_eq!(h.rolls, shots(&victim, &hitter));
        assert_eq!(h.doubles, 2);
        // One blot alone is never a double shot; every hit costs it its 18 pips.
        let one = side(&[(17, 1)]);
        let h = hits(&one, &hitter);
        assert_eq!((h.rolls, h.doubles), (17, 0));
        assert_eq!(h.pips, 17 * 18);
    }

    #[test]
    fn contact_is_broken_when_every_checker_has_passed() {
        // Our checker on index 12 is their index 11: a checker of theirs there or nearer
        // their home is no longer ahead of it; one on their 13 (our 10) is two pips ahead.
        let ours = side(&[(12, 1)]);
        assert_eq!(contact_pips(&ours, &side(&[(11, 1)])), 0);
        assert_eq!(contact_pips(&ours, &side(&[(13, 1)])), 2);
        // From the start, 2 checkers on the 24 point must pass the opponent's 24-point pair.
        let start = start_side();
        assert!(contact_pips(&start, &start) > 0);
        assert_eq!(contact_pips(&start, &side(&[(0, 15)])), 0);
    }

    #[test]
    fn a_full_prime_contains_completely_and_no_points_not_at_all() {
        let them = side(&[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (12, 3)]);
        assert_eq!(containment(&them), 0);
        assert_eq!(containment(&side(&[(0, 15)])), 36);
        // A single point blocks only some rolls from right behind it.
        let one = containment(&side(&[(6, 2), (0, 13)]));
        assert!(0 < one && one < 36, "{one}");
    }

    #[test]
    fn escapes_looked_up_are_escapes_counted() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
        for _ in 0..2_000 {
            let blocked: u32 = rng.random::<u32>() & 0xFF_FFFF;
            for back in 12..=BAR {
                // Counted the first time, remembered the second.
                for _ in 0..2 {
                    assert_eq!(
                        escapes_from(back, blocked),
                        escapes_counted(back, blocked),
                        "{back} {blocked:024b}"
                    );
                }
            }
        }
    }

    #[test]
    fn more_features_are_scaled() {
        let f = more_features(&start_side(), &start_side());
        assert!(f.iter().all(|v| (0.0..=1.5).contains(v)), "{f:?}");
        assert_eq!(f[0], 0.0);
    }

    #[test]
    fn features_are_scaled() {
        let f = side_features(&start_side(), &start_side());
        assert!(f.iter().all(|v| (0.0..=1.5).contains(v)), "{f:?}");
        assert_eq!(f[0], 0.0);
    }
}
