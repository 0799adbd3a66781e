//! Table actions keyed by the interaction that carried them (docs/CONTRACT.md P-6.2 applied to
//! play as to money). Discord may deliver the same interaction twice, or again much later; a
//! move must then neither be stored twice nor be refused as out of turn. The first action a
//! command stores records the command's interaction id (its [`crate::call::Call`] carries it); the same id coming back is answered
//! with the table's board as it stands.

use super::{Actor, Outcome};
use crate::call::Call;
use crate::ledger::tables::Carried;
use crate::ledger::tables::TableStatus;
use crate::play::Tables;
use crate::t;

impl Tables<'_> {
    /// The answer to an interaction that already carried an action: the board of its
    /// table, whatever happened since. When it carried none, the active table read with
    /// that check is kept for the command's first look at it ([`Call::keep_active`]).
    pub(super) fn carried_again(&self, call: &Call, actor: &Actor) -> Option<Outcome> {
        let found = self.app.ledger.carried_or_active(
            &actor.interaction,
            &actor.guild,
            &actor.channel,
            &actor.user,
        );
        match found.ok()? {
            Carried::Played { table, .. } => Some(self.board_of(actor.lang, table)),
            Carried::Active(row) => {
                call.keep_active(row.map(|row| *row));
                None
            }
        }
    }

    fn board_of(&self, lang: crate::words::Lang, table: i64) -> Outcome {
        let row = self.app.ledger.table(table)?;
        let progress = self.app.progress(lang, &row)?;
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
