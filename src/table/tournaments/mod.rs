//! Tournaments at the table: `/tournament create|join|show|cancel`, and the rounds the bot
//! runs by itself — each round's tables opened in the tournament's channel when the round
//! before has ended (or at the start time), the prizes paid when the last one ends. The
//! money and the record are the ledger's ([`crate::ledger::tournaments`]); pairings
//! ([`pairing`]) and standings ([`standings`]) are computed again from what is stored, so
//! a restart at any moment resumes a tournament where it was.

pub mod pairing;
pub mod standings;

use super::{Actor, App, Outcome, Refusal, Reply};
use crate::games::GameOptions;
use crate::ledger::tables::{NewTable, Terms};
use crate::ledger::tournaments::{
    Format, NewTournament, Tournament, TournamentRefusal, TournamentStatus,
};
use crate::render::standings::{Card, Line};
use crate::t;
use pairing::Round;
use standings::Reading;

/// What `/tournament create` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Create {
    pub game: String,
    pub format: String,
    pub rounds: Option<i64>,
    pub entry: Option<i64>,
    pub seats: Option<i64>,
    /// Minutes from now.
    pub starts: Option<i64>,
    pub players: Option<i64>,
    /// Minutes for each move at its tables (default: the server's move clock).
    pub clock: Option<i64>,
}

/// The most players a tournament takes.
pub const MAX_PLAYERS: i64 = 64;
/// Swiss rounds when the creator names none.
const SWISS_ROUNDS: i64 = 3;
/// Minutes to the start when the creator names none.
const STARTS_IN: i64 = 10;

/// A tournament refusal in the member's words.
pub(crate) fn refusal(why: &TournamentRefusal) -> Refusal {
    Refusal(match why {
        TournamentRefusal::Unknown(id) => t!("tour-unknown", id = *id),
        TournamentRefusal::Joined(id) => t!("tour-joined-already", id = *id),
        TournamentRefusal::Full { id, max } => t!("tour-full", id = *id, max = *max),
        TournamentRefusal::Closed(id) => t!("tour-closed", id = *id),
        TournamentRefusal::Over(id) => t!("tour-over", id = *id),
    })
}

impl App {
    /// `/tournament create`: a tournament of this channel, taking entries until it starts.
    pub(crate) fn tournament_create(&self, actor: &Actor, ask: Create) -> Outcome {
        let Some(entry) = self.catalogue.find(&ask.game) else {
            return Err(Refusal(t!(
                "play-unknown-game",
                game = &ask.game,
                games = self.catalogue.ids().join(", ")
            )));
        };
        let format = Format::parse(&ask.format)
            .ok_or_else(|| Refusal(t!("tour-bad-format", format = &ask.format)))?;
        let info = entry.info;
        let seats = ask.seats.unwrap_or(info.min_seats as i64);
        if !(info.min_seats as i64..=info.max_seats as i64).contains(&seats) {
            return Err(Refusal(t!(
                "tour-bad-seats",
                game = crate::words::game_name(&info),
                min = info.min_seats as i64,
                max = info.max_seats as i64
            )));
        }
        let rounds = match format {
            Format::Swiss => ask.rounds.unwrap_or(SWISS_ROUNDS),
            Format::Knockout => 0,
        };
        if format == Format::Swiss && !(1..=10).contains(&rounds) {
            return Err(Refusal(t!("tour-bad-rounds")));
        }
        let entry_fee = ask.entry.unwrap_or(0);
        if !(0..=crate::ledger::MAX_AMOUNT).contains(&entry_fee) {
            return Err(Refusal(t!(
                "ledger-amount",
                max = crate::ledger::MAX_AMOUNT,
                amount = entry_fee
            )));
        }
        let starts = ask.starts.unwrap_or(STARTS_IN);
        if !(1..=7 * 24 * 60).contains(&starts) {
            return Err(Refusal(t!("tour-bad-start")));
        }
        let clock = ask.clock.unwrap_or(0);
        if !(0..=7 * 24 * 60).contains(&clock) {
            return Err(Refusal(t!("tour-bad-clock")));
        }
        let max_players = ask.players.unwrap_or(16);
        if !(2..=MAX_PLAYERS).contains(&max_players) {
            return Err(Refusal(t!("tour-bad-players", max = MAX_PLAYERS)));
        }
        let options = super::terms::store(&GameOptions::new());
        let id = self
            .ledger
            .create_tournament(
                &actor.guild,
                &actor.interaction,
                &NewTournament {
                    channel: &actor.channel,
                    creator: &actor.user,
                    game: info.id,
                    options: &options,
                    format,
                    rounds,
                    seats,
                    max_players,
                    entry: entry_fee,
                    starts_at: self.now() + starts * 60,
                    clock: clock * 60,
                },
            )?
            .value;
        let t = self.ledger.tournament(id)?;
        Ok(vec![Reply::public(t!(
            "tour-created",
            who = &actor.name,
            id = id,
            what = self.tournament_kind(&t),
            entry = t.entry,
            minutes = starts
        ))])
    }

    /// A tournament in a few words: "a knockout of Dejarik", "a Swiss of D-Zone (3 rounds,
    /// tables of 3)".
    fn tournament_kind(&self, t: &Tournament) -> String {
        let game = self
            .catalogue
            .find(&t.game)
            .map_or_else(|| t.game.clone(), |e| crate::words::game_name(&e.info));
        t!(
            "tour-kind",
            format = t.format.as_str(),
            game = game,
            rounds = t.rounds,
            seats = t.seats
        )
    }

    /// The tournament a command names, or this channel's newest.
    fn tournament_for(&self, actor: &Actor, id: Option<i64>) -> Result<Tournament, Refusal> {
        let t = match id {
            Some(id) => self.ledger.tournament(id)?,
            None => self
                .ledger
                .channel_tournament(&actor.guild, &actor.channel)?
                .ok_or_else(|| Refusal(t!("tour-none")))?,
        };
        if t.guild != actor.guild {
            return Err(refusal(&TournamentRefusal::Unknown(t.id)));
        }
        Ok(t)
    }

    /// `/tournament join`: pays the entry into the pot.
    pub(crate) fn tournament_join(&self, actor: &Actor, id: Option<i64>) -> Outcome {
        let t = self.tournament_for(actor, id)?;
        if t.entry > 0 {
            // Prizes are credits: alternate accounts must not fill a pot for one player.
            self.check_fair_play(actor, "/tournament join")?;
        }
        self.ledger.open_account(&actor.guild, &actor.user)?;
        let balance = self
            .ledger
            .join_tournament(&actor.guild, t.id, &actor.user)?
            .value;
        let t = self.ledger.tournament(t.id)?;
        let mut replies = vec![Reply::public(t!(
            "tour-joined",
            who = &actor.name,
            id = t.id,
            count = t.players.len() as i64,
            max = t.max_players,
            pot = t.entry * t.players.len() as i64,
            balance = balance
        ))];
        // A full tournament has nobody left to wait for: it starts at once.
        if t.players.len() as i64 >= t.max_players {
            replies.extend(self.start_tournament(t)?);
        }
        Ok(replies)
    }

    /// `/tournament show`: the players, the standings and each round's tables.
    pub(crate) fn tournament_show(&self, actor: &Actor, id: Option<i64>) -> Outcome {
        let t = self.tournament_for(actor, id)?;
        let tables = self.ledger.tournament_tables(t.id)?;
        let byes = self.ledger.tournament_byes(t.id)?;
        let reading = standings::read(&t, &tables, &byes);
        let mut lines = vec![t!(
            "tour-show-head",
            id = t.id,
            what = self.tournament_kind(&t),
            status = match t.status {
                TournamentStatus::Open => "open",
                TournamentStatus::Playing => "playing",
                TournamentStatus::Ended => "ended",
                TournamentStatus::Cancelled => "cancelled",
            },
            round = t.round,
            entry = t.entry,
            pot = t.entry * t.players.len() as i64
        )];
        if t.status == TournamentStatus::Open {
            let names: Vec<String> = t.players.iter().map(|u| self.name(u)).collect();
            lines.push(t!(
                "tour-show-players",
                players = crate::words::list(&names),
                count = t.players.len() as i64
            ));
        } else {
            for (place, s) in reading.standings.iter().enumerate() {
                lines.push(t!(
                    "tour-show-line",
                    place = place as i64 + 1,
                    who = self.name(&s.user),
                    points = standings::points(s.score),
                    out = s.out_in.unwrap_or(0)
                ));
            }
        }
        for (round, board, row) in tables.iter().filter(|(r, _, _)| *r == t.round) {
            let names: Vec<String> = row.seats.iter().map(|u| self.name(u)).collect();
            lines.push(t!(
                "tour-show-table",
                round = *round,
                board = *board,
                table = row.id,
                players = names.join(" – "),
                status = row.status.as_str()
            ));
        }
        if let Some(ended) = &t.result {
            lines.push(self.told_prizes(&t, ended));
        }
        let mut reply = Reply::private(lines.join("\n"));
        if t.status != TournamentStatus::Open {
            reply = reply.with_image(format!("tournament-{}.png", t.id), self.card(&t, &reading)?);
        }
        Ok(vec![reply])
    }

    /// `/tournament cancel`: its creator or an admin stops it; every entry goes back and
    /// its tables still in play end without a result.
    pub(crate) fn tournament_cancel(&self, actor: &Actor, id: Option<i64>) -> Outcome {
        let t = self.tournament_for(actor, id)?;
        if t.creator != actor.user && !actor.admin {
            return Err(Refusal(t!("tour-cancel-who")));
        }
        let mut replies = self.cancel_tournament(&t, "tour-cancelled")?;
        for (_, _, row) in self.ledger.tournament_tables(t.id)? {
            if row.status.is_active() {
                self.ledger
                    .cancel_table(&t.guild, row.id, "ended by an admin")?;
                self.forget(row.id);
                self.changed(row.id);
            }
        }
        if let Some(first) = replies.first_mut() {
            first.text = format!(
                "{} {}",
                t!("tour-cancelled-by", who = &actor.name),
                first.text
            );
        }
        Ok(replies)
    }

    /// Ends `t` with every entry refunded; `why` is the message that says so.
    fn cancel_tournament(&self, t: &Tournament, why: &str) -> Outcome {
        let refunds: Vec<(String, i64)> = t.players.iter().map(|u| (u.clone(), t.entry)).collect();
        let ended = self
            .ledger
            .end_tournament(&t.guild, t.id, &t.players, &refunds, true)?;
        if ended.replayed {
            return Err(refusal(&TournamentRefusal::Over(t.id)));
        }
        Ok(vec![Reply::public(t!(
            why,
            id = t.id,
            pot = ended.value.pot
        ))])
    }

    /// What the prizes of an ended tournament were, in words.
    fn told_prizes(&self, t: &Tournament, ended: &crate::ledger::tournaments::Ended) -> String {
        if ended.cancelled {
            return t!("tour-cancelled", id = t.id, pot = ended.pot);
        }
        let paid: Vec<String> = ended
            .paid
            .iter()
            .enumerate()
            .map(|(i, (user, amount))| {
                t!(
                    "tour-prize",
                    place = i as i64 + 1,
                    who = self.name(user),
                    amount = *amount
                )
            })
            .collect();
        t!(
            "tour-ended",
            id = t.id,
            winner = ended
                .standings
                .first()
                .map(|u| self.name(u))
                .unwrap_or_default(),
            prizes = crate::words::list(&paid)
        )
    }

    /// Moves every tournament of the guilds `serves` accepts as far as the time and its
    /// tables allow (the clock's part: starts, and anything a restart left half done).
    pub(crate) fn run_tournaments(
        &self,
        serves: &dyn Fn(&str) -> bool,
    ) -> Vec<(String, String, Reply)> {
        let Ok(active) = self.ledger.active_tournaments() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for t in active.into_iter().filter(|t| serves(&t.guild)) {
            let (guild, channel) = (t.guild.clone(), t.channel.clone());
            let replies = crate::words::speaking(self.lang_of(&t.creator), || self.step(t));
            out.extend(
                replies
                    .into_iter()
                    .map(|r| (guild.clone(), channel.clone(), r)),
            );
        }
        out
    }

    /// What follows the end of a tournament's table: the next round or the prizes, now.
    pub(crate) fn after_tournament_table(&self, tournament: i64) -> Vec<Reply> {
        match self.ledger.tournament(tournament) {
            Ok(t) => self.step(t),
            Err(e) => {
                tracing::warn!(tournament, error = %e, "tournament not read");
                Vec::new()
            }
        }
    }

    /// One step of a tournament: its start when due, its round's missing tables, the next
    /// round when the last has ended, or its end. Failures are logged and retried by the
    /// clock; what was stored stays.
    fn step(&self, t: Tournament) -> Vec<Reply> {
        let id = t.id;
        let result = match t.status {
            TournamentStatus::Open if self.now() >= t.starts_at => self.start_tournament(t),
            TournamentStatus::Playing => self.continue_tournament(t),
            _ => Ok(Vec::new()),
        };
        result.unwrap_or_else(|e| {
            tracing::warn!(tournament = id, error = %e.0, "tournament step failed");
            Vec::new()
        })
    }

    fn start_tournament(&self, t: Tournament) -> Outcome {
        if t.players.len() < 2 {
            return self.cancel_tournament(&t, "tour-too-few");
        }
        // Seeding by the game's rating, the earlier entry first on equal ratings.
        let mut rated: Vec<(f64, usize, String)> = Vec::new();
        for (i, user) in t.players.iter().enumerate() {
            let (rating, _, _) = self.ledger.rating(&t.guild, &t.game, user)?;
            rated.push((rating, i, user.clone()));
        }
        rated.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let seeds: Vec<String> = rated.into_iter().map(|(_, _, u)| u).collect();
        let t = Tournament {
            players: seeds.clone(),
            ..t
        };
        let round = self.pairing(&t, 1)?;
        self.ledger
            .begin_round(&t.guild, t.id, 1, &seeds, &round.byes)?;
        let t = self.ledger.tournament(t.id)?;
        self.open_round(&t, 1, &round)
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
            .ledger
            .tournament_tables(t.id)?
            .into_iter()
            .filter(|(r, _, _)| *r < round)
            .collect();
        let byes: Vec<_> = self
            .ledger
            .tournament_byes(t.id)?
            .into_iter()
            .filter(|b| b.round < round)
            .collect();
        Ok(standings::read(t, &tables, &byes))
    }

    /// Opens the tables of `round` that are not open yet, each started at once, and says
    /// who meets whom.
    fn open_round(&self, t: &Tournament, round: i64, pairing: &Round) -> Outcome {
        let existing = self.ledger.tournament_tables(t.id)?;
        let entry = self
            .catalogue
            .find(&t.game)
            .ok_or_else(|| Refusal(t!("play-unknown-game", game = &t.game, games = "")))?;
        let mut replies = Vec::new();
        let mut told = Vec::new();
        for (i, players) in pairing.tables.iter().enumerate() {
            let board = i as i64 + 1;
            // Seat order alternates by round, so nobody always moves first.
            let mut seats = players.clone();
            if round % 2 == 0 {
                seats.reverse();
            }
            let names: Vec<String> = seats.iter().map(|u| self.name(u)).collect();
            if let Some((_, _, row)) = existing.iter().find(|(r, b, _)| *r == round && *b == board)
            {
                told.push(t!(
                    "tour-board",
                    board = board,
                    table = row.id,
                    players = names.join(" – ")
                ));
                continue;
            }
            let options = super::terms::read(&t.options);
            let seed = super::fairness::new_seed();
            let start = entry.rules(&options)?.start(seats.len())?.position();
            let seat_refs: Vec<&str> = seats.iter().map(String::as_str).collect();
            let row = self.ledger.create_tournament_table(
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
                    terms: Terms::new(&t.creator, seats.len(), 3),
                },
                (t.id, round, board),
                (t.clock > 0).then_some(t.clock),
            )?;
            told.push(t!(
                "tour-board",
                board = board,
                table = row.id,
                players = names.join(" – ")
            ));
            if row.status == crate::ledger::tables::TableStatus::Open {
                // Another step (the clock's, or another table's end) may start it first.
                match self.begin(&t.guild, row) {
                    Ok(board) => replies.extend(board),
                    Err(e) => {
                        tracing::info!(tournament = t.id, board, error = %e.0, "not started here")
                    }
                }
            }
        }
        let byes: Vec<String> = pairing.byes.iter().map(|u| self.name(u)).collect();
        let mut text = t!(
            "tour-round",
            id = t.id,
            round = round,
            boards = told.join("; ")
        );
        if !byes.is_empty() {
            text.push(' ');
            text.push_str(&t!("tour-bye", who = crate::words::list(&byes)));
        }
        replies.insert(0, Reply::public(text));
        Ok(replies)
    }

    fn continue_tournament(&self, t: Tournament) -> Outcome {
        let tables = self.ledger.tournament_tables(t.id)?;
        let in_round = tables.iter().filter(|(r, _, _)| *r == t.round).count();
        let pairing = self.pairing(&t, t.round)?;
        if in_round < pairing.tables.len() {
            // A restart between a round's start and its last table: open the rest.
            return self.open_round(&t, t.round, &pairing);
        }
        let byes = self.ledger.tournament_byes(t.id)?;
        let reading = standings::read(&t, &tables, &byes);
        if !reading.round_done {
            return Ok(Vec::new());
        }
        let over = match t.format {
            Format::Knockout => reading.alive.len() <= 1,
            Format::Swiss => t.round >= t.rounds,
        };
        if over {
            return self.finish_tournament(&t, &reading);
        }
        let next = t.round + 1;
        let pairing = self.pairing(&t, next)?;
        self.ledger
            .begin_round(&t.guild, t.id, next, &t.players, &pairing.byes)?;
        let t = self.ledger.tournament(t.id)?;
        self.open_round(&t, next, &pairing)
    }

    /// The standings as an image, in the language spoken now.
    fn card(&self, t: &Tournament, reading: &Reading) -> Result<Vec<u8>, Refusal> {
        let winner = t
            .result
            .as_ref()
            .filter(|e| !e.cancelled)
            .and_then(|e| e.standings.first());
        let lines = reading
            .standings
            .iter()
            .enumerate()
            .map(|(i, s)| Line {
                place: i + 1,
                name: self.name(&s.user),
                points: standings::points(s.score),
                note: s
                    .out_in
                    .map(|r| t!("tour-card-out", round = r))
                    .unwrap_or_default(),
                rounds: s.rounds.clone(),
                lead: match winner {
                    Some(w) => *w == s.user,
                    None => t.format == Format::Knockout && s.out_in.is_none(),
                },
            })
            .collect();
        let card = Card {
            title: t!("tour-card-title", id = t.id),
            subtitle: crate::render::capitalise(&self.tournament_kind(t)),
            points: t!("tour-card-points"),
            lines,
        };
        Ok(crate::render::standings::png(&card)?)
    }

    fn finish_tournament(&self, t: &Tournament, reading: &Reading) -> Outcome {
        let order: Vec<String> = reading.standings.iter().map(|s| s.user.clone()).collect();
        let pot = t.entry * t.players.len() as i64;
        let paid: Vec<(String, i64)> = standings::prizes(pot, order.len())
            .into_iter()
            .zip(&order)
            .map(|(amount, user)| (user.clone(), amount))
            .collect();
        let ended = self
            .ledger
            .end_tournament(&t.guild, t.id, &order, &paid, false)?;
        if ended.replayed {
            return Ok(Vec::new());
        }
        let mut lines = vec![self.told_prizes(t, &ended.value)];
        for (place, s) in reading.standings.iter().enumerate().take(8) {
            lines.push(t!(
                "tour-show-line",
                place = place as i64 + 1,
                who = self.name(&s.user),
                points = standings::points(s.score),
                out = s.out_in.unwrap_or(0)
            ));
        }
        let t = self.ledger.tournament(t.id)?;
        let mut reply = Reply::public(lines.join("\n"));
        if let Ok(png) = self.card(&t, reading) {
            reply = reply.with_image(format!("tournament-{}.png", t.id), png);
        }
        Ok(vec![reply])
    }
}
