//! Where the droid thinks, so that a person never waits behind a search.
//!
//! A command runs on one of the front end's worker threads, and only a few of those may do
//! work at once (the [`Gate`]): more would not be faster on two cores, only hold more
//! drawing buffers. A droid's search can take a second at level 5; run on such a thread it
//! would keep a place that a person's move needs. So searches run on a lane of their own
//! ([`Thinking`]): a few threads at a lower CPU priority with a queue in front. The command
//! that waits for one gives its place back while it waits and takes one again to store and
//! draw the answer. A search that waited in the queue still gets its level's whole budget
//! (an iteration count), so the move is the one `/verify` computes again.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use crate::games::{DynPlay, RulesError};
use crate::lane::{Lane, Priority};

/// How many commands may do their work at once: one place per worker thread the front ends
/// give the application (two per core, at least four).
pub fn working_places() -> usize {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    (2 * cores).max(4)
}

/// How many threads search for the droid: one per core, below the players' priority, so
/// that they take the cores the players' commands leave idle.
fn thinking_threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

thread_local! {
    /// The gate whose place this thread holds (its address), or 0.
    static HOLDING: Cell<usize> = const { Cell::new(0) };
}

/// A counting semaphore over the places where commands work.
pub struct Gate {
    free: Mutex<usize>,
    freed: Condvar,
}

/// A place held until dropped (none when the thread already held one: commands nest).
pub struct Place<'a> {
    gate: Option<&'a Gate>,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        if let Some(gate) = self.gate {
            HOLDING.with(|h| h.set(0));
            gate.release();
        }
    }
}

impl Gate {
    pub fn new(places: usize) -> Gate {
        Gate {
            free: Mutex::new(places.max(1)),
            freed: Condvar::new(),
        }
    }

    fn address(&self) -> usize {
        self as *const Gate as usize
    }

    /// Waits for a place for this thread's work, unless it holds one already.
    pub fn enter(&self) -> Place<'_> {
        if HOLDING.with(Cell::get) == self.address() {
            return Place { gate: None };
        }
        self.acquire();
        HOLDING.with(|h| h.set(self.address()));
        Place { gate: Some(self) }
    }

    /// Runs `wait` (work done elsewhere) with this thread's place given back meanwhile.
    pub fn aside<T>(&self, wait: impl FnOnce() -> T) -> T {
        if HOLDING.with(Cell::get) != self.address() {
            return wait();
        }
        HOLDING.with(|h| h.set(0));
        self.release();
        let value = wait();
        self.acquire();
        HOLDING.with(|h| h.set(self.address()));
        value
    }

    fn acquire(&self) {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        *free -= 1;
    }

    fn release(&self) {
        *self.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.freed.notify_one();
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
            lane: Lane::new("droid", threads, Priority::Low),
            gate: Gate::new(places),
            pending: Arc::default(),
        }
    }

    /// Searches asked for and not yet answered.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::Relaxed)
    }

    /// The droid's action at `play` for the seat to move, searched on the lane with `rng`
    /// at `level`; the calling command's place is free meanwhile.
    pub fn choose(
        &self,
        game: &'static str,
        play: &dyn DynPlay,
        level: u8,
        mut rng: rand_chacha::ChaCha8Rng,
    ) -> Result<String, RulesError> {
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
                crate::droid::choose_action(&*play, level, &mut rng)
            })
        };
        self.gate
            .aside(|| self.lane.call(search))
            .unwrap_or_else(|| Err(RulesError::Unsupported("the droid's search failed".into())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn a_place_is_given_back_while_its_thread_waits_aside() {
        let gate = Arc::new(Gate::new(1));
        let place = gate.enter();
        let (tx, rx) = std::sync::mpsc::channel();
        let other = {
            let gate = Arc::clone(&gate);
            std::thread::spawn(move || {
                let _place = gate.enter();
                tx.send("worked").unwrap();
            })
        };
        // The one place is held: the other thread waits.
        assert!(rx.recv_timeout(Duration::from_millis(100)).is_err());
        // Waiting aside lets it in, and the place is ours again after.
        let got = gate.aside(|| rx.recv_timeout(Duration::from_secs(10)));
        assert_eq!(got, Ok("worked"));
        other.join().unwrap();
        assert_eq!(*gate.free.lock().unwrap(), 0);
        drop(place);
        assert_eq!(*gate.free.lock().unwrap(), 1);
    }

    #[test]
    fn a_nested_command_keeps_its_threads_one_place() {
        let gate = Gate::new(1);
        let outer = gate.enter();
        // Would wait forever if the inner entry took a second place.
        let inner = gate.enter();
        drop(inner);
        assert_eq!(*gate.free.lock().unwrap(), 0);
        drop(outer);
        assert_eq!(*gate.free.lock().unwrap(), 1);
    }
}
