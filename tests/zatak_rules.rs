//! Zatak's rules (`rules/zatak.md`), each test citing the rule it checks; the worked examples
//! of ZK-6 reproduced move list by move list.

use holotable::games::zatak::{Action, Cell, Dir, Phase, Position, Zatak};
use holotable::games::{Game, GameOptions, Playthrough, Status};

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("{name} is a cell"))
}

fn game(options: &str) -> Zatak {
    let options: GameOptions = serde_json::from_str(options).unwrap();
    Zatak::from_options(&options).unwrap()
}

fn moves(g: &Zatak, position: &str) -> Vec<String> {
    let pos = g.parse_state(position).unwrap();
    g.legal_actions(&pos)
        .iter()
        .map(|a| g.format_action(&pos, a))
        .collect()
}

fn from(list: &[String], start: &str) -> Vec<String> {
    list.iter()
        .filter(|m| m.starts_with(&format!("{start}-")))
        .cloned()
        .collect()
}

#[test]
fn zk_1_the_board_has_37_cells_in_seven_files() {
    // ZK-1.1
    assert_eq!(Cell::all().count(), 37);
    let names: Vec<String> = Cell::all().map(Cell::name).collect();
    assert_eq!(names[0], "a1");
    assert_eq!(names[36], "g4");
    assert_eq!(cell("d4").name(), "d4");
    assert!(
        Cell::parse("d8").is_none() && Cell::parse("h1").is_none() && Cell::parse("a0").is_none()
    );
    assert_eq!(Cell::parse(" D4 "), Some(cell("d4")), "ZK-8.1: any case");
    // ZK-1.2: corners have 3 neighbours, the other edge cells 4, inner cells 6.
    let degree = |c: Cell| Dir::ALL.iter().filter(|&&d| c.step(d).is_some()).count();
    let mut counts = [0; 7];
    for c in Cell::all() {
        counts[degree(c)] += 1;
    }
    assert_eq!((counts[3], counts[4], counts[6]), (6, 12, 19));
    for corner in ["a1", "a4", "d1", "d7", "g1", "g4"] {
        assert_eq!(degree(cell(corner)), 3, "{corner}");
    }
}

#[test]
fn zk_1_6_the_equivalent_form_agrees_with_every_step() {
    // x = i − 4, h = 2(r − 1) + |x|: the 37 cells are |x| ≤ 3, |x| ≤ h ≤ 12 − |x|, h − x even.
    let xh = |c: Cell| {
        let (i, r) = c.coords();
        let x = i - 4;
        (x, 2 * (r - 1) + x.abs())
    };
    let mut valid = 0;
    for x in -3i8..=3 {
        for h in 0i8..=12 {
            if x.abs() <= h && h <= 12 - x.abs() && (h - x) % 2 == 0 {
                valid += 1;
            }
        }
    }
    assert_eq!(valid, 37);
    let at = |x: i8, h: i8| Cell::all().find(|&c| xh(c) == (x, h));
    for c in Cell::all() {
        let (x, h) = xh(c);
        assert!(x.abs() <= 3 && x.abs() <= h && h <= 12 - x.abs() && (h - x) % 2 == 0);
        for (d, (dx, dh)) in [
            (Dir::N, (0, 2)),
            (Dir::S, (0, -2)),
            (Dir::NE, (1, 1)),
            (Dir::SE, (1, -1)),
            (Dir::NW, (-1, 1)),
            (Dir::SW, (-1, -1)),
        ] {
            assert_eq!(c.step(d), at(x + dx, h + dh), "{} {d:?}", c.name());
        }
    }
}

/// ZK-1.4's table of neighbours, file by file.
#[test]
fn zk_1_5_checked_neighbours() {
    let n = |c: &str, d: Dir| cell(c).step(d).map(Cell::name);
    assert_eq!(n("d1", Dir::N).as_deref(), Some("d2"));
    assert_eq!(n("d1", Dir::NE).as_deref(), Some("e1"));
    assert_eq!(n("d1", Dir::NW).as_deref(), Some("c1"));
    assert_eq!(
        (n("d1", Dir::S), n("d1", Dir::SE), n("d1", Dir::SW)),
        (None, None, None)
    );
    assert_eq!(n("c1", Dir::NE).as_deref(), Some("d2"));
    assert_eq!(n("c1", Dir::SE).as_deref(), Some("d1"));
    assert_eq!(n("c1", Dir::NW).as_deref(), Some("b1"));
    let around: Vec<String> = Dir::ALL.iter().filter_map(|&d| n("d4", d)).collect();
    assert_eq!(around, ["d5", "e4", "e3", "d3", "c3", "c4"]);
    assert_eq!(n("e1", Dir::NW).as_deref(), Some("d2"));
    assert_eq!(n("e1", Dir::SW).as_deref(), Some("d1"));
    let mut line = Vec::new();
    let mut at = cell("a1");
    while let Some(next) = at.step(Dir::NE) {
        line.push(next.name());
        at = next;
    }
    assert_eq!(line, ["b2", "c3", "d4", "e4", "f4", "g4"]);
    // ZK-1.3: opposite directions undo each other.
    for c in Cell::all() {
        for (a, b) in [(Dir::N, Dir::S), (Dir::NE, Dir::SW), (Dir::SE, Dir::NW)] {
            if let Some(next) = c.step(a) {
                assert_eq!(next.step(b), Some(c));
            }
        }
    }
}

#[test]
fn zk_2_3_set_up_moves_white_then_red_then_play() {
    let g = Zatak::default();
    let start = g.start(2).unwrap();
    assert_eq!(g.format_state(&start), "-/-/-/w/setup");
    assert_eq!(
        g.legal_actions(&start).len(),
        720,
        "every permutation of 1–6"
    );
    let mut play = Playthrough::new(std::sync::Arc::new(g.clone()), 2).unwrap();
    let setup = g.parse_action(play.state(), "setup 123456").unwrap();
    play.apply(&setup).unwrap();
    assert_eq!(
        g.format_state(play.state()),
        "b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/-/-/r/setup"
    );
    let setup = g.parse_action(play.state(), "SETUP 123456").unwrap();
    play.apply(&setup).unwrap();
    assert_eq!(
        g.format_state(play.state()),
        "b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/b5=6,c6=3,d6=5,d7=1,e6=2,f5=4/-/w/play"
    );
    assert_eq!(
        play.status(),
        Status::ToMove(0),
        "ZK-2.1, ZK-2.3: White moves first"
    );
    // A set-up that does not show 1–6 once each is refused.
    let fresh = g.start(2).unwrap();
    let bad = g.parse_action(&fresh, "setup 112345").unwrap();
    assert!(g.apply(&fresh, &bad).is_err());
    assert!(g.parse_action(&fresh, "setup 12345").is_err());
    assert!(
        g.parse_action(&fresh, "d1-d2").is_err(),
        "the set-up comes first"
    );
}

#[test]
fn zk_6_1_the_start_has_16_moves() {
    // ZK-3.1: one die moves per turn; ZK-8.2/8.3: spellings in ASCII order.
    let g = Zatak::default();
    let start = "b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/b5=6,c6=3,d6=5,d7=1,e6=2,f5=4/-/w/play";
    let expected = "b1-f3 b1-xb5 c1-c3 d2-xd6-c5 d2-xd6-d5 d2-xd6-e5 d2-xd6-xc6 d2-xd6-xd7 \
                    d2-xd6-xe6 e1-e4 f1-xf5-d5 f1-xf5-f3 f1-xf5-xe6-e5 f1-xf5-xe6-f5 \
                    f1-xf5-xe6-xd6 f1-xf5-xe6-xd7";
    let list = moves(&g, start);
    assert_eq!(list.join(" "), expected);
    assert!(from(&list, "d1").is_empty(), "the 1 on d1 is boxed in");
    // With `adjust` (ZK-7.3) the turns of a face are moves too.
    let adjusted = moves(&game(r#"{"adjust":true}"#), start);
    let turns: Vec<&String> = adjusted
        .iter()
        .filter(|m| !m.contains('-') || m.ends_with('-') && m.len() == 3)
        .collect();
    let turns: Vec<&str> = turns.iter().map(|s| s.as_str()).collect();
    assert_eq!(
        turns,
        ["b1+", "b1-", "c1+", "c1-", "d1+", "d2+", "d2-", "e1+", "e1-", "f1-"]
    );
    assert_eq!(adjusted.len(), 26);
    // Told in words: the 2 on c1 turned up to 3.
    let g = game(r#"{"adjust":true}"#);
    let p = g.parse_state(start).unwrap();
    let turn = g.parse_action(&p, "c1+").unwrap();
    let phrase = g.describe(&p, &turn).expect("an adjust is told in words");
    assert_eq!(phrase.id, "zk-adjusts");
    assert_eq!(
        phrase.values,
        vec![
            ("cell", "c1".to_string()),
            ("from", "2".to_string()),
            ("to", "3".to_string())
        ]
    );
}

#[test]
fn zk_6_2_a_capture_lets_the_die_turn_or_go_back() {
    // ZK-3.3: straight until a capture; ZK-3.6: then any direction, back included;
    // ZK-3.7: the starting cell is empty once left; ZK-3.4: own dice block (c4).
    let list = moves(&Zatak::default(), "c4=3,d4=2/a4=5,b5=6,d5=1/-/w/play");
    assert_eq!(
        from(&list, "d4").join(" "),
        "d4-b2 d4-d2 d4-f2 d4-f4 d4-xd5-c5 d4-xd5-d4 d4-xd5-d6 d4-xd5-e4 d4-xd5-e5"
    );
}

#[test]
fn zk_6_3_several_captures_in_one_move() {
    // ZK-3.5: any step may capture; ZK-3.6: each capture gives a new choice.
    let list = moves(
        &Zatak::default(),
        "c1=1,d1=3,e1=2/a4=6,b5=5,d2=4,d3=1/-/w/play",
    );
    assert_eq!(
        from(&list, "d1").join(" "),
        "d1-xd2-b2 d1-xd2-f2 d1-xd2-xd3-c2 d1-xd2-xd3-c3 d1-xd2-xd3-d2 d1-xd2-xd3-d4 \
         d1-xd2-xd3-e2 d1-xd2-xd3-e3"
    );
}

#[test]
fn zk_6_4_going_back_at_the_edge_ends_on_the_start() {
    // ZK-3.4: a path that leaves the board is not a move; ZK-3.7: a path may end on its start.
    let list = moves(&Zatak::default(), "f1=1,f2=2,g1=4/a4=6,b5=5,g3=3/-/w/play");
    assert_eq!(from(&list, "g1").join(" "), "g1-xg3-e3 g1-xg3-e5 g1-xg3-g1");
}

#[test]
fn zk_6_5_a_die_without_a_path_cannot_move() {
    // ZK-3.2: exactly N steps, never fewer; ZK-3.8: a die with no path cannot move.
    let list = moves(&Zatak::default(), "a1=6,b2=1/d7=1,g4=2/-/w/play");
    assert!(from(&list, "a1").is_empty());
    assert_eq!(list.len(), 5);
    assert!(list.iter().all(|m| m.starts_with("b2-")));
}

#[test]
fn zk_6_6_two_paths_to_one_position_are_two_moves() {
    // ZK-3.8: two paths are two moves even to the same position; ZK-8.3: each spelling once.
    let g = Zatak::default();
    let position = "c1=2,d4=3/a4=6,b5=5,d5=1,e4=4/-/w/play";
    let list = moves(&g, position);
    assert_eq!(from(&list, "d4").len(), 26);
    assert!(list.contains(&"d4-xd5-xe4-d4".to_string()));
    assert!(list.contains(&"d4-xe4-xd5-d4".to_string()));
    let pos = g.parse_state(position).unwrap();
    let a = g
        .apply(&pos, &g.parse_action(&pos, "d4-xd5-xe4-d4").unwrap())
        .unwrap();
    let b = g
        .apply(&pos, &g.parse_action(&pos, "d4-xe4-xd5-d4").unwrap())
        .unwrap();
    assert_eq!(a, b, "the same position");
    // ZK-7.4: with takeface the die ends showing the last face it took.
    let tf = game(r#"{"takeface":true}"#);
    let a = tf
        .apply(&pos, &tf.parse_action(&pos, "d4-xd5-xe4-d4").unwrap())
        .unwrap();
    let b = tf
        .apply(&pos, &tf.parse_action(&pos, "d4-xe4-xd5-d4").unwrap())
        .unwrap();
    assert_eq!(a.dice[cell("d4").0 as usize].unwrap().1, 4);
    assert_eq!(b.dice[cell("d4").0 as usize].unwrap().1, 1);
}

#[test]
fn zk_6_7_take_face_keeps_the_steps_of_the_starting_face() {
    let position = "f1=1,f2=3,g1=5/a4=6,b5=4,g2=2/-/w/play";
    for options in ["{}", r#"{"takeface":true}"#] {
        let g = game(options);
        let list = moves(&g, position);
        assert_eq!(from(&list, "g1"), ["g1-xg2-c5"], "{options}");
        let pos = g.parse_state(position).unwrap();
        let after = g
            .apply(&pos, &g.parse_action(&pos, "g1-g2-c5").unwrap())
            .unwrap();
        let face = after.dice[cell("c5").0 as usize].unwrap().1;
        assert_eq!(face, if options == "{}" { 5 } else { 2 });
    }
}

#[test]
fn zk_8_2_moves_read_with_or_without_capture_marks() {
    let g = Zatak::default();
    let pos = g.parse_state("c4=3,d4=2/a4=5,b5=6,d5=1/-/w/play").unwrap();
    let with = g.parse_action(&pos, "d4-xd5-c5").unwrap();
    let without = g.parse_action(&pos, " D4-D5-C5 ").unwrap();
    assert_eq!(with, without);
    assert_eq!(g.format_action(&pos, &with), "d4-xd5-c5");
    assert!(g.parse_action(&pos, "d4-c5").is_err());
    assert!(g.parse_action(&pos, "banana").is_err());
}

#[test]
fn zk_4_the_end_of_the_game() {
    let g = Zatak::default();
    // ZK-4.1: White has taken five: it has won, and Red has no move.
    let five = g.parse_state("c1=2,d1=3/d7=1/-/r/play").unwrap();
    match g.status(&five) {
        Status::Over(outcome) => assert_eq!(outcome.points, vec![1, 0]),
        other => panic!("{other:?}"),
    }
    assert!(g.legal_actions(&five).is_empty());
    // ZK-4.1: a position is finished when either side has lost five, the winner on move
    // included (a position read from notation).
    let winner_on_move = g.parse_state("a1=6,b2=1/d7=1/-/w/play").unwrap();
    match g.status(&winner_on_move) {
        Status::Over(outcome) => assert_eq!(outcome.points, vec![1, 0]),
        other => panic!("{other:?}"),
    }
    assert!(g.legal_actions(&winner_on_move).is_empty());
    let any = Action::Adjust(Cell::parse("a1").unwrap(), 1);
    assert!(matches!(
        g.apply(&winner_on_move, &any),
        Err(holotable::games::RulesError::GameOver)
    ));
    // ZK-4.2: the player to move has no legal move and loses: both 6s run off the board
    // or into each other (as in ZK-6.5).
    let stuck = g.parse_state("a1=6,b2=6/d6=2,d7=1/-/w/play").unwrap();
    assert!(g.moves(&stuck).is_empty());
    match g.status(&stuck) {
        Status::Over(outcome) => assert_eq!(outcome.points, vec![0, 1]),
        other => panic!("{other:?}"),
    }
    // ZK-4.4: nocapture:N ends a game of N quiet moves in a draw.
    let g = game(r#"{"nocapture":2}"#);
    let state = g.parse_state("a1=1,g4=1/d4=1,d6=1/-/w/play").unwrap();
    let mut play = Playthrough::from_state(std::sync::Arc::new(g.clone()), state);
    for _ in 0..2 {
        let quiet = play
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Move(p) if p.captures.is_empty()))
            .unwrap();
        play.apply(&quiet).unwrap();
    }
    match play.status() {
        Status::Over(outcome) => assert_eq!(outcome.points, vec![0, 0]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn zk_4_3_the_third_repetition_is_a_draw() {
    let g = Zatak::default();
    let state = g.parse_state("a1=1,g4=1/c3=1,e3=1/-/w/play").unwrap();
    let mut play = Playthrough::from_state(std::sync::Arc::new(g.clone()), state);
    for text in [
        "a1-a2", "c3-c4", "a2-a1", "c4-c3", "a1-a2", "c3-c4", "a2-a1", "c4-c3",
    ] {
        if matches!(play.status(), Status::Over(_)) {
            break;
        }
        let action = g.parse_action(play.state(), text).unwrap();
        play.apply(&action).unwrap();
    }
    match play.status() {
        Status::Over(outcome) => {
            assert_eq!(outcome.points, vec![0, 0]);
            assert!(outcome.reason.contains("repetition"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        play.plies(),
        8,
        "the start, then twice more after 4 moves each"
    );
}

#[test]
fn zk_8_5_positions_read_and_written() {
    let g = Zatak::default();
    for text in [
        "-/-/-/w/setup",
        "b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/-/-/r/setup",
        "c4=3,d4=2/a4=5,b5=6,d5=1/-/w/play",
        "-/-/c4,e3/w/setup",
    ] {
        assert_eq!(g.format_state(&g.parse_state(text).unwrap()), text);
    }
    for bad in [
        "",
        "d4=7/-/-/w/play",
        "d4=1,d4=2/-/-/w/play", // ZK-2.1: two dice never share a cell
        "z9=1/-/-/w/play",
        "-/-/-/x/play",
        // ZK-8.5: a face is one digit.
        "c4=3,d4=02/a4=5/-/w/play",
        // ZK-2.3: White sets up once, first, with all six faces; then Red.
        "b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/-/-/w/setup",
        "-/-/-/r/setup",
        "b1=4,c1=2,d1=1,d2=5,e1=3/-/-/r/setup",
        "b1=4,c1=2,d1=1,d2=5,e1=3,f1=3/-/-/r/setup",
    ] {
        assert!(g.parse_state(bad).is_err(), "{bad}");
    }
    // ZK-8.1: any case, spaces around; read in any order, written in canonical order.
    assert_eq!(
        g.format_state(&g.parse_state("  D4=2,C4=3/A4=5/-/W/PLAY ").unwrap()),
        "c4=3,d4=2/a4=5/-/w/play"
    );
    let empty = Position::empty();
    assert_eq!(empty.phase, Phase::Setup);
}

/// Random games from random set-ups, in every variant this slice plays: every listed action
/// is written and read back to itself, positions round-trip, the game ends with the contract's
/// outcomes (ZK-4, ZK-5), and an illegal spelling changes nothing.
#[test]
fn random_playouts_keep_the_notation_and_the_contract() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    for options in [
        "{}",
        r#"{"adjust":true}"#,
        r#"{"takeface":true,"nocapture":30}"#,
    ] {
        let g = std::sync::Arc::new(game(options));
        for _ in 0..60 {
            let mut play = Playthrough::new(std::sync::Arc::clone(&g), 2).unwrap();
            for _ in 0..400 {
                let state = play.state().clone();
                let text = g.format_state(&state);
                assert_eq!(g.parse_state(&text).unwrap(), state, "{text}");
                let legal = play.legal_actions();
                match play.status() {
                    Status::Over(outcome) => {
                        assert!(legal.is_empty());
                        assert!(matches!(
                            outcome.points.as_slice(),
                            [0, 0] | [1, 0] | [0, 1]
                        ));
                        break;
                    }
                    Status::Chance => {
                        let outcomes = play.chance_outcomes();
                        let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
                        assert!((total - 1.0).abs() < 1e-9);
                        let pick = play.sample_chance(&mut rng).unwrap();
                        let written = g.format_action(&state, &pick);
                        assert_eq!(g.parse_action(&state, &written).unwrap(), pick, "{written}");
                        play.apply(&pick).unwrap();
                        continue;
                    }
                    Status::ToMove(seat) => assert_eq!(seat, state.to_move.seat()),
                }
                assert!(!legal.is_empty(), "ZK-4.2 would have ended it: {text}");
                for action in &legal {
                    let written = g.format_action(&state, action);
                    assert_eq!(
                        &g.parse_action(&state, &written).unwrap(),
                        action,
                        "{written}"
                    );
                }
                assert!(g
                    .parse_action(&state, "a1-xa1-a1")
                    .map_or(true, |a| g.apply(&state, &a).is_err()));
                let pick = legal[rng.random_range(0..legal.len())].clone();
                play.apply(&pick).unwrap();
            }
        }
    }
}

#[test]
fn zk_7_2_obstacles_are_drawn_before_the_set_up_outside_both_zones() {
    let g = game(r#"{"obstacles":2}"#);
    let start = g.start(2).unwrap();
    assert_eq!(g.status(&start), Status::Chance);
    let draws = g.chance_outcomes(&start);
    assert_eq!(draws.len(), 300, "C(25, 2)");
    let total: f64 = draws.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let zones = [
        "d1", "c1", "e1", "b1", "d2", "f1", "d7", "e6", "c6", "f5", "d6", "b5",
    ];
    for (draw, _) in &draws {
        let text = g.format_action(&start, draw);
        assert!(text.starts_with("obstacles "), "{text}");
        assert!(
            zones
                .iter()
                .all(|z| !text.contains(&format!(" {z}")) && !text.contains(&format!(",{z}"))),
            "{text}"
        );
    }
    assert_eq!(
        game(r#"{"obstacles":3}"#).chance_outcomes(&start).len(),
        2300
    );
    let draw = g.parse_action(&start, "obstacles e3,c4").unwrap();
    let after = g.apply(&start, &draw).unwrap();
    assert_eq!(g.format_state(&after), "-/-/c4,e3/w/setup");
    assert_eq!(g.status(&after), Status::ToMove(0));
    let in_zone = g.parse_action(&start, "obstacles d2,c4").unwrap();
    assert!(g.apply(&start, &in_zone).is_err());
    assert!(g.apply(&after, &draw).is_err(), "drawn once");
    // An obstacle blocks steps like an own die (ZK-3.4): the 2 on d4 cannot go north.
    let plain = Zatak::default();
    let list = moves(&plain, "a1=1,d4=2/a4=1,g4=1/d5/w/play");
    assert!(!list.iter().any(|m| m == "d4-d6"), "{list:?}");
    assert!(list.iter().any(|m| m == "d4-d2"), "{list:?}");
}

#[test]
fn zk_2_4_random_set_ups_are_chance_actions() {
    let g = std::sync::Arc::new(game(r#"{"random":true}"#));
    let mut play = Playthrough::new(std::sync::Arc::clone(&g), 2).unwrap();
    for _ in 0..2 {
        assert_eq!(play.status(), Status::Chance);
        let outcomes = play.chance_outcomes();
        assert_eq!(outcomes.len(), 720);
        let pick = outcomes[17].0.clone();
        assert!(g.format_action(play.state(), &pick).starts_with("setup "));
        play.apply(&pick).unwrap();
    }
    assert_eq!(play.state().phase, Phase::Play);
    assert_eq!(play.status(), Status::ToMove(0));
    let both: GameOptions = serde_json::from_str(r#"{"random":true,"free":true}"#).unwrap();
    assert!(
        Zatak::from_options(&both).is_err(),
        "ZK-7: random and free exclude each other"
    );
}

#[test]
fn zk_7_1_free_set_ups() {
    let g = game(r#"{"free":true}"#);
    let start = g.start(2).unwrap();
    let ok = g
        .parse_action(&start, "setup c1=2,c2=4,d1=1,d2=3,d3=5,d4=6")
        .unwrap();
    let after = g.apply(&start, &ok).unwrap();
    assert_eq!(
        g.format_state(&after),
        "c1=2,c2=4,d1=1,d2=3,d3=5,d4=6/-/-/r/setup"
    );
    assert_eq!(
        g.format_action(&start, &ok),
        "setup c1=2,c2=4,d1=1,d2=3,d3=5,d4=6",
        "ZK-8.4: the long form is canonical with free"
    );
    let refused = [
        "setup c1=2,c2=4,d1=1,d2=3,d3=5,g4=6", // not connected
        "setup c1=2,c2=4,c3=1,d2=3,d3=5,d4=6", // no die on d1
        "setup c1=2,c2=2,d1=1,d2=3,d3=5,d4=6", // a face twice
    ];
    for text in refused {
        let action = g.parse_action(&start, text).unwrap();
        assert!(g.apply(&start, &action).is_err(), "{text}");
    }
    // The short form describes the default zone: a legal free set-up too (ZK-8.4).
    let short = g.parse_action(&start, "setup 123456").unwrap();
    assert_eq!(
        g.format_action(&start, &short),
        "setup b1=4,c1=2,d1=1,d2=5,e1=3,f1=6"
    );
    // Without free, the long form of the default zone reads as the short one.
    let plain = Zatak::default();
    let long = plain
        .parse_action(&start, "setup d1=1,c1=2,e1=3,b1=4,d2=5,f1=6")
        .unwrap();
    assert_eq!(plain.format_action(&start, &long), "setup 123456");
    let elsewhere = plain
        .parse_action(&start, "setup c1=2,c2=4,d1=1,d2=3,d3=5,d4=6")
        .unwrap();
    assert!(
        plain.apply(&start, &elsewhere).is_err(),
        "free set-ups need free"
    );
    // Every connected group of six cells holding d1, times every order of the faces.
    let legal = g.legal_actions(&start);
    assert_eq!(legal.len(), 567 * 720);
    assert!(legal.contains(&ok));
    // The droid weighs its own zone in every order and every other group once, all legal.
    let searched = g.search_choices(&start).unwrap();
    assert_eq!(searched.len(), 720 + 566);
    assert!(searched.contains(&short));
    for action in &searched {
        assert!(g.apply(&start, action).is_ok(), "{action:?}");
    }
    // With White on part of Red's zone, Red's zone is no candidate, and every group is.
    let white = g
        .parse_action(&start, "setup d1=1,d2=2,d3=3,d4=4,d5=5,d6=6")
        .unwrap();
    let red_to_set_up = g.apply(&start, &white).unwrap();
    let red = g.search_choices(&red_to_set_up).unwrap();
    assert!(!red.is_empty());
    for action in &red {
        assert!(g.apply(&red_to_set_up, action).is_ok(), "{action:?}");
    }
    // Once play begins, the droid searches every legal move.
    let red_set_up = g.apply(&red_to_set_up, &red[0]).unwrap();
    assert_eq!(g.search_choices(&red_set_up), None);
}

#[test]
fn zk_7_1_the_droid_sets_up_freely_and_verifiably() {
    let options: GameOptions = serde_json::from_str(r#"{"free":true}"#).unwrap();
    let rules = holotable::catalogue::lookup("zatak", &options).unwrap();
    let play = rules.start(2).unwrap();
    let choose = |seed: u64| {
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        let index =
            holotable::droid::choose(play.as_ref(), 3, holotable::droid::MIND, &mut rng).unwrap();
        play.choice_text(index).unwrap()
    };
    let chosen = choose(11);
    assert_eq!(choose(11), chosen, "the same seed, the same set-up");
    let mut after = play.clone_box();
    after.apply(&chosen).unwrap();
    assert!(
        after.position().ends_with("/r/setup"),
        "{}",
        after.position()
    );
}

#[test]
fn zk_2_2_zones_and_zk_5_points() {
    use holotable::games::zatak::Side;
    use holotable::games::Forfeit;
    // ZK-2.2: White's triangle at d1, Red's its point reflection (ZK-1.7) at d7.
    let names = |side: Side| side.zone().map(Cell::name).join(" ");
    assert_eq!(names(Side::White), "d1 c1 e1 b1 d2 f1");
    assert_eq!(names(Side::Red), "d7 e6 c6 f5 d6 b5");
    for (w, r) in Side::White.zone().iter().zip(Side::Red.zone()) {
        let (file, rank) = w.coords();
        let mirror = Cell::at(
            8 - file,
            holotable::games::zatak::board::FILE_LEN[(7 - file) as usize] as i8 + 1 - rank,
        );
        assert_eq!(mirror, Some(r), "ZK-1.7");
    }
    // ZK-5.2: a resignation or timeout gives the opponent the win (1 point, ZK-5.1).
    let g = Zatak::default();
    let pos = g.parse_state("c4=3,d4=2/a4=5,b5=6,d5=1/-/w/play").unwrap();
    match g.forfeit(&pos, 0).unwrap() {
        Forfeit::Ended(outcome) => assert_eq!(outcome.points, vec![0, 1]),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        g.agreed_end(&pos).points,
        vec![0, 0],
        "ZK-5.1: 0 each for a draw"
    );
}
