//! Table actions keyed by the interaction that carried them (docs/CONTRACT.md P-6.2 applied to
//! play as to money). Discord may deliver the same interaction twice, or again much later; a
//! move must then neither be stored twice nor be refused as out of turn. The first action a
//! command stores records the command's interaction id (its [`crate::call::Call`] carries it); the same id coming back is answered
//! with the table's board as it stands.

use super::{Actor, App, Outcome};
use crate::ledger::tables::TableStatus;
use crate::t;

impl App {
    /// The answer to an interaction that already carried an action: the board of its
    /// table, whatever happened since.
    pub(super) fn carried_again(&self, actor: &Actor) -> Option<Outcome> {
        let lang = actor.lang;
        let (table, _) = self
            .ledger
            .action_carried_by(&actor.interaction)
            .ok()
            .flatten()?;
        Some(self.board_of(lang, table))
    }

    fn board_of(&self, lang: crate::words::Lang, table: i64) -> Outcome {
        let row = self.ledger.table(table)?;
        let progress = self.progress(lang, &row)?;
        let text = if row.status == TableStatus::Playing {
            t!(
                lang,
                "action-already-played",
                table = row.id,
                turn = self.turn_line(lang, &row, &progress)
            )
        } else {
            t!(lang, "action-already-ended", table = row.id)
        };
        Ok(vec![self.board_reply(lang, &row, &progress, None, text)?])
    }
}
