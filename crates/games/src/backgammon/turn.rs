//! Playing one action of a backgammon match (BG-2 … BG-5): the opening roll, the dice, the
//! cube, resignations, plays and passes, each refused in words when it does not fit.

use super::board;
use super::ids::{CubeOwner, GameState};
use super::*;

pub(super) fn apply(game: &Backgammon, state: &State, action: &Action) -> Applied {
    let status = game.status(state);
    if let Status::Over(_) = status {
        return Err(RulesError::GameOver);
    }
    match action {
        Action::Opening(w, b) => opening(state, status, *w, *b),
        Action::Dice(a, b) => dice(state, status, *a, *b),
        Action::Roll | Action::Double | Action::Take | Action::Drop => cube(state, status, action),
        Action::Resign(points) => resign(state, status, *points),
        Action::Accept | Action::Reject => answer_resignation(state, *action == Action::Accept),
        Action::Play(play) => play_checkers(game, state, play),
        Action::Pass => pass(game, state),
    }
}

/// The state after an action, or why the action is refused.
type Applied = Result<State, RulesError>;

fn illegal(why: &str, id: &'static str) -> Applied {
    Err(RulesError::Illegal(why.to_string()).told(Phrase::new(id)))
}

/// The opening roll (BG-2.1): both sides' first die, the higher moving first with both.
fn opening(state: &State, status: Status, w: u8, b: u8) -> Applied {
    let m = &state.info;
    if status != Status::Chance || m.game == GameState::Playing {
        return illegal(
            "the opening roll starts a game; this game is under way",
            "bg-opening-under-way",
        );
    }
    if !(1..=6).contains(&w) || !(1..=6).contains(&b) || w == b {
        return illegal(
            "the opening roll is two different dice, 1–6 each",
            "bg-opening-dice",
        );
    }
    let mut next = state.clone();
    next.sides = [board::start_side(), board::start_side()];
    let first = if w > b { 0 } else { 1 };
    next.info = MatchInfo {
        cube_log: 0,
        cube_owner: CubeOwner::Centred,
        on_roll: first,
        turn: first,
        game: GameState::Playing,
        double_offered: false,
        resignation: 0,
        dice: (w.max(b), w.min(b)),
        rolling: false,
        ..*m
    };
    Ok(next)
}

/// A turn's dice, once the player to roll has rolled.
fn dice(state: &State, status: Status, a: u8, b: u8) -> Applied {
    if status != Status::Chance || state.info.game != GameState::Playing {
        return illegal("the dice are not to be rolled now", "bg-no-roll-now");
    }
    if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
        return illegal("dice show 1–6", "bg-dice-range");
    }
    let mut next = state.clone();
    next.info.dice = (a.max(b), a.min(b));
    next.info.rolling = false;
    Ok(next)
}

/// The cube's decisions (BG-5.2): roll rather than double, double, take, drop.
fn cube(state: &State, status: Status, action: &Action) -> Applied {
    let m = &state.info;
    let mut next = state.clone();
    match action {
        Action::Roll => {
            if m.resignation > 0
                || !state.may_double()
                || status != Status::ToMove(m.on_roll as Seat)
            {
                return illegal(
                    "there is nothing to decide before this roll",
                    "bg-nothing-to-decide",
                );
            }
            next.info.rolling = true;
        }
        Action::Double => {
            if !state.may_double() {
                let (why, id) = double_refusal(state);
                return illegal(why, id);
            }
            next.info.double_offered = true;
            next.info.turn = State::other(m.on_roll);
        }
        _ if !m.double_offered => return illegal("no double has been offered", "bg-no-double"),
        // The doubler rolls next: with the cube on the taker's side it has nothing to decide,
        // so the position is gnubg's own (no rolling bit) and its IDs are gnubg's.
        Action::Take => {
            next.info.cube_log += 1;
            next.info.cube_owner = CubeOwner::Player(m.turn);
            next.info.double_offered = false;
            next.info.turn = m.on_roll;
        }
        _ => {
            next.info.turn = m.on_roll;
            next.finish(m.on_roll, state.cube_value(), GameState::Dropped);
        }
    }
    Ok(next)
}

/// An offer to end the game for one, two or three times the cube (BG-5.5).
fn resign(state: &State, status: Status, points: u8) -> Applied {
    let m = &state.info;
    let Status::ToMove(seat) = status else {
        return illegal(
            "a resignation is offered by the player to act",
            "bg-resign-by-actor",
        );
    };
    if m.double_offered || m.resignation > 0 {
        return illegal("answer the pending offer first", "bg-answer-first");
    }
    if !(1..=3).contains(&points) {
        return illegal("resign single, gammon or backgammon", "bg-resign-kind");
    }
    let mut next = state.clone();
    next.info.resignation = points;
    next.info.turn = State::other(seat as u8);
    Ok(next)
}

/// The opponent's answer to a resignation: accepted, the game ends for what was offered.
fn answer_resignation(state: &State, accept: bool) -> Applied {
    let m = &state.info;
    if m.resignation == 0 {
        return illegal("no resignation has been offered", "bg-no-resignation");
    }
    let accepter = m.turn;
    let mut next = state.clone();
    next.info.resignation = 0;
    next.info.turn = State::other(accepter);
    if accept {
        let points = m.resignation as u32 * state.cube_value();
        next.finish(accepter, points, GameState::Resigned);
        next.info.dice = (0, 0);
    }
    Ok(next)
}

/// A play of the checkers, one of the legal plays with these dice (BG-3).
fn play_checkers(game: &Backgammon, state: &State, play: &Play) -> Applied {
    let m = &state.info;
    if m.dice == (0, 0) || m.double_offered || m.resignation > 0 {
        return illegal("roll the dice before moving", "bg-roll-first");
    }
    if !game.plays(state).iter().any(|p| p.after == play.after) {
        return illegal(
            "that play is not legal with these dice",
            "bg-not-legal-play",
        );
    }
    Ok(game.after_play(state, play.after))
}

/// A roll no checker can use passes the turn (BG-3.7).
fn pass(game: &Backgammon, state: &State) -> Applied {
    let m = &state.info;
    if m.dice == (0, 0) || m.double_offered || m.resignation > 0 || !game.plays(state).is_empty() {
        return illegal(
            "a pass is only for a roll that no checker can use",
            "bg-pass-only",
        );
    }
    Ok(game.after_play(state, state.board()))
}

/// Why the player to act cannot double now (BG-5.1 … BG-5.3), in English and as a phrase id.
fn double_refusal(state: &State) -> (&'static str, &'static str) {
    let m = &state.info;
    if m.length == 1 {
        ("a 1-point match has no cube", "bg-cube-one-point")
    } else if m.crawford {
        ("no doubling in the Crawford game", "bg-cube-crawford")
    } else if m.cube_log >= MAX_CUBE_LOG {
        ("the cube is at 64, its highest value", "bg-cube-max")
    } else if m.dice != (0, 0) || m.rolling {
        ("a double is offered before rolling", "bg-cube-before-roll")
    } else if m.double_offered {
        ("a double is already offered", "bg-cube-offered")
    } else if matches!(m.cube_owner, CubeOwner::Player(p) if p != m.on_roll) {
        ("your opponent owns the cube", "bg-cube-theirs")
    } else {
        ("you cannot double now", "bg-cube-not-now")
    }
}
