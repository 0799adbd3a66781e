//! Monte Carlo tree search over the rules contract's choices by number, the same for every
//! game: decision nodes chosen by UCT for the seat that moves there (each seat maximises
//! its own share, max^n, so 3–4 player D-Zone needs nothing special), chance nodes with one
//! child per outcome descended by sampling their probabilities from the search's own
//! generator (it never sees a table's future dice), truncated random playouts, and the most
//! visited root choice played.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::{DynPlay, Outcome, Status};

/// How a search is bounded.
#[derive(Debug, Clone, Copy)]
pub enum Budget {
    /// This many iterations: deterministic for a seed (the table's levels).
    Iterations(u32),
    /// As many iterations as fit in this many milliseconds (the engine's `budget_ms`).
    Millis(u64),
}

/// Plies a playout runs before it is scored: by the game's estimate when it has one (a
/// short playout then reads better than a long random one), else as even.
const PLAYOUT_PLIES: usize = 60;
const ESTIMATED_PLIES: usize = 8;
/// UCT's exploration constant for rewards in [0, 1].
const EXPLORE: f64 = 1.2;

struct Node {
    /// Child node per choice, created on first visit.
    children: Vec<Option<usize>>,
    visits: u32,
    /// Sum of each seat's reward over the visits.
    value: Vec<f64>,
}

impl Node {
    fn new(choices: usize, seats: usize) -> Node {
        Node {
            children: vec![None; choices],
            visits: 0,
            value: vec![0.0; seats],
        }
    }
}

/// Each seat's share of a result: its points over all points, or an even share of a draw.
fn rewards(outcome: &Outcome, seats: usize) -> Vec<f64> {
    let total: u32 = outcome.points.iter().sum();
    if total == 0 {
        return vec![1.0 / seats as f64; seats];
    }
    (0..seats)
        .map(|s| outcome.points.get(s).copied().unwrap_or(0) as f64 / total as f64)
        .collect()
}

/// The result a position gives a search: the game's end, or the end of one game inside a
/// longer match (valued on its own).
fn result(play: &dyn DynPlay) -> Option<Outcome> {
    match play.status() {
        Status::Over(outcome) => Some(outcome),
        _ => play.game_end(),
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

/// A random playout from `play`, scored for every seat.
fn playout(play: &mut Box<dyn DynPlay>, seats: usize, rng: &mut ChaCha8Rng) -> Vec<f64> {
    let plies = if play.heuristic().is_some() {
        ESTIMATED_PLIES
    } else {
        PLAYOUT_PLIES
    };
    for _ in 0..plies {
        if let Some(outcome) = result(play.as_ref()) {
            return rewards(&outcome, seats);
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
    }
    estimate(play.as_ref(), seats)
}

/// A position the playout stops at: the game's own estimate, else even shares.
fn estimate(play: &dyn DynPlay, seats: usize) -> Vec<f64> {
    match play.heuristic() {
        Some(shares) => (0..seats)
            .map(|s| shares.get(s).copied().unwrap_or(0.0))
            .collect(),
        None => vec![1.0 / seats as f64; seats],
    }
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

/// The search's choice for the seat to move at `root`.
pub fn search(root: &dyn DynPlay, budget: Budget, rng: &mut dyn RngCore) -> Option<usize> {
    let n = root.choice_count();
    if n <= 1 {
        return (n == 1).then_some(0);
    }
    if let Some(win) = winning_choice(root) {
        return Some(win);
    }
    let seats = root.info().max_seats.max(2);
    let mut rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
    let mut nodes = vec![Node::new(n, seats)];
    let started = std::time::Instant::now();
    let mut done = 0u32;
    loop {
        match budget {
            Budget::Iterations(k) if done >= k => break,
            Budget::Millis(ms) if started.elapsed().as_millis() as u64 >= ms && done > 0 => break,
            _ => {}
        }
        iterate(root, &mut nodes, seats, &mut rng);
        done += 1;
    }
    let best = nodes[0]
        .children
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|c| (i, nodes[c].visits)))
        .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)))
        .map(|(i, _)| i);
    best.or(Some(0))
}

/// One iteration: down the tree, one new node, a playout, the rewards back up.
fn iterate(root: &dyn DynPlay, nodes: &mut Vec<Node>, seats: usize, rng: &mut ChaCha8Rng) {
    let mut play = root.clone_box();
    let mut path = vec![0usize];
    let mut node = 0usize;
    let reward = loop {
        if let Some(outcome) = result(play.as_ref()) {
            break rewards(&outcome, seats);
        }
        let choice = match play.status() {
            Status::Chance => sample(&play.chance_weights(), rng),
            Status::ToMove(seat) => select(nodes, node, seat, rng),
            Status::Over(_) => break vec![1.0 / seats as f64; seats],
        };
        if play.step(choice).is_err() {
            break vec![1.0 / seats as f64; seats];
        }
        match nodes[node].children.get(choice).copied().flatten() {
            Some(child) => {
                node = child;
                path.push(child);
            }
            None => {
                let child = nodes.len();
                nodes.push(Node::new(play.choice_count(), seats));
                if let Some(slot) = nodes[node].children.get_mut(choice) {
                    *slot = Some(child);
                }
                path.push(child);
                break playout(&mut play, seats, rng);
            }
        }
    };
    for &id in &path {
        let n = &mut nodes[id];
        n.visits += 1;
        for (v, r) in n.value.iter_mut().zip(&reward) {
            *v += r;
        }
    }
}

/// UCT for `seat`: an unvisited choice first (a random one), else the best upper bound.
fn select(nodes: &[Node], node: usize, seat: usize, rng: &mut ChaCha8Rng) -> usize {
    let here = &nodes[node];
    let unvisited: Vec<usize> = (0..here.children.len())
        .filter(|&i| here.children[i].is_none())
        .collect();
    if !unvisited.is_empty() {
        return unvisited[rng.random_range(0..unvisited.len())];
    }
    let log_n = (here.visits.max(1) as f64).ln();
    let mut best = (f64::NEG_INFINITY, 0);
    for (i, child) in here.children.iter().enumerate() {
        let Some(c) = child.map(|c| &nodes[c]) else {
            continue;
        };
        let visits = c.visits.max(1) as f64;
        let mean = c.value.get(seat).copied().unwrap_or(0.0) / visits;
        let score = mean + EXPLORE * (log_n / visits).sqrt();
        if score > best.0 {
            best = (score, i);
        }
    }
    best.1
}
