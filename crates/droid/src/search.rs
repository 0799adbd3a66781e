//! Monte Carlo tree search over the rules contract's choices by number, the same for every
//! game: decision nodes chosen by UCT for the seat that moves there (each seat maximises
//! its own share, max^n, so 3–4 player D-Zone needs nothing special), chance nodes with one
//! child per outcome descended by sampling their probabilities from the search's own
//! generator (it never sees a table's future dice), and the most visited root choice played.
//!
//! How a position the tree stops at is read depends on the game's estimate
//! ([`Estimate`]): long random playouts without one, short playouts scored by a rough one,
//! and none at all with a sharp one (a trained evaluation), which also orders every
//! decision's choices before they are visited (a prior worth a few visits), so that the
//! search spends its budget on the moves the evaluation finds plausible, a few plies deep.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::{DynPlay, Estimate, Status};

/// How a search is bounded.
#[derive(Debug, Clone, Copy)]
pub enum Budget {
    /// This many iterations: deterministic for a seed (the table's levels).
    Iterations(u32),
    /// As many iterations as fit in this many milliseconds (the engine's `budget_ms`).
    Millis(u64),
}

/// The search's settings for a game's kind of estimate.
#[derive(Debug, Clone, Copy)]
struct Tuning {
    /// Random plies a playout runs before the position is scored.
    plies: usize,
    /// Visits a choice's prior (the estimate of the position it leads to) is worth; none
    /// without a sharp estimate.
    prior_visits: f64,
    /// UCT's exploration constant for rewards in [0, 1].
    explore: f64,
}

impl Tuning {
    fn of(estimate: Estimate) -> Tuning {
        match estimate {
            Estimate::None => Tuning {
                plies: 60,
                prior_visits: 0.0,
                explore: 1.2,
            },
            Estimate::Rough => Tuning {
                plies: 8,
                prior_visits: 0.0,
                explore: 1.2,
            },
            Estimate::Sharp => Tuning {
                plies: 0,
                prior_visits: 4.0,
                explore: 0.3,
            },
        }
    }
}

struct Node {
    /// Child node per choice, created on first visit.
    children: Vec<Option<usize>>,
    /// Every seat's estimate of each choice's position (choice-major), computed the first
    /// time a search passes through a decision, with a sharp estimate only.
    priors: Option<Vec<f64>>,
    visits: u32,
    /// Sum of each seat's reward over the visits.
    value: Vec<f64>,
}

impl Node {
    fn new(choices: usize, seats: usize) -> Node {
        Node {
            children: vec![None; choices],
            priors: None,
            visits: 0,
            value: vec![0.0; seats],
        }
    }
}

/// A choice from `weights` (probabilities of a chance node).
fn sample(weights: &[f64], rng: &mut ChaCha8Rng) -> usize {
    let mut x: f64 = rng.random::<f64>() * weights.iter().sum::<f64>();
    for (i, w) in weights.iter().enumerate() {
        x -= w;
        if x < 0.0 {
            return i;
        }
    }
    weights.len().saturating_sub(1)
}

/// `values` padded (or cut) to `seats`.
pub(super) fn fit(mut values: Vec<f64>, seats: usize) -> Vec<f64> {
    values.resize(seats, 0.0);
    values
}

/// The value of a position the search stops at, for every seat: its result when it has
/// one, else the game's estimate for the droid's `mind`, else even shares.
pub fn estimate(play: &dyn DynPlay, seats: usize, mind: u16) -> Vec<f64> {
    match play.reward().or_else(|| play.heuristic(mind)) {
        Some(values) => fit(values, seats),
        None => vec![1.0 / seats as f64; seats],
    }
}

/// [`estimate`], and how many choices the position has when the game counted them on the
/// way (a position with its result has none counted).
pub(super) fn estimate_counted(
    play: &dyn DynPlay,
    seats: usize,
    mind: u16,
) -> (Vec<f64>, Option<usize>) {
    if let Some(reward) = play.reward() {
        return (fit(reward, seats), None);
    }
    match play.heuristic_counted(mind) {
        (Some(values), counted) => (fit(values, seats), counted),
        (None, counted) => (vec![1.0 / seats as f64; seats], counted),
    }
}

/// A random playout of at most `plies` from `play`, scored for every seat, and the plies
/// it played.
fn playout(
    play: &mut Box<dyn DynPlay>,
    plies: usize,
    seats: usize,
    mind: u16,
    rng: &mut ChaCha8Rng,
) -> (Vec<f64>, u64) {
    let mut played = 0;
    for _ in 0..plies {
        if play.reward().is_some() {
            break;
        }
        let n = play.choice_count();
        if n == 0 {
            break;
        }
        let i = match play.status() {
            Status::Chance => sample(&play.chance_weights(), rng),
            _ => rng.random_range(0..n),
        };
        if play.step(i).is_err() {
            break;
        }
        played += 1;
    }
    (estimate(play.as_ref(), seats, mind), played)
}

/// A choice that wins the game at once for the seat to move, if there is one.
pub fn winning_choice(play: &dyn DynPlay) -> Option<usize> {
    let Status::ToMove(seat) = play.status() else {
        return None;
    };
    (0..play.choice_count()).find(|&i| {
        let mut next = play.clone_box();
        next.step(i).is_ok()
            && matches!(next.status(), Status::Over(ref o) if o.winner() == Some(seat))
    })
}

/// What a search did: its choice, and the work it took (for the arena's speed figures).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Searched {
    pub choice: usize,
    pub iterations: u32,
    /// Positions stepped into: down the tree, in playouts and to read priors.
    pub positions: u64,
}

/// The search's choice for the seat to move at `root`, reading positions as the droid's
/// `mind` does.
pub fn search(
    root: &dyn DynPlay,
    budget: Budget,
    mind: u16,
    rng: &mut dyn RngCore,
) -> Option<usize> {
    search_counted(root, budget, mind, rng).map(|s| s.choice)
}

/// [`search`], with the work it took.
pub fn search_counted(
    root: &dyn DynPlay,
    budget: Budget,
    mind: u16,
    rng: &mut dyn RngCore,
) -> Option<Searched> {
    let n = root.choice_count();
    let at_once = |choice| Searched {
        choice,
        iterations: 0,
        positions: 0,
    };
    if n <= 1 {
        return (n == 1).then_some(at_once(0));
    }
    if let Some(win) = winning_choice(root) {
        return Some(at_once(win));
    }
    let seats = root.info().max_seats.max(2);
    let mut tree = Tree {
        nodes: vec![Node::new(n, seats)],
        seats,
        mind,
        tuning: Tuning::of(root.info().estimate),
        rng: ChaCha8Rng::seed_from_u64(rng.next_u64()),
        positions: 0,
    };
    let started = std::time::Instant::now();
    let mut done = 0u32;
    loop {
        match budget {
            Budget::Iterations(k) if done >= k => break,
            Budget::Millis(ms) if started.elapsed().as_millis() as u64 >= ms && done > 0 => break,
            _ => {}
        }
        tree.iterate(root);
        done += 1;
    }
    Some(Searched {
        choice: tree.best_root_choice(root),
        iterations: done,
        positions: tree.positions,
    })
}

struct Tree {
    nodes: Vec<Node>,
    seats: usize,
    mind: u16,
    tuning: Tuning,
    rng: ChaCha8Rng,
    positions: u64,
}

impl Tree {
    /// One iteration: down the tree, one new node, its value (a playout or the estimate),
    /// the values back up.
    fn iterate(&mut self, root: &dyn DynPlay) {
        let mut play = root.clone_box();
        let mut path = vec![0usize];
        let mut node = 0usize;
        let even = vec![1.0 / self.seats as f64; self.seats];
        let reward = loop {
            if let Some(reward) = play.reward() {
                break fit(reward, self.seats);
            }
            let choice = match play.status() {
                Status::Chance => sample(&play.chance_weights(), &mut self.rng),
                Status::ToMove(seat) => {
                    self.prepare(node, play.as_ref());
                    self.select(node, seat)
                }
                Status::Over(_) => break even,
            };
            self.positions += 1;
            if play.step(choice).is_err() {
                break even;
            }
            match self.nodes[node].children.get(choice).copied().flatten() {
                Some(child) => {
                    node = child;
                    path.push(child);
                }
                None => {
                    let child = self.nodes.len();
                    self.nodes.push(Node::new(play.choice_count(), self.seats));
                    if let Some(slot) = self.nodes[node].children.get_mut(choice) {
                        *slot = Some(child);
                    }
                    path.push(child);
                    let (value, plies) = playout(
                        &mut play,
                        self.tuning.plies,
                        self.seats,
                        self.mind,
                        &mut self.rng,
                    );
                    self.positions += plies;
                    break value;
                }
            }
        };
        for &id in &path {
            let n = &mut self.nodes[id];
            n.visits += 1;
            for (v, r) in n.value.iter_mut().zip(&reward) {
                *v += r;
            }
        }
    }

    /// Computes a decision's priors the first time the search passes through it.
    fn prepare(&mut self, node: usize, play: &dyn DynPlay) {
        if self.tuning.prior_visits <= 0.0 || self.nodes[node].priors.is_some() {
            return;
        }
        let mut priors = Vec::with_capacity(play.choice_count() * self.seats);
        for i in 0..play.choice_count() {
            self.positions += 1;
            let mut next = play.clone_box();
            if next.step(i).is_ok() {
                priors.extend(estimate(next.as_ref(), self.seats, self.mind));
            } else {
                priors.extend(std::iter::repeat_n(0.0, self.seats));
            }
        }
        self.nodes[node].priors = Some(priors);
    }

    /// A choice's mean value for `seat` with its prior blended in, and its visits.
    fn mean(&self, node: usize, choice: usize, seat: usize) -> (f64, u32) {
        let here = &self.nodes[node];
        let (sum, visits) = match here.children[choice] {
            Some(c) => (self.nodes[c].value[seat], self.nodes[c].visits),
            None => (0.0, 0),
        };
        match &here.priors {
            Some(priors) => {
                let k = self.tuning.prior_visits;
                let prior = priors[choice * self.seats + seat];
                ((sum + k * prior) / (visits as f64 + k), visits)
            }
            None => (sum / visits.max(1) as f64, visits),
        }
    }

    /// UCT for `seat`. Without priors an unvisited choice comes first (a random one).
    fn select(&mut self, node: usize, seat: usize) -> usize {
        let here = &self.nodes[node];
        if here.priors.is_none() {
            let unvisited: Vec<usize> = (0..here.children.len())
                .filter(|&i| here.children[i].is_none())
                .collect();
            if !unvisited.is_empty() {
                return unvisited[self.rng.random_range(0..unvisited.len())];
            }
        }
        let log_n = ((here.visits + 1) as f64).ln();
        let mut best = (f64::NEG_INFINITY, 0);
        for i in 0..here.children.len() {
            let (mean, visits) = self.mean(node, i, seat);
            let score = mean + self.tuning.explore * (log_n / (visits as f64 + 1.0)).sqrt();
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }

    /// The root choice visited most, ties broken by value, then by order.
    fn best_root_choice(&self, root: &dyn DynPlay) -> usize {
        let Status::ToMove(seat) = root.status() else {
            return 0;
        };
        let mut best = (0u32, f64::NEG_INFINITY, 0usize);
        for i in 0..self.nodes[0].children.len() {
            let (mean, visits) = self.mean(0, i, seat);
            if (visits, mean) > (best.0, best.1) {
                best = (visits, mean, i);
            }
        }
        best.2
    }
}
