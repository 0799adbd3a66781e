//! The web's own worker threads. Reading tables for pages and drawing their boards run here,
//! not on the blocking threads the application answers players on, and mostly at a lower
//! CPU priority: when the machine is busy the channel's answers come first and spectators
//! wait a little (their updates coalesce, since a watched table is read as it is when its
//! turn to be read comes). The few short reads that must not hold the database at a low
//! priority (a low thread holding it would keep the players' answers waiting) have a lane
//! at the process's own priority.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// How much lower the lane's threads run than the rest of the process (Linux `nice`: at
/// 10, a busy lane thread gets about a tenth of a core that the application wants).
const NICENESS: i32 = 10;

/// How a lane's threads are scheduled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    /// The priority of the thread that made the lane (make it on one that was not lowered).
    Same,
    /// [`NICENESS`] below it.
    Low,
}

/// A queue of work served by a few threads; they end when the lane is dropped.
pub struct Lane {
    jobs: mpsc::Sender<Job>,
}

impl Lane {
    /// A lane of `threads` threads (at least one).
    pub fn new(threads: usize, priority: Priority) -> Lane {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for k in 0..threads.max(1) {
            let queue = Arc::clone(&queue);
            let spawned = std::thread::Builder::new()
                .name(format!("web-{k}"))
                .spawn(move || {
                    if priority == Priority::Low {
                        lower_priority();
                    }
                    serve(&queue)
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "no web worker thread");
            }
        }
        Lane { jobs }
    }

    /// Runs `work` on the lane; `None` if it panicked (the thread lives on) or the lane has
    /// no thread left.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (done, result) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            if let Ok(value) = catch_unwind(AssertUnwindSafe(work)) {
                let _ = done.send(value);
            }
        });
        self.jobs.send(job).ok()?;
        result.await.ok()
    }
}

fn serve(queue: &Mutex<mpsc::Receiver<Job>>) {
    loop {
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        match job {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

/// Lowers this thread's priority (on Linux a thread has a niceness of its own, and the
/// threads it starts inherit it).
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: plain system calls on this thread's own id; failure only leaves the
        // priority as it was.
        let done = unsafe {
            let tid = libc::gettid();
            libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, NICENESS)
        };
        if done != 0 {
            tracing::debug!("the web lane keeps the process's priority");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_and_a_panic_leaves_the_lane_serving() {
        let lane = Lane::new(1, Priority::Low);
        assert_eq!(lane.run(|| 6 * 7).await, Some(42));
        assert_eq!(lane.run(|| -> u8 { panic!("a bad page") }).await, None);
        // The one thread survived the panic.
        assert_eq!(lane.run(|| "still here").await, Some("still here"));
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn its_threads_run_at_a_lower_priority() {
        let lane = Lane::new(1, Priority::Low);
        let nice = lane
            .run(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) })
            .await;
        let ours = unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) };
        assert_eq!(nice, Some((ours + NICENESS).min(19)));
        let same = Lane::new(1, Priority::Same);
        let nice = same
            .run(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) })
            .await;
        assert_eq!(nice, Some(ours));
    }
}
