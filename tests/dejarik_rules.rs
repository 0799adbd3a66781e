//! Dejarik, rule by rule (`rules/dejarik.md`). Each test cites the rule it checks.

use std::sync::Arc;

use holotable::games::dejarik::{
    board::wrap, format_cell, moves::MoveKind, parse_cell, series, Cell, Dejarik, Position, Side,
    Zone,
};
use holotable::games::{Game, GameOptions, Playthrough, RulesError, Status};
use serde_json::json;

fn game() -> Dejarik {
    Dejarik::default()
}

fn pos(text: &str) -> Position {
    game()
        .parse_state(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(text: &str) -> Vec<String> {
    let g = game();
    let p = pos(text);
    g.legal_actions(&p)
        .iter()
        .map(|a| g.format_action(&p, a))
        .collect()
}

fn apply(text: &str, action: &str) -> Result<String, RulesError> {
    let g = game();
    let p = pos(text);
    let a = g.parse_action(&p, action)?;
    g.apply(&p, &a).map(|next| g.format_state(&next))
}

fn points(text: &str) -> Option<Vec<u32>> {
    match game().status(&pos(text)) {
        Status::Over(outcome) => Some(outcome.points),
        _ => None,
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn strs(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

const START: &str = "o5,o6,o7,o8/o1,o2,o11,o12/w:wb";

// ---------------------------------------------------------------- DJ-1 board

#[test]
fn dj_1_board_has_25_cells_named_c_i1_i12_o1_o12() {
    // DJ-1
    let names: Vec<String> = Cell::all().map(format_cell).collect();
    assert_eq!(names.len(), 25);
    assert_eq!(names[0], "C");
    assert_eq!(names[1], "i1");
    assert_eq!(names[12], "i12");
    assert_eq!(names[13], "o1");
    assert_eq!(names[24], "o12");
    for cell in Cell::all() {
        assert_eq!(parse_cell(&format_cell(cell)), Ok(cell));
    }
    assert_eq!(Cell::CENTRE.zone(), Zone::Centre);
    assert_eq!(parse_cell("i7").unwrap().zone(), Zone::Inner(7));
    assert_eq!(parse_cell("o12").unwrap().zone(), Zone::Outer(12));
}

#[test]
fn dj_1_ring_arithmetic_wraps_like_a_clock() {
    // DJ-1: 12 + 1 = 1, 1 − 1 = 12
    assert_eq!(wrap(13), 1);
    assert_eq!(wrap(0), 12);
    assert_eq!(wrap(-1), 11);
    assert_eq!(Cell::inner(13), Cell::inner(1));
    assert_eq!(Cell::outer(0), Cell::outer(12));
}

#[test]
fn dj_1_diagonal_exits_wrap_round_twelve() {
    // DJ-1 wrap, seen through the moves: from o12 towards 1 and from o1 towards 12.
    let moves = legal("o4,o5,o6,o12/C,o7,o8,o9/w:-");
    for m in ["o12-i1", "o12-i11", "o12-i2", "o12-i10"] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
}

// ---------------------------------------------------------------- DJ-2 material and set-up

#[test]
fn dj_2_default_set_up_and_white_first() {
    // DJ-2
    let g = game();
    let start = g.start(2).unwrap();
    assert_eq!(g.format_state(&start), START);
    assert_eq!(g.status(&start), Status::ToMove(0));
    assert!(g.start(3).is_err(), "Dejarik has exactly two players");
}

#[test]
fn dj_2_custom_set_up_from_options() {
    // DJ-2: a table may be created with a custom set-up in position notation.
    let mut options = GameOptions::new();
    options.insert("setup".into(), json!("o1,o2,o3,o4/o7,o8,o9,o10/b:wb"));
    let g = Dejarik::from_options(&options).unwrap();
    let start = g.start(2).unwrap();
    assert_eq!(g.format_state(&start), "o1,o2,o3,o4/o7,o8,o9,o10/b:wb");
    assert_eq!(g.status(&start), Status::ToMove(1));
    options.insert("setup".into(), json!("o1,o1/-/w:-"));
    assert!(matches!(
        Dejarik::from_options(&options).map_err(|e| e.untold().clone()),
        Err(RulesError::BadOption(_))
    ));
}

#[test]
fn dj_2_two_pieces_never_share_a_cell() {
    // DJ-2: positions with a shared cell are refused; no move lands on an occupied cell.
    assert!(game().parse_state("o5,o6/o5,o1/w:-").is_err());
    assert!(game().parse_state("o5,o5/o1/w:-").is_err());
    // o5-i5 is impossible while i5 is taken, by anyone.
    assert!(apply("o5,o6,o7,o8/i5,o1,o2,o3/w:-", "o5-i5").is_err());
}

#[test]
fn dj_2_a_piece_never_passes_over_another() {
    // DJ-2: the Dejarik move from o5 needs i5 empty even when C is free.
    let moves = legal("o5,o6,o7,o8/i5,o1,o2,o3/w:-");
    assert!(!moves.iter().any(|m| m.starts_with("o5-")), "{moves:?}");
}

// ---------------------------------------------------------------- DJ-3 moves

#[test]
fn dj_3_1_dejarik_move_needs_front_and_centre_empty() {
    // DJ-3.1
    assert!(legal(START).contains(&"o5-C".to_string()));
    let blocked_centre = legal("o5,o6,o7,o8/C,o1,o2,o11/w:-");
    assert!(!blocked_centre.iter().any(|m| m.ends_with("-C")));
    let blocked_front = legal("o5,o6,o7,o8/i5,o1,o2,o11/w:-");
    assert!(!blocked_front.contains(&"o5-C".to_string()));
    assert!(blocked_front.contains(&"o6-C".to_string()));
}

#[test]
fn dj_3_2_dejarik_inverse_goes_to_any_clear_spoke() {
    // DJ-3.2: C → oj for every j with ij and oj empty.
    let moves: Vec<String> = legal("C,o5,o6,o7/i1,o2,o9,o10/w:-")
        .into_iter()
        .filter(|m| m.starts_with("C-"))
        .collect();
    // Blocked: spoke 1 (i1), 2 (o2), 5, 6, 7 (own), 9, 10 (o9, o10).
    assert_eq!(
        sorted(moves),
        sorted(strs(&["C-o3", "C-o4", "C-o8", "C-o11", "C-o12"]))
    );
}

#[test]
fn dj_3_3_straight_exit() {
    // DJ-3.3
    assert_eq!(
        apply(START, "o5-i5").unwrap(),
        "i5,o6,o7,o8/o1,o2,o11,o12/b:b"
    );
    assert!(apply("o5,o6,o7,o8/i5,o1,o2,o11/w:-", "o5-i5").is_err());
}

#[test]
fn dj_3_4_diagonal_exit_needs_front_and_target_empty() {
    // DJ-3.4: o3 → i4 needs i3 and i4 empty (o4 empty, so no augmentation).
    let open = "o3,o6,o7,o8/C,o10,o11,o12/w:-";
    assert!(legal(open).contains(&"o3-i4".to_string()));
    assert!(legal(open).contains(&"o3-i2".to_string()));
    // Front cell taken: no exit at all.
    assert!(legal("o3,o6,o7,o8/i3,o10,o11,o12/w:-")
        .iter()
        .all(|m| !m.starts_with("o3-")));
    // Target taken: that diagonal is gone, the other stays.
    let target_taken = legal("o3,o6,o7,o8/i4,o10,o11,o12/w:-");
    assert!(!target_taken.contains(&"o3-i4".to_string()));
    assert!(target_taken.contains(&"o3-i2".to_string()));
}

#[test]
fn dj_3_5_double_diagonal_exit_needs_four_empty_cells() {
    // DJ-3.5: o3 → i5 needs i3, o4, i4, i5 empty.
    assert!(legal("o3,o7,o8,o9/C,o10,o11,o12/w:-").contains(&"o3-i5".to_string()));
    for blocker in ["i3", "o4", "i4", "i5"] {
        let text = format!("o3,o7,o8,o9/{blocker},o10,o11,o12/w:-");
        assert!(
            !legal(&text).contains(&"o3-i5".to_string()),
            "o3-i5 should need {blocker} empty"
        );
    }
    let g = game();
    let mv = g
        .resolve(
            &pos("o3,o7,o8,o9/C,o10,o11,o12/w:-"),
            parse_cell("o3").unwrap(),
            parse_cell("i5").unwrap(),
        )
        .unwrap();
    assert_eq!(mv.kind, MoveKind::DoubleDiagonalExit);
}

#[test]
fn dj_3_6_return_needs_the_home_cell_empty() {
    // DJ-3.6
    assert_eq!(
        apply("i5,o6,o7,o8/o1,o2,o11,o12/w:-", "i5-o5").unwrap(),
        "o5,o6,o7,o8/o1,o2,o11,o12/b:-"
    );
    assert!(apply("i5,o6,o7,o8/o5,o2,o11,o12/w:-", "i5-o5").is_err());
}

#[test]
fn dj_3_7_inner_piece_has_only_the_return() {
    // DJ-3.7: no sideways move, no move to the centre from the inner ring.
    let moves: Vec<String> = legal("i5,o6,o7,o8/o1,o2,o11,o12/w:-")
        .into_iter()
        .filter(|m| m.starts_with("i5-"))
        .collect();
    assert_eq!(moves, strs(&["i5-o5"]));
    for bad in ["i5-i6", "i5-i4", "i5-C", "i5-i7"] {
        assert!(
            apply("i5,o6,o7,o8/o1,o2,o11,o12/w:-", bad).is_err(),
            "{bad}"
        );
    }
    // And no sideways move on the outer ring.
    assert!(apply(START, "o5-o4").is_err());
}

#[test]
fn dj_3_8_first_move_may_not_be_diagonal_for_either_player() {
    // DJ-3.8, with DJ-7.1's count of 8 first moves for White.
    assert_eq!(legal(START).len(), 8);
    let err = apply(START, "o5-i10").unwrap_err().to_string();
    assert!(err.contains("DJ-3.8"), "{err}");
    // Black's own first move is restricted too, after White moved.
    let after = apply(START, "o5-i5").unwrap();
    let black = legal(&after);
    assert!(
        black.iter().all(|m| {
            let to = m.split('-').nth(1).unwrap();
            let from = m.split('-').next().unwrap();
            to == "C" || from.replace('o', "i") == to
        }),
        "{black:?}"
    );
    // …and White is free on its second move.
    let after = apply(&after, "o1-i1").unwrap();
    assert!(legal(&after).contains(&"o6-i9".to_string()));
}

// ---------------------------------------------------------------- DJ-4 resolution

#[test]
fn dj_4_1_kill_beside_the_landing_cell() {
    // DJ-4.1: o3 → i4 (d = +1) with Black on i5: i5 dies, move ends on i4.
    let next = apply("o3,o8,o9,o10/i5,o12,o1,C/w:-", "o3-i4").unwrap();
    assert_eq!(next, "i4,o8,o9,o10/C,o1,o12/b:-");
    let mv = game()
        .resolve(
            &pos("o3,o8,o9,o10/i5,o12,o1,C/w:-"),
            parse_cell("o3").unwrap(),
            parse_cell("i4").unwrap(),
        )
        .unwrap();
    assert_eq!(mv.killed, Some(parse_cell("i5").unwrap()));
}

#[test]
fn dj_4_1_double_diagonal_kills_too() {
    // DJ-4.1 after DJ-3.5: o3 → i5 with Black on i6.
    let next = apply("o3,o8,o9,o10/i6,o12,o1,C/w:-", "o3-i5").unwrap();
    assert_eq!(next, "i5,o8,o9,o10/C,o1,o12/b:-");
}

#[test]
fn dj_4_2_augmentation_and_its_blocking() {
    // DJ-4.2: o3 → i4 lands in front of White's o4 and continues to i6.
    assert_eq!(
        apply("o3,o4,o8,o9/C,o1,o11,o12/w:-", "o3-i6").unwrap(),
        "i6,o4,o8,o9/C,o1,o11,o12/b:-"
    );
    // i6 taken (by a White piece, so that it is no kill): no augmentation, the move ends
    // on i4.
    let moves = legal("o3,o4,i6,o9/C,o1,o11,o12/w:-");
    assert!(moves.contains(&"o3-i4".to_string()), "{moves:?}");
    assert!(!moves.contains(&"o3-i6".to_string()));
}

#[test]
fn dj_4_3_the_crossed_cell_triggers_nothing() {
    // DJ-4.3: o3 → i4 → i6 crosses i5, in front of White's o5: no second augmentation
    // from i5; i6 has o6 empty, so the move ends on i6.
    assert_eq!(
        apply("o3,o4,o5/o10,o11,o12,C/w:-", "o3-i6").unwrap(),
        "i6,o4,o5/C,o10,o11,o12/b:-"
    );
}

#[test]
fn dj_4_4_kill_beats_augmentation() {
    // DJ-4.4 and DJ-7.3: o5 → i6 is in front of White's o6 and beside Black's i7.
    let text = "o5,o6,o9/i7,o12,o1,o2/w:-";
    let next = apply(text, "o5-i6").unwrap();
    assert_eq!(next, "i6,o6,o9/o1,o2,o12/b:-");
    assert!(!legal(text).contains(&"o5-i8".to_string()));
}

#[test]
fn dj_4_4_kill_after_an_augmentation() {
    // DJ-4.2 then DJ-4.1: o3 → i4 augments to i6, beside Black's i7.
    assert_eq!(
        apply("o3,o4,o9,o10/i7,o12,o1,C/w:-", "o3-i6").unwrap(),
        "i6,o4,o9,o10/C,o1,o12/b:-"
    );
}

#[test]
fn dj_4_5_straight_exits_dejarik_moves_and_returns_never_kill() {
    // DJ-4.5: straight exit to i5 next to Black's i4 and i6: nothing dies.
    let next = apply("o5,o6,o7,o8/i4,i6,o11,o12/w:-", "o5-i5").unwrap();
    assert_eq!(next, "i5,o6,o7,o8/i4,i6,o11,o12/b:-");
    // A return next to enemies: nothing dies.
    let next = apply("i5,o6,o7,o8/i4,i6,o11,o12/w:-", "i5-o5").unwrap();
    assert_eq!(next, "o5,o6,o7,o8/i4,i6,o11,o12/b:-");
    // A straight exit in front of a friendly piece's neighbour never augments.
    let next = apply("o5,o6,o8,o9/C,o10,o11,o12/w:-", "o5-i5").unwrap();
    assert_eq!(next, "i5,o6,o8,o9/C,o10,o11,o12/b:-");
}

#[test]
fn dj_4_6_at_most_three_augmentations() {
    // DJ-4.6: o1 → i2 (o2) → i4 (o4) → i6 (o6) → i8: three augmentations.
    let text = "o1,o2,o4,o6/o10,o11,o12,C/w:-";
    let g = game();
    let mv = g
        .resolve(
            &pos(text),
            parse_cell("o1").unwrap(),
            parse_cell("i8").unwrap(),
        )
        .unwrap();
    assert_eq!(mv.augmentations(), 3);
    let stops: Vec<String> = mv.stops().iter().map(|c| format_cell(*c)).collect();
    assert_eq!(stops, strs(&["i2", "i4", "i6", "i8"]));
}

// ---------------------------------------------------------------- DJ-5 end of a game

#[test]
fn dj_5_1_alignment_of_four_scores_3() {
    // DJ-5.1: i1, i2, i3 and o4 → i4.
    let next = apply("i1,i2,i3,o4/o7,o8,o9,o10/w:-", "o4-i4").unwrap();
    assert_eq!(next, "i1,i2,i3,i4/o7,o8,o9,o10/b:-");
    assert_eq!(points(&next), Some(vec![3, 0]));
    // Wrapping round 12.
    assert_eq!(points("i11,i12,i1,i2/o5,o6,o7,o8/b:-"), Some(vec![3, 0]));
    // Four inner pieces not consecutive: no result.
    assert_eq!(points("i1,i2,i3,i5/o7,o8,o9,o10/b:-"), None);
}

#[test]
fn dj_5_2_two_kills_score_2() {
    // DJ-5.2: Black has already lost one piece; White's kill takes a second.
    let next = apply("o3,o9,o10,o11/i5,o1,C/w:-", "o3-i4").unwrap();
    assert_eq!(next, "i4,o9,o10,o11/C,o1/b:-");
    assert_eq!(points(&next), Some(vec![2, 0]));
}

#[test]
fn dj_5_3_alignment_of_three_after_a_loss_scores_1() {
    // DJ-5.3: White has lost a piece and aligns three.
    let next = apply("i1,i2,o3/o7,o8,o9,o10/w:-", "o3-i3").unwrap();
    assert_eq!(points(&next), Some(vec![1, 0]));
    // Three aligned without a loss is nothing.
    assert_eq!(points("i1,i2,i3,o9/o5,o6,o7,o8/b:-"), None);
}

#[test]
fn dj_5_3b_a_kill_can_hand_the_victim_the_win() {
    // DJ-5.3b: Black has i7, i8, i9 and o1; White kills o1? No: White kills i6's neighbour.
    // Black i4, i7, i8, i9: White o2 → i3 kills i4, leaving Black three aligned.
    let next = apply("o2,o10,o11,o12/i4,i7,i8,i9/w:-", "o2-i3").unwrap();
    assert_eq!(next, "i3,o10,o11,o12/i7,i8,i9/b:-");
    assert_eq!(points(&next), Some(vec![0, 1]));
}

#[test]
fn dj_5_4_first_applicable_check_wins() {
    // DJ-5.4 on crafted positions (White just moved; Black to move).
    // 5.1 before 5.2: White aligned four, Black lost two.
    assert_eq!(points("i1,i2,i3,i4/o7,o8/b:-"), Some(vec![3, 0]));
    // 5.2 before 5.3: White lost one and aligns three, Black lost two.
    assert_eq!(points("i1,i2,i3/o7,o8/b:-"), Some(vec![2, 0]));
    // 5.3 before 5.3b: both lost one and align three: the mover scores.
    assert_eq!(points("i1,i2,i3/i6,i7,i8/b:-"), Some(vec![1, 0]));
    assert_eq!(points("i1,i2,i3/i6,i7,i8/w:-"), Some(vec![0, 1]));
}

#[test]
fn dj_5_5_threefold_repetition_is_a_draw_1_each() {
    // DJ-5.5: shuffling out and back repeats the position (first turns over) every 4 moves.
    let g = Arc::new(game());
    let mut play = Playthrough::new(Arc::clone(&g), 2).unwrap();
    let cycle = ["o5-i5", "o1-i1", "i5-o5", "i1-o1"];
    let mut moves = 0;
    while play.outcome().is_none() {
        let text = cycle[moves % 4];
        let action = g.parse_action(play.state(), text).unwrap();
        play.apply(&action).unwrap();
        moves += 1;
        assert!(moves <= 12, "no draw after 12 moves");
    }
    // The start position has both first turns pending, so the first position seen three
    // times is the one after o1-i1 (i5,o6,o7,o8/i1,o2,o11,o12/w:-): moves 2, 6 and 10.
    assert_eq!(moves, 10);
    assert_eq!(
        game().format_state(play.state()),
        "i5,o6,o7,o8/i1,o2,o11,o12/w:-"
    );
    assert_eq!(play.outcome().unwrap().points, vec![1, 1]);
    assert!(play.legal_actions().is_empty());
}

#[test]
fn dj_5_6_a_blocked_player_passes() {
    // DJ-5.6: White's outer pieces all have their front cell taken; Black can move.
    let text = "o1,o3,o5/i1,i3,i5,o9/w:-";
    assert_eq!(points(text), None);
    assert_eq!(legal(text), strs(&["pass"]));
    assert_eq!(apply(text, "pass").unwrap(), "o1,o3,o5/i1,i3,i5,o9/b:-");
    // The pass counts as the player's first move (DJ-3.8).
    assert_eq!(
        apply("o1,o3,o5/i1,i3,i5,o9/w:wb", "pass").unwrap(),
        "o1,o3,o5/i1,i3,i5,o9/b:b"
    );
    // Pass is refused while a move exists.
    let err = apply(START, "pass").unwrap_err().to_string();
    assert!(err.contains("pass"), "{err}");
}

#[test]
fn dj_5_6_nobody_can_move_null_game() {
    // DJ-5.6: all pieces blocked: null, 0 each; no legal action, apply refused.
    let text = "o1,o3,o5,o7/i1,i3,i5,i7/w:-";
    assert_eq!(points(text), Some(vec![0, 0]));
    assert!(legal(text).is_empty());
    assert_eq!(apply(text, "pass"), Err(RulesError::GameOver));
}

#[test]
fn dj_5_6_a_pass_counts_for_repetition() {
    // DJ-5.6: a pass is a move for DJ-5.5. White is blocked; Black shuffles o9-C and back
    // while White passes: the position repeats every 4 moves.
    let g = Arc::new(game());
    let start = g.parse_state("o1,o3,o5/i1,i3,i5,o9/w:-").unwrap();
    let mut play = Playthrough::from_state(Arc::clone(&g), start);
    let script = ["pass", "o9-C", "pass", "C-o9"];
    let mut n = 0;
    while play.outcome().is_none() {
        let a = g.parse_action(play.state(), script[n % 4]).unwrap();
        play.apply(&a).unwrap();
        n += 1;
        assert!(n <= 8);
    }
    assert_eq!(n, 8);
    assert_eq!(play.outcome().unwrap().points, vec![1, 1]);
}

#[test]
fn dj_5_7_move_cap_null_game() {
    // DJ-5.7: a table cap of 5 moves; moves that never repeat a position three times.
    let mut options = GameOptions::new();
    options.insert("cap".into(), json!(5));
    let g = Arc::new(Dejarik::from_options(&options).unwrap());
    let mut play = Playthrough::new(Arc::clone(&g), 2).unwrap();
    for text in ["o5-i5", "o1-i1", "o6-C", "o2-i2"] {
        let a = g.parse_action(play.state(), text).unwrap();
        play.apply(&a).unwrap();
        assert!(play.outcome().is_none());
    }
    let a = g.parse_action(play.state(), "i5-o5").unwrap();
    play.apply(&a).unwrap();
    let outcome = play.outcome().expect("cap reached");
    assert_eq!(outcome.points, vec![0, 0]);
    assert!(outcome.reason.contains("cap"));
    // The default cap is 300.
    assert_eq!(game().cap(), 300);
    assert!(Dejarik::from_options(&GameOptions::from_iter([("cap".into(), json!(0))])).is_err());
}

// ---------------------------------------------------------------- DJ-6 winner and pot

#[test]
fn dj_6_forfeit_gives_the_opponent_2_points() {
    // DJ-6: resignation and timeout score like two kills for the opponent.
    let g = Arc::new(game());
    let mut play = Playthrough::new(Arc::clone(&g), 2).unwrap();
    play.forfeit(0).unwrap();
    let outcome = play.outcome().unwrap();
    assert_eq!(outcome.points, vec![0, 2]);
    assert_eq!(outcome.winner(), Some(1));
    assert_eq!(play.forfeit(1), Err(RulesError::GameOver));
}

#[test]
fn dj_6_winner_scores_and_loser_scores_zero() {
    // DJ-6: the scorer wins, the other scores 0; a repetition gives 1 each (a draw).
    let outcome = match game().status(&pos("i1,i2,i3,i4/o7,o8,o9,o10/b:-")) {
        Status::Over(o) => o,
        other => panic!("{other:?}"),
    };
    assert_eq!(outcome.winner(), Some(0));
    let draw = holotable::games::Outcome::new(vec![1, 1], "draw");
    assert_eq!(draw.winner(), None);
}

// ---------------------------------------------------------------- DJ-7 worked examples

#[test]
fn dj_7_1_whites_first_moves() {
    // DJ-7.1
    assert_eq!(
        sorted(legal(START)),
        sorted(strs(&[
            "o5-i5", "o6-i6", "o7-i7", "o8-i8", "o5-C", "o6-C", "o7-C", "o8-C"
        ]))
    );
}

#[test]
fn dj_7_2_double_augmentation_o5_i10() {
    // DJ-7.2
    let text = "o5,o6,o7,o8/o1,o2,o11,o12/w:-";
    let g = game();
    let mv = g
        .resolve(
            &pos(text),
            parse_cell("o5").unwrap(),
            parse_cell("i10").unwrap(),
        )
        .unwrap();
    let stops: Vec<String> = mv.stops().iter().map(|c| format_cell(*c)).collect();
    assert_eq!(stops, strs(&["i6", "i8", "i10"]));
    assert_eq!(mv.kind, MoveKind::DiagonalExit);
    assert_eq!(
        apply(text, "o5-i10").unwrap(),
        "i10,o6,o7,o8/o1,o2,o11,o12/b:-"
    );
    // The move is written with its final cell only: o5-i6 is not a move.
    assert!(apply(text, "o5-i6").is_err());
    // With i9 taken the second augmentation cannot happen: the move ends on i8.
    let blocked = "o5,o6,o7,o8/i9,o2,o11,o12/w:-";
    assert!(legal(blocked).contains(&"o5-i8".to_string()));
}

#[test]
fn dj_7_3_kill_stops_even_in_front_of_a_friend() {
    // DJ-7.3: see also dj_4_4. Black on i7 beside the landing cell i6 (in front of o6).
    let next = apply("o5,o6,o7,o8/i7,o1,o2,o12/w:-", "o5-i6").unwrap();
    assert_eq!(next, "i6,o6,o7,o8/o1,o2,o12/b:-");
}

// ---------------------------------------------------------------- DJ-8 series

#[test]
fn dj_8_series_to_n_points() {
    // DJ-8: ends when a player has at least N after a game, unless tied.
    use series::series_winner;
    assert_eq!(series_winner([11, 3], 12), None);
    assert_eq!(series_winner([12, 5], 12), Some(Side::White));
    assert_eq!(series_winner([9, 14], 12), Some(Side::Black));
    assert_eq!(
        series_winner([12, 12], 12),
        None,
        "both reached 12 after a draw"
    );
    assert_eq!(series_winner([13, 12], 12), Some(Side::White));
    assert_eq!(series_winner([1, 0], 1), Some(Side::White));
}

#[test]
fn dj_2_and_dj_8_first_player_alternates_in_a_series() {
    // DJ-2 [decision]: the first player alternates game by game.
    assert_eq!(series::first_player(0), Side::White);
    assert_eq!(series::first_player(1), Side::Black);
    assert_eq!(series::first_player(2), Side::White);
    let options = GameOptions::from_iter([("first".into(), json!("b"))]);
    let g = Dejarik::from_options(&options).unwrap();
    assert_eq!(
        g.format_state(&g.start(2).unwrap()),
        "o5,o6,o7,o8/o1,o2,o11,o12/b:wb"
    );
}

// ---------------------------------------------------------------- DJ-9 notation

#[test]
fn dj_9_position_examples() {
    // DJ-9
    assert_eq!(game().format_state(&pos(START)), START);
    assert_eq!(
        apply(START, "o5-i5").unwrap(),
        "i5,o6,o7,o8/o1,o2,o11,o12/b:b"
    );
    // Canonical order C, i1…i12, o1…o12 whatever the input order and case.
    assert_eq!(
        game().format_state(&pos(" O8,o5,I3,c/o12,o1,o11,o2/B:BW ")),
        "C,i3,o5,o8/o1,o2,o11,o12/b:wb"
    );
    // A player with no pieces is "-"; lost pieces are 4 minus those listed.
    let p = pos("i1/-/b:-");
    assert_eq!(p.lost(Side::Black), 4);
    assert_eq!(game().format_state(&p), "i1/-/b:-");
}

#[test]
fn dj_9_moves_accept_spaces_and_upper_case() {
    // DJ-9: forgiving input, canonical output.
    for input in ["o5-i5", "O5-I5", "o5 i5", "O5 I5", "  o5 - i5 ", "o5\ti5"] {
        let g = game();
        let p = pos(START);
        let a = g
            .parse_action(&p, input)
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(g.format_action(&p, &a), "o5-i5");
    }
    let g = game();
    let p = pos(START);
    assert_eq!(
        g.format_action(&p, &g.parse_action(&p, "o5-c").unwrap()),
        "o5-C"
    );
    assert_eq!(
        g.format_action(&p, &g.parse_action(&p, "PASS").unwrap()),
        "pass"
    );
}

#[test]
fn dj_9_bad_notation_gets_specific_errors() {
    // DJ-9: malformed cells and positions are refused with a reason.
    let g = game();
    let p = pos(START);
    for (input, needle) in [
        ("o13-i5", "o13"),
        ("o0-i5", "o0"),
        ("o05-i5", "o05"),
        ("x5-i5", "x5"),
        ("o5", "not a move"),
        ("o5-i5-i6", "not a move"),
        ("", "empty"),
    ] {
        let err = g.parse_action(&p, input).unwrap_err().to_string();
        assert!(err.contains(needle), "{input:?}: {err}");
    }
    for (input, needle) in [
        ("o5,o6,o7,o8/o1,o2,o11,o12", "expected"),
        ("o5,o6,o7,o8,o9/o1/w:-", "5 pieces"),
        ("o5/o5/w:-", "both"),
        ("o5/o1/x:-", "side to move"),
        ("o5/o1/w:wx", "'x'"),
        ("o5/o1/w:ww", "twice"),
        ("o5/o1/w:", "empty"),
        ("o5,o5/o1/w:-", "twice"),
    ] {
        let err = g.parse_state(input).unwrap_err().to_string();
        assert!(err.contains(needle), "{input:?}: {err}");
    }
}

#[test]
fn dj_9_illegal_moves_get_specific_errors() {
    // DJ-9 input meets DJ-3: say why a well-formed move is refused.
    for (action, needle) in [
        ("o3-i3", "no piece on o3"),
        ("o1-i1", "Black's"),
        ("o5-i7", "o5-C, o5-i5"),
    ] {
        let err = apply(START, action).unwrap_err().to_string();
        assert!(err.contains(needle), "{action}: {err}");
    }
}
