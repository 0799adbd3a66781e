//! The move menu in steps: every legal action reachable by touch. The board's own menu is
//! the first step; picking a step answers its player alone with the next one, until a pick
//! is an action, which is played like `/move`. A step's value carries its whole path
//! (`~+G K5`), so no menu is kept anywhere between picks and a menu from an older turn is
//! refused as stale like any other.

use super::log::Progress;
use super::replies::{Choice, Control, Reply, Select};
use super::view::MOVE;
use super::{Actor, Outcome, Refusal};
use crate::games::menu::{Entry, Menu};
use crate::ledger::tables::{TableRow, TableStatus};
use crate::play::Tables;
use crate::words::Label;
use crate::{label, t};

/// The mark of a value that opens a step rather than plays an action.
const STEP: char = '~';

/// The path a picked value opens, if it is a step (`~` alone is the first menu).
pub(crate) fn step_path(value: &str) -> Option<Vec<String>> {
    let keys = value.trim().strip_prefix(STEP)?;
    Some(keys.split_whitespace().map(str::to_string).collect())
}

fn step_value(path: &[String]) -> String {
    format!("{STEP}{}", path.join(" "))
}

impl Tables<'_> {
    /// The move menu at `path` of a table's current position (`None` when it offers
    /// nothing: a chance node, only decisions), and the labels of the steps taken to it.
    /// A menu holds as many entries as the front ends' menus do
    /// ([`crate::Settings::menu_width`]).
    pub(crate) fn move_menu(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        progress: &Progress,
        path: &[String],
    ) -> Result<(Option<Select>, Vec<String>), Refusal> {
        // Deeper menus keep a place for the way back.
        let full = self.app.settings.menu_width.max(2);
        let width = if path.is_empty() { full } else { full - 1 };
        let menu: Menu = progress
            .play
            .menu(path, width)
            .map_err(|_| Refusal::Said(t!(lang, "menu-stale")))?;
        let trail = menu
            .trail
            .iter()
            .map(|p| self.phrase(lang, row, p))
            .collect();
        if menu.entries.is_empty() {
            return Ok((None, trail));
        }
        let mut choices: Vec<Choice> = menu.entries.iter().map(|e| self.choice(row, e)).collect();
        // The way back comes last: the first entry always leads on.
        if let Some((_, parent)) = path.split_last() {
            choices.push(Choice {
                label: label!("menu-back"),
                value: step_value(parent),
                description: None,
            });
        }
        let select = Select {
            control: Control::new(row.id, row.turn, MOVE),
            placeholder: label!("menu-choose"),
            choices,
        };
        Ok((Some(select), trail))
    }

    fn choice(&self, row: &TableRow, entry: &Entry) -> Choice {
        match entry {
            Entry::Step { path, label, count } => Choice {
                label: self.label(row, label),
                value: step_value(path),
                description: count.map(|count| label!("menu-count", count = count)),
            },
            Entry::Range { path, first, last } => Choice {
                label: label!(
                    "menu-range",
                    first = self.label(row, first),
                    last = self.label(row, last)
                ),
                value: step_value(path),
                description: None,
            },
            Entry::Action { action, label } => Choice {
                label: self.label(row, label),
                value: action.clone(),
                description: Some(Label::plain(action.clone())),
            },
        }
    }

    /// A step picked from a table's move menu: the next menu, for the player to move alone.
    pub(crate) fn step_menu(
        &self,
        actor: &Actor,
        row: TableRow,
        turn: i64,
        path: &[String],
    ) -> Outcome {
        let lang = actor.lang;
        if row.status != TableStatus::Playing {
            return Err(Refusal::Said(t!(lang, "turn-not-started", table = row.id)));
        }
        if turn != row.turn {
            return Err(Refusal::Said(t!(lang, "turn-stale-menu")));
        }
        let progress = self.app.progress(lang, &row)?;
        self.seat_to_move(actor, &row, &progress)?;
        let (select, trail) = self.move_menu(lang, &row, &progress, path)?;
        let who = self.app.name(&row.guild, &actor.user);
        let text = match trail.is_empty() {
            true => t!(lang, "menu-first", who = who),
            false => t!(lang, "menu-step", who = who, trail = trail.join(" › ")),
        };
        let mut reply = Reply::private(text).in_lang(lang);
        reply.select = select;
        reply.replaces = true;
        Ok(vec![reply])
    }
}
