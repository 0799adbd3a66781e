//! Tournaments at the table: `/tournament create|join|show|cancel`, and the rounds the bot
//! runs by itself — each round's tables opened in the tournament's channel when the round
//! before has ended (or at the start time), the prizes paid when the last one ends. The
//! money and the record are the ledger's ([`crate::ledger::tournaments`]); pairings
//! ([`pairing`]) and standings ([`standings`]) are computed again from what is stored, so
//! a restart at any moment resumes a tournament where it was.

pub mod pairing;
mod rounds;
pub mod standings;

use super::{Actor, App, Outcome, Refusal, Reply};
use crate::call::Call;
use crate::games::GameOptions;
use crate::ledger::tournaments::{Format, NewTournament, Tournament, TournamentRefusal};
use crate::render::standings::{Card, Line};
use crate::t;
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
pub(crate) fn refusal(lang: crate::words::Lang, why: &TournamentRefusal) -> String {
    match why {
        TournamentRefusal::Unknown(id) => t!(lang, "tour-unknown", id = *id),
        TournamentRefusal::Joined(id) => t!(lang, "tour-joined-already", id = *id),
        TournamentRefusal::Full { id, max } => t!(lang, "tour-full", id = *id, max = *max),
        TournamentRefusal::Closed(id) => t!(lang, "tour-closed", id = *id),
        TournamentRefusal::Over(id) => t!(lang, "tour-over", id = *id),
    }
}

/// The server's tournaments: their commands, rounds and prizes. A feature of the
/// application, reached through [`App::tournaments`]: it owns its handlers, and works on the
/// application's ledger and tables.
pub(crate) struct Tournaments<'a> {
    app: &'a App,
}

impl App {
    pub(crate) fn tournaments(&self) -> Tournaments<'_> {
        Tournaments { app: self }
    }
}

impl Tournaments<'_> {
    /// `/tournament create`: a tournament of this channel, taking entries until it starts.
    pub(crate) fn create(&self, actor: &Actor, ask: Create) -> Outcome {
        let lang = actor.lang;
        self.app.tables().check_place(actor)?;
        let asked = self.checked(lang, &ask)?;
        self.app.tables().check_wager(actor, asked.entry)?;
        let options = super::terms::store(&GameOptions::new());
        let id = self
            .app
            .ledger
            .create_tournament(
                &actor.guild,
                &actor.interaction,
                &NewTournament {
                    channel: &actor.channel,
                    creator: &actor.user,
                    game: asked.game,
                    options: &options,
                    format: asked.format,
                    rounds: asked.rounds,
                    seats: asked.seats,
                    max_players: asked.max_players,
                    entry: asked.entry,
                    starts_at: self.app.now() + asked.starts * 60,
                    clock: asked.clock * 60,
                },
            )?
            .value;
        let t = self.app.ledger.tournament(id)?;
        Ok(vec![Reply::public(t!(
            lang,
            "tour-created",
            who = &actor.name,
            id = id,
            what = self.kind(lang, &t),
            entry = t.entry,
            minutes = asked.starts
        ))])
    }

    /// A `/tournament create` with every choice in range and the defaults filled in, or the
    /// first choice out of range in words.
    fn checked(&self, lang: crate::words::Lang, ask: &Create) -> Result<Checked, Refusal> {
        let Some(entry) = self.app.catalogue.find(&ask.game) else {
            return Err(Refusal::Said(t!(
                lang,
                "play-unknown-game",
                game = &ask.game,
                games = self.app.catalogue.ids().join(", ")
            )));
        };
        let format = Format::parse(&ask.format)
            .ok_or_else(|| Refusal::Said(t!(lang, "tour-bad-format", format = &ask.format)))?;
        let info = entry.info;
        let seats = ask.seats.unwrap_or(info.min_seats as i64);
        if !(info.min_seats as i64..=info.max_seats as i64).contains(&seats) {
            return Err(Refusal::Said(t!(
                lang,
                "tour-bad-seats",
                game = crate::words::game_name(lang, &info),
                min = info.min_seats as i64,
                max = info.max_seats as i64
            )));
        }
        let rounds = match format {
            Format::Swiss => ask.rounds.unwrap_or(SWISS_ROUNDS),
            Format::Knockout => 0,
        };
        if format == Format::Swiss && !(1..=10).contains(&rounds) {
            return Err(Refusal::Said(t!(lang, "tour-bad-rounds")));
        }
        let entry_fee = ask.entry.unwrap_or(0);
        if !(0..=crate::ledger::MAX_AMOUNT).contains(&entry_fee) {
            return Err(Refusal::Said(t!(
                lang,
                "ledger-amount",
                max = crate::ledger::MAX_AMOUNT,
                amount = entry_fee
            )));
        }
        let starts = ask.starts.unwrap_or(STARTS_IN);
        if !(1..=7 * 24 * 60).contains(&starts) {
            return Err(Refusal::Said(t!(lang, "tour-bad-start")));
        }
        let clock = ask.clock.unwrap_or(0);
        if !(0..=7 * 24 * 60).contains(&clock) {
            return Err(Refusal::Said(t!(lang, "tour-bad-clock")));
        }
        let max_players = ask.players.unwrap_or(16);
        if !(2..=MAX_PLAYERS).contains(&max_players) {
            return Err(Refusal::Said(t!(
                lang,
                "tour-bad-players",
                max = MAX_PLAYERS
            )));
        }
        // The pot of a full tournament is paid out whole: it stays within one operation's
        // bound, refused here rather than when the prizes are due.
        let max_entry = crate::ledger::MAX_AMOUNT / max_players;
        if entry_fee > max_entry {
            return Err(Refusal::Said(t!(
                lang,
                "tour-entry-too-large",
                max = max_entry,
                players = max_players
            )));
        }
        Ok(Checked {
            game: info.id,
            format,
            rounds,
            seats,
            max_players,
            entry: entry_fee,
            starts,
            clock,
        })
    }

    /// A tournament in a few words: "a knockout of Dejarik", "a Swiss of D-Zone (3 rounds,
    /// tables of 3)".
    pub(crate) fn kind(&self, lang: crate::words::Lang, t: &Tournament) -> String {
        let game = self.app.catalogue.find(&t.game).map_or_else(
            || t.game.clone(),
            |e| crate::words::game_name(lang, &e.info),
        );
        t!(
            lang,
            "tour-kind",
            format = t.format.as_str(),
            game = game,
            rounds = t.rounds,
            seats = t.seats
        )
    }

    /// The tournament a command names, or this channel's newest.
    pub(crate) fn find(&self, actor: &Actor, id: Option<i64>) -> Result<Tournament, Refusal> {
        let lang = actor.lang;
        let t = match id {
            Some(id) => self.app.ledger.tournament(id)?,
            None => self
                .app
                .ledger
                .channel_tournament(&actor.guild, &actor.channel)?
                .ok_or_else(|| Refusal::Said(t!(lang, "tour-none")))?,
        };
        if t.guild != actor.guild {
            return Err(Refusal::Said(refusal(
                lang,
                &TournamentRefusal::Unknown(t.id),
            )));
        }
        Ok(t)
    }

    /// `/tournament join`: pays the entry into the pot.
    pub(crate) fn join(&self, call: &Call, actor: &Actor, id: Option<i64>) -> Outcome {
        let lang = actor.lang;
        let t = self.find(actor, id)?;
        if t.entry > 0 {
            // An entry is a wager on one's own games: the server's bounds hold.
            self.app.tables().check_wager(actor, t.entry)?;
            // Prizes are credits: alternate accounts must not fill a pot for one player.
            self.app
                .tables()
                .check_fair_play(actor, "/tournament join")?;
        }
        self.app.ledger.open_account(&actor.guild, &actor.user)?;
        let balance = self
            .app
            .ledger
            .join_tournament(&actor.guild, t.id, &actor.user)?
            .value;
        let t = self.app.ledger.tournament(t.id)?;
        let mut replies = vec![Reply::public(t!(
            lang,
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
            replies.extend(self.start(call.cx(lang), t)?);
        }
        Ok(replies)
    }

    /// `/tournament cancel`: its creator or an admin stops it; every entry goes back and
    /// its tables still in play end without a result.
    pub(crate) fn cancel(&self, call: &Call, actor: &Actor, id: Option<i64>) -> Outcome {
        let lang = actor.lang;
        let t = self.find(actor, id)?;
        if t.creator != actor.user && !actor.admin {
            return Err(Refusal::Said(t!(lang, "tour-cancel-who")));
        }
        let mut replies = self.cancel_with(lang, &t, "tour-cancelled")?;
        for (_, _, row) in self.app.ledger.tournament_tables(t.id)? {
            if row.status.is_active() {
                self.app
                    .ledger
                    .cancel_table(&t.guild, row.id, "ended by an admin")?;
                self.app.forget(call, row.id);
                call.changed(row.id);
            }
        }
        if let Some(first) = replies.first_mut() {
            let text = std::mem::take(&mut first.text);
            first.text = text.after(t!(lang, "tour-cancelled-by", who = &actor.name));
        }
        Ok(replies)
    }

    /// Ends `t` with every entry refunded; `why` is the message that says so.
    pub(crate) fn cancel_with(
        &self,
        lang: crate::words::Lang,
        t: &Tournament,
        why: &str,
    ) -> Outcome {
        let refunds: Vec<(String, i64)> = t.players.iter().map(|u| (u.clone(), t.entry)).collect();
        let ended = self
            .app
            .ledger
            .end_tournament(&t.guild, t.id, &t.players, &refunds, true)?;
        if ended.replayed {
            return Err(Refusal::Said(refusal(lang, &TournamentRefusal::Over(t.id))));
        }
        Ok(vec![Reply::public(t!(
            lang,
            why,
            id = t.id,
            pot = ended.value.pot
        ))])
    }

    /// What the prizes of an ended tournament were, in words.
    pub(crate) fn prizes(
        &self,
        lang: crate::words::Lang,
        t: &Tournament,
        ended: &crate::ledger::tournaments::Ended,
    ) -> String {
        if ended.cancelled {
            return t!(lang, "tour-cancelled", id = t.id, pot = ended.pot);
        }
        let winner = ended
            .standings
            .first()
            .map(|u| self.app.name(&t.guild, u))
            .unwrap_or_default();
        if ended.pot == 0 {
            return t!(lang, "tour-ended-free", id = t.id, winner = winner);
        }
        let paid: Vec<String> = ended
            .paid
            .iter()
            .enumerate()
            .map(|(i, (user, amount))| {
                t!(
                    lang,
                    "tour-prize",
                    place = i as i64 + 1,
                    who = self.app.name(&t.guild, user),
                    amount = *amount
                )
            })
            .collect();
        t!(
            lang,
            "tour-ended",
            id = t.id,
            winner = winner,
            prizes = crate::words::list(lang, &paid)
        )
    }

    /// The standings as an image, in `lang`.
    pub(crate) fn card(
        &self,
        lang: crate::words::Lang,
        t: &Tournament,
        reading: &Reading,
    ) -> Result<Vec<u8>, Refusal> {
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
                name: self.app.plain_name(&t.guild, &s.user),
                points: standings::points(s.score),
                note: s
                    .out_in
                    .map(|r| t!(lang, "tour-card-out", round = r))
                    .unwrap_or_default(),
                rounds: s.rounds.clone(),
                lead: match winner {
                    Some(w) => *w == s.user,
                    None => t.format == Format::Knockout && s.out_in.is_none(),
                },
            })
            .collect();
        let card = Card {
            title: t!(lang, "tour-card-title", id = t.id),
            subtitle: crate::words::capitalise(&self.kind(lang, t)),
            points: t!(lang, "tour-card-points"),
            lines,
        };
        Ok(crate::render::standings::png(&card)?)
    }
}

/// A tournament's terms as `/tournament create` asked them, checked.
struct Checked {
    game: &'static str,
    format: Format,
    rounds: i64,
    seats: i64,
    max_players: i64,
    entry: i64,
    /// Minutes until it starts.
    starts: i64,
    /// Minutes for each move at its tables (0: the server's clock).
    clock: i64,
}
