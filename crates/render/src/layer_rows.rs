//! A cached layer's rows as the encoder needs them, and the coding of a board drawn on it.
//!
//! The layer keeps its rows' palette indices, their filtered bytes (PNG's filter None:
//! copies from the row above do what the Up filter would), their parse into literals and
//! copies (see [`super::lz77`]), Huffman codes fitted to that parse and to sample boards
//! drawn on the layer, and each row coded with them. A board codes again only the tiles
//! it changed and those whose copies read them (see [`super::deflate`]).

use super::deflate::{self, Coded, Stream};
use super::dirty;
use super::huffman::{Codes, Counts};
use super::lz77::{self, Piece};
use super::window::Window;

/// The filter byte of every row.
pub const NONE: u8 = 0;

/// A layer's rows, computed once per layer.
pub struct LayerRows {
    width: usize,
    indices: Vec<u8>,
    filtered: Vec<u8>,
    codes: Codes,
    coded: Vec<Coded>,
}

impl LayerRows {
    /// The rows of `indices`, an image `width` pixels wide. The codes are fitted to the
    /// layer's parse and to what `samples` (palette indices of boards drawn on the layer,
    /// as many as the layer's) code again, so that pieces and highlights code short too.
    pub fn new(indices: Vec<u8>, width: usize, samples: &[Vec<u8>]) -> LayerRows {
        let width = width.max(1);
        let mut filtered = Vec::with_capacity(indices.len() + indices.len() / width);
        for row in indices.chunks_exact(width) {
            filtered.push(NONE);
            filtered.extend_from_slice(row);
        }
        let parse = lz77::parse(&filtered, width + 1);
        let mut counts = Counts::of(parse.iter().flatten());
        let mut rows = LayerRows {
            width,
            indices,
            filtered,
            codes: counts.fit(),
            coded: Vec::new(),
        };
        rows.coded = rows.code(&parse);
        let samples: Vec<&Vec<u8>> = samples
            .iter()
            .filter(|s| s.len() == rows.indices.len())
            .collect();
        if !samples.is_empty() {
            for sample in &samples {
                let (_, drawn) = rows.encode(true, |y, now| {
                    now.copy_from_slice(&sample[y * width..(y + 1) * width]);
                    rows.differing(y, now, 0..width)
                });
                if let Some(drawn) = drawn {
                    counts.add(&drawn, samples.len() as u32);
                }
            }
            rows.codes = counts.fit();
            rows.coded = rows.code(&parse);
        }
        rows
    }

    /// Every row coded from its pieces with the layer's codes.
    fn code(&self, parse: &[Vec<Piece>]) -> Vec<Coded> {
        let stride = self.width + 1;
        let tile = dirty::tile_width(self.width);
        self.filtered
            .chunks_exact(stride)
            .zip(parse)
            .enumerate()
            .map(|(y, (line, pieces))| {
                deflate::code_row(line, pieces.clone(), &self.codes, y * stride, tile)
            })
            .collect()
    }

    /// Every pixel's palette index, row after row.
    pub fn indices(&self) -> &[u8] {
        &self.indices
    }

    pub fn indices_of(&self, y: usize) -> &[u8] {
        &self.indices[y * self.width..(y + 1) * self.width]
    }

    fn filtered_of(&self, y: usize) -> &[u8] {
        &self.filtered[y * (self.width + 1)..(y + 1) * (self.width + 1)]
    }

    /// The tiles of `columns` of row `y` (whole tiles) where `now` differs from the layer.
    pub fn differing(&self, y: usize, now: &[u8], columns: std::ops::Range<usize>) -> u64 {
        let layer = self.indices_of(y);
        let tile = dirty::tile_width(self.width);
        let mut mask = 0u64;
        let mut x = columns.start;
        while x < columns.end {
            let end = (x + tile).min(columns.end);
            let differ = match (
                <&[u8; 16]>::try_from(&now[x..end]),
                <&[u8; 16]>::try_from(&layer[x..end]),
            ) {
                (Ok(a), Ok(b)) => a != b,
                _ => now[x..end] != layer[x..end],
            };
            if differ {
                mask |= 1u64 << (x / tile).min(63);
            }
            x = end;
        }
        mask
    }

    /// The zlib stream of a board drawn on the layer, and (if `count`) the symbols it coded
    /// again. `row(y, now)` gives the tiles of row `y` whose indices differ from the
    /// layer's, having written the board's indices of those tiles into `now`.
    pub fn encode(
        &self,
        count: bool,
        mut row: impl FnMut(usize, &mut [u8]) -> u64,
    ) -> (Vec<u8>, Option<Counts>) {
        let (width, height) = (self.width, self.indices.len() / self.width);
        let mut zlib = Stream::new(width * height / 8, &self.codes);
        if count {
            zlib.count();
        }
        // For each row so far, the tiles whose bytes differ from the layer's.
        let mut changed_rows = vec![0u64; height];
        let mut last_change: Option<usize> = None;
        let mut now = vec![0u8; width];
        let mut line = vec![NONE; width + 1];
        let tile = dirty::tile_width(width);
        Window::with(width + 1, height, |window| {
            for (y, coded) in self.coded.iter().enumerate() {
                let changed = row(y, &mut now);
                changed_rows[y] = changed;
                if changed != 0 {
                    last_change = Some(y);
                }
                let stale = match last_change {
                    Some(at) if y - at <= coded.farthest() => {
                        coded.stale(|back| y.checked_sub(back).map_or(0, |r| changed_rows[r]))
                    }
                    _ => 0,
                };
                let layer = self.filtered_of(y);
                if stale == 0 {
                    window.push(layer);
                    zlib.write_coded(layer, coded);
                    continue;
                }
                let start = if changed == 0 {
                    window.push(layer)
                } else {
                    line.copy_from_slice(layer);
                    for columns in dirty::columns(changed, tile, width) {
                        line[1 + columns.start..1 + columns.end].copy_from_slice(&now[columns]);
                    }
                    window.push(&line)
                };
                zlib.write_spliced(window, start..start + width + 1, coded, stale);
            }
        });
        let counts = zlib.counts().cloned();
        (zlib.finish(), counts)
    }
}

/// The zlib stream of an image drawn on no layer, `indices` `width` pixels wide: parsed
/// with the window's quick copies, then coded with codes fitted to that parse.
pub fn encode_whole(indices: &[u8], width: usize) -> Vec<u8> {
    let width = width.max(1);
    let height = indices.len() / width;
    Window::with(width + 1, height, |window| {
        for row in indices.chunks_exact(width) {
            window.push(&[NONE]);
            window.push(row);
        }
        let len = height * (width + 1);
        let pieces = window.parse(0, len);
        let codes = Counts::of(&pieces).fit();
        let mut zlib = Stream::new(len / 6, &codes);
        zlib.write_pieces(window.bytes(0..len), &pieces);
        zlib.finish()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn inflate(zlib: &[u8]) -> Vec<u8> {
        miniz_oxide::inflate::decompress_to_vec_zlib(zlib).expect("a valid zlib stream")
    }

    /// The filtered rows of an image: each row led by filter None.
    fn filtered(indices: &[u8], width: usize) -> Vec<u8> {
        indices
            .chunks_exact(width)
            .flat_map(|row| std::iter::once(NONE).chain(row.iter().copied()))
            .collect()
    }

    /// A layer that repeats itself (bands, stripes of a period, a few colours), so that
    /// its parse has runs, copies from rows above and copies from along the row.
    fn layer() -> impl Strategy<Value = (usize, Vec<u8>)> {
        (17usize..90, 2usize..40, 1usize..9, any::<u64>()).prop_map(|(w, h, period, seed)| {
            let indices = (0..w * h)
                .map(|i| {
                    let (x, y) = (i % w, i / w);
                    let noise = (seed >> ((x * 7 + y * 3) % 60)) & 3;
                    ((x / period + y / 4) as u64 % 5 + if noise == 0 { 9 } else { 0 }) as u8
                })
                .collect();
            (w, indices)
        })
    }

    /// Rectangles drawn over a layer: (left, top, width, height, colour, pattern).
    fn edits() -> impl Strategy<Value = Vec<(usize, usize, usize, usize, u8, bool)>> {
        proptest::collection::vec(
            (
                0usize..90,
                0usize..40,
                1usize..30,
                1usize..12,
                any::<u8>(),
                any::<bool>(),
            ),
            0..6,
        )
    }

    fn draw(indices: &[u8], w: usize, edits: &[(usize, usize, usize, usize, u8, bool)]) -> Vec<u8> {
        let mut board = indices.to_vec();
        let h = indices.len() / w;
        for &(x0, y0, ew, eh, colour, striped) in edits {
            for y in y0.min(h)..(y0 + eh).min(h) {
                for x in x0.min(w)..(x0 + ew).min(w) {
                    board[y * w + x] = if striped {
                        colour ^ (x as u8 & 1)
                    } else {
                        colour
                    };
                }
            }
        }
        board
    }

    proptest! {
        /// Whatever is drawn over a layer, and wherever, the stream inflates (with an
        /// independent inflater) to exactly the board's rows: the layer's coded rows are
        /// spliced only where the bytes they code and read are the layer's.
        #[test]
        fn boards_inflate_to_their_rows(
            (w, indices) in layer(),
            edits in edits(),
            sample_edits in edits(),
        ) {
            let sample = draw(&indices, w, &sample_edits);
            let rows = LayerRows::new(indices.clone(), w, &[sample]);
            let board = draw(&indices, w, &edits);
            let (zlib, counts) = rows.encode(true, |y, now| {
                now.copy_from_slice(&board[y * w..(y + 1) * w]);
                rows.differing(y, now, 0..w)
            });
            prop_assert_eq!(inflate(&zlib), filtered(&board, w));
            prop_assert!(counts.is_some());
        }

        /// An image on no layer inflates to its rows.
        #[test]
        fn whole_images_inflate_to_their_rows((w, indices) in layer(), edits in edits()) {
            let board = draw(&indices, w, &edits);
            prop_assert_eq!(inflate(&encode_whole(&board, w)), filtered(&board, w));
        }
    }

    #[test]
    fn the_layer_itself_is_copied_whole() {
        let w = 64;
        let indices: Vec<u8> = (0..w * 30)
            .map(|i| ((i % w) / 5 + (i / w) / 3) as u8 % 7)
            .collect();
        let rows = LayerRows::new(indices.clone(), w, &[]);
        let (zlib, counts) = rows.encode(true, |_, _| 0);
        assert_eq!(inflate(&zlib), filtered(&indices, w));
        // Nothing was coded again: every row's bits were copied.
        let counts = counts.expect("counted");
        assert!(counts.is_empty());
    }
}
