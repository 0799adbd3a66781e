//! A table waiting for its players: the challenge answered (Accept, Decline), the seats of
//! an open table filled (Join, Seat the droid) and the creator's Start — each checked for
//! the money it would put in escrow before the table begins.

use crate::call::Call;
use crate::play::Tables;

use super::waiting::seats_line;
use super::{Actor, App, Outcome, Refusal, Reply};
use crate::ledger::tables::{TableRow, TableStatus};
use crate::ledger::DROID;
use crate::{t, words};

impl Tables<'_> {
    /// Accept or Decline, by a challenged player.
    pub(crate) fn answer(
        &self,
        call: &Call,
        actor: &Actor,
        row: TableRow,
        accept: bool,
    ) -> Outcome {
        let lang = actor.lang;
        let creator = row.terms.creator.clone();
        if actor.user == creator || !row.seats.contains(&actor.user) {
            let invited: Vec<String> = row
                .seats
                .iter()
                .filter(|u| **u != creator)
                .map(|u| self.app.name(&row.guild, u))
                .collect();
            return Err(Refusal::Said(t!(
                lang,
                "answer-not-yours",
                invited = invited.join(" / ")
            )));
        }
        if row.status != TableStatus::Open {
            return Err(Refusal::Said(t!(
                lang,
                "answer-already",
                table = row.id,
                status = t!(lang, &format!("status-{}", row.status.as_str()))
            )));
        }
        if !accept {
            let declined = self
                .app
                .ledger
                .cancel_table(&actor.guild, row.id, "declined")?;
            call.changed(row.id);
            let declined = App::first_ending(lang, row.id, declined)?;
            let text = t!(lang, "answer-declined", who = &actor.name);
            return Ok(vec![Reply::public(
                self.app.side_bets().with(lang, &row, &declined, text),
            )
            .closing()]);
        }
        if row.stake > 0 || row.per_point > 0 {
            self.check_wager(actor, row.stake.max(row.per_point))?;
            self.check_fair_play(actor, "/play")?;
        }
        self.begin(call.cx(lang), &actor.guild, row)
    }

    /// Join or Seat the droid: a seat taken at an open table, which starts once full.
    pub(crate) fn take_seat(
        &self,
        call: &Call,
        actor: &Actor,
        row: TableRow,
        droid: bool,
    ) -> Outcome {
        let lang = actor.lang;
        if row.status != TableStatus::Open {
            return Err(Refusal::Said(t!(
                lang,
                "table-already-started",
                table = row.id
            )));
        }
        let t = row.terms.clone();
        let seated = row.seats.contains(&actor.user);
        if droid && !seated {
            return Err(Refusal::Said(t!(lang, "seat-droid-not-seated")));
        }
        if !droid && seated {
            return Err(Refusal::Said(t!(lang, "seat-already")));
        }
        if row.seats.len() >= t.seats {
            return Err(Refusal::Said(t!(lang, "seat-full")));
        }
        let user = if droid { DROID } else { actor.user.as_str() };
        self.check_seat_money(actor, &row, droid)?;
        if row.stake > 0 && !droid {
            self.app.ledger.open_account(&actor.guild, user)?;
            let credits = self.app.ledger.balance(&actor.guild, user)?.credits;
            if credits < row.stake {
                return Err(Refusal::Said(t!(
                    lang,
                    "play-wager-funds",
                    balance = credits,
                    stake = row.stake
                )));
            }
        }
        let row = self.app.ledger.add_seat(row.id, user)?;
        call.changed(row.id);
        if row.seats.len() == t.seats {
            return self.begin(call.cx(lang), &actor.guild, row);
        }
        let min = self.app.entry(&row)?.info.min_seats;
        let text = t!(
            lang,
            if droid {
                "seat-droid-taken"
            } else {
                "seat-joined"
            },
            who = self.app.name(&actor.guild, user),
            table = row.id,
            taken = row.seats.len(),
            seats = t.seats,
            players = seats_line(lang, min, t.seats)
        );
        Ok(vec![self.open_reply(lang, &row, text)])
    }

    /// Start, by the creator of an open table with enough players.
    pub(crate) fn start(&self, call: &Call, actor: &Actor, row: TableRow) -> Outcome {
        let lang = actor.lang;
        let t = row.terms.clone();
        if t.creator != actor.user {
            return Err(Refusal::Said(t!(lang, "start-not-creator")));
        }
        if row.status != TableStatus::Open {
            return Err(Refusal::Said(t!(
                lang,
                "table-already-started",
                table = row.id
            )));
        }
        let info = self.app.entry(&row)?.info;
        if row.seats.len() >= t.seats {
            return Err(Refusal::Said(t!(lang, "start-challenge")));
        }
        if row.seats.len() < info.min_seats {
            return Err(Refusal::Said(t!(
                lang,
                "start-too-few",
                game = words::game_name(lang, &info),
                min = info.min_seats
            )));
        }
        self.begin(call.cx(lang), &actor.guild, row)
    }

    /// What taking a seat at a wagered open table asks of the money: fair play for a member
    /// who joins, and the house's daily limit for every member who would play the droid.
    fn check_seat_money(&self, actor: &Actor, row: &TableRow, droid: bool) -> Result<(), Refusal> {
        let lang = actor.lang;
        if row.stake == 0 && row.per_point == 0 {
            return Ok(());
        }
        self.check_wager(actor, row.stake.max(row.per_point))?;
        if droid && row.per_point > 0 {
            return Err(Refusal::Said(t!(lang, "play-per-point-droid")));
        }
        if !droid {
            self.check_fair_play(actor, "/play")?;
            if row.seats.iter().any(|u| u == DROID) {
                self.check_house(lang, &actor.guild, &actor.user, row.stake)?;
            }
            return Ok(());
        }
        for user in row.seats.iter().filter(|u| *u != DROID) {
            self.check_house(lang, &actor.guild, user, row.stake)?;
        }
        Ok(())
    }
}
