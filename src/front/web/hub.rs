//! The spectators of each table: one channel a table, fed by one task that reads the table
//! again when it changes and sends the new page parts to every spectator at once.
//!
//! The page is read once per change and language, never once per spectator, so a thousand
//! spectators cost a thousand socket writes and nothing more. A spectator that does not
//! read its stream falls behind the channel's few slots and is dropped: nobody holds
//! memory for a reader that never comes.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use tokio::sync::{broadcast, Notify};

use super::boards::Boards;
use super::pages;
use crate::lane::{Lane, Priority};
use crate::table::App;
use crate::table::TableStatus;
use crate::words::Lang;

/// How many updates a spectator may fall behind before it is dropped.
const SLOTS: usize = 16;
/// How often a watched table is read even when nothing was heard of it: another process
/// on the same database (a shard) may have moved it. On PostgreSQL the other processes
/// say what they changed (`LISTEN`/`NOTIFY`, [`crate::ledger::changes`]), and the poll
/// is only a safety net.
const POLL: Duration = Duration::from_secs(2);
const POLL_LISTENING: Duration = Duration::from_secs(30);

/// One update, already written for each language as the bytes of a Server-Sent Event: every
/// spectator's stream sends the same bytes, so a thousand spectators cost a thousand writes
/// and not a thousand copies.
#[derive(Debug)]
pub struct Update {
    frames: [Bytes; 2],
}

impl Update {
    /// The event `event` whose data is `by_lang` (one line each: JSON without newlines).
    pub fn new(event: &str, by_lang: [String; 2]) -> Update {
        Update {
            frames: by_lang.map(|data| frame(event, &data)),
        }
    }

    /// The event's bytes in `lang`.
    pub fn frame(&self, lang: Lang) -> Bytes {
        self.frames[lang as usize].clone()
    }
}

/// The bytes of an event: a line that names it and lines of data, then a blank line.
fn frame(event: &str, data: &str) -> Bytes {
    let mut out = format!("event: {event}\n");
    for line in data.lines() {
        out.push_str("data: ");
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    Bytes::from(out)
}

/// A watched table's channel.
struct Channel {
    tx: broadcast::Sender<Arc<Update>>,
    /// Rings when the table changed (or the number of watchers did).
    ring: Notify,
    watchers: AtomicUsize,
    /// Spectators by language: an update is written only in the languages read.
    by_lang: [AtomicUsize; 2],
}

impl Channel {
    fn languages(&self) -> Vec<Lang> {
        Lang::ALL
            .into_iter()
            .filter(|l| self.by_lang[*l as usize].load(Ordering::Relaxed) > 0)
            .collect()
    }
}

/// Every watched table of this process.
pub struct Hub {
    app: Arc<App>,
    tables: Mutex<HashMap<i64, Arc<Channel>>>,
    /// Spectators connected to every table, for `/metrics`.
    total: AtomicUsize,
    boards: Boards,
    /// Where the pages' reading and drawing run, below the application's priority.
    lane: Lane,
    /// Where the short reads that must not hold the database at a low priority run.
    reads: Lane,
    /// Where the players' actions from their seats' pages run: at the application's
    /// priority, as a command from the chat does, never behind the spectators' reading.
    acts: Lane,
    /// How often a watched table is read when nothing was heard of it.
    poll: std::sync::OnceLock<Duration>,
}

/// How many threads read and draw for the pages: work beyond them waits its turn.
const LANE_THREADS: usize = 2;

/// A spectator's place at a table: dropping it (the connection closed) leaves.
pub struct Seat {
    hub: Arc<Hub>,
    lang: Lang,
    channel: Arc<Channel>,
    pub rx: broadcast::Receiver<Arc<Update>>,
}

impl Drop for Seat {
    fn drop(&mut self) {
        self.channel.watchers.fetch_sub(1, Ordering::Relaxed);
        self.channel.by_lang[self.lang as usize].fetch_sub(1, Ordering::Relaxed);
        self.hub.total.fetch_sub(1, Ordering::Relaxed);
        self.channel.ring.notify_one();
    }
}

impl Hub {
    /// A hub for `app`'s tables; it hears of every change the application stores.
    pub fn new(app: Arc<App>) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            app: Arc::clone(&app),
            tables: Mutex::new(HashMap::new()),
            total: AtomicUsize::new(0),
            boards: Boards::default(),
            lane: Lane::new("web", LANE_THREADS, Priority::Low),
            reads: Lane::new("web-read", 1, Priority::Same),
            acts: Lane::new("web-act", LANE_THREADS, Priority::Same),
            poll: std::sync::OnceLock::new(),
        });
        let weak = Arc::downgrade(&hub);
        app.on_change(Arc::new(move |table| {
            if let Some(hub) = weak.upgrade() {
                hub.ring(table);
            }
        }));
        // What the other processes on the database change rings here too.
        let weak = Arc::downgrade(&hub);
        let listening = app.ledger().listen_changed(Arc::new(move |table| {
            if let (Some(hub), Some(table)) = (weak.upgrade(), table) {
                hub.ring(table);
            }
        }));
        let _ = hub.poll.set(if listening { POLL_LISTENING } else { POLL });
        hub
    }

    /// Runs the pages' work on the application, off the async runtime (the ledger blocks).
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&App) -> T + Send + 'static,
    ) -> Option<T> {
        let app = Arc::clone(&self.app);
        self.lane.run(move || work(&app)).await
    }

    /// Runs a short read of the database on the application's priority, on the connection
    /// the players' commands use: the health check, which must answer for that connection
    /// even while a crowd of spectators keeps the pages' threads busy.
    pub async fn read<T: Send + 'static>(
        &self,
        work: impl FnOnce(&App) -> T + Send + 'static,
    ) -> Option<T> {
        let app = Arc::clone(&self.app);
        self.reads.run(move || work(&app)).await
    }

    /// Runs a player's action from their seat's page (see [`Hub::acts`]).
    pub async fn act<T: Send + 'static>(
        &self,
        work: impl FnOnce(&App) -> T + Send + 'static,
    ) -> Option<T> {
        let app = Arc::clone(&self.app);
        self.acts.run(move || work(&app)).await
    }

    /// The board images of the watched tables.
    pub fn boards(&self) -> &Boards {
        &self.boards
    }

    /// Spectators connected now, on every table.
    pub fn spectators(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    /// Spectators connected now to `table`.
    pub fn watchers(&self, table: i64) -> usize {
        self.tables
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&table)
            .map_or(0, |c| c.watchers.load(Ordering::Relaxed))
    }

    /// Tells a watched table's task that the table changed. Called on the thread of the
    /// command that changed it, once that command is done and before its reply is sent: it
    /// only rings, and the table is read again by the task, so a watched table's move waits
    /// for nothing more than an unwatched one's.
    fn ring(&self, table: i64) {
        let channel = self
            .tables
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&table)
            .cloned();
        if let Some(channel) = channel {
            channel.ring.notify_one();
        }
    }

    /// Seats a spectator at `table` whose page shows `turn`; starts the table's task when
    /// it is the first.
    pub fn join(self: &Arc<Hub>, table: i64, turn: i64, lang: Lang) -> Seat {
        let (channel, fresh) = {
            let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
            match tables.get(&table) {
                Some(channel) => (Arc::clone(channel), false),
                None => {
                    let channel = Arc::new(Channel {
                        tx: broadcast::channel(SLOTS).0,
                        ring: Notify::new(),
                        watchers: AtomicUsize::new(0),
                        by_lang: Default::default(),
                    });
                    tables.insert(table, Arc::clone(&channel));
                    (channel, true)
                }
            }
        };
        channel.watchers.fetch_add(1, Ordering::Relaxed);
        channel.by_lang[lang as usize].fetch_add(1, Ordering::Relaxed);
        self.total.fetch_add(1, Ordering::Relaxed);
        let rx = channel.tx.subscribe();
        channel.ring.notify_one();
        if fresh {
            self.app.watch_boards(table, true);
            tokio::spawn(Arc::clone(self).follow(table, Arc::clone(&channel), turn));
        }
        Seat {
            hub: Arc::clone(self),
            lang,
            channel,
            rx,
        }
    }

    /// The task of a watched table: whenever it rings (or every [`POLL`]), reads the table
    /// and sends what changed; ends when the last spectator has left.
    async fn follow(self: Arc<Hub>, table: i64, channel: Arc<Channel>, mut turn: i64) {
        let mut status = None;
        let mut watchers = 0;
        loop {
            // A ring while the last update was being written is kept by the `Notify`, so
            // nothing stored meanwhile is missed.
            let poll = self.poll.get().copied().unwrap_or(POLL);
            let _ = tokio::time::timeout(poll, channel.ring.notified()).await;
            let now_watching = channel.watchers.load(Ordering::Relaxed);
            if now_watching == 0 {
                let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
                // A spectator may have joined meanwhile: only an empty channel goes.
                if channel.watchers.load(Ordering::Relaxed) == 0 {
                    tables.remove(&table);
                    self.app.watch_boards(table, false);
                    return;
                }
                continue;
            }
            // On the pages' threads, which read aside (`ledger::store::read_aside`): the read
            // neither waits for the players' writes nor holds the connection they need. A
            // ring comes once the command is done, so the turn read has its board drawn
            // already, shared with the channel. Reading and writing the update are one job,
            // so a change costs the pages' threads one wake, not two.
            let hub = Arc::clone(&self);
            let langs = channel.languages();
            let seen = (turn, status);
            let change = self
                .lane
                .run(move || hub.change(table, seen, now_watching, &langs))
                .await
                .flatten();
            if let Some((now_turn, now_status, update)) = change {
                (turn, status, watchers) = (now_turn, Some(now_status), now_watching);
                let _ = channel.tx.send(Arc::new(update));
            } else if now_watching != watchers {
                watchers = now_watching;
                let _ = channel.tx.send(Arc::new(pages::watchers(now_watching)));
            }
        }
    }

    /// The update of `table` if it moved past `seen` (its turn and status), with its new
    /// turn and status; `None` if it did not, or could not be read.
    fn change(
        &self,
        table: i64,
        seen: (i64, Option<TableStatus>),
        watching: usize,
        langs: &[Lang],
    ) -> Option<(i64, TableStatus, Update)> {
        let row = self.app.table_row(table)?;
        if (row.turn, Some(row.status)) == seen {
            return None;
        }
        let started = std::time::Instant::now();
        let made = pages::update(&self.app, &row, watching, langs)?;
        // The new board, kept before anyone is told to fetch it.
        for (lang, png) in made.boards {
            self.boards.keep(&row, made.game, made.steps, lang, png);
        }
        metrics::histogram!("holotable_web_update_seconds").record(started.elapsed().as_secs_f64());
        Some((row.turn, row.status, made.update))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_names_itself_and_gives_each_line_of_its_data_a_data_field() {
        let update = Update::new("update", ["{\"a\":1}".into(), "one\ntwo".into()]);
        assert_eq!(
            &update.frame(Lang::En)[..],
            b"event: update\ndata: {\"a\":1}\n\n"
        );
        assert_eq!(
            &update.frame(Lang::Fr)[..],
            b"event: update\ndata: one\ndata: two\n\n"
        );
    }
}
