//! The console on PostgreSQL (docs/CONTRACT.md P-7, P-10): the same wagered games give the same
//! replies and the same balances as on SQLite, a series opened by one console process is
//! finished by another, and `holotable audit` checks the PostgreSQL ledger.

#[path = "common/pg.rs"]
mod pg;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

const QUICK: &str = "setup:\"i1,i2,i3,o4/o7,o8,o9,o10/w:-\"";

/// One console process on `db` (a SQLite file or a URL); its JSON replies.
fn console(db: &str, out: &Path, script: &str) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["console", "--json", "--db", db, "--out"])
        .arg(out)
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
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A reply without what differs between two runs: image paths, and the seeds and
/// commitments (fresh random hex each run).
fn comparable(reply: &Value) -> Value {
    let mut reply = reply.clone();
    if let Some(map) = reply.as_object_mut() {
        map.remove("images");
        map.remove("files");
        // The clock's deadline is the wall clock's, a second apart from one run to the next.
        if let Some(table) = map.get_mut("table").and_then(Value::as_object_mut) {
            table.remove("deadline");
        }
    }
    let text = reply["text"].as_str().unwrap_or("").to_string();
    let words: Vec<String> = text
        .split('`')
        .map(|part| {
            if part.len() >= 16 && part.chars().all(|c| c.is_ascii_hexdigit()) {
                "<hex>".to_string()
            } else {
                part.to_string()
            }
        })
        .collect();
    reply["text"] = Value::from(words.join("`"));
    reply
}

fn credits(reply: &Value) -> i64 {
    let text = reply["text"].as_str().unwrap();
    text.split(": ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .replace(',', "")
        .parse()
        .unwrap()
}

#[test]
fn wagered_games_on_postgresql_pay_what_they_pay_on_sqlite() {
    let Some(url) = pg::database("console") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("holotable-pgconsole-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sqlite = dir.join("h.db").to_string_lossy().to_string();
    // A single game to a win, then a series to 12 opened by one process …
    let first = format!(
        "alice: /play game:dejarik opponent:bob wager:100 {QUICK}\n\
         bob: [Accept]\n\
         alice: {{o4-i4}}\n\
         alice: /balance\n\
         bob: /balance\n\
         alice: /play game:dejarik opponent:bob wager:100 to:12 {QUICK}\n\
         bob: [Accept]\n\
         alice: /move action:o4-i4\n\
         alice: /move action:o4-i4\n"
    );
    // … and finished by another.
    let second = "bob: /move action:o7-i7\n\
                  alice: /move action:o4-i4\n\
                  alice: /move action:o4-i4\n\
                  bob: /move action:o7-i7\n\
                  alice: /move action:o4-i4\n\
                  alice: /balance\n\
                  bob: /balance\n\
                  alice: /verify\n\
                  bob: /give user:alice amount:25\n\
                  alice: /leaderboard board:credits\n\
                  alice: /stats\n\
                  alice: /history\n\
                  admin: /admin action:take user:bob amount:5 reason:pg\n\
                  admin: /admin action:set setting:wagers value:0\n\
                  admin: /admin action:log\n\
                  admin: /admin action:reset what:economy\n\
                  admin: [Reset the economy]\n\
                  bob: /balance\n";
    let mut runs = Vec::new();
    for db in [sqlite.as_str(), url.as_str()] {
        let out = dir.join(if db == sqlite { "s" } else { "p" });
        let mut replies = console(db, &out, &first);
        replies.extend(console(db, &out, second));
        runs.push(replies);
    }
    let (on_sqlite, on_postgres) = (&runs[0], &runs[1]);
    assert_eq!(on_sqlite.len(), on_postgres.len());
    for (s, p) in on_sqlite.iter().zip(on_postgres) {
        assert_eq!(comparable(s), comparable(p));
    }
    let text = |i: usize| on_postgres[i]["text"].as_str().unwrap().to_string();
    assert!(text(2).contains("alice wins"), "{}", text(2));
    assert_eq!(
        (credits(&on_postgres[3]), credits(&on_postgres[4])),
        (1100, 900)
    );
    assert!(text(13).contains("alice wins the series"), "{}", text(13));
    assert_eq!(
        (credits(&on_postgres[14]), credits(&on_postgres[15])),
        (1200, 800)
    );
    assert!(text(16).contains("verified"), "{}", text(16));
    // Issue 55 on PostgreSQL: a member's history, the admin's controls, log and reset.
    assert!(text(20).contains("won at table #"), "{}", text(20));
    assert!(text(23).contains("admin set wagers to 0"), "{}", text(23));
    assert!(
        text(25).contains("reset this server's economy"),
        "{}",
        text(25)
    );
    assert_eq!(credits(&on_postgres[26]), 1000);
    // The ledger's own check, on the PostgreSQL server.
    let audit = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["audit", "--db", &url])
        .output()
        .unwrap();
    assert!(
        audit.status.success(),
        "{}",
        String::from_utf8_lossy(&audit.stderr)
    );
    let json: Value = serde_json::from_slice(&audit.stdout).unwrap();
    assert_eq!(json["ok"], true, "{json}");
    assert_eq!(json["sum"], 0);
    assert_eq!(json["open_escrow"], 0);
}
