//! Scripted console sessions through the real binary (docs/CONTRACT.md P-7), with `--json`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holotable-console-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs one console process on `dir`'s database with `script`; returns the JSON replies.
fn session(dir: &Path, script: &str) -> Vec<Value> {
    session_with(dir, script, &[])
}

/// [`session`] with more arguments for `holotable console`.
fn session_with(dir: &Path, script: &str, args: &[&str]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["console", "--json"])
        .args(args)
        .arg("--db")
        .arg(dir.join("h.db"))
        .arg("--out")
        .arg(dir.join("boards"))
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn text(v: &Value) -> &str {
    v["text"].as_str().unwrap()
}

/// The credits and tokens a `/balance` reply reports.
fn balance(v: &Value) -> (i64, i64) {
    let t = text(v);
    let credits = t
        .split(": ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let tokens = t
        .split("credits, ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    (credits, tokens)
}

fn audit_ok(dir: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["audit", "--db"])
        .arg(dir.join("h.db"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

// White to move wins at once with o4-i4 (DJ-5.1): a short wagered game.
const QUICK: &str = "setup:\"i1,i2,i3,o4/o7,o8,o9,o10/w:-\"";

#[test]
fn a_wagered_game_from_challenge_to_win() {
    let dir = workdir("wager");
    let r = session(
        &dir,
        &format!(
            "alice: /play game:dejarik opponent:bob wager:100 {QUICK}\n\
             bob: [Accept]\n\
             bob: [Accept]\n\
             alice: /balance\n\
             bob: /balance\n\
             alice: {{o4-i4}}\n\
             alice: /balance\n\
             bob: /balance\n\
             alice: /verify\n"
        ),
    );
    assert!(text(&r[0]).contains("challenges bob"), "{}", r[0]);
    assert_eq!(r[0]["buttons"], serde_json::json!(["Accept", "Decline"]));
    // The challenge pings the challenged player; the board pings whoever is to move.
    assert_eq!(r[0]["mentions"], serde_json::json!(["bob"]));
    assert!(text(&r[1]).contains("SHA-256"));
    assert_eq!(r[1]["mentions"], serde_json::json!(["alice"]));
    assert_eq!(
        r[2]["mentions"],
        serde_json::json!([]),
        "a refusal pings nobody"
    );
    let board = r[1]["images"][0].as_str().unwrap();
    assert!(std::fs::read(board).unwrap().starts_with(b"\x89PNG"));
    // The board comes with the table's typed view: who sits where, who acts, the stakes.
    let table = &r[1]["table"];
    assert_eq!(table["id"], 1, "{table}");
    assert_eq!(table["status"], "playing");
    assert_eq!(table["to_act"], serde_json::json!(["alice"]));
    let names: Vec<&str> = table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["alice", "bob"]);
    assert!(table["stakes"].as_str().unwrap().contains("100"), "{table}");
    assert!(table["deadline"].as_i64().unwrap() > 0, "{table}");
    assert!(r[0].get("table").is_none(), "a challenge shows no board");
    assert_eq!(table["last"], Value::Null, "no move yet");
    // The second Accept is refused privately and stakes nothing more.
    assert_eq!(r[2]["ephemeral"], true);
    assert_eq!(r[2]["user"], "bob");
    assert_eq!(balance(&r[3]), (900, 0));
    assert_eq!(balance(&r[4]), (900, 0));
    assert!(text(&r[5]).contains("alice wins"), "{}", r[5]);
    assert_eq!(r[5]["mentions"], serde_json::json!([]), "nobody is to act");
    assert_eq!(r[5]["table"]["status"], "finished", "{}", r[5]);
    assert_eq!(r[5]["table"]["to_act"], serde_json::json!([]));
    assert_eq!(r[5]["table"]["last"], "o4-i4");
    assert_eq!(r[5]["event"]["kind"], "settled", "{}", r[5]);
    assert_eq!(r[5]["event"]["winners"], serde_json::json!([0]));
    assert_eq!(r[5]["event"]["payouts"], serde_json::json!([200, 0]));
    assert_eq!(
        r[5]["event"]["token"],
        Value::Null,
        "no token for a game not played"
    );
    // Bob lost before making a move: the win pays the pot but earns no slot token
    // (issue 52: tokens are for games really played).
    assert!(
        text(&r[5]).contains("alice earns no slot token"),
        "{}",
        r[5]
    );
    assert!(r[5]["buttons"]
        .as_array()
        .unwrap()
        .contains(&Value::from("Rematch")));
    assert_eq!(balance(&r[6]), (1100, 0));
    assert_eq!(balance(&r[7]), (900, 0));
    assert!(text(&r[8]).contains("verified"), "{}", r[8]);
    audit_ok(&dir);
}

#[test]
fn decline_and_expiry_take_nothing() {
    let dir = workdir("decline");
    let r = session(
        &dir,
        "alice: /play game:dejarik opponent:bob wager:100\n\
         bob: [Decline]\n\
         alice: /balance\n\
         alice: /play game:dejarik opponent:bob wager:100\n\
         !wait 11m\n\
         bob: [Accept]\n\
         alice: /balance\n\
         bob: /balance\n",
    );
    assert!(text(&r[1]).contains("declines"));
    assert_eq!(balance(&r[2]), (1000, 0));
    assert!(text(&r[4]).contains("expired"), "{}", r[4]);
    assert_eq!(
        r[5]["ephemeral"], true,
        "an expired challenge cannot be accepted"
    );
    assert_eq!(balance(&r[6]), (1000, 0));
    assert_eq!(balance(&r[7]), (1000, 0));
    audit_ok(&dir);
}

#[test]
fn illegal_and_out_of_turn_moves_change_nothing() {
    let dir = workdir("illegal");
    let r = session(
        &dir,
        "alice: /play game:dejarik opponent:bob\n\
         bob: [Accept]\n\
         alice: /move action:o5-i7\n\
         alice: /move action:o5-i10\n\
         bob: /move action:o1-i1\n\
         carol: /move action:o5-i5\n\
         alice: /move action:banana\n\
         alice: /move action:\"O5 I5\"\n",
    );
    let errors = [
        (2, "o5-i7 is not legal"),
        (3, "DJ-3.8"),
        (4, "alice's turn"),
        (5, "not playing"),
        (6, "'banana' is not a move"),
    ];
    for (i, needle) in errors {
        assert_eq!(r[i]["ephemeral"], true, "{}", r[i]);
        assert!(text(&r[i]).contains(needle), "{}: {}", needle, r[i]);
    }
    // Nothing changed: alice's forgiving move is the first move of the game.
    assert!(
        text(&r[7]).contains("alice plays o5-i5. bob to move"),
        "{}",
        r[7]
    );
    assert!(r[7]["images"][0]
        .as_str()
        .unwrap()
        .ends_with("table-1-turn-1.png"));
}

#[test]
fn running_out_of_time_loses_the_table() {
    let dir = workdir("timeout");
    let r = session(
        &dir,
        "alice: /play game:dejarik opponent:bob wager:100\n\
         bob: [Accept]\n\
         alice: /move action:o5-i5\n\
         !wait 19h\n\
         !wait 6h\n\
         bob: /balance\n\
         alice: /balance\n",
    );
    assert!(text(&r[3]).contains("quarter of your time"), "{}", r[3]);
    // Discord writes the moment for each reader (`<t:…:R>`); the console in words.
    assert!(text(&r[3]).contains("it runs out in 5.0 hours"), "{}", r[3]);
    assert!(!text(&r[3]).contains("<t:"), "{}", r[3]);
    assert_eq!(r[3]["event"]["kind"], "warned", "{}", r[3]);
    assert_eq!(r[3]["event"]["seat"], 1);
    assert!(r[3]["event"]["deadline"].as_i64().unwrap() > 0);
    assert!(text(&r[4]).contains("bob ran out of time"), "{}", r[4]);
    assert!(text(&r[4]).contains("alice wins"), "{}", r[4]);
    assert_eq!(balance(&r[5]), (900, 0));
    // Bob ran out of time before his first move: no slot token for that (issue 52).
    assert!(
        text(&r[4]).contains("alice earns no slot token"),
        "{}",
        r[4]
    );
    assert_eq!(balance(&r[6]), (1100, 0));
    audit_ok(&dir);
}

#[test]
fn a_second_process_continues_the_game() {
    let dir = workdir("restart");
    let first = session(
        &dir,
        "alice: /play game:dejarik opponent:bob wager:50\n\
         bob: [Accept]\n\
         alice: /move action:o5-i5\n",
    );
    assert!(text(&first[2]).contains("bob to move"));
    let second = session(
        &dir,
        "alice: /move action:o6-i6\n\
         bob: /board\n\
         bob: /move action:o1-i1\n\
         alice: ?/move action:i5\n",
    );
    assert!(text(&second[0]).contains("bob's turn"), "{}", second[0]);
    assert!(text(&second[1]).contains("bob to move"));
    assert!(
        text(&second[2]).contains("bob plays o1-i1. alice to move"),
        "{}",
        second[2]
    );
    assert_eq!(second[3]["choices"], serde_json::json!(["i5-o5"]));
    audit_ok(&dir);
}

#[test]
fn the_droid_plays_and_verify_recomputes_its_moves() {
    let dir = workdir("droid");
    let r = session(
        &dir,
        "alice: /play game:dejarik opponent:droid wager:100\n\
         alice: /move action:o5-i5\n\
         alice: /verify\n\
         alice: /resign\n\
         alice: /verify\n\
         alice: /balance\n",
    );
    assert!(text(&r[1]).contains("Droid plays"), "{}", r[1]);
    assert!(text(&r[2]).contains("still playing"));
    assert!(text(&r[3]).contains("Droid wins"));
    assert!(text(&r[4]).contains("1 droid move recomputed"), "{}", r[4]);
    assert_eq!(balance(&r[5]), (900, 0));
    audit_ok(&dir);
}

#[test]
fn a_series_to_12_alternates_the_first_player() {
    // DJ-8 with DJ-2: from the quick set-up, White (alice) scores 3 a game; Black (bob) moves
    // first in the even games.
    let dir = workdir("series");
    let r = session(
        &dir,
        &format!(
            "alice: /play game:dejarik opponent:bob wager:100 to:12 {QUICK}\n\
             bob: [Accept]\n\
             alice: /move action:o4-i4\n\
             alice: /move action:o4-i4\n\
             bob: /move action:o7-i7\n\
             alice: /move action:o4-i4\n\
             alice: /move action:o4-i4\n\
             bob: /move action:o7-i7\n\
             alice: /move action:o4-i4\n\
             alice: /balance\n\
             bob: /balance\n\
             alice: /replay\n"
        ),
    );
    assert!(text(&r[0]).contains("first to 12 points"), "{}", r[0]);
    assert!(
        text(&r[11]).contains("game 4 of the series, the last one played"),
        "{}",
        r[11]
    );
    assert!(text(&r[2]).contains("Game 1: alice wins"), "{}", r[2]);
    assert!(text(&r[2]).contains("Series: 3–0"), "{}", r[2]);
    assert!(text(&r[2]).contains("Game 2: bob to move"), "{}", r[2]);
    assert!(
        text(&r[3]).contains("bob's turn"),
        "game 2 starts with bob: {}",
        r[3]
    );
    assert!(
        text(&r[5]).contains("Series: 6–0") && text(&r[5]).contains("Game 3: alice to move"),
        "{}",
        r[5]
    );
    assert!(text(&r[6]).contains("Series: 9–0"), "{}", r[6]);
    assert!(text(&r[8]).contains("alice wins the series"), "{}", r[8]);
    assert!(text(&r[8]).contains("12–0"), "{}", r[8]);
    // Four games won at the first move, bob's few moves in all: the series pays its pot but
    // earns no slot token (issue 52: a game set up to end at once is not really played).
    assert!(
        text(&r[8]).contains("alice earns no slot token"),
        "{}",
        r[8]
    );
    assert_eq!(balance(&r[9]), (1100, 0));
    assert_eq!(balance(&r[10]), (900, 0));
    audit_ok(&dir);
}

#[test]
fn the_wookiee_pause_refuses_the_next_game_until_midnight_utc_and_then_goes_on() {
    // DJ-8: alice's o6-i7 blocks every piece (DJ-5.6); with `wookiee` the series rests until
    // 00:00 UTC, through a restart of the console, and goes on after `!wait`.
    let dir = workdir("wookiee");
    let first = session(
        &dir,
        "alice: /play game:dejarik opponent:bob wager:100 to:2 \
         options:\"wookiee setup:o1,o3,o5,o6/i1,i3,i5,o7/w:-\"\n\
         bob: [Accept]\n\
         alice: /move action:o6-i7\n\
         bob: /move action:o7-i7\n",
    );
    let ended = text(&first[2]);
    assert!(ended.contains("Game 1: draw"), "{ended}");
    assert!(
        ended.contains("the series rests until 00:00 UTC"),
        "{ended}"
    );
    assert!(ended.contains("then bob moves first"), "{ended}");
    assert_eq!(first[3]["ephemeral"], true);
    assert!(text(&first[3]).contains("play resumes in"), "{}", first[3]);

    // Another process on the same database: still resting, until the clock passes midnight.
    let later = session(
        &dir,
        "bob: /move action:o7-i7\n\
         !wait 1d\n\
         bob: /move action:o7-i7\n",
    );
    assert!(
        text(&later[0]).contains("rests until 00:00 UTC"),
        "{}",
        later[0]
    );
    let played = later.last().unwrap();
    assert!(text(played).contains("bob plays o7-i7"), "{played}");
    assert!(text(played).contains("alice to move"), "{played}");
    audit_ok(&dir);
}

#[test]
fn daily_streaks_raise_the_claim_and_a_missed_day_starts_again() {
    let dir = workdir("streak");
    let r = session(
        &dir,
        "alice: /daily\n\
         !wait 1d\n\
         alice: /daily\n\
         !wait 2d\n\
         alice: /daily\n\
         alice@fr: /daily\n",
    );
    assert!(text(&r[0]).contains("alice claims 200 credits"), "{}", r[0]);
    assert!(
        text(&r[0]).contains("Come back tomorrow for 220 credits"),
        "{}",
        r[0]
    );
    assert!(text(&r[1]).contains("alice claims 220 credits"), "{}", r[1]);
    assert!(text(&r[1]).contains("That is 2 days in a row"), "{}", r[1]);
    // A day was missed: back to the daily amount.
    assert!(text(&r[2]).contains("alice claims 200 credits"), "{}", r[2]);
    assert!(!text(&r[2]).contains("in a row"), "{}", r[2]);
    // Once a day, in French too.
    assert_eq!(r[3]["ephemeral"], true);
    assert!(text(&r[3]).contains("00:00 UTC"), "{}", r[3]);
    audit_ok(&dir);
}

#[test]
fn side_bets_on_a_droid_table_are_paid_parimutuel() {
    let dir = workdir("bets");
    let r = session(
        &dir,
        &format!(
            "alice: /play game:dejarik opponent:droid wager:100 {QUICK}\n\
             carol: /bet seat:1 amount:100\n\
             dave: /bet seat:1 amount:50\n\
             erin: /bet seat:2 amount:300\n\
             alice: /bet seat:2 amount:10\n\
             carol: /bet seat:2 amount:10\n\
             frank: /bet seat:3 amount:10\n\
             frank: /bet seat:1 amount:5000\n\
             alice: {{o4-i4}}\n\
             frank: /bet seat:1 amount:10 table:1\n\
             carol: /balance\n\
             dave: /balance\n\
             erin: /balance\n\
             frank: /balance\n"
        ),
    );
    assert!(
        text(&r[1]).contains("carol backs alice (seat 1) at table #1 with 100 credits"),
        "{}",
        r[1]
    );
    assert!(
        text(&r[3]).contains("The pool holds 450 credits (300 on Droid)"),
        "{}",
        r[3]
    );
    // Each refusal is private, says why, and moves nothing (the balances below).
    for (i, why) in [
        (4, "cannot bet on their own table"),
        (5, "already back seat 1"),
        (6, "back one of seats 1 to 2"),
        (7, "frank has 1000 credits, 5000 are needed"),
    ] {
        assert_eq!(r[i]["ephemeral"], true, "{}", r[i]);
        assert!(text(&r[i]).contains(why), "{}", r[i]);
    }
    // alice wins: the pool of 450 goes to her backers, 100 : 50.
    assert!(text(&r[8]).contains("alice wins"), "{}", r[8]);
    assert!(
        text(&r[8])
            .contains("(450 credits) goes to those who backed the winner: carol 300, dave 150"),
        "{}",
        r[8]
    );
    assert!(text(&r[9]).contains("closed"), "{}", r[9]);
    assert_eq!(balance(&r[10]), (1200, 0));
    assert_eq!(balance(&r[11]), (1100, 0));
    assert_eq!(balance(&r[12]), (700, 0));
    assert_eq!(balance(&r[13]), (1000, 0));
    audit_ok(&dir);
}

#[test]
fn a_backer_cannot_sit_down_and_a_withdrawn_table_refunds_its_bets() {
    let dir = workdir("bets-refund");
    let r = session(
        &dir,
        "alice: /play game:dejarik wager:60\n\
         carol: /bet seat:1 amount:80\n\
         carol: [Join]\n\
         alice: /resign\n\
         carol: /balance\n\
         admin: /admin action:set setting:side_bets value:0\n\
         alice: /play game:dejarik wager:60\n\
         carol@fr: /bet seat:1 amount:80\n",
    );
    assert!(text(&r[1]).contains("carol backs alice"), "{}", r[1]);
    assert!(text(&r[2]).contains("cannot take a seat"), "{}", r[2]);
    assert!(
        text(&r[3]).contains("The side bets on table #1 (80 credits) go back"),
        "{}",
        r[3]
    );
    assert_eq!(balance(&r[4]), (1000, 0));
    assert!(text(&r[5]).contains("Side bets off"), "{}", r[5]);
    assert!(
        text(&r[7]).contains("Les paris d’à-côté sont désactivés"),
        "{}",
        r[7]
    );
    audit_ok(&dir);
}

#[test]
fn a_season_ends_with_its_standings_posted_and_kept() {
    let dir = workdir("season");
    let r = session(
        &dir,
        &format!(
            "alice: /play game:dejarik opponent:bob wager:100 {QUICK}\n\
             bob: [Accept]\n\
             alice: {{o4-i4}}\n\
             carol: /play game:dejarik opponent:bob {QUICK}\n\
             bob: [Accept]\n\
             carol: {{o4-i4}}\n\
             bob: /leaderboard board:dejarik season:1\n\
             !wait 31d\n\
             bob: /leaderboard board:wins season:1\n\
             bob: /leaderboard board:credits season:1\n\
             bob: /leaderboard board:wins season:2\n\
             bob: /leaderboard board:dejarik\n\
             bob@fr: /leaderboard season:3\n"
        ),
    );
    assert!(
        text(&r[6]).contains("Dejarik rating, season 1 (since"),
        "{}",
        r[6]
    );
    assert!(text(&r[6]).contains("3. bob — 1249"), "{}", r[6]);
    // The clock ends season 1 and tells it where the last table finished.
    let post = text(&r[7]);
    assert!(post.contains("**Season 1 is over**"), "{post}");
    assert!(post.contains("1. alice — 1 win (+100 credits)"), "{post}");
    assert!(post.contains("1. carol — 1 win (+0 credits)"), "{post}");
    assert!(post.contains("3. bob — 0 wins (-100 credits)"), "{post}");
    assert!(post.contains("Season 2 begins"), "{post}");
    assert_eq!(r[7]["channel"], "general");
    // Season 1 is kept as it ended; season 2 starts empty.
    assert!(text(&r[8]).contains("wins, season 1 ("), "{}", r[8]);
    assert!(
        text(&r[8]).contains("1. alice — 1\n1. carol — 1\n3. bob — 0"),
        "{}",
        r[8]
    );
    assert!(
        text(&r[9]).contains("1. alice — 100\n2. carol — 0\n3. bob — -100"),
        "{}",
        r[9]
    );
    assert!(text(&r[10]).contains("Nobody yet"), "{}", r[10]);
    // Every rating carried over halfway back to 1500: 1249 became 1374 or so.
    let all_time = text(&r[11]);
    let bob: f64 = all_time
        .lines()
        .find(|l| l.contains("bob"))
        .and_then(|l| l.rsplit(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!((1370.0..1380.0).contains(&bob), "{all_time}");
    assert_eq!(r[12]["ephemeral"], true);
    assert!(text(&r[12]).contains("c’est la saison 2"), "{}", r[12]);
    audit_ok(&dir);
}

#[test]
fn per_point_stakes_are_paid_after_each_game() {
    let dir = workdir("perpoint");
    let r = session(
        &dir,
        &format!(
            "alice: /play game:dejarik opponent:bob per_point:50 to:6 {QUICK}\n\
             bob: [Accept]\n\
             alice: /move action:o4-i4\n\
             bob: /move action:o7-i7\n\
             alice: /move action:o4-i4\n\
             alice: /balance\n\
             bob: /balance\n\
             alice: /verify\n"
        ),
    );
    assert!(
        text(&r[2]).contains("bob pays alice 150 credits"),
        "{}",
        r[2]
    );
    assert!(text(&r[4]).contains("alice wins the series"), "{}", r[4]);
    assert_eq!(balance(&r[5]), (1300, 0));
    assert_eq!(balance(&r[6]), (700, 0));
    assert!(text(&r[7]).contains("verified"), "{}", r[7]);
    audit_ok(&dir);
}

#[test]
fn an_open_table_seats_the_first_to_join() {
    let dir = workdir("open");
    let r = session(
        &dir,
        "alice: /play game:dejarik wager:60\n\
         alice: [Join]\n\
         carol: [Join]\n\
         dave: [Join]\n\
         carol: /move action:o5-i5\n\
         alice: /move action:o5-i5\n\
         carol: /balance\n",
    );
    assert!(text(&r[0]).contains("anyone may join"), "{}", r[0]);
    assert!(text(&r[1]).contains("already have a seat"), "{}", r[1]);
    assert!(text(&r[2]).contains("alice vs carol"), "{}", r[2]);
    assert!(text(&r[3]).contains("already started"), "{}", r[3]);
    assert!(text(&r[4]).contains("alice's turn"), "{}", r[4]);
    assert!(text(&r[5]).contains("carol to move"), "{}", r[5]);
    assert_eq!(balance(&r[6]), (940, 0));
    audit_ok(&dir);
}

#[test]
fn menus_belong_to_their_channel_and_their_players() {
    // Stale menus (an old turn) are refused by the application layer: see tests/table.rs.
    let dir = workdir("menus");
    let r = session(
        &dir,
        "alice: /play game:dejarik opponent:bob\n\
         bob: [Accept]\n\
         alice: {o5-i5}\n\
         bob: {o1-i1}\n\
         #other\n\
         bob: {o2-i2}\n\
         #general\n\
         carol: {o6-i6}\n",
    );
    assert!(text(&r[3]).contains("bob plays o1-i1"), "{}", r[3]);
    assert!(
        r[4]["text"]
            .as_str()
            .unwrap()
            .contains("no message here has a menu"),
        "{}",
        r[4]
    );
    assert_eq!(r[5]["ephemeral"], true, "{}", r[5]);
    assert!(text(&r[5]).contains("not playing"), "{}", r[5]);
}

#[test]
fn the_operator_sets_the_starting_economy() {
    let dir = workdir("economy");
    let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["console", "--json", "--db"])
        .arg(dir.join("h.db"))
        .arg("--out")
        .arg(dir.join("boards"))
        .env("HOLOTABLE_ECONOMY__STARTING_BALANCE", "321")
        .env("HOLOTABLE_ECONOMY__DAILY_AMOUNT", "9")
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"alice: /daily\nalice: /balance\nadmin: /admin action:set setting:daily_amount value:5\nbob: /admin action:grant user:bob amount:5\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let r: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        text(&r[0]).contains("claims 9 credits (balance 330)"),
        "{}",
        r[0]
    );
    assert_eq!(balance(&r[1]), (330, 0));
    assert!(text(&r[2]).contains("daily 5"), "{}", r[2]);
    assert!(text(&r[3]).contains("Manage Server"), "{}", r[3]);
}

#[test]
fn a_french_client_reads_french_and_an_english_one_english() {
    let dir = workdir("french");
    let r = session(
        &dir,
        "alice@fr: /play game:dejarik opponent:bob wager:100\n\
         bob: [Accepter]\n\
         alice: /move action:o5-i5\n\
         alice: /move action:o6-i6\n\
         bob: /balance\n\
         alice: /balance\n\
         alice: /give user:bob amount:1\n\
         alice: /help\n\
         bob: /move action:o1-i3\n\
         alice@fr: /move action:banana\n\
         alice: /double\n",
    );
    assert!(
        text(&r[0]).contains("alice défie bob au Dejarik pour 100 crédits chacun"),
        "{}",
        r[0]
    );
    assert_eq!(r[0]["buttons"], serde_json::json!(["Accepter", "Refuser"]));
    // The challenge (public) is in alice's words; bob's client is English: his press on
    // its button is answered in English, and alice stays French.
    assert!(text(&r[1]).contains("alice to move"), "{}", r[1]);
    assert!(
        text(&r[2]).contains("alice joue o5-i5. À bob de jouer."),
        "{}",
        r[2]
    );
    assert!(
        text(&r[3]).contains("C'est à bob de jouer, pas à vous."),
        "{}",
        r[3]
    );
    assert_eq!(r[3]["ephemeral"], true);
    assert!(
        text(&r[4]).contains("bob: 900 credits, 0 slot tokens"),
        "{}",
        r[4]
    );
    assert!(
        text(&r[5]).contains("alice : 900 crédits, 0 jeton"),
        "{}",
        r[5]
    );
    assert!(
        text(&r[6]).contains("alice donne 1 crédit à bob"),
        "{}",
        r[6]
    );
    assert!(text(&r[7]).contains("`/jouer game"), "{}", r[7]);
    assert!(
        text(&r[7]).contains("Ouvrir une table dans ce salon"),
        "{}",
        r[7]
    );
    audit_ok(&dir);
}

#[test]
fn the_locale_option_and_the_local_player() {
    let dir = workdir("local");
    let r = session_with(
        &dir,
        "/balance\n/play game:dejarik opponent:droid\n{o5-i5}\nbob@en: /balance\n",
        &["--locale", "fr", "--user", "zoe"],
    );
    // A line without `name:` is the local player's; --locale fr makes every client French.
    assert!(text(&r[0]).starts_with("zoe : 1000 crédits"), "{}", r[0]);
    assert!(text(&r[1]).contains("zoe vs Droid"), "{}", r[1]);
    assert!(text(&r[2]).contains("zoe joue o5-i5"), "{}", r[2]);
    assert!(text(&r[2]).contains("Droid joue"), "{}", r[2]);
    assert!(text(&r[3]).starts_with("bob: 1000 credits"), "{}", r[3]);
    audit_ok(&dir);
}

#[test]
fn help_lists_every_command_and_explains_one() {
    let dir = workdir("help");
    let r = session(
        &dir,
        "alice: /help\nalice: /help command:play\nalice: /help command:fly\n",
    );
    for name in holotable::table::commands::names() {
        assert!(
            text(&r[0]).contains(&format!("`/{name}")),
            "/{name} missing from {}",
            r[0]
        );
    }
    assert!(text(&r[0]).contains("A first game"), "{}", r[0]);
    assert!(text(&r[0]).chars().count() <= 2000);
    assert!(text(&r[1]).contains("per_point"), "{}", r[1]);
    assert_eq!(r[2]["ephemeral"], true);
    assert!(text(&r[2]).contains("There is no /fly"), "{}", r[2]);
}

#[test]
fn typing_mistakes_are_told_in_the_players_language_and_change_nothing() {
    let dir = workdir("typing");
    let r = session(
        &dir,
        "alice: /balance\n\
         alice: /give user:bob amount:5 amount:6\n\
         alice: /give user:bob amount 5\n\
         alice@fr: /give user:bob amount 5\n\
         alice@fr: /give user:bob amount:5 amount:6\n\
         alice@fr: /give user:\"bob\n\
         alice@en: /balance\n",
    );
    assert!(
        text(&r[1]).contains("the option amount is given twice"),
        "{}",
        r[1]
    );
    assert!(
        text(&r[2]).contains("'amount' is not an option (write name:value)"),
        "{}",
        r[2]
    );
    assert!(
        text(&r[3]).contains("« amount » n'est pas une option"),
        "{}",
        r[3]
    );
    assert!(text(&r[4]).contains("donnée deux fois"), "{}", r[4]);
    assert!(text(&r[5]).contains("guillemets"), "{}", r[5]);
    for reply in &r[1..6] {
        assert_eq!(reply["ephemeral"], true, "{reply}");
    }
    assert_eq!(balance(&r[6]), balance(&r[0]), "nothing given");
    audit_ok(&dir);
}

#[test]
fn clocks_speak_the_language_of_the_player_whose_clock_it_is() {
    let dir = workdir("clock-fr");
    let r = session(
        &dir,
        "alice@fr: /play game:dejarik opponent:bob wager:100\n\
         bob@fr: [Accepter]\n\
         alice: /move action:o5-i5\n\
         !wait 19h\n\
         !wait 6h\n\
         carol@fr: /play game:zatak opponent:dave\n\
         !wait 2h\n",
    );
    assert!(text(&r[3]).contains("il vous reste un quart"), "{}", r[3]);
    assert!(text(&r[4]).contains("bob a dépassé son temps"), "{}", r[4]);
    assert!(!text(&r[4]).contains("Seed revealed"), "{}", r[4]);
    assert_eq!(strings_of(&r[4], "buttons"), ["Revanche"], "{}", r[4]);
    assert!(text(&r[6]).contains("a expiré"), "{}", r[6]);
    audit_ok(&dir);
    // The language is remembered by the database: a new process (a restart) speaks it too.
    let dir = workdir("clock-fr-restart");
    session(
        &dir,
        "alice@fr: /play game:dejarik opponent:bob\nbob: [Accepter]\n",
    );
    let later = session(&dir, "!wait 19h\n");
    assert!(
        text(&later[0]).contains("il vous reste un quart"),
        "{}",
        later[0]
    );
}

fn strings_of(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|b| b.as_str().or(b["label"].as_str()).unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The move menu in steps at the console: `{choice}` picks from the newest menu its member
/// sees, by value or by words; `/board` shows the first step again.
#[test]
fn the_console_walks_the_menu_steps_and_board_shows_the_first_again() {
    let dir = workdir("menu-steps");
    let lines = session(
        &dir,
        "alice: /play game:kingdoms opponent:bob\nbob: [Accept]\n\
         alice: {Place a Bat}\nbob: {~+B K1}\nalice: {In kingdom K3}\n\
         alice: /board\nalice: {i9}\nalice: {B@i9}\n",
    );
    // The board: six pieces, in words beside their values.
    assert_eq!(lines[1]["choices"][3], "~+B");
    assert_eq!(lines[1]["menu"][3], "Place a Bat");
    // A label picks its entry; the next menu is alice's alone.
    assert_eq!(lines[2]["user"], "alice");
    assert_eq!(lines[2]["menu"][2], "In kingdom K3");
    // bob sees no menu of alice's: his pick goes to the board's and is refused.
    assert!(
        text(&lines[3]).contains("alice's turn"),
        "{}",
        text(&lines[3])
    );
    assert!(
        text(&lines[4]).contains("Place a Bat › In kingdom K3"),
        "{}",
        text(&lines[4])
    );
    let cells = lines[4]["menu"].as_array().unwrap();
    assert!(cells.iter().any(|l| l == "A Bat on i9"), "{cells:?}");
    // /board shows the first step again; {i9} is no entry of it and no move.
    assert_eq!(lines[5]["choices"][0], "~+G");
    assert!(lines[6]["ephemeral"].as_bool().unwrap());
    assert!(
        text(&lines[7]).contains("alice places a Bat on i9"),
        "{}",
        text(&lines[7])
    );
}
