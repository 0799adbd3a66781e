//! Ledger throughput with several processes on one database (docs/CONTRACT.md P-10): `/give`
//! transfers per second with 1, 4 and 8 processes writing at once, on a SQLite file and on
//! a PostgreSQL server (started by the bench, syncing every commit as in production), each
//! process in a guild of its own (as sharded bot processes are) and all in one guild (the
//! worst case: one guild's money is one queue).
//!
//! `cargo bench --bench ledger_processes` (environment: `BENCH_SECS`, seconds per run,
//! default 3). The bench runs itself as the worker processes.

#[path = "../tests/common/pg.rs"]
mod pg;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use holotable::ledger::{Durability, Ledger};

const WORKER: &str = "HOLOTABLE_BENCH_WORKER";

/// A worker: opens the ledger and two accounts in its guild, says READY, waits for GO, gives
/// back and forth for the given time, says how many it gave.
fn worker(location: &str, guild: &str, tag: &str, secs: u64) {
    let ledger = Ledger::open_at(location, Durability::Full).unwrap();
    let (a, b) = (format!("a{tag}"), format!("b{tag}"));
    ledger.open_account(guild, &a).unwrap();
    ledger.open_account(guild, &b).unwrap();
    println!("READY");
    let mut line = String::new();
    std::io::stdin().read_line(&mut line).unwrap();
    let until = Instant::now() + Duration::from_secs(secs);
    let mut n = 0u64;
    while Instant::now() < until {
        let (from, to) = if n.is_multiple_of(2) {
            (&a, &b)
        } else {
            (&b, &a)
        };
        ledger
            .give(guild, &format!("{tag}-{n}"), from, to, 1)
            .unwrap();
        n += 1;
    }
    println!("DONE {n}");
}

/// Transfers per second of `processes` workers on `location`.
fn run(location: &str, processes: usize, one_guild: bool, secs: u64, round: &str) -> f64 {
    let mut children: Vec<_> = (0..processes)
        .map(|i| {
            let guild = if one_guild {
                "g".to_string()
            } else {
                format!("g{i}")
            };
            Command::new(std::env::current_exe().unwrap())
                .env(WORKER, format!("{location}\n{guild}\n{round}{i}\n{secs}"))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut outputs: Vec<_> = children
        .iter_mut()
        .map(|c| BufReader::new(c.stdout.take().unwrap()))
        .collect();
    for out in &mut outputs {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert_eq!(line.trim(), "READY");
    }
    for child in &mut children {
        writeln!(child.stdin.as_mut().unwrap(), "GO").unwrap();
    }
    let mut total = 0u64;
    for out in &mut outputs {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        total += line
            .trim()
            .strip_prefix("DONE ")
            .unwrap()
            .parse::<u64>()
            .unwrap();
    }
    for mut child in children {
        child.wait().unwrap();
    }
    total as f64 / secs as f64
}

fn main() {
    if let Ok(job) = std::env::var(WORKER) {
        let parts: Vec<&str> = job.split('\n').collect();
        worker(parts[0], parts[1], parts[2], parts[3].parse().unwrap());
        return;
    }
    // `cargo bench` passes `--bench`; nothing else is read.
    let secs = std::env::var("BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    std::env::set_var("HOLOTABLE_PG_DURABLE", "1");
    let dir = std::env::temp_dir().join(format!("holotable-bench-procs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sqlite = dir.join("ledger.db").to_string_lossy().to_string();
    let postgres = pg::database("transfers").expect("PostgreSQL's server programs for the bench");
    println!("/give transfers per second, {secs} s per run, every commit synced to disk");
    println!(
        "{:<12} {:<22} {:>10} {:>10} {:>10}",
        "engine", "guilds", "1 proc", "4 procs", "8 procs"
    );
    for (engine, location) in [
        ("SQLite", sqlite.as_str()),
        ("PostgreSQL", postgres.as_str()),
    ] {
        for one_guild in [false, true] {
            let rates: Vec<String> = [1, 4, 8]
                .iter()
                .map(|&n| {
                    let round = format!("{engine}{one_guild}{n}-");
                    format!("{:.0}", run(location, n, one_guild, secs, &round))
                })
                .collect();
            let guilds = if one_guild {
                "all in one guild"
            } else {
                "one guild per process"
            };
            println!(
                "{engine:<12} {guilds:<22} {:>10} {:>10} {:>10}",
                rates[0], rates[1], rates[2]
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
