//! A play as a player points it out on the board: each checker's point, then where it goes,
//! named as the mover counts them (`1`–`24`, `bar`, `off`). A play is one of the turn's
//! sequences, but the same play may be touched in another order, and a checker that moves
//! twice may be taken straight to its last point: each of those is a way.

use super::board::{Step, BAR};

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

/// The ways of a play of `steps`.
pub(super) fn ways(steps: &[Step]) -> Vec<Vec<String>> {
    let mut all: Vec<Vec<String>> = orderings(steps).iter().flat_map(|o| joined(o)).collect();
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

    #[test]
    fn two_checkers_may_be_touched_in_either_order() {
        // 13/8 6/5: index 12 → 7, index 5 → 4.
        let ways = ways(&[step(12, 7), step(5, 4)]);
        assert_eq!(
            ways,
            vec![vec!["13", "8", "6", "5"], vec!["6", "5", "13", "8"],]
        );
    }

    #[test]
    fn one_checker_moving_twice_may_go_straight_to_its_last_point() {
        // 24/18/13: index 23 → 17 → 12; and bar/22 then off.
        let ways = ways(&[step(23, 17), step(17, 12)]);
        assert!(ways.contains(&vec!["24".into(), "13".into()]), "{ways:?}");
        assert!(ways.contains(&vec![
            "24".to_string(),
            "18".into(),
            "18".into(),
            "13".into()
        ]));
        let entering = super::ways(&[step(BAR as u8, 21), step(2, -1)]);
        assert!(entering
            .iter()
            .any(|w| w[..2] == ["bar", "22"] && w[2..] == ["3", "off"]));
    }

    #[test]
    fn doubles_repeat_no_way() {
        let ways = ways(&[step(12, 9), step(12, 9), step(5, 2), step(5, 2)]);
        let mut sorted = ways.clone();
        sorted.dedup();
        assert_eq!(ways, sorted);
        assert!(ways.len() <= 24 * 8);
    }
}
