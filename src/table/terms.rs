//! A table's terms as `/play` set them, stored with the game's options (under keys that
//! start with `_`), so that a restart, `/verify` and Rematch see exactly what was agreed.

use serde_json::{Map, Value};

use crate::games::GameOptions;
use crate::ledger::tables::TableRow;

/// What the creator of a table asked for beyond the game's own options.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Terms {
    /// The user who opened the table (seat 0 unless `first` said otherwise).
    pub creator: String,
    /// The `to` of `/play`, as given (a series target, or a match length the game keeps).
    pub to: Option<u32>,
    /// The droid's strength.
    pub level: u8,
    /// How many seats an open table waits for before it starts by itself.
    pub seats: usize,
}

const CREATOR: &str = "_challenger";
const TO: &str = "_to";
const LEVEL: &str = "_level";
const SEATS: &str = "_seats";

fn stored(row: &TableRow) -> GameOptions {
    match serde_json::from_str(&row.options) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// The game's options of a table (without the table's own terms).
pub(crate) fn game_options(row: &TableRow) -> GameOptions {
    let mut options = stored(row);
    options.retain(|k, _| !k.starts_with('_'));
    options
}

/// The terms of a table; tables stored before a term existed get its default.
pub(crate) fn terms(row: &TableRow) -> Terms {
    let options = stored(row);
    let number = |key: &str| options.get(key).and_then(Value::as_u64);
    Terms {
        creator: options
            .get(CREATOR)
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| row.seats.first().cloned().unwrap_or_default()),
        to: number(TO).map(|n| n as u32),
        level: number(LEVEL)
            .map(|n| n as u8)
            .unwrap_or(crate::droid::DEFAULT_LEVEL),
        seats: number(SEATS).map_or(row.seats.len().max(2), |n| n as usize),
    }
}

/// The stored options of a new table: the game's options and the terms, as JSON.
pub(crate) fn store(game: &GameOptions, terms: &Terms) -> String {
    let mut all = game.clone();
    all.retain(|k, _| !k.starts_with('_'));
    all.insert(CREATOR.into(), Value::String(terms.creator.clone()));
    if let Some(to) = terms.to {
        all.insert(TO.into(), Value::from(to));
    }
    all.insert(LEVEL.into(), Value::from(terms.level));
    all.insert(SEATS.into(), Value::from(terms.seats));
    Value::Object(all).to_string()
}
