//! The network's tests: reading, learning, widening and the weights' files.

use super::*;
use crate::backgammon::board::start_side;
use rand::SeedableRng;

fn side(points: &[(usize, u8)]) -> Side {
    let mut s = [0; 25];
    for &(i, n) in points {
        s[i] = n;
    }
    s
}

#[test]
fn the_shipped_network_reads_the_start_as_nearly_even() {
    let p = shipped().evaluate(&start_side(), &start_side());
    // The player who has just "moved" faces the opponent's opening roll.
    assert!((0.35..0.6).contains(&p.win()), "{p:?}");
    assert!(p.0.iter().all(|x| (0.0..=1.0).contains(x)), "{p:?}");
    let e = p.equity();
    assert!(e.abs() < 0.4, "equity {e}");
}

#[test]
fn the_shipped_network_knows_a_won_race_from_a_lost_one() {
    // Two checkers left on the one-point against fifteen still on the opponent's
    // midpoint: won, and a gammon; the same from the other side: lost.
    let me = side(&[(0, 2)]);
    let them = side(&[(12, 15)]);
    let won = shipped().evaluate(&me, &them);
    assert!(won.win() > 0.95, "{won:?}");
    assert!(won.0[1] > 0.5, "gammon {won:?}");
    let lost = shipped().evaluate(&them, &me);
    assert!(lost.win() < 0.05, "{lost:?}");
}

#[test]
fn flipping_swaps_wins_and_losses() {
    let p = Probabilities([0.7, 0.2, 0.01, 0.1, 0.02]);
    assert_eq!(p.flipped().flipped(), p);
    let f = p.flipped();
    assert!((f.win() - 0.3).abs() < 1e-6);
    assert!((p.equity() + f.equity()).abs() < 1e-6);
}

#[test]
fn weights_round_trip_and_bad_files_are_refused() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let net = Net::random(Reading::Raw, 7, &mut rng);
    let bytes = net.to_bytes();
    assert_eq!(Net::from_bytes(&bytes).unwrap(), net);
    assert!(Net::from_bytes(b"nonsense").unwrap_err().contains("magic"));
    assert!(Net::from_bytes(&bytes[..bytes.len() - 4])
        .unwrap_err()
        .contains("weights"));
    let mut nan = bytes.clone();
    let at = nan.len() - 4;
    nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
    assert!(Net::from_bytes(&nan).unwrap_err().contains("finite"));
    assert!(Net::from_bytes(&bytes[..10]).is_err());
}

#[test]
fn a_learning_step_moves_the_outputs_toward_the_target() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut net = Net::random(Reading::Raw, 16, &mut rng);
    let inputs = encode(&start_side(), &side(&[(0, 15)]));
    let target = Probabilities([1.0, 1.0, 0.0, 0.0, 0.0]);
    let error = |net: &Net| -> f32 {
        let out = net.activations(&inputs).out.0;
        out.iter().zip(target.0).map(|(o, t)| (o - t).abs()).sum()
    };
    let before = error(&net);
    for _ in 0..20 {
        net.learn(&inputs, &target, 0.1);
    }
    assert!(error(&net) < before, "{} → {}", before, error(&net));
}

#[test]
fn a_network_given_the_features_first_reads_as_before_and_round_trips() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let raw = Net::random(Reading::Raw, 12, &mut rng);
    let wide = raw.reading_as(Reading::Features);
    assert_eq!(wide.reading(), Reading::Features);
    // A blot in reach, a checker back: features that are not zero.
    let me = side(&[(23, 1), (5, 6), (7, 3), (12, 4), (9, 1)]);
    let them = side(&[(0, 2), (5, 5), (12, 5), (16, 3)]);
    assert!(wide.encode(&me, &them).items.len() > raw.encode(&me, &them).items.len());
    let (a, b) = (raw.evaluate(&me, &them), wide.evaluate(&me, &them));
    assert!(
        a.0.iter().zip(b.0).all(|(x, y)| (x - y).abs() < 1e-6),
        "{a:?} {b:?}"
    );
    let bytes = wide.to_bytes();
    assert_eq!(&bytes[..8], b"HTBGNET2");
    assert_eq!(Net::from_bytes(&bytes).unwrap(), wide);
    // A raw file with a feature magic is refused by its size.
    let mut wrong = raw.to_bytes();
    wrong[..8].copy_from_slice(b"HTBGNET2");
    assert!(Net::from_bytes(&wrong).is_err());
    // The third reading adds the further features after the second's, the same way.
    let third = wide.reading_as(Reading::Contact);
    assert_eq!(third.reading(), Reading::Contact);
    assert!(third.encode(&me, &them).items.len() > wide.encode(&me, &them).items.len());
    let c = third.evaluate(&me, &them);
    assert!(
        b.0.iter().zip(c.0).all(|(x, y)| (x - y).abs() < 1e-6),
        "{b:?} {c:?}"
    );
    let bytes = third.to_bytes();
    assert_eq!(&bytes[..8], b"HTBGNET3");
    assert_eq!(Net::from_bytes(&bytes).unwrap(), third);
    // Going back to fewer inputs is no change.
    assert_eq!(third.reading_as(Reading::Features), third);
    // The race reading adds the race features after the third's, the same way.
    let race = third.reading_as(Reading::Race);
    assert_eq!(race.reading(), Reading::Race);
    assert!(race.encode(&me, &them).items.len() > third.encode(&me, &them).items.len());
    let d = race.evaluate(&me, &them);
    assert!(
        c.0.iter().zip(d.0).all(|(x, y)| (x - y).abs() < 1e-6),
        "{c:?} {d:?}"
    );
    let bytes = race.to_bytes();
    assert_eq!(&bytes[..8], b"HTBGNETR");
    assert_eq!(Net::from_bytes(&bytes).unwrap(), race);
    assert_eq!(race.reading_as(Reading::Contact), race);
}

#[test]
fn a_widened_network_reads_as_before_until_it_learns() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let narrow = Net::random(Reading::Features, 10, &mut rng);
    let mut wide = narrow.widened(24, &mut rng);
    assert_eq!(wide.hidden(), 24);
    let me = side(&[(23, 1), (5, 6), (7, 3), (12, 4), (9, 1)]);
    let them = side(&[(0, 2), (5, 5), (12, 5), (16, 3)]);
    let same =
        |a: Probabilities, b: Probabilities| a.0.iter().zip(b.0).all(|(x, y)| (x - y).abs() < 1e-6);
    assert!(same(narrow.evaluate(&me, &them), wide.evaluate(&me, &them)));
    assert_eq!(Net::from_bytes(&wide.to_bytes()).unwrap(), wide);
    // The new units take part once trained.
    let inputs = wide.encode(&me, &them);
    wide.learn(&inputs, &Probabilities([1.0, 0.0, 0.0, 0.0, 0.0]), 0.5);
    assert!(wide.w2[..24].iter().skip(10).any(|&w| w != 0.0));
}

#[test]
fn the_quick_reading_is_bit_for_bit_the_learning_one() {
    use crate::backgammon::board::Board;
    use rand::Rng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let wide = Net::random(Reading::Features, STACK_HIDDEN + 1, &mut rng);
    let contact = Net::random(Reading::Contact, 20, &mut rng);
    let nets = [shipped(), featured(), third(), &wide, &contact];
    let mut board = Board {
        me: start_side(),
        them: start_side(),
    };
    for _ in 0..300 {
        for net in nets {
            let slow = net.activations(&net.encode(&board.me, &board.them)).out;
            assert_eq!(net.evaluate(&board.me, &board.them), slow, "{board:?}");
        }
        let plays = board.plays(rng.random_range(1..=6), rng.random_range(1..=6));
        if plays.is_empty() || borne_off(&plays[0].after.me) == 15 {
            board = Board {
                me: start_side(),
                them: start_side(),
            };
            continue;
        }
        board = plays[rng.random_range(0..plays.len())].after.swapped();
    }
}

#[test]
fn inputs_are_sparse_and_in_range() {
    let x = encode(&start_side(), &start_side());
    assert!(x.items.len() < 40, "{}", x.items.len());
    assert!(x
        .items
        .iter()
        .all(|&(i, v)| (i as usize) < INPUTS && v > 0.0 && v <= 6.0));
}
