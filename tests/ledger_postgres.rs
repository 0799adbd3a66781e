//! What only the PostgreSQL engine meets: a server that closes the ledger's connections, and
//! a server that cannot be reached or has no such database (P-10).

use holotable::ledger::{Durability, Ledger};

#[path = "common/db.rs"]
mod db;
use db::{pg, Db};

const G: &str = "guild";

fn error_of(location: &str) -> String {
    match Ledger::open_at(location, Durability::Normal) {
        Ok(_) => panic!("{location} opened"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn connections_closed_by_the_server_are_replaced_and_nothing_is_done_twice() {
    let Some(db) = Db::postgres("connections_closed") else {
        return;
    };
    let l = db.open();
    l.open_account(G, "alice").unwrap();
    l.open_account(G, "bob").unwrap();
    // Several connections in the pool, then the server ends every one of them (as a restart
    // or a failover does) while they sit idle.
    std::thread::scope(|s| {
        for i in 0..4 {
            let l = &l;
            s.spawn(move || l.give(G, &format!("warm-{i}"), "alice", "bob", 1).unwrap());
        }
    });
    let ended = db
        .raw(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        .unwrap();
    assert!(ended >= 1, "the ledger kept no idle connection");
    // The next commands run on new connections, each exactly once.
    for i in 0..6 {
        let gift = l
            .give(G, &format!("after-{i}"), "alice", "bob", 10)
            .unwrap();
        assert!(!gift.replayed);
    }
    assert_eq!(l.balance(G, "alice").unwrap().credits, 1000 - 4 - 60);
    assert_eq!(l.balance(G, "bob").unwrap().credits, 1000 + 4 + 60);
    let audit = l.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
}

#[test]
fn a_missing_database_or_server_is_named_in_the_error() {
    let Some(server) = pg::server() else {
        eprintln!("PostgreSQL test 'a_missing_database_or_server_is_named_in_the_error' NOT RUN");
        return;
    };
    let missing = error_of(&server.url("no_such_database"));
    assert!(
        missing.contains("\"no_such_database\" does not exist"),
        "{missing}"
    );
    // A port nobody listens on (one just freed).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let unreachable = error_of(&format!("postgres://holo@127.0.0.1:{port}/ledger"));
    assert!(
        unreachable.contains(&format!("127.0.0.1:{port}/ledger as holo")),
        "{unreachable}"
    );
    assert!(unreachable.contains("refused"), "{unreachable}");
}

#[test]
fn a_malformed_url_is_refused_without_repeating_its_password() {
    let e = error_of("postgres://holo:s3cret@127.0.0.1:notaport/ledger");
    assert!(e.contains("not a PostgreSQL URL"), "{e}");
    assert!(!e.contains("s3cret"), "{e}");
}

#[test]
fn a_database_url_of_another_engine_is_refused_not_taken_for_a_file() {
    let e = error_of("mysql://holo@127.0.0.1/ledger");
    assert!(e.contains("unsupported database URL scheme 'mysql'"), "{e}");
    assert!(!std::path::Path::new("mysql:").exists());
}
