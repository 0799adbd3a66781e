//! What a server's admins did (`/admin log`), and the admin actions that move credits
//! (`/admin grant`, `/admin take`) or change a setting, each written in the same
//! transaction as its log line: an action is in the log exactly when it took effect.
//! A line keeps its action's id and its words' arguments, so each admin reads it in their
//! own language.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::accounts::{balance_of, require_member, transfer, Grant};
use super::economy::{self, house, Economy, Setting};
use super::store::Tx;
use super::{check_amount, now, Ledger, LedgerError, Replayable, Result};
use crate::args;

/// An admin's action as the log keeps it: who, what (`take`, `set`…), and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminAct<'a> {
    /// The interaction it came from: an action is logged once however often it is replayed.
    pub key: &'a str,
    pub admin: &'a str,
    pub action: &'a str,
    pub args: Map<String, Value>,
}

/// A line of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AdminEntry {
    pub id: i64,
    pub at: i64,
    pub admin: String,
    pub action: String,
    pub args: Map<String, Value>,
}

/// Credits an admin took back to the house, and the member's balance after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Take {
    pub amount: i64,
    pub balance: i64,
}

/// Writes `act` to `guild`'s log, once per key.
pub(crate) fn record(tx: &Tx, guild: &str, act: &AdminAct) -> Result<()> {
    let args = Value::Object(act.args.clone()).to_string();
    tx.execute(
        "INSERT INTO admin_log (guild_id, key, admin_id, action, args, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (guild_id, key) DO NOTHING",
        args![guild, act.key, act.admin, act.action, &args, now()],
    )?;
    Ok(())
}

impl Ledger {
    /// Credits from the house to `user`, logged as `act`.
    pub fn grant_by(
        &self,
        guild: &str,
        act: &AdminAct,
        user: &str,
        amount: i64,
    ) -> Result<Replayable<Grant>> {
        check_amount(amount)?;
        let key = format!("grant:{}", act.key);
        self.operation(guild, &key, "grant", |tx, op| {
            let account = require_member(tx, guild, user)?;
            transfer(tx, op, house(tx, guild)?, account, amount, "the house")?;
            record(tx, guild, act)?;
            Ok(Grant {
                amount,
                balance: balance_of(tx, account)?,
            })
        })
    }

    /// Up to `amount` of `user`'s credits back to the house — never more than they hold —
    /// logged as `act` with the amount actually taken.
    pub fn take(
        &self,
        guild: &str,
        act: &AdminAct,
        user: &str,
        amount: i64,
    ) -> Result<Replayable<Take>> {
        check_amount(amount)?;
        let key = format!("take:{}", act.key);
        self.operation(guild, &key, "take", |tx, op| {
            let account = require_member(tx, guild, user)?;
            let taken = amount.min(balance_of(tx, account)?);
            if taken <= 0 {
                return Err(LedgerError::InsufficientFunds {
                    user: user.to_string(),
                    balance: 0,
                    needed: amount,
                });
            }
            transfer(tx, op, account, house(tx, guild)?, taken, user)?;
            let mut act = act.clone();
            act.args.insert("amount".into(), taken.into());
            record(tx, guild, &act)?;
            Ok(Take {
                amount: taken,
                balance: balance_of(tx, account)?,
            })
        })
    }

    /// Changes one economy parameter of a guild, logged as `act`.
    pub fn set_economy_by(
        &self,
        guild: &str,
        act: &AdminAct,
        setting: Setting,
        value: i64,
    ) -> Result<Economy> {
        self.set_economy_with(guild, setting, value, |tx| record(tx, guild, act))
    }

    /// Writes an admin's action that moved nothing the ledger keeps elsewhere (a table
    /// ended, a price, a channel opened to tables).
    pub fn log_admin(&self, guild: &str, act: &AdminAct) -> Result<()> {
        self.write_in(guild, |tx| {
            economy::ensure_guild(tx, guild, &self.defaults)?;
            record(tx, guild, act)
        })
    }

    /// `guild`'s log, newest first: `count` lines after skipping `skip`, and how many there
    /// are in all.
    pub fn admin_log(&self, guild: &str, skip: i64, count: i64) -> Result<(Vec<AdminEntry>, i64)> {
        self.read(|tx| {
            let total: i64 = tx.query_one(
                "SELECT COUNT(*) AS n FROM admin_log WHERE guild_id = ?1",
                args![guild],
                |r| r.col("n"),
            )?;
            let lines = tx.query(
                "SELECT id, created_at, admin_id, action, args FROM admin_log
                 WHERE guild_id = ?1 ORDER BY id DESC LIMIT ?2 OFFSET ?3",
                args![guild, count, skip],
                |r| {
                    let args: String = r.col("args")?;
                    Ok(AdminEntry {
                        id: r.col("id")?,
                        at: r.col("created_at")?,
                        admin: r.col("admin_id")?,
                        action: r.col("action")?,
                        args: serde_json::from_str(&args).unwrap_or_default(),
                    })
                },
            )?;
            Ok((lines, total))
        })
    }
}
