//! `/limits` (issue 55, part 3): a member who excludes themself is refused a wager, a side
//! bet and a spin until the time passes, whatever an admin does; a daily loss limit refuses
//! the gamble that could pass it, and holds a week before it can be raised.

mod common;
#[path = "common/console.rs"]
mod harness;
use harness::{console, one, refused, say, text};
use holotable::front::console::Console;
use serde_json::Value;

/// A one-move Dejarik win for the first seat (`o4-i4`).
const QUICK: &str = "setup:\"i1,i2,i3,o4/o7,o8,o9,o10/w:-\"";

fn taken(c: &mut Console, line: &str) -> Value {
    let reply = one(c, line);
    assert_eq!(reply["ephemeral"], false, "{line}: refused: {reply}");
    reply
}

#[test]
fn a_self_excluded_member_is_refused_until_the_time_passes_and_no_admin_lifts_it() {
    let (mut c, dir) = console("limits-exclusion");
    say(&mut c, "bob: /balance");
    let set = one(&mut c, "alice: /limits days:7");
    assert_eq!(set["ephemeral"], true, "{set}");
    assert!(text(&set).contains("excluded from wagers, side bets and the slot machine until"));
    let excluded = "alice excluded themself from wagers, side bets and the slot machine until";
    refused(&mut c, "alice: /play game:dejarik wager:100", excluded);
    refused(&mut c, "alice: /slots bet:10", excluded);
    // A table without a wager is still hers to play.
    taken(&mut c, "alice: /play game:dejarik");
    say(&mut c, "alice: /resign");
    // A challenge with a wager cannot be accepted.
    taken(&mut c, "bob: /play game:dejarik opponent:alice wager:50");
    refused(&mut c, "alice: [Accept]", excluded);
    say(&mut c, "bob: /resign");
    // Nor a side bet on someone else's table.
    say(&mut c, "#other");
    taken(
        &mut c,
        &format!("carol: /play game:dejarik opponent:droid wager:50 {QUICK}"),
    );
    refused(&mut c, "alice: /bet seat:1 amount:20", excluded);
    say(&mut c, "carol: {o4-i4}");
    say(&mut c, "#general");
    // Asking for a shorter one changes nothing; an admin's reset lifts nothing.
    let shorter = one(&mut c, "alice: /limits days:1");
    assert!(text(&shorter).contains("until"), "{shorter}");
    say(&mut c, "admin: /admin action:reset what:economy");
    say(&mut c, "admin: [Reset the economy]");
    say(&mut c, "!wait 6d");
    refused(&mut c, "alice: /slots bet:10", excluded);
    say(&mut c, "!wait 10s");
    refused(&mut c, "alice@fr: /slots bet:10", "s’est exclu");
    // Seven days on, she plays for credits again.
    say(&mut c, "!wait 2d");
    taken(&mut c, "alice: /slots bet:10");
    taken(&mut c, "alice: /play game:dejarik wager:100");
    let now = one(&mut c, "alice@en: /limits");
    assert!(text(&now).contains("You are not excluded"), "{now}");
    refused(&mut c, "alice: /limits days:400", "1 to 365 days");
    common::audit_ok(&dir.join("h.db"));
}

#[test]
fn a_daily_loss_limit_refuses_what_could_pass_it_and_holds_a_week() {
    let (mut c, dir) = console("limits-loss");
    say(&mut c, "erin: /balance");
    let set = one(&mut c, "dave: /limits daily_loss:150");
    assert!(
        text(&set).contains("Your daily loss limit: 150 credits (lost today: 0)"),
        "{set}"
    );
    // dave loses 80 at a table.
    taken(
        &mut c,
        &format!("erin: /play game:dejarik opponent:dave wager:80 {QUICK}"),
    );
    say(&mut c, "dave: [Accept]");
    say(&mut c, "erin: {o4-i4}");
    let now = one(&mut c, "dave: /limits");
    assert!(text(&now).contains("lost today: 80"), "{now}");
    refused(
        &mut c,
        "dave: /play game:dejarik wager:100",
        "dave set a daily loss limit of 150 credits and has lost 80 today: 100 more could pass it",
    );
    refused(&mut c, "dave: /slots bet:80", "has lost 80 today");
    // Up to the limit is allowed.
    taken(&mut c, "dave: /play game:dejarik wager:70");
    say(&mut c, "dave: /resign");
    // Raised or removed only a week after it was set; lowered at once.
    refused(
        &mut c,
        "dave: /limits daily_loss:500",
        "a week after you last set it",
    );
    refused(
        &mut c,
        "dave: /limits daily_loss:0",
        "a week after you last set it",
    );
    let lower = one(&mut c, "dave: /limits daily_loss:50");
    assert!(text(&lower).contains("limit: 50 credits"), "{lower}");
    say(&mut c, "!wait 8d");
    let gone = one(&mut c, "dave: /limits daily_loss:0");
    assert!(text(&gone).contains("No daily loss limit"), "{gone}");
    refused(&mut c, "dave: /limits daily_loss:-5", "0 removes it");
    common::audit_ok(&dir.join("h.db"));
}
