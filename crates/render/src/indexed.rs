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

use super::encode::{BaseLayer, Palette};
use super::kit::Canvas;
use super::layer_rows;
use super::RenderError;

pub use super::layer_rows::LayerRows;

fn encode_error(e: impl std::fmt::Display) -> RenderError {
    RenderError::Encode(e.to_string())
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
        None => layer_rows::encode_whole(&palette.index(canvas), canvas.width() as usize),
    }
}

/// Rows over the layer: only the tiles drawing reached are looked up, and only where
/// their pixels differ from the layer's.
fn compress_over(canvas: &Canvas, palette: &Palette, base: &BaseLayer) -> Vec<u8> {
    let stride = canvas.width() as usize * 4;
    let (rgba, layer) = (canvas.pixmap.data(), base.pixmap.data());
    let rows = &base.rows;
    let (zlib, _) = rows.encode(false, |y, now| {
        let pixels = y * stride..(y + 1) * stride;
        let (row, layer_row) = (&rgba[pixels.clone()], &layer[pixels]);
        let drawn = canvas.dirty(y);
        debug_assert!(
            same_outside(row, layer_row, &canvas.columns(drawn).collect::<Vec<_>>()),
            "row {y} was drawn on outside its marked tiles"
        );
        let layer_indices = rows.indices_of(y);
        let mut changed = 0u64;
        for columns in canvas.columns(drawn) {
            let px = columns.start * 4..columns.end * 4;
            palette.index_row_over(
                &row[px.clone()],
                &layer_row[px],
                &layer_indices[columns.clone()],
                &mut now[columns.clone()],
            );
            changed |= rows.differing(y, now, columns);
        }
        changed
    });
    zlib
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
                rows: LayerRows::new(palette.index(&layer), layer.width() as usize, &[]),
                pixmap: std::sync::Arc::new(layer.pixmap.clone()),
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
            rows: LayerRows::new(palette.index(&layer), layer.width() as usize, &[]),
            pixmap: std::sync::Arc::new(layer.pixmap.clone()),
        };
        let mut other = Canvas::new(50.0, 30.0, 1.0);
        other.clear(Rgb::hex(0x405060));
        let png = png_indexed(&other, &palette, Some(&base)).expect("encodes");
        assert_eq!(decoded(&png), palette.index(&other));
    }
}
