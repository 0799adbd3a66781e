//! The places of a Dejarik board a page lets its player touch: every cell, by its name.

use super::{spoke_angle, CX, CY, HEIGHT, R_INNER, R_MIDDLE, R_OUTER, WIDTH};
use crate::games::dejarik::{Dejarik, Position};

/// Every cell, named as the notation names it: the same at every position.
pub(super) fn spots(_game: &Dejarik, _pos: &Position) -> crate::spots::Spots {
    use crate::spots::{sector, Outline, Spot};
    let half = 15f32.to_radians();
    let mut spots = vec![Spot {
        key: "C".to_string(),
        outline: Outline::Circle {
            cx: CX,
            cy: CY,
            r: R_INNER,
        },
    }];
    for k in 1..=12u8 {
        let a = spoke_angle(k as f32);
        for (ring, r0, r1) in [("i", R_INNER, R_MIDDLE), ("o", R_MIDDLE, R_OUTER)] {
            spots.push(Spot {
                key: format!("{ring}{k}"),
                outline: sector((CX, CY), r0, r1, a - half, a + half, 6),
            });
        }
    }
    crate::spots::Spots {
        width: WIDTH,
        height: HEIGHT,
        spots,
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use super::spots;

    #[test]
    fn each_cells_spot_holds_its_piece_and_no_other_cells() {
        let all = spots(&Dejarik::default(), &Position::start(Side::White)).spots;
        assert_eq!(all.len(), 25);
        for spot in &all {
            let cell = crate::games::dejarik::notation::parse_cell(&spot.key).unwrap();
            let centre = cell_center(cell);
            let holding: Vec<&str> = all
                .iter()
                .filter(|s| s.outline.contains(centre))
                .map(|s| s.key.as_str())
                .collect();
            assert_eq!(holding, [spot.key.as_str()], "the piece on {}", spot.key);
        }
    }
}
