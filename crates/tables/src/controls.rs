//! The switches a server's admins hold over its economy (issue 55): wagers (and the most
//! one may be), the slot machine, the shop and `/daily`. Each is checked here, before
//! anything is written, by every command that would move credits that way.

use super::Refusal;
use crate::ledger::economy::Economy;
use crate::play::Tables;
use crate::{t, Actor, App};

/// What a server may turn off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Switch {
    Slots,
    Shop,
    Daily,
}

impl App {
    /// Refuses `actor` what `switch` turns off on their server.
    pub(crate) fn check_switch(&self, actor: &Actor, switch: Switch) -> Result<(), Refusal> {
        let e = self.ledger.economy(&actor.guild)?;
        let (on, id) = match switch {
            Switch::Slots => (e.slots, "controls-slots-off"),
            Switch::Shop => (e.shop, "controls-shop-off"),
            Switch::Daily => (e.daily, "controls-daily-off"),
        };
        if on == 0 {
            return Err(Refusal::Said(t!(actor.lang, id)));
        }
        Ok(())
    }
}

impl Tables<'_> {
    /// Refuses a table played for `amount` credits (a stake, or an amount per point) where
    /// wagers are off or `amount` passes the server's most.
    pub(crate) fn check_wager(&self, actor: &Actor, amount: i64) -> Result<(), Refusal> {
        if amount <= 0 {
            return Ok(());
        }
        let e: Economy = self.app.ledger.economy(&actor.guild)?;
        if e.wagers == 0 {
            return Err(Refusal::Said(t!(actor.lang, "controls-wagers-off")));
        }
        if e.max_wager > 0 && amount > e.max_wager {
            return Err(Refusal::Said(t!(
                actor.lang,
                "controls-wager-max",
                max = e.max_wager,
                amount = amount
            )));
        }
        self.app.check_limits(actor, amount)
    }
}
