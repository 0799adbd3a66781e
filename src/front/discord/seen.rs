//! Interactions already taken by this process. Discord (or a gateway session resumed after a
//! drop) may deliver the same `INTERACTION_CREATE` twice; the copy must not race the original
//! to an answer ("not your turn" right after a legal move). A copy seen here is dropped: the
//! original answers. A copy arriving after a restart is caught by the ledger instead (a table
//! action records its interaction; money operations are keyed by it).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long an interaction is remembered: Discord's interaction tokens last fifteen minutes.
const REMEMBERED: Duration = Duration::from_secs(15 * 60);

#[derive(Default)]
pub(super) struct Seen {
    at: Mutex<HashMap<u64, Instant>>,
}

impl Seen {
    /// Whether `interaction` is new here (and remembers it).
    pub(super) fn first(&self, interaction: u64) -> bool {
        let now = Instant::now();
        let mut at = self.at.lock().unwrap_or_else(|e| e.into_inner());
        // Forget the expired ones now and then, so that memory stays bounded by the
        // interactions of the last fifteen minutes.
        if at.len() >= 4096 && at.len().is_power_of_two() {
            at.retain(|_, seen| now.duration_since(*seen) < REMEMBERED);
        }
        match at.entry(interaction) {
            std::collections::hash_map::Entry::Occupied(_) => false,
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(now);
                true
            }
        }
    }

    /// When `interaction` arrived ([`Seen::first`] took it), or now if it was not seen.
    pub(super) fn arrived(&self, interaction: u64) -> Instant {
        let at = self.at.lock().unwrap_or_else(|e| e.into_inner());
        at.get(&interaction).copied().unwrap_or_else(Instant::now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_is_not_first() {
        let seen = Seen::default();
        assert!(seen.first(7));
        assert!(!seen.first(7));
        assert!(seen.first(8));
    }

    #[test]
    fn an_interaction_keeps_the_moment_it_arrived() {
        let seen = Seen::default();
        assert!(seen.first(7));
        let arrived = seen.arrived(7);
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(seen.arrived(7), arrived);
        assert!(!seen.first(7), "a copy does not move it");
        assert_eq!(seen.arrived(7), arrived);
        assert!(seen.arrived(8) > arrived, "one never seen arrives now");
    }

    #[test]
    fn many_interactions_are_all_told_apart() {
        let seen = Seen::default();
        for id in 0..10_000 {
            assert!(seen.first(id));
        }
        assert!(!seen.first(9_999));
        assert!(!seen.first(0), "remembered for fifteen minutes");
    }
}
