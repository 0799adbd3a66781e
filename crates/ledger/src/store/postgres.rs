//! The shared engine: PostgreSQL, for several bot processes on one database.
//!
//! Every write runs at `SERIALIZABLE` isolation: the server guarantees that concurrent
//! transactions (of this process or another) have the effect of running one after the
//! other, and reports any that could not with a serialization failure, which is run again
//! from the start. That keeps the ledger's code exactly as it is on SQLite — read a balance,
//! check it, move it — with no lock to forget: no lost update, no credit counted twice, no
//! table advanced twice (its next action number is read in the same transaction that writes
//! it). Reads run on a `REPEATABLE READ` snapshot.
//!
//! Connections come from a small pool of synchronous clients (the ledger's API is
//! synchronous and runs on blocking threads).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::str::FromStr;
use std::time::Duration;

use postgres::error::SqlState;
use postgres::types::{IsNull, ToSql, Type};
use postgres::{Client, IsolationLevel, NoTls, Statement};

use super::{Inner, Param, Row, StoreError, Tx};
use crate::{LedgerError, Result};

/// Connections a process keeps at most: the bot's blocking pool runs at most two table
/// commands per core at once, so a handful covers it.
const POOL_SIZE: u32 = 8;
/// How many times a transaction is run before a conflict is reported.
const ATTEMPTS: u32 = 40;
/// How long a command waits for a connection (all in use, or the server unreachable).
const CONNECTION_TIMEOUT: Duration = Duration::from_secs(10);

/// The schema, one file per version, in order (the same versions as SQLite's).
const MIGRATIONS: [&str; 20] = [
    include_str!("../../../../migrations/postgres/0001_init.sql"),
    include_str!("../../../../migrations/postgres/0002_names.sql"),
    include_str!("../../../../migrations/postgres/0003_offers.sql"),
    include_str!("../../../../migrations/postgres/0004_legacies.sql"),
    include_str!("../../../../migrations/postgres/0005_locales.sql"),
    include_str!("../../../../migrations/postgres/0006_terms.sql"),
    include_str!("../../../../migrations/postgres/0007_watch.sql"),
    include_str!("../../../../migrations/postgres/0008_streaks.sql"),
    include_str!("../../../../migrations/postgres/0009_fair_play.sql"),
    include_str!("../../../../migrations/postgres/0010_side_bets.sql"),
    include_str!("../../../../migrations/postgres/0011_seasons.sql"),
    include_str!("../../../../migrations/postgres/0012_shop.sql"),
    include_str!("../../../../migrations/postgres/0013_tournaments.sql"),
    include_str!("../../../../migrations/postgres/0014_action_interactions.sql"),
    include_str!("../../../../migrations/postgres/0015_notify.sql"),
    include_str!("../../../../migrations/postgres/0016_table_channels.sql"),
    include_str!("../../../../migrations/postgres/0017_droid_mind.sql"),
    include_str!("../../../../migrations/postgres/0018_hostile_members.sql"),
    include_str!("../../../../migrations/postgres/0019_seat_links.sql"),
    include_str!("../../../../migrations/postgres/0020_admin_controls.sql"),
];

/// The connections of a process to one database, kept by r2d2 (the pool of the driver's
/// author: bounded, waits with a timeout, replaces broken connections, retires old ones).
pub struct PgPool {
    /// Always `Some` until the pool is dropped (see [`Drop`]).
    pool: Option<r2d2::Pool<Connector>>,
    /// How the pool connects, kept for connections apart from it.
    connector: Connector,
}

/// How the pool opens a connection: plain, or over TLS as the URL's `sslmode` asks
/// ([`super::pg_tls`]).
#[derive(Clone)]
pub(super) struct Connector {
    config: postgres::Config,
    tls: Option<tokio_postgres_rustls::MakeRustlsConnect>,
}

/// A connection and the statements prepared on it: each statement of the ledger is parsed
/// by the server once per connection, then only bound and run (one round trip).
pub(super) struct Conn {
    client: Client,
    statements: HashMap<String, Statement>,
    /// Whether a statement of the current use has reached the server.
    used: bool,
}

impl Conn {
    /// The connection itself, for what is not a transaction (`LISTEN`).
    pub(super) fn client_mut(&mut self) -> &mut Client {
        &mut self.client
    }
}

impl Connector {
    pub(super) fn connect(&self) -> std::result::Result<Conn, StoreError> {
        let connected = match &self.tls {
            Some(tls) => self.config.connect(tls.clone()),
            None => self.config.connect(NoTls),
        };
        let client = connected.map_err(|e| {
            StoreError::Other(format!(
                "cannot connect to PostgreSQL at {}: {}",
                place(&self.config),
                describe(&e)
            ))
        })?;
        Ok(Conn {
            client,
            statements: HashMap::new(),
            used: false,
        })
    }
}

impl r2d2::ManageConnection for Connector {
    type Connection = Conn;
    type Error = StoreError;

    fn connect(&self) -> std::result::Result<Conn, StoreError> {
        Connector::connect(self)
    }

    /// Not called: connections are not tested before each use (a round trip more per
    /// command); a connection found dead at its first statement is replaced instead (see
    /// [`PgPool::transaction`]).
    fn is_valid(&self, conn: &mut Conn) -> std::result::Result<(), StoreError> {
        conn.client.simple_query("").map(drop).map_err(db_error)
    }

    fn has_broken(&self, conn: &mut Conn) -> bool {
        conn.client.is_closed()
    }
}

/// Where a pool connects, for errors: hosts, port, database and user, never the password.
fn place(config: &postgres::Config) -> String {
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .map(|h| match h {
            postgres::config::Host::Tcp(name) => name.clone(),
            postgres::config::Host::Unix(path) => path.display().to_string(),
        })
        .collect();
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!(
        "{}:{port}/{} as {}",
        hosts.join(","),
        config.get_dbname().unwrap_or("(default database)"),
        config.get_user().unwrap_or("(default user)")
    )
}

/// A transaction of a connection, with its statement cache.
pub(super) struct PgTx<'a> {
    tx: postgres::Transaction<'a>,
    statements: &'a mut HashMap<String, Statement>,
}

impl PgTx<'_> {
    fn statement(&mut self, sql: &str) -> Result<Statement> {
        let sql = translate(sql);
        if let Some(statement) = self.statements.get(sql.as_ref()) {
            return Ok(statement.clone());
        }
        let statement = self.tx.prepare(&sql).map_err(db_error)?;
        self.statements.insert(sql.into_owned(), statement.clone());
        Ok(statement)
    }
}

/// The server's own message when it sent one (`database "x" does not exist`), else the
/// driver's with its causes (`error connecting to server: Connection refused`): the driver's
/// top-level text alone ("db error") says nothing an operator can act on.
fn describe(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return db.message().to_string();
    }
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    text
}

fn db_error(e: postgres::Error) -> StoreError {
    let text = describe(&e);
    match e.code() {
        Some(c)
            if *c == SqlState::T_R_SERIALIZATION_FAILURE
                || *c == SqlState::T_R_DEADLOCK_DETECTED =>
        {
            StoreError::Conflict(text)
        }
        Some(c) if *c == SqlState::UNIQUE_VIOLATION => StoreError::Duplicate(text),
        Some(c)
            if *c == SqlState::CHECK_VIOLATION
                || *c == SqlState::NOT_NULL_VIOLATION
                || *c == SqlState::FOREIGN_KEY_VIOLATION
                || *c == SqlState::RAISE_EXCEPTION =>
        {
            StoreError::Refused(text)
        }
        _ => StoreError::Other(text),
    }
}

impl PgPool {
    /// Connects to `url` (`postgres://user@host:port/db`) and brings the schema up to date.
    pub fn open(url: &str) -> Result<PgPool> {
        // The URL may hold a password: it is never repeated in an error.
        let bad = |why: String| LedgerError::Db(StoreError::Other(why));
        let (url, security) = super::pg_tls::read(url).map_err(bad)?;
        let tls = match security {
            super::pg_tls::Security::Plain => None,
            super::pg_tls::Security::Tls { check, roots } => {
                let client = super::pg_tls::client(check, roots.as_deref()).map_err(bad)?;
                Some(tokio_postgres_rustls::MakeRustlsConnect::new(client))
            }
        };
        let config = postgres::Config::from_str(url.trim()).map_err(|e| {
            LedgerError::Db(StoreError::Other(format!(
                "not a PostgreSQL URL ({}): expected postgres://user[:password]@host[:port]/database",
                describe(&e)
            )))
        })?;
        let connector = Connector { config, tls };
        // A first connection says at once, and precisely, when the server cannot be
        // reached; it then migrates the schema.
        let mut first = connector.connect()?;
        let migrated = migrate(&mut first.client);
        close(first);
        migrated?;
        let pool = r2d2::Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(0))
            .test_on_check_out(false)
            .connection_timeout(CONNECTION_TIMEOUT)
            .error_handler(Box::new(LogErrors))
            .build_unchecked(connector.clone());
        Ok(PgPool {
            pool: Some(pool),
            connector,
        })
    }

    /// How this pool connects: for a connection kept apart from it (a listener's).
    pub(super) fn connector(&self) -> Connector {
        self.connector.clone()
    }

    /// Runs `f` on a connection of the pool, outside any transaction.
    pub(super) fn with_client<T>(
        &self,
        f: impl FnOnce(&mut Client) -> std::result::Result<T, postgres::Error>,
    ) -> Result<T> {
        let mut conn = self.take()?;
        f(&mut conn.client).map_err(|e| LedgerError::Db(db_error(e)))
    }

    /// A connection: an idle one, a new one while fewer than [`POOL_SIZE`] are open, else
    /// the next one given back, waiting at most [`CONNECTION_TIMEOUT`].
    fn take(&self) -> Result<r2d2::PooledConnection<Connector>> {
        let pool = self.pool.as_ref().expect("a pool until dropped");
        crate::telemetry::timed(
            "holotable_db_pool_wait_seconds",
            ("engine", "postgres"),
            || pool.get(),
        )
        .map_err(|e| {
            LedgerError::Db(StoreError::Other(format!(
                "no connection to PostgreSQL within {} s: {e}",
                CONNECTION_TIMEOUT.as_secs()
            )))
        })
    }

    /// Runs `f` in a transaction, again from the start after a conflict with a concurrent
    /// transaction (with a short, growing pause), committing it unless it fails.
    ///
    /// With a `scope`, the transaction first waits for the scope's advisory lock (a session
    /// lock, taken before the transaction begins, so that its snapshot already sees the
    /// previous holder's commit) and lets it go after.
    pub(super) fn transaction<T>(
        &self,
        read_only: bool,
        scope: Option<&str>,
        f: &mut dyn FnMut(&Tx) -> Result<T>,
    ) -> Result<T> {
        // A connection the server closed while it sat idle (a restart, a failover) fails
        // at its first statement, before anything is written: it is dropped and the work
        // runs on another.
        for _ in 0..=POOL_SIZE {
            let mut conn = self.take()?;
            conn.used = false;
            match scoped(&mut conn, read_only, scope, f) {
                Err(_) if conn.client.is_closed() && !conn.used => continue,
                result => return result,
            }
        }
        Err(LedgerError::Db(StoreError::Other(
            "every connection to PostgreSQL was closed by the server".into(),
        )))
    }
}

/// Runs `f` (see [`PgPool::transaction`]) on one connection.
fn scoped<T>(
    conn: &mut Conn,
    read_only: bool,
    scope: Option<&str>,
    f: &mut dyn FnMut(&Tx) -> Result<T>,
) -> Result<T> {
    let Some(scope) = scope else {
        return run(conn, read_only, f);
    };
    let lock = "SELECT pg_advisory_lock(hashtextextended($1, 0))";
    conn.client.execute(lock, &[&scope]).map_err(db_error)?;
    conn.used = true;
    // A writer that panics has its transaction rolled back (the driver does so when it is
    // dropped), and the lock is still let go before the panic goes on: a connection goes
    // back to the pool holding no guild's lock.
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(conn, read_only, f)));
    let unlock = "SELECT pg_advisory_unlock(hashtextextended($1, 0))";
    let unlocked = conn.client.execute(unlock, &[&scope]);
    let result = match ran {
        Ok(result) => result,
        Err(panic) => std::panic::resume_unwind(panic),
    };
    match unlocked {
        Ok(_) => result,
        Err(e) => result.and(Err(db_error(e).into())),
    }
}

fn run<T>(conn: &mut Conn, read_only: bool, f: &mut dyn FnMut(&Tx) -> Result<T>) -> Result<T> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        match once(conn, read_only, f) {
            Err(
                LedgerError::Db(StoreError::Conflict(_))
                | LedgerError::Db(StoreError::Duplicate(_)),
            ) if attempt < ATTEMPTS && !conn.client.is_closed() => {
                // A duplicate key met inside a transaction can be a concurrent transaction's
                // insert of the same key (PostgreSQL reports some serialization failures so):
                // the next attempt sees it committed, and says so properly.
                let pause = rand::random_range(0..(1u64 << attempt.min(7)));
                std::thread::sleep(Duration::from_millis(pause));
            }
            other => return other,
        }
    }
}

fn once<T>(conn: &mut Conn, read_only: bool, f: &mut dyn FnMut(&Tx) -> Result<T>) -> Result<T> {
    let isolation = if read_only {
        IsolationLevel::RepeatableRead
    } else {
        IsolationLevel::Serializable
    };
    let tx = conn
        .client
        .build_transaction()
        .isolation_level(isolation)
        .read_only(read_only)
        .start()
        .map_err(db_error)?;
    conn.used = true;
    let tx = Tx {
        inner: Inner::Postgres(RefCell::new(PgTx {
            tx,
            statements: &mut conn.statements,
        })),
    };
    let value = f(&tx)?;
    match tx.inner {
        Inner::Postgres(tx) => tx.into_inner().tx.commit().map_err(db_error)?,
        Inner::Sqlite(_) => unreachable!("a PostgreSQL transaction"),
    }
    Ok(value)
}

/// Connections are closed on a thread of their own: a client runs its own small runtime,
/// which may not be dropped on an async runtime's thread (where the last reference to a
/// ledger may be let go).
impl Drop for PgPool {
    fn drop(&mut self) {
        close(self.pool.take());
    }
}

fn close<T: Send + 'static>(value: T) {
    let _ = std::thread::spawn(move || drop(value)).join();
}

/// Pool errors (a connection that could not be opened) go to the log; the command that
/// waited for the connection reports its own error.
#[derive(Debug)]
struct LogErrors;

impl r2d2::HandleError<StoreError> for LogErrors {
    fn handle_error(&self, error: StoreError) {
        tracing::warn!("PostgreSQL pool: {error}");
    }
}

/// Applies the migrations the database lacks, one transaction each, while holding an
/// advisory lock so that processes starting together migrate once.
fn migrate(client: &mut Client) -> Result<()> {
    const LOCK: i64 = 0x686f_6c6f_7461_626c; // "holotabl"
    let err = |e: postgres::Error| LedgerError::Migration(db_error(e).to_string());
    client
        .execute("SELECT pg_advisory_lock($1)", &[&LOCK])
        .map_err(err)?;
    let result = (|| {
        client
            .batch_execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (
                     version    BIGINT PRIMARY KEY,
                     applied_at BIGINT NOT NULL
                 )",
            )
            .map_err(err)?;
        let done: i64 = client
            .query_one(
                "SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
                &[],
            )
            .map_err(err)?
            .get(0);
        if done > MIGRATIONS.len() as i64 {
            return Err(LedgerError::Migration(format!(
                "the database is at schema version {done}, newer than this program's {}",
                MIGRATIONS.len()
            )));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(done as usize) {
            let mut tx = client.transaction().map_err(err)?;
            tx.batch_execute(sql).map_err(err)?;
            tx.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                &[&(i as i64 + 1), &crate::now()],
            )
            .map_err(err)?;
            tx.commit().map_err(err)?;
        }
        Ok(())
    })();
    client
        .execute("SELECT pg_advisory_unlock($1)", &[&LOCK])
        .map_err(err)?;
    result
}

/// `?N` parameters, as PostgreSQL writes them (`$N`); text in quotes is left alone.
fn translate(sql: &str) -> Cow<'_, str> {
    if !sql.contains('?') {
        return Cow::Borrowed(sql);
    }
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted && chars.peek().is_some_and(|d| d.is_ascii_digit()) => out.push('$'),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

impl ToSql for Param<'_> {
    /// A parameter takes the type the statement gives it: a number where the server
    /// expects a number of any width, text for text.
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut bytes::BytesMut,
    ) -> std::result::Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Param::Null => Ok(IsNull::Yes),
            Param::Int(v) => match *ty {
                Type::INT2 => i16::try_from(*v)?.to_sql(ty, out),
                Type::INT4 => i32::try_from(*v)?.to_sql(ty, out),
                Type::BOOL => (*v != 0).to_sql(ty, out),
                Type::FLOAT8 => (*v as f64).to_sql(ty, out),
                Type::TEXT | Type::VARCHAR => v.to_string().to_sql(ty, out),
                _ => v.to_sql(ty, out),
            },
            Param::Real(v) => v.to_sql(ty, out),
            Param::Text(v) => v.as_ref().to_sql(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

fn params<'a>(params: &'a [Param<'a>]) -> Vec<&'a (dyn ToSql + Sync)> {
    params.iter().map(|p| p as &(dyn ToSql + Sync)).collect()
}

pub(super) fn execute(tx: &mut PgTx, sql: &str, args: &[Param]) -> Result<u64> {
    let statement = tx.statement(sql)?;
    Ok(tx.tx.execute(&statement, &params(args)).map_err(db_error)?)
}

pub(super) fn query<T>(
    tx: &mut PgTx,
    sql: &str,
    args: &[Param],
    read: &mut impl FnMut(&Row) -> Result<T>,
) -> Result<Vec<T>> {
    let statement = tx.statement(sql)?;
    let rows = tx.tx.query(&statement, &params(args)).map_err(db_error)?;
    rows.iter().map(|row| read(&Row::Postgres(row))).collect()
}

/// A whole-number column of any width (or a truth value), read as `i64`.
pub(super) fn integer(row: &postgres::Row, i: usize) -> std::result::Result<Option<i64>, String> {
    let ty = row
        .columns()
        .get(i)
        .ok_or_else(|| format!("no column {i}"))?
        .type_()
        .clone();
    let e = |e: postgres::Error| e.to_string();
    Ok(match ty {
        Type::INT8 => row.try_get::<_, Option<i64>>(i).map_err(e)?,
        Type::INT4 => row.try_get::<_, Option<i32>>(i).map_err(e)?.map(i64::from),
        Type::INT2 => row.try_get::<_, Option<i16>>(i).map_err(e)?.map(i64::from),
        Type::BOOL => row.try_get::<_, Option<bool>>(i).map_err(e)?.map(i64::from),
        other => {
            return Err(format!(
                "a {other} column where a whole number was expected"
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::translate;

    #[test]
    fn parameters_are_renumbered_outside_quotes() {
        assert_eq!(
            translate("SELECT ?1, '?2', ?10 FROM t WHERE a = ?2"),
            "SELECT $1, '?2', $10 FROM t WHERE a = $2"
        );
        assert_eq!(translate("SELECT 1"), "SELECT 1");
    }
}
