//! Clocks with a total and an increment (`clock:5+3`, issue 55, part 5): each seat has its
//! own time — 5 minutes to start with — which runs only while the table waits for that
//! seat, and gains 3 seconds each time the seat hands the turn on (Fischer's increment).
//! The running seat's flag falls at the table's stored deadline, which the turn clocks
//! ([`super::clock`]) watch as they watch a per-move clock: a warning first, then the game
//! lost on time (at a table of three or more, the seat leaves). Chance (a roll) does not
//! stop the clock of the seat it is for. Each seat's time left is stored with each action.

use crate::ledger::tables::TableRow;

/// The most minutes and seconds of increment a table's clock takes.
pub(crate) const MAX_MINUTES: i64 = 180;
pub(crate) const MAX_INCREMENT: i64 = 60;

/// A table's clock with a total and an increment, in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fischer {
    pub base: i64,
    pub inc: i64,
}

impl Fischer {
    /// `M+S` (minutes, seconds of increment; `M` alone: no increment), within bounds.
    pub(crate) fn parse(text: &str) -> Option<Fischer> {
        let text = text.trim();
        let (minutes, seconds) = text.split_once('+').unwrap_or((text, "0"));
        let minutes: i64 = minutes.trim().parse().ok()?;
        let seconds: i64 = seconds.trim().parse().ok()?;
        ((1..=MAX_MINUTES).contains(&minutes) && (0..=MAX_INCREMENT).contains(&seconds)).then_some(
            Fischer {
                base: minutes * 60,
                inc: seconds,
            },
        )
    }

    /// As the terms keep it: `M+S`.
    pub(crate) fn stored(self) -> String {
        format!("{}+{}", self.base / 60, self.inc)
    }

    /// The clock of `row`, if it has one.
    pub(crate) fn of(row: &TableRow) -> Option<Fischer> {
        row.terms.clock.as_deref().and_then(Fischer::parse)
    }

    /// Each seat's time left as of the last action (the whole total before the first).
    pub(crate) fn banks(self, row: &TableRow) -> Vec<i64> {
        let stored: Vec<i64> = row
            .clock_banks
            .as_deref()
            .unwrap_or_default()
            .split(',')
            .filter_map(|b| b.trim().parse().ok())
            .collect();
        if stored.len() == row.seats.len() {
            stored
        } else {
            vec![self.base; row.seats.len()]
        }
    }

    /// The clocks after an action at `now`: `was` the seat whose clock ran until then (its
    /// flag at `deadline`), `next` the seat the table waits for now. Returns the new
    /// deadline: the same while the same seat is still to act.
    pub(crate) fn pass(
        self,
        banks: &mut [i64],
        was: Option<usize>,
        next: Option<usize>,
        deadline: Option<i64>,
        now: i64,
    ) -> i64 {
        if let (Some(w), Some(flag)) = (was, deadline) {
            if was == next {
                return flag;
            }
            if let Some(bank) = banks.get_mut(w) {
                let started = flag - *bank;
                *bank = (*bank - (now - started).max(0)).max(0) + self.inc;
            }
        }
        let running = next.and_then(|n| banks.get(n).copied());
        now + running.unwrap_or(self.base)
    }

    /// Each seat's time left at `now`: the running seat's from the flag, the others' as
    /// banked.
    pub(crate) fn left(self, row: &TableRow, running: Option<usize>, now: i64) -> Vec<i64> {
        let mut banks = self.banks(row);
        if let (Some(seat), Some(flag)) = (running, row.deadline) {
            if let Some(bank) = banks.get_mut(seat) {
                *bank = (flag - now).max(0);
            }
        }
        banks
    }
}

/// `m:ss` (or `h:mm:ss`), as a chess clock shows time.
pub use crate::render::clock_shown as shown;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_reads_minutes_and_an_increment_within_bounds() {
        assert_eq!(Fischer::parse("5+3"), Some(Fischer { base: 300, inc: 3 }));
        assert_eq!(Fischer::parse("1"), Some(Fischer { base: 60, inc: 0 }));
        for bad in ["", "0+2", "181+0", "5+61", "5+-1", "x+1", "5+3+1"] {
            assert_eq!(Fischer::parse(bad), None, "{bad}");
        }
        assert_eq!(Fischer::parse("5+3").unwrap().stored(), "5+3");
        assert_eq!(shown(65), "1:05");
        assert_eq!(shown(3725), "1:02:05");
    }

    #[test]
    fn the_seat_that_hands_the_turn_on_pays_its_time_and_gains_the_increment() {
        let clock = Fischer { base: 60, inc: 2 };
        let mut banks = vec![60, 60];
        // Seat 0 to act from 1000: its flag at 1060.
        let flag = clock.pass(&mut banks, None, Some(0), None, 1000);
        assert_eq!(flag, 1060);
        // A roll for seat 0 at 1005 stops nothing.
        assert_eq!(
            clock.pass(&mut banks, Some(0), Some(0), Some(flag), 1005),
            1060
        );
        // Seat 0 moves at 1010: 10 s used, 2 gained; seat 1's flag at 1070.
        let flag = clock.pass(&mut banks, Some(0), Some(1), Some(flag), 1010);
        assert_eq!(banks, [52, 60]);
        assert_eq!(flag, 1070);
        // Seat 1 answers at 1075, past its flag: nothing below zero, then the increment.
        let flag = clock.pass(&mut banks, Some(1), Some(0), Some(flag), 1075);
        assert_eq!(banks, [52, 2]);
        assert_eq!(flag, 1075 + 52);
    }
}
