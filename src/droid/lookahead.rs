//! Expectimax to a fixed number of rolls ahead, for games whose estimate is sharp (a trained
//! evaluation): every chance outcome is weighed by its probability, exactly, instead of
//! sampled, and each decision on the way takes the best of a few candidates chosen by the
//! estimate of the positions they lead to. It is GNU Backgammon's own way of looking ahead
//! ("n-ply" with move filters), written over the rules contract's choices by number, so it
//! needs nothing of any game but its estimate.
//!
//! Depth counts the chance nodes crossed; decisions do not spend it, but a path meets at most
//! [`MAX_DECISIONS`] of them, so that a game without chance still ends its search. Where the
//! depth is spent, a position is read by the estimate: in backgammon, once the dice are
//! rolled, that is the mover's best play by the network — the last ply comes from the
//! estimate itself. It is deterministic, so `/verify` recomputes its choice.

use super::search::{estimate, fit};
use crate::games::{DynPlay, Status};

/// How far and how wide a lookahead goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lookahead {
    /// Chance nodes crossed before positions are read by the estimate.
    pub rolls: u8,
    /// Candidates kept at the root (the best by the estimate of the position each leads to).
    pub root: usize,
    /// Candidates kept at each decision further down.
    pub inner: usize,
}

/// Decisions a path may meet before its position is read by the estimate.
const MAX_DECISIONS: usize = 4;

/// What a lookahead chose and how much it read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Looked {
    pub choice: usize,
    /// Positions stepped into.
    pub positions: u64,
}

/// The choice of the seat to move at `root`, looking `plan.rolls` rolls ahead; `None` where
/// no seat is to move or nothing can be chosen.
pub fn choose(root: &dyn DynPlay, plan: Lookahead) -> Option<Looked> {
    let Status::ToMove(seat) = root.status() else {
        return None;
    };
    let seats = root.info().max_seats.max(2);
    let mut walk = Walk {
        plan,
        seats,
        positions: 0,
    };
    let candidates = walk.candidates(root, seat, plan.root);
    let mut best: Option<(f64, usize)> = None;
    for (choice, next) in candidates {
        let value = walk.value(next.as_ref(), plan.rolls, 0)[seat];
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, choice));
        }
    }
    best.map(|(_, choice)| Looked {
        choice,
        positions: walk.positions,
    })
}

struct Walk {
    plan: Lookahead,
    seats: usize,
    positions: u64,
}

impl Walk {
    /// Every seat's value of `play` with `rolls` chance nodes left to cross and `decisions`
    /// met so far on the path.
    fn value(&mut self, play: &dyn DynPlay, rolls: u8, decisions: usize) -> Vec<f64> {
        if let Some(reward) = play.reward() {
            return fit(reward, self.seats);
        }
        if rolls == 0 || decisions >= MAX_DECISIONS {
            return estimate(play, self.seats);
        }
        match play.status() {
            Status::Over(_) => estimate(play, self.seats),
            Status::Chance => {
                let weights = play.chance_weights();
                let total: f64 = weights.iter().sum();
                let mut mean = vec![0.0; self.seats];
                for (i, w) in weights.iter().enumerate() {
                    let mut next = play.clone_box();
                    self.positions += 1;
                    if next.step(i).is_err() {
                        continue;
                    }
                    let v = self.value(next.as_ref(), rolls - 1, decisions);
                    for (m, x) in mean.iter_mut().zip(v) {
                        *m += w / total * x;
                    }
                }
                mean
            }
            Status::ToMove(seat) => {
                let mut best: Option<Vec<f64>> = None;
                for (_, next) in self.candidates(play, seat, self.plan.inner) {
                    let v = self.value(next.as_ref(), rolls, decisions + 1);
                    if best.as_ref().is_none_or(|b| v[seat] > b[seat]) {
                        best = Some(v);
                    }
                }
                best.unwrap_or_else(|| estimate(play, self.seats))
            }
        }
    }

    /// The `keep` choices of `seat` whose positions the estimate likes best, with those
    /// positions, best first (ties in choice order).
    fn candidates(
        &mut self,
        play: &dyn DynPlay,
        seat: usize,
        keep: usize,
    ) -> Vec<(usize, Box<dyn DynPlay>)> {
        let mut scored = Vec::with_capacity(play.choice_count());
        for i in 0..play.choice_count() {
            let mut next = play.clone_box();
            self.positions += 1;
            if next.step(i).is_ok() {
                let v = estimate(next.as_ref(), self.seats)[seat];
                scored.push((v, i, next));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.truncate(keep.max(1));
        scored.into_iter().map(|(_, i, next)| (i, next)).collect()
    }
}
