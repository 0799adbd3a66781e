//! What a table shows: the board with its scene, whose turn it is, and the actions offered
//! as buttons (the game's decisions) or a menu (its moves).

use super::log::Progress;
use super::replies::{Button, Control};
use super::table_view::Choices;
use super::{Refusal, Reply, Style};
use crate::games::{Status, Tone};
use crate::ledger::tables::TableRow;
use crate::ledger::DROID;
use crate::play::Tables;
use crate::render::{LastMove, Scene, SeriesScore};
use crate::{label, t, words};

/// The verb of a table's move menu.
pub(crate) const MOVE: &str = "move";
/// The prefix of a button that plays the action after it (`act-double`).
pub(crate) const ACT: &str = "act-";

/// The last action and the position before it, for the board to highlight.
pub(crate) type Last = Option<LastMove>;

/// Whether a table plays several games (a series to N points, or per-point stakes).
pub(crate) fn is_series(row: &TableRow) -> bool {
    row.target > 0 || row.per_point > 0
}

fn style(tone: Tone) -> Style {
    match tone {
        Tone::Main => Style::Primary,
        Tone::Quiet => Style::Secondary,
        Tone::Danger => Style::Danger,
    }
}

impl Tables<'_> {
    pub(crate) fn seat_names(&self, row: &TableRow) -> Vec<String> {
        row.seats
            .iter()
            .map(|u| self.app.name(&row.guild, u))
            .collect()
    }

    /// The board's scene: names, the last action, the series score, a result the table
    /// decided (one the position shows by itself is not repeated), the clocks, and the
    /// looks the players wear.
    pub(super) fn scene(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        progress: &Progress,
        last: Last,
    ) -> Result<Scene, Refusal> {
        let result = match progress.play.status() {
            Status::Over(outcome) => {
                let position_says = matches!(progress.play.position_status(), Status::Over(_));
                (!position_says).then(|| self.reason(lang, row, &outcome))
            }
            _ => None,
        };
        let scene = Scene {
            names: self.seat_names(row),
            last_move: last,
            series: is_series(row).then(|| SeriesScore {
                points: progress.totals.clone(),
                target: row.target.max(0) as u32,
            }),
            result,
            // As of this action, so the board of a turn is the same whenever it is drawn.
            clocks: super::fischer::Fischer::of(row)
                .map(|clock| clock.banks(row).into_iter().map(Some).collect())
                .unwrap_or_default(),
            ..Scene::default()
        };
        Ok(self.app.dress(row, scene))
    }

    /// A board reply: the image, the text, and what the player to move may do.
    pub(crate) fn board_reply(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        progress: &Progress,
        last: Last,
        text: String,
    ) -> Result<Reply, Refusal> {
        let scene = self.scene(lang, row, progress, last)?;
        // The action is already stored: a board that cannot be drawn must not turn the reply
        // into a refusal, so the reply goes out without it (and the failure is logged).
        let mut reply =
            match self
                .app
                .current_board(lang, row, progress, &scene, super::drawn::Waiting::Never)
            {
                Ok(png) => Reply::public(text).with_image(
                    format!("table-{}-turn-{}.png", row.id, row.turn),
                    png.to_vec(),
                ),
                Err(e) => {
                    tracing::error!(table = row.id, turn = row.turn, error = %e, "board not drawn");
                    Reply::public(format!(
                        "{text}\n{}",
                        t!(lang, "board-not-drawn", error = e.told(lang))
                    ))
                }
            };
        reply.link = self.watch_link(row.id);
        reply.aside.extend(super::seat_links::button(self.app, row));
        reply.aside.extend(super::takeback::button(row, progress));
        reply.table = Some(row.id);
        reply.lang = lang;
        let mut view = self.app.view_front(lang, row, &scene, false)?;
        self.app.view_play(lang, &mut view, row, progress);
        view.last = scene.last_move.clone();
        if let Some(seat) = progress.play.waiting() {
            if row.seats.get(seat).map(String::as_str) != Some(DROID) {
                view.choices = self.offer_actions(lang, row, progress, seat);
                reply = reply.with_mention(&row.seats[seat]);
            }
        }
        reply.view = Some(Box::new(view));
        Ok(reply)
    }

    /// The link to a table's live page, when the bot serves its pages (`public_url`).
    pub(crate) fn watch_link(&self, table: i64) -> Option<super::Link> {
        let base = self.app.settings.public_url.as_deref()?;
        match self.app.ledger.watch_token(table) {
            Ok(token) => Some(super::Link {
                kind: super::LinkKind::Watch,
                label: label!("button-watch"),
                url: format!("{}/t/{token}", base.trim_end_matches('/')),
            }),
            Err(e) => {
                tracing::warn!(table, error = %e, "no watch token");
                None
            }
        }
    }

    /// The game's decisions among the legal actions become buttons; its moves, the first
    /// step of the move menu ([`super::menus`]), which reaches every one of them.
    pub(crate) fn offer_actions(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        progress: &Progress,
        seat: usize,
    ) -> Option<Choices> {
        let entry = self.app.entry(row).ok()?;
        let mut choices = Choices {
            seat,
            user: row.seats[seat].clone(),
            buttons: Vec::new(),
            menu: None,
            touch: None,
        };
        let roll = Button {
            label: label!("button-roll"),
            control: Control::new(row.id, row.turn, format!("{ACT}{}", super::turn::ROLL)),
            style: style(crate::games::Tone::Main),
        };
        if progress.play.status() == Status::Chance {
            choices.buttons = vec![roll];
            return Some(choices);
        }
        let (decisions, moves): (Vec<String>, Vec<String>) = progress
            .play
            .offered()
            .iter()
            .cloned()
            .partition(|a| entry.info.decision(a).is_some());
        choices.buttons = decisions
            .iter()
            .take(5)
            .filter_map(|a| entry.info.decision(a))
            .map(|d| Button {
                label: words::decision_label(d.action),
                control: Control::new(row.id, row.turn, format!("{ACT}{}", d.action)),
                style: style(d.tone),
            })
            .collect();
        // The Roll button: the roll the game waits for, or the one a skip leads to.
        let skip = entry.info.before_roll;
        if skip.is_some_and(|a| decisions.iter().chain(&moves).any(|d| d == a)) {
            choices.buttons.insert(0, roll);
            choices.buttons.truncate(5);
        }
        match self.move_menu(lang, row, progress, &[]) {
            Ok((select, _)) => choices.menu = select,
            Err(e) => tracing::warn!(table = row.id, error = %e, "no move menu"),
        }
        // The position now knows its routes through the menus: kept, the player's steps
        // through them walk that list instead of making it again.
        self.app.remember(row.id, row.turn, progress);
        Some(choices)
    }

    /// The game's note on a step (see [`crate::games::Game::note`]), in words.
    pub(crate) fn note(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        progress: &Progress,
        before: &str,
        after: &str,
    ) -> Option<String> {
        let game = self.app.entry(row).ok()?.rules(&progress.options).ok()?;
        let notes: Vec<String> = game
            .note(before, after)
            .iter()
            .map(|phrase| self.phrase(lang, row, phrase))
            .collect();
        (!notes.is_empty()).then(|| notes.join(" "))
    }

    pub(crate) fn turn_line(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        progress: &Progress,
    ) -> String {
        if let Some(until) = self.resting(progress) {
            let (hours, minutes) = super::rest::left(until - self.app.now());
            let who = progress
                .play
                .waiting()
                .map(|s| self.app.name(&row.guild, &row.seats[s]));
            return t!(
                lang,
                "turn-resting",
                who = who.unwrap_or_default(),
                hours = hours,
                minutes = minutes
            );
        }
        let line = match progress.play.status() {
            Status::ToMove(seat) => t!(
                lang,
                "turn-to-move",
                who = self.app.name(&row.guild, &row.seats[seat])
            ),
            Status::Chance => match progress.play.roller() {
                Some(seat) => t!(
                    lang,
                    "turn-to-roll",
                    who = self.app.name(&row.guild, &row.seats[seat])
                ),
                None => t!(lang, "turn-rolling"),
            },
            Status::Over(_) => String::new(),
        };
        match super::fischer::Fischer::of(row) {
            Some(clock) if !line.is_empty() => {
                format!("{line} {}", self.clocks_line(lang, row, progress, clock))
            }
            _ => line,
        }
    }

    /// Each seat's time left on a clock with a total, and when the running one's flag
    /// falls: "alice 0:52 · bob 1:00 — alice's time runs out in 52 seconds".
    fn clocks_line(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        progress: &Progress,
        clock: super::fischer::Fischer,
    ) -> String {
        let running = progress.play.waiting();
        let now = self.app.now();
        let left = clock.left(row, running, now);
        let clocks: Vec<String> = left
            .iter()
            .enumerate()
            .map(|(seat, &secs)| {
                format!(
                    "{} {}",
                    self.app.name(&row.guild, &row.seats[seat]),
                    super::fischer::shown(secs)
                )
            })
            .collect();
        match (running, row.deadline) {
            (Some(seat), Some(flag)) => t!(
                lang,
                "turn-clocks",
                clocks = clocks.join(" · "),
                who = self.app.name(&row.guild, &row.seats[seat]),
                when = crate::words::moment(flag)
            ),
            _ => t!(lang, "turn-clocks-still", clocks = clocks.join(" · ")),
        }
    }
}
