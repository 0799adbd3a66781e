//! The ledger on real SQLite files and PostgreSQL databases: flows, bad input, slots,
//! ratings, tables (P-5, P-6).

use holotable::ledger::calendar::Day;
use holotable::ledger::economy::Setting;
use holotable::ledger::ratings::Board;
use holotable::ledger::slots::{multiplier, stops_from_seed, Symbol, STRIP};
use holotable::ledger::tables::{LoggedAction, NewTable, TableStatus, Terms};
use holotable::ledger::{accounts::commitment, Ledger, LedgerError, DROID, MAX_AMOUNT};

#[macro_use]
#[path = "common/db.rs"]
mod db;
use db::Db;

const G: &str = "guild";

fn credits(l: &Ledger, user: &str) -> i64 {
    l.balance(G, user).unwrap().credits
}

fn assert_audit_ok(l: &Ledger) {
    let audit = l.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    assert_eq!(audit.sum, 0);
}

fn table(l: &Ledger, channel: &str, stake: i64, seats: &[&str]) -> i64 {
    l.create_table(
        G,
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
            terms: Terms::new(seats[0], seats.len(), 3, holotable::droid::MIND),
        },
    )
    .unwrap()
    .id
}

fn accounts_open_with_the_starting_balance_once(db: &Db) {
    let l = db.open();
    let first = l.open_account(G, "alice").unwrap();
    assert!(!first.replayed);
    assert_eq!(first.value.credits, 1000);
    let again = l.open_account(G, "alice").unwrap();
    assert!(again.replayed);
    assert_eq!(credits(&l, "alice"), 1000);
    // Per guild: another guild opens another account.
    l.open_account("other", "alice").unwrap();
    assert_eq!(l.balance("other", "alice").unwrap().credits, 1000);
    assert_audit_ok(&l);
}

fn day(text: &str) -> Day {
    Day::parse(text).unwrap()
}

fn daily_once_per_utc_day(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    let claim = l.daily(G, "alice", day("2026-11-29")).unwrap();
    assert_eq!((claim.value.amount, claim.replayed), (200, false));
    let again = l.daily(G, "alice", day("2026-11-29")).unwrap();
    assert!(again.replayed, "a second claim the same day pays nothing");
    assert_eq!(credits(&l, "alice"), 1200);
    // The next day is the second of a streak: 20 more.
    let next = l.daily(G, "alice", day("2026-11-30")).unwrap();
    assert_eq!((next.value.amount, next.value.streak), (220, 2));
    assert_eq!(credits(&l, "alice"), 1420);
    assert!(matches!(
        l.daily(G, "nobody", day("2026-11-30")),
        Err(LedgerError::UnknownMember(_))
    ));
    assert_audit_ok(&l);
}

fn daily_streaks_grow_to_their_cap_and_a_missed_day_starts_again(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    let first = day("2026-12-01");
    let paid: Vec<(i64, u32)> = (0..13)
        .map(|k| {
            let c = l.daily(G, "alice", Day(first.0 + k)).unwrap().value;
            (c.amount, c.streak)
        })
        .collect();
    // 200, 220, … up to the cap of 400 on day 11, then 400 a day.
    assert_eq!(paid[0], (200, 1));
    assert_eq!(paid[5], (300, 6));
    assert_eq!(paid[10], (400, 11));
    assert_eq!(paid[12], (400, 13));
    // A missed day: the streak starts again.
    let after_gap = l.daily(G, "alice", Day(first.0 + 14)).unwrap().value;
    assert_eq!((after_gap.amount, after_gap.streak), (200, 1));
    // An admin's step and cap apply to the next claims.
    l.set_economy(G, Setting::DailyStreakStep, 50).unwrap();
    l.set_economy(G, Setting::DailyStreakMax, 260).unwrap();
    let c = l.daily(G, "alice", Day(first.0 + 15)).unwrap().value;
    assert_eq!((c.amount, c.streak), (250, 2));
    let c = l.daily(G, "alice", Day(first.0 + 16)).unwrap().value;
    assert_eq!((c.amount, c.streak), (260, 3));
    assert!(l.set_economy(G, Setting::DailyStreakStep, -1).is_err());
    assert!(l
        .set_economy(G, Setting::DailyStreakMax, MAX_AMOUNT + 1)
        .is_err());
    assert_audit_ok(&l);
}

fn give_moves_credits_once_per_key(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    l.open_account(G, "bob").unwrap();
    let gift = l.give(G, "i1", "alice", "bob", 300).unwrap();
    assert_eq!(
        (gift.value.from_balance, gift.value.to_balance),
        (700, 1300)
    );
    // A retried interaction (same key) moves nothing.
    let replay = l.give(G, "i1", "alice", "bob", 300).unwrap();
    assert!(replay.replayed);
    assert_eq!(credits(&l, "alice"), 700);
    assert_audit_ok(&l);
}

fn bad_input_is_refused_and_changes_nothing(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    l.open_account(G, "bob").unwrap();
    let before = l.audit().unwrap();
    for amount in [0, -1, -500, i64::MIN, MAX_AMOUNT + 1, i64::MAX] {
        assert!(
            matches!(
                l.give(G, "k", "alice", "bob", amount),
                Err(LedgerError::InvalidAmount(_))
            ),
            "{amount}"
        );
        assert!(matches!(
            l.grant(G, "k", "alice", amount),
            Err(LedgerError::InvalidAmount(_))
        ));
    }
    assert!(matches!(
        l.give(G, "k", "alice", "alice", 5),
        Err(LedgerError::SelfTransfer)
    ));
    assert!(
        matches!(l.give(G, "k", "alice", "ghost", 5), Err(LedgerError::UnknownMember(u)) if u == "ghost")
    );
    assert!(matches!(
        l.give(G, "k", "ghost", "alice", 5),
        Err(LedgerError::UnknownMember(_))
    ));
    match l.give(G, "k", "alice", "bob", 1001) {
        Err(LedgerError::InsufficientFunds {
            balance, needed, ..
        }) => assert_eq!((balance, needed), (1000, 1001)),
        other => panic!("{other:?}"),
    }
    // The refused key was not consumed: it still works for a valid gift.
    assert!(!l.give(G, "k", "alice", "bob", 10).unwrap().replayed);
    assert_eq!(credits(&l, "alice"), 990);
    let after = l.audit().unwrap();
    assert_eq!(after.transfers, before.transfers + 1);
    assert_audit_ok(&l);
}

/// P-6.3: a playing table's escrow holds its stakes; credits slipped out of it behind the
/// journal's back are named by the table, even when every guild still sums to zero.
fn the_audit_names_an_escrow_short_of_its_stakes(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    l.open_account(G, "bob").unwrap();
    let t = table(&l, "c1", 100, &["alice", "bob"]);
    l.start_table(G, t, None).unwrap();
    assert_audit_ok(&l);
    drop(l);
    db.raw(&format!(
        "UPDATE accounts SET balance = balance - 5 WHERE kind = 'escrow' AND owner = '{t}'"
    ))
    .unwrap();
    db.raw("UPDATE accounts SET balance = balance + 5 WHERE owner = 'alice'")
        .unwrap();
    let audit = db.open().audit().unwrap();
    assert!(!audit.ok);
    assert_eq!(audit.sum, 0);
    let expected = format!("table {t} (playing) holds 195 in escrow, expected 200");
    assert!(audit.problems.contains(&expected), "{:?}", audit.problems);
}

fn the_schema_itself_refuses_negative_members_and_edits_of_the_journal(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    drop(l);
    let negative = db.raw("UPDATE accounts SET balance = -1 WHERE owner = 'alice'");
    assert!(negative.is_err(), "member balances cannot go below zero");
    let edit = db.raw("UPDATE transfers SET amount = amount + 1");
    assert!(edit.unwrap_err().contains("transfers are immutable"));
    assert!(db.raw("DELETE FROM transfers").is_err());
    assert!(db
        .raw("UPDATE operations SET result = 'x'")
        .unwrap_err()
        .contains("operations are immutable"));
    // Writing a fresh operation's result once is what the ledger itself does.
    assert!(db.raw("DELETE FROM operations").is_err());
}

fn a_wagered_game_pays_the_winner_both_stakes_and_a_token(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    l.open_account(G, "bob").unwrap();
    let t = table(&l, "c1", 100, &["alice", "bob"]);
    let started = l.start_table(G, t, None).unwrap();
    assert_eq!(started.value.pot, 200);
    // A double-pressed Accept stakes once.
    assert!(l.start_table(G, t, None).unwrap().replayed);
    assert_eq!((credits(&l, "alice"), credits(&l, "bob")), (900, 900));
    assert_eq!(l.audit().unwrap().open_escrow, 200);
    assert_audit_ok(&l);
    let settled = l
        .finish_table(G, t, &[3, 0], "final", "alice aligns four")
        .unwrap();
    assert_eq!(settled.value.payouts, vec![200, 0]);
    assert_eq!(settled.value.token_to, Some(0));
    assert_eq!((credits(&l, "alice"), credits(&l, "bob")), (1100, 900));
    assert_eq!(l.balance(G, "alice").unwrap().tokens, 1);
    // Settlement is exactly once.
    let again = l.finish_table(G, t, &[0, 3], "final", "x").unwrap();
    assert!(again.replayed);
    assert_eq!(again.value.payouts, vec![200, 0]);
    assert!(l.cancel_table(G, t, "admin").unwrap().replayed);
    assert_eq!((credits(&l, "alice"), credits(&l, "bob")), (1100, 900));
    let row = l.table(t).unwrap();
    assert_eq!(row.status, TableStatus::Finished);
    assert_eq!(
        row.seed.as_deref(),
        Some("00ff"),
        "the seed is revealed at the end"
    );
    assert_eq!(row.seed_commitment, commitment("00ff"));
    assert_eq!(l.audit().unwrap().open_escrow, 0);
    assert_audit_ok(&l);
}

fn stakes_are_all_or_none(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    l.open_account(G, "bob").unwrap();
    l.give(G, "drain", "bob", "alice", 950).unwrap();
    let t = table(&l, "c1", 100, &["alice", "bob"]);
    match l.start_table(G, t, None) {
        Err(LedgerError::InsufficientFunds { user, .. }) => assert_eq!(user, "bob"),
        other => panic!("{other:?}"),
    }
    assert_eq!((credits(&l, "alice"), credits(&l, "bob")), (1950, 50));
    assert_eq!(l.table(t).unwrap().status, TableStatus::Open);
    // Below the minimum wager.
    let t2 = table(&l, "c2", 10, &["alice", "bob"]);
    assert!(matches!(
        l.start_table(G, t2, None),
        Err(LedgerError::BelowMinimum { min: 50 })
    ));
    assert_audit_ok(&l);
}

fn draws_and_cancellations_refund(db: &Db) {
    let l = db.open();
    for u in ["alice", "bob"] {
        l.open_account(G, u).unwrap();
    }
    let t = table(&l, "c1", 100, &["alice", "bob"]);
    l.start_table(G, t, None).unwrap();
    let draw = l
        .finish_table(G, t, &[1, 1], "p", "repetition")
        .unwrap()
        .value;
    assert_eq!(draw.payouts, vec![100, 100]);
    assert_eq!(draw.token_to, None);
    let t = table(&l, "c1", 100, &["alice", "bob"]);
    l.start_table(G, t, None).unwrap();
    l.cancel_table(G, t, "ended by an admin").unwrap();
    assert_eq!((credits(&l, "alice"), credits(&l, "bob")), (1000, 1000));
    // A declined challenge: nothing was taken, nothing is refunded.
    let t = table(&l, "c1", 100, &["alice", "bob"]);
    assert_eq!(
        l.cancel_table(G, t, "declined").unwrap().value.payouts,
        vec![0, 0]
    );
    assert_eq!((credits(&l, "alice"), credits(&l, "bob")), (1000, 1000));
    assert_audit_ok(&l);
}

fn the_house_covers_the_droid(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    let t = table(&l, "c1", 100, &["alice", DROID]);
    l.start_table(G, t, None).unwrap();
    assert_eq!(credits(&l, "alice"), 900);
    let s = l
        .finish_table(G, t, &[0, 2], "p", "droid wins")
        .unwrap()
        .value;
    assert_eq!(s.to_house, 200);
    assert_eq!(s.token_to, None);
    let t = table(&l, "c1", 100, &["alice", DROID]);
    l.start_table(G, t, None).unwrap();
    l.finish_table(G, t, &[2, 0], "p", "alice wins").unwrap();
    assert_eq!(credits(&l, "alice"), 1000);
    assert_eq!(l.balance(G, "alice").unwrap().tokens, 1);
    // Droid games are not rated.
    assert_eq!(l.rating(G, "dejarik", "alice").unwrap().2, 0);
    assert_audit_ok(&l);
}

fn dzone_pots_go_to_the_winner_or_split_among_the_top(db: &Db) {
    let l = db.open();
    for u in ["r", "g", "b"] {
        l.open_account(G, u).unwrap();
    }
    let t = table(&l, "c1", 101, &["r", "g", "b"]);
    l.start_table(G, t, None).unwrap();
    let s = l
        .finish_table(G, t, &[1, 0, 1], "p", "draw by captures")
        .unwrap()
        .value;
    // Pot 303 split between two: 151 each, 1 to the house.
    assert_eq!(s.payouts, vec![151, 0, 151]);
    assert_eq!(s.to_house, 1);
    assert_eq!(s.winners, vec![0, 2]);
    assert_eq!(
        (credits(&l, "r"), credits(&l, "g"), credits(&l, "b")),
        (1050, 899, 1050)
    );
    let t = table(&l, "c1", 100, &["r", "g", "b"]);
    l.start_table(G, t, None).unwrap();
    l.finish_table(G, t, &[0, 1, 0], "p", "last player")
        .unwrap();
    assert_eq!(credits(&l, "g"), 899 + 200);
    assert_audit_ok(&l);
}

fn per_point_series_are_capped_by_what_the_loser_has(db: &Db) {
    let l = db.open();
    l.open_account(G, "han").unwrap();
    l.open_account(G, "lando").unwrap();
    let t = l
        .create_table(
            G,
            &NewTable {
                channel: "c",
                game: "dejarik",
                options: "{}",
                stake: 0,
                per_point: 300,
                target: 12,
                seed: "s",
                start_position: "p",
                seats: &["han", "lando"],
                deadline: None,
                terms: Terms {
                    mind: 1,
                    ..Terms::new("han", 2, 3, holotable::droid::MIND)
                },
            },
        )
        .unwrap()
        .id;
    // A table keeps the droid's mind it was opened with, not the current one.
    assert_eq!(l.table(t).unwrap().terms.mind, 1);
    l.start_table(G, t, None).unwrap();
    let paid = l.pay_points(G, t, 1, "lando", "han", 3).unwrap().value;
    assert_eq!((paid.owed, paid.paid, paid.exhausted), (900, 900, false));
    assert!(l.pay_points(G, t, 1, "lando", "han", 3).unwrap().replayed);
    let paid = l.pay_points(G, t, 2, "lando", "han", 1).unwrap().value;
    assert_eq!((paid.owed, paid.paid, paid.exhausted), (300, 100, true));
    assert_eq!((credits(&l, "han"), credits(&l, "lando")), (2000, 0));
    assert_audit_ok(&l);
}

#[test]
fn slot_paytable_returns_exactly_95_percent() {
    // Enumerate every stop combination: the multiples sum to 95 % of the combinations.
    let n = STRIP.len();
    let mut total = 0i64;
    let mut hits = 0;
    for a in STRIP {
        for b in STRIP {
            for c in STRIP {
                let m = multiplier([a, b, c]);
                total += m;
                hits += (m > 0) as i64;
            }
        }
    }
    let combos = (n * n * n) as i64;
    assert_eq!(combos, 8000);
    assert_eq!(total * 100, 95 * combos, "RTP = {total}/{combos}");
    assert_eq!(hits, 2280);
    let count = |s: Symbol| STRIP.iter().filter(|&&x| x == s).count();
    assert_eq!(
        [
            Symbol::Credit,
            Symbol::Droid,
            Symbol::Blaster,
            Symbol::Holocron,
            Symbol::Kyber
        ]
        .map(count),
        [8, 6, 3, 2, 1]
    );
}

fn spins_are_provably_fair_and_use_tokens_first(db: &Db) {
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    let committed = l.balance(G, "alice").unwrap().slot_commitment;
    let spin = l.spin(G, "s1", "alice", Some(10)).unwrap().value;
    // The revealed seed matches the commitment shown before, and gives the stops.
    assert_eq!(commitment(&spin.seed), committed);
    assert_eq!(stops_from_seed(&spin.seed), Some(spin.stops));
    assert_eq!(spin.reels, spin.stops.map(|s| STRIP[s]));
    assert_eq!(spin.payout, 10 * multiplier(spin.reels));
    assert_eq!(spin.balance, 1000 - 10 + spin.payout);
    assert!(!spin.used_token);
    assert_eq!(
        l.balance(G, "alice").unwrap().slot_commitment,
        spin.next_commitment
    );
    assert!(l.spin(G, "s1", "alice", Some(10)).unwrap().replayed);
    // Without a token and without a bet there is nothing to spin with.
    assert!(matches!(
        l.spin(G, "s2", "alice", None),
        Err(LedgerError::NoToken(_))
    ));
    assert!(matches!(
        l.spin(G, "s2", "alice", Some(0)),
        Err(LedgerError::InvalidAmount(0))
    ));
    assert!(matches!(
        l.spin(G, "s2", "alice", Some(1_000_000)),
        Err(LedgerError::InsufficientFunds { .. })
    ));
    // Win a token, then spin with it for free at the token bet.
    l.open_account(G, "bob").unwrap();
    let t = table(&l, "c", 50, &["alice", "bob"]);
    l.start_table(G, t, None).unwrap();
    l.finish_table(G, t, &[2, 0], "p", "r").unwrap();
    let before = credits(&l, "alice");
    let free = l.spin(G, "s3", "alice", Some(10)).unwrap().value;
    assert!(free.used_token);
    assert_eq!(free.bet, 50);
    assert_eq!(free.tokens, 0);
    assert_eq!(free.balance, before + free.payout);
    assert_audit_ok(&l);
}

fn ratings_count_only_distinct_humans_and_feed_leaderboards(db: &Db) {
    let l = db.open();
    for u in ["alice", "bob", "carol"] {
        l.open_account(G, u).unwrap();
    }
    for (i, (w, lo)) in [("alice", "bob"), ("alice", "carol"), ("bob", "carol")]
        .iter()
        .enumerate()
    {
        let t = table(&l, &format!("c{i}"), 0, &[w, lo]);
        l.start_table(G, t, None).unwrap();
        l.finish_table(G, t, &[2, 0], "p", "r").unwrap();
    }
    let (alice, _, games) = l.rating(G, "dejarik", "alice").unwrap();
    assert_eq!(games, 2);
    let (carol, _, _) = l.rating(G, "dejarik", "carol").unwrap();
    assert!(alice > 1500.0 && carol < 1500.0, "{alice} {carol}");
    // A table against oneself is neither rated nor counted.
    let t = table(&l, "self", 0, &["alice", "alice"]);
    l.start_table(G, t, None).unwrap();
    l.finish_table(G, t, &[2, 0], "p", "r").unwrap();
    assert_eq!(l.rating(G, "dejarik", "alice").unwrap().2, 2);

    let board = l
        .leaderboard(G, &Board::Rating("dejarik".into()), "carol")
        .unwrap();
    assert_eq!(board.top[0].user, "alice");
    assert_eq!(board.caller.unwrap().rank, 3);
    let wins = l.leaderboard(G, &Board::Wins, "bob").unwrap();
    assert_eq!(wins.top[0].user, "alice");
    assert_eq!(wins.top[0].value, 2.0);
    l.grant(G, "g1", "carol", 5000).unwrap();
    let richest = l.leaderboard(G, &Board::Credits, "bob").unwrap();
    assert_eq!(richest.top[0].user, "carol");
    assert_eq!(richest.caller.unwrap().rank, 2, "alice and bob tie at 1000");
    let stats = l.stats(G, "alice").unwrap();
    assert_eq!((stats.games, stats.wins, stats.points), (2, 2, 4));
    assert_eq!(stats.per_game[0].rating.map(|r| r > 1500.0), Some(true));
    assert_audit_ok(&l);
}

fn economy_parameters_per_guild(db: &Db) {
    let l = db.open();
    l.set_economy(G, Setting::StartingBalance, 500).unwrap();
    l.set_economy(G, Setting::DailyAmount, 25).unwrap();
    l.open_account(G, "alice").unwrap();
    assert_eq!(credits(&l, "alice"), 500);
    l.daily(G, "alice", day("2026-12-01")).unwrap();
    assert_eq!(credits(&l, "alice"), 525);
    assert!(l.set_economy(G, Setting::MinWager, 0).is_err());
    assert!(l.set_economy(G, Setting::MoveClockSecs, 5).is_err());
    assert!(Setting::parse("min_wager").is_ok());
    assert!(Setting::parse("nonsense").is_err());
    assert_eq!(l.economy("elsewhere").unwrap().starting_balance, 1000);
    assert_audit_ok(&l);
}

fn tables_keep_one_active_per_channel_and_an_ordered_log(db: &Db) {
    let l = db.open();
    // Every human seat needs an account before a table starts.
    let t = table(&l, "c1", 0, &["alice", "bob"]);
    assert!(matches!(
        l.start_table(G, t, None),
        Err(LedgerError::UnknownMember(_))
    ));
    l.open_account(G, "alice").unwrap();
    l.open_account(G, "bob").unwrap();
    assert!(matches!(
        l.create_table(
            G,
            &NewTable {
                channel: "c1",
                game: "dejarik",
                options: "{}",
                stake: 0,
                per_point: 0,
                target: 0,
                seed: "s",
                start_position: "p",
                seats: &["x", "y"],
                deadline: None,
                terms: Terms::new("x", 2, 3, holotable::droid::MIND),
            }
        ),
        Err(LedgerError::ChannelBusy)
    ));
    let entry = |seq, action: &str| LoggedAction {
        seq,
        seat: Some(0),
        action: action.into(),
    };
    // Not playing yet: no action.
    assert!(l
        .record_action(t, 1, &entry(1, "o5-i5"), "p1", None)
        .is_err());
    l.start_table(G, t, Some(99)).unwrap();
    l.record_action(t, 1, &entry(1, "o5-i5"), "p1", Some(100))
        .unwrap();
    // A retried interaction with the same number is refused and changes nothing.
    assert!(l
        .record_action(t, 1, &entry(1, "o6-i6"), "p9", None)
        .is_err());
    assert!(l
        .record_action(t, 3, &entry(3, "o6-i6"), "p9", None)
        .is_err());
    l.record_action(
        t,
        2,
        &LoggedAction {
            seq: 2,
            seat: None,
            action: "roll 3 4".into(),
        },
        "p2",
        None,
    )
    .unwrap();
    let log = l.actions(t).unwrap();
    assert_eq!(
        log.iter().map(|a| a.action.as_str()).collect::<Vec<_>>(),
        ["o5-i5", "roll 3 4"]
    );
    let row = l.table(t).unwrap();
    assert_eq!(
        (row.position.as_str(), row.turn, row.deadline),
        ("p2", 2, None)
    );
    assert_eq!(
        row.seed, None,
        "the seed stays secret while the table plays"
    );
    assert_eq!(l.active_table(G, "c1").unwrap().unwrap().id, t);
    assert_eq!(l.active_tables().unwrap().len(), 1);
    l.finish_table(G, t, &[1, 0], "p3", "r").unwrap();
    assert!(l.active_table(G, "c1").unwrap().is_none());
    table(&l, "c1", 0, &["a", "b"]);
}

/// Eight writers, each with its own connections as separate processes would have, race to
/// record the same next action of a table and to settle it: each happens exactly once.
fn a_table_advances_and_settles_once_however_many_writers(db: &Db) {
    let l = db.open();
    for user in ["a", "b"] {
        l.open_account(G, user).unwrap();
    }
    let t = table(&l, "race", 100, &["a", "b"]);
    l.start_table(G, t, None).unwrap();
    let results: Vec<(bool, bool)> = std::thread::scope(|scope| {
        let writers: Vec<_> = (0..8)
            .map(|i| {
                let location = db.location.clone();
                scope.spawn(move || {
                    let l =
                        Ledger::open_at(&location, holotable::ledger::Durability::Normal).unwrap();
                    let action = LoggedAction {
                        seq: 1,
                        seat: Some(0),
                        action: format!("move{i}"),
                    };
                    let recorded = l.record_action(t, 1, &action, &format!("p{i}"), None);
                    let settled = l.finish_table(G, t, &[1, 0], "end", "a wins");
                    (recorded.is_ok(), settled.is_ok_and(|s| !s.replayed))
                })
            })
            .collect();
        writers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let recorded = results.iter().filter(|(r, _)| *r).count();
    let settled = results.iter().filter(|(_, s)| *s).count();
    assert_eq!((recorded, settled), (1, 1), "{results:?}");
    assert_eq!(l.actions(t).unwrap().len(), 1);
    assert_eq!(credits(&l, "a"), 1_100);
    assert_audit_ok(&l);
}

fn audit_command_reports_and_fails_on_a_broken_ledger(db: &Db) {
    {
        let l = db.open();
        l.open_account(G, "alice").unwrap();
        l.open_account(G, "bob").unwrap();
        l.give(G, "k", "alice", "bob", 5).unwrap();
    }
    let run = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
            .args(["audit", "--db", &db.location])
            .output()
            .unwrap()
    };
    let out = run();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["ok"], true);
    assert_eq!(json["guilds"], 1);
    assert_eq!(json["accounts"], 3);
    assert_eq!(json["transfers"], 3);
    assert_eq!(json["sum"], 0);
    assert_eq!(json["negative_balances"], 0);
    assert_eq!(json["open_escrow"], 0);
    // Exactly the keys of P-7, in its order.
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "ok",
            "guilds",
            "accounts",
            "transfers",
            "sum",
            "negative_balances",
            "open_escrow"
        ]
    );
    // Credits created out of nothing (a balance edited behind the journal's back).
    db.raw("UPDATE accounts SET balance = balance + 7 WHERE owner = 'bob'")
        .unwrap();
    let out = run();
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["ok"], false);
    assert_eq!(json["sum"], 7);
    // What failed is said to the operator on stderr.
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("sum to 7, not 0"), "{said}");
}

fn leaderboards_page_by_ten_and_always_show_the_callers_rank(db: &Db) {
    let l = db.open();
    // 25 members, each richer than the one before: m24 first, m00 last.
    for i in 0..25 {
        let user = format!("m{i:02}");
        l.open_account(G, &user).unwrap();
        l.grant(G, &format!("k{i}"), &user, 1 + i as i64).unwrap();
    }
    let first = l.leaderboard(G, &Board::Credits, "m00").unwrap();
    assert_eq!(first.pages, 3);
    assert_eq!(first.top.len(), 10);
    assert_eq!((first.top[0].rank, first.top[0].user.as_str()), (1, "m24"));
    assert_eq!(first.caller.as_ref().unwrap().rank, 25);
    let second = l.leaderboard_page(G, &Board::Credits, "m00", 2).unwrap();
    let ranks: Vec<usize> = second.top.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, (11..=20).collect::<Vec<_>>());
    assert_eq!(second.top[0].user, "m14");
    let last = l.leaderboard_page(G, &Board::Credits, "m00", 3).unwrap();
    assert_eq!(last.top.len(), 5);
    assert_eq!(last.top[4].user, "m00");
    assert!(l
        .leaderboard_page(G, &Board::Credits, "m00", 4)
        .unwrap()
        .top
        .is_empty());
}

fn side_bets_are_shared_parimutuel_or_refunded_with_the_settlement(db: &Db) {
    use holotable::ledger::bets::BetRefusal;
    let l = db.open();
    for u in ["alice", "bob", "carol", "dave", "erin"] {
        l.open_account(G, u).unwrap();
    }
    // Won: the 60 + 30 + 10 pool goes to carol and dave, who backed alice 2 : 1.
    let t = table(&l, "c1", 50, &["alice", "bob"]);
    l.start_table(G, t, None).unwrap();
    let placed = l.place_bet(G, "i1", t, "carol", 0, 20).unwrap().value;
    assert_eq!((placed.pool, placed.on_seat, placed.balance), (20, 20, 980));
    l.place_bet(G, "i2", t, "dave", 0, 10).unwrap();
    l.place_bet(G, "i3", t, "erin", 1, 70).unwrap();
    // A retried command places nothing more.
    assert!(l.place_bet(G, "i3", t, "erin", 1, 70).unwrap().replayed);
    let refused = |key: &str, user: &str, seat: usize, amount: i64| {
        l.place_bet(G, key, t, user, seat, amount).unwrap_err()
    };
    assert!(matches!(
        refused("x1", "alice", 1, 10),
        LedgerError::Bet(BetRefusal::Own(_))
    ));
    assert!(matches!(
        refused("x2", "carol", 1, 10),
        LedgerError::Bet(BetRefusal::Twice { seat: 0, .. })
    ));
    assert!(matches!(
        refused("x3", "erin", 2, 10),
        LedgerError::Bet(BetRefusal::Twice { .. })
    ));
    assert_eq!(credits(&l, "erin"), 930);
    let settled = l.finish_table(G, t, &[2, 0], "p", "r").unwrap().value;
    let bets = settled.bets.unwrap();
    assert!(!bets.refunded);
    assert_eq!(bets.pool, 100);
    assert_eq!(
        bets.paid,
        vec![
            ("carol".into(), 67),
            ("dave".into(), 33),
            ("erin".into(), 0)
        ]
    );
    assert_eq!(credits(&l, "carol"), 1047);
    assert_eq!(credits(&l, "dave"), 1023);
    assert_eq!(credits(&l, "erin"), 930);
    assert!(matches!(
        l.place_bet(G, "late", t, "bob", 0, 10).unwrap_err(),
        LedgerError::Bet(BetRefusal::Closed(_))
    ));
    assert_audit_ok(&l);

    // A draw gives every stake back; so does a cancelled table.
    let t = table(&l, "c2", 50, &["alice", "bob"]);
    l.start_table(G, t, None).unwrap();
    l.place_bet(G, "j1", t, "carol", 0, 40).unwrap();
    l.place_bet(G, "j2", t, "erin", 1, 30).unwrap();
    let settled = l.finish_table(G, t, &[1, 1], "p", "r").unwrap().value;
    assert!(settled.bets.unwrap().refunded);
    assert_eq!((credits(&l, "carol"), credits(&l, "erin")), (1047, 930));
    let t = table(&l, "c3", 0, &["alice", "bob"]);
    l.place_bet(G, "k1", t, "dave", 1, 23).unwrap();
    // A backer cannot sit down at the table it backs.
    assert!(matches!(
        l.add_seat(t, "dave").unwrap_err(),
        LedgerError::Bet(BetRefusal::Backer(_))
    ));
    assert_eq!(credits(&l, "dave"), 1000);
    l.cancel_table(G, t, "declined").unwrap();
    assert_eq!(credits(&l, "dave"), 1023);
    assert_audit_ok(&l);

    // Turned off, nothing is taken.
    l.set_economy(G, Setting::SideBets, 0).unwrap();
    let t = table(&l, "c4", 0, &["alice", "bob"]);
    assert!(matches!(
        l.place_bet(G, "m1", t, "carol", 0, 10).unwrap_err(),
        LedgerError::Bet(BetRefusal::Off)
    ));
    assert_eq!(credits(&l, "carol"), 1047);
}

fn seasons_end_once_with_their_standings_and_soften_the_ratings(db: &Db) {
    let l = db.open();
    for u in ["alice", "bob", "carol"] {
        l.open_account(G, u).unwrap();
    }
    for (i, (w, lo)) in [("alice", "bob"), ("alice", "carol")].iter().enumerate() {
        let t = table(&l, &format!("c{i}"), 50, &[w, lo]);
        l.start_table(G, t, None).unwrap();
        l.finish_table(G, t, &[2, 0], "p", "r").unwrap();
    }
    let first = l.season(G).unwrap();
    assert_eq!(first.number, 1);
    assert_eq!(first.ends_at - first.started_at, 30 * 86_400);
    let everyone = |_: &str| true;
    // Not due yet: nothing ends.
    assert!(l
        .end_due_seasons(first.ends_at - 1, &everyone)
        .unwrap()
        .is_empty());
    let (alice_before, ..) = l.rating(G, "dejarik", "alice").unwrap();
    // The clock comes back 75 days later: season 1 lasted two whole lengths.
    let now = first.started_at + 75 * 86_400;
    let ended = l.end_due_seasons(now, &everyone).unwrap();
    assert_eq!(ended.len(), 1);
    let season = ended[0].season;
    assert_eq!(
        (season.number, season.ends_at),
        (1, first.started_at + 60 * 86_400)
    );
    let wins: Vec<(&str, f64)> = ended[0]
        .standings
        .wins
        .iter()
        .map(|r| (r.user.as_str(), r.value))
        .collect();
    assert_eq!(wins, [("alice", 2.0), ("bob", 0.0), ("carol", 0.0)]);
    assert_eq!(ended[0].standings.net[0].value, 100.0);
    assert_eq!(ended[0].standings.ratings["dejarik"][0].value, alice_before);
    // Once: a second tick (or another process) ends nothing more.
    assert!(l.end_due_seasons(now, &everyone).unwrap().is_empty());
    let (alice_after, deviation, _) = l.rating(G, "dejarik", "alice").unwrap();
    assert!((alice_after - (1500.0 + (alice_before - 1500.0) / 2.0)).abs() < 1e-6);
    assert!(deviation >= 150.0);
    // Season 2 runs from season 1's end; season 1 reads as it ended.
    assert_eq!(l.season(G).unwrap().started_at, season.ends_at);
    let (kept, standings) = l.season_standings(G, 1, now).unwrap().unwrap();
    assert_eq!(kept, season);
    assert_eq!(standings, ended[0].standings);
    let (playing, live) = l.season_standings(G, 2, now).unwrap().unwrap();
    assert_eq!(playing.number, 2);
    assert!(live.wins.is_empty());
    assert_eq!(l.season_standings(G, 3, now).unwrap(), None);
    // A guild the process does not serve is left to its own.
    l.open_account("other", "zed").unwrap();
    let later = now + 400 * 86_400;
    let ended = l.end_due_seasons(later, &|g| g == G).unwrap();
    assert_eq!(
        ended.iter().map(|e| e.guild.as_str()).collect::<Vec<_>>(),
        [G]
    );
    assert_eq!(l.season("other").unwrap().number, 1);
    assert_audit_ok(&l);
}

on_both!(
    accounts_open_with_the_starting_balance_once,
    daily_once_per_utc_day,
    daily_streaks_grow_to_their_cap_and_a_missed_day_starts_again,
    give_moves_credits_once_per_key,
    bad_input_is_refused_and_changes_nothing,
    a_wagered_game_pays_the_winner_both_stakes_and_a_token,
    stakes_are_all_or_none,
    draws_and_cancellations_refund,
    the_house_covers_the_droid,
    dzone_pots_go_to_the_winner_or_split_among_the_top,
    per_point_series_are_capped_by_what_the_loser_has,
    spins_are_provably_fair_and_use_tokens_first,
    ratings_count_only_distinct_humans_and_feed_leaderboards,
    economy_parameters_per_guild,
    tables_keep_one_active_per_channel_and_an_ordered_log,
    the_schema_itself_refuses_negative_members_and_edits_of_the_journal,
    the_audit_names_an_escrow_short_of_its_stakes,
    audit_command_reports_and_fails_on_a_broken_ledger,
    a_table_advances_and_settles_once_however_many_writers,
    leaderboards_page_by_ten_and_always_show_the_callers_rank,
    side_bets_are_shared_parimutuel_or_refunded_with_the_settlement,
    seasons_end_once_with_their_standings_and_soften_the_ratings,
);
