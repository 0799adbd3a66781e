//! Thick lines with round ends and joins, drawn from each pixel's distance to the line.
//!
//! Every board after a move draws the move as an arrow, and through the general path
//! rasteriser (the outline of the stroke, then a fill sampled four times per row) an arrow's
//! shaft cost as much as the rest of the board's pieces together. A round-ended line is
//! the set of points within half its width of the polyline, so each pixel's coverage follows
//! from its distance to the nearest segment: one pass over the pixels the line covers, each
//! blended once even where segments meet.

use tiny_skia::Pixmap;

use super::kit::Rgb;

/// The pixels of the polyline through `points` (in pixels), `width` pixels wide, blended
/// over `pixmap` in `color` at `alpha`.
pub fn stroke_round(
    pixmap: &mut Pixmap,
    points: &[(f32, f32)],
    width: f32,
    color: Rgb,
    alpha: f32,
) {
    let radius = width / 2.0;
    // Coverage reaches half a pixel beyond the edge.
    let reach = radius + 0.5;
    let Some(area) = Area::around(points, reach, pixmap.width(), pixmap.height()) else {
        return;
    };
    let mut cover = vec![0u8; area.width * area.height];
    // The stretch of each row that any segment reached, so that blending skips the rest.
    let mut reached = vec![(usize::MAX, 0usize); area.height];
    for pair in points.windows(2) {
        let segment = Segment::new(pair[0], pair[1]);
        let (top, bottom) = segment.rows(reach, &area);
        for y in top..bottom {
            let centre_y = y as f32 + 0.5;
            let Some((left, right)) = segment.span(centre_y, reach) else {
                continue;
            };
            let left = (left.floor().max(area.left as f32)) as usize;
            let right = (right.ceil().min(area.right as f32)) as usize;
            if left >= right {
                continue;
            }
            let stretch = &mut reached[y - area.top];
            *stretch = (stretch.0.min(left), stretch.1.max(right));
            let row = (y - area.top) * area.width;
            for x in left..right {
                let distance = segment.distance(x as f32 + 0.5, centre_y);
                let coverage = (reach - distance).clamp(0.0, 1.0);
                let slot = &mut cover[row + x - area.left];
                *slot = (*slot).max((coverage * 255.0 + 0.5) as u8);
            }
        }
    }
    blend(pixmap, &area, &cover, &reached, color, alpha);
}

/// The rectangle of pixels a line may touch, within the pixmap.
struct Area {
    left: usize,
    top: usize,
    right: usize,
    width: usize,
    height: usize,
}

impl Area {
    fn around(points: &[(f32, f32)], reach: f32, width: u32, height: u32) -> Option<Area> {
        if points.len() < 2 || points.iter().any(|(x, y)| !x.is_finite() || !y.is_finite()) {
            return None;
        }
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for &(x, y) in points {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        let clamp = |v: f32, max: u32| v.clamp(0.0, max as f32) as usize;
        let (left, right) = (
            clamp((x0 - reach).floor(), width),
            clamp((x1 + reach).ceil(), width),
        );
        let (top, bottom) = (
            clamp((y0 - reach).floor(), height),
            clamp((y1 + reach).ceil(), height),
        );
        (right > left && bottom > top).then_some(Area {
            left,
            top,
            right,
            width: right - left,
            height: bottom - top,
        })
    }
}

/// One segment of the line, from `a` along the unit direction `(ux, uy)` for `length`.
struct Segment {
    a: (f32, f32),
    b: (f32, f32),
    ux: f32,
    uy: f32,
    length: f32,
}

impl Segment {
    fn new(a: (f32, f32), b: (f32, f32)) -> Segment {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = if length > 0.0 {
            (dx / length, dy / length)
        } else {
            (1.0, 0.0)
        };
        Segment {
            a,
            b,
            ux,
            uy,
            length,
        }
    }

    /// The rows (of `area`) within `reach` of the segment.
    fn rows(&self, reach: f32, area: &Area) -> (usize, usize) {
        let top = (self.a.1.min(self.b.1) - reach)
            .floor()
            .max(area.top as f32) as usize;
        let bottom = (self.a.1.max(self.b.1) + reach).ceil();
        let bottom = bottom.min((area.top + area.height) as f32).max(top as f32) as usize;
        (top, bottom)
    }

    /// Distance from `(x, y)` to the segment.
    fn distance(&self, x: f32, y: f32) -> f32 {
        let (px, py) = (x - self.a.0, y - self.a.1);
        let along = (px * self.ux + py * self.uy).clamp(0.0, self.length);
        let (nx, ny) = (px - along * self.ux, py - along * self.uy);
        (nx * nx + ny * ny).sqrt()
    }

    /// The x-range of row `y` within `reach` of the segment: the hull of the row's cuts
    /// through the two end discs and the band between them (the shape is convex).
    fn span(&self, y: f32, reach: f32) -> Option<(f32, f32)> {
        let mut hull: Option<(f32, f32)> = None;
        let mut add = |lo: f32, hi: f32| {
            if lo <= hi {
                hull = Some(hull.map_or((lo, hi), |(l, h)| (l.min(lo), h.max(hi))));
            }
        };
        for (cx, cy) in [self.a, self.b] {
            let dy = y - cy;
            if dy.abs() <= reach {
                let half = (reach * reach - dy * dy).sqrt();
                add(cx - half, cx + half);
            }
        }
        // The band: 0 ≤ along ≤ length and |across| ≤ reach, each linear in x.
        let dy = y - self.a.1;
        let along = solve(self.ux, dy * self.uy, 0.0, self.length);
        let across = solve(-self.uy, dy * self.ux, -reach, reach);
        if let (Some(along), Some(across)) = (along, across) {
            let (lo, hi) = (along.0.max(across.0), along.1.min(across.1));
            add(self.a.0 + lo, self.a.0 + hi);
        }
        hull
    }
}

/// The x with `low ≤ k·x + c ≤ high` (every x, or none, when `k` is about 0).
fn solve(k: f32, c: f32, low: f32, high: f32) -> Option<(f32, f32)> {
    if k.abs() < 1e-6 {
        return (low <= c && c <= high).then_some((f32::MIN, f32::MAX));
    }
    let (p, q) = ((low - c) / k, (high - c) / k);
    Some((p.min(q), p.max(q)))
}

/// Source-over of `color` at `alpha` times each pixel's coverage, on premultiplied pixels,
/// over the stretch of each row that was `reached`.
fn blend(
    pixmap: &mut Pixmap,
    area: &Area,
    cover: &[u8],
    reached: &[(usize, usize)],
    color: Rgb,
    alpha: f32,
) {
    let stride = pixmap.width() as usize * 4;
    let data = pixmap.data_mut();
    let strength = (alpha.clamp(0.0, 1.0) * 255.0).round() as u32;
    let source = [
        u32::from(color.0),
        u32::from(color.1),
        u32::from(color.2),
        255,
    ];
    for (dy, (row, &(left, right))) in cover.chunks_exact(area.width).zip(reached).enumerate() {
        if left >= right {
            continue;
        }
        let start = (area.top + dy) * stride + left * 4;
        let pixels = data[start..start + (right - left) * 4].chunks_exact_mut(4);
        let row = &row[left - area.left..right - area.left];
        for (px, &c) in pixels.zip(row) {
            if c == 0 {
                continue;
            }
            let a = (u32::from(c) * strength + 127) / 255;
            for (channel, s) in px.iter_mut().zip(source) {
                *channel = ((s * a + u32::from(*channel) * (255 - a) + 127) / 255) as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas() -> Pixmap {
        let mut p = Pixmap::new(60, 40).unwrap();
        p.fill(tiny_skia::Color::from_rgba8(10, 20, 30, 255));
        p
    }

    fn pixel(p: &Pixmap, x: u32, y: u32) -> [u8; 4] {
        let c = p.pixel(x, y).unwrap();
        [c.red(), c.green(), c.blue(), c.alpha()]
    }

    #[test]
    fn a_line_covers_its_width_and_its_round_ends_only() {
        let mut p = canvas();
        stroke_round(
            &mut p,
            &[(10.0, 20.0), (50.0, 20.0)],
            6.0,
            Rgb(250, 200, 0),
            1.0,
        );
        // On the line and within half the width: the colour.
        assert_eq!(pixel(&p, 30, 20), [250, 200, 0, 255]);
        assert_eq!(pixel(&p, 30, 17), [250, 200, 0, 255]);
        // The round end reaches 3 px past the end point, not the corner of a square end.
        assert_eq!(pixel(&p, 51, 20), [250, 200, 0, 255]);
        assert!(pixel(&p, 52, 20)[0] > 200, "{:?}", pixel(&p, 52, 20));
        assert_eq!(pixel(&p, 52, 23), [10, 20, 30, 255]);
        // Beyond it: untouched.
        assert_eq!(pixel(&p, 30, 25), [10, 20, 30, 255]);
        assert_eq!(pixel(&p, 56, 20), [10, 20, 30, 255]);
    }

    #[test]
    fn where_segments_meet_a_translucent_line_is_blended_once() {
        let mut p = canvas();
        let points = [(10.0, 10.0), (30.0, 30.0), (50.0, 10.0)];
        stroke_round(&mut p, &points, 8.0, Rgb(250, 250, 250), 0.5);
        // The joint and the middle of a segment look the same.
        assert_eq!(pixel(&p, 30, 29), pixel(&p, 20, 20));
        let [r, ..] = pixel(&p, 20, 20);
        assert!((125..=135).contains(&r), "half-way between the two: {r}");
    }

    #[test]
    fn a_diagonal_line_is_as_wide_across_as_a_straight_one() {
        let mut p = canvas();
        stroke_round(
            &mut p,
            &[(5.0, 5.0), (35.0, 35.0)],
            4.0,
            Rgb(255, 255, 255),
            1.0,
        );
        // Across the diagonal at (20, 20): covered out to about 2 px, none at 4 px.
        assert_eq!(pixel(&p, 20, 20)[0], 255);
        assert!(pixel(&p, 21, 19)[0] > 200, "{:?}", pixel(&p, 21, 19));
        assert_eq!(pixel(&p, 23, 17), [10, 20, 30, 255]);
    }

    #[test]
    fn lines_off_the_canvas_or_degenerate_draw_nothing_and_do_not_panic() {
        let mut p = canvas();
        let before = p.data().to_vec();
        stroke_round(
            &mut p,
            &[(-50.0, -50.0), (-10.0, -20.0)],
            4.0,
            Rgb(255, 0, 0),
            1.0,
        );
        stroke_round(
            &mut p,
            &[(f32::NAN, 3.0), (10.0, 10.0)],
            4.0,
            Rgb(255, 0, 0),
            1.0,
        );
        stroke_round(&mut p, &[(10.0, 10.0)], 4.0, Rgb(255, 0, 0), 1.0);
        assert_eq!(p.data(), &before[..]);
        // A segment of no length is a dot.
        stroke_round(
            &mut p,
            &[(30.0, 20.0), (30.0, 20.0)],
            6.0,
            Rgb(255, 0, 0),
            1.0,
        );
        assert_eq!(pixel(&p, 30, 20), [255, 0, 0, 255]);
        assert_eq!(pixel(&p, 30, 25), [10, 20, 30, 255]);
    }
}
