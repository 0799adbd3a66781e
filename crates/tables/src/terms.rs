//! A table's game options as `/play` set them, stored as a JSON object beside the table's
//! terms (which the ledger keeps in columns of their own, [`crate::ledger::tables::Terms`]),
//! so that a restart, `/verify` and Rematch see exactly what was agreed.

use serde_json::{Map, Value};

use crate::games::GameOptions;
use crate::ledger::tables::TableRow;

/// The game's options of a table.
pub(crate) fn game_options(row: &TableRow) -> GameOptions {
    read(&row.options)
}

/// Game options as stored (a JSON object; anything else reads as none).
pub(crate) fn read(stored: &str) -> GameOptions {
    match serde_json::from_str(stored) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// The stored options of a new table, as JSON.
pub(crate) fn store(game: &GameOptions) -> String {
    Value::Object(game.clone()).to_string()
}
