//! Which tables changed, told to the other processes on the same database: several bot
//! processes on one PostgreSQL database (shards, each with its live pages) hear each
//! other's moves at once. On SQLite nothing is told: other processes on the same file
//! (a console beside a bot) see changes at their next poll.

use std::sync::Arc;

use crate::store::Store;
use crate::Ledger;

/// The PostgreSQL channel the changes are told on.
const CHANNEL: &str = "holotable_tables";

/// What a listener is told: a table that changed in another process, or `None` when
/// anything may have changed (it connected again after missing what was said).
pub type ChangeHeard = Arc<dyn Fn(Option<i64>) + Send + Sync>;

impl Ledger {
    /// Tells the other processes on this database that `tables` changed.
    pub fn tell_changed(&self, tables: &[i64]) {
        let Store::Postgres(pool) = &self.store else {
            return;
        };
        if tables.is_empty() {
            return;
        }
        let ids: Vec<String> = tables.iter().map(i64::to_string).collect();
        let payload = format!("{}:{}", self.process, ids.join(","));
        if let Err(e) = pool.notify(CHANNEL, &payload) {
            tracing::warn!(error = %e, "could not tell the other processes of a change");
        }
    }

    /// Hears what the other processes tell ([`Ledger::tell_changed`]) for as long as the
    /// process runs; whether this database tells anything (PostgreSQL).
    pub fn listen_changed(&self, heard: ChangeHeard) -> bool {
        let Store::Postgres(pool) = &self.store else {
            return false;
        };
        let own = format!("{}:", self.process);
        pool.listen(
            CHANNEL,
            Arc::new(move |payload: &str| {
                if payload.is_empty() {
                    return heard(None);
                }
                // What this process said itself it knows already.
                let Some(ids) = payload
                    .strip_prefix(&own)
                    .map_or_else(|| payload.split_once(':').map(|(_, ids)| ids), |_| None)
                else {
                    return;
                };
                for id in ids.split(',').filter_map(|id| id.parse().ok()) {
                    heard(Some(id));
                }
            }),
        );
        true
    }
}
