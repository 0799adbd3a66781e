//! Where the ledger keeps its rows: an embedded SQLite file (the default, one machine), or a
//! PostgreSQL server that any number of bot processes share (docs/CONTRACT.md P-10).
//!
//! The ledger's operations are written once, against [`Tx`]: SQL in the dialect both
//! engines speak, with `?N` parameters, run in one transaction that commits whole or changes
//! nothing. What differs stays here: how a transaction is opened (SQLite's single writer,
//! `BEGIN IMMEDIATE`, each write a savepoint of a group committed together; PostgreSQL's `SERIALIZABLE` isolation, retried when the server reports
//! a conflict with a concurrent transaction), how values cross, and each engine's schema
//! (`migrations/*.sql`, `migrations/postgres/*.sql`).

mod group;
pub mod pg_listen;
mod pg_tls;
mod postgres;
mod sqlite;

use std::borrow::Cow;
use std::cell::RefCell;
use std::path::Path;

use super::{Durability, LedgerError, Result};

pub use self::postgres::PgPool;

/// A parameter of a statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Param<'a> {
    Int(i64),
    Real(f64),
    Text(Cow<'a, str>),
    Null,
}

impl From<i64> for Param<'_> {
    fn from(v: i64) -> Self {
        Param::Int(v)
    }
}

impl From<u32> for Param<'_> {
    fn from(v: u32) -> Self {
        Param::Int(v as i64)
    }
}

impl From<f64> for Param<'_> {
    fn from(v: f64) -> Self {
        Param::Real(v)
    }
}

impl From<bool> for Param<'_> {
    fn from(v: bool) -> Self {
        Param::Int(v as i64)
    }
}

impl<'a> From<&'a str> for Param<'a> {
    fn from(v: &'a str) -> Self {
        Param::Text(Cow::Borrowed(v))
    }
}

impl<'a> From<&&'a str> for Param<'a> {
    fn from(v: &&'a str) -> Self {
        Param::Text(Cow::Borrowed(v))
    }
}

impl<'a> From<&'a String> for Param<'a> {
    fn from(v: &'a String) -> Self {
        Param::Text(Cow::Borrowed(v))
    }
}

impl From<String> for Param<'_> {
    fn from(v: String) -> Self {
        Param::Text(Cow::Owned(v))
    }
}

impl<'a, T: Into<Param<'a>>> From<Option<T>> for Param<'a> {
    fn from(v: Option<T>) -> Self {
        v.map_or(Param::Null, Into::into)
    }
}

/// The parameters of a statement: `args![guild, user, amount]`.
#[macro_export]
macro_rules! args {
    ($($value:expr),* $(,)?) => {
        &[$($crate::store::Param::from($value)),*][..]
    };
}

/// Why the database refused a statement, in the terms the ledger acts on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// A unique key or primary key already holds this value.
    #[error("duplicate key: {0}")]
    Duplicate(String),
    /// A check constraint or a trigger refused the change.
    #[error("refused by the schema: {0}")]
    Refused(String),
    /// A concurrent transaction got in the way; running the transaction again may succeed.
    #[error("conflict with a concurrent transaction: {0}")]
    Conflict(String),
    #[error("{0}")]
    Other(String),
}

/// A value as a column gives it.
pub trait Column: Sized {
    fn from_sqlite(row: &rusqlite::Row, i: usize) -> rusqlite::Result<Self>;
    fn from_postgres(row: &::postgres::Row, i: usize) -> std::result::Result<Self, String>;
}

/// One row of a result.
pub enum Row<'r> {
    Sqlite(&'r rusqlite::Row<'r>),
    Postgres(&'r ::postgres::Row),
}

impl Row<'_> {
    /// The column named `name` (as the statement names it: an alias, or the column), as `T`.
    pub fn col<T: Column>(&self, name: &str) -> Result<T> {
        let index = match self {
            Row::Sqlite(row) => row.as_ref().column_index(name).ok(),
            Row::Postgres(row) => row.columns().iter().position(|c| c.name() == name),
        };
        let index = index
            .ok_or_else(|| LedgerError::Db(StoreError::Other(format!("no column named {name}"))))?;
        self.get(index)
    }

    /// Column `i`, as `T`: for a single value ([`Tx::value`]); rows are read by name.
    fn get<T: Column>(&self, i: usize) -> Result<T> {
        match self {
            Row::Sqlite(row) => T::from_sqlite(row, i).map_err(|e| sqlite::error(e).into()),
            Row::Postgres(row) => T::from_postgres(row, i)
                .map_err(|e| LedgerError::Db(StoreError::Other(format!("column {i}: {e}")))),
        }
    }
}

/// One transaction of either engine.
pub struct Tx<'a> {
    inner: Inner<'a>,
}

enum Inner<'a> {
    /// A SQLite connection inside a transaction.
    Sqlite(&'a rusqlite::Connection),
    Postgres(RefCell<postgres::PgTx<'a>>),
}

impl Tx<'_> {
    /// Runs a statement; returns the number of rows it changed.
    pub fn execute(&self, sql: &str, params: &[Param]) -> Result<u64> {
        match &self.inner {
            Inner::Sqlite(tx) => sqlite::execute(tx, sql, params),
            Inner::Postgres(tx) => postgres::execute(&mut tx.borrow_mut(), sql, params),
        }
    }

    /// Every row of a query, each read by `read`.
    pub fn query<T>(
        &self,
        sql: &str,
        params: &[Param],
        mut read: impl FnMut(&Row) -> Result<T>,
    ) -> Result<Vec<T>> {
        match &self.inner {
            Inner::Sqlite(tx) => sqlite::query(tx, sql, params, &mut read),
            Inner::Postgres(tx) => postgres::query(&mut tx.borrow_mut(), sql, params, &mut read),
        }
    }

    /// The first row of a query, if there is one.
    pub fn query_opt<T>(
        &self,
        sql: &str,
        params: &[Param],
        read: impl FnMut(&Row) -> Result<T>,
    ) -> Result<Option<T>> {
        Ok(self.query(sql, params, read)?.into_iter().next())
    }

    /// The first row of a query, which must exist.
    pub fn query_one<T>(
        &self,
        sql: &str,
        params: &[Param],
        read: impl FnMut(&Row) -> Result<T>,
    ) -> Result<T> {
        self.query_opt(sql, params, read)?.ok_or_else(|| {
            LedgerError::Corrupt(format!(
                "no row where one was expected: {}",
                first_line(sql)
            ))
        })
    }

    /// A single value (a count, a sum), from the first column of the first row.
    pub fn value<T: Column>(&self, sql: &str, params: &[Param]) -> Result<T> {
        self.query_one(sql, params, |r| r.get(0))
    }
}

fn first_line(sql: &str) -> &str {
    sql.trim().lines().next().unwrap_or("")
}

/// The database behind a ledger.
pub enum Store {
    Sqlite(Box<group::Grouped>),
    Postgres(Box<PgPool>),
}

/// What `--db` or `[database]` names: a PostgreSQL URL, or a SQLite file.
pub fn is_postgres(location: &str) -> bool {
    let lower = location.trim().to_ascii_lowercase();
    lower.starts_with("postgres://") || lower.starts_with("postgresql://")
}

/// `location` as it may be printed or logged: a PostgreSQL URL's password (in its user
/// part or as a `password=` parameter) is replaced by `***`; a file path is unchanged.
pub fn redacted(location: &str) -> String {
    if !is_postgres(location) {
        return location.to_string();
    }
    let location = location.trim();
    let start = location.find("://").map_or(0, |i| i + 3);
    let (head, rest) = location.split_at(start);
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{name}:***@{host}"),
            None => authority.to_string(),
        },
        None => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => {
                        format!("{key}=***")
                    }
                    _ => pair.to_string(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{head}{authority}{tail}")
}

impl Store {
    /// Opens the SQLite file at `path`, creating it, and brings its schema up to date.
    pub fn sqlite(path: &Path, durability: Durability) -> Result<Store> {
        sqlite::open(Some(path), durability)
    }

    /// A private in-memory SQLite database.
    pub fn sqlite_in_memory() -> Result<Store> {
        sqlite::open(None, Durability::Full)
    }

    /// Connects to the PostgreSQL database at `url` and brings its schema up to date.
    pub fn postgres(url: &str) -> Result<Store> {
        Ok(Store::Postgres(Box::new(PgPool::open(url)?)))
    }

    /// The engine's name, for people.
    pub fn engine(&self) -> &'static str {
        match self {
            Store::Sqlite(_) => "SQLite",
            Store::Postgres(_) => "PostgreSQL",
        }
    }

    /// Runs `f` in one write transaction, committed if it returns `Ok`. On PostgreSQL a
    /// conflict with a concurrent transaction runs `f` again from the start, on a fresh
    /// snapshot, so `f` must do nothing but database work. Writers of the same `scope` (a
    /// guild's money) wait for each other there rather than collide and run again: a busy
    /// guild queues, other guilds go on.
    pub fn write<T>(&self, scope: Option<&str>, mut f: impl FnMut(&Tx) -> Result<T>) -> Result<T> {
        match self {
            Store::Sqlite(grouped) => grouped.write(|conn| {
                f(&Tx {
                    inner: Inner::Sqlite(conn),
                })
            }),
            Store::Postgres(pool) => pool.transaction(false, scope, &mut f),
        }
    }

    /// Copies the whole database into the new file `to`, consistently, while the bot runs:
    /// SQLite only (a PostgreSQL server is backed up with its own tools).
    pub fn backup(&self, to: &Path) -> Result<()> {
        match self {
            Store::Sqlite(grouped) => grouped.with(|conn| sqlite::backup(conn, to)),
            Store::Postgres(_) => Err(LedgerError::Db(StoreError::Other(
                "a PostgreSQL database is backed up with pg_dump, not by holotable".into(),
            ))),
        }
    }

    /// Runs `f` on one consistent snapshot, changing nothing.
    pub fn read<T>(&self, mut f: impl FnMut(&Tx) -> Result<T>) -> Result<T> {
        match self {
            Store::Sqlite(grouped) => grouped.with(|conn| {
                let tx = conn.unchecked_transaction().map_err(sqlite::error)?;
                let value = f(&Tx {
                    inner: Inner::Sqlite(&tx),
                });
                value
            }),
            Store::Postgres(pool) => pool.transaction(true, None, &mut f),
        }
    }
}

macro_rules! integer_column {
    ($($t:ty),*) => {$(
        impl Column for $t {
            fn from_sqlite(row: &rusqlite::Row, i: usize) -> rusqlite::Result<Self> {
                let v: i64 = row.get(i)?;
                <$t>::try_from(v).map_err(|_| rusqlite::Error::IntegralValueOutOfRange(i, v))
            }

            fn from_postgres(row: &::postgres::Row, i: usize) -> std::result::Result<Self, String> {
                let v = postgres::integer(row, i)?.ok_or("NULL where a number was expected")?;
                <$t>::try_from(v).map_err(|e| e.to_string())
            }
        }
    )*};
}
integer_column!(i64, u32, usize);

impl Column for Option<i64> {
    fn from_sqlite(row: &rusqlite::Row, i: usize) -> rusqlite::Result<Self> {
        row.get(i)
    }

    fn from_postgres(row: &::postgres::Row, i: usize) -> std::result::Result<Self, String> {
        postgres::integer(row, i)
    }
}

impl Column for bool {
    fn from_sqlite(row: &rusqlite::Row, i: usize) -> rusqlite::Result<Self> {
        row.get(i)
    }

    fn from_postgres(row: &::postgres::Row, i: usize) -> std::result::Result<Self, String> {
        Ok(postgres::integer(row, i)?.ok_or("NULL where a truth value was expected")? != 0)
    }
}

impl Column for f64 {
    fn from_sqlite(row: &rusqlite::Row, i: usize) -> rusqlite::Result<Self> {
        row.get(i)
    }

    /// A real number, or a whole one read as real (as SQLite does).
    fn from_postgres(row: &::postgres::Row, i: usize) -> std::result::Result<Self, String> {
        match row.try_get::<_, f64>(i) {
            Ok(v) => Ok(v),
            Err(_) => {
                Ok(postgres::integer(row, i)?.ok_or("NULL where a number was expected")? as f64)
            }
        }
    }
}

impl Column for String {
    fn from_sqlite(row: &rusqlite::Row, i: usize) -> rusqlite::Result<Self> {
        row.get(i)
    }

    fn from_postgres(row: &::postgres::Row, i: usize) -> std::result::Result<Self, String> {
        row.try_get::<_, String>(i).map_err(|e| e.to_string())
    }
}

impl Column for Option<String> {
    fn from_sqlite(row: &rusqlite::Row, i: usize) -> rusqlite::Result<Self> {
        row.get(i)
    }

    fn from_postgres(row: &::postgres::Row, i: usize) -> std::result::Result<Self, String> {
        row.try_get::<_, Option<String>>(i)
            .map_err(|e| e.to_string())
    }
}
