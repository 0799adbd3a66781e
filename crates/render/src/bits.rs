//! Bits written least significant first, as deflate packs them.

/// A growing string of bits.
#[derive(Default, Clone)]
pub struct Bits {
    bytes: Vec<u8>,
    pending: u64,
    count: u32,
}

impl Bits {
    pub fn with_capacity(bytes: usize) -> Bits {
        Bits {
            bytes: Vec::with_capacity(bytes),
            ..Bits::default()
        }
    }

    /// Writes the low `n` bits of `bits` (n ≤ 32; no higher bit set).
    #[inline]
    pub fn put(&mut self, bits: u64, n: u32) {
        self.pending |= bits << self.count;
        self.count += n;
        if self.count >= 64 {
            self.bytes.extend_from_slice(&self.pending.to_le_bytes());
            self.count -= 64;
            self.pending = bits.checked_shr(n - self.count).unwrap_or(0);
        }
    }

    /// How many bits are written.
    pub fn len(&self) -> usize {
        self.bytes.len() * 8 + self.count as usize
    }

    /// Writes bits `from..to` of `src` (bytes holding bits least significant first, with
    /// at least eight bytes after the last bit's).
    pub fn append_range(&mut self, src: &[u8], from: usize, to: usize) {
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

    /// Writes every bit of `other`.
    pub fn append(&mut self, other: &Bits) {
        let bits = other.len();
        let mut bytes = other.clone().into_bytes();
        bytes.extend_from_slice(&[0; 8]);
        self.append_range(&bytes, 0, bits);
    }

    /// The bytes, the last one padded with zero bits.
    pub fn into_bytes(mut self) -> Vec<u8> {
        let tail = self.count.div_ceil(8) as usize;
        self.bytes
            .extend_from_slice(&self.pending.to_le_bytes()[..tail]);
        self.bytes
    }
}
