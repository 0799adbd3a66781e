//! Games by id, as the layers above ask for them.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::backgammon::Backgammon;
use super::dejarik::Dejarik;
use super::erased::Erased;
use super::{DynGame, RulesError};

/// A table's game options, as given to `/play` or in the engine protocol's `options`.
pub type GameOptions = Map<String, Value>;

/// Every game of the product (PRODUCT.md P-1): id, aliases, display name.
pub const CATALOGUE: &[(&str, &[&str], &str)] = &[
    ("dejarik", &[], "Dejarik"),
    ("backgammon", &["jacquet"], "Backgammon"),
    ("zatak", &[], "Zatak"),
    ("kingdoms", &[], "Halloween Kingdoms"),
    ("dzone", &[], "D-Zone"),
];

/// The canonical id of a game id or alias (case-insensitive), if the product knows it.
pub fn canonical_id(id: &str) -> Option<&'static str> {
    let id = id.trim();
    CATALOGUE
        .iter()
        .find(|(canonical, aliases, _)| {
            canonical.eq_ignore_ascii_case(id) || aliases.iter().any(|a| a.eq_ignore_ascii_case(id))
        })
        .map(|(canonical, _, _)| *canonical)
}

/// The ids of the games the rules core can play today.
pub fn available() -> Vec<&'static str> {
    vec!["dejarik", "backgammon"]
}

/// The game `id` with these options, ready to start or resume games.
pub fn lookup(id: &str, options: &GameOptions) -> Result<Arc<dyn DynGame>, RulesError> {
    match canonical_id(id) {
        Some("dejarik") => Ok(Arc::new(Erased(Arc::new(Dejarik::from_options(options)?)))),
        Some("backgammon") => Ok(Arc::new(Erased(Arc::new(Backgammon::from_options(
            options,
        )?)))),
        Some(known) => Err(RulesError::Unsupported(format!(
            "the game '{known}' is not available yet (available: {})",
            available().join(", ")
        ))),
        None => Err(RulesError::Unsupported(format!(
            "unknown game '{}' (games: {})",
            id.trim(),
            CATALOGUE
                .iter()
                .map(|(id, _, _)| *id)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}
