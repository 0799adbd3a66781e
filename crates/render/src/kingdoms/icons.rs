//! The six Halloween pieces as icons (KG-2.2), drawn as vector shapes so each kind reads by
//! its silhouette alone: a ghost, a witch's hat, a cat's head, a bat, a pumpkin, a dagger.
//! A token carries the icon: Orange's round and light, Purple's square and dark, so the
//! sides differ by shape and lightness as well as by colour.

use tiny_skia::{Path, PathBuilder, Rect, Transform};

use crate::games::kingdoms::{Kind, Side};
use crate::kit::{self, theme, Align, Canvas, Rgb};
use crate::SideLook;

pub const ORANGE: Rgb = Rgb::hex(0xf39c3c);
pub const ORANGE_EDGE: Rgb = Rgb::hex(0x5c2a00);
pub const ORANGE_ICON: Rgb = Rgb::hex(0x2e1500);
pub const PURPLE: Rgb = Rgb::hex(0x6b2f95);
pub const PURPLE_EDGE: Rgb = Rgb::hex(0xe2c6f5);
pub const PURPLE_ICON: Rgb = Rgb::hex(0xf6ecff);

/// The token's outline: a disc for Orange, a rounded square for Purple.
pub fn token_shape(side: Side, x: f32, y: f32, r: f32) -> Option<Path> {
    match side {
        Side::Orange => PathBuilder::from_circle(x, y, r),
        Side::Purple => {
            let half = r * 0.9;
            kit::rounded_rect(x - half, y - half, 2.0 * half, 2.0 * half, r * 0.22)
        }
    }
}

/// Stamps a piece of `side` and `kind` in `look` with radius `r` centred at (x, y).
#[allow(clippy::too_many_arguments)]
pub fn piece(
    c: &mut Canvas,
    side: Side,
    look: SideLook,
    kind: Kind,
    x: f32,
    y: f32,
    r: f32,
    alpha: f32,
) {
    let key = format!("kingdoms/{side:?}/{}/{kind:?}/{r}/{alpha}", look.key());
    c.stamp_drawn(&key, r * 2.5, (x, y), |s, cx, cy| {
        draw_piece(s, side, look, kind, (cx, cy), r, alpha)
    });
}

fn draw_piece(
    c: &mut Canvas,
    side: Side,
    look: SideLook,
    kind: Kind,
    (x, y): (f32, f32),
    r: f32,
    alpha: f32,
) {
    let SideLook {
        face: fill,
        edge,
        mark: ink,
        ..
    } = look;
    if let Some(shadow) = token_shape(side, x, y + r * 0.1, r * 1.02) {
        c.fill(&shadow, theme::GRID, 0.5 * alpha);
    }
    if let Some(token) = token_shape(side, x, y, r) {
        c.fill(&token, fill, alpha);
        c.stroke(&token, edge, alpha, (r * 0.09).max(1.2));
    }
    icon(c, kind, x, y, r * 0.66, ink, fill, alpha);
    // The letter of the notation (KG-9.2), small, for players learning to type it.
    if r >= 20.0 {
        c.text(
            &kind.letter().to_string(),
            x + r * 0.6,
            y + r * 0.84,
            r * 0.44,
            ink,
            Align::Center,
        );
    }
}

/// Draws the icon of `kind` in `ink` within a box of half-size `h` around (x, y); `hole`
/// is the colour of eyes and ribs (the token's).
#[allow(clippy::too_many_arguments)]
pub fn icon(c: &mut Canvas, kind: Kind, x: f32, y: f32, h: f32, ink: Rgb, hole: Rgb, alpha: f32) {
    let at = |dx: f32, dy: f32| (x + dx * h, y + dy * h);
    match kind {
        Kind::Ghost => {
            if let Some(body) = ghost(x, y, h) {
                c.fill(&body, ink, alpha);
            }
            for dx in [-0.24, 0.24] {
                let (ex, ey) = at(dx, -0.2);
                c.fill_circle(ex, ey, h * 0.13, hole, alpha);
            }
        }
        Kind::Witch => {
            if let Some(hat) = witch_hat(x, y, h) {
                c.fill(&hat, ink, alpha);
            }
            let (bx, by) = at(-0.44, 0.22);
            c.fill_rect(bx, by, 0.88 * h, 0.14 * h, hole, alpha);
        }
        Kind::Cat => {
            if let Some(head) = cat_head(x, y, h) {
                c.fill(&head, ink, alpha);
            }
            for dx in [-0.24, 0.24] {
                let (ex, ey) = at(dx, 0.12);
                c.fill_circle(ex, ey, h * 0.11, hole, alpha);
            }
        }
        Kind::Bat => {
            if let Some(bat) = bat(x, y, h) {
                c.fill(&bat, ink, alpha);
            }
        }
        Kind::Pumpkin => {
            let body = Rect::from_xywh(x - 0.85 * h, y - 0.5 * h, 1.7 * h, 1.25 * h);
            if let Some(body) = body.and_then(PathBuilder::from_oval) {
                c.fill(&body, ink, alpha);
            }
            let rib = Rect::from_xywh(x - 0.32 * h, y - 0.5 * h, 0.64 * h, 1.25 * h);
            if let Some(rib) = rib.and_then(PathBuilder::from_oval) {
                c.stroke(&rib, hole, alpha, (h * 0.1).max(1.0));
            }
            let (sx, sy) = at(-0.09, -0.85);
            c.fill_rect(sx, sy, 0.18 * h, 0.4 * h, ink, alpha);
        }
        Kind::Assassin => {
            if let Some(dagger) = dagger(x, y, h) {
                c.fill(&dagger, ink, alpha);
            }
        }
    }
}

fn ghost(x: f32, y: f32, h: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(x - 0.62 * h, y + 0.75 * h);
    pb.line_to(x - 0.62 * h, y - 0.15 * h);
    pb.cubic_to(
        x - 0.62 * h,
        y - 1.0 * h,
        x + 0.62 * h,
        y - 1.0 * h,
        x + 0.62 * h,
        y - 0.15 * h,
    );
    pb.line_to(x + 0.62 * h, y + 0.75 * h);
    let bumps = 3;
    let width = 1.24 * h / bumps as f32;
    for i in 0..bumps {
        let right = x + 0.62 * h - width * i as f32;
        pb.quad_to(
            right - width / 2.0,
            y + 0.4 * h,
            right - width,
            y + 0.75 * h,
        );
    }
    pb.close();
    pb.finish()
}

fn witch_hat(x: f32, y: f32, h: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    // The brim
    pb.move_to(x - 0.9 * h, y + 0.62 * h);
    pb.quad_to(x, y + 0.3 * h, x + 0.9 * h, y + 0.62 * h);
    pb.quad_to(x, y + 0.82 * h, x - 0.9 * h, y + 0.62 * h);
    pb.close();
    // The cone, its tip bent to the right
    pb.move_to(x - 0.48 * h, y + 0.52 * h);
    pb.line_to(x + 0.48 * h, y + 0.52 * h);
    pb.quad_to(x + 0.12 * h, y - 0.1 * h, x + 0.62 * h, y - 0.9 * h);
    pb.quad_to(x - 0.2 * h, y - 0.45 * h, x - 0.48 * h, y + 0.52 * h);
    pb.close();
    pb.finish()
}

fn cat_head(x: f32, y: f32, h: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.push_oval(Rect::from_xywh(
        x - 0.66 * h,
        y - 0.42 * h,
        1.32 * h,
        1.12 * h,
    )?);
    for side in [-1.0, 1.0] {
        pb.move_to(x + side * 0.62 * h, y - 0.05 * h);
        pb.line_to(x + side * 0.6 * h, y - 0.88 * h);
        pb.line_to(x + side * 0.12 * h, y - 0.38 * h);
        pb.close();
    }
    pb.finish()
}

fn bat(x: f32, y: f32, h: f32) -> Option<Path> {
    let pts = [
        (0.0, -0.22),
        (0.1, -0.5),
        (0.16, -0.28),
        (0.42, -0.42),
        (1.0, -0.36),
        (0.8, -0.12),
        (0.7, 0.18),
        (0.5, 0.02),
        (0.34, 0.34),
        (0.16, 0.2),
        (0.0, 0.52),
    ];
    let mut pb = PathBuilder::new();
    pb.move_to(x + pts[0].0 * h, y + pts[0].1 * h);
    for &(dx, dy) in &pts[1..] {
        pb.line_to(x + dx * h, y + dy * h);
    }
    for &(dx, dy) in pts[1..pts.len() - 1].iter().rev() {
        pb.line_to(x - dx * h, y + dy * h);
    }
    pb.close();
    pb.finish()
}

fn dagger(x: f32, y: f32, h: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let blade = [
        (0.0, -1.0),
        (0.17, -0.72),
        (0.17, 0.18),
        (-0.17, 0.18),
        (-0.17, -0.72),
    ];
    pb.move_to(x + blade[0].0 * h, y + blade[0].1 * h);
    for &(dx, dy) in &blade[1..] {
        pb.line_to(x + dx * h, y + dy * h);
    }
    pb.close();
    pb.push_rect(Rect::from_xywh(
        x - 0.52 * h,
        y + 0.18 * h,
        1.04 * h,
        0.18 * h,
    )?);
    pb.push_rect(Rect::from_xywh(
        x - 0.1 * h,
        y + 0.36 * h,
        0.2 * h,
        0.4 * h,
    )?);
    pb.push_oval(Rect::from_xywh(
        x - 0.15 * h,
        y + 0.72 * h,
        0.3 * h,
        0.3 * h,
    )?);
    pb.finish()?
        .transform(Transform::from_rotate_at(35.0, x, y))
}
