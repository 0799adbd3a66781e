//! DZ-8.4's invariants: what a position read from text must satisfy to be one a game can
//! reach (material, steel, eliminations, counters, and what each phase implies).

use super::notation::invalid;
use super::paths::Cell;
use super::turn::plays;
use super::{Action, Claimable, Dzone, Idle, Phase, Position, Square, CAP, COLOURS};
use crate::RulesError;

pub fn check(game: &Dzone, pos: &Position) -> Result<(), RulesError> {
    material(game, pos)?;
    steel(game, pos)?;
    counters(pos)?;
    last_player(pos)?;
    phase(game, pos)
}

/// DZ-6.2: a game with one player left has ended, so only a finished position has one.
fn last_player(pos: &Position) -> Result<(), RulesError> {
    let alive = pos.alive();
    match alive.as_slice() {
        [only] if !matches!(pos.phase, Phase::Over(_)) => Err(invalid(format!(
            "only {} is still in, so the game has ended (DZ-6.2)",
            COLOURS[*only]
        ))),
        _ => Ok(()),
    }
}

fn material(game: &Dzone, pos: &Position) -> Result<(), RulesError> {
    let seats = pos.players.len();
    for (seat, colour) in COLOURS.iter().enumerate().take(seats) {
        let on_board = pos.marbles_of(seat).count() as u32;
        let taken: u32 = pos.players.iter().map(|p| p.captures[seat] as u32).sum();
        let total = on_board + pos.players[seat].reserve as u32 + taken;
        if total > game.marbles as u32 {
            return Err(invalid(format!(
                "{colour} has {total} marbles in all, more than the {} each player owns (DZ-2.2)",
                game.marbles
            )));
        }
        let has = on_board > 0 || pos.players[seat].reserve > 0;
        if has == pos.players[seat].out {
            return Err(invalid(format!(
                "{colour} is out exactly when it has no marble left (DZ-6.1)"
            )));
        }
    }
    Ok(())
}

fn steel(game: &Dzone, pos: &Position) -> Result<(), RulesError> {
    let seats = pos.players.len();
    let total = game.total_steel(seats);
    let expected = match pos.phase {
        Phase::Place(0) => None,
        Phase::Place(k) => total.checked_sub(k as usize),
        Phase::Steel(_) => total.checked_sub(1),
        _ => Some(total),
    };
    if expected != Some(pos.steel()) {
        return Err(invalid(format!(
            "{} steel marbles on the board, {} expected for {seats} players (DZ-2.3)",
            pos.steel(),
            expected.map_or("another count".to_string(), |e| e.to_string())
        )));
    }
    Ok(())
}

/// DZ-3.4, DZ-6.3, DZ-6.4: a game still going has not reached the cap nor a stall.
fn counters(pos: &Position) -> Result<(), RulesError> {
    if matches!(pos.phase, Phase::Over(_)) {
        return if pos.turns > CAP {
            Err(invalid(format!("a game ends at turn {CAP} (DZ-6.4)")))
        } else {
            Ok(())
        };
    }
    if pos.turns >= CAP {
        return Err(invalid(format!(
            "a game still going has played fewer than {CAP} turns (DZ-6.4)"
        )));
    }
    let alive = pos.alive().len() as u32;
    if let Idle::Streak(n) = pos.idle {
        if n >= 3 * alive {
            return Err(invalid(format!(
                "an idle streak of {n} has already ended the game (DZ-6.3)"
            )));
        }
    }
    Ok(())
}

fn phase(game: &Dzone, pos: &Position) -> Result<(), RulesError> {
    let empty = |c: Cell| pos.at(c) == Square::Empty;
    if !matches!(pos.phase, Phase::Over(_)) && pos.players[pos.to_move].out {
        return Err(invalid(format!(
            "{} is out and cannot move",
            COLOURS[pos.to_move]
        )));
    }
    match &pos.phase {
        Phase::Choose(t) | Phase::Steel(t) | Phase::Claim(t, _) if !empty(*t) => {
            Err(invalid(format!("the target {} is not empty", t.name())))
        }
        Phase::Place(_) | Phase::First(_) => set_up(pos),
        Phase::Claim(target, set) => claim(game, pos, *target, set),
        Phase::Over(winners) => over(pos, winners),
        _ => Ok(()),
    }
}

/// DZ-2.6, DZ-3.1: before the first turn nothing but steel is on the board, and the roller
/// of the first-player roll is the first contestant still to roll.
fn set_up(pos: &Position) -> Result<(), RulesError> {
    let untouched = pos
        .players
        .iter()
        .all(|p| !p.out && p.captured() == 0 && p.reserve == pos.players[0].reserve);
    let marbles = pos.board.iter().any(|s| matches!(s, Square::Marble(_)));
    if marbles || !untouched || pos.turns != 0 || pos.idle != Idle::Streak(0) {
        return Err(invalid(
            "before the first turn only steel is on the board and nothing has been played".into(),
        ));
    }
    if let Phase::First(contest) = &pos.phase {
        let roller = contest
            .iter()
            .find(|(_, sum)| sum.is_none())
            .map(|(s, _)| *s);
        if roller != Some(pos.to_move) || contest.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(invalid(
                "the first contestant still to roll, in seat order, rolls (DZ-3.1)".into(),
            ));
        }
    }
    Ok(())
}

/// DZ-5.2–5.4: a window follows a voluntary pass on its target: it lists exactly the
/// passer's marbles that had a path there, or its reserve when only a deposit was possible.
fn claim(game: &Dzone, pos: &Position, target: Cell, set: &Claimable) -> Result<(), RulesError> {
    if game.strict || pos.strict {
        return Err(invalid(
            "with strict no pass can be claimed (DZ-5.4)".into(),
        ));
    }
    if pos.idle == Idle::Active {
        return Err(invalid(
            "a claim window opens a turn: nothing has moved yet".into(),
        ));
    }
    let mut passer = pos.clone();
    passer.to_move = pos.previous_before(pos.to_move);
    let plays = plays(&passer, target);
    let mut cells: Vec<Cell> = plays
        .iter()
        .filter_map(|a| match a {
            Action::Move(m) => Some(m.from),
            _ => None,
        })
        .collect();
    cells.sort();
    cells.dedup();
    let expected = match (cells.is_empty(), plays.is_empty()) {
        (false, _) => Some(Claimable::Cells(cells)),
        (true, false) => Some(Claimable::Depot),
        (true, true) => None,
    };
    if expected.as_ref() != Some(set) {
        return Err(invalid(format!(
            "the claimable set is what {} could have played on {} (DZ-5.2)",
            COLOURS[passer.to_move],
            target.name()
        )));
    }
    Ok(())
}

/// DZ-6.2, DZ-6.6: the winner is the last player in, or the capture leaders among those in.
fn over(pos: &Position, winners: &[usize]) -> Result<(), RulesError> {
    let alive = pos.alive();
    let expected = if alive.len() == 1 {
        alive
    } else {
        let best = alive.iter().map(|&s| pos.players[s].captured()).max();
        alive
            .into_iter()
            .filter(|&s| Some(pos.players[s].captured()) == best)
            .collect()
    };
    if winners != expected.as_slice() {
        return Err(invalid(
            "the result names the last player in, or the most captures among those in (DZ-6.6)"
                .into(),
        ));
    }
    Ok(())
}
