//! The arena's `gnubg` player against the engine (issue 29): GNU Backgammon, driven through
//! its Python scripting, reads the engine's positions as the engine wrote them and lists the
//! same legal plays, and whole games against the droid end with no disagreement.
//!
//! Debian's `gnubg` is needed; without it each test prints NOT RUN, unless
//! `HOLOTABLE_REQUIRE_GNUBG=1` (set by `.ci/run`) makes its absence a failure.

use std::sync::Arc;

use holotable::arena::gnubg::Gnubg;
use holotable::arena::{run_on, Player};
use holotable::games::{DynGame, DynPlay, Status};

/// A started gnubg, or `None` (with a NOT RUN line naming the test) when it is missing.
fn gnubg(test: &str) -> Option<Gnubg> {
    match Gnubg::start() {
        Ok(g) => Some(g),
        Err(e) => {
            if std::env::var("HOLOTABLE_REQUIRE_GNUBG").is_ok_and(|v| v == "1") {
                panic!("gnubg is required (HOLOTABLE_REQUIRE_GNUBG=1): {e}");
            }
            eprintln!("gnubg test '{test}' NOT RUN: {e}");
            None
        }
    }
}

fn backgammon() -> Arc<dyn DynGame> {
    holotable::catalogue::lookup("backgammon", &serde_json::Map::new()).expect("backgammon")
}

#[test]
fn gnubg_lists_the_engines_plays_of_the_opening_rolls() {
    let Some(mut gnubg) = gnubg("opening rolls") else {
        return;
    };
    let game = backgammon();
    let start = game.start(2).expect("a game");
    let mut rolls = 0;
    for die in 0..start.choice_count() {
        let mut play = start.clone_box();
        play.step(die).expect("the opening roll");
        if !matches!(play.status(), Status::ToMove(_)) {
            continue;
        }
        let position = play.position();
        let (id, _) = position.split_once(':').expect("Position ID:Match ID");
        let roll = play_dice(play.as_ref());
        let hint = gnubg.hint(id, roll, None).expect("gnubg's hint");
        assert_eq!(hint.position_id, id, "gnubg read {id} otherwise");
        let mut ours = play.legal();
        let mut theirs = hint.plays.clone();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "the plays of {id} with {roll:?}");
        rolls += 1;
    }
    // Every opening roll but the doubles, which are rolled again (BG-2.1).
    assert_eq!(rolls, 30, "opening rolls checked");
}

/// The dice of `play`'s position, read from its Match ID by the engine's own parser.
fn play_dice(play: &dyn DynPlay) -> (u8, u8) {
    let position = play.position();
    let (_, mid) = position.split_once(':').expect("Position ID:Match ID");
    let info = holotable::games::backgammon::ids::parse_match_id(mid).expect("a Match ID");
    info.dice
}

#[test]
fn games_against_gnubg_end_with_every_position_agreed() {
    if gnubg("games").is_none() {
        return;
    }
    let tally = run_on(
        &backgammon(),
        4,
        Player::droid(1),
        Player::Gnubg,
        7,
        2,
        |_, _| {},
    )
    .expect("the games");
    assert_eq!(tally.games(), 4);
    assert!(
        tally.checked >= 4 * 20,
        "{} positions checked in 4 games",
        tally.checked
    );
    assert_eq!(tally.disagreements, Vec::<String>::new());
}

#[test]
fn gnubg_keeps_the_cube_at_the_start_and_doubles_a_sure_last_roll_out() {
    use holotable::games::backgammon::board::start_side;
    use holotable::games::backgammon::ids::{match_id, position_id, GameState, MatchInfo};
    let Some(mut gnubg) = gnubg("cube") else {
        return;
    };
    let mut info = MatchInfo::new(5);
    info.game = GameState::Playing;
    let start = position_id(&start_side(), &start_side());
    let verdict = gnubg.cube(&start, &match_id(&info)).expect("a verdict");
    assert!(!verdict.double && verdict.take, "at the start: {verdict:?}");
    // Two checkers on the 1-point against a lone checker on the 6-point: any roll bears
    // both off, so the cube is turned and the double cannot be taken.
    let mut on_roll = [0; 25];
    on_roll[0] = 2;
    let mut other = [0; 25];
    other[5] = 1;
    let done = position_id(&other, &on_roll);
    let verdict = gnubg.cube(&done, &match_id(&info)).expect("a verdict");
    assert!(
        verdict.double && !verdict.take,
        "a sure last roll: {verdict:?}"
    );
    // A malformed request is an error, not a verdict.
    assert!(gnubg.cube("nonsense", &match_id(&info)).is_err());
}

#[test]
fn a_five_point_match_against_gnubg_with_the_cube_is_agreed_throughout() {
    if gnubg("five points").is_none() {
        return;
    }
    let mut options = serde_json::Map::new();
    options.insert("length".into(), 5.into());
    let game = holotable::catalogue::lookup("backgammon", &options).expect("backgammon");
    let tally =
        run_on(&game, 2, Player::droid(4), Player::Gnubg, 11, 2, |_, _| {}).expect("the matches");
    assert_eq!(tally.games(), 2);
    assert!(
        tally.checked >= 2 * 40,
        "{} positions checked",
        tally.checked
    );
    assert_eq!(tally.disagreements, Vec::<String>::new());
}

#[test]
fn gnubg_ranks_the_plays_of_a_roll_with_their_equities_best_first() {
    let Some(mut gnubg) = gnubg("rank") else {
        return;
    };
    let start = "4HPwATDgc/ABMA";
    let ranked = gnubg.rank(start, (6, 1), 0).expect("a ranking");
    assert_eq!(
        ranked[0].0, "13/7 8/7",
        "the opening 6-1 makes the bar point"
    );
    assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1), "{ranked:?}");
    assert!(
        ranked.len() >= 8,
        "the plays of 6-1 are ranked: {}",
        ranked.len()
    );
    assert!(
        gnubg.rank(start, (6, 1), 9).is_err(),
        "plies beyond 3 are refused"
    );
}
