//! Model-based randomized test of the ledger: thousands of random operations — replays of
//! old idempotency keys, overdrafts, bad amounts, unknown members, tables staked, settled
//! and cancelled, side bets, purchases from the shop — against a real SQLite file and a real PostgreSQL database, checked after
//! every step against a simple in-memory model and the audit.

use std::collections::{BTreeMap, HashMap, HashSet};

use holotable::ledger::bets::BetRefusal;
use holotable::ledger::calendar::Day;
use holotable::ledger::shop::ShopRefusal;
use holotable::ledger::slots::{multiplier, stops_from_seed, STRIP};
use holotable::ledger::tables::{NewTable, Terms};
use holotable::ledger::tournaments::{Format, NewTournament, TournamentRefusal};
use holotable::ledger::{LedgerError, DROID, MAX_AMOUNT};

#[macro_use]
#[path = "common/db.rs"]
mod db;
use db::Db;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const G: &str = "g";
const USERS: [&str; 5] = ["ann", "ben", "cat", "dan", "eve"];

#[derive(Default)]
struct Model {
    credits: HashMap<String, i64>,
    tokens: HashMap<String, i64>,
    used_keys: HashSet<String>,
    /// Daily claims by member and day, with the streak each one reached.
    claimed: HashMap<(String, i64), u32>,
    /// Tables by id: (seats, stake, status).
    tables: BTreeMap<i64, (Vec<String>, i64, &'static str)>,
    /// Side bets by table: (backer, seat, amount), in the order placed.
    bets: HashMap<i64, Vec<(String, usize, i64)>>,
    /// Shop items bought, by (member, item).
    owned: HashSet<(String, String)>,
    /// Tournaments by id: (entry, players, still open).
    tournaments: BTreeMap<i64, (i64, Vec<String>, bool)>,
}

impl Model {
    fn has(&self, user: &str) -> bool {
        self.credits.contains_key(user)
    }
    /// One of the tables opened so far, if any.
    fn any_table(&self, rng: &mut ChaCha8Rng) -> Option<i64> {
        self.tables
            .keys()
            .copied()
            .collect::<Vec<_>>()
            .choose(rng)
            .copied()
    }
    fn pay(&mut self, user: &str, delta: i64) {
        if user != DROID {
            *self.credits.get_mut(user).unwrap() += delta;
        }
    }
}

/// The model's parimutuel: the pool in proportion to the stakes on `winner`, rounded down,
/// the rounding's credits one each to the largest remainders (the earlier bet first).
fn shares_of(bets: &[(String, usize, i64)], winner: usize) -> Option<Vec<i64>> {
    let pool: i128 = bets.iter().map(|b| b.2 as i128).sum();
    let on: i128 = bets
        .iter()
        .filter(|b| b.1 == winner)
        .map(|b| b.2 as i128)
        .sum();
    if on == 0 {
        return None;
    }
    let mut shares: Vec<i64> = Vec::new();
    let mut order: Vec<(i128, usize)> = Vec::new();
    for (i, b) in bets.iter().enumerate() {
        let exact = if b.1 == winner { pool * b.2 as i128 } else { 0 };
        shares.push((exact / on) as i64);
        if b.1 == winner {
            order.push((exact % on, i));
        }
    }
    order.sort_by_key(|&(rem, i)| (std::cmp::Reverse(rem), i));
    let left = pool as i64 - shares.iter().sum::<i64>();
    for &(_, i) in order.iter().take(left as usize) {
        shares[i] += 1;
    }
    Some(shares)
}

fn amount(rng: &mut ChaCha8Rng) -> i64 {
    match rng.random_range(0..10) {
        0 => [0, -1, -1000, i64::MIN, i64::MAX, MAX_AMOUNT + 1][rng.random_range(0..6)],
        1 => rng.random_range(1000..5000), // often an overdraft
        _ => rng.random_range(1..300),
    }
}

fn run(db: &Db, seed: u64, steps: usize) {
    let ledger = db.open();
    // The model follows the money; the daily limit on tokens between the same two members
    // is tested in tests/hostile.rs, so here it is set beyond reach.
    ledger
        .set_economy(G, holotable::ledger::economy::Setting::TokenPairDaily, 1000)
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut m = Model::default();
    let mut keys: Vec<String> = Vec::new();
    let mut channel = 0;
    for step in 0..steps {
        let user = *USERS.choose(&mut rng).unwrap();
        let other = *USERS.choose(&mut rng).unwrap();
        // Reuse an old key a quarter of the time.
        let key = if !keys.is_empty() && rng.random_bool(0.25) {
            keys.choose(&mut rng).unwrap().clone()
        } else {
            format!("k{step}")
        };
        keys.push(key.clone());
        match rng.random_range(0..12) {
            0 => {
                let r = ledger.open_account(G, user).unwrap();
                assert_eq!(r.replayed, m.has(user));
                m.credits.entry(user.into()).or_insert(1000);
                m.tokens.entry(user.into()).or_insert(0);
            }
            1 => {
                // Days in any order: a claim continues the streak of the day before when
                // that day was claimed first (20 more a day, at most 400).
                let day = Day(20_400 + rng.random_range(0..4));
                let r = ledger.daily(G, user, day);
                let key = (user.to_string(), day.0);
                if !m.has(user) {
                    assert!(matches!(r, Err(LedgerError::UnknownMember(_))));
                } else if let Some(streak) = m.claimed.get(&key) {
                    let r = r.unwrap();
                    assert!(r.replayed);
                    assert_eq!(r.value.streak, *streak);
                } else {
                    let before = m.claimed.get(&(user.to_string(), day.0 - 1));
                    let streak = before.map_or(1, |s| s + 1);
                    let r = r.unwrap();
                    assert!(!r.replayed);
                    assert_eq!(r.value.streak, streak);
                    let amount = (200 + 20 * (i64::from(streak) - 1)).min(400);
                    assert_eq!(r.value.amount, amount);
                    m.claimed.insert(key, streak);
                    m.pay(user, amount);
                }
            }
            2 | 3 => {
                let amount = amount(&mut rng);
                let r = ledger.give(G, &key, user, other, amount);
                let full = format!("give:{key}");
                let valid_amount = (1..=MAX_AMOUNT).contains(&amount);
                match r {
                    Ok(g) if g.replayed => assert!(m.used_keys.contains(&full)),
                    Ok(_) => {
                        assert!(valid_amount && user != other && m.has(user) && m.has(other));
                        assert!(m.credits[user] >= amount);
                        assert!(m.used_keys.insert(full));
                        m.pay(user, -amount);
                        m.pay(other, amount);
                    }
                    Err(LedgerError::InvalidAmount(_)) => assert!(!valid_amount),
                    Err(LedgerError::SelfTransfer) => assert_eq!(user, other),
                    Err(LedgerError::UnknownMember(who)) => assert!(!m.has(&who)),
                    Err(LedgerError::InsufficientFunds {
                        balance, needed, ..
                    }) => {
                        assert_eq!(balance, m.credits[user]);
                        assert!(balance < needed);
                    }
                    Err(e) => panic!("step {step}: give: {e}"),
                }
            }
            4 => {
                let amount = amount(&mut rng);
                let r = ledger.grant(G, &key, user, amount);
                let full = format!("grant:{key}");
                match r {
                    Ok(g) if g.replayed => assert!(m.used_keys.contains(&full)),
                    Ok(_) => {
                        assert!(m.used_keys.insert(full));
                        m.pay(user, amount);
                    }
                    Err(LedgerError::InvalidAmount(_)) => {
                        assert!(!(1..=MAX_AMOUNT).contains(&amount))
                    }
                    Err(LedgerError::UnknownMember(_)) => assert!(!m.has(user)),
                    Err(e) => panic!("step {step}: grant: {e}"),
                }
            }
            5 => {
                let bet = if rng.random_bool(0.2) {
                    None
                } else {
                    Some(rng.random_range(1..100))
                };
                let full = format!("spin:{key}");
                match ledger.spin(G, &key, user, bet) {
                    Ok(s) if s.replayed => assert!(m.used_keys.contains(&full)),
                    Ok(s) => {
                        let spin = s.value;
                        assert!(m.used_keys.insert(full));
                        assert_eq!(spin.used_token, m.tokens[user] > 0);
                        assert_eq!(stops_from_seed(&spin.seed), Some(spin.stops));
                        assert_eq!(
                            spin.payout,
                            spin.bet * multiplier(spin.stops.map(|s| STRIP[s]))
                        );
                        if spin.used_token {
                            *m.tokens.get_mut(user).unwrap() -= 1;
                        } else {
                            m.pay(user, -spin.bet);
                        }
                        m.pay(user, spin.payout);
                    }
                    Err(LedgerError::NoToken(_)) => assert!(bet.is_none() && m.tokens[user] == 0),
                    Err(LedgerError::UnknownMember(_)) => assert!(!m.has(user)),
                    Err(LedgerError::InsufficientFunds { .. }) => {
                        assert!(m.tokens[user] == 0 && m.credits[user] < bet.unwrap())
                    }
                    Err(e) => panic!("step {step}: spin: {e}"),
                }
            }
            6 => {
                // Open and start a table.
                channel += 1;
                let seats: Vec<&str> = if rng.random_bool(0.2) {
                    vec![user, DROID]
                } else {
                    vec![user, other]
                };
                let stake = [0, 30, 50, 100, 700][rng.random_range(0..5)];
                let id = ledger
                    .create_table(
                        G,
                        &NewTable {
                            channel: &format!("c{channel}"),
                            game: "dejarik",
                            options: "{}",
                            stake,
                            per_point: 0,
                            target: 0,
                            seed: "s",
                            start_position: "p",
                            seats: &seats,
                            deadline: None,
                            terms: Terms::new(seats[0], seats.len(), 3, holotable::droid::MIND),
                        },
                    )
                    .unwrap()
                    .id;
                let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
                let r = ledger.start_table(G, id, None);
                let humans: Vec<&String> = seats.iter().filter(|s| *s != DROID).collect();
                match r {
                    Ok(_) => {
                        assert!(stake == 0 || stake >= 50);
                        for s in &seats {
                            m.pay(s, -stake);
                        }
                        m.tables.insert(id, (seats, stake, "playing"));
                    }
                    Err(LedgerError::BelowMinimum { .. }) => assert!(stake > 0 && stake < 50),
                    Err(LedgerError::UnknownMember(who)) => assert!(!m.has(&who)),
                    Err(LedgerError::InsufficientFunds { user: who, .. }) => {
                        let seats_held = humans.iter().filter(|h| ***h == who).count() as i64;
                        assert!(seats_held > 0 && m.credits[&who] < stake * seats_held);
                    }
                    Err(e) => panic!("step {step}: start: {e}"),
                }
            }
            9 => {
                // A side bet on a table, any seat, any amount, by anyone.
                let Some(id) = m.any_table(&mut rng) else {
                    continue;
                };
                let (seats, _, status) = m.tables[&id].clone();
                let seat = rng.random_range(0..3);
                let amount = amount(&mut rng);
                let full = format!("bet:{key}");
                let placed = m.bets.get(&id).cloned().unwrap_or_default();
                let backing = placed.iter().any(|b| b.0 == user);
                match ledger.place_bet(G, &key, id, user, seat, amount) {
                    Ok(b) if b.replayed => assert!(m.used_keys.contains(&full)),
                    Ok(b) => {
                        assert!(m.used_keys.insert(full));
                        assert!((1..=MAX_AMOUNT).contains(&amount));
                        assert_eq!(status, "playing");
                        assert!(!seats.iter().any(|s| s == user) && !backing);
                        assert!(seat < seats.len() && m.credits[user] >= amount);
                        m.pay(user, -amount);
                        let bets = m.bets.entry(id).or_default();
                        bets.push((user.to_string(), seat, amount));
                        assert_eq!(b.value.pool, bets.iter().map(|b| b.2).sum::<i64>());
                    }
                    Err(LedgerError::InvalidAmount(_)) => {
                        assert!(!(1..=MAX_AMOUNT).contains(&amount))
                    }
                    Err(LedgerError::Bet(BetRefusal::Closed(_))) => assert_ne!(status, "playing"),
                    Err(LedgerError::Bet(BetRefusal::Own(_))) => {
                        assert!(seats.iter().any(|s| s == user))
                    }
                    Err(LedgerError::Bet(BetRefusal::Twice { .. })) => assert!(backing),
                    Err(LedgerError::Bet(BetRefusal::NoSeat { .. })) => {
                        assert!(seat >= seats.len())
                    }
                    Err(LedgerError::UnknownMember(_)) => assert!(!m.has(user)),
                    Err(LedgerError::InsufficientFunds {
                        balance, needed, ..
                    }) => {
                        assert_eq!(balance, m.credits[user]);
                        assert!(balance < needed);
                    }
                    Err(e) => panic!("step {step}: bet: {e}"),
                }
            }
            10 => {
                // A purchase from the droid's shop, at a list price that may be too high
                // for the buyer or not a valid amount.
                let item = *["kyber", "endor", "hoth"].choose(&mut rng).unwrap();
                let price = *[300, 450, 2500, 0].choose(&mut rng).unwrap();
                let full = format!("buy:{key}");
                let mine = (user.to_string(), item.to_string());
                match ledger.buy(G, &key, user, (item, "set"), price) {
                    Ok(b) if b.replayed => assert!(m.used_keys.contains(&full)),
                    Ok(b) => {
                        assert!(m.used_keys.insert(full));
                        assert!(m.owned.insert(mine), "step {step}: bought twice");
                        assert!(price > 0 && m.credits[user] >= price);
                        m.pay(user, -price);
                        assert_eq!(b.value.balance, m.credits[user]);
                    }
                    Err(LedgerError::Shop(ShopRefusal::Owned(_))) => {
                        assert!(m.owned.contains(&mine))
                    }
                    Err(LedgerError::InvalidAmount(_)) => assert_eq!(price, 0),
                    Err(LedgerError::UnknownMember(_)) => assert!(!m.has(user)),
                    Err(LedgerError::InsufficientFunds {
                        balance, needed, ..
                    }) => {
                        assert_eq!((balance, needed), (m.credits[user], price));
                        assert!(balance < needed);
                    }
                    Err(e) => panic!("step {step}: buy: {e}"),
                }
            }
            11 => {
                // A tournament: opened, joined, or ended (prizes to its first players, or
                // every entry back).
                let open: Vec<i64> = m
                    .tournaments
                    .iter()
                    .filter(|t| t.1 .2)
                    .map(|t| *t.0)
                    .collect();
                let roll = rng.random_range(0..4);
                if open.is_empty() || roll == 0 {
                    let entry = *[0, 50, 2000].choose(&mut rng).unwrap();
                    let new = NewTournament {
                        channel: "t",
                        creator: user,
                        game: "dejarik",
                        options: "{}",
                        format: Format::Knockout,
                        rounds: 0,
                        seats: 2,
                        max_players: 3,
                        entry,
                        starts_at: 0,
                        clock: 0,
                    };
                    let full = format!("tnew:{key}");
                    let r = ledger.create_tournament(G, &key, &new).unwrap();
                    if !r.replayed {
                        assert!(m.used_keys.insert(full));
                        m.tournaments.insert(r.value, (entry, Vec::new(), true));
                    }
                } else if roll < 3 {
                    let id = *open.choose(&mut rng).unwrap();
                    let (entry, players, _) = m.tournaments[&id].clone();
                    match ledger.join_tournament(G, id, user) {
                        Ok(r) => {
                            assert!(!players.iter().any(|p| p == user) && players.len() < 3);
                            m.pay(user, -entry);
                            assert_eq!(r.value, m.credits[user]);
                            m.tournaments.get_mut(&id).unwrap().1.push(user.to_string());
                        }
                        Err(LedgerError::Tournament(TournamentRefusal::Joined(_))) => {
                            assert!(players.iter().any(|p| p == user))
                        }
                        Err(LedgerError::Tournament(TournamentRefusal::Full { .. })) => {
                            assert_eq!(players.len(), 3)
                        }
                        Err(LedgerError::UnknownMember(_)) => assert!(!m.has(user)),
                        Err(LedgerError::InsufficientFunds { balance, .. }) => {
                            assert!(balance < entry && balance == m.credits[user])
                        }
                        Err(e) => panic!("step {step}: join: {e}"),
                    }
                } else {
                    let id = *open.choose(&mut rng).unwrap();
                    let (entry, players, _) = m.tournaments[&id].clone();
                    let pot = entry * players.len() as i64;
                    let cancel = rng.random_bool(0.5);
                    let paid: Vec<(String, i64)> = if cancel {
                        players.iter().map(|p| (p.clone(), entry)).collect()
                    } else {
                        // The whole pot to the first, or nothing when nobody joined.
                        players
                            .first()
                            .map(|p| vec![(p.clone(), pot)])
                            .unwrap_or_default()
                    };
                    let r = ledger
                        .end_tournament(G, id, &players, &paid, cancel)
                        .unwrap();
                    assert!(!r.replayed);
                    assert_eq!(r.value.pot, pot);
                    for (p, n) in &paid {
                        m.pay(p, *n);
                    }
                    m.tournaments.get_mut(&id).unwrap().2 = false;
                    // Once ended, it ends no more and takes nobody.
                    let again = ledger
                        .end_tournament(G, id, &players, &paid, cancel)
                        .unwrap();
                    assert!(again.replayed);
                    assert!(matches!(
                        ledger.join_tournament(G, id, "eve"),
                        Err(LedgerError::Tournament(
                            TournamentRefusal::Closed(_) | TournamentRefusal::Joined(_)
                        )) | Err(LedgerError::UnknownMember(_))
                    ));
                }
            }
            _ => {
                // Finish or cancel a playing table (or try again on an ended one).
                let Some(id) = m.any_table(&mut rng) else {
                    continue;
                };
                let (seats, stake, status) = m.tables[&id].clone();
                let points: Vec<u32> = (0..seats.len()).map(|_| rng.random_range(0..3)).collect();
                let cancel = rng.random_bool(0.2);
                let r = if cancel {
                    ledger.cancel_table(G, id, "admin")
                } else {
                    ledger.finish_table(G, id, &points, "p", "r")
                };
                let r = r.unwrap();
                assert_eq!(r.replayed, status != "playing");
                if r.replayed {
                    continue;
                }
                let pot = stake * seats.len() as i64;
                if cancel {
                    for s in &seats {
                        m.pay(s, stake);
                    }
                } else {
                    let best = *points.iter().max().unwrap();
                    let winners: Vec<usize> =
                        (0..seats.len()).filter(|&i| points[i] == best).collect();
                    for &w in &winners {
                        m.pay(&seats[w], pot / winners.len() as i64);
                    }
                    // A member who sat twice and beat itself earns no token.
                    let winner = &seats[winners[0]];
                    let beat_itself = seats.iter().filter(|s| *s == winner).count() > 1;
                    if winners.len() == 1 && stake > 0 && *winner != DROID && !beat_itself {
                        *m.tokens.get_mut(&seats[winners[0]]).unwrap() += 1;
                    }
                    assert_eq!(r.value.winners, winners);
                }
                // The side bets: the pool to the winner's backers, or back to every backer.
                let bets = m.bets.remove(&id).unwrap_or_default();
                let winner = match r.value.winners.as_slice() {
                    [w] if !cancel => Some(*w),
                    _ => None,
                };
                let shares = winner
                    .and_then(|w| shares_of(&bets, w))
                    .unwrap_or_else(|| bets.iter().map(|b| b.2).collect());
                for (bet, share) in bets.iter().zip(&shares) {
                    m.pay(&bet.0, *share);
                }
                let told: Vec<(String, i64)> = r.value.bets.map(|b| b.paid).unwrap_or_default();
                let expected: Vec<(String, i64)> =
                    bets.iter().map(|b| b.0.clone()).zip(shares).collect();
                assert_eq!(told, expected, "step {step}");
                m.tables.get_mut(&id).unwrap().2 = "ended";
            }
        }
        // After every step: the database agrees with the model and with itself.
        for u in USERS {
            match ledger.balance(G, u) {
                Ok(b) => {
                    assert_eq!(Some(&b.credits), m.credits.get(u), "step {step}: {u}");
                    assert_eq!(Some(&b.tokens), m.tokens.get(u), "step {step}: {u} tokens");
                }
                Err(LedgerError::UnknownMember(_)) => assert!(!m.has(u)),
                Err(e) => panic!("{e}"),
            }
        }
        let audit = ledger.audit().unwrap();
        assert!(audit.ok, "step {step}: {audit:?}");
        let escrow: i64 = m
            .tables
            .values()
            .filter(|t| t.2 == "playing")
            .map(|t| t.1 * t.0.len() as i64)
            .sum();
        assert_eq!(audit.open_escrow, escrow, "step {step}");
    }
}

fn random_operations_agree_with_the_model_seed_0(db: &Db) {
    run(db, 0, 1200);
}

fn random_operations_agree_with_the_model_seed_1(db: &Db) {
    run(db, 1, 1200);
}

fn random_operations_agree_with_the_model_seed_2(db: &Db) {
    run(db, 2, 1200);
}

on_both!(
    random_operations_agree_with_the_model_seed_0,
    random_operations_agree_with_the_model_seed_1,
    random_operations_agree_with_the_model_seed_2,
);
