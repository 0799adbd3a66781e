//! The places of a board a player may touch, for a page that takes moves on the picture
//! itself: each spot's key (the name the game's touches use, see `Game::touches`) and its
//! outline in the board's own units (the picture's pixels at full size), so that a page can
//! lay them over the image at whatever size it shows it.

/// An outline on the board.
#[derive(Debug, Clone, PartialEq)]
pub enum Outline {
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
    },
    /// A closed polygon, its corners in order.
    Polygon(Vec<(f32, f32)>),
}

/// A place of the board a player may touch.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    pub key: String,
    pub outline: Outline,
}

/// The spots of a board in play, and the board's size in the same units.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Spots {
    pub width: f32,
    pub height: f32,
    pub spots: Vec<Spot>,
}

/// An annular sector around `centre` between radii `r0` and `r1` and angles `a0`..`a1`
/// (radians), as a polygon whose arcs are cut in `steps` pieces.
pub fn sector(centre: (f32, f32), r0: f32, r1: f32, a0: f32, a1: f32, steps: usize) -> Outline {
    let arc = |r: f32| {
        (0..=steps).map(move |k| {
            let a = a0 + (a1 - a0) * k as f32 / steps as f32;
            (centre.0 + r * a.cos(), centre.1 + r * a.sin())
        })
    };
    let mut corners: Vec<(f32, f32)> = arc(r1).collect();
    corners.extend(arc(r0).collect::<Vec<_>>().into_iter().rev());
    Outline::Polygon(corners)
}

impl Outline {
    /// Whether `(x, y)` lies inside (a polygon by the even-odd rule).
    pub fn contains(&self, (x, y): (f32, f32)) -> bool {
        match self {
            Outline::Rect {
                x: left,
                y: top,
                w,
                h,
            } => x >= *left && x <= left + w && y >= *top && y <= top + h,
            Outline::Circle { cx, cy, r } => (x - cx).powi(2) + (y - cy).powi(2) <= r * r,
            Outline::Polygon(corners) => {
                let mut inside = false;
                let mut j = corners.len().wrapping_sub(1);
                for (i, &(xi, yi)) in corners.iter().enumerate() {
                    let (xj, yj) = corners[j];
                    if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                        inside = !inside;
                    }
                    j = i;
                }
                inside
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sector_holds_its_middle_and_not_what_lies_beyond_its_radii() {
        let s = sector((0.0, 0.0), 10.0, 20.0, -0.3, 0.3, 8);
        assert!(s.contains((15.0, 0.0)));
        assert!(!s.contains((5.0, 0.0)));
        assert!(!s.contains((25.0, 0.0)));
        assert!(!s.contains((0.0, 15.0)));
        let r = Outline::Rect {
            x: 1.0,
            y: 1.0,
            w: 2.0,
            h: 2.0,
        };
        assert!(r.contains((2.0, 2.0)) && !r.contains((0.0, 2.0)));
        let c = Outline::Circle {
            cx: 0.0,
            cy: 0.0,
            r: 1.0,
        };
        assert!(c.contains((0.5, 0.5)) && !c.contains((1.0, 1.0)));
    }
}
