//! Halloween Kingdoms throughput: random playouts from the empty board to the end, and
//! legal-action generation (the chain rule and the Assassin's obligation included) on the
//! positions they pass through.
//!
//! Run with `cargo bench --bench kingdoms`; the throughput lines give games and generations
//! per second.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holotable::games::kingdoms::{Kingdoms, Position};
use holotable::games::{Game, Playthrough};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random game to its end (the cap of KG-7.5 included); returns the positions it passed.
fn playout(game: &Arc<Kingdoms>, rng: &mut ChaCha8Rng) -> Vec<Position> {
    let mut play = Playthrough::new(Arc::clone(game), 2).expect("start");
    let mut seen = Vec::new();
    while play.outcome().is_none() {
        seen.push(play.state().clone());
        let legal = play.legal_actions();
        let action = legal[rng.random_range(0..legal.len())];
        play.apply(&action).expect("a legal action");
    }
    seen
}

fn benches(c: &mut Criterion) {
    let game = Arc::new(Kingdoms::default());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut group = c.benchmark_group("kingdoms");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_game", |b| b.iter(|| playout(&game, &mut rng)));
    let positions: Vec<Position> = (0..10).flat_map(|_| playout(&game, &mut rng)).collect();
    let actions: usize = positions.iter().map(|p| game.legal_actions(p).len()).sum();
    println!(
        "{} positions, {:.1} legal actions each on average",
        positions.len(),
        actions as f64 / positions.len() as f64
    );
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.sample_size(30);
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| game.legal_actions(p).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(kingdoms, benches);
criterion_main!(kingdoms);
