//! Dejarik's Wookiee pause (DJ-8): a series game where nobody can move rests the series until
//! 00:00 UTC; nothing plays meanwhile, not even the droid, and no clock runs; a restart keeps
//! the rest, and play goes on after it.

mod common;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use common::{refused, says, workdir, Table};
use holotable::table::commands;

/// 2027-01-15 14:30:00 UTC: the rest lasts until 2027-01-16 00:00:00 UTC, 9 h 30 min on.
const AFTERNOON: i64 = 1_800_023_400;
const MIDNIGHT: i64 = 1_800_057_600;

/// White moves o6-i7 and every piece is blocked (DJ-5.6): a null game.
const BLOCKING: &str = "setup:o1,o3,o5,o6/i1,i3,i5,o7/w:-";

fn play(t: &mut Table, user: &str, options: &[(&str, &str)]) -> holotable::table::Reply {
    let lang = holotable::words::Lang::En;
    let options: BTreeMap<String, String> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let command = commands::parse(lang, "play", &options).unwrap();
    t.run(user, command)
}

/// alice's series against bob, accepted, with these Dejarik options.
fn series_with_bob(name: &str, to: &str, options: &str) -> Table {
    let dir = workdir(name);
    let mut t = Table::open(&dir.join("h.db"), Arc::new(AtomicI64::new(AFTERNOON)));
    play(
        &mut t,
        "alice",
        &[
            ("game", "dejarik"),
            ("opponent", "bob"),
            ("to", to),
            ("options", options),
        ],
    );
    t.press("bob", "Accept");
    t
}

#[test]
fn a_blocked_game_rests_the_series_until_midnight_utc_even_for_the_droid() {
    // DJ-8: with the `wookiee` option, the game that ends with every piece blocked rests the
    // series; the droid, who moves first in game 2 (DJ-2), waits for midnight too.
    let dir = workdir("wookiee-droid");
    let db = dir.join("h.db");
    let time = Arc::new(AtomicI64::new(AFTERNOON));
    let mut t = Table::open(&db, time.clone());
    let wookiee = format!("wookiee {BLOCKING}");
    let started = play(
        &mut t,
        "alice",
        &[
            ("game", "dejarik"),
            ("opponent", "droid"),
            ("to", "2"),
            ("options", &wookiee),
        ],
    );
    says(&started, "alice to move");
    let ended = t.mv("alice", "o6-i7");
    says(&ended, "Game 1: draw");
    says(&ended, "the series rests until 00:00 UTC");
    says(
        &ended,
        "Play resumes at 00:00 UTC, in 9h 30m; then Droid moves first",
    );
    let turn = t.row().turn;
    // No move, no clock: the table waits through the afternoon and the evening.
    time.store(MIDNIGHT - 60, Ordering::Relaxed);
    assert!(t.app.tick().is_empty());
    assert_eq!(t.row().turn, turn, "nothing was played during the rest");
    assert_eq!(
        t.row().deadline,
        Some(MIDNIGHT + 86_400),
        "the move clock starts at midnight"
    );
    refused(&t.mv("alice", "o1-i1"), "rests until 00:00 UTC");

    // A restart keeps the rest: it is in the table's log.
    drop(t);
    let mut t = Table::open(&db, time.clone());
    refused(&t.mv("alice", "o1-i1"), "play resumes in 0h 01m");
    assert!(t.app.tick().is_empty());

    // After midnight the clock sees the droid's move pending and plays it.
    time.store(MIDNIGHT + 31, Ordering::Relaxed);
    let events = t.app.tick();
    assert_eq!(
        events.len(),
        1,
        "{:?}",
        events.iter().map(|e| &e.2.text).collect::<Vec<_>>()
    );
    assert!(
        events[0].2.text.contains("Droid plays"),
        "{}",
        events[0].2.text
    );
    assert!(t.row().turn > turn, "the droid's move is stored");
    t.audit_ok();
}

#[test]
fn without_the_option_a_blocked_series_goes_straight_on() {
    // DJ-8: without `wookiee`, the next game starts at once.
    let mut t = series_with_bob("wookiee-off", "2", BLOCKING);
    let ended = t.mv("alice", "o6-i7");
    says(&ended, "Game 1: draw");
    says(&ended, "Game 2: bob to move");
    assert!(!ended.text.contains("rests"), "{}", ended.text);
    says(&t.mv("bob", "o7-i7"), "bob plays o7-i7");
}

#[test]
fn a_game_won_in_a_wookiee_series_does_not_rest() {
    // DJ-8: only a game where nobody can move rests the series. From this set-up White's
    // o5-i5 kills nothing and blocks nothing: a plain series with the option on.
    let mut t = series_with_bob(
        "wookiee-won",
        "12",
        "wookiee setup:i1,i2,i3,o4/o7,o8,o9,o10/w:-",
    );
    let won = t.mv("alice", "o4-i4");
    says(&won, "Game 1: alice wins");
    says(&won, "Game 2: bob to move");
    assert!(!won.text.contains("rests"), "{}", won.text);
}
