//! Side bets: members who do not play a table back one of its seats before its first move.
//! The stakes wait in the table's bet pool, and the pool is shared when the table settles,
//! in the same transaction as the table's own settlement: parimutuel, every credit of the
//! pool to the backers of the winner in proportion to what they staked, and refunded to
//! every backer on a draw, a cancel, or when nobody backed the winner. The house takes
//! nothing.

use serde::{Deserialize, Serialize};

use super::accounts::{balance_of, require_member, transfer};
use super::economy::{self, system_account};
use super::store::Tx;
use super::tables::load_table;
use super::{check_amount, now, Ledger, LedgerError, Replayable, Result};
use crate::args;

/// Why a bet was refused (besides the money: amounts and funds are checked as for any
/// payment).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BetRefusal {
    #[error("side bets are turned off in this server")]
    Off,
    #[error("table {0} is past its first move (or over): bets are closed")]
    Closed(i64),
    #[error("table {0}: its players cannot bet on it")]
    Own(i64),
    #[error("table {table}: already backing seat {}", seat + 1)]
    Twice { table: i64, seat: usize },
    #[error("table {table} has no player in seat {} (seats taken: {taken})", seat + 1)]
    NoSeat {
        table: i64,
        seat: usize,
        taken: usize,
    },
    #[error("table {0}: a member backing a seat cannot take one")]
    Backer(i64),
    #[error("table {table}: the pool can take at most {room} more credits")]
    PoolFull { table: i64, room: i64 },
}

/// A bet placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetPlaced {
    pub table: i64,
    pub seat: usize,
    pub amount: i64,
    /// The whole pool of the table now, and what backs the chosen seat.
    pub pool: i64,
    pub on_seat: i64,
    /// The backer's balance after the bet.
    pub balance: i64,
}

/// What the bets of a table came to when it settled.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetsSettled {
    pub pool: i64,
    /// Every backer and what the pool paid it back, in the order bets were placed.
    pub paid: Vec<(String, i64)>,
    /// Whether every stake went back as it came (a draw, a cancel, nobody on the winner).
    pub refunded: bool,
}

/// One bet as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideBet {
    pub user: String,
    pub seat: usize,
    pub amount: i64,
}

fn pool_account(tx: &Tx, guild: &str, table: i64) -> Result<i64> {
    system_account(tx, guild, "escrow", &format!("bets:{table}"))
}

fn refused(why: BetRefusal) -> LedgerError {
    LedgerError::Bet(why)
}

/// The bets of a table, in the order they were placed.
pub(crate) fn bets_of(tx: &Tx, table: i64) -> Result<Vec<SideBet>> {
    tx.query(
        "SELECT user_id, seat, amount FROM side_bets WHERE table_id = ?1 ORDER BY placed",
        args![table],
        |r| {
            Ok(SideBet {
                user: r.col("user_id")?,
                seat: r.col::<i64>("seat")? as usize,
                amount: r.col("amount")?,
            })
        },
    )
}

/// Whether `user` backs a seat of `table` (a backer cannot then sit down at it).
pub(crate) fn backs(tx: &Tx, table: i64, user: &str) -> Result<bool> {
    tx.value(
        "SELECT COUNT(*) > 0 FROM side_bets WHERE table_id = ?1 AND user_id = ?2",
        args![table, user],
    )
}

/// What each bet of a pool won when `winner` won: the pool shared in proportion to the
/// stakes on the winner, rounded down, and the credits left by the rounding given one each
/// to the largest remainders (the earlier bet first on equal ones). Nothing when nobody
/// backed the winner.
pub fn parimutuel(bets: &[SideBet], winner: usize) -> Option<Vec<i64>> {
    let pool: i128 = bets.iter().map(|b| i128::from(b.amount)).sum();
    let backed: i128 = bets
        .iter()
        .filter(|b| b.seat == winner)
        .map(|b| i128::from(b.amount))
        .sum();
    if backed == 0 {
        return None;
    }
    let mut shares = vec![0i64; bets.len()];
    let mut remainders = Vec::new();
    for (i, bet) in bets.iter().enumerate() {
        if bet.seat == winner {
            let exact = pool * i128::from(bet.amount);
            shares[i] = (exact / backed) as i64;
            remainders.push((exact % backed, i));
        }
    }
    let left = (pool - shares.iter().map(|&s| i128::from(s)).sum::<i128>()) as usize;
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for &(_, i) in remainders.iter().take(left) {
        shares[i] += 1;
    }
    Some(shares)
}

/// Settles a table's bets inside its settlement (`winner`: the one winning seat, if any):
/// the pool goes to the winner's backers, or back to every backer.
pub(crate) fn settle_bets(
    tx: &Tx,
    op: i64,
    guild: &str,
    table: i64,
    winner: Option<usize>,
) -> Result<Option<BetsSettled>> {
    let bets = bets_of(tx, table)?;
    if bets.is_empty() {
        return Ok(None);
    }
    let pool_acc = pool_account(tx, guild, table)?;
    let pool = balance_of(tx, pool_acc)?;
    let shares = winner.and_then(|w| parimutuel(&bets, w));
    let refunded = shares.is_none();
    let shares = shares.unwrap_or_else(|| bets.iter().map(|b| b.amount).collect());
    let mut paid = Vec::with_capacity(bets.len());
    for (bet, share) in bets.iter().zip(shares) {
        if share > 0 {
            let account = require_member(tx, guild, &bet.user)?;
            transfer(tx, op, pool_acc, account, share, "the bet pool")?;
        }
        paid.push((bet.user.clone(), share));
    }
    Ok(Some(BetsSettled {
        pool,
        paid,
        refunded,
    }))
}

impl Ledger {
    /// `user` backs `seat` (0-based) of `table` with `amount` credits, once per table and
    /// only before any seat has acted; the credits move to the table's bet pool. `key` makes
    /// a retried command place it once.
    pub fn place_bet(
        &self,
        guild: &str,
        key: &str,
        table: i64,
        user: &str,
        seat: usize,
        amount: i64,
    ) -> Result<Replayable<BetPlaced>> {
        self.operation(guild, &format!("bet:{key}"), "bet", |tx, op| {
            check_amount(amount)?;
            if economy::load(tx, guild)?.side_bets == 0 {
                return Err(refused(BetRefusal::Off));
            }
            let row = load_table(tx, table)?;
            if row.guild != guild {
                return Err(LedgerError::UnknownTable(table));
            }
            let moved: i64 = tx.value(
                "SELECT COUNT(*) FROM actions WHERE table_id = ?1 AND seat IS NOT NULL",
                args![table],
            )?;
            if !row.status.is_active() || moved > 0 {
                return Err(refused(BetRefusal::Closed(table)));
            }
            if row.seats.iter().any(|s| s == user) {
                return Err(refused(BetRefusal::Own(table)));
            }
            if let Some(bet) = bets_of(tx, table)?.into_iter().find(|b| b.user == user) {
                return Err(refused(BetRefusal::Twice {
                    table,
                    seat: bet.seat,
                }));
            }
            if seat >= row.seats.len() {
                return Err(refused(BetRefusal::NoSeat {
                    table,
                    seat,
                    taken: row.seats.len(),
                }));
            }
            // The pool is paid out whole: it stays within one operation's bound.
            let pool: i64 = bets_of(tx, table)?.iter().map(|b| b.amount).sum();
            let room = super::MAX_AMOUNT - pool;
            if amount > room {
                return Err(refused(BetRefusal::PoolFull { table, room }));
            }
            let account = require_member(tx, guild, user)?;
            let pool_acc = pool_account(tx, guild, table)?;
            transfer(tx, op, account, pool_acc, amount, user)?;
            tx.execute(
                "INSERT INTO side_bets (table_id, user_id, seat, amount, placed, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![table, user, seat as i64, amount, op, now()],
            )?;
            let bets = bets_of(tx, table)?;
            Ok(BetPlaced {
                table,
                seat,
                amount,
                pool: bets.iter().map(|b| b.amount).sum(),
                on_seat: bets
                    .iter()
                    .filter(|b| b.seat == seat)
                    .map(|b| b.amount)
                    .sum(),
                balance: balance_of(tx, account)?,
            })
        })
    }

    /// The bets placed on a table, in the order they came.
    pub fn side_bets(&self, table: i64) -> Result<Vec<SideBet>> {
        self.read(|tx| bets_of(tx, table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn bet(seat: usize, amount: i64) -> SideBet {
        SideBet {
            user: format!("u{seat}{amount}"),
            seat,
            amount,
        }
    }

    #[test]
    fn the_pool_goes_to_the_winners_backers_in_proportion() {
        // 100 + 300 on seat 0, 200 on seat 1: seat 0 wins the 600 as 150 and 450.
        let bets = [bet(0, 100), bet(1, 200), bet(0, 300)];
        assert_eq!(parimutuel(&bets, 0), Some(vec![150, 0, 450]));
        assert_eq!(parimutuel(&bets, 1), Some(vec![0, 600, 0]));
        // Nobody backed seat 2: no shares (every stake goes back).
        assert_eq!(parimutuel(&bets, 2), None);
    }

    #[test]
    fn rounding_credits_go_to_the_largest_remainders_then_the_earlier_bet() {
        // 10 shared by three equal backers: 3 each and the one left to the first.
        let bets = [
            bet(0, 5),
            bet(0, 5),
            bet(0, 5),
            bet(1, 5),
            bet(1, 5),
            bet(1, 5),
        ];
        assert_eq!(parimutuel(&bets[..3], 0), Some(vec![5, 5, 5]));
        let bets = [bet(0, 1), bet(0, 1), bet(0, 1), bet(1, 7)];
        assert_eq!(parimutuel(&bets, 0), Some(vec![4, 3, 3, 0]));
        // 2 and 1 on the winner, 8 against: 11 × 2/3 = 7.33, 11 × 1/3 = 3.67 → 7 and 4.
        let bets = [bet(0, 2), bet(0, 1), bet(1, 8)];
        assert_eq!(parimutuel(&bets, 0), Some(vec![7, 4, 0]));
    }

    proptest! {
        #[test]
        fn every_credit_of_the_pool_is_paid_to_a_backer_of_the_winner(
            bets in proptest::collection::vec((0usize..4, 1i64..1_000_000_000), 1..30),
            winner in 0usize..4,
        ) {
            let bets: Vec<SideBet> = bets.into_iter().map(|(s, a)| bet(s, a)).collect();
            let pool: i64 = bets.iter().map(|b| b.amount).sum();
            match parimutuel(&bets, winner) {
                None => prop_assert!(bets.iter().all(|b| b.seat != winner)),
                Some(shares) => {
                    prop_assert_eq!(shares.iter().sum::<i64>(), pool);
                    let backed: i64 =
                        bets.iter().filter(|b| b.seat == winner).map(|b| b.amount).sum();
                    for (b, &share) in bets.iter().zip(&shares) {
                        if b.seat != winner {
                            prop_assert_eq!(share, 0);
                        } else {
                            // Within one credit of the exact share, never below the stake.
                            let exact = pool as f64 * b.amount as f64 / backed as f64;
                            prop_assert!((share as f64 - exact).abs() < 1.0 + 1e-6);
                            prop_assert!(share >= b.amount);
                        }
                    }
                }
            }
        }
    }
}
