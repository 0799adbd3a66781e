//! Labelled positions as the repository keeps them (`data/backgammon/`): 20 bytes a
//! position, the file compressed by zlib so that many sessions' labels fit.
//!
//! A record is the Position ID's 80-bit key of the position after a play (the player who
//! has just moved is the one not on roll), then its five probabilities for that player as
//! little-endian `u16`s scaled by 65,535: win, win a gammon or more, win a backgammon, lose
//! a gammon or more, lose a backgammon (so the six outcomes are their differences). A
//! rollout's labels are known to a few thousandths, far coarser than the 1/65,535 kept.

use holotable::games::backgammon::board::Board;
use holotable::games::backgammon::ids::{parse_position_key, position_key};
use holotable::games::backgammon::net::Probabilities;

use super::labels::Labelled;

/// Bytes a record takes before compression.
pub const RECORD: usize = 20;

/// One record's bytes.
pub fn record(l: &Labelled) -> [u8; RECORD] {
    let mut out = [0u8; RECORD];
    out[..10].copy_from_slice(&position_key(&l.after.me, &l.after.them));
    for (k, p) in l.value.consistent().0.iter().enumerate() {
        let q = (p.clamp(0.0, 1.0) * 65_535.0).round() as u16;
        out[10 + 2 * k..12 + 2 * k].copy_from_slice(&q.to_le_bytes());
    }
    out
}

/// The records of `bytes` (whole records, uncompressed).
pub fn records(bytes: &[u8], path: &str) -> Result<Vec<Labelled>, String> {
    if !bytes.len().is_multiple_of(RECORD) {
        return Err(format!("{path}: not a whole number of 20-byte records"));
    }
    bytes
        .chunks_exact(RECORD)
        .enumerate()
        .map(|(i, r)| {
            let (me, them) =
                parse_position_key(&r[..10]).map_err(|e| format!("{path}: record {i}: {e}"))?;
            let value = Probabilities(std::array::from_fn(|k| {
                f32::from(u16::from_le_bytes([r[10 + 2 * k], r[11 + 2 * k]])) / 65_535.0
            }));
            Ok(Labelled {
                after: Board { me, them },
                value,
            })
        })
        .collect()
}

/// A file of records, compressed (as committed) or not (as a labelling run writes it).
pub fn read(path: &str) -> Result<Vec<Labelled>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let raw = if path.ends_with(".z") {
        miniz_oxide::inflate::decompress_to_vec_zlib(&bytes)
            .map_err(|e| format!("{path}: not a zlib stream: {e:?}"))?
    } else {
        bytes
    };
    records(&raw, path)
}

/// Compresses the records of `from` into `to` (zlib, the best level): the same bytes on
/// every machine for the same records.
pub fn pack(from: &str, to: &str) -> Result<(), String> {
    let raw = std::fs::read(from).map_err(|e| format!("{from}: {e}"))?;
    records(&raw, from)?;
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(&raw, 10);
    std::fs::write(to, &packed).map_err(|e| format!("{to}: {e}"))?;
    println!(
        "{to}: {} positions, {} bytes ({:.1} a position)",
        raw.len() / RECORD,
        packed.len(),
        packed.len() as f64 / (raw.len() / RECORD).max(1) as f64
    );
    Ok(())
}
