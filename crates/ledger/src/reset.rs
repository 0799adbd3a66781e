//! An admin's fresh start (`/admin reset`): the economy — every member back to the server's
//! starting balance, their slot tokens spent — or the season, ended now. The table layer
//! first ends what still holds credits (tables, tournaments, with their refunds); the reset
//! itself is one operation, refused while anything still does, so nothing is lost on the way:
//! credits go back to the house and come out of it again, each move in the journal.

use serde::{Deserialize, Serialize};

use super::accounts::{balance_of, move_tokens, tokens_of, transfer};
use super::admin_log::{record, AdminAct};
use super::economy::{self, house};
use super::seasons::Season;
use super::{Ledger, LedgerError, Replayable, Result};
use crate::args;

/// What an economy reset did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reset {
    /// The members whose accounts it set back.
    pub members: i64,
    /// The credits they held, back to the house.
    pub returned: i64,
    /// The balance each starts again with.
    pub starting: i64,
}

impl Ledger {
    /// Every member of `guild` back to the starting balance, tokens spent; refused while a
    /// table or tournament still holds credits. Logged as `act`.
    pub fn reset_economy(&self, guild: &str, act: &AdminAct) -> Result<Replayable<Reset>> {
        let key = format!("reset:{}", act.key);
        self.operation(guild, &key, "reset", |tx, op| {
            let tables: i64 = tx.value(
                "SELECT COUNT(*) FROM tables
                 WHERE guild_id = ?1 AND status IN ('open', 'playing')",
                args![guild],
            )?;
            let tournaments: i64 = tx.value(
                "SELECT COUNT(*) FROM tournaments
                 WHERE guild_id = ?1 AND status IN ('open', 'playing')",
                args![guild],
            )?;
            if tables > 0 || tournaments > 0 {
                return Err(LedgerError::StillRunning {
                    tables,
                    tournaments,
                });
            }
            let starting = economy::load(tx, guild)?.starting_balance;
            let house = house(tx, guild)?;
            let members: Vec<(i64, String)> = tx.query(
                "SELECT id, owner FROM accounts WHERE guild_id = ?1 AND kind = 'member'
                 ORDER BY id",
                args![guild],
                |r| Ok((r.col("id")?, r.col("owner")?)),
            )?;
            let mut returned = 0;
            for (account, owner) in &members {
                let balance = balance_of(tx, *account)?;
                if balance > 0 {
                    transfer(tx, op, *account, house, balance, owner)?;
                    returned += balance;
                }
                if starting > 0 {
                    transfer(tx, op, house, *account, starting, "the house")?;
                }
                let tokens = tokens_of(tx, *account)?;
                if tokens > 0 {
                    move_tokens(tx, op, *account, -tokens)?;
                }
            }
            let reset = Reset {
                members: members.len() as i64,
                returned,
                starting,
            };
            let mut act = act.clone();
            act.args.insert("members".into(), reset.members.into());
            record(tx, guild, &act)?;
            Ok(reset)
        })
    }

    /// Ends `guild`'s season in play now, as its length would (standings kept, ratings
    /// softened, the next season begun), once however often `act` is replayed; `None` when
    /// another process ended it first. Logged as `act`.
    pub fn end_season_now(
        &self,
        guild: &str,
        now: i64,
        act: &AdminAct,
    ) -> Result<Replayable<Option<Season>>> {
        let key = format!("season:{}", act.key);
        self.operation(guild, &key, "season", |tx, _| {
            let Some(ended) = super::seasons::end_season_at(tx, guild, now)? else {
                return Ok(None);
            };
            let mut act = act.clone();
            act.args.insert("season".into(), ended.season.number.into());
            record(tx, guild, &act)?;
            Ok(Some(ended.season))
        })
    }
}
