//! Series to N points (DJ-8) and the alternation of the first player (DJ-2).

use super::board::Side;

/// Who moves first in game number `index` of a series (0-based): White in the first game,
/// then alternating game by game (DJ-2).
pub fn first_player(index: usize) -> Side {
    if index.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    }
}

/// The winner of a series to `target` points given the totals after a game, or `None` while
/// it goes on: it ends when a player has at least `target` points, and if both have reached
/// it with equal totals, play continues until one leads (DJ-8).
pub fn series_winner(totals: [u32; 2], target: u32) -> Option<Side> {
    let [white, black] = totals;
    if white.max(black) < target || white == black {
        return None;
    }
    Some(if white > black {
        Side::White
    } else {
        Side::Black
    })
}
