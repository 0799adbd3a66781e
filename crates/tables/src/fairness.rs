//! Provably fair randomness (P-6.4): every random draw of a table comes from its secret seed
//! and the number of the action it decides, so anyone can recompute every roll once the seed
//! is revealed, and nothing can be re-rolled by retrying.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};

use crate::ledger::accounts::hex;

/// A fresh secret seed for a table, from the operating system's generator.
pub fn new_seed() -> String {
    let bytes: [u8; 32] = rand::random();
    hex(&bytes)
}

/// The generator deciding action number `seq` of a table: ChaCha8 seeded with
/// SHA-256(`seed` ":" `purpose` ":" `seq`). `purpose` is `chance` for dice and other chance
/// events, `droid` for the droid's choices, `seats` for the seat draw.
pub fn rng_for(seed: &str, purpose: &str, seq: i64) -> ChaCha8Rng {
    let digest = Sha256::digest(format!("{seed}:{purpose}:{seq}").as_bytes());
    ChaCha8Rng::from_seed(digest.into())
}
