//! Secrets and data at rest (issue 52): a PostgreSQL URL's password is never printed, the
//! SQLite ledger is its owner's alone, and `holotable backup` copies it whole while it is
//! in use.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use holotable::ledger::store::redacted;
use holotable::ledger::{Durability, Ledger};

fn workdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("holotable-secrets-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_urls_password_is_redacted_wherever_it_stands() {
    for (url, shown) in [
        (
            "postgres://holo:s3cret@db.example:5432/holotable",
            "postgres://holo:***@db.example:5432/holotable",
        ),
        (
            "postgresql://holo:p%40ss:word@[::1]/h?sslmode=require",
            "postgresql://holo:***@[::1]/h?sslmode=require",
        ),
        (
            "postgres://holo@host/h?password=s3cret&sslmode=require",
            "postgres://holo@host/h?password=***&sslmode=require",
        ),
        ("postgres://host/h", "postgres://host/h"),
        ("/var/lib/holotable/h.db", "/var/lib/holotable/h.db"),
    ] {
        assert_eq!(redacted(url), shown, "{url}");
    }
}

#[test]
fn a_failed_postgres_connection_never_prints_its_password() {
    // Port 9 on loopback: nothing listens there, so every command fails to connect.
    let url = "postgres://holo:Sw0rdf1sh@127.0.0.1:9/holotable?password=Sw0rdf1sh";
    for args in [
        vec!["console", "--db", url],
        vec!["audit", "--db", url],
        vec!["backup", "--to", "/nonexistent/x.db", "--db", url],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_holotable"))
            .args(&args)
            .env_remove("RUST_LOG")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.status.success(), "{args:?}: {printed}");
        assert!(
            !printed.contains("Sw0rdf1sh"),
            "{args:?} printed the password: {printed}"
        );
    }
}

#[test]
fn the_sqlite_ledger_and_its_wal_are_readable_by_their_owner_only() {
    let dir = workdir("mode");
    let db = dir.join("h.db");
    let ledger = Ledger::open(&db, Durability::Normal).unwrap();
    ledger.open_account("g", "alice").unwrap();
    assert_eq!(mode(&db), 0o600);
    let wal = dir.join("h.db-wal");
    assert!(wal.exists(), "WAL mode writes a WAL");
    assert_eq!(mode(&wal), 0o600);
    assert_eq!(mode(&dir.join("h.db-shm")), 0o600);
}

#[test]
fn backup_copies_a_live_ledger_whole_and_never_over_a_file() {
    let dir = workdir("backup");
    let db = dir.join("h.db");
    let ledger = Ledger::open(&db, Durability::Full).unwrap();
    ledger.open_account("g", "alice").unwrap();
    ledger.open_account("g", "bob").unwrap();
    ledger.give("g", "k", "alice", "bob", 250).unwrap();
    let copy = dir.join("copy.db");
    let run = |to: &Path| {
        Command::new(env!("CARGO_BIN_EXE_holotable"))
            .args(["backup", "--db"])
            .arg(&db)
            .arg("--to")
            .arg(to)
            .output()
            .unwrap()
    };
    // While this process still holds the ledger open, with its WAL not checkpointed.
    let out = run(&copy);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(mode(&copy), 0o600);
    let copied = Ledger::open(&copy, Durability::Normal).unwrap();
    assert_eq!(copied.balance("g", "bob").unwrap().credits, 1250);
    assert!(copied.audit().unwrap().ok);
    // A second backup to the same file is refused and leaves it as it was.
    let again = run(&copy);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("copy.db"));
    assert_eq!(copied.balance("g", "bob").unwrap().credits, 1250);
    // No database there: status 2.
    let missing = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["backup", "--db"])
        .arg(dir.join("none.db"))
        .arg("--to")
        .arg(dir.join("x.db"))
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(!dir.join("x.db").exists());
}

#[path = "common/pg.rs"]
mod pg;

#[test]
fn postgresql_over_tls_as_the_urls_sslmode_asks() {
    let Some(server) = pg::tls_server() else {
        return;
    };
    let port = server.port;
    let root = server.dir.join("root.crt");
    let base = format!("postgres://postgres@127.0.0.1:{port}/postgres");
    // The server takes no plain TCP connection: without TLS nothing opens.
    assert!(Ledger::open_at(&base, Durability::Normal).is_err());
    // `require`: encrypted, as the server itself reports for the connection.
    let store =
        holotable::ledger::store::Store::postgres(&format!("{base}?sslmode=require")).unwrap();
    let ssl: i64 = store
        .read(|tx| {
            tx.value(
                "SELECT CASE WHEN ssl THEN 1 ELSE 0 END FROM pg_stat_ssl
                 WHERE pid = pg_backend_pid()",
                holotable::ledger::args![],
            )
        })
        .unwrap();
    assert_eq!(ssl, 1, "the connection is not encrypted");
    // `verify-full` against the server's own root, for the host its certificate names.
    let full = format!(
        "postgres://postgres@localhost:{port}/postgres?sslmode=verify-full&sslrootcert={}",
        root.display()
    );
    let ledger = Ledger::open_at(&full, Durability::Normal).unwrap();
    ledger.open_account("g", "alice").unwrap();
    assert!(ledger.audit().unwrap().ok);
    // Against Mozilla's roots the self-made certificate is refused, and said so.
    let refused = Ledger::open_at(&format!("{base}?sslmode=verify-full"), Durability::Normal)
        .err()
        .expect("an untrusted certificate is refused")
        .to_string();
    assert!(refused.contains("cannot connect"), "{refused}");
    // A mode that does not exist is refused before any connection.
    let unknown = Ledger::open_at(&format!("{base}?sslmode=maybe"), Durability::Normal)
        .err()
        .expect("refused")
        .to_string();
    assert!(unknown.contains("sslmode=maybe"), "{unknown}");
}
