//! Dejarik throughput: random playouts and legal-move generation.
//!
//! Run with `cargo bench --bench dejarik`. Criterion prints the time per iteration; the
//! throughput lines give playouts per second and generations per second.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use holotable::games::dejarik::Dejarik;
use holotable::games::{Game, Playthrough};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn playout(game: &Arc<Dejarik>, rng: &mut ChaCha8Rng) -> usize {
    let mut play = Playthrough::new(Arc::clone(game), 2).expect("start");
    loop {
        let actions = play.legal_actions();
        let Some(action) = actions.choose(rng) else {
            return play.plies();
        };
        play.apply(action).expect("legal action applies");
    }
}

/// Positions met in random games, to measure move generation on real mid-game positions.
fn sample_positions(game: &Arc<Dejarik>, count: usize) -> Vec<<Dejarik as Game>::State> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut play = Playthrough::new(Arc::clone(game), 2).expect("start");
        loop {
            positions.push(*play.state());
            let actions = play.legal_actions();
            let Some(action) = actions.choose(&mut rng) else {
                break;
            };
            play.apply(action).expect("legal action applies");
        }
    }
    positions.truncate(count);
    positions
}

fn benches(c: &mut Criterion) {
    let game = Arc::new(Dejarik::default());

    let mut group = c.benchmark_group("dejarik");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_playout", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        b.iter(|| playout(&game, &mut rng))
    });

    let positions = sample_positions(&game, 1024);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_actions_x1024", |b| {
        b.iter_batched(
            || positions.clone(),
            |positions| {
                positions
                    .iter()
                    .map(|p| game.legal_actions(p).len())
                    .sum::<usize>()
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(dejarik, benches);
criterion_main!(dejarik);
