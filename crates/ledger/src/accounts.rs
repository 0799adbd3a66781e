//! Member accounts, the journal primitives (transfers, token moves), daily claims, gifts and
//! admin grants.

use super::store::Tx;
use crate::args;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::calendar::Day;
use super::economy::{self, house};
use super::{check_amount, now, Ledger, LedgerError, Replayable, Result};

/// What `/balance` shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Balance {
    pub credits: i64,
    pub tokens: i64,
    /// SHA-256 of the seed of the member's next slot spin (P-6.4).
    pub slot_commitment: String,
}

/// A member's account id, if the member has an account in the guild.
pub(crate) fn member_account(tx: &Tx, guild: &str, user: &str) -> Result<Option<i64>> {
    tx.query_opt(
        "SELECT id FROM accounts WHERE guild_id = ?1 AND kind = 'member' AND owner = ?2",
        args![guild, user],
        |row| row.col("id"),
    )
}

pub(crate) fn require_member(tx: &Tx, guild: &str, user: &str) -> Result<i64> {
    member_account(tx, guild, user)?.ok_or_else(|| LedgerError::UnknownMember(user.to_string()))
}

pub(crate) fn balance_of(tx: &Tx, account: i64) -> Result<i64> {
    tx.query_one(
        "SELECT balance FROM accounts WHERE id = ?1",
        args![account],
        |row| row.col("balance"),
    )
}

pub(crate) fn tokens_of(tx: &Tx, account: i64) -> Result<i64> {
    tx.query_one(
        "SELECT tokens FROM accounts WHERE id = ?1",
        args![account],
        |row| row.col("tokens"),
    )
}

/// Moves `amount` credits between two accounts as one journal row of `operation`. A member
/// or escrow account without the funds is refused with a clear error (the schema refuses it
/// too, as a last line of defence).
pub(crate) fn transfer(
    tx: &Tx,
    operation: i64,
    from: i64,
    to: i64,
    amount: i64,
    payer_name: &str,
) -> Result<()> {
    check_amount(amount)?;
    let (kind, balance): (String, i64) = tx.query_one(
        "SELECT kind, balance FROM accounts WHERE id = ?1",
        args![from],
        |row| Ok((row.col("kind")?, row.col("balance")?)),
    )?;
    if (kind == "member" || kind == "escrow") && balance < amount {
        return Err(LedgerError::InsufficientFunds {
            user: payer_name.to_string(),
            balance,
            needed: amount,
        });
    }
    tx.execute(
        "UPDATE accounts SET balance = balance - ?2 WHERE id = ?1",
        args![from, amount],
    )?;
    tx.execute(
        "UPDATE accounts SET balance = balance + ?2 WHERE id = ?1",
        args![to, amount],
    )?;
    tx.execute(
        "INSERT INTO transfers (operation_id, guild_id, from_account, to_account, amount)
         SELECT ?1, guild_id, ?2, ?3, ?4 FROM accounts WHERE id = ?2",
        args![operation, from, to, amount],
    )?;
    Ok(())
}

/// Adds (or with a negative delta, uses) slot tokens, journalled under `operation`.
pub(crate) fn move_tokens(tx: &Tx, operation: i64, account: i64, delta: i64) -> Result<()> {
    tx.execute(
        "UPDATE accounts SET tokens = tokens + ?2 WHERE id = ?1",
        args![account, delta],
    )?;
    tx.execute(
        "INSERT INTO token_moves (operation_id, account_id, delta) VALUES (?1, ?2, ?3)",
        args![operation, account, delta],
    )?;
    Ok(())
}

/// A fresh secret seed for the next slot spin, from the operating system's generator.
pub(crate) fn fresh_seed() -> String {
    let bytes: [u8; 32] = rand::random();
    hex(&bytes)
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The public commitment to a secret seed: its SHA-256, in hex.
pub fn commitment(seed: &str) -> String {
    hex(&Sha256::digest(seed.as_bytes()))
}

pub(crate) fn read_balance(tx: &Tx, guild: &str, user: &str) -> Result<Balance> {
    let account = require_member(tx, guild, user)?;
    let (credits, tokens, seed): (i64, i64, Option<String>) = tx.query_one(
        "SELECT balance, tokens, slot_seed FROM accounts WHERE id = ?1",
        args![account],
        |row| {
            Ok((
                row.col("balance")?,
                row.col("tokens")?,
                row.col("slot_seed")?,
            ))
        },
    )?;
    Ok(Balance {
        credits,
        tokens,
        slot_commitment: commitment(seed.as_deref().unwrap_or("")),
    })
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub amount: i64,
    pub balance: i64,
    /// How many days in a row this member has claimed, this one included (claims stored
    /// before streaks existed read as 1).
    #[serde(default = "one")]
    pub streak: u32,
}

fn one() -> u32 {
    1
}

/// Credits an admin granted, and the member's balance after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    pub amount: i64,
    pub balance: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gift {
    pub amount: i64,
    pub from_balance: i64,
    pub to_balance: i64,
}

impl Ledger {
    /// Opens a member's account with the guild's starting balance (from the house). Opening
    /// an existing account changes nothing and returns it.
    pub fn open_account(&self, guild: &str, user: &str) -> Result<Replayable<Balance>> {
        let key = format!("open:{user}");
        self.operation(guild, &key, "open", |tx, op| {
            let economy = economy::load(tx, guild)?;
            let account: i64 = tx.value(
                "INSERT INTO accounts (guild_id, kind, owner, slot_seed, created_at)
                 VALUES (?1, 'member', ?2, ?3, ?4) RETURNING id",
                args![guild, user, fresh_seed(), now()],
            )?;
            if economy.starting_balance > 0 {
                transfer(
                    tx,
                    op,
                    house(tx, guild)?,
                    account,
                    economy.starting_balance,
                    "the house",
                )?;
            }
            read_balance(tx, guild, user)
        })
        .map(|opened| {
            if opened.replayed {
                // The stored result is the balance at opening; report today's.
                match self.balance(guild, user) {
                    Ok(now) => Replayable {
                        value: now,
                        replayed: true,
                    },
                    Err(_) => opened,
                }
            } else {
                opened
            }
        })
    }

    pub fn has_account(&self, guild: &str, user: &str) -> Result<bool> {
        self.read(|tx| Ok(member_account(tx, guild, user)?.is_some()))
    }

    pub fn balance(&self, guild: &str, user: &str) -> Result<Balance> {
        self.read(|tx| read_balance(tx, guild, user))
    }

    /// The daily claim for `day`: once per member and day, raised by the streak of days in
    /// a row. A second claim the same day returns the first one with `replayed` set.
    pub fn daily(&self, guild: &str, user: &str, day: Day) -> Result<Replayable<Claim>> {
        let key = |day: Day| format!("daily:{guild}:{user}:{day}");
        self.operation(guild, &key(day), "daily", |tx, op| {
            let account = require_member(tx, guild, user)?;
            let economy = economy::load(tx, guild)?;
            // Yesterday's claim, if any, carries the streak on; a missed day starts it again.
            let yesterday: Option<String> = tx.query_opt(
                "SELECT result FROM operations WHERE guild_id = ?1 AND key = ?2",
                args![guild, &key(day.before())],
                |row| row.col("result"),
            )?;
            let streak = yesterday
                .and_then(|r| serde_json::from_str::<Claim>(&r).ok())
                .map_or(1, |c| c.streak.saturating_add(1));
            let amount = economy.daily_for(streak);
            if amount > 0 {
                transfer(tx, op, house(tx, guild)?, account, amount, "the house")?;
            }
            Ok(Claim {
                amount,
                balance: balance_of(tx, account)?,
                streak,
            })
        })
    }

    /// `/give`: moves credits from one member to another. `key` is the interaction id.
    pub fn give(
        &self,
        guild: &str,
        key: &str,
        from: &str,
        to: &str,
        amount: i64,
    ) -> Result<Replayable<Gift>> {
        check_amount(amount)?;
        if from == to {
            return Err(LedgerError::SelfTransfer);
        }
        self.operation(guild, &format!("give:{key}"), "give", |tx, op| {
            let source = require_member(tx, guild, from)?;
            let target = require_member(tx, guild, to)?;
            transfer(tx, op, source, target, amount, from)?;
            Ok(Gift {
                amount,
                from_balance: balance_of(tx, source)?,
                to_balance: balance_of(tx, target)?,
            })
        })
    }

    /// Admin grant: credits issued by the house to a member. `key` is the interaction id.
    pub fn grant(
        &self,
        guild: &str,
        key: &str,
        user: &str,
        amount: i64,
    ) -> Result<Replayable<Grant>> {
        check_amount(amount)?;
        self.operation(guild, &format!("grant:{key}"), "grant", |tx, op| {
            let account = require_member(tx, guild, user)?;
            transfer(tx, op, house(tx, guild)?, account, amount, "the house")?;
            Ok(Grant {
                amount,
                balance: balance_of(tx, account)?,
            })
        })
    }
}
