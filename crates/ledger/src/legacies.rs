//! What a finished game leaves for the next game of its kind in the same channel (the steel
//! of D-Zone, DZ-2.6): the table layer stores it when a game ends and reads it when a table
//! of that game starts there.

use crate::args;

use super::{Ledger, Result};

impl Ledger {
    /// The legacy of `game` in this channel, if a game of it has ended there.
    pub fn legacy(&self, guild: &str, channel: &str, game: &str) -> Result<Option<String>> {
        self.read(|tx| {
            tx.query_opt(
                "SELECT value FROM legacies WHERE guild = ?1 AND channel = ?2 AND game = ?3",
                args![guild, channel, game],
                |r| r.col("value"),
            )
        })
    }

    /// Replaces the legacy of `game` in this channel.
    pub fn set_legacy(&self, guild: &str, channel: &str, game: &str, value: &str) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO legacies (guild, channel, game, value) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (guild, channel, game) DO UPDATE SET value = excluded.value",
                args![guild, channel, game, value],
            )?;
            Ok(())
        })
    }
}
