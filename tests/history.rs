//! `/history` (issue 55, part 2): after a day of mixed activity, a member's journal lists
//! every operation that moved their credits, newest first and paged, each in words with its
//! moment, and the amounts of all the lines sum to their balance.

mod common;
#[path = "common/console.rs"]
mod harness;
use harness::{console, credits, one, say, text};
use holotable::front::console::Console;

/// A one-move Dejarik win for the first seat (`o4-i4`).
const QUICK: &str = "setup:\"i1,i2,i3,o4/o7,o8,o9,o10/w:-\"";

/// A line's amount: `+220`, `−10` (a true minus), `0`.
fn amount(line: &str) -> i64 {
    let (_, tail) = line.rsplit_once(": ").unwrap_or_else(|| panic!("{line}"));
    let number = tail.split(' ').next().unwrap();
    match number.strip_prefix('\u{2212}') {
        Some(n) => -n.parse::<i64>().unwrap(),
        None => number.trim_start_matches('+').parse().unwrap(),
    }
}

/// Every line of `who`'s history as `asker` reads it, page after page.
fn all_lines(c: &mut Console, asker: &str, who: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for page in 1.. {
        let reply = one(c, &format!("{asker}: /history user:{who} page:{page}"));
        assert_eq!(reply["ephemeral"], true, "private: {reply}");
        let words = text(&reply);
        let mut read = words.lines();
        let title = read.next().unwrap().to_string();
        lines.extend(read.map(str::to_string));
        if title.contains(&format!("page {page} of {page}")) {
            break;
        }
    }
    lines
}

#[test]
fn a_day_of_mixed_activity_reads_back_line_by_line_and_sums_to_the_balance() {
    let (mut c, dir) = console("history-day");
    for line in [
        "alice: /balance".to_string(),
        "alice: /daily".into(),
        "alice: /give user:bob amount:100".into(),
        "bob: /give user:alice amount:30".into(),
        "alice: /slots bet:10".into(),
        "alice: /buy item:kyber".into(),
        format!("alice: /play game:dejarik opponent:bob wager:100 {QUICK}"),
        "bob: [Accept]".into(),
        "alice: {o4-i4}".into(),
        "#other".into(),
        format!("carol: /play game:dejarik opponent:droid wager:50 {QUICK}"),
        "alice: /bet seat:1 amount:20".into(),
        "carol: {o4-i4}".into(),
        "#general".into(),
        "!wait 2h".into(),
        "admin: /admin action:grant user:alice amount:40".into(),
        "admin: /admin action:take user:alice amount:10 reason:tidy".into(),
    ] {
        say(&mut c, &line);
    }
    let balance = credits(&mut c, "alice");
    let lines = all_lines(&mut c, "alice", "alice");
    let sum: i64 = lines.iter().map(|l| amount(l)).sum();
    assert_eq!(
        sum,
        balance,
        "the lines sum to the balance:\n{}",
        lines.join("\n")
    );
    // Every kind of the day, in words, newest first.
    let expected = [
        "taken back by an admin",
        "granted by an admin",
        "side bets of table #2 settled",
        "side bet on table #2",
        "won at table #1 against bob",
        "stake at table #1",
        "bought Kyber",
        "spun the slot machine",
        "received from bob",
        "given to bob",
        "/daily",
        "account opened",
    ];
    assert_eq!(lines.len(), expected.len(), "{}", lines.join("\n"));
    for (line, what) in lines.iter().zip(expected) {
        assert!(line.contains(what), "{line} is not {what}");
    }
    assert!(lines[0].contains("\u{2212}10"), "{}", lines[0]);
    // Each line says when: the morning's two hours ago (the console tells moments itself;
    // Discord shows its timestamps in each reader's own time).
    assert!(lines[2].starts_with("2 hours ago — "), "{}", lines[2]);
    // Only admins read another member's.
    let refused = one(&mut c, "bob: /history user:alice");
    assert_eq!(refused["ephemeral"], true);
    assert!(text(&refused).contains("Only admins"), "{refused}");
    assert_eq!(all_lines(&mut c, "admin", "alice"), lines);
    let french = text(&one(&mut c, "alice@fr: /history"));
    assert!(
        french.contains("repris par un admin : \u{2212}10"),
        "{french}"
    );
    common::audit_ok(&dir.join("h.db"));
}

#[test]
fn a_long_history_pages_and_a_member_without_credits_is_told_so() {
    let (mut c, _dir) = console("history-pages");
    let none = one(&mut c, "alice: /history");
    assert!(text(&none).contains("no credits here yet"), "{none}");
    say(&mut c, "bob: /balance");
    for n in 1..=20 {
        say(
            &mut c,
            &format!("admin: /admin action:grant user:bob amount:{n}"),
        );
    }
    let lines = all_lines(&mut c, "bob", "bob");
    assert_eq!(lines.len(), 21);
    assert!(lines[0].ends_with("+20"), "{}", lines[0]);
    assert!(lines[20].contains("account opened: +1000"), "{}", lines[20]);
    let beyond = one(&mut c, "bob: /history page:3");
    assert!(text(&beyond).contains("no page 3"), "{beyond}");
}
