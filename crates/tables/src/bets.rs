//! `/bet`: a member who does not play a table backs one of its seats before the first move,
//! and hears at the table's end what the pool paid (the money rules are the ledger's,
//! [`crate::ledger::bets`]).

use super::{Actor, App, Outcome, Refusal, Reply};
use crate::call::Call;
use crate::ledger::bets::{BetRefusal, BetsSettled};
use crate::ledger::tables::TableRow;
use crate::ledger::wagers::Settlement;
use crate::t;

/// Side bets: placing one, and telling what a table's bets came to. A feature of the
/// application, reached through [`App::side_bets`].
pub(crate) struct SideBets<'a> {
    app: &'a App,
}

impl App {
    pub(crate) fn side_bets(&self) -> SideBets<'_> {
        SideBets { app: self }
    }
}

impl SideBets<'_> {
    /// `/bet [table] seat amount`: `seat` counts from 1, as the boards and pages number
    /// seats; `table` defaults to the channel's table.
    pub(crate) fn place(
        &self,
        call: &Call,
        actor: &Actor,
        table: Option<i64>,
        seat: i64,
        amount: i64,
    ) -> Outcome {
        let lang = actor.lang;
        self.app.check_limits(actor, amount.max(0))?;
        let row = match table {
            Some(id) => self.app.ledger.table(id)?,
            None => self.app.tables().active(call, actor)?,
        };
        // Issue 52: a table is backed only from its own channel or thread; anywhere else
        // it does not exist.
        if row.guild != actor.guild || row.channel != actor.channel {
            return Err(Refusal::Said(t!(
                lang,
                "verify-unknown-table",
                table = row.id
            )));
        }
        let Some(index) = usize::try_from(seat).ok().and_then(|s| s.checked_sub(1)) else {
            return Err(Refusal::Ledger(crate::ledger::LedgerError::Bet(
                BetRefusal::NoSeat {
                    table: row.id,
                    seat: 0,
                    taken: row.seats.len(),
                },
            )));
        };
        self.app.tables().check_fair_play(actor, "/bet")?;
        self.app.ledger.open_account(&actor.guild, &actor.user)?;
        let placed = self.app.ledger.place_bet(
            &actor.guild,
            &actor.interaction,
            row.id,
            &actor.user,
            index,
            amount,
        )?;
        let placed = placed.value;
        call.changed(row.id);
        Ok(vec![Reply::public(t!(
            lang,
            "bet-placed",
            who = &actor.name,
            player = self.app.name(&row.guild, &row.seats[placed.seat]),
            seat = placed.seat + 1,
            table = row.id,
            amount = placed.amount,
            pool = placed.pool,
            on_seat = placed.on_seat,
            balance = placed.balance
        ))])
    }

    /// `text`, followed by what the table's side bets came to when it had any.
    pub(crate) fn with(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        settled: &Settlement,
        mut text: String,
    ) -> String {
        if let Some(bets) = self.told(lang, row, settled.bets.as_ref()) {
            text.push('\n');
            text.push_str(&bets);
        }
        text
    }

    /// What a table's side bets came to, in words, when it had any.
    pub(crate) fn told(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        bets: Option<&BetsSettled>,
    ) -> Option<String> {
        let bets = bets?;
        if bets.refunded {
            return Some(t!(lang, "bets-refunded", pool = bets.pool, table = row.id));
        }
        let paid: Vec<String> = bets
            .paid
            .iter()
            .filter(|(_, amount)| *amount > 0)
            .map(|(user, amount)| {
                t!(
                    lang,
                    "bets-share",
                    who = self.app.name(&row.guild, user),
                    amount = *amount
                )
            })
            .collect();
        Some(t!(
            lang,
            "bets-paid",
            pool = bets.pool,
            table = row.id,
            shares = paid.join(", ")
        ))
    }
}

/// A refused bet in the member's words.
pub(crate) fn refusal(lang: crate::words::Lang, why: &BetRefusal) -> String {
    match why {
        BetRefusal::Off => t!(lang, "bet-off"),
        BetRefusal::Closed(table) => t!(lang, "bet-closed", table = *table),
        BetRefusal::Own(table) => t!(lang, "bet-own", table = *table),
        BetRefusal::Twice { table, seat } => t!(lang, "bet-twice", table = *table, seat = seat + 1),
        BetRefusal::NoSeat { table, taken, .. } => {
            t!(lang, "bet-no-seat", table = *table, taken = *taken)
        }
        BetRefusal::Backer(table) => t!(lang, "bet-backer", table = *table),
        BetRefusal::PoolFull { table, room } => {
            t!(lang, "bet-pool-full", table = *table, room = (*room).max(0))
        }
    }
}
