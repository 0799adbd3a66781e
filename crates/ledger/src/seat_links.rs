//! A seat's private link to play on the board: 128 random bits, bound to one table, one seat
//! and the member who held it. Only the token's SHA-256 is stored, so the database (or a
//! copy of it) holds no way to act as anyone. A new link for a seat replaces the old one,
//! which then opens nothing.

use sha2::{Digest, Sha256};

use super::accounts::hex;
use super::tables::load_table;
use super::watch::{is_token, new_token};
use super::{Ledger, Result};
use crate::args;
use crate::tables::TableRow;

fn hashed(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// What a seat's link opens: the table as it stands, the seat, and the member it was made
/// for (who must still hold the seat to act).
#[derive(Debug, Clone)]
pub struct SeatLink {
    pub table: TableRow,
    pub seat: usize,
    pub user: String,
}

impl Ledger {
    /// A new link for `user` at `seat` of `table`, made at `now`; any older link of that
    /// seat stops working.
    pub fn new_seat_link(&self, table: i64, seat: usize, user: &str, now: i64) -> Result<String> {
        let token = new_token();
        let hash = hashed(&token);
        let seat = seat as i64;
        self.write(|tx| {
            load_table(tx, table)?;
            tx.execute(
                "INSERT INTO seat_links (table_id, seat, user_id, token_hash, made_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id,
                     token_hash = excluded.token_hash, made_at = excluded.made_at",
                args![table, seat, user, &hash, now],
            )
            .map(|_| ())
        })?;
        Ok(token)
    }

    /// What `token` opens, if it is a seat's current link.
    pub fn seat_link(&self, token: &str) -> Result<Option<SeatLink>> {
        if !is_token(token) {
            return Ok(None);
        }
        let hash = hashed(token);
        self.read(|tx| {
            let found: Option<(i64, i64, String)> = tx.query_opt(
                "SELECT table_id, seat, user_id FROM seat_links WHERE token_hash = ?1",
                args![&hash],
                |r| Ok((r.col("table_id")?, r.col("seat")?, r.col("user_id")?)),
            )?;
            found
                .map(|(table, seat, user)| {
                    Ok(SeatLink {
                        table: load_table(tx, table)?,
                        seat: seat as usize,
                        user,
                    })
                })
                .transpose()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_hash_of_a_link_is_kept_and_it_is_not_the_link() {
        let token = new_token();
        let hash = hashed(&token);
        assert_eq!(hash.len(), 64);
        assert_ne!(hash, token);
        assert!(!is_token(&hash), "a stored hash does not open anything");
    }
}
