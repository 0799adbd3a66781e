//! Days of the UTC calendar: `/daily` is once a day and its streak counts days in a row, and
//! seasons are measured in days. No time zones: the cantina's day starts at 00:00 UTC.

use std::fmt;

const SECS: i64 = 86_400;

/// A UTC day, counted from 1970-01-01 (day 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

impl Day {
    /// The day of a moment (Unix seconds).
    pub fn of(secs: i64) -> Day {
        Day(secs.div_euclid(SECS))
    }

    /// 00:00 UTC of this day, in Unix seconds.
    pub fn start(self) -> i64 {
        self.0 * SECS
    }

    /// The day before.
    pub fn before(self) -> Day {
        Day(self.0 - 1)
    }

    /// Reads `YYYY-MM-DD`; `None` for anything else or a date that does not exist.
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.trim().splitn(3, '-');
        let mut number = |digits: usize| -> Option<i64> {
            let part = parts.next()?;
            (part.len() == digits && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse().ok())
                .flatten()
        };
        let (year, month, day) = (number(4)?, number(2)?, number(2)?);
        let found = Day(days_from_civil(year, month, day));
        (found.civil() == (year, month, day)).then_some(found)
    }

    /// (year, month, day) of this day (Howard Hinnant's algorithm).
    fn civil(self) -> (i64, i64, i64) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        (yoe + era * 400 + (month <= 2) as i64, month, day)
    }
}

/// Days from 1970-01-01 to a civil date (the inverse of [`Day::civil`]).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

impl fmt::Display for Day {
    /// `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (year, month, day) = self.civil();
        write!(f, "{year:04}-{month:02}-{day:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_days() {
        assert_eq!(Day(0).to_string(), "1970-01-01");
        assert_eq!(Day::of(1_764_772_200).to_string(), "2025-12-03");
        assert_eq!(
            Day::parse("2024-02-29").unwrap().before().to_string(),
            "2024-02-28"
        );
        assert_eq!(
            Day::parse("2025-03-01").unwrap().before().to_string(),
            "2025-02-28"
        );
        assert_eq!(Day::of(-1).to_string(), "1969-12-31");
        assert_eq!(Day::parse("2025-12-04").unwrap().start(), 1_764_806_400);
    }

    #[test]
    fn what_is_not_a_date_is_refused() {
        for text in [
            "",
            "d",
            "2025-13-01",
            "2025-02-29",
            "2025-1-01",
            "2025-01-01x",
            "+025-01-01",
        ] {
            assert_eq!(Day::parse(text), None, "{text}");
        }
    }

    proptest! {
        #[test]
        fn a_day_reads_back_as_itself(day in -719_000i64..2_900_000) {
            let text = Day(day).to_string();
            prop_assert_eq!(Day::parse(&text), Some(Day(day)));
        }

        #[test]
        fn parsing_never_panics(text in "\\PC{0,12}") {
            let _ = Day::parse(&text);
        }
    }
}
