//! Property tests over random D-Zone games of 2, 3 and 4 players (DZ-2 … DZ-8): the
//! material is conserved, steel stays at S, positions read back as written, every listed
//! action applies, chance outcomes sum to one, claim windows follow voluntary passes only,
//! and every game ends.

use std::sync::Arc;

use holotable::games::dzone::{Action, Claimable, Dzone, Phase, Position, Square};
use holotable::games::{Game, GameOptions, Playthrough, Status};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn material(pos: &Position, seat: usize) -> u32 {
    let on_board = pos.marbles_of(seat).count() as u32;
    let taken: u32 = pos.players.iter().map(|p| p.captures[seat] as u32).sum();
    on_board + pos.players[seat].reserve as u32 + taken
}

fn check_game(seed: u64, seats: usize, options: &str) -> Result<u32, TestCaseError> {
    let options: GameOptions = serde_json::from_str(options).unwrap();
    let game = Arc::new(Dzone::from_options(&options).unwrap());
    let steel = game.total_steel(seats);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut play = Playthrough::new(Arc::clone(&game), seats).unwrap();
    for _ in 0..20_000 {
        let pos = play.state().clone();
        let text = game.format_state(&pos);
        prop_assert_eq!(&game.parse_state(&text).unwrap(), &pos, "{}", text);
        for seat in 0..seats {
            // DZ-8.4: board + reserve + others' captures = N
            prop_assert_eq!(material(&pos, seat), game.marbles as u32, "{}", text);
            // DZ-6.1: out exactly when nothing is left
            let has = pos.marbles_of(seat).next().is_some() || pos.players[seat].reserve > 0;
            prop_assert_eq!(has, !pos.players[seat].out, "{}", text);
        }
        let expected_steel = match pos.phase {
            Phase::Place(k) => steel - k as usize,
            Phase::Steel(_) => steel - 1,
            _ => steel,
        };
        prop_assert_eq!(pos.steel(), expected_steel, "{}", text);
        match play.status() {
            Status::Over(outcome) => {
                prop_assert_eq!(outcome.points.len(), seats);
                prop_assert!(outcome.points.iter().sum::<u32>() >= 1);
                prop_assert!(play.legal_actions().is_empty());
                return Ok(pos.turns);
            }
            Status::Chance => {
                let outcomes = play.chance_outcomes();
                prop_assert_eq!(outcomes.len(), 36);
                let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
                prop_assert!((total - 1.0).abs() < 1e-9);
                let roll = play.sample_chance(&mut rng).unwrap();
                play.apply(&roll).unwrap();
            }
            Status::ToMove(seat) => {
                prop_assert!(!pos.players[seat].out, "{}", text);
                let legal = play.legal_actions();
                prop_assert!(!legal.is_empty());
                for a in &legal {
                    let written = game.format_action(&pos, a);
                    prop_assert_eq!(
                        &game.parse_action(&pos, &written).unwrap(),
                        a,
                        "{}",
                        written
                    );
                }
                // Moves typed by hand over any cells: read or refused, never a panic; a
                // marble never moves onto its own cell, nor a path through a cell twice.
                let mut cell = || format!("{}{}", rng.random_range(1..=6), rng.random_range(1..=6));
                let (a, b, c) = (cell(), cell(), cell());
                let (still, twice) = (format!("move {a}-{a}"), format!("move {a}-{b}-{b}"));
                prop_assert!(game.parse_action(&pos, &still).is_err(), "{}", still);
                prop_assert!(game.parse_action(&pos, &twice).is_err(), "{}", twice);
                let _ = game.parse_action(&pos, &format!("move {a}-{b}"));
                let _ = game.parse_action(&pos, &format!("move {a}-{b}-{c}"));
                let pick = legal[rng.random_range(0..legal.len())].clone();
                let voluntary = pick == Action::Pass && legal.len() > 1;
                play.apply(&pick).unwrap();
                let next = play.state();
                if let Phase::Claim(_, set) = &next.phase {
                    // DZ-5.1–5.3: only after a voluntary pass, for the next player in
                    prop_assert!(voluntary, "{}", text);
                    prop_assert_eq!(next.to_move, pos.next_after(seat));
                    if let Claimable::Cells(cells) = set {
                        for c in cells {
                            prop_assert_eq!(next.at(*c), Square::Marble(seat as u8));
                        }
                    }
                } else if voluntary && !matches!(next.phase, Phase::Over(_)) {
                    prop_assert!(false, "a voluntary pass opens a window: {}", text);
                }
            }
        }
    }
    Err(TestCaseError::fail("the game did not end"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_two_player_games(seed in any::<u64>()) {
        check_game(seed, 2, "{}")?;
    }

    #[test]
    fn random_three_player_games(seed in any::<u64>()) {
        check_game(seed, 3, r#"{"marbles": 4}"#)?;
    }

    #[test]
    fn random_four_player_games(seed in any::<u64>(), steel in 1u8..=3, strict in any::<bool>()) {
        check_game(seed, 4, &format!(r#"{{"marbles": 3, "steel": {steel}, "strict": {strict}}}"#))?;
    }

    #[test]
    fn no_text_makes_the_parsers_panic(text in ".{0,60}", state in "[.SRGBYrgby0-9:,/ a-z-]{0,80}") {
        let game = Dzone::default();
        let start = game.start(3).unwrap();
        let _ = game.parse_action(&start, &text);
        if let Ok(pos) = game.parse_state(&state) {
            prop_assert_eq!(game.parse_state(&game.format_state(&pos)).unwrap(), pos);
        }
    }
}
