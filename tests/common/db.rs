//! The ledger's tests run on both engines: a test is written once as a function of a [`Db`],
//! and [`on_both!`] makes it a test on a fresh SQLite file (`sqlite::name`) and on a fresh
//! PostgreSQL database (`postgres::name`, which says it did not run where PostgreSQL is
//! not installed; see `pg.rs`).

#![allow(dead_code)]

use holotable::ledger::{Durability, Ledger};

#[path = "pg.rs"]
pub mod pg;

/// A database for one test.
pub struct Db {
    /// A SQLite file path or a `postgres://` URL: what `--db` takes.
    pub location: String,
    pub postgres: bool,
}

impl Db {
    pub fn sqlite(name: &str) -> Db {
        sweep_stale();
        let dir = std::env::temp_dir().join(format!("holotable-db-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Db {
            location: dir.join("ledger.db").to_string_lossy().to_string(),
            postgres: false,
        }
    }

    pub fn postgres(name: &str) -> Option<Db> {
        Some(Db {
            location: pg::database(name)?,
            postgres: true,
        })
    }

    pub fn open(&self) -> Ledger {
        self.open_with(Durability::Normal)
    }

    pub fn open_with(&self, durability: Durability) -> Ledger {
        Ledger::open_at(&self.location, durability).unwrap()
    }

    /// Runs a statement behind the ledger's back (to break it on purpose).
    pub fn raw(&self, sql: &str) -> Result<u64, String> {
        if self.postgres {
            let mut client = postgres::Client::connect(&self.location, postgres::NoTls)
                .map_err(|e| e.to_string())?;
            client.execute(sql, &[]).map_err(|e| match e.as_db_error() {
                Some(db) => db.message().to_string(),
                None => e.to_string(),
            })
        } else {
            let conn = rusqlite::Connection::open(&self.location).map_err(|e| e.to_string())?;
            conn.execute(sql, [])
                .map(|n| n as u64)
                .map_err(|e| e.to_string())
        }
    }

    /// A count read behind the ledger's back, with one text parameter (`?1`).
    pub fn count(&self, sql: &str, param: &str) -> i64 {
        if self.postgres {
            let mut client = postgres::Client::connect(&self.location, postgres::NoTls).unwrap();
            client
                .query_one(&sql.replace("?1", "$1"), &[&param])
                .unwrap()
                .get(0)
        } else {
            let conn = rusqlite::Connection::open(&self.location).unwrap();
            conn.query_row(sql, [param], |r| r.get(0)).unwrap()
        }
    }
}

/// `on_both!(a, b, c)`: each `fn a(db: &Db)` becomes the tests `sqlite::a` and
/// `postgres::a`.
#[allow(unused_macros)]
macro_rules! on_both {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[test]
                fn $test() {
                    super::$test(&crate::db::Db::sqlite(stringify!($test)));
                }
            )*
        }
        mod postgres {
            $(
                #[test]
                fn $test() {
                    if let Some(db) = crate::db::Db::postgres(stringify!($test)) {
                        super::$test(&db);
                    }
                }
            )*
        }
    };
}

include!("scratch.rs");
