//! The embedded engine: one SQLite file (WAL), one connection behind a mutex, so that this
//! process has one writer and other processes wait for the file's write lock; the writes
//! queued for it are committed in groups ([`super::group`]).

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, ErrorCode};
use rusqlite_migration::{Migrations, M};

use super::{Param, Row, Store, StoreError};
use crate::{Durability, LedgerError, Result};

/// The ordered schema migrations, compiled into the binary.
fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(include_str!("../../../../migrations/0001_init.sql")),
        M::up(include_str!("../../../../migrations/0002_names.sql")),
        M::up(include_str!("../../../../migrations/0003_offers.sql")),
        M::up(include_str!("../../../../migrations/0004_legacies.sql")),
        M::up(include_str!("../../../../migrations/0005_locales.sql")),
        M::up(include_str!("../../../../migrations/0006_terms.sql")),
        M::up(include_str!("../../../../migrations/0007_watch.sql")),
        M::up(include_str!("../../../../migrations/0008_streaks.sql")),
        M::up(include_str!("../../../../migrations/0009_fair_play.sql")),
        M::up(include_str!("../../../../migrations/0010_side_bets.sql")),
        M::up(include_str!("../../../../migrations/0011_seasons.sql")),
        M::up(include_str!("../../../../migrations/0012_shop.sql")),
        M::up(include_str!("../../../../migrations/0013_tournaments.sql")),
        M::up(include_str!(
            "../../../../migrations/0014_action_interactions.sql"
        )),
        M::up(include_str!("../../../../migrations/0015_notify.sql")),
        M::up(include_str!(
            "../../../../migrations/0016_table_channels.sql"
        )),
        M::up(include_str!("../../../../migrations/0017_droid_mind.sql")),
        M::up(include_str!(
            "../../../../migrations/0018_hostile_members.sql"
        )),
        M::up(include_str!("../../../../migrations/0019_seat_links.sql")),
        M::up(include_str!(
            "../../../../migrations/0020_admin_controls.sql"
        )),
    ])
}

/// Creates the database file readable and writable by its owner only, before SQLite opens
/// it: it holds the secret seeds of every table's and slot machine's future, and SQLite
/// gives its WAL and shared-memory files the database file's permissions.
fn create_private(path: &Path) {
    use std::os::unix::fs::OpenOptionsExt;
    if path.as_os_str().is_empty() || path.exists() {
        return;
    }
    // A failure (another process made it meanwhile, a missing folder) is left to SQLite's
    // own open, which says what is wrong.
    let _ = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path);
}

/// Copies the whole database, consistently, into the new file `to` (`VACUUM INTO`, which
/// reads one snapshot, so writers go on), readable by its owner only.
pub(super) fn backup(conn: &Connection, to: &Path) -> Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(to)
        .map_err(|e| {
            LedgerError::Db(StoreError::Other(format!(
                "cannot create {}: {e}",
                to.display()
            )))
        })?;
    let target = to.to_str().ok_or_else(|| {
        LedgerError::Db(StoreError::Other(format!(
            "{} is not a UTF-8 path",
            to.display()
        )))
    })?;
    conn.execute("VACUUM INTO ?1", [target])
        .map_err(|e| LedgerError::Db(error(e)))?;
    Ok(())
}

pub(super) fn open(path: Option<&Path>, durability: Durability) -> Result<Store> {
    if let Some(path) = path {
        create_private(path);
    }
    let mut conn = match path {
        Some(path) => Connection::open(path),
        None => Connection::open_in_memory(),
    }
    .map_err(error)?;
    // Other processes (a second bot instance, `holotable audit`) may hold the write lock
    // for a moment: wait for it rather than failing.
    conn.busy_timeout(Duration::from_secs(10)).map_err(error)?;
    conn.pragma_update(None, "journal_mode", "WAL")
        .map_err(error)?;
    conn.pragma_update(
        None,
        "synchronous",
        match durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        },
    )
    .map_err(error)?;
    conn.pragma_update(None, "foreign_keys", "ON")
        .map_err(error)?;
    migrations()
        .to_latest(&mut conn)
        .map_err(|e| LedgerError::Migration(e.to_string()))?;
    let side = match path {
        Some(path) => Some(side_connection(path)?),
        None => None,
    };
    Ok(Store::Sqlite(Box::new(super::group::Grouped::new(
        conn, side,
    ))))
}

/// The second connection, for the threads that read aside: it reads only.
fn side_connection(path: &Path) -> Result<Connection> {
    let conn = Connection::open(path).map_err(error)?;
    conn.busy_timeout(Duration::from_secs(10)).map_err(error)?;
    conn.pragma_update(None, "query_only", "ON")
        .map_err(error)?;
    Ok(conn)
}

/// A SQLite error in the ledger's terms.
pub(super) fn error(e: rusqlite::Error) -> StoreError {
    match &e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == ErrorCode::ConstraintViolation => {
            // SQLITE_CONSTRAINT_UNIQUE and SQLITE_CONSTRAINT_PRIMARYKEY.
            if f.extended_code == 2067 || f.extended_code == 1555 {
                StoreError::Duplicate(e.to_string())
            } else {
                StoreError::Refused(e.to_string())
            }
        }
        rusqlite::Error::SqliteFailure(f, _)
            if f.code == ErrorCode::DatabaseBusy || f.code == ErrorCode::DatabaseLocked =>
        {
            StoreError::Conflict(e.to_string())
        }
        _ => StoreError::Other(e.to_string()),
    }
}

impl rusqlite::ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, Value, ValueRef};
        Ok(match self {
            Param::Int(v) => ToSqlOutput::Owned(Value::Integer(*v)),
            Param::Real(v) => ToSqlOutput::Owned(Value::Real(*v)),
            Param::Text(v) => ToSqlOutput::Borrowed(ValueRef::Text(v.as_bytes())),
            Param::Null => ToSqlOutput::Owned(Value::Null),
        })
    }
}

pub(super) fn execute(tx: &rusqlite::Connection, sql: &str, params: &[Param]) -> Result<u64> {
    let changed = tx
        .prepare_cached(sql)
        .and_then(|mut stmt| stmt.execute(rusqlite::params_from_iter(params.iter())))
        .map_err(error)?;
    Ok(changed as u64)
}

pub(super) fn query<T>(
    tx: &rusqlite::Connection,
    sql: &str,
    params: &[Param],
    read: &mut impl FnMut(&Row) -> Result<T>,
) -> Result<Vec<T>> {
    let mut stmt = tx.prepare_cached(sql).map_err(error)?;
    let mut rows = stmt
        .query(rusqlite::params_from_iter(params.iter()))
        .map_err(error)?;
    let mut out = Vec::new();
    while let Some(row) = rows.next().map_err(error)? {
        out.push(read(&Row::Sqlite(row))?);
    }
    Ok(out)
}
