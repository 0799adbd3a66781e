//! The circular board of DJ-1 and the material of DJ-2, as bitboards.

/// One of the 25 cells: `C` is 0, `i1`…`i12` are 1…12, `o1`…`o12` are 13…24, which is also
/// the canonical order of DJ-9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// The three zones of DJ-1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    Centre,
    /// The inner ring (combat zone), with the spoke number 1…12.
    Inner(u8),
    /// The outer ring (home), with the spoke number 1…12.
    Outer(u8),
}

/// Ring arithmetic wraps like a clock face: 12 + 1 = 1, 1 − 1 = 12 (DJ-1).
pub fn wrap(spoke: i32) -> u8 {
    ((spoke - 1).rem_euclid(12) + 1) as u8
}

impl Cell {
    pub const CENTRE: Cell = Cell(0);
    pub const COUNT: usize = 25;

    pub fn inner(spoke: i32) -> Cell {
        Cell(wrap(spoke))
    }

    pub fn outer(spoke: i32) -> Cell {
        Cell(12 + wrap(spoke))
    }

    pub fn from_index(index: usize) -> Option<Cell> {
        (index < Self::COUNT).then_some(Cell(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn bit(self) -> u32 {
        1 << self.0
    }

    pub fn zone(self) -> Zone {
        match self.0 {
            0 => Zone::Centre,
            k @ 1..=12 => Zone::Inner(k),
            k => Zone::Outer(k - 12),
        }
    }

    pub fn all() -> impl Iterator<Item = Cell> {
        (0..Self::COUNT as u8).map(Cell)
    }
}

/// The two players of DJ-2. White is seat 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn seat(self) -> usize {
        self as usize
    }

    pub fn from_seat(seat: usize) -> Option<Side> {
        match seat {
            0 => Some(Side::White),
            1 => Some(Side::Black),
            _ => None,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// Pieces per player (DJ-2).
pub const PIECES: u32 = 4;

/// A Dejarik position: the pieces of each side, the side to move, and which players have not
/// moved yet (they may not play a diagonal exit, DJ-3.8). Two positions are the same for the
/// repetition rule (DJ-5.5) exactly when these are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) pieces: [u32; 2],
    pub(crate) to_move: Side,
    pub(crate) first_turn: [bool; 2],
}

impl Position {
    /// The default set-up of DJ-2: White on o5–o8, Black on o11, o12, o1, o2, both players on
    /// their first turn, `first` to move.
    pub fn start(first: Side) -> Position {
        let cells = |spokes: [i32; 4]| spokes.iter().fold(0, |m, &k| m | Cell::outer(k).bit());
        Position {
            pieces: [cells([5, 6, 7, 8]), cells([11, 12, 1, 2])],
            to_move: first,
            first_turn: [true, true],
        }
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn is_first_turn(&self, side: Side) -> bool {
        self.first_turn[side.seat()]
    }

    pub fn pieces(&self, side: Side) -> impl Iterator<Item = Cell> + '_ {
        let mask = self.pieces[side.seat()];
        Cell::all().filter(move |c| mask & c.bit() != 0)
    }

    pub fn mask(&self, side: Side) -> u32 {
        self.pieces[side.seat()]
    }

    pub fn occupied(&self) -> u32 {
        self.pieces[0] | self.pieces[1]
    }

    pub fn at(&self, cell: Cell) -> Option<Side> {
        if self.pieces[0] & cell.bit() != 0 {
            Some(Side::White)
        } else if self.pieces[1] & cell.bit() != 0 {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// Pieces a side has lost (4 minus the pieces on the board, DJ-9).
    pub fn lost(&self, side: Side) -> u32 {
        PIECES.saturating_sub(self.pieces[side.seat()].count_ones())
    }

    /// Whether `side` holds `run` consecutive inner cells, wrapping round the ring.
    pub fn aligned(&self, side: Side, run: i32) -> bool {
        let mask = self.mask(side);
        (1..=12).any(|k| (0..run).all(|step| mask & Cell::inner(k + step).bit() != 0))
    }
}
