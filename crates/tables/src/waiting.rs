//! The message of a table still waiting for its players: a challenge with Accept and
//! Decline, or an open table with Join, Seat the droid and Start. `/play` posts it, and
//! `/board` posts it again so that its buttons can be pressed after a restart or through
//! another process.

use super::opening::{ACCEPT, DECLINE, JOIN, SEAT_DROID, START};
use super::replies::Control;
use super::{Refusal, Reply, Style};
use crate::ledger::tables::TableRow;
use crate::play::Tables;
use crate::{label, t, words};

impl Tables<'_> {
    /// The message of a table waiting for its players, with its buttons: a challenge
    /// (every seat taken, the challenged to answer) or an open table. `/board` shows it
    /// again, so that its buttons can be pressed on a later message (after a restart, or
    /// from another process's shard).
    pub(crate) fn waiting_reply(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
    ) -> Result<Reply, Refusal> {
        let info = self.app.entry(row)?.info;
        let terms = row.terms.clone();
        let wager = match terms_line(lang, row) {
            line if line.is_empty() => line,
            // "to Dejarik for 50 credits each", "to Backgammon, a match to 3 points".
            line if row.stake == 0 && row.per_point == 0 => format!(", {line}"),
            line => format!(" {line}"),
        };
        let who = self.app.name(&row.guild, &terms.creator);
        let challenged = row.seats.iter().find(|u| **u != terms.creator);
        match challenged {
            Some(opponent) if row.seats.len() >= terms.seats => {
                let text = t!(
                    lang,
                    "play-challenge",
                    who = &who,
                    opponent = &self.app.name(&row.guild, opponent),
                    game = words::game_name(lang, &info),
                    terms = wager,
                    table = row.id
                );
                Ok(Reply::public(text)
                    .in_lang(lang)
                    .with_mention(opponent)
                    .with_button(
                        label!("button-accept"),
                        Control::new(row.id, 0, ACCEPT),
                        Style::Success,
                    )
                    .with_button(
                        label!("button-decline"),
                        Control::new(row.id, 0, DECLINE),
                        Style::Danger,
                    ))
            }
            _ => {
                let mut text = t!(
                    lang,
                    "play-open",
                    who = &who,
                    game = words::game_name(lang, &info),
                    terms = wager,
                    table = row.id,
                    seats = seats_line(lang, info.min_seats, terms.seats)
                );
                if row.seats.len() > 1 {
                    let names: Vec<String> = row
                        .seats
                        .iter()
                        .map(|u| self.app.name(&row.guild, u))
                        .collect();
                    text.push(' ');
                    text.push_str(&t!(
                        lang,
                        "play-open-seated",
                        players = names.join(", "),
                        taken = row.seats.len(),
                        seats = terms.seats
                    ));
                }
                Ok(self.open_reply(lang, row, text))
            }
        }
    }

    /// An open table's message: who sits, and the buttons to fill it and start it.
    pub(super) fn open_reply(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        text: String,
    ) -> Reply {
        let info = self.app.entry(row).map(|e| e.info);
        let mut reply = Reply::public(text)
            .in_lang(lang)
            .with_button(
                label!("button-join"),
                Control::new(row.id, 0, JOIN),
                Style::Success,
            )
            .with_button(
                label!("button-seat-droid"),
                Control::new(row.id, 0, SEAT_DROID),
                Style::Secondary,
            );
        if info.is_ok_and(|i| row.seats.len() >= i.min_seats) {
            reply = reply.with_button(
                label!("button-start"),
                Control::new(row.id, 0, START),
                Style::Primary,
            );
        }
        reply
    }
}

/// "2 players", "2 to 4 players".
pub(super) fn seats_line(lang: crate::words::Lang, min: usize, max: usize) -> String {
    if min == max {
        t!(lang, "players-exactly", count = min)
    } else {
        t!(lang, "players-range", min = min, max = max)
    }
}

/// The stakes and series of a table, for the line that opens it.
fn terms_line(lang: crate::words::Lang, row: &TableRow) -> String {
    let mut line = if row.stake > 0 {
        t!(lang, "terms-wager", amount = row.stake)
    } else if row.per_point > 0 {
        t!(lang, "terms-per-point", amount = row.per_point)
    } else {
        String::new()
    };
    // A series the table counts (`target`), or a match the game itself keeps (backgammon).
    let target = match row.terms.clone().to {
        _ if row.target > 0 => Some(t!(lang, "terms-target", target = row.target)),
        Some(to) if to > 0 => Some(t!(lang, "terms-match", target = to)),
        _ => None,
    };
    if let Some(target) = target {
        if !line.is_empty() {
            line.push_str(", ");
        }
        line.push_str(&target);
    }
    line
}
