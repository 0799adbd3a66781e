//! Finding the table a command is about: a channel's active table (a member's own first),
//! an interaction that already played, a guild's tables and the newest ones.

use super::{carried_by, load_table, TableRow};
use crate::args;
use crate::store::Tx;
use crate::{Ledger, Result};

impl Ledger {
    /// The active (open or playing) table of a channel.
    pub fn active_table(&self, guild: &str, channel: &str) -> Result<Option<TableRow>> {
        self.read(|tx| {
            let id: Option<i64> = tx.query_opt(
                "SELECT id FROM tables WHERE guild_id = ?1 AND channel_id = ?2
                     AND status IN ('open', 'playing') AND tournament_id IS NULL",
                args![guild, channel],
                |r| r.col("id"),
            )?;
            id.map(|id| load_table(tx, id)).transpose()
        })
    }

    /// The active table of a channel for `user`: the one they sit at (a tournament's
    /// channel holds a table per board), else the channel's own table, else its oldest
    /// tournament board.
    pub fn active_table_for(
        &self,
        guild: &str,
        channel: &str,
        user: &str,
    ) -> Result<Option<TableRow>> {
        self.read(|tx| active_for(tx, guild, channel, user))
    }

    /// In one read: the table and turn an interaction already played at, if it did, and
    /// else the active table of `channel` for `user` ([`Ledger::active_table_for`]) — what
    /// a command that plays asks first.
    pub fn carried_or_active(
        &self,
        interaction: &str,
        guild: &str,
        channel: &str,
        user: &str,
    ) -> Result<Carried> {
        self.read(|tx| {
            Ok(match carried_by(tx, interaction)? {
                Some((table, seq)) => Carried::Played { table, seq },
                None => Carried::Active(active_for(tx, guild, channel, user)?.map(Box::new)),
            })
        })
    }
}

/// What [`Ledger::carried_or_active`] finds.
#[derive(Debug, Clone)]
pub enum Carried {
    /// The interaction already played this action (the table's `seq`-th).
    Played { table: i64, seq: i64 },
    /// It did not: the active table it is about, if any.
    Active(Option<Box<TableRow>>),
}

/// The active table of `channel` for `user`: theirs first, then the channel's own before a
/// tournament's.
fn active_for(tx: &Tx, guild: &str, channel: &str, user: &str) -> Result<Option<TableRow>> {
    let id: Option<i64> = tx.query_opt(
        "SELECT t.id FROM tables t WHERE t.guild_id = ?1 AND t.channel_id = ?2
             AND t.status IN ('open', 'playing')
         ORDER BY EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id
                              AND s.user_id = ?3) DESC,
                  t.tournament_id IS NOT NULL, t.id
         LIMIT 1",
        args![guild, channel, user],
        |r| r.col("id"),
    )?;
    id.map(|id| load_table(tx, id)).transpose()
}

impl Ledger {
    /// When a table was opened (Unix seconds).
    pub fn table_opened_at(&self, table: i64) -> Result<i64> {
        self.read(|tx| tx.value("SELECT created_at FROM tables WHERE id = ?1", args![table]))
    }

    /// The active tables of a guild where `user` sits (or waits for players), oldest first.
    pub fn active_tables_of(&self, guild: &str, user: &str) -> Result<Vec<TableRow>> {
        self.read(|tx| {
            let ids: Vec<i64> = tx.query(
                "SELECT t.id FROM tables t WHERE t.guild_id = ?1
                     AND t.status IN ('open', 'playing')
                     AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id
                                     AND s.user_id = ?2)
                 ORDER BY t.id",
                args![guild, user],
                |r| r.col("id"),
            )?;
            ids.into_iter().map(|id| load_table(tx, id)).collect()
        })
    }

    /// The table of a guild that finished last (where a season's end is told).
    pub fn last_finished(&self, guild: &str) -> Result<Option<TableRow>> {
        self.read(|tx| {
            let id: Option<i64> = tx.query_opt(
                "SELECT id FROM tables WHERE guild_id = ?1 AND status = 'finished'
                     ORDER BY finished_at DESC, id DESC LIMIT 1",
                args![guild],
                |r| r.col("id"),
            )?;
            id.map(|id| load_table(tx, id)).transpose()
        })
    }

    /// The newest table of a channel, active or ended (for `/replay` and `/verify`).
    pub fn last_table(&self, guild: &str, channel: &str) -> Result<Option<TableRow>> {
        self.read(|tx| {
            let id: Option<i64> = tx.query_opt(
                "SELECT id FROM tables WHERE guild_id = ?1 AND channel_id = ?2
                     ORDER BY id DESC LIMIT 1",
                args![guild, channel],
                |r| r.col("id"),
            )?;
            id.map(|id| load_table(tx, id)).transpose()
        })
    }

    /// How many tables are open or playing, in every guild (for the operator's metrics).
    pub fn active_table_count(&self) -> Result<i64> {
        self.read(|tx| {
            tx.value(
                "SELECT COUNT(*) FROM tables WHERE status IN ('open', 'playing')",
                args![],
            )
        })
    }

    /// Every active table, to resume them after a restart.
    pub fn active_tables(&self) -> Result<Vec<TableRow>> {
        self.read(|tx| {
            let ids: Vec<i64> = tx.query(
                "SELECT id FROM tables WHERE status IN ('open', 'playing') ORDER BY id",
                args![],
                |r| r.col("id"),
            )?;
            ids.into_iter().map(|id| load_table(tx, id)).collect()
        })
    }
}
