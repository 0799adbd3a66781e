//! The binary's ledger maintenance commands, `holotable audit` and `holotable backup`: both
//! read an existing database and answer with an exit status an operator's script can act
//! on (2: no database there, or it could not be read or written).

use std::path::Path;
use std::process::ExitCode;

use holotable::config::Config;
use holotable::ledger::store::{is_postgres, redacted};
use holotable::ledger::Ledger;

/// The ledger at `--db` or the configured one, and how to name it in messages (a URL's
/// password hidden); `Err` with status 2, said on stderr, when there is none to open.
fn existing(
    config: &Config,
    db: Option<String>,
    command: &str,
) -> Result<(Ledger, String), ExitCode> {
    let location = db.unwrap_or_else(|| config.database.location());
    let shown = redacted(&location);
    if !is_postgres(&location) && !Path::new(&location).exists() {
        eprintln!("holotable {command}: no database at {shown}");
        return Err(ExitCode::from(2));
    }
    match Ledger::open_at(&location, config.database.durability()) {
        Ok(ledger) => Ok((ledger, shown)),
        Err(e) => {
            eprintln!("holotable {command}: {shown}: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// `holotable backup --to FILE`: status 0 when the copy is whole, 2 when there is nothing to
/// copy or it could not be written.
pub fn backup(config: &Config, db: Option<String>, to: &Path) -> ExitCode {
    let (ledger, shown) = match existing(config, db, "backup") {
        Ok(found) => found,
        Err(status) => return status,
    };
    match ledger.backup(to) {
        Ok(()) => {
            println!("holotable backup: {shown} copied to {}", to.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("holotable backup: {shown}: {e}");
            ExitCode::from(2)
        }
    }
}

/// `holotable audit`: one JSON line; status 0 when every invariant holds, 1 when one fails,
/// 2 when the database cannot be read (it was not audited).
pub fn audit(config: &Config, db: Option<String>) -> ExitCode {
    let (ledger, shown) = match existing(config, db, "audit") {
        Ok(found) => found,
        Err(status) => return status,
    };
    match ledger.audit() {
        Ok(audit) => {
            println!(
                "{}",
                serde_json::to_string(&audit).expect("the audit serialises")
            );
            for problem in &audit.problems {
                eprintln!("holotable audit: {problem}");
            }
            if audit.ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("holotable audit: {shown}: {e}");
            ExitCode::from(2)
        }
    }
}
