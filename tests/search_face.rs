//! The search's face of the rules contract (`DynPlay`'s choices by number): what a generic
//! search needs, checked on random playouts of every game of the catalogue.

use holotable::catalogue::{Catalogue, GAMES};
use holotable::games::{GameOptions, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn options(json: &str) -> GameOptions {
    serde_json::from_str(json).unwrap()
}

#[test]
fn choices_by_number_agree_with_the_notation_face_on_random_playouts() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for entry in GAMES {
        let game = entry.rules(&GameOptions::new()).unwrap();
        for _ in 0..20 {
            let mut play = game.start(entry.info.min_seats).unwrap();
            for _ in 0..2_000 {
                let n = play.choice_count();
                match play.status() {
                    Status::Over(outcome) => {
                        assert_eq!(n, 0);
                        assert_eq!(play.points(), Some(outcome.points));
                        break;
                    }
                    Status::Chance => {
                        let weights = play.chance_weights();
                        assert_eq!(weights.len(), n, "{}", entry.info.id);
                        let total: f64 = weights.iter().sum();
                        assert!((total - 1.0).abs() < 1e-9, "{}: {total}", entry.info.id);
                    }
                    Status::ToMove(_) => {
                        assert!(play.chance_weights().is_empty());
                        let texts: Vec<String> =
                            (0..n).map(|i| play.choice_text(i).unwrap()).collect();
                        assert_eq!(texts, play.legal(), "{}", entry.info.id);
                        assert!(play.points().is_none());
                    }
                }
                assert!(play.choice_text(n).is_none());
                let pick = rng.random_range(0..n);
                let expected = {
                    let mut by_text = play.clone();
                    by_text.apply(&play.choice_text(pick).unwrap()).unwrap();
                    by_text.position()
                };
                // A copy explores without touching the original.
                let before = play.position();
                let mut copy = play.clone();
                copy.step(pick).unwrap();
                assert_eq!(play.position(), before);
                play.step(pick).unwrap();
                assert_eq!(play.position(), expected);
                assert_eq!(copy.position(), expected);
            }
        }
    }
}

#[test]
fn the_end_of_a_game_inside_a_match_is_told_to_the_search() {
    let game = Catalogue::default()
        .get("backgammon")
        .unwrap()
        .rules(&options(r#"{"length":3}"#))
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut ends = Vec::new();
    let mut play = game.start(2).unwrap();
    while !matches!(play.status(), Status::Over(_)) {
        let n = play.choice_count();
        play.step(rng.random_range(0..n)).unwrap();
        if let Some(end) = play.game_end() {
            ends.push(end.points);
        }
    }
    let Status::Over(outcome) = play.status() else {
        unreachable!()
    };
    assert!(!ends.is_empty());
    // Every game's points add up to the match score, and each game has one winner.
    let mut sum = [0u32; 2];
    for points in &ends {
        assert_eq!(points.iter().filter(|&&p| p > 0).count(), 1, "{points:?}");
        sum[0] += points[0];
        sum[1] += points[1];
    }
    assert_eq!(sum.to_vec(), outcome.points);
    // A choice number out of range is an error and changes nothing.
    let mut fresh = game.start(2).unwrap();
    let before = fresh.position();
    assert!(fresh.step(99).is_err());
    assert_eq!(fresh.position(), before);
}
