//! What the public pages hold against slow and many clients (issue 52): each connection's
//! headers must arrive within a few seconds and a connection that moves no byte either way
//! for a minute is closed; connections are capped in all and per address (one address
//! cannot take every place), and so are spectators, per table and in all. A connection over
//! a cap is closed at once, costing the process nothing but the accept.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The bounds of one web server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once, from everyone.
    pub connections: usize,
    /// Connections open at once from one address.
    pub per_address: usize,
    /// How long a request's headers may take to arrive.
    pub header_timeout: Duration,
    /// How long a connection may move no byte either way (a live page's stream writes a
    /// comment every 15 s, so only dead or idle connections meet it).
    pub idle: Duration,
    /// The largest request head (line and headers) read, in bytes.
    pub head_bytes: usize,
    /// Spectators of one table's live stream.
    pub spectators_per_table: usize,
    /// Spectators of every table together.
    pub spectators: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: 2_048,
            per_address: 64,
            header_timeout: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            head_bytes: 16 * 1024,
            spectators_per_table: 500,
            spectators: 1_500,
        }
    }
}

/// The connections open now, in all and by address.
#[derive(Default)]
pub struct Open {
    counts: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// A connection's place, given back when it closes.
pub struct Place {
    open: Arc<Open>,
    address: IpAddr,
}

impl Open {
    /// A place for a connection from `address`, unless a cap is reached.
    pub fn take(self: &Arc<Self>, address: IpAddr, limits: &Limits) -> Option<Place> {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *counts;
        let mine = by_address.get(&address).copied().unwrap_or(0);
        if *total >= limits.connections || mine >= limits.per_address {
            return None;
        }
        *total += 1;
        by_address.insert(address, mine + 1);
        Some(Place {
            open: Arc::clone(self),
            address,
        })
    }

    /// Connections open now.
    pub fn total(&self) -> usize {
        self.counts.lock().unwrap_or_else(|e| e.into_inner()).0
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self.open.counts.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *counts;
        *total = total.saturating_sub(1);
        if let Some(mine) = by_address.get_mut(&self.address) {
            *mine -= 1;
            if *mine == 0 {
                by_address.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_capped_in_all_and_per_address_and_given_back() {
        let limits = Limits {
            connections: 3,
            per_address: 2,
            ..Limits::default()
        };
        let open = Arc::new(Open::default());
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.3".parse().unwrap();
        let first = open.take(a, &limits).unwrap();
        let _second = open.take(a, &limits).unwrap();
        assert!(open.take(a, &limits).is_none(), "a third from one address");
        let _third = open.take(b, &limits).unwrap();
        assert!(open.take(b, &limits).is_none(), "a fourth in all");
        drop(first);
        assert_eq!(open.total(), 2);
        assert!(open.take(a, &limits).is_some());
    }
}
