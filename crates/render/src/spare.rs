//! Pixel buffers of boards already encoded, kept for the next boards.
//!
//! A board's buffer is large (two megabytes), and the allocator hands such blocks back to
//! the system when they are freed, so a fresh one costs a page fault per four kilobytes on
//! every board. A kept buffer also remembers the layer its board was drawn over and where
//! the drawing changed it: the next board over the same layer copies back those stretches
//! only, since the rest of the buffer holds the layer already.

use std::sync::{Arc, Mutex};

use tiny_skia::{IntSize, Pixmap};

use super::dirty::Dirty;

/// A kept buffer, and what it holds.
struct Spare {
    buffer: Vec<u8>,
    /// The layer its board was drawn over, and where that drawing may have changed it
    /// (everywhere else is the layer's).
    over: Option<(Arc<Pixmap>, Dirty)>,
}

/// The buffers kept.
struct Spares(Vec<Spare>);

static SPARES: Mutex<Spares> = Mutex::new(Spares(Vec::new()));

/// Buffers kept: as many as boards are drawn at once.
const KEPT: usize = 4;

/// A copy of `layer`, made in a kept buffer when one of its size is spare. With `shared`,
/// the cached layer `layer` is, a buffer last drawn over that very layer is preferred.
pub(super) fn copy(layer: &Pixmap, shared: Option<&Arc<Pixmap>>) -> Pixmap {
    let taken = SPARES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take(layer.data().len(), shared);
    match taken {
        Some(spare) => spare.into_copy(layer, shared),
        None => layer.clone(),
    }
}

/// Keeps a board's buffer for the next board; `over` is the layer it was drawn over and
/// where the drawing may have changed it, when that is known.
pub(super) fn keep(buffer: Vec<u8>, over: Option<(Arc<Pixmap>, Dirty)>) {
    SPARES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .keep(Spare { buffer, over });
}

impl Spares {
    /// A buffer last drawn over `shared`, or else any of `len` bytes.
    fn take(&mut self, len: usize, shared: Option<&Arc<Pixmap>>) -> Option<Spare> {
        self.0
            .iter()
            .position(|s| s.was_over(shared))
            .or_else(|| self.0.iter().position(|s| s.buffer.len() == len))
            .map(|at| self.0.swap_remove(at))
    }

    fn keep(&mut self, spare: Spare) {
        if self.0.len() < KEPT {
            self.0.push(spare);
        }
    }
}

impl Spare {
    fn was_over(&self, shared: Option<&Arc<Pixmap>>) -> bool {
        matches!((&self.over, shared), (Some((o, _)), Some(l)) if Arc::ptr_eq(o, l))
    }

    /// The buffer made a copy of `layer`; when it was drawn over that same layer, only the
    /// stretches drawn on are copied.
    fn into_copy(self, layer: &Pixmap, shared: Option<&Arc<Pixmap>>) -> Pixmap {
        if self.buffer.len() != layer.data().len() {
            return layer.clone();
        }
        let same = self.was_over(shared);
        let Spare { mut buffer, over } = self;
        match over {
            Some((_, dirty)) if same && dirty.height() == layer.height() as usize => {
                restore(&mut buffer, layer.data(), &dirty)
            }
            _ => buffer.copy_from_slice(layer.data()),
        }
        IntSize::from_wh(layer.width(), layer.height())
            .and_then(|size| Pixmap::from_vec(buffer, size))
            .unwrap_or_else(|| layer.clone())
    }
}

/// Copies back into `buffer` the stretches of `layer` marked in `dirty`.
fn restore(buffer: &mut [u8], layer: &[u8], dirty: &Dirty) {
    let stride = layer.len() / dirty.height().max(1);
    for y in 0..dirty.height() {
        for columns in dirty.columns(dirty.row(y)) {
            let span = y * stride + columns.start * 4..y * stride + columns.end * 4;
            buffer[span.clone()].copy_from_slice(&layer[span]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::{Align, Canvas, Rgb};
    use proptest::prelude::*;

    proptest! {
        /// Only the stretches marked as drawn on are copied back, so every pixel a drawing
        /// changes must be marked: arrows at any angle, discs, text.
        #[test]
        fn every_row_a_drawing_changes_is_marked(
            x0 in 0f32..120.0, y0 in 0f32..90.0, x1 in 0f32..120.0, y1 in 0f32..90.0,
            r in 1f32..20.0,
        ) {
            let mut ground = Canvas::new(120.0, 90.0, 1.0);
            ground.clear(Rgb::hex(0x102030));
            let layer = Arc::new(ground.pixmap.clone());
            let mut c = Canvas::over(&layer, 1.0);
            c.arrow(&[(x0, y0), (x1, y1)], Rgb::hex(0xffb000), 3.0);
            c.fill_circle(x1, y0, r, Rgb::hex(0xf4ecd8), 0.5);
            c.text("Ag", x0, y1, 14.0, Rgb::hex(0xffffff), Align::Left);
            for y in 0..90 {
                let columns: Vec<_> = c.columns(c.dirty(y)).collect();
                for x in 0..120 {
                    let at = (y * 120 + x) * 4..(y * 120 + x + 1) * 4;
                    let changed = c.pixmap.data()[at.clone()] != layer.data()[at];
                    prop_assert!(
                        !changed || columns.iter().any(|r| r.contains(&x)),
                        "pixel ({}, {}) changed and is not marked", x, y
                    );
                }
            }
        }
    }

    /// 40 pixels wide: three tiles of 16.
    fn layer(shade: u8) -> Arc<Pixmap> {
        let mut p = Pixmap::new(40, 9).unwrap();
        for (i, px) in p.data_mut().iter_mut().enumerate() {
            *px = shade.wrapping_add(i as u8);
        }
        Arc::new(p)
    }

    /// A buffer holding `layer` with pixels 20–29 of `rows` painted over and marked, as a
    /// board drawn on it leaves it.
    fn drawn_over(layer: &Arc<Pixmap>, rows: &[usize]) -> Spare {
        let mut buffer = layer.data().to_vec();
        let mut dirty = Dirty::new(40, 9);
        for &y in rows {
            buffer[(y * 40 + 20) * 4..(y * 40 + 30) * 4].fill(0xEE);
            dirty.mark(20.0, y as f32, 30.0, y as f32 + 1.0);
        }
        Spare {
            buffer,
            over: Some((Arc::clone(layer), dirty)),
        }
    }

    #[test]
    fn a_buffer_drawn_over_the_same_layer_gets_back_every_pixel_it_changed() {
        let base = layer(3);
        let mut spares = Spares(Vec::new());
        spares.keep(drawn_over(&base, &[0, 2, 3, 8]));
        let spare = spares.take(base.data().len(), Some(&base)).unwrap();
        assert_eq!(spare.into_copy(&base, Some(&base)).data(), base.data());
    }

    #[test]
    fn a_buffer_drawn_over_another_layer_is_copied_whole() {
        let (base, other) = (layer(3), layer(100));
        let mut spares = Spares(Vec::new());
        // Nothing marked as drawn on: only a whole copy makes it the other layer.
        spares.keep(Spare {
            buffer: base.data().to_vec(),
            over: Some((Arc::clone(&base), Dirty::new(40, 9))),
        });
        let spare = spares.take(other.data().len(), Some(&other)).unwrap();
        assert_eq!(spare.into_copy(&other, Some(&other)).data(), other.data());
    }

    #[test]
    fn the_buffer_of_the_same_layer_is_taken_first() {
        let (base, other) = (layer(3), layer(100));
        let mut spares = Spares(Vec::new());
        spares.keep(drawn_over(&other, &[1]));
        spares.keep(drawn_over(&base, &[4]));
        let spare = spares.take(base.data().len(), Some(&base)).unwrap();
        assert!(spare.was_over(Some(&base)));
        assert_eq!(spares.0.len(), 1);
    }
}
