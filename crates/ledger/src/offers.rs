//! Offers every seat of a table must consent to (a draw): consents are kept per turn, so an
//! action played since makes earlier ones lapse.

use super::store::Tx;
use super::tables::{load_table, TableStatus};
use super::{Ledger, LedgerError, Result};
use crate::args;

impl Ledger {
    /// Records that `seat` consents to the offer `kind` (a draw) at `turn` of a playing
    /// table, and returns every seat that consents to it at that turn, in seat order.
    /// Consents of earlier turns lapse: an action has been played since.
    pub fn consent(&self, table: i64, turn: i64, kind: &str, seat: usize) -> Result<Vec<usize>> {
        self.write(|tx| {
            let row = load_table(tx, table)?;
            if row.status != TableStatus::Playing || row.turn != turn {
                return Err(LedgerError::TableState {
                    table,
                    status: row.status,
                    why: format!("offers are made at the current turn ({})", row.turn),
                });
            }
            tx.execute(
                "DELETE FROM offers WHERE table_id = ?1 AND turn < ?2",
                args![table, turn],
            )?;
            tx.execute(
                "INSERT INTO offers (table_id, turn, kind, seat) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT DO NOTHING",
                args![table, turn, kind, seat as i64],
            )?;
            consents(tx, table, turn, kind)
        })
    }

    /// The seats that consent to the offer `kind` at `turn`.
    pub fn consents(&self, table: i64, turn: i64, kind: &str) -> Result<Vec<usize>> {
        self.read(|tx| consents(tx, table, turn, kind))
    }
}

fn consents(tx: &Tx, table: i64, turn: i64, kind: &str) -> Result<Vec<usize>> {
    tx.query(
        "SELECT seat FROM offers WHERE table_id = ?1 AND turn = ?2 AND kind = ?3 ORDER BY seat",
        args![table, turn, kind],
        |r| r.col("seat"),
    )
}
