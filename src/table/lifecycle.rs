//! A table's life: challenge, acceptance, moves (with chance events and the droid), clocks,
//! resignation, draws, the end and its settlement, and the fairness check.

use rand::Rng;
use serde_json::{Map, Value};

use super::fairness::{new_seed, rng_for};
use super::replies::{custom_id, parse_custom_id, Button, Select};
use super::{Actor, App, Outcome, PlayArgs, Refusal, Reply, Style};
use crate::games::{self, registry, DynPlay, GameOptions, Status};
use crate::ledger::tables::{LoggedAction, NewTable, TableRow};
use crate::ledger::DROID;
use crate::render::{self, LastMove, Scene, SeriesScore};

/// Rules summaries for `/rules`.
const DEJARIK_RULES: &str = "**Dejarik** — a circular board: the centre C, an inner ring i1–i12 \
(the combat zone) and an outer ring o1–o12 (home). Each player has four pieces; White starts on \
o5–o8, Black on o11, o12, o1, o2. A turn is one move: from the outer ring to C (Dejarik), from C \
to any outer cell, straight out (o5-i5), diagonally out one or two spokes, or back home \
(i5-o5). No diagonal on a player's first move. A diagonal exit that lands beside an enemy kills \
it; landing in front of a friendly piece makes it jump two more cells (augmentation). Win with \
four in a row on the inner ring (3 points), two kills (2 points), or three in a row after losing \
a piece (1 point). Moves are written from-to: `o5-i5`, `o5-C`, `o5-i10`.";

const BACKGAMMON_RULES: &str = "**Backgammon** (alias jacquet) — exactly as GNU Backgammon \
plays it. Each player has 15 checkers and moves them from its 24-point towards its home board \
(points 1–6), then bears them off; the first to bear off all 15 wins. Each die moves one \
checker; doubles are played four times; use both dice if you can, else the higher one. A \
single enemy checker (a blot) you land on goes to the bar and must re-enter first; two or \
more enemy checkers block a point. A win is 1 point, a gammon 2 (the loser bore off nothing), \
a backgammon 3 (and still has a checker on the bar or in the winner's home), times the cube. \
Matches: `/play game:backgammon to:5`. Before rolling you may **Double**; your opponent \
**Takes** (the cube doubles and is theirs) or **Drops** (loses the cube's value). No doubling \
in the Crawford game (right after someone reaches match point minus one). Plays are written \
as gnubg writes them: `24/18 13/9`, `bar/22* 13/11`, `8/5(2) 6/3(2)`, `6/off`; type part of \
one in /move to find it. Points are numbered from the side of the player to move.";

/// "roll" → "Roll".
fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn options_json(options: &GameOptions) -> String {
    Value::Object(options.clone()).to_string()
}

/// The stored options of a table: the game's options, and the table's own under keys that
/// start with `_` (the challenger).
fn stored_options(row: &TableRow) -> GameOptions {
    match serde_json::from_str(&row.options) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// The game's options of a table.
fn game_options(row: &TableRow) -> GameOptions {
    let mut options = stored_options(row);
    options.retain(|k, _| !k.starts_with('_'));
    options
}

/// The user who opened the table.
fn challenger(row: &TableRow) -> String {
    stored_options(row)
        .get("_challenger")
        .and_then(Value::as_str)
        .map(str::to_string)
        .unwrap_or_else(|| row.seats[0].clone())
}

/// The log entry that closes one game of a series and opens the next, with the finished
/// game's points: `=next 3,0`.
const NEXT_GAME: &str = "=next ";

/// What [`App::advance`] played for chance and the droid.
struct Advanced {
    row: TableRow,
    /// The droid's last move (before, action), to highlight.
    last: Option<(String, String)>,
    /// What happened, in order, for the reply.
    said: Vec<String>,
}

/// Whether a table plays several games (a series to N points, or per-point stakes).
fn is_series(row: &TableRow) -> bool {
    row.target > 0 || row.per_point > 0
}

/// The start of game number `game_no` of a table: the first player alternates game by game
/// (DJ-2), through the game's `first` option.
fn game_start(row: &TableRow, game_no: u32) -> Result<Box<dyn DynPlay>, Refusal> {
    let mut options = game_options(row);
    if game_no == 1 {
        let game = games::lookup(&row.game, &options)?;
        return Ok(game.resume(&[&row.start_position])?);
    }
    options.insert(
        "first".into(),
        Value::from((game_no as usize - 1) % row.seats.len()),
    );
    let game = games::lookup(&row.game, &options)?;
    Ok(game.start(row.seats.len())?)
}

/// The verbs of the components a table shows.
const ACCEPT: &str = "accept";
const DECLINE: &str = "decline";
const MOVE: &str = "move";
/// The prefix of a button that plays the action after it (`act-double`).
const ACT: &str = "act-";
const DRAW: &str = "draw";
const REMATCH: &str = "rematch";
const JOIN: &str = "join";
const START: &str = "start";

impl App {
    /// The game in play at a table, from the cache or rebuilt from its action log.
    pub(crate) fn live(&self, row: &TableRow) -> Result<Box<dyn DynPlay>, Refusal> {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((turn, play)) = live.get(&row.id) {
            if *turn == row.turn {
                return Ok(play.clone());
            }
        }
        let mut play = game_start(row, 1)?;
        let mut game_no = 1;
        for entry in self.ledger.actions(row.id)? {
            if entry.seat.is_none() && entry.action.starts_with(NEXT_GAME) {
                game_no += 1;
                play = game_start(row, game_no)?;
            } else {
                play.apply(&entry.action)?;
            }
        }
        live.insert(row.id, (row.turn, play.clone()));
        Ok(play)
    }

    /// A series' progress from its log: the number of the game in play and every seat's
    /// points from the games already finished.
    pub(crate) fn series_state(&self, row: &TableRow) -> Result<(u32, Vec<u32>), Refusal> {
        let mut totals = vec![0u32; row.seats.len()];
        let mut game_no = 1;
        for entry in self.ledger.actions(row.id)? {
            if let Some(points) = entry.action.strip_prefix(NEXT_GAME) {
                if entry.seat.is_none() {
                    game_no += 1;
                    for (total, p) in totals.iter_mut().zip(points.trim().split(',')) {
                        *total += p.trim().parse::<u32>().unwrap_or(0);
                    }
                }
            }
        }
        Ok((game_no, totals))
    }

    fn remember(&self, table: i64, turn: i64, play: &dyn DynPlay) {
        self.live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(table, (turn, play.clone_box()));
    }

    fn active(&self, actor: &Actor) -> Result<TableRow, Refusal> {
        self.ledger
            .active_table(&actor.guild, &actor.channel)?
            .ok_or_else(|| {
                Refusal("There is no table in this channel. Start one with /play.".into())
            })
    }

    fn deadline(&self, guild: &str) -> Result<i64, Refusal> {
        Ok(self.now() + self.ledger.economy(guild)?.move_clock_secs)
    }

    fn seat_names(&self, row: &TableRow) -> Vec<String> {
        row.seats.iter().map(|u| self.name(u)).collect()
    }

    /// A board reply: the image, whose turn it is, and the legal moves as a menu.
    fn board_reply(
        &self,
        row: &TableRow,
        play: &dyn DynPlay,
        last: Option<(String, String)>,
        text: String,
    ) -> Result<Reply, Refusal> {
        let scene = Scene {
            names: self.seat_names(row),
            last_move: last.map(|(before, action)| LastMove {
                action,
                before: Some(before),
            }),
            series: if is_series(row) {
                let (_, totals) = self.series_state(row)?;
                Some(SeriesScore {
                    points: totals,
                    target: row.target.max(0) as u32,
                })
            } else {
                None
            },
            result: match play.status() {
                Status::Over(outcome) => {
                    let position_says = games::lookup(&row.game, &game_options(row))
                        .ok()
                        .and_then(|g| g.resume(&[&play.position()]).ok())
                        .map(|p| matches!(p.status(), Status::Over(_)))
                        .unwrap_or(false);
                    (!position_says).then(|| outcome.reason.clone())
                }
                _ => None,
            },
        };
        // The move is already stored: a board that cannot be drawn must not turn the reply
        // into a refusal, so the reply goes out without it (and the failure is logged).
        let mut reply =
            match render::board_png(&row.game, &game_options(row), &play.position(), &scene) {
                Ok(png) => Reply::public(text)
                    .with_image(format!("table-{}-turn-{}.png", row.id, row.turn), png),
                Err(e) => {
                    tracing::error!(table = row.id, turn = row.turn, error = %e, "board not drawn");
                    Reply::public(format!(
                        "{text}\n(The board image could not be drawn: {e}.)"
                    ))
                }
            };
        if let Status::ToMove(seat) = play.status() {
            if row.seats.get(seat).map(String::as_str) != Some(DROID) {
                let legal = play.legal();
                let words = legal.len() <= 5
                    && legal
                        .iter()
                        .all(|a| !a.is_empty() && a.chars().all(|c| c.is_ascii_lowercase()));
                if words {
                    // Decisions (roll, double, take, drop, pass) are buttons.
                    reply.buttons = legal
                        .iter()
                        .map(|a| Button {
                            label: capitalise(a),
                            custom_id: custom_id(row.id, row.turn, &format!("{ACT}{a}")),
                            style: match a.as_str() {
                                "drop" => Style::Danger,
                                "double" => Style::Secondary,
                                _ => Style::Primary,
                            },
                        })
                        .collect();
                } else if !legal.is_empty() {
                    // The first 25, most natural first; /move takes any of them.
                    let placeholder = if legal.len() > 25 {
                        format!("Choose a move ({} more with /move)", legal.len() - 25)
                    } else {
                        "Choose a move".into()
                    };
                    reply.select = Some(Select {
                        custom_id: custom_id(row.id, row.turn, MOVE),
                        placeholder,
                        choices: legal.into_iter().take(25).collect(),
                    });
                }
            }
        }
        Ok(reply)
    }

    /// The game's note on a step (see [`crate::games::Game::note`]), with names.
    fn note(&self, row: &TableRow, before: &str, after: &str) -> Option<String> {
        let game = games::lookup(&row.game, &game_options(row)).ok()?;
        let mut note = game.note(before, after)?;
        for (seat, user) in row.seats.iter().enumerate().rev() {
            note = note.replace(&format!("@{seat}"), &self.name(user));
        }
        Some(note)
    }

    fn turn_line(&self, row: &TableRow, play: &dyn DynPlay) -> String {
        match play.status() {
            Status::ToMove(seat) => format!("{} to move.", self.name(&row.seats[seat])),
            Status::Chance => "Rolling…".to_string(),
            Status::Over(_) => String::new(),
        }
    }

    /// `/play`: opens a table in this channel.
    pub(crate) fn play(&self, actor: &Actor, args: PlayArgs) -> Outcome {
        let Some(game_id) = registry::canonical_id(&args.game) else {
            return Err(Refusal(format!(
                "Unknown game '{}'. Games: {}.",
                args.game,
                registry::available().join(", ")
            )));
        };
        if let Some(table) = self.ledger.active_table(&actor.guild, &actor.channel)? {
            return Err(Refusal(format!(
                "Table #{} is already active in this channel; finish it (or /resign) first.",
                table.id
            )));
        }
        let mut options: GameOptions = args
            .options
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
            .collect();
        let mut target = args.to.unwrap_or(0) as i64;
        // A game that keeps its own score (a backgammon match) takes `to` as an option.
        let points_option = games::lookup(game_id, &GameOptions::new())?
            .info()
            .points_option;
        if let (Some(option), Some(to)) = (points_option, args.to) {
            options.insert(option.into(), Value::String(to.to_string()));
            target = 0;
        } else if args.to.is_some() && !(1..=99).contains(&target) {
            return Err(Refusal("to must be from 1 to 99 points.".into()));
        }
        let game = games::lookup(game_id, &options)?;
        let info = game.info();
        let per_point = args.per_point.unwrap_or(0);
        if args.per_point.is_some() && !(1..=crate::ledger::MAX_AMOUNT).contains(&per_point) {
            return Err(Refusal(
                "per_point must be a positive number of credits.".into(),
            ));
        }
        if per_point > 0 && args.wager.is_some() {
            return Err(Refusal(
                "Choose a wager or per_point stakes, not both.".into(),
            ));
        }
        let opponent = args.opponent.clone();
        if opponent.as_deref() == Some(actor.user.as_str()) {
            return Err(Refusal("You cannot challenge yourself.".into()));
        }
        if opponent.is_some() && info.min_seats > 2 {
            return Err(Refusal(format!(
                "{} needs more players: open a table without an opponent.",
                info.name
            )));
        }
        self.ledger.open_account(&actor.guild, &actor.user)?;
        let stake = args.wager.unwrap_or(0);
        if stake != 0 {
            let min = self.ledger.economy(&actor.guild)?.min_wager;
            if stake < min {
                return Err(Refusal(format!(
                    "The wager must be at least {min} credits."
                )));
            }
            let balance = self.ledger.balance(&actor.guild, &actor.user)?.credits;
            if balance < stake {
                return Err(Refusal(format!(
                    "You have {balance} credits; the wager is {stake}."
                )));
            }
        }
        let seed = new_seed();
        // An open table seats its creator; the others join (seat order is join order).
        let mut seats: Vec<String> = std::iter::once(actor.user.clone())
            .chain(opponent.clone())
            .collect();
        match args
            .first
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None | Some("me") => {}
            Some("them") if seats.len() == 2 => seats.swap(0, 1),
            Some("random") if seats.len() == 2 => {
                if rng_for(&seed, "seats", 0).random_bool(0.5) {
                    seats.swap(0, 1)
                }
            }
            Some("them") | Some("random") => {
                return Err(Refusal(
                    "first:them and first:random need an opponent.".into(),
                ))
            }
            Some(other) => {
                return Err(Refusal(format!(
                    "first must be me, them or random, not '{other}'"
                )))
            }
        }
        let start = game.start(2)?.position();
        options.retain(|k, _| !k.starts_with('_'));
        options.insert("_challenger".into(), Value::String(actor.user.clone()));
        let seat_refs: Vec<&str> = seats.iter().map(String::as_str).collect();
        let row = self.ledger.create_table(
            &actor.guild,
            &NewTable {
                channel: &actor.channel,
                game: game_id,
                options: &options_json(&options),
                stake,
                per_point,
                target,
                seed: &seed,
                start_position: &start,
                seats: &seat_refs,
                deadline: Some(self.now() + self.settings.challenge_secs),
            },
        )?;
        let mut wager = if stake > 0 {
            format!(" for {stake} credits each")
        } else if per_point > 0 {
            format!(" for {per_point} credits a point")
        } else {
            String::new()
        };
        if target > 0 {
            wager.push_str(&format!(", first to {target} points"));
        }
        let Some(opponent) = opponent else {
            let text = format!(
                "{} opens a {} table{wager} (table #{}): anyone may join ({} to {} players).",
                actor.name, info.name, row.id, info.min_seats, info.max_seats
            );
            return Ok(vec![Reply::public(text).with_button(
                "Join",
                custom_id(row.id, 0, JOIN),
                Style::Success,
            )]);
        };
        if opponent == DROID {
            return self.begin(actor, row);
        }
        let text = format!(
            "{} challenges {} to {}{wager} (table #{}). {}, do you accept?",
            actor.name,
            self.name(&opponent),
            info.name,
            row.id,
            self.name(&opponent)
        );
        Ok(vec![Reply::public(text)
            .with_button("Accept", custom_id(row.id, 0, ACCEPT), Style::Success)
            .with_button(
                "Decline",
                custom_id(row.id, 0, DECLINE),
                Style::Danger,
            )])
    }

    /// Starts an accepted table: stakes into escrow, the commitment shown, the first board.
    fn begin(&self, actor: &Actor, row: TableRow) -> Outcome {
        for user in &row.seats {
            if user != DROID {
                self.ledger.open_account(&actor.guild, user)?;
            }
        }
        let started =
            self.ledger
                .start_table(&actor.guild, row.id, Some(self.deadline(&actor.guild)?))?;
        if started.replayed {
            return Err(Refusal(format!("Table #{} has already started.", row.id)));
        }
        let row = self.ledger.table(row.id)?;
        let mut play = self.live(&row)?;
        let Advanced { row, last, said } = self.advance(&actor.guild, row, &mut play)?;
        let names = self.seat_names(&row);
        let mut text = format!(
            "Table #{}: {} — {} vs {}.",
            row.id,
            games::lookup(&row.game, &GameOptions::new())
                .map(|g| g.info().name)
                .unwrap_or("game"),
            names[0],
            names[1..].join(" vs ")
        );
        if row.stake > 0 {
            text.push_str(&format!(
                " {} credits each in escrow; the winner takes {} and a slot token.",
                row.stake,
                row.stake * row.seats.len() as i64
            ));
        }
        if row.target > 0 {
            text.push_str(&format!(" A series to {} points.", row.target));
        }
        if row.per_point > 0 {
            text.push_str(&format!(
                " After each game the loser pays {} credits a point.",
                row.per_point
            ));
        }
        text.push_str(&format!(
            "\nFairness: SHA-256 of this table's seed is `{}` (revealed at the end; check with /verify).",
            row.seed_commitment
        ));
        if let Status::Over(_) = play.status() {
            return self.game_over(&actor.guild, row, play, last, text);
        }
        text.push('\n');
        for line in said {
            text.push_str(&line);
            text.push(' ');
        }
        text.push_str(&self.turn_line(&row, play.as_ref()));
        Ok(vec![self.board_reply(&row, play.as_ref(), last, text)?])
    }

    /// Plays chance events and the droid's moves until a human is to move or the game ends,
    /// storing each in the log. Returns the updated row and the last action with the position
    /// before it.
    fn advance(
        &self,
        guild: &str,
        mut row: TableRow,
        play: &mut Box<dyn DynPlay>,
    ) -> Result<Advanced, Refusal> {
        let mut last = None;
        let mut said = Vec::new();
        for _ in 0..10_000 {
            let seq = row.turn + 1;
            let (seat, action) = match play.status() {
                Status::Chance => {
                    let mut rng = rng_for(&self.ledger.table_seed(row.id)?, "chance", seq);
                    let action = play
                        .sample_chance(&mut rng)
                        .ok_or_else(|| Refusal("a chance node without outcomes".into()))?;
                    (None, action)
                }
                Status::ToMove(seat) if row.seats[seat] == DROID => {
                    let legal = play.legal();
                    let mut rng = rng_for(&self.ledger.table_seed(row.id)?, "droid", seq);
                    let pick = legal[rng.random_range(0..legal.len())].clone();
                    (Some(seat as i64), pick)
                }
                _ => break,
            };
            let before = play.position();
            let canonical = play.apply(&action)?;
            self.ledger.record_action(
                row.id,
                seq,
                &LoggedAction {
                    seq,
                    seat,
                    action: canonical.clone(),
                },
                &play.position(),
                Some(self.deadline(guild)?),
            )?;
            row.turn = seq;
            self.remember(row.id, seq, play.as_ref());
            let note = self.note(&row, &before, &play.position());
            match seat {
                // Chance (dice): said, but the board keeps highlighting the last move.
                None => said.push(format!("🎲 {canonical}.")),
                Some(_) => {
                    said.push(format!("Droid plays {canonical}."));
                    last = Some((before, canonical));
                }
            }
            said.extend(note);
        }
        Ok(Advanced { row, last, said })
    }

    /// A game has ended: in a series, its points count and the next game starts unless the
    /// series is decided; otherwise (or then) the table is settled.
    fn game_over(
        &self,
        guild: &str,
        row: TableRow,
        play: Box<dyn DynPlay>,
        last: Option<(String, String)>,
        mut text: String,
    ) -> Outcome {
        let Status::Over(outcome) = play.status() else {
            return Err(Refusal("the game is not over".into()));
        };
        if !is_series(&row) {
            return self.settle(guild, row, play, last, text, outcome.points.clone());
        }
        let (game_no, mut totals) = self.series_state(&row)?;
        for (total, p) in totals.iter_mut().zip(&outcome.points) {
            *total += p;
        }
        let names = self.seat_names(&row);
        let score = crate::games::score_line(&outcome.points);
        if !text.is_empty() {
            text.push('\n');
        }
        match outcome.winner() {
            Some(seat) => text.push_str(&format!(
                "Game {game_no}: {} wins — {} ({score}).",
                names[seat], outcome.reason
            )),
            None => text.push_str(&format!(
                "Game {game_no}: draw — {} ({score}).",
                outcome.reason
            )),
        }
        let mut exhausted = false;
        if let (true, Some(winner)) = (row.per_point > 0, outcome.winner()) {
            let loser = (winner + 1) % row.seats.len();
            let paid = self.ledger.pay_points(
                guild,
                row.id,
                game_no,
                &row.seats[loser],
                &row.seats[winner],
                outcome.points[winner],
            )?;
            text.push_str(&format!(
                " {} pays {} {} credits.",
                names[loser], names[winner], paid.value.paid
            ));
            if paid.value.exhausted {
                text.push_str(&format!(
                    " {} cannot pay any more: the series ends.",
                    names[loser]
                ));
                exhausted = true;
            }
        }
        let best = totals.iter().copied().max().unwrap_or(0);
        let leaders = totals.iter().filter(|&&t| t == best).count();
        let decided = row.target > 0 && best as i64 >= row.target && leaders == 1;
        let single = row.target == 0;
        text.push_str(&format!(" Series: {}.", crate::games::score_line(&totals)));
        if decided || exhausted || single {
            return self.settle(guild, row, play, last, text, totals);
        }
        // The next game of the series.
        let seq = row.turn + 1;
        let marker = format!(
            "{NEXT_GAME}{}",
            outcome
                .points
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",")
        );
        let mut next = game_start(&row, game_no + 1)?;
        self.ledger.record_action(
            row.id,
            seq,
            &LoggedAction {
                seq,
                seat: None,
                action: marker,
            },
            &next.position(),
            Some(self.deadline(guild)?),
        )?;
        let mut row = row;
        row.turn = seq;
        self.remember(row.id, seq, next.as_ref());
        let Advanced {
            row,
            last: droid_last,
            said,
        } = self.advance(guild, row, &mut next)?;
        text.push_str(&format!("\nGame {}: ", game_no + 1));
        for line in said {
            text.push_str(&line);
            text.push(' ');
        }
        text.push_str(&self.turn_line(&row, next.as_ref()));
        Ok(vec![self.board_reply(
            &row,
            next.as_ref(),
            droid_last,
            text,
        )?])
    }

    /// Settles the table with every seat's points: the pot, the result, the seed revealed,
    /// a rematch button.
    fn settle(
        &self,
        guild: &str,
        row: TableRow,
        play: Box<dyn DynPlay>,
        last: Option<(String, String)>,
        mut text: String,
        points: Vec<u32>,
    ) -> Outcome {
        let reason = match play.status() {
            Status::Over(outcome) => outcome.reason,
            _ => "ended".to_string(),
        };
        let settled = self.ledger.finish_table(
            guild,
            row.id,
            &points,
            &play.position(),
            &serde_json::json!({"points": points, "reason": reason}).to_string(),
        )?;
        let row = self.ledger.table(row.id)?;
        let names = self.seat_names(&row);
        let score = crate::games::score_line(&points);
        if !text.is_empty() {
            text.push('\n');
        }
        let what = if is_series(&row) { "the series" } else { "" };
        match settled.value.winners.as_slice() {
            [seat] if is_series(&row) => {
                text.push_str(&format!("**{} wins {what}** ({score}).", names[*seat]))
            }
            [seat] => text.push_str(&format!("**{} wins** — {reason} ({score}).", names[*seat])),
            _ if is_series(&row) => text.push_str(&format!("**The series is drawn** ({score}).")),
            _ => text.push_str(&format!("**Draw** — {reason} ({score}).")),
        }
        let s = &settled.value;
        for (seat, paid) in s.payouts.iter().enumerate() {
            if *paid > 0 && row.seats[seat] != DROID {
                text.push_str(&format!(" {} receives {paid} credits.", names[seat]));
            }
        }
        if let Some(seat) = s.token_to {
            text.push_str(&format!(" {} wins a slot token.", names[seat]));
        }
        if let Some(seed) = &row.seed {
            text.push_str(&format!(
                "\nSeed revealed: `{seed}` — check every roll with /verify."
            ));
        }
        Ok(vec![self
            .board_reply(&row, play.as_ref(), last, text)?
            .with_button(
                "Rematch",
                custom_id(row.id, row.turn, REMATCH),
                Style::Primary,
            )])
    }

    /// A seat concedes the table (resignation, timeout): in a series, the whole series.
    fn concede(
        &self,
        guild: &str,
        row: TableRow,
        mut play: Box<dyn DynPlay>,
        seat: usize,
        text: String,
    ) -> Outcome {
        play.forfeit(seat)?;
        if !is_series(&row) {
            return self.game_over(guild, row, play, None, text);
        }
        let (_, mut totals) = self.series_state(&row)?;
        totals[seat] = 0;
        for (other, total) in totals.iter_mut().enumerate() {
            if other != seat && *total == 0 {
                *total = 1;
            }
        }
        self.settle(guild, row, play, None, text, totals)
    }

    /// `/move` (and a choice from the move menu): one action for the actor.
    pub(crate) fn play_action(&self, actor: &Actor, text: &str, turn: Option<i64>) -> Outcome {
        let row = self.active(actor)?;
        if row.status != "playing" {
            return Err(Refusal(format!("Table #{} has not started yet.", row.id)));
        }
        if let Some(turn) = turn {
            if turn != row.turn {
                return Err(Refusal(
                    "That menu is out of date: the board has changed.".into(),
                ));
            }
        }
        let Some(my_seats) = Some(
            row.seats
                .iter()
                .enumerate()
                .filter(|(_, u)| **u == actor.user)
                .map(|(s, _)| s)
                .collect::<Vec<_>>(),
        )
        .filter(|s| !s.is_empty()) else {
            return Err(Refusal("You are not playing at this table.".into()));
        };
        let mut play = self.live(&row)?;
        let seat = match play.status() {
            Status::ToMove(seat) => seat,
            _ => return Err(Refusal("The game is not waiting for a move.".into())),
        };
        if !my_seats.contains(&seat) {
            return Err(Refusal(format!(
                "It is {}'s turn, not yours.",
                self.name(&row.seats[seat])
            )));
        }
        let before = play.position();
        let canonical = play.apply(text)?;
        let note = self.note(&row, &before, &play.position());
        let seq = row.turn + 1;
        self.ledger.record_action(
            row.id,
            seq,
            &LoggedAction {
                seq,
                seat: Some(seat as i64),
                action: canonical.clone(),
            },
            &play.position(),
            Some(self.deadline(&actor.guild)?),
        )?;
        self.offers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&row.id);
        let mut row = row;
        row.turn = seq;
        self.remember(row.id, seq, play.as_ref());
        let mover = self.name(&row.seats[seat]);
        let Advanced {
            row,
            last: droid_last,
            said,
        } = self.advance(&actor.guild, row, &mut play)?;
        let mut text = format!("{mover} plays {canonical}.");
        if let Some(note) = note {
            text.push(' ');
            text.push_str(&note);
        }
        for line in said {
            text.push(' ');
            text.push_str(&line);
        }
        let last = droid_last.or(Some((before, canonical)));
        if let Status::Over(_) = play.status() {
            return self.game_over(&actor.guild, row, play, last, text);
        }
        text.push(' ');
        text.push_str(&self.turn_line(&row, play.as_ref()));
        Ok(vec![self.board_reply(&row, play.as_ref(), last, text)?])
    }

    /// `/board`: the current board again.
    pub(crate) fn board(&self, actor: &Actor) -> Outcome {
        let row = self.active(actor)?;
        let play = self.live(&row)?;
        let text = format!("Table #{}. {}", row.id, self.turn_line(&row, play.as_ref()));
        Ok(vec![self.board_reply(&row, play.as_ref(), None, text)?])
    }

    /// `/resign`: concedes the table (a challenger withdraws an unanswered challenge).
    pub(crate) fn resign(&self, actor: &Actor) -> Outcome {
        let row = self.active(actor)?;
        let Some(seat) = row.seats.iter().position(|u| *u == actor.user) else {
            return Err(Refusal("You are not playing at this table.".into()));
        };
        if row.status == "open" {
            self.ledger
                .cancel_table(&actor.guild, row.id, "withdrawn")?;
            return Ok(vec![Reply::public(format!(
                "{} withdraws the challenge (table #{}).",
                actor.name, row.id
            ))]);
        }
        let play = self.live(&row)?;
        let text = format!("{} resigns.", actor.name);
        self.concede(&actor.guild, row, play, seat, text)
    }

    /// `/draw`: offers a draw; the opponent accepts with a button.
    pub(crate) fn offer_draw(&self, actor: &Actor) -> Outcome {
        let row = self.active(actor)?;
        let Some(seat) = row.seats.iter().position(|u| *u == actor.user) else {
            return Err(Refusal("You are not playing at this table.".into()));
        };
        if row.status != "playing" {
            return Err(Refusal("The table has not started.".into()));
        }
        let info = games::lookup(&row.game, &game_options(&row))?.info();
        if !info.draws {
            return Err(Refusal(format!(
                "{} has no draws: play on, or concede with /resign.",
                info.name
            )));
        }
        self.offers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(row.id, seat);
        Ok(vec![Reply::public(format!(
            "{} offers a draw.",
            actor.name
        ))
        .with_button(
            "Accept draw",
            custom_id(row.id, row.turn, DRAW),
            Style::Secondary,
        )])
    }

    /// A button press.
    pub(crate) fn press(&self, actor: &Actor, id: &str) -> Outcome {
        let Some((table, turn, verb)) = parse_custom_id(id) else {
            return Err(Refusal("That button is not Holotable's.".into()));
        };
        let row = self.ledger.table(table)?;
        if row.guild != actor.guild {
            return Err(Refusal("That button belongs to another server.".into()));
        }
        if let Some(action) = verb.strip_prefix(ACT) {
            if self.active(actor)?.id != table {
                return Err(Refusal("That button is out of date.".into()));
            }
            return self.play_action(actor, action, Some(turn));
        }
        match verb.as_str() {
            ACCEPT | DECLINE => {
                let challenger = challenger(&row);
                if actor.user == challenger || !row.seats.contains(&actor.user) {
                    let invited = row
                        .seats
                        .iter()
                        .filter(|u| **u != challenger)
                        .map(|u| self.name(u))
                        .collect::<Vec<_>>()
                        .join(" or ");
                    return Err(Refusal(format!(
                        "Only {invited} can answer this challenge."
                    )));
                }
                if row.status != "open" {
                    return Err(Refusal(format!(
                        "This challenge was already answered (table #{} is {}).",
                        row.id, row.status
                    )));
                }
                if verb == DECLINE {
                    self.ledger.cancel_table(&actor.guild, row.id, "declined")?;
                    return Ok(vec![Reply::public(format!(
                        "{} declines the challenge.",
                        actor.name
                    ))]);
                }
                self.begin(actor, row)
            }
            DRAW => {
                if row.status != "playing" || turn != row.turn {
                    return Err(Refusal("That draw offer is out of date.".into()));
                }
                let offered_by = self
                    .offers
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get(&row.id)
                    .copied();
                let Some(offerer) = offered_by else {
                    return Err(Refusal("That draw offer is no longer open.".into()));
                };
                let Some(seat) = row.seats.iter().position(|u| *u == actor.user) else {
                    return Err(Refusal("You are not playing at this table.".into()));
                };
                if seat == offerer {
                    return Err(Refusal("Your opponent must accept your offer.".into()));
                }
                self.offers
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&row.id);
                let mut play = self.live(&row)?;
                play.agree_end()?;
                self.game_over(
                    &actor.guild,
                    row,
                    play,
                    None,
                    "The players agree to a draw.".into(),
                )
            }
            REMATCH => {
                if !row.seats.contains(&actor.user) {
                    return Err(Refusal("Only the players can ask for a rematch.".into()));
                }
                let opponent = row.seats.iter().find(|u| **u != actor.user).cloned();
                let options: std::collections::BTreeMap<String, String> = game_options(&row)
                    .into_iter()
                    .map(|(k, v)| {
                        (
                            k,
                            v.as_str()
                                .map(str::to_string)
                                .unwrap_or_else(|| v.to_string()),
                        )
                    })
                    .collect();
                self.play(
                    actor,
                    PlayArgs {
                        game: row.game.clone(),
                        opponent,
                        wager: (row.stake > 0).then_some(row.stake),
                        options,
                        ..PlayArgs::default()
                    },
                )
            }
            JOIN => {
                if row.status != "open" {
                    return Err(Refusal(format!("Table #{} has already started.", row.id)));
                }
                if row.seats.contains(&actor.user) {
                    return Err(Refusal("You already have a seat at this table.".into()));
                }
                let info = games::lookup(&row.game, &game_options(&row))?.info();
                if row.seats.len() >= info.max_seats {
                    return Err(Refusal("This table is full.".into()));
                }
                if row.stake > 0 {
                    self.ledger.open_account(&actor.guild, &actor.user)?;
                    let credits = self.ledger.balance(&actor.guild, &actor.user)?.credits;
                    if credits < row.stake {
                        return Err(Refusal(format!(
                            "You have {credits} credits; the wager is {}.",
                            row.stake
                        )));
                    }
                }
                let row = self.ledger.add_seat(row.id, &actor.user)?;
                if row.seats.len() == info.max_seats {
                    return self.begin(actor, row);
                }
                let mut reply = Reply::public(format!(
                    "{} joins table #{} ({}/{} seats).",
                    actor.name,
                    row.id,
                    row.seats.len(),
                    info.max_seats
                ))
                .with_button("Join", custom_id(row.id, 0, JOIN), Style::Success);
                if row.seats.len() >= info.min_seats {
                    reply = reply.with_button("Start", custom_id(row.id, 0, START), Style::Primary);
                }
                Ok(vec![reply])
            }
            START => {
                if challenger(&row) != actor.user {
                    return Err(Refusal("Only the table's creator can start it.".into()));
                }
                if row.status != "open" {
                    return Err(Refusal(format!("Table #{} has already started.", row.id)));
                }
                let info = games::lookup(&row.game, &game_options(&row))?.info();
                if row.seats.len() < info.min_seats {
                    return Err(Refusal(format!(
                        "{} needs at least {} players.",
                        info.name, info.min_seats
                    )));
                }
                self.begin(actor, row)
            }
            MOVE => Err(Refusal("Choose a move from the menu.".into())),
            other => Err(Refusal(format!("Unknown button '{other}'."))),
        }
    }

    /// A choice from a select menu.
    pub(crate) fn pick(&self, actor: &Actor, id: &str, value: &str) -> Outcome {
        let Some((table, turn, verb)) = parse_custom_id(id) else {
            return Err(Refusal("That menu is not Holotable's.".into()));
        };
        let row = self.active(actor)?;
        if row.id != table || verb != MOVE {
            return Err(Refusal("That menu is out of date.".into()));
        }
        self.play_action(actor, value, Some(turn))
    }

    /// Autocomplete for `/move action`: legal actions matching what was typed, best first.
    pub fn autocomplete(&self, actor: &Actor, typed: &str) -> Vec<String> {
        let Ok(Some(row)) = self.ledger.active_table(&actor.guild, &actor.channel) else {
            return Vec::new();
        };
        let Ok(play) = self.live(&row) else {
            return Vec::new();
        };
        match play.status() {
            Status::ToMove(seat) if row.seats.get(seat) == Some(&actor.user) => {}
            _ => return Vec::new(),
        }
        let squash = |s: &str| {
            s.chars()
                .filter(|c| !c.is_whitespace() && *c != '-')
                .flat_map(char::to_lowercase)
                .collect::<String>()
        };
        // Every word typed must appear in the action, in any order (`13/9 24/18` finds
        // `24/18 13/9`); actions starting with what was typed come first.
        let words: Vec<String> = typed.split_whitespace().map(squash).collect();
        let whole = squash(typed);
        let legal = play.legal();
        let matches = |a: &str| {
            let a = squash(a);
            words.iter().all(|w| a.contains(w.as_str()))
        };
        let mut prefixed: Vec<String> = legal
            .iter()
            .filter(|a| squash(a).starts_with(&whole) && matches(a))
            .cloned()
            .collect();
        let containing = legal
            .iter()
            .filter(|a| !squash(a).starts_with(&whole) && matches(a))
            .cloned();
        prefixed.extend(containing);
        prefixed.truncate(25);
        prefixed
    }

    /// Clocks: warns the player to move when a quarter of the time is left, ends tables whose
    /// player to move ran out of time (a loss by timeout) and cancels expired challenges.
    /// Returns (guild, channel, reply) for each event.
    pub fn tick(&self) -> Vec<(String, String, Reply)> {
        let now = self.now();
        let mut out = Vec::new();
        let Ok(tables) = self.ledger.active_tables() else {
            return out;
        };
        for row in tables {
            let Some(deadline) = row.deadline else {
                continue;
            };
            let (guild, channel) = (row.guild.clone(), row.channel.clone());
            if row.status == "open" {
                if now >= deadline && self.ledger.cancel_table(&guild, row.id, "expired").is_ok() {
                    out.push((
                        guild,
                        channel,
                        Reply::public(format!("The challenge of table #{} expired.", row.id)),
                    ));
                }
                continue;
            }
            let Ok(play) = self.live(&row) else {
                continue;
            };
            let Status::ToMove(seat) = play.status() else {
                continue;
            };
            let clock = self
                .ledger
                .economy(&guild)
                .map(|e| e.move_clock_secs)
                .unwrap_or(86_400);
            if now >= deadline {
                let who = self.name(&row.seats[seat]);
                let text = format!("{who} ran out of time.");
                if let Ok(replies) = self.concede(&guild, row, play, seat, text) {
                    out.extend(
                        replies
                            .into_iter()
                            .map(|r| (guild.clone(), channel.clone(), r)),
                    );
                }
            } else if deadline - now <= clock / 4
                && self
                    .warned
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert((row.id, row.turn))
            {
                let hours = (deadline - now) as f64 / 3600.0;
                out.push((
                    guild,
                    channel,
                    Reply::public(format!(
                        "{}, a quarter of your time is left at table #{} ({hours:.1} h).",
                        self.name(&row.seats[seat]),
                        row.id
                    )),
                ));
            }
        }
        out
    }

    fn table_for(&self, actor: &Actor, table: Option<i64>) -> Result<TableRow, Refusal> {
        let row = match table {
            Some(id) => self.ledger.table(id)?,
            None => self
                .ledger
                .last_table(&actor.guild, &actor.channel)?
                .ok_or_else(|| Refusal("No table has been played in this channel.".into()))?,
        };
        if row.guild != actor.guild {
            return Err(Refusal(format!("no table {}", row.id)));
        }
        Ok(row)
    }

    /// `/verify`: recomputes every chance event and droid choice of an ended table from its
    /// revealed seed, and checks the seed against the commitment shown at the start.
    pub(crate) fn verify(&self, actor: &Actor, table: Option<i64>) -> Outcome {
        let row = self.table_for(actor, table)?;
        let Some(seed) = row.seed.clone() else {
            return Err(Refusal(format!(
                "Table #{} is still playing: its seed is revealed when it ends. Commitment: `{}`.",
                row.id, row.seed_commitment
            )));
        };
        let commitment_ok = crate::ledger::accounts::commitment(&seed) == row.seed_commitment;
        let mut play = game_start(&row, 1)?;
        let mut game_no = 1;
        let (mut chance, mut droid) = (0, 0);
        let mut problems = Vec::new();
        for entry in self.ledger.actions(row.id)? {
            if entry.seat.is_none() && entry.action.starts_with(NEXT_GAME) {
                game_no += 1;
                play = game_start(&row, game_no)?;
                continue;
            }
            let expected = match entry.seat {
                None => {
                    chance += 1;
                    play.sample_chance(&mut rng_for(&seed, "chance", entry.seq))
                }
                Some(seat) if row.seats.get(seat as usize).map(String::as_str) == Some(DROID) => {
                    droid += 1;
                    let legal = play.legal();
                    let pick =
                        rng_for(&seed, "droid", entry.seq).random_range(0..legal.len().max(1));
                    legal.get(pick).cloned()
                }
                Some(_) => Some(entry.action.clone()),
            };
            if expected.as_deref() != Some(entry.action.as_str()) {
                problems.push(format!(
                    "action {}: logged {}, the seed gives {:?}",
                    entry.seq, entry.action, expected
                ));
            }
            if let Err(e) = play.apply(&entry.action) {
                problems.push(format!("action {}: {e}", entry.seq));
                break;
            }
        }
        let text = if commitment_ok && problems.is_empty() {
            format!(
                "Table #{} verified: SHA-256(`{seed}`) = `{}`, the commitment shown at the start; \
                 {chance} chance events and {droid} droid moves recomputed from the seed, all as played.",
                row.id, row.seed_commitment
            )
        } else {
            format!(
                "Table #{} FAILED verification: commitment {}; {}",
                row.id,
                if commitment_ok {
                    "matches"
                } else {
                    "does NOT match"
                },
                problems.join("; ")
            )
        };
        Ok(vec![Reply::public(text)])
    }

    /// `/rules`: a summary with a picture of the start position.
    pub(crate) fn rules(&self, game: &str) -> Outcome {
        match registry::canonical_id(game) {
            Some("dejarik") => {
                let g = games::lookup("dejarik", &GameOptions::new())?;
                let start = g.start(2)?.position();
                let png =
                    render::board_png("dejarik", &GameOptions::new(), &start, &Scene::default())?;
                Ok(vec![
                    Reply::public(DEJARIK_RULES).with_image("dejarik-rules.png".into(), png)
                ])
            }
            Some("backgammon") => {
                let g = games::lookup("backgammon", &GameOptions::new())?;
                let mut start = g.start(2)?;
                start.apply("roll 3 1")?;
                let png = render::board_png(
                    "backgammon",
                    &GameOptions::new(),
                    &start.position(),
                    &Scene::default(),
                )?;
                Ok(vec![
                    Reply::public(BACKGAMMON_RULES).with_image("backgammon-rules.png".into(), png)
                ])
            }
            Some(other) => Err(Refusal(format!(
                "The rules of '{other}' are not available yet."
            ))),
            None => Err(Refusal(format!("Unknown game '{game}'."))),
        }
    }

    /// `/replay`: an animated GIF of a table's game.
    pub(crate) fn replay(&self, actor: &Actor, table: Option<i64>) -> Outcome {
        let row = self.table_for(actor, table)?;
        // The last game of the table (a series replays its latest game).
        let mut actions = Vec::new();
        let mut game_no = 1;
        for entry in self.ledger.actions(row.id)? {
            if entry.seat.is_none() && entry.action.starts_with(NEXT_GAME) {
                game_no += 1;
                actions.clear();
            } else {
                actions.push(entry.action);
            }
        }
        let start = game_start(&row, game_no)?;
        let mut options = game_options(&row);
        if game_no > 1 {
            options.insert(
                "first".into(),
                Value::from((game_no as usize - 1) % row.seats.len()),
            );
        }
        let gif = render::replay_gif(
            &row.game,
            &options,
            &start.position(),
            &actions,
            &self.seat_names(&row),
        )?;
        Ok(vec![Reply::public(format!(
            "Replay of table #{} ({} moves).",
            row.id,
            actions.len()
        ))
        .with_image(format!("table-{}-replay.gif", row.id), gif)])
    }

    /// `/admin end`: ends a stuck table with a refund.
    pub(crate) fn admin_end(&self, actor: &Actor, table: Option<i64>) -> Outcome {
        if !actor.admin {
            return Err(Refusal("/admin needs the Manage Server permission.".into()));
        }
        let row = match table {
            Some(id) => self.ledger.table(id)?,
            None => self.active(actor)?,
        };
        self.ledger
            .cancel_table(&actor.guild, row.id, "ended by an admin")?;
        Ok(vec![Reply::public(format!(
            "Table #{} was ended by an admin; every stake was refunded.",
            row.id
        ))])
    }
}
