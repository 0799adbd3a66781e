//! The zlib stream of a board's filtered rows, in which the rows a board shares with its
//! cached layer are copied, already compressed, instead of compressed again.
//!
//! No deflate crate splices precompressed pieces into a stream, and about half of a board's
//! rows are its layer's, untouched. So the stream is one deflate block with the fixed
//! Huffman codes of RFC 1951 (§3.2.6): with fixed codes a row's code does not depend on
//! what came before it, and every row is coded on its own (a repeat only ever reaches back
//! to the byte before it, in the same row), so a layer's row is coded once and its bits are
//! copied into every board drawn on it. Within a row a board changed, the stretches it left
//! alone are copied too: the layer's row keeps where its symbols start near each tile
//! boundary (see [`super::dirty`]), and only the stretch from the symbol before a changed
//! tile to the symbol after it is coded again. Filtered board rows are mostly zeros and
//! repeats, which the code writes as runs.

use simd_adler32::Adler32;

use super::dirty::runs;

/// The code of each literal/length symbol (0–287): its bits in the order they are written
/// (deflate sends Huffman codes from their high bit) and its length.
const fn fixed_codes() -> [(u16, u8); 288] {
    let mut codes = [(0u16, 0u8); 288];
    let mut symbol = 0;
    while symbol < 288 {
        let (code, len) = match symbol {
            0..=143 => (0x30 + symbol, 8),
            144..=255 => (0x190 + symbol - 144, 9),
            256..=279 => (symbol - 256, 7),
            _ => (0xc0 + symbol - 280, 8),
        };
        let mut reversed = 0u16;
        let mut bit = 0;
        while bit < len {
            reversed |= (((code >> bit) & 1) as u16) << (len - 1 - bit);
            bit += 1;
        }
        codes[symbol] = (reversed, len as u8);
        symbol += 1;
    }
    codes
}

const CODES: [(u16, u8); 288] = fixed_codes();

/// The first length of each length symbol 257–285, and its extra bits.
const LENGTHS: [(u16, u8); 29] = [
    (3, 0),
    (4, 0),
    (5, 0),
    (6, 0),
    (7, 0),
    (8, 0),
    (9, 0),
    (10, 0),
    (11, 1),
    (13, 1),
    (15, 1),
    (17, 1),
    (19, 2),
    (23, 2),
    (27, 2),
    (31, 2),
    (35, 3),
    (43, 3),
    (51, 3),
    (59, 3),
    (67, 4),
    (83, 4),
    (99, 4),
    (115, 4),
    (131, 5),
    (163, 5),
    (195, 5),
    (227, 5),
    (258, 0),
];

/// The code of a repeat of every length 3–258 with distance 1, as one piece of bits:
/// the length symbol, its extra bits and the distance code (0, five bits).
const fn repeat_codes() -> [(u32, u8); 259] {
    let mut codes = [(0u32, 0u8); 259];
    let mut len = 3;
    while len <= 258 {
        let mut at = 0;
        while at + 1 < LENGTHS.len() && LENGTHS[at + 1].0 as usize <= len {
            at += 1;
        }
        let (first, extra) = LENGTHS[at];
        let (code, code_len) = CODES[257 + at];
        let bits = code as u32 | (((len - first as usize) as u32) << code_len);
        codes[len] = (bits, code_len + extra + 5);
        len += 1;
    }
    codes
}

const REPEATS: [(u32, u8); 259] = repeat_codes();

/// The longest repeat deflate codes.
const MAX_REPEAT: usize = 258;

/// Bits written least significant first, as deflate packs them.
#[derive(Default, Clone)]
pub struct Bits {
    bytes: Vec<u8>,
    pending: u64,
    count: u32,
}

impl Bits {
    fn with_capacity(bytes: usize) -> Bits {
        Bits {
            bytes: Vec::with_capacity(bytes),
            ..Bits::default()
        }
    }

    /// Writes the low `n` bits of `bits` (n ≤ 32; no higher bit set).
    #[inline]
    fn put(&mut self, bits: u64, n: u32) {
        self.pending |= bits << self.count;
        self.count += n;
        if self.count >= 64 {
            self.bytes.extend_from_slice(&self.pending.to_le_bytes());
            self.count -= 64;
            self.pending = bits >> (n - self.count);
        }
    }

    /// How many bits are written.
    fn len(&self) -> usize {
        self.bytes.len() * 8 + self.count as usize
    }

    /// Writes bits `from..to` of `src` (bytes holding bits least significant first, with
    /// at least eight bytes after the last bit's).
    fn append_range(&mut self, src: &[u8], from: usize, to: usize) {
        let mut at = from;
        while at < to {
            let n = (to - at).min(32);
            let byte = at / 8;
            let word = src
                .get(byte..byte + 8)
                .and_then(|w| <[u8; 8]>::try_from(w).ok())
                .map_or(0, u64::from_le_bytes);
            self.put((word >> (at % 8)) & ((1u64 << n) - 1), n as u32);
            at += n;
        }
    }

    #[inline]
    fn symbol(&mut self, symbol: usize) {
        let (code, len) = CODES[symbol];
        self.put(u64::from(code), u32::from(len));
    }

    /// The first repeat of a run of `run` ≥ 3 (at most 258, never leaving a tail of one or
    /// two); returns its length.
    #[inline]
    fn repeat_piece(&mut self, run: usize) -> usize {
        let mut len = run.min(MAX_REPEAT);
        if (1..3).contains(&(run - len)) {
            len -= 3;
        }
        let (bits, n) = REPEATS[len];
        self.put(u64::from(bits), u32::from(n));
        len
    }

    /// `run` more of the byte before (any length): repeats of at most 258, never leaving a
    /// tail of one or two (which a repeat cannot code, so those are written as bytes).
    fn repeat(&mut self, byte: u8, mut run: usize) {
        while run >= 3 {
            run -= self.repeat_piece(run);
        }
        for _ in 0..run {
            self.symbol(usize::from(byte));
        }
    }

    /// The bytes, the last one padded with zero bits.
    fn into_bytes(mut self) -> Vec<u8> {
        let tail = self.count.div_ceil(8) as usize;
        self.bytes
            .extend_from_slice(&self.pending.to_le_bytes()[..tail]);
        self.bytes
    }
}

/// How many bytes from `at` on equal `byte`: 32 bytes at a time while they all do (a
/// fixed-size comparison, a few vector instructions), then 8 at a time, the first
/// differing byte of a word found from its bits.
#[inline]
fn run_of(data: &[u8], at: usize, byte: u8) -> usize {
    let rest = &data[at.min(data.len())..];
    let wide = [byte; 32];
    let mut n = 0;
    for block in rest.chunks_exact(32) {
        if <&[u8; 32]>::try_from(block).is_ok_and(|b| *b == wide) {
            n += 32;
        } else {
            break;
        }
    }
    let eight = u64::from_le_bytes([byte; 8]);
    for word in rest[n..].chunks_exact(8) {
        let word = <[u8; 8]>::try_from(word).map_or(0, u64::from_le_bytes);
        let differ = word ^ eight;
        if differ != 0 {
            return n + (differ.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + rest[n..].iter().take_while(|&&b| b == byte).count()
}

/// Codes `data[from..to]`, the bytes before `from` being already written: each byte, and
/// three or more of the byte before as a repeat (from the row's first byte on, which is
/// always written as itself, so that a row never reaches into the row before it).
fn code_span(bits: &mut Bits, data: &[u8], from: usize, to: usize) {
    let data = &data[..to.min(data.len())];
    let mut at = from;
    let mut before = match at.checked_sub(1).map(|b| data.get(b)) {
        Some(Some(&byte)) => byte,
        Some(None) => return,
        None => {
            let Some(&first) = data.first() else {
                return;
            };
            bits.symbol(usize::from(first));
            at = 1;
            first
        }
    };
    while at < data.len() {
        let byte = data[at];
        if byte == before {
            let run = run_of(data, at, byte);
            bits.repeat(byte, run);
            at += run;
        } else if let Some(&next) = data.get(at + 1).filter(|&&next| next != byte) {
            // Two bytes at once (at most 18 bits), the second not a repeat of the first.
            let (code, len) = CODES[usize::from(byte)];
            let (next_code, next_len) = CODES[usize::from(next)];
            let both = u64::from(code) | u64::from(next_code) << len;
            bits.put(both, u32::from(len + next_len));
            before = next;
            at += 2;
        } else {
            bits.symbol(usize::from(byte));
            before = byte;
            at += 1;
        }
    }
}

/// Where a symbol of a coded row starts: the byte it codes first, and its first bit.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Mark {
    byte: u32,
    bit: u32,
}

/// A row coded on its own, once, with the symbol starts a board needs to splice it (see
/// [`Stream::write_spliced`]).
pub struct Coded {
    /// The bits, with eight zero bytes after the last.
    bytes: Vec<u8>,
    bits: usize,
    /// For each tile boundary k (the row's byte 1 + k·tile: the filter byte comes first),
    /// the last symbol starting at or before it.
    floor: Vec<Mark>,
    /// For each tile boundary k, the first symbol starting after it (or the row's end), so
    /// that the byte before that symbol is the tile's own.
    ceil: Vec<Mark>,
}

/// Codes a row on its own, `tile` bytes to a tile after its first, symbol by symbol as
/// [`code_span`] codes (any valid coding would do: only its own marks index it).
pub fn code_marked(data: &[u8], tile: usize) -> Coded {
    let mut bits = Bits::with_capacity(data.len() / 4);
    let mut starts = Vec::new();
    let mut at = 0;
    while at < data.len() {
        starts.push(Mark {
            byte: at as u32,
            bit: bits.len() as u32,
        });
        let byte = data[at];
        let run = if at > 0 && data[at - 1] == byte {
            run_of(data, at, byte)
        } else {
            0
        };
        if run >= 3 {
            at += bits.repeat_piece(run);
        } else {
            bits.symbol(usize::from(byte));
            at += 1;
        }
    }
    let end = Mark {
        byte: data.len() as u32,
        bit: bits.len() as u32,
    };
    let tile = tile.max(1);
    let boundaries = data.len().saturating_sub(1).div_ceil(tile) + 1;
    let mut floor = Vec::with_capacity(boundaries);
    let mut ceil = Vec::with_capacity(boundaries);
    for k in 0..boundaries {
        let b = (1 + k * tile) as u32;
        let after = starts.partition_point(|m| m.byte <= b);
        let first = Mark { byte: 0, bit: 0 };
        floor.push(after.checked_sub(1).map_or(first, |i| starts[i]));
        ceil.push(starts[after..].first().copied().unwrap_or(end));
    }
    let bit_count = bits.len();
    let mut bytes = bits.into_bytes();
    bytes.extend_from_slice(&[0; 8]);
    Coded {
        bytes,
        bits: bit_count,
        floor,
        ceil,
    }
}

/// A zlib stream written row by row: a row's bytes coded now, or a row already coded.
pub struct Stream {
    bits: Bits,
    checksum: Adler32,
}

impl Stream {
    pub fn new(capacity: usize) -> Stream {
        let mut bits = Bits::with_capacity(capacity);
        // zlib: deflate with a 32 KB window, no dictionary, the fastest level (0x78 0x01).
        bits.put(0x0178, 16);
        // One block, the last: BFINAL 1, BTYPE 01 (fixed codes).
        bits.put(0b011, 3);
        Stream {
            bits,
            checksum: Adler32::new(),
        }
    }

    /// Codes `data` and adds it.
    pub fn write(&mut self, data: &[u8]) {
        self.checksum.write(data);
        code_span(&mut self.bits, data, 0, data.len());
    }

    /// Adds `data`, already coded as `coded` (by [`code_marked`]).
    pub fn write_coded(&mut self, data: &[u8], coded: &Coded) {
        self.checksum.write(data);
        self.bits.append_range(&coded.bytes, 0, coded.bits);
    }

    /// Adds `data`, a row equal to the one `coded` codes outside the tiles of `changed`:
    /// the coded bits of the stretches between are copied, the rest coded again.
    pub fn write_spliced(&mut self, data: &[u8], coded: &Coded, changed: u64) {
        self.checksum.write(data);
        let last = coded.floor.len().saturating_sub(1);
        // The stretch coded again that is not written yet, and where the copied bits
        // resume.
        let mut fresh: Option<(Mark, Mark)> = None;
        let mut resume = Mark { byte: 0, bit: 0 };
        for tiles in runs(changed) {
            if tiles.start >= last {
                break;
            }
            let (from, to) = (coded.floor[tiles.start], coded.ceil[tiles.end.min(last)]);
            fresh = match fresh {
                Some((f, t)) if from.byte <= t.byte => Some((f, to)),
                Some((f, t)) => {
                    self.splice(data, coded, resume, f, t);
                    resume = t;
                    Some((from, to))
                }
                None => Some((from, to)),
            };
        }
        if let Some((f, t)) = fresh {
            self.splice(data, coded, resume, f, t);
            resume = t;
        }
        self.bits
            .append_range(&coded.bytes, resume.bit as usize, coded.bits);
    }

    /// The copied bits from `resume` to `from`, then `data` coded again up to `to`.
    fn splice(&mut self, data: &[u8], coded: &Coded, resume: Mark, from: Mark, to: Mark) {
        self.bits
            .append_range(&coded.bytes, resume.bit as usize, from.bit as usize);
        code_span(&mut self.bits, data, from.byte as usize, to.byte as usize);
    }

    /// Ends the block and the stream.
    pub fn finish(mut self) -> Vec<u8> {
        self.bits.symbol(256);
        let checksum = self.checksum.finish();
        let mut bytes = self.bits.into_bytes();
        bytes.extend_from_slice(&checksum.to_be_bytes());
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn inflate(zlib: &[u8]) -> Vec<u8> {
        miniz_oxide::inflate::decompress_to_vec_zlib(zlib).expect("a valid zlib stream")
    }

    fn bytes() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(prop_oneof![Just(0u8), Just(7u8), any::<u8>()], 0..700)
    }

    proptest! {
        /// Rows coded now and rows coded before, in any order, inflate to the rows, and
        /// the stream's checksum holds (the decoder checks it).
        #[test]
        fn rows_inflate_to_themselves(
            rows in proptest::collection::vec((bytes(), any::<bool>()), 0..12)
        ) {
            let mut stream = Stream::new(0);
            let mut expected = Vec::new();
            for (row, precoded) in &rows {
                if *precoded {
                    stream.write_coded(row, &code_marked(row, 16));
                } else {
                    stream.write(row);
                }
                expected.extend_from_slice(row);
            }
            prop_assert_eq!(inflate(&stream.finish()), expected);
        }
    }

    proptest! {
        /// A row that differs from a coded row only in some tiles, spliced from the coded
        /// row's bits and its changed tiles coded again, inflates to itself, whatever the
        /// tiles, the runs crossing their edges, and the rows around it.
        #[test]
        fn spliced_rows_inflate_to_themselves(
            layer in bytes(),
            tile in 1usize..40,
            edits in proptest::collection::vec(
                (any::<u8>(), prop_oneof![Just(0u8), Just(7u8), any::<u8>()]),
                0..8,
            ),
            extra in any::<u64>(),
            previous in bytes(),
        ) {
            let tiles = layer.len().saturating_sub(1).div_ceil(tile);
            let mut row = layer.clone();
            let mut changed = extra & extra.rotate_left(7);
            for (at, value) in edits {
                if tiles == 0 {
                    break;
                }
                let k = usize::from(at) % tiles.min(64);
                let first = 1 + k * tile;
                for byte in &mut row[first..(first + tile).min(layer.len())] {
                    *byte = value;
                }
                changed |= 1u64 << k;
            }
            let coded = code_marked(&layer, tile);
            let mut stream = Stream::new(0);
            stream.write(&previous);
            stream.write_spliced(&row, &coded, changed);
            stream.write_coded(&layer, &coded);
            prop_assert_eq!(inflate(&stream.finish()), [previous, row, layer].concat());
        }
    }

    #[test]
    fn every_run_length_inflates() {
        for len in 0..1200 {
            let mut row = vec![9u8; len];
            row.push(1);
            let mut stream = Stream::new(0);
            stream.write_coded(&row, &code_marked(&row, 16));
            stream.write(&row);
            let twice = [row.clone(), row].concat();
            assert_eq!(inflate(&stream.finish()), twice, "a run of {len}");
        }
    }
}
