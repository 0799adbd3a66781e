//! Who is told by direct message when a table waits for them (`/notify`), by server: the
//! opt-in is kept with the money, so every process of the bot and every restart knows it.

use super::{Ledger, Result};
use crate::args;

impl Ledger {
    /// Turns a member's turn notifications in a server on or off.
    pub fn set_notify(&self, guild: &str, user: &str, on: bool) -> Result<()> {
        self.write(|tx| {
            if on {
                tx.execute(
                    "INSERT INTO notify (guild_id, user_id) VALUES (?1, ?2)
                     ON CONFLICT (guild_id, user_id) DO NOTHING",
                    args![guild, user],
                )?;
            } else {
                tx.execute(
                    "DELETE FROM notify WHERE guild_id = ?1 AND user_id = ?2",
                    args![guild, user],
                )?;
            }
            Ok(())
        })
    }

    /// Whether a member of a server asked for turn notifications.
    pub fn notifies(&self, guild: &str, user: &str) -> Result<bool> {
        self.read(|tx| {
            let found: Option<i64> = tx.query_opt(
                "SELECT 1 AS one FROM notify WHERE guild_id = ?1 AND user_id = ?2",
                args![guild, user],
                |r| r.col("one"),
            )?;
            Ok(found.is_some())
        })
    }
}
