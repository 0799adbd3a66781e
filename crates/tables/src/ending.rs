//! The end of a game and of a table: series going on to their next game, settlement with
//! the pot and the revealed seed, resignations and timeouts (which at a table of three or
//! four remove one player), draws by agreement, and an admin's end.

use super::log::{Leaving, LogEntry, Progress};
use super::replies::Control;
use super::view::{is_series, Last};
use super::{Actor, App, Outcome, Refusal, Reply, Style};
use crate::call::{Call, Cx};
use crate::games::{score_line, Status};
use crate::ledger::earnings::{Earning, NoToken};
use crate::ledger::tables::{TableRow, TableStatus};
use crate::ledger::DROID;
use crate::play::Tables;
use crate::Event;
use crate::{label, t};

/// The verbs of the components the end of a table shows.
pub(crate) const DRAW: &str = "draw";
pub(crate) const REMATCH: &str = "rematch";

/// The offer kind of a draw by agreement, in the ledger's offers.
const DRAW_OFFER: &str = "draw";

impl Tables<'_> {
    /// A game has ended: in a series, its points count and the next game starts unless the
    /// series is decided; otherwise (or then) the table is settled.
    pub(crate) fn game_over(
        &self,
        cx: Cx<'_>,
        guild: &str,
        mut row: TableRow,
        mut progress: Progress,
        last: Last,
        mut text: String,
    ) -> Outcome {
        let Cx { lang, call } = cx;
        let Status::Over(outcome) = progress.play.status() else {
            return Err(Refusal::Said(t!(lang, "error-not-over")));
        };
        self.keep_legacy(guild, &row, &progress)?;
        if !is_series(&row) {
            return self.settle(
                call.cx(lang),
                row,
                progress,
                last,
                text,
                outcome.points.clone(),
            );
        }
        let mut totals = progress.totals.clone();
        for (total, p) in totals.iter_mut().zip(&outcome.points) {
            *total += p;
        }
        let names = self.seat_names(&row);
        let game_no = progress.game_no;
        let score = score_line(&outcome.points);
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&match outcome.winner() {
            Some(seat) => t!(
                lang,
                "series-game-won",
                game = game_no,
                who = &names[seat],
                reason = self.reason(lang, &row, &outcome),
                score = &score
            ),
            None => t!(
                lang,
                "series-game-drawn",
                game = game_no,
                reason = self.reason(lang, &row, &outcome),
                score = &score
            ),
        });
        let mut exhausted = false;
        if let (true, Some(winner)) = (row.per_point > 0, outcome.winner()) {
            let points = outcome.points[winner];
            exhausted = self.pay_per_point(lang, &row, game_no, winner, points, &mut text)?;
        }
        let best = totals.iter().copied().max().unwrap_or(0);
        let leaders = totals.iter().filter(|&&t| t == best).count();
        let decided = row.target > 0 && best as i64 >= row.target && leaders == 1;
        text.push(' ');
        text.push_str(&t!(lang, "series-score", score = score_line(&totals)));
        if decided || exhausted || row.target == 0 {
            return self.settle(call.cx(lang), row, progress, last, text, totals);
        }
        let rests = progress.play.rests_after();
        let marker = LogEntry::NextGame(outcome.points.clone());
        self.record_entry(call, &mut row, &mut progress, marker)?;
        if rests {
            self.rest(call.cx(lang), guild, &mut row, &mut progress, &mut text)?;
        }
        let advanced = self.advance(call.cx(lang), &mut row, &mut progress)?;
        text.push('\n');
        text.push_str(&t!(lang, "series-next", game = progress.game_no));
        text.push(' ');
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

    /// Per-point stakes after game `game_no` of a two-player series: the loser pays the
    /// winner for `points`. Returns whether the loser cannot pay any more.
    fn pay_per_point(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        game_no: u32,
        winner: usize,
        points: u32,
        text: &mut String,
    ) -> Result<bool, Refusal> {
        let loser = (winner + 1) % row.seats.len();
        let names = self.seat_names(row);
        let paid = self.app.ledger.pay_points(
            &row.guild,
            row.id,
            game_no,
            &row.seats[loser],
            &row.seats[winner],
            points,
        )?;
        text.push(' ');
        text.push_str(&t!(
            lang,
            "per-point-paid",
            loser = &names[loser],
            winner = &names[winner],
            amount = paid.value.paid
        ));
        if paid.value.exhausted {
            text.push(' ');
            text.push_str(&t!(lang, "per-point-exhausted", loser = &names[loser]));
        }
        Ok(paid.value.exhausted)
    }

    /// Stores what the game that just ended leaves for the channel's next game of it
    /// (`GameInfo::legacy`: D-Zone's steel).
    fn keep_legacy(&self, guild: &str, row: &TableRow, progress: &Progress) -> Result<(), Refusal> {
        let entry = self.app.entry(row)?;
        if entry.info.legacy.is_some() {
            if let Some(value) = progress.play.legacy() {
                self.app
                    .ledger
                    .set_legacy(guild, &row.channel, entry.info.id, &value)?;
            }
        }
        Ok(())
    }

    /// Settles the table with every seat's points (seats that left score nothing): the pot,
    /// the result, the seed revealed, a rematch button.
    pub(crate) fn settle(
        &self,
        cx: Cx<'_>,
        row: TableRow,
        progress: Progress,
        last: Last,
        mut text: String,
        mut points: Vec<u32>,
    ) -> Outcome {
        let Cx { lang, call } = cx;
        let guild = &row.guild.clone();
        for &seat in &progress.gone {
            points[seat] = 0;
        }
        let (reason, told) = match progress.play.status() {
            Status::Over(outcome) => (outcome.reason.clone(), self.reason(lang, &row, &outcome)),
            _ => ("ended".to_string(), t!(lang, "game-ended")),
        };
        let earning = Earning {
            day: self.app.now().div_euclid(86_400),
            loser_actions: self.app.entry(&row)?.info.token_actions,
        };
        let settled = self.app.ledger.finish_table_on(
            guild,
            row.id,
            &points,
            &progress.play.position(),
            &serde_json::json!({"points": points, "reason": reason}).to_string(),
            &earning,
        )?;
        let settled = App::first_ending(lang, row.id, settled)?;
        self.app.forget(call, row.id);
        let row = self.app.ledger.table(row.id)?;
        let names = self.seat_names(&row);
        let score = score_line(&points);
        if !text.is_empty() {
            text.push('\n');
        }
        let series = is_series(&row);
        text.push_str(&match settled.winners.as_slice() {
            [seat] if series => t!(
                lang,
                "settle-series-won",
                who = &names[*seat],
                score = &score
            ),
            [seat] => t!(
                lang,
                "settle-won",
                who = &names[*seat],
                reason = &told,
                score = &score
            ),
            _ if series => t!(lang, "settle-series-drawn", score = &score),
            _ => t!(lang, "settle-drawn", reason = &told, score = &score),
        });
        let s = &settled;
        for (seat, paid) in s.payouts.iter().enumerate() {
            if *paid > 0 && row.seats[seat] != DROID {
                text.push(' ');
                text.push_str(&t!(lang, "settle-paid", who = &names[seat], amount = *paid));
            }
        }
        if let Some(seat) = s.token_to {
            text.push(' ');
            text.push_str(&t!(lang, "settle-token", who = &names[seat]));
        }
        if let (Some(why), [seat]) = (s.no_token, s.winners.as_slice()) {
            text.push(' ');
            text.push_str(&match why {
                NoToken::TooShort { needed } => {
                    t!(
                        lang,
                        "settle-no-token-short",
                        who = &names[*seat],
                        actions = needed
                    )
                }
                NoToken::PairLimit { limit } => {
                    t!(
                        lang,
                        "settle-no-token-pair",
                        who = &names[*seat],
                        limit = limit
                    )
                }
            });
        }
        let mut text = self.app.side_bets().with(lang, &row, s, text);
        if let Some(seed) = &row.seed {
            text.push('\n');
            text.push_str(&t!(lang, "settle-seed", seed = seed));
        }
        let board = self
            .board_reply(lang, &row, &progress, last, text)?
            .with_event(Event::Settled {
                table: row.id,
                winners: s.winners.clone(),
                points,
                payouts: s.payouts.clone(),
                token: s.token_to,
            });
        let Some(tournament) = row.tournament else {
            return Ok(vec![board
                .with_button(
                    label!("button-rematch"),
                    Control::new(row.id, row.turn, REMATCH),
                    Style::Primary,
                )
                .closing()]);
        };
        // A tournament's table: no rematch, and the tournament moves on at once.
        let mut replies = vec![board];
        replies.extend(
            self.app
                .tournaments()
                .after_table(call.cx(lang), tournament),
        );
        Ok(replies)
    }

    /// A seat gives up (by resigning or on its clock). At a table of three or more players still
    /// in, that player leaves and the game goes on among the others (stored as an action);
    /// otherwise the seat concedes the table: a single game by the game's forfeit, a series
    /// as a whole, with a per-point game in progress paid at its full value.
    pub(crate) fn concede(
        &self,
        cx: Cx<'_>,
        mut row: TableRow,
        mut progress: Progress,
        seat: usize,
        why: Leaving,
        mut text: String,
    ) -> Outcome {
        let Cx { lang, call } = cx;
        let guild = &row.guild.clone();
        if progress.remaining().len() > 2 {
            let leave = LogEntry::Leave { seat, why };
            self.record_entry(call, &mut row, &mut progress, leave)?;
            if let Status::Over(_) = progress.play.status() {
                return self.game_over(call.cx(lang), guild, row, progress, None, text);
            }
            text.push(' ');
            text.push_str(&t!(
                lang,
                "leave-goes-on",
                who = self.app.name(&row.guild, &row.seats[seat])
            ));
            let advanced = self.advance(call.cx(lang), &mut row, &mut progress)?;
            for line in advanced.said {
                text.push(' ');
                text.push_str(&line);
            }
            return self.after_turn(call.cx(lang), guild, row, progress, advanced.last, text);
        }
        let full_value = progress.play.full_value();
        progress.play.forfeit(seat)?;
        if !is_series(&row) {
            return self.game_over(call.cx(lang), guild, row, progress, None, text);
        }
        let winner = progress
            .remaining()
            .into_iter()
            .find(|&s| s != seat)
            .unwrap_or(seat);
        if row.per_point > 0 && winner != seat {
            text.push(' ');
            text.push_str(&t!(lang, "per-point-full-value", points = full_value));
            self.pay_per_point(lang, &row, progress.game_no, winner, full_value, &mut text)?;
        }
        // The conceding seat scores nothing; the winner's tally counts the game in
        // progress at its full value in a per-point series (as it is paid), and is at least
        // one point otherwise.
        let mut totals = progress.totals.clone();
        totals[seat] = 0;
        if row.per_point > 0 && winner != seat {
            totals[winner] += full_value;
        }
        totals[winner] = totals[winner].max(1);
        self.keep_legacy(guild, &row, &progress)?;
        self.settle(call.cx(lang), row, progress, None, text, totals)
    }

    /// `/resign`: concedes the table; the creator of a table not yet started withdraws it.
    pub(crate) fn resign(&self, call: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let row = self.active(call, actor)?;
        let Some(seat) = row.seats.iter().position(|u| *u == actor.user) else {
            return Err(Refusal::Said(t!(lang, "turn-not-playing")));
        };
        if row.status == TableStatus::Open {
            if row.terms.creator != actor.user {
                return Err(Refusal::Said(t!(lang, "resign-not-creator")));
            }
            let cancelled = self
                .app
                .ledger
                .cancel_table(&actor.guild, row.id, "withdrawn")?;
            call.changed(row.id);
            let cancelled = App::first_ending(lang, row.id, cancelled)?;
            let challenge = row.seats.len() >= row.terms.seats;
            let text = t!(
                lang,
                if challenge {
                    "resign-withdraws"
                } else {
                    "resign-closes"
                },
                who = &actor.name,
                table = row.id
            );
            return Ok(vec![Reply::public(
                self.app.side_bets().with(lang, &row, &cancelled, text),
            )
            .closing()]);
        }
        let progress = self.app.progress(lang, &row)?;
        if progress.gone.contains(&seat) {
            return Err(Refusal::Said(t!(lang, "resign-already-left")));
        }
        let text = t!(lang, "resign-resigns", who = &actor.name);
        self.concede(call.cx(lang), row, progress, seat, Leaving::Resign, text)
    }

    /// The actor's seat at the active table of their channel, which must be in play (what
    /// an offer to the other players — a draw, a takeback — is made from).
    pub(crate) fn seat_in_play(
        &self,
        call: &Call,
        actor: &Actor,
    ) -> Result<(TableRow, usize), Refusal> {
        let lang = actor.lang;
        let row = self.active(call, actor)?;
        let Some(seat) = row.seats.iter().position(|u| *u == actor.user) else {
            return Err(Refusal::Said(t!(lang, "turn-not-playing")));
        };
        if row.status != TableStatus::Playing {
            return Err(Refusal::Said(t!(lang, "draw-not-started")));
        }
        Ok((row, seat))
    }

    /// `/draw` and the Accept draw button: the caller consents to end the game by
    /// agreement at this turn; once every player still in consents, it ends. The offer is
    /// stored, so it survives a restart; any action ends it.
    pub(crate) fn draw(&self, call: &Call, actor: &Actor, turn: Option<i64>) -> Outcome {
        let lang = actor.lang;
        let (row, seat) = self.seat_in_play(call, actor)?;
        if turn.is_some_and(|t| t != row.turn) {
            return Err(Refusal::Said(t!(lang, "draw-stale")));
        }
        let info = self.app.entry(&row)?.info;
        if !info.draws {
            return Err(Refusal::Said(t!(
                lang,
                "draw-none",
                game = crate::words::game_name(lang, &info)
            )));
        }
        let progress = self.app.progress(lang, &row)?;
        let remaining = progress.remaining();
        if remaining.iter().any(|&s| row.seats[s] == DROID) {
            return Err(Refusal::Said(t!(lang, "draw-droid")));
        }
        let before = self.app.ledger.consents(row.id, row.turn, DRAW_OFFER)?;
        if turn.is_some() && before.is_empty() {
            return Err(Refusal::Said(t!(lang, "draw-closed")));
        }
        if before.contains(&seat) {
            return Err(Refusal::Said(t!(lang, "draw-already")));
        }
        let agreed = self
            .app
            .ledger
            .consent(row.id, row.turn, DRAW_OFFER, seat)?;
        let waiting_seats: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|s| !agreed.contains(s))
            .collect();
        let waiting: Vec<String> = waiting_seats
            .iter()
            .map(|&s| self.app.name(&row.guild, &row.seats[s]))
            .collect();
        if waiting.is_empty() {
            return self.agree(call, actor, row, progress);
        }
        let id = if agreed.len() > 1 {
            "draw-agrees"
        } else {
            "draw-offers"
        };
        Ok(vec![Reply::public(t!(
            lang,
            id,
            who = &actor.name,
            waiting = waiting.join(", ")
        ))
        .in_lang(lang)
        .with_button(
            label!("button-accept-draw"),
            Control::new(row.id, row.turn, DRAW),
            Style::Secondary,
        )
        .with_event(Event::DrawOffered {
            table: row.id,
            turn: row.turn,
            agreed,
            waiting: waiting_seats,
        })])
    }

    fn agree(&self, call: &Call, actor: &Actor, row: TableRow, mut progress: Progress) -> Outcome {
        let lang = actor.lang;
        progress.play.agree_end()?;
        let text = if progress.remaining().len() > 2 {
            t!(lang, "draw-agreed-all")
        } else {
            t!(lang, "draw-agreed")
        };
        self.game_over(call.cx(lang), &actor.guild, row, progress, None, text)
    }

    /// `/admin end`: ends a stuck table with a refund.
    pub(crate) fn admin_end(&self, call: &Call, actor: &Actor, table: Option<i64>) -> Outcome {
        let lang = actor.lang;
        if !actor.admin {
            return Err(Refusal::Said(t!(lang, "admin-needed")));
        }
        let row = match table {
            Some(id) => self.app.ledger.table(id)?,
            None => self.active(call, actor)?,
        };
        let cancelled = self
            .app
            .ledger
            .cancel_table(&actor.guild, row.id, "ended by an admin")?;
        let cancelled = App::first_ending(lang, row.id, cancelled)?;
        self.app.forget(call, row.id);
        let text = t!(lang, "admin-ended", table = row.id);
        let ended = Reply::public(self.app.side_bets().with(lang, &row, &cancelled, text));
        let Some(tournament) = row.tournament else {
            return Ok(vec![ended.closing()]);
        };
        // A tournament's thread goes on with its other tables.
        let mut replies = vec![ended];
        replies.extend(
            self.app
                .tournaments()
                .after_table(call.cx(lang), tournament),
        );
        Ok(replies)
    }
}
