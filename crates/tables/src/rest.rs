//! A series that rests (DJ-8's Wookiee pause): after a game whose rules say so, nobody acts
//! before 00:00 UTC the next day. The rest is an entry of the action log, so it survives a
//! restart, and the move clock starts only when the rest is over.

use super::log::{LogEntry, Progress};
use super::Refusal;
use crate::call::Cx;
use crate::ledger::tables::TableRow;
use crate::play::Tables;
use crate::t;

const DAY: i64 = 86_400;

/// 00:00 UTC of the day after `now` (Unix seconds).
pub(crate) fn next_midnight(now: i64) -> i64 {
    (now.div_euclid(DAY) + 1) * DAY
}

/// A wait in whole hours and minutes (rounded up to the minute), for the words.
pub(crate) fn left(seconds: i64) -> (i64, String) {
    let minutes = (seconds.max(0) + 59) / 60;
    (minutes / 60, format!("{:02}", minutes % 60))
}

impl Tables<'_> {
    /// Until when the series rests, while it does.
    pub(crate) fn resting(&self, progress: &Progress) -> Option<i64> {
        progress
            .resting_until
            .filter(|&until| self.app.now() < until)
    }

    /// Rests the series that just started its next game: stored with the next action's
    /// deadline one move clock after the rest, and told in `text`.
    pub(crate) fn rest(
        &self,
        cx: Cx<'_>,
        guild: &str,
        row: &mut TableRow,
        progress: &mut Progress,
        text: &mut String,
    ) -> Result<(), Refusal> {
        let Cx { lang, call } = cx;
        let until = next_midnight(self.app.now());
        let _ = guild;
        let clock = self.move_clock(row)?;
        self.record_entry_until(
            call,
            row,
            progress,
            LogEntry::Rest(until),
            None,
            until + clock,
        )?;
        text.push(' ');
        text.push_str(&t!(lang, "series-rest"));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rest_ends_at_the_next_midnight_utc() {
        // DJ-8: 2025-12-03 14:30 UTC rests until 2025-12-04 00:00 UTC.
        let afternoon = 1_764_772_200;
        assert_eq!(next_midnight(afternoon), 1_764_806_400);
        // At midnight exactly, the next one.
        assert_eq!(next_midnight(1_764_806_400), 1_764_806_400 + DAY);
        assert_eq!(left(1_764_806_400 - afternoon), (9, "30".to_string()));
        assert_eq!(left(61), (0, "02".to_string()));
        assert_eq!(left(-5), (0, "00".to_string()));
    }
}
