//! Halloween Kingdoms' rules (`rules/kingdoms.md`), each test citing the rule it checks; the
//! worked examples of KG-8 reproduced list by list.

use std::collections::BTreeSet;
use std::sync::Arc;

use holotable::games::kingdoms::{board, Cell, Kingdoms, Position, Side};
use holotable::games::{Game, Playthrough, RulesError, Status};

fn game() -> Kingdoms {
    Kingdoms::default()
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("{name} is a cell"))
}

fn pos(text: &str) -> Position {
    game()
        .parse_state(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(text: &str) -> BTreeSet<String> {
    let g = game();
    let p = pos(text);
    g.legal_actions(&p)
        .iter()
        .map(|a| g.format_action(&p, a))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Placements of the kinds `kinds` on each of `cells`.
fn placements(kinds: &str, cells: &[&str]) -> BTreeSet<String> {
    cells
        .iter()
        .flat_map(|c| kinds.chars().map(move |k| format!("{k}@{c}")))
        .collect()
}

fn moves_from(all: &BTreeSet<String>, from: &str) -> BTreeSet<String> {
    all.iter()
        .filter(|a| a.starts_with(&format!("{from}-")))
        .cloned()
        .collect()
}

fn apply(text: &str, action: &str) -> Result<String, RulesError> {
    let g = game();
    let p = pos(text);
    let a = g.parse_action(&p, action)?;
    Ok(g.format_state(&g.apply(&p, &a)?))
}

/// A position written from a list of pieces (upper case Orange, lower case Purple), the
/// reserves being what the board leaves: a second, independent writer of KG-9.5.
fn write(pieces: &[(&str, char)], side: char) -> String {
    let mut grid = [['.'; 9]; 9];
    for (name, piece) in pieces {
        let c = cell(name);
        grid[c.rank0() as usize][c.file() as usize] = *piece;
    }
    let ranks: Vec<String> = (0..9)
        .rev()
        .map(|r| {
            let mut row = String::new();
            let mut run = 0;
            for &square in &grid[r] {
                if square == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        row += &run.to_string();
                    }
                    run = 0;
                    row.push(square);
                }
            }
            if run > 0 {
                row += &run.to_string();
            }
            row
        })
        .collect();
    let mut reserve = String::new();
    for upper in [true, false] {
        for (letter, count) in [('G', 3), ('W', 2), ('C', 2), ('B', 2), ('P', 1), ('A', 2)] {
            let letter = if upper {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            let used = pieces.iter().filter(|(_, p)| *p == letter).count();
            for _ in used..count {
                reserve.push(letter);
            }
        }
    }
    if reserve.is_empty() {
        reserve.push('-');
    }
    format!("{} {reserve} {side} -/-", ranks.join("/"))
}

const START: &str = "9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o -/-";

#[test]
fn kg_1_1_cells_files_and_ranks() {
    assert_eq!(Cell::all().count(), 81);
    assert_eq!(cell("a1").file(), 0);
    assert_eq!(cell("a1").rank0(), 0);
    assert_eq!(cell("i9").name(), "i9");
    assert_eq!(cell("e5").name(), "e5");
    // KG-9.1: any case
    assert_eq!(Cell::parse("E5"), Some(cell("e5")));
    for bad in ["j1", "a0", "a10", "", "e", "55"] {
        assert!(Cell::parse(bad).is_none(), "{bad}");
    }
}

#[test]
fn kg_1_2_kingdoms_like_a_phone_keypad() {
    let k = |n: &str| cell(n).kingdom();
    assert_eq!([k("a9"), k("e9"), k("i9")], [1, 2, 3]);
    assert_eq!([k("c4"), k("e5"), k("g6")], [4, 5, 6]);
    assert_eq!([k("a1"), k("f3"), k("i1")], [7, 8, 9]);
    assert_eq!(
        [k("c7"), k("d7"), k("c6"), k("d4"), k("d3")],
        [1, 2, 4, 5, 8]
    );
    for kingdom in 1..=9 {
        assert_eq!(board::kingdom(kingdom).count_ones(), 9);
        assert!(Cell::all()
            .filter(|c| c.kingdom() == kingdom)
            .all(|c| board::kingdom(kingdom) & c.bit() != 0));
    }
}

#[test]
fn kg_1_3_adjacency_is_eight_neighbour_and_ignores_borders() {
    let around = |n: &str| {
        let mut names: Vec<String> = board::cells_of(board::around(cell(n).bit()))
            .map(Cell::name)
            .collect();
        names.sort();
        names
    };
    assert_eq!(
        around("c3"),
        ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"],
        "KG-1.3: across the K7/K4/K5/K8 borders"
    );
    assert_eq!(around("a1"), ["a2", "b1", "b2"]);
    assert_eq!(around("i5").len(), 5);
    // KG-1.4: eight directions, four of them orthogonal
    assert_eq!(board::DIRECTIONS.len(), 8);
    assert!(board::ORTHOGONAL
        .iter()
        .all(|(df, dr)| (*df == 0) != (*dr == 0)));
}

#[test]
fn kg_1_5_and_2_material_start_and_reserves() {
    let g = game();
    let start = g.start(2).unwrap();
    // KG-2.2, KG-2.3: the board starts empty, twelve pieces each in reserve
    assert_eq!(g.format_state(&start), START);
    assert_eq!(start.occupied(), 0);
    assert!(g.start(3).is_err(), "KG-2.1: two players");
    let p = pos("9/9/9/9/5Gw2/9/9/9/9 GGWWCCBBPAAgggwccbbpaa o -/-");
    // KG-1.5: occupying a kingdom (f5 is in K5, g5 in K6)
    assert_eq!(p.held(Side::Orange), 1 << 5);
    assert_eq!(p.held(Side::Purple), 1 << 6);
}

#[test]
fn kg_2_3_and_2_4_no_captures_every_destination_empty() {
    // KG-8.2's position: the Witch flies over e5 and f5 but lands only on empty cells.
    let p = "9/9/9/9/3WGp3/9/9/9/9 GGWCCBBPAAgggwwccbbaa o -/-";
    assert_eq!(
        apply(p, "d5-f5").unwrap_err().untold(),
        &RulesError::Illegal("f5 is not empty (KG-2.4)".into())
    );
    assert!(apply(p, "G@e5").is_err());
    // KG-2.4: pieces of both colours count for the chain; Purple's f5 holds e5-… together
    let after = apply(p, "d5-g5").unwrap();
    assert_eq!(after, "9/9/9/9/4GpW2/9/9/9/9 GGWCCBBPAAgggwwccbbaa p -/-");
}

#[test]
fn kg_3_1_orange_opens_anywhere_with_any_piece() {
    let all = legal(START);
    assert_eq!(all.len(), 81 * 6);
    assert!(all.contains("P@a1") && all.contains("A@i9") && all.contains("G@e5"));
}

#[test]
fn kg_3_2_purple_answers_next_to_orange_in_any_kingdom() {
    let after = apply(START, "G@c3").unwrap();
    let all = legal(&after);
    let cells = ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"];
    assert_eq!(all, placements("GWCBPA", &cells), "KG-3.2: across kingdoms");
    assert!(apply(&after, "g@e5").is_err(), "not next to Orange's piece");
}

#[test]
fn kg_3_3_one_action_then_the_turn_passes() {
    let a = apply(START, "G@e5").unwrap();
    assert!(a.contains(" p "));
    let b = apply(&a, "a@f6").unwrap();
    assert!(b.contains(" o "));
    // From Orange's second turn on, a placement (KG-3.4) or a move (KG-3.5).
    let all = legal(&b);
    assert!(all.iter().any(|a| a.contains('@')) && all.iter().any(|a| a.contains('-')));
}

#[test]
fn kg_3_4_and_8_1_placements_next_to_a_friendly_piece_in_its_kingdom() {
    let p = "9/9/9/9/3P5/2Gw5/9/9/9 GGWWCCBBAAgggwccbbpaa o -/-";
    let places: BTreeSet<String> = legal(p).into_iter().filter(|a| a.contains('@')).collect();
    let expected = placements("GWCBA", &["b4", "b5", "c5", "d6", "e4", "e5", "e6"]);
    assert_eq!(places, expected);
    assert_eq!(places.len(), 35);
    for excluded in ["b3", "c3", "d3", "c6", "e3"] {
        assert!(apply(p, &format!("G@{excluded}")).is_err(), "{excluded}");
    }
    // KG-3.4: enemy pieces next to the cell count for nothing (e3 touches Purple's d4 only).
    assert_eq!(
        apply(p, "G@e3").unwrap_err().untold(),
        &RulesError::Illegal(
            "e3: a piece is placed next to one of yours in the same kingdom (KG-3.4)".into()
        )
    );
    assert!(
        apply(p, "P@e4").is_err(),
        "KG-2.3: the Pumpkin is on the board"
    );
}

#[test]
fn kg_3_5_a_move_goes_to_another_empty_cell() {
    let p = "9/9/9/9/3WGp3/9/9/9/9 GGWCCBBPAAgggwwccbbaa o -/-";
    assert!(apply(p, "e5-e5").is_err());
    assert!(apply(p, "f5-f6").is_err(), "KG-2.4: only one's own pieces");
    assert!(apply(p, "a1-a2").is_err(), "no piece on a1");
}

#[test]
fn kg_3_6_and_7_1_the_win_in_all_nine_kingdoms() {
    // Orange holds eight kingdoms around a Purple ring in K5; its Ghost b7 can enter K8.
    let mut pieces = vec![
        ("e5", 'G'),
        ("c7", 'G'),
        ("e7", 'W'),
        ("g7", 'W'),
        ("c5", 'C'),
        ("g5", 'C'),
        ("c3", 'B'),
        ("g3", 'B'),
        ("b7", 'G'),
    ];
    let ring = [
        ("d4", 'g'),
        ("d5", 'g'),
        ("d6", 'g'),
        ("e4", 'w'),
        ("e6", 'w'),
        ("f4", 'c'),
        ("f5", 'c'),
        ("f6", 'b'),
    ];
    pieces.extend(ring);
    let before = write(&pieces, 'o');
    let g = game();
    assert_eq!(g.status(&pos(&before)), Status::ToMove(0));
    assert_eq!(pos(&before).held(Side::Orange).count_ones(), 8);
    // KG-3.6: a winning action gets no exception from the chain rule
    assert!(apply(&before, "b7-e2").is_err());
    let after = apply(&before, "b7-e3").unwrap();
    match g.status(&pos(&after)) {
        Status::Over(outcome) => assert_eq!(outcome.points, vec![1, 0], "KG-7.6"),
        other => panic!("KG-7.1: {other:?}"),
    }
    assert!(g.legal_actions(&pos(&after)).is_empty());
    assert!(matches!(
        apply(&after, "e3-e2").unwrap_err(),
        RulesError::GameOver
    ));
    // KG-7.1: only the player who just acted is checked.
    let orange_to_move = after.replace(" p ", " o ");
    assert_eq!(g.status(&pos(&orange_to_move)), Status::ToMove(0));
}

#[test]
fn kg_4_1_and_8_2_the_ghost_and_the_chain() {
    let p = "9/9/9/9/3WGp3/9/9/9/9 GGWCCBBPAAgggwwccbbaa o -/-";
    let all = legal(p);
    assert_eq!(moves_from(&all, "e5"), set(&["e5-e4", "e5-e6"]));
    assert_eq!(
        apply(p, "e5-e7").unwrap_err().untold(),
        &RulesError::Illegal("e5-e7 would break the chain of pieces (KG-5)".into())
    );
}

#[test]
fn kg_4_1_a_ghost_goes_to_any_empty_cell_that_keeps_the_chain() {
    // A Ghost leaving a lone neighbour lands anywhere next to the rest.
    let p = write(&[("e5", 'G'), ("f5", 'w'), ("g5", 'p')], 'o');
    let ghost = moves_from(&legal(&p), "e5");
    let expected: BTreeSet<String> = ["e4", "e6", "f4", "f6", "g4", "g6", "h4", "h5", "h6"]
        .iter()
        .map(|to| format!("e5-{to}"))
        .collect();
    assert_eq!(ghost, expected);
}

#[test]
fn kg_4_2_and_8_2_the_witch_flies_like_a_queen() {
    let p = "9/9/9/9/3WGp3/9/9/9/9 GGWCCBBPAAgggwwccbbaa o -/-";
    assert_eq!(
        moves_from(&legal(p), "d5"),
        set(&["d5-d4", "d5-d6", "d5-e4", "d5-e6", "d5-g5"])
    );
    assert!(apply(p, "d5-c5").is_err());
    assert!(
        apply(p, "d5-f7").is_err(),
        "not along a line (and touching nothing)"
    );
}

#[test]
fn kg_4_3_the_black_cat_jumps_like_a_knight() {
    // Cat e5 inside a ring of Purple pieces: it jumps out over them.
    let p = write(
        &[
            ("e5", 'C'),
            ("d4", 'g'),
            ("d5", 'g'),
            ("d6", 'g'),
            ("e4", 'w'),
            ("e6", 'w'),
            ("f4", 'c'),
            ("f5", 'c'),
            ("f6", 'b'),
        ],
        'o',
    );
    let cat = moves_from(&legal(&p), "e5");
    let jumps = ["d3", "f3", "c4", "g4", "c6", "g6", "d7", "f7"];
    let expected: BTreeSet<String> = jumps.iter().map(|to| format!("e5-{to}")).collect();
    assert_eq!(cat, expected, "all eight jumps touch the ring");
    let far = write(&[("a1", 'C'), ("b1", 'g')], 'o');
    assert_eq!(
        moves_from(&legal(&far), "a1"),
        set(&["a1-c2"]),
        "b3 touches nothing"
    );
}

#[test]
fn kg_4_4_and_8_3_the_bat_slides_to_the_end() {
    let p = "9/9/9/9/9/3g5/2B1p4/5W3/9 GGGWCCBPAAggwwccbbaa o -/-";
    assert_eq!(moves_from(&legal(p), "c3"), set(&["c3-d3", "c3-e1"]));
    assert!(apply(p, "c3-d2").is_err(), "no early stop");
    assert_eq!(
        apply(p, "c3-d2").unwrap_err().untold(),
        &RulesError::Illegal("c3-d2: a Bat does not move that way (KG-4)".into())
    );
    assert!(apply(p, "c3-c9").is_err(), "an edge cell touching no piece");
}

#[test]
fn kg_4_5_the_pumpkin_steps_once() {
    let p = write(&[("e5", 'P'), ("e6", 'g')], 'o');
    let steps = moves_from(&legal(&p), "e5");
    assert_eq!(
        steps,
        set(&["e5-d5", "e5-d6", "e5-f5", "e5-f6"]),
        "one step, next to e6"
    );
    assert!(apply(&p, "e5-e7").is_err());
}

#[test]
fn kg_4_6_and_8_4_the_assassin_slides_three_steps_in_contact() {
    let p = "9/9/5Gw2/4p2C1/4A4/9/9/9/9 GGWWCBBPAgggwccbbaa o -/-";
    assert_eq!(
        moves_from(&legal(p), "e5"),
        set(&["e5-d7", "e5-g6", "e5-h5"])
    );
    // KG-9.3: a whole path is accepted when it is legal, recorded in canonical form
    for path in ["e5-f5-g5-g6", "e5-f5-f6-g6", "E5-F5-F6-G6"] {
        let g = game();
        let position = pos(p);
        let action = g.parse_action(&position, path).unwrap();
        assert_eq!(g.format_action(&position, &action), "e5-g6");
    }
    for lost in [
        "e5-f5-g5-g4",
        "e5-d5-d6-c6",
        "e5-e4-e3-e2",
        "e5-d5-c5-c6",
        "e5-e6-e7-e8",
    ] {
        assert!(apply(p, lost).is_err(), "{lost}");
    }
    // never back: e5-f5-e5 is not a path; nor four cells that are not one step apart
    assert!(apply(p, "e5-f5-e5-d5").is_err());
    assert!(apply(p, "e5-g5-g6-g7").is_err());
}

#[test]
fn kg_4_6_the_assassin_may_turn_and_end_one_step_away() {
    // e5-e6-f6-f5: north, east, south; each cell next to e7, f7, g6, g5 or f4.
    let near = write(
        &[
            ("e5", 'A'),
            ("e7", 'g'),
            ("f7", 'g'),
            ("g6", 'w'),
            ("g5", 'w'),
            ("f4", 'c'),
        ],
        'o',
    );
    let g = game();
    let position = pos(&near);
    let action = g.parse_action(&position, "e5-e6-f6-f5").unwrap();
    assert_eq!(g.format_action(&position, &action), "e5-f5");
    let moves = moves_from(&legal(&near), "e5");
    assert!(moves.contains("e5-f5"));
    for m in &moves {
        let to = cell(&m[3..]);
        let d = (to.file() - 4).abs() + (to.rank0() - 4).abs();
        assert!(d == 1 || d == 3, "KG-4.6: 1 or 3 orthogonal steps: {m}");
    }
    // f6 touches nothing but the Assassin's own start, which counts as empty.
    let back = write(&[("e5", 'A'), ("d6", 'g'), ("d5", 'g')], 'o');
    assert!(g.parse_action(&pos(&back), "e5-e6-f6-f5").is_err());
}

#[test]
fn kg_5_1_the_chain_holds_after_every_action() {
    let g = game();
    let p = pos("9/9/9/9/3WGp3/9/9/9/9 GGWCCBBPAAgggwwccbbaa o -/-");
    for action in g.legal_actions(&p) {
        let next = g.apply(&p, &action).unwrap();
        assert!(board::connected(next.occupied()), "{action:?}");
    }
    // KG-9.5: a board that breaks KG-5.1 is no position
    let broken = "9/9/9/9/G7g/9/9/9/9 GGWWCCBBPAAggwwccbbpaa o -/-";
    let err = game().parse_state(broken).unwrap_err();
    assert!(err.to_string().contains("KG-5.1"), "{err}");
}

#[test]
fn kg_5_2_a_piece_may_leave_a_cell_that_holds_the_group_together() {
    // e5 alone joins d5 and f5: lifting it splits them, landing on e4 joins them again.
    let p = "9/9/9/9/3WGp3/9/9/9/9 GGWCCBBPAAgggwwccbbaa o -/-";
    assert_eq!(
        apply(p, "e5-e4").unwrap(),
        "9/9/9/9/3W1p3/4G4/9/9/9 GGWCCBBPAAgggwwccbbaa p -/-"
    );
}

#[test]
fn kg_5_3_the_assassin_alone_is_checked_on_its_way() {
    // The Assassin e5 is all that joins d5-d6-d7-e8 to f4-g5-g6. On its way over e6 and e7
    // the group is in two parts; it lands on f7, next to both (e8, g6): legal.
    let p = write(
        &[
            ("e5", 'A'),
            ("d5", 'g'),
            ("d6", 'g'),
            ("d7", 'g'),
            ("e8", 'w'),
            ("f4", 'w'),
            ("g5", 'c'),
            ("g6", 'c'),
        ],
        'o',
    );
    assert!(legal(&p).contains("e5-f7"));
    let after = apply(&p, "e5-e6-e7-f7").unwrap();
    assert!(board::connected(pos(&after).occupied()), "KG-5.1 after it");
    // Its end is checked like any piece's: e4, e3 and f3 all touch f4, but f3 leaves the
    // d-file part cut off.
    let err = apply(&p, "e5-e4-e3-f3").unwrap_err().to_string();
    assert!(err.contains("KG-5"), "{err}");
}

#[test]
fn kg_5_4_placements_always_keep_the_chain() {
    let g = game();
    let p = pos("9/9/9/9/3P5/2Gw5/9/9/9 GGWWCCBBAAgggwccbbpaa o -/-");
    for action in g.legal_actions(&p) {
        let next = g.apply(&p, &action).unwrap();
        assert!(board::connected(next.occupied()));
    }
}

#[test]
fn kg_5_5_a_move_that_breaks_the_chain_is_not_listed_and_fails() {
    let p = "9/9/9/9/3WGp3/9/9/9/9 GGWCCBBPAAgggwwccbbaa o -/-";
    assert!(!legal(p).contains("e5-e7"));
    let before = pos(p);
    assert!(apply(p, "e5-e7").is_err());
    assert_eq!(pos(p), before, "nothing changed");
}

#[test]
fn kg_6_2_and_8_5_a_threat_narrows_the_list() {
    let p = "9/7P1/6g2/5a3/4W4/9/9/9/9 GGGWCCBBAAggwwccbbpa o -/-";
    let mut expected = set(&["e5-e7", "e5-g5", "e5-i9"]);
    expected.extend(placements(
        "GWCBA",
        &["d4", "d5", "d6", "e4", "e6", "f4", "f5"],
    ));
    let all = legal(p);
    assert_eq!(all, expected);
    assert_eq!(all.len(), 38);
    // KG-6.4: moving the threatened piece inside K5 does not answer
    assert!(apply(p, "e5-e6")
        .unwrap_err()
        .to_string()
        .contains("KG-6.6"));
    for forbidden in ["e5-f5", "h8-g8", "h8-h7", "G@h9"] {
        assert!(apply(p, forbidden).is_err(), "{forbidden}");
    }
    // KG-6.1: after A@d5 neither Assassin has power in K5
    let after = apply(p, "A@d5").unwrap();
    let q = pos(&after);
    assert!(holotable::games::kingdoms::threats::threatened(&q, Side::Orange).is_empty());
    assert!(holotable::games::kingdoms::threats::threatened(&q, Side::Purple).is_empty());
}

#[test]
fn kg_6_1_a_second_assassin_of_the_same_colour_changes_nothing() {
    use holotable::games::kingdoms::threats::threatened;
    // Orange Witch e5 alone in K5 with two Purple Assassins: threatened once.
    let p = write(&[("e5", 'W'), ("f6", 'a'), ("d6", 'a')], 'o');
    assert_eq!(threatened(&pos(&p), Side::Orange).len(), 1);
    // KG-6.2: an Assassin is never threatened (Orange's Assassin alone in K5)
    let q = write(&[("e5", 'A'), ("f6", 'a')], 'o');
    assert!(threatened(&pos(&q), Side::Orange).is_empty());
    assert!(threatened(&pos(&q), Side::Purple).is_empty());
    // KG-6.2: not the only piece there, not threatened
    let r = write(&[("e5", 'W'), ("e4", 'G'), ("f6", 'a')], 'o');
    assert!(threatened(&pos(&r), Side::Orange).is_empty());
}

#[test]
fn kg_6_3_threats_are_read_at_the_start_of_the_turn_whoever_made_them() {
    // Orange's own move leaves its Witch alone in K5 next to Purple's Assassin: on Orange's
    // next turn it is bound, though Purple did nothing to make the threat.
    let p = write(&[("e5", 'W'), ("e4", 'G'), ("f6", 'a'), ("g6", 'g')], 'o');
    let a = apply(&p, "e4-g5").unwrap();
    let b = apply(&a, "g6-h6").unwrap();
    let all = legal(&b);
    assert_eq!(
        holotable::games::kingdoms::threats::binding(&pos(&b), Side::Orange).len(),
        1
    );
    assert!(all.iter().all(|act| {
        let g = game();
        let q = pos(&b);
        let action = g.parse_action(&q, act).unwrap();
        holotable::games::kingdoms::threats::binding(&q, Side::Orange)
            .iter()
            .any(|t| holotable::games::kingdoms::threats::answers(&action, t))
    }));
}

#[test]
fn kg_6_4_the_three_answers() {
    use holotable::games::kingdoms::threats::{answers, binding};
    use holotable::games::kingdoms::{Action, Kind};
    let p = pos("9/7P1/6g2/5a3/4W4/9/9/9/9 GGGWCCBBAAggwwccbbpa o -/-");
    let threat = binding(&p, Side::Orange)[0];
    assert_eq!((threat.kingdom, threat.cell), (5, cell("e5")));
    // (a) the piece leaves K5, (b) a placement in K5, (c) another piece enters K5
    assert!(answers(&Action::Move(cell("e5"), cell("e7")), &threat));
    assert!(answers(&Action::Place(Kind::Ghost, cell("d4")), &threat));
    assert!(answers(&Action::Move(cell("h8"), cell("f5")), &threat));
    // a move inside K5 does not answer, nor does anything outside it
    assert!(!answers(&Action::Move(cell("e5"), cell("e6")), &threat));
    assert!(!answers(&Action::Move(cell("h8"), cell("h7")), &threat));
    assert!(!answers(&Action::Pass, &threat));
}

#[test]
fn kg_6_5_and_8_6_the_ghosts_grace() {
    let a = apply(START, "G@e5").unwrap();
    let b = apply(&a, "A@f6").unwrap();
    let all = legal(&b);
    assert_eq!(all.len(), 49, "in grace: nothing is forbidden");
    assert!(all.contains("e5-e6"));
    let c = apply(&b, "e5-e6").unwrap();
    assert_eq!(c, "9/9/9/4Ga3/9/9/9/9/9 GGWWCCBBPAAgggwwccbbpa p 5/-");
    let d = apply(&c, "P@f5").unwrap();
    let mut expected = set(&["e6-e7", "e6-f7", "e6-g4", "e6-g5", "e6-g6", "e6-g7"]);
    expected.extend(placements("GWCBPA", &["d5", "d6", "e5"]));
    let bound = legal(&d);
    assert_eq!(bound, expected);
    assert_eq!(bound.len(), 24);
    for forbidden in ["e6-e4", "e6-e5", "e6-f4"] {
        assert!(apply(&d, forbidden).is_err(), "{forbidden}");
    }
    // The record is rewritten at the end of every turn of its owner, and only its owner's.
    let e = apply(&d, "e6-g5").unwrap();
    assert!(e.ends_with(" p 5/-"), "{e}");
    let f = apply(&e, "g@e5").unwrap();
    assert!(f.ends_with(" o 5/-"), "Purple's record stays empty: {f}");
    let g2 = apply(&f, "G@h5").unwrap();
    assert!(
        g2.ends_with(" p -/-"),
        "no threatened Ghost at that turn's start: {g2}"
    );
}

#[test]
fn kg_6_6_one_answer_is_enough_and_none_frees_the_list() {
    use holotable::games::kingdoms::threats::binding;
    // Two binding threats (Witches alone in K5 and K6 beside Purple's Assassins).
    let p = write(&[("e5", 'W'), ("f6", 'a'), ("g5", 'W'), ("h6", 'a')], 'o');
    let q = pos(&p);
    assert_eq!(binding(&q, Side::Orange).len(), 2);
    let all = legal(&p);
    assert!(
        all.contains("W@e4") || all.contains("G@e4"),
        "answers K5 only"
    );
    assert!(all.contains("G@h5"), "answers K6 only");
    assert!(!all.contains("e5-e6"), "answers neither (a move inside K5)");
    assert!(apply(&p, "e5-e6").is_err());
}

#[test]
fn kg_6_6_when_nothing_answers_any_legal_action_goes() {
    use holotable::games::kingdoms::threats::{answers, binding};
    // Searched, not assumed: random play reaches positions with binding threats that no
    // legal action answers; there the whole list is open, elsewhere only answers.
    use rand::{Rng, SeedableRng};
    let g = Arc::new(game());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut found = 0;
    for _ in 0..400 {
        let mut play = Playthrough::new(Arc::clone(&g), 2).unwrap();
        for _ in 0..80 {
            if play.outcome().is_some() {
                break;
            }
            let state = play.state().clone();
            let bind = binding(&state, state.to_move);
            let raw = holotable::games::kingdoms::moves::actions(&state);
            if !bind.is_empty() && !raw.is_empty() {
                let any = raw.iter().any(|a| bind.iter().any(|t| answers(a, t)));
                let listed = g.legal_actions(&state);
                if any {
                    assert!(listed.iter().all(|a| bind.iter().any(|t| answers(a, t))));
                } else {
                    assert_eq!(listed, raw, "KG-6.6: no answer, every action");
                    found += 1;
                }
            }
            let choices = play.legal_actions();
            let pick = choices[rng.random_range(0..choices.len())];
            play.apply(&pick).unwrap();
        }
    }
    assert!(found > 0, "random play reaches unanswerable threats");
}

#[test]
fn kg_7_2_a_player_with_nothing_to_do_passes() {
    // Orange, to move, has no piece on a board that is not empty: KG-3.4 places nothing.
    let p = "9/9/9/9/4g4/9/9/9/9 GGGWWCCBBPAAggwwccbbpaa o -/-";
    assert_eq!(legal(p), set(&["pass"]));
    let after = apply(p, "pass").unwrap();
    assert_eq!(after, "9/9/9/9/4g4/9/9/9/9 GGGWWCCBBPAAggwwccbbpaa p -/-");
    // KG-9.4: pass is refused while anything else is legal
    assert_eq!(
        apply(START, "pass").unwrap_err().untold(),
        &RulesError::Illegal("pass only when no other action is legal (KG-7.2)".into())
    );
}

#[test]
fn kg_7_3_a_pass_after_a_pass_is_a_draw() {
    use holotable::games::kingdoms::{play, Action};
    let g = game();
    let p0 = pos("9/9/9/9/4g4/9/9/9/9 GGGWWCCBBPAAggwwccbbpaa o -/-");
    let mut history = g.history_start(&p0);
    let p1 = play(&p0, &Action::Pass);
    assert!(g.history_step(&mut history, &p1).is_none(), "one pass");
    let p2 = play(&p1, &Action::Pass);
    let outcome = g.history_step(&mut history, &p2).expect("KG-7.3");
    assert_eq!(outcome.points, vec![0, 0], "KG-7.6: a draw scores 0 each");
    // A pass, then an action, then a pass: no draw.
    let mut history = g.history_start(&p0);
    assert!(g.history_step(&mut history, &p1).is_none());
    let moved = g
        .apply(&p1, &g.parse_action(&p1, "e5-e6").unwrap())
        .unwrap();
    assert!(g.history_step(&mut history, &moved).is_none());
    assert!(g
        .history_step(&mut history, &play(&moved, &Action::Pass))
        .is_none());
}

#[test]
fn kg_7_4_the_third_occurrence_is_a_draw() {
    // Two Ghosts step back and forth: the start of the shuffle occurs a third time.
    let g = Arc::new(game());
    let p = write(&[("e5", 'G'), ("e6", 'g')], 'o');
    let mut play = Playthrough::from_state(Arc::clone(&g), pos(&p));
    let there_and_back = ["e5-d5", "e6-d6", "d5-e5", "d6-e6"];
    for (i, action) in there_and_back.iter().chain(&there_and_back).enumerate() {
        assert!(play.outcome().is_none(), "before action {i}");
        let a = g.parse_action(play.state(), action).unwrap();
        play.apply(&a).unwrap();
    }
    let outcome = play.outcome().expect("KG-7.4: third occurrence");
    assert_eq!(outcome.points, vec![0, 0]);
    assert!(outcome.reason.contains("repetition"));
}

#[test]
fn kg_7_5_the_cap_ends_in_a_draw_and_a_table_may_set_another() {
    let options: holotable::games::GameOptions = serde_json::from_str(r#"{"cap": 4}"#).unwrap();
    let g = Arc::new(Kingdoms::from_options(&options).unwrap());
    assert_eq!(game().cap, 300, "KG-7.5: 300 by default");
    let mut play = Playthrough::new(Arc::clone(&g), 2).unwrap();
    for (i, action) in ["G@e5", "g@e6", "W@e4", "w@d6"].iter().enumerate() {
        assert!(play.outcome().is_none(), "before action {i}");
        let a = g.parse_action(play.state(), action).unwrap();
        play.apply(&a).unwrap();
    }
    let outcome = play.outcome().expect("KG-7.5: the fourth action ends it");
    assert_eq!(outcome.points, vec![0, 0]);
    let bad: holotable::games::GameOptions = serde_json::from_str(r#"{"cap": 0}"#).unwrap();
    assert!(Kingdoms::from_options(&bad).is_err());
}

#[test]
fn kg_7_5_a_winning_cap_action_wins() {
    // KG-7 order: the win (KG-7.1) is checked before the cap.
    let mut pieces = vec![
        ("e5", 'G'),
        ("c7", 'G'),
        ("e7", 'W'),
        ("g7", 'W'),
        ("c5", 'C'),
        ("g5", 'C'),
        ("c3", 'B'),
        ("g3", 'B'),
        ("b7", 'G'),
    ];
    pieces.extend([
        ("d4", 'g'),
        ("d5", 'g'),
        ("d6", 'g'),
        ("e4", 'w'),
        ("e6", 'w'),
        ("f4", 'c'),
        ("f5", 'c'),
        ("f6", 'b'),
    ]);
    let options: holotable::games::GameOptions = serde_json::from_str(r#"{"cap": 1}"#).unwrap();
    let g = Arc::new(Kingdoms::from_options(&options).unwrap());
    let mut play = Playthrough::from_state(Arc::clone(&g), pos(&write(&pieces, 'o')));
    let a = g.parse_action(play.state(), "b7-e3").unwrap();
    play.apply(&a).unwrap();
    assert_eq!(play.outcome().unwrap().points, vec![1, 0]);
}

#[test]
fn kg_7_6_a_forfeit_gives_the_opponent_the_point() {
    use holotable::games::Forfeit;
    let g = game();
    let p = g.start(2).unwrap();
    match g.forfeit(&p, 0).unwrap() {
        Forfeit::Ended(o) => assert_eq!(o.points, vec![0, 1]),
        other => panic!("{other:?}"),
    }
    assert_eq!(g.agreed_end(&p).points, vec![0, 0]);
}

#[test]
fn kg_9_notation_in_and_out() {
    let g = game();
    // KG-9.5's own example, both ways
    let c = "9/9/9/4Ga3/9/9/9/9/9 GGWWCCBBPAAgggwwccbbpa p 5/-";
    assert_eq!(g.format_state(&pos(c)), c);
    // KG-9.2: the letter in any case; the colour is the mover's
    let p = pos(START);
    for text in ["G@e5", "g@E5", " g @ e5 "] {
        let a = g.parse_action(&p, text).unwrap();
        assert_eq!(g.format_action(&p, &a), "G@e5");
    }
    assert_eq!(
        g.format_action(&p, &g.parse_action(&p, "PASS").unwrap()),
        "pass"
    );
    for bad in [
        "X@e5", "GG@e5", "G@j9", "e5", "e5-", "e5-e6-e7", "", "@", "-",
    ] {
        assert!(g.parse_action(&p, bad).is_err(), "{bad:?}");
    }
    // KG-9.5: a position with every piece placed writes its reserves as '-'
    let full = "GGGWWCCBB/PAAgggwwc/cbbpaa3/9/9/9/9/9/9 - o -/-";
    assert_eq!(g.format_state(&pos(full)), full);
}

#[test]
fn kg_9_5_invalid_positions_are_refused_with_the_reason() {
    let g = game();
    let cases = [
        ("9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o -/-", "9 ranks"),
        ("9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpa o -/-", "KG-2.3"),
        ("9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa x -/-", "o or p"),
        ("9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o -", "grace"),
        (
            "9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o 51/-",
            "increasing",
        ),
        (
            "9/9/9/9/8/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o -/-",
            "covers 8",
        ),
        ("9/9/9/9/4X4/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o -/-", "'X'"),
        (
            "9/9/9/9/GGGG5/9/9/9/9 WWCCBBPAAgggwwccbbpaa o -/-",
            "KG-2.2",
        ),
        (
            "9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o",
            "four fields",
        ),
        ("9/9/9/9/9/9/9/9/9 AAGGGWWCCBBPgggwwccbbpaa o -/-", "KG-2.3"),
        ("9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa O -/-", "o or p"),
        (
            "9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa  o -/-",
            "single spaces",
        ),
        (
            "9/9/9/9/3WGp21/9/9/9/9 GGWWCCBBPAAggggwwccbbaa o -/-",
            "one digit",
        ),
        (
            "9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa p -/-",
            "Orange's first turn",
        ),
    ];
    for (text, why) in cases {
        let err = g.parse_state(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
}
