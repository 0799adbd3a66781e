//! Worker threads of their own for work that must not take the threads players are answered
//! on: the live pages' reading and drawing, and the droid's searches. A lane runs mostly at
//! a lower CPU priority, so that when the machine is busy the players' answers come first
//! and the lane's work waits a little. The web's few short reads that must not hold the
//! database at a low priority (a low thread holding it would keep the players' answers
//! waiting) have a lane at the process's own priority.

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
    /// Only when no other thread wants the core (Linux `SCHED_IDLE`): for long work, such
    /// as the droid's searches, that must never delay anyone's answer.
    Idle,
}

/// A queue of work served by a few threads; they end when the lane is dropped.
pub struct Lane {
    jobs: mpsc::Sender<Job>,
}

impl Lane {
    /// A lane of `threads` threads (at least one), named `name-0`, `name-1`…
    pub fn new(name: &str, threads: usize, priority: Priority) -> Lane {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for k in 0..threads.max(1) {
            let queue = Arc::clone(&queue);
            let spawned = std::thread::Builder::new()
                .name(format!("{name}-{k}"))
                .spawn(move || {
                    match priority {
                        Priority::Same => {}
                        Priority::Low => lower_priority(),
                        Priority::Idle => idle_priority(),
                    }
                    serve(&queue)
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, lane = name, "no worker thread");
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
        self.submit(work, move |value| {
            let _ = done.send(value);
        })?;
        result.await.ok()
    }

    /// Runs `work` on the lane and waits for it on this thread (a caller that is not async);
    /// `None` if it panicked or the lane has no thread left.
    pub fn call<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (done, result) = mpsc::sync_channel(1);
        self.submit(work, move |value| {
            let _ = done.send(value);
        })?;
        result.recv().ok()
    }

    /// Queues `work`, its value handed to `deliver`; a panic delivers nothing.
    fn submit<T>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
        deliver: impl FnOnce(T) + Send + 'static,
    ) -> Option<()> {
        let job: Job = Box::new(move || {
            if let Ok(value) = catch_unwind(AssertUnwindSafe(work)) {
                deliver(value);
            }
        });
        self.jobs.send(job).ok()
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
/// threads it starts inherit it). The ledger sends the reads of a thread below the
/// process's priority to a connection of their own, so that it never holds the one the
/// players' commands wait for.
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
            tracing::debug!("a lane keeps the process's priority");
        }
    }
}

/// Puts this thread in Linux's idle class: it runs only on a core nothing else wants
/// (falling back to the lower niceness where that class is refused). Its reads of the
/// ledger go aside, as [`lower_priority`]'s do.
pub fn idle_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: a system call on this thread (pid 0); failure leaves the class as it was.
        let done = unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) };
        if done == 0 {
            return;
        }
        tracing::debug!("the idle class is refused: a lower niceness instead");
    }
    lower_priority();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_and_a_panic_leaves_the_lane_serving() {
        let lane = Lane::new("test", 1, Priority::Low);
        assert_eq!(lane.run(|| 6 * 7).await, Some(42));
        assert_eq!(lane.run(|| -> u8 { panic!("a bad page") }).await, None);
        // The one thread survived the panic.
        assert_eq!(lane.run(|| "still here").await, Some("still here"));
    }

    #[test]
    fn a_caller_that_is_not_async_waits_for_the_value() {
        let lane = Lane::new("test", 2, Priority::Low);
        let on = lane.call(|| std::thread::current().name().map(str::to_string));
        assert!(matches!(on, Some(Some(name)) if name.starts_with("test-")));
        assert_eq!(lane.call(|| -> u8 { panic!("a bad search") }), None);
        assert_eq!(lane.call(|| 6 * 7), Some(42));
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn its_threads_run_at_a_lower_priority() {
        let lane = Lane::new("test", 1, Priority::Low);
        let nice = lane
            .run(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) })
            .await;
        let ours = unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) };
        assert_eq!(nice, Some((ours + NICENESS).min(19)));
        let same = Lane::new("test", 1, Priority::Same);
        let nice = same
            .run(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) })
            .await;
        assert_eq!(nice, Some(ours));
        let idle = Lane::new("test", 1, Priority::Idle);
        // SAFETY: reads this thread's scheduling class.
        let class = idle.run(|| unsafe { libc::sched_getscheduler(0) }).await;
        assert_eq!(class, Some(libc::SCHED_IDLE));
    }
}
