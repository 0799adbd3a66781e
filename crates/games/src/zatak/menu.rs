//! How a player reaches a Zatak action through menus: a move or a turn of a die by the die
//! (then where it goes); a set-up a face at a time, cell by cell of the zone; a free set-up
//! (408,240 of them, too many to list) a die at a time: the face on the corner, then each
//! next die's cell beside the dice placed and its face.

use super::board::{Cell, Dir, CELLS};
use super::{notation, Action, Phase, Position};
use crate::menu::{Entry, Route, Stage};
use crate::Phrase;

fn die(cell: Cell, face: u8) -> Phrase {
    Phrase::new("zk-menu-die")
        .value("face", face)
        .value("cell", cell.name())
}

pub(super) fn route(before: &Position, action: &Action) -> Route {
    let face_on = |cell: Cell| before.dice[cell.0 as usize].map_or(0, |(_, f)| f);
    let the_die = |cell: Cell| {
        Stage::new(
            cell.name(),
            Phrase::new("zk-menu-from")
                .value("face", face_on(cell))
                .value("cell", cell.name()),
        )
    };
    match action {
        Action::Move(path) => Route {
            stages: vec![the_die(path.from)],
            label: Phrase::new("zk-menu-move")
                .value("from", path.from.name())
                .value("to", path.to.name())
                .value("taken", path.captures.len())
                .value(
                    "cells",
                    path.captures
                        .iter()
                        .map(|c| c.name())
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
        },
        Action::Adjust(cell, delta) => Route {
            stages: vec![the_die(*cell)],
            label: Phrase::new("zk-menu-adjust")
                .value("cell", cell.name())
                .value("from", face_on(*cell))
                .value("to", (face_on(*cell) as i8 + delta).clamp(1, 6)),
        },
        Action::Setup(faces) => {
            let zone = before.to_move.zone();
            Route {
                stages: zone
                    .iter()
                    .zip(faces)
                    .take(5)
                    .map(|(cell, face)| {
                        Stage::new(format!("{}={face}", cell.name()), die(*cell, *face))
                    })
                    .collect(),
                label: set_up(zone.iter().copied().zip(faces.iter().copied())),
            }
        }
        other => Route {
            stages: Vec::new(),
            label: Phrase::new("menu-action").value("action", notation::format_action(other)),
        },
    }
}

fn set_up(dice: impl Iterator<Item = (Cell, u8)>) -> Phrase {
    let list: Vec<String> = dice.map(|(c, f)| format!("{}: {f}", c.name())).collect();
    Phrase::new("zk-menu-setup").value("setup", list.join(", "))
}

/// The menus of a free set-up (ZK-7.1), `None` elsewhere. The path alternates a face and
/// a cell: `[face on the corner, cell, face, cell, face, …]`; each cell offered touches the
/// dice placed and leaves room for the rest, so every menu leads to a set-up and every
/// set-up is reached (a connected group grows from its corner one neighbour at a time).
pub(super) fn free_set_up(
    pos: &Position,
    free: bool,
    path: &[String],
) -> Option<Option<Vec<Entry>>> {
    if !(free && pos.phase == Phase::Setup) {
        return None;
    }
    Some(placing(pos, path))
}

fn placing(pos: &Position, path: &[String]) -> Option<Vec<Entry>> {
    let corner = pos.to_move.zone()[0];
    let usable = |c: Cell| pos.dice[c.0 as usize].is_none() && !pos.is_obstacle(c);
    if !usable(corner) {
        return Some(Vec::new());
    }
    let (placed, pending) = read_path(path, corner, &usable)?;
    let faces_left = (1..=6u8).filter(|f| placed.iter().all(|(_, p)| p != f));
    let step = |key: String, label: Phrase, count| Entry::Step {
        path: path.iter().cloned().chain([key]).collect(),
        label,
        count,
    };
    Some(match pending {
        Some(cell) => faces_left
            .map(|face| step(face.to_string(), die(cell, face), None))
            .collect(),
        None if placed.len() == 5 => {
            let face = faces_left.max().unwrap_or(6);
            next_cells(&placed, &usable)
                .into_iter()
                .map(|cell| {
                    let mut dice = placed.clone();
                    dice.push((cell, face));
                    dice.sort_by_key(|(c, _)| c.0);
                    Entry::Action {
                        action: notation::format_action(&Action::Place(dice)),
                        label: die(cell, face),
                    }
                })
                .collect()
        }
        None => next_cells(&placed, &usable)
            .into_iter()
            .map(|cell| {
                let label = Phrase::new("zk-menu-cell").value("cell", cell.name());
                step(cell.name(), label, None)
            })
            .collect(),
    })
}

/// A die placed: its cell and its face.
type Die = (Cell, u8);

/// The dice a path placed, and a cell still waiting for its face (the corner first);
/// `None` for a path no menu offers.
fn read_path(
    path: &[String],
    corner: Cell,
    usable: &impl Fn(Cell) -> bool,
) -> Option<(Vec<Die>, Option<Cell>)> {
    let mut placed: Vec<Die> = Vec::new();
    let mut pending = Some(corner);
    for key in path {
        match pending.take() {
            Some(cell) => {
                let face: u8 = key.parse().ok()?;
                if !(1..=6).contains(&face) || placed.iter().any(|(_, f)| *f == face) {
                    return None;
                }
                placed.push((cell, face));
            }
            None => {
                let cell = Cell::parse(key).filter(|c| c.name() == *key)?;
                if !next_cells(&placed, usable).contains(&cell) {
                    return None;
                }
                pending = Some(cell);
            }
        }
    }
    (placed.len() < 6).then_some((placed, pending))
}

/// The cells the next die may take: usable, beside a placed die, and leaving a connected
/// room of usable cells big enough for the dice still to come. In cell order.
fn next_cells(placed: &[(Cell, u8)], usable: &impl Fn(Cell) -> bool) -> Vec<Cell> {
    let held: u64 = placed.iter().fold(0, |m, (c, _)| m | 1 << c.0);
    let mut out: Vec<Cell> = placed
        .iter()
        .flat_map(|(c, _)| Dir::ALL.into_iter().filter_map(move |d| c.step(d)))
        .filter(|&c| usable(c) && held & (1 << c.0) == 0)
        .filter(|&c| room(held | 1 << c.0, usable) >= 6)
        .collect();
    out.sort_by_key(|c| c.0);
    out.dedup();
    out
}

/// How many usable cells are connected to `cells` (which are counted).
fn room(cells: u64, usable: &impl Fn(Cell) -> bool) -> usize {
    let mut reached = cells;
    let mut stack: Vec<Cell> = Cell::all().filter(|c| cells & (1 << c.0) != 0).collect();
    while let Some(cell) = stack.pop() {
        for next in Dir::ALL.into_iter().filter_map(|d| cell.step(d)) {
            if usable(next) && reached & (1 << next.0) == 0 {
                reached |= 1 << next.0;
                stack.push(next);
            }
        }
    }
    debug_assert!(reached.count_ones() as usize <= CELLS);
    reached.count_ones() as usize
}
