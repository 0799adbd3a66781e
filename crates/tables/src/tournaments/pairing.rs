//! Who meets whom in a tournament's round: pure functions of the players' order, what
//! they met before and the byes they had, so a round computed again after a restart is
//! the same round.
//!
//! - **Knockout**, re-seeded each round: the players still in, in seeding order, are dealt
//!   to `ceil(n / seats)` tables in snake order (1, 2, …, t, then t, …, 1), so at two seats
//!   the best seed meets the worst; a table dealt a single player is that player's bye
//!   (which is how the best seeds get the byes of a round whose count is not a multiple).
//! - **Swiss**, a simplified Dutch system: players ordered by points, then seed. When one
//!   must sit out, the lowest-ranked player who has not had a bye gets it. Then each table
//!   is filled from the top: the highest-ranked unplaced player, joined by the
//!   highest-ranked players who have met nobody at the table yet, with backtracking at two
//!   seats so that nobody meets the same opponent twice while any such pairing exists
//!   (only then is a repeat allowed).

use std::collections::HashSet;

/// One round: its tables (players in seat order) and its byes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Round {
    pub tables: Vec<Vec<String>>,
    pub byes: Vec<String>,
}

/// How many tables `n` players fill at `seats` a table.
fn tables_for(n: usize, seats: usize) -> usize {
    n.div_ceil(seats.max(2))
}

/// A knockout round of `players`, in seeding order.
pub fn knockout(players: &[String], seats: usize) -> Round {
    let t = tables_for(players.len(), seats);
    let mut tables: Vec<Vec<String>> = vec![Vec::new(); t];
    for (i, player) in players.iter().enumerate() {
        let lap = i / t;
        let k = i % t;
        let table = if lap.is_multiple_of(2) { k } else { t - 1 - k };
        tables[table].push(player.clone());
    }
    split_byes(tables)
}

fn split_byes(tables: Vec<Vec<String>>) -> Round {
    let mut round = Round::default();
    for table in tables {
        match table.len() {
            0 => {}
            1 => round.byes.extend(table),
            _ => round.tables.push(table),
        }
    }
    round
}

/// Whether two players met before.
pub type Met = HashSet<(String, String)>;

fn met(before: &Met, a: &str, b: &str) -> bool {
    before.contains(&(a.to_string(), b.to_string()))
        || before.contains(&(b.to_string(), a.to_string()))
}

/// A Swiss round of `ranked` (points, then seed), avoiding `before`'s pairs; `had_bye`
/// holds those who sat out a round already.
pub fn swiss(ranked: &[String], before: &Met, had_bye: &HashSet<String>, seats: usize) -> Round {
    let seats = seats.max(2);
    let mut players: Vec<String> = ranked.to_vec();
    let mut byes = Vec::new();
    // At two seats an odd count leaves one out; at more, tables shrink instead (a table of
    // one, a lone player, is the only bye).
    if (seats == 2 && players.len() % 2 == 1) || players.len() == 1 {
        let pick = players
            .iter()
            .rposition(|p| !had_bye.contains(p))
            .unwrap_or(players.len() - 1);
        byes.push(players.remove(pick));
    }
    let tables = if seats == 2 {
        pair(&players, before)
            .unwrap_or_else(|| players.chunks(2).map(<[String]>::to_vec).collect())
    } else {
        groups(&players, before, seats)
    };
    Round { tables, byes }
}

/// Pairs `players` top down without repeats, backtracking; `None` when impossible (or
/// when the search would take too long: past [`SEARCH`] steps a repeat is allowed).
fn pair(players: &[String], before: &Met) -> Option<Vec<Vec<String>>> {
    let mut steps = 0;
    pair_within(players, before, &mut steps)
}

/// The most steps the pairing search takes before it settles for a repeat.
const SEARCH: usize = 100_000;

fn pair_within(players: &[String], before: &Met, steps: &mut usize) -> Option<Vec<Vec<String>>> {
    let Some((first, rest)) = players.split_first() else {
        return Some(Vec::new());
    };
    for (i, other) in rest.iter().enumerate() {
        *steps += 1;
        if *steps > SEARCH {
            return None;
        }
        if met(before, first, other) {
            continue;
        }
        let mut left = rest.to_vec();
        left.remove(i);
        if let Some(mut tables) = pair_within(&left, before, steps) {
            tables.insert(0, vec![first.clone(), other.clone()]);
            return Some(tables);
        }
    }
    None
}

/// Tables of up to `seats` filled top down, each with players who met nobody there when
/// possible; sizes as even as the count allows.
fn groups(players: &[String], before: &Met, seats: usize) -> Vec<Vec<String>> {
    let t = tables_for(players.len(), seats);
    let mut sizes = vec![players.len() / t; t];
    for size in sizes.iter_mut().take(players.len() % t) {
        *size += 1;
    }
    let mut left: Vec<String> = players.to_vec();
    let mut tables = Vec::new();
    for size in sizes {
        let mut table = vec![left.remove(0)];
        while table.len() < size {
            let fresh = left
                .iter()
                .position(|p| table.iter().all(|q| !met(before, p, q)))
                .unwrap_or(0);
            table.push(left.remove(fresh));
        }
        tables.push(table);
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("p{i}")).collect()
    }

    #[test]
    fn a_knockout_of_eight_meets_best_and_worst_and_five_give_the_best_seed_a_bye() {
        let round = knockout(&names(8), 2);
        assert_eq!(round.tables[0], ["p1", "p8"]);
        assert_eq!(round.tables[3], ["p4", "p5"]);
        assert!(round.byes.is_empty());
        let round = knockout(&names(5), 2);
        assert_eq!(round.byes, ["p1"]);
        assert_eq!(round.tables, [vec!["p2", "p5"], vec!["p3", "p4"]]);
        // Three a table: seven players make tables of three, two and two.
        let round = knockout(&names(7), 3);
        assert_eq!(round.tables.len(), 3);
        assert_eq!(round.tables[0], ["p1", "p6", "p7"]);
    }

    #[test]
    fn swiss_gives_the_bye_to_the_lowest_without_one_and_avoids_repeats() {
        let ranked = names(5);
        let mut had = HashSet::new();
        had.insert("p5".to_string());
        let round = swiss(&ranked, &Met::new(), &had, 2);
        assert_eq!(round.byes, ["p4"]);
        assert_eq!(round.tables, [vec!["p1", "p2"], vec!["p3", "p5"]]);
        let mut before = Met::new();
        before.insert(("p1".into(), "p2".into()));
        let round = swiss(&names(4), &before, &HashSet::new(), 2);
        assert_eq!(round.tables, [vec!["p1", "p3"], vec!["p2", "p4"]]);
    }

    proptest! {
        #[test]
        fn every_player_plays_or_sits_out_exactly_once(
            n in 2usize..20,
            seats in 2usize..5,
            swiss_format in any::<bool>(),
            history in proptest::collection::vec((0usize..20, 0usize..20), 0..40),
        ) {
            let players = names(n);
            let before: Met = history
                .iter()
                .filter(|(a, b)| a < b && *b < n)
                .map(|(a, b)| (players[*a].clone(), players[*b].clone()))
                .collect();
            let round = if swiss_format {
                swiss(&players, &before, &HashSet::new(), seats)
            } else {
                knockout(&players, seats)
            };
            let mut seen: Vec<String> = round.tables.iter().flatten().cloned().collect();
            seen.extend(round.byes.iter().cloned());
            seen.sort();
            let mut all = players.clone();
            all.sort();
            prop_assert_eq!(seen, all);
            for table in &round.tables {
                prop_assert!(table.len() >= 2 && table.len() <= seats);
            }
            prop_assert!(round.byes.len() <= 1);
            // At two seats a Swiss round repeats no pairing when a fresh one exists.
            if swiss_format && seats == 2 {
                let mut rest: Vec<String> = players.clone();
                rest.retain(|p| !round.byes.contains(p));
                if pair(&rest, &before).is_some() {
                    for table in &round.tables {
                        prop_assert!(!met(&before, &table[0], &table[1]));
                    }
                }
            }
        }
    }
}
