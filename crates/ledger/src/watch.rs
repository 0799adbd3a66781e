//! The tokens of the live pages: a table's page and a server's lobby are reached by 128
//! random bits, never by an id, so a table in a private channel cannot be found by counting.
//! A token is made the first time a link is asked for and kept; it never changes after.

use super::tables::load_table;
use super::{Ledger, Result};
use crate::args;
use crate::tables::TableRow;

/// A fresh token: 128 bits from the operating system's generator, in lower-case hex.
pub(crate) fn new_token() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `text` has the shape of a token (32 lower-case hex digits); anything else is
/// answered without asking the database.
pub fn is_token(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl Ledger {
    /// The token of a table's live page, made now if the table has none yet.
    pub fn watch_token(&self, table: i64) -> Result<String> {
        // Every board reply asks: a read answers all but the first, which writes.
        let known: Option<String> = self.read(|tx| {
            tx.query_opt(
                "SELECT watch_token FROM tables WHERE id = ?1",
                args![table],
                |r| r.col("watch_token"),
            )
            .map(Option::flatten)
        })?;
        if let Some(token) = known {
            return Ok(token);
        }
        let fresh = new_token();
        self.write(|tx| {
            load_table(tx, table)?;
            tx.execute(
                "UPDATE tables SET watch_token = ?2 WHERE id = ?1 AND watch_token IS NULL",
                args![table, &fresh],
            )?;
            tx.value("SELECT watch_token FROM tables WHERE id = ?1", args![table])
        })
    }

    /// The table whose live page `token` opens, if any.
    pub fn table_by_watch_token(&self, token: &str) -> Result<Option<TableRow>> {
        if !is_token(token) {
            return Ok(None);
        }
        self.read(|tx| {
            let id: Option<i64> = tx.query_opt(
                "SELECT id FROM tables WHERE watch_token = ?1",
                args![token],
                |r| r.col("id"),
            )?;
            id.map(|id| load_table(tx, id)).transpose()
        })
    }

    /// The token of a guild's lobby page, made now if the guild has none yet.
    pub fn lobby_token(&self, guild: &str) -> Result<String> {
        let fresh = new_token();
        self.write_in(guild, |tx| {
            super::economy::ensure_guild(tx, guild, &self.defaults)?;
            tx.execute(
                "UPDATE guilds SET lobby_token = ?2 WHERE guild_id = ?1 AND lobby_token IS NULL",
                args![guild, &fresh],
            )?;
            tx.value(
                "SELECT lobby_token FROM guilds WHERE guild_id = ?1",
                args![guild],
            )
        })
    }

    /// Closes a guild's lobby: its token opens nothing any more (a new one is made when
    /// the lobby opens again), and no channel stays open to it.
    pub fn close_lobby(&self, guild: &str) -> Result<()> {
        self.write_in(guild, |tx| {
            tx.execute(
                "DELETE FROM lobby_channels WHERE guild_id = ?1",
                args![guild],
            )?;
            tx.execute(
                "UPDATE guilds SET lobby_token = NULL WHERE guild_id = ?1",
                args![guild],
            )
            .map(|_| ())
        })
    }

    /// Opens (`open`) or closes `channel`'s tables to the guild's lobby; returns how many
    /// channels are open to it now.
    pub fn set_lobby_channel(&self, guild: &str, channel: &str, open: bool) -> Result<i64> {
        self.write_in(guild, |tx| {
            if open {
                tx.execute(
                    "INSERT INTO lobby_channels (guild_id, channel_id) VALUES (?1, ?2)
                     ON CONFLICT DO NOTHING",
                    args![guild, channel],
                )?;
            } else {
                tx.execute(
                    "DELETE FROM lobby_channels WHERE guild_id = ?1 AND channel_id = ?2",
                    args![guild, channel],
                )?;
            }
            tx.value(
                "SELECT COUNT(*) FROM lobby_channels WHERE guild_id = ?1",
                args![guild],
            )
        })
    }

    /// Remembers the channel whose thread `table` plays in, for the lobby.
    pub fn set_table_parent(&self, table: i64, parent: &str) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "UPDATE tables SET parent_channel = ?2 WHERE id = ?1",
                args![table, parent],
            )
            .map(|_| ())
        })
    }

    /// A guild's tables as its lobby shows them — those of the channels opened to it and
    /// their threads: the active ones, and the last `recent` that finished, newest first.
    pub fn lobby_tables(&self, guild: &str, recent: i64) -> Result<(Vec<TableRow>, Vec<TableRow>)> {
        self.read(|tx| {
            // Only tables of the channels opened to the web, and of their threads.
            let shown = "(channel_id IN (SELECT channel_id FROM lobby_channels WHERE guild_id = ?1)
                 OR parent_channel IN (SELECT channel_id FROM lobby_channels WHERE guild_id = ?1))";
            let active: Vec<i64> = tx.query(
                &format!(
                    "SELECT id FROM tables WHERE guild_id = ?1 AND status IN ('open', 'playing')
                     AND {shown} ORDER BY id"
                ),
                args![guild],
                |r| r.col("id"),
            )?;
            let ended: Vec<i64> = tx.query(
                &format!(
                    "SELECT id FROM tables WHERE guild_id = ?1 AND status = 'finished'
                     AND {shown} ORDER BY id DESC LIMIT ?2"
                ),
                args![guild, recent],
                |r| r.col("id"),
            )?;
            let load = |ids: Vec<i64>| -> Result<Vec<TableRow>> {
                ids.into_iter().map(|id| load_table(tx, id)).collect()
            };
            Ok((load(active)?, load(ended)?))
        })
    }

    /// The guild whose lobby `token` opens, if any.
    pub fn guild_by_lobby_token(&self, token: &str) -> Result<Option<String>> {
        if !is_token(token) {
            return Ok(None);
        }
        self.read(|tx| {
            tx.query_opt(
                "SELECT guild_id FROM guilds WHERE lobby_token = ?1",
                args![token],
                |r| r.col("guild_id"),
            )
        })
    }

    /// Whether the database answers a trivial query (the operator's health check).
    pub fn ping(&self) -> Result<()> {
        self.read(|tx| tx.value::<i64>("SELECT 1", args![]).map(|_| ()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_of_hex_and_differ() {
        let a = new_token();
        let b = new_token();
        assert!(is_token(&a), "{a}");
        assert_ne!(a, b);
        assert!(!is_token("1"));
        assert!(!is_token(&a.to_uppercase()));
        assert!(!is_token(&format!("{a}0")));
        assert!(!is_token("../../../../etc/passwd/aaaaaaaaaaaaa"));
    }
}
