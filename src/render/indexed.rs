//! Palette-indexed PNGs of boards, written row by row in one pass.
//!
//! A board is a cached layer (frame, cells, labels) with a position drawn on top, and most
//! of its rows are the layer's rows untouched. Those rows are neither looked up in the
//! palette nor filtered again: the layer keeps its rows' indices and their filtered bytes,
//! and a run of untouched rows goes to the compressor as one slice. Only the rows the
//! position drew on are mapped to the palette (and within them, only the stretches that
//! differ from the layer), filtered and compressed.
//!
//! Rows use PNG's Up filter (boards repeat rows, which Up turns into zeros); the layer's
//! rows are also kept compressed (see [`super::deflate`]), so an untouched row is copied
//! into the image's stream as it is. The stream is handed to `png` as the image's data.

use super::deflate::{self, Bits};
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
    indices: Vec<u8>,
    filtered: Vec<u8>,
    coded: Vec<Bits>,
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
        let coded = filtered
            .chunks_exact(width + 1)
            .map(deflate::code)
            .collect();
        LayerRows {
            indices,
            filtered,
            coded,
        }
    }

    /// Every pixel's palette index, row after row.
    pub fn indices(&self) -> &[u8] {
        &self.indices
    }
}

/// Encodes `canvas` as an 8-bit palette-indexed PNG through `palette`. With a `base` layer
/// the canvas was drawn on (indexed through the same lookup), untouched rows cost one
/// comparison each.
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
    let width = canvas.width() as usize;
    let height = canvas.height() as usize;
    let rgba = canvas.pixmap.data();
    let stride = width * 4;
    let mut zlib = deflate::Stream::new(width * height / 6);
    let mut above = vec![0u8; width];
    let mut now = vec![0u8; width];
    let mut line = vec![UP; width + 1];
    // Whether the row above holds the layer's indices, so that a row equal to the layer's
    // also filters to the layer's bytes.
    let mut above_is_layer = true;
    let mut y = 0;
    while y < height {
        let row = |y: usize| &rgba[y * stride..(y + 1) * stride];
        if let Some(base) = base {
            let layer = base.pixmap.data();
            let layer_row = |y: usize| &layer[y * stride..(y + 1) * stride];
            // A row nothing was drawn on is the layer's; one drawn on may still be.
            let same = |y: usize| {
                let untouched = !canvas.touched(y);
                debug_assert!(!untouched || row(y) == layer_row(y), "row {y} was drawn on");
                untouched || row(y) == layer_row(y)
            };
            if above_is_layer && same(y) {
                let rows = &base.rows;
                while y < height && same(y) {
                    let line = &rows.filtered[y * (width + 1)..(y + 1) * (width + 1)];
                    zlib.write_coded(line, &rows.coded[y]);
                    y += 1;
                }
                above.copy_from_slice(&rows.indices[(y - 1) * width..y * width]);
                continue;
            }
            let at = y * width..(y + 1) * width;
            palette.index_row_over(
                row(y),
                layer_row(y),
                &base.rows.indices[at.clone()],
                &mut now,
            );
            above_is_layer = now[..] == base.rows.indices[at];
        } else {
            palette.index_row(row(y), &mut now);
        }
        for ((out, now), up) in line[1..].iter_mut().zip(&now).zip(&above) {
            *out = now.wrapping_sub(*up);
        }
        zlib.write(&line);
        std::mem::swap(&mut above, &mut now);
        y += 1;
    }
    zlib.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::kit::Rgb;
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
