//! Halloween Kingdoms at the table through the console: `/rules`, autocomplete of
//! placements and moves (81 cells do not fit a menu), a wagered game played to its win in
//! all nine kingdoms with a board image after every action, the pot, the audit, /replay.

use holotable::ledger::{Durability, Ledger};
use serde_json::Value;

#[path = "common/console.rs"]
mod harness;
use harness::{console, png_size, say, strings, text};

#[path = "common/kingdoms_line.rs"]
mod kingdoms_line;
use kingdoms_line::WIN_LINE;

#[test]
fn a_wagered_game_won_in_all_nine_kingdoms() {
    let (mut c, dir) = console("kg-game");
    let rules = say(&mut c, "alice: /rules game:kingdoms").pop().unwrap();
    assert!(text(&rules).contains("**Halloween Kingdoms**"), "{rules}");
    assert_eq!(png_size(rules["images"][0].as_str().unwrap()), (920, 760));
    say(&mut c, "alice: /play game:kingdoms opponent:bob wager:100");
    let first = say(&mut c, "bob: [Accept]").pop().unwrap();
    assert!(text(&first).contains("alice to move"), "{first}");
    // Autocomplete: the opening allows every piece anywhere; typing a cell or a piece
    // narrows it.
    let found = strings(
        &say(&mut c, "alice: ?/move action:e5").pop().unwrap(),
        "choices",
    );
    assert!(found.contains(&"G@e5".to_string()), "{found:?}");
    assert!(found.iter().all(|a| a.contains("e5")), "{found:?}");
    let ghosts = strings(
        &say(&mut c, "alice: ?/move action:G@").pop().unwrap(),
        "choices",
    );
    assert_eq!(ghosts.len(), 25, "capped at Discord's 25");
    assert!(ghosts.iter().all(|a| a.starts_with("G@")), "{ghosts:?}");
    // A refusal is specific and changes nothing.
    let refused = say(&mut c, "alice: /move action:e5-e6").pop().unwrap();
    assert!(refused["ephemeral"].as_bool().unwrap(), "{refused}");
    assert!(text(&refused).contains("no piece"), "{refused}");
    let mut last = Value::Null;
    for (i, action) in WIN_LINE.iter().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        last = say(&mut c, &format!("{who}: /move action:{action}"))
            .pop()
            .unwrap();
        let t = text(&last);
        assert!(
            !last["ephemeral"].as_bool().unwrap(),
            "{action} refused: {t}"
        );
        assert_eq!(png_size(last["images"][0].as_str().unwrap()), (920, 760));
        if i == 0 {
            assert!(t.contains("alice places a Ghost on e5."), "{t}");
        }
        if i == 4 {
            assert!(t.contains("alice moves a Ghost from d4 to d7."), "{t}");
        }
        if i + 1 < WIN_LINE.len() {
            assert!(!t.contains("**"), "not over after {action}: {t}");
        }
    }
    let end = text(&last);
    assert!(end.contains("alice holds all nine kingdoms"), "{end}");
    assert!(end.contains("receives 200 credits"), "{end}");
    let verify = say(&mut c, "alice: /verify").pop().unwrap();
    assert!(text(&verify).contains("verified"), "{verify}");
    let replay = say(&mut c, "alice: /replay").pop().unwrap();
    assert!(replay["images"][0].as_str().unwrap().ends_with(".gif"));
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
    assert!(ledger.audit().unwrap().ok);
}

#[test]
fn a_threat_is_told_and_a_refusal_names_the_kingdom() {
    let (mut c, _dir) = console("kg-threat");
    say(&mut c, "alice: /play game:kingdoms opponent:bob");
    say(&mut c, "bob: [Accept]");
    say(&mut c, "alice: /move action:G@e5");
    let threat = say(&mut c, "bob: /move action:A@f6").pop().unwrap();
    // KG-6.5: Orange's Ghost is in grace on this turn: nothing to answer yet.
    assert!(!text(&threat).contains("must answer"), "{threat}");
    say(&mut c, "alice: /move action:e5-e6");
    let bound = say(&mut c, "bob: /move action:P@f5").pop().unwrap();
    assert!(
        text(&bound).contains("alice's Ghost on e6 stands alone in K5"),
        "{bound}"
    );
    let refused = say(&mut c, "alice: /move action:e6-e5").pop().unwrap();
    assert!(refused["ephemeral"].as_bool().unwrap());
    assert!(text(&refused).contains("K5"), "{refused}");
    let answered = say(&mut c, "alice: /move action:e6-g5").pop().unwrap();
    assert!(!answered["ephemeral"].as_bool().unwrap(), "{answered}");
}

#[test]
fn french_players_read_kingdoms_in_french() {
    let (mut c, _dir) = console("kg-fr");
    say(&mut c, "alice@fr: /play game:kingdoms opponent:bob");
    say(&mut c, "bob@fr: [Accepter]");
    let placed = say(&mut c, "alice@fr: /move action:W@e5").pop().unwrap();
    assert!(
        text(&placed).contains("alice pose une Sorcière en e5."),
        "{placed}"
    );
    let refused = say(&mut c, "bob@fr: /move action:g@a1").pop().unwrap();
    assert!(text(&refused).contains("la pièce d'Orange"), "{refused}");
}
