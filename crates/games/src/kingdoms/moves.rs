//! The actions KG-3 to KG-5 allow, before the Assassin's obligation narrows them
//! (`threats`). Each piece's reach (KG-4) is a set of cells; the chain rule (KG-5) is one
//! mask per lifted piece, the cells next to every group the others form
//! ([`board::joining`]), so no move is tried and then checked.

use super::board::{self, Bits, Cell, BOARD, DIRECTIONS, ORTHOGONAL};
use super::{Action, Kind, Position, Side};

/// KG-3.1–3.4: the cells where `side` may place a piece now.
pub fn placement_cells(pos: &Position, side: Side) -> Bits {
    let occupied = pos.occupied();
    let mine = pos.of(side);
    if occupied == 0 {
        // KG-3.1 (read from the board, KG-9.5)
        return BOARD;
    }
    if side == Side::Purple && mine == 0 {
        // KG-3.2: next to Orange's piece, in whatever kingdom
        return board::around(pos.of(Side::Orange)) & !occupied;
    }
    // KG-3.4: next to a piece of the mover in the same kingdom
    board::KINGDOMS
        .iter()
        .fold(0, |cells, &k| cells | (board::grow(mine & k) & k))
        & !occupied
}

/// KG-4: the empty cells the piece of `kind` on `from` reaches, the chain aside
/// (the Assassin's contact rule included).
pub fn reach(pos: &Position, kind: Kind, from: Cell) -> Bits {
    let occupied = pos.occupied();
    let empty = BOARD & !occupied;
    match kind {
        // KG-4.1
        Kind::Ghost => empty,
        // KG-4.2: along each line, over pieces
        Kind::Witch => {
            DIRECTIONS
                .iter()
                .map(|&d| ray(from, d).fold(0, |b, c| b | c.bit()))
                .fold(0, |a, b| a | b)
                & empty
        }
        // KG-4.3
        Kind::Cat => {
            KNIGHT
                .iter()
                .filter_map(|&d| from.step(d))
                .fold(0, |b, c| b | c.bit())
                & empty
        }
        // KG-4.4: to the last empty cell of the line, never earlier
        Kind::Bat => DIRECTIONS
            .iter()
            .filter_map(|&d| bat_stop(occupied, from, d))
            .fold(0, |b, c| b | c.bit()),
        // KG-4.5
        Kind::Pumpkin => board::around(from.bit()) & empty,
        // KG-4.6
        Kind::Assassin => assassin_paths(pos, from)
            .iter()
            .fold(0, |b, path| b | path[2].bit()),
    }
}

const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The cells from `from` (excluded) to the edge along `d`.
fn ray(from: Cell, d: (i8, i8)) -> impl Iterator<Item = Cell> {
    std::iter::successors(from.step(d), move |c| c.step(d))
}

fn bat_stop(occupied: Bits, from: Cell, d: (i8, i8)) -> Option<Cell> {
    ray(from, d).take_while(|c| occupied & c.bit() == 0).last()
}

/// KG-4.6: every legal path `[c1, c2, c3]` of the Assassin on `from`: three orthogonal
/// steps over empty cells, never back, each cell next to a piece other than itself.
pub fn assassin_paths(pos: &Position, from: Cell) -> Vec<[Cell; 3]> {
    let others = pos.occupied() & !from.bit();
    let open = board::around(others) & !others & !from.bit();
    let mut paths = Vec::new();
    for (i, &d1) in ORTHOGONAL.iter().enumerate() {
        let Some(c1) = from.step(d1).filter(|c| open & c.bit() != 0) else {
            continue;
        };
        for (j, &d2) in ORTHOGONAL.iter().enumerate() {
            if j == (i + 2) % 4 {
                continue;
            }
            let Some(c2) = c1.step(d2).filter(|c| open & c.bit() != 0) else {
                continue;
            };
            for (k, &d3) in ORTHOGONAL.iter().enumerate() {
                if k == (j + 2) % 4 {
                    continue;
                }
                if let Some(c3) = c2.step(d3).filter(|c| open & c.bit() != 0) {
                    paths.push([c1, c2, c3]);
                }
            }
        }
    }
    paths
}

/// KG-4.6 for a path typed in full: whether `[c1, c2, c3]` is one of the Assassin's paths.
pub fn is_assassin_path(pos: &Position, from: Cell, path: &[Cell; 3]) -> bool {
    assassin_paths(pos, from).contains(path)
}

/// KG-5.2: the cells where the piece on `from` may land and leave one group.
pub fn chain_mask(pos: &Position, from: Cell) -> Bits {
    board::joining(pos.occupied() & !from.bit())
}

/// Every action of the side to move allowed by KG-3–5, in canonical order (moves by start
/// and end cell, then placements by cell and kind); no pass.
pub fn actions(pos: &Position) -> Vec<Action> {
    let side = pos.to_move;
    let mut out = Vec::with_capacity(64);
    if pos.occupied() != 0 {
        let mut pieces: Vec<(Cell, Kind)> = Kind::ALL
            .iter()
            .flat_map(|&k| board::cells_of(pos.kind_of(side, k)).map(move |c| (c, k)))
            .collect();
        pieces.sort();
        for (from, kind) in pieces {
            let to = reach(pos, kind, from) & chain_mask(pos, from);
            out.extend(board::cells_of(to).map(|to| Action::Move(from, to)));
        }
    }
    let kinds: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|&k| pos.reserve(side, k) > 0)
        .collect();
    for cell in board::cells_of(placement_cells(pos, side)) {
        out.extend(kinds.iter().map(|&k| Action::Place(k, cell)));
    }
    out
}
