//! Table actions keyed by the interaction that carried them (docs/CONTRACT.md P-6.2 applied to
//! play as to money). Discord may deliver the same interaction twice, or again much later; a
//! move must then neither be stored twice nor be refused as out of turn. The first action a
//! command stores records the command's interaction id; the same id coming back is answered
//! with the table's board as it stands.

use std::cell::RefCell;

use super::{Actor, App, Outcome};
use crate::ledger::tables::TableStatus;
use crate::t;

thread_local! {
    /// The interaction of the command this thread is handling, until an action takes it.
    static CARRIER: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `f` with `interaction` offered to the first action it stores.
pub(super) fn carrying<T>(interaction: &str, f: impl FnOnce() -> T) -> T {
    /// Ends the offer even if `f` panics, so that no later work on this thread inherits it.
    struct Release;
    impl Drop for Release {
        fn drop(&mut self) {
            CARRIER.with(|c| c.borrow_mut().take());
        }
    }
    CARRIER.with(|c| *c.borrow_mut() = Some(interaction.to_string()));
    let _release = Release;
    f()
}

/// The interaction the next stored action records, taken: only the first action of a
/// command is the member's own (what follows by itself — rolls, the droid — is not).
pub(super) fn take() -> Option<String> {
    CARRIER.with(|c| c.borrow_mut().take())
}

impl App {
    /// The answer to an interaction that already carried an action: the board of its
    /// table, whatever happened since.
    pub(super) fn carried_again(&self, actor: &Actor) -> Option<Outcome> {
        let (table, _) = self
            .ledger
            .action_carried_by(&actor.interaction)
            .ok()
            .flatten()?;
        Some(self.board_of(table))
    }

    fn board_of(&self, table: i64) -> Outcome {
        let row = self.ledger.table(table)?;
        let progress = self.progress(&row)?;
        let text = if row.status == TableStatus::Playing {
            t!(
                "action-already-played",
                table = row.id,
                turn = self.turn_line(&row, &progress)
            )
        } else {
            t!("action-already-ended", table = row.id)
        };
        Ok(vec![self.board_reply(&row, &progress, None, text)?])
    }
}
