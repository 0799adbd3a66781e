//! How lucky player A's dice were, so that a series tells more from fewer games.
//!
//! At every chance node the droid's estimate values each outcome for A; the luck of the
//! outcome drawn is its value less the outcomes' mean, weighed by their chances. Whatever
//! the estimate, the luck of a node has mean zero, so a game's result less A's luck over
//! the game has the same expectation as the result: it estimates the same score, and the
//! better the estimate, the less it varies from game to game (GNU Backgammon's
//! "luck-adjusted result").

use crate::droid::search::estimate;
use crate::games::DynPlay;

/// The luck for `seat` of outcome `drawn` of the chance node `play`, valued by `mind`'s
/// estimate (shares of a win, as results are scored).
pub fn of_roll(play: &dyn DynPlay, drawn: usize, seat: usize, seats: usize, mind: u16) -> f64 {
    let weights = play.chance_weights();
    let total: f64 = weights.iter().sum();
    if total <= 0.0 {
        return 0.0;
    }
    let values: Vec<f64> = (0..weights.len())
        .map(|i| {
            let mut next = play.clone_box();
            match next.step(i) {
                Ok(()) => estimate(next.as_ref(), seats, mind)[seat],
                Err(_) => 0.0,
            }
        })
        .collect();
    let mean: f64 = weights
        .iter()
        .zip(&values)
        .map(|(w, v)| w / total * v)
        .sum();
    values.get(drawn).map_or(0.0, |v| v - mean)
}

/// The mean of per-game luck-adjusted scores and half the width of its 95 % interval.
pub fn mean_and_margin(adjusted: &[f64]) -> (f64, f64) {
    let n = adjusted.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = adjusted.iter().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, 0.0);
    }
    let var = adjusted.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_of_a_sample() {
        let (mean, margin) = mean_and_margin(&[0.0, 1.0, 0.0, 1.0]);
        assert!((mean - 0.5).abs() < 1e-12);
        // sd 0.5774, n 4: 1.96 · 0.5774 / 2.
        assert!((margin - 0.5658).abs() < 1e-3, "{margin}");
        assert_eq!(mean_and_margin(&[]), (0.0, 0.0));
    }
}
