//! A play as a player points it out on the board: each checker's point, then where it goes,
//! named as the mover counts them (`1`–`24`, `bar`, `off`). A play is one of the turn's
//! sequences, but the same play may be touched in another order (each checker moved from
//! a point where one stands by then), and a checker that moves twice may be taken straight
//! to its last point: each of those is a way.

use super::board::{Side, Step, BAR};

fn spot(index: i16) -> String {
    match index {
        i if i == BAR as i16 => "bar".to_string(),
        i if i < 0 => "off".to_string(),
        i => (i + 1).to_string(),
    }
}

/// Every ordering of `steps`, without repeats.
fn orderings(steps: &[Step]) -> Vec<Vec<Step>> {
    if steps.len() <= 1 {
        return vec![steps.to_vec()];
    }
    let mut out: Vec<Vec<Step>> = Vec::new();
    for (i, first) in steps.iter().enumerate() {
        if steps[..i].contains(first) {
            continue;
        }
        let rest: Vec<Step> = steps
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, s)| *s)
            .collect();
        for mut tail in orderings(&rest) {
            tail.insert(0, *first);
            out.push(tail);
        }
    }
    out
}

/// The ways of `ordered`: its moves one by one, and with every run of one checker's moves
/// (a step ending where the next begins) also taken in one.
fn joined(ordered: &[Step]) -> Vec<Vec<String>> {
    let mut ways: Vec<Vec<(i16, i16)>> = vec![Vec::new()];
    for step in ordered {
        let (from, to) = (step.from as i16, step.to as i16);
        let mut next = Vec::new();
        for way in ways {
            if way.last().is_some_and(|&(_, end)| end == from) {
                let mut merged = way.clone();
                merged.last_mut().expect("a last move").1 = to;
                next.push(merged);
            }
            let mut apart = way;
            apart.push((from, to));
            next.push(apart);
        }
        ways = next;
    }
    ways.into_iter()
        .map(|way| {
            way.into_iter()
                .flat_map(|(a, b)| [spot(a), spot(b)])
                .collect()
        })
        .collect()
}

/// Whether each step of `ordered` moves a checker that stands on its point by then, the
/// bar's first, from the mover's checkers `me`.
fn possible(ordered: &[Step], me: &Side) -> bool {
    let mut me = *me;
    for step in ordered {
        let from = step.from as usize;
        // A checker on the bar enters before any other moves (BG-3.4).
        if me[from] == 0 || (me[BAR] > 0 && from != BAR) {
            return false;
        }
        me[from] -= 1;
        if step.to >= 0 {
            me[step.to as usize] += 1;
        }
    }
    true
}

/// The ways of a play of `steps` by the mover whose checkers are `me`.
pub(super) fn ways(steps: &[Step], me: &Side) -> Vec<Vec<String>> {
    let mut all: Vec<Vec<String>> = orderings(steps)
        .iter()
        .filter(|o| possible(o, me))
        .flat_map(|o| joined(o))
        .collect();
    all.sort();
    all.dedup();
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(from: u8, to: i8) -> Step {
        Step { from, to }
    }

    /// A mover with one checker on each of `points` (indices).
    fn on(points: &[usize]) -> Side {
        let mut side = [0; 25];
        for &p in points {
            side[p] += 1;
        }
        side
    }

    #[test]
    fn two_checkers_may_be_touched_in_either_order() {
        // 13/8 6/5: index 12 → 7, index 5 → 4.
        let ways = ways(&[step(12, 7), step(5, 4)], &on(&[12, 5]));
        assert_eq!(
            ways,
            vec![vec!["13", "8", "6", "5"], vec!["6", "5", "13", "8"],]
        );
    }

    #[test]
    fn one_checker_moving_twice_may_go_straight_to_its_last_point() {
        // 24/18/13: index 23 → 17 → 12; and bar/22 then off.
        let ways = ways(&[step(23, 17), step(17, 12)], &on(&[23]));
        assert!(ways.contains(&vec!["24".into(), "13".into()]), "{ways:?}");
        // Not from 18 first: no checker stands there before the first step.
        assert!(ways.iter().all(|w| w[0] == "24"), "{ways:?}");
        assert!(ways.contains(&vec![
            "24".to_string(),
            "18".into(),
            "18".into(),
            "13".into()
        ]));
        let entering = super::ways(&[step(BAR as u8, 21), step(2, -1)], &on(&[BAR, 2]));
        assert!(entering
            .iter()
            .any(|w| w[..2] == ["bar", "22"] && w[2..] == ["3", "off"]));
        assert!(entering.iter().all(|w| w[0] == "bar"), "{entering:?}");
    }

    #[test]
    fn doubles_repeat_no_way() {
        let ways = ways(
            &[step(12, 9), step(12, 9), step(5, 2), step(5, 2)],
            &on(&[12, 12, 5, 5]),
        );
        let mut sorted = ways.clone();
        sorted.dedup();
        assert_eq!(ways, sorted);
        assert!(ways.len() <= 24 * 8);
    }
}
