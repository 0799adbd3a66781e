//! The 9 × 9 board of KG-1 as bitboards: a cell is a bit of a `u128` (index = 9 × rank0 +
//! file), so adjacency is a handful of shifts and the chain rule (KG-5) a flood fill of a
//! few dozen word operations instead of a graph search per move.

/// A set of cells: bit `9 × (rank − 1) + file` for file `a` = 0 … `i` = 8.
pub type Bits = u128;

pub const CELLS: usize = 81;
/// Every cell of the board.
pub const BOARD: Bits = (1u128 << CELLS) - 1;

const fn file_mask(file: usize) -> Bits {
    let mut mask = 0;
    let mut rank = 0;
    while rank < 9 {
        mask |= 1u128 << (rank * 9 + file);
        rank += 1;
    }
    mask
}

const FILE_A: Bits = file_mask(0);
const FILE_I: Bits = file_mask(8);

/// A cell by index, `a1` = 0, `b1` = 1 … `i9` = 80.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

impl Cell {
    pub fn at(file: i8, rank0: i8) -> Option<Cell> {
        ((0..9).contains(&file) && (0..9).contains(&rank0)).then(|| Cell((rank0 * 9 + file) as u8))
    }

    pub fn file(self) -> i8 {
        (self.0 % 9) as i8
    }

    /// The rank counted from 0 (rank `1` is 0).
    pub fn rank0(self) -> i8 {
        (self.0 / 9) as i8
    }

    pub fn bit(self) -> Bits {
        1u128 << self.0
    }

    /// KG-1.2: kingdoms numbered 1–9 like a phone keypad from the top left.
    pub fn kingdom(self) -> u8 {
        (3 * (2 - self.rank0() / 3) + self.file() / 3 + 1) as u8
    }

    /// KG-9.1: `a1` … `i9`, lower case.
    pub fn name(self) -> String {
        format!(
            "{}{}",
            char::from(b'a' + self.file() as u8),
            self.rank0() + 1
        )
    }

    /// A cell name in any case (KG-9.1).
    pub fn parse(text: &str) -> Option<Cell> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        (file < 9 && rank < 9).then(|| Cell(rank * 9 + file))
    }

    /// The cell one step in direction (df, dr), if it is on the board.
    pub fn step(self, (df, dr): (i8, i8)) -> Option<Cell> {
        Cell::at(self.file() + df, self.rank0() + dr)
    }

    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

/// KG-1.4: the eight directions, orthogonal ones first.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The cells of kingdom `k` (1–9).
pub fn kingdom(k: u8) -> Bits {
    KINGDOMS[(k - 1) as usize]
}

const fn kingdom_mask(k: usize) -> Bits {
    let mut mask = 0;
    let mut i = 0;
    while i < CELLS {
        let (file, rank0) = (i % 9, i / 9);
        if 3 * (2 - rank0 / 3) + file / 3 == k {
            mask |= 1u128 << i;
        }
        i += 1;
    }
    mask
}

pub const KINGDOMS: [Bits; 9] = [
    kingdom_mask(0),
    kingdom_mask(1),
    kingdom_mask(2),
    kingdom_mask(3),
    kingdom_mask(4),
    kingdom_mask(5),
    kingdom_mask(6),
    kingdom_mask(7),
    kingdom_mask(8),
];

/// `cells` and every cell adjacent to one of them (KG-1.3).
pub fn grow(cells: Bits) -> Bits {
    let row = cells | ((cells & !FILE_I) << 1) | ((cells & !FILE_A) >> 1);
    (row | (row << 9) | (row >> 9)) & BOARD
}

/// The cells adjacent to at least one of `cells` and not in it.
pub fn around(cells: Bits) -> Bits {
    grow(cells) & !cells
}

/// The group of `cells` (8-connected, KG-5.1) that holds `seed`.
pub fn group(cells: Bits, seed: Bits) -> Bits {
    let mut reach = seed & cells;
    loop {
        let next = grow(reach) & cells;
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

/// KG-5.1: whether `cells` form one group (an empty board does).
pub fn connected(cells: Bits) -> bool {
    cells == 0 || group(cells, lowest(cells)) == cells
}

/// The cells every piece must touch for `cells` to be one group again once a piece lands
/// on one of them: the cells adjacent to every group of `cells` (all cells when there is
/// none).
pub fn joining(cells: Bits) -> Bits {
    let mut allowed = BOARD;
    let mut rest = cells;
    while rest != 0 {
        let part = group(rest, lowest(rest));
        allowed &= around(part);
        rest &= !part;
    }
    allowed
}

fn lowest(cells: Bits) -> Bits {
    cells & cells.wrapping_neg()
}

/// The cells of a set, lowest index first.
pub fn cells_of(mut bits: Bits) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(Cell(index))
    })
}
