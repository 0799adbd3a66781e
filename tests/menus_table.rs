//! The move menu in steps at a table, as players meet it: the board's menu is the first
//! step, a step answers its player alone with the next menu (never taking the board's
//! choices away), an action is played like `/move`, and a menu of an older turn, another
//! player's pick or a made-up path is refused and changes nothing. (Through the real
//! console binary: tests/console.rs.)

mod common;

use holotable::table::commands::Pick;
use std::sync::atomic::AtomicI64;
use std::sync::Arc;

use common::{refused, workdir, Table};
use holotable::table::{Command, Reply, Select};

fn pick(table: &mut Table, user: &str, select: &Select, value: &str) -> Reply {
    table.run(
        user,
        Command::Pick(Pick {
            control: select.control.clone(),
            value: value.into(),
        }),
    )
}

/// What a menu's entries read, in English.
fn labels(select: &Select) -> Vec<String> {
    select.choices.iter().map(|c| told(&c.label)).collect()
}

fn told(label: &holotable::words::Label) -> String {
    label.tell(holotable::words::Lang::En)
}

fn kingdoms(name: &str) -> (Table, Reply) {
    let dir = workdir(name);
    let mut table = Table::open(&dir.join("h.db"), Arc::new(AtomicI64::new(1_767_225_600)));
    table.slash("alice", "/play game:kingdoms opponent:bob");
    let board = table.press("bob", "Accept");
    (table, board)
}

// KG-3.1: the first placement may go anywhere; the menus lead to each of the 486 — also
// where a front end's menus hold only five entries.
#[test]
fn a_front_ends_narrower_menus_still_reach_every_placement_a_step_at_a_time() {
    let dir = workdir("menus-narrow");
    let settings = holotable::table::Settings {
        menu_width: 5,
        ..Default::default()
    };
    let clock = Arc::new(AtomicI64::new(1_767_225_600));
    let mut table = Table::open_with(&dir.join("h.db"), clock, settings);
    table.slash("alice", "/play game:kingdoms opponent:bob");
    let board = table.press("bob", "Accept");
    let first = board.menu().cloned().expect("the board's menu");
    let mut open = vec![first];
    let mut actions = std::collections::BTreeSet::new();
    let mut menus = 0;
    while let Some(menu) = open.pop() {
        menus += 1;
        assert!(menu.choices.len() <= 5, "{:?}", labels(&menu));
        for choice in &menu.choices {
            if choice.label.id() == Some("menu-back") {
                continue;
            }
            if !choice.value.starts_with('~') {
                assert!(
                    actions.insert(choice.value.clone()),
                    "{} twice",
                    choice.value
                );
                continue;
            }
            let step = pick(&mut table, "alice", &menu, &choice.value);
            open.push(step.menu().cloned().expect("a step's menu"));
        }
    }
    assert_eq!(
        actions.len(),
        486,
        "every placement, once, in {menus} menus"
    );
}

// KG-3.1: the first placement may go anywhere; the menus lead to each of the 486.
#[test]
fn a_placement_is_chosen_piece_then_kingdom_then_cell_by_its_player_alone() {
    let (mut table, board) = kingdoms("menus-steps");
    let first = board.menu().cloned().expect("the board's menu");
    assert_eq!(
        labels(&first),
        [
            "Place a Ghost",
            "Place a Witch",
            "Place a Black Cat",
            "Place a Bat",
            "Place the Pumpkin",
            "Place an Assassin"
        ]
    );
    // Another member's pick is refused, with nothing shown to them.
    let other = pick(&mut table, "bob", &first, &first.choices[0].value);
    refused(&other, "alice's turn");
    assert!(other.menu().is_none());

    let ghost = pick(&mut table, "alice", &first, &first.choices[0].value);
    assert!(ghost.ephemeral, "a step is its player's alone");
    assert_eq!(
        ghost.table, None,
        "a step leaves the board's choices in place"
    );
    assert!(
        ghost.text.contains("alice: Place a Ghost"),
        "{}",
        ghost.text
    );
    let kingdoms = ghost.menu().cloned().unwrap();
    assert_eq!(kingdoms.choices.len(), 10, "nine kingdoms and the way back");
    assert_eq!(told(&kingdoms.choices[4].label), "In kingdom K5");
    assert_eq!(
        kingdoms.choices[4]
            .description
            .as_ref()
            .map(told)
            .as_deref(),
        Some("9 moves")
    );
    assert_eq!(told(&kingdoms.choices[9].label), "↩ Back");

    let cells = pick(&mut table, "alice", &kingdoms, &kingdoms.choices[4].value);
    let cells = cells.menu().cloned().unwrap();
    let e5 = cells
        .choices
        .iter()
        .find(|c| told(&c.label) == "A Ghost on e5")
        .expect("e5 among K5's cells");
    assert_eq!(e5.value, "G@e5");
    assert_eq!(e5.description.as_ref().map(told).as_deref(), Some("G@e5"));

    // Back: the menu one step up, the same as before.
    let back = pick(&mut table, "alice", &cells, &cells.choices[9].value);
    assert_eq!(labels(back.menu().unwrap()), labels(&kingdoms));

    let played = pick(&mut table, "alice", &cells, &e5.value.clone());
    assert!(!played.ephemeral);
    assert!(
        played.text.contains("alice places a Ghost on e5"),
        "{}",
        played.text
    );
    assert_eq!(table.row().turn, 1);

    // The menus of turn 0 are gone with it.
    let stale = pick(&mut table, "alice", &kingdoms, &kingdoms.choices[0].value);
    refused(&stale, "out of date");
    table.audit_ok();
}

#[test]
fn a_path_no_menu_offers_is_refused_and_changes_nothing() {
    let (mut table, board) = kingdoms("menus-bad-path");
    let first = board.menu().cloned().unwrap();
    for value in ["~+Z", "~+G K10", "~+G K5 e5 e6", "~#7", "~ +G  #0"] {
        let reply = pick(&mut table, "alice", &first, value);
        refused(&reply, "out of date");
        assert_eq!(table.row().turn, 0, "{value} changed the table");
    }
    // Any legal action is still played from the menu's custom id, as typed in the console.
    let played = pick(&mut table, "alice", &first, "W@a1");
    assert!(
        played.text.contains("alice places a Witch on a1"),
        "{}",
        played.text
    );
}
