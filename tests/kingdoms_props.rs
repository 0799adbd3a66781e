//! Property tests over random Halloween Kingdoms games and random input (KG-3 … KG-9): the
//! chain holds after every action, the win is declared exactly when the player who acted
//! holds all nine kingdoms, the fast chain mask agrees with a plain connectivity check of
//! every candidate move, and no input makes a parser panic.

use std::sync::Arc;

use holotable::games::kingdoms::{
    board, moves, threats, Action, Cell, Kind, Kingdoms, Position, ALL_KINGDOMS,
};
use holotable::games::{Game, Playthrough, Status};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// KG-5 read directly: the move `from → to` of the piece of `kind` is allowed by KG-4 and
/// leaves one group, checked by a flood fill of the position after it.
fn plain_chain_ok(pos: &Position, from: Cell, to: Cell) -> bool {
    let after = (pos.occupied() & !from.bit()) | to.bit();
    board::connected(after)
}

/// Plays one random game of at most `plies` actions, checking the contract at every step.
fn check_random_game(seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let game = Arc::new(Kingdoms::default());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut play = Playthrough::new(Arc::clone(&game), 2).unwrap();
    for _ in 0..plies {
        let pos = play.state().clone();
        // KG-9.5: parse ∘ format is the identity
        let text = game.format_state(&pos);
        prop_assert_eq!(&game.parse_state(&text).unwrap(), &pos);
        // KG-5.1 after every action
        prop_assert!(board::connected(pos.occupied()), "{}", text);
        // KG-2.3: the reserves are what the board leaves
        for side in holotable::games::kingdoms::Side::BOTH {
            let on_board: u32 = Kind::ALL
                .iter()
                .map(|&k| pos.kind_of(side, k).count_ones())
                .sum();
            let reserve: u32 = Kind::ALL.iter().map(|&k| pos.reserve(side, k)).sum();
            prop_assert_eq!(on_board + reserve, 12);
        }
        // KG-7.1: over exactly when the player who just acted holds all nine kingdoms
        let mover = pos.to_move.other();
        let nine = pos.held(mover) == ALL_KINGDOMS;
        let over = matches!(game.status(&pos), Status::Over(_));
        prop_assert_eq!(over, nine, "{}", text);
        if play.outcome().is_some() {
            prop_assert!(!nine || over);
            return Ok(());
        }
        let legal = play.legal_actions();
        prop_assert!(!legal.is_empty(), "KG-7.2: pass at least");
        if legal == [Action::Pass] {
            prop_assert!(moves::actions(&pos).is_empty());
        }
        // KG-5.2: the chain mask agrees with the plain check on every piece and cell
        let raw = moves::actions(&pos);
        for from in board::cells_of(pos.of(pos.to_move)) {
            let kind = pos.at(from).unwrap().1;
            for to in Cell::all() {
                let expected = pos.occupied() & to.bit() == 0
                    && moves::reach(&pos, kind, from) & to.bit() != 0
                    && plain_chain_ok(&pos, from, to);
                prop_assert_eq!(
                    raw.contains(&Action::Move(from, to)),
                    expected,
                    "{} {}-{}",
                    text,
                    from.name(),
                    to.name()
                );
            }
        }
        // KG-6.6: every listed action answers a binding threat, unless none can
        let binding = threats::binding(&pos, pos.to_move);
        let can_answer = raw
            .iter()
            .any(|a| binding.iter().any(|t| threats::answers(a, t)));
        if can_answer {
            prop_assert!(legal
                .iter()
                .all(|a| binding.iter().any(|t| threats::answers(a, t))));
        } else if !raw.is_empty() {
            prop_assert_eq!(&legal, &raw);
        }
        // Every listed action applies and writes back as it reads.
        for a in &legal {
            let written = game.format_action(&pos, a);
            prop_assert_eq!(&game.parse_action(&pos, &written).unwrap(), a);
        }
        // An action not listed is refused with a reason.
        let stray = Action::Move(Cell(rng.random_range(0..81)), Cell(rng.random_range(0..81)));
        if !legal.contains(&stray) {
            prop_assert!(game.apply(&pos, &stray).is_err());
        }
        let pick = legal[rng.random_range(0..legal.len())];
        play.apply(&pick).unwrap();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_every_rule(seed in any::<u64>(), plies in 10usize..160) {
        check_random_game(seed, plies)?;
    }

    #[test]
    fn no_action_text_makes_the_parser_panic(text in ".{0,40}", seed in any::<u64>()) {
        let game = Kingdoms::default();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut play = Playthrough::new(Arc::new(Kingdoms::default()), 2).unwrap();
        for _ in 0..rng.random_range(0..30) {
            let legal = play.legal_actions();
            play.apply(&legal[rng.random_range(0..legal.len())]).unwrap();
        }
        if let Ok(action) = game.parse_action(play.state(), &text) {
            let written = game.format_action(play.state(), &action);
            prop_assert_eq!(game.parse_action(play.state(), &written).unwrap(), action);
        }
    }

    #[test]
    fn no_position_text_makes_the_parser_panic(text in "[1-9gwcbpaGWCBPA/ op-]{0,90}") {
        if let Ok(pos) = Kingdoms::default().parse_state(&text) {
            let game = Kingdoms::default();
            prop_assert_eq!(game.parse_state(&game.format_state(&pos)).unwrap(), pos);
        }
    }
}

#[test]
fn the_win_is_reached_by_random_play_and_detected() {
    // Random play reaches nine kingdoms now and then (5 of these 60 seeded games): each
    // win is a position where the player who acted holds all nine (KG-7.1); every other
    // end is a draw by the log (KG-7.3–7.5) by the 300th action.
    let game = Arc::new(Kingdoms::default());
    let mut wins = 0;
    for seed in 0..60 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut play = Playthrough::new(Arc::clone(&game), 2).unwrap();
        while play.outcome().is_none() {
            let legal = play.legal_actions();
            play.apply(&legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
        let outcome = play.outcome().unwrap();
        if outcome.points.iter().sum::<u32>() == 1 {
            let pos = play.state();
            assert_eq!(pos.held(pos.to_move.other()), ALL_KINGDOMS, "{outcome:?}");
            wins += 1;
        } else {
            assert!(play.plies() <= 300, "KG-7.5");
        }
    }
    assert!(wins > 0, "random play reaches the win");
}
