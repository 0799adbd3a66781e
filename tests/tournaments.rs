//! Tournaments through the console: a knockout played to its prizes, a Swiss of five with
//! its byes, a D-Zone round of three, a restart between rounds, and the refusals of
//! sign-up. Games are ended by resignation, which settles a table as any ending does.

use holotable::front::console::Console;
use serde_json::Value;

#[path = "common/console.rs"]
mod harness;
use harness::{console, png_size, reopen, say, strings, text};

fn all(c: &mut Console, line: &str) -> Vec<Value> {
    say(c, line)
}

fn one(c: &mut Console, line: &str) -> Value {
    let mut replies = say(c, line);
    assert_eq!(replies.len(), 1, "{line}: {replies:?}");
    replies.remove(0)
}

fn joined(replies: &[Value]) -> String {
    replies.iter().map(text).collect::<Vec<_>>().join("\n")
}

fn credits(c: &mut Console, who: &str) -> i64 {
    let t = text(&one(c, &format!("{who}: /balance")));
    t.split(": ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// The colour at (x, y) of a PNG file.
fn pixel(path: &str, x: f32, y: f32) -> [u8; 3] {
    let bytes = std::fs::read(path).unwrap();
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let n = info.color_type.samples();
    let i = (y as usize * info.width as usize + x as usize) * n;
    [buf[i], buf[i + 1], buf[i + 2]]
}

fn audit(dir: &std::path::Path) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["audit", "--db"])
        .arg(dir.join("h.db"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_four_player_knockout_is_played_to_its_prizes() {
    let (mut c, dir) = console("tour-knockout");
    let created = one(
        &mut c,
        "alice: /tournament action:create game:dejarik format:knockout entry:100 starts:5",
    );
    assert!(
        text(&created).contains("alice opens tournament #1: a knockout of Dejarik"),
        "{created}"
    );
    for who in ["bob", "carol", "dave", "alice"] {
        let r = one(&mut c, &format!("{who}: /tournament action:join"));
        assert!(
            text(&r).contains(&format!("{who} joins tournament #1")),
            "{r}"
        );
    }
    // Bad input: each refused privately, nothing paid twice.
    let again = one(&mut c, "alice: /tournament action:join");
    assert_eq!(again["ephemeral"], true);
    assert!(text(&again).contains("already in tournament #1"), "{again}");
    assert_eq!(credits(&mut c, "alice"), 900);
    let nobody = one(&mut c, "erin: /tournament action:join tournament:7");
    assert!(text(&nobody).contains("no tournament #7"), "{nobody}");

    // At its time the first round opens: the seeds in order of entry (all unrated), the
    // best against the worst.
    let round1 = joined(&all(&mut c, "!wait 6m"));
    assert!(
        round1.contains("Tournament #1, round 1: board 1 (table #1): bob – alice; board 2 (table #2): carol – dave"),
        "{round1}"
    );
    let late = one(&mut c, "erin: /tournament action:join");
    assert!(
        text(&late).contains("has started: entries are closed"),
        "{late}"
    );

    // Both tables share the channel: each player's /resign ends their own table.
    let r = joined(&all(&mut c, "alice: /resign"));
    assert!(r.contains("bob wins"), "{r}");
    let r = joined(&all(&mut c, "dave: /resign"));
    assert!(r.contains("carol wins"), "{r}");
    assert!(
        r.contains("Tournament #1, round 2: board 1 (table #3): carol – bob"),
        "the next round opens as the last table ends: {r}"
    );
    let last = all(&mut c, "carol: /resign");
    // The end is told with the standings drawn as an image: a row a player.
    let card = last
        .iter()
        .flat_map(|v| strings(v, "images"))
        .find(|p| p.ends_with("tournament-1.png"))
        .expect("the standings image");
    let (width, height) = png_size(&card);
    assert_eq!(width, 720);
    assert!(height >= 92 + 4 * 40, "{height}");
    // bob's first round, won: a filled amber disc (rounds are columns from the right).
    let won = pixel(&card, 720.0 - 24.0 - 52.0 + 13.0, 92.0 + 22.0);
    assert_eq!(won, [0xff, 0xb0, 0x00], "{won:?}");
    // dave's (fourth row), lost: a ring, hollow at its centre.
    let lost = pixel(&card, 720.0 - 24.0 - 52.0 + 13.0, 92.0 + 3.0 * 40.0 + 22.0);
    assert_ne!(lost, [0xff, 0xb0, 0x00], "{lost:?}");
    let r = joined(&last);
    assert!(r.contains("Tournament #1 is over: **bob** wins"), "{r}");
    assert!(
        r.contains("Prizes: 1. bob 240, 2. carol 120 and 3. alice 40"),
        "{r}"
    );
    assert_eq!(credits(&mut c, "bob"), 1140);
    assert_eq!(credits(&mut c, "carol"), 1020);
    assert_eq!(credits(&mut c, "alice"), 940);
    assert_eq!(credits(&mut c, "dave"), 900);
    let shown = one(&mut c, "dave: /tournament action:show");
    assert!(text(&shown).contains("over"), "{shown}");
    assert!(text(&shown).contains("1. bob"), "{shown}");
    audit(&dir);
}

#[test]
fn a_swiss_of_five_over_three_rounds_gives_byes_and_never_repeats_a_pairing() {
    let (mut c, dir) = console("tour-swiss");
    one(
        &mut c,
        "admin: /tournament action:create game:dejarik format:swiss rounds:3 entry:50 starts:1",
    );
    let players = ["p1", "p2", "p3", "p4", "p5"];
    for who in players {
        one(&mut c, &format!("{who}: /tournament action:join"));
    }
    let mut out = joined(&all(&mut c, "!wait 2m"));
    let mut byes = Vec::new();
    let mut pairs: Vec<(String, String)> = Vec::new();
    for round in 1..=3 {
        let head = format!("Tournament #1, round {round}: ");
        let line = out
            .lines()
            .find(|l| l.starts_with(&head))
            .unwrap_or_else(|| panic!("no round {round} in {out}"))
            .to_string();
        let bye = line
            .split("Bye (a win): ")
            .nth(1)
            .unwrap()
            .trim_end_matches('.');
        byes.push(bye.to_string());
        let tables: Vec<(String, String)> = line
            .split("): ")
            .skip(1)
            .filter_map(|t| {
                let t = t.split(';').next().unwrap().split('.').next().unwrap();
                let (a, b) = t.split_once(" – ")?;
                Some((a.trim().to_string(), b.trim().to_string()))
            })
            .collect();
        assert_eq!(tables.len(), 2, "{line}");
        for (a, b) in &tables {
            assert!(
                !pairs
                    .iter()
                    .any(|(x, y)| (x == a && y == b) || (x == b && y == a)),
                "{a} and {b} meet twice"
            );
            pairs.push((a.clone(), b.clone()));
        }
        // The second seat of each table resigns.
        out.clear();
        for (_, b) in &tables {
            out.push_str(&joined(&all(&mut c, &format!("{b}: /resign"))));
            out.push('\n');
        }
    }
    byes.sort();
    byes.dedup();
    assert_eq!(byes.len(), 3, "three different byes: {byes:?}");
    assert!(out.contains("Tournament #1 is over"), "{out}");
    // 250 credits: 150, 75 and 25.
    assert!(out.contains(" 150, 2. "), "{out}");
    let total: i64 = players.iter().map(|p| credits(&mut c, p)).sum();
    assert_eq!(total, 5 * 1000, "the pot is paid out whole");
    audit(&dir);
}

#[test]
fn a_full_d_zone_tournament_starts_at_once_and_seats_three_a_table() {
    let (mut c, dir) = console("tour-dzone");
    one(
        &mut c,
        "admin: /tournament action:create game:dzone format:knockout seats:3 players:3",
    );
    for who in ["p1", "p2"] {
        one(&mut c, &format!("{who}: /tournament action:join"));
    }
    // The third entry fills it: it starts at once, without waiting for its time.
    let out = joined(&all(&mut c, "p3: /tournament action:join"));
    assert!(
        out.contains("Tournament #1, round 1: board 1 (table #1): p1 – p2 – p3"),
        "{out}"
    );
    let late = one(&mut c, "p4: /tournament action:join");
    assert_eq!(late["ephemeral"], true);
    assert!(
        text(&late).contains("has started: entries are closed"),
        "{late}"
    );
    // Two leave; the last one in wins the table and the tournament.
    all(&mut c, "p2: /resign");
    let out = joined(&all(&mut c, "p3: /resign"));
    assert!(out.contains("Tournament #1 is over: **p1** wins"), "{out}");
    assert!(
        !out.contains("Prizes"),
        "a free tournament names no prizes: {out}"
    );
    audit(&dir);
}

#[test]
fn a_tournament_killed_between_rounds_resumes_where_it_was() {
    let (mut c, dir) = console("tour-restart");
    one(
        &mut c,
        "alice: /tournament action:create game:dejarik format:knockout entry:10 starts:1",
    );
    for who in ["a", "b", "c", "d"] {
        one(&mut c, &format!("{who}: /tournament action:join"));
    }
    all(&mut c, "!wait 2m");
    all(&mut c, "d: /resign");
    // The process ends with one table of the round still in play; a new one takes over.
    drop(c);
    let mut c = reopen(&dir);
    let out = joined(&all(&mut c, "c: /resign"));
    assert!(
        out.contains("Tournament #1, round 2: board 1 (table #3): b – a"),
        "{out}"
    );
    drop(c);
    let mut c = reopen(&dir);
    let shown = text(&one(&mut c, "a: /tournament action:show"));
    assert!(shown.contains("round 2"), "{shown}");
    assert!(
        shown.contains("Round 2, board 1: table #3, b – a (playing)"),
        "{shown}"
    );
    let out = joined(&all(&mut c, "b: /resign"));
    assert!(out.contains("**a** wins"), "{out}");
    audit(&dir);
}

/// A process that died in the middle of a tournament's step, at either of its two
/// windows: after a round's last table was settled but before the next round began, and
/// after the next round began but before its tables were opened. The next process picks
/// the tournament up where the stored state says it is.
#[test]
fn a_tournament_resumes_from_either_crash_window_of_a_round() {
    use holotable::ledger::{Durability, Ledger};
    let (mut c, dir) = console("tour-windows");
    one(
        &mut c,
        "alice: /tournament action:create game:dejarik format:knockout entry:10 starts:1",
    );
    for who in ["a", "b", "c", "d"] {
        one(&mut c, &format!("{who}: /tournament action:join"));
    }
    all(&mut c, "!wait 2m");
    drop(c);

    // Window 1: round 1's tables settled by a process that died before the next step.
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
    let settled = r#"{"points":[1,0],"reason":"test"}"#;
    for table in [1, 2] {
        let row = ledger.table(table).unwrap();
        ledger
            .finish_table("console", table, &[1, 0], &row.position, settled)
            .unwrap();
    }
    drop(ledger);
    let mut c = reopen(&dir);
    // The first line's clock tick finds round 1 over and opens round 2.
    let out = joined(&all(&mut c, "a: /tournament action:show"));
    assert!(
        out.contains("Tournament #1, round 2: board 1 (table #3): b – a"),
        "{out}"
    );
    drop(c);

    // Window 2: the final settled, then a second tournament's round begun but not opened.
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
    let row = ledger.table(3).unwrap();
    ledger
        .finish_table("console", 3, &[1, 0], &row.position, settled)
        .unwrap();
    drop(ledger);
    let mut c = reopen(&dir);
    let out = joined(&all(&mut c, "a: /balance"));
    assert!(out.contains("Tournament #1 is over: **b** wins"), "{out}");
    one(
        &mut c,
        "alice: /tournament action:create game:dejarik format:knockout players:3",
    );
    one(&mut c, "x: /tournament action:join tournament:2");
    one(&mut c, "y: /tournament action:join tournament:2");
    drop(c);
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
    let z = ledger.open_account("console", "z").unwrap();
    assert!(!z.replayed);
    ledger.join_tournament("console", 2, "z").unwrap();
    let seeds: Vec<String> = ["x", "y", "z"].map(String::from).to_vec();
    assert!(ledger
        .begin_round("console", 2, 1, &seeds, &["x".to_string()])
        .unwrap());
    drop(ledger);
    let mut c = reopen(&dir);
    let out = joined(&all(&mut c, "x: /tournament action:show tournament:2"));
    assert!(
        out.contains("Tournament #2, round 1: board 1 (table #4): y – z. Bye (a win): x."),
        "{out}"
    );
    audit(&dir);
}

#[test]
fn a_player_who_never_moves_loses_on_the_tournaments_clock() {
    let (mut c, dir) = console("tour-clock");
    one(
        &mut c,
        "alice: /tournament action:create game:dejarik format:knockout clock:5 players:2",
    );
    one(&mut c, "a: /tournament action:join");
    let out = joined(&all(&mut c, "b: /tournament action:join"));
    assert!(out.contains("a to move"), "{out}");
    // a does not show up: five minutes later the clock ends the table, and the tournament.
    let out = joined(&all(&mut c, "!wait 4m"));
    assert!(!out.contains("is over"), "{out}");
    let out = joined(&all(&mut c, "!wait 2m"));
    assert!(out.contains("Tournament #1 is over: **b** wins"), "{out}");
    audit(&dir);
}
