//! Checkers and plays (BG-1, BG-3). A side is one player's checkers counted from its own
//! side of the board, in GNU Backgammon's layout: index 0..=23 holds its points 1..=24 and
//! index 24 its bar; what is missing from 15 is borne off. A player's point p is the
//! opponent's point 25 − p, so index i of one side faces index 23 − i of the other.

use std::collections::HashMap;

/// One player's checkers (see the module documentation).
pub type Side = [u8; 25];

/// The index of the bar in a [`Side`].
pub const BAR: usize = 24;
/// The destination index of a checker borne off.
pub const OFF: i8 = -1;
/// Checkers per player (BG-1).
pub const CHECKERS: u8 = 15;

/// The start position of BG-1.1, the same for both sides.
pub fn start_side() -> Side {
    let mut side = [0; 25];
    side[23] = 2;
    side[12] = 5;
    side[7] = 3;
    side[5] = 5;
    side
}

/// Checkers of a side still on the board or the bar.
pub fn on_board(side: &Side) -> u8 {
    side.iter().sum()
}

/// Checkers of a side borne off.
pub fn borne_off(side: &Side) -> u8 {
    CHECKERS.saturating_sub(on_board(side))
}

/// Pip count: the pips a side needs to bear everything off (the bar counts 25).
pub fn pips(side: &Side) -> u32 {
    side.iter()
        .enumerate()
        .map(|(i, &n)| (i as u32 + 1) * n as u32)
        .sum()
}

/// The point the opponent's index `i` faces on the mover's side.
fn facing(i: usize) -> usize {
    23 - i
}

/// The mover and the opponent, each from its own side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub me: Side,
    pub them: Side,
}

/// One checker moving by one die: from index (24 = bar) to index (−1 = off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: u8,
    pub to: i8,
}

/// A whole turn's play (BG-3.8): the steps of one sequence that reaches it, and the final
/// board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    pub steps: Vec<Step>,
    pub after: Board,
}

impl Board {
    /// Whether every checker of the mover is home (its points 1–6) or off: bearing off is
    /// allowed (BG-3.6).
    pub fn all_home(&self) -> bool {
        self.me[6..].iter().all(|&n| n == 0)
    }

    /// Where a checker on index `from` lands with die `die`, if it may (BG-3.3, BG-3.4,
    /// BG-3.6). The bar rule (enter first) is the caller's.
    pub fn target(&self, from: usize, die: u8) -> Option<i8> {
        if self.me[from] == 0 {
            return None;
        }
        let to = from as i8 - die as i8;
        if to >= 0 {
            if self.them[facing(to as usize)] >= 2 {
                return None;
            }
            return Some(to);
        }
        // Bearing off: exact, or a higher die from the highest occupied point.
        if from == BAR || !self.all_home() {
            return None;
        }
        if to == OFF || self.me[from + 1..6].iter().all(|&n| n == 0) {
            Some(OFF)
        } else {
            None
        }
    }

    /// Moves one checker; a blot where it lands goes to the opponent's bar (BG-3.3).
    pub fn step(&mut self, step: Step) {
        self.me[step.from as usize] -= 1;
        if step.to >= 0 {
            let to = step.to as usize;
            let faced = facing(to);
            if self.them[faced] == 1 {
                self.them[faced] = 0;
                self.them[BAR] += 1;
            }
            self.me[to] += 1;
        }
    }

    /// Whether landing on index `to` hits a blot in this (pre-step) board.
    pub fn hits(&self, to: i8) -> bool {
        to >= 0 && self.them[facing(to as usize)] == 1
    }

    /// The same position seen by the other player.
    pub fn swapped(&self) -> Board {
        Board {
            me: self.them,
            them: self.me,
        }
    }

    /// Every legal play with these dice, deduplicated by final board (BG-3.5, BG-3.8), in
    /// the order GNU Backgammon finds them; each keeps the last sequence found for it, as
    /// gnubg does, so that notations agree. Empty when no die can be used (BG-3.7).
    pub fn plays(&self, d1: u8, d2: u8) -> Vec<Play> {
        let mut search = Search {
            dice: if d1 == d2 {
                [d1, d1, d1, d1]
            } else {
                [d1, d2, 0, 0]
            },
            most_dice: 0,
            most_pips: 0,
            found: Vec::new(),
            index: HashMap::default(),
            steps: Vec::with_capacity(4),
        };
        search.walk(*self, 0, 23, 0);
        if d1 != d2 {
            search.dice = [d2, d1, 0, 0];
            search.walk(*self, 0, 23, 0);
        }
        search.found
    }
}

/// The depth-first search of [`Board::plays`].
struct Search {
    dice: [u8; 4],
    most_dice: usize,
    most_pips: u32,
    found: Vec<Play>,
    /// Found plays by the 80-bit key of their final board.
    index: HashMap<u128, usize, BuildKeyHasher>,
    steps: Vec<Step>,
}

/// The key of a board: gnubg's position key (each side's 25 places as that many 1 bits
/// and a 0), which is unique per position and cheap to hash.
fn key(board: &Board) -> u128 {
    let mut key = 0u128;
    let mut bit = 0;
    for side in [&board.them, &board.me] {
        for &n in side.iter() {
            key |= ((1u128 << n) - 1) << bit;
            bit += n as u32 + 1;
        }
    }
    key
}

/// Hashing for keys that are already well spread: fold the 128 bits and multiply.
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u128(&mut self, n: u128) {
        self.0 =
            ((n as u64) ^ ((n >> 64) as u64).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type BuildKeyHasher = std::hash::BuildHasherDefault<KeyHasher>;

impl Search {
    /// Tries every step for die number `depth`; returns whether any was possible.
    fn walk(&mut self, board: Board, depth: usize, start: usize, pips: u32) -> bool {
        if depth > 3 || self.dice[depth] == 0 {
            return false;
        }
        let die = self.dice[depth];
        let doubles = self.dice[0] == self.dice[1];
        let mut any = false;
        let on_bar = board.me[BAR] > 0;
        let (first, last) = if on_bar {
            (BAR, BAR)
        } else {
            (start.min(23), 0)
        };
        for from in (last..=first).rev() {
            let Some(to) = board.target(from, die) else {
                continue;
            };
            any = true;
            let step = Step {
                from: from as u8,
                to,
            };
            let mut next = board;
            next.step(step);
            self.steps.push(step);
            let next_start = if from == BAR || !doubles { 23 } else { from };
            if !self.walk(next, depth + 1, next_start, pips + die as u32) {
                self.save(next, depth + 1, pips + die as u32);
            }
            self.steps.pop();
        }
        any
    }

    /// Keeps a complete sequence if it uses as many dice and pips as the best so far
    /// (BG-3.5: both dice, else the higher one; as many of a double as possible).
    fn save(&mut self, after: Board, used: usize, pips: u32) {
        if used < self.most_dice || pips < self.most_pips {
            return;
        }
        if used > self.most_dice || pips > self.most_pips {
            self.found.clear();
            self.index.clear();
        }
        self.most_dice = used;
        self.most_pips = pips;
        match self.index.get(&key(&after)) {
            Some(&i) => self.found[i].steps.clone_from(&self.steps),
            None => {
                self.index.insert(key(&after), self.found.len());
                self.found.push(Play {
                    steps: self.steps.clone(),
                    after,
                });
            }
        }
    }
}
