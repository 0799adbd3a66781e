//! `holotable audit`: recomputes the ledger's invariants (PRODUCT.md P-6) from the journal.

use serde::Serialize;

use super::{Ledger, Result};

/// The audit's findings, printed as one JSON line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Audit {
    pub ok: bool,
    pub guilds: i64,
    pub accounts: i64,
    pub transfers: i64,
    /// The sum of all balances (zero per guild, so zero overall).
    pub sum: i64,
    pub negative_balances: i64,
    /// Credits held in escrow for tables still playing.
    pub open_escrow: i64,
    /// What failed, for people; empty when `ok`.
    pub problems: Vec<String>,
}

impl Ledger {
    pub fn audit(&self) -> Result<Audit> {
        self.read(|tx| {
            let count = |sql: &str| -> Result<i64> { Ok(tx.query_row(sql, [], |r| r.get(0))?) };
            let mut problems = Vec::new();
            let guilds = count("SELECT COUNT(*) FROM guilds")?;
            let accounts = count("SELECT COUNT(*) FROM accounts")?;
            let transfers = count("SELECT COUNT(*) FROM transfers")?;
            let sum = count("SELECT COALESCE(SUM(balance), 0) FROM accounts")?;
            let negative_balances = count(
                "SELECT COUNT(*) FROM accounts WHERE kind IN ('member', 'escrow') AND balance < 0",
            )?;
            let open_escrow = count(
                "SELECT COALESCE(SUM(a.balance), 0) FROM accounts a JOIN tables t
                 ON a.kind = 'escrow' AND a.owner = CAST(t.id AS TEXT) WHERE t.status = 'playing'",
            )?;
            if negative_balances > 0 {
                problems.push(format!("{negative_balances} member or escrow balances below zero"));
            }
            // P-6.1: every guild sums to zero.
            let mut stmt = tx.prepare(
                "SELECT guild_id, SUM(balance) FROM accounts GROUP BY guild_id HAVING SUM(balance) <> 0",
            )?;
            for row in stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))? {
                let (guild, total) = row?;
                problems.push(format!("guild {guild}: balances sum to {total}, not 0"));
            }
            // Every balance equals what its transfers say.
            let mut stmt = tx.prepare(
                "SELECT a.id, a.kind, a.owner, a.balance,
                        COALESCE((SELECT SUM(amount) FROM transfers WHERE to_account = a.id), 0)
                      - COALESCE((SELECT SUM(amount) FROM transfers WHERE from_account = a.id), 0),
                        a.tokens,
                        COALESCE((SELECT SUM(delta) FROM token_moves WHERE account_id = a.id), 0)
                 FROM accounts a",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, i64>(6)?,
                ))
            })?;
            for row in rows {
                let (id, kind, owner, balance, journal, tokens, token_journal) = row?;
                if balance != journal {
                    problems.push(format!(
                        "account {id} ({kind} {owner}): balance {balance}, transfers say {journal}"
                    ));
                }
                if tokens != token_journal {
                    problems.push(format!(
                        "account {id} ({kind} {owner}): {tokens} tokens, token moves say {token_journal}"
                    ));
                }
            }
            // P-6.3: an ended table holds nothing in escrow; a playing one holds its stakes.
            let mut stmt = tx.prepare(
                "SELECT t.id, t.status, t.stake * (SELECT COUNT(*) FROM seats s WHERE s.table_id = t.id),
                        COALESCE(a.balance, 0)
                 FROM tables t LEFT JOIN accounts a
                   ON a.kind = 'escrow' AND a.owner = CAST(t.id AS TEXT) AND a.guild_id = t.guild_id",
            )?;
            for row in stmt.query_map([], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, i64>(3)?))
            })? {
                let (id, status, stakes, held) = row?;
                let expected = if status == "playing" { stakes } else { 0 };
                if held != expected {
                    problems.push(format!(
                        "table {id} ({status}) holds {held} in escrow, expected {expected}"
                    ));
                }
            }
            if sum != 0 {
                problems.push(format!("all balances sum to {sum}, not 0"));
            }
            Ok(Audit {
                ok: problems.is_empty(),
                guilds,
                accounts,
                transfers,
                sum,
                negative_balances,
                open_escrow,
                problems,
            })
        })
    }
}
