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

use rand::{Rng, RngCore};

use super::search::{estimate, estimate_counted, fit};
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
    /// The spread of the noise added to each root candidate's value, in thousandths of a
    /// share (a normal deviation drawn from the table's generator, so `/verify` draws it
    /// again): how the lower levels blur the estimate's choice of a move. Zero draws
    /// nothing, and so does a choice among the game's decisions (roll, double, take):
    /// a weaker droid plays worse moves, not a cube gone mad.
    pub noise: u16,
    /// How far below the best a candidate's estimate may fall and still be looked at, in
    /// thousandths of a share (GNU Backgammon's move filter): a play the estimate already
    /// finds that much worse is seldom saved by looking further, and skipping it keeps
    /// the widest positions within the answer time. `None` keeps every candidate.
    pub margin: Option<u16>,
    /// A second, deeper look at the best few root candidates of the first
    /// ([`Refine`]); `None` decides by the first.
    pub refine: Option<Refine>,
    /// The most positions the whole lookahead may step into, counted as under
    /// [`Refine::budget`], but stopping the first stage too: it chooses among the
    /// candidates it finished (the estimate's best always among them, even unfinished),
    /// and the deeper stage is not begun or is abandoned. A decision (roll, double, take)
    /// cut short is the estimate's own. It bounds the
    /// answer time where a deeper stage's budget cannot: the first look alone, at doubles
    /// with many plays on both sides, can read more than any budget set for both. `None`
    /// lets the first stage finish.
    pub budget: Option<u64>,
}

/// The deeper stage of a lookahead: its best `keep` root candidates looked at again,
/// `rolls` rolls ahead with `inner` candidates at each decision on the way, and the best
/// of them by that chosen (GNU Backgammon's evaluation filters, stage after stage).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refine {
    pub keep: usize,
    pub rolls: u8,
    pub inner: usize,
    /// Only candidates the first stage puts no more than this below its best, in
    /// thousandths of a share, are looked at again; where one is left, the first stage
    /// has decided. A clear first choice is seldom overturned by looking deeper, and most
    /// positions have one, so the deeper stage's time goes where the choice is close.
    pub within: Option<u16>,
    /// The most positions both stages together may step into, each position the estimate
    /// reads with a seat to move counting its choices too (the estimate reads them all, so
    /// the count follows the time). Past it, the deeper stage is abandoned and the first
    /// decides: the widest positions (doubles with many plays on both sides) keep to the
    /// answer time. Counted, not timed, so that `/verify` decides the same way.
    pub budget: Option<u64>,
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

/// The choice of the seat to move at `root`, looking `plan.rolls` rolls ahead and reading
/// positions as the droid's `mind` does; `None` where no seat is to move or nothing can be
/// chosen.
pub fn choose(
    root: &dyn DynPlay,
    plan: Lookahead,
    mind: u16,
    rng: &mut dyn RngCore,
) -> Option<Looked> {
    let Status::ToMove(seat) = root.status() else {
        return None;
    };
    let seats = root.info().max_seats.max(2);
    let mut walk = Walk {
        plan,
        seats,
        mind,
        positions: 0,
        leaves: plan.budget.is_some() || plan.refine.is_some_and(|r| r.budget.is_some()),
        limit: plan.budget,
    };
    let decisions = root.info().decisions;
    let deciding = (0..root.choice_count()).any(|i| {
        root.choice_text(i)
            .is_some_and(|t| decisions.iter().any(|d| d.action == t))
    });
    // A decision is weighed at least one roll ahead, without noise: before the dice the
    // estimate reads the cube's worth only roughly (a last roll's cube is dead, not live).
    let (noise, rolls) = if deciding {
        (0, plan.rolls.max(1))
    } else {
        (plan.noise, plan.rolls)
    };
    let candidates = walk.candidates(root, seat, plan.root);
    let mut valued = Vec::with_capacity(candidates.len());
    for (read, choice, next) in candidates {
        let mut value = if rolls == 0 {
            read
        } else {
            walk.value(next.as_ref(), rolls, 0)[seat]
        };
        if walk.over() && !valued.is_empty() {
            // Its value is unfinished: it and the candidates after it are not chosen.
            break;
        }
        if noise > 0 {
            value += normal(rng) * f64::from(noise) / 1000.0;
        }
        valued.push((value, choice, next));
    }
    // Best first; among equals the first candidate (the estimate's order) stays first.
    valued.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    if let Some(refine) = plan.refine.filter(|_| !deciding) {
        walk.refine(&mut valued, refine, seat);
    }
    valued.first().map(|&(_, choice, _)| Looked {
        choice,
        positions: walk.positions,
    })
}

/// A root candidate: its value, its choice number, the position it leads to.
type Candidate = (f64, usize, Box<dyn DynPlay>);

struct Walk {
    plan: Lookahead,
    seats: usize,
    mind: u16,
    positions: u64,
    /// Whether a position read by the estimate with a seat to move counts each of its
    /// choices (the estimate reads them all): set under a budget, so that the count
    /// follows the time spent.
    leaves: bool,
    /// The count past which the walk is abandoned.
    limit: Option<u64>,
}

impl Walk {
    /// The deeper stage over `valued` (the first stage's candidates, best first): leaves
    /// them in the order it finds, or as they were where there was nothing to look at
    /// again or the budget ran out before it finished.
    fn refine(&mut self, valued: &mut Vec<Candidate>, refine: Refine, seat: usize) {
        // The deeper stage's own budget, within the whole look's where both are set.
        self.limit = match (self.limit, refine.budget) {
            (Some(whole), Some(own)) => Some(whole.min(own)),
            (whole, own) => own.or(whole),
        };
        if self.over() {
            return;
        }
        valued.truncate(refine.keep.max(1));
        if let (Some(within), Some(&(best, _, _))) = (refine.within, valued.first()) {
            let floor = best - f64::from(within) / 1000.0;
            valued.retain(|(v, _, _)| *v >= floor);
        }
        if valued.len() < 2 {
            return;
        }
        self.plan.inner = refine.inner;
        let mut deeper = Vec::with_capacity(valued.len());
        for entry in valued.iter() {
            deeper.push(self.value(entry.2.as_ref(), refine.rolls, 0)[seat]);
            if self.over() {
                return;
            }
        }
        for (entry, v) in valued.iter_mut().zip(deeper) {
            entry.0 = v;
        }
        valued.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    }

    /// Whether the walk has stepped past its limit (its values since are not to be used).
    fn over(&self) -> bool {
        self.limit.is_some_and(|most| self.positions > most)
    }

    /// Every seat's value of `play` with `rolls` chance nodes left to cross and `decisions`
    /// met so far on the path.
    fn value(&mut self, play: &dyn DynPlay, rolls: u8, decisions: usize) -> Vec<f64> {
        if let Some(reward) = play.reward() {
            return fit(reward, self.seats);
        }
        if self.over() {
            return vec![0.0; self.seats];
        }
        if rolls == 0 || decisions >= MAX_DECISIONS {
            if self.leaves && matches!(play.status(), Status::ToMove(_)) {
                // The estimate often lists the plays itself: counted once, not twice.
                let (value, counted) = estimate_counted(play, self.seats, self.mind);
                self.positions += counted.unwrap_or_else(|| play.choice_count()) as u64;
                return value;
            }
            return estimate(play, self.seats, self.mind);
        }
        match play.status() {
            Status::Over(_) => estimate(play, self.seats, self.mind),
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
                for (_, _, next) in self.candidates(play, seat, self.plan.inner) {
                    let v = self.value(next.as_ref(), rolls, decisions + 1);
                    if best.as_ref().is_none_or(|b| v[seat] > b[seat]) {
                        best = Some(v);
                    }
                }
                best.unwrap_or_else(|| estimate(play, self.seats, self.mind))
            }
        }
    }

    /// The `keep` choices of `seat` whose positions the estimate likes best, with the
    /// estimate's value for `seat` and those positions, best first (ties in choice order).
    fn candidates(&mut self, play: &dyn DynPlay, seat: usize, keep: usize) -> Vec<Candidate> {
        let mut scored = Vec::with_capacity(play.choice_count());
        for i in 0..play.choice_count() {
            let mut next = play.clone_box();
            self.positions += 1;
            if next.step(i).is_ok() {
                let v = estimate(next.as_ref(), self.seats, self.mind)[seat];
                scored.push((v, i, next));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.truncate(keep.max(1));
        if let (Some(margin), Some(&(best, _, _))) = (self.plan.margin, scored.first()) {
            let floor = best - f64::from(margin) / 1000.0;
            scored.retain(|(v, _, _)| *v >= floor);
        }
        scored
    }
}

/// A standard normal deviate (Box–Muller), from two of `rng`'s draws.
fn normal(rng: &mut dyn RngCore) -> f64 {
    let u: f64 = 1.0 - rng.random::<f64>();
    let v: f64 = rng.random::<f64>();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}
