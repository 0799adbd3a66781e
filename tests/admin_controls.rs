//! A server's economy in its admins' hands (issue 55, part 1), through the console: wagers,
//! the slot machine, the shop and `/daily` switched off refuse with words and move nothing;
//! a wager past the server's most is refused; `/admin take` takes credits back to the house,
//! never below zero; `/admin log` lists what admins did, newest first; `audit` stays clean.

mod common;
#[path = "common/console.rs"]
mod harness;
use harness::{console, credits, one, refused, say, text};

#[test]
fn each_switch_refuses_with_words_and_moves_nothing() {
    let (mut c, dir) = console("admin-switches");
    let start = credits(&mut c, "alice");
    say(&mut c, "admin: /admin action:set setting:wagers value:0");
    refused(
        &mut c,
        "alice: /play game:dejarik wager:100",
        "Wagers are off",
    );
    refused(
        &mut c,
        "alice: /play game:backgammon per_point:10",
        "Wagers are off",
    );
    let free = one(&mut c, "alice: /play game:dejarik");
    assert_eq!(
        free["ephemeral"], false,
        "a table without a wager opens: {free}"
    );
    say(&mut c, "alice: /resign");

    say(&mut c, "admin: /admin action:set setting:wagers value:1");
    let set = one(
        &mut c,
        "admin: /admin action:set setting:max_wager value:200",
    );
    assert!(text(&set).contains("Wagers on up to 200 credits"), "{set}");
    refused(
        &mut c,
        "alice: /play game:dejarik wager:300",
        "is 200 credits, not 300",
    );
    let within = one(&mut c, "alice: /play game:dejarik wager:200");
    assert_eq!(within["ephemeral"], false, "{within}");
    say(&mut c, "alice: /resign");

    say(&mut c, "admin: /admin action:set setting:slots value:0");
    refused(&mut c, "alice: /slots", "slot machine is off");
    say(&mut c, "admin: /admin action:set setting:shop value:0");
    refused(&mut c, "alice: /shop", "shop is closed");
    refused(&mut c, "alice: /buy item:kyber", "shop is closed");
    say(&mut c, "admin: /admin action:set setting:daily value:0");
    refused(&mut c, "alice: /daily", "turned it off");
    refused(&mut c, "alice@fr: /daily", "ses admins l’ont désactivé");
    assert_eq!(credits(&mut c, "alice"), start, "nothing moved");
    // Back on, each works again.
    say(&mut c, "admin: /admin action:set setting:daily value:1");
    // A refused /daily still counted against the flood guard: a minute later it is free.
    say(&mut c, "!wait 1m");
    let daily = one(&mut c, "alice: /daily");
    assert_eq!(daily["ephemeral"], false, "{daily}");
    refused(
        &mut c,
        "admin: /admin action:set setting:wagers value:2",
        "wagers cannot be 2",
    );
    common::audit_ok(&dir.join("h.db"));
}

#[test]
fn an_admin_takes_credits_back_never_below_zero_and_the_log_says_who_did_what() {
    let (mut c, dir) = console("admin-take");
    assert_eq!(credits(&mut c, "alice"), 1000);
    say(&mut c, "bob: /balance");
    let granted = one(&mut c, "admin: /admin action:grant user:bob amount:50");
    assert!(text(&granted).contains("granted to bob"), "{granted}");
    let taken = one(
        &mut c,
        "admin: /admin action:take user:alice amount:300 reason:\"won by a bug\"",
    );
    assert!(
        text(&taken)
            .contains("300 credits taken back from alice to the house (balance 700): won by a bug"),
        "{taken}"
    );
    let all = one(
        &mut c,
        "admin: /admin action:take user:alice amount:5000 reason:cheating",
    );
    assert!(text(&all).contains("700 credits taken back"), "{all}");
    assert_eq!(credits(&mut c, "alice"), 0);
    refused(
        &mut c,
        "admin: /admin action:take user:alice amount:5 reason:again",
        "alice has 0 credits",
    );
    refused(
        &mut c,
        "admin: /admin action:take user:alice amount:5",
        "reason",
    );
    refused(
        &mut c,
        "bob: /admin action:take user:alice amount:5 reason:mine",
        "Manage Server",
    );
    say(&mut c, "admin: /admin action:set setting:slots value:0");

    let log = one(&mut c, "admin: /admin action:log");
    assert_eq!(log["ephemeral"], true, "the log is the admin's alone");
    let lines: Vec<&str> = log["text"].as_str().unwrap().lines().collect();
    assert!(lines[0].contains("page 1 of 1"), "{log}");
    assert!(lines[1].ends_with("admin set slots to 0"), "{log}");
    assert!(
        lines[2].ends_with("admin took 700 credits back from alice: cheating"),
        "{log}"
    );
    assert!(
        lines[3].ends_with("admin took 300 credits back from alice: won by a bug"),
        "{log}"
    );
    assert!(
        lines[4].ends_with("admin granted 50 credits to bob"),
        "{log}"
    );
    assert_eq!(lines.len(), 5, "refusals are not logged: {log}");
    refused(&mut c, "bob: /admin action:log", "Manage Server");
    refused(&mut c, "admin: /admin action:log page:3", "no page 3");
    common::audit_ok(&dir.join("h.db"));
}

#[test]
fn the_log_pages_by_ten_newest_first() {
    let (mut c, _dir) = console("admin-log-pages");
    say(&mut c, "bob: /balance");
    for n in 1..=12 {
        say(
            &mut c,
            &format!("admin: /admin action:grant user:bob amount:{n}"),
        );
    }
    let first = one(&mut c, "admin: /admin action:log");
    let first: Vec<&str> = first["text"].as_str().unwrap().lines().collect();
    assert!(first[0].contains("page 1 of 2"));
    assert!(first[1].ends_with("granted 12 credits to bob"), "{first:?}");
    assert_eq!(first.len(), 11);
    let second = one(&mut c, "admin: /admin action:log page:2");
    let second: Vec<&str> = second["text"].as_str().unwrap().lines().collect();
    assert!(
        second[1].ends_with("granted 2 credits to bob"),
        "{second:?}"
    );
    assert!(second[2].ends_with("granted 1 credit to bob"), "{second:?}");
}

#[test]
fn a_reset_needs_its_confirmation_ends_what_holds_credits_and_leaves_audit_clean() {
    let (mut c, dir) = console("admin-reset");
    say(&mut c, "admin: /admin action:grant user:alice amount:500");
    say(&mut c, "alice: /slots");
    // A wagered table waiting and one in play in another channel, a tournament with entries.
    let open = one(&mut c, "alice: /play game:dejarik wager:100");
    assert_eq!(open["ephemeral"], false, "{open}");
    say(&mut c, "#other");
    say(&mut c, "bob: /play game:dejarik opponent:carol wager:50");
    say(&mut c, "carol: [Accept]");
    say(&mut c, "#general");

    // Asked, but not confirmed: nothing changes.
    let ask = one(&mut c, "admin: /admin action:reset what:economy");
    assert_eq!(ask["ephemeral"], true, "to the admin alone: {ask}");
    assert!(
        text(&ask).contains("back to 1000 credits")
            && text(&ask).contains("2 tables waiting or in play are ended"),
        "{ask}"
    );
    refused(
        &mut c,
        "bob: /admin action:reset what:economy",
        "Manage Server",
    );
    refused(
        &mut c,
        "admin: /admin action:reset what:everything",
        "economy or season",
    );
    say(&mut c, "!wait 2m");
    refused(&mut c, "admin: [Reset the economy]", "expired");
    assert!(
        credits(&mut c, "alice") != 1000,
        "an expired confirmation changed nothing"
    );

    // Asked again and confirmed in time.
    say(&mut c, "admin: /admin action:reset what:economy");
    let done = one(&mut c, "admin: [Reset the economy]");
    assert_eq!(done["ephemeral"], false, "{done}");
    assert!(
        text(&done).contains("admin reset this server's economy")
            && text(&done).contains("Tables ended: 2"),
        "{done}"
    );
    for who in ["alice", "bob", "carol"] {
        assert_eq!(credits(&mut c, who), 1000, "{who}");
    }
    let tokens = one(&mut c, "alice: /balance");
    assert!(text(&tokens).contains(" 0 slot tokens"), "{tokens}");
    let fresh = one(&mut c, "alice: /play game:dejarik");
    assert_eq!(
        fresh["ephemeral"], false,
        "the channel is free again: {fresh}"
    );
    say(&mut c, "alice: /resign");
    common::audit_ok(&dir.join("h.db"));

    // The season: ended early, its standings posted; the log has both resets.
    say(&mut c, "admin: /admin action:reset what:season");
    let ended = one(&mut c, "admin: [End the season]");
    assert!(text(&ended).contains("ended season 1 early"), "{ended}");
    let board = one(&mut c, "alice: /leaderboard season:2");
    assert_eq!(
        board["ephemeral"], false,
        "season 2 is the one in play: {board}"
    );
    let log = one(&mut c, "admin: /admin action:log");
    let lines: Vec<&str> = log["text"].as_str().unwrap().lines().collect();
    assert!(lines[1].ends_with("admin ended season 1 early"), "{log}");
    assert!(
        lines[2].contains("admin reset the economy (3 members"),
        "{log}"
    );
    common::audit_ok(&dir.join("h.db"));
}
