//! Move generation (DJ-3) and the resolution of diagonal exits (DJ-4).

use super::board::{Cell, Position, Side, Zone};

/// The six moves of DJ-3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    /// DJ-3.1 `ok` → `C`.
    Dejarik,
    /// DJ-3.2 `C` → `oj`.
    DejarikInverse,
    /// DJ-3.3 `ok` → `ik`.
    StraightExit,
    /// DJ-3.4 `ok` → `i(k±1)`, then DJ-4.
    DiagonalExit,
    /// DJ-3.5 `ok` → `i(k±2)`, then DJ-4.
    DoubleDiagonalExit,
    /// DJ-3.6 `ik` → `ok`.
    Return,
}

impl MoveKind {
    pub fn is_diagonal(self) -> bool {
        matches!(self, MoveKind::DiagonalExit | MoveKind::DoubleDiagonalExit)
    }
}

/// A move with everything it does: where the piece stopped on its way (the landing of a
/// diagonal exit and each augmentation, DJ-4.2) and the piece it killed (DJ-4.1). Boards
/// use this to draw the move; the notation keeps only `from` and `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    pub from: Cell,
    pub to: Cell,
    pub kind: MoveKind,
    stops: [Cell; 4],
    stop_count: u8,
    pub killed: Option<Cell>,
}

impl Resolved {
    fn simple(from: Cell, to: Cell, kind: MoveKind) -> Self {
        Resolved {
            from,
            to,
            kind,
            stops: [to; 4],
            stop_count: 1,
            killed: None,
        }
    }

    /// The cells the piece landed on, in order; the last one is `to`.
    pub fn stops(&self) -> &[Cell] {
        &self.stops[..self.stop_count as usize]
    }

    /// How many augmentations (DJ-4.2) the move made.
    pub fn augmentations(&self) -> usize {
        self.stop_count as usize - 1
    }
}

/// Every move of `side` in `pos` (ignoring whose turn it is), in canonical order: by origin,
/// then by final cell, both in the cell order of DJ-9.
pub fn generate(pos: &Position, side: Side, out: &mut Vec<Resolved>) {
    let occupied = pos.occupied();
    let empty = |cell: Cell| occupied & cell.bit() == 0;
    let start = out.len();
    for from in pos.pieces(side) {
        match from.zone() {
            Zone::Centre => {
                // DJ-3.2: to any outer cell whose spoke is clear.
                for j in 1..=12 {
                    if empty(Cell::inner(j)) && empty(Cell::outer(j)) {
                        out.push(Resolved::simple(
                            from,
                            Cell::outer(j),
                            MoveKind::DejarikInverse,
                        ));
                    }
                }
            }
            Zone::Inner(k) => {
                // DJ-3.6 and DJ-3.7: the return is the only move from the inner ring.
                let home = Cell::outer(k as i32);
                if empty(home) {
                    out.push(Resolved::simple(from, home, MoveKind::Return));
                }
            }
            Zone::Outer(k) => {
                let k = k as i32;
                let front = Cell::inner(k);
                if !empty(front) {
                    continue; // every exit and the Dejarik move need the cell in front
                }
                if empty(Cell::CENTRE) {
                    out.push(Resolved::simple(from, Cell::CENTRE, MoveKind::Dejarik));
                }
                out.push(Resolved::simple(from, front, MoveKind::StraightExit));
                if pos.is_first_turn(side) {
                    continue; // DJ-3.8
                }
                for d in [1, -1] {
                    if empty(Cell::inner(k + d)) {
                        out.push(resolve(pos, side, from, k + d, d, MoveKind::DiagonalExit));
                        if empty(Cell::outer(k + d)) && empty(Cell::inner(k + 2 * d)) {
                            out.push(resolve(
                                pos,
                                side,
                                from,
                                k + 2 * d,
                                d,
                                MoveKind::DoubleDiagonalExit,
                            ));
                        }
                    }
                }
            }
        }
    }
    out[start..].sort_by_key(|m| (m.from, m.to));
}

/// The loop of DJ-4 for a diagonal exit from `from` landing on inner spoke `landing`,
/// travelling in direction `d`.
fn resolve(
    pos: &Position,
    side: Side,
    from: Cell,
    landing: i32,
    d: i32,
    kind: MoveKind,
) -> Resolved {
    let own = pos.mask(side) & !from.bit();
    let enemy = pos.mask(side.other());
    let occupied = own | enemy;
    let mut j = landing;
    let mut stops = [Cell::inner(j); 4];
    let mut stop_count = 1;
    let mut killed = None;
    // DJ-4.6: each augmentation needs another friendly piece behind its landing cell, so the
    // loop runs at most four times; the bound only guards against a broken invariant.
    for _ in 0..4 {
        // DJ-4.1 and DJ-4.4: a kill ends the move, before any augmentation. The near
        // neighbour is always empty, so only the far one can hold the victim.
        let far = Cell::inner(j + d);
        if enemy & far.bit() != 0 {
            killed = Some(far);
            break;
        }
        // DJ-4.2 and DJ-4.3: augmentation when the landing cell is in front of a friendly
        // piece and the next two cells are free.
        let behind = Cell::outer(j);
        let next = Cell::inner(j + 2 * d);
        if own & behind.bit() != 0
            && occupied & far.bit() == 0
            && occupied & next.bit() == 0
            && stop_count < stops.len()
        {
            j += 2 * d;
            stops[stop_count] = next;
            stop_count += 1;
            continue;
        }
        break;
    }
    Resolved {
        from,
        to: Cell::inner(j),
        kind,
        stops,
        stop_count: stop_count as u8,
        killed,
    }
}

/// Whether `side` has at least one move in `pos` (cheaper than generating them all).
pub fn has_move(pos: &Position, side: Side) -> bool {
    let occupied = pos.occupied();
    let empty = |cell: Cell| occupied & cell.bit() == 0;
    pos.pieces(side).any(|from| match from.zone() {
        Zone::Centre => (1..=12).any(|j| empty(Cell::inner(j)) && empty(Cell::outer(j))),
        Zone::Inner(k) => empty(Cell::outer(k as i32)),
        // The straight exit is possible whenever any exit is.
        Zone::Outer(k) => empty(Cell::inner(k as i32)),
    })
}

/// Plays a resolved move: the piece goes to its final cell, the victim leaves the game, the
/// turn passes and the mover's first turn is over.
pub fn play(pos: &Position, mv: &Resolved) -> Position {
    let side = pos.to_move;
    let mut next = *pos;
    next.pieces[side.seat()] = (next.pieces[side.seat()] & !mv.from.bit()) | mv.to.bit();
    if let Some(victim) = mv.killed {
        next.pieces[side.other().seat()] &= !victim.bit();
    }
    next.first_turn[side.seat()] = false;
    next.to_move = side.other();
    next
}

/// A pass (DJ-5.6): only the turn and the passer's first-turn flag change.
pub fn pass(pos: &Position) -> Position {
    let mut next = *pos;
    next.first_turn[pos.to_move.seat()] = false;
    next.to_move = pos.to_move.other();
    next
}
