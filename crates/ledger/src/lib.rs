//! The cantina's ledger: credits, escrowed wagers, slot tokens, ratings, tables and their
//! action logs (docs/CONTRACT.md P-5, P-6), on SQLite or PostgreSQL ([`store`]).
//!
//! Every operation runs in one write transaction with an idempotency key: a key seen before
//! returns the first result and moves nothing. Balances change only through transfer rows,
//! so the audit can recompute every balance from the journal.
//!
//! The API is synchronous. Async callers run it on a blocking thread (`spawn_blocking`), never
//! holding a transaction across an `.await`.

pub mod accounts;
pub mod admin_log;
pub mod audit;
pub mod bets;
pub mod calendar;
pub mod changes;
pub mod channels;
pub mod earnings;
pub mod economy;
pub mod history;
pub mod legacies;
pub mod limits;
pub mod notify;
mod offers;
pub mod ratings;
pub mod reset;
pub mod seasons;
pub mod seat_links;
pub mod shop;
pub mod slots;
pub mod store;
pub mod tables;
pub mod takebacks;
pub mod tournaments;
pub mod wagers;
pub mod watch;

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::Serialize;

/// The metrics, under the name the ledger's modules give them.
use holotable_telemetry as telemetry;
pub use store::StoreError;
use store::{Store, Tx};

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
    /// An amount whose sum (a pot, a pool, a payout) could pass the bound of one operation.
    #[error("at most {max} credits here, so that what it adds up to can always be paid")]
    AmountTooLarge { max: i64 },
    #[error("{user} has {balance} credits, {needed} are needed")]
    InsufficientFunds {
        user: String,
        balance: i64,
        needed: i64,
    },
    #[error("{user} has {balance} credits, less than one point of the series ({per_point})")]
    PerPointFunds {
        user: String,
        balance: i64,
        per_point: i64,
    },
    #[error("you cannot give credits to yourself")]
    SelfTransfer,
    #[error("{0} has no account here yet")]
    UnknownMember(String),
    #[error("no table {0}")]
    UnknownTable(i64),
    #[error("every seat of table {0} is taken")]
    TableFull(i64),
    #[error("you already have a seat at table {0}")]
    AlreadySeated(i64),
    #[error("table {table} is {status}: {why}")]
    TableState {
        table: i64,
        status: tables::TableStatus,
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
    /// A reset of the economy while something still holds credits in escrow.
    #[error("{tables} tables and {tournaments} tournaments still hold credits")]
    StillRunning { tables: i64, tournaments: i64 },
    #[error("{0}")]
    Bet(bets::BetRefusal),
    #[error("{0}")]
    Shop(shop::ShopRefusal),
    #[error("{0}")]
    Tournament(tournaments::TournamentRefusal),
    #[error("database error: {0}")]
    Db(#[from] StoreError),
    #[error("database migration failed: {0}")]
    Migration(String),
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

/// The ledger: its store, and the economy new guilds start with.
pub struct Ledger {
    store: Store,
    /// The economy a guild starts with (configured by the operator).
    pub(crate) defaults: economy::Economy,
    /// Transactions run so far, reads and writes: what a command costs the database.
    transactions: std::sync::atomic::AtomicU64,
    /// This process among those on the same database, in what it tells them
    /// ([`changes`]): 64 random bits.
    process: String,
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
    /// Opens (creating if needed) the SQLite file at `path` and brings its schema up to date.
    pub fn open(path: &Path, durability: Durability) -> Result<Ledger> {
        Ok(Self::with_store(Store::sqlite(path, durability)?))
    }

    /// Opens the database `location` names: a `postgres://` URL, or a SQLite file path
    /// (`durability` applies to SQLite; PostgreSQL's is the server's own).
    pub fn open_at(location: &str, durability: Durability) -> Result<Ledger> {
        if store::is_postgres(location) {
            Ok(Self::with_store(Store::postgres(location)?))
        } else if let Some((scheme, _)) = location.trim().split_once("://") {
            // Not a file someone meant to create: `mysql://…` names a server we do not speak.
            Err(LedgerError::Db(store::StoreError::Other(format!(
                "unsupported database URL scheme '{scheme}': the ledger is a SQLite file \
                 (a path) or a PostgreSQL database (postgres://…)"
            ))))
        } else {
            Self::open(Path::new(location), durability)
        }
    }

    /// Copies the whole ledger into the new file `to` (SQLite: `VACUUM INTO`), consistent
    /// while the bot writes: what an operator copies instead of a live file and its WAL.
    pub fn backup(&self, to: &Path) -> Result<()> {
        self.store.backup(to)
    }

    /// A private in-memory ledger, for tests and demos.
    pub fn open_in_memory() -> Result<Ledger> {
        Ok(Self::with_store(Store::sqlite_in_memory()?))
    }

    fn with_store(store: Store) -> Ledger {
        Ledger {
            store,
            defaults: economy::Economy::default(),
            transactions: Default::default(),
            process: format!("{:016x}", rand::random::<u64>()),
        }
    }

    /// How many transactions (reads and writes) this ledger has run: each is at least one
    /// round trip to the database (on PostgreSQL, its statements and its commit).
    pub fn transactions(&self) -> u64 {
        self.transactions.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn counted(&self) {
        self.transactions
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// The database engine this ledger runs on ("SQLite", "PostgreSQL").
    pub fn engine(&self) -> &'static str {
        self.store.engine()
    }

    /// Sets the economy new guilds start with (existing guilds keep theirs).
    pub fn with_defaults(mut self, defaults: economy::Economy) -> Result<Ledger> {
        defaults.validate()?;
        self.defaults = defaults;
        Ok(self)
    }

    /// Runs `f` in one write transaction, committed if it returns Ok (see [`Store::write`]:
    /// on PostgreSQL `f` may run again after a conflict).
    pub(crate) fn write<T>(&self, f: impl FnMut(&Tx) -> Result<T>) -> Result<T> {
        self.counted();
        crate::telemetry::timed("holotable_db_seconds", ("op", "write"), || {
            self.store.write(None, f)
        })
    }

    /// [`Ledger::write`] for a guild's money: the guild's writers take turns.
    pub(crate) fn write_in<T>(&self, guild: &str, f: impl FnMut(&Tx) -> Result<T>) -> Result<T> {
        self.counted();
        crate::telemetry::timed("holotable_db_seconds", ("op", "write"), || {
            self.store.write(Some(guild), f)
        })
    }

    /// Runs `f` on a read snapshot.
    pub(crate) fn read<T>(&self, f: impl FnMut(&Tx) -> Result<T>) -> Result<T> {
        self.counted();
        crate::telemetry::timed("holotable_db_seconds", ("op", "read"), || {
            self.store.read(f)
        })
    }

    /// Runs an idempotent operation: if `key` was used in this guild, returns the stored
    /// result (with `replayed` true) and changes nothing; otherwise runs `f` and stores its
    /// result under the key, all in one transaction.
    pub(crate) fn operation<T: Serialize + DeserializeOwned>(
        &self,
        guild: &str,
        key: &str,
        kind: &str,
        mut f: impl FnMut(&Tx, i64) -> Result<T>,
    ) -> Result<Replayable<T>> {
        self.write_in(guild, |tx| {
            economy::ensure_guild(tx, guild, &self.defaults)?;
            let previous: Option<(String, String)> = tx.query_opt(
                "SELECT kind, result FROM operations WHERE guild_id = ?1 AND key = ?2",
                args![guild, key],
                |row| Ok((row.col("kind")?, row.col("result")?)),
            )?;
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
            let operation: i64 = tx.value(
                "INSERT INTO operations (guild_id, key, kind, result, created_at)
                 VALUES (?1, ?2, ?3, '', ?4) RETURNING id",
                args![guild, key, kind, now()],
            )?;
            let value = f(tx, operation)?;
            let json = serde_json::to_string(&value)
                .map_err(|e| LedgerError::Corrupt(format!("operation {key}: {e}")))?;
            tx.execute(
                "UPDATE operations SET result = ?2 WHERE id = ?1",
                args![operation, &json],
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
    pub fn set_name(&self, guild: &str, user: &str, name: &str) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO member_names (guild_id, user_id, name) VALUES (?1, ?2, ?3)
                 ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name",
                args![guild, user, name],
            )?;
            Ok(())
        })
    }

    /// Remembers the language of a user's client (a locale code such as `fr` or `en-US`).
    pub fn set_locale(&self, user: &str, locale: &str) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO user_names (user_id, name, locale) VALUES (?1, ?1, ?2)
                 ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
                args![user, locale],
            )?;
            Ok(())
        })
    }

    /// The language of a user's client as last seen, if known.
    pub fn locale(&self, user: &str) -> Result<Option<String>> {
        self.read(|tx| {
            Ok(tx
                .query_opt(
                    "SELECT locale FROM user_names WHERE user_id = ?1",
                    args![user],
                    |r| r.col::<Option<String>>("locale"),
                )?
                .flatten())
        })
    }

    /// A user's display name, if known.
    pub fn name(&self, guild: &str, user: &str) -> Result<Option<String>> {
        self.read(|tx| {
            let here = tx.query_opt(
                "SELECT name FROM member_names WHERE guild_id = ?1 AND user_id = ?2",
                args![guild, user],
                |r| r.col("name"),
            )?;
            match here {
                Some(name) => Ok(Some(name)),
                // A name learnt before names were kept per server.
                None => tx.query_opt(
                    "SELECT name FROM user_names WHERE user_id = ?1 AND name <> user_id",
                    args![user],
                    |r| r.col("name"),
                ),
            }
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
