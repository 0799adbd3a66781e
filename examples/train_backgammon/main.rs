//! Trains the droid's backgammon network by self-play with temporal differences (TD(0),
//! Tesauro's TD-Gammon recipe) and writes its weights; every `--check-every` games it plays
//! `--check-games` games against pubeval (one ply each, seats alternated) and prints the
//! score, so a run shows its own progress.
//!
//! The first network, `assets/droid/backgammon.net` (raw inputs, minds 1 and 2), was made
//! with the defaults (a million games, 128 hidden units, the rate falling from 0.05 to 0.005,
//! seed 1; about 32 minutes on one core of the reference machine):
//!
//! ```sh
//! cargo run --release --example train_backgammon -- --out assets/droid/backgammon.net
//! ```
//!
//! The second, `assets/droid/backgammon2.net` (mind 3), reads the contact features too. It
//! started from the first, the features' weights at zero, and trained a million more games
//! (29 minutes):
//!
//! ```sh
//! cargo run --release --example train_backgammon -- --from assets/droid/backgammon.net \
//!     --features true --rate 0.02 --final-rate 0.002 --check-every 100000 --seed 3 \
//!     --out assets/droid/backgammon2.net
//! ```
//!
//! The third, `assets/droid/backgammon3.net` (mind 5), reads seven more features per side
//! (`--reading contact`). It started from the second, the new weights at zero, and trained
//! a million more games (52 minutes):
//!
//! ```sh
//! cargo run --release --example train_backgammon -- --from assets/droid/backgammon2.net \
//!     --reading contact --rate 0.02 --final-rate 0.002 --check-every 100000 --seed 5 \
//!     --out assets/droid/backgammon3.net
//! ```
//!
//! `--versus OTHER.net --check-games N` only measures: the `--from` network against another,
//! one ply each, over N games. `--race RACE.net --check-games N` measures a race network:
//! the `--from` network reading races with it against reading them itself, both reading
//! bear-offs from the exact database, one ply each.
//!
//! Ways to train on from a network, none of which has yet made a better one (docs/DROID.md,
//! "Training further"): `--hidden N` above the network's own widens it (the new units start
//! unheard); `--lambda L` learns each game offline by TD(λ) instead of TD(0); `--distill D`
//! teaches it the values its own lookahead finds D rolls ahead (1 or 2), the network as
//! training began being the teacher; `--explore X` blurs each self-play choice by noise of
//! standard deviation X (in equity), so that play strays where the greedy network never goes.
//!
//! Supervised, in two steps. `--label N` writes N positions from the network's own play
//! (one after-state in four) to `--out`, each valued by its lookahead `--distill D` rolls
//! ahead (2 if not given) or, with `--rollouts T`, by T games played out from it (the
//! opponent's first roll each of the 36 in turn, and with 1,296 games or more the reply's
//! roll too, each pair once in each whole round of 1,296); `--explore X` blurs the choices of the games the
//! positions are drawn from; `--races true` labels races only (no contact left); `--bearoff
//! true` ends each game played out once both sides are home, valued there by the exact
//! bear-off database; `--race-stop RACE.net` ends them once they become races, valued
//! there by that race network; `--rivals true` labels beside each picked position the play
//! the network liked second best at one ply and the one it likes best looking two rolls
//! ahead, where those differ from the play made (the positions strong programs learn from:
//! the choices the network gets wrong are among those it nearly made); `--salt S` plays the
//! games out with other dice (the same positions), so that two runs measure label noise.
//! Run one process per core, each with its own seed and file. A file is
//! 20 bytes a position (`store.rs`); `--pack FILE --out FILE.z` compresses one as the
//! repository keeps them (`data/backgammon/`, whose README gives each file's command).
//! Then `--fit FILE,FILE,… --epochs E` teaches the `--from` network those values, E
//! shuffled passes with the rate falling from `--rate` to `--final-rate`, printing the error
//! on held-out positions and on as many learnt from; `--rival-weight W` also teaches the
//! differences between a picked play and its rivals, W times as strongly (`pairs.rs`).
//! `--pairs FILE,…` only measures how the `--from` network orders the rivals of a file.
//!
//! Deterministic for a seed: the same arguments write the same weights.

mod labels;
mod pairs;
mod store;

use std::time::Instant;

use holotable::games::backgammon::board::{borne_off, start_side, Board, BAR};
use holotable::games::backgammon::net::{Net, Probabilities, Reading};
use holotable::games::backgammon::pubeval;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

struct Args {
    games: u64,
    hidden: usize,
    seed: u64,
    rate: f32,
    final_rate: f32,
    check_every: u64,
    check_games: u64,
    from: Option<String>,
    reading: Reading,
    versus: Option<String>,
    lambda: f32,
    distill: u8,
    label: u64,
    fit: Option<String>,
    epochs: u32,
    explore: f32,
    rollouts: u32,
    races: bool,
    bearoff: bool,
    pack: Option<String>,
    pairs: Option<String>,
    rival_weight: f32,
    race: Option<String>,
    race_stop: Option<String>,
    rivals: bool,
    salt: u64,
    out: String,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        games: 1_000_000,
        hidden: 128,
        seed: 1,
        rate: 0.05,
        final_rate: 0.005,
        check_every: 50_000,
        check_games: 2_000,
        from: None,
        reading: Reading::Raw,
        versus: None,
        lambda: 0.0,
        distill: 0,
        label: 0,
        fit: None,
        epochs: 1,
        explore: 0.0,
        rollouts: 0,
        races: false,
        bearoff: false,
        pack: None,
        pairs: None,
        rival_weight: 0.0,
        race: None,
        race_stop: None,
        rivals: false,
        salt: 0,
        out: "assets/droid/backgammon.net".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--games" => a.games = value.parse().map_err(|e| bad(&e))?,
            "--hidden" => a.hidden = value.parse().map_err(|e| bad(&e))?,
            "--seed" => a.seed = value.parse().map_err(|e| bad(&e))?,
            "--rate" => a.rate = value.parse().map_err(|e| bad(&e))?,
            "--final-rate" => a.final_rate = value.parse().map_err(|e| bad(&e))?,
            "--check-every" => a.check_every = value.parse().map_err(|e| bad(&e))?,
            "--check-games" => a.check_games = value.parse().map_err(|e| bad(&e))?,
            "--from" => a.from = Some(value),
            "--features" => {
                if value.parse().map_err(|e| bad(&e))? {
                    a.reading = Reading::Features;
                }
            }
            "--reading" => {
                a.reading = match value.as_str() {
                    "raw" => Reading::Raw,
                    "features" => Reading::Features,
                    "contact" => Reading::Contact,
                    "race" => Reading::Race,
                    _ => return Err(format!("{flag} {value}: raw, features, contact or race")),
                }
            }
            "--versus" => a.versus = Some(value),
            "--distill" => {
                a.distill = value.parse().map_err(|e| bad(&e))?;
                if a.distill > 2 {
                    return Err(format!("{flag} {value}: 1 or 2 rolls ahead"));
                }
            }
            "--lambda" => {
                a.lambda = value.parse().map_err(|e| bad(&e))?;
                if !(0.0..=1.0).contains(&a.lambda) {
                    return Err(format!("{flag} {value}: between 0 and 1"));
                }
            }
            "--label" => a.label = value.parse().map_err(|e| bad(&e))?,
            "--fit" => a.fit = Some(value),
            "--rollouts" => a.rollouts = value.parse().map_err(|e| bad(&e))?,
            "--explore" => a.explore = value.parse().map_err(|e| bad(&e))?,
            "--races" => a.races = value.parse().map_err(|e| bad(&e))?,
            "--bearoff" => a.bearoff = value.parse().map_err(|e| bad(&e))?,
            "--pack" => a.pack = Some(value),
            "--pairs" => a.pairs = Some(value),
            "--rival-weight" => a.rival_weight = value.parse().map_err(|e| bad(&e))?,
            "--race" => a.race = Some(value),
            "--race-stop" => a.race_stop = Some(value),
            "--rivals" => a.rivals = value.parse().map_err(|e| bad(&e))?,
            "--salt" => a.salt = value.parse().map_err(|e| bad(&e))?,
            "--epochs" => a.epochs = value.parse().map_err(|e| bad(&e))?,
            "--out" => a.out = value,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(a)
}

fn roll(rng: &mut ChaCha8Rng, opening: bool) -> (u8, u8) {
    loop {
        let (a, b) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
        if !(opening && a == b) {
            return (a.max(b), a.min(b));
        }
    }
}

/// Points per cube the player who has just borne off its last checker wins (BG-4.2).
fn points(after: &Board) -> u32 {
    let loser = &after.them;
    if borne_off(loser) > 0 {
        1
    } else if loser[BAR] > 0 || loser[18..24].iter().any(|&n| n > 0) {
        3
    } else {
        2
    }
}

/// The play the network likes best for the mover of `board` with these dice, by `score`
/// of its probabilities, and those probabilities.
fn best(
    net: &Net,
    board: &Board,
    dice: (u8, u8),
    mut score: impl FnMut(&Probabilities) -> f32,
) -> (Board, Probabilities) {
    let plays = board.plays(dice.0, dice.1);
    if plays.is_empty() {
        return (*board, net.evaluate(&board.me, &board.them));
    }
    let mut top = (f32::NEG_INFINITY, *board, Probabilities([0.0; 5]));
    for play in plays {
        let p = net.evaluate(&play.after.me, &play.after.them);
        let s = score(&p);
        if s > top.0 {
            top = (s, play.after, p);
        }
    }
    (top.1, top.2)
}

/// The play the network likes best by equity blurred by noise (a sum of three uniform
/// draws, about normal, of standard deviation `noise`) for each play, and its
/// probabilities: self-play that strays into positions the greedy network never meets.
fn blurred(
    net: &Net,
    board: &Board,
    dice: (u8, u8),
    noise: f32,
    rng: &mut ChaCha8Rng,
) -> (Board, Probabilities) {
    best(net, board, dice, |p| {
        let blur: f32 = (0..3).map(|_| rng.random_range(-1.0f32..1.0)).sum();
        p.equity() + noise * blur
    })
}

/// One self-play game; every after-state learns toward the next one's value seen from its
/// side, and the last two toward the result.
fn train_game(net: &mut Net, rng: &mut ChaCha8Rng, rate: f32, explore: f32) {
    let mut board = Board {
        me: start_side(),
        them: start_side(),
    };
    let mut previous = None;
    let mut opening = true;
    for _ in 0..10_000 {
        let dice = roll(rng, opening);
        opening = false;
        let (after, value) = if explore > 0.0 {
            blurred(net, &board, dice, explore, rng)
        } else {
            best(net, &board, dice, Probabilities::equity)
        };
        let inputs = net.encode(&after.me, &after.them);
        if borne_off(&after.me) == 15 {
            let result = Probabilities::won(points(&after));
            net.learn(&inputs, &result, rate);
            if let Some(prev) = previous {
                net.learn(&prev, &result.flipped(), rate);
            }
            return;
        }
        if let Some(prev) = previous {
            net.learn(&prev, &value.flipped(), rate);
        }
        previous = Some(inputs);
        board = after.swapped();
    }
}

/// One self-play game learnt offline by TD(λ) (the forward view): the game is played out
/// with the network as it stands, then every after-state learns toward its λ-return, the
/// blend of the values that followed it, each step further weighted by another λ, and the
/// result.
fn train_game_lambda(net: &mut Net, rng: &mut ChaCha8Rng, rate: f32, lambda: f32) {
    let mut board = Board {
        me: start_side(),
        them: start_side(),
    };
    // Each after-state (from its mover's side) with its value then.
    let mut played: Vec<(Board, Probabilities)> = Vec::new();
    let mut opening = true;
    let mut result = None;
    for _ in 0..10_000 {
        let dice = roll(rng, opening);
        opening = false;
        let (after, value) = best(net, &board, dice, Probabilities::equity);
        if borne_off(&after.me) == 15 {
            let won = Probabilities::won(points(&after));
            result = Some(won);
            played.push((after, won));
            break;
        }
        played.push((after, value));
        board = after.swapped();
    }
    let Some(mut target) = result else {
        return;
    };
    let blend = |a: &Probabilities, b: &Probabilities| {
        let mut out = [0.0; 5];
        for (k, o) in out.iter_mut().enumerate() {
            *o = (1.0 - lambda) * a.0[k] + lambda * b.0[k];
        }
        Probabilities(out)
    };
    for t in (0..played.len()).rev() {
        let (after, _) = &played[t];
        let inputs = net.encode(&after.me, &after.them);
        net.learn(&inputs, &target, rate);
        // The target of the after-state before: this one's value and return, from the
        // other side.
        target = blend(&played[t].1.flipped(), &target.flipped());
    }
}

/// The 21 distinct rolls, each with its weight among the 36.
fn rolls() -> impl Iterator<Item = ((u8, u8), f32)> {
    (1..=6u8).flat_map(|a| (a..=6).map(move |b| ((b, a), if a == b { 1.0 } else { 2.0 } / 36.0)))
}

/// The value of `after` (its mover has just moved, the other to roll) for its mover,
/// looking `depth` rolls ahead: each roll weighed by its chance, each reply the one the
/// network likes best for the side that plays it (by equity), the positions at the end
/// read by the network.
fn looked(net: &Net, after: &Board, depth: u8) -> Probabilities {
    if borne_off(&after.me) == 15 {
        return Probabilities::won(points(after));
    }
    if depth == 0 {
        return net.evaluate(&after.me, &after.them);
    }
    let to_move = after.swapped();
    let mut mean = [0.0f32; 5];
    for (dice, weight) in rolls() {
        let (reply, _) = best(net, &to_move, dice, Probabilities::equity);
        // The reply's value for its mover, seen back from `after`'s mover's side.
        let v = looked(net, &reply, depth - 1).flipped();
        for (m, x) in mean.iter_mut().zip(v.0) {
            *m += weight * x;
        }
    }
    Probabilities(mean)
}

/// One self-play game by the `student`, every after-state learning toward the value the
/// `teacher` finds for it `depth` rolls ahead: a network taught what its own lookahead
/// sees.
fn distill_game(student: &mut Net, teacher: &Net, rng: &mut ChaCha8Rng, rate: f32, depth: u8) {
    let mut board = Board {
        me: start_side(),
        them: start_side(),
    };
    let mut opening = true;
    for _ in 0..10_000 {
        let dice = roll(rng, opening);
        opening = false;
        let (after, _) = best(student, &board, dice, Probabilities::equity);
        if borne_off(&after.me) == 15 {
            return;
        }
        let target = looked(teacher, &after, depth);
        student.learn(&student.encode(&after.me, &after.them), &target, rate);
        board = after.swapped();
    }
}

/// The network (one ply, most wins) against pubeval over `games` games, seats alternated:
/// the network's share of wins.
fn versus_pubeval(net: &Net, games: u64, seed: u64) -> f64 {
    let mine = |board: &Board, dice| best(net, board, dice, |p| p.win()).0;
    versus(games, seed, mine, |board, dice| {
        let race = !pubeval::contact(&board.me, &board.them);
        board
            .plays(dice.0, dice.1)
            .into_iter()
            .map(|p| p.after)
            .max_by(|a, b| {
                pubeval::score(&a.me, &a.them, race)
                    .total_cmp(&pubeval::score(&b.me, &b.them, race))
            })
            .unwrap_or(*board)
    })
}

/// The probabilities for the mover of `after` as a mind reads them with `net`: the
/// bear-off database's once both sides are home, else `race`'s (if any) once the sides no
/// longer meet, else `net`'s.
fn reading(net: &Net, race: Option<&Net>, after: &Board) -> Probabilities {
    if let Some(exact) = labels::at_home(after) {
        return exact;
    }
    match race {
        Some(race) if !pubeval::contact(&after.me, &after.them) => {
            race.evaluate(&after.me, &after.them)
        }
        _ => net.evaluate(&after.me, &after.them),
    }
}

/// The play with the most wins by `read`.
fn chosen(board: &Board, dice: (u8, u8), read: impl Fn(&Board) -> Probabilities) -> Board {
    let plays = board.plays(dice.0, dice.1);
    let mut top = (f32::NEG_INFINITY, *board);
    for play in plays {
        let w = read(&play.after).win();
        if w > top.0 {
            top = (w, play.after);
        }
    }
    top.1
}

/// One player (`mine`) against another over `games` games, seats alternated: the first's
/// share of wins.
fn versus(
    games: u64,
    seed: u64,
    mine: impl Fn(&Board, (u8, u8)) -> Board,
    other: impl Fn(&Board, (u8, u8)) -> Board,
) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut wins = 0u64;
    for g in 0..games {
        let mut board = Board {
            me: start_side(),
            them: start_side(),
        };
        let mut net_to_move = g % 2 == 0;
        let mut opening = true;
        loop {
            let dice = roll(&mut rng, opening);
            opening = false;
            let after = if net_to_move {
                mine(&board, dice)
            } else {
                other(&board, dice)
            };
            if borne_off(&after.me) == 15 {
                wins += net_to_move as u64;
                break;
            }
            board = after.swapped();
            net_to_move = !net_to_move;
        }
    }
    wins as f64 / games as f64
}

fn main() -> Result<(), String> {
    let a = args()?;
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    let mut net = match &a.from {
        Some(path) => Net::from_bytes(&std::fs::read(path).map_err(|e| format!("{path}: {e}"))?)?,
        None => Net::random(a.reading, a.hidden, &mut rng),
    };
    net = net.reading_as(a.reading);
    if a.from.is_some() && a.hidden > net.hidden() {
        net = net.widened(a.hidden, &mut rng);
    }
    if let Some(path) = &a.versus {
        // Measure only: the network against another at one ply each.
        let other = Net::from_bytes(&std::fs::read(path).map_err(|e| format!("{path}: {e}"))?)?;
        let mine = |board: &Board, dice| best(&net, board, dice, |p| p.win()).0;
        let score = versus(a.check_games, a.seed, mine, |board, dice| {
            best(&other, board, dice, |p| p.win()).0
        });
        println!(
            "{:.1} % of {} games against {path}",
            100.0 * score,
            a.check_games
        );
        return Ok(());
    }
    if let Some(path) = &a.race {
        // Measure only: the `--from` network reading races with this race network, against
        // it reading them itself, both reading bear-offs from the database, one ply each.
        let race = Net::from_bytes(&std::fs::read(path).map_err(|e| format!("{path}: {e}"))?)?;
        let mine = |board: &Board, dice| chosen(board, dice, |b| reading(&net, Some(&race), b));
        let theirs = |board: &Board, dice| chosen(board, dice, |b| reading(&net, None, b));
        let score = versus(a.check_games, a.seed, mine, theirs);
        println!(
            "{:.1} % of {} games reading races with {path} against without",
            100.0 * score,
            a.check_games
        );
        return Ok(());
    }
    if let Some(files) = &a.pairs {
        // Measure only: how the `--from` network orders the rivals the files label.
        for path in files.split(',') {
            let data = store::read(path)?;
            let pairs = pairs::rival_pairs(&data);
            println!("{path}: {}", pairs::ordering(&net, &data, &pairs, 0.02));
        }
        return Ok(());
    }
    if let Some(raw) = &a.pack {
        return store::pack(raw, &a.out);
    }
    if a.label > 0 {
        let judge = match (a.rollouts, a.distill) {
            (0, 0) => labels::Judge::Look(2),
            (0, d) => labels::Judge::Look(d),
            (trials, _) => labels::Judge::Rollouts {
                trials,
                bearoff: a.bearoff,
            },
        };
        let race_net = match &a.race_stop {
            Some(path) => Some(Net::from_bytes(
                &std::fs::read(path).map_err(|e| format!("{path}: {e}"))?,
            )?),
            None => None,
        };
        let pick = labels::Pick {
            every: 4,
            explore: a.explore,
            races: a.races,
            race_net: race_net.as_ref(),
            rivals: a.rivals,
            salt: a.salt,
        };
        return labels::write(&net, &mut rng, a.label, judge, pick, &a.out);
    }
    if let Some(files) = &a.fit {
        let mut data = Vec::new();
        for path in files.split(',') {
            data.extend(store::read(path)?);
        }
        let rates = (a.rate, a.final_rate);
        if a.rival_weight > 0.0 {
            let how = (a.epochs, a.rival_weight);
            return pairs::fit(&mut net, data, how, rates, &mut rng, &a.out);
        }
        return labels::fit(&mut net, data, a.epochs, rates, &mut rng, &a.out);
    }
    // Distilling, the network learns from itself as it was when training began.
    let teacher = net.clone();
    let started = Instant::now();
    for g in 0..a.games {
        let t = g as f32 / a.games.max(1) as f32;
        let rate = a.rate + (a.final_rate - a.rate) * t;
        if a.distill > 0 {
            distill_game(&mut net, &teacher, &mut rng, rate, a.distill);
        } else if a.lambda > 0.0 {
            train_game_lambda(&mut net, &mut rng, rate, a.lambda);
        } else {
            train_game(&mut net, &mut rng, rate, a.explore);
        }
        if (g + 1) % a.check_every == 0 || g + 1 == a.games {
            let score = versus_pubeval(&net, a.check_games, 7);
            println!(
                "{:>8} games  {:>6.0} s  rate {rate:.4}  vs pubeval {:.1} %",
                g + 1,
                started.elapsed().as_secs_f64(),
                100.0 * score
            );
            std::fs::write(&a.out, net.to_bytes()).map_err(|e| format!("{}: {e}", a.out))?;
        }
    }
    Ok(())
}
