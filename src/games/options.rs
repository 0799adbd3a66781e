//! A table's game options, as `/play` and the engine protocol give them.

use serde_json::{Map, Value};

use super::{Phrase, RulesError};

/// A table's game options, as given to `/play` or in the engine protocol's `options`.
pub type GameOptions = Map<String, Value>;

/// A whole-number option within `range`, given as a number or as text; `None` when absent.
pub fn whole(
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
pub fn flag(options: &GameOptions, key: &str) -> Result<bool, RulesError> {
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
