//! The zlib stream of a board's filtered rows, in which the rows a board shares with its
//! cached layer are copied, already compressed, instead of compressed again.
//!
//! No deflate crate splices precompressed pieces into a stream, and about half of a board's
//! rows are its layer's, untouched. So the stream is one deflate block with the fixed
//! Huffman codes of RFC 1951 (§3.2.6): with fixed codes a row's code does not depend on
//! what came before it, and every row is coded on its own (a repeat only ever reaches back
//! to the byte before it, in the same row), so a layer's row is coded once and its bits are
//! copied into every board drawn on it. Filtered board rows are mostly zeros and repeats,
//! which the code writes as runs.

use simd_adler32::Adler32;

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

    /// Writes every bit of `other` after these.
    fn append(&mut self, other: &Bits) {
        let mut words = other.bytes.chunks_exact(4);
        for word in &mut words {
            let word = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
            self.put(u64::from(word), 32);
        }
        for &byte in words.remainder() {
            self.put(u64::from(byte), 8);
        }
        if other.count > 0 {
            self.put(other.pending, other.count);
        }
    }

    #[inline]
    fn symbol(&mut self, symbol: usize) {
        let (code, len) = CODES[symbol];
        self.put(u64::from(code), u32::from(len));
    }

    /// `run` more of the byte before (any length): repeats of at most 258, never leaving a
    /// tail of one or two (which a repeat cannot code, so those are written as bytes).
    fn repeat(&mut self, byte: u8, mut run: usize) {
        while run >= 3 {
            let mut len = run.min(MAX_REPEAT);
            if (1..3).contains(&(run - len)) {
                len -= 3;
            }
            let (bits, n) = REPEATS[len];
            self.put(u64::from(bits), u32::from(n));
            run -= len;
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

/// How many bytes from `at` on equal `byte`.
#[inline]
fn run_of(data: &[u8], mut at: usize, byte: u8) -> usize {
    let start = at;
    let eight = u64::from_ne_bytes([byte; 8]);
    while at + 8 <= data.len() {
        let word = u64::from_ne_bytes(data[at..at + 8].try_into().unwrap_or([0; 8]));
        if word != eight {
            break;
        }
        at += 8;
    }
    while at < data.len() && data[at] == byte {
        at += 1;
    }
    at - start
}

/// Codes `data` on its own: each byte, and three or more of the byte before as a repeat.
pub fn code(data: &[u8]) -> Bits {
    let mut bits = Bits::with_capacity(data.len() / 4);
    code_into(&mut bits, data);
    bits
}

fn code_into(bits: &mut Bits, data: &[u8]) {
    let Some(&first) = data.first() else {
        return;
    };
    bits.symbol(usize::from(first));
    let mut before = first;
    let mut at = 1;
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
        code_into(&mut self.bits, data);
    }

    /// Adds `data`, already coded as `coded` (by [`code`]).
    pub fn write_coded(&mut self, data: &[u8], coded: &Bits) {
        self.checksum.write(data);
        self.bits.append(coded);
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
                    stream.write_coded(row, &code(row));
                } else {
                    stream.write(row);
                }
                expected.extend_from_slice(row);
            }
            prop_assert_eq!(inflate(&stream.finish()), expected);
        }
    }

    #[test]
    fn every_run_length_inflates() {
        for len in 0..1200 {
            let mut row = vec![9u8; len];
            row.push(1);
            let mut stream = Stream::new(0);
            stream.write_coded(&row, &code(&row));
            stream.write(&row);
            let twice = [row.clone(), row].concat();
            assert_eq!(inflate(&stream.finish()), twice, "a run of {len}");
        }
    }
}
