//! Tables stored by an earlier release still load, play on and verify after the current
//! release's migrations (`tests/fixtures/databases/`): a finished game, a series between two
//! games, a backgammon match, a D-Zone table a player left, a game against the droid and an
//! unanswered challenge.

use holotable::ledger::{Durability, Ledger};
use serde_json::Value;

#[path = "common/console.rs"]
mod harness;
use harness::{console_on, say, strings, text};

const RELEASE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/databases/release-b515fe0.db"
);

/// The last reply to `line`, which must not be a refusal.
fn public(c: &mut holotable::front::console::Console, line: &str) -> Value {
    let reply = say(c, line)
        .pop()
        .unwrap_or_else(|| panic!("no reply to {line}"));
    assert!(!reply["ephemeral"].as_bool().unwrap(), "{line}: {reply}");
    reply
}

/// Whoever the board pings plays the first choice (or presses the first button) it offers.
fn play_on(c: &mut holotable::front::console::Console, channel: &str) -> Value {
    say(c, &format!("#{channel}"));
    let board = public(c, "alice: /board");
    let who = strings(&board, "mentions")
        .first()
        .cloned()
        .unwrap_or_else(|| panic!("#{channel}: nobody to act: {board}"));
    let line = match strings(&board, "choices").first() {
        Some(choice) => format!("{who}: {{{choice}}}"),
        None => format!("{who}: [{}]", strings(&board, "buttons")[0]),
    };
    public(c, &line)
}

#[test]
fn tables_of_the_previous_release_play_on_and_verify() {
    let (mut c, dir) = console_on("release", std::path::Path::new(RELEASE));
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
    assert!(ledger.audit().unwrap().ok, "the stored ledger balances");

    // The finished game verifies and replays.
    say(&mut c, "#general");
    let verified = public(&mut c, "alice: /verify table:1");
    assert!(text(&verified).contains("verified"), "{verified}");
    let replay = public(&mut c, "alice: /replay table:1");
    assert!(replay["images"][0].as_str().unwrap().ends_with(".gif"));
    let balance = public(&mut c, "alice: /balance");
    assert!(text(&balance).contains("1 slot token"), "{balance}");

    // The series goes on with its second game, after its `=next` entry.
    let series = play_on(&mut c, "series");
    assert!(text(&series).contains("bob plays"), "{series}");
    // The match goes on after its opening roll.
    let bg = play_on(&mut c, "bg");
    assert!(text(&bg).contains("alice"), "{bg}");
    // The D-Zone table goes on without the player who left (`=leave resign`), and its
    // replay passes over the leave.
    let dz = play_on(&mut c, "dz");
    assert!(!text(&dz).contains("carol to"), "{dz}");
    let dz_replay = public(&mut c, "alice: /replay");
    assert!(dz_replay["images"][0].as_str().unwrap().ends_with(".gif"));
    // The droid answers.
    let droid = play_on(&mut c, "droid");
    assert!(text(&droid).contains("Droid "), "{droid}");
    // The challenge can still be answered.
    say(&mut c, "#zk");
    say(&mut c, "bob: /board");
    let started = public(&mut c, "bob: [Accept]");
    assert!(text(&started).contains("Zatak"), "{started}");

    assert!(ledger.audit().unwrap().ok, "the ledger still balances");
}
