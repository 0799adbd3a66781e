//! The contract every game of the catalogue keeps, checked the same way for all of them (in
//! the manner of OpenSpiel's random simulation test): random playouts through the
//! type-erased face, where at every position
//! - the position's notation reads back to itself, and so does every legal action's;
//! - `legal` lists distinct actions, each in canonical notation, and applying each gives the
//!   position `legal_with_results` announced;
//! - what `legal` does not list is refused and changes nothing;
//! - at a chance node the outcomes' weights are positive and sum to one;
//! - a game has an outcome only at its end, where nothing is legal and every seat has points;
//! - the board renders the position, as PNG bytes that decode, the same from the game the
//!   table holds as from its notation;
//! - the droid answers with a legal action.
//!
//! A new game passes this with no edit here: it is one more line of [`games`]. The small
//! test game `takeaway` (tests/common) is one such line beside the product's catalogue.

mod common;

use holotable::catalogue::{Catalogue, Entry};
use holotable::games::{DynPlay, GameOptions, Status};
use holotable::render::Scene;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every game of the product, and the test game beside them.
fn games() -> Vec<&'static Entry> {
    Catalogue::default()
        .with(&common::takeaway::TAKEAWAY)
        .entries()
        .to_vec()
}

/// Playouts per game and seat count, and the most actions a playout takes before it stops
/// checking (D-Zone's games run to hundreds of rolls).
const PLAYOUTS: u64 = 3;
const MAX_STEPS: usize = 400;
/// The droid is asked, and the board drawn, at every this-many positions (and at the end).
const DROID_EVERY: usize = 25;
const BOARD_EVERY: usize = 10;

fn check_position(entry: &Entry, game_seats: usize, play: &dyn DynPlay, at: &str) {
    let id = entry.info.id;
    let rules = entry.rules(&GameOptions::new()).unwrap();
    let position = play.position();
    let read = rules
        .resume(&[&position])
        .unwrap_or_else(|e| panic!("{id} {at}: position {position:?} does not read back: {e}"));
    assert_eq!(read.position(), position, "{id} {at}: notation round trip");

    let legal = play.legal();
    // A game that counts its choices while estimating counts them right.
    if let (_, Some(counted)) = play.heuristic_counted(holotable::droid::MIND) {
        let listed = (0..).take_while(|&i| play.choice_text(i).is_some()).count();
        assert_eq!(
            counted, listed,
            "{id} {at}: choices counted by the estimate"
        );
    }
    let with_results = play.legal_with_results();
    assert_eq!(
        legal,
        with_results
            .iter()
            .map(|l| l.action.clone())
            .collect::<Vec<_>>(),
        "{id} {at}: legal and legal_with_results agree"
    );
    let mut distinct = legal.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), legal.len(), "{id} {at}: duplicate actions");
    assert_eq!(play.choice_count(), legal.len(), "{id} {at}: choice count");

    match play.status() {
        Status::Over(outcome) => {
            assert!(legal.is_empty(), "{id} {at}: actions after the end");
            assert_eq!(
                outcome.points.len(),
                game_seats,
                "{id} {at}: points per seat"
            );
        }
        Status::Chance => {
            let weights = play.chance_weights();
            assert_eq!(
                weights.len(),
                legal.len(),
                "{id} {at}: a weight per outcome"
            );
            assert!(
                weights.iter().all(|&w| w > 0.0),
                "{id} {at}: weights {weights:?}"
            );
            let sum: f64 = weights.iter().sum();
            assert!((sum - 1.0).abs() < 1e-9, "{id} {at}: weights sum to {sum}");
            assert!(
                with_results.iter().all(|l| l.p.is_some()),
                "{id} {at}: chance outcomes carry their probability"
            );
        }
        Status::ToMove(seat) => {
            assert!(seat < game_seats, "{id} {at}: seat {seat} to move");
            assert!(
                !legal.is_empty(),
                "{id} {at}: a seat to move with nothing legal"
            );
            assert!(play.chance_weights().is_empty(), "{id} {at}: weights");
        }
    }

    for (index, listed) in with_results.iter().enumerate() {
        let mut next = play.clone_box();
        let canonical = next
            .apply(&listed.action)
            .unwrap_or_else(|e| panic!("{id} {at}: listed {:?} refused: {e}", listed.action));
        assert_eq!(canonical, listed.action, "{id} {at}: canonical notation");
        assert_eq!(
            next.position(),
            listed.state,
            "{id} {at}: {} leads where announced",
            listed.action
        );
        assert_eq!(
            play.normalize(&listed.action).as_deref(),
            Ok(listed.action.as_str()),
            "{id} {at}: {} reads back",
            listed.action
        );
        assert_eq!(
            play.choice_text(index).as_deref(),
            Some(listed.action.as_str()),
            "{id} {at}: choice {index}"
        );
        let mut stepped = play.clone_box();
        stepped.step(index).unwrap();
        assert_eq!(stepped.position(), listed.state, "{id} {at}: step {index}");
    }

    for junk in ["", "zz", "pass pass", "99-99", "\u{1F3B2}"] {
        if legal.iter().any(|l| l == junk) {
            continue;
        }
        let mut copy = play.clone_box();
        if copy.apply(junk).is_ok() {
            // Another spelling of a legal action is fine; anything else is not.
            let canonical = play.normalize(junk).unwrap();
            assert!(legal.contains(&canonical), "{id} {at}: {junk:?} accepted");
        } else {
            assert_eq!(
                copy.position(),
                position,
                "{id} {at}: a refusal changed the game"
            );
        }
    }
}

/// The board of a position renders as a PNG that decodes.
fn check_board(entry: &Entry, play: &dyn DynPlay, at: &str) {
    let lang = holotable::words::Lang::En;
    let id = entry.info.id;
    let png = entry
        .board
        .png(
            lang,
            &GameOptions::new(),
            &play.position(),
            &Scene::default(),
        )
        .unwrap_or_else(|e| panic!("{id} {at}: the board does not render: {e}"));
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap_or_else(|e| panic!("{id} {at}: not a PNG: {e}"));
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert!(
        frame.width > 0 && frame.height > 0,
        "{id} {at}: an empty image"
    );
}

fn playout(entry: &Entry, seats: usize, seed: u64) {
    let id = entry.info.id;
    let rules = entry.rules(&GameOptions::new()).unwrap();
    let mut play = rules.start(seats).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for step in 0..MAX_STEPS {
        let at = format!("({seats} seats, seed {seed}, step {step})");
        check_position(entry, seats, play.as_ref(), &at);
        let over = matches!(play.status(), Status::Over(_));
        if over || step % BOARD_EVERY == 0 {
            check_board(entry, play.as_ref(), &at);
        }
        if over {
            return;
        }
        if step % DROID_EVERY == 0 && matches!(play.status(), Status::ToMove(_)) {
            let answer =
                holotable::droid::choose_action(play.as_ref(), 1, holotable::droid::MIND, &mut rng)
                    .unwrap_or_else(|e| panic!("{id} {at}: the droid failed: {e}"));
            assert!(
                play.legal().contains(&answer),
                "{id} {at}: the droid answered {answer:?}"
            );
        }
        let action = match play.status() {
            Status::Chance => play.sample_chance(&mut rng).unwrap(),
            _ => {
                let legal = play.legal();
                legal[rng.random_range(0..legal.len())].clone()
            }
        };
        play.apply(&action).unwrap();
    }
}

#[test]
fn every_game_of_the_catalogue_keeps_the_contract() {
    let games = games();
    assert!(
        games.len() >= 6,
        "the product's five games and the test game"
    );
    // A thread per game, so that the slowest game sets the pace.
    std::thread::scope(|scope| {
        for entry in games {
            scope.spawn(move || {
                for seats in entry.info.min_seats..=entry.info.max_seats {
                    for seed in 0..PLAYOUTS {
                        playout(entry, seats, seed);
                    }
                }
            });
        }
    });
}

#[test]
fn outcomes_come_only_at_the_end_of_a_game_and_forfeits_end_two_seat_games() {
    for entry in games() {
        let rules = entry.rules(&GameOptions::new()).unwrap();
        let mut play = rules.start(entry.info.min_seats).unwrap();
        assert!(
            !matches!(play.status(), Status::Over(_)),
            "{}: over at the start",
            entry.info.id
        );
        assert!(
            play.points().is_none(),
            "{}: points at the start",
            entry.info.id
        );
        play.forfeit(0).unwrap();
        if entry.info.min_seats == 2 {
            let Status::Over(outcome) = play.status() else {
                panic!("{}: a two-seat game goes on after a forfeit", entry.info.id);
            };
            assert_eq!(
                outcome.winner(),
                Some(1),
                "{}: the other seat wins",
                entry.info.id
            );
        }
    }
}

#[test]
fn every_declared_option_is_read_the_same_way_in_every_game() {
    use holotable::games::OptionKind;
    use serde_json::{json, Value};
    for entry in games() {
        let id = entry.info.id;
        let with = |name: &str, value: Value| {
            let mut options = GameOptions::new();
            options.insert(name.to_string(), value);
            entry.rules(&options).map(|_| ())
        };
        for spec in entry.info.options {
            let name = spec.name;
            match spec.kind {
                OptionKind::Flag => {
                    for yes in [json!(true), json!("yes"), json!(""), json!("off")] {
                        assert!(with(name, yes.clone()).is_ok(), "{id} {name}: {yes}");
                    }
                    assert!(with(name, json!("banana")).is_err(), "{id} {name}");
                }
                OptionKind::Whole { min, max, .. } => {
                    assert!(with(name, json!(max)).is_ok(), "{id} {name}: {max}");
                    assert!(with(name, json!(min.to_string())).is_ok(), "{id} {name}");
                    assert!(with(name, json!(max + 1)).is_err(), "{id} {name}: {max}+1");
                    assert!(with(name, json!("many")).is_err(), "{id} {name}: text");
                    if min > 0 {
                        assert!(with(name, json!(min - 1)).is_err(), "{id} {name}: {min}-1");
                    }
                }
                OptionKind::Text => {
                    assert!(with(name, json!(12)).is_err(), "{id} {name}: a number");
                }
            }
            for alias in spec.aliases {
                if let OptionKind::Whole { max, .. } = spec.kind {
                    assert!(with(alias, json!(max + 1)).is_err(), "{id} {alias}");
                }
            }
        }
    }
}
