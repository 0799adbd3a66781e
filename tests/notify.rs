//! `/notify on|off` in the console: a member who asked is told when a table waits for them,
//! as a reply of their own outside the channel (`"direct": true`, channel `@name`).

#[path = "common/console.rs"]
mod harness;
use harness::{console, say, text};

#[test]
fn the_console_shows_a_turn_notification_as_the_members_own_reply() {
    let (mut c, _dir) = console("notify");
    let on = say(&mut c, "bob: /notify on");
    assert_eq!(on[0]["ephemeral"], true);
    let challenge = say(&mut c, "alice: /play game:dejarik opponent:bob");
    let dm = challenge
        .iter()
        .find(|r| r["direct"] == true)
        .unwrap_or_else(|| panic!("{challenge:?}"));
    assert_eq!(dm["channel"], "@bob");
    assert_eq!(dm["user"], "bob");
    assert_eq!(text(dm), "bob, table #1 is waiting for you in #general.");
    say(&mut c, "bob: [Accept]");
    let moved = say(&mut c, "alice: /move action:o5-i5");
    assert_eq!(moved.iter().filter(|r| r["direct"] == true).count(), 1);
    // The one who acts is never told of their own turn, and alice never asked.
    let answered = say(&mut c, "bob: /move action:o1-i1");
    assert!(
        answered.iter().all(|r| r["direct"].is_null()),
        "{answered:?}"
    );
    say(&mut c, "bob@fr: /notify off");
    let quiet = say(&mut c, "alice: /move action:o6-i6");
    assert!(quiet.iter().all(|r| r["direct"].is_null()), "{quiet:?}");
    let refused = say(&mut c, "bob: /notify sometimes");
    assert_eq!(
        text(&refused[0]),
        "action de /notify inconnue « sometimes » (on, off)",
        "bob reads French now"
    );
}
