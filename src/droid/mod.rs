//! The house droid: chooses an action for the seat to move through the search face of the
//! rules contract ([`DynPlay`]'s choices by number), the same way for every game.
//!
//! Today it plays a uniformly random legal action; the search of the droid issue takes its
//! place behind [`choose`] without the table layer changing.

use rand::Rng;

use crate::games::{DynPlay, RulesError, Status};

/// The droid's strength, 1–5 (PRODUCT.md P-3 `level`); 3 unless a table says otherwise.
pub const DEFAULT_LEVEL: u8 = 3;
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// The droid's choice at `play` for the seat to move, as a choice number, drawn from `rng`
/// (the table's generator for this action, so that `/verify` recomputes it).
pub fn choose(
    play: &dyn DynPlay,
    _level: u8,
    rng: &mut dyn rand::RngCore,
) -> Result<usize, RulesError> {
    if !matches!(play.status(), Status::ToMove(_)) {
        return Err(RulesError::Unsupported(
            "the droid chooses only where a seat is to move".into(),
        ));
    }
    match play.choice_count() {
        0 => Err(RulesError::Unsupported(
            "no legal action to choose from".into(),
        )),
        n => Ok(rng.random_range(0..n)),
    }
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
