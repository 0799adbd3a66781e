//! Every legal move by touch: the move menus of every game, in every option set, walked over
//! random positions, reach exactly the actions a player may choose there (the legal list
//! less the decisions the buttons carry), each menu at most 25 entries, every entry
//! labelled in words in English and French. Halloween Kingdoms' first move reaches all 486
//! placements; a free Zatak set-up, too many to list (408,240), is reached a die at a time.

mod common;

use std::collections::BTreeSet;

use holotable::catalogue::{Catalogue, Entry};
use holotable::games::menu::{self, Entry as Item, Menu};
use holotable::games::{DynPlay, GameOptions, Phrase, Status};
use holotable::words::{self, Lang};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The widths the tables ask for: the board's menu, and a deeper one beside its way back.
const ROOT: usize = 25;
const DEEPER: usize = 24;

fn options(json: &str) -> GameOptions {
    serde_json::from_str(json).unwrap()
}

/// Every option set each game is walked in.
fn option_sets(id: &str) -> Vec<&'static str> {
    match id {
        "dejarik" => vec!["{}", r#"{"cap":40}"#],
        "backgammon" => vec!["{}", r#"{"length":5}"#],
        "zatak" => vec![
            "{}",
            r#"{"adjust":true}"#,
            r#"{"takeface":true}"#,
            r#"{"random":true}"#,
            r#"{"free":true}"#,
            r#"{"obstacles":2}"#,
            r#"{"obstacles":3,"free":true,"adjust":true}"#,
            r#"{"nocapture":10}"#,
        ],
        "kingdoms" => vec!["{}", r#"{"cap":60}"#],
        "dzone" => vec![
            "{}",
            r#"{"marbles":3,"steel":3}"#,
            r#"{"strict":true}"#,
            r#"{"fresh":true,"marbles":9}"#,
        ],
        _ => vec!["{}"],
    }
}

fn games() -> Vec<&'static Entry> {
    Catalogue::default()
        .with(&common::takeaway::TAKEAWAY)
        .entries()
        .to_vec()
}

fn menu_at(play: &dyn DynPlay, path: &[String]) -> Menu {
    let width = if path.is_empty() { ROOT } else { DEEPER };
    let menu = play
        .menu(path, width)
        .unwrap_or_else(|e| panic!("{path:?} at {}: {e}", play.position()));
    assert!(
        menu.entries.len() <= width,
        "{} entries at {path:?} of {}",
        menu.entries.len(),
        play.position()
    );
    menu
}

fn label_reads(phrase: &Phrase, at: &str) {
    for lang in [Lang::En, Lang::Fr] {
        let text = words::tell(lang, phrase, |_| "alice".into());
        assert!(
            !text.trim().is_empty() && text != phrase.id,
            "{:?} in {lang:?} at {at}: {text:?}",
            phrase.id
        );
    }
}

/// Every action the menus reach from the first one, and how many menus that took.
fn walk_all(play: &dyn DynPlay) -> (Vec<String>, usize) {
    let mut reached = Vec::new();
    let mut stack: Vec<Vec<String>> = vec![Vec::new()];
    let mut menus = 0;
    while let Some(path) = stack.pop() {
        let menu = menu_at(play, &path);
        menus += 1;
        let at = format!("{} {path:?}", play.position());
        if !path.is_empty() {
            assert_eq!(menu.trail.len(), path.len(), "{at}: one label per step");
        }
        let mut keys = BTreeSet::new();
        for entry in &menu.entries {
            match entry {
                Item::Action { action, label } => {
                    label_reads(label, &at);
                    reached.push(action.clone());
                }
                Item::Step {
                    path: next,
                    label,
                    count,
                } => {
                    label_reads(label, &at);
                    assert!(count.is_none_or(|n| n > 1), "{at}: a step to one action");
                    assert_eq!(
                        &next[..path.len()],
                        &path[..],
                        "{at}: a step extends its path"
                    );
                    assert_eq!(next.len(), path.len() + 1, "{at}");
                    assert!(keys.insert(next.clone()), "{at}: {next:?} twice");
                    stack.push(next.clone());
                }
                Item::Range {
                    path: next,
                    first,
                    last,
                } => {
                    label_reads(first, &at);
                    label_reads(last, &at);
                    assert!(keys.insert(next.clone()), "{at}: {next:?} twice");
                    stack.push(next.clone());
                }
            }
        }
    }
    (reached, menus)
}

/// The actions a player chooses through menus: what the table offers, less decisions.
fn expected(play: &dyn DynPlay) -> BTreeSet<String> {
    let info = play.info();
    play.offered()
        .iter()
        .filter(|a| info.decision(a).is_none())
        .cloned()
        .collect()
}

fn check(play: &dyn DynPlay, what: &str) -> usize {
    let (reached, menus) = walk_all(play);
    let set: BTreeSet<String> = reached.iter().cloned().collect();
    assert_eq!(set.len(), reached.len(), "{what}: an action reached twice");
    assert_eq!(set, expected(play), "{what} at {}", play.position());
    for action in &reached {
        assert!(
            play.normalize(action).is_ok_and(|a| &a == action),
            "{what}: {action} is not legal as written"
        );
    }
    menus
}

/// A free Zatak set-up: the table offers the droid's set-ups, the menus reach them all.
fn is_free_set_up(play: &dyn DynPlay) -> bool {
    play.info().id == "zatak" && play.offered().len() < play.legal().len()
}

#[test]
fn menus_reach_exactly_the_legal_moves_in_every_game_and_option_set() {
    let mut rng = ChaCha8Rng::seed_from_u64(53);
    let (mut positions, mut free) = (0, 0);
    for entry in games() {
        let id = entry.info.id;
        for set in option_sets(id) {
            let rules = entry.rules(&options(set)).unwrap();
            for seats in entry.info.min_seats..=entry.info.max_seats {
                for playout in 0..2 {
                    let mut play = rules.start(seats).unwrap();
                    for step in 0..160 {
                        let what =
                            format!("{id} {set} {seats} seats, playout {playout} step {step}");
                        match play.status() {
                            Status::Over(_) => break,
                            Status::Chance => {
                                let outcome = play.sample_chance(&mut rng).unwrap();
                                play.apply(&outcome).unwrap();
                                continue;
                            }
                            Status::ToMove(_) => {}
                        }
                        if is_free_set_up(play.as_ref()) {
                            free_set_up_reaches_any_legal_set_up(play.as_ref(), &mut rng);
                            free += 1;
                        } else if step < 40 || step % 4 == 0 {
                            check(play.as_ref(), &what);
                            positions += 1;
                        }
                        let legal = play.legal();
                        let action = legal[rng.random_range(0..legal.len())].clone();
                        play.apply(&action).unwrap();
                    }
                }
            }
        }
    }
    assert!(positions > 500, "only {positions} positions walked");
    assert!(free >= 8, "only {free} free set-ups walked");
}

// KG-3.1: Orange places a first piece anywhere: six kinds on 81 cells.
#[test]
fn the_first_move_of_halloween_kingdoms_reaches_all_486_placements_in_three_steps() {
    let lang = holotable::words::Lang::En;
    let rules = holotable::catalogue::lookup("kingdoms", &GameOptions::new()).unwrap();
    let play = rules.start(2).unwrap();
    assert_eq!(play.legal().len(), 486);
    let (reached, menus) = walk_all(play.as_ref());
    assert_eq!(reached.len(), 486);
    assert_eq!(reached.iter().collect::<BTreeSet<_>>().len(), 486);
    // The piece (6), then its kingdom (6 × 9), each of those a menu of its nine cells.
    assert_eq!(menus, 1 + 6 + 6 * 9);
    let first = menu_at(play.as_ref(), &[]);
    assert_eq!(first.entries.len(), 6);
    let ghosts = menu_at(play.as_ref(), &["+G".to_string()]);
    let kingdoms: Vec<String> = ghosts
        .entries
        .iter()
        .map(|e| match e {
            Item::Step { label, .. } => words::tell(lang, label, |_| String::new()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(kingdoms[0], "In kingdom K1");
    assert_eq!(kingdoms[8], "In kingdom K9");
}

/// A free set-up (ZK-7.1), 408,240 of them: random walks through the menus end on legal
/// set-ups, and legal set-ups drawn at random are each found in the menus by following
/// their own dice (the face on the corner, then a neighbour at a time).
fn free_set_up_reaches_any_legal_set_up(play: &dyn DynPlay, rng: &mut ChaCha8Rng) {
    for _ in 0..20 {
        let mut path = Vec::new();
        loop {
            let menu = menu_at(play, &path);
            assert!(!menu.entries.is_empty(), "a dead end at {path:?}");
            match &menu.entries[rng.random_range(0..menu.entries.len())] {
                Item::Action { action, .. } => {
                    assert!(play.normalize(action).is_ok(), "{action} is not legal");
                    break;
                }
                Item::Step { path: next, .. } | Item::Range { path: next, .. } => {
                    path = next.clone()
                }
            }
        }
    }
    let legal = play.legal();
    for _ in 0..20 {
        let target = &legal[rng.random_range(0..legal.len())];
        assert!(found(play, target, Vec::new()), "{target} is not reached");
    }
}

/// Whether `target` (`setup b1=2,c1=3,…`) is reached under `path`, following only the
/// steps that agree with its dice.
fn found(play: &dyn DynPlay, target: &str, path: Vec<String>) -> bool {
    let dice: Vec<(&str, &str)> = target
        .trim_start_matches("setup ")
        .split(',')
        .filter_map(|d| d.split_once('='))
        .collect();
    let menu = menu_at(play, &path);
    menu.entries.iter().any(|entry| match entry {
        Item::Action { action, .. } => action == target,
        Item::Step { path: next, .. } => {
            let key = next.last().unwrap();
            // Keys alternate: the face of a die (its cell the one before), then a cell.
            let agrees = if key.parse::<u8>().is_ok() {
                let cell = match next.len() {
                    1 => None,
                    n => Some(next[n - 2].as_str()),
                };
                dice.iter()
                    .any(|(c, f)| f == key && cell.is_none_or(|cell| cell == *c))
            } else {
                dice.iter().any(|(c, _)| c == key)
            };
            agrees && found(play, target, next.clone())
        }
        Item::Range { .. } => panic!("a free set-up's menus need no pages"),
    })
}

/// Pages: a level too wide for one menu is cut into ranges that still reach everything.
#[test]
fn a_level_too_wide_for_one_menu_is_paged_and_every_entry_still_reached() {
    let actions: Vec<(String, menu::Route)> = (0..700)
        .map(|i| {
            let route = menu::Route {
                stages: Vec::new(),
                label: Phrase::new("menu-action").value("action", i),
            };
            (format!("a{i}"), route)
        })
        .collect();
    let mut reached = BTreeSet::new();
    let mut stack = vec![Vec::<String>::new()];
    while let Some(path) = stack.pop() {
        let menu = menu::walk(&path, 10, |p| menu::level_of(&actions, p, 10)).unwrap();
        assert!(menu.entries.len() <= 10);
        for entry in menu.entries {
            match entry {
                Item::Action { action, .. } => assert!(reached.insert(action)),
                Item::Range { path, .. } | Item::Step { path, .. } => stack.push(path),
            }
        }
    }
    assert_eq!(reached.len(), 700);
    // A path no menu offers is refused, not guessed at.
    let bad = menu::walk(&["#99".to_string()], 10, |p| {
        menu::level_of(&actions, p, 10)
    });
    assert!(bad.is_err());
}
