//! Backgammon throughput: random playouts of single games and play generation.
//!
//! Run with `cargo bench --bench backgammon`. The throughput lines give games per second
//! and generations per second.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use holotable::games::backgammon::board::Board;
use holotable::games::backgammon::{Action, Backgammon, State};
use holotable::games::{Game, Status};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One chance outcome, drawn by its probability.
fn roll(game: &Backgammon, state: &State, rng: &mut ChaCha8Rng) -> Action {
    let outcomes = game.chance_outcomes(state);
    let mut x: f64 = rng.random();
    for (action, p) in &outcomes {
        if x < *p {
            return action.clone();
        }
        x -= p;
    }
    outcomes
        .last()
        .expect("a chance node has outcomes")
        .0
        .clone()
}

/// A random game of a 1-point match from the opening roll; returns the actions played.
fn playout(
    game: &Backgammon,
    rng: &mut ChaCha8Rng,
    seen: Option<&mut Vec<(Board, u8, u8)>>,
) -> usize {
    let mut state = game.start(2).expect("start");
    let mut seen = seen;
    let mut actions = 0;
    loop {
        let action = match game.status(&state) {
            Status::Over(_) => return actions,
            Status::Chance => roll(game, &state, rng),
            Status::ToMove(_) => {
                if let Some(seen) = seen.as_deref_mut() {
                    let (d1, d2) = state.info.dice;
                    if d1 > 0 {
                        seen.push((state.board(), d1, d2));
                    }
                }
                game.legal_actions(&state)
                    .choose(rng)
                    .expect("a seat to move has an action")
                    .clone()
            }
        };
        state = game.apply(&state, &action).expect("legal action applies");
        actions += 1;
    }
}

fn benches(c: &mut Criterion) {
    let game = Backgammon::default();
    let mut group = c.benchmark_group("backgammon");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_game", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        b.iter(|| playout(&game, &mut rng, None))
    });

    let mut positions = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    while positions.len() < 1024 {
        playout(&game, &mut rng, Some(&mut positions));
    }
    positions.truncate(1024);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("plays_x1024", |b| {
        b.iter_batched(
            || positions.clone(),
            |positions| {
                positions
                    .iter()
                    .map(|(board, d1, d2)| board.plays(*d1, *d2).len())
                    .sum::<usize>()
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(backgammon, benches);
criterion_main!(backgammon);
