//! The arena's luck-adjusted score (issue 57): a game's result less A's luck with the dice,
//! valued by the droid's estimate, which estimates the same score from fewer games.

use holotable::arena::{luck, run_measured, Player};
use holotable::catalogue::lookup;
use holotable::games::Status;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The luck of a node's outcomes, weighed by their chances, is zero: what makes the
/// adjusted score estimate the same expectation as the raw one.
#[test]
fn a_rolls_luck_weighs_to_nothing_over_its_outcomes() {
    let game = lookup("backgammon", &serde_json::Map::new()).unwrap();
    let mut play = game.start(2).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // A few moves in, at a roll of the dice.
    let mut rolls = 0;
    loop {
        match play.status() {
            Status::Chance if rolls == 3 => break,
            Status::Chance => {
                rolls += 1;
                let drawn = holotable::arena::draw_chance(play.as_ref(), &mut rng);
                play.step(drawn).unwrap();
            }
            Status::ToMove(_) => play.step(0).unwrap(),
            Status::Over(_) => panic!("the game ended early"),
        }
    }
    let weights = play.chance_weights();
    let total: f64 = weights.iter().sum();
    let lucks: Vec<f64> = (0..weights.len())
        .map(|i| luck::of_roll(play.as_ref(), i, 0, 2, holotable::droid::MIND))
        .collect();
    let weighed: f64 = weights.iter().zip(&lucks).map(|(w, l)| w / total * l).sum();
    assert!(weighed.abs() < 1e-9, "{weighed}");
    // The dice matter here: some rolls are better than others for the same player, and
    // what is luck for one seat is bad luck for the other.
    let spread = lucks.iter().cloned().fold(f64::MIN, f64::max)
        - lucks.iter().cloned().fold(f64::MAX, f64::min);
    assert!(spread > 0.01, "{lucks:?}");
    let other = luck::of_roll(play.as_ref(), 0, 1, 2, holotable::droid::MIND);
    assert!(
        (other + lucks[0]).abs() < 1e-6,
        "{other} against {}",
        lucks[0]
    );
}

/// A series measured with luck gives each game's adjusted score, and those scores vary
/// less than the wins and losses they adjust.
#[test]
fn the_adjusted_score_varies_less_than_the_result() {
    let game = lookup("backgammon", &serde_json::Map::new()).unwrap();
    let players = (Player::Pubeval, Player::Pubeval);
    let mind = Some(holotable::droid::MIND);
    let tally = run_measured(&game, 12, players, (21, 2), mind, |_, _| {}).unwrap();
    assert_eq!(tally.adjusted.len(), 12);
    let raw: Vec<f64> = (0..12)
        .map(|i| if i < tally.wins { 1.0 } else { 0.0 })
        .collect();
    let (_, raw_margin) = luck::mean_and_margin(&raw);
    let (mean, margin) = tally.luck_adjusted().expect("measured");
    assert!(margin < raw_margin, "{margin} against {raw_margin}");
    assert!((mean - 0.5).abs() < 0.3, "pubeval against itself: {mean}");
    // Without luck, nothing is adjusted.
    let plain = run_measured(&game, 2, players, (21, 1), None, |_, _| {}).unwrap();
    assert!(plain.luck_adjusted().is_none());
}
