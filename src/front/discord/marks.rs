//! How Discord shows what a reply's text keeps apart ([`crate::words::Text`]): a name as
//! written (its markdown signs escaped), a channel as a link, a moment in each reader's own
//! time zone and language.

use crate::words::{Marks, Text};

struct Discord;

impl Marks for Discord {
    /// Every ASCII punctuation sign escaped by a backslash: Discord shows `\[` as `[` and
    /// reads nothing into it, so `[x](https://…)` or `**@everyone**` is neither a link,
    /// bold type nor a ping.
    fn name(&self, name: &str) -> String {
        let mut out = String::with_capacity(name.len() + 8);
        for c in name.chars() {
            if c.is_ascii_punctuation() {
                out.push('\\');
            }
            out.push(c);
        }
        out
    }

    /// A channel's id as Discord links it (`<#123>`); a name (a console's channel, in a test)
    /// as `#name`.
    fn channel(&self, channel: &str) -> String {
        if !channel.is_empty() && channel.bytes().all(|b| b.is_ascii_digit()) {
            format!("<#{channel}>")
        } else {
            format!("#{channel}")
        }
    }

    /// Discord's relative timestamp, `<t:1767225600:R>`: "in 6 hours" for each reader.
    fn moment(&self, unix: i64) -> String {
        format!("<t:{unix}:R>")
    }
}

/// A reply's text as a Discord message's content.
pub(super) fn told(text: &Text) -> String {
    text.told(&Discord)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::text::{channel, moment, name};

    #[test]
    fn names_are_escaped_channels_linked_and_moments_stamped() {
        let text = Text::from(format!(
            "**{} wins** against {} in {} {}",
            name("[x](https://e.x)"),
            name("bob"),
            channel("3000"),
            moment(1_767_225_600)
        ));
        assert_eq!(
            told(&text),
            "**\\[x\\]\\(https\\:\\/\\/e\\.x\\) wins** against bob in <#3000> <t:1767225600:R>"
        );
        let ping = Text::from(format!("{} resigns", name("@everyone <@1>")));
        assert_eq!(told(&ping), "\\@everyone \\<\\@1\\> resigns");
    }
}
