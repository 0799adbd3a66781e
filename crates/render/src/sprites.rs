//! Sprites: pieces, icons and highlights drawn once and then stamped many times. Stamping
//! is a plain blend of pixels, far cheaper than filling anti-aliased paths again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tiny_skia::Pixmap;

use super::kit::Canvas;

/// A small image drawn once and then stamped many times (pieces, icons): stamping is a
/// plain blend of pixels, far cheaper than filling anti-aliased paths again.
pub struct Sprite {
    pixmap: Pixmap,
    /// Where the sprite's anchor (the piece's centre) is inside it, in pixels.
    anchor: (f32, f32),
}

impl Sprite {
    /// Draws a sprite of `size` × `size` design units around its centre with `draw`, which
    /// receives a canvas at the same scale whose design origin is the sprite's centre.
    pub fn new(size: f32, scale: f32, draw: impl FnOnce(&mut Canvas, f32, f32)) -> Sprite {
        let mut canvas = Canvas::new(size, size, scale);
        let half = size / 2.0;
        draw(&mut canvas, half, half);
        Sprite {
            anchor: (half * scale, half * scale),
            pixmap: canvas.pixmap,
        }
    }
}

impl Canvas {
    /// Stamps a sprite with its anchor at design point (x, y), on whole pixels.
    pub fn stamp(&mut self, sprite: &Sprite, x: f32, y: f32) {
        let left = ((x - self.origin.0) * self.scale - sprite.anchor.0).round() as i32;
        let top = ((y - self.origin.1) * self.scale - sprite.anchor.1).round() as i32;
        let (sw, sh) = (sprite.pixmap.width() as i32, sprite.pixmap.height() as i32);
        self.touch_pixels(
            left as f32,
            top as f32,
            (left + sw) as f32,
            (top + sh) as f32,
        );
        let (dw, dh) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        let src = sprite.pixmap.data();
        let dst = self.pixmap.data_mut();
        // Source-over of premultiplied pixels, row by row, clipped to the canvas.
        let (x0, x1) = (left.max(0), (left + sw).min(dw));
        if x0 >= x1 {
            return;
        }
        let len = ((x1 - x0) * 4) as usize;
        for sy in 0..sh {
            let dy = top + sy;
            if dy < 0 || dy >= dh {
                continue;
            }
            let from = ((sy * sw + x0 - left) * 4) as usize;
            let to = ((dy * dw + x0) * 4) as usize;
            let pixels = src[from..from + len].chunks_exact(4);
            for (s, d) in pixels.zip(dst[to..to + len].chunks_exact_mut(4)) {
                match s[3] {
                    0 => {}
                    255 => d.copy_from_slice(s),
                    alpha => {
                        let keep = 255 - u32::from(alpha);
                        for c in 0..4 {
                            d[c] = (u32::from(s[c]) + (u32::from(d[c]) * keep + 127) / 255) as u8;
                        }
                    }
                }
            }
        }
    }
}

impl Canvas {
    /// Stamps, centred at design point (x, y), the sprite kept under `key`: a piece, a die,
    /// an icon, drawn once by `draw` in a square of `size` design units around its centre
    /// (see [`Sprite::new`]), on whole pixels.
    pub fn stamp_drawn(
        &mut self,
        key: &str,
        size: f32,
        (x, y): (f32, f32),
        draw: impl FnOnce(&mut Canvas, f32, f32),
    ) {
        let scale = self.scale;
        let sprite = cached_sprite(format!("{key}@{scale}"), || Sprite::new(size, scale, draw));
        self.stamp(&sprite, x, y);
    }

    /// Draws with `draw` through a sprite kept under `key`: what boards draw again and
    /// again in the same place (a cell's highlight, a cross on a cell) is rasterised once
    /// and then only blended. `bounds` (left, top, right, bottom, in design units) holds
    /// everything `draw` draws, and `key` names that drawing at that place. The sprite lies
    /// on the canvas's pixel grid, so it blends what drawing directly would have drawn.
    /// (Text is drawn for opaque ground: inside a cached drawing, only over what it filled.)
    pub fn cached(&mut self, key: &str, bounds: [f32; 4], draw: impl FnOnce(&mut Canvas)) {
        let s = self.scale;
        let [left, top, right, bottom] = bounds;
        let px_left = ((left - self.origin.0) * s).floor();
        let px_top = ((top - self.origin.1) * s).floor();
        let width = ((right - self.origin.0) * s).ceil() - px_left;
        let height = ((bottom - self.origin.1) * s).ceil() - px_top;
        let at = (self.origin.0 + px_left / s, self.origin.1 + px_top / s);
        let sprite = cached_sprite(format!("{key}@{s}"), || {
            let mut canvas = Canvas::new(width.max(1.0) / s, height.max(1.0) / s, s);
            canvas.origin = at;
            draw(&mut canvas);
            Sprite {
                pixmap: canvas.pixmap,
                anchor: (0.0, 0.0),
            }
        });
        self.stamp(&sprite, at.0, at.1);
    }
}

/// Sprites by key, built on first use and kept for the life of the process.
fn cached_sprite(key: String, build: impl FnOnce() -> Sprite) -> Arc<Sprite> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Sprite>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(found);
    }
    let sprite = Arc::new(build());
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, Arc::clone(&sprite));
    sprite
}

#[cfg(test)]
mod tests {
    use crate::kit::{Canvas, Rgb};

    /// The largest difference of any channel of any pixel.
    fn largest_difference(a: &Canvas, b: &Canvas) -> u8 {
        let pairs = a.pixmap.data().iter().zip(b.pixmap.data());
        pairs.map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0)
    }

    /// A highlight drawn through its cached sprite is the highlight drawn directly, at a
    /// board's scale and at a replay's, wherever it falls between pixels.
    #[test]
    fn a_cached_drawing_blends_what_drawing_directly_draws() {
        for scale in [1.0, 0.75] {
            for (i, x) in [40.0, 40.3, 41.7].into_iter().enumerate() {
                let ground = Rgb::hex(0x2a5d6b);
                let draw = |c: &mut Canvas| {
                    c.fill_circle(x, 50.5, 20.0, Rgb::hex(0xffb000), 0.3);
                    c.stroke_circle(x, 50.5, 20.0, Rgb::hex(0xffb000), 1.0, 3.5);
                    c.cross(x, 50.5, 12.0, Rgb::hex(0xff5a5f), 5.0);
                };
                let mut direct = Canvas::new(120.0, 100.0, scale);
                direct.clear(ground);
                draw(&mut direct);
                let mut cached = Canvas::new(120.0, 100.0, scale);
                cached.clear(ground);
                let bounds = [x - 23.0, 27.5, x + 23.0, 73.5];
                cached.cached(&format!("test/highlight/{i}"), bounds, draw);
                let difference = largest_difference(&direct, &cached);
                assert!(difference <= 2, "at x {x}, scale {scale}: {difference}");
                // The second time comes from the cache, the same.
                let mut again = Canvas::new(120.0, 100.0, scale);
                again.clear(ground);
                again.cached(&format!("test/highlight/{i}"), bounds, |_| {
                    panic!("drawn again instead of taken from the cache")
                });
                assert_eq!(again.pixmap.data(), cached.pixmap.data());
            }
        }
    }
}
