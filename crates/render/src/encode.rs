//! Image encoding: PNG for boards, and animated GIF with one global palette for replays.

use std::borrow::Cow;

use color_quant::NeuQuant;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tiny_skia::Pixmap;

pub use super::indexed::{png_indexed, LayerRows};
use super::kit::Canvas;
use super::RenderError;

fn encode_error(e: impl std::fmt::Display) -> RenderError {
    RenderError::Encode(e.to_string())
}

/// Encodes the canvas as an 8-bit RGB PNG with fast compression: boards are mostly flat
/// colour, which the fast deflate mode compresses well at a fraction of the time.
pub fn png_rgb(canvas: &Canvas) -> Result<Vec<u8>, RenderError> {
    let rgb = canvas.rgb();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, canvas.width(), canvas.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(encode_error)?;
    writer.write_image_data(&rgb).map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(out)
}

/// Bits kept per channel in the colour lookup table.
const LUT_BITS: u32 = 6;

/// A palette of at most 256 colours learnt from sample images, with a lookup table from
/// (reduced) RGB to palette index so that mapping a frame costs one table read per pixel.
#[derive(Clone)]
pub struct Palette {
    rgb: Vec<u8>,
    lut: Vec<u8>,
}

impl Palette {
    /// Learns a palette from sample canvases (use images that show every colour the board
    /// can show: the empty board, both sides' pieces, highlights).
    pub fn learn(samples: &[&Canvas]) -> Palette {
        let mut rgba = Vec::new();
        for canvas in samples {
            rgba.extend_from_slice(canvas.pixmap.data());
        }
        let quant = NeuQuant::new(3, 256, &rgba);
        let rgb = quant.color_map_rgb();
        let size = 1usize << (3 * LUT_BITS);
        let shift = 8 - LUT_BITS;
        let half = 1u32 << (shift - 1);
        let mut lut = vec![0u8; size];
        for (key, slot) in lut.iter_mut().enumerate() {
            let r = (((key >> (2 * LUT_BITS)) as u32) << shift) + half;
            let g = ((((key >> LUT_BITS) & ((1 << LUT_BITS) - 1)) as u32) << shift) + half;
            let b = (((key & ((1 << LUT_BITS) - 1)) as u32) << shift) + half;
            *slot = quant.index_of(&[r as u8, g as u8, b as u8, 255]) as u8;
        }
        Palette { rgb, lut }
    }

    /// The same lookup with other colours in its entries (a theme's recolouring).
    pub fn with_colors(&self, rgb: Vec<u8>) -> Palette {
        Palette {
            rgb,
            lut: self.lut.clone(),
        }
    }

    /// The palette as RGB triplets.
    pub fn colors(&self) -> &[u8] {
        &self.rgb
    }

    /// Maps every pixel of the canvas to a palette index.
    pub fn index(&self, canvas: &Canvas) -> Vec<u8> {
        let data = canvas.pixmap.data();
        let mut out = vec![0u8; data.len() / 4];
        self.index_into(data, &mut out);
        out
    }

    /// Like [`Palette::index`] for a canvas drawn over `base` (a cached layer) whose indices
    /// are known: stretches equal to the base copy its indices, so only what was drawn on
    /// top is looked up.
    pub fn index_over(&self, canvas: &Canvas, base: &BaseLayer) -> Vec<u8> {
        let data = canvas.pixmap.data();
        let base_data = base.pixmap.data();
        if base_data.len() != data.len() {
            return self.index(canvas);
        }
        let mut out = vec![0u8; data.len() / 4];
        self.index_row_over(data, base_data, base.rows.indices(), &mut out);
        out
    }

    /// Maps one row of RGBA pixels to palette indices.
    pub fn index_row(&self, rgba: &[u8], out: &mut [u8]) {
        self.index_into(rgba, out);
    }

    /// Maps pixels drawn over a layer (`layer`, whose indices are `layer_indices`): stretches
    /// equal to the layer copy its indices, so only what was drawn on top is looked up.
    pub fn index_row_over(&self, rgba: &[u8], layer: &[u8], layer_indices: &[u8], out: &mut [u8]) {
        const CHUNK: usize = 16;
        let stretches = rgba.chunks(CHUNK * 4).zip(layer.chunks(CHUNK * 4));
        let outs = out.chunks_mut(CHUNK).zip(layer_indices.chunks(CHUNK));
        for ((now, was), (out, kept)) in stretches.zip(outs) {
            if same_stretch(now, was) {
                out.copy_from_slice(kept);
            } else {
                self.index_changed(now, was, kept, out);
            }
        }
    }

    /// Like [`Palette::index_into`] for a stretch that differs from the layer's somewhere:
    /// a pixel still equal to the layer's takes the layer's index. Every pixel is looked
    /// up and the choice made without a branch: drawn stretches mix pieces' edges, flat
    /// fills and the layer unpredictably, and the lookups of neighbouring pixels overlap.
    fn index_changed(&self, rgba: &[u8], layer: &[u8], kept: &[u8], out: &mut [u8]) {
        let word = |px: &[u8]| <[u8; 4]>::try_from(px).map_or(0, u32::from_le_bytes);
        let pixels = rgba.chunks_exact(4).zip(layer.chunks_exact(4));
        for ((px, was), (slot, &kept)) in pixels.zip(out.iter_mut().zip(kept)) {
            let found = self.lookup(px);
            *slot = if word(px) == word(was) { kept } else { found };
        }
    }

    /// The palette index of one pixel, through the lookup table.
    #[inline]
    fn lookup(&self, px: &[u8]) -> u8 {
        let shift = 8 - LUT_BITS;
        let key = ((px[0] as usize >> shift) << (2 * LUT_BITS))
            | ((px[1] as usize >> shift) << LUT_BITS)
            | (px[2] as usize >> shift);
        self.lut[key]
    }

    /// Boards are mostly runs of flat colour, so a pixel equal to the one before reuses its
    /// index.
    fn index_into(&self, rgba: &[u8], out: &mut [u8]) {
        let mut last_pixel = u32::MAX;
        let mut last_index = 0u8;
        for (px, slot) in rgba.chunks_exact(4).zip(out.iter_mut()) {
            let pixel = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
            if pixel != last_pixel {
                last_index = self.lookup(px);
                last_pixel = pixel;
            }
            *slot = last_index;
        }
    }
}

/// Whether two stretches of pixels are equal; whole stretches are compared as four 128-bit
/// words, a few vector instructions instead of a call to `memcmp` per stretch.
fn same_stretch(now: &[u8], was: &[u8]) -> bool {
    match (<&[u8; 64]>::try_from(now), <&[u8; 64]>::try_from(was)) {
        (Ok(now), Ok(was)) => {
            let quarter = |a: &[u8; 64], i: usize| {
                u128::from_le_bytes(a[16 * i..16 * (i + 1)].try_into().unwrap_or([0; 16]))
            };
            (0..4).fold(0, |d, i| d | (quarter(now, i) ^ quarter(was, i))) == 0
        }
        _ => now == was,
    }
}

/// A cached static layer with its palette indices, for [`Palette::index_over`].
pub struct BaseLayer {
    pub pixmap: Arc<tiny_skia::Pixmap>,
    pub rows: LayerRows,
}

/// An animated GIF built frame by frame: one global palette, and each frame after the first
/// holds only the rectangle that changed.
pub struct GifRecorder<'p> {
    encoder: gif::Encoder<Vec<u8>>,
    palette: &'p Palette,
    previous: Option<Vec<u8>>,
    width: u16,
    height: u16,
}

impl<'p> GifRecorder<'p> {
    pub fn new(width: u32, height: u32, palette: &'p Palette) -> Result<Self, RenderError> {
        let (width, height) = (
            u16::try_from(width).map_err(encode_error)?,
            u16::try_from(height).map_err(encode_error)?,
        );
        let mut encoder =
            gif::Encoder::new(Vec::new(), width, height, palette.colors()).map_err(encode_error)?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(encode_error)?;
        Ok(GifRecorder {
            encoder,
            palette,
            previous: None,
            width,
            height,
        })
    }

    /// Adds a frame shown for `delay` hundredths of a second, drawn over `base` if given.
    pub fn push(
        &mut self,
        canvas: &Canvas,
        base: Option<&BaseLayer>,
        delay: u16,
    ) -> Result<(), RenderError> {
        let indices = match base {
            Some(base) => self.palette.index_over(canvas, base),
            None => self.palette.index(canvas),
        };
        let (w, h) = (self.width as usize, self.height as usize);
        let rect = match &self.previous {
            None => Some((0, 0, w, h)),
            Some(previous) => changed_rect(previous, &indices, w, h),
        };
        // An unchanged frame still needs its time on screen: a 1×1 frame repeating a pixel.
        let (left, top, fw, fh) = rect.unwrap_or((0, 0, 1, 1));
        let (buffer, transparent): (Cow<[u8]>, Option<u8>) = match &self.previous {
            None => (Cow::Borrowed(&indices), None),
            Some(previous) => {
                let (sub, transparent) = sub_frame(&indices, previous, w, (left, top, fw, fh));
                (Cow::Owned(sub), transparent)
            }
        };
        let frame = gif::Frame {
            delay,
            left: left as u16,
            top: top as u16,
            width: fw as u16,
            height: fh as u16,
            buffer,
            transparent,
            // Kept under the next frame, whose transparent pixels show it.
            dispose: gif::DisposalMethod::Keep,
            ..gif::Frame::default()
        };
        self.encoder.write_frame(&frame).map_err(encode_error)?;
        self.previous = Some(indices);
        Ok(())
    }

    pub fn finish(self) -> Result<Vec<u8>, RenderError> {
        self.encoder.into_inner().map_err(encode_error)
    }
}

/// The pixels of `rect` (left, top, width, height) of a frame after the first. Those equal
/// to the previous frame's are given an index no changed pixel of the rectangle uses,
/// declared transparent, so they show the previous frame: a move changes a few pieces in a
/// large rectangle, and long stretches of one index cost LZW almost nothing. Where the
/// changed pixels use all 256 indices, the rectangle is written as it is.
fn sub_frame(
    now: &[u8],
    previous: &[u8],
    w: usize,
    (left, top, fw, fh): (usize, usize, usize, usize),
) -> (Vec<u8>, Option<u8>) {
    let mut sub = Vec::with_capacity(fw * fh);
    let mut used = [false; 256];
    for row in top..top + fh {
        let span = row * w + left..row * w + left + fw;
        for (&px, &was) in now[span.clone()].iter().zip(&previous[span.clone()]) {
            if px != was {
                used[usize::from(px)] = true;
            }
        }
        sub.extend_from_slice(&now[span]);
    }
    let Some(free) = used.iter().position(|&u| !u) else {
        return (sub, None);
    };
    let free = free as u8;
    let mut at = 0;
    for row in top..top + fh {
        let span = row * w + left..row * w + left + fw;
        for &was in &previous[span] {
            if sub[at] == was {
                sub[at] = free;
            }
            at += 1;
        }
    }
    (sub, Some(free))
}

/// The bounding rectangle (left, top, width, height) of the pixels that differ.
fn changed_rect(a: &[u8], b: &[u8], w: usize, h: usize) -> Option<(usize, usize, usize, usize)> {
    let rows: Vec<usize> = (0..h)
        .filter(|&y| a[y * w..(y + 1) * w] != b[y * w..(y + 1) * w])
        .collect();
    let (&top, &bottom) = (rows.first()?, rows.last()?);
    let mut left = w;
    let mut right = 0;
    for y in top..=bottom {
        let (ra, rb) = (&a[y * w..(y + 1) * w], &b[y * w..(y + 1) * w]);
        if let Some(l) = (0..w).find(|&x| ra[x] != rb[x]) {
            left = left.min(l);
            right = right.max((0..w).rev().find(|&x| ra[x] != rb[x]).unwrap_or(l));
        }
    }
    Some((left, top, right - left + 1, bottom - top + 1))
}

/// A board's unchanging layer (frame, cells, labels) at each scale, drawn once, and its
/// palette indices, so that every board starts from it and encodes only what changed.
pub struct StaticLayers {
    draw: fn(f32) -> Pixmap,
    palette: fn() -> &'static Palette,
    samples: fn() -> Vec<Canvas>,
    pixmaps: Mutex<HashMap<u32, Arc<Pixmap>>>,
    bases: Mutex<HashMap<u32, Arc<BaseLayer>>>,
    /// The layer's indices and codes through dressed palettes (a set's palette has its own
    /// lookup), by scale and the seats' sets.
    dressed: Mutex<HashMap<DressKey, Arc<BaseLayer>>>,
}

/// A scale and the sets the seats wear: what a dressed palette's lookup depends on (a theme
/// only recolours its entries).
type DressKey = (u32, Vec<Option<&'static str>>);

/// The layer kept under `key`, or the one `build` makes (no lock held meanwhile: a layer
/// takes a while), then kept; past `most` layers the others are forgotten first.
fn kept<K: std::hash::Hash + Eq>(
    layers: &Mutex<HashMap<K, Arc<BaseLayer>>>,
    key: K,
    most: usize,
    build: impl FnOnce() -> Arc<BaseLayer>,
) -> Arc<BaseLayer> {
    let lock = || layers.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(base) = lock().get(&key) {
        return Arc::clone(base);
    }
    let base = build();
    let mut kept = lock();
    if kept.len() >= most {
        kept.clear();
    }
    kept.insert(key, Arc::clone(&base));
    base
}

/// The most dressed layers kept at once per layer: a layer's indices, parse and coded rows
/// are nearly two megabytes and there are nine layers at two scales, so members cycling
/// through sets cost at most about 60 MB; past it a combination is built again (about a
/// quarter of a second off the answering threads, as its palette already is).
const KEPT_DRESSED: usize = 4;

impl StaticLayers {
    /// The layer `draw` draws at each scale, boards encoded through `palette`, the codes
    /// fitted to `samples` (boards drawn at full scale) where the scale is theirs.
    pub fn new(
        draw: fn(f32) -> Pixmap,
        palette: fn() -> &'static Palette,
        samples: fn() -> Vec<Canvas>,
    ) -> StaticLayers {
        StaticLayers {
            draw,
            palette,
            samples,
            pixmaps: Mutex::new(HashMap::new()),
            bases: Mutex::new(HashMap::new()),
            dressed: Mutex::new(HashMap::new()),
        }
    }

    /// The layer drawn at `scale`.
    pub fn pixmap(&self, scale: f32) -> Arc<Pixmap> {
        let mut pixmaps = self.pixmaps.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(
            pixmaps
                .entry(scale.to_bits())
                .or_insert_with(|| Arc::new((self.draw)(scale))),
        )
    }

    /// The layer at `scale` with its palette indices. The palette is learnt from boards
    /// drawn on this layer, so no lock is held while it is computed.
    pub fn base(&self, scale: f32) -> Arc<BaseLayer> {
        let build = || self.build(scale, (self.palette)());
        kept(&self.bases, scale.to_bits(), usize::MAX, build)
    }

    /// The layer at `scale` indexed through `palette`, the palette of boards whose seats
    /// wear `sets`: built on the first such board, so that dressed boards are spliced over
    /// their layer as plain ones are.
    pub fn dressed_base(
        &self,
        scale: f32,
        sets: Vec<Option<&'static str>>,
        palette: &Palette,
    ) -> Arc<BaseLayer> {
        let build = || self.build(scale, palette);
        kept(&self.dressed, (scale.to_bits(), sets), KEPT_DRESSED, build)
    }

    /// The layer at `scale` indexed through `palette`, its codes fitted to the layer's
    /// samples indexed through it.
    fn build(&self, scale: f32, palette: &Palette) -> Arc<BaseLayer> {
        let pixmap = self.pixmap(scale);
        let canvas = Canvas::from_layer(&pixmap, scale);
        let samples: Vec<Vec<u8>> = (self.samples)()
            .iter()
            .filter(|s| (s.width(), s.height()) == (canvas.width(), canvas.height()))
            .map(|s| palette.index(s))
            .collect();
        let width = canvas.width() as usize;
        Arc::new(BaseLayer {
            rows: LayerRows::new(palette.index(&canvas), width, &samples),
            pixmap,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::Rgb;
    use proptest::prelude::*;

    /// Every frame of a GIF as shown: each frame's pixels over the last, its transparent
    /// index showing what was there.
    fn shown(gif_bytes: &[u8]) -> Vec<Vec<u8>> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options
            .read_info(std::io::Cursor::new(gif_bytes))
            .expect("a GIF");
        let w = usize::from(decoder.width());
        let mut screen = vec![0u8; w * usize::from(decoder.height())];
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame().expect("a frame") {
            let (left, top) = (usize::from(frame.left), usize::from(frame.top));
            let fw = usize::from(frame.width);
            for (i, &px) in frame.buffer.iter().enumerate() {
                if frame.transparent != Some(px) {
                    screen[(top + i / fw) * w + left + i % fw] = px;
                }
            }
            frames.push(screen.clone());
        }
        frames
    }

    proptest! {
        /// Whatever changes from frame to frame (nothing included), every frame shows
        /// exactly its pixels' palette indices.
        #[test]
        fn replay_frames_show_their_pixels(
            moves in proptest::collection::vec(
                proptest::collection::vec((0f32..60.0, 0f32..40.0, 0.5f32..9.0, 0u32..4), 0..4),
                1..5,
            )
        ) {
            let colours = [0xffb000, 0xf4ecd8, 0x405060, 0x9a4452];
            let mut base = Canvas::new(60.0, 40.0, 1.0);
            base.clear(Rgb::hex(0x102030));
            let mut sample = Canvas::new(60.0, 40.0, 1.0);
            sample.clear(Rgb::hex(0x102030));
            for (i, c) in colours.iter().enumerate() {
                sample.fill_circle(8.0 + 14.0 * i as f32, 20.0, 6.0, Rgb::hex(*c), 1.0);
            }
            let palette = Palette::learn(&[&base, &sample]);
            let mut recorder = GifRecorder::new(60, 40, &palette).expect("a recorder");
            let mut canvas = Canvas::new(60.0, 40.0, 1.0);
            canvas.clear(Rgb::hex(0x102030));
            let mut expected = vec![palette.index(&canvas)];
            recorder.push(&canvas, None, 10).expect("a frame");
            for spots in moves {
                for (x, y, r, c) in spots {
                    canvas.fill_circle(x, y, r, Rgb::hex(colours[c as usize]), 1.0);
                }
                expected.push(palette.index(&canvas));
                recorder.push(&canvas, None, 10).expect("a frame");
            }
            prop_assert_eq!(shown(&recorder.finish().expect("a GIF")), expected);
        }
    }
}
