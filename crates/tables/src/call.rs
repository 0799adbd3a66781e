//! One call into the application — a member's command, a clock tick — and what it carries
//! from its start to its end beside its arguments: the place it works in, the interaction
//! that asked for it, and the tables it changed. It is passed down explicitly, so that no
//! state of a call hides in the thread that runs it: an async front end or a websocket may
//! run a call on any thread, and two calls on one thread never see each other's.

use std::cell::RefCell;

use crate::ledger::tables::TableRow;
use crate::thinking::{Admission, Gate};
use crate::words::Lang;

/// The context of a piece of a call's work: the call, and the language its words are told
/// in (the actor's, or, for what no command asked for, the member's it is for).
#[derive(Clone, Copy)]
pub struct Cx<'a> {
    pub call: &'a Call,
    pub lang: Lang,
}

/// The state of one call in progress. It lives on the stack of the thread that runs the
/// call and is lent down as `&Call`; it is never shared between threads.
#[derive(Default)]
pub struct Call {
    /// The interaction that asked (docs/CONTRACT.md P-6.2), until the first action this call
    /// stores takes it: only that action is the member's own (what follows by itself — a
    /// roll, the droid's answer — is not).
    interaction: RefCell<Option<String>>,
    /// The tables whose stored state this call changed, told to the listeners once it is
    /// done (a live page then finds the call's reply ready and its board drawn).
    changed: RefCell<Vec<i64>>,
    /// The place this call works in (none when the gate was closed), given back while the
    /// call waits for the droid's search.
    place: RefCell<Option<Admission>>,
    /// The active table this call already read (with its check that the interaction had
    /// not played), for its first look at it: a move costs one read less.
    active: RefCell<Option<Option<TableRow>>>,
}

impl Call {
    /// A call working in `place`, asked for by `interaction` (none: a clock tick).
    pub(crate) fn new(interaction: Option<&str>, place: Option<Admission>) -> Call {
        Call {
            interaction: RefCell::new(interaction.map(str::to_string)),
            changed: RefCell::default(),
            place: RefCell::new(place),
            active: RefCell::default(),
        }
    }

    /// Keeps the active table read at the call's start, for [`Call::take_active`].
    pub(crate) fn keep_active(&self, row: Option<TableRow>) {
        *self.active.borrow_mut() = Some(row);
    }

    /// The active table read at the call's start, taken: the first look at it is that
    /// read; any later one reads again (the call may have changed it since).
    pub(crate) fn take_active(&self) -> Option<Option<TableRow>> {
        self.active.borrow_mut().take()
    }

    /// This call's context with its words in `lang`.
    pub(crate) fn cx(&self, lang: Lang) -> Cx<'_> {
        Cx { call: self, lang }
    }

    /// The interaction the next stored action records, taken.
    pub(crate) fn take_interaction(&self) -> Option<String> {
        self.interaction.borrow_mut().take()
    }

    /// Notes that `table`'s stored state changed.
    pub(crate) fn changed(&self, table: i64) {
        let mut changed = self.changed.borrow_mut();
        if !changed.contains(&table) {
            changed.push(table);
        }
    }

    /// The tables changed so far, in the order they first changed; taken.
    pub(crate) fn take_changed(&self) -> Vec<i64> {
        std::mem::take(&mut self.changed.borrow_mut())
    }

    /// Runs `wait` (work done elsewhere: the droid's search) with this call's place given
    /// back to `gate` meanwhile; the call queues for a place again after.
    pub(crate) fn aside<T>(&self, gate: &Gate, wait: impl FnOnce() -> T) -> T {
        let held = self.place.borrow_mut().take();
        if held.is_none() {
            return wait();
        }
        drop(held);
        let value = wait();
        *self.place.borrow_mut() = gate.enter();
        value
    }

    /// Whether this call holds a place.
    #[cfg(test)]
    pub(crate) fn holds(&self) -> bool {
        self.place.borrow().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interaction_goes_to_the_first_action_alone() {
        let call = Call::new(Some("i-1"), None);
        assert_eq!(call.take_interaction().as_deref(), Some("i-1"));
        assert_eq!(call.take_interaction(), None);
        assert_eq!(Call::new(None, None).take_interaction(), None);
    }

    #[test]
    fn each_changed_table_is_told_once_in_order() {
        let call = Call::default();
        for table in [3, 1, 3, 2, 1] {
            call.changed(table);
        }
        assert_eq!(call.take_changed(), vec![3, 1, 2]);
        assert!(call.take_changed().is_empty());
    }

    #[test]
    fn two_calls_on_one_thread_keep_their_own_state() {
        let outer = Call::new(Some("outer"), None);
        outer.changed(1);
        let inner = Call::new(Some("inner"), None);
        inner.changed(2);
        assert_eq!(inner.take_interaction().as_deref(), Some("inner"));
        assert_eq!(outer.take_interaction().as_deref(), Some("outer"));
        assert_eq!(outer.take_changed(), vec![1]);
        assert_eq!(inner.take_changed(), vec![2]);
    }

    #[test]
    fn a_place_is_given_back_while_the_call_waits_aside() {
        let gate = std::sync::Arc::new(Gate::new(1));
        let call = Call::new(None, gate.enter());
        assert!(call.holds());
        assert_eq!(gate.free(), 0);
        let (tx, rx) = std::sync::mpsc::channel();
        let other = {
            let gate = std::sync::Arc::clone(&gate);
            std::thread::spawn(move || {
                let _place = gate.enter();
                tx.send("worked").unwrap();
            })
        };
        // The one place is held: the other thread waits.
        assert!(rx
            .recv_timeout(std::time::Duration::from_millis(100))
            .is_err());
        // Waiting aside lets it in, and the place is the call's again after.
        let got = call.aside(&gate, || {
            rx.recv_timeout(std::time::Duration::from_secs(10))
        });
        assert_eq!(got, Ok("worked"));
        other.join().unwrap();
        assert!(call.holds());
        assert_eq!(gate.free(), 0);
        drop(call);
        assert_eq!(gate.free(), 1);
    }
}
