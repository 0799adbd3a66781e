//! Palette-indexed PNGs of boards, written row by row in one pass.
//!
//! A board is a cached layer (frame, cells, labels) with a position drawn on top, and most
//! of it is the layer untouched. The layer keeps its rows' palette indices, their filtered
//! bytes and those bytes compressed; a board's canvas knows which tiles of each row its
//! drawing reached (see [`super::dirty`]). Only those tiles are mapped to the palette
//! (and within them, only the stretches that differ from the layer) and filtered again;
//! a row that ends up the layer's is copied into the stream already compressed, and a row
//! that changed is compressed again only around its changed tiles.
//!
//! Rows use PNG's Up filter (boards repeat rows, which Up turns into zeros), so a row's
//! filtered bytes change where the row or the row above it changed. The stream is handed
//! to `png` as the image's data.

use super::deflate::{self, Coded};
use super::dirty;
use super::encode::{BaseLayer, Palette};
use super::kit::Canvas;
use super::RenderError;

/// PNG's Up filter: each byte minus the byte above it.
const UP: u8 = 2;

fn encode_error(e: impl std::fmt::Display) -> RenderError {
    RenderError::Encode(e.to_string())
}

/// A layer's rows as the encoder needs them: palette indices, Up-filtered bytes (each row
/// led by its filter byte) and those bytes compressed, computed once per layer.
pub struct LayerRows {
    width: usize,
    indices: Vec<u8>,
    filtered: Vec<u8>,
    coded: Vec<Coded>,
}

impl LayerRows {
    /// The rows of `indices`, an image `width` pixels wide.
    pub fn new(indices: Vec<u8>, width: usize) -> LayerRows {
        let width = width.max(1);
        let mut filtered = Vec::with_capacity(indices.len() + indices.len() / width);
        let zeros = vec![0u8; width];
        let mut above: &[u8] = &zeros;
        for row in indices.chunks_exact(width) {
            filtered.push(UP);
            filtered.extend(row.iter().zip(above).map(|(now, up)| now.wrapping_sub(*up)));
            above = row;
        }
        let tile = dirty::tile_width(width);
        let coded = filtered
            .chunks_exact(width + 1)
            .map(|line| deflate::code_marked(line, tile))
            .collect();
        LayerRows {
            width,
            indices,
            filtered,
            coded,
        }
    }

    /// Every pixel's palette index, row after row.
    pub fn indices(&self) -> &[u8] {
        &self.indices
    }

    fn indices_of(&self, y: usize) -> &[u8] {
        &self.indices[y * self.width..(y + 1) * self.width]
    }

    fn filtered_of(&self, y: usize) -> &[u8] {
        &self.filtered[y * (self.width + 1)..(y + 1) * (self.width + 1)]
    }
}

/// Encodes `canvas` as an 8-bit palette-indexed PNG through `palette`. With a `base` layer
/// the canvas was drawn on (indexed through the same lookup), only what the drawing
/// reached is encoded again.
pub fn png_indexed(
    canvas: &Canvas,
    palette: &Palette,
    base: Option<&BaseLayer>,
) -> Result<Vec<u8>, RenderError> {
    let (width, height) = (canvas.width(), canvas.height());
    let base = base.filter(|b| b.pixmap.width() == width && b.pixmap.height() == height);
    let zlib = compress_rows(canvas, palette, base);
    let mut out = Vec::with_capacity(zlib.len() + 1024);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.colors().to_vec());
    let mut writer = encoder.write_header().map_err(encode_error)?;
    writer
        .write_chunk(png::chunk::IDAT, &zlib)
        .map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(out)
}

/// The zlib stream of the image's filtered rows.
fn compress_rows(canvas: &Canvas, palette: &Palette, base: Option<&BaseLayer>) -> Vec<u8> {
    match base {
        Some(base) => compress_over(canvas, palette, base),
        None => compress_whole(canvas, palette),
    }
}

/// Every row looked up, filtered and compressed.
fn compress_whole(canvas: &Canvas, palette: &Palette) -> Vec<u8> {
    let width = canvas.width() as usize;
    let height = canvas.height() as usize;
    let rgba = canvas.pixmap.data();
    let mut zlib = deflate::Stream::new(width * height / 6);
    let mut above = vec![0u8; width];
    let mut now = vec![0u8; width];
    let mut line = vec![UP; width + 1];
    for row in rgba.chunks_exact(width * 4) {
        palette.index_row(row, &mut now);
        for ((out, now), up) in line[1..].iter_mut().zip(&now).zip(&above) {
            *out = now.wrapping_sub(*up);
        }
        zlib.write(&line);
        std::mem::swap(&mut above, &mut now);
    }
    zlib.finish()
}

/// Rows over the layer: only the tiles drawing reached are looked up; only the tiles whose
/// indices (or the indices above them) differ from the layer's are filtered and coded.
fn compress_over(canvas: &Canvas, palette: &Palette, base: &BaseLayer) -> Vec<u8> {
    let width = canvas.width() as usize;
    let height = canvas.height() as usize;
    let (rgba, layer) = (canvas.pixmap.data(), base.pixmap.data());
    let rows = &base.rows;
    let tile = canvas.tile();
    let stride = width * 4;
    let mut zlib = deflate::Stream::new(width * height / 6);
    let zeros = vec![0u8; width];
    // The row above's indices, when it differs from the layer's (in the tiles of
    // `above_changed`).
    let mut above = vec![0u8; width];
    let mut above_changed = 0u64;
    let mut now = vec![0u8; width];
    let mut line = vec![UP; width + 1];
    for y in 0..height {
        let pixels = y * stride..(y + 1) * stride;
        let (row, layer_row) = (&rgba[pixels.clone()], &layer[pixels]);
        let layer_indices = rows.indices_of(y);
        let drawn = canvas.dirty(y);
        debug_assert!(
            same_outside(row, layer_row, &canvas.columns(drawn).collect::<Vec<_>>()),
            "row {y} was drawn on outside its marked tiles"
        );
        let mut changed = 0u64;
        if drawn != 0 {
            now.copy_from_slice(layer_indices);
            for columns in canvas.columns(drawn) {
                let px = columns.start * 4..columns.end * 4;
                palette.index_row_over(
                    &row[px.clone()],
                    &layer_row[px],
                    &layer_indices[columns.clone()],
                    &mut now[columns.clone()],
                );
                changed |= tiles_differing(&now, layer_indices, columns, tile);
            }
        }
        let refilter = changed | above_changed;
        if refilter == 0 {
            zlib.write_coded(rows.filtered_of(y), &rows.coded[y]);
        } else {
            let up: &[u8] = match (above_changed, y) {
                (0, 0) => &zeros,
                (0, _) => rows.indices_of(y - 1),
                _ => &above,
            };
            let current: &[u8] = if changed == 0 { layer_indices } else { &now };
            line.copy_from_slice(rows.filtered_of(y));
            for columns in canvas.columns(refilter) {
                let filtered = line[1 + columns.start..1 + columns.end].iter_mut();
                let pairs = current[columns.clone()].iter().zip(&up[columns]);
                for (out, (now, up)) in filtered.zip(pairs) {
                    *out = now.wrapping_sub(*up);
                }
            }
            zlib.write_spliced(&line, &rows.coded[y], refilter);
        }
        if changed != 0 {
            std::mem::swap(&mut above, &mut now);
        }
        above_changed = changed;
    }
    zlib.finish()
}

/// The tiles of `columns` (whole tiles of `tile` pixels) whose indices differ.
fn tiles_differing(now: &[u8], layer: &[u8], columns: std::ops::Range<usize>, tile: usize) -> u64 {
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

/// Whether `row` equals `layer` outside `columns` (a debug check of the canvas's marks).
fn same_outside(row: &[u8], layer: &[u8], columns: &[std::ops::Range<usize>]) -> bool {
    let mut x = 0;
    for c in columns
        .iter()
        .chain(std::iter::once(&(row.len() / 4..row.len() / 4)))
    {
        if row[x * 4..c.start * 4] != layer[x * 4..c.start * 4] {
            return false;
        }
        x = c.end;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::Rgb;
    use proptest::prelude::*;

    /// A layer of rings and bands in a few colours, 101 pixels wide (not a multiple of the
    /// stretches compared), with its palette.
    fn layer() -> (Canvas, Palette) {
        let mut c = Canvas::new(101.0, 67.0, 1.0);
        c.clear(Rgb::hex(0x102030));
        c.fill_rect(0.0, 20.0, 101.0, 9.0, Rgb::hex(0x405060), 1.0);
        c.fill_circle(50.0, 33.0, 25.0, Rgb::hex(0x9a4452), 0.8);
        let mut sample = Canvas::from_layer(&c.pixmap, 1.0);
        sample.fill_circle(20.0, 20.0, 12.0, Rgb::hex(0xffb000), 1.0);
        sample.fill_circle(80.0, 50.0, 12.0, Rgb::hex(0xf4ecd8), 1.0);
        let palette = Palette::learn(&[&c, &sample]);
        (c, palette)
    }

    /// The indices a PNG decodes to.
    fn decoded(png: &[u8]) -> Vec<u8> {
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().expect("a PNG");
        let info = reader.info();
        assert_eq!(info.color_type, png::ColorType::Indexed);
        let mut out = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut out).expect("a frame");
        out
    }

    proptest! {
        /// However much is drawn over the layer, and wherever, the PNG holds exactly the
        /// palette's index of every pixel, with the layer's shortcut or without it.
        #[test]
        fn boards_over_a_layer_decode_to_every_pixels_index(
            spots in proptest::collection::vec((0f32..101.0, 0f32..67.0, 0.5f32..30.0), 0..6)
        ) {
            let (layer, palette) = layer();
            let base = BaseLayer {
                rows: LayerRows::new(palette.index(&layer), layer.width() as usize),
                pixmap: layer.pixmap.clone(),
            };
            let mut board = Canvas::from_layer(&layer.pixmap, 1.0);
            for (x, y, r) in spots {
                board.fill_circle(x, y, r, Rgb::hex(0xffb000), 1.0);
            }
            let expected = palette.index(&board);
            let over = png_indexed(&board, &palette, Some(&base)).expect("encodes");
            let whole = png_indexed(&board, &palette, None).expect("encodes");
            prop_assert_eq!(decoded(&over), expected.clone());
            prop_assert_eq!(decoded(&whole), expected);
        }
    }

    #[test]
    fn a_layer_of_another_size_is_not_used() {
        let (layer, palette) = layer();
        let base = BaseLayer {
            rows: LayerRows::new(palette.index(&layer), layer.width() as usize),
            pixmap: layer.pixmap.clone(),
        };
        let mut other = Canvas::new(50.0, 30.0, 1.0);
        other.clear(Rgb::hex(0x405060));
        let png = png_indexed(&other, &palette, Some(&base)).expect("encodes");
        assert_eq!(decoded(&png), palette.index(&other));
    }
}
