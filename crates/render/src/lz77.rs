//! The parse of a cached layer's filtered rows into literals and copies, once per layer.
//!
//! Boards repeat themselves across rows (a ring, a frame's edge) and along them (a row of
//! cells), which copies from up to 32 KB back capture and runs of one byte do not. The
//! parse keeps one rule for the splice (see [`super::deflate`]): no copy runs past the end
//! of its row, so each row's pieces code exactly that row's bytes and can be copied into
//! any board whose bytes they reach back to are the layer's.

/// A piece of a row: a byte as itself, or a copy of `len` bytes from `dist` back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Piece {
    Literal(u8),
    Copy { len: u16, dist: u16 },
}

impl Piece {
    /// How many bytes the piece codes.
    #[inline]
    pub fn len(self) -> usize {
        match self {
            Piece::Literal(_) => 1,
            Piece::Copy { len, .. } => usize::from(len),
        }
    }
}

/// How far back a copy may reach (deflate's window).
pub const WINDOW: usize = 32 * 1024;
const MIN_COPY: usize = 3;
const MAX_COPY: usize = 258;
/// Candidates tried per position, nearest first.
const CHAIN: usize = 1024;
/// A copy this long is taken without looking for a longer one a byte later.
const NICE: usize = 128;
/// A three-byte copy from farther than this costs more than its three bytes.
const TOO_FAR: usize = 4096;
const HASH_BITS: u32 = 16;

/// A copy found: its length (0 if none) and distance.
#[derive(Debug, Clone, Copy, Default)]
struct Found {
    len: usize,
    dist: usize,
}

/// Hash chains over the data: for each position, the previous one whose next three bytes
/// hash alike.
struct Matcher<'d> {
    data: &'d [u8],
    stride: usize,
    head: Vec<u32>,
    prev: Vec<u32>,
}

const NONE: u32 = u32::MAX;

use super::window::same_len;

impl<'d> Matcher<'d> {
    fn new(data: &'d [u8], stride: usize) -> Matcher<'d> {
        Matcher {
            data,
            stride,
            head: vec![NONE; 1 << HASH_BITS],
            prev: vec![NONE; data.len()],
        }
    }

    fn hash(&self, at: usize) -> Option<usize> {
        let b = self.data.get(at..at + 3)?;
        let word = u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16;
        Some((word.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize)
    }

    fn insert(&mut self, at: usize) {
        if let Some(h) = self.hash(at) {
            self.prev[at] = self.head[h];
            self.head[h] = at as u32;
        }
    }

    /// The longest copy for the bytes at `at` that ends by `end`: the byte before and the
    /// row above are always tried, then the chain of earlier positions hashing alike.
    fn longest(&self, at: usize, end: usize) -> Found {
        let limit = (end - at).min(MAX_COPY);
        let mut best = Found::default();
        if limit < MIN_COPY {
            return best;
        }
        let consider = |best: &mut Found, from: usize| {
            let len = same_len(self.data, from, at, limit);
            let dist = at - from;
            if len > best.len && (len > MIN_COPY || dist <= TOO_FAR) {
                *best = Found { len, dist };
            }
        };
        for dist in [1, self.stride] {
            if dist <= at && dist <= WINDOW {
                consider(&mut best, at - dist);
            }
        }
        let Some(h) = self.hash(at) else {
            return best;
        };
        let mut cand = self.head[h];
        let mut tries = CHAIN;
        while cand != NONE && tries > 0 && best.len < limit {
            let from = cand as usize;
            if from >= at || at - from > WINDOW {
                break;
            }
            // A longer copy must also match the byte just past the best so far.
            if self.data.get(from + best.len) == self.data.get(at + best.len) {
                consider(&mut best, from);
            }
            cand = self.prev[from];
            tries -= 1;
        }
        best
    }
}

/// Parses `data`, rows of `stride` bytes, into each row's pieces: greedy copies, a copy
/// put off by a byte when the next byte starts a longer one.
pub fn parse(data: &[u8], stride: usize) -> Vec<Vec<Piece>> {
    let stride = stride.max(1);
    let mut matcher = Matcher::new(data, stride);
    let mut rows = Vec::with_capacity(data.len() / stride + 1);
    let mut start = 0;
    while start < data.len() {
        let end = (start + stride).min(data.len());
        let mut pieces = Vec::new();
        let mut at = start;
        let mut current = matcher.longest(at, end);
        while at < end {
            matcher.insert(at);
            if current.len >= MIN_COPY {
                let next = if current.len < NICE {
                    matcher.longest(at + 1, end)
                } else {
                    Found::default()
                };
                if next.len > current.len {
                    pieces.push(Piece::Literal(data[at]));
                    at += 1;
                    current = next;
                    continue;
                }
                for p in at + 1..at + current.len {
                    matcher.insert(p);
                }
                pieces.push(Piece::Copy {
                    len: current.len as u16,
                    dist: current.dist as u16,
                });
                at += current.len;
            } else {
                pieces.push(Piece::Literal(data[at]));
                at += 1;
            }
            if at < end {
                current = matcher.longest(at, end);
            }
        }
        rows.push(pieces);
        start = end;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The bytes a row's pieces stand for, given the bytes before them.
    fn unparse(rows: &[Vec<Piece>]) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        for piece in rows.iter().flatten() {
            match *piece {
                Piece::Literal(b) => out.push(b),
                Piece::Copy { len, dist } => {
                    for _ in 0..len {
                        out.push(out[out.len() - usize::from(dist)]);
                    }
                }
            }
        }
        out
    }

    proptest! {
        /// Every row's pieces stand for exactly its bytes, and no copy reaches past the
        /// window or before the data.
        #[test]
        fn pieces_stand_for_their_rows(
            data in proptest::collection::vec(prop_oneof![Just(0u8), Just(1u8), 0u8..4, any::<u8>()], 0..3000),
            stride in 1usize..200,
        ) {
            let rows = parse(&data, stride);
            prop_assert_eq!(rows.len(), data.len().div_ceil(stride));
            for (y, row) in rows.iter().enumerate() {
                let mut len = 0;
                for piece in row {
                    match *piece {
                        Piece::Literal(_) => len += 1,
                        Piece::Copy { len: n, dist } => {
                            prop_assert!((3..=258).contains(&usize::from(n)));
                            prop_assert!(usize::from(dist) <= WINDOW.min(y * stride + len));
                            len += usize::from(n);
                        }
                    }
                }
                prop_assert_eq!(len, stride.min(data.len() - y * stride));
            }
            prop_assert_eq!(unparse(&rows), data);
        }
    }
}
