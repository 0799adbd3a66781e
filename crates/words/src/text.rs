//! A reply's text as the table layer hands it over: words, with the parts that each front
//! end shows in its own way kept apart as typed pieces — a member's name (shown as written,
//! never read as markup), a channel (Discord links it, the console writes its name) and a
//! moment (Discord shows it in each reader's time zone, the console as "in 5 minutes").
//!
//! Inside the table layer a text is a `String` built by [`crate::t!`] and `format!`, as
//! words are; those three parts travel in it between marks that no member can type (a name
//! has them stripped, see [`name`]), and [`Text::from`] turns them into [`Piece`]s when the
//! reply is made. No front end sees a mark, and the table layer writes no front end's
//! markup: a front end tells a text with its own [`Marks`].

use std::fmt;

/// Opens a name holding signs some front end could read as markup (U+2068 FIRST STRONG
/// ISOLATE, which also keeps a right-to-left name from reordering the sentence around it).
const NAME: char = '\u{2068}';
/// Closes a name (U+2069 POP DIRECTIONAL ISOLATE).
const NAME_END: char = '\u{2069}';
/// Opens and closes a moment's Unix seconds (private-use characters).
const MOMENT: char = '\u{E000}';
const MOMENT_END: char = '\u{E001}';
/// Opens and closes a channel's id or name (private-use characters).
const CHANNEL: char = '\u{E002}';
const CHANNEL_END: char = '\u{E003}';

fn is_mark(c: char) -> bool {
    matches!(
        c,
        NAME | NAME_END | MOMENT | MOMENT_END | CHANNEL | CHANNEL_END
    )
}

/// Whether `c` could start or end markup in some front end's text (Discord's markdown: ASCII
/// punctuation, so `*_~|` `` ` `` `<@#:[]()\\>` and the rest), or is a mark.
fn markup(c: char) -> bool {
    c.is_ascii_punctuation() || is_mark(c)
}

/// A member's `name` as it goes into text: a plain name (letters, digits, spaces) as it is,
/// any other between the name marks, without any mark it held.
pub fn name(name: &str) -> String {
    if !name.chars().any(markup) {
        return name.to_string();
    }
    let inner: String = name.chars().filter(|&c| !is_mark(c)).collect();
    format!("{NAME}{inner}{NAME_END}")
}

/// A moment (Unix seconds) as it goes into text.
pub fn moment(unix: i64) -> String {
    format!("{MOMENT}{unix}{MOMENT_END}")
}

/// A channel (its id, or a console channel's name) as it goes into text.
pub fn channel(channel: &str) -> String {
    let clean: String = channel.chars().filter(|&c| !is_mark(c)).collect();
    format!("{CHANNEL}{clean}{CHANNEL_END}")
}

/// `text` with every mark dropped: a label or a title, where nothing is marked up.
pub fn plain(text: &str) -> String {
    Text::from(text).to_string()
}

/// One part of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Words(String),
    /// A member's name that holds signs a front end could read as markup.
    Name(String),
    /// A channel: a Discord channel's id, or a console channel's name.
    Channel(String),
    /// A moment, in Unix seconds.
    Moment(i64),
}

/// How a front end shows what a text keeps apart. Words are shown as they are.
pub trait Marks {
    fn name(&self, name: &str) -> String;
    fn channel(&self, channel: &str) -> String;
    fn moment(&self, unix: i64) -> String;
}

/// How a front end that shows text as it is tells the pieces (the console, the live pages):
/// names as written, channels as `#channel`, moments in words from `now`, in `lang`.
pub struct Written {
    pub now: i64,
    pub lang: crate::Lang,
}

impl Marks for Written {
    fn name(&self, name: &str) -> String {
        name.to_string()
    }

    fn channel(&self, channel: &str) -> String {
        format!("#{channel}")
    }

    /// "in 5 minutes": a terminal or a page has no reader's time zone to show it in.
    fn moment(&self, unix: i64) -> String {
        crate::relative(unix, self.now, self.lang)
    }
}

/// A reply's text: its pieces in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text {
    pieces: Vec<Piece>,
}

impl Text {
    /// A text of words alone, read as they are (any mark in them dropped): text a front end
    /// has already told.
    pub fn words(words: impl Into<String>) -> Text {
        let words: String = words.into();
        let mut text = Text::default();
        text.push(Piece::Words(
            words.chars().filter(|&c| !is_mark(c)).collect(),
        ));
        text
    }

    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The text as a front end shows it, with its own `marks`.
    pub fn told(&self, marks: &dyn Marks) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Words(words) => out.push_str(words),
                Piece::Name(name) => out.push_str(&marks.name(name)),
                Piece::Channel(channel) => out.push_str(&marks.channel(channel)),
                Piece::Moment(unix) => out.push_str(&marks.moment(*unix)),
            }
        }
        out
    }

    /// `more` after this text, on a line of its own.
    pub fn line(mut self, more: impl Into<Text>) -> Text {
        let more = more.into();
        if more.is_empty() {
            return self;
        }
        if !self.is_empty() {
            self.push(Piece::Words("\n".into()));
        }
        for piece in more.pieces {
            self.push(piece);
        }
        self
    }

    /// `before` and a space before this text.
    pub fn after(self, before: impl Into<Text>) -> Text {
        let mut text = before.into();
        if !text.is_empty() {
            text.push(Piece::Words(" ".into()));
        }
        for piece in self.pieces {
            text.push(piece);
        }
        text
    }

    /// Whether the text, shown plainly ([`fmt::Display`]), holds `needle`.
    pub fn contains(&self, needle: &str) -> bool {
        self.to_string().contains(needle)
    }

    fn push(&mut self, piece: Piece) {
        match (self.pieces.last_mut(), piece) {
            (Some(Piece::Words(last)), Piece::Words(more)) => last.push_str(&more),
            (_, Piece::Words(more)) if more.is_empty() => {}
            (_, piece) => self.pieces.push(piece),
        }
    }
}

/// Reads the marks out of a text built in the table layer. A mark left open, or a moment
/// that is not a number, is dropped with what it held: whatever a member typed cannot forge
/// a piece, since names and channels lose their marks on the way in.
impl From<&str> for Text {
    fn from(text: &str) -> Text {
        let mut out = Text::default();
        let mut rest = text;
        while let Some(start) = rest.find(|c: char| is_mark(c)) {
            out.push(Piece::Words(rest[..start].to_string()));
            let open = rest[start..].chars().next().unwrap_or(NAME);
            let after = &rest[start + open.len_utf8()..];
            let close = match open {
                NAME => NAME_END,
                MOMENT => MOMENT_END,
                CHANNEL => CHANNEL_END,
                // A closing mark with nothing open: dropped.
                _ => {
                    rest = after;
                    continue;
                }
            };
            let Some(end) = after.find(close) else {
                rest = after;
                continue;
            };
            let inner: String = after[..end].chars().filter(|&c| !is_mark(c)).collect();
            match open {
                NAME => out.push(Piece::Name(inner)),
                CHANNEL => out.push(Piece::Channel(inner)),
                _ => {
                    if let Ok(unix) = inner.parse() {
                        out.push(Piece::Moment(unix));
                    }
                }
            }
            rest = &after[end + close.len_utf8()..];
        }
        out.push(Piece::Words(rest.to_string()));
        out
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text::from(text.as_str())
    }
}

impl From<&String> for Text {
    fn from(text: &String) -> Text {
        Text::from(text.as_str())
    }
}

/// The plain reading, for logs and tests: names as written, channels as `#channel`,
/// moments as `@` and their Unix seconds.
impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Plain;
        impl Marks for Plain {
            fn name(&self, name: &str) -> String {
                name.to_string()
            }
            fn channel(&self, channel: &str) -> String {
                format!("#{channel}")
            }
            fn moment(&self, unix: i64) -> String {
                format!("@{unix}")
            }
        }
        f.write_str(&self.told(&Plain))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    struct Brackets;
    impl Marks for Brackets {
        fn name(&self, name: &str) -> String {
            format!("[{name}]")
        }
        fn channel(&self, channel: &str) -> String {
            format!("<{channel}>")
        }
        fn moment(&self, unix: i64) -> String {
            format!("({unix})")
        }
    }

    #[test]
    fn names_channels_and_moments_come_out_as_pieces() {
        let built = format!(
            "{} plays in {} until {}; {} waits",
            name("a*b"),
            channel("3000"),
            moment(1_767_225_600),
            name("bob")
        );
        let text = Text::from(built);
        assert_eq!(
            text.pieces(),
            &[
                Piece::Name("a*b".into()),
                Piece::Words(" plays in ".into()),
                Piece::Channel("3000".into()),
                Piece::Words(" until ".into()),
                Piece::Moment(1_767_225_600),
                Piece::Words("; bob waits".into()),
            ]
        );
        assert_eq!(
            text.told(&Brackets),
            "[a*b] plays in <3000> until (1767225600); bob waits"
        );
        assert_eq!(
            text.to_string(),
            "a*b plays in #3000 until @1767225600; bob waits"
        );
    }

    #[test]
    fn written_text_has_names_as_written_channels_named_and_moments_told() {
        let text = Text::from(format!(
            "{} plays in {} until {}",
            name("[x](https://e.x)"),
            channel("games"),
            moment(1_000 + 3 * 3600)
        ));
        let written = Written {
            now: 1_000,
            lang: crate::Lang::En,
        };
        assert_eq!(
            text.told(&written),
            "[x](https://e.x) plays in #games until in 3.0 hours"
        );
    }

    #[test]
    fn a_name_cannot_forge_a_piece() {
        let forged = format!("{CHANNEL}1{CHANNEL_END}{MOMENT}2{MOMENT_END}");
        let text = Text::from(format!("{} resigns", name(&forged)));
        assert_eq!(
            text.pieces(),
            &[Piece::Name("12".into()), Piece::Words(" resigns".into())]
        );
        let text = Text::from(format!("{} resigns", channel(&forged)));
        assert_eq!(text.pieces()[0], Piece::Channel("12".into()));
    }

    #[test]
    fn lines_join_texts_and_skip_empty_ones() {
        let text = Text::from("one")
            .line(Text::default())
            .line(format!("two {}", channel("c")));
        assert_eq!(text.to_string(), "one\ntwo #c");
        assert_eq!(Text::from("b").after("a").to_string(), "a b");
        assert_eq!(Text::from("b").after("").to_string(), "b");
    }

    proptest! {
        /// Any string reads without a panic, and no mark survives into a piece.
        #[test]
        fn any_text_reads_into_pieces_without_marks(s in "(\\PC|[\u{2068}\u{2069}\u{E000}-\u{E003}]){0,40}") {
            let text = Text::from(s.as_str());
            for piece in text.pieces() {
                let inner = match piece {
                    Piece::Words(w) | Piece::Name(w) | Piece::Channel(w) => w.clone(),
                    Piece::Moment(_) => String::new(),
                };
                prop_assert!(!inner.chars().any(is_mark), "{piece:?}");
            }
        }

        /// A name goes in and comes out as written, whatever it holds but marks.
        #[test]
        fn a_name_comes_out_as_written(s in "\\PC{0,20}") {
            let written: String = s.chars().filter(|&c| !is_mark(c)).collect();
            let text = Text::from(name(&s));
            prop_assert_eq!(text.to_string(), written);
        }
    }
}
