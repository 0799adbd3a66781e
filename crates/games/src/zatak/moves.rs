//! Zatak's moves (ZK-3): exact-length straight paths, captures mid-path, a free choice of
//! direction after each capture, several captures in one move.

use super::board::{Cell, Dir};
use super::{Position, Side};

/// One legal move of a die: the cells it captured in order and where it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    pub from: Cell,
    pub captures: Vec<Cell>,
    pub to: Cell,
    /// The face it shows at the end (changed by captures only under `takeface`).
    pub face: u8,
}

impl Path {
    /// ZK-8.2: the start, every capture cell with `x`, and the final cell unless it is the
    /// last capture.
    pub fn spelling(&self) -> String {
        let mut parts = vec![self.from.name()];
        parts.extend(self.captures.iter().map(|c| format!("x{}", c.name())));
        if self.captures.last() != Some(&self.to) {
            parts.push(self.to.name());
        }
        parts.join("-")
    }
}

/// The board as a moving die sees it: who is where, with vacated cells empty (ZK-3.7).
struct Walk<'a> {
    pos: &'a Position,
    side: Side,
    from: Cell,
    takeface: bool,
    out: Vec<Path>,
}

impl Walk<'_> {
    fn occupant(&self, cell: Cell, captured: &[Cell]) -> Option<Side> {
        if cell == self.from || captured.contains(&cell) {
            return None;
        }
        self.pos.dice[cell.0 as usize].map(|(side, _)| side)
    }

    /// Goes on from `at` in `dir` with `left` steps to make.
    fn go(&mut self, at: Cell, dir: Dir, left: u8, captured: &mut Vec<Cell>, face: u8) {
        let Some(next) = at.step(dir) else {
            return; // ZK-3.4: the die never stops short.
        };
        if self.pos.is_obstacle(next) {
            return;
        }
        match self.occupant(next, captured) {
            Some(side) if side == self.side => {}
            Some(_) => {
                // ZK-3.5: a capture; ZK-3.6: then any direction.
                captured.push(next);
                let face = if self.takeface {
                    self.pos.dice[next.0 as usize].map_or(face, |(_, f)| f)
                } else {
                    face
                };
                if left == 1 {
                    self.finish(next, captured, face);
                } else {
                    for dir in Dir::ALL {
                        self.go(next, dir, left - 1, captured, face);
                    }
                }
                captured.pop();
            }
            None if left == 1 => self.finish(next, captured, face),
            None => self.go(next, dir, left - 1, captured, face),
        }
    }

    fn finish(&mut self, to: Cell, captured: &[Cell], face: u8) {
        self.out.push(Path {
            from: self.from,
            captures: captured.to_vec(),
            to,
            face,
        });
    }
}

/// Every legal path of `side`'s dice, one per spelling, in ASCII order of spellings (ZK-8.3).
pub fn paths(pos: &Position, side: Side, takeface: bool) -> Vec<Path> {
    let mut all = Vec::new();
    for cell in Cell::all() {
        let Some((owner, face)) = pos.dice[cell.0 as usize] else {
            continue;
        };
        if owner != side {
            continue;
        }
        let mut walk = Walk {
            pos,
            side,
            from: cell,
            takeface,
            out: Vec::new(),
        };
        for dir in Dir::ALL {
            walk.go(cell, dir, face, &mut Vec::new(), face);
        }
        all.extend(walk.out);
    }
    let mut keyed: Vec<(String, Path)> = all.into_iter().map(|p| (p.spelling(), p)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed.dedup_by(|a, b| a.0 == b.0);
    keyed.into_iter().map(|(_, p)| p).collect()
}
