//! What a button, a menu entry or a link reads, kept as a message of the Fluent files and its
//! arguments until a front end tells it: the table layer decides what a choice says, each
//! front end says it in the language of whoever reads it, within its own limits (Discord
//! cuts a label at 80 or 100 characters, a page need not). A view built once can so be shown
//! to readers of different languages.

use std::borrow::Cow;

use crate::{say_in, Arg, Lang};

/// A label: a message id with its arguments, or words that are the same in every language
/// (an action's notation, a number).
#[derive(Debug, Clone, PartialEq)]
pub enum Label {
    Said {
        id: Cow<'static, str>,
        args: Vec<(&'static str, Value)>,
    },
    Plain(String),
}

/// An argument of a [`Label`]: a number (it chooses plural forms), text that is the same in
/// every language (a member's name), or another label told in the same language.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Number(f64),
    Text(String),
    Label(Box<Label>),
}

impl Label {
    /// Message `id` of the Fluent files, its arguments added by [`Label::with`].
    pub fn said(id: impl Into<Cow<'static, str>>) -> Label {
        Label::Said {
            id: id.into(),
            args: Vec::new(),
        }
    }

    /// The same words in every language.
    pub fn plain(words: impl Into<String>) -> Label {
        Label::Plain(words.into())
    }

    /// The label with one more argument.
    pub fn with(mut self, key: &'static str, value: impl Into<Value>) -> Label {
        if let Label::Said { args, .. } = &mut self {
            args.push((key, value.into()));
        }
        self
    }

    /// The message id, when it is one (what a front end may draw otherwise: an icon for
    /// `button-roll`).
    pub fn id(&self) -> Option<&str> {
        match self {
            Label::Said { id, .. } => Some(id),
            Label::Plain(_) => None,
        }
    }

    /// The label in `lang`.
    pub fn tell(&self, lang: Lang) -> String {
        match self {
            Label::Plain(words) => words.clone(),
            Label::Said { id, args } => {
                let told: Vec<(&str, Arg<'_>)> = args
                    .iter()
                    .map(|(key, value)| {
                        let arg = match value {
                            Value::Number(n) => Arg::Number(*n),
                            Value::Text(text) => Arg::Text(Cow::Borrowed(text.as_str())),
                            Value::Label(label) => Arg::Text(Cow::Owned(label.tell(lang))),
                        };
                        (*key, arg)
                    })
                    .collect();
                say_in(lang, id, &told)
            }
        }
    }

    /// A game's phrase as a label, its seats named by `name` (see [`crate::tell`]).
    pub fn of_phrase(
        phrase: &holotable_games::Phrase,
        name: impl Fn(holotable_games::Seat) -> String,
    ) -> Label {
        let mut label = Label::said(phrase.id);
        for (key, seat) in &phrase.seats {
            label = label.with(key, Value::Text(name(*seat)));
        }
        for (key, value) in &phrase.values {
            label = label.with(
                key,
                match Arg::of_phrase(value) {
                    Arg::Number(n) => Value::Number(n),
                    Arg::Text(_) => Value::Text(value.clone()),
                },
            );
        }
        label
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Text(text)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Text(text.to_string())
    }
}

impl From<Label> for Value {
    fn from(label: Label) -> Value {
        Value::Label(Box::new(label))
    }
}

macro_rules! number_value {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Value {
                Value::Number(n as f64)
            }
        }
    )*};
}
number_value!(i64, u64, i32, u32, usize);

/// A label of the Fluent files: `label!("menu-count", count = 9)`.
#[macro_export]
macro_rules! label {
    ($id:expr $(, $key:ident = $value:expr)* $(,)?) => {
        $crate::Label::said($id)$(.with(stringify!($key), $value))*
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_told_in_the_language_asked_with_its_arguments_and_plurals() {
        let count = crate::label!("menu-count", count = 9);
        assert_eq!(
            count.tell(Lang::En),
            crate::t!(Lang::En, "menu-count", count = 9)
        );
        assert_eq!(
            count.tell(Lang::Fr),
            crate::t!(Lang::Fr, "menu-count", count = 9)
        );
        assert_ne!(count.tell(Lang::En), count.tell(Lang::Fr));
        let one = crate::label!("menu-count", count = 1).tell(Lang::En);
        assert_ne!(one, count.tell(Lang::En), "plural forms follow the number");
        assert_eq!(count.id(), Some("menu-count"));
    }

    #[test]
    fn a_nested_label_is_told_in_the_same_language_and_plain_words_stay() {
        let range = crate::label!(
            "menu-range",
            first = Label::plain("a1"),
            last = crate::label!("menu-back")
        );
        let fr = range.tell(Lang::Fr);
        assert!(fr.contains("a1"), "{fr}");
        assert!(fr.contains(&crate::t!(Lang::Fr, "menu-back")), "{fr}");
        assert_eq!(Label::plain("G@e5").tell(Lang::Fr), "G@e5");
        assert_eq!(Label::plain("x").id(), None);
    }

    #[test]
    fn a_games_phrase_told_as_a_label_reads_as_the_phrase_told_at_once() {
        let phrase = holotable_games::Phrase::new("bg-rolls")
            .seat("who", 1)
            .value("high", "3")
            .value("low", "1");
        let name = |seat: usize| ["ann", "bob"][seat].to_string();
        for lang in Lang::ALL {
            assert_eq!(
                Label::of_phrase(&phrase, name).tell(lang),
                crate::tell(lang, &phrase, name)
            );
        }
    }
}
