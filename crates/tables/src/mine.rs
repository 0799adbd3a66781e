//! A member's own open tables across the server, as `/tables` lists them (its unit is in
//! [`crate::commands::defs`]), so that a game in another channel or a thread they left is
//! found again: its number, game, opponents, whose turn, and where it is.

use super::Actor;
use crate::ledger::tables::{TableRow, TableStatus};
use crate::play::Tables;
use crate::{t, words};

/// Where a table is: a channel, which each front end shows in its own way (Discord draws a
/// link to it).
pub(crate) fn place(channel: &str) -> String {
    words::text::channel(channel)
}

impl Tables<'_> {
    pub(crate) fn table_line(&self, actor: &Actor, row: &TableRow) -> String {
        let lang = actor.lang;
        let game = self
            .app
            .entry(row)
            .map_or_else(|_| row.game.clone(), |e| words::game_name(lang, &e.info));
        let others: Vec<String> = row
            .seats
            .iter()
            .filter(|u| **u != actor.user)
            .map(|u| self.app.name(&row.guild, u))
            .collect();
        let with = if others.is_empty() {
            String::new()
        } else {
            t!(lang, "tables-with", players = words::list(lang, &others))
        };
        let state = match row.status {
            TableStatus::Open => t!(
                lang,
                "tables-waiting",
                taken = row.seats.len(),
                seats = row.terms.seats
            ),
            _ => self.whose_turn(actor, row),
        };
        let mut line = t!(
            lang,
            "tables-line",
            table = row.id,
            game = game,
            with = with,
            place = place(&row.channel),
            state = state
        );
        if let Some(link) = self.watch_link(row.id) {
            line.push_str(&t!(lang, "tables-watch", url = link.url));
        }
        line
    }

    /// "your turn", or whose it is.
    pub(crate) fn whose_turn(&self, actor: &Actor, row: &TableRow) -> String {
        let lang = actor.lang;
        let Ok(progress) = self.app.progress(lang, row) else {
            return String::new();
        };
        let mine = progress
            .play
            .waiting()
            .is_some_and(|seat| row.seats.get(seat) == Some(&actor.user));
        if mine {
            t!(lang, "tables-your-turn")
        } else {
            self.turn_line(lang, row, &progress)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::place;
    use crate::words;

    #[test]
    fn a_place_is_a_channel_piece() {
        assert_eq!(
            words::Text::from(place("3000")).pieces(),
            &[words::Piece::Channel("3000".into())]
        );
        assert_eq!(words::Text::from(place("general")).to_string(), "#general");
    }
}
