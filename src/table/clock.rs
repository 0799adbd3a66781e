//! Turn clocks (PRODUCT.md P-4): a warning when a quarter of the time is left, a loss by
//! timeout when it runs out (at a table of three or more, the player leaves), and challenges
//! that expire. The deadlines are stored, so the clocks survive a restart.

use super::{App, Reply};
use crate::ledger::tables::TableRow;
use crate::{t, words};

impl App {
    /// Runs the clocks; returns (guild, channel, reply) for each event.
    pub fn tick(&self) -> Vec<(String, String, Reply)> {
        self.tick_where(&|_| true)
    }

    /// [`App::tick`] for the tables of the guilds `serves` accepts: a process running some
    /// of the gateway shards runs the clocks of its own guilds only.
    pub fn tick_where(&self, serves: &dyn Fn(&str) -> bool) -> Vec<(String, String, Reply)> {
        let now = self.now();
        let Ok(tables) = self.ledger.active_tables() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for row in tables.into_iter().filter(|row| serves(&row.guild)) {
            let Some(deadline) = row.deadline else {
                continue;
            };
            let (guild, channel) = (row.guild.clone(), row.channel.clone());
            let replies = if row.status == "open" {
                self.expire(&row, now, deadline)
            } else {
                self.run_clock(row, now, deadline)
            };
            out.extend(
                replies
                    .into_iter()
                    .map(|r| (guild.clone(), channel.clone(), r)),
            );
        }
        out
    }

    /// An unanswered challenge or unstarted table expires, told in its creator's language.
    fn expire(&self, row: &TableRow, now: i64, deadline: i64) -> Vec<Reply> {
        let creator = super::terms::terms(row).creator;
        words::speaking(self.lang_of(&creator), || {
            self.expire_in_words(row, now, deadline)
        })
    }

    fn expire_in_words(&self, row: &TableRow, now: i64, deadline: i64) -> Vec<Reply> {
        if now >= deadline
            && self
                .ledger
                .cancel_table(&row.guild, row.id, "expired")
                .is_ok_and(|c| !c.replayed)
        {
            return vec![Reply::public(t!("clock-expired", table = row.id))];
        }
        Vec::new()
    }

    fn run_clock(&self, row: TableRow, now: i64, deadline: i64) -> Vec<Reply> {
        let Ok(progress) = self.progress(&row) else {
            return Vec::new();
        };
        let Some(seat) = progress.play.waiting() else {
            return Vec::new();
        };
        // Told in the language of the player whose clock it is.
        let lang = self.lang_of(&row.seats[seat]);
        words::speaking(lang, || {
            self.clock_in_words(row, progress, seat, now, deadline)
        })
    }

    fn clock_in_words(
        &self,
        row: TableRow,
        progress: super::log::Progress,
        seat: usize,
        now: i64,
        deadline: i64,
    ) -> Vec<Reply> {
        let clock = self
            .ledger
            .economy(&row.guild)
            .map(|e| e.move_clock_secs)
            .unwrap_or(86_400);
        let who = self.name(&row.seats[seat]);
        if now >= deadline {
            let text = t!("clock-timeout", who = &who);
            let guild = row.guild.clone();
            return self
                .concede(&guild, row, progress, seat, "timeout", text)
                .unwrap_or_default();
        }
        let warn = deadline - now <= clock / 4
            && self
                .warned
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert((row.id, row.turn));
        if warn {
            let hours = (deadline - now) as f64 / 3600.0;
            return vec![Reply::public(t!(
                "clock-warning",
                who = &who,
                table = row.id,
                hours = format!("{hours:.1}")
            ))
            .with_mention(&row.seats[seat])];
        }
        Vec::new()
    }
}
