//! Playing one action of a backgammon match (BG-2 … BG-5): the opening roll, the dice, the
//! cube, resignations, plays and passes, each refused in words when it does not fit.

use super::board;
use super::ids::{CubeOwner, GameState};
use super::*;

pub(super) fn apply(
    game: &Backgammon,
    state: &State,
    action: &Action,
) -> Result<State, RulesError> {
    let status = game.status(state);
    if let Status::Over(_) = status {
        return Err(RulesError::GameOver);
    }
    let m = &state.info;
    let illegal = |why: &str, id: &'static str| {
        Err(RulesError::Illegal(why.to_string()).told(Phrase::new(id)))
    };
    let mut next = state.clone();
    match action {
        Action::Opening(w, b) => {
            if status != Status::Chance || m.game == GameState::Playing {
                return illegal(
                    "the opening roll starts a game; this game is under way",
                    "bg-opening-under-way",
                );
            }
            if !(1..=6).contains(w) || !(1..=6).contains(b) || w == b {
                return illegal(
                    "the opening roll is two different dice, 1–6 each",
                    "bg-opening-dice",
                );
            }
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
                dice: ((*w).max(*b), (*w).min(*b)),
                rolling: false,
                ..*m
            };
        }
        Action::Dice(a, b) => {
            if status != Status::Chance || m.game != GameState::Playing {
                return illegal("the dice are not to be rolled now", "bg-no-roll-now");
            }
            if !(1..=6).contains(a) || !(1..=6).contains(b) {
                return illegal("dice show 1–6", "bg-dice-range");
            }
            next.info.dice = ((*a).max(*b), (*a).min(*b));
            next.info.rolling = false;
        }
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
                return {
                    let (why, id) = double_refusal(state);
                    illegal(why, id)
                };
            }
            next.info.double_offered = true;
            next.info.turn = State::other(m.on_roll);
        }
        Action::Resign(points) => {
            let Status::ToMove(seat) = status else {
                return illegal(
                    "a resignation is offered by the player to act",
                    "bg-resign-by-actor",
                );
            };
            if m.double_offered || m.resignation > 0 {
                return illegal("answer the pending offer first", "bg-answer-first");
            }
            if !(1..=3).contains(points) {
                return illegal("resign single, gammon or backgammon", "bg-resign-kind");
            }
            next.info.resignation = *points;
            next.info.turn = State::other(seat as u8);
        }
        Action::Accept | Action::Reject => {
            if m.resignation == 0 {
                return illegal("no resignation has been offered", "bg-no-resignation");
            }
            let accepter = m.turn;
            next.info.resignation = 0;
            next.info.turn = State::other(accepter);
            if *action == Action::Accept {
                let points = m.resignation as u32 * state.cube_value();
                next.finish(accepter, points, GameState::Resigned);
                next.info.dice = (0, 0);
            }
        }
        Action::Take | Action::Drop => {
            if !m.double_offered {
                return illegal("no double has been offered", "bg-no-double");
            }
            if *action == Action::Take {
                next.info.cube_log += 1;
                next.info.cube_owner = CubeOwner::Player(m.turn);
                next.info.double_offered = false;
                next.info.turn = m.on_roll;
                next.info.rolling = true;
            } else {
                next.info.turn = m.on_roll;
                next.finish(m.on_roll, state.cube_value(), GameState::Dropped);
            }
        }
        Action::Play(play) => {
            let plays = game.plays(state);
            if m.dice == (0, 0) || m.double_offered || m.resignation > 0 {
                return illegal("roll the dice before moving", "bg-roll-first");
            }
            if !plays.iter().any(|p| p.after == play.after) {
                return illegal(
                    "that play is not legal with these dice",
                    "bg-not-legal-play",
                );
            }
            next = game.after_play(state, play.after);
        }
        Action::Pass => {
            if m.dice == (0, 0)
                || m.double_offered
                || m.resignation > 0
                || !game.plays(state).is_empty()
            {
                return illegal(
                    "a pass is only for a roll that no checker can use",
                    "bg-pass-only",
                );
            }
            next = game.after_play(state, state.board());
        }
    }
    Ok(next)
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
