//! Wagers: stakes escrowed when a table starts (all seats or none), settlement atomic with
//! the table's final state, refunds, and per-point series payments (docs/CONTRACT.md P-5, P-6.3).

use super::store::Tx;
use crate::args;
use serde::{Deserialize, Serialize};

use super::accounts::{balance_of, move_tokens, require_member, transfer};
use super::bets::{settle_bets, BetsSettled};
use super::earnings::{token_for, Earning, NoToken};
use super::economy::{self, house, system_account};
use super::tables::{load_table, TableRow, TableStatus};
use super::{now, ratings, Ledger, LedgerError, Replayable, Result, DROID, MAX_AMOUNT};

/// The most points one game can be worth in any game (backgammon's backgammon at a cube of
/// 2^15, the most gnubg's Match ID can hold, is 98,304): per-point stakes are bounded so
/// that a game's payment stays within one operation's bound.
pub const MAX_GAME_POINTS: i64 = 100_000;

/// The largest per-point stake.
pub const MAX_PER_POINT: i64 = MAX_AMOUNT / MAX_GAME_POINTS;

/// The largest wager a table of `seats` may take: its pot stays within one operation's
/// bound, so that it is always paid out.
pub fn max_stake(seats: usize) -> i64 {
    MAX_AMOUNT / seats.max(1) as i64
}

/// Refuses a wager whose pot would pass the bound.
pub(crate) fn check_pot(stake: i64, seats: usize) -> Result<()> {
    let max = max_stake(seats);
    if stake > max {
        return Err(LedgerError::AmountTooLarge { max });
    }
    Ok(())
}

/// The account that pays or receives for a seat: the member's, or the house for the droid.
fn seat_account(tx: &Tx, guild: &str, user: &str) -> Result<i64> {
    if user == DROID {
        house(tx, guild)
    } else {
        require_member(tx, guild, user)
    }
}

fn escrow(tx: &Tx, guild: &str, table: i64) -> Result<i64> {
    system_account(tx, guild, "escrow", &table.to_string())
}

/// What `account` won (positive) or paid (negative) in the per-point payments of `table`.
fn points_net(tx: &Tx, guild: &str, table: i64, account: i64) -> Result<i64> {
    tx.value(
        "SELECT CAST(COALESCE(SUM(CASE WHEN t.to_account = ?3 THEN t.amount ELSE -t.amount END), 0)
                     AS BIGINT)
         FROM transfers t JOIN operations o ON o.id = t.operation_id
         WHERE o.guild_id = ?1 AND o.key LIKE ?2
           AND (t.from_account = ?3 OR t.to_account = ?3)",
        args![guild, format!("points:{table}:%"), account],
    )
}

fn refuse(row: &TableRow, why: &str) -> LedgerError {
    LedgerError::TableState {
        table: row.id,
        status: row.status,
        why: why.to_string(),
    }
}

fn load_in_guild(tx: &Tx, guild: &str, table: i64) -> Result<TableRow> {
    let row = load_table(tx, table)?;
    if row.guild != guild {
        return Err(LedgerError::UnknownTable(table));
    }
    Ok(row)
}

/// The escrow of a started table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Started {
    pub pot: i64,
}

/// How a table ended, for the money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settlement {
    /// Credits paid to each seat, in seat order.
    pub payouts: Vec<i64>,
    /// The seats that won (one), drew (several), or none for a cancelled table.
    pub winners: Vec<usize>,
    /// The seat that received a slot token, if any.
    pub token_to: Option<usize>,
    /// Why the single human winner of a wagered table got no token, if it did not.
    #[serde(default)]
    pub no_token: Option<NoToken>,
    /// What the house kept (the droid's winnings, the remainder of a split pot).
    pub to_house: i64,
    pub cancelled: bool,
    /// How the side bets on the table were paid, if it had any.
    #[serde(default)]
    pub bets: Option<BetsSettled>,
}

/// A per-point payment after one game of a series.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsPaid {
    pub owed: i64,
    pub paid: i64,
    /// The loser could not pay what it owed (or has nothing left): the series ends.
    pub exhausted: bool,
}

impl Ledger {
    /// Starts a table: every seat's stake moves into the table's escrow (the house covers the
    /// droid), all or none, and the table becomes `playing`, in one transaction.
    pub fn start_table(
        &self,
        guild: &str,
        table: i64,
        deadline: Option<i64>,
    ) -> Result<Replayable<Started>> {
        self.start_table_at(guild, table, deadline, None)
    }

    /// [`Ledger::start_table`], also setting the start position (known once the seats are):
    /// the table starts from it, in the same transaction.
    pub fn start_table_at(
        &self,
        guild: &str,
        table: i64,
        deadline: Option<i64>,
        start: Option<&str>,
    ) -> Result<Replayable<Started>> {
        self.operation(guild, &format!("start:{table}"), "start", |tx, op| {
            let row = load_in_guild(tx, guild, table)?;
            if row.status != TableStatus::Open {
                return Err(refuse(&row, "only an open table can start"));
            }
            for user in &row.seats {
                let account = seat_account(tx, guild, user)?;
                // P-5: a player who cannot pay ends a per-point series, so one who cannot
                // pay a single point does not start one.
                if row.per_point > 0 && user != DROID {
                    let balance = balance_of(tx, account)?;
                    if balance < row.per_point {
                        return Err(LedgerError::PerPointFunds {
                            user: user.clone(),
                            balance,
                            per_point: row.per_point,
                        });
                    }
                }
            }
            if row.stake > 0 {
                check_pot(row.stake, row.seats.len())?;
                let min = economy::load(tx, guild)?.min_wager;
                if row.stake < min {
                    return Err(LedgerError::BelowMinimum { min });
                }
                let pot_account = escrow(tx, guild, table)?;
                for user in &row.seats {
                    let account = seat_account(tx, guild, user)?;
                    transfer(tx, op, account, pot_account, row.stake, user)?;
                }
            }
            tx.execute(
                "UPDATE tables SET status = 'playing', deadline = ?2 WHERE id = ?1",
                args![table, deadline],
            )?;
            if let Some(start) = start {
                tx.execute(
                    "UPDATE tables SET start_position = ?2, position = ?2 WHERE id = ?1",
                    args![table, start],
                )?;
            }
            Ok(Started {
                pot: row.stake * row.seats.len() as i64,
            })
        })
    }

    /// Finishes a table with every seat's points (the game's outcome, or the table's verdict
    /// on a resignation or timeout), exactly once: the pot goes to the one top scorer, with a
    /// slot token for a human winner of a wagered table; several top scorers split it equally
    /// (the remainder to the house), which refunds a two-player draw. The table's final
    /// position and result, the revealed seed, the members' results and ratings are written
    /// in the same transaction.
    pub fn finish_table(
        &self,
        guild: &str,
        table: i64,
        points: &[u32],
        position: &str,
        result: &str,
    ) -> Result<Replayable<Settlement>> {
        let earning = Earning::on(now());
        self.finish_table_on(guild, table, points, position, result, &earning)
    }

    /// [`Ledger::finish_table`] on the table's own clock and with its game's threshold for
    /// the winner's token ([`super::earnings`]).
    pub fn finish_table_on(
        &self,
        guild: &str,
        table: i64,
        points: &[u32],
        position: &str,
        result: &str,
        earning: &Earning,
    ) -> Result<Replayable<Settlement>> {
        self.operation(guild, &format!("settle:{table}"), "settle", |tx, op| {
            let row = load_in_guild(tx, guild, table)?;
            if row.status != TableStatus::Playing {
                return Err(refuse(&row, "only a playing table can finish"));
            }
            if points.len() != row.seats.len() {
                return Err(refuse(
                    &row,
                    &format!("{} seats but {} scores", row.seats.len(), points.len()),
                ));
            }
            let best = points.iter().copied().max().unwrap_or(0);
            let winners: Vec<usize> = (0..points.len()).filter(|&s| points[s] == best).collect();
            let (payouts, to_house) = pay_winners(tx, op, guild, &row, &winners)?;
            let (token_to, no_token) = match winners.as_slice() {
                [seat] if row.stake > 0 && row.seats[*seat] != DROID => {
                    match token_for(tx, guild, &row, *seat, earning)? {
                        Ok(()) => {
                            let account = require_member(tx, guild, &row.seats[*seat])?;
                            move_tokens(tx, op, account, 1)?;
                            (Some(*seat), None)
                        }
                        Err(why) => (None, Some(why)),
                    }
                }
                _ => (None, None),
            };
            let paid = Paid {
                payouts: &payouts,
                token_to,
                day: earning.day,
            };
            record_results(tx, guild, &row, points, &winners, &paid)?;
            ratings::record(tx, guild, &row.game, &row.seats, &winners)?;
            let winner = match winners.as_slice() {
                [seat] => Some(*seat),
                _ => None,
            };
            let bets = settle_bets(tx, op, guild, table, winner)?;
            tx.execute(
                "UPDATE tables SET status = 'finished', position = ?2, result = ?3,
                        seed_revealed = 1, deadline = NULL, finished_at = ?4 WHERE id = ?1",
                args![table, position, result, now()],
            )?;
            Ok(Settlement {
                payouts,
                winners,
                token_to,
                no_token,
                to_house,
                cancelled: false,
                bets,
            })
        })
    }

    /// Cancels a table (declined, expired, ended by an admin): every stake goes back to the
    /// seat that paid it, and the table becomes `cancelled`, exactly once.
    pub fn cancel_table(
        &self,
        guild: &str,
        table: i64,
        reason: &str,
    ) -> Result<Replayable<Settlement>> {
        self.operation(guild, &format!("settle:{table}"), "settle", |tx, op| {
            let row = load_in_guild(tx, guild, table)?;
            if !row.status.is_active() {
                return Err(refuse(&row, "it has already ended"));
            }
            let mut payouts = vec![0i64; row.seats.len()];
            if row.status == TableStatus::Playing && row.stake > 0 {
                let pot_account = escrow(tx, guild, table)?;
                for (seat, user) in row.seats.iter().enumerate() {
                    let account = seat_account(tx, guild, user)?;
                    transfer(tx, op, pot_account, account, row.stake, "the escrow")?;
                    payouts[seat] = row.stake;
                }
            }
            let bets = settle_bets(tx, op, guild, table, None)?;
            tx.execute(
                "UPDATE tables SET status = 'cancelled', result = ?2, seed_revealed = 1,
                        deadline = NULL, finished_at = ?3 WHERE id = ?1",
                args![table, reason, now()],
            )?;
            Ok(Settlement {
                payouts,
                winners: Vec::new(),
                token_to: None,
                no_token: None,
                to_house: 0,
                cancelled: true,
                bets,
            })
        })
    }

    /// Per-point series (the seed's Corellian traders): after game `game` the loser pays the
    /// winner `per_point × points`, capped by what the loser has.
    pub fn pay_points(
        &self,
        guild: &str,
        table: i64,
        game: u32,
        loser: &str,
        winner: &str,
        points: u32,
    ) -> Result<Replayable<PointsPaid>> {
        self.operation(
            guild,
            &format!("points:{table}:{game}"),
            "points",
            |tx, op| {
                let row = load_in_guild(tx, guild, table)?;
                if row.status != TableStatus::Playing {
                    return Err(refuse(&row, "points are paid only while the series plays"));
                }
                let owed = row
                    .per_point
                    .checked_mul(points as i64)
                    .ok_or(LedgerError::InvalidAmount(i64::MAX))?;
                let from = seat_account(tx, guild, loser)?;
                let to = seat_account(tx, guild, winner)?;
                let available = if loser == DROID {
                    owed
                } else {
                    balance_of(tx, from)?
                };
                // Bounded up front (`per_point` ≤ MAX_PER_POINT); a game worth more points
                // than any game can be is still paid at most one operation's bound.
                let paid = owed.min(available).min(MAX_AMOUNT);
                if paid > 0 {
                    transfer(tx, op, from, to, paid, loser)?;
                }
                let left = if loser == DROID {
                    1
                } else {
                    balance_of(tx, from)?
                };
                Ok(PointsPaid {
                    owed,
                    paid,
                    exhausted: paid < owed || left == 0,
                })
            },
        )
    }
}

/// Shares a finished table's pot equally among its top scorers, the remainder to the house;
/// each seat's payout, and what went to the house (the droid's winnings included).
fn pay_winners(
    tx: &Tx,
    op: i64,
    guild: &str,
    row: &TableRow,
    winners: &[usize],
) -> Result<(Vec<i64>, i64)> {
    let pot_account = escrow(tx, guild, row.id)?;
    let pot = balance_of(tx, pot_account)?;
    let mut payouts = vec![0i64; row.seats.len()];
    let share = pot / winners.len() as i64;
    for &seat in winners {
        if share > 0 {
            let account = seat_account(tx, guild, &row.seats[seat])?;
            transfer(tx, op, pot_account, account, share, "the escrow")?;
            payouts[seat] = share;
        }
    }
    let remainder = balance_of(tx, pot_account)?;
    if remainder > 0 {
        transfer(
            tx,
            op,
            pot_account,
            house(tx, guild)?,
            remainder,
            "the escrow",
        )?;
    }
    let droid_won: i64 = winners
        .iter()
        .filter(|&&seat| row.seats[seat] == DROID)
        .map(|&seat| payouts[seat])
        .sum();
    Ok((payouts, remainder + droid_won))
}

/// What a settlement paid, as the results remember it.
struct Paid<'a> {
    payouts: &'a [i64],
    token_to: Option<usize>,
    /// The UTC day of the settlement by the table's clock ([`Earning::day`]).
    day: i64,
}

/// Each member's result at a finished table, for statistics, the wins board and the daily
/// limits of [`super::earnings`]: a member playing itself counts for nothing (nor does the
/// droid, which is not a member).
fn record_results(
    tx: &Tx,
    guild: &str,
    row: &TableRow,
    points: &[u32],
    winners: &[usize],
    paid: &Paid,
) -> Result<()> {
    let payouts = paid.payouts;
    let self_play = row
        .seats
        .iter()
        .enumerate()
        .any(|(i, u)| u != DROID && row.seats[..i].contains(u));
    if self_play {
        return Ok(());
    }
    for (seat, user) in row.seats.iter().enumerate() {
        if user == DROID {
            continue;
        }
        // A per-point series paid game by game: those payments are its net.
        let net = payouts[seat] - row.stake
            + points_net(tx, guild, row.id, seat_account(tx, guild, user)?)?;
        let outcome = match winners {
            [only] if *only == seat => "win",
            _ if winners.contains(&seat) => "draw",
            _ => "loss",
        };
        tx.execute(
            "INSERT INTO results (table_id, guild_id, game, user_id, seat, points, outcome, net,
                                  day, token)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            args![
                row.id,
                guild,
                &row.game,
                user,
                seat as i64,
                points[seat],
                outcome,
                net,
                paid.day,
                i64::from(paid.token_to == Some(seat))
            ],
        )?;
    }
    Ok(())
}
