//! A member's own journal (`/history`): every operation that moved their credits or slot
//! tokens, newest first, with what it was (its kind), whom or what it was with (the
//! journal's other account: the house, the slot machine, another member, a table's escrow,
//! its side bets' pool, a tournament's pot), how their credits and tokens changed, and the
//! outcome of a table it settled. The amounts of all of them sum to the member's balance.

use serde::{Deserialize, Serialize};

use super::accounts::member_account;
use super::store::Tx;
use super::{Ledger, Result};
use crate::args;

/// The other side of an entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Other {
    House,
    Slots,
    Member(String),
    Table(i64),
    /// The side bets' pool of a table.
    Bets(i64),
    Tournament(i64),
    /// Tokens alone moved.
    Nobody,
}

impl Other {
    fn of(kind: Option<&str>, owner: Option<&str>) -> Other {
        let owner = owner.unwrap_or_default();
        let number = |text: &str| text.parse::<i64>().ok();
        match kind {
            Some("house") => Other::House,
            Some("slots") => Other::Slots,
            Some("member") => Other::Member(owner.to_string()),
            Some("escrow") => {
                if let Some(table) = owner.strip_prefix("bets:").and_then(number) {
                    Other::Bets(table)
                } else if let Some(id) = owner.strip_prefix("tournament:").and_then(number) {
                    Other::Tournament(id)
                } else {
                    number(owner).map_or(Other::Nobody, Other::Table)
                }
            }
            _ => Other::Nobody,
        }
    }
}

/// One line of a member's journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub at: i64,
    /// The operation's kind (`daily`, `give`, `settle`…).
    pub kind: String,
    /// How the member's credits changed.
    pub net: i64,
    /// How their slot tokens changed.
    pub tokens: i64,
    pub other: Other,
    /// At a table it settled: `win`, `loss` or `draw` (none: the stake came back).
    pub outcome: Option<String>,
    /// What a purchase bought.
    pub item: Option<String>,
}

const ENTRIES: &str = "
    SELECT o.id, o.kind, o.created_at, o.result,
           CAST(COALESCE((SELECT SUM(t.amount) FROM transfers t
                          WHERE t.operation_id = o.id AND t.to_account = ?2), 0)
              - COALESCE((SELECT SUM(t.amount) FROM transfers t
                          WHERE t.operation_id = o.id AND t.from_account = ?2), 0) AS BIGINT)
               AS net,
           CAST(COALESCE((SELECT SUM(m.delta) FROM token_moves m
                          WHERE m.operation_id = o.id AND m.account_id = ?2), 0) AS BIGINT)
               AS tokens,
           (SELECT a.kind FROM transfers t JOIN accounts a
                ON a.id = CASE WHEN t.from_account = ?2 THEN t.to_account ELSE t.from_account END
             WHERE t.operation_id = o.id AND (t.from_account = ?2 OR t.to_account = ?2)
             ORDER BY t.id LIMIT 1) AS other_kind,
           (SELECT a.owner FROM transfers t JOIN accounts a
                ON a.id = CASE WHEN t.from_account = ?2 THEN t.to_account ELSE t.from_account END
             WHERE t.operation_id = o.id AND (t.from_account = ?2 OR t.to_account = ?2)
             ORDER BY t.id LIMIT 1) AS other_owner
    FROM operations o
    WHERE o.guild_id = ?1 AND o.id IN (
        SELECT operation_id FROM transfers WHERE from_account = ?2 OR to_account = ?2
        UNION SELECT operation_id FROM token_moves WHERE account_id = ?2)
    ORDER BY o.id DESC LIMIT ?3 OFFSET ?4";

const COUNT: &str = "
    SELECT COUNT(*) FROM (
        SELECT operation_id FROM transfers WHERE from_account = ?1 OR to_account = ?1
        UNION SELECT operation_id FROM token_moves WHERE account_id = ?1) AS touched";

fn outcome(tx: &Tx, guild: &str, user: &str, table: i64) -> Result<Option<String>> {
    tx.query_opt(
        "SELECT outcome FROM results WHERE guild_id = ?1 AND table_id = ?2 AND user_id = ?3
         LIMIT 1",
        args![guild, table, user],
        |r| r.col("outcome"),
    )
}

impl Ledger {
    /// `user`'s journal in `guild`, newest first: `count` entries after skipping `skip`,
    /// and how many there are in all (none without an account).
    pub fn history(
        &self,
        guild: &str,
        user: &str,
        skip: i64,
        count: i64,
    ) -> Result<(Vec<Entry>, i64)> {
        self.read(|tx| {
            let Some(account) = member_account(tx, guild, user)? else {
                return Ok((Vec::new(), 0));
            };
            let total: i64 = tx.value(COUNT, args![account])?;
            type Row = (
                String,
                i64,
                String,
                i64,
                i64,
                Option<String>,
                Option<String>,
            );
            let rows: Vec<Row> = tx.query(ENTRIES, args![guild, account, count, skip], |r| {
                Ok((
                    r.col("kind")?,
                    r.col("created_at")?,
                    r.col("result")?,
                    r.col("net")?,
                    r.col("tokens")?,
                    r.col("other_kind")?,
                    r.col("other_owner")?,
                ))
            })?;
            let mut entries = Vec::with_capacity(rows.len());
            for (kind, at, result, net, tokens, other_kind, other_owner) in rows {
                let other = Other::of(other_kind.as_deref(), other_owner.as_deref());
                let outcome = match (&other, kind.as_str()) {
                    (Other::Table(table), "settle") => outcome(tx, guild, user, *table)?,
                    _ => None,
                };
                let item = (kind == "buy")
                    .then(|| serde_json::from_str::<serde_json::Value>(&result).ok())
                    .flatten()
                    .and_then(|v| v["item"].as_str().map(str::to_string));
                entries.push(Entry {
                    at,
                    kind,
                    net,
                    tokens,
                    other,
                    outcome,
                    item,
                });
            }
            Ok((entries, total))
        })
    }
}
