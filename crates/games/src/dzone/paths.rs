//! The zone's cells (DZ-1, DZ-8.1) and the staircase paths of a move (DZ-4.3, DZ-4.4): every
//! shortest orthogonal path from a marble to the target, grouped by the marbles it captures.

use super::{Move, Position, Square};

/// A cell `XY` by index `6 × (X − 1) + (Y − 1)`, so that index order is the canonical order
/// 11, 12, …, 16, 21, …, 66 (DZ-8.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

pub const CELLS: usize = 36;

impl Cell {
    /// The cell of column `x` and row `y` (1..6 each).
    pub fn at(x: u8, y: u8) -> Option<Cell> {
        ((1..=6).contains(&x) && (1..=6).contains(&y)).then(|| Cell((x - 1) * 6 + (y - 1)))
    }

    pub fn x(self) -> u8 {
        self.0 / 6 + 1
    }

    pub fn y(self) -> u8 {
        self.0 % 6 + 1
    }

    /// `XY`, column then row (DZ-8.1).
    pub fn name(self) -> String {
        format!("{}{}", self.x(), self.y())
    }

    pub fn parse(text: &str) -> Option<Cell> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        Cell::at(bytes[0].wrapping_sub(b'0'), bytes[1].wrapping_sub(b'0'))
    }

    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// DZ-1.2: the distance |ΔX| + |ΔY|.
    pub fn distance(self, other: Cell) -> u8 {
        self.x().abs_diff(other.x()) + self.y().abs_diff(other.y())
    }
}

/// One shortest path: every cell from the origin to the target.
fn staircases(from: Cell, to: Cell) -> Vec<Vec<Cell>> {
    let (nx, ny) = (from.x().abs_diff(to.x()), from.y().abs_diff(to.y()));
    let sx: i8 = if to.x() > from.x() { 1 } else { -1 };
    let sy: i8 = if to.y() > from.y() { 1 } else { -1 };
    let steps = (nx + ny) as u32;
    let mut out = Vec::new();
    // Each path is a choice of which of its steps go along X: a bit set with nx bits.
    for mask in 0u32..(1 << steps) {
        if mask.count_ones() != nx as u32 {
            continue;
        }
        let (mut x, mut y) = (from.x() as i8, from.y() as i8);
        let mut cells = vec![from];
        for i in 0..steps {
            if mask & (1 << i) != 0 {
                x += sx;
            } else {
                y += sy;
            }
            if let Some(cell) = Cell::at(x as u8, y as u8) {
                cells.push(cell);
            }
        }
        out.push(cells);
    }
    out
}

/// The cells where a path turns (DZ-8.3): those whose step in differs from their step out.
pub fn turning_points(path: &[Cell]) -> Vec<Cell> {
    path.windows(3)
        .filter(|w| (w[1].x() == w[0].x()) != (w[2].x() == w[1].x()))
        .map(|w| w[1])
        .collect()
}

/// DZ-4.3: the marbles a path captures, or `None` when steel or one of the mover's own
/// marbles stands on an intermediate cell.
fn captures(pos: &Position, mover: usize, path: &[Cell]) -> Option<Vec<Cell>> {
    if path.len() < 2 {
        // Not a move: a marble does not move onto its own cell.
        return None;
    }
    let mut taken = Vec::new();
    for &cell in &path[1..path.len() - 1] {
        match pos.board[cell.0 as usize] {
            Square::Empty => {}
            Square::Steel => return None,
            Square::Marble(c) if c as usize == mover => return None,
            Square::Marble(_) => taken.push(cell),
        }
    }
    taken.sort();
    Some(taken)
}

/// A spelling's cells: origin, turning points, target.
fn spelling(from: Cell, via: &[Cell], to: Cell) -> String {
    let mut parts = vec![from.name()];
    parts.extend(via.iter().map(|c| c.name()));
    parts.push(to.name());
    parts.join("-")
}

/// DZ-4.4, DZ-8.3: the moves of the marble on `from` to `target`, one per set of captures,
/// each with its canonical path (fewest turning points, then the smaller spelling); the
/// turning points are named only when the origin has more than one move.
pub fn moves_from(pos: &Position, mover: usize, from: Cell, target: Cell) -> Vec<Move> {
    let mut best: Vec<(Vec<Cell>, Vec<Cell>, Vec<Cell>)> = Vec::new();
    for path in staircases(from, target) {
        let Some(taken) = captures(pos, mover, &path) else {
            continue;
        };
        let via = turning_points(&path);
        let key = |v: &Vec<Cell>| (v.len(), spelling(from, v, target));
        match best.iter_mut().find(|(t, _, _)| *t == taken) {
            Some(entry) if key(&via) < key(&entry.1) => {
                entry.1 = via;
                entry.2 = path;
            }
            Some(_) => {}
            None => best.push((taken, via, path)),
        }
    }
    let named = best.len() > 1;
    best.into_iter()
        .map(|(captures, via, path)| Move {
            from,
            to: target,
            via: if named { via } else { Vec::new() },
            captures,
            path,
        })
        .collect()
}

/// Every legal path of the marble on `from` to `target` with what it captures, for reading
/// a path typed in full.
pub fn legal_paths(
    pos: &Position,
    mover: usize,
    from: Cell,
    target: Cell,
) -> Vec<(Vec<Cell>, Vec<Cell>)> {
    staircases(from, target)
        .into_iter()
        .filter_map(|path| captures(pos, mover, &path).map(|taken| (path, taken)))
        .collect()
}

impl Move {
    /// DZ-8.3: `22-42-44`, or `45-44` when the origin has one move.
    pub fn spelling(&self) -> String {
        spelling(self.from, &self.via, self.to)
    }
}
