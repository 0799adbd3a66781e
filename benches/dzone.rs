//! D-Zone throughput: random games of 2, 3 and 4 players from the empty zone to their end
//! (rolls drawn, decisions picked at random), and decision generation on the positions
//! they pass through.
//!
//! Run with `cargo bench --bench dzone`.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holotable::games::dzone::{Dzone, Position};
use holotable::games::{Game, Playthrough, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn playout(game: &Arc<Dzone>, seats: usize, rng: &mut ChaCha8Rng) -> Vec<Position> {
    let mut play = Playthrough::new(Arc::clone(game), seats).expect("start");
    let mut seen = Vec::new();
    loop {
        let action = match play.status() {
            Status::Over(_) => return seen,
            Status::Chance => play.sample_chance(rng).expect("outcomes"),
            Status::ToMove(_) => {
                seen.push(play.state().clone());
                let legal = play.legal_actions();
                legal[rng.random_range(0..legal.len())].clone()
            }
        };
        play.apply(&action).expect("a legal action");
    }
}

fn benches(c: &mut Criterion) {
    let game = Arc::new(Dzone::default());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut group = c.benchmark_group("dzone");
    group.throughput(Throughput::Elements(1));
    for seats in [2, 3, 4] {
        group.bench_function(format!("random_game_{seats}_players"), |b| {
            b.iter(|| playout(&game, seats, &mut rng))
        });
    }
    let positions: Vec<Position> = (0..30)
        .flat_map(|i| playout(&game, 2 + i % 3, &mut rng))
        .collect();
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("decisions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| game.legal_actions(p).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(dzone, benches);
criterion_main!(dzone);
