//! Takeback by agreement (`/takeback`, issue 55, part 4): the player who just moved asks to
//! take it back until the next player has moved; every other player still in accepts or
//! refuses with a button. Against the droid the droid agrees — its answer is taken back
//! with the move — except at a wagered table, where nobody can agree for the house. Nothing
//! is taken back once chance has spoken after it (a roll, a D-Zone target): the seed's
//! draws are never drawn again. The entries leave the log for the ledger's record
//! ([`crate::ledger::takebacks`]), so replays and `/verify` read the game as played.

use super::log::Progress;
use super::replies::{Control, Style};
use super::{Actor, Outcome, Refusal, Reply};
use crate::call::Call;
use crate::ledger::tables::{After, LoggedAction, TableRow, TableStatus};
use crate::ledger::DROID;
use crate::play::Tables;
use crate::{label, t};

/// The buttons' verbs: asking (beside the board), accepting, refusing.
pub(crate) const TAKEBACK_ASK: &str = "takeback";
pub(crate) const TAKEBACK_YES: &str = "takeback-yes";
pub(crate) const TAKEBACK_NO: &str = "takeback-no";
/// The offers kept at a turn: who asked or agreed, and who refused.
const ASKED: &str = "takeback";
const REFUSED: &str = "takeback-refused";

/// "Take back" beside a board of a table in play whose last entry is a player's move: a
/// member's, or the droid's answer at a friendly table (the press is checked as
/// `/takeback` is).
pub(crate) fn button(row: &TableRow, progress: &Progress) -> Option<super::Button> {
    let by = progress.last_seat.and_then(|s| row.seats.get(s))?;
    let friendly = row.stake == 0 && row.per_point == 0;
    let offered = row.status == TableStatus::Playing && (by != DROID || friendly);
    offered.then(|| super::Button {
        label: label!("button-takeback"),
        control: Control::new(row.id, row.turn, TAKEBACK_ASK),
        style: Style::Secondary,
    })
}

/// What a takeback would take back.
struct Plan {
    /// The log keeps its entries up to this one.
    keep: i64,
    /// The move asked back, in the game's notation.
    action: String,
    /// Whether the droid answered it (and agrees for itself).
    droid: bool,
}

impl Tables<'_> {
    /// What `seat` may take back as `log` stands: its last move and the droid's answers
    /// after it, if nothing else came since.
    fn plan(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        log: &[LoggedAction],
        seat: usize,
    ) -> Result<Plan, Refusal> {
        let droid_seat = |s: i64| {
            usize::try_from(s)
                .ok()
                .and_then(|s| row.seats.get(s))
                .is_some_and(|u| u == DROID)
        };
        let mut at = log.len();
        let mut droid = false;
        while at > 0 {
            let entry = &log[at - 1];
            match entry.seat {
                Some(s) if droid_seat(s) && !entry.action.starts_with('=') => {
                    droid = true;
                    at -= 1;
                }
                _ => break,
            }
        }
        let Some(mine) = at.checked_sub(1).map(|i| &log[i]) else {
            return Err(Refusal::Said(t!(lang, "takeback-nothing")));
        };
        match mine.seat {
            None => return Err(Refusal::Said(t!(lang, "takeback-chance"))),
            Some(s) if s != seat as i64 || mine.action.starts_with('=') => {
                return Err(Refusal::Said(t!(lang, "takeback-not-last")))
            }
            Some(_) => {}
        }
        if droid && (row.stake > 0 || row.per_point > 0) {
            return Err(Refusal::Said(t!(lang, "takeback-droid-wager")));
        }
        Ok(Plan {
            keep: mine.seq - 1,
            action: mine.action.clone(),
            droid,
        })
    }

    /// `/takeback`: the actor asks to take back their last move.
    pub(crate) fn takeback(&self, call: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let (row, seat) = self.seat_in_play(call, actor)?;
        let log = self.app.ledger.actions(row.id)?;
        let plan = self.plan(lang, &row, &log, seat)?;
        let progress = self.app.progress(lang, &row)?;
        let told = self.told_move(lang, &row, &log, &plan)?;
        if plan.droid {
            let text = t!(lang, "takeback-droid", who = &actor.name, action = told);
            return self.take_back(call, lang, row, plan.keep, text);
        }
        if !self
            .app
            .ledger
            .consents(row.id, row.turn, REFUSED)?
            .is_empty()
        {
            return Err(Refusal::Said(t!(lang, "takeback-refused-already")));
        }
        let agreed = self.app.ledger.consent(row.id, row.turn, ASKED, seat)?;
        let waiting: Vec<usize> = progress
            .remaining()
            .into_iter()
            .filter(|s| !agreed.contains(s) && row.seats[*s] != DROID)
            .collect();
        let names: Vec<String> = waiting
            .iter()
            .map(|&s| self.app.name(&row.guild, &row.seats[s]))
            .collect();
        let mut reply = Reply::public(t!(
            lang,
            "takeback-asks",
            who = &actor.name,
            action = told,
            waiting = crate::words::list(lang, &names)
        ))
        .in_lang(lang)
        .with_button(
            label!("button-takeback-yes"),
            Control::new(row.id, row.turn, TAKEBACK_YES),
            Style::Success,
        )
        .with_button(
            label!("button-takeback-no"),
            Control::new(row.id, row.turn, TAKEBACK_NO),
            Style::Danger,
        );
        for &s in &waiting {
            reply = reply.with_mention(&row.seats[s]);
        }
        Ok(vec![reply])
    }

    /// A player's answer to a takeback asked at `turn`.
    pub(crate) fn takeback_answer(
        &self,
        call: &Call,
        actor: &Actor,
        row: TableRow,
        turn: i64,
        yes: bool,
    ) -> Outcome {
        let lang = actor.lang;
        let Some(seat) = row.seats.iter().position(|u| *u == actor.user) else {
            return Err(Refusal::Said(t!(lang, "turn-not-playing")));
        };
        if row.status != TableStatus::Playing || row.turn != turn {
            return Err(Refusal::Said(t!(lang, "takeback-stale")));
        }
        let asked = self.app.ledger.consents(row.id, turn, ASKED)?;
        let Some(&asker) = asked.first() else {
            return Err(Refusal::Said(t!(lang, "takeback-stale")));
        };
        if asked.contains(&seat) {
            return Err(Refusal::Said(t!(lang, "takeback-own")));
        }
        if !self.app.ledger.consents(row.id, turn, REFUSED)?.is_empty() {
            return Err(Refusal::Said(t!(lang, "takeback-stale")));
        }
        if !yes {
            self.app.ledger.consent(row.id, turn, REFUSED, seat)?;
            return Ok(vec![Reply::public(t!(
                lang,
                "takeback-refused",
                who = &actor.name
            ))]);
        }
        let agreed = self.app.ledger.consent(row.id, turn, ASKED, seat)?;
        let progress = self.app.progress(lang, &row)?;
        let still = progress
            .remaining()
            .into_iter()
            .any(|s| !agreed.contains(&s) && row.seats[s] != DROID);
        if still {
            return Ok(vec![Reply::public(t!(
                lang,
                "takeback-agrees",
                who = &actor.name
            ))]);
        }
        let log = self.app.ledger.actions(row.id)?;
        let plan = self.plan(lang, &row, &log, asker)?;
        let told = self.told_move(lang, &row, &log, &plan)?;
        let who = self.app.name(&row.guild, &row.seats[asker]);
        let text = t!(
            lang,
            "takeback-done",
            who = who,
            action = told,
            by = &actor.name
        );
        self.take_back(call, lang, row, plan.keep, text)
    }

    /// The move a plan takes back, in words.
    fn told_move(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        log: &[LoggedAction],
        plan: &Plan,
    ) -> Result<String, Refusal> {
        let entry = self.app.entry(row)?;
        let kept: Vec<LoggedAction> = log.iter().filter(|a| a.seq <= plan.keep).cloned().collect();
        let before = Progress::replay(lang, row, entry, &kept)?;
        Ok(match before.play.describe(&plan.action) {
            Some(phrase) => self.phrase(lang, row, &phrase),
            None => plan.action.clone(),
        })
    }

    /// Sets the table back to entry `keep` and shows its board.
    fn take_back(
        &self,
        call: &Call,
        lang: crate::words::Lang,
        mut row: TableRow,
        keep: i64,
        text: String,
    ) -> Outcome {
        let entry = self.app.entry(&row)?;
        let kept: Vec<LoggedAction> = self
            .app
            .ledger
            .actions(row.id)?
            .into_iter()
            .filter(|a| a.seq <= keep)
            .collect();
        let progress = Progress::replay(lang, &row, entry, &kept)?;
        let clock = match super::fischer::Fischer::of(&row) {
            Some(fischer) => progress
                .play
                .waiting()
                .and_then(|s| fischer.banks(&row).get(s).copied())
                .unwrap_or(fischer.base),
            None => self.move_clock(&row)?,
        };
        let deadline = self.app.now() + clock;
        let position = progress.play.position();
        let after = After {
            position: &position,
            deadline: Some(deadline),
            clock_banks: None,
        };
        self.app.ledger.take_back(row.id, row.turn, keep, &after)?;
        self.app.forget(call, row.id);
        call.changed(row.id);
        row.turn = keep;
        row.position = position.clone();
        row.deadline = Some(deadline);
        self.app.remember(row.id, keep, &progress);
        let text = format!("{text} {}", self.turn_line(lang, &row, &progress));
        Ok(vec![self.board_reply(lang, &row, &progress, None, text)?])
    }
}
