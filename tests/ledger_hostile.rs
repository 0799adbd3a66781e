//! The ledger against hostile members on both engines (issue 52): seats taken by many
//! writers at once, amounts near the ledger's bound refused before any escrow, and a writer
//! that panics leaving nothing half-written and no lock held.

use std::sync::mpsc;
use std::time::Duration;

use holotable::ledger::args;
use holotable::ledger::economy::Setting;
use holotable::ledger::store::Store;
use holotable::ledger::tables::{NewTable, Terms};
use holotable::ledger::wagers::max_stake;
use holotable::ledger::{Durability, Ledger, LedgerError, DROID, MAX_AMOUNT};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

#[macro_use]
#[path = "common/db.rs"]
mod db;
use db::Db;

const G: &str = "guild";

fn open_table(
    l: &Ledger,
    guild: &str,
    channel: &str,
    stake: i64,
    seats: &[&str],
    of: usize,
) -> i64 {
    l.create_table(
        guild,
        &NewTable {
            channel,
            game: "dejarik",
            options: "{}",
            stake,
            per_point: 0,
            target: 0,
            seed: "00ff",
            start_position: "start",
            seats,
            deadline: None,
            terms: Terms::new(seats[0], of, 3, holotable::droid::MIND),
        },
    )
    .unwrap()
    .id
}

fn seats_are_taken_atomically_by_many_writers(db: &Db) {
    // Eight presses at once, each through its own connection (as from several processes):
    // a table of three with its creator seated takes exactly two more, never one member
    // twice; the others are told why, in the ledger's own refusals.
    let l = db.open();
    for round in 0..3 {
        let table = open_table(&l, G, &format!("race{round}"), 0, &["a"], 3);
        let users = ["b", "c", "b", "d", "b", "c", "e", "b"];
        let results: Vec<Result<usize, String>> = std::thread::scope(|scope| {
            let presses: Vec<_> = users
                .iter()
                .map(|user| {
                    let location = db.location.clone();
                    scope.spawn(move || {
                        let l = Ledger::open_at(&location, Durability::Normal).unwrap();
                        match l.add_seat(table, user) {
                            Ok(row) => Ok(row.seats.len()),
                            Err(
                                e @ (LedgerError::TableFull(_) | LedgerError::AlreadySeated(_)),
                            ) => Err(e.to_string()),
                            Err(other) => panic!("not a refusal: {other}"),
                        }
                    })
                })
                .collect();
            presses.into_iter().map(|p| p.join().unwrap()).collect()
        });
        let seated = l.table(table).unwrap().seats;
        assert_eq!(seated.len(), 3, "{seated:?} {results:?}");
        let mut distinct = seated.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 3, "a member seated twice: {seated:?}");
        assert_eq!(
            results.iter().filter(|r| r.is_ok()).count(),
            2,
            "{results:?}"
        );
    }
    // The droid may fill several seats; a member may not sit twice, even one by one.
    let table = open_table(&l, G, "droids", 0, &["a"], 4);
    l.add_seat(table, DROID).unwrap();
    l.add_seat(table, DROID).unwrap();
    assert!(matches!(
        l.add_seat(table, "a"),
        Err(LedgerError::AlreadySeated(_))
    ));
    l.add_seat(table, "b").unwrap();
    assert!(matches!(
        l.add_seat(table, "c"),
        Err(LedgerError::TableFull(_))
    ));
}

/// One case near the bound: a table of `seats` members, each holding the whole bound,
/// wagering `stake`. Refused up front past the bound with nothing changed; else escrowed
/// and paid out whole.
fn wager_near_the_bound(l: &Ledger, case: u32, seats: usize, stake: i64) {
    let guild = format!("bound{case}");
    l.set_economy(&guild, Setting::StartingBalance, MAX_AMOUNT)
        .unwrap();
    let users: Vec<String> = (0..seats).map(|s| format!("m{s}")).collect();
    for user in &users {
        l.open_account(&guild, user).unwrap();
    }
    let refs: Vec<&str> = users.iter().map(String::as_str).collect();
    let table = open_table(l, &guild, "c", stake, &refs, seats);
    let started = l.start_table(&guild, table, None);
    if stake > max_stake(seats) {
        assert!(
            matches!(started, Err(LedgerError::AmountTooLarge { max }) if max == max_stake(seats)),
            "{started:?}"
        );
        for user in &users {
            assert_eq!(l.balance(&guild, user).unwrap().credits, MAX_AMOUNT);
        }
    } else {
        started.unwrap();
        let mut points = vec![0; seats];
        points[0] = 1;
        let settled = l
            .finish_table(&guild, table, &points, "end", "won")
            .unwrap();
        assert_eq!(settled.value.payouts[0], stake * seats as i64);
        assert_eq!(
            l.balance(&guild, &users[0]).unwrap().credits,
            MAX_AMOUNT + stake * (seats as i64 - 1)
        );
    }
    let audit = l.audit().unwrap();
    assert!(audit.ok && audit.open_escrow == 0, "{audit:?}");
}

fn wagers_near_the_bound_are_refused_up_front_or_paid_whole(db: &Db) {
    let l = db.open();
    let mut case = 0;
    // Each side of the bound exactly, for every table size.
    for seats in 2..=4 {
        for stake in [max_stake(seats), max_stake(seats) + 1] {
            case += 1;
            wager_near_the_bound(&l, case, seats, stake);
        }
    }
    // And amounts drawn around it (fewer on PostgreSQL, where each case is a round trip
    // or twenty).
    let cases = if db.postgres { 12 } else { 48 };
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (2usize..=4).prop_flat_map(|seats| {
        let max = max_stake(seats);
        (Just(seats), (max - 1_000)..=(max + 1_000))
    });
    let next = std::sync::atomic::AtomicU32::new(case);
    runner
        .run(&strategy, |(seats, stake)| {
            let case = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            wager_near_the_bound(&l, case, seats, stake);
            Ok(())
        })
        .unwrap();
}

fn side_bet_pools_and_spins_stop_at_the_bound(db: &Db) {
    let l = db.open();
    l.set_economy(G, Setting::StartingBalance, MAX_AMOUNT)
        .unwrap();
    for user in ["a", "b", "x", "y", "z"] {
        l.open_account(G, user).unwrap();
    }
    let table = open_table(&l, G, "bets", 50, &["a", "b"], 2);
    l.place_bet(G, "k1", table, "x", 0, MAX_AMOUNT - 10)
        .unwrap();
    let refused = l.place_bet(G, "k2", table, "y", 1, 11);
    assert!(
        matches!(
            refused,
            Err(LedgerError::Bet(
                holotable::ledger::bets::BetRefusal::PoolFull { room: 10, .. }
            ))
        ),
        "{refused:?}"
    );
    l.place_bet(G, "k3", table, "z", 1, 10).unwrap();
    l.start_table(G, table, None).unwrap();
    l.finish_table(G, table, &[1, 0], "end", "won").unwrap();
    assert_eq!(l.balance(G, "x").unwrap().credits, MAX_AMOUNT + 10);
    let max_bet = holotable::ledger::slots::MAX_BET;
    assert!(matches!(
        l.spin(G, "s1", "y", Some(max_bet + 1)),
        Err(LedgerError::AmountTooLarge { max }) if max == max_bet
    ));
    l.spin(G, "s2", "y", Some(max_bet)).unwrap();
    assert!(l.audit().unwrap().ok);
}

fn a_writer_that_panics_leaves_nothing_and_holds_no_lock(db: &Db) {
    let l = db.open();
    l.open_account(G, "a").unwrap();
    let store = |location: &str| {
        if db.postgres {
            Store::postgres(location).unwrap()
        } else {
            Store::sqlite(std::path::Path::new(location), Durability::Normal).unwrap()
        }
    };
    let first = store(&db.location);
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        first.write::<()>(Some(G), |tx| {
            tx.execute(
                "UPDATE accounts SET balance = balance + 500 WHERE owner = ?1",
                args!["a"],
            )?;
            panic!("a writer dies half-way");
        })
    }));
    assert!(panicked.is_err());
    // The next write of the same process goes on, and commits only its own work.
    first
        .write(Some(G), |tx| {
            tx.execute(
                "UPDATE accounts SET slot_seed = 'next' WHERE owner = ?1",
                args!["a"],
            )
        })
        .unwrap();
    assert_eq!(
        l.balance(G, "a").unwrap().credits,
        1000,
        "the half-write was kept"
    );
    // Another process takes the guild's lock at once: the dead writer's connection let it go.
    let (sent, received) = mpsc::channel();
    let location = db.location.clone();
    let postgres = db.postgres;
    std::thread::spawn(move || {
        let other = if postgres {
            Store::postgres(&location).unwrap()
        } else {
            Store::sqlite(std::path::Path::new(&location), Durability::Normal).unwrap()
        };
        let wrote = other.write(Some(G), |tx| {
            tx.execute(
                "UPDATE accounts SET slot_seed = 'other' WHERE owner = ?1",
                args!["a"],
            )
        });
        let _ = sent.send(wrote.is_ok());
    });
    assert_eq!(
        received.recv_timeout(Duration::from_secs(20)),
        Ok(true),
        "the guild's lock is still held"
    );
    drop(first);
    assert!(l.audit().unwrap().ok);
}

on_both!(
    seats_are_taken_atomically_by_many_writers,
    wagers_near_the_bound_are_refused_up_front_or_paid_whole,
    side_bet_pools_and_spins_stop_at_the_bound,
    a_writer_that_panics_leaves_nothing_and_holds_no_lock,
);
