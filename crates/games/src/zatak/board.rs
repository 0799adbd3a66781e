//! The 37-cell hexagon of ZK-1: cells in canonical order (file `a`→`g`, rank upwards), the
//! six directions and each cell's neighbours, per the table of ZK-1.4.

use std::sync::OnceLock;

/// Cells per file `a` … `g` (ZK-1.1).
pub const FILE_LEN: [u8; 7] = [4, 5, 6, 7, 6, 5, 4];
pub const CELLS: usize = 37;

/// A cell, by its index in canonical order (`a1` = 0 … `g4` = 36).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

/// The six directions, clockwise from N (ZK-1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];
}

impl Cell {
    /// The cell of file `file` (1 = `a` … 7 = `g`) and rank `rank` (from 1), if it exists.
    pub fn at(file: i8, rank: i8) -> Option<Cell> {
        if !(1..=7).contains(&file) || rank < 1 || rank > FILE_LEN[file as usize - 1] as i8 {
            return None;
        }
        let before: u8 = FILE_LEN[..file as usize - 1].iter().sum();
        Some(Cell(before + rank as u8 - 1))
    }

    /// (file 1–7, rank from 1).
    pub fn coords(self) -> (i8, i8) {
        let mut index = self.0;
        for (f, &len) in FILE_LEN.iter().enumerate() {
            if index < len {
                return (f as i8 + 1, index as i8 + 1);
            }
            index -= len;
        }
        unreachable!("a cell index is below 37")
    }

    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// The neighbour in `dir`, or `None` off the board (ZK-1.4).
    pub fn step(self, dir: Dir) -> Option<Cell> {
        neighbours()[self.0 as usize][dir as usize]
    }

    /// `d4`.
    pub fn name(self) -> String {
        let (file, rank) = self.coords();
        format!("{}{rank}", (b'a' + file as u8 - 1) as char)
    }

    /// Reads `d4` (any case, surrounding spaces ignored).
    pub fn parse(text: &str) -> Option<Cell> {
        let text = text.trim().to_ascii_lowercase();
        let mut chars = text.chars();
        let file = chars.next()?;
        if !('a'..='g').contains(&file) {
            return None;
        }
        let rank: i8 = chars.as_str().parse().ok()?;
        if chars.as_str().starts_with('0') {
            return None;
        }
        Cell::at(file as i8 - 'a' as i8 + 1, rank)
    }
}

fn compute(cell: Cell, dir: Dir) -> Option<Cell> {
    let (i, r) = cell.coords();
    let (di, dr) = match dir {
        Dir::N => (0, 1),
        Dir::S => (0, -1),
        Dir::NE if i < 4 => (1, 1),
        Dir::NE => (1, 0),
        Dir::SE if i < 4 => (1, 0),
        Dir::SE => (1, -1),
        Dir::NW if i > 4 => (-1, 1),
        Dir::NW => (-1, 0),
        Dir::SW if i > 4 => (-1, 0),
        Dir::SW => (-1, -1),
    };
    Cell::at(i + di, r + dr)
}

fn neighbours() -> &'static [[Option<Cell>; 6]; CELLS] {
    static TABLE: OnceLock<[[Option<Cell>; 6]; CELLS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[None; 6]; CELLS];
        for cell in Cell::all() {
            for dir in Dir::ALL {
                table[cell.0 as usize][dir as usize] = compute(cell, dir);
            }
        }
        table
    })
}
