//! How the console shows what a reply's text keeps apart ([`crate::words::Text`]): names as
//! written, channels by name, moments in words from the console's clock.

use crate::words::{self, Lang, Marks, Text};

struct Console {
    now: i64,
    lang: Lang,
}

impl Marks for Console {
    fn name(&self, name: &str) -> String {
        name.to_string()
    }

    fn channel(&self, channel: &str) -> String {
        format!("#{channel}")
    }

    /// "in 5 minutes": a terminal has no reader's time zone to show a moment in.
    fn moment(&self, unix: i64) -> String {
        words::relative(unix, self.now, self.lang)
    }
}

/// A reply's text as the console prints it, its moments told from `now` in `lang`.
pub(super) fn told(text: &Text, now: i64, lang: Lang) -> String {
    text.told(&Console { now, lang })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::text::{channel, moment, name};

    #[test]
    fn names_are_written_channels_named_and_moments_told() {
        let text = Text::from(format!(
            "{} plays in {} until {}",
            name("[x](https://e.x)"),
            channel("games"),
            moment(1_000 + 3 * 3600)
        ));
        assert_eq!(
            told(&text, 1_000, Lang::En),
            "[x](https://e.x) plays in #games until in 3.0 hours"
        );
    }
}
