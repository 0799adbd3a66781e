//! A table's game options, as `/play` and the engine protocol give them.

use serde_json::{Map, Value};

use super::{Phrase, RulesError};

/// A table's game options, as given to `/play` or in the engine protocol's `options`.
pub type GameOptions = Map<String, Value>;

/// One table option a game accepts, declared once in its [`super::GameInfo::options`]:
/// `/play` refuses any other, and [`Declared`] reads every one of them the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    /// Other names the option answers to (backgammon's `length` is also `to`).
    pub aliases: &'static [&'static str],
    pub kind: OptionKind,
}

/// What an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    /// Yes or no (see [`flag`]); absent is no.
    Flag,
    /// A whole number from `min` to `max` (see [`whole`]); absent is `default`.
    Whole { min: u64, max: u64, default: u64 },
    /// Text the game reads itself (a position in its notation).
    Text,
}

impl OptionSpec {
    pub const fn flag(name: &'static str) -> OptionSpec {
        OptionSpec {
            name,
            aliases: &[],
            kind: OptionKind::Flag,
        }
    }

    pub const fn whole(name: &'static str, min: u64, max: u64, default: u64) -> OptionSpec {
        OptionSpec {
            name,
            aliases: &[],
            kind: OptionKind::Whole { min, max, default },
        }
    }

    pub const fn text(name: &'static str) -> OptionSpec {
        OptionSpec {
            name,
            aliases: &[],
            kind: OptionKind::Text,
        }
    }

    pub const fn or(self, aliases: &'static [&'static str]) -> OptionSpec {
        OptionSpec { aliases, ..self }
    }

    /// Whether `key` names this option.
    pub fn answers_to(&self, key: &str) -> bool {
        self.name == key || self.aliases.contains(&key)
    }
}

/// A game's options read against its declaration: every declared option given is checked
/// once, here, and the game reads values (with their defaults), never text. Keys the game
/// does not declare are left to the layers that set them (the table's `first`).
#[derive(Debug, Clone)]
pub struct Declared<'a> {
    specs: &'static [OptionSpec],
    given: &'a GameOptions,
}

impl<'a> Declared<'a> {
    /// Checks every declared option of `given`.
    pub fn read(specs: &'static [OptionSpec], given: &'a GameOptions) -> Result<Self, RulesError> {
        let declared = Declared { specs, given };
        for spec in specs {
            let Some((key, value)) = declared.value_of(spec) else {
                continue;
            };
            match spec.kind {
                OptionKind::Flag => {
                    flag(given, key)?;
                }
                OptionKind::Whole { min, max, .. } => {
                    whole(given, key, min..=max)?;
                }
                OptionKind::Text if !value.is_string() => {
                    return Err(RulesError::BadOption(format!("{key} must be text"))
                        .told(Phrase::new("option-text").value("option", key)))
                }
                OptionKind::Text => {}
            }
        }
        Ok(declared)
    }

    /// The key and value given for `spec` (under its name or an alias), if any.
    fn value_of(&self, spec: &OptionSpec) -> Option<(&'a str, &'a Value)> {
        self.given
            .iter()
            .find(|(k, v)| spec.answers_to(k) && !v.is_null())
            .map(|(k, v)| (k.as_str(), v))
    }

    fn spec(&self, name: &str) -> &'static OptionSpec {
        self.specs
            .iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("the game reads an option it does not declare: {name}"))
    }

    /// A declared yes/no option.
    pub fn flag(&self, name: &str) -> bool {
        self.value_of(self.spec(name))
            .is_some_and(|(key, _)| flag(self.given, key).unwrap_or(false))
    }

    /// A declared whole-number option, or its default.
    pub fn whole(&self, name: &str) -> u64 {
        let spec = self.spec(name);
        let OptionKind::Whole { min, max, default } = spec.kind else {
            panic!("{name} is not declared a whole number");
        };
        self.value_of(spec)
            .and_then(|(key, _)| whole(self.given, key, min..=max).ok().flatten())
            .unwrap_or(default)
    }

    /// A declared text option, if given.
    pub fn text(&self, name: &str) -> Option<&'a str> {
        self.value_of(self.spec(name)).and_then(|(_, v)| v.as_str())
    }
}

/// A whole-number option within `range`, given as a number or as text; `None` when absent.
fn whole(
    options: &GameOptions,
    key: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Option<u64>, RulesError> {
    let bad = || {
        RulesError::BadOption(format!(
            "{key} must be a whole number from {} to {}",
            range.start(),
            range.end()
        ))
        .told(
            Phrase::new("option-whole")
                .value("option", key)
                .value("min", range.start())
                .value("max", range.end()),
        )
    };
    let value = match options.get(key) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(n)) => n.as_u64().ok_or_else(bad)?,
        Some(Value::String(s)) => s.trim().parse::<u64>().map_err(|_| bad())?,
        Some(_) => return Err(bad()),
    };
    if !range.contains(&value) {
        return Err(bad());
    }
    Ok(Some(value))
}

/// A yes/no option: present as `true`, `yes`, `on`, `1` or a bare word (`/play options:adjust`),
/// absent or `false`, `no`, `off`, `0` for no.
fn flag(options: &GameOptions, key: &str) -> Result<bool, RulesError> {
    let bad = |value: String| {
        RulesError::BadOption(format!("{key} is yes or no, not '{value}'")).told(
            Phrase::new("option-flag")
                .value("option", key)
                .value("value", value),
        )
    };
    match options.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(Value::Number(n)) if n.as_u64() == Some(0) => Ok(false),
        Some(Value::Number(n)) if n.as_u64() == Some(1) => Ok(true),
        Some(Value::String(s)) => match s.trim().to_ascii_lowercase().as_str() {
            "" | "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            _ => Err(bad(s.clone())),
        },
        Some(other) => Err(bad(other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::{Declared, GameOptions, OptionSpec};
    use serde_json::json;

    const SPECS: &[OptionSpec] = &[
        OptionSpec::flag("strict"),
        OptionSpec::whole("length", 0, 25, 1).or(&["to"]),
        OptionSpec::text("setup"),
    ];

    fn options(value: serde_json::Value) -> GameOptions {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn declared_options_read_with_defaults_and_aliases() {
        let none = GameOptions::new();
        let read = Declared::read(SPECS, &none).unwrap();
        assert!(!read.flag("strict"));
        assert_eq!(read.whole("length"), 1, "the default");
        assert_eq!(read.text("setup"), None);
        let given = options(json!({"strict": "yes", "to": "7", "setup": "x", "first": 1}));
        let read = Declared::read(SPECS, &given).unwrap();
        assert!(read.flag("strict"));
        assert_eq!(read.whole("length"), 7, "through its alias");
        assert_eq!(read.text("setup"), Some("x"));
    }

    #[test]
    fn a_declared_option_out_of_its_kind_is_refused() {
        for bad in [
            json!({"strict": "perhaps"}),
            json!({"length": 26}),
            json!({"to": "-1"}),
            json!({"setup": 3}),
        ] {
            assert!(
                Declared::read(SPECS, &options(bad.clone())).is_err(),
                "{bad}"
            );
        }
    }
}
