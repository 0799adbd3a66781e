//! A board's stream of filtered rows as far as it is written, and where its freshly coded
//! bytes were seen, so that the stretches a board codes again find copies: a piece drawn
//! twice, the same row of a sprite a row or a piece further on, a run, the row above.
//!
//! Only positions coded again are remembered (a layer's rows were parsed once, see
//! [`super::lz77`]), in a table of the last two positions per hash, as fast compressors do:
//! a board codes a few tens of kilobytes again and must stay well under a millisecond.

use super::lz77::{Piece, WINDOW};

const HASH_BITS: u32 = 14;
const MIN_COPY: usize = 3;
const MAX_COPY: usize = 258;
const NONE: u32 = u32::MAX;
/// A copy this long is taken without looking for a longer one a byte later.
const LAZY: usize = 32;

/// Windows of boards already encoded, kept for the next boards: as many as boards are
/// encoded at once.
static KEPT: std::sync::Mutex<Vec<Window>> = std::sync::Mutex::new(Vec::new());
const KEEP: usize = 4;

/// The stream so far and the positions seen.
pub struct Window {
    bytes: Vec<u8>,
    stride: usize,
    head: Vec<u32>,
    /// The place seen before the head's, for each hash.
    older: Vec<u32>,
    /// The copy found for the next byte when a copy was put off for it: (where, the end
    /// it was searched to, length and distance).
    ahead: Option<(usize, usize, (usize, usize))>,
}

impl Window {
    /// An empty stream of rows of `stride` bytes, `rows` of them expected.
    fn new(stride: usize, rows: usize) -> Window {
        Window {
            bytes: Vec::with_capacity(stride * rows),
            stride: stride.max(1),
            head: vec![NONE; 1 << HASH_BITS],
            older: vec![NONE; 1 << HASH_BITS],
            ahead: None,
        }
    }

    /// Runs `f` with a kept window, emptied for rows of `stride` bytes: a board's stream is
    /// most of a megabyte, which would otherwise be allocated (and its pages faulted in)
    /// for every board.
    pub fn with<R>(stride: usize, rows: usize, f: impl FnOnce(&mut Window) -> R) -> R {
        let kept = KEPT.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut window = kept.unwrap_or_else(|| Window::new(stride, rows));
        window.bytes.clear();
        window.bytes.reserve(stride * rows);
        window.stride = stride.max(1);
        window.head.fill(NONE);
        window.older.fill(NONE);
        window.ahead = None;
        let out = f(&mut window);
        let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() < KEEP {
            kept.push(window);
        }
        out
    }

    /// Adds a row; returns where it starts.
    pub fn push(&mut self, row: &[u8]) -> usize {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(row);
        start
    }

    /// The bytes `range` of the stream.
    pub fn bytes(&self, range: std::ops::Range<usize>) -> &[u8] {
        &self.bytes[range]
    }

    fn hash(&self, at: usize) -> Option<usize> {
        let b = self.bytes.get(at..at + 4)?;
        let word = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        Some((word.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize)
    }

    /// Remembers the bytes at `at`.
    #[inline]
    pub fn see(&mut self, at: usize) {
        self.see_hashed(at, self.hash(at));
    }

    #[inline]
    fn see_hashed(&mut self, at: usize, hash: Option<usize>) {
        if let Some(h) = hash {
            self.older[h] = self.head[h];
            self.head[h] = at as u32;
        }
    }

    /// The first three bytes at `at` (and the fourth, masked off), for one comparison per
    /// candidate instead of three.
    #[inline]
    fn three(&self, at: usize) -> u32 {
        match self.bytes.get(at..at + 4) {
            Some(b) => u32::from_le_bytes([b[0], b[1], b[2], 0]),
            None => u32::MAX,
        }
    }

    /// The longest copy (length, distance) for the bytes at `at` that ends by `to` among
    /// copies from `dists` back (0: none, or one already tried); length 0 if none is three
    /// bytes long or longer than `beat`. A candidate is measured only if its first three
    /// bytes and the byte just past the best so far match, which most candidates' do not.
    #[inline]
    fn longest(&self, at: usize, to: usize, dists: [usize; 4], beat: usize) -> (usize, usize) {
        let limit = (to - at).min(MAX_COPY);
        if limit < MIN_COPY {
            return (0, 0);
        }
        let mut best = (beat, 0);
        let first = self.three(at);
        for dist in dists {
            if dist == 0 || dist > at || dist > WINDOW || self.three(at - dist) != first {
                continue;
            }
            let past = best.0.max(MIN_COPY - 1);
            if past < limit && self.bytes[at - dist + past] != self.bytes[at + past] {
                continue;
            }
            let len = same_len(&self.bytes, at - dist, at, limit);
            if len > best.0 {
                best = (len, dist);
            }
        }
        if best.0 < MIN_COPY || best.1 == 0 {
            (0, 0)
        } else {
            best
        }
    }

    /// The longest copy for the bytes at `at` (ending by `to`, their hash `hash`) from the
    /// byte before, the row above, or the last two places seen with the same four bytes
    /// (each place tried once).
    #[inline]
    fn search(&self, at: usize, to: usize, hash: Option<usize>, beat: usize) -> (usize, usize) {
        let (seen, older) = hash.map_or((NONE, NONE), |h| (self.head[h], self.older[h]));
        let back = |c: u32| {
            if c == NONE || c as usize >= at {
                0
            } else {
                at - c as usize
            }
        };
        let stride = if self.stride == 1 { 0 } else { self.stride };
        let seen = back(seen);
        let seen = if seen == 1 || seen == stride { 0 } else { seen };
        let older = back(older);
        let older = if older == 1 || older == stride || older == seen {
            0
        } else {
            older
        };
        self.longest(at, to, [1, stride, seen, older], beat)
    }

    /// The piece that codes the bytes at `at` (up to `to` at most): the longest copy
    /// [`Window::search`] finds, unless the next byte starts a longer one (then the byte
    /// itself, as zlib does), else the byte itself. The place is remembered for the pieces
    /// after it.
    #[inline]
    pub fn next_piece(&mut self, at: usize, to: usize) -> Piece {
        let hash = self.hash(at);
        let (len, dist) = match self.ahead.take() {
            Some((pos, end, found)) if (pos, end) == (at, to) => found,
            _ => self.search(at, to, hash, 0),
        };
        self.see_hashed(at, hash);
        if len > 0 && len < LAZY && at + 1 < to {
            // Only a copy two bytes longer pays for the byte written as itself.
            let next = self.search(at + 1, to, self.hash(at + 1), len + 1);
            if next.0 > 0 {
                self.ahead = Some((at + 1, to, next));
                return Piece::Literal(self.bytes[at]);
            }
        }
        if len > 0 {
            Piece::Copy {
                len: len as u16,
                dist: dist as u16,
            }
        } else {
            Piece::Literal(self.bytes[at])
        }
    }

    /// Whether `piece` codes the bytes at `at` (ending by `to`): a literal of the same
    /// byte, or a copy whose source equals them.
    #[inline]
    pub fn holds(&self, at: usize, piece: Piece, to: usize) -> bool {
        match piece {
            Piece::Literal(byte) => self.bytes[at] == byte,
            Piece::Copy { len, dist } => {
                let (len, dist) = (usize::from(len), usize::from(dist));
                at + len <= to && dist <= at && same_len(&self.bytes, at - dist, at, len) == len
            }
        }
    }

    /// The pieces of bytes `from..to` (a whole stream: copies may run across rows).
    pub fn parse(&mut self, from: usize, to: usize) -> Vec<Piece> {
        let mut pieces = Vec::with_capacity((to - from) / 8);
        let mut at = from;
        while at < to {
            let piece = self.next_piece(at, to);
            at += piece.len();
            pieces.push(piece);
        }
        pieces
    }
}

/// How many bytes from `a` on equal those from `b`, up to `limit`, 8 at a time.
#[inline]
pub fn same_len(data: &[u8], a: usize, b: usize, limit: usize) -> usize {
    let (x, y) = (&data[a..a + limit], &data[b..b + limit]);
    let mut n = 0;
    for (p, q) in x.chunks_exact(8).zip(y.chunks_exact(8)) {
        let p = <[u8; 8]>::try_from(p).map_or(0, u64::from_le_bytes);
        let q = <[u8; 8]>::try_from(q).map_or(0, u64::from_le_bytes);
        if p != q {
            return n + ((p ^ q).trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + x[n..]
        .iter()
        .zip(&y[n..])
        .take_while(|(p, q)| p == q)
        .count()
}
