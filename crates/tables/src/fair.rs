//! Fair play (docs/CONTRACT.md P-12): what pays credits for nothing (`/daily`) or moves them
//! from one member to another (`/give`, a wagered or per-point table, a side bet, a paid
//! entry) is refused to Discord accounts and server members younger than the server's
//! limits (an account's age as the front end knows it: Discord's ids carry it), so that a
//! crowd of alternate accounts cannot farm credits for one player; and
//! what one member may win from the house in a day is bounded (`house_daily_max`).

use super::{Actor, Refusal};
use crate::play::Tables;
use crate::t;

impl Tables<'_> {
    /// Refuses `command` to an account or a membership younger than this server allows.
    pub(crate) fn check_fair_play(&self, actor: &Actor, command: &str) -> Result<(), Refusal> {
        let lang = actor.lang;
        let economy = self.app.ledger.economy(&actor.guild)?;
        let now = self.app.now();
        if let Some(created) = actor.created {
            let days = (now - created).div_euclid(86_400);
            if days < economy.min_account_days {
                return Err(Refusal::Said(t!(
                    lang,
                    "fair-account",
                    command = command,
                    days = economy.min_account_days,
                    age = days.max(0)
                )));
            }
        }
        if let Some(joined) = actor.joined {
            let needed = economy.min_member_hours * 3600;
            let member_for = now - joined;
            if member_for < needed {
                return Err(Refusal::Said(t!(
                    lang,
                    "fair-member",
                    command = command,
                    hours = economy.min_member_hours,
                    left = (needed - member_for + 3599) / 3600
                )));
            }
        }
        Ok(())
    }
}

impl Tables<'_> {
    /// Refuses a wager of `stake` against the droid that could take `user` past what the
    /// house pays one member in a UTC day (by the table's clock).
    pub(crate) fn check_house(
        &self,
        lang: crate::words::Lang,
        guild: &str,
        user: &str,
        stake: i64,
    ) -> Result<(), Refusal> {
        if stake == 0 {
            return Ok(());
        }
        let day = self.app.now().div_euclid(86_400);
        let allowance = self.app.ledger.house_allowance(guild, user, day)?;
        if allowance.limit == 0 {
            return Err(Refusal::Said(t!(lang, "house-no-wagers")));
        }
        if stake > allowance.max_stake() {
            return Err(Refusal::Said(t!(
                lang,
                "house-limit",
                who = self.app.name(guild, user),
                limit = allowance.limit,
                stake = stake,
                left = allowance.max_stake().max(0),
                token = allowance.token_bet
            )));
        }
        Ok(())
    }
}
