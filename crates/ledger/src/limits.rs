//! A member's own limits (`/limits`): a self-exclusion from wagers, side bets and the slot
//! machine until a moment that can only move later — not by the member, not by an admin —
//! and a daily loss limit, lowered at once, raised or removed only a week after it was
//! last set (so that it holds on the evening it is meant for).

use serde::{Deserialize, Serialize};

use super::accounts::member_account;
use super::calendar::Day;
use super::store::Tx;
use super::{Ledger, Result};
use crate::args;

/// How long a loss limit holds before it may be raised or removed, in seconds.
pub const LOSS_LIMIT_HOLDS: i64 = 7 * 86_400;

/// A member's limits.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Excluded while `now` is before this moment (0: never excluded).
    pub excluded_until: i64,
    /// The most they may lose gambling in a UTC day.
    pub loss_limit: Option<i64>,
    /// When the loss limit was last set.
    pub loss_set_at: i64,
}

impl Limits {
    pub fn excluded(&self, now: i64) -> bool {
        now < self.excluded_until
    }
}

/// What changing a loss limit met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LossLimit {
    Set(Limits),
    /// A raise or a removal before the last setting has held a week: possible from then.
    Holds {
        until: i64,
    },
}

fn load(tx: &Tx, guild: &str, user: &str) -> Result<Limits> {
    Ok(tx
        .query_opt(
            "SELECT excluded_until, loss_limit, loss_set_at FROM member_limits
             WHERE guild_id = ?1 AND user_id = ?2",
            args![guild, user],
            |r| {
                Ok(Limits {
                    excluded_until: r.col("excluded_until")?,
                    loss_limit: r.col("loss_limit")?,
                    loss_set_at: r.col("loss_set_at")?,
                })
            },
        )?
        .unwrap_or_default())
}

fn ensure(tx: &Tx, guild: &str, user: &str) -> Result<()> {
    tx.execute(
        "INSERT INTO member_limits (guild_id, user_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
        args![guild, user],
    )?;
    Ok(())
}

impl Ledger {
    pub fn limits(&self, guild: &str, user: &str) -> Result<Limits> {
        self.read(|tx| load(tx, guild, user))
    }

    /// Excludes `user` until `until`, or keeps the later exclusion they already have.
    pub fn exclude(&self, guild: &str, user: &str, until: i64) -> Result<Limits> {
        self.write_in(guild, |tx| {
            ensure(tx, guild, user)?;
            tx.execute(
                "UPDATE member_limits SET excluded_until = ?3
                 WHERE guild_id = ?1 AND user_id = ?2 AND excluded_until < ?3",
                args![guild, user, until],
            )?;
            load(tx, guild, user)
        })
    }

    /// Sets `user`'s daily loss limit (`None`: none) at `now`: lowering (or a first limit)
    /// holds at once; raising or removing it waits until the last setting has held a week.
    pub fn set_loss_limit(
        &self,
        guild: &str,
        user: &str,
        limit: Option<i64>,
        now: i64,
    ) -> Result<LossLimit> {
        self.write_in(guild, |tx| {
            ensure(tx, guild, user)?;
            let limits = load(tx, guild, user)?;
            let lowers = match (limits.loss_limit, limit) {
                (None, _) => true,
                (Some(old), Some(new)) => new <= old,
                (Some(_), None) => false,
            };
            let until = limits.loss_set_at + LOSS_LIMIT_HOLDS;
            if !lowers && now < until {
                return Ok(LossLimit::Holds { until });
            }
            tx.execute(
                "UPDATE member_limits SET loss_limit = ?3, loss_set_at = ?4
                 WHERE guild_id = ?1 AND user_id = ?2",
                args![guild, user, limit, now],
            )?;
            Ok(LossLimit::Set(load(tx, guild, user)?))
        })
    }

    /// What `user` lost gambling in `day` (UTC): their net over the day's stakes, table
    /// payouts, per-point payments, side bets and spins, as a positive number (0 when they
    /// are ahead).
    pub fn lost_on(&self, guild: &str, user: &str, day: Day) -> Result<i64> {
        self.read(|tx| {
            let Some(account) = member_account(tx, guild, user)? else {
                return Ok(0);
            };
            let net: i64 = tx.value(
                "SELECT CAST(COALESCE(SUM(CASE WHEN t.to_account = ?1 THEN t.amount
                                              ELSE -t.amount END), 0) AS BIGINT)
                 FROM transfers t JOIN operations o ON o.id = t.operation_id
                 WHERE (t.from_account = ?1 OR t.to_account = ?1)
                   AND o.kind IN ('start', 'settle', 'points', 'bet', 'spin')
                   AND o.created_at >= ?2 AND o.created_at < ?3",
                args![account, day.start(), day.start() + 86_400],
            )?;
            Ok((-net).max(0))
        })
    }
}
