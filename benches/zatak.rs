//! Zatak throughput: random playouts from a random set-up to the end, and move generation
//! on the positions they pass through.
//!
//! Run with `cargo bench --bench zatak`; the throughput lines give games and generations
//! per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holotable::games::zatak::{Action, Position, Zatak};
use holotable::games::{Playthrough, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random game with random set-ups (rules `random`), to its end (the no-capture cap of
/// ZK-4.4 included); returns the positions of the play phase.
fn playout(game: &std::sync::Arc<Zatak>, rng: &mut ChaCha8Rng) -> Vec<Position> {
    let mut play = Playthrough::new(std::sync::Arc::clone(game), 2).expect("start");
    let mut seen = Vec::new();
    loop {
        let action: Action = match play.status() {
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
    let options = serde_json::from_str(r#"{"random":true}"#).unwrap();
    let game = std::sync::Arc::new(Zatak::from_options(&options).unwrap());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut group = c.benchmark_group("zatak");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_game", |b| b.iter(|| playout(&game, &mut rng)));
    let positions: Vec<Position> = (0..20).flat_map(|_| playout(&game, &mut rng)).collect();
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("move_generation", |b| {
        b.iter(|| positions.iter().map(|p| game.moves(p).len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(zatak, benches);
criterion_main!(zatak);
