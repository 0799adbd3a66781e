//! Every message a player reads, in English and French (docs/CONTRACT.md P-3 "Languages"), from the
//! Project Fluent files in `locales/` (compiled into the binary). Plurals and grammar live
//! in those files, not in code.
//!
//! The language of a reply is the acting member's (their Discord client's `locale`, the
//! console's `--locale` or `user@fr:`); a message no command asked for (a clock's warning)
//! is told in the language of the member it is for. Every message is built in a language
//! passed to it ([`t!`]'s first argument): nothing here knows who is reading.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "../../locales",
        fallback_language: "en-US",
        // Names stay as they are, without Unicode isolation marks around them.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Fr,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The language for a Discord locale (`fr`, `en-US`, `pt-BR` …): French for French,
    /// English for any other.
    pub fn of(locale: &str) -> Lang {
        let locale = locale.trim().to_ascii_lowercase();
        if locale == "fr" || locale.starts_with("fr-") || locale.starts_with("fr_") {
            Lang::Fr
        } else {
            Lang::En
        }
    }

    /// The language's code as Discord names it (`en-US`, `fr`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Fr => "fr",
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        static IDS: std::sync::OnceLock<[LanguageIdentifier; 2]> = std::sync::OnceLock::new();
        let ids = IDS.get_or_init(|| {
            Lang::ALL.map(|l| l.code().parse().expect("a valid language identifier"))
        });
        &ids[self as usize]
    }
}

/// An argument of a message: text or a number (numbers choose plural forms).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(s.as_str()))
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(Cow::Owned(s))
    }
}

impl<'a> Arg<'a> {
    /// A value of a rules-core [`Phrase`](holotable_games::Phrase), which carries text: a
    /// whole number written as such is passed as a number, so that plurals agree with it
    /// ("1 point", "2 points").
    pub fn of_phrase(value: &'a str) -> Arg<'a> {
        match value.parse::<i64>() {
            Ok(n) if n.to_string() == value => Arg::Number(n as f64),
            _ => Arg::Text(Cow::Borrowed(value)),
        }
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_arg!(i64, u64, i32, u32, usize, u16, u8, f64);

/// Message `id` in `lang` with its arguments. A message missing from the files is a bug
/// the parity test catches; it shows as its id rather than failing the reply.
pub fn say_in(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let args: HashMap<Cow<'static, str>, FluentValue> = args
        .iter()
        .map(|(k, v)| {
            let value = match v {
                Arg::Text(s) => FluentValue::from(s.as_ref()),
                Arg::Number(n) => FluentValue::from(*n),
            };
            (Cow::Owned(k.to_string()), value)
        })
        .collect();
    LOCALES
        .try_lookup_with_args(lang.id(), id, &args)
        .unwrap_or_else(|| id.to_string())
}

/// A game's phrase in `lang`, its seats named by `name`: the one way the table's messages
/// and the boards tell what a game says (numbers stay numbers, so the message files choose
/// their plurals).
pub fn tell(
    lang: Lang,
    phrase: &holotable_games::Phrase,
    name: impl Fn(holotable_games::Seat) -> String,
) -> String {
    let names: Vec<(&str, String)> = phrase
        .seats
        .iter()
        .map(|(key, seat)| (*key, name(*seat)))
        .collect();
    let args: Vec<(&str, Arg)> = names
        .iter()
        .map(|(k, v)| (*k, Arg::from(v)))
        .chain(phrase.values.iter().map(|(k, v)| (*k, Arg::of_phrase(v))))
        .collect();
    say_in(lang, phrase.id, &args)
}

/// Message `id` in `lang`: `t!(lang, "turn-to-move", who = name)`.
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:expr $(, $key:ident = $value:expr)* $(,)?) => {
        $crate::say_in($lang, $id, &[$((stringify!($key), $crate::Arg::from($value))),*])
    };
}

pub mod label;
pub mod text;

pub use label::{Label, Value};

pub use text::{moment, Marks, Piece, Text, Written};

/// A moment told relative to `now`, in `lang`: "in 5 minutes", "in 5.8 hours" (for front
/// ends that cannot show a moment in each reader's own time zone, as Discord does).
pub fn relative(unix: i64, now: i64, lang: Lang) -> String {
    // A moment past by a minute or more (a line of a history) is told as past.
    if now - unix >= 60 {
        let minutes = (now - unix) / 60;
        return match minutes {
            m if m < 120 => crate::t!(lang, "moment-minutes-ago", minutes = m),
            m if m < 48 * 60 => crate::t!(lang, "moment-hours-ago", hours = m / 60),
            m => crate::t!(lang, "moment-days-ago", days = m / (24 * 60)),
        };
    }
    let seconds = (unix - now).max(0);
    if seconds < 120 {
        return crate::t!(lang, "moment-seconds", seconds = seconds);
    }
    let minutes = seconds / 60;
    if minutes < 120 {
        crate::t!(lang, "moment-minutes", minutes = minutes)
    } else {
        let hours = format!("{:.1}", minutes as f64 / 60.0);
        crate::t!(lang, "moment-hours", hours = hours)
    }
}

/// Whether message `id` exists in `lang` (for texts that are optional, such as a command's
/// longer help).
pub fn has(lang: Lang, id: &str) -> bool {
    LOCALES.try_lookup(lang.id(), id).is_some()
}

/// A game's name in `lang` (`game-<id>`), or the name it declares.
pub fn game_name(lang: Lang, info: &holotable_games::GameInfo) -> String {
    let id = format!("game-{}", info.id);
    LOCALES
        .try_lookup(lang.id(), &id)
        .unwrap_or_else(|| info.name.to_string())
}

/// A game decision's button label (`decision-<action>`: "Double", "Doubler"), or the
/// action itself, capitalised, when the files have no words for it.
pub fn decision_label(action: &str) -> Label {
    let id = format!("decision-{action}");
    match LOCALES.try_lookup(Lang::En.id(), &id) {
        Some(_) => Label::said(id),
        None => Label::plain(capitalise(action)),
    }
}

/// A game's rules summary in `lang` (`rules-<id>`), or its name.
pub fn game_summary(lang: Lang, info: &holotable_games::GameInfo) -> String {
    let id = format!("rules-{}", info.id);
    LOCALES
        .try_lookup(lang.id(), &id)
        .unwrap_or_else(|| format!("**{}**", info.name))
}

/// A list for people: `a, b and c` (`a, b et c`).
pub fn list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => say_in(
            lang,
            "list-and",
            &[
                ("first", Arg::from(rest.join(", "))),
                ("last", Arg::from(last)),
            ],
        ),
    }
}

/// `text` with its first letter in upper case.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod moment_tests {
    use super::*;

    #[test]
    fn moments_are_told_relative_to_now() {
        assert_eq!(relative(1_000 + 3 * 3600, 1_000, Lang::En), "in 3.0 hours");
        assert_eq!(relative(1_000 + 90, 1_000, Lang::Fr), "dans 90 secondes");
        assert_eq!(relative(1_000 + 150, 1_000, Lang::Fr), "dans 2 minutes");
        assert_eq!(relative(1_000 - 30, 1_000, Lang::En), "in 0 seconds");
        assert_eq!(relative(0, 1_000, Lang::En), "16 minutes ago");
        assert_eq!(relative(0, 3 * 3600, Lang::Fr), "il y a 3 heures");
        assert_eq!(relative(0, 3 * 86_400, Lang::En), "3 days ago");
    }
}
