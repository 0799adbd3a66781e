//! Playing one action of Zatak: the obstacles and set-ups before play (ZK-2.3, ZK-7.1,
//! ZK-7.2), then moves and adjustments (ZK-3, ZK-7.3), each refused in words when it does
//! not fit.

use super::{moves::Path, notation, setup, Action, Cell, Phase, Position, Side, Zatak};
use crate::{Game, Phrase, RulesError, Status};

pub(super) fn apply(game: &Zatak, pos: &Position, action: &Action) -> Result<Position, RulesError> {
    if matches!(game.status(pos), Status::Over(_)) {
        return Err(RulesError::GameOver);
    }
    match pos.phase {
        Phase::Setup => before_play(game, pos, action),
        Phase::Play => play(game, pos, action),
    }
}

/// The refusal of anything but the obstacles while they are still to be drawn.
fn obstacles_refused(game: &Zatak, why: String) -> RulesError {
    RulesError::Illegal(why).told(Phrase::new("zk-obstacles").value("count", game.obstacles))
}

/// The obstacles, then each side's set-up, White's first.
fn before_play(game: &Zatak, pos: &Position, action: &Action) -> Result<Position, RulesError> {
    let due = setup::obstacles_due(game, pos);
    match action {
        Action::Obstacles(mask) => {
            if !due || !setup::obstacle_draw_ok(game.obstacles, *mask) {
                return Err(obstacles_refused(
                    game,
                    format!(
                        "obstacles are {} cells outside both zones, drawn before set-up (ZK-7.2)",
                        game.obstacles
                    ),
                ));
            }
            let mut next = pos.clone();
            next.obstacles = *mask;
            Ok(next)
        }
        _ if due => Err(obstacles_refused(
            game,
            "the obstacles are drawn first (ZK-7.2)".into(),
        )),
        Action::Place(dice) if game.free => {
            setup::check_free(pos, pos.to_move, dice)?;
            Ok(set_up(pos, dice.iter().copied()))
        }
        Action::Setup(_) if game.free => Err(RulesError::Illegal(
            "with free the set-up names its cells: setup c1=2,c2=4,d1=1,… (ZK-7.1)".into(),
        )
        .told(Phrase::new("zk-free-long"))),
        Action::Setup(faces) => {
            let mut sorted = *faces;
            sorted.sort();
            if sorted != [1, 2, 3, 4, 5, 6] {
                return Err(RulesError::Illegal(
                    "a set-up shows the faces 1 to 6 once each (ZK-2.3)".into(),
                )
                .told(Phrase::new("zk-setup-faces")));
            }
            let zone = pos.to_move.zone();
            Ok(set_up(pos, zone.iter().copied().zip(faces.iter().copied())))
        }
        _ => Err(RulesError::Illegal(
            "the set-up comes first: write setup and six faces, e.g. setup 123456".into(),
        )
        .told(Phrase::new("zk-setup-first"))),
    }
}

/// The side to move places its dice; after Red's, play begins.
fn set_up(pos: &Position, dice: impl Iterator<Item = (Cell, u8)>) -> Position {
    let mut next = pos.clone();
    for (cell, face) in dice {
        next.dice[cell.0 as usize] = Some((pos.to_move, face));
    }
    if pos.to_move == Side::Red {
        next.phase = Phase::Play;
    }
    next.to_move = pos.to_move.other();
    next
}

/// A move or an adjustment, one of the legal ones.
fn play(game: &Zatak, pos: &Position, action: &Action) -> Result<Position, RulesError> {
    match action {
        Action::Obstacles(_) => {
            return Err(obstacles_refused(
                game,
                "obstacles are drawn before set-up (ZK-7.2)".into(),
            ))
        }
        Action::Setup(_) => {
            return Err(
                RulesError::Illegal("the set-up is over".into()).told(Phrase::new("zk-setup-over"))
            )
        }
        _ => {}
    }
    if !game.moves(pos).contains(action) {
        let text = notation::format_action(action);
        return Err(RulesError::Illegal(format!("{text} is not a legal move"))
            .told(Phrase::new("zk-illegal").value("move", text)));
    }
    let mut next = pos.clone();
    match action {
        Action::Move(path) => moved(&mut next, pos.to_move, path),
        Action::Adjust(cell, delta) => {
            if let Some((side, face)) = next.dice[cell.0 as usize] {
                next.dice[cell.0 as usize] = Some((side, (face as i8 + delta) as u8));
            }
        }
        // A set-up or a placement is never among the legal moves of play.
        Action::Setup(_) | Action::Place(_) | Action::Obstacles(_) => {}
    }
    next.to_move = pos.to_move.other();
    Ok(next)
}

/// A die moves along its path, capturing what the path captures (ZK-3).
fn moved(next: &mut Position, mover: Side, path: &Path) {
    let die = next.dice[path.from.0 as usize].take();
    for cell in &path.captures {
        next.dice[cell.0 as usize] = None;
    }
    let side = die.map_or(mover, |(s, _)| s);
    next.dice[path.to.0 as usize] = Some((side, path.face));
}
