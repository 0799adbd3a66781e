//! The slot machine at the table: a member's spins are at least three seconds apart, and
//! a spin refused for that moves nothing.

use holotable::table::commands::Slots;
use holotable::table::{Actor, Command};

#[path = "common/console.rs"]
mod harness;
use harness::{console, say, text};

#[test]
fn spins_too_close_together_are_refused_and_change_nothing() {
    let (mut c, _dir) = console("slots-cooldown");
    let first = say(&mut c, "alice: /slots bet:10");
    assert!(text(&first[0]).contains("alice spins"), "{}", first[0]);
    let balance = text(&say(&mut c, "alice: /balance")[0]);
    let again = say(&mut c, "alice: /slots bet:10");
    assert_eq!(again[0]["ephemeral"], true);
    assert!(
        text(&again[0]).contains("The machine is still spinning: try again in"),
        "{}",
        again[0]
    );
    assert_eq!(text(&say(&mut c, "alice: /balance")[0]), balance);
    // Another member is not held up, and alice may spin again three seconds later.
    let bob = say(&mut c, "bob: /slots bet:10");
    assert!(text(&bob[0]).contains("bob spins"), "{}", bob[0]);
    say(&mut c, "!wait 3s");
    let later = say(&mut c, "alice: /slots bet:10");
    assert!(text(&later[0]).contains("alice spins"), "{}", later[0]);
}

#[test]
fn the_same_interaction_again_is_answered_with_its_first_spin() {
    let dir = std::env::temp_dir().join(format!("holotable-slots-retry-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ledger =
        holotable::ledger::Ledger::open(&dir.join("h.db"), holotable::ledger::Durability::Normal)
            .unwrap();
    let app = holotable::table::App::new(
        ledger,
        holotable::table::Settings::default(),
        std::sync::Arc::new(|| 1_800_000_000),
    );
    let actor = Actor {
        guild: "g".into(),
        channel: "c".into(),
        parent: None,
        user: "alice".into(),
        name: "alice".into(),
        interaction: "i1".into(),
        admin: false,
        lang: holotable::words::Lang::En,
        joined: None,
        created: None,
    };
    let first = app.handle(&actor, Command::Slots(Slots { bet: Some(10) }));
    let retry = app.handle(&actor, Command::Slots(Slots { bet: Some(10) }));
    assert!(!retry[0].ephemeral, "{}", retry[0].text);
    assert_eq!(first[0].text, retry[0].text);
}
