//! Members' names in the text of replies (issue 52): shown as written, never read as
//! markup. A name is the member's own text, and a nickname such as `[x](https://…)` or
//! `**@everyone**` must not become a link, bold type or a ping in the bot's messages.
//!
//! The table layer writes replies in Discord's markdown, so a name that holds any sign
//! markdown could read is put into text between Unicode's isolation marks (first strong
//! isolate … pop directional isolate, which also keep a right-to-left name from reordering
//! the sentence around it). Each front end then shows it as written: Discord escapes what
//! lies between the marks ([`escape_marked`]), the console and the web drop the marks
//! ([`unmarked`]), and boards draw no glyph for them. A plain name (letters, digits,
//! spaces) is put in as it is.

/// Opens a marked name (U+2068 FIRST STRONG ISOLATE).
pub const OPEN: char = '\u{2068}';
/// Closes a marked name (U+2069 POP DIRECTIONAL ISOLATE).
pub const CLOSE: char = '\u{2069}';

/// Whether `c` could start or end markup in Discord's markdown: ASCII punctuation (and so
/// `*_~|` `` ` `` `<@#:[]()\\>` and the rest), or the marks themselves.
fn markup(c: char) -> bool {
    c.is_ascii_punctuation() || c == OPEN || c == CLOSE
}

/// `name` as it goes into a reply's text: between the marks when it holds markup.
pub fn said(name: &str) -> String {
    if !name.chars().any(markup) {
        return name.to_string();
    }
    let inner: String = name.chars().filter(|&c| c != OPEN && c != CLOSE).collect();
    format!("{OPEN}{inner}{CLOSE}")
}

/// `text` without the marks: for front ends that show text as it is (the console, the web).
pub fn unmarked(text: &str) -> String {
    text.chars().filter(|&c| c != OPEN && c != CLOSE).collect()
}

/// `text` for Discord: every marked name with its ASCII punctuation escaped by a
/// backslash (Discord shows `\[` as `[` and reads nothing into it), the marks dropped.
pub fn escape_marked(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut inside = false;
    for c in text.chars() {
        match c {
            OPEN => inside = true,
            CLOSE => inside = false,
            c if inside && c.is_ascii_punctuation() => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_go_in_as_they_are_and_markup_is_marked() {
        assert_eq!(said("alice"), "alice");
        assert_eq!(said("Zoë Ab 42"), "Zoë Ab 42");
        assert_eq!(said("[x](https://e.x)"), "\u{2068}[x](https://e.x)\u{2069}");
        // Marks inside a name cannot close it early.
        assert_eq!(said("a\u{2069}*b*"), "\u{2068}a*b*\u{2069}");
    }

    #[test]
    fn discord_reads_a_marked_name_as_written_and_the_rest_as_markup() {
        let text = format!(
            "**{} wins** against {}",
            said("[x](https://e.x)"),
            said("bob")
        );
        assert_eq!(
            escape_marked(&text),
            "**\\[x\\]\\(https\\:\\/\\/e\\.x\\) wins** against bob"
        );
        let ping = format!("{} resigns", said("@everyone <@1>"));
        assert_eq!(escape_marked(&ping), "\\@everyone \\<\\@1\\> resigns");
        assert_eq!(unmarked(&text), "**[x](https://e.x) wins** against bob");
    }
}
