//! A console on a fresh SQLite file for the games' table tests, with replies as JSON.

#![allow(dead_code)]

use std::sync::atomic::AtomicI64;
use std::sync::Arc;

use holotable::front::console::{self, Console, ConsoleOptions};
use holotable::ledger::{Durability, Ledger};
use holotable::table::{App, Settings};
use serde_json::Value;

/// A console and its directory (the database `h.db`, boards under `boards/`), named for
/// the test so that tests running at once never share one.
pub fn console(name: &str) -> (Console, std::path::PathBuf) {
    sweep_stale();
    let dir = std::env::temp_dir().join(format!("holotable-table-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    (reopen(&dir), dir)
}

/// A console on a copy of the database file `db` (a fixture), in a directory of its own.
pub fn console_on(name: &str, db: &std::path::Path) -> (Console, std::path::PathBuf) {
    sweep_stale();
    let dir = std::env::temp_dir().join(format!("holotable-table-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(db, dir.join("h.db")).unwrap_or_else(|e| panic!("{}: {e}", db.display()));
    (reopen(&dir), dir)
}

/// A console on the database a test made in `dir` with [`console`], as a restarted bot
/// would open it.
pub fn reopen(dir: &std::path::Path) -> Console {
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
    console_with(ledger, dir)
}

/// A console on `ledger` (of either engine), its boards written under `dir`.
pub fn console_with(ledger: Ledger, dir: &std::path::Path) -> Console {
    let offset = Arc::new(AtomicI64::new(0));
    let app = App::new(
        ledger,
        Settings::default(),
        console::clock(Arc::clone(&offset)),
    );
    let options = ConsoleOptions {
        json: true,
        out: dir.join("boards"),
        ..ConsoleOptions::default()
    };
    Console::new(app, options, offset)
}

/// The replies to one line.
pub fn say(c: &mut Console, line: &str) -> Vec<Value> {
    c.line(line)
        .unwrap()
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The first reply to `line` (there must be one).
pub fn one(c: &mut Console, line: &str) -> Value {
    let replies = say(c, line);
    assert!(!replies.is_empty(), "{line}: no reply");
    replies[0].clone()
}

/// The reply to `line`, a refusal (to its user alone) that says `words`.
pub fn refused(c: &mut Console, line: &str, words: &str) {
    let reply = one(c, line);
    assert_eq!(reply["ephemeral"], true, "{line}: not refused: {reply}");
    assert!(text(&reply).contains(words), "{line}: {reply}");
}

/// `who`'s credits, as `/balance` says them.
pub fn credits(c: &mut Console, who: &str) -> i64 {
    let reply = one(c, &format!("{who}: /balance"));
    let words = text(&reply);
    let (_, after) = words.split_once(": ").unwrap_or_else(|| panic!("{reply}"));
    let number = after.split(' ').next().unwrap_or_default();
    number.parse().unwrap_or_else(|_| panic!("{reply}"))
}

pub fn text(v: &Value) -> String {
    v["text"].as_str().unwrap_or("").to_string()
}

/// A list of strings of a reply (`choices`, `buttons`, `mentions`).
pub fn strings(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|c| c.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// The size of a PNG file, read from its header.
pub fn png_size(path: &str) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    (info.width, info.height)
}

/// Says `line` (a pick from a move menu, `user: {choice}`) and follows the menu's steps,
/// each answered to the user alone with the next menu, by their first entries until a
/// move is played. Returns the last reply (the board after the move, or a refusal).
pub fn pick_move(c: &mut Console, line: &str) -> Value {
    let user = line.split(':').next().unwrap_or("player").to_string();
    let mut last = say(c, line).pop().unwrap();
    for _ in 0..20 {
        let next = strings(&last, "choices");
        if !(last["ephemeral"] == true && last["menu"].is_array() && !next.is_empty()) {
            break;
        }
        last = say(c, &format!("{user}: {{{}}}", next[0])).pop().unwrap();
    }
    last
}

include!("scratch.rs");
