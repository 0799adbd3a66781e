//! The application's memory of recent things — games in play, members' names, languages
//! and looks, clock warnings — each bounded: a map that is full starts afresh. Everything
//! in them is read again from the ledger when missing, so forgetting costs a read, never a
//! fact, and a process that serves tables for months keeps the memory of a day.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

/// Games in play kept ready (each rebuilt from its log when missing).
pub(crate) const LIVE: usize = 4_096;
/// Members whose display name, language or looks are kept.
pub(crate) const MEMBERS: usize = 65_536;
/// Clock warnings remembered (a table's are forgotten as soon as it ends).
pub(crate) const WARNED: usize = 65_536;

/// Inserts into a map of at most `cap` entries, emptied first when full.
pub(crate) fn keep<K: Eq + Hash, V>(
    map: &mut HashMap<K, V>,
    cap: usize,
    key: K,
    value: V,
) -> Option<V> {
    if map.len() >= cap && !map.contains_key(&key) {
        map.clear();
    }
    map.insert(key, value)
}

/// Inserts into a set of at most `cap` entries, emptied first when full; whether it was new.
pub(crate) fn keep_in<K: Eq + Hash>(set: &mut HashSet<K>, cap: usize, key: K) -> bool {
    if set.len() >= cap && !set.contains(&key) {
        set.clear();
    }
    set.insert(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_map_starts_afresh_and_never_passes_its_cap() {
        let mut map = HashMap::new();
        for n in 0..10_000 {
            keep(&mut map, 100, n, n);
            assert!(map.len() <= 100);
        }
        // A key already there is replaced in place, not a reason to forget the rest.
        let before = map.len();
        keep(&mut map, before, 9_999, 0);
        assert_eq!(map.len(), before);
        let mut set = HashSet::new();
        for n in 0..10_000 {
            assert!(keep_in(&mut set, 100, n));
            assert!(set.len() <= 100);
        }
    }
}
