//! The zlib stream of a board's filtered rows, in which the rows a board shares with its
//! cached layer are copied, already compressed, instead of compressed again.
//!
//! No deflate crate splices precompressed pieces into a stream, and most of a board's
//! rows are its layer's, untouched. So the stream is one deflate block whose Huffman codes
//! are fixed for the layer (fitted to it once, see [`super::huffman`]): with fixed codes a
//! symbol's bits do not depend on what came before them, so a layer's row is coded once
//! (from its parse, see [`super::lz77`]) and its bits are copied into every board drawn on
//! it. A copy stays valid as long as the bytes it reaches back to are the layer's: each
//! coded row knows which tiles of which rows above its copies read ([`Reach`]), and a
//! board codes again the tiles it changed and those whose copies read what it changed.
//! The layer's row keeps where its symbols start near each tile boundary, so only the
//! stretch from the symbol before such a tile to the symbol after it is coded again: with
//! the layer's own pieces where they still hold, else with copies of what the board drew
//! before (see [`super::window`]).

use std::ops::Range;

use simd_adler32::Adler32;

use super::bits::Bits;
use super::dirty::runs;
use super::huffman::{Codes, Counts, END};
use super::lz77::Piece;
use super::window::Window;

/// Codes bytes `span` of the window's stream, the bytes before it being already written.
/// Where the layer's own pieces for those bytes (`guide`: the row's pieces, from the one
/// starting at `span.start`) still hold in the board — a literal of the same byte, a copy
/// whose source equals its bytes — they are written again (one comparison instead of a
/// search, and the layer's parse was searched harder); elsewhere each byte is coded as
/// itself or as the longest copy the window finds, until a layer piece starts again.
fn code_span(
    bits: &mut Bits,
    codes: &Codes,
    counts: &mut Option<Counts>,
    window: &mut Window,
    span: Range<usize>,
    guide: &[Piece],
) {
    let mut at = span.start;
    // The layer piece at or after `at`, and where it starts.
    let (mut next, mut next_at) = (0, span.start);
    while at < span.end {
        while next_at < at && next < guide.len() {
            next_at += guide[next].len();
            next += 1;
        }
        let piece = match guide.get(next) {
            Some(&layer) if next_at == at && window.holds(at, layer, span.end) => {
                next_at += layer.len();
                next += 1;
                window.see(at);
                layer
            }
            _ => window.next_piece(at, span.end),
        };
        at += write_piece(bits, codes, counts, piece);
    }
}

/// Writes a piece (counting it, if counted); returns how many bytes it codes.
#[inline]
fn write_piece(bits: &mut Bits, codes: &Codes, counts: &mut Option<Counts>, piece: Piece) -> usize {
    match piece {
        Piece::Literal(byte) => {
            codes.symbol(bits, usize::from(byte));
            if let Some(c) = counts {
                c.literal(byte);
            }
            1
        }
        Piece::Copy { len, dist } => {
            let (len, dist) = (usize::from(len), usize::from(dist));
            codes.copy(bits, len, dist);
            if let Some(c) = counts {
                c.copy(len, dist);
            }
            len
        }
    }
}

/// Where a symbol of a coded row starts: the byte it codes first, and its first bit.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Mark {
    byte: u32,
    bit: u32,
    /// The index of the piece starting there.
    piece: u32,
}

/// What a layer row's copies read outside themselves: if a board changed any of the tiles
/// `source` of the row `back` rows up (0: this row), the tiles `own` must be coded again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reach {
    back: u16,
    source: u64,
    own: u64,
}

/// A row coded on its own, once, with the symbol starts a board needs to splice it (see
/// [`Stream::write_spliced`]) and what its copies read.
pub struct Coded {
    /// The row's pieces, which a board's stretches coded again follow where they hold.
    pieces: Vec<Piece>,
    /// The bits, with eight zero bytes after the last.
    bytes: Vec<u8>,
    bits: usize,
    /// For each tile boundary k (the row's byte 1 + k·tile: the filter byte comes first),
    /// the last symbol starting at or before it.
    floor: Vec<Mark>,
    /// For each tile boundary k, the first symbol starting after it (or the row's end), so
    /// that the byte before that symbol is the tile's own.
    ceil: Vec<Mark>,
    reaches: Vec<Reach>,
    /// The farthest row back a copy reads.
    farthest: usize,
}

/// The tiles (of `tile` bytes after the filter byte) that bytes `from..to` of a row cover.
fn tiles_of(from: usize, to: usize, tile: usize) -> u64 {
    let (from, to) = (from.max(1), to);
    if to <= from {
        return 0;
    }
    let (first, last) = (((from - 1) / tile).min(63), ((to - 2) / tile).min(63));
    let width = last - first + 1;
    let span = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    span << first
}

/// Codes a row (of a layer whose rows are `stride` bytes, this one starting at byte
/// `start` of the stream) from its `pieces`, `tile` bytes to a tile after its first byte.
pub fn code_row(
    data: &[u8],
    pieces: Vec<Piece>,
    codes: &Codes,
    start: usize,
    tile: usize,
) -> Coded {
    let tile = tile.max(1);
    let stride = data.len().max(1);
    let mut bits = Bits::with_capacity(data.len() / 4);
    let mut starts = Vec::with_capacity(pieces.len());
    let mut reaches: Vec<Reach> = Vec::new();
    let mut at = 0;
    for (k, piece) in pieces.iter().enumerate() {
        starts.push(Mark {
            byte: at as u32,
            bit: bits.len() as u32,
            piece: k as u32,
        });
        write_piece(&mut bits, codes, &mut None, *piece);
        match *piece {
            Piece::Literal(_) => at += 1,
            Piece::Copy { len, dist } => {
                let (len, dist) = (usize::from(len), usize::from(dist));
                let own = tiles_of(at, at + len, tile);
                let source = (start + at - dist)..(start + at - dist + len);
                let mut q = source.start;
                while q < source.end {
                    let row = q / stride;
                    let row_end = ((row + 1) * stride).min(source.end);
                    let (c0, c1) = (q - row * stride, row_end - row * stride);
                    let back = start / stride - row;
                    // A run's source within its own bytes and the byte before is covered by
                    // the splice's marks.
                    let covered = back == 0 && at >= 1 && c0 + 1 >= at;
                    let mask = tiles_of(c0, c1, tile);
                    if !covered && mask != 0 {
                        add_reach(&mut reaches, back as u16, mask, own);
                    }
                    q = row_end;
                }
                at += len;
            }
        }
    }
    let end = Mark {
        byte: data.len() as u32,
        bit: bits.len() as u32,
        piece: pieces.len() as u32,
    };
    let boundaries = data.len().saturating_sub(1).div_ceil(tile) + 1;
    let mut floor = Vec::with_capacity(boundaries);
    let mut ceil = Vec::with_capacity(boundaries);
    for k in 0..boundaries {
        let b = (1 + k * tile) as u32;
        let after = starts.partition_point(|m| m.byte <= b);
        let first = Mark::default();
        floor.push(after.checked_sub(1).map_or(first, |i| starts[i]));
        ceil.push(starts[after..].first().copied().unwrap_or(end));
    }
    let bit_count = bits.len();
    let mut bytes = bits.into_bytes();
    bytes.extend_from_slice(&[0; 8]);
    let farthest = reaches
        .iter()
        .map(|r| usize::from(r.back))
        .max()
        .unwrap_or(0);
    Coded {
        pieces,
        bytes,
        bits: bit_count,
        floor,
        ceil,
        reaches,
        farthest,
    }
}

/// Adds what a copy reads, merged with a reach of the same row and own tiles.
fn add_reach(reaches: &mut Vec<Reach>, back: u16, source: u64, own: u64) {
    match reaches.iter_mut().find(|r| r.back == back && r.own == own) {
        Some(r) => r.source |= source,
        None => reaches.push(Reach { back, source, own }),
    }
}

impl Coded {
    /// The tiles to code again in a board whose filtered bytes differ from the layer's in
    /// the tiles `changed(back)` of the row `back` rows up (0: this row).
    pub fn stale(&self, changed: impl Fn(usize) -> u64) -> u64 {
        let mut stale = changed(0);
        for r in &self.reaches {
            if changed(usize::from(r.back)) & r.source != 0 {
                stale |= r.own;
            }
        }
        stale
    }

    /// The farthest row back this row's copies read.
    pub fn farthest(&self) -> usize {
        self.farthest
    }
}

/// A zlib stream written row by row: a row's bytes coded now, or a row already coded.
pub struct Stream<'c> {
    bits: Bits,
    codes: &'c Codes,
    checksum: Adler32,
    /// The symbols coded now (not those copied), when they are counted.
    counts: Option<Counts>,
}

impl<'c> Stream<'c> {
    pub fn new(capacity: usize, codes: &'c Codes) -> Stream<'c> {
        let mut bits = Bits::with_capacity(capacity);
        // zlib: deflate with a 32 KB window, no dictionary, the fastest level (0x78 0x01).
        bits.put(0x0178, 16);
        codes.write_header(&mut bits);
        Stream {
            bits,
            codes,
            checksum: Adler32::new(),
            counts: None,
        }
    }

    /// Counts the symbols coded from now on (not those copied).
    pub fn count(&mut self) {
        self.counts = Some(Counts::default());
    }

    /// The symbols counted.
    pub fn counts(&self) -> Option<&Counts> {
        self.counts.as_ref()
    }

    /// Adds `data`, parsed as `pieces`.
    pub fn write_pieces(&mut self, data: &[u8], pieces: &[Piece]) {
        self.checksum.write(data);
        for &piece in pieces {
            write_piece(&mut self.bits, self.codes, &mut self.counts, piece);
        }
    }

    /// Adds `data`, already coded as `coded` (by [`code_row`] with these codes).
    pub fn write_coded(&mut self, data: &[u8], coded: &Coded) {
        self.checksum.write(data);
        self.bits.append_range(&coded.bytes, 0, coded.bits);
    }

    /// Adds the window's last row, `row`, whose coding `coded` still holds outside the
    /// tiles of `stale`: the coded bits of the stretches between are copied, the rest coded
    /// again.
    pub fn write_spliced(
        &mut self,
        window: &mut Window,
        row: Range<usize>,
        coded: &Coded,
        stale: u64,
    ) {
        self.checksum.write(window.bytes(row.clone()));
        let last = coded.floor.len().saturating_sub(1);
        // The stretch coded again that is not written yet, and where the copied bits
        // resume.
        let mut fresh: Option<(Mark, Mark)> = None;
        let mut resume = Mark::default();
        for tiles in runs(stale) {
            if tiles.start >= last {
                break;
            }
            let (from, to) = (coded.floor[tiles.start], coded.ceil[tiles.end.min(last)]);
            fresh = match fresh {
                Some((f, t)) if from.byte <= t.byte => Some((f, to)),
                Some((f, t)) => {
                    self.splice(window, row.start, coded, resume, f..t);
                    resume = t;
                    Some((from, to))
                }
                None => Some((from, to)),
            };
        }
        if let Some((f, t)) = fresh {
            self.splice(window, row.start, coded, resume, f..t);
            resume = t;
        }
        self.bits
            .append_range(&coded.bytes, resume.bit as usize, coded.bits);
    }

    /// The copied bits from `resume` to the stretch's start, then the stretch of the row
    /// (which starts at `start` in the window) coded again.
    fn splice(
        &mut self,
        window: &mut Window,
        start: usize,
        coded: &Coded,
        resume: Mark,
        stretch: Range<Mark>,
    ) {
        self.bits.append_range(
            &coded.bytes,
            resume.bit as usize,
            stretch.start.bit as usize,
        );
        let (from, to) = (
            start + stretch.start.byte as usize,
            start + stretch.end.byte as usize,
        );
        let guide = &coded.pieces[stretch.start.piece as usize..];
        code_span(
            &mut self.bits,
            self.codes,
            &mut self.counts,
            window,
            from..to,
            guide,
        );
    }

    /// Ends the block and the stream.
    pub fn finish(mut self) -> Vec<u8> {
        self.codes.symbol(&mut self.bits, END);
        let checksum = self.checksum.finish();
        let mut bytes = self.bits.into_bytes();
        bytes.extend_from_slice(&checksum.to_be_bytes());
        bytes
    }
}
