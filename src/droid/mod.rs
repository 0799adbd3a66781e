//! The house droid: chooses an action for the seat to move through the search face of the
//! rules contract ([`DynPlay`]'s choices by number), the same way for every game.
//!
//! It searches ([`search`]: Monte Carlo tree search with chance nodes) with an iteration
//! budget per level, so that the same seed and level give the same action and `/verify`
//! recomputes it.

pub mod search;

pub use search::{Budget, Searched};

use crate::games::{DynPlay, RulesError, Status};

/// The droid's strength, 1–5 (docs/CONTRACT.md P-3 `level`); 3 unless a table says otherwise.
pub const DEFAULT_LEVEL: u8 = 3;
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// The search iterations of each level, 1 to 5.
pub fn iterations(level: u8) -> u32 {
    match level {
        0 | 1 => 16,
        2 => 64,
        3 => 200,
        4 => 700,
        _ => 2_000,
    }
}

/// The droid's choice at `play` for the seat to move, as a choice number, drawn from `rng`
/// (the table's generator for this action, so that `/verify` recomputes it).
pub fn choose(
    play: &dyn DynPlay,
    level: u8,
    rng: &mut dyn rand::RngCore,
) -> Result<usize, RulesError> {
    choose_within(play, Budget::Iterations(iterations(level)), rng)
}

/// [`choose`] with an explicit budget (the engine's `budget_ms`).
pub fn choose_within(
    play: &dyn DynPlay,
    budget: Budget,
    rng: &mut dyn rand::RngCore,
) -> Result<usize, RulesError> {
    if !matches!(play.status(), Status::ToMove(_)) {
        return Err(RulesError::Unsupported(
            "the droid chooses only where a seat is to move".into(),
        ));
    }
    if play.choice_count() == 0 {
        return Err(RulesError::Unsupported(
            "no legal action to choose from".into(),
        ));
    }
    search::search(play, budget, rng)
        .ok_or_else(|| RulesError::Unsupported("no legal action to choose from".into()))
}

/// [`choose`], with the work the search took (the arena's speed figures).
pub fn choose_counted(
    play: &dyn DynPlay,
    level: u8,
    rng: &mut dyn rand::RngCore,
) -> Result<Searched, RulesError> {
    if !matches!(play.status(), Status::ToMove(_)) || play.choice_count() == 0 {
        return Err(RulesError::Unsupported(
            "the droid chooses only where a seat has an action to choose".into(),
        ));
    }
    search::search_counted(play, Budget::Iterations(iterations(level)), rng)
        .ok_or_else(|| RulesError::Unsupported("no legal action to choose from".into()))
}

/// [`choose`], in canonical notation.
pub fn choose_action(
    play: &dyn DynPlay,
    level: u8,
    rng: &mut dyn rand::RngCore,
) -> Result<String, RulesError> {
    let index = choose(play, level, rng)?;
    play.choice_text(index)
        .ok_or_else(|| RulesError::Unsupported("the droid's choice vanished".into()))
}
