//! Repetition, as the games that draw on it count it (DJ-5.5, ZK-4.3, KG-7.4): how often each
//! position has occurred, and the position before the last one, kept once for every game.

use std::collections::HashMap;
use std::hash::Hash;

/// The positions a game went through, with how often each occurred.
#[derive(Debug, Clone)]
pub struct Repetitions<P> {
    seen: HashMap<P, u8>,
    last: Option<P>,
}

impl<P> Default for Repetitions<P> {
    fn default() -> Self {
        Repetitions {
            seen: HashMap::new(),
            last: None,
        }
    }
}

impl<P: Hash + Eq + Clone> Repetitions<P> {
    /// A history that starts at `start`, counted once.
    pub fn from(start: &P) -> Self {
        let mut history = Repetitions::default();
        history.see(start);
        history
    }

    /// A history that starts at `start` without counting it (a position before the phase
    /// in which repetition counts).
    pub fn after(start: &P) -> Self {
        Repetitions {
            seen: HashMap::new(),
            last: Some(start.clone()),
        }
    }

    /// Counts `next`; returns how often it has now occurred.
    pub fn see(&mut self, next: &P) -> u8 {
        self.last = Some(next.clone());
        let count = self.seen.entry(next.clone()).or_insert(0);
        *count = count.saturating_add(1);
        *count
    }

    /// Moves on to `next` without counting it; returns the position before.
    pub fn pass_over(&mut self, next: &P) -> Option<P> {
        self.last.replace(next.clone())
    }

    /// The last position seen or passed over.
    pub fn last(&self) -> Option<&P> {
        self.last.as_ref()
    }

    /// Whether `next`, counted now, occurs for the third time.
    pub fn third(&mut self, next: &P) -> bool {
        self.see(next) >= 3
    }
}

#[cfg(test)]
mod tests {
    use super::Repetitions;

    #[test]
    fn a_position_counts_from_its_first_occurrence() {
        let mut history = Repetitions::from(&1);
        assert!(!history.third(&2));
        assert!(!history.third(&1));
        assert!(!history.third(&2));
        assert!(history.third(&1), "the start, then twice more");
        assert_eq!(history.last(), Some(&1));
        let mut later = Repetitions::after(&7);
        assert_eq!(later.pass_over(&8), Some(7));
        assert_eq!(later.see(&8), 1, "passed-over positions are not counted");
    }
}
