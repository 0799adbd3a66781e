//! The ledger under concurrent writers and under SIGKILL (P-6.1, P-6.2, P-6.5), on SQLite
//! and on PostgreSQL: gifts, spins, purchases from the shop, tournament pots, wagered
//! tables and the side bets on them.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use holotable::ledger::shop::ShopRefusal;
use holotable::ledger::tables::{NewTable, Terms};
use holotable::ledger::tournaments::{Format, NewTournament};
use holotable::ledger::{Durability, Ledger, LedgerError};

#[macro_use]
#[path = "common/db.rs"]
mod db;
use db::Db;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const G: &str = "g";
const HOT: [&str; 3] = ["ann", "ben", "cat"];

/// One random money operation on the hot accounts; returns the idempotency key it used when
/// the operation was acknowledged (committed).
fn random_operation(
    ledger: &Ledger,
    rng: &mut ChaCha8Rng,
    tag: &str,
    n: usize,
) -> Result<Option<String>, LedgerError> {
    let a = HOT[rng.random_range(0..HOT.len())];
    let b = HOT
        [(HOT.iter().position(|x| *x == a).unwrap() + rng.random_range(1..HOT.len())) % HOT.len()];
    let key = format!("{tag}-{n}");
    let outcome = match rng.random_range(0..6) {
        0 | 1 => ledger
            .give(G, &key, a, b, rng.random_range(1..400))
            .map(|_| format!("give:{key}")),
        2 => ledger
            .spin(G, &key, a, Some(rng.random_range(1..50)))
            .map(|_| format!("spin:{key}")),
        5 => {
            // A tournament of two: both entries into its pot, the pot to one of them.
            let id = ledger
                .create_tournament(
                    G,
                    &key,
                    &NewTournament {
                        channel: &key,
                        creator: a,
                        game: "dejarik",
                        options: "{}",
                        format: Format::Knockout,
                        rounds: 0,
                        seats: 2,
                        max_players: 2,
                        entry: 20,
                        starts_at: 0,
                        clock: 0,
                    },
                )?
                .value;
            let mut players = Vec::new();
            for p in [a, b] {
                match ledger.join_tournament(G, id, p) {
                    Ok(_) => players.push(p.to_string()),
                    Err(LedgerError::InsufficientFunds { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
            let paid: Vec<(String, i64)> = players
                .first()
                .map(|p| vec![(p.clone(), 20 * players.len() as i64)])
                .unwrap_or_default();
            ledger
                .end_tournament(G, id, &players, &paid, false)
                .map(|_| format!("tend:{id}"))
        }
        3 => {
            // One of many items, so that members keep buying as the run goes on.
            let item = format!("item-{}", rng.random_range(0..20));
            match ledger.buy(G, &key, a, (&item, "set"), rng.random_range(1..20)) {
                Err(LedgerError::Shop(ShopRefusal::Owned(_))) => return Ok(None),
                other => other.map(|_| format!("buy:{key}")),
            }
        }
        _ => {
            let table = ledger
                .create_table(
                    G,
                    &NewTable {
                        channel: &key,
                        game: "dejarik",
                        options: "{}",
                        stake: 50,
                        per_point: 0,
                        target: 0,
                        seed: "s",
                        start_position: "p",
                        seats: &[a, b],
                        deadline: None,
                        terms: Terms::new(a, 2, 3, holotable::droid::MIND),
                    },
                )?
                .id;
            match ledger.start_table(G, table, None) {
                Ok(_) => {
                    // The third member backs a seat: the pool is settled with the table.
                    let c = HOT.iter().find(|u| **u != a && **u != b).unwrap();
                    let seat = rng.random_range(0..2);
                    let amount = rng.random_range(1..100);
                    match ledger.place_bet(G, &key, table, c, seat, amount) {
                        Ok(_) | Err(LedgerError::InsufficientFunds { .. }) => {}
                        Err(e) => return Err(e),
                    }
                    ledger
                        .finish_table(
                            G,
                            table,
                            &[rng.random_range(0..3), rng.random_range(0..3)],
                            "p",
                            "r",
                        )
                        .map(|_| format!("settle:{table}"))
                }
                Err(e) => {
                    // A challenge nobody can cover is declined.
                    ledger.cancel_table(G, table, "declined")?;
                    Err(e)
                }
            }
        }
    };
    match outcome {
        Ok(key) => Ok(Some(key)),
        // Running out of credits is the one expected refusal under this load.
        Err(LedgerError::InsufficientFunds { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

fn eight_writers_on_hot_accounts_conserve_every_credit(db: &Db) {
    {
        let ledger = db.open();
        for u in HOT {
            ledger.open_account(G, u).unwrap();
        }
    }
    let errors = Arc::new(Mutex::new(Vec::new()));
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let location = db.location.clone();
            let errors = Arc::clone(&errors);
            std::thread::spawn(move || {
                // Each thread is its own connection, as separate processes would be.
                let ledger = Ledger::open_at(&location, Durability::Normal).unwrap();
                let mut rng = ChaCha8Rng::seed_from_u64(t);
                for n in 0..150 {
                    if let Err(e) = random_operation(&ledger, &mut rng, &format!("t{t}"), n) {
                        errors
                            .lock()
                            .unwrap()
                            .push(format!("thread {t} op {n}: {e}"));
                    }
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let errors = errors.lock().unwrap();
    assert!(errors.is_empty(), "errors surfaced to callers: {errors:?}");
    let ledger = db.open();
    let audit = ledger.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    assert_eq!(audit.sum, 0);
    assert_eq!(audit.negative_balances, 0);
    assert_eq!(audit.open_escrow, 0);
    let bets = db.count("SELECT COUNT(*) FROM side_bets WHERE user_id <> ?1", "");
    assert!(bets > 50, "only {bets} side bets were placed");
    let bought = db.count("SELECT COUNT(*) FROM purchases WHERE user_id <> ?1", "");
    assert!(bought > 30, "only {bought} purchases were made");
    let ended = db.count(
        "SELECT COUNT(*) FROM tournaments WHERE result IS NOT NULL AND creator <> ?1",
        "",
    );
    assert!(ended > 50, "only {ended} tournaments ended");
}

/// The child side of the crash test: runs operations until killed, printing each key once
/// its operation has committed. Does nothing unless started by the crash test.
#[test]
fn crash_child() {
    let (Ok(path), Ok(round)) = (
        std::env::var("HOLOTABLE_CRASH_DB"),
        std::env::var("HOLOTABLE_CRASH_ROUND"),
    ) else {
        return;
    };
    let ledger = Ledger::open_at(&path, Durability::Full).unwrap();
    for u in HOT {
        ledger.open_account(G, u).unwrap();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(round.parse().unwrap());
    for n in 0..100_000 {
        if let Some(key) = random_operation(&ledger, &mut rng, &format!("r{round}"), n).unwrap() {
            println!("ACK {key}");
        }
    }
}

fn sigkill_at_random_moments_loses_no_acknowledged_operation(db: &Db) {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut acknowledged_total = 0;
    for round in 0..12 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "crash_child", "--nocapture", "--test-threads=1"])
            .env("HOLOTABLE_CRASH_DB", &db.location)
            .env("HOLOTABLE_CRASH_ROUND", round.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let acked = Arc::new(Mutex::new(Vec::new()));
        let reader = {
            let acked = Arc::clone(&acked);
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if let Some(key) = line.strip_prefix("ACK ") {
                        acked.lock().unwrap().push(key.to_string());
                    }
                }
            })
        };
        std::thread::sleep(Duration::from_millis(rng.random_range(30..400)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        reader.join().unwrap();

        let ledger = db.open_with(Durability::Full);
        let audit = ledger.audit().unwrap();
        assert!(audit.ok, "round {round}: {audit:?}");
        let acked = acked.lock().unwrap();
        acknowledged_total += acked.len();
        for key in acked.iter() {
            let found = db.count("SELECT COUNT(*) FROM operations WHERE key = ?1", key);
            assert_eq!(found, 1, "round {round}: acknowledged {key} is missing");
        }
    }
    assert!(
        acknowledged_total > 50,
        "the children did too little to test anything: {acknowledged_total}"
    );
}

on_both!(
    eight_writers_on_hot_accounts_conserve_every_credit,
    sigkill_at_random_moments_loses_no_acknowledged_operation,
);
