//! Clocks with a total and an increment (issue 55, part 5), through the console: each seat's
//! time runs only on its turn and gains the increment when it hands the turn on; the
//! messages show both clocks and when the running one's flag falls; a warning comes first;
//! and a `clock:1+2` game is lost on time.

mod common;
#[path = "common/console.rs"]
mod harness;
use harness::{console, say, text};
use holotable::front::console::Console;
use serde_json::Value;

fn all(c: &mut Console, line: &str) -> Vec<Value> {
    say(c, line)
}

fn words(replies: &[Value]) -> String {
    replies.iter().map(text).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_clock_1_plus_2_game_is_lost_on_time() {
    let (mut c, dir) = console("fischer");
    let bad = words(&all(
        &mut c,
        "alice: /play game:dejarik opponent:bob clock:0+5",
    ));
    assert!(
        bad.contains("`clock:5+3` (1 to 180 minutes, 0 to 60 seconds), not 0+5"),
        "{bad}"
    );
    all(
        &mut c,
        "alice: /play game:dejarik opponent:bob wager:100 clock:1+2",
    );
    let started = words(&all(&mut c, "bob: [Accept]"));
    // (A second of the test's own may pass between two lines: the clocks read to it.)
    assert!(
        started.contains("bob 1:00: alice's time runs out in 60 seconds.)")
            || started.contains("bob 1:00: alice's time runs out in 59 seconds.)"),
        "{started}"
    );
    // alice thinks 10 s: 50 left, 2 gained; bob's minute starts.
    all(&mut c, "!wait 10s");
    let moved = words(&all(&mut c, "alice: {o5-i5}"));
    assert!(
        moved.contains("(alice 0:52 · bob 1:00: bob's time runs out")
            || moved.contains("(alice 0:51 · bob 1:00: bob's time runs out"),
        "{moved}"
    );
    // The board message's seats carry the clocks too.
    let view = all(&mut c, "bob: /board");
    let seats = &view[0]["table"]["seats"];
    let (alice, bob) = (seats[0]["clock"].as_i64(), seats[1]["clock"].as_i64());
    assert!(
        matches!(alice, Some(51..=52)) && matches!(bob, Some(59..=60)),
        "{view:?}"
    );
    // A warning when a quarter of bob's minute is left, then his flag falls.
    let warned = words(&all(&mut c, "!wait 50s"));
    assert!(
        warned.contains("bob, a quarter of your time is left"),
        "{warned}"
    );
    let fallen = words(&all(&mut c, "!wait 15s"));
    assert!(fallen.contains("bob ran out of time"), "{fallen}");
    assert!(fallen.contains("alice wins"), "{fallen}");
    let balance = words(&all(&mut c, "alice: /balance"));
    assert!(balance.contains("alice: 1100 credits"), "{balance}");
    // A rematch keeps the clock.
    all(&mut c, "bob: [Rematch]");
    let again = words(&all(&mut c, "alice: [Accept]"));
    assert!(again.contains("'s time runs out in"), "{again}");
    common::audit_ok(&dir.join("h.db"));
}
