//! A table's own thread is closed once its game is over: archived and locked, so that the
//! server's thread list keeps only games in play and the finished one stays as a record
//! nobody can post in by mistake. Not at once: the last board offers Rematch, which opens
//! the next table in the same thread, so the thread closes only after a quiet while with
//! no new table in it. A restart forgets the threads it was waiting on; Discord's own
//! auto-archive (set when the thread was made) still archives them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;

use super::retry::retrying;

/// The threads this process made for tables, and how many messages each has had since:
/// a close is due only if nothing was said in the thread after the table's last word.
pub(super) struct Closing {
    http: Arc<serenity::Http>,
    after: Duration,
    said: Mutex<HashMap<serenity::ChannelId, u64>>,
}

/// How long closing a thread is tried before it is left to Discord's auto-archive.
const CLOSE_FOR: Duration = Duration::from_secs(30);

impl Closing {
    /// Threads close `after` the last word of their table.
    pub(super) fn new(http: Arc<serenity::Http>, after: Duration) -> Closing {
        Closing {
            http,
            after,
            said: Mutex::new(HashMap::new()),
        }
    }

    fn said(&self) -> std::sync::MutexGuard<'_, HashMap<serenity::ChannelId, u64>> {
        self.said.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A thread was made for a table (or a tournament, whose tables never close it).
    pub(super) fn made(&self, thread: serenity::ChannelId) {
        self.said().insert(thread, 0);
    }

    /// A message was delivered in `channel`; `closes` when it is its table's last word.
    pub(super) fn delivered(self: &Arc<Self>, channel: serenity::ChannelId, closes: bool) {
        let count = {
            let mut said = self.said();
            let Some(count) = said.get_mut(&channel) else {
                return;
            };
            *count += 1;
            *count
        };
        if closes {
            let closing = Arc::clone(self);
            tokio::spawn(async move { closing.close_later(channel, count).await });
        }
    }

    async fn close_later(&self, thread: serenity::ChannelId, count: u64) {
        tokio::time::sleep(self.after).await;
        {
            let mut said = self.said();
            if said.get(&thread) != Some(&count) {
                return;
            }
            said.remove(&thread);
        }
        let deadline = Instant::now() + CLOSE_FOR;
        let closed = retrying("close thread", deadline, || {
            thread.edit_thread(
                &self.http,
                serenity::EditThread::new().archived(true).locked(true),
            )
        })
        .await;
        match closed {
            Ok(Some(_)) => {
                tracing::info!(thread = thread.get(), "a finished table's thread closed")
            }
            Ok(None) => tracing::info!(thread = thread.get(), "a finished table's thread is gone"),
            Err(failed) => {
                tracing::info!(error = %failed.error, "a finished table's thread left open")
            }
        }
    }
}
