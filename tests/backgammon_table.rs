//! Backgammon at the table through the console front end (docs/CONTRACT.md P-7): a wagered match
//! to 3 with cube actions — a double taken, a redouble dropped, the Crawford game without
//! a cube, doubling again after it — to the end, with the pot, the token and the audit.

use std::sync::atomic::AtomicI64;
use std::sync::Arc;

use holotable::front::console::{self, Console, ConsoleOptions};
use holotable::ledger::{Durability, Ledger};
use holotable::table::{App, Settings};
use serde_json::Value;

fn console(name: &str) -> (Console, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("holotable-bgtable-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal)
        .and_then(|l| l.with_defaults(Default::default()))
        .unwrap();
    let offset = Arc::new(AtomicI64::new(0));
    let app = App::new(
        ledger,
        Settings::default(),
        console::clock(Arc::clone(&offset)),
    );
    let options = ConsoleOptions {
        json: true,
        out: dir.join("boards"),
        admins: vec![],
        ..ConsoleOptions::default()
    };
    (Console::new(app, options, offset), dir)
}

fn say(c: &mut Console, line: &str) -> Vec<Value> {
    c.line(line)
        .unwrap()
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Says a pick from the move menu and follows its steps (each answered to the player alone)
/// by their first entries until the play is made.
fn pick_move(c: &mut Console, line: &str) -> Value {
    let user = line.split(':').next().unwrap().to_string();
    let mut last = say(c, line).pop().unwrap();
    while last["ephemeral"] == true && last["menu"].is_array() {
        let next = strings(&last, "choices");
        last = say(c, &format!("{user}: {{{}}}", next[0])).pop().unwrap();
    }
    last
}

fn text(v: &Value) -> String {
    v["text"].as_str().unwrap_or("").to_string()
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

#[test]
fn a_wagered_match_to_three_with_the_cube() {
    let (mut c, dir) = console("match");
    let out = say(
        &mut c,
        "alice: /play game:backgammon opponent:bob wager:100 to:3",
    );
    assert!(
        text(&out[0]).contains("challenges bob to Backgammon"),
        "{out:?}"
    );
    let mut last = say(&mut c, "bob: [Accept]").pop().unwrap();
    assert!(
        text(&last).contains("Opening roll: "),
        "the opening roll: {last}"
    );
    assert!(!text(&last).contains("roll "), "no engine notation: {last}");
    let refused = say(&mut c, "alice: /draw");
    assert!(refused[0]["ephemeral"].as_bool().unwrap());
    assert!(text(&refused[0]).contains("no draws"), "{refused:?}");

    let mut doubles = 0;
    let mut crawford_seen = false;
    let mut doubled_after_crawford = false;
    let mut in_crawford = false;
    let mut transcript = Vec::new();
    for _ in 0..5000 {
        let t = text(&last);
        transcript.push(t.clone());
        if t.contains("Next is the Crawford game") {
            crawford_seen = true;
            in_crawford = true;
        } else if in_crawford && t.contains("wins the game") {
            in_crawford = false;
        }
        if t.contains("wins the match") || t.contains("takes the pot") || t.contains("**") {
            break;
        }
        assert!(!last["ephemeral"].as_bool().unwrap(), "refused: {t}");
        let who = if t.ends_with("alice to move.") {
            "alice"
        } else if t.ends_with("bob to move.") {
            "bob"
        } else {
            panic!("whose turn? {t}")
        };
        let buttons = strings(&last, "buttons");
        let choices = strings(&last, "choices");
        let line = if buttons.contains(&"Take".to_string()) {
            // The first double is taken, the redouble dropped, the rest taken.
            if doubles == 2 {
                format!("{who}: [Drop]")
            } else {
                format!("{who}: [Take]")
            }
        } else if buttons.contains(&"Double".to_string()) {
            assert!(!in_crawford, "no cube in the Crawford game (BG-5.3): {t}");
            if doubles < 2 || (crawford_seen && !in_crawford && !doubled_after_crawford) {
                doubles += 1;
                if crawford_seen {
                    doubled_after_crawford = true;
                }
                format!("{who}: [Double]")
            } else {
                format!("{who}: [Roll]")
            }
        } else if buttons.contains(&"Pass".to_string()) {
            format!("{who}: [Pass]")
        } else {
            assert!(!choices.is_empty(), "no way to move: {last}");
            format!("{who}: {{{}}}", choices[0])
        };
        last = pick_move(&mut c, &line);
        // Every board is a PNG on disk.
        for path in strings(&last, "images") {
            let bytes = std::fs::read(&path).unwrap();
            assert!(bytes.starts_with(b"\x89PNG"), "{path}");
        }
    }
    let end = text(&last);
    assert!(end.contains("wins"), "the match ends: {end}");
    assert!(doubles >= 2, "a double and a redouble happened");
    let notes: Vec<&String> = transcript
        .iter()
        .filter(|t| t.contains("wins the game") || t.contains("double"))
        .collect();
    assert!(
        transcript.iter().any(|t| t.contains("(double dropped)")),
        "a dropped redouble ends a game: {notes:#?}"
    );
    // Decisions and dice are told in words, never in engine notation.
    let all = transcript.join("\n");
    for words in [
        "doubles to 2",
        "doubles to 4",
        " takes.",
        " drops.",
        " rolls ",
    ] {
        assert!(all.contains(words), "{words:?} never said");
    }
    for notation in [
        "plays roll",
        "plays double",
        "plays take",
        "plays drop",
        "plays pass",
        "🎲 roll",
    ] {
        assert!(!all.contains(notation), "{notation:?} said");
    }
    assert!(crawford_seen, "someone reached match point minus one");

    // The winner took the pot and a token; the loser lost the stake; the ledger balances.
    let winner = if end.contains("alice wins") {
        "alice"
    } else {
        "bob"
    };
    let loser = if winner == "alice" { "bob" } else { "alice" };
    let balance = say(&mut c, &format!("{winner}: /balance"));
    assert!(
        text(&balance[0]).contains("1100 credits, 1 slot token"),
        "{balance:?}"
    );
    let balance = say(&mut c, &format!("{loser}: /balance"));
    assert!(text(&balance[0]).contains("900 credits"), "{balance:?}");

    // The whole match replays as a GIF, and every roll checks against the revealed seed.
    let replay = say(&mut c, "alice: /replay");
    let gif = strings(&replay[0], "images");
    assert_eq!(gif.len(), 1, "{replay:?}");
    assert!(std::fs::read(&gif[0]).unwrap().starts_with(b"GIF8"));
    let verify = say(&mut c, "bob: /verify");
    assert!(!verify[0]["ephemeral"].as_bool().unwrap(), "{verify:?}");
    assert!(text(&verify[0]).contains("verified"), "{verify:?}");
    assert!(text(&verify[0]).contains("all as played"), "{verify:?}");
    let _ = std::fs::remove_dir_all(dir);
}
