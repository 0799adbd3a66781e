use std::collections::{BTreeSet, HashMap};

use super::*;
use crate::backgammon::board::Board;

/// A side with `home` on its home points and the rest borne off.
fn side(home: &Home) -> Side {
    let mut side = [0u8; 25];
    side[..POINTS].copy_from_slice(home);
    side
}

/// An opponent with every checker on its own home points: it never meets `side`'s.
fn far_opponent() -> Side {
    side(&[3, 3, 3, 2, 2, 2])
}

/// The homes the rules core's own plays of `a`-`b` lead to from `home`.
fn plays_from(home: &Home, a: usize, b: usize) -> Vec<Home> {
    let board = Board {
        me: side(home),
        them: far_opponent(),
    };
    board
        .plays(a as u8, b as u8)
        .iter()
        .map(|play| home_of(&play.after.me).expect("still at home"))
        .collect()
}

fn small_homes(most: usize) -> Vec<Home> {
    all_homes()
        .into_iter()
        .filter(|h| checkers(h) <= most)
        .collect()
}

#[test]
fn ranks_number_every_position_once_in_order() {
    let homes = all_homes();
    assert_eq!(homes.len(), 54_264);
    assert_eq!(positions(), 54_264);
    for (i, home) in homes.iter().enumerate() {
        assert_eq!(rank(home), i, "{home:?}");
    }
}

#[test]
fn every_move_leads_to_a_lower_rank() {
    for home in all_homes() {
        for d in 1..=6 {
            for next in steps(&home, d) {
                assert!(rank(&next) < rank(&home), "{home:?} by {d}: {next:?}");
            }
        }
    }
}

/// BG-3: the positions one roll leads to, composed from single dice here, are exactly
/// those of the rules core's own plays (which GNU Backgammon checks in the arena), for
/// every position of up to five checkers and every roll.
#[test]
fn moves_match_the_rules_cores_plays() {
    for home in small_homes(5).into_iter().filter(|h| checkers(h) > 0) {
        for (a, b, _) in rolls() {
            let expected: BTreeSet<Home> = plays_from(&home, a, b).into_iter().collect();
            let dice = if a == b { vec![a; 4] } else { vec![a, b] };
            let mut ends: BTreeSet<Home> = BTreeSet::new();
            let orders: Vec<Vec<usize>> = if a == b {
                vec![dice]
            } else {
                vec![vec![a, b], vec![b, a]]
            };
            for order in orders {
                let mut now: BTreeSet<Home> = [home].into();
                for d in order {
                    now = now
                        .iter()
                        .flat_map(|h| {
                            let next: Vec<Home> = steps(h, d).collect();
                            if next.is_empty() {
                                vec![*h]
                            } else {
                                next
                            }
                        })
                        .collect();
                }
                ends.extend(now);
            }
            assert_eq!(ends, expected, "{home:?} rolling {a}-{b}");
        }
    }
}

/// Every position's distributions are whole within the rolls kept.
#[test]
fn every_distribution_sums_to_one() {
    let db = Bearoff::get();
    for home in all_homes() {
        let off: f64 = db.off(&home).iter().sum();
        let first: f64 = db.first_off(&home).iter().sum();
        assert!((off - 1.0).abs() < 1e-5, "{home:?}: {off}");
        assert!((first - 1.0).abs() < 1e-5, "{home:?}: {first}");
    }
}

/// Expected rolls and the distribution of each position, found by trying every play of
/// the rules core for every roll (no database, no single-die composition).
fn brute(home: Home, memo: &mut HashMap<Home, (f64, [f64; ROLLS])>) -> (f64, [f64; ROLLS]) {
    if let Some(found) = memo.get(&home) {
        return *found;
    }
    let mut dist = [0.0; ROLLS];
    if checkers(&home) == 0 {
        dist[0] = 1.0;
        memo.insert(home, (0.0, dist));
        return (0.0, dist);
    }
    let mut mean = 1.0;
    for (a, b, weight) in rolls() {
        let ends = plays_from(&home, a, b);
        let scored: Vec<(f64, u32)> = ends
            .iter()
            .map(|&h| (brute(h, memo).0, rank(&h) as u32))
            .collect();
        let end = soonest(scored.into_iter()).expect("a play");
        let end = ends
            .iter()
            .find(|h| rank(h) == end as usize)
            .copied()
            .expect("chosen among the ends");
        let (e, d) = brute(end, memo);
        mean += weight / 36.0 * e;
        for r in 1..ROLLS {
            dist[r] += weight / 36.0 * d[r - 1];
        }
    }
    memo.insert(home, (mean, dist));
    (mean, dist)
}

#[test]
fn small_positions_match_an_exhaustive_search() {
    let db = Bearoff::get();
    let mut memo = HashMap::new();
    for home in small_homes(4) {
        let (_, expected) = brute(home, &mut memo);
        let got = db.off(&home);
        for r in 0..ROLLS {
            assert!(
                (got[r] - expected[r]).abs() < 1e-6,
                "{home:?} roll {r}: {} vs {}",
                got[r],
                expected[r]
            );
        }
    }
}

#[test]
fn a_checker_on_the_six_point_is_off_in_one_roll_three_times_in_four() {
    // Only 1-1, 1-2, 1-3, 1-4 and 2-3 (9 of 36) leave it on the board.
    let off = Bearoff::get().off(&[0, 0, 0, 0, 0, 1]);
    assert!((off[1] - 27.0 / 36.0).abs() < 1e-6, "{}", off[1]);
    assert!((off[2] - 9.0 / 36.0).abs() < 1e-6, "{}", off[2]);
}

#[test]
fn races_of_one_checker_are_exact() {
    let db = Bearoff::get();
    // Whoever is to roll with a checker on the ace point wins at once.
    let p = db.probabilities(&[1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0]);
    assert_eq!(p.win(), 0.0);
    // They miss their six-point checker 9 times in 36, and then I am off.
    let p = db.probabilities(&[1, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 1]);
    assert!((p.win() - 9.0 / 36.0).abs() < 1e-6, "{p:?}");
    assert_eq!((p.0[1], p.0[3]), (0.0, 0.0), "no gammon with checkers off");
}

/// My last checker is off on my next roll unless they finish first, which fifteen
/// checkers cannot; it is a gammon unless their roll takes one off, which the rules
/// core's plays say for every roll.
#[test]
fn a_gammon_is_saved_by_any_roll_that_takes_a_checker_off() {
    let db = Bearoff::get();
    let them: Home = [0, 0, 0, 1, 4, 10];
    let saving: f64 = rolls()
        .filter(|&(a, b, _)| plays_from(&them, a, b).iter().any(|h| checkers(h) < MOST))
        .map(|(_, _, w)| w / 36.0)
        .sum();
    assert!(saving > 0.0 && saving < 1.0, "{saving}");
    let p = db.probabilities(&[1, 0, 0, 0, 0, 0], &them);
    assert!((p.win() - 1.0).abs() < 1e-6, "{p:?}");
    assert!((p.0[1] - (1.0 - saving) as f32).abs() < 1e-6, "{p:?}");
    // And the other way round: they are on roll and I have fifteen to bear off.
    let q = db.probabilities(&them, &[1, 0, 0, 0, 0, 0]);
    assert_eq!(q.win(), 0.0);
    assert!(
        (q.0[3] - 1.0).abs() < 1e-6,
        "they are off before I move: {q:?}"
    );
}

/// Whatever the two homes, the probabilities are consistent: a gammon is a win, and a
/// side that is further ahead wins more.
#[test]
fn probabilities_are_consistent() {
    let db = Bearoff::get();
    let homes = all_homes();
    for (k, me) in homes.iter().enumerate().step_by(997) {
        for them in homes.iter().skip(k % 13).step_by(1_301) {
            if checkers(me) == 0 || checkers(them) == 0 {
                continue;
            }
            let p = db.probabilities(me, them);
            let [w, wg, wb, lg, lb] = p.0;
            assert!((0.0..=1.0).contains(&w), "{me:?} {them:?} {p:?}");
            assert!(
                wg <= w + 1e-6 && lg <= 1.0 - w + 1e-6,
                "{me:?} {them:?} {p:?}"
            );
            assert_eq!((wb, lb), (0.0, 0.0));
        }
    }
}

#[test]
fn only_sides_wholly_at_home_are_read() {
    let mut side = side(&[2, 2, 2, 2, 2, 2]);
    assert_eq!(home_of(&side), Some([2, 2, 2, 2, 2, 2]));
    side[6] = 1;
    assert_eq!(home_of(&side), None);
    side[6] = 0;
    side[BAR] = 1;
    assert_eq!(home_of(&side), None);
}
