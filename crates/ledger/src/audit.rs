//! `holotable audit`: recomputes the ledger's invariants (docs/CONTRACT.md P-6) from the journal.

use serde::Serialize;

use super::store::Tx;
use super::{Ledger, Result};
use crate::args;

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
    /// What failed, for people; empty when `ok`. Not in the JSON line, whose keys P-7 fixes:
    /// `holotable audit` prints them on stderr.
    #[serde(skip)]
    pub problems: Vec<String>,
}

impl Ledger {
    pub fn audit(&self) -> Result<Audit> {
        self.read(|tx| {
            let count = |sql: &str| -> Result<i64> { tx.value(sql, args![]) };
            let mut problems = Vec::new();
            let guilds = count("SELECT COUNT(*) FROM guilds")?;
            let accounts = count("SELECT COUNT(*) FROM accounts")?;
            let transfers = count("SELECT COUNT(*) FROM transfers")?;
            let sum = count("SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM accounts")?;
            let negative_balances = count(
                "SELECT COUNT(*) FROM accounts WHERE kind IN ('member', 'escrow') AND balance < 0",
            )?;
            let open_escrow = count(
                "SELECT CAST(COALESCE(SUM(a.balance), 0) AS BIGINT) FROM accounts a JOIN tables t
                 ON a.kind = 'escrow' AND a.owner = CAST(t.id AS TEXT) WHERE t.status = 'playing'",
            )?;
            if negative_balances > 0 {
                problems.push(format!(
                    "{negative_balances} member or escrow balances below zero"
                ));
            }
            guilds_balanced(tx, &mut problems)?;
            balances_journalled(tx, &mut problems)?;
            for holding in HOLDINGS {
                holding.check(tx, &mut problems)?;
            }
            purchases_paid(tx, &mut problems)?;
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

/// P-6.1: every guild sums to zero.
fn guilds_balanced(tx: &Tx, problems: &mut Vec<String>) -> Result<()> {
    let unbalanced: Vec<(String, i64)> = tx.query(
        "SELECT guild_id, CAST(SUM(balance) AS BIGINT) AS total FROM accounts
         GROUP BY guild_id HAVING SUM(balance) <> 0",
        args![],
        |r| Ok((r.col("guild_id")?, r.col("total")?)),
    )?;
    for (guild, total) in unbalanced {
        problems.push(format!("guild {guild}: balances sum to {total}, not 0"));
    }
    Ok(())
}

/// Every balance, in credits and in tokens, equals what its journal says.
fn balances_journalled(tx: &Tx, problems: &mut Vec<String>) -> Result<()> {
    let rows: Vec<(i64, String, String, i64, i64, i64, i64)> = tx.query(
        "SELECT a.id, a.kind, a.owner, a.balance,
                CAST(COALESCE((SELECT SUM(amount) FROM transfers WHERE to_account = a.id), 0)
                   - COALESCE((SELECT SUM(amount) FROM transfers WHERE from_account = a.id), 0)
                   AS BIGINT) AS journal,
                a.tokens,
                CAST(COALESCE((SELECT SUM(delta) FROM token_moves WHERE account_id = a.id), 0)
                   AS BIGINT) AS token_journal
         FROM accounts a",
        args![],
        |r| {
            Ok((
                r.col("id")?,
                r.col("kind")?,
                r.col("owner")?,
                r.col("balance")?,
                r.col("journal")?,
                r.col("tokens")?,
                r.col("token_journal")?,
            ))
        },
    )?;
    for (id, kind, owner, balance, journal, tokens, token_journal) in rows {
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
    Ok(())
}

/// An escrow that holds what something still running owes back or pays out, and nothing
/// once it has ended.
struct Holding {
    /// Each row's id, status, what it should hold while active (`due`) and what it holds.
    sql: &'static str,
    /// The statuses in which it holds `due`.
    active: &'static [&'static str],
    /// "table", "tournament".
    owner: &'static str,
    /// "in escrow", "in its bet pool", "in its pot".
    place: &'static str,
}

/// P-6.3 and its kin: a table's stakes, a table's side bets, a tournament's entries.
const HOLDINGS: [Holding; 3] = [
    Holding {
        sql: "SELECT t.id, t.status,
                     t.stake * (SELECT COUNT(*) FROM seats s WHERE s.table_id = t.id) AS due,
                     COALESCE(a.balance, 0) AS held
              FROM tables t LEFT JOIN accounts a
                ON a.kind = 'escrow' AND a.owner = CAST(t.id AS TEXT) AND a.guild_id = t.guild_id",
        active: &["playing"],
        owner: "table",
        place: "in escrow",
    },
    Holding {
        sql: "SELECT t.id, t.status,
                     CAST(COALESCE((SELECT SUM(b.amount) FROM side_bets b
                                    WHERE b.table_id = t.id), 0) AS BIGINT) AS due,
                     COALESCE(a.balance, 0) AS held
              FROM tables t LEFT JOIN accounts a
                ON a.kind = 'escrow' AND a.owner = 'bets:' || CAST(t.id AS TEXT)
               AND a.guild_id = t.guild_id",
        active: &["open", "playing"],
        owner: "table",
        place: "in its bet pool",
    },
    Holding {
        sql: "SELECT t.id, t.status,
                     t.entry * (SELECT COUNT(*) FROM tournament_players p
                                WHERE p.tournament_id = t.id) AS due,
                     COALESCE(a.balance, 0) AS held
              FROM tournaments t LEFT JOIN accounts a
                ON a.kind = 'escrow' AND a.owner = 'tournament:' || CAST(t.id AS TEXT)
               AND a.guild_id = t.guild_id",
        active: &["open", "playing"],
        owner: "tournament",
        place: "in its pot",
    },
];

impl Holding {
    fn check(&self, tx: &Tx, problems: &mut Vec<String>) -> Result<()> {
        let rows: Vec<(i64, String, i64, i64)> = tx.query(self.sql, args![], |r| {
            Ok((
                r.col("id")?,
                r.col("status")?,
                r.col("due")?,
                r.col("held")?,
            ))
        })?;
        for (id, status, due, held) in rows {
            let expected = if self.active.contains(&status.as_str()) {
                due
            } else {
                0
            };
            if held != expected {
                problems.push(format!(
                    "{} {id} ({status}) holds {held} {}, expected {expected}",
                    self.owner, self.place
                ));
            }
        }
        Ok(())
    }
}

/// Purchases: each was paid, in its own operation, by its buyer to the house.
fn purchases_paid(tx: &Tx, problems: &mut Vec<String>) -> Result<()> {
    let unpaid: Vec<(String, String, String, i64)> = tx.query(
        "SELECT p.guild_id, p.user_id, p.item, p.price FROM purchases p
         WHERE NOT EXISTS (
             SELECT 1 FROM transfers t
             JOIN accounts f ON f.id = t.from_account
             JOIN accounts h ON h.id = t.to_account
             WHERE t.operation_id = p.operation AND t.amount = p.price
               AND f.kind = 'member' AND f.owner = p.user_id
               AND f.guild_id = p.guild_id AND h.kind = 'house')",
        args![],
        |r| {
            Ok((
                r.col("guild_id")?,
                r.col("user_id")?,
                r.col("item")?,
                r.col("price")?,
            ))
        },
    )?;
    for (guild, user, item, price) in unpaid {
        problems.push(format!(
            "guild {guild}: {user} owns {item} without paying its {price} credits"
        ));
    }
    Ok(())
}
