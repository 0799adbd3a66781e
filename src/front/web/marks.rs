//! How the live pages show what the table layer's text keeps apart
//! ([`crate::words::Text`]): names as written (the page escapes HTML, as it does all text),
//! channels by their id, moments in words from the moment the view was read.

use crate::words::{self, Lang, Marks, Text};

struct Page {
    now: i64,
    lang: Lang,
}

impl Marks for Page {
    fn name(&self, name: &str) -> String {
        name.to_string()
    }

    fn channel(&self, channel: &str) -> String {
        format!("#{channel}")
    }

    fn moment(&self, unix: i64) -> String {
        words::relative(unix, self.now, self.lang)
    }
}

/// A text as a page shows it, its moments told from `now` in `lang`.
pub(super) fn told(text: &Text, now: i64, lang: Lang) -> String {
    text.told(&Page { now, lang })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::text::{moment, name};

    #[test]
    fn names_are_written_and_moments_told_from_the_view() {
        let text = Text::from(format!(
            "{} until {}",
            name("<b>x</b>"),
            moment(1_000 + 600)
        ));
        assert_eq!(told(&text, 1_000, Lang::En), "<b>x</b> until in 10 minutes");
    }
}
