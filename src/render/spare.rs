//! Pixel buffers of boards already encoded, kept for the next boards.
//!
//! A board's buffer is large (two megabytes), and the allocator hands such blocks back to
//! the system when they are freed, so a fresh one costs a page fault per four kilobytes on
//! every board. A kept buffer also remembers the layer its board was drawn over and the
//! rows the drawing changed: the next board over the same layer copies back those rows
//! only, since the rest of the buffer holds the layer already.

use std::sync::{Arc, Mutex};

use tiny_skia::{IntSize, Pixmap};

/// A kept buffer, and what it holds.
struct Spare {
    buffer: Vec<u8>,
    /// The layer its board was drawn over, and the rows that drawing may have changed
    /// (every other row is the layer's).
    over: Option<(Arc<Pixmap>, Vec<bool>)>,
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

/// Keeps a board's buffer for the next board; `over` is the layer it was drawn over and the
/// rows the drawing may have changed, when that is known.
pub(super) fn keep(buffer: Vec<u8>, over: Option<(Arc<Pixmap>, Vec<bool>)>) {
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
    /// rows drawn on are copied.
    fn into_copy(self, layer: &Pixmap, shared: Option<&Arc<Pixmap>>) -> Pixmap {
        if self.buffer.len() != layer.data().len() {
            return layer.clone();
        }
        let same = self.was_over(shared);
        let Spare { mut buffer, over } = self;
        match over {
            Some((_, rows)) if same => restore(&mut buffer, layer.data(), &rows),
            _ => buffer.copy_from_slice(layer.data()),
        }
        IntSize::from_wh(layer.width(), layer.height())
            .and_then(|size| Pixmap::from_vec(buffer, size))
            .unwrap_or_else(|| layer.clone())
    }
}

/// Copies back into `buffer` the rows of `layer` marked in `rows`, a run at a time.
fn restore(buffer: &mut [u8], layer: &[u8], rows: &[bool]) {
    let stride = layer.len() / rows.len().max(1);
    let mut y = 0;
    while y < rows.len() {
        if !rows[y] {
            y += 1;
            continue;
        }
        let top = y;
        while y < rows.len() && rows[y] {
            y += 1;
        }
        let span = top * stride..y * stride;
        buffer[span.clone()].copy_from_slice(&layer[span]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::kit::{Align, Canvas, Rgb};
    use proptest::prelude::*;

    proptest! {
        /// Only the rows marked as drawn on are copied back, so every row a drawing changes
        /// must be marked: arrows at any angle, discs, text.
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
            let stride = 120 * 4;
            for y in 0..90 {
                let row = y * stride..(y + 1) * stride;
                let changed = c.pixmap.data()[row.clone()] != layer.data()[row];
                prop_assert!(!changed || c.touched(y), "row {} changed and is not marked", y);
            }
        }
    }

    fn layer(shade: u8) -> Arc<Pixmap> {
        let mut p = Pixmap::new(7, 9).unwrap();
        for (i, px) in p.data_mut().iter_mut().enumerate() {
            *px = shade.wrapping_add(i as u8);
        }
        Arc::new(p)
    }

    /// A buffer holding `layer` with `rows` painted over, as a board drawn on it leaves it.
    fn drawn_over(layer: &Arc<Pixmap>, rows: &[usize]) -> Spare {
        let mut buffer = layer.data().to_vec();
        let mut touched = vec![false; 9];
        for &y in rows {
            buffer[y * 28..(y + 1) * 28].fill(0xEE);
            touched[y] = true;
        }
        Spare {
            buffer,
            over: Some((Arc::clone(layer), touched)),
        }
    }

    #[test]
    fn a_buffer_drawn_over_the_same_layer_gets_back_every_row_it_changed() {
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
        // Its rows marked as untouched: only a whole copy makes it the other layer.
        spares.keep(Spare {
            buffer: base.data().to_vec(),
            over: Some((Arc::clone(&base), vec![false; 9])),
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
