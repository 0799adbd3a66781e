//! The Huffman codes a board's deflate block is written with: codes fitted to a cached
//! layer's symbols, or to a whole image's (RFC 1951 §3.2.7, a dynamic block).
//!
//! A fitted code gives every symbol a code, even those the layer never uses, so that the
//! stretches a board changes can be coded with the layer's table and spliced between the
//! layer's rows, which were coded once with it.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::bits::Bits;
use super::lz77::Piece;

/// Literal/length symbols a fitted block declares (0–285: every byte, the end, every
/// length).
pub const LITERALS: usize = 286;
/// Distance symbols a fitted block declares.
pub const DISTANCES: usize = 30;
/// The end-of-block symbol.
pub const END: usize = 256;

/// The longest code deflate allows for literals, lengths and distances.
const MAX_BITS: u8 = 15;
/// The longest code of the code-length alphabet.
const MAX_LENGTH_BITS: u8 = 7;

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

/// The length symbol's index (0–28) of every copy length 3–258.
const fn length_slots() -> [u8; 259] {
    let mut slots = [0u8; 259];
    let mut len = 3;
    while len <= 258 {
        let mut at = 0;
        while at + 1 < LENGTHS.len() && LENGTHS[at + 1].0 as usize <= len {
            at += 1;
        }
        slots[len] = at as u8;
        len += 1;
    }
    slots
}

const LENGTH_SLOTS: [u8; 259] = length_slots();

/// The length symbol (257–285) of a copy length 3–258.
pub fn length_symbol(len: usize) -> usize {
    257 + usize::from(LENGTH_SLOTS[len.clamp(3, 258)])
}

/// The distance symbol (0–29) of a distance 1–32768, with its extra bits' count and value.
pub fn distance_symbol(dist: usize) -> (usize, u32, u32) {
    let d = dist.saturating_sub(1) as u32;
    if d < 4 {
        return (d as usize, 0, 0);
    }
    let k = 31 - d.leading_zeros();
    let code = 2 * k + ((d >> (k - 1)) & 1);
    (code as usize, k - 1, d & ((1 << (k - 1)) - 1))
}

/// A set of literal/length and distance codes, and the block header that declares them.
#[derive(Clone)]
pub struct Codes {
    /// Each literal/length symbol's code (bits in the order written) and length.
    literals: Vec<(u16, u8)>,
    distances: Vec<(u16, u8)>,
    /// Each copy length's symbol and extra bits as one piece (3–258).
    lengths: Vec<(u32, u8)>,
    /// The block's header: BFINAL, BTYPE and, for a fitted block, the code lengths.
    header: Bits,
}

impl Codes {
    /// Codes fitted to symbol counts, every symbol given a code.
    pub fn fitted(literal_counts: &[u32], distance_counts: &[u32]) -> Codes {
        let smoothed = |counts: &[u32], n: usize| -> Vec<u32> {
            (0..n)
                .map(|s| counts.get(s).copied().unwrap_or(0).saturating_add(1))
                .collect()
        };
        let literals = limited_lengths(&smoothed(literal_counts, LITERALS), MAX_BITS);
        let distances = limited_lengths(&smoothed(distance_counts, DISTANCES), MAX_BITS);
        let header = dynamic_header(&literals, &distances);
        Codes::from_lengths(&literals, &distances, header)
    }

    fn from_lengths(literals: &[u8], distances: &[u8], header: Bits) -> Codes {
        let literals = canonical(literals);
        let distances = canonical(distances);
        let lengths = (0..=258)
            .map(|len| {
                if len < 3 {
                    return (0, 0);
                }
                let slot = usize::from(LENGTH_SLOTS[len]);
                let (first, extra) = LENGTHS[slot];
                let (code, n) = literals[257 + slot];
                let bits = u32::from(code) | ((len as u32 - u32::from(first)) << n);
                (bits, n + extra)
            })
            .collect();
        Codes {
            literals,
            distances,
            lengths,
            header,
        }
    }

    /// Writes the block's header.
    pub fn write_header(&self, bits: &mut Bits) {
        bits.append(&self.header);
    }

    /// Writes a literal/length symbol.
    #[inline]
    pub fn symbol(&self, bits: &mut Bits, symbol: usize) {
        let (code, n) = self.literals[symbol];
        bits.put(u64::from(code), u32::from(n));
    }

    /// Writes a copy of `len` (3–258) bytes from `dist` (1–32768) back.
    #[inline]
    pub fn copy(&self, bits: &mut Bits, len: usize, dist: usize) {
        let (length, n) = self.lengths[len];
        bits.put(u64::from(length), u32::from(n));
        let (symbol, extra, value) = distance_symbol(dist);
        let (code, code_n) = self.distances[symbol];
        bits.put(
            u64::from(code) | u64::from(value) << code_n,
            u32::from(code_n) + extra,
        );
    }
}

/// How often each symbol is coded: what codes are fitted to.
#[derive(Clone)]
pub struct Counts {
    literals: Vec<u32>,
    distances: Vec<u32>,
}

impl Default for Counts {
    fn default() -> Counts {
        Counts {
            literals: vec![0; LITERALS],
            distances: vec![0; DISTANCES],
        }
    }
}

impl Counts {
    /// Counts a byte coded as itself.
    #[inline]
    pub fn literal(&mut self, byte: u8) {
        self.literals[usize::from(byte)] += 1;
    }

    /// Counts a copy.
    #[inline]
    pub fn copy(&mut self, len: usize, dist: usize) {
        self.literals[length_symbol(len)] += 1;
        self.distances[distance_symbol(dist).0] += 1;
    }

    /// The counts of a parse.
    pub fn of<'p>(pieces: impl IntoIterator<Item = &'p Piece>) -> Counts {
        let mut counts = Counts::default();
        for piece in pieces {
            match *piece {
                Piece::Literal(byte) => counts.literal(byte),
                Piece::Copy { len, dist } => counts.copy(usize::from(len), usize::from(dist)),
            }
        }
        counts
    }

    /// Adds `other`'s counts divided by `share`.
    pub fn add(&mut self, other: &Counts, share: u32) {
        let share = share.max(1);
        let pairs = self.literals.iter_mut().zip(&other.literals);
        for (a, b) in pairs.chain(self.distances.iter_mut().zip(&other.distances)) {
            *a = a.saturating_add(b.div_ceil(share));
        }
    }

    /// Whether nothing was counted.
    pub fn is_empty(&self) -> bool {
        self.literals.iter().chain(&self.distances).all(|&c| c == 0)
    }

    /// Codes fitted to these counts.
    pub fn fit(&self) -> Codes {
        Codes::fitted(&self.literals, &self.distances)
    }
}

/// Canonical codes (§3.2.2) from code lengths, each code's bits reversed into the order
/// deflate writes them.
fn canonical(lengths: &[u8]) -> Vec<(u16, u8)> {
    let mut count = [0u16; 16];
    for &len in lengths {
        count[usize::from(len)] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&len| {
            if len == 0 {
                return (0, 0);
            }
            let code = next[usize::from(len)];
            next[usize::from(len)] += 1;
            (code.reverse_bits() >> (16 - len), len)
        })
        .collect()
}

/// Huffman code lengths of at most `max` bits for `counts` (a symbol with no count gets
/// no code; at least two symbols are given one, so the code is always complete, as zlib
/// requires). Where the optimal code is too long, counts are flattened until it fits.
fn limited_lengths(counts: &[u32], max: u8) -> Vec<u8> {
    let mut counts: Vec<u64> = counts.iter().map(|&c| u64::from(c)).collect();
    let used = counts.iter().filter(|&&c| c > 0).count();
    for slot in counts.iter_mut().filter(|c| **c == 0).take(2 - used.min(2)) {
        *slot = 1;
    }
    loop {
        let lengths = huffman_lengths(&counts);
        if lengths.iter().all(|&l| l <= max) {
            return lengths;
        }
        for c in counts.iter_mut().filter(|c| **c > 0) {
            *c = (*c >> 1) | 1;
        }
    }
}

/// Optimal (unbounded) Huffman code lengths for nonzero counts.
fn huffman_lengths(counts: &[u64]) -> Vec<u8> {
    // Nodes: the symbols first, then the merged pairs; each merged node's parent index.
    let mut parent: Vec<usize> = vec![usize::MAX; counts.len()];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(s, &c)| Reverse((c, s)))
        .collect();
    while heap.len() > 1 {
        let (Some(Reverse((a, i))), Some(Reverse((b, j)))) = (heap.pop(), heap.pop()) else {
            break;
        };
        let node = parent.len();
        parent.push(usize::MAX);
        parent[i] = node;
        parent[j] = node;
        heap.push(Reverse((a + b, node)));
    }
    (0..counts.len())
        .map(|s| {
            if counts[s] == 0 {
                return 0;
            }
            let mut depth = 0u8;
            let mut at = s;
            while parent[at] != usize::MAX {
                at = parent[at];
                depth = depth.saturating_add(1);
            }
            depth
        })
        .collect()
}

/// The order the code-length alphabet's lengths are written in (§3.2.7).
const LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// A dynamic block's header declaring `literals` and `distances` code lengths: the
/// lengths run-length coded (symbols 16–18) and those symbols Huffman coded.
fn dynamic_header(literals: &[u8], distances: &[u8]) -> Bits {
    let all: Vec<u8> = literals.iter().chain(distances).copied().collect();
    let runs = length_runs(&all);
    let mut counts = [0u32; 19];
    for &(symbol, _) in &runs {
        counts[usize::from(symbol)] += 1;
    }
    let lengths = limited_lengths(&counts, MAX_LENGTH_BITS);
    let codes = canonical(&lengths);
    let declared = LENGTH_ORDER
        .iter()
        .rposition(|&s| lengths[s] != 0)
        .map_or(4, |last| (last + 1).max(4));
    let mut bits = Bits::default();
    bits.put(0b101, 3); // BFINAL 1, BTYPE 10
    bits.put((literals.len() - 257) as u64, 5);
    bits.put((distances.len() - 1) as u64, 5);
    bits.put((declared - 4) as u64, 4);
    for &s in &LENGTH_ORDER[..declared] {
        bits.put(u64::from(lengths[s]), 3);
    }
    for (symbol, extra) in runs {
        let (code, n) = codes[usize::from(symbol)];
        bits.put(u64::from(code), u32::from(n));
        match symbol {
            16 => bits.put(u64::from(extra), 2),
            17 => bits.put(u64::from(extra), 3),
            18 => bits.put(u64::from(extra), 7),
            _ => {}
        }
    }
    bits
}

/// Code lengths as the code-length alphabet's symbols with their extra bits' values:
/// 16 repeats the previous length 3–6 times, 17 and 18 write 3–10 and 11–138 zeros.
fn length_runs(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < lengths.len() {
        let len = lengths[at];
        let run = lengths[at..].iter().take_while(|&&l| l == len).count();
        let mut left = run;
        if len == 0 {
            while left >= 11 {
                let n = left.min(138);
                out.push((18, (n - 11) as u8));
                left -= n;
            }
            if left >= 3 {
                out.push((17, (left - 3) as u8));
                left = 0;
            }
        } else {
            out.push((len, 0));
            left -= 1;
            while left >= 3 {
                let n = left.min(6);
                out.push((16, (n - 3) as u8));
                left -= n;
            }
        }
        out.extend(std::iter::repeat_n((len, 0), left));
        at += run;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether code lengths make a complete prefix code (Kraft's sum exactly one).
    fn complete(lengths: &[u8]) -> bool {
        let sum: u64 = lengths
            .iter()
            .filter(|&&l| l > 0)
            .map(|&l| 1u64 << (15 - l))
            .sum();
        sum == 1 << 15
    }

    proptest! {
        #[test]
        fn fitted_codes_are_complete_and_bounded(
            counts in proptest::collection::vec(0u32..1_000_000, 2..300),
        ) {
            let lengths = limited_lengths(&counts, MAX_BITS);
            prop_assert!(complete(&lengths));
            prop_assert!(lengths.iter().all(|&l| l <= MAX_BITS));
            for (c, l) in counts.iter().zip(&lengths) {
                prop_assert_eq!(*c > 0, *l > 0);
            }
        }

        #[test]
        fn length_runs_expand_to_the_lengths(
            lengths in proptest::collection::vec(prop_oneof![Just(0u8), Just(5u8), 0u8..16], 0..320),
        ) {
            let mut expanded: Vec<u8> = Vec::new();
            for (symbol, extra) in length_runs(&lengths) {
                match symbol {
                    16 => {
                        let last = *expanded.last().expect("a length to repeat");
                        expanded.extend(std::iter::repeat_n(last, 3 + usize::from(extra)));
                    }
                    17 => expanded.extend(std::iter::repeat_n(0, 3 + usize::from(extra))),
                    18 => expanded.extend(std::iter::repeat_n(0, 11 + usize::from(extra))),
                    l => expanded.push(l),
                }
            }
            prop_assert_eq!(expanded, lengths);
        }
    }

    #[test]
    fn distance_symbols_follow_the_table() {
        // §3.2.5: the first distance of each code and its extra bits.
        let firsts = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
            1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
        ];
        for (code, &first) in firsts.iter().enumerate() {
            let extra = if code < 4 { 0 } else { code as u32 / 2 - 1 };
            assert_eq!(distance_symbol(first), (code, extra, 0), "distance {first}");
            let last = firsts.get(code + 1).map_or(32768, |next| next - 1);
            assert_eq!(distance_symbol(last), (code, extra, (last - first) as u32));
        }
    }
}
