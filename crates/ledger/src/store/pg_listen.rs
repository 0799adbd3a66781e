//! Telling the other processes on one PostgreSQL database what changed, at once:
//! `NOTIFY` on a channel when a command is done, and a connection of its own in each
//! process that `LISTEN`s and hands each payload on. Several bot processes (shards) so see
//! each other's moves within a round trip, not at their next poll.

use std::sync::Arc;
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;

use super::postgres::PgPool;
use crate::Result;

/// How long a listener waits before it connects again after losing its connection.
const RECONNECT: Duration = Duration::from_secs(1);

/// What a listener calls with each payload heard (an empty one after it connected again:
/// whatever was said meanwhile is lost, so everything is to be read again).
pub type Heard = Arc<dyn Fn(&str) + Send + Sync>;

impl PgPool {
    /// Says `payload` on `channel` to every listening process (delivered once this
    /// statement commits: at once).
    pub fn notify(&self, channel: &str, payload: &str) -> Result<()> {
        self.with_client(|client| {
            client
                .execute("SELECT pg_notify($1, $2)", &[&channel, &payload])
                .map(drop)
        })
    }

    /// Listens on `channel` on a connection of its own, on a thread of its own, for as long
    /// as the process runs.
    pub fn listen(&self, channel: &'static str, heard: Heard) {
        let connector = self.connector();
        let spawned = std::thread::Builder::new()
            .name("pg-listen".into())
            .spawn(move || loop {
                match connector.connect() {
                    Ok(mut conn) => {
                        let client = conn.client_mut();
                        if client.batch_execute(&format!("LISTEN {channel}")).is_ok() {
                            heard("");
                            let mut notes = client.notifications();
                            let mut each = notes.blocking_iter();
                            while let Ok(Some(note)) = each.next() {
                                heard(note.payload());
                            }
                        }
                        tracing::warn!(channel, "lost the connection that listens; again in 1 s");
                    }
                    Err(e) => tracing::warn!(channel, error = %e, "cannot listen; again in 1 s"),
                }
                std::thread::sleep(RECONNECT);
            });
        if let Err(e) = spawned {
            tracing::error!(error = %e, "no thread to listen on");
        }
    }
}
