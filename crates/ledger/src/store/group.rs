//! Group commit on the embedded engine: the writes that queue for the one connection while
//! another is at work are committed together, one fsync for all of them.
//!
//! Each write runs in a savepoint of a transaction that may already hold other writes. A
//! writer that finishes while others are waiting for the connection leaves the transaction
//! open for them and waits; the last writer of the group (nobody waiting, or the group full
//! or old enough) commits it and tells the others. A write is answered only once the commit
//! that holds it is durable, so an acknowledged action is never lost, and a write that
//! fails rolls back its own savepoint only. A read that finds a group open commits it
//! first, so nothing read here was not committed.
//!
//! Threads that run below the process's priority (the live pages' lanes) read on a second
//! connection of their own ([`below_process`]): such a thread holding the one connection,
//! and preempted by the players' threads, would hold up every player behind it.

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rusqlite::Connection;

use super::sqlite::error;
use super::StoreError;
use crate::{LedgerError, Result};

/// At most this many writes share a commit, so that a steady stream of writers cannot keep
/// the first one waiting.
const GROUP: usize = 32;
/// Nor longer than this since the group's first write.
const GROUP_AGE: Duration = Duration::from_millis(4);
/// How long a member of a group waits before it looks again whether the group is stuck
/// (its last writer gone): then it commits the group itself.
const PATIENCE: Duration = Duration::from_millis(20);

/// Whether this thread runs below the process's priority (in Linux's idle class, or at a
/// higher niceness than the process's main thread): its reads then go to the side
/// connection. The scheduler is asked each time rather than a flag kept beside the thread:
/// the priority is what matters, and a thread whose lowering was refused keeps reading on
/// the shared connection, where it is not preempted. Three system calls, well under a
/// microsecond, against a read of tens.
fn below_process() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: plain queries of this thread's and this process's own scheduling.
        unsafe {
            if libc::sched_getscheduler(0) == libc::SCHED_IDLE {
                return true;
            }
            let thread = libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t);
            let process = libc::getpriority(libc::PRIO_PROCESS, libc::getpid() as libc::id_t);
            thread > process
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// The connection and the group open on it.
pub struct Grouped {
    shared: Mutex<Shared>,
    /// The connection of the threads that read aside (none for a private in-memory
    /// database, which no second connection can see).
    side: Option<Mutex<Connection>>,
    /// Told when a group is committed (or failed).
    done: Condvar,
    /// Writers waiting for the connection: a finishing writer leaves the group open for them.
    waiting: std::sync::atomic::AtomicUsize,
    /// Commits made, and the writes they held.
    commits: std::sync::atomic::AtomicU64,
    writes: std::sync::atomic::AtomicU64,
}

struct Shared {
    conn: Connection,
    open: Option<Group>,
    /// The number of the last group resolved, and its commit's error if it failed.
    resolved: u64,
    failed: Vec<(u64, String)>,
    next: u64,
}

struct Group {
    number: u64,
    members: usize,
    began: Instant,
}

impl Grouped {
    pub(super) fn new(conn: Connection, side: Option<Connection>) -> Grouped {
        Grouped {
            side: side.map(Mutex::new),
            shared: Mutex::new(Shared {
                conn,
                open: None,
                resolved: 0,
                failed: Vec::new(),
                next: 1,
            }),
            done: Condvar::new(),
            waiting: std::sync::atomic::AtomicUsize::new(0),
            commits: Default::default(),
            writes: Default::default(),
        }
    }

    /// Commits made so far, and the writes they held.
    pub fn counts(&self) -> (u64, u64) {
        use std::sync::atomic::Ordering;
        (
            self.commits.load(Ordering::Relaxed),
            self.writes.load(Ordering::Relaxed),
        )
    }

    /// The connection, once the command before has given it back (the time waited is the
    /// pool wait of an engine with a single connection).
    fn take(&self) -> MutexGuard<'_, Shared> {
        crate::telemetry::timed(
            "holotable_db_pool_wait_seconds",
            ("engine", "sqlite"),
            || self.shared.lock().unwrap_or_else(|e| e.into_inner()),
        )
    }

    /// Runs `f` on the connection outside any group (reads): an open group is committed
    /// first. On a thread that reads aside, `f` runs on the side connection instead.
    pub(super) fn with<T>(&self, f: impl FnOnce(&Connection) -> T) -> T {
        if let Some(side) = self.side.as_ref().filter(|_| below_process()) {
            return f(&side.lock().unwrap_or_else(|e| e.into_inner()));
        }
        let mut shared = self.take();
        self.commit_open(&mut shared);
        f(&shared.conn)
    }

    /// Runs `f` in a savepoint of the open group (opening one if none is), and returns its
    /// value once the group is committed.
    pub(super) fn write<T>(&self, f: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        use std::sync::atomic::Ordering;
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let mut shared = self.take();
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let group = match &mut shared.open {
            Some(group) => {
                group.members += 1;
                group.number
            }
            None => {
                shared
                    .conn
                    .execute_batch("BEGIN IMMEDIATE")
                    .map_err(error)?;
                let number = shared.next;
                shared.next += 1;
                shared.open = Some(Group {
                    number,
                    members: 1,
                    began: Instant::now(),
                });
                number
            }
        };
        let value = match run_in_savepoint(&shared.conn, f) {
            Err(panic) => {
                // Its savepoint is undone; the group goes on for its other writers.
                self.close_if_last(&mut shared);
                drop(shared);
                std::panic::resume_unwind(panic)
            }
            Ok(Ok(value)) => value,
            Ok(Err(e)) => {
                if shared.conn.is_autocommit() {
                    // The engine rolled the whole transaction back: the group is lost.
                    self.resolve(&mut shared, group, Some(e.to_string()));
                } else {
                    self.close_if_last(&mut shared);
                }
                return Err(e);
            }
        };
        self.close_if_last(&mut shared);
        self.wait_for(shared, group)?;
        Ok(value)
    }

    /// Commits the open group when no writer waits to join it, or it is full or old.
    fn close_if_last(&self, shared: &mut Shared) {
        let Some(group) = &shared.open else { return };
        let waiting = self.waiting.load(std::sync::atomic::Ordering::SeqCst);
        if waiting == 0 || group.members >= GROUP || group.began.elapsed() >= GROUP_AGE {
            self.commit_open(shared);
        }
    }

    /// Commits the open group, if any, and tells its members.
    fn commit_open(&self, shared: &mut Shared) {
        let Some(group) = &shared.open else { return };
        let (number, members) = (group.number, group.members as u64);
        let failure = match shared.conn.execute_batch("COMMIT") {
            Ok(()) => {
                use std::sync::atomic::Ordering;
                self.commits.fetch_add(1, Ordering::Relaxed);
                self.writes.fetch_add(members, Ordering::Relaxed);
                None
            }
            Err(e) => {
                let _ = shared.conn.execute_batch("ROLLBACK");
                Some(error(e).to_string())
            }
        };
        self.resolve(shared, number, failure);
    }

    fn resolve(&self, shared: &mut Shared, number: u64, failure: Option<String>) {
        shared.open = None;
        shared.resolved = number;
        if let Some(failure) = failure {
            shared.failed.push((number, failure));
            // Keep the failures of the last few groups only: their members read them at once.
            let keep = shared.failed.len().saturating_sub(64);
            shared.failed.drain(..keep);
        }
        self.done.notify_all();
    }

    /// Waits until group `number` is resolved; its commit's error, if it failed.
    fn wait_for(&self, mut shared: MutexGuard<'_, Shared>, number: u64) -> Result<()> {
        while shared.resolved < number {
            let (guard, timeout) = self
                .done
                .wait_timeout(shared, PATIENCE)
                .unwrap_or_else(|e| e.into_inner());
            shared = guard;
            let stuck = timeout.timed_out()
                && shared.resolved < number
                && shared.open.as_ref().is_some_and(|g| g.number == number);
            if stuck {
                self.commit_open(&mut shared);
            }
        }
        match shared.failed.iter().find(|(n, _)| *n == number) {
            Some((_, failure)) => Err(LedgerError::Db(StoreError::Other(format!(
                "the commit failed: {failure}"
            )))),
            None => Ok(()),
        }
    }
}

/// `f` in a savepoint: kept on success, rolled back (alone) on failure.
/// Runs `f` in a savepoint: its writes are kept when it returns `Ok`, and undone when it
/// fails or panics, so that a writer that dies never leaves half its work in the group
/// the others commit. A panic is handed back (`Err`) for the caller to resume once it has
/// put the group in order.
fn run_in_savepoint<T>(
    conn: &Connection,
    f: impl FnOnce(&Connection) -> Result<T>,
) -> std::thread::Result<Result<T>> {
    if let Err(e) = conn.execute_batch("SAVEPOINT write") {
        return Ok(Err(error(e).into()));
    }
    let undo = || {
        if !conn.is_autocommit() {
            let _ = conn.execute_batch("ROLLBACK TO write; RELEASE write");
        }
    };
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(conn))) {
        Ok(Ok(value)) => Ok(conn
            .execute_batch("RELEASE write")
            .map(|()| value)
            .map_err(|e| error(e).into())),
        Ok(Err(e)) => {
            undo();
            Ok(Err(e))
        }
        Err(panic) => {
            undo();
            Err(panic)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// Lowers the calling thread's priority, as the live pages' lanes do theirs.
    fn lower_this_thread() {
        // SAFETY: a system call on this thread's own id.
        let done =
            unsafe { libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 19) };
        assert_eq!(done, 0, "a thread may always lower its own priority");
        assert!(below_process());
    }

    #[test]
    fn a_thread_at_the_process_priority_reads_on_the_shared_connection() {
        assert!(!below_process());
        assert!(!std::thread::spawn(below_process).join().unwrap());
        assert!(std::thread::spawn(|| {
            lower_this_thread();
            below_process()
        })
        .join()
        .unwrap());
    }

    fn grouped(name: &str) -> (Grouped, std::path::PathBuf) {
        let dir =
            std::env::temp_dir().join(format!("holotable-group-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let conn = Connection::open(dir.join("g.db")).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.pragma_update(None, "synchronous", "FULL").unwrap();
        conn.execute_batch("CREATE TABLE t (writer INTEGER, n INTEGER, UNIQUE (writer, n))")
            .unwrap();
        let side = Connection::open(dir.join("g.db")).unwrap();
        (Grouped::new(conn, Some(side)), dir)
    }

    fn count(g: &Grouped) -> i64 {
        g.with(|c| {
            c.query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0))
                .unwrap()
        })
    }

    #[test]
    fn concurrent_writers_share_commits_and_every_write_is_kept() {
        let (g, dir) = grouped("share");
        let g = Arc::new(g);
        let writers: Vec<_> = (0..8)
            .map(|w| {
                let g = Arc::clone(&g);
                std::thread::spawn(move || {
                    for n in 0..100 {
                        g.write(|c| {
                            c.execute("INSERT INTO t VALUES (?1, ?2)", [w, n])
                                .map_err(error)?;
                            Ok(())
                        })
                        .unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        assert_eq!(count(&g), 800);
        let (commits, writes) = g.counts();
        assert_eq!(writes, 800);
        assert!(commits < writes, "{commits} commits for {writes} writes");
        // Read straight from the file by another connection: all of it is committed.
        let other = Connection::open(dir.join("g.db")).unwrap();
        let stored: i64 = other
            .query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0))
            .unwrap();
        assert_eq!(stored, 800);
    }

    #[test]
    fn a_failed_write_rolls_back_alone_and_the_group_commits_the_rest() {
        let (g, _dir) = grouped("alone");
        let g = Arc::new(g);
        g.write(|c| {
            c.execute("INSERT INTO t VALUES (0, 0)", [])
                .map_err(error)?;
            Ok(())
        })
        .unwrap();
        let writers: Vec<_> = (1..=6)
            .map(|w| {
                let g = Arc::clone(&g);
                std::thread::spawn(move || {
                    g.write(|c| {
                        c.execute("INSERT INTO t VALUES (?1, 1)", [w])
                            .map_err(error)?;
                        if w % 2 == 0 {
                            // A row, then a duplicate: the savepoint takes both back.
                            c.execute("INSERT INTO t VALUES (0, 0)", [])
                                .map_err(error)?;
                        }
                        Ok(())
                    })
                    .is_ok()
                })
            })
            .collect();
        let kept: Vec<bool> = writers.into_iter().map(|w| w.join().unwrap()).collect();
        assert_eq!(kept, [true, false, true, false, true, false]);
        let rows: Vec<i64> = g.with(|c| {
            let mut q = c.prepare("SELECT writer FROM t ORDER BY writer").unwrap();
            let rows = q.query_map([], |r| r.get(0)).unwrap();
            rows.map(|r| r.unwrap()).collect()
        });
        assert_eq!(rows, [0, 1, 3, 5]);
    }

    #[test]
    fn a_thread_reading_aside_waits_for_no_writer_and_sees_only_what_is_committed() {
        let (g, _dir) = grouped("aside");
        let g = Arc::new(g);
        let (inside, wait_inside) = std::sync::mpsc::channel();
        let (finish, wait_finish) = std::sync::mpsc::channel::<()>();
        // A writer holds the connection, its row written and not committed.
        let writer = {
            let g = Arc::clone(&g);
            std::thread::spawn(move || {
                g.write(|c| {
                    c.execute("INSERT INTO t VALUES (1, 1)", [])
                        .map_err(error)?;
                    inside.send(()).unwrap();
                    wait_finish.recv().unwrap();
                    Ok(())
                })
                .unwrap();
            })
        };
        wait_inside.recv().unwrap();
        let (read, got) = std::sync::mpsc::channel();
        {
            let g = Arc::clone(&g);
            std::thread::spawn(move || {
                lower_this_thread();
                read.send(count(&g)).unwrap();
            });
        }
        // Answered while the writer still holds the connection, without its row.
        let seen = got.recv_timeout(std::time::Duration::from_secs(5));
        finish.send(()).unwrap();
        writer.join().unwrap();
        assert_eq!(
            seen,
            Ok(0),
            "the aside read waited for the writer or saw its row"
        );
        // Once committed, the row is seen aside as on the shared connection.
        let (read, got) = std::sync::mpsc::channel();
        {
            let g = Arc::clone(&g);
            std::thread::spawn(move || {
                lower_this_thread();
                read.send(count(&g)).unwrap();
            });
        }
        assert_eq!(got.recv().unwrap(), 1);
        assert_eq!(count(&g), 1);
    }
}
