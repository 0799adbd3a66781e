//! Paths the boards are drawn from: polygons, rounded rectangles, the ring sectors of the
//! circular boards, and where a die's pips sit. Pure geometry in design units; the canvas
//! ([`super::kit::Canvas`]) fills and strokes them.

use std::f32::consts::PI;

use tiny_skia::{Path, PathBuilder};

pub fn polyline(points: &[(f32, f32)]) -> Option<Path> {
    through(points)?.finish()
}

pub fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let mut pb = through(points)?;
    pb.close();
    pb.finish()
}

/// A path begun through `points`, left open.
fn through(points: &[(f32, f32)]) -> Option<PathBuilder> {
    let mut pb = PathBuilder::new();
    let (&(x0, y0), rest) = points.split_first()?;
    pb.move_to(x0, y0);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    Some(pb)
}

/// A regular polygon with `sides` corners on a circle of radius `r`, the first corner at
/// angle `rotation` (radians, 0 = pointing right).
pub fn regular_polygon(x: f32, y: f32, r: f32, sides: usize, rotation: f32) -> Option<Path> {
    let points: Vec<(f32, f32)> = (0..sides)
        .map(|i| {
            let a = rotation + i as f32 * 2.0 * PI / sides as f32;
            (x + r * a.cos(), y + r * a.sin())
        })
        .collect();
    polygon(&points)
}

pub fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0);
    let k = 0.552_284_8 * r;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// Appends a circular arc (centre `c`, radius `r`, from angle `a0` to `a1` in radians,
/// screen angles: 0 points right, positive turns clockwise) as cubic curves; the current
/// point must already be at the arc's start.
fn arc_to(pb: &mut PathBuilder, c: (f32, f32), r: f32, a0: f32, a1: f32) {
    let segments = ((a1 - a0).abs() / (PI / 4.0)).ceil().max(1.0) as usize;
    let step = (a1 - a0) / segments as f32;
    let k = 4.0 / 3.0 * (step / 4.0).tan();
    for i in 0..segments {
        let s = a0 + step * i as f32;
        let e = s + step;
        let (p0x, p0y) = (c.0 + r * s.cos(), c.1 + r * s.sin());
        let (p3x, p3y) = (c.0 + r * e.cos(), c.1 + r * e.sin());
        pb.cubic_to(
            p0x - k * r * s.sin(),
            p0y + k * r * s.cos(),
            p3x + k * r * e.sin(),
            p3y - k * r * e.cos(),
            p3x,
            p3y,
        );
    }
}

/// The region between radii `r0` < `r1` and screen angles `a0` < `a1`: a cell of a ring.
pub fn annular_sector(c: (f32, f32), r0: f32, r1: f32, a0: f32, a1: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(c.0 + r1 * a0.cos(), c.1 + r1 * a0.sin());
    arc_to(&mut pb, c, r1, a0, a1);
    pb.line_to(c.0 + r0 * a1.cos(), c.1 + r0 * a1.sin());
    arc_to(&mut pb, c, r0, a1, a0);
    pb.close();
    pb.finish()
}

/// The pips of a die face `value` (1–6) in a square of side `size` at (`x`, `y`).
pub fn die_pips(x: f32, y: f32, size: f32, value: u8) -> Vec<(f32, f32)> {
    let (l, m, r) = (x + size * 0.25, x + size * 0.5, x + size * 0.75);
    let (t, c, b) = (y + size * 0.25, y + size * 0.5, y + size * 0.75);
    match value {
        1 => vec![(m, c)],
        2 => vec![(l, t), (r, b)],
        3 => vec![(l, t), (m, c), (r, b)],
        4 => vec![(l, t), (r, t), (l, b), (r, b)],
        5 => vec![(l, t), (r, t), (m, c), (l, b), (r, b)],
        6 => vec![(l, t), (r, t), (l, c), (r, c), (l, b), (r, b)],
        _ => Vec::new(),
    }
}
