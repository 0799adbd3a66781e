//! D-Zone's rules (`rules/dzone.md`), each test citing the rule it checks; the worked
//! examples of DZ-7 reproduced step by step, legal lists in canonical order.

use holotable::games::dzone::{Cell, Dzone, Position};
use holotable::games::{Forfeit, Game, GameOptions, RulesError, Status};

fn game() -> Dzone {
    Dzone::default()
}

fn with(options: &str) -> Dzone {
    let options: GameOptions = serde_json::from_str(options).unwrap();
    Dzone::from_options(&options).unwrap()
}

fn pos(g: &Dzone, text: &str) -> Position {
    g.parse_state(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(g: &Dzone, text: &str) -> Vec<String> {
    let p = pos(g, text);
    g.legal_actions(&p)
        .iter()
        .map(|a| g.format_action(&p, a))
        .collect()
}

fn apply(g: &Dzone, text: &str, action: &str) -> Result<String, RulesError> {
    let p = pos(g, text);
    let a = g.parse_action(&p, action)?;
    Ok(g.format_state(&g.apply(&p, &a)?))
}

/// Applies actions one after the other.
fn play(g: &Dzone, text: &str, actions: &[&str]) -> String {
    actions.iter().fold(text.to_string(), |state, a| {
        apply(g, &state, a).unwrap_or_else(|e| panic!("{a} at {state}: {e}"))
    })
}

#[test]
fn dz_1_cells_are_column_then_row() {
    // DZ-1.1: 6 × 6 cells (X, Y), written XY, column first.
    let c = Cell::parse("34").unwrap();
    assert_eq!((c.x(), c.y()), (3, 4));
    assert_eq!(Cell::all().count(), 36);
    let names: Vec<String> = Cell::all().map(Cell::name).collect();
    assert_eq!(names[0], "11");
    assert_eq!(names[1], "12", "DZ-8.1: canonical order 11…66");
    assert_eq!(names[35], "66");
    assert!(Cell::parse("07").is_none() && Cell::parse("70").is_none());
    // DZ-1.2: distance |ΔX| + |ΔY|
    assert_eq!(
        Cell::parse("22")
            .unwrap()
            .distance(Cell::parse("44").unwrap()),
        4
    );
}

#[test]
fn dz_2_start_material_and_options() {
    let g = game();
    let start = g.start(2).unwrap();
    assert_eq!(
        g.format_state(&start),
        "....../....../....../....../....../...... R6,G6 R place:2 0 0"
    );
    let four = with(r#"{"marbles": 4, "steel": 2}"#);
    assert_eq!(
        four.format_state(&four.start(4).unwrap()),
        "....../....../....../....../....../...... R4,G4,B4,Y4 R place:8 0 0"
    );
    assert!(g.start(1).is_err() && g.start(5).is_err(), "DZ-2.1: 2 to 4");
    for bad in [
        r#"{"marbles": 2}"#,
        r#"{"marbles": 10}"#,
        r#"{"steel": 0}"#,
        r#"{"steel": 7}"#,
    ] {
        let options: GameOptions = serde_json::from_str(bad).unwrap();
        assert!(Dzone::from_options(&options).is_err(), "{bad}");
    }
    // DZ-2.5: a roll is a chance node of 36 outcomes, 1/36 each
    let outcomes = g.chance_outcomes(&start);
    assert_eq!(outcomes.len(), 36);
    assert!(outcomes
        .iter()
        .all(|(_, p)| (*p - 1.0 / 36.0).abs() < 1e-12));
    assert_eq!(g.status(&start), Status::Chance);
}

#[test]
fn dz_2_6_a_kept_steel_layout_starts_the_game_unless_fresh() {
    let kept = with(r#"{"steel_layout": "34,61"}"#);
    assert_eq!(
        kept.format_state(&kept.start(2).unwrap()),
        "....../....../..S.../....../....../.....S R6,G6 R first:R?,G? 0 0"
    );
    let fresh = with(r#"{"steel_layout": "34,61", "fresh": true}"#);
    assert!(fresh
        .format_state(&fresh.start(2).unwrap())
        .contains("place:2"));
    // A layout with another count of steel does not fit this table.
    assert!(kept
        .format_state(&kept.start(3).unwrap())
        .contains("place:3"));
}

#[test]
fn dz_7_1_set_up_first_player_and_a_missed_deposit() {
    let g = game();
    let start = "....../....../....../....../....../...... R6,G6 R place:2 0 0";
    let a = play(&g, start, &["roll 3 4"]);
    assert_eq!(
        a,
        "....../....../..S.../....../....../...... R6,G6 G place:1 0 0"
    );
    let b = play(&g, &a, &["roll 3 4"]);
    assert_eq!(
        b, a,
        "DZ-2.6: steel there already, the same player rolls again"
    );
    let c = play(&g, &b, &["roll 6 1"]);
    assert_eq!(
        c,
        "....../....../..S.../....../....../.....S R6,G6 R first:R?,G? 0 0"
    );
    let d = play(&g, &c, &["roll 4 2", "roll 1 5"]);
    assert_eq!(d, c, "DZ-3.1: 6 and 6 tie, both roll again");
    let e = play(&g, &d, &["roll 1 1", "roll 3 3"]);
    assert_eq!(
        e,
        "....../....../..S.../....../....../.....S R6,G6 R roll 0 0"
    );
    let f = play(&g, &e, &["roll 2 2"]);
    assert_eq!(legal(&g, &f), ["deposit 22", "pass"]);
    let passed = apply(&g, &f, "pass").unwrap();
    assert_eq!(
        passed,
        "....../....../..S.../....../....../.....S R6,G6 G claim:22:depot 1 1"
    );
    assert_eq!(legal(&g, &passed), ["claim depot", "waive"]);
    let claimed = apply(&g, &passed, "claim depot").unwrap();
    assert_eq!(
        claimed,
        "....../....../..S.../....../....../.....S R5,G6:R G roll 1 a"
    );
}

const DZ_7_2: &str = "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R choose:44 9 0";

#[test]
fn dz_7_2_two_captures_paths_cut_by_steel_and_own_marbles() {
    let g = game();
    // DZ-4.1, DZ-4.2: the roll chose the empty target 44: a deposit, a move along a legal
    // path (DZ-4.3: none through steel or Red's own marbles), or a pass; DZ-4.4: one move
    // per set of captures from an origin.
    assert_eq!(
        legal(&g, DZ_7_2),
        [
            "deposit 44",
            "move 22-24-44",
            "move 22-42-44",
            "move 45-44",
            "move 66-44",
            "pass"
        ]
    );
    // DZ-8.3: an ambiguous move is refused with the list of moves from its origin.
    let err = apply(&g, DZ_7_2, "move 22-44").unwrap_err().to_string();
    assert!(
        err.contains("ambiguous") && err.contains("move 22-42-44"),
        "{err}"
    );
    // DZ-1.3: both Greens go to Red's captures; DZ-3.4: the turn count goes 9 → 10 and the
    // idle streak stays 0.
    assert_eq!(
        apply(&g, DZ_7_2, "move 22-42-44").unwrap(),
        "S....R/...R../.B.R../..S.../....../.....S R3:GGG,G3,B5 G roll 10 0"
    );
    // Input: every step, extra cells on a straight stretch, spaces for dashes.
    for typed in ["move 22-32-42-43-44", "MOVE 22 42 44", "move 22-32-42-44"] {
        assert_eq!(
            apply(&g, DZ_7_2, typed).unwrap(),
            "S....R/...R../.B.R../..S.../....../.....S R3:GGG,G3,B5 G roll 10 0",
            "{typed}"
        );
    }
    // A path through the steel on 33 is no move; nor one that is not a staircase.
    assert!(apply(&g, DZ_7_2, "move 22-23-33-34-44").is_err());
    assert!(apply(&g, DZ_7_2, "move 22-33-44").is_err());
    assert!(
        apply(&g, DZ_7_2, "move 66-46-44").is_err(),
        "own marble on 45"
    );
    // From 66 every legal path takes nothing: one move, without turning points.
    assert_eq!(
        apply(&g, DZ_7_2, "move 66-56-54-44").unwrap(),
        apply(&g, DZ_7_2, "move 66-44").unwrap()
    );
}

#[test]
fn dz_7_3_a_missed_move_claimed() {
    let g = game();
    let passed = apply(&g, DZ_7_2, "pass").unwrap();
    // DZ-5.2: the claimable set is Red's marbles that had a legal path to 44; DZ-3.4: the
    // idle streak becomes 1.
    assert_eq!(
        passed,
        "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 G claim:44:22,45,66 10 1"
    );
    assert_eq!(
        legal(&g, &passed),
        ["claim 22", "claim 45", "claim 66", "waive"]
    );
    assert_eq!(
        apply(&g, &passed, "claim 45").unwrap(),
        "S....R/....../.B..../..S.../.RGG../.....S R3:G,G3:R,B5 G roll 10 a"
    );
    // Waiving closes the window: Green rolls, nothing taken.
    assert_eq!(
        apply(&g, &passed, "waive").unwrap(),
        "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 G roll 10 1"
    );
    assert!(
        apply(&g, &passed, "claim 24").is_err(),
        "only the claimable set"
    );
}

#[test]
fn dz_7_4_capture_on_the_target_then_a_forced_pass() {
    let g = game();
    let start = "..R.../..S.G./..G.../..S.../G...../..R... R0:GGG,G0:RRRR R roll 57 2";
    // DZ-4.6: Green's marble on the target is captured, then the turn goes on as on an
    // empty target.
    let taken = apply(&g, start, "roll 3 4").unwrap();
    assert_eq!(
        taken,
        "..R.../..S.G./....../..S.../G...../..R... R0:GGGG,G0:RRRR R choose:34 57 a"
    );
    assert_eq!(legal(&g, &taken), ["pass"]);
    assert_eq!(
        apply(&g, &taken, "pass").unwrap(),
        "..R.../..S.G./....../..S.../G...../..R... R0:GGGG,G0:RRRR G roll 58 0"
    );
}

#[test]
fn dz_7_5_steel_relocation() {
    let g = game();
    let start = "...R../.S..../....../....SG/..G.../R..... R3:GG,G2:R R roll 20 1";
    // DZ-4.5: the steel on 25 is lifted (DZ-2.3: it belongs to nobody) and rolled again.
    let lifted = apply(&g, start, "roll 2 5").unwrap();
    assert_eq!(
        lifted,
        "...R../....../....../....SG/..G.../R..... R3:GG,G2:R R steel:25 20 1"
    );
    let p = pos(&g, &lifted);
    let outcomes = g.legal_actions(&p);
    assert_eq!(outcomes.len(), 36);
    let mut landed = 0;
    for roll in &outcomes {
        let text = g.format_action(&p, roll);
        let after = g.format_state(&g.apply(&p, roll).unwrap());
        match text.as_str() {
            "roll 5 3" => assert_eq!(after, lifted, "steel there: roll again"),
            "roll 1 1" | "roll 4 6" => {
                assert!(after.contains("R4:GG,G2:R G roll 21 0"), "{text}: {after}")
            }
            "roll 3 2" | "roll 6 3" => {
                assert!(after.contains("R3:GGG,G2:R G roll 21 0"), "{text}: {after}")
            }
            _ => {
                assert!(after.ends_with("G roll 21 2"), "{text}: {after}");
                landed += 1;
            }
        }
    }
    assert_eq!(landed, 31, "the 31 empty cells, 25 included");
    let back = apply(&g, &lifted, "roll 2 5").unwrap();
    assert!(back.starts_with("...R../.S..../"), "{back}");
}

#[test]
fn dz_7_6_elimination_skips_the_player_and_the_last_one_wins() {
    let g = game();
    let three = "S...../...RB./.B..../..S.../.R.G../.....S R1:GGGBB,G0,B2:RRRGG R roll 30 1";
    let out = apply(&g, three, "roll 4 2").unwrap();
    assert_eq!(
        out,
        "S...../...RB./.B..../..S.../.R..../.....S R1:GGGGBB,g0,B2:RRRGG R choose:42 30 a"
    );
    assert_eq!(
        legal(&g, &out),
        ["deposit 42", "move 22-42", "move 45-42", "pass"]
    );
    let passed = apply(&g, &out, "pass").unwrap();
    // DZ-3.2: play skips the eliminated Green: Blue is next.
    assert!(passed.ends_with(" B claim:42:22,45 31 0"), "{passed}");
    let two = "S...../...R../....../..S.../.R.G../...... R1:GGGGG,G0:RRR R roll 30 1";
    let over = apply(&g, two, "roll 4 2").unwrap();
    assert_eq!(
        over,
        "S...../...R../....../..S.../.R..../...... R1:GGGGGG,g0:RRR - over:R 30 a"
    );
    // DZ-6.2: the last player in wins at once, mid-turn, the counters as they were.
    match g.status(&pos(&g, &over)) {
        Status::Over(o) => assert_eq!(o.points, vec![1, 0]),
        other => panic!("{other:?}"),
    }
    assert!(g.legal_actions(&pos(&g, &over)).is_empty());
    assert!(matches!(
        apply(&g, &over, "pass").unwrap_err(),
        RulesError::GameOver
    ));
}

#[test]
fn dz_4_7_own_marble_on_the_target_ends_the_turn() {
    let g = game();
    let p = "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R roll 9 0";
    assert_eq!(
        apply(&g, p, "roll 2 2").unwrap(),
        "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 G roll 10 1",
        "idle, no claim window"
    );
}

#[test]
fn dz_5_4_strict_allows_pass_only_without_a_play() {
    let g = with(r#"{"strict": true}"#);
    let strict = format!("{DZ_7_2} strict");
    assert!(!legal(&g, &strict).contains(&"pass".to_string()));
    assert!(apply(&g, &strict, "pass")
        .unwrap_err()
        .to_string()
        .contains("DZ-5.4"));
    // The position says strict by itself too.
    assert!(!legal(&game(), &strict).contains(&"pass".to_string()));
    let g2 = game();
    let forced =
        "..R.../..S.G./....../..S.../G...../..R... R0:GGGG,G0:RRRR R choose:34 57 a strict";
    assert_eq!(legal(&g2, forced), ["pass"]);
}

#[test]
fn dz_6_3_three_idle_rounds_end_the_game_by_captures() {
    let g = game();
    // Red's own marble on the target: an idle turn; the streak reaches 3 × 2 = 6.
    let p = "S....R/....../....../..S.../....../...... R5:G,G5 R roll 9 5";
    let over = apply(&g, p, "roll 6 6").unwrap();
    assert_eq!(
        over,
        "S....R/....../....../..S.../....../...... R5:G,G5 - over:R 10 6"
    );
    match g.status(&pos(&g, &over)) {
        Status::Over(o) => assert_eq!(o.points, vec![1, 0], "DZ-6.6: most captures"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn dz_6_4_the_400th_turn_ends_the_game() {
    let g = game();
    let p = "S....R/....../....../..S.../....G./...... R4:G,G4:R R roll 399 0";
    let over = apply(&g, p, "roll 6 6").unwrap();
    assert!(
        over.ends_with("- over:RG 400 1"),
        "DZ-6.6: a tie draws: {over}"
    );
    match g.status(&pos(&g, &over)) {
        Status::Over(o) => assert_eq!(o.points, vec![1, 1]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn dz_6_5_and_6_7_agreement_and_resignation() {
    let g = game();
    let p = pos(&g, DZ_7_2);
    // DZ-6.5: scored by captures, only Red has one.
    assert_eq!(g.agreed_end(&p).points, vec![1, 0, 0]);
    // DZ-6.7: Red, to move, resigns: its marbles leave, Green rolls, the turn not idle.
    match g.forfeit(&p, 0).unwrap() {
        Forfeit::Continues(next) => assert_eq!(
            g.format_state(&next),
            "S...../....../.B..../..S.../..GG../.....S r0:G,G3,B5 G roll 10 0"
        ),
        other => panic!("{other:?}"),
    }
    // Blue resigns out of turn: Red still chooses.
    match g.forfeit(&p, 2).unwrap() {
        Forfeit::Continues(next) => assert_eq!(
            g.format_state(&next),
            "S....R/...R../....../..S.../.RGG../.....S R3:G,G3,b0 R choose:44 9 0"
        ),
        other => panic!("{other:?}"),
    }
    // Two players: a resignation ends the game.
    let two = pos(
        &g,
        "..R.../..S.G./..G.../..S.../G...../..R... R0:GGG,G0:RRRR R roll 57 2",
    );
    match g.forfeit(&two, 1).unwrap() {
        Forfeit::Ended(o) => assert_eq!(o.points, vec![1, 0]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn dz_6_8_steel_in_hand_goes_back_when_the_turn_is_cut_short() {
    let g = game();
    let lifted = pos(
        &g,
        "...R../....../....../....SG/..G.../R..... R3:GG,G2:R R steel:25 20 1",
    );
    match g.forfeit(&lifted, 1).unwrap() {
        Forfeit::Ended(_) => {}
        other => panic!("{other:?}"),
    }
    let three = pos(
        &g,
        "...R../....../....../....SG/..G.../R..B.S R3:GG,G2:R,B5 R steel:25 20 1",
    );
    match g.forfeit(&three, 0).unwrap() {
        Forfeit::Continues(next) => {
            let text = g.format_state(&next);
            assert!(
                text.starts_with("....../.S..../"),
                "steel back on 25: {text}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn dz_8_4_positions_round_trip_and_bad_ones_are_refused() {
    let g = game();
    for text in [
        DZ_7_2,
        "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 G claim:44:22,45,66 10 1",
        "....../....../..S.../....../....../.....S R6,G6 G first:R2,G? 0 0",
        "S...../...R../....../..S.../.R..../...... R1:GGGGGG,g0:RRR - over:R 30 a",
    ] {
        assert_eq!(g.format_state(&pos(&g, text)), text);
    }
    let bad = [
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R choose:44 9",
            "six fields",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R choose:44 09 0",
            "turn count",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R choose:44 +9 0",
            "turn count",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R03:G,G3,B5 R choose:44 9 0",
            "reserve",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R choose:24 9 0",
            "not empty",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../...... R3:G,G3,B5 R choose:44 9 0",
            "steel",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G9,B5 R choose:44 9 0",
            "DZ-2.2",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S G3:G,R3,B5 R choose:44 9 0",
            "DZ-2.1",
        ),
        (
            "S....R/...R../.Y..../..S.../.RGG../.....S R3:G,G3,B5 R choose:44 9 0",
            "colour",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R jump:44 9 0",
            "phase",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 - choose:44 9 0",
            "over",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R3:G,g3,B5 R choose:44 9 0",
            "DZ-6.1",
        ),
        (
            "S....R/...R../.B..../..S.../.RGG../.....S R3:R,G3,B5 R choose:44 9 0",
            "captures",
        ),
        // DZ-6.2: one player left has already won; only a finished position shows that.
        (
            "....../....../..S.../....../....../R....S R5:GGGGGG,g0 R roll 10 0",
            "DZ-6.2",
        ),
    ];
    for (text, why) in bad {
        let err = g.parse_state(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
}

#[test]
fn dz_8_3_actions_read_in_any_form_and_bad_ones_are_refused() {
    let g = game();
    let p = pos(&g, DZ_7_2);
    for (typed, canonical) in [
        ("deposit 44", "deposit 44"),
        ("  PASS ", "pass"),
        ("move 45 44", "move 45-44"),
        ("move 22-24-44", "move 22-24-44"),
        ("move 22-23-24-34-44", "move 22-24-44"),
    ] {
        let a = g.parse_action(&p, typed).unwrap();
        assert_eq!(g.format_action(&p, &a), canonical, "{typed}");
    }
    for bad in [
        "move",
        "move 22",
        "move 77-44",
        "deposit",
        "claim",
        "jump 44",
        "move 32-44",
    ] {
        assert!(
            g.parse_action(&p, bad)
                .and_then(|a| g.apply(&p, &a))
                .is_err(),
            "{bad}"
        );
    }
    assert!(
        apply(&g, DZ_7_2, "roll 3 4").is_err(),
        "DZ-8.2: a roll is not a player's action"
    );
    assert!(apply(&g, DZ_7_2, "deposit 43").is_err(), "the target only");
}

/// A roll position of DZ-7.1: Red to roll, steel on 33 and 61.
const ROLL: &str = "....../....../..S.../....../....../.....S R6,G6 R roll 0 0";

#[test]
fn dz_2_4_the_black_die_gives_x_and_the_white_die_y() {
    let g = game();
    // `roll X Y` (DZ-8.2): X from the black die, Y from the white; the target is cell XY.
    assert_eq!(
        legal(&g, &play(&g, ROLL, &["roll 2 5"])),
        ["deposit 25", "pass"]
    );
    assert_eq!(
        legal(&g, &play(&g, ROLL, &["roll 5 2"])),
        ["deposit 52", "pass"]
    );
}

#[test]
fn dz_3_3_a_turn_begins_with_its_claim_window_else_with_its_roll() {
    let g = game();
    let passed = play(&g, ROLL, &["roll 2 2", "pass"]);
    // Green's turn opens on the window Red's voluntary pass left: a decision, no roll yet.
    assert_eq!(g.status(&pos(&g, &passed)), Status::ToMove(1));
    let waived = play(&g, &passed, &["waive"]);
    assert_eq!(
        waived,
        "....../....../..S.../....../....../.....S R6,G6 G roll 1 1"
    );
    assert_eq!(g.status(&pos(&g, &waived)), Status::Chance, "then the roll");
    // Without a window the turn begins with the roll.
    assert_eq!(g.status(&pos(&g, ROLL)), Status::Chance);
}

#[test]
fn dz_8_5_the_game_record_replays_to_the_position() {
    use rand::{Rng, SeedableRng};
    use std::sync::Arc;
    let game = Arc::new(with(r#"{"marbles": 4}"#));
    for seed in 0..4u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut played = holotable::games::Playthrough::new(Arc::clone(&game), 3).unwrap();
        let mut record = Vec::new();
        while !matches!(played.status(), Status::Over(_)) {
            assert!(record.len() < 20_000, "the game ends");
            let before = played.state().clone();
            let action = match played.status() {
                Status::Chance => played.sample_chance(&mut rng).unwrap(),
                _ => {
                    let legal = played.legal_actions();
                    legal[rng.random_range(0..legal.len())].clone()
                }
            };
            record.push(game.format_action(&before, &action));
            played.apply(&action).unwrap();
        }
        // One line per chance event or action, from the first set-up roll: read back from
        // the same start, it gives the same position.
        let text = record.join("\n");
        let mut again = holotable::games::Playthrough::new(Arc::clone(&game), 3).unwrap();
        for line in text.lines() {
            let action = game.parse_action(again.state(), line).unwrap();
            again.apply(&action).unwrap();
        }
        assert!(record[0].starts_with("roll"), "{}", record[0]);
        assert_eq!(
            game.format_state(again.state()),
            game.format_state(played.state())
        );
    }
}

/// The phrase id a step is told with, and the seat named `owner` in it.
fn told(g: &Dzone, text: &str, action: &str) -> (&'static str, Option<usize>) {
    let p = pos(g, text);
    let a = g.parse_action(&p, action).unwrap();
    let phrase = g.describe(&p, &a).expect("told in words");
    let owner = phrase
        .seats
        .iter()
        .find(|(k, _)| *k == "owner")
        .map(|(_, s)| *s);
    (phrase.id, owner)
}

#[test]
fn dz_4_5_to_4_7_what_the_dice_land_on_is_told_with_the_roll() {
    let g = game();
    // DZ-4.6 (DZ-7.4): Red's roll takes Green's marble on 34.
    let capture = "..R.../..S.G./..G.../..S.../G...../..R... R0:GGG,G0:RRRR R roll 57 2";
    assert_eq!(told(&g, capture, "roll 3 4"), ("dz-rolls-takes", Some(1)));
    // DZ-4.5 (DZ-7.5): the steel on 25 is lifted; where it lands is told too.
    let steel = "...R../.S..../....../....SG/..G.../R..... R3:GG,G2:R R roll 20 1";
    assert_eq!(told(&g, steel, "roll 2 5").0, "dz-rolls-lifts");
    let lifted = play(&g, steel, &["roll 2 5"]);
    assert_eq!(
        told(&g, &lifted, "roll 1 1"),
        ("dz-rolls-relocate-own", Some(0))
    );
    assert_eq!(
        told(&g, &lifted, "roll 3 2"),
        ("dz-rolls-relocate-takes", Some(1))
    );
    assert_eq!(told(&g, &lifted, "roll 4 4").0, "dz-rolls-relocate");
    // DZ-4.7: Red's own marble on 45 ends the turn.
    let three = "S...../...RB./.B..../..S.../.R.G../.....S R1:GGGBB,G0,B2:RRRGG R roll 30 1";
    assert_eq!(told(&g, three, "roll 4 5").0, "dz-rolls-own");
    assert_eq!(told(&g, three, "roll 4 4").0, "dz-rolls");
}

#[test]
fn dz_6_1_a_player_put_out_is_told() {
    let g = game();
    // DZ-7.6: Green's last marble is taken by Red's roll.
    let three = "S...../...RB./.B..../..S.../.R.G../.....S R1:GGGBB,G0,B2:RRRGG R roll 30 1";
    let before = pos(&g, three);
    let after = pos(&g, &play(&g, three, &["roll 4 2"]));
    let notes = g.note(&before, &after);
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].id, "dz-out");
    assert_eq!(notes[0].seats, vec![("who", 1)]);
    assert!(g.note(&after, &after).is_empty(), "told once");
}
