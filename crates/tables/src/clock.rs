//! Turn clocks (docs/CONTRACT.md P-4): a warning when a quarter of the time is left, a loss by
//! timeout when it runs out (at a table of three or more, the player leaves), and challenges
//! that expire. The deadlines are stored, so the clocks survive a restart.

use super::{App, Event, Reply};
use crate::call::{Call, Cx};
use crate::ledger::tables::{TableRow, TableStatus};
use crate::{t, words};

/// How long a table waits, still, before the clock plays what it would have played by
/// itself (see [`Clocks::catch_up`]): far longer than any command takes, so the clock never
/// races a command that is about to play it.
const CATCH_UP_SECS: i64 = 30;

impl App {
    /// Runs the clocks; returns (guild, channel, reply) for each event.
    pub fn tick(&self) -> Vec<(String, String, Reply)> {
        self.tick_where(&|_| true)
    }

    /// [`App::tick`] for the tables of the guilds `serves` accepts: a process running some
    /// of the gateway shards runs the clocks of its own guilds only.
    pub fn tick_where(&self, serves: &dyn Fn(&str) -> bool) -> Vec<(String, String, Reply)> {
        self.calling(None, self.thinking.gate.enter(), |call| {
            self.clocks().tick(call, serves)
        })
    }
}

/// The turn clocks: warnings, timeouts, expired challenges, and the moves a restart left
/// to be caught up. A feature of the application, reached through [`App::clocks`]; it keeps
/// which warnings were sent.
pub(crate) struct Clocks<'a> {
    app: &'a App,
}

impl App {
    pub(crate) fn clocks(&self) -> Clocks<'_> {
        Clocks { app: self }
    }
}

impl Clocks<'_> {
    fn tick(&self, call: &Call, serves: &dyn Fn(&str) -> bool) -> Vec<(String, String, Reply)> {
        let now = self.app.now();
        let Ok(tables) = self.app.ledger.active_tables() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for row in tables.into_iter().filter(|row| serves(&row.guild)) {
            let Some(deadline) = row.deadline else {
                continue;
            };
            let (guild, channel) = (row.guild.clone(), row.channel.clone());
            let replies = if row.status == TableStatus::Open {
                self.expire(call, &row, now, deadline)
            } else {
                self.run(call, row, now, deadline)
            };
            let mut replies = replies;
            self.app.tell_directly(&guild, &channel, None, &mut replies);
            out.extend(
                replies
                    .into_iter()
                    .map(|r| (guild.clone(), channel.clone(), r)),
            );
        }
        out.extend(self.app.tournaments().run(call, serves));
        out.extend(self.app.seasons().end(serves));
        out
    }

    /// An unanswered challenge or unstarted table expires, told in its creator's language.
    fn expire(&self, call: &Call, row: &TableRow, now: i64, deadline: i64) -> Vec<Reply> {
        self.expired_in_words(
            call.cx(self.app.lang_of(&row.terms.creator)),
            row,
            now,
            deadline,
        )
    }

    fn expired_in_words(&self, cx: Cx<'_>, row: &TableRow, now: i64, deadline: i64) -> Vec<Reply> {
        let Cx { lang, call } = cx;
        if now < deadline {
            return Vec::new();
        }
        match self.app.ledger.cancel_table(&row.guild, row.id, "expired") {
            Ok(cancelled) if !cancelled.replayed => {
                call.changed(row.id);
                let text = t!(lang, "clock-expired", table = row.id);
                vec![
                    Reply::public(self.app.side_bets().with(lang, row, &cancelled.value, text))
                        .closing(),
                ]
            }
            _ => Vec::new(),
        }
    }

    fn run(&self, call: &Call, row: TableRow, now: i64, deadline: i64) -> Vec<Reply> {
        // What the table does by itself is told in its creator's words.
        let lang = self.app.lang_of(&row.terms.creator);
        let Ok(progress) = self.app.progress(lang, &row) else {
            return Vec::new();
        };
        // The time the running seat had when its turn began: a per-move clock, or its time
        // left on a clock with a total.
        let clock = match super::fischer::Fischer::of(&row) {
            Some(fischer) => progress
                .play
                .waiting()
                .and_then(|seat| fischer.banks(&row).get(seat).copied())
                .unwrap_or(fischer.base),
            None => self.app.tables().move_clock(&row).unwrap_or(86_400),
        };
        // The deadline was set when the last entry was stored.
        if now - (deadline - clock) >= CATCH_UP_SECS {
            if let Some(replies) = self.catch_up(call.cx(lang), &row, &progress) {
                return replies;
            }
        }
        let Some(seat) = progress.play.waiting() else {
            return Vec::new();
        };
        // Told in the language of the player whose clock it is.
        let lang = self.app.lang_of(&row.seats[seat]);
        self.in_words(call.cx(lang), row, progress, seat, now, (deadline, clock))
    }

    /// A table stored with what it does by itself still to do — an action to play (the
    /// droid's answer, a roll, a forced pass) or a finished game to settle — as a process
    /// that stopped between storing a move and what follows leaves it: the table does it
    /// now and shows the board, in its creator's words. `None` when nothing is pending, or
    /// another process got there first.
    fn catch_up(
        &self,
        cx: Cx<'_>,
        row: &TableRow,
        progress: &super::log::Progress,
    ) -> Option<Vec<Reply>> {
        let Cx { lang, call } = cx;
        let over = matches!(progress.play.status(), crate::games::Status::Over(_));
        if !over {
            self.app
                .tables()
                .automatic(call.cx(lang), row, progress)
                .ok()
                .flatten()?;
        }
        let (mut row, mut progress) = (row.clone(), progress.clone());
        let guild = row.guild.clone();
        let advanced = self
            .app
            .tables()
            .advance(call.cx(lang), &mut row, &mut progress)
            .ok()?;
        let text = advanced.said.join(" ");
        self.app
            .tables()
            .after_turn(call.cx(lang), &guild, row, progress, advanced.last, text)
            .ok()
    }

    /// A seat's clock at `now`, with the table's deadline and the guild's move clock.
    fn in_words(
        &self,
        cx: Cx<'_>,
        row: TableRow,
        progress: super::log::Progress,
        seat: usize,
        now: i64,
        (deadline, clock): (i64, i64),
    ) -> Vec<Reply> {
        let Cx { lang, call } = cx;
        let who = self.app.name(&row.guild, &row.seats[seat]);
        if now >= deadline {
            let text = t!(lang, "clock-timeout", who = &who);
            return self
                .app
                .tables()
                .concede(
                    call.cx(lang),
                    row,
                    progress,
                    seat,
                    super::log::Leaving::Timeout,
                    text,
                )
                .unwrap_or_default();
        }
        let warn = deadline - now <= clock / 4
            && super::caches::keep_in(
                &mut self.app.warned.lock().unwrap_or_else(|e| e.into_inner()),
                super::caches::WARNED,
                (row.id, row.turn),
            );
        if warn {
            return vec![Reply::public(t!(
                lang,
                "clock-warning",
                who = &who,
                table = row.id,
                when = words::moment(deadline)
            ))
            .with_mention(&row.seats[seat])
            .with_event(Event::Warned {
                table: row.id,
                seat,
                deadline,
            })];
        }
        Vec::new()
    }
}
