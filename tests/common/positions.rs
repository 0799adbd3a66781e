//! Positions to test the droid on, shared by the droid's test files.

use holotable::catalogue::lookup;
use holotable::games::{DynPlay, GameOptions, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions where a seat is to move, from random play of every game.
pub fn positions(id: &str, count: usize, seed: u64) -> Vec<Box<dyn DynPlay>> {
    let game = lookup(id, &GameOptions::new()).unwrap();
    let seats = game.info().min_seats;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut play = game.start(seats).unwrap();
    while out.len() < count {
        match play.status() {
            Status::Over(_) => play = game.start(seats).unwrap(),
            Status::Chance => {
                let weights = play.chance_weights();
                let i = rng.random_range(0..weights.len());
                play.step(i).unwrap();
            }
            Status::ToMove(_) => {
                if rng.random_ratio(1, 3) {
                    out.push(play.clone_box());
                }
                let n = play.choice_count();
                play.step(rng.random_range(0..n)).unwrap();
            }
        }
    }
    out
}
