//! A refusal: what a command answers when it changes nothing, kept typed (the ledger's or
//! the rules' own error) until it is told in its reader's words.

use crate::ledger::{self, LedgerError};
use crate::{bets, shop, tournaments};

/// A refusal shown privately to the user who acted; nothing changed. It is put in words
/// ([`Refusal::told`]) in the reader's language when it is shown.
#[derive(Debug)]
pub enum Refusal {
    /// Already in words.
    Said(String),
    /// The ledger refused.
    Ledger(LedgerError),
    /// The rules refused.
    Rules(crate::games::RulesError),
    /// A board could not be drawn.
    Render(crate::render::RenderError),
}

impl From<LedgerError> for Refusal {
    fn from(e: LedgerError) -> Self {
        Refusal::Ledger(e)
    }
}

impl From<crate::games::RulesError> for Refusal {
    fn from(e: crate::games::RulesError) -> Self {
        Refusal::Rules(e)
    }
}

impl From<crate::render::RenderError> for Refusal {
    fn from(e: crate::render::RenderError) -> Self {
        Refusal::Render(e)
    }
}

impl Refusal {
    /// The refusal in `lang`.
    pub fn told(&self, lang: crate::words::Lang) -> String {
        match self {
            Refusal::Said(text) => text.clone(),
            Refusal::Ledger(e) => ledger_refusal(lang, e),
            Refusal::Rules(e) => rules_refusal(lang, e),
            Refusal::Render(e) => e.to_string(),
        }
    }
}

/// A refusal as the operator's logs show it (in English).
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.told(crate::words::Lang::En))
    }
}

/// The ledger's refusals in the member's words; faults of the store itself keep the store's
/// own message (they are for the operator's logs as much as for the member).
fn ledger_refusal(lang: crate::words::Lang, e: &LedgerError) -> String {
    use crate::t;
    match e {
        LedgerError::InvalidAmount(n) => {
            t!(lang, "ledger-amount", max = ledger::MAX_AMOUNT, amount = *n)
        }
        LedgerError::InsufficientFunds {
            user,
            balance,
            needed,
        } => t!(
            lang,
            "ledger-funds",
            who = user.as_str(),
            balance = *balance,
            needed = *needed
        ),
        LedgerError::AmountTooLarge { max } => t!(lang, "ledger-too-large", max = *max),
        LedgerError::TableFull(_) => t!(lang, "seat-full"),
        LedgerError::AlreadySeated(_) => t!(lang, "seat-already"),
        LedgerError::SelfTransfer => t!(lang, "ledger-self"),
        LedgerError::UnknownMember(user) => t!(lang, "ledger-unknown-member", who = user.as_str()),
        LedgerError::UnknownTable(table) => t!(lang, "verify-unknown-table", table = *table),
        LedgerError::BelowMinimum { min } => t!(lang, "play-wager-minimum", min = *min),
        LedgerError::NoToken(user) => t!(lang, "ledger-no-token", who = user.as_str()),
        LedgerError::ChannelBusy => t!(lang, "ledger-channel-busy"),
        LedgerError::StillRunning {
            tables,
            tournaments,
        } => t!(
            lang,
            "ledger-still-running",
            tables = *tables,
            tournaments = *tournaments
        ),
        LedgerError::Bet(why) => bets::refusal(lang, why),
        LedgerError::Shop(why) => shop::refusal(lang, why),
        LedgerError::Tournament(why) => tournaments::refusal(lang, why),
        // The table layer checks a table's state before it writes, so the ledger finds
        // another state only when another command (another process's, on a shared
        // database) got there first.
        LedgerError::TableState { table, status, .. } if status.is_active() => {
            t!(lang, "table-moved-on", table = *table)
        }
        LedgerError::TableState { table, .. } => t!(lang, "table-ended-meanwhile", table = *table),
        _ => e.to_string(),
    }
}

/// The rules' refusals in the player's words where the game tells them; the others
/// (positions and options only tools write) as the rules core says them.
fn rules_refusal(lang: crate::words::Lang, e: &crate::games::RulesError) -> String {
    use crate::games::RulesError;
    match e {
        // A refusal names no seat: it speaks to the one who typed.
        RulesError::Told { phrase, .. } => crate::words::tell(lang, phrase, |_| String::new()),
        RulesError::GameOver => crate::t!(lang, "rules-game-over"),
        other => other.to_string(),
    }
}
