//! Moves on the board itself: for every game whose board takes touches, over random
//! positions, every spot a move's ways name is a place of the board as the page draws it,
//! no way is another move's, and no move's whole way is only the start of another's — so
//! touching a move's way plays that move and nothing else. (Played in a real browser:
//! tests/browser.rs.)

use std::collections::{BTreeMap, BTreeSet};

use holotable::catalogue::Catalogue;
use holotable::games::{GameOptions, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The games whose boards take touches.
const TOUCHED: [&str; 5] = ["dejarik", "backgammon", "kingdoms", "zatak", "dzone"];

/// Whether `action` is one the menus and buttons alone offer: a decision, a pass, a Zatak
/// set-up or turn of a die, a D-Zone claim of the depot.
fn menu_only(action: &str) -> bool {
    matches!(action, "pass" | "double" | "take" | "drop" | "roll")
        || action.starts_with("resign")
        || action.starts_with("setup ")
        || action.ends_with(['+', '-'])
        || matches!(action, "claim depot" | "waive")
}

#[test]
fn every_way_names_board_spots_and_leads_to_one_move_only() {
    let mut rng = ChaCha8Rng::seed_from_u64(54);
    let catalogue = Catalogue::default();
    let mut read = BTreeMap::new();
    for entry in catalogue.entries() {
        let id = entry.info.id;
        let rules = entry.rules(&GameOptions::default()).unwrap();
        for playout in 0..8 {
            let mut play = rules.start(entry.info.min_seats).unwrap();
            for step in 0..120 {
                match play.status() {
                    Status::Over(_) => break,
                    Status::Chance => {
                        let outcome = play.sample_chance(&mut rng).unwrap();
                        play.apply(&outcome).unwrap();
                        continue;
                    }
                    Status::ToMove(_) => {}
                }
                let moves = play.touches();
                let spots = entry.board.spots(play.as_ref());
                if !TOUCHED.contains(&id) {
                    assert!(moves.is_empty() || spots.spots.is_empty() == moves.is_empty());
                } else {
                    let what = format!("{id} playout {playout} step {step}");
                    check(&moves, &spots, &play.legal(), &what);
                    *read.entry(id).or_insert(0) += 1;
                }
                let legal = play.legal();
                let action = legal[rng.random_range(0..legal.len())].clone();
                play.apply(&action).unwrap();
            }
        }
    }
    for id in TOUCHED {
        assert!(read.get(id).is_some_and(|&n| n > 50), "{id}: {read:?}");
    }
}

fn check(
    moves: &[(String, Vec<Vec<String>>)],
    spots: &holotable::render::spots::Spots,
    legal: &[String],
    what: &str,
) {
    let keys: BTreeSet<&str> = spots.spots.iter().map(|s| s.key.as_str()).collect();
    assert_eq!(keys.len(), spots.spots.len(), "{what}: a key twice");
    assert!(spots.width > 0.0 && spots.height > 0.0, "{what}");
    // Every move a player may make by hand is on the board (a pass is a button).
    let touched: BTreeSet<&str> = moves.iter().map(|(a, _)| a.as_str()).collect();
    for action in legal {
        if !touched.contains(action.as_str()) {
            assert!(menu_only(action), "{what}: {action} cannot be touched");
        }
    }
    let mut owner: BTreeMap<&[String], &str> = BTreeMap::new();
    for (action, ways) in moves {
        for way in ways {
            assert!(!way.is_empty(), "{what}: {action} has an empty way");
            for key in way {
                assert!(
                    keys.contains(key.as_str()),
                    "{what}: {action} touches {key}, no spot"
                );
            }
            if let Some(other) = owner.insert(way, action) {
                assert_eq!(
                    other, action,
                    "{what}: {way:?} is both {other} and {action}"
                );
            }
        }
    }
    for (way, action) in &owner {
        for (other, by) in &owner {
            if by != action && other.len() > way.len() {
                assert!(
                    !other.starts_with(way),
                    "{what}: {action}'s way {way:?} only begins {by}'s {other:?}"
                );
            }
        }
    }
}
