//! What a member may take from the house and from the same opponent in a UTC day (issue 52):
//! a crowd of alternate accounts or two friends trading wins must not be able to mint
//! credits. Two limits, both counted from the members' stored results:
//!
//! - **The house's daily limit** (`house_daily_max`): against the droid the house covers the
//!   stake, so a member who beats a weak level takes credits the house issued. What one
//!   member won from the house on a day (the net of every table won against the droid, and
//!   the token bet of each slot token earned there), together with what their tables
//!   against the droid still in play could win, may not pass it. A wager that could is
//!   refused before anything is escrowed.
//! - **Tokens for games really played**: the winner's slot token is earned only when every
//!   loser played at least the game's declared number of actions (no token for a
//!   resignation on the first move), and only `token_pair_daily` times a day from tables
//!   with the same opponent.

use serde::{Deserialize, Serialize};

use super::store::Tx;
use super::tables::TableRow;
use super::{economy, Ledger, Result, DROID};
use crate::args;

/// What a settlement needs to know to decide the winner's slot token, given by the table
/// layer: the UTC day by the table's clock, and the game's threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Earning {
    /// Days since the Unix epoch (UTC) on which the table settles.
    pub day: i64,
    /// The fewest actions every loser must have played for the winner to earn a token.
    pub loser_actions: u32,
}

impl Earning {
    /// The UTC day of `now` (Unix seconds), with no action threshold.
    pub fn on(now: i64) -> Earning {
        Earning {
            day: now.div_euclid(86_400),
            loser_actions: 0,
        }
    }
}

/// Why a winner got no slot token, for the table to say so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoToken {
    /// A loser left before playing the game's threshold of actions.
    TooShort { needed: u32 },
    /// The two members already earned this many tokens from each other today.
    PairLimit { limit: i64 },
}

/// Whether the single winner `seat` of `row` earns the slot token: `Ok(())` when it does,
/// else why not. Only a wagered table's human winner is asked.
pub(crate) fn token_for(
    tx: &Tx,
    guild: &str,
    row: &TableRow,
    seat: usize,
    earning: &Earning,
) -> Result<std::result::Result<(), NoToken>> {
    let winner = &row.seats[seat];
    for (loser_seat, loser) in row.seats.iter().enumerate() {
        if loser_seat == seat {
            continue;
        }
        if loser == winner {
            // Playing oneself earns nothing (as it counts for nothing on the boards).
            return Ok(Err(NoToken::TooShort {
                needed: earning.loser_actions,
            }));
        }
        let played: i64 = tx.value(
            "SELECT COUNT(*) FROM actions WHERE table_id = ?1 AND seat = ?2",
            args![row.id, loser_seat as i64],
        )?;
        if played < i64::from(earning.loser_actions) {
            return Ok(Err(NoToken::TooShort {
                needed: earning.loser_actions,
            }));
        }
        if loser != DROID {
            let limit = economy::load(tx, guild)?.token_pair_daily;
            let earned: i64 = tx.value(
                "SELECT COUNT(*) FROM results w
                 JOIN results l ON l.table_id = w.table_id AND l.user_id = ?3
                 WHERE w.guild_id = ?1 AND w.user_id = ?2 AND w.day = ?4 AND w.token = 1",
                args![guild, winner, loser, earning.day],
            )?;
            if earned >= limit {
                return Ok(Err(NoToken::PairLimit { limit }));
            }
        }
    }
    Ok(Ok(()))
}

/// What `user` won from the house on `day`: the net of each table won against the droid
/// and the token bet of each token earned there.
fn won_from_house(tx: &Tx, guild: &str, user: &str, day: i64, token_bet: i64) -> Result<i64> {
    tx.value(
        "SELECT CAST(COALESCE(SUM(CASE WHEN r.net > 0 THEN r.net ELSE 0 END + r.token * ?4), 0)
                     AS BIGINT)
         FROM results r
         WHERE r.guild_id = ?1 AND r.user_id = ?2 AND r.day = ?3
           AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = r.table_id AND s.user_id = ?5)",
        args![guild, user, day, token_bet, DROID],
    )
}

/// What `user`'s wagered tables against the droid that have not ended yet could still win
/// from the house: each one's stake and a token.
fn at_stake_with_house(tx: &Tx, guild: &str, user: &str, token_bet: i64) -> Result<i64> {
    tx.value(
        "SELECT CAST(COALESCE(SUM(t.stake + ?3), 0) AS BIGINT)
         FROM tables t
         WHERE t.guild_id = ?1 AND t.status IN ('open', 'playing') AND t.stake > 0
           AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ?2)
           AND EXISTS (SELECT 1 FROM seats d WHERE d.table_id = t.id AND d.user_id = ?4)",
        args![guild, user, token_bet, DROID],
    )
}

/// A member's standing with the house on a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HouseAllowance {
    /// The server's limit (`house_daily_max`).
    pub limit: i64,
    /// Won from the house today, and what tables still in play against it could win.
    pub used: i64,
    /// What one more win against the droid costs on top of its stake (a slot token).
    pub token_bet: i64,
}

impl HouseAllowance {
    /// The largest stake a new wagered table against the droid may take, if any.
    pub fn max_stake(&self) -> i64 {
        self.limit - self.used - self.token_bet
    }
}

impl Ledger {
    /// Where `user` stands with the house on `day` (see the module's notes).
    pub fn house_allowance(&self, guild: &str, user: &str, day: i64) -> Result<HouseAllowance> {
        let economy = self.economy(guild)?;
        self.read(|tx| {
            let won = won_from_house(tx, guild, user, day, economy.token_bet)?;
            let pending = at_stake_with_house(tx, guild, user, economy.token_bet)?;
            Ok(HouseAllowance {
                limit: economy.house_daily_max,
                used: won.saturating_add(pending),
                token_bet: economy.token_bet,
            })
        })
    }
}
