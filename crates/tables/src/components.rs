//! Buttons and menus: a component's [`Control`] names its table, the turn it was shown at
//! and what it does, so a stale one is refused politely and every one keeps working after a
//! restart.

use super::ending::{DRAW, REMATCH};
use super::opening::{ACCEPT, DECLINE, JOIN, SEAT_DROID, START};
use super::replies::Control;
use super::reset::RESET;
use super::seat_links::PLAY_LINK;
use super::takeback::{TAKEBACK_ASK, TAKEBACK_NO, TAKEBACK_YES};
use super::view::{ACT, MOVE};
use super::{Actor, Outcome, Refusal};
use crate::call::Call;
use crate::play::Tables;
use crate::t;

impl Tables<'_> {
    /// A button press.
    pub(crate) fn press(&self, call: &Call, actor: &Actor, control: &Control) -> Outcome {
        let lang = actor.lang;
        let Control { table, turn, verb } = control;
        let (table, turn) = (*table, *turn);
        if let Some(what) = verb.strip_prefix(RESET) {
            return self.app.reset_confirmed(call, actor, turn, what);
        }
        let row = self.app.ledger.table(table)?;
        if row.guild != actor.guild {
            return Err(Refusal::Said(t!(lang, "button-other-server")));
        }
        if let Some(action) = verb.strip_prefix(ACT) {
            if self.active(call, actor)?.id != table {
                return Err(Refusal::Said(t!(lang, "button-stale")));
            }
            return self.play_action(call, actor, action, Some(turn));
        }
        match verb.as_str() {
            ACCEPT => self.answer(call, actor, row, true),
            DECLINE => self.answer(call, actor, row, false),
            JOIN => self.take_seat(call, actor, row, false),
            SEAT_DROID => self.take_seat(call, actor, row, true),
            START => self.start(call, actor, row),
            DRAW => {
                if self.active(call, actor)?.id != table {
                    return Err(Refusal::Said(t!(lang, "draw-stale")));
                }
                self.draw(call, actor, Some(turn))
            }
            REMATCH => self.rematch(call, actor, row),
            PLAY_LINK => self.seat_link(actor, row),
            TAKEBACK_ASK => {
                if self.active(call, actor)?.id != table {
                    return Err(Refusal::Said(t!(lang, "takeback-stale")));
                }
                self.takeback(call, actor)
            }
            TAKEBACK_YES => self.takeback_answer(call, actor, row, turn, true),
            TAKEBACK_NO => self.takeback_answer(call, actor, row, turn, false),
            MOVE => Err(Refusal::Said(t!(lang, "menu-use"))),
            other => Err(Refusal::Said(t!(lang, "button-unknown", verb = other))),
        }
    }

    /// A choice from a select menu: a step opens the next menu, an action is played.
    pub(crate) fn pick(
        &self,
        call: &Call,
        actor: &Actor,
        control: &Control,
        value: &str,
    ) -> Outcome {
        let lang = actor.lang;
        let Control { table, turn, verb } = control;
        let (table, turn) = (*table, *turn);
        let row = self.active(call, actor)?;
        if row.id != table || verb != MOVE {
            return Err(Refusal::Said(t!(lang, "menu-stale")));
        }
        match super::menus::step_path(value) {
            Some(path) => self.step_menu(actor, row, turn, &path),
            None => self.play_action(call, actor, value, Some(turn)),
        }
    }
}
