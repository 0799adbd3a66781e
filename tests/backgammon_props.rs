//! Property tests over random backgammon matches and random input (BG-2 … BG-6).

use holotable::games::backgammon::{Action, Backgammon, State};
use holotable::games::{Game, Status};
use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn options(length: u16) -> Backgammon {
    Backgammon::from_options(&serde_json::from_str(&format!(r#"{{"length":{length}}}"#)).unwrap())
        .unwrap()
}

fn play_state(game: &Backgammon, state: &State, action: &Action) -> State {
    game.apply(state, action).unwrap()
}

/// Plays one random match, checking the contract at every position; returns the actions.
fn check_random_match(seed: u64, length: u16) -> Result<usize, TestCaseError> {
    let game = options(length);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.start(2).unwrap();
    for step in 0..20_000 {
        // BG-6: the two IDs read back as the same state.
        let text = game.format_state(&state);
        prop_assert_eq!(&game.parse_state(&text).unwrap(), &state, "{}", text);
        let legal = game.legal_actions(&state);
        if let (_, Some(counted)) = game.heuristic_counted(&state, holotable::droid::MIND) {
            prop_assert_eq!(counted, legal.len(), "plays counted by the estimate");
        }
        let action = match game.status(&state) {
            Status::Over(outcome) => {
                prop_assert!(legal.is_empty());
                let top = *outcome.points.iter().max().unwrap();
                prop_assert!(top >= length.max(1) as u32, "{:?}", outcome);
                return Ok(step);
            }
            Status::Chance => {
                let outcomes = game.chance_outcomes(&state);
                let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
                prop_assert!((total - 1.0).abs() < 1e-9);
                outcomes.choose(&mut rng).unwrap().0.clone()
            }
            Status::ToMove(_) => {
                prop_assert!(!legal.is_empty(), "a seat to move always has an action");
                // Every legal action applies and its notation reads back to the same result.
                let mut results = Vec::new();
                for action in &legal {
                    let notation = game.format_action(&state, action);
                    let read = game.parse_action(&state, &notation).unwrap();
                    let after = play_state(&game, &state, action);
                    prop_assert_eq!(&play_state(&game, &state, &read), &after, "{}", notation);
                    results.push(game.format_state(&after));
                }
                // BG-3.8: one entry per final position.
                let count = results.len();
                results.sort();
                results.dedup();
                prop_assert_eq!(results.len(), count, "two plays lead to one position");
                // Sometimes offer a resignation, mostly play on.
                // (Not while an offer waits for its answer: BG-5 lets only the answer come.)
                let resign = Action::Resign(rng.random_range(1..=3));
                if rng.random_ratio(1, 200)
                    && state.info.dice != (0, 0)
                    && game.apply(&state, &resign).is_ok()
                {
                    resign
                } else {
                    legal.choose(&mut rng).unwrap().clone()
                }
            }
        };
        state = play_state(&game, &state, &action);
    }
    Err(TestCaseError::fail("the match did not end"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn random_matches_keep_the_contract(seed in any::<u64>(), length in prop::sample::select(vec![0u16, 1, 3, 5])) {
        check_random_match(seed, length)?;
    }

    #[test]
    fn parsers_never_panic(text in ".{0,40}") {
        let game = options(5);
        let _ = game.parse_state(&text);
        let mut state = game.start(2).unwrap();
        state = game.apply(&state, &Action::Opening(6, 1)).unwrap();
        let _ = game.parse_action(&state, &text);
    }

    #[test]
    fn ids_never_panic(pid in "[A-Za-z0-9+/]{14}", mid in "[A-Za-z0-9+/]{12}") {
        let game = options(5);
        if let Ok(state) = game.parse_state(&format!("{pid}:{mid}")) {
            // Whatever reads, writes back and reads again as itself.
            let again = game.parse_state(&game.format_state(&state)).unwrap();
            prop_assert_eq!(again, state);
        }
    }

    #[test]
    fn typed_plays_never_panic(text in "[0-9/ *()bar off-]{0,30}") {
        let game = options(1);
        let mut state = game.start(2).unwrap();
        state = game.apply(&state, &Action::Opening(5, 3)).unwrap();
        let _ = game.parse_action(&state, &text);
    }
}
