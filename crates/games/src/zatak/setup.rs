//! The set-up's variants: obstacles drawn before it (ZK-7.2) and free set-ups (ZK-7.1).

use std::collections::HashSet;

use super::board::{Cell, Dir};
use super::{permutations, Action, Phase, Position, Side, Zatak};
use crate::{Phrase, RulesError};

/// The 25 cells outside both default zones (ZK-7.2), as a bit set.
fn outside_zones() -> u64 {
    let zones: u64 = Side::White
        .zone()
        .iter()
        .chain(Side::Red.zone().iter())
        .fold(0, |m, c| m | 1 << c.0);
    let all: u64 = (1u64 << super::board::CELLS) - 1;
    all & !zones
}

/// Whether the obstacles are still to be drawn: the table asks for them and the position
/// before any set-up has none.
pub(super) fn obstacles_due(game: &Zatak, pos: &Position) -> bool {
    game.obstacles > 0
        && pos.phase == Phase::Setup
        && pos.obstacles == 0
        && pos.dice.iter().all(Option::is_none)
}

/// Every draw of `k` distinct cells outside the zones.
pub(super) fn obstacle_draws(k: u8) -> Vec<u64> {
    let cells: Vec<u8> = (0..super::board::CELLS as u8)
        .filter(|c| outside_zones() & (1 << c) != 0)
        .collect();
    let mut out = Vec::new();
    fn pick(cells: &[u8], k: u8, from: usize, mask: u64, out: &mut Vec<u64>) {
        if k == 0 {
            out.push(mask);
            return;
        }
        for i in from..cells.len() {
            pick(cells, k - 1, i + 1, mask | 1 << cells[i], out);
        }
    }
    pick(&cells, k, 0, 0, &mut out);
    // ZK-8.3: in the ASCII order of their spellings.
    out.sort_by_cached_key(|&mask| super::notation::format_action(&Action::Obstacles(mask)));
    out
}

pub(super) fn obstacle_draw_ok(k: u8, mask: u64) -> bool {
    mask.count_ones() == k as u32 && mask & !outside_zones() == 0
}

fn corner(side: Side) -> Cell {
    side.zone()[0]
}

fn refuse(english: &str, id: &'static str) -> RulesError {
    RulesError::Illegal(english.to_string()).told(Phrase::new(id))
}

/// ZK-7.1: six dice on empty cells that are not obstacles, one on the player's corner, all
/// connected, showing 1–6 once each.
pub(super) fn check_free(
    pos: &Position,
    side: Side,
    dice: &[(Cell, u8)],
) -> Result<(), RulesError> {
    let mut faces: Vec<u8> = dice.iter().map(|(_, f)| *f).collect();
    faces.sort_unstable();
    if faces != [1, 2, 3, 4, 5, 6] {
        return Err(refuse(
            "a set-up shows the faces 1 to 6 once each (ZK-2.3)",
            "zk-setup-faces",
        ));
    }
    let cells: HashSet<Cell> = dice.iter().map(|(c, _)| *c).collect();
    if cells.len() != 6 {
        return Err(refuse(
            "two dice never share a cell (ZK-2.1)",
            "zk-free-shared",
        ));
    }
    if cells
        .iter()
        .any(|&c| pos.dice[c.0 as usize].is_some() || pos.is_obstacle(c))
    {
        return Err(refuse(
            "a free set-up uses empty cells that are not obstacles (ZK-7.1)",
            "zk-free-occupied",
        ));
    }
    if !cells.contains(&corner(side)) {
        return Err(refuse(
            "one die stands on the player's corner (ZK-7.1)",
            "zk-free-corner",
        ));
    }
    let mut reached = HashSet::from([corner(side)]);
    let mut stack = vec![corner(side)];
    while let Some(cell) = stack.pop() {
        for dir in Dir::ALL {
            if let Some(next) = cell.step(dir) {
                if cells.contains(&next) && reached.insert(next) {
                    stack.push(next);
                }
            }
        }
    }
    if reached.len() != 6 {
        return Err(refuse(
            "the six dice form one connected group (ZK-7.1)",
            "zk-free-connected",
        ));
    }
    Ok(())
}

/// Every free set-up of the side to move (ZK-7.1): each connected group of six usable
/// cells containing its corner, with each assignment of the faces, in notation order.
pub(super) fn free_placements(pos: &Position) -> Vec<Action> {
    let faces = permutations();
    let mut out = Vec::new();
    for group in free_groups(pos) {
        out.extend(faces.iter().map(|f| placed(group, f)));
    }
    out.sort_by_cached_key(super::notation::format_action);
    out
}

/// The free set-ups the droid's search chooses among ([`Game::search_choices`]): its own
/// zone in each order of the faces when all of it is free, and every other group with
/// the faces 1 to 6 in cell order; groups in the order of their cells, not of their
/// notation, which would cost the search more than it weighs them. About 1,300, where
/// [`free_placements`] lists 408,240.
///
/// [`Game::search_choices`]: crate::Game::search_choices
pub(super) fn search_placements(pos: &Position) -> Vec<Action> {
    let zone = pos
        .to_move
        .zone()
        .iter()
        .fold(0u64, |mask, c| mask | 1 << c.0);
    let mut groups = free_groups(pos);
    groups.sort_unstable();
    let mut out = Vec::new();
    for group in groups {
        if group == zone {
            out.extend(permutations().iter().map(|f| placed(group, f)));
        } else {
            out.push(placed(group, &[1, 2, 3, 4, 5, 6]));
        }
    }
    out
}

/// The dice of a set-up on the cells of `group` (canonical order), with these faces.
fn placed(group: u64, faces: &[u8; 6]) -> Action {
    let cells = Cell::all().filter(|c| group & (1 << c.0) != 0);
    Action::Place(cells.zip(faces.iter().copied()).collect())
}

/// Each connected group of six usable cells containing the corner of the side to move,
/// as a bit set of cells.
fn free_groups(pos: &Position) -> Vec<u64> {
    let side = pos.to_move;
    let usable = |c: Cell| pos.dice[c.0 as usize].is_none() && !pos.is_obstacle(c);
    let start = corner(side);
    if !usable(start) {
        return Vec::new();
    }
    let mut groups: HashSet<u64> = HashSet::from([1u64 << start.0]);
    for _ in 1..6 {
        let mut grown = HashSet::new();
        for &group in &groups {
            for cell in Cell::all().filter(|c| group & (1 << c.0) != 0) {
                for dir in Dir::ALL {
                    if let Some(next) = cell.step(dir) {
                        if usable(next) && group & (1 << next.0) == 0 {
                            grown.insert(group | 1 << next.0);
                        }
                    }
                }
            }
        }
        groups = grown;
    }
    groups.into_iter().collect()
}
