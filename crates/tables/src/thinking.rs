//! Where the droid thinks, so that a person never waits behind a search.
//!
//! A command runs on one of the front end's worker threads, and only a few of those may do
//! work at once (the [`Gate`]): more would not be faster on two cores, only hold more
//! drawing buffers. A droid's search can take a second at level 5; run on such a thread it
//! would keep a place that a person's move needs. So searches run on a lane of their own
//! ([`Thinking`]): a few threads in the idle scheduling class (they run only on a core no
//! command wants) with a queue in front. The command that waits for one gives its place
//! back while it waits and takes one again to store and draw the answer. A search that
//! waited in the queue still gets its level's whole budget (an iteration count), so the
//! move is the one `/verify` computes again.

use crate::call::Call;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::games::{DynPlay, RulesError};
use crate::lane::{Lane, Priority};

/// How many commands may do their work at once: one place per worker thread the front ends
/// give the application (two per core, at least four).
pub fn working_places() -> usize {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    (2 * cores).max(4)
}

/// How many threads search for the droid: one per core, in the idle class, so that they
/// take only the cores the players' commands leave idle.
fn thinking_threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// The places where commands work, taken in the order they were asked for. An async front
/// end waits for one before it gives a thread to the command ([`Gate::admit`]), so that a
/// burst of commands waits in a queue and not on threads; a caller that is not async waits
/// on its own thread ([`Gate::enter`]). A place is held by its [`Admission`]: the call that
/// works in it carries it ([`crate::call::Call`]) and gives it back while it waits aside.
pub struct Gate {
    places: Arc<Semaphore>,
}

/// A place taken, held until dropped.
pub struct Admission {
    _permit: OwnedSemaphorePermit,
}

impl Gate {
    pub fn new(places: usize) -> Gate {
        Gate {
            places: Arc::new(Semaphore::new(places.max(1))),
        }
    }

    /// Waits for a place, without a thread (none once the gate is closed).
    pub async fn admit(&self) -> Option<Admission> {
        let permit = Arc::clone(&self.places).acquire_owned().await.ok()?;
        Some(Admission { _permit: permit })
    }

    /// Waits on this thread for a place.
    pub fn enter(&self) -> Option<Admission> {
        wait_here(self.admit())
    }

    /// Places free now.
    pub fn free(&self) -> usize {
        self.places.available_permits()
    }
}

/// Runs `future` to its end on this thread, parking it while the future waits.
fn wait_here<F: Future>(future: F) -> F::Output {
    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut context = Context::from_waker(&waker);
    let mut future = std::pin::pin!(future);
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut context) {
            return value;
        }
        std::thread::park();
    }
}

/// The droid's searches and the places of the commands that wait for them.
pub struct Thinking {
    lane: Lane,
    pub(crate) gate: Gate,
    /// Searches asked for and not yet answered (queued or running).
    pending: Arc<AtomicUsize>,
}

impl Default for Thinking {
    fn default() -> Self {
        Thinking::new(working_places(), thinking_threads())
    }
}

impl Thinking {
    /// `places` commands working at once; `threads` searching.
    pub fn new(places: usize, threads: usize) -> Thinking {
        Thinking {
            lane: Lane::new("droid", threads, Priority::Idle),
            gate: Gate::new(places),
            pending: Arc::default(),
        }
    }

    /// Searches asked for and not yet answered.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::Relaxed)
    }

    /// The droid's choice at `play` for the seat to move (its number among the position's
    /// choices), searched on the lane with `rng` at `level`; the place of `call` is free
    /// meanwhile.
    pub fn choose(
        &self,
        call: &Call,
        game: &'static str,
        play: &dyn DynPlay,
        level: u8,
        mind: u16,
        mut rng: rand_chacha::ChaCha8Rng,
    ) -> Result<usize, RulesError> {
        /// Counts the search answered even if it panics.
        struct Answered(Arc<AtomicUsize>);
        impl Drop for Answered {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::Relaxed);
            }
        }
        let play = play.clone_box();
        let asked = std::time::Instant::now();
        self.pending.fetch_add(1, Ordering::Relaxed);
        let answered = Answered(Arc::clone(&self.pending));
        let search = move || {
            let _answered = answered;
            crate::telemetry::observe("holotable_droid_wait_seconds", ("game", game), asked);
            crate::telemetry::timed("holotable_droid_think_seconds", ("game", game), || {
                crate::droid::choose(&*play, level, mind, &mut rng)
            })
        };
        call.aside(&self.gate, || self.lane.call(search))
            .unwrap_or_else(|| Err(RulesError::Unsupported("the droid's search failed".into())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn an_admission_waits_without_a_thread_and_is_held_by_the_one_that_works() {
        let gate = Arc::new(Gate::new(1));
        let first = gate.admit().await.unwrap();
        // The second waits in the queue, as a future.
        let second = tokio::time::timeout(Duration::from_millis(50), gate.admit()).await;
        assert!(second.is_err());
        let worker = {
            let gate = Arc::clone(&gate);
            std::thread::spawn(move || {
                // The thread works in the place admitted for it, taking no second one.
                let _place = first;
                gate.free()
            })
        };
        assert_eq!(worker.join().unwrap(), 0);
        // The worker's place came back when it was done.
        let again = tokio::time::timeout(Duration::from_secs(5), gate.admit()).await;
        assert!(matches!(again, Ok(Some(_))));
    }
}
