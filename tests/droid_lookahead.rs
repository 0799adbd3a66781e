//! The droid's lookahead (issue 29): the margin that filters its root candidates, the
//! deeper stage that looks again at the best of them, where the choice is close and within
//! a budget, and the level 5 play it exists for.

use holotable::catalogue::lookup;
use holotable::games::{DynPlay, GameOptions, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[path = "common/positions.rs"]
mod common_positions;
use common_positions::positions;

/// Backgammon positions from `count` seeded ones where a checker play is to be chosen among
/// at least `plays`.
fn checker_plays(count: usize, seed: u64, plays: usize) -> Vec<Box<dyn DynPlay>> {
    positions("backgammon", count, seed)
        .into_iter()
        .filter(|play| {
            let legal = play.legal();
            legal.len() >= plays && legal.iter().all(|p| p.contains('/'))
        })
        .collect()
}

#[test]
fn level_5_hits_where_the_tree_search_bore_off_two_checkers() {
    // Issue 29's first blunder: with 6-2 here, bearing off two (3/off 2/off) wins about 73 %
    // by GNU Backgammon's reckoning, hitting and bearing one off (3/1* 3/off) about 90 %.
    let game = lookup("backgammon", &GameOptions::new()).unwrap();
    let play = game.resume(&["2TaDAyA2AAAAAA:MAErAAAAAAAE"]).unwrap();
    let mut legal = play.legal();
    legal.sort();
    assert_eq!(legal, ["3/1* 3/off", "3/off 2/off"]);
    let choose = |level| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        holotable::droid::choose_action(play.as_ref(), level, holotable::droid::MIND, &mut rng)
            .unwrap()
    };
    assert_eq!(choose(5), "3/1* 3/off");
}

#[test]
fn a_lookaheads_margin_looks_only_at_plays_near_the_estimates_best() {
    use holotable::droid::lookahead::{choose, Lookahead};
    use holotable::droid::{LOOK, MIND};
    // One roll ahead keeps the test quick; the filter is the same at any depth.
    let wide = Lookahead { rolls: 1, ..LOOK };
    let narrow = Lookahead {
        margin: Some(80),
        ..wide
    };
    let mut fewer = 0;
    for play in checker_plays(40, 17, 2) {
        let Status::ToMove(seat) = play.status() else {
            continue;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let all = choose(play.as_ref(), wide, MIND, &mut rng).unwrap();
        let some = choose(play.as_ref(), narrow, MIND, &mut rng).unwrap();
        assert!(some.positions <= all.positions, "{}", play.position());
        fewer += usize::from(some.positions < all.positions);
        // The filtered choice is never a play the estimate puts beyond the margin.
        let estimate = |i: usize| {
            let mut next = play.clone_box();
            next.step(i).unwrap();
            next.reward().or_else(|| next.heuristic(MIND)).unwrap()[seat]
        };
        let best = (0..play.choice_count())
            .map(estimate)
            .fold(f64::MIN, f64::max);
        assert!(estimate(some.choice) >= best - 0.08, "{}", play.position());
    }
    assert!(fewer > 0, "the margin never left a candidate out");
}

#[test]
fn a_lookaheads_deeper_stage_rejudges_only_the_first_stages_best() {
    use holotable::droid::lookahead::{choose, Lookahead, Refine};
    use holotable::droid::{LOOK, MIND};
    // The estimate's three best plays looked at again one roll ahead choose exactly what a
    // one-roll lookahead over those three alone chooses.
    let staged = Lookahead {
        rolls: 0,
        root: usize::MAX,
        refine: Some(Refine {
            keep: 3,
            rolls: 1,
            inner: 4,
            within: None,
            budget: None,
        }),
        ..LOOK
    };
    let direct = Lookahead {
        rolls: 1,
        root: 3,
        ..LOOK
    };
    let flat = Lookahead {
        rolls: 0,
        root: usize::MAX,
        ..LOOK
    };
    let (mut checked, mut changed) = (0, 0);
    for play in checker_plays(60, 23, 4) {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let a = choose(play.as_ref(), staged, MIND, &mut rng).unwrap();
        let b = choose(play.as_ref(), direct, MIND, &mut rng).unwrap();
        let c = choose(play.as_ref(), flat, MIND, &mut rng).unwrap();
        assert_eq!(a.choice, b.choice, "{}", play.position());
        checked += 1;
        changed += usize::from(a.choice != c.choice);
    }
    assert!(checked >= 5, "{checked} positions with four plays or more");
    assert!(
        changed > 0,
        "looking deeper never changed the estimate's choice"
    );
}

#[test]
fn a_deeper_stage_looks_again_only_where_the_choice_is_close_and_within_its_budget() {
    use holotable::droid::lookahead::{choose, Lookahead, Refine};
    use holotable::droid::{LOOK, MIND};
    // The estimate's choice, then its two best looked at one roll ahead (quick; the
    // stage works the same at any depth).
    let first = Lookahead {
        rolls: 0,
        root: usize::MAX,
        ..LOOK
    };
    let deeper = |within, budget| Lookahead {
        refine: Some(Refine {
            keep: 2,
            rolls: 1,
            inner: 1,
            within,
            budget,
        }),
        ..first
    };
    let (mut close, mut clear, mut overturned) = (0, 0, 0);
    for play in positions("backgammon", 60, 29) {
        let Status::ToMove(seat) = play.status() else {
            continue;
        };
        if play.choice_count() < 2 {
            continue;
        }
        let run = |plan| choose(play.as_ref(), plan, MIND, &mut ChaCha8Rng::seed_from_u64(1));
        let base = run(first).unwrap();
        let always = run(deeper(None, None)).unwrap();
        // A budget counts both stages: at the full count the second stage decides, one
        // short of it the second is abandoned and the first decides.
        let full = run(deeper(None, Some(u64::MAX))).unwrap();
        assert_eq!(full.choice, always.choice, "{}", play.position());
        let short = run(deeper(None, Some(full.positions - 1))).unwrap();
        assert_eq!(run(deeper(None, Some(full.positions))), Some(full));
        assert_eq!(short.choice, base.choice, "{}", play.position());
        overturned += usize::from(always.choice != base.choice);
        // Within 0.02: looked at again exactly where the estimate's two best are that close.
        let mut values: Vec<f64> = (0..play.choice_count())
            .map(|i| {
                let mut next = play.clone_box();
                next.step(i).unwrap();
                next.reward().or_else(|| next.heuristic(MIND)).unwrap()[seat]
            })
            .collect();
        values.sort_by(|a, b| b.total_cmp(a));
        let near = run(deeper(Some(20), None)).unwrap();
        if values[1] >= values[0] - 0.02 {
            assert_eq!(near, always, "{}", play.position());
            close += 1;
        } else {
            assert_eq!(near, base, "{}", play.position());
            clear += 1;
        }
    }
    assert!(
        close > 0 && clear > 0,
        "{close} close choices, {clear} clear ones"
    );
    assert!(
        overturned > 0,
        "the deeper stage never overturned the first"
    );
}

#[test]
fn a_whole_looks_budget_stops_the_first_stage_at_the_candidates_it_finished() {
    use holotable::droid::lookahead::{choose, Lookahead};
    use holotable::droid::{LOOK, MIND};
    // One roll ahead over the estimate's best five plays (few, to keep the test quick): a
    // budget of exactly what the look over its best k reads lets the whole look finish
    // those k and no more, so it chooses as that narrower look does; one position fewer
    // and the k-th is left unfinished.
    let over = |root, budget| Lookahead {
        rolls: 1,
        root,
        budget,
        ..LOOK
    };
    let (mut checked, mut cut_short) = (0, 0);
    for play in checker_plays(60, 31, 4) {
        let run =
            |plan| choose(play.as_ref(), plan, MIND, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
        let all = run(over(5, Some(u64::MAX)));
        assert_eq!(all.choice, run(over(5, None)).choice, "{}", play.position());
        let narrower: Vec<_> = (1..=3).map(|k| run(over(k, Some(u64::MAX)))).collect();
        for (k, within) in narrower.iter().enumerate() {
            let whole = run(over(5, Some(within.positions)));
            assert_eq!(
                whole.choice,
                within.choice,
                "{} k={}",
                play.position(),
                k + 1
            );
            let short = run(over(5, Some(within.positions - 1)));
            let before = narrower[k.saturating_sub(1)].choice;
            assert_eq!(short.choice, before, "{} k={}", play.position(), k + 1);
            cut_short += usize::from(whole.choice != all.choice);
        }
        // A budget spent before any candidate is finished leaves the estimate's best.
        let spent = run(over(5, Some(1)));
        assert_eq!(spent.choice, narrower[0].choice, "{}", play.position());
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert!(checked >= 5, "{checked} positions with four plays or more");
    assert!(
        cut_short > 0,
        "a budget never stopped the look before its own choice"
    );
}
