//! A member's limits at the tables (issue 55, part 3): checked before any wager, side bet
//! or spin of theirs is written. Only the member sets them (`/limits`), and nothing lifts a
//! self-exclusion early; a refusal says until when.

use super::{Actor, App, Refusal};
use crate::ledger::calendar::Day;
use crate::{t, words};

impl App {
    /// Refuses `actor` a gamble of `amount` credits (0: a spin with a token) while they
    /// have excluded themself, or when it could take them past their daily loss limit.
    pub(crate) fn check_limits(&self, actor: &Actor, amount: i64) -> Result<(), Refusal> {
        let lang = actor.lang;
        let limits = self.ledger.limits(&actor.guild, &actor.user)?;
        let now = self.now();
        if limits.excluded(now) {
            return Err(Refusal::Said(t!(
                lang,
                "limits-excluded",
                who = &actor.name,
                until = words::moment(limits.excluded_until)
            )));
        }
        if let Some(limit) = limits.loss_limit {
            let today = Day::of(now);
            let lost = self.ledger.lost_on(&actor.guild, &actor.user, today)?;
            if lost.saturating_add(amount) > limit || lost >= limit {
                return Err(Refusal::Said(t!(
                    lang,
                    "limits-loss",
                    who = &actor.name,
                    limit = limit,
                    lost = lost,
                    amount = amount,
                    until = words::moment(today.start() + 86_400)
                )));
            }
        }
        Ok(())
    }
}
