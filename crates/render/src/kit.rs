//! The drawing kit every board shares: a canvas in design units, anti-aliased shapes, text
//! from the embedded font, and the theme.
//!
//! Boards are drawn in fixed design coordinates and scaled once by the canvas transform, so
//! a board is written once and rendered at full size, preview size or replay size.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::dirty::Dirty;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, StrokeDash,
    Transform,
};

/// Inter SemiBold (SIL OFL 1.1, `assets/fonts/OFL.txt`): embedded, so images never depend
/// on the fonts of the machine.
static FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/Inter-SemiBold.otf");

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses"))
}

/// An opaque sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const fn hex(value: u32) -> Rgb {
        Rgb((value >> 16) as u8, (value >> 8) as u8, value as u8)
    }

    /// The colour as CSS writes it: `#rrggbb`.
    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    pub fn color(self, alpha: f32) -> Color {
        Color::from_rgba8(
            self.0,
            self.1,
            self.2,
            (alpha.clamp(0.0, 1.0) * 255.0) as u8,
        )
    }
}

/// The palette shared by all boards. The two sides of a two-player game differ in
/// lightness (readable in any form of colour blindness and in grey) and every board also
/// gives them different shapes.
pub mod theme {
    use super::Rgb;

    pub const BACKGROUND: Rgb = Rgb::hex(0x0f1420);
    pub const PANEL: Rgb = Rgb::hex(0x1a2233);
    pub const RIM: Rgb = Rgb::hex(0x2b3650);
    pub const GRID: Rgb = Rgb::hex(0x0b0f18);
    pub const TEXT: Rgb = Rgb::hex(0xe8edf4);
    pub const TEXT_DIM: Rgb = Rgb::hex(0x9aa7b8);
    /// Highlights of the last move: amber reads well against every board colour.
    pub const HIGHLIGHT: Rgb = Rgb::hex(0xffb000);
    /// The turn marker.
    pub const ACCENT: Rgb = Rgb::hex(0x4cc9f0);
    /// Captures and losses (always drawn with a cross shape too).
    pub const DANGER: Rgb = Rgb::hex(0xff5a5f);
    pub const LIGHT_PIECE: Rgb = Rgb::hex(0xf4ecd8);
    pub const LIGHT_EDGE: Rgb = Rgb::hex(0x1b1f2a);
    pub const LIGHT_MARK: Rgb = Rgb::hex(0xb3a684);
    pub const DARK_PIECE: Rgb = Rgb::hex(0x17171f);
    pub const DARK_EDGE: Rgb = Rgb::hex(0xe3c77a);
}

/// Horizontal anchor of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// A pixmap with a design-to-pixel scale.
pub struct Canvas {
    pub pixmap: Pixmap,
    pub(super) scale: f32,
    /// The design point at the pixmap's top-left corner: (0, 0) for a board; where a
    /// cached piece of a board (see [`Canvas::cached`]) stands on it.
    pub(super) origin: (f32, f32),
    /// On a canvas drawn over a layer, where drawing may have changed it: everywhere else
    /// the pixels are the layer's as they were, which the encoder then need not compare.
    touched: Option<Dirty>,
    /// The cached layer it was drawn over, told to the buffer's next user.
    layer: Option<Arc<Pixmap>>,
}

fn paint(color: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color);
    paint.anti_alias = true;
    paint
}

impl Canvas {
    /// A canvas for a design of `width` × `height` units rendered at `scale` pixels per unit.
    pub fn new(width: f32, height: f32, scale: f32) -> Canvas {
        let w = (width * scale).round().max(1.0) as u32;
        let h = (height * scale).round().max(1.0) as u32;
        Canvas {
            pixmap: Pixmap::new(w, h).expect("canvas size is positive"),
            scale,
            origin: (0.0, 0.0),
            touched: None,
            layer: None,
        }
    }

    /// A canvas that starts as a copy of a layer, in a recycled buffer when one of the
    /// layer's size is spare.
    pub fn from_layer(layer: &Pixmap, scale: f32) -> Canvas {
        Canvas::drawn_over(super::spare::copy(layer, None), None, scale)
    }

    /// A canvas that starts as a copy of a cached layer; a recycled buffer last drawn over
    /// the same layer needs only the rows drawn on copied back.
    pub fn over(layer: &Arc<Pixmap>, scale: f32) -> Canvas {
        let pixmap = super::spare::copy(layer, Some(layer));
        Canvas::drawn_over(pixmap, Some(Arc::clone(layer)), scale)
    }

    fn drawn_over(pixmap: Pixmap, layer: Option<Arc<Pixmap>>, scale: f32) -> Canvas {
        let touched = Some(Dirty::new(
            pixmap.width() as usize,
            pixmap.height() as usize,
        ));
        Canvas {
            pixmap,
            scale,
            origin: (0.0, 0.0),
            touched,
            layer,
        }
    }

    /// Hands the canvas's pixels back for the next board drawn from a layer.
    pub fn recycle(self) {
        super::spare::keep(self.pixmap.take(), self.layer.zip(self.touched));
    }

    pub fn scale(&self) -> f32 {
        self.scale
    }

    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// The tiles of row `y` that may differ from the layer the canvas was made from (all of
    /// them, for a canvas made without one).
    pub(super) fn dirty(&self, y: usize) -> u64 {
        self.touched.as_ref().map_or(u64::MAX, |d| d.row(y))
    }

    /// The pixel columns of a row's tiles `mask` (see [`Canvas::dirty`]).
    pub(super) fn columns(&self, mask: u64) -> impl Iterator<Item = std::ops::Range<usize>> {
        super::dirty::columns(mask, self.tile(), self.pixmap.width() as usize)
    }

    /// The tile width of [`Canvas::dirty`]'s masks.
    pub(super) fn tile(&self) -> usize {
        super::dirty::tile_width(self.pixmap.width() as usize)
    }

    /// Marks the pixels from (`left`, `top`) to (`right`, `bottom`) (a margin is added for
    /// smoothing) as drawn on.
    pub(super) fn touch_pixels(&mut self, left: f32, top: f32, right: f32, bottom: f32) {
        if let Some(d) = &mut self.touched {
            d.mark(left, top, right, bottom);
        }
    }

    /// Marks the pixels `path` covers, widened by `reach` design units, as drawn on.
    fn touch_path(&mut self, path: &Path, reach: f32) {
        let bounds = path.bounds();
        let (s, (ox, oy)) = (self.scale, self.origin);
        self.touch_pixels(
            (bounds.left() - reach - ox) * s,
            (bounds.top() - reach - oy) * s,
            (bounds.right() + reach - ox) * s,
            (bounds.bottom() + reach - oy) * s,
        );
    }

    fn transform(&self) -> Transform {
        let s = self.scale;
        Transform::from_row(s, 0.0, 0.0, s, -self.origin.0 * s, -self.origin.1 * s)
    }

    pub fn clear(&mut self, color: Rgb) {
        if let Some(d) = &mut self.touched {
            d.mark_all();
        }
        self.pixmap.fill(color.color(1.0));
    }

    pub fn fill(&mut self, path: &Path, color: Rgb, alpha: f32) {
        self.touch_path(path, 0.0);
        self.pixmap.fill_path(
            path,
            &paint(color.color(alpha)),
            FillRule::Winding,
            self.transform(),
            None,
        );
    }

    pub fn stroke(&mut self, path: &Path, color: Rgb, alpha: f32, width: f32) {
        self.touch_path(path, width / 2.0);
        let stroke = Stroke {
            width,
            line_cap: LineCap::Round,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        self.pixmap.stroke_path(
            path,
            &paint(color.color(alpha)),
            &stroke,
            self.transform(),
            None,
        );
    }

    pub fn stroke_dashed(&mut self, path: &Path, color: Rgb, width: f32, dash: f32) {
        self.touch_path(path, width / 2.0);
        let stroke = Stroke {
            width,
            line_cap: LineCap::Butt,
            dash: StrokeDash::new(vec![dash, dash * 0.8], 0.0),
            ..Stroke::default()
        };
        self.pixmap.stroke_path(
            path,
            &paint(color.color(1.0)),
            &stroke,
            self.transform(),
            None,
        );
    }

    pub fn fill_circle(&mut self, x: f32, y: f32, r: f32, color: Rgb, alpha: f32) {
        if let Some(path) = PathBuilder::from_circle(x, y, r) {
            self.fill(&path, color, alpha);
        }
    }

    pub fn stroke_circle(&mut self, x: f32, y: f32, r: f32, color: Rgb, alpha: f32, width: f32) {
        if let Some(path) = PathBuilder::from_circle(x, y, r) {
            self.stroke(&path, color, alpha, width);
        }
    }

    /// An axis-aligned rectangle. Drawn over a layer, it goes through tiny-skia's
    /// rectangle filler (edges covered by their exact fraction) rather than its path
    /// filler, which samples each row four times: highlights cover large areas of boards.
    /// Layers and sprites, drawn once, keep the path filler, whose edges the palettes were
    /// learnt from.
    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb, alpha: f32) {
        if self.touched.is_none() {
            if let Some(rect) = Rect::from_xywh(x, y, w, h) {
                self.fill(&PathBuilder::from_rect(rect), color, alpha);
            }
            return;
        }
        let (s, (ox, oy)) = (self.scale, self.origin);
        let Some(rect) = Rect::from_xywh((x - ox) * s, (y - oy) * s, w * s, h * s) else {
            return;
        };
        self.touch_pixels(rect.left(), rect.top(), rect.right(), rect.bottom());
        self.pixmap.fill_rect(
            rect,
            &paint(color.color(alpha)),
            Transform::identity(),
            None,
        );
    }

    /// A straight line with round caps.
    pub fn line(&mut self, points: &[(f32, f32)], color: Rgb, width: f32) {
        if let Some(path) = polyline(points) {
            self.stroke(&path, color, 1.0, width);
        }
    }

    /// The polyline through `points` stroked `width` wide with round ends and joins, as
    /// [`Canvas::stroke`] draws it, at a fraction of the cost ([`super::lines`]).
    pub fn stroke_round(&mut self, points: &[(f32, f32)], color: Rgb, alpha: f32, width: f32) {
        let (s, (ox, oy)) = (self.scale, self.origin);
        let pixels: Vec<(f32, f32)> = points
            .iter()
            .map(|&(x, y)| ((x - ox) * s, (y - oy) * s))
            .collect();
        // The box around the points: the shaft crosses it.
        let reach = width * s / 2.0;
        let (left, top, right, bottom) = pixels.iter().fold(
            (
                f32::INFINITY,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::NEG_INFINITY,
            ),
            |(l, t, r, b), p| (l.min(p.0), t.min(p.1), r.max(p.0), b.max(p.1)),
        );
        if top <= bottom {
            self.touch_pixels(left - reach, top - reach, right + reach, bottom + reach);
        }
        super::lines::stroke_round(&mut self.pixmap, &pixels, width * s, color, alpha);
    }

    /// A polyline ending in an arrowhead, with a dark outline so it reads on any colour.
    pub fn arrow(&mut self, points: &[(f32, f32)], color: Rgb, width: f32) {
        let n = points.len();
        if n < 2 {
            return;
        }
        let (tx, ty) = points[n - 1];
        let (fx, fy) = points[n - 2];
        let angle = (ty - fy).atan2(tx - fx);
        let head = width * 2.6;
        // Stop the shaft inside the head so the tip stays sharp.
        let mut shaft = points.to_vec();
        shaft[n - 1] = (tx - angle.cos() * head * 0.8, ty - angle.sin() * head * 0.8);
        let tip = [
            (tx, ty),
            (
                tx - head * (angle - 0.45).cos() * 1.15,
                ty - head * (angle - 0.45).sin() * 1.15,
            ),
            (
                tx - head * (angle + 0.45).cos() * 1.15,
                ty - head * (angle + 0.45).sin() * 1.15,
            ),
        ];
        self.stroke_round(&shaft, theme::GRID, 0.85, width + 4.0);
        self.stroke_round(&shaft, color, 1.0, width);
        if let Some(path) = polygon(&tip) {
            self.stroke(&path, theme::GRID, 0.85, 4.0);
            self.fill(&path, color, 1.0);
        }
    }

    /// A cross (×) of the given half-size, outlined.
    pub fn cross(&mut self, x: f32, y: f32, half: f32, color: Rgb, width: f32) {
        for (dx, dy) in [(half, half), (half, -half)] {
            let pts = [(x - dx, y - dy), (x + dx, y + dy)];
            if let Some(path) = polyline(&pts) {
                self.stroke(&path, theme::GRID, 0.9, width + 4.0);
                self.stroke(&path, color, 1.0, width);
            }
        }
    }

    /// Draws `text` with its baseline at `y`; returns its width in design units.
    pub fn text(&mut self, text: &str, x: f32, y: f32, size: f32, color: Rgb, align: Align) -> f32 {
        let width = text_width(text, size);
        let start = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let s = self.scale;
        let px_size = size * s;
        let baseline = ((y - self.origin.1) * s).round() as i32;
        let glyphs = layout(text, px_size, (start - self.origin.0) * s);
        for (origin_x, glyph) in &glyphs {
            let (left, top) = (origin_x + glyph.left, baseline + glyph.top);
            self.touch_pixels(
                left as f32,
                top as f32,
                (left + glyph.width) as f32,
                (top + glyph.height) as f32,
            );
        }
        let (w, h) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        let data = self.pixmap.data_mut();
        let [cr, cg, cb] = [color.0 as u32, color.1 as u32, color.2 as u32];
        for (origin_x, glyph) in glyphs {
            for gy in 0..glyph.height {
                let py = baseline + glyph.top + gy;
                if py < 0 || py >= h {
                    continue;
                }
                for gx in 0..glyph.width {
                    let a = glyph.coverage[(gy * glyph.width + gx) as usize] as u32;
                    let px = origin_x + glyph.left + gx;
                    if a == 0 || px < 0 || px >= w {
                        continue;
                    }
                    let i = ((py * w + px) * 4) as usize;
                    let blend =
                        |src: u32, dst: u8| ((src * a + dst as u32 * (255 - a) + 127) / 255) as u8;
                    data[i] = blend(cr, data[i]);
                    data[i + 1] = blend(cg, data[i + 1]);
                    data[i + 2] = blend(cb, data[i + 2]);
                    data[i + 3] = 255;
                }
            }
        }
        width
    }

    /// The image as tightly packed RGB bytes (the canvas is opaque).
    pub fn rgb(&self) -> Vec<u8> {
        let data = self.pixmap.data();
        let mut out = Vec::with_capacity(data.len() / 4 * 3);
        for px in data.chunks_exact(4) {
            out.extend_from_slice(&px[..3]);
        }
        out
    }
}

/// A rasterised glyph: coverage (0–255) in a box placed relative to the pen position on the
/// baseline.
struct GlyphBitmap {
    left: i32,
    top: i32,
    width: i32,
    height: i32,
    coverage: Vec<u8>,
}

/// Sub-pixel positions kept per pixel for glyph placement.
const SUBPIXELS: f32 = 4.0;

/// Rasterised glyphs by (glyph, pixel size, sub-pixel offset): board texts repeat, so each
/// glyph is rasterised once per size and the drawing loop only blends coverage.
type GlyphKey = (u16, u32, u8);

fn glyph_bitmap(id: ab_glyph::GlyphId, px_size: f32, subpixel: u8) -> Arc<GlyphBitmap> {
    static CACHE: OnceLock<Mutex<HashMap<GlyphKey, Arc<GlyphBitmap>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (id.0, px_size.to_bits(), subpixel);
    if let Some(found) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(found);
    }
    let offset = subpixel as f32 / SUBPIXELS;
    let glyph = id.with_scale_and_position(px_size, ab_glyph::point(offset, 0.0));
    let bitmap = match font().outline_glyph(glyph) {
        Some(outline) => {
            let bounds = outline.px_bounds();
            let width = bounds.width() as i32;
            let height = bounds.height() as i32;
            let mut coverage = vec![0u8; (width * height).max(0) as usize];
            outline.draw(|gx, gy, c| {
                let i = (gy as i32 * width + gx as i32) as usize;
                if let Some(slot) = coverage.get_mut(i) {
                    *slot = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                }
            });
            GlyphBitmap {
                left: bounds.min.x as i32,
                top: bounds.min.y as i32,
                width,
                height,
                coverage,
            }
        }
        None => GlyphBitmap {
            left: 0,
            top: 0,
            width: 0,
            height: 0,
            coverage: Vec::new(),
        },
    };
    let bitmap = Arc::new(bitmap);
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, Arc::clone(&bitmap));
    bitmap
}

/// Places the glyphs of `text` from pen position `x` (pixels): each with the whole-pixel
/// x of its origin.
fn layout(text: &str, px_size: f32, x: f32) -> Vec<(i32, Arc<GlyphBitmap>)> {
    let font = font();
    let scaled = font.as_scaled(PxScale::from(px_size));
    let mut caret = x;
    let mut previous = None;
    let mut out = Vec::with_capacity(text.len());
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        if id.0 == 0 {
            // No glyph: drawing `.notdef` would be an empty box (see `drawable`).
            continue;
        }
        if let Some(prev) = previous {
            caret += scaled.kern(prev, id);
        }
        let whole = caret.floor();
        let subpixel = ((caret - whole) * SUBPIXELS).floor() as u8;
        out.push((whole as i32, glyph_bitmap(id, px_size, subpixel)));
        caret += scaled.h_advance(id);
        previous = Some(id);
    }
    out
}

/// `text` as the embedded font can draw it: characters it has no glyph for (emoji, CJK,
/// Arabic or Hebrew letters in a member's name) are left out rather than drawn as empty
/// boxes, and the spaces around them close up. A name left empty by this reads as its
/// side instead (see `Scene::name_or`).
pub fn drawable(text: &str) -> String {
    let font = font();
    let kept: String = text
        .chars()
        .filter(|&c| c.is_whitespace() || font.glyph_id(c).0 != 0)
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The advance width of `text` at `size` design units.
pub fn text_width(text: &str, size: f32) -> f32 {
    let font = font();
    let scaled = font.as_scaled(PxScale::from(size));
    let mut width = 0.0;
    let mut previous = None;
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        if id.0 == 0 {
            continue;
        }
        if let Some(prev) = previous {
            width += scaled.kern(prev, id);
        }
        width += scaled.h_advance(id);
        previous = Some(id);
    }
    width
}

/// Shortens `text` with an ellipsis until it fits `max_width` at `size`.
pub fn fit_text(text: &str, size: f32, max_width: f32) -> String {
    if text_width(text, size) <= max_width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>() + "…";
        if text_width(&candidate, size) <= max_width {
            return candidate;
        }
    }
    "…".to_string()
}

pub use super::shapes::*;
