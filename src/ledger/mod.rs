//! The cantina's ledger on SQLite: credits, escrowed wagers, slot tokens, ratings, tables and
//! their action logs (PRODUCT.md P-5, P-6).
//!
//! Every operation runs in one `BEGIN IMMEDIATE` transaction with an idempotency key: a key
//! seen before returns the first result and moves nothing. Balances change only through
//! transfer rows, so the audit can recompute every balance from the journal.
//!
//! The API is synchronous. Async callers run it on a blocking thread (`spawn_blocking`), never
//! holding a transaction across an `.await`.

pub mod accounts;
pub mod audit;
pub mod economy;
pub mod legacies;
pub mod ratings;
pub mod slots;
pub mod tables;
pub mod wagers;

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OptionalExtension, Transaction, TransactionBehavior};
use rusqlite_migration::{Migrations, M};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The largest amount any single operation may move: far above any real balance, far below
/// what could overflow a sum of balances.
pub const MAX_AMOUNT: i64 = 1_000_000_000_000;

/// The user id of the house droid (the bot itself as a player).
pub const DROID: &str = "droid";

/// Every way the ledger refuses an operation. Nothing is changed when one is returned.
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    #[error("the amount must be a whole number from 1 to {MAX_AMOUNT}, not {0}")]
    InvalidAmount(i64),
    #[error("{user} has {balance} credits, {needed} are needed")]
    InsufficientFunds {
        user: String,
        balance: i64,
        needed: i64,
    },
    #[error("you cannot give credits to yourself")]
    SelfTransfer,
    #[error("{0} has no account here yet")]
    UnknownMember(String),
    #[error("no table {0}")]
    UnknownTable(i64),
    #[error("table {table} is {status}: {why}")]
    TableState {
        table: i64,
        status: String,
        why: String,
    },
    #[error("the wager must be at least {min} credits")]
    BelowMinimum { min: i64 },
    #[error("{0} has no slot token")]
    NoToken(String),
    #[error("the key {0} was already used for a different operation")]
    KeyConflict(String),
    #[error("invalid setting: {0}")]
    InvalidSetting(String),
    #[error("another table is already active in this channel")]
    ChannelBusy,
    #[error("database error: {0}")]
    Db(#[from] rusqlite::Error),
    #[error("database migration failed: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
}

pub type Result<T> = std::result::Result<T, LedgerError>;

/// How SQLite makes a commit durable (PRAGMA synchronous in WAL mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// Every commit reaches the disk before it returns: survives power loss. The default.
    Full,
    /// Commits survive a crash of the process (kill -9), and the last ones may be lost on
    /// power loss; several times faster.
    Normal,
}

/// The ordered schema migrations, compiled into the binary.
fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(include_str!("../../migrations/0001_init.sql")),
        M::up(include_str!("../../migrations/0002_names.sql")),
        M::up(include_str!("../../migrations/0003_offers.sql")),
        M::up(include_str!("../../migrations/0004_legacies.sql")),
    ])
}

/// The ledger: one SQLite connection behind a mutex, so that this process has one writer.
pub struct Ledger {
    conn: Mutex<Connection>,
    /// The economy a guild starts with (configured by the operator).
    pub(crate) defaults: economy::Economy,
}

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

pub(crate) fn check_amount(amount: i64) -> Result<i64> {
    if (1..=MAX_AMOUNT).contains(&amount) {
        Ok(amount)
    } else {
        Err(LedgerError::InvalidAmount(amount))
    }
}

impl Ledger {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path, durability: Durability) -> Result<Ledger> {
        let conn = Connection::open(path)?;
        Self::setup(conn, durability)
    }

    /// A private in-memory ledger, for tests and demos.
    pub fn open_in_memory() -> Result<Ledger> {
        Self::setup(Connection::open_in_memory()?, Durability::Full)
    }

    fn setup(mut conn: Connection, durability: Durability) -> Result<Ledger> {
        // Other processes (a second bot instance, `holotable audit`) may hold the write lock
        // for a moment: wait for it rather than failing.
        conn.busy_timeout(Duration::from_secs(10))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(
            None,
            "synchronous",
            match durability {
                Durability::Full => "FULL",
                Durability::Normal => "NORMAL",
            },
        )?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrations().to_latest(&mut conn)?;
        Ok(Ledger {
            conn: Mutex::new(conn),
            defaults: economy::Economy::default(),
        })
    }

    /// Sets the economy new guilds start with (existing guilds keep theirs).
    pub fn with_defaults(mut self, defaults: economy::Economy) -> Result<Ledger> {
        defaults.validate()?;
        self.defaults = defaults;
        Ok(self)
    }

    /// Runs `f` in one write transaction (`BEGIN IMMEDIATE`), committed if it returns Ok.
    pub(crate) fn write<T>(&self, f: impl FnOnce(&Transaction) -> Result<T>) -> Result<T> {
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let value = f(&tx)?;
        tx.commit()?;
        Ok(value)
    }

    /// Runs `f` on a read snapshot.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&Transaction) -> Result<T>) -> Result<T> {
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        let tx = conn.transaction_with_behavior(TransactionBehavior::Deferred)?;
        f(&tx)
    }

    /// Runs an idempotent operation: if `key` was used in this guild, returns the stored
    /// result (with `replayed` true) and changes nothing; otherwise runs `f` and stores its
    /// result under the key, all in one transaction.
    pub(crate) fn operation<T: Serialize + DeserializeOwned>(
        &self,
        guild: &str,
        key: &str,
        kind: &str,
        f: impl FnOnce(&Transaction, i64) -> Result<T>,
    ) -> Result<Replayable<T>> {
        self.write(|tx| {
            economy::ensure_guild(tx, guild, &self.defaults)?;
            let previous: Option<(String, String)> = tx
                .query_row(
                    "SELECT kind, result FROM operations WHERE guild_id = ?1 AND key = ?2",
                    params![guild, key],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )
                .optional()?;
            if let Some((previous_kind, result)) = previous {
                if previous_kind != kind {
                    return Err(LedgerError::KeyConflict(key.to_string()));
                }
                let value = serde_json::from_str(&result)
                    .map_err(|e| LedgerError::Corrupt(format!("operation {key}: {e}")))?;
                return Ok(Replayable {
                    value,
                    replayed: true,
                });
            }
            tx.execute(
                "INSERT INTO operations (guild_id, key, kind, result, created_at)
                 VALUES (?1, ?2, ?3, '', ?4)",
                params![guild, key, kind, now()],
            )?;
            let operation = tx.last_insert_rowid();
            let value = f(tx, operation)?;
            let json = serde_json::to_string(&value)
                .map_err(|e| LedgerError::Corrupt(format!("operation {key}: {e}")))?;
            tx.execute(
                "UPDATE operations SET result = ?2 WHERE id = ?1",
                params![operation, json],
            )?;
            Ok(Replayable {
                value,
                replayed: false,
            })
        })
    }
}

impl Ledger {
    /// Remembers a user's display name.
    pub fn set_name(&self, user: &str, name: &str) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO user_names (user_id, name) VALUES (?1, ?2)
                 ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
                params![user, name],
            )?;
            Ok(())
        })
    }

    /// A user's display name, if known.
    pub fn name(&self, user: &str) -> Result<Option<String>> {
        self.read(|tx| {
            Ok(tx
                .query_row(
                    "SELECT name FROM user_names WHERE user_id = ?1",
                    params![user],
                    |r| r.get(0),
                )
                .optional()?)
        })
    }
}

/// An operation's result, and whether it was the stored result of an earlier call with the
/// same idempotency key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayable<T> {
    pub value: T,
    pub replayed: bool,
}
