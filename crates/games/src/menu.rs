//! Move menus in steps: every legal action reachable by touch, however many there are.
//!
//! A chat menu holds a few dozen entries (Discord: 25), while a position may have hundreds
//! of legal actions (Halloween Kingdoms' first move: 486) or more than can be listed
//! (Zatak's free set-ups: 408,240). Each game says how a player reads its way to an action
//! ([`Route`]: the piece, then the kingdom, then the cell); this module turns the legal
//! actions into menus of at most `width` entries, and where the game's own steps still
//! leave too many, pages them into ranges. A menu is named by its path (the keys of the
//! entries chosen so far), so the front ends keep no state between picks: the path travels
//! in the menu's values, and the same path gives the same menu until the position changes.

use super::Phrase;

/// One stage on the way to an action: a key unique among the stages beside it (no
/// whitespace: paths travel as space-separated keys) and the words that label it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    pub key: String,
    pub label: Phrase,
    /// Where the stage stands among those beside it (lowest first); stages of equal order
    /// keep the order of the legal actions.
    pub order: u32,
}

impl Stage {
    pub fn new(key: impl Into<String>, label: Phrase) -> Stage {
        Stage {
            key: key.into(),
            label,
            order: 0,
        }
    }

    /// The stage at `order` among those beside it (a kingdom by its number).
    pub fn ordered(mut self, order: u32) -> Stage {
        self.order = order;
        self
    }
}

/// How a player reaches an action through menus: the stages before it, outermost first,
/// and the action's own label, which reads whole where a menu shows it without its stages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub stages: Vec<Stage>,
    pub label: Phrase,
}

/// An entry of a menu.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    /// Opens a narrower menu: `path` names it, `count` is how many actions it leads to
    /// (`None` where the game does not count them).
    Step {
        path: Vec<String>,
        label: Phrase,
        count: Option<usize>,
    },
    /// A page of the entries of one menu, from `first` to `last`, when they are too many
    /// for one.
    Range {
        path: Vec<String>,
        first: Phrase,
        last: Phrase,
    },
    /// Plays this action (canonical notation).
    Action { action: String, label: Phrase },
}

impl Entry {
    /// The last key of the path the entry opens (`None` for an action).
    fn key(&self) -> Option<&str> {
        match self {
            Entry::Step { path, .. } | Entry::Range { path, .. } => path.last().map(String::as_str),
            Entry::Action { .. } => None,
        }
    }

    fn first_label(&self) -> &Phrase {
        match self {
            Entry::Step { label, .. } | Entry::Action { label, .. } => label,
            Entry::Range { first, .. } => first,
        }
    }

    fn last_label(&self) -> &Phrase {
        match self {
            Entry::Range { last, .. } => last,
            other => other.first_label(),
        }
    }
}

/// One menu: the entries at `path`, at most the width asked for, and the labels of the
/// entries chosen on the way (`trail`), for the front end to say where the player is.
#[derive(Debug, Clone, PartialEq)]
pub struct Menu {
    pub path: Vec<String>,
    pub trail: Vec<Phrase>,
    pub entries: Vec<Entry>,
}

/// Why a path names no menu: it was made for another position, or typed by hand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no such step in this position's menus")]
pub struct NoSuchStep;

/// The key of a page of entries (`#3`); a game's own keys never start with `#`.
const PAGE: char = '#';

/// The menu at `path`. `level(game_path)` lists the entries a game offers once the game's
/// own keys of `game_path` are chosen (pages are this module's, and are taken out of the
/// path before the game sees it); each menu holds at most `width` entries (at least 2).
pub fn walk(
    path: &[String],
    width: usize,
    mut level: impl FnMut(&[String]) -> Option<Vec<Entry>>,
) -> Result<Menu, NoSuchStep> {
    let width = width.max(2);
    let mut game_path: Vec<String> = Vec::new();
    let mut trail = Vec::new();
    let mut entries = level(&game_path).ok_or(NoSuchStep)?;
    let mut taken = 0;
    loop {
        while entries.len() > width {
            let pages = paged(&entries, width, &path[..taken]);
            match path.get(taken) {
                Some(key) if key.starts_with(PAGE) => {
                    let index = pages
                        .iter()
                        .position(|(page, _)| page.key() == Some(key))
                        .ok_or(NoSuchStep)?;
                    let (page, slice) = pages.into_iter().nth(index).ok_or(NoSuchStep)?;
                    trail.push(page.first_label().clone());
                    taken += 1;
                    entries = rebased(slice, &path[..taken]);
                }
                _ => {
                    return finish(path, taken, trail, pages.into_iter().map(|(p, _)| p));
                }
            }
        }
        let Some(key) = path.get(taken) else {
            return finish(path, taken, trail, entries);
        };
        let chosen = entries
            .iter()
            .find(|e| matches!(e, Entry::Step { .. }) && e.key() == Some(key))
            .ok_or(NoSuchStep)?;
        trail.push(chosen.first_label().clone());
        game_path.push(key.clone());
        taken += 1;
        entries = rebased(level(&game_path).ok_or(NoSuchStep)?, &path[..taken]);
    }
}

/// `entries` of the menu at `at`: each entry that opens a menu names it by the whole path
/// (pages included) and its own key.
fn rebased(mut entries: Vec<Entry>, at: &[String]) -> Vec<Entry> {
    for entry in &mut entries {
        if let Entry::Step { path, .. } | Entry::Range { path, .. } = entry {
            let own = path.pop().unwrap_or_default();
            *path = at.iter().cloned().chain([own]).collect();
        }
    }
    entries
}

fn finish(
    path: &[String],
    taken: usize,
    trail: Vec<Phrase>,
    entries: impl IntoIterator<Item = Entry>,
) -> Result<Menu, NoSuchStep> {
    if taken < path.len() {
        return Err(NoSuchStep);
    }
    Ok(Menu {
        path: path.to_vec(),
        trail,
        entries: entries.into_iter().collect(),
    })
}

/// `entries` cut into at most `width` pages of as even a size as fits, each a
/// [`Entry::Range`] from its first label to its last, with the entries it holds. A page of
/// one entry is that entry itself.
fn paged(entries: &[Entry], width: usize, before: &[String]) -> Vec<(Entry, Vec<Entry>)> {
    let size = entries.len().div_ceil(width);
    entries
        .chunks(size)
        .enumerate()
        .map(|(i, chunk)| {
            let page = Entry::Range {
                path: before
                    .iter()
                    .cloned()
                    .chain([format!("{PAGE}{}", i + 1)])
                    .collect(),
                first: chunk[0].first_label().clone(),
                last: chunk[chunk.len() - 1].last_label().clone(),
            };
            (page, chunk.to_vec())
        })
        .collect()
}

/// Actions under one stage of a level (or one action with no stage left).
type Group<'a> = (Option<&'a Stage>, Vec<&'a (String, Route)>);

/// The entries of one level of a menu built from a list of actions and their routes:
/// under `path`, every action if they fit in `width`, else one step for each next stage
/// (an action with no stage left, or alone under its stage, is offered itself).
pub fn level_of(actions: &[(String, Route)], path: &[String], width: usize) -> Option<Vec<Entry>> {
    let depth = path.len();
    let under: Vec<&(String, Route)> = actions
        .iter()
        .filter(|(_, route)| {
            route.stages.len() >= depth
                && route.stages[..depth]
                    .iter()
                    .zip(path)
                    .all(|(stage, key)| &stage.key == key)
        })
        .collect();
    if under.is_empty() && depth > 0 {
        return None;
    }
    let action = |(text, route): &(String, Route)| Entry::Action {
        action: text.clone(),
        label: route.label.clone(),
    };
    if under.len() <= width {
        return Some(under.into_iter().map(action).collect());
    }
    let mut groups: Vec<Group> = Vec::new();
    for item in under {
        let stage = item.1.stages.get(depth);
        match groups
            .iter_mut()
            .find(|(s, _)| stage.is_some() && s.map(|s| &s.key) == stage.map(|s| &s.key))
        {
            Some((_, members)) => members.push(item),
            None => groups.push((stage, vec![item])),
        }
    }
    groups.sort_by_key(|(stage, _)| stage.map_or(0, |s| s.order));
    Some(
        groups
            .into_iter()
            .map(|(stage, members)| match stage {
                Some(stage) if members.len() > 1 => Entry::Step {
                    path: path.iter().cloned().chain([stage.key.clone()]).collect(),
                    label: stage.label.clone(),
                    count: Some(members.len()),
                },
                // A group holds one action at least; one alone is offered itself.
                _ => action(members[0]),
            })
            .collect(),
    )
}
