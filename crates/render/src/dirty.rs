//! Where a canvas drawn over a cached layer may differ from it: for each pixel row, a mask
//! of tiles (equal stretches of columns) that drawing reached.
//!
//! A board's pieces, arrows and texts cover a small part of each row they cross, and the
//! rest of the row is the layer's. Knowing which stretches were drawn on, the recycled
//! buffer copies back only those, and the encoder looks up, filters and compresses only
//! those, splicing the layer's precompressed bits in between (see [`super::deflate`]).

use std::ops::Range;

/// Tiles per row: one bit of a `u64` each.
const TILES: usize = 64;

/// The narrowest tile: finer masks would cost more in the encoder's splices than they
/// save.
const MIN_TILE: usize = 16;

/// The tile width for an image `width` pixels wide: the whole row in at most [`TILES`].
pub fn tile_width(width: usize) -> usize {
    width.div_ceil(TILES).max(MIN_TILE)
}

/// The tiles drawn on, row by row.
#[derive(Debug, Clone, PartialEq)]
pub struct Dirty {
    width: usize,
    tile: usize,
    rows: Vec<u64>,
}

impl Dirty {
    /// Nothing drawn yet on an image of `width` × `height` pixels.
    pub fn new(width: usize, height: usize) -> Dirty {
        Dirty {
            width,
            tile: tile_width(width),
            rows: vec![0; height],
        }
    }

    /// Marks the pixels from (`left`, `top`) to (`right`, `bottom`), widened by two pixels
    /// for smoothing; a box that is not finite marks everything.
    pub fn mark(&mut self, left: f32, top: f32, right: f32, bottom: f32) {
        let (w, h) = (self.width as f32, self.rows.len() as f32);
        let finite = [left, top, right, bottom].iter().all(|v| v.is_finite());
        let (left, top, right, bottom) = if finite {
            (
                left.floor() - 2.0,
                top.floor() - 2.0,
                right.ceil() + 2.0,
                bottom.ceil() + 2.0,
            )
        } else {
            (0.0, 0.0, w, h)
        };
        let (left, right) = (left.clamp(0.0, w) as usize, right.clamp(0.0, w) as usize);
        let (top, bottom) = (top.clamp(0.0, h) as usize, bottom.clamp(0.0, h) as usize);
        if left >= right || top >= bottom {
            return;
        }
        let (first, last) = (left / self.tile, (right - 1) / self.tile);
        let mask = span_mask(first, last + 1);
        for row in &mut self.rows[top..bottom] {
            *row |= mask;
        }
    }

    /// Marks every pixel.
    pub fn mark_all(&mut self) {
        let all = span_mask(0, self.width.div_ceil(self.tile));
        self.rows.fill(all);
    }

    /// The tiles of row `y` drawn on (every tile for a row outside the image).
    pub fn row(&self, y: usize) -> u64 {
        self.rows.get(y).copied().unwrap_or(u64::MAX)
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The pixel columns of `mask`'s tiles, as maximal stretches.
    pub fn columns(&self, mask: u64) -> impl Iterator<Item = Range<usize>> {
        columns(mask, self.tile, self.width)
    }
}

/// The pixel columns of `mask`'s tiles (`tile` pixels wide, in a row `width` wide), as
/// maximal stretches.
pub fn columns(mask: u64, tile: usize, width: usize) -> impl Iterator<Item = Range<usize>> {
    runs(mask)
        .map(move |tiles| (tiles.start * tile).min(width)..(tiles.end * tile).min(width))
        .filter(|c| c.start < c.end)
}

/// The bits of tiles `first..end`.
fn span_mask(first: usize, end: usize) -> u64 {
    let end = end.min(TILES);
    if first >= end {
        return 0;
    }
    let ones = if end - first == TILES {
        u64::MAX
    } else {
        (1u64 << (end - first)) - 1
    };
    ones << first
}

/// The maximal runs of set bits of `mask`, as tile ranges, lowest first.
pub fn runs(mut mask: u64) -> impl Iterator<Item = Range<usize>> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let start = mask.trailing_zeros() as usize;
        let len = (!(mask >> start)).trailing_zeros() as usize;
        mask &= !span_mask(start, start + len);
        Some(start..start + len)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_mark_covers_its_box_and_its_margin_only() {
        let mut d = Dirty::new(840, 100);
        assert_eq!(tile_width(840), 16);
        d.mark(40.0, 10.0, 50.0, 20.0);
        // Columns 38..52 (with the margin): tiles 2 and 3; rows 8..22.
        assert_eq!(d.row(7), 0);
        assert_eq!(d.row(8), 0b1100);
        assert_eq!(d.row(21), 0b1100);
        assert_eq!(d.row(22), 0);
        assert_eq!(d.columns(d.row(10)).collect::<Vec<_>>(), vec![32..64]);
    }

    #[test]
    fn the_last_tile_stops_at_the_image_edge_and_nan_marks_everything() {
        let mut d = Dirty::new(100, 5);
        d.mark(f32::NAN, 0.0, 1.0, 1.0);
        assert_eq!(d.columns(d.row(4)).collect::<Vec<_>>(), vec![0..100]);
        let mut wide = Dirty::new(5000, 2);
        wide.mark_all();
        assert_eq!(wide.row(0), u64::MAX);
        assert_eq!(wide.columns(wide.row(1)).collect::<Vec<_>>(), vec![0..5000]);
    }

    proptest! {
        /// The runs of a mask are its set bits, each run maximal.
        #[test]
        fn runs_give_back_the_mask(mask in any::<u64>()) {
            let mut rebuilt = 0u64;
            let mut last_end = None;
            for r in runs(mask) {
                prop_assert!(r.start < r.end && r.end <= 64);
                if let Some(end) = last_end {
                    prop_assert!(r.start > end, "runs {:?} not maximal", r);
                }
                rebuilt |= span_mask(r.start, r.end);
                last_end = Some(r.end);
            }
            prop_assert_eq!(rebuilt, mask);
        }

        /// Every pixel of a marked box lies in a marked tile of its row.
        #[test]
        fn every_pixel_of_a_box_is_in_a_marked_tile(
            w in 1usize..3000, x0 in -50f32..3000.0, dx in 0f32..400.0, y0 in 0f32..40.0,
        ) {
            let mut d = Dirty::new(w, 40);
            d.mark(x0, y0, x0 + dx, y0 + 1.0);
            let y = y0 as usize;
            let columns: Vec<_> = d.columns(d.row(y)).collect();
            for x in (x0.max(0.0) as usize)..((x0 + dx).ceil().max(0.0) as usize).min(w) {
                prop_assert!(columns.iter().any(|c| c.contains(&x)), "column {} of row {}", x, y);
            }
        }
    }
}
