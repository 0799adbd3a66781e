//! The channels a server keeps its tables in (`/admin channel`). Kept with the money, so
//! every process of the bot and every restart applies the same choice.

use super::{Ledger, Result};
use crate::args;

impl Ledger {
    /// Allows tables in a channel of a server, or takes the channel off the list.
    pub fn set_table_channel(&self, guild: &str, channel: &str, allowed: bool) -> Result<()> {
        self.write(|tx| {
            if allowed {
                tx.execute(
                    "INSERT INTO table_channels (guild_id, channel_id) VALUES (?1, ?2)
                     ON CONFLICT (guild_id, channel_id) DO NOTHING",
                    args![guild, channel],
                )?;
            } else {
                tx.execute(
                    "DELETE FROM table_channels WHERE guild_id = ?1 AND channel_id = ?2",
                    args![guild, channel],
                )?;
            }
            Ok(())
        })
    }

    /// The channels a server chose for its tables, in the order of their ids; none means
    /// every channel.
    pub fn table_channels(&self, guild: &str) -> Result<Vec<String>> {
        self.read(|tx| {
            tx.query(
                "SELECT channel_id FROM table_channels WHERE guild_id = ?1
                 ORDER BY LENGTH(channel_id), channel_id",
                args![guild],
                |r| r.col("channel_id"),
            )
        })
    }
}
