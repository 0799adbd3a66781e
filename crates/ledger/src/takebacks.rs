//! Takebacks by agreement: the last entries of a table's log taken back at once, the table's
//! position, turn and clock set back with them. The entries move to `taken_back`, so the log
//! stays the game as played (replays and `/verify` read it as ever) and the record keeps
//! what was taken back and when.

use super::tables::{load_table, After, TableStatus};
use super::{now, Ledger, LedgerError, Result};
use crate::args;

impl Ledger {
    /// Takes back every entry of `table`'s log after `keep`, if the table is still at
    /// `turn` (a command that played meanwhile makes it refuse), and leaves the table as
    /// `after` says.
    pub fn take_back(&self, table: i64, turn: i64, keep: i64, after: &After) -> Result<()> {
        self.write(|tx| {
            let row = load_table(tx, table)?;
            if row.status != TableStatus::Playing || row.turn != turn || keep >= turn || keep < 0 {
                return Err(LedgerError::TableState {
                    table,
                    status: row.status,
                    why: format!(
                        "a takeback agreed at turn {turn} (the table is at {})",
                        row.turn
                    ),
                });
            }
            tx.execute(
                "INSERT INTO taken_back (table_id, seq, seat, action, interaction, taken_at)
                 SELECT table_id, seq, seat, action, interaction, ?3 FROM actions
                 WHERE table_id = ?1 AND seq > ?2",
                args![table, keep, now()],
            )?;
            tx.execute(
                "DELETE FROM actions WHERE table_id = ?1 AND seq > ?2",
                args![table, keep],
            )?;
            tx.execute(
                "UPDATE tables SET position = ?2, turn = ?3, deadline = ?4,
                        clock_banks = COALESCE(?5, clock_banks) WHERE id = ?1",
                args![
                    table,
                    after.position,
                    keep,
                    after.deadline,
                    after.clock_banks
                ],
            )?;
            tx.execute("DELETE FROM offers WHERE table_id = ?1", args![table])?;
            Ok(())
        })
    }

    /// How many entries of `table` were taken back.
    pub fn taken_back(&self, table: i64) -> Result<i64> {
        self.read(|tx| {
            tx.value(
                "SELECT COUNT(*) FROM taken_back WHERE table_id = ?1",
                args![table],
            )
        })
    }
}
