//! Property tests over random Dejarik games and random input (DJ-3 … DJ-9).

use std::sync::Arc;

use holotable::catalogue::lookup;
use holotable::games::dejarik::{Action, Cell, Dejarik, Position};
use holotable::games::{DynPlay, Game, GameOptions, Playthrough, Status};
use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn every_candidate() -> Vec<Action> {
    let mut all = vec![Action::Pass];
    for from in Cell::all() {
        for to in Cell::all() {
            all.push(Action::Move { from, to });
        }
    }
    all
}

/// Plays one random game, checking the contract at every position.
fn check_random_game(seed: u64) -> Result<usize, TestCaseError> {
    let game = Arc::new(Dejarik::default());
    let candidates = every_candidate();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut play = Playthrough::new(Arc::clone(&game), 2).unwrap();
    loop {
        let state = *play.state();
        let text = game.format_state(&state);
        // DJ-9: parse ∘ format is the identity on positions.
        prop_assert_eq!(game.parse_state(&text).unwrap(), state);
        let legal = play.legal_actions();
        match play.status() {
            Status::Over(outcome) => {
                prop_assert!(legal.is_empty());
                prop_assert_eq!(outcome.points.len(), 2);
                return Ok(play.plies());
            }
            Status::ToMove(seat) => {
                prop_assert_eq!(seat, state.to_move().seat());
                prop_assert!(!legal.is_empty(), "a seat to move always has an action");
            }
            Status::Chance => prop_assert!(false, "Dejarik has no chance"),
        }
        // Every legal action applies, its notation round-trips and is unique.
        let mut spelled = Vec::new();
        for action in &legal {
            let notation = game.format_action(&state, action);
            prop_assert_eq!(&game.parse_action(&state, &notation).unwrap(), action);
            prop_assert!(game.apply(&state, action).is_ok(), "{} fails", notation);
            spelled.push(notation);
        }
        let count = spelled.len();
        spelled.sort();
        spelled.dedup();
        prop_assert_eq!(spelled.len(), count, "two legal actions share a spelling");
        // Every action that applies was legal: try a sample of all from/to pairs.
        for candidate in candidates.choose_multiple(&mut rng, 60) {
            let applies = game.apply(&state, candidate).is_ok();
            prop_assert_eq!(applies, legal.contains(candidate), "{:?}", candidate);
        }
        let action = *legal.choose(&mut rng).unwrap();
        play.apply(&action).unwrap();
        // DJ-5.7: the game always ends by the cap.
        prop_assert!(play.plies() <= game.cap() as usize);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_keep_the_contract(seed in any::<u64>()) {
        check_random_game(seed)?;
    }

    #[test]
    fn dj_9_position_notation_round_trips(
        white in proptest::sample::subsequence((0..25usize).collect::<Vec<_>>(), 0..=4),
        black_pick in proptest::collection::vec(0..25usize, 0..=4),
        black_to_move in any::<bool>(),
        first in 0..4u8,
    ) {
        let mut black: Vec<usize> = black_pick.into_iter().filter(|c| !white.contains(c)).collect();
        black.sort();
        black.dedup();
        let cells = |list: &[usize]| {
            if list.is_empty() {
                "-".to_string()
            } else {
                list.iter()
                    .map(|&i| holotable::games::dejarik::format_cell(Cell::from_index(i).unwrap()))
                    .collect::<Vec<_>>()
                    .join(",")
            }
        };
        let flags = ["-", "w", "b", "wb"][first as usize];
        let text = format!(
            "{}/{}/{}:{}",
            cells(&white),
            cells(&black),
            if black_to_move { "b" } else { "w" },
            flags
        );
        let game = Dejarik::default();
        let pos: Position = game.parse_state(&text).unwrap();
        prop_assert_eq!(game.format_state(&pos), text);
    }

    #[test]
    fn parsers_never_panic_on_any_text(text in ".{0,80}") {
        let game = Dejarik::default();
        let _ = game.parse_state(&text);
        let start = game.start(2).unwrap();
        let _ = game.parse_action(&start, &text);
    }

    #[test]
    fn parsers_never_panic_on_notation_like_text(text in "[oOiIcC0-9,/:wb\\- ]{0,40}") {
        let game = Dejarik::default();
        if let Ok(pos) = game.parse_state(&text) {
            // Whatever parses formats back to something that parses to the same position.
            prop_assert_eq!(game.parse_state(&game.format_state(&pos)).unwrap(), pos);
            // And the rules do not panic on it.
            let _ = game.status(&pos);
            for action in game.legal_actions(&pos) {
                prop_assert!(game.apply(&pos, &action).is_ok());
            }
        }
        let start = game.start(2).unwrap();
        if let Ok(action) = game.parse_action(&start, &text) {
            let _ = game.apply(&start, &action);
        }
    }

    #[test]
    fn engine_never_panics_on_any_line(text in ".{0,120}") {
        let reply = holotable::engine::handle_line(&text);
        prop_assert!(reply.get("ok").is_some());
    }

    #[test]
    fn engine_never_panics_on_request_shaped_lines(
        op in prop::sample::select(vec!["new", "status", "legal", "apply", "render", "nope"]),
        state in "[oOiIcC0-9,/:wb\\- ]{0,30}",
        action in "[oOiIcC0-9 \\-pas]{0,10}",
    ) {
        let line = serde_json::json!({"op": op, "game": "dejarik", "state": state, "action": action}).to_string();
        let reply = holotable::engine::handle_line(&line);
        prop_assert!(reply.get("ok").is_some());
    }
}

#[test]
fn type_erased_face_plays_the_same_games() {
    // The layers above play through DynPlay with notation only; it must agree with the typed
    // contract and refuse bad input without changing anything.
    let dyn_game = lookup("dejarik", &GameOptions::new()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for _ in 0..20 {
        let mut play: Box<dyn DynPlay> = dyn_game.start(2).unwrap();
        while matches!(play.status(), Status::ToMove(_)) {
            let before = play.position();
            assert!(play.apply("o13-i1").is_err());
            assert!(play.apply("nonsense").is_err());
            assert_eq!(play.position(), before, "a refused action changed the game");
            let legal = play.legal_with_results();
            let pick = &legal[rng.random_range(0..legal.len())];
            let mut copy = play.clone();
            assert_eq!(
                play.normalize(&pick.action.to_uppercase()).unwrap(),
                pick.action
            );
            assert_eq!(copy.apply(&pick.action).unwrap(), pick.action);
            assert_eq!(copy.position(), pick.state);
            play = copy;
        }
        assert!(play.legal().is_empty());
        assert!(matches!(play.status(), Status::Over(_)));
    }
}
