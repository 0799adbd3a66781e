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

    /// Every member of a server who asked for turn notifications.
    pub fn notifying(&self, guild: &str) -> Result<Vec<String>> {
        self.read(|tx| {
            tx.query(
                "SELECT user_id FROM notify WHERE guild_id = ?1",
                args![guild],
                |r| r.col("user_id"),
            )
        })
    }
}
