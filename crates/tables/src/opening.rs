//! Opening a table: `/play` (a challenge, an open table, or a game against the droid), the
//! first board, and Rematch with the same terms (the seats filling up: [`super::seating`]).

use crate::call::{Call, Cx};
use crate::play::Tables;
use std::collections::BTreeMap;

use rand::Rng;
use serde_json::Value;

use super::fairness::{new_seed, rng_for};
use super::fischer::{Fischer, MAX_INCREMENT, MAX_MINUTES};
use super::log::Progress;
use super::terms::{self, game_options};
use super::waiting::seats_line;
use super::{commands, Actor, Outcome, PlayArgs, Refusal};
use crate::catalogue::Entry;
use crate::games::{GameOptions, Status};
use crate::ledger::tables::{NewTable, TableRow, TableStatus, Terms};
use crate::ledger::wagers::{max_stake, MAX_PER_POINT};
use crate::ledger::{LedgerError, DROID};
use crate::{t, words};

/// The verbs of the components an opening table shows.
pub(crate) const ACCEPT: &str = "accept";
pub(crate) const DECLINE: &str = "decline";
pub(crate) const JOIN: &str = "join";
pub(crate) const SEAT_DROID: &str = "droid";
pub(crate) const START: &str = "start";

/// The stakes of a new table: a wager per seat, or credits per point.
struct Stakes {
    stake: i64,
    per_point: i64,
}

impl Tables<'_> {
    /// `/play`: opens a table in this channel.
    pub(crate) fn play(&self, call: &Call, actor: &Actor, mut args: PlayArgs) -> Outcome {
        let lang = actor.lang;
        self.check_place(actor)?;
        let Some(entry) = self.app.catalogue.find(&args.game) else {
            return Err(Refusal::Said(t!(
                lang,
                "play-unknown-game",
                game = &args.game,
                games = self.app.catalogue.ids().join(", ")
            )));
        };
        if let Some(table) = self.app.ledger.active_table(&actor.guild, &actor.channel)? {
            // Where the member already plays, /play opens their seat on the board (on
            // Discord with the Activity on: the Activity itself).
            let seated = table.seats.contains(&actor.user);
            let pages = self.app.settings.public_url.is_some();
            if seated && table.status == TableStatus::Playing && pages {
                return self.seat_link(actor, table);
            }
            return Err(Refusal::Said(t!(
                lang,
                "play-channel-busy",
                table = table.id
            )));
        }
        // The table's own clock (`clock:5+3`) is the table's, not the game's.
        let clock = match args.options.remove("clock") {
            Some(text) => Some(
                Fischer::parse(&text)
                    .ok_or_else(|| {
                        Refusal::Said(t!(
                            lang,
                            "play-clock-bad",
                            clock = text.as_str(),
                            minutes = MAX_MINUTES,
                            seconds = MAX_INCREMENT
                        ))
                    })?
                    .stored(),
            ),
            None => None,
        };
        let (options, target) = table_options(lang, entry, &args)?;
        let game = entry.rules(&options)?;
        let info = entry.info;
        let opponent = args.opponent.clone();
        if opponent.as_deref() == Some(actor.user.as_str()) {
            return Err(Refusal::Said(t!(lang, "play-self")));
        }
        let seats = seat_count(lang, entry, &args)?;
        // Fair play before anything is written (no account is opened for a refusal).
        if args.wager.unwrap_or(0) > 0 || args.per_point.unwrap_or(0) > 0 {
            self.check_fair_play(actor, "/play")?;
        }
        let stakes = self.stakes(actor, &args, seats)?;
        if opponent.as_deref() == Some(DROID) {
            if stakes.per_point > 0 {
                return Err(Refusal::Said(t!(lang, "play-per-point-droid")));
            }
            self.check_house(lang, &actor.guild, &actor.user, stakes.stake)?;
        }
        let level = droid_level(lang, args.level)?;
        let seed = new_seed();
        let order = seat_order(&seed, actor, opponent.as_deref(), args.first.as_deref())?;
        let start = game.start(order.len().max(info.min_seats))?.position();
        let terms = Terms {
            creator: actor.user.clone(),
            to: args.to,
            level,
            mind: crate::droid::MIND,
            seats,
            clock,
        };
        let seat_refs: Vec<&str> = order.iter().map(String::as_str).collect();
        let row = self.app.ledger.create_table(
            &actor.guild,
            &NewTable {
                channel: &actor.channel,
                game: info.id,
                options: &terms::store(&options),
                stake: stakes.stake,
                per_point: stakes.per_point,
                target,
                seed: &seed,
                start_position: &start,
                seats: &seat_refs,
                deadline: Some(self.app.now() + self.app.settings.challenge_secs),
                terms,
            },
        )?;
        if let Some(parent) = &actor.parent {
            // A table in a thread shows in the lobby with its channel's tables.
            self.app.ledger.set_table_parent(row.id, parent)?;
        }
        self.announce(call, actor, row, opponent.as_deref())
    }

    /// The first message of a new table: an open table, a challenge, or the game itself
    /// when the droid is the opponent.
    fn announce(
        &self,
        call: &Call,
        actor: &Actor,
        row: TableRow,
        opponent: Option<&str>,
    ) -> Outcome {
        let lang = actor.lang;
        if opponent == Some(DROID) {
            return self.begin(call.cx(lang), &actor.guild, row);
        }
        Ok(vec![self.waiting_reply(lang, &row)?])
    }

    /// The stakes asked for, checked against the economy and the creator's balance.
    fn stakes(&self, actor: &Actor, args: &PlayArgs, seats: usize) -> Result<Stakes, Refusal> {
        let lang = actor.lang;
        let per_point = args.per_point.unwrap_or(0);
        if args.per_point.is_some() && per_point < 1 {
            return Err(Refusal::Said(t!(lang, "play-per-point-positive")));
        }
        if per_point > MAX_PER_POINT {
            return Err(Refusal::Said(t!(
                lang,
                "play-per-point-too-large",
                max = MAX_PER_POINT
            )));
        }
        if per_point > 0 && args.wager.is_some() {
            return Err(Refusal::Said(t!(lang, "play-wager-or-per-point")));
        }
        if per_point > 0 && seats > 2 {
            return Err(Refusal::Said(t!(lang, "play-per-point-two")));
        }
        let stake = args.wager.unwrap_or(0);
        self.check_wager(actor, stake.max(per_point))?;
        self.app.ledger.open_account(&actor.guild, &actor.user)?;
        if stake > max_stake(seats) {
            return Err(Refusal::Said(t!(
                lang,
                "play-wager-too-large",
                max = max_stake(seats),
                seats = seats
            )));
        }
        if stake != 0 {
            let min = self.app.ledger.economy(&actor.guild)?.min_wager;
            if stake < min {
                return Err(Refusal::Said(t!(lang, "play-wager-minimum", min = min)));
            }
            let balance = self.app.ledger.balance(&actor.guild, &actor.user)?.credits;
            if balance < stake {
                return Err(Refusal::Said(t!(
                    lang,
                    "play-wager-funds",
                    balance = balance,
                    stake = stake
                )));
            }
        }
        Ok(Stakes { stake, per_point })
    }

    /// Starts a table whose seats are taken: the start position for that many seats, the
    /// stakes into escrow, the commitment shown, the first board.
    pub(crate) fn begin(&self, cx: Cx<'_>, guild: &str, row: TableRow) -> Outcome {
        let Cx { lang, call } = cx;
        for user in &row.seats {
            if user != DROID {
                self.app.ledger.open_account(guild, user)?;
            }
        }
        let entry = self.app.entry(&row)?;
        let mut options = game_options(&row);
        if let Some(key) = entry.info.legacy.filter(|k| !options.contains_key(*k)) {
            // DZ-2.6: the channel's last game of this kind left this on its board.
            if let Some(value) = self.app.ledger.legacy(guild, &row.channel, entry.info.id)? {
                options.insert(key.into(), value.into());
            }
        }
        let start = entry.rules(&options)?.start(row.seats.len())?.position();
        // The first seat's flag: a clock with a total starts with all of it.
        let deadline = self.app.now()
            + match Fischer::of(&row) {
                Some(clock) => clock.base,
                None => self.move_clock(&row)?,
            };
        let started = self
            .app
            .ledger
            .start_table_at(guild, row.id, Some(deadline), Some(&start))
            .map_err(|e| match e {
                LedgerError::PerPointFunds {
                    user,
                    balance,
                    per_point,
                } => Refusal::Said(t!(
                    lang,
                    "play-per-point-funds",
                    who = self.app.name(guild, &user),
                    balance = balance,
                    amount = per_point
                )),
                other => other.into(),
            })?;
        call.changed(row.id);
        if started.replayed {
            return Err(Refusal::Said(t!(
                lang,
                "table-already-started",
                table = row.id
            )));
        }
        let mut row = self.app.ledger.table(row.id)?;
        let mut progress = Progress::begin(&row, entry)?;
        self.app.remember(row.id, row.turn, &progress);
        let advanced = self.advance(call.cx(lang), &mut row, &mut progress)?;
        let mut text = self.headline(lang, &row, entry);
        if let Status::Over(_) = progress.play.status() {
            return self.game_over(call.cx(lang), guild, row, progress, advanced.last, text);
        }
        text.push('\n');
        for line in advanced.said {
            text.push_str(&line);
            text.push(' ');
        }
        text.push_str(&self.turn_line(lang, &row, &progress));
        Ok(vec![self.board_reply(
            lang,
            &row,
            &progress,
            advanced.last,
            text,
        )?])
    }

    /// The first lines of a started table: the players, the stakes, the fairness commitment.
    fn headline(&self, lang: crate::words::Lang, row: &TableRow, entry: &Entry) -> String {
        let names = self.seat_names(row);
        let mut text = t!(
            lang,
            "begin-players",
            table = row.id,
            game = words::game_name(lang, &entry.info),
            players = names.join(" vs ")
        );
        if row.stake > 0 {
            let pot = row.stake * row.seats.len() as i64;
            text.push(' ');
            text.push_str(&t!(
                lang,
                "begin-escrow",
                stake = row.stake,
                seats = row.seats.len(),
                pot = pot
            ));
        }
        if row.target > 0 {
            text.push(' ');
            text.push_str(&t!(lang, "begin-series", target = row.target));
        }
        if row.per_point > 0 {
            text.push(' ');
            text.push_str(&t!(lang, "begin-per-point", amount = row.per_point));
        }
        text.push('\n');
        text.push_str(&t!(
            lang,
            "begin-fairness",
            commitment = &row.seed_commitment
        ));
        text
    }

    /// Rematch: a new table with the same game, players, stakes, `to`, options, clock and
    /// droid level; two players make a challenge (the one who asks challenges the other), more
    /// make an open table of as many seats.
    pub(crate) fn rematch(&self, call: &Call, actor: &Actor, row: TableRow) -> Outcome {
        let lang = actor.lang;
        if !row.seats.contains(&actor.user) {
            return Err(Refusal::Said(t!(lang, "rematch-not-player")));
        }
        let entry = self.app.entry(&row)?;
        let t = row.terms.clone();
        let mut options: BTreeMap<String, String> = game_options(&row)
            .into_iter()
            .map(|(k, v)| (k, v.as_str().map_or_else(|| v.to_string(), str::to_string)))
            .collect();
        if let (Some(_), Some(key)) = (t.to, entry.info.points_option) {
            options.remove(key);
        }
        // The same clock with a total, if the table had one.
        if let Some(clock) = &t.clock {
            options.insert("clock".into(), clock.clone());
        }
        let two = row.seats.len() == 2;
        let args = PlayArgs {
            game: row.game.clone(),
            opponent: two
                .then(|| row.seats.iter().find(|u| **u != actor.user).cloned())
                .flatten(),
            wager: (row.stake > 0).then_some(row.stake),
            per_point: (row.per_point > 0).then_some(row.per_point),
            to: t.to,
            first: None,
            level: Some(t.level),
            seats: (!two).then_some(t.seats),
            options,
        };
        // Through /play's cooldown: a Rematch button is no way round it.
        self.app.cooled(call, actor, super::Command::Play(args))
    }
}

/// The game's options of `/play`: its named options and those of the `options` string,
/// each one the game accepts; a `to` that the game keeps as its own score (a match
/// length) becomes that option. Returns them with the table's series target.
fn table_options(
    lang: crate::words::Lang,
    entry: &Entry,
    args: &PlayArgs,
) -> Result<(GameOptions, i64), Refusal> {
    let info = entry.info;
    let mut given = args.options.clone();
    if let Some(text) = given.remove("options") {
        given.extend(commands::table_options(lang, &text).map_err(Refusal::Said)?);
    }
    if let Some(key) = given
        .keys()
        .find(|k| !info.options.iter().any(|o| o.name == k.as_str()))
    {
        let names: Vec<&str> = info.options.iter().map(|o| o.name).collect();
        return Err(Refusal::Said(t!(
            lang,
            "play-unknown-option",
            game = words::game_name(lang, &info),
            option = key.as_str(),
            count = names.len(),
            options = names.join(", ")
        )));
    }
    let mut options: GameOptions = given
        .into_iter()
        .map(|(k, v)| (k, Value::String(v)))
        .collect();
    let target = match (info.points_option, args.to) {
        (Some(option), Some(to)) => {
            options.insert(option.into(), Value::String(to.to_string()));
            0
        }
        (None, Some(to)) if !(1..=99).contains(&to) => {
            return Err(Refusal::Said(t!(lang, "play-to-range")))
        }
        (None, Some(to)) => to as i64,
        (_, None) => 0,
    };
    Ok((options, target))
}

/// How many seats a new table has: two for a challenge, else `seats` (the game's most by
/// default).
fn seat_count(lang: crate::words::Lang, entry: &Entry, args: &PlayArgs) -> Result<usize, Refusal> {
    let info = entry.info;
    if args.opponent.is_some() {
        if info.min_seats > 2 {
            return Err(Refusal::Said(t!(
                lang,
                "play-needs-more",
                game = words::game_name(lang, &info)
            )));
        }
        return match args.seats {
            None | Some(2) => Ok(2),
            Some(_) => Err(Refusal::Said(t!(lang, "play-challenge-two"))),
        };
    }
    let seats = args.seats.unwrap_or(info.max_seats);
    if !(info.min_seats..=info.max_seats).contains(&seats) {
        return Err(Refusal::Said(t!(
            lang,
            "play-seats-range",
            game = words::game_name(lang, &info),
            players = seats_line(lang, info.min_seats, info.max_seats),
            seats = seats
        )));
    }
    Ok(seats)
}

/// The droid's strength asked for, 3 unless given.
fn droid_level(lang: crate::words::Lang, level: Option<u8>) -> Result<u8, Refusal> {
    match level {
        None => Ok(crate::droid::DEFAULT_LEVEL),
        Some(level) if crate::droid::LEVELS.contains(&level) => Ok(level),
        Some(level) => Err(Refusal::Said(t!(lang, "play-level-range", level = level))),
    }
}

/// The seats in order: the creator first, unless `first` gives the move to the opponent
/// (`them`) or to a fair draw from the table's seed (`random`).
fn seat_order(
    seed: &str,
    actor: &Actor,
    opponent: Option<&str>,
    first: Option<&str>,
) -> Result<Vec<String>, Refusal> {
    let lang = actor.lang;
    let mut seats: Vec<String> = std::iter::once(actor.user.clone())
        .chain(opponent.map(str::to_string))
        .collect();
    match first.map(str::to_ascii_lowercase).as_deref() {
        None | Some("me") => {}
        Some("them") if seats.len() == 2 => seats.swap(0, 1),
        Some("random") if seats.len() == 2 => {
            if rng_for(seed, "seats", 0).random_bool(0.5) {
                seats.swap(0, 1)
            }
        }
        Some("them") | Some("random") => {
            return Err(Refusal::Said(t!(lang, "play-first-needs-opponent")))
        }
        Some(other) => return Err(Refusal::Said(t!(lang, "play-first-bad", value = other))),
    }
    Ok(seats)
}
