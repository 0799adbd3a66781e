//! The droid's search (issue 17's slice): only legal actions, a win in one taken, the same
//! seed and level giving the same action, and the engine's `droid` op.

use std::io::Write;
use std::process::{Command, Stdio};

use holotable::catalogue::{lookup, GAMES};
use holotable::games::{DynPlay, GameOptions, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[path = "common/positions.rs"]
mod common_positions;
use common_positions::positions;

#[test]
fn the_droid_plays_only_legal_actions_in_every_game() {
    for entry in GAMES {
        for (k, play) in positions(entry.info.id, 6, 7).into_iter().enumerate() {
            let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
            let action =
                holotable::droid::choose_action(play.as_ref(), 1, holotable::droid::MIND, &mut rng)
                    .unwrap();
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
                holotable::droid::choose_action(play.as_ref(), 2, holotable::droid::MIND, &mut rng)
                    .unwrap()
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
    let action =
        holotable::droid::choose_action(play.as_ref(), 1, holotable::droid::MIND, &mut rng)
            .unwrap();
    let mut next = play.clone_box();
    next.apply(&action).unwrap();
    match next.status() {
        Status::Over(outcome) => assert_eq!(outcome.winner(), Some(0), "{action}"),
        other => panic!("{action} does not win: {other:?}"),
    }
}

/// Positions one move from a win, from random play of every game: the position before
/// each random game's last move, when that move won it.
fn wins_in_one(id: &str, count: usize, seed: u64) -> Vec<Box<dyn DynPlay>> {
    let game = lookup(id, &GameOptions::new()).unwrap();
    let seats = game.info().min_seats;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..2_000 {
        if out.len() >= count {
            break;
        }
        let mut play = game.start(seats).unwrap();
        let mut before = None;
        loop {
            match play.status() {
                Status::Over(outcome) => {
                    if let (Some((seat, b)), Some(w)) = (before, outcome.winner()) {
                        if seat == w {
                            out.push(b);
                        }
                    }
                    break;
                }
                Status::Chance => {
                    let weights = play.chance_weights();
                    play.step(rng.random_range(0..weights.len())).unwrap();
                }
                Status::ToMove(seat) => {
                    before = Some((seat, play.clone_box()));
                    let n = play.choice_count();
                    play.step(rng.random_range(0..n)).unwrap();
                }
            }
        }
    }
    out
}

#[test]
fn a_win_in_one_is_taken_in_every_game() {
    for entry in GAMES {
        let id = entry.info.id;
        let found = wins_in_one(id, 8, 13);
        assert!(!found.is_empty(), "{id}: random games end in a win");
        for (k, play) in found.into_iter().enumerate() {
            let Status::ToMove(seat) = play.status() else {
                unreachable!("a seat moved here")
            };
            let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
            let action =
                holotable::droid::choose_action(play.as_ref(), 3, holotable::droid::MIND, &mut rng)
                    .unwrap();
            let mut next = play.clone_box();
            next.apply(&action).unwrap();
            match next.status() {
                Status::Over(outcome) => {
                    assert_eq!(outcome.winner(), Some(seat), "{id}: {action}")
                }
                other => panic!(
                    "{id}: {action} at {} does not win: {other:?}",
                    play.position()
                ),
            }
        }
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
    assert_eq!(Player::parse("gnubg"), Ok(Player::Gnubg));
    assert_eq!(
        Player::parse("lookahead:2"),
        Ok(Player::Lookahead(2, holotable::droid::MIND))
    );
    assert_eq!(Player::parse("lookahead:0@7"), Ok(Player::Lookahead(0, 7)));
    assert!(Player::parse("lookahead:0@99").is_err());
    assert!(Player::parse("lookahead:4").is_err());
    assert!(Player::parse("lookahead:9").is_err() && Player::parse("lookahead:").is_err());
    // pubeval and gnubg play backgammon only (gnubg says so before it is started).
    let zatak = lookup("zatak", &GameOptions::new()).unwrap();
    assert!(run(&zatak, 1, Player::Pubeval, Player::Random, 1, |_, _| {}).is_err());
    let refused = run(&zatak, 1, Player::Gnubg, Player::Random, 1, |_, _| {}).unwrap_err();
    assert!(refused.contains("backgammon only"), "{refused}");
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

#[test]
fn greedy_takes_a_capture_when_it_has_one() {
    use holotable::arena::Player;
    for id in ["dejarik", "backgammon", "zatak", "dzone"] {
        let mut seen = 0;
        for (k, play) in positions(id, 400, 21).into_iter().enumerate() {
            let n = play.choice_count();
            let capturing = (0..n).filter(|&i| play.choice_captures(i)).count();
            let winning = holotable::droid::search::winning_choice(play.as_ref());
            if capturing == 0 || capturing == n || winning.is_some() {
                continue;
            }
            seen += 1;
            let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
            let choice = Player::Greedy.choose(play.as_ref(), &mut rng).unwrap();
            assert!(
                play.choice_captures(choice),
                "{id}: greedy chose {:?} at {}",
                play.choice_text(choice),
                play.position()
            );
        }
        assert!(seen > 0, "{id}: some positions offer a capture");
    }
}

#[test]
fn a_backgammon_capture_is_a_hit() {
    use holotable::games::backgammon::{board::BAR, Backgammon};
    use holotable::games::Playthrough;
    let bar = |p: &dyn DynPlay| {
        let t = p
            .as_any()
            .downcast_ref::<Playthrough<Backgammon>>()
            .unwrap();
        t.state().sides.map(|s| s[BAR])
    };
    let mut hits = 0;
    for play in positions("backgammon", 300, 4) {
        let Status::ToMove(seat) = play.status() else {
            continue;
        };
        for i in 0..play.choice_count() {
            let mut next = play.clone_box();
            next.step(i).unwrap();
            let hit = bar(next.as_ref())[1 - seat] > bar(play.as_ref())[1 - seat];
            assert_eq!(play.choice_captures(i), hit, "{:?}", play.choice_text(i));
            hits += hit as usize;
        }
    }
    assert!(hits > 0);
}

#[test]
fn the_arena_gives_the_same_tally_on_several_threads() {
    use holotable::arena::{run, run_on, Player};
    let game = lookup("kingdoms", &GameOptions::new()).unwrap();
    let one = run(&game, 4, Player::droid(1), Player::Greedy, 8, |_, _| {}).unwrap();
    let two = run_on(&game, 4, Player::droid(1), Player::Greedy, 8, 2, |_, _| {}).unwrap();
    assert_eq!(
        (
            one.wins,
            one.losses,
            one.draws,
            one.iterations,
            one.positions
        ),
        (
            two.wins,
            two.losses,
            two.draws,
            two.iterations,
            two.positions
        )
    );
    assert!(one.iterations > 0 && one.positions >= one.iterations);
}

/// Backgammon's cube through the droid's search and evaluation.
mod cube {
    use super::*;
    use holotable::games::backgammon::board::{start_side, Side};
    use holotable::games::backgammon::ids::{GameState, MatchInfo};
    use holotable::games::backgammon::{Backgammon, State};
    use holotable::games::Game;

    fn side(points: &[(usize, u8)]) -> Side {
        let mut s = [0; 25];
        for &(i, n) in points {
            s[i] = n;
        }
        s
    }

    /// A money game at `sides`, seat 0 on roll, the cube in the middle at 1.
    fn money(sides: [Side; 2], offered: bool) -> Box<dyn DynPlay> {
        to(0, sides, offered)
    }

    /// A match to `length` (0: a money game) at 0–0, seat 0 on roll, the cube in the middle
    /// at 1, doubled by seat 0 if `offered`.
    fn to(length: u16, sides: [Side; 2], offered: bool) -> Box<dyn DynPlay> {
        let mut options = GameOptions::new();
        options.insert("length".into(), serde_json::json!(length));
        let game = Backgammon::from_options(&options).unwrap();
        let mut info = MatchInfo::new(length);
        info.game = GameState::Playing;
        info.double_offered = offered;
        info.turn = offered as u8;
        let text = game.format_state(&State { sides, info });
        lookup("backgammon", &options)
            .unwrap()
            .resume(&[&text])
            .unwrap()
    }

    fn droid(play: &dyn DynPlay) -> String {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        holotable::droid::choose_action(play, 3, holotable::droid::MIND, &mut rng).unwrap()
    }

    #[test]
    fn it_drops_a_hopeless_double_and_takes_an_even_one() {
        // White bears off its last two checkers with any roll; Black still needs two.
        let hopeless = money([side(&[(0, 2)]), side(&[(5, 2)])], true);
        assert_eq!(droid(hopeless.as_ref()), "drop");
        let even = money([start_side(), start_side()], true);
        assert_eq!(droid(even.as_ref()), "take");
    }

    #[test]
    fn it_doubles_a_strong_last_roll_but_not_the_opening() {
        assert_eq!(
            droid(money([start_side(), start_side()], false).as_ref()),
            "roll"
        );
        // Two checkers on White's 2-point come off with 26 rolls of 36; Black's last
        // checker comes off next turn: White doubles, and Black (28 %) takes.
        let last = [side(&[(1, 2)]), side(&[(0, 1)])];
        assert_eq!(droid(money(last, false).as_ref()), "double");
        assert_eq!(droid(money(last, true).as_ref()), "take");
    }

    #[test]
    fn in_a_match_it_keeps_the_cube_early_and_uses_it_late() {
        let start = [start_side(), start_side()];
        assert_eq!(droid(to(5, start, false).as_ref()), "roll");
        assert_eq!(droid(to(5, start, true).as_ref()), "take");
        let hopeless = [side(&[(0, 2)]), side(&[(5, 2)])];
        assert_eq!(droid(to(5, hopeless, true).as_ref()), "drop");
        let last = [side(&[(1, 2)]), side(&[(0, 1)])];
        assert_eq!(droid(to(5, last, false).as_ref()), "double");
    }
}

#[test]
fn each_mind_keeps_its_plans_and_the_fourth_climbs_each_games_own_ladder() {
    use holotable::droid::lookahead::Lookahead;
    use holotable::droid::{
        bounded_plan, deep_plan, filtered_plan, iterations, plan, sharp_plan, Plan, LOOK,
        LOOK_BOUNDED, LOOK_DEEP, LOOK_FILTERED, MIND,
    };
    use holotable::games::backgammon::Backgammon;
    use holotable::games::dejarik::Dejarik;
    use holotable::games::dzone::Dzone;
    use holotable::games::kingdoms::Kingdoms;
    use holotable::games::zatak::Zatak;
    use holotable::games::{Game, GameInfo, SEARCH_LADDER};
    assert_eq!(MIND, 8, "new tables are played by the eighth mind");
    let sharp = Backgammon::INFO;
    let searched: [GameInfo; 4] = [Dejarik::INFO, Zatak::INFO, Kingdoms::INFO, Dzone::INFO];
    // The fifth to seventh minds: a searched game keeps the fourth's plans; a
    // sharp-estimate game's levels 1-4 blur the estimate's choice, each twice as much as
    // the one above, and level 5 looks two rolls ahead over fewer plays, filtered by a
    // margin, then (the sixth) three rolls ahead at its two best where they are close,
    // within a budget that (the seventh) bounds the whole look.
    for level in 1..=5u8 {
        // The eighth reads races at home exactly, with the seventh's plans.
        assert_eq!(plan(level, 8, &sharp), Plan::Look(bounded_plan(level)));
        assert_eq!(plan(level, 7, &sharp), Plan::Look(bounded_plan(level)));
        assert_eq!(plan(level, 6, &sharp), Plan::Look(deep_plan(level)));
        assert_eq!(plan(level, 5, &sharp), Plan::Look(filtered_plan(level)));
        for mind in 5..=7 {
            for info in &searched {
                assert_eq!(plan(level, mind, info), plan(level, 4, info), "{}", info.id);
            }
        }
    }
    assert!((1..=4).all(|l| deep_plan(l) == filtered_plan(l)));
    assert!((1..=4).all(|l| bounded_plan(l) == filtered_plan(l)));
    assert_eq!(deep_plan(5), LOOK_DEEP);
    assert_eq!(bounded_plan(5), LOOK_BOUNDED);
    // The seventh moves the sixth's budget from the deeper stage to the whole look.
    let (deep, bounded) = (LOOK_DEEP.refine.unwrap(), LOOK_BOUNDED.refine.unwrap());
    assert_eq!(
        deep,
        holotable::droid::lookahead::Refine {
            keep: 2,
            rolls: 3,
            inner: 1,
            within: Some(20),
            budget: Some(500_000),
        },
        "the sixth mind's deeper stage, as its tables were played"
    );
    assert_eq!((LOOK_DEEP.budget, bounded.budget), (None, None));
    assert_eq!(LOOK_BOUNDED.budget, deep.budget);
    assert_eq!(
        Lookahead {
            refine: Some(holotable::droid::lookahead::Refine {
                budget: deep.budget,
                ..bounded
            }),
            budget: None,
            ..LOOK_BOUNDED
        },
        LOOK_DEEP
    );
    assert_eq!(
        Lookahead {
            refine: None,
            ..LOOK_DEEP
        },
        LOOK_FILTERED
    );
    let refine = LOOK_DEEP.refine.unwrap();
    assert_eq!((refine.keep, refine.rolls, refine.inner), (2, 3, 1));
    let noise: Vec<u16> = (1..=4).map(|l| filtered_plan(l).noise).collect();
    assert!(noise.windows(2).all(|w| w[0] == 2 * w[1]), "{noise:?}");
    assert!(noise[3] > 0, "level 4 blurs the third network's choice");
    assert!((1..=4).all(|l| filtered_plan(l).rolls == 0));
    assert_eq!(filtered_plan(5), LOOK_FILTERED);
    assert_eq!((LOOK_FILTERED.root, LOOK_FILTERED.margin), (6, Some(80)));
    assert_eq!(
        Lookahead {
            root: LOOK.root,
            margin: None,
            ..LOOK_FILTERED
        },
        LOOK
    );
    // The fourth mind: a searched game climbs its own ladder, strictly upwards; a game whose
    // estimate is sharp keeps the third mind's lookaheads.
    for info in &searched {
        assert!(info.ladder.windows(2).all(|w| w[0] < w[1]), "{}", info.id);
        for level in 1..=5u8 {
            let own = info.ladder[usize::from(level) - 1];
            assert_eq!(plan(level, 4, info), Plan::Search(own), "{}", info.id);
        }
    }
    assert_ne!(Zatak::INFO.ladder, SEARCH_LADDER, "Zatak was recalibrated");
    assert_ne!(Dzone::INFO.ladder, SEARCH_LADDER, "D-Zone was recalibrated");
    assert_eq!(Dejarik::INFO.ladder, SEARCH_LADDER);
    for level in 1..=5 {
        assert_eq!(plan(level, 4, &sharp), Plan::Look(sharp_plan(level)));
    }
    // The third mind: every level of a sharp-estimate game is a lookahead, the lower ones
    // the estimate's own choice blurred by less and less noise, then two rolls ahead; every
    // searched game searches the common ladder.
    let noise: Vec<u16> = (1..=4).map(|l| sharp_plan(l).noise).collect();
    assert!(noise.windows(2).all(|w| w[0] > w[1]), "{noise:?}");
    assert_eq!(noise[3], 0, "level 4 plays the estimate's own choice");
    assert!((1..=4).all(|l| sharp_plan(l).rolls == 0));
    assert_eq!(sharp_plan(5), LOOK);
    for level in 1..=5 {
        assert_eq!(plan(level, 3, &sharp), Plan::Look(sharp_plan(level)));
        for info in &searched {
            assert_eq!(plan(level, 3, info), Plan::Search(iterations(level)));
        }
    }
    assert_eq!(
        (1..=5).map(iterations).collect::<Vec<_>>(),
        [16, 64, 200, 700, 2_000],
        "the first three minds' scale never changes"
    );
    // The second mind: level 5 of a sharp-estimate game looks two rolls ahead, the rest
    // search, as its tables were played.
    assert_eq!(plan(5, 2, &sharp), Plan::Look(LOOK));
    assert_eq!(plan(4, 2, &sharp), Plan::Search(iterations(4)));
    assert_eq!(plan(5, 2, &Zatak::INFO), Plan::Search(iterations(5)));
    assert_eq!(plan(5, 2, &Dejarik::INFO), Plan::Search(iterations(5)));
    // The first mind: a tree search at every level.
    assert_eq!(plan(5, 1, &sharp), Plan::Search(iterations(5)));
    assert_eq!(plan(1, 1, &Dzone::INFO), Plan::Search(16));
}

#[test]
fn each_mind_reads_backgammon_with_its_own_network() {
    use holotable::games::backgammon::net::{featured, network, shipped, third, Reading};
    assert!(std::ptr::eq(network(1), shipped()));
    assert!(std::ptr::eq(network(2), shipped()));
    assert!(std::ptr::eq(network(3), featured()));
    assert!(std::ptr::eq(network(4), featured()));
    assert!(std::ptr::eq(network(5), third()));
    assert!(std::ptr::eq(network(6), third()));
    assert!(std::ptr::eq(network(7), third()));
    assert_eq!(shipped().reading(), Reading::Raw);
    assert_eq!(featured().reading(), Reading::Features);
    assert_eq!(third().reading(), Reading::Contact);
    // Read through the game's estimate, the minds differ somewhere in a real game.
    let differs = positions("backgammon", 40, 11)
        .iter()
        .any(|p| p.heuristic(2) != p.heuristic(3));
    assert!(differs, "the two networks read forty positions alike");
    let differs = positions("backgammon", 40, 11)
        .iter()
        .any(|p| p.heuristic(4) != p.heuristic(5));
    assert!(
        differs,
        "the second and third networks read forty positions alike"
    );
}

#[test]
fn the_arenas_search_player_is_the_droids_level_with_that_many_iterations() {
    use holotable::arena::Player;
    assert_eq!(Player::parse("search:200"), Ok(Player::Search(200)));
    for bad in ["search:0", "search:", "search:x", "search:2000000"] {
        assert!(Player::parse(bad).is_err(), "{bad}");
    }
    // What the ladder figures rest on: `search:N` is the droid of today's mind at the level
    // whose iterations are N, move for move, from the same generator.
    for id in ["zatak", "dzone"] {
        let ladder = lookup(id, &GameOptions::new()).unwrap().info().ladder;
        for (k, play) in positions(id, 60, 9).into_iter().enumerate() {
            for level in 1..=4u8 {
                let n = ladder[usize::from(level) - 1];
                let mut a = ChaCha8Rng::seed_from_u64(k as u64);
                let mut b = ChaCha8Rng::seed_from_u64(k as u64);
                assert_eq!(
                    Player::Search(n).choose(play.as_ref(), &mut a),
                    Player::droid(level).choose(play.as_ref(), &mut b),
                    "{id} level {level} at {}",
                    play.position()
                );
            }
        }
    }
}
