//! Backgammon rules BG-1 … BG-6 (`rules/backgammon.md`), each test citing its rule. The
//! agreement with GNU Backgammon on thousands of positions is `tests/backgammon_gnubg.rs`.

use holotable::games::backgammon::board::{Side, BAR};
use holotable::games::backgammon::ids::{self, CubeOwner, GameState, MatchInfo};
use holotable::games::backgammon::{Action, Backgammon, State};
use holotable::games::{Game, Status};

/// A side from (point, checkers) pairs, point 25 being the bar.
fn side(points: &[(usize, u8)]) -> Side {
    let mut s = [0; 25];
    for &(p, n) in points {
        s[if p == 25 { BAR } else { p - 1 }] = n;
    }
    s
}

fn info(length: u16, dice: (u8, u8)) -> MatchInfo {
    MatchInfo {
        game: GameState::Playing,
        dice,
        ..MatchInfo::new(length)
    }
}

/// White (seat 0) on roll with `dice`.
fn position(me: &[(usize, u8)], them: &[(usize, u8)], dice: (u8, u8)) -> State {
    State {
        sides: [side(me), side(them)],
        info: info(0, dice),
    }
}

fn plays(state: &State) -> Vec<String> {
    let game = Backgammon::default();
    let mut out: Vec<String> = game
        .legal_actions(state)
        .iter()
        .map(|a| game.format_action(state, a))
        .collect();
    out.sort();
    out
}

fn start() -> [Side; 2] {
    let s = side(&[(24, 2), (13, 5), (8, 3), (6, 5)]);
    [s, s]
}

#[test]
fn bg_1_1_start_position_and_its_id() {
    let game = Backgammon::default();
    let state = game.start(2).unwrap();
    assert_eq!(state.sides, start());
    assert!(game.format_state(&state).starts_with("4HPwATDgc/ABMA:"));
}

#[test]
fn bg_2_1_opening_roll_thirty_outcomes_higher_die_moves_first() {
    let game = Backgammon::default();
    let state = game.start(2).unwrap();
    assert_eq!(game.status(&state), Status::Chance);
    let outcomes = game.chance_outcomes(&state);
    assert_eq!(outcomes.len(), 30);
    assert!(outcomes.iter().all(|(_, p)| (p - 1.0 / 30.0).abs() < 1e-12));
    // White 3, Black 5: Black moves first and plays 5-3.
    let next = game.apply(&state, &Action::Opening(3, 5)).unwrap();
    assert_eq!(game.status(&next), Status::ToMove(1));
    assert_eq!(next.info.dice, (5, 3));
    assert!(game.apply(&state, &Action::Opening(4, 4)).is_err());
}

#[test]
fn bg_2_2_turn_rolls_twenty_one_outcomes() {
    let game = Backgammon::default();
    let state = position(&[(6, 15)], &[(6, 15)], (0, 0));
    // A 1-point match (the position's length): no cube, so the dice just fall.
    let mut state = state;
    state.info.length = 1;
    assert_eq!(game.status(&state), Status::Chance);
    let outcomes = game.chance_outcomes(&state);
    assert_eq!(outcomes.len(), 21);
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

#[test]
fn bg_3_1_opening_three_one_has_gnubgs_sixteen_plays() {
    let mut state = position(&[], &[], (3, 1));
    state.sides = start();
    let list = plays(&state);
    assert_eq!(list.len(), 16, "{list:?}");
    assert!(list.contains(&"8/5 6/5".to_string()));
    assert!(list.contains(&"24/20".to_string()) || list.contains(&"24/21 24/23".to_string()));
}

#[test]
fn bg_3_2_doubles_move_four_times() {
    let state = position(&[(13, 1), (1, 14)], &[(1, 15)], (2, 2));
    // The lone back checker moves 8 pips: 13/5, or other splits among 13 and 1? 1 cannot
    // move (bearing off needs all home): only the 13 checker moves, four times.
    assert_eq!(plays(&state), ["13/5"]);
}

#[test]
fn bg_3_3_blocked_points_and_hits() {
    // White on 8 with 6-1; Black holds White's 2 point (two checkers) and a blot on 7.
    let state = position(&[(8, 1), (1, 14)], &[(23, 2), (18, 1), (1, 12)], (6, 1));
    let list = plays(&state);
    assert!(
        !list.iter().any(|p| p.contains("8/2")),
        "2 is blocked: {list:?}"
    );
    assert!(list.contains(&"8/7*/1".to_string()), "{list:?}");
}

#[test]
fn bg_3_4_enter_from_the_bar_first() {
    // One checker on the bar, White's 24..19 points: Black holds all but 22 (die 3).
    let state = position(
        &[(25, 1), (6, 14)],
        &[(1, 2), (2, 2), (4, 2), (5, 2), (6, 2), (12, 5)],
        (3, 5),
    );
    // gnubg joins the moves of one checker that hit nothing: bar/22 22/17 is bar/17.
    assert_eq!(
        plays(&state),
        ["bar/17", "bar/22 6/1"],
        "enter with the 3, then the 5"
    );
    // Closed board: no entry, the only action is pass (BG-3.7).
    let closed = position(
        &[(25, 1), (6, 14)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (12, 3)],
        (6, 5),
    );
    assert_eq!(plays(&closed), ["pass"]);
}

#[test]
fn bg_3_5_higher_die_when_only_one_can_be_used() {
    // White's checker on 10 may move 10/4 (6) or 10/9 (1), but never both: 4/3 and 9/3
    // are blocked, and the checkers on 24 cannot move (18 and 23 are Black's). The higher
    // die must be used.
    let state = position(
        &[(10, 1), (24, 14)],
        &[(22, 2), (7, 2), (2, 2), (1, 9)],
        (6, 1),
    );
    assert_eq!(plays(&state), ["10/4"]);
}

#[test]
fn bg_3_5_doubles_as_many_as_possible() {
    // Only two of the four 5s can be played.
    let state = position(&[(15, 1), (1, 14)], &[(20, 2), (1, 13)], (5, 5));
    assert_eq!(
        plays(&state),
        ["15/10"],
        "10/5 blocked by Black on White's 5"
    );
}

#[test]
fn bg_3_6_bearing_off_with_higher_dice() {
    let state = position(&[(3, 1), (2, 1)], &[(1, 15)], (6, 5));
    assert_eq!(plays(&state), ["3/off 2/off"]);
    // A die higher than the highest point only bears off from the highest point.
    let state = position(&[(5, 1), (2, 1)], &[(1, 15)], (6, 1));
    // The 1 may come first (5/4, then the 6 bears off from 4: written 5/off) or second.
    assert_eq!(plays(&state), ["5/off", "5/off 2/1"]);
}

#[test]
fn bg_4_2_gammon_and_backgammon_times_the_cube() {
    let game = Backgammon::default();
    let finish = |them: &[(usize, u8)], cube_log: u8| {
        let mut state = position(&[(1, 1)], them, (6, 5));
        state.info.length = 0;
        state.info.cube_log = cube_log;
        let action = game.legal_actions(&state).remove(0);
        let next = game.apply(&state, &action).unwrap();
        match game.status(&next) {
            Status::Over(outcome) => outcome.points[0],
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        finish(&[(6, 14)], 0),
        1,
        "the loser has borne one off: single"
    );
    assert_eq!(finish(&[(6, 15)], 0), 2, "gammon");
    assert_eq!(
        finish(&[(6, 14), (20, 1)], 0),
        3,
        "backgammon: in the winner's home"
    );
    assert_eq!(
        finish(&[(6, 14), (25, 1)], 1),
        6,
        "backgammon on the bar, cube at 2"
    );
}

#[test]
fn bg_4_1_and_4_3_bearing_off_the_fifteenth_checker_wins_and_nothing_pays_four() {
    let game = Backgammon::default();
    // Two checkers left: the first one borne off does not end the game, the second does.
    let state = position(&[(1, 1), (2, 1)], &[(6, 14), (20, 1)], (6, 5));
    let plays = game.legal_actions(&state);
    assert!(!plays.is_empty());
    for play in &plays {
        let next = game.apply(&state, play).unwrap();
        match game.status(&next) {
            Status::Over(outcome) => {
                assert_eq!(outcome.winner(), Some(0), "White bore off all 15");
                // BG-4.3: the seed's "quadruple" is not implemented: a backgammon (no
                // checker off, one in the winner's home) pays 3, the most there is.
                assert_eq!(outcome.points, vec![3, 0]);
            }
            other => panic!("{} leaves {other:?}", game.format_action(&state, play)),
        }
    }
    let one = position(&[(1, 1), (6, 1)], &[(6, 15)], (1, 2));
    for play in game.legal_actions(&one) {
        let next = game.apply(&one, &play).unwrap();
        assert!(
            !matches!(game.status(&next), Status::Over(_)),
            "a checker is still on the board"
        );
    }
}

#[test]
fn bg_5_1_a_one_point_match_has_no_cube() {
    let game = Backgammon::default();
    let mut state = position(&[(6, 15)], &[(6, 15)], (0, 0));
    state.info.length = 1;
    assert_eq!(game.status(&state), Status::Chance);
    assert!(game.apply(&state, &Action::Double).is_err());
}

#[test]
fn bg_5_2_double_take_drop() {
    let game = Backgammon::from_options(&serde_json::from_str(r#"{"length":5}"#).unwrap()).unwrap();
    let mut state = position(&[(6, 15)], &[(6, 15)], (0, 0));
    state.info.length = 5;
    assert_eq!(game.status(&state), Status::ToMove(0));
    let actions: Vec<String> = game
        .legal_actions(&state)
        .iter()
        .map(|a| game.format_action(&state, a))
        .collect();
    assert_eq!(actions, ["roll", "double"]);
    let doubled = game.apply(&state, &Action::Double).unwrap();
    assert_eq!(game.status(&doubled), Status::ToMove(1), "Black decides");
    let taken = game.apply(&doubled, &Action::Take).unwrap();
    assert_eq!(taken.cube_value(), 2);
    assert_eq!(taken.info.cube_owner, CubeOwner::Player(1));
    assert_eq!(game.status(&taken), Status::Chance, "White rolls at once");
    // BG-6: the position after a take is one gnubg has too, so its Match ID is gnubg's: no
    // bit beyond gnubg's own (match play sets bit 66, so the ID ends in `E`).
    assert!(!taken.info.rolling);
    let id = game.format_state(&taken);
    assert!(id.ends_with('E'), "{id}");
    // Black owns the cube: at Black's next turn Black may redouble, White may not double.
    let rolled = game.apply(&taken, &Action::Dice(6, 5)).unwrap();
    assert!(game.apply(&rolled, &Action::Double).is_err());
    let dropped = game.apply(&doubled, &Action::Drop).unwrap();
    assert_eq!(
        dropped.info.score,
        [1, 0],
        "the doubler wins the cube's value"
    );
    assert_eq!(dropped.info.game, GameState::Dropped);
    assert_eq!(
        game.status(&dropped),
        Status::Chance,
        "the next game's opening roll"
    );
}

#[test]
fn bg_5_3_crawford_game_then_cube_again() {
    let game = Backgammon::from_options(&serde_json::from_str(r#"{"length":3}"#).unwrap()).unwrap();
    let mut state = position(&[(6, 15)], &[(6, 15)], (0, 0));
    state.info.length = 3;
    state.info.score = [1, 0];
    // White wins a single game: 2 points, one short of 3: the next game is the Crawford game.
    let doubled = game.apply(&state, &Action::Double).unwrap();
    let dropped = game.apply(&doubled, &Action::Drop).unwrap();
    assert_eq!(dropped.info.score, [2, 0]);
    assert!(dropped.info.crawford);
    let crawford = game.apply(&dropped, &Action::Opening(5, 2)).unwrap();
    assert!(crawford.info.crawford);
    let mut before_roll = crawford.clone();
    before_roll.info.dice = (0, 0);
    assert_eq!(
        game.status(&before_roll),
        Status::Chance,
        "no doubling in the Crawford game"
    );
    assert!(game.apply(&before_roll, &Action::Double).is_err());
    // Black wins the Crawford game: the next game is post-Crawford, the cube is back.
    let mut end = crawford.clone();
    end.info.on_roll = 1;
    end.sides[1] = side(&[(1, 1)]);
    end.sides[0] = side(&[(6, 14)]);
    end.info.dice = (3, 1);
    let action = game.legal_actions(&end).remove(0);
    let after = game.apply(&end, &action).unwrap();
    assert_eq!(after.info.score, [2, 1]);
    assert!(!after.info.crawford);
    let post = game.apply(&after, &Action::Opening(1, 6)).unwrap();
    let mut post_roll = post.clone();
    post_roll.info.dice = (0, 0);
    assert_eq!(
        game.status(&post_roll),
        Status::ToMove(1),
        "Black may double again"
    );
}

#[test]
fn bg_5_4_match_ends_at_n() {
    let game = Backgammon::default();
    let mut state = position(&[(1, 1)], &[(6, 15)], (2, 1));
    state.info.length = 3;
    state.info.score = [1, 2];
    let action = game.legal_actions(&state).remove(0);
    let next = game.apply(&state, &action).unwrap();
    match game.status(&next) {
        Status::Over(outcome) => assert_eq!(outcome.points, [3, 2], "a gammon: 2 points"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bg_6_notation_forms() {
    let game = Backgammon::default();
    let mut state = position(&[], &[], (6, 4));
    state.sides = start();
    for typed in ["24/14", "24/18/14", "24-18 18-14", "24/18 18/14"] {
        let action = game.parse_action(&state, typed).unwrap();
        assert_eq!(game.format_action(&state, &action), "24/14", "{typed}");
    }
    let action = game.parse_action(&state, "8/2 6/2").unwrap();
    assert_eq!(game.format_action(&state, &action), "8/2 6/2");
    let doubles = position(&[(8, 3), (6, 12)], &[(1, 15)], (3, 3));
    let action = game.parse_action(&doubles, "8/5(2) 6/3(2)").unwrap();
    assert_eq!(game.format_action(&doubles, &action), "8/5(2) 6/3(2)");
    assert!(game.parse_action(&state, "24/20").is_err());
    assert!(game.parse_action(&state, "13/3 zz").is_err());
}

#[test]
fn bg_6_hits_are_marked_and_stops_kept() {
    let game = Backgammon::default();
    // A Black blot faces White's 7 point: 13/7*/5 with 6-2.
    let state = position(&[(13, 1), (1, 14)], &[(18, 1), (1, 14)], (6, 2));
    let list = plays(&state);
    assert!(list.contains(&"13/7*/5".to_string()), "{list:?}");
    assert!(
        list.contains(&"13/5".to_string()),
        "via 11, no hit: {list:?}"
    );
    let hit = game.parse_action(&state, "13/7*/5").unwrap();
    assert_eq!(game.format_action(&state, &hit), "13/7*/5");
    let quiet = game.parse_action(&state, "13/5").unwrap();
    assert_eq!(game.format_action(&state, &quiet), "13/5");
    let via = game.parse_action(&state, "13/7/5").unwrap();
    assert_eq!(game.format_action(&state, &via), "13/7*/5");
}

#[test]
fn bg_6_ids_round_trip_and_refuse_garbage() {
    let game = Backgammon::default();
    let state = game.start(2).unwrap();
    let text = game.format_state(&state);
    assert_eq!(game.parse_state(&text).unwrap(), state);
    for bad in [
        "",
        "4HPwATDgc/ABMA:",
        "xyz:abc",
        "4HPwATDgc/ABM!:cAkAAAAAAAAA",
        "////////////////:cAkAAAAAAAAA",
    ] {
        assert!(game.parse_state(bad).is_err(), "{bad}");
    }
    let m = ids::parse_match_id("cAkAAAAAAAAA").unwrap();
    assert_eq!(ids::match_id(&m), "cAkAAAAAAAAA");
}

#[test]
fn bg_5_5_resignation_offers() {
    let game = Backgammon::default();
    let mut state = position(&[(6, 15)], &[(6, 15)], (6, 5));
    state.info.length = 5;
    state.info.cube_log = 1;
    // Not a move: never listed among the legal plays.
    assert!(plays(&state).iter().all(|a| !a.starts_with("resign")));
    let offered = game
        .apply(&state, &game.parse_action(&state, "resign gammon").unwrap())
        .unwrap();
    assert_eq!(game.status(&offered), Status::ToMove(1), "Black answers");
    let answers: Vec<String> = game
        .legal_actions(&offered)
        .iter()
        .map(|a| game.format_action(&offered, a))
        .collect();
    assert_eq!(answers, ["accept", "reject"]);
    let accepted = game.apply(&offered, &Action::Accept).unwrap();
    assert_eq!(accepted.info.score, [0, 4], "a gammon at cube 2");
    assert_eq!(accepted.info.game, GameState::Resigned);
    let rejected = game.apply(&offered, &Action::Reject).unwrap();
    assert_eq!(game.status(&rejected), Status::ToMove(0), "White plays on");
    assert_eq!(rejected.info.dice, (6, 5));
    assert!(game.parse_action(&state, "resign everything").is_err());
    assert!(
        game.apply(&offered, &Action::Resign(1)).is_err(),
        "one offer at a time"
    );
}
