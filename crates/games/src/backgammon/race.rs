//! What a race turns on, read by the race network beside the raw inputs: once the sides no
//! longer meet, only the pips and how well they bear off matter, and a network that sees
//! the pips alone misjudges how many rolls a bearoff wastes (GNU Backgammon's race network
//! reads its checkers off and its crossovers for the same reason).

use super::board::{borne_off, Side};

/// Race features per side.
pub const RACE_PER_SIDE: usize = 7;

/// `side`'s race features: crossovers (home boards a checker must still cross, summed),
/// checkers outside home, the pips to bring them home, checkers deep in home (points 1–3,
/// where their pips are wasted bearing off), empty home points below its highest checker
/// (gaps that waste rolls), the checkers on its fullest point, and whether it bears off
/// already, each scaled to about one.
pub fn race_features(side: &Side) -> [f32; RACE_PER_SIDE] {
    let crossovers: u32 = side[..24]
        .iter()
        .enumerate()
        .map(|(i, &n)| u32::from(n) * (i as u32 / 6))
        .sum();
    let outside: u32 = side[6..24].iter().map(|&n| u32::from(n)).sum();
    let to_home: u32 = side[6..24]
        .iter()
        .enumerate()
        .map(|(i, &n)| u32::from(n) * (i as u32 + 1))
        .sum();
    let deep: u32 = side[..3].iter().map(|&n| u32::from(n)).sum();
    let highest = side[..24].iter().rposition(|&n| n > 0).unwrap_or(0).min(5);
    let gaps = side[..highest].iter().filter(|&&n| n == 0).count();
    let fullest = side[..24].iter().copied().max().unwrap_or(0);
    [
        crossovers as f32 / 20.0,
        outside as f32 / 15.0,
        to_home as f32 / 60.0,
        deep as f32 / 15.0,
        gaps as f32 / 5.0,
        f32::from(fullest) / 15.0,
        f32::from(u8::from(outside == 0 && borne_off(side) < 15)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::board::start_side;

    #[test]
    fn the_start_is_far_from_home_and_a_bearoff_is_home() {
        let start = race_features(&start_side());
        // Two back checkers cross three boards, five mid-point checkers two, three one.
        assert_eq!(start[0], (2 * 3 + 5 * 2 + 3) as f32 / 20.0);
        assert_eq!(start[1], 10.0 / 15.0);
        assert_eq!(start[6], 0.0);
        let mut home = [0u8; 25];
        home[..6].copy_from_slice(&[3, 0, 4, 0, 0, 2]);
        let f = race_features(&home);
        assert_eq!((f[0], f[1], f[2]), (0.0, 0.0, 0.0));
        assert_eq!(f[3], 7.0 / 15.0, "seven checkers deep");
        assert_eq!(f[4], 3.0 / 5.0, "points 2, 4 and 5 are empty below the six");
        assert_eq!(f[6], 1.0);
    }
}
