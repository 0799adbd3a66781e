//! The droid's search (issue 17's slice): only legal actions, a win in one taken, the same
//! seed and level giving the same action, and the engine's `droid` op.

use std::io::Write;
use std::process::{Command, Stdio};

use holotable::catalogue::{lookup, GAMES};
use holotable::games::{DynPlay, GameOptions, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions where a seat is to move, from random play of every game.
fn positions(id: &str, count: usize, seed: u64) -> Vec<Box<dyn DynPlay>> {
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

#[test]
fn the_droid_plays_only_legal_actions_in_every_game() {
    for entry in GAMES {
        for (k, play) in positions(entry.info.id, 6, 7).into_iter().enumerate() {
            let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
            let action = holotable::droid::choose_action(play.as_ref(), 1, &mut rng).unwrap();
            assert!(
                play.legal().contains(&action),
                "{}: {action} at {}",
                entry.info.id,
                play.position()
            );
            let mut next = play.clone_box();
            next.apply(&action).unwrap();
        }
    }
}

#[test]
fn the_same_seed_and_level_give_the_same_action() {
    for entry in GAMES {
        for play in positions(entry.info.id, 3, 11) {
            let pick = |seed: u64| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                holotable::droid::choose_action(play.as_ref(), 2, &mut rng).unwrap()
            };
            assert_eq!(pick(5), pick(5), "{}", entry.info.id);
        }
    }
}

#[test]
fn a_win_in_one_is_taken() {
    // Orange's Ghost b7 can enter K8 on e3 and hold all nine kingdoms (KG-7.1).
    let game = lookup("kingdoms", &GameOptions::new()).unwrap();
    let play = game
        .resume(&["9/9/1GG1W1W2/3gwb3/2CgGcC2/3gwc3/2B3B2/9/9 PAAbpaa o -/-"])
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let action = holotable::droid::choose_action(play.as_ref(), 1, &mut rng).unwrap();
    let mut next = play.clone_box();
    next.apply(&action).unwrap();
    match next.status() {
        Status::Over(outcome) => assert_eq!(outcome.winner(), Some(0), "{action}"),
        other => panic!("{action} does not win: {other:?}"),
    }
}

#[test]
fn the_engine_droid_op_answers_and_refuses_where_nobody_chooses() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let zatak = "b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/b5=6,c6=3,d6=5,d7=1,e6=2,f5=4/-/w/play";
    let lines = [
        format!(r#"{{"op":"droid","game":"zatak","state":"{zatak}","level":2,"seed":9}}"#),
        format!(r#"{{"op":"droid","game":"zatak","state":"{zatak}","level":2,"seed":9}}"#),
        r#"{"op":"droid","game":"dzone","state":"....../....../....../....../....../...... R6,G6 R place:2 0 0","level":1}"#.to_string(),
        format!(r#"{{"op":"droid","game":"zatak","state":"{zatak}","level":9}}"#),
        format!(r#"{{"op":"droid","game":"zatak","state":"{zatak}","budget_ms":50,"seed":1}}"#),
    ];
    {
        let mut stdin = child.stdin.take().unwrap();
        for line in &lines {
            writeln!(stdin, "{line}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    let replies: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies[0]["ok"], true, "{}", replies[0]);
    assert_eq!(
        replies[0], replies[1],
        "the same seed and level, the same action"
    );
    assert_eq!(replies[2]["ok"], false, "a chance node: {}", replies[2]);
    assert!(replies[3]["error"].as_str().unwrap().contains("1 to 5"));
    assert_eq!(replies[4]["ok"], true, "{}", replies[4]);
}

#[test]
fn the_arena_counts_games_and_pubeval_beats_random_play() {
    use holotable::arena::{run, Player};
    let game = lookup("backgammon", &GameOptions::new()).unwrap();
    let mut seen = 0;
    let tally = run(&game, 6, Player::Pubeval, Player::Random, 3, |done, _| {
        seen = done
    })
    .unwrap();
    assert_eq!((tally.games(), seen), (6, 6));
    assert!(tally.wins >= 5, "pubeval against random: {tally:?}");
    assert!(!tally.think_ms.is_empty());
    assert!(Player::parse("droid:6").is_err() && Player::parse("chess").is_err());
    // pubeval plays backgammon only.
    let zatak = lookup("zatak", &GameOptions::new()).unwrap();
    assert!(run(&zatak, 1, Player::Pubeval, Player::Random, 1, |_, _| {}).is_err());
}

#[test]
fn pubeval_reads_contact_and_races() {
    use holotable::games::backgammon::board::start_side;
    use holotable::games::backgammon::pubeval::{contact, score};
    let start = start_side();
    assert!(contact(&start, &start));
    // Everything home on both sides: a race.
    let mut home = [0u8; 25];
    home[0] = 5;
    home[1] = 5;
    home[2] = 5;
    assert!(!contact(&home, &home));
    // In a race, bearing off more is better.
    let mut fewer = home;
    fewer[0] = 3;
    assert!(score(&fewer, &home, true) > score(&home, &home, true));
}
