//! The rounds a tournament runs by itself: its start at its time (or when full), each
//! round's tables, the next round when a round's last table ends, and the prizes. Every
//! step reads what is stored and does only what is missing, so a step repeated (by the
//! clock and a table's end at once, or after a restart) changes nothing twice.

use super::pairing::{self, Round};
use super::standings::{self, Reading};
use super::Tournaments;
use crate::call::{Call, Cx};
use crate::catalogue::Entry;
use crate::ledger::tables::{NewTable, TableRow, Terms};
use crate::ledger::tournaments::{Format, Tournament, TournamentStatus};
use crate::t;
use crate::{Outcome, Refusal, Reply};

impl Tournaments<'_> {
    /// Moves every tournament of the guilds `serves` accepts as far as the time and its
    /// tables allow (the clock's part: starts, and anything a restart left half done).
    pub(crate) fn run(
        &self,
        call: &Call,
        serves: &dyn Fn(&str) -> bool,
    ) -> Vec<(String, String, Reply)> {
        let Ok(active) = self.app.ledger.active_tournaments() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for t in active.into_iter().filter(|t| serves(&t.guild)) {
            let (guild, channel) = (t.guild.clone(), t.channel.clone());
            let replies = self.step(call.cx(self.app.lang_of(&t.creator)), t);
            out.extend(
                replies
                    .into_iter()
                    .map(|r| (guild.clone(), channel.clone(), r)),
            );
        }
        out
    }

    /// What follows the end of a tournament's table: the next round or the prizes, now.
    pub(crate) fn after_table(&self, cx: Cx<'_>, tournament: i64) -> Vec<Reply> {
        let Cx { lang, call } = cx;
        match self.app.ledger.tournament(tournament) {
            Ok(t) => self.step(call.cx(lang), t),
            Err(e) => {
                tracing::warn!(tournament, error = %e, "tournament not read");
                Vec::new()
            }
        }
    }

    /// One step of a tournament: its start when due, its round's missing tables, the next
    /// round when the last has ended, or its end. Failures are logged and retried by the
    /// clock; what was stored stays.
    fn step(&self, cx: Cx<'_>, t: Tournament) -> Vec<Reply> {
        let Cx { lang, call } = cx;
        let id = t.id;
        let result = match t.status {
            TournamentStatus::Open if self.app.now() >= t.starts_at => self.start(call.cx(lang), t),
            TournamentStatus::Playing => self.go_on(call.cx(lang), t),
            _ => Ok(Vec::new()),
        };
        result.unwrap_or_else(|e| {
            tracing::warn!(tournament = id, error = %e, "tournament step failed");
            Vec::new()
        })
    }

    pub(super) fn start(&self, cx: Cx<'_>, t: Tournament) -> Outcome {
        let Cx { lang, call } = cx;
        if t.players.len() < 2 {
            return self.cancel_with(lang, &t, "tour-too-few");
        }
        // Seeding by the game's rating, the earlier entry first on equal ratings.
        let mut rated: Vec<(f64, usize, String)> = Vec::new();
        for (i, user) in t.players.iter().enumerate() {
            let (rating, _, _) = self.app.ledger.rating(&t.guild, &t.game, user)?;
            rated.push((rating, i, user.clone()));
        }
        rated.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let seeds: Vec<String> = rated.into_iter().map(|(_, _, u)| u).collect();
        let t = Tournament {
            players: seeds.clone(),
            ..t
        };
        let round = self.pairing(&t, 1)?;
        self.app
            .ledger
            .begin_round(&t.guild, t.id, 1, &seeds, &round.byes)?;
        let t = self.app.ledger.tournament(t.id)?;
        self.open_round(call.cx(lang), &t, 1, &round)
    }

    /// The pairing of `round`, from what the rounds before it left.
    fn pairing(&self, t: &Tournament, round: i64) -> Result<Round, Refusal> {
        let reading = self.reading_before(t, round)?;
        let seats = t.seats as usize;
        Ok(match t.format {
            Format::Knockout => pairing::knockout(&reading.alive, seats),
            Format::Swiss => {
                let ranked: Vec<String> =
                    reading.standings.iter().map(|s| s.user.clone()).collect();
                pairing::swiss(&ranked, &reading.met, &reading.had_bye, seats)
            }
        })
    }

    /// The standings as the rounds before `round` left them.
    fn reading_before(&self, t: &Tournament, round: i64) -> Result<Reading, Refusal> {
        let tables: Vec<_> = self
            .app
            .ledger
            .tournament_tables(t.id)?
            .into_iter()
            .filter(|(r, _, _)| *r < round)
            .collect();
        let byes: Vec<_> = self
            .app
            .ledger
            .tournament_byes(t.id)?
            .into_iter()
            .filter(|b| b.round < round)
            .collect();
        Ok(standings::read(t, &tables, &byes))
    }

    /// Opens the tables of `round` that are not open yet, each started at once, and says
    /// who meets whom.
    fn open_round(&self, cx: Cx<'_>, t: &Tournament, round: i64, pairing: &Round) -> Outcome {
        let Cx { lang, call } = cx;
        let existing = self.app.ledger.tournament_tables(t.id)?;
        let entry = self.app.catalogue.find(&t.game).ok_or_else(|| {
            Refusal::Said(t!(lang, "play-unknown-game", game = &t.game, games = ""))
        })?;
        let mut replies = Vec::new();
        let mut told = Vec::new();
        for (i, players) in pairing.tables.iter().enumerate() {
            let board = i as i64 + 1;
            // Seat order alternates by round, so nobody always moves first.
            let mut seats = players.clone();
            if round % 2 == 0 {
                seats.reverse();
            }
            if let Some((_, _, row)) = existing.iter().find(|(r, b, _)| *r == round && *b == board)
            {
                told.push(self.board_line(lang, &row.guild, board, row.id, &seats));
                continue;
            }
            let row = self.open_board(t, entry, (round, board), &seats)?;
            told.push(self.board_line(lang, &row.guild, board, row.id, &seats));
            if row.status == crate::ledger::tables::TableStatus::Open {
                // Another step (the clock's, or another table's end) may start it first.
                match self.app.tables().begin(call.cx(lang), &t.guild, row) {
                    Ok(board) => replies.extend(board),
                    Err(e) => {
                        tracing::info!(tournament = t.id, board, error = %e, "not started here")
                    }
                }
            }
        }
        let byes: Vec<String> = pairing
            .byes
            .iter()
            .map(|u| self.app.name(&t.guild, u))
            .collect();
        let mut text = t!(
            lang,
            "tour-round",
            id = t.id,
            round = round,
            boards = told.join("; ")
        );
        if !byes.is_empty() {
            text.push(' ');
            text.push_str(&t!(lang, "tour-bye", who = crate::words::list(lang, &byes)));
        }
        replies.insert(0, Reply::public(text));
        Ok(replies)
    }

    /// "board 2 (table #14): alice – bob".
    fn board_line(
        &self,
        lang: crate::words::Lang,
        guild: &str,
        board: i64,
        table: i64,
        seats: &[String],
    ) -> String {
        let names: Vec<String> = seats.iter().map(|u| self.app.name(guild, u)).collect();
        t!(
            lang,
            "tour-board",
            board = board,
            table = table,
            players = names.join(" – ")
        )
    }

    /// Creates the table of board `(round, board)`, free of stakes, with the tournament's
    /// game, options and clock, its seats in this order.
    fn open_board(
        &self,
        t: &Tournament,
        entry: &Entry,
        (round, board): (i64, i64),
        seats: &[String],
    ) -> Result<TableRow, Refusal> {
        let options = crate::terms::read(&t.options);
        let seed = crate::fairness::new_seed();
        let start = entry.rules(&options)?.start(seats.len())?.position();
        let seat_refs: Vec<&str> = seats.iter().map(String::as_str).collect();
        Ok(self.app.ledger.create_tournament_table(
            &t.guild,
            &NewTable {
                channel: &t.channel,
                game: &t.game,
                options: &t.options,
                stake: 0,
                per_point: 0,
                target: 0,
                seed: &seed,
                start_position: &start,
                seats: &seat_refs,
                deadline: None,
                terms: Terms::new(&t.creator, seats.len(), 3, crate::droid::MIND),
            },
            (t.id, round, board),
            (t.clock > 0).then_some(t.clock),
        )?)
    }

    fn go_on(&self, cx: Cx<'_>, t: Tournament) -> Outcome {
        let Cx { lang, call } = cx;
        let tables = self.app.ledger.tournament_tables(t.id)?;
        let in_round = tables.iter().filter(|(r, _, _)| *r == t.round).count();
        let pairing = self.pairing(&t, t.round)?;
        if in_round < pairing.tables.len() {
            // A restart between a round's start and its last table: open the rest.
            return self.open_round(call.cx(lang), &t, t.round, &pairing);
        }
        let byes = self.app.ledger.tournament_byes(t.id)?;
        let reading = standings::read(&t, &tables, &byes);
        if !reading.round_done {
            return Ok(Vec::new());
        }
        let over = match t.format {
            Format::Knockout => reading.alive.len() <= 1,
            Format::Swiss => t.round >= t.rounds,
        };
        if over {
            return self.finish(lang, &t, &reading);
        }
        let next = t.round + 1;
        let pairing = self.pairing(&t, next)?;
        self.app
            .ledger
            .begin_round(&t.guild, t.id, next, &t.players, &pairing.byes)?;
        let t = self.app.ledger.tournament(t.id)?;
        self.open_round(call.cx(lang), &t, next, &pairing)
    }

    fn finish(&self, lang: crate::words::Lang, t: &Tournament, reading: &Reading) -> Outcome {
        let order: Vec<String> = reading.standings.iter().map(|s| s.user.clone()).collect();
        let pot = t.entry * t.players.len() as i64;
        let paid: Vec<(String, i64)> = standings::prizes(pot, order.len())
            .into_iter()
            .zip(&order)
            .map(|(amount, user)| (user.clone(), amount))
            .collect();
        let ended = self
            .app
            .ledger
            .end_tournament(&t.guild, t.id, &order, &paid, false)?;
        if ended.replayed {
            return Ok(Vec::new());
        }
        let mut lines = vec![self.prizes(lang, t, &ended.value)];
        for (place, s) in reading.standings.iter().enumerate().take(8) {
            lines.push(t!(
                lang,
                "tour-show-line",
                place = place as i64 + 1,
                who = self.app.name(&t.guild, &s.user),
                points = standings::points(s.score),
                out = s.out_in.unwrap_or(0)
            ));
        }
        let t = self.app.ledger.tournament(t.id)?;
        let mut reply = Reply::public(lines.join("\n"));
        if let Ok(png) = self.card(lang, &t, reading) {
            reply = reply.with_image(format!("tournament-{}.png", t.id), png);
        }
        Ok(vec![reply])
    }
}
