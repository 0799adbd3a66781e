//! How well a network orders plays of the same roll, which is all its choices hang on: the
//! labelled files keep, one after another, a picked play and its rivals from the same
//! position and dice (`--rivals true`), so their labels' differences say which was better.
//! A fit can lower the error of each value and still order rivals no better, when what it
//! learnt is common to all plays of a roll.

use holotable::games::backgammon::board::{borne_off, pips, Side};
use holotable::games::backgammon::net::{Net, Probabilities};
use holotable::games::backgammon::pubeval::contact;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::labels::{self, error, Labelled};

/// Whether `b`'s opponent side can be `a`'s after other hits: the same checkers where
/// neither play hit, and a point either holds its checkers in both or lost its blot to the
/// bar in one.
fn same_opponent(a: &Side, b: &Side) -> bool {
    a[..24]
        .iter()
        .zip(&b[..24])
        .all(|(&x, &y)| x == y || (x.min(y) == 0 && x.max(y) == 1))
}

/// Whether two after-states are plays of one position and roll: the mover moved the same
/// pips and bore off as many, and the opponent differs only by blots hit.
fn siblings(a: &Labelled, b: &Labelled) -> bool {
    let (a, b) = (&a.after, &b.after);
    a != b
        && pips(&a.me) == pips(&b.me)
        && borne_off(&a.me) == borne_off(&b.me)
        && borne_off(&a.them) == borne_off(&b.them)
        && same_opponent(&a.them, &b.them)
}

/// The pairs (first play of a run of siblings, each later one) in the file's order.
pub fn rival_pairs(data: &[Labelled]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut first = 0;
    for k in 1..data.len() {
        if siblings(&data[first], &data[k]) {
            pairs.push((first, k));
        } else {
            first = k;
        }
    }
    pairs
}

/// Over the pairs in contact: how many, the mean squared error of the network's difference
/// of winning chances against the labels', and how often it orders the pair as the labels
/// do where they differ by more than `clear`.
pub fn ordering(net: &Net, data: &[Labelled], pairs: &[(usize, usize)], clear: f32) -> String {
    let (mut n, mut sum, mut clear_n, mut agree) = (0u32, 0.0f64, 0u32, 0u32);
    for &(i, j) in pairs {
        let (a, b) = (&data[i], &data[j]);
        if !contact(&a.after.me, &a.after.them) {
            continue;
        }
        let mine = net.evaluate(&a.after.me, &a.after.them).win()
            - net.evaluate(&b.after.me, &b.after.them).win();
        let label = a.value.win() - b.value.win();
        n += 1;
        sum += f64::from(mine - label).powi(2);
        if label.abs() > clear {
            clear_n += 1;
            agree += u32::from((mine > 0.0) == (label > 0.0));
        }
    }
    format!(
        "{n} rival pairs in contact: mean squared error of the difference {:.6}; ordered as \
         the labels {agree} of {clear_n} where they differ by over {clear}",
        sum / f64::from(n.max(1))
    )
}

/// One step at `rate` moving the network's difference between rivals `a` and `b` toward
/// their labels' difference, output by output: each output of `a` is pulled by half the
/// difference's error and `b`'s the other way, so what the two share is left as it was.
fn learn_pair(net: &mut Net, (a, b): (&Labelled, &Labelled), rate: f32) {
    let (pa, pb) = (
        net.evaluate(&a.after.me, &a.after.them),
        net.evaluate(&b.after.me, &b.after.them),
    );
    let half: [f32; 5] =
        std::array::from_fn(|k| ((a.value.0[k] - b.value.0[k]) - (pa.0[k] - pb.0[k])) / 2.0);
    let ta = Probabilities(std::array::from_fn(|k| (pa.0[k] + half[k]).clamp(0.0, 1.0)));
    let tb = Probabilities(std::array::from_fn(|k| (pb.0[k] - half[k]).clamp(0.0, 1.0)));
    net.learn(&net.encode(&a.after.me, &a.after.them), &ta, rate);
    net.learn(&net.encode(&b.after.me, &b.after.them), &tb, rate);
}

/// [`super::labels::fit`] that also teaches the differences between rivals, `weight`
/// times as strongly as the values: runs of rivals stay together, a twentieth of the runs
/// is held out, and after each pass the held-out values' error and rivals' ordering are
/// printed.
pub fn fit(
    net: &mut Net,
    data: Vec<Labelled>,
    (epochs, weight): (u32, f32),
    (rate, final_rate): (f32, f32),
    rng: &mut ChaCha8Rng,
    out: &str,
) -> Result<(), String> {
    let mut runs: Vec<Vec<Labelled>> = Vec::new();
    for l in data {
        match runs.last_mut() {
            Some(run) if siblings(&run[0], &l) => run.push(l),
            _ => runs.push(vec![l]),
        }
    }
    runs.shuffle(rng);
    let held_runs = runs.split_off(runs.len() - runs.len() / 20);
    let held: Vec<Labelled> = held_runs.into_iter().flatten().collect();
    let held_pairs = rival_pairs(&held);
    let report = |net: &Net| {
        format!(
            "{}; {}",
            error(net, &held),
            ordering(net, &held, &held_pairs, 0.02)
        )
    };
    println!("held out {}: {}", held.len(), report(net));
    let steps = (runs.len() as u64 * u64::from(epochs)).max(1);
    let mut step = 0u64;
    for epoch in 1..=epochs {
        runs.shuffle(rng);
        for run in &runs {
            let r = labels::rate_at(step, steps, (rate, final_rate));
            for l in run {
                net.learn(&net.encode(&l.after.me, &l.after.them), &l.value, r);
            }
            for b in &run[1..] {
                learn_pair(net, (&run[0], b), r * weight);
            }
            step += 1;
        }
        println!("epoch {epoch}: {}", report(net));
        std::fs::write(out, net.to_bytes()).map_err(|e| format!("{out}: {e}"))?;
    }
    Ok(())
}
