//! Zatak at the table through the console (issue 14's slice): `/rules`, a wagered game from
//! the set-up to its end with a board image after every move, the pot, the token, the audit.

use holotable::ledger::{Durability, Ledger};

#[path = "common/console.rs"]
mod harness;
use harness::{console, pick_move, png_size, say, text};

#[test]
fn a_wagered_zatak_game_from_the_set_up_to_the_end() {
    let (mut c, dir) = console("zk-game");
    let rules = say(&mut c, "alice: /rules game:zatak").pop().unwrap();
    assert!(text(&rules).contains("**Zatak**"), "{rules}");
    assert_eq!(png_size(rules["images"][0].as_str().unwrap()), (720, 720));
    say(
        &mut c,
        "alice: /play game:zatak opponent:bob wager:100 options:nocapture:60",
    );
    let first = say(&mut c, "bob: [Accept]").pop().unwrap();
    assert!(text(&first).contains("alice to move"), "{first}");
    // The set-up (ZK-2.3): 720 ways; autocomplete finds one by its digits.
    let found = say(&mut c, "alice: ?/move action:\"setup 6543\"")
        .pop()
        .unwrap();
    assert!(
        found["choices"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v == "setup 654321"),
        "{found}"
    );
    let after = say(&mut c, "alice: /move action:\"setup 654321\"")
        .pop()
        .unwrap();
    assert!(
        // ZK-2.3: the faces on d1 c1 e1 b1 d2 f1, told cell by cell.
        text(&after)
            .contains("alice sets up the dice (cell: face): b1: 3, c1: 5, d1: 6, d2: 2, e1: 4, f1: 1. bob to move"),
        "{after}"
    );
    let mut last = say(&mut c, "bob: /move action:\"setup 123456\"")
        .pop()
        .unwrap();
    let mut moves = 0;
    while !text(&last).contains("**") {
        let t = text(&last);
        assert!(!last["ephemeral"].as_bool().unwrap(), "refused: {t}");
        for path in last["images"].as_array().unwrap() {
            assert_eq!(png_size(path.as_str().unwrap()), (720, 720));
        }
        let who = if t.ends_with("alice to move.") {
            "alice"
        } else {
            "bob"
        };
        let choice = last["choices"][0]
            .as_str()
            .expect("a move menu")
            .to_string();
        last = pick_move(&mut c, &format!("{who}: {{{choice}}}"));
        moves += 1;
        assert!(moves < 200, "the no-capture cap ends it: {t}");
    }
    let end = text(&last);
    assert!(end.contains("wins") || end.contains("Draw"), "{end}");
    if end.contains("wins") {
        assert!(end.contains("receives 200 credits"), "{end}");
    }
    let verify = say(&mut c, "alice: /verify").pop().unwrap();
    assert!(text(&verify).contains("verified"), "{verify}");
    let replay = say(&mut c, "alice: /replay").pop().unwrap();
    assert!(replay["images"][0].as_str().unwrap().ends_with(".gif"));
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
    assert!(ledger.audit().unwrap().ok);
}

#[test]
fn the_board_shows_dice_taken_only_once_play_begins() {
    let lang = holotable::words::Lang::En;
    use holotable::render::{Board, Scene};
    let board = &holotable::render::zatak::BOARD;
    let options = serde_json::Map::new();
    let scene = Scene::default();
    // White's six dice set up, Red's not yet: nothing is taken, so the header beside White's
    // name stays the panel colour where taken dice would be drawn.
    let setup = board
        .canvas(
            lang,
            &options,
            "b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/-/-/r/setup",
            &scene,
            1.0,
        )
        .unwrap();
    let played = board
        .canvas(
            lang,
            &options,
            "b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/d7=1/-/r/play",
            &scene,
            1.0,
        )
        .unwrap();
    let differs = (100..260).step_by(4).any(|x| {
        let a = setup.pixmap.pixel(x, 31).unwrap();
        let b = played.pixmap.pixel(x, 31).unwrap();
        a != b
    });
    assert!(differs, "five taken dice are drawn in play");
    let blank = (150..260).step_by(4).all(|x| {
        let p = setup.pixmap.pixel(x, 31).unwrap();
        let q = setup.pixmap.pixel(300, 31).unwrap();
        p == q
    });
    assert!(blank, "none during the set-up");
}
