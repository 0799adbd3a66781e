//! The process's memory over a long run (issue 52): 10,000 tables opened, played to their
//! end and watched (their live view read before and after the last move), one after the
//! other in channels of their own. What the application keeps about them is bounded, so
//! the resident memory levels off; it is printed every 1,000 tables.
//!
//! Run with `cargo bench --bench memory` (release build; a few minutes).

use holotable::table::commands::{Move, Press};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;

use holotable::ledger::{Durability, Ledger};
use holotable::table::{commands, Actor, App, Command, Lines, Settings};

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn actor(user: &str, channel: &str) -> Actor {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    Actor {
        guild: "g".into(),
        channel: channel.into(),
        parent: None,
        user: user.into(),
        name: user.into(),
        interaction: format!("memory-{n}"),
        admin: false,
        lang: Default::default(),
        joined: None,
        created: None,
    }
}

/// The resident memory of this process, in MiB.
fn resident_mib() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0.0);
    pages * 4096.0 / (1024.0 * 1024.0)
}

fn main() {
    let lang = holotable::words::Lang::En;
    let tables: usize = std::env::var("BENCH_TABLES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let dir = std::env::temp_dir().join(format!("holotable-bench-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let clock = Arc::new(AtomicI64::new(1_800_000_000));
    let time = Arc::clone(&clock);
    let app = App::new(
        Ledger::open(&dir.join("m.db"), Durability::Normal).unwrap(),
        Settings::default(),
        // A minute a command: no cooldown ever answers instead.
        Arc::new(move || time.fetch_add(60, Ordering::Relaxed)),
    );
    // DJ-5.1: white to move wins at once with o4-i4.
    let mut play = BTreeMap::new();
    play.insert("game".to_string(), "dejarik".to_string());
    play.insert("opponent".to_string(), "bob".to_string());
    play.insert(
        "setup".to_string(),
        "i1,i2,i3,o4/o7,o8,o9,o10/w:-".to_string(),
    );
    let started = std::time::Instant::now();
    println!("tables  resident MiB  seconds");
    for n in 1..=tables {
        let channel = format!("c{n}");
        let opened = app.handle(
            &actor("alice", &channel),
            commands::parse(lang, "play", &play).unwrap(),
        );
        let accept = opened[0]
            .buttons()
            .find(|b| b.label.id() == Some("button-accept"))
            .expect("a challenge")
            .control
            .clone();
        app.handle(
            &actor("bob", &channel),
            Command::Press(Press { control: accept }),
        );
        let row = app.ledger().active_table("g", &channel).unwrap().unwrap();
        let token = app.watch_token(row.id).unwrap();
        let watched = app.watched(&token).unwrap().unwrap();
        app.spectate(&watched, Default::default(), Lines::All)
            .unwrap();
        let won = app.handle(
            &actor("alice", &channel),
            Command::Move(Move {
                action: "o4-i4".into(),
            }),
        );
        assert!(won[0].text.contains("alice wins"), "{}", won[0].text);
        let ended = app.watched(&token).unwrap().unwrap();
        app.spectate(&ended, Default::default(), Lines::All)
            .unwrap();
        if n % 1_000 == 0 || n == tables {
            println!(
                "{n:>6}  {:>12.1}  {:>7.1}",
                resident_mib(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
