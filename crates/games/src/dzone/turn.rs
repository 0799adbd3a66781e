//! How a D-Zone position moves on: set-up rolls (DZ-2.6), the roll for the first player
//! (DZ-3.1), the four situations of a turn (DZ-4), claims (DZ-5), eliminations and ends
//! (DZ-6).

use super::paths::{self, Cell};
use super::{Action, Claimable, Dzone, Idle, Move, Phase, Player, Position, Square};
use crate::{Phrase, RulesError, Seat};

pub fn start(game: &Dzone, seats: usize) -> Result<Position, RulesError> {
    let mut pos = Position {
        board: [Square::Empty; paths::CELLS],
        players: vec![
            Player {
                out: false,
                reserve: game.marbles,
                captures: [0; 4],
            };
            seats
        ],
        to_move: 0,
        phase: Phase::Place(game.total_steel(seats) as u8),
        turns: 0,
        idle: Idle::Streak(0),
        strict: game.strict,
    };
    // DZ-2.6, case 2: the channel's steel, when it fits this table.
    let kept = game
        .layout
        .as_ref()
        .filter(|cells| !game.fresh && cells.len() == game.total_steel(seats));
    if let Some(cells) = kept {
        let mut distinct = cells.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() == cells.len() {
            for cell in distinct {
                pos.board[cell.0 as usize] = Square::Steel;
            }
            pos.phase = Phase::First((0..seats).map(|s| (s, None)).collect());
        }
    }
    Ok(pos)
}

/// DZ-2.5: the 36 outcomes of a roll, black die first.
pub fn rolls() -> Vec<Action> {
    (1..=6)
        .flat_map(|x| (1..=6).map(move |y| Action::Roll(x, y)))
        .collect()
}

/// DZ-4.2: the deposit and the moves available on `target`, canonical order.
pub fn plays(pos: &Position, target: Cell) -> Vec<Action> {
    let mover = pos.to_move;
    let mut out = Vec::new();
    if pos.players[mover].reserve > 0 {
        out.push(Action::Deposit(target));
    }
    let mut moves: Vec<Move> = pos
        .marbles_of(mover)
        .flat_map(|from| paths::moves_from(pos, mover, from, target))
        .collect();
    moves.sort_by_key(|m| m.spelling());
    out.extend(moves.into_iter().map(Action::Move));
    out
}

/// The decisions of the player to move (Situation 1 or a claim window).
pub fn choices(game: &Dzone, pos: &Position) -> Vec<Action> {
    match &pos.phase {
        Phase::Choose(target) => {
            let mut out = plays(pos, *target);
            if !(game.strict || pos.strict) || out.is_empty() {
                out.push(Action::Pass);
            }
            out
        }
        Phase::Claim(_, Claimable::Cells(cells)) => cells
            .iter()
            .map(|&c| Action::Claim(c))
            .chain([Action::Waive])
            .collect(),
        Phase::Claim(_, Claimable::Depot) => vec![Action::ClaimDepot, Action::Waive],
        _ => Vec::new(),
    }
}

fn illegal(english: String, phrase: Phrase) -> RulesError {
    RulesError::Illegal(english).told(phrase)
}

pub fn apply(game: &Dzone, pos: &Position, action: &Action) -> Result<Position, RulesError> {
    let mut next = pos.clone();
    match (&pos.phase, action) {
        (Phase::Over(_), _) => return Err(RulesError::GameOver),
        (Phase::Place(_) | Phase::First(_) | Phase::Roll | Phase::Steel(_), Action::Roll(x, y)) => {
            let target = Cell::at(*x, *y)
                .ok_or_else(|| RulesError::BadAction(format!("roll {x} {y}: dice show 1 to 6")))?;
            roll(&mut next, target);
        }
        (Phase::Place(_) | Phase::First(_) | Phase::Roll | Phase::Steel(_), _) => {
            return Err(illegal(
                "the dice are rolled first".into(),
                Phrase::new("dz-roll-first"),
            ))
        }
        (_, Action::Roll(..)) => {
            return Err(illegal(
                "a roll is not a player's action here".into(),
                Phrase::new("dz-not-rolling"),
            ))
        }
        (Phase::Choose(_) | Phase::Claim(..), _) => {
            if !choices(game, pos).contains(action) {
                return Err(refusal(game, pos, action));
            }
            decide(game, &mut next, pos, action);
        }
    }
    Ok(next)
}

fn refusal(game: &Dzone, pos: &Position, action: &Action) -> RulesError {
    let text = super::notation::format_action(action);
    let list: Vec<String> = choices(game, pos)
        .iter()
        .map(super::notation::format_action)
        .collect();
    let list = list.join(", ");
    if *action == Action::Pass {
        return illegal(
            format!("with strict, pass only when nothing can be played (DZ-5.4); legal: {list}"),
            Phrase::new("dz-strict-pass").value("legal", list),
        );
    }
    illegal(
        format!("{text} is not legal here; legal: {list}"),
        Phrase::new("dz-illegal")
            .value("action", text)
            .value("legal", list),
    )
}

/// A roll in any chance phase.
fn roll(pos: &mut Position, target: Cell) {
    match pos.phase.clone() {
        Phase::Place(left) => {
            if pos.at(target) == Square::Steel {
                return; // DZ-2.6: the same player rolls again
            }
            pos.board[target.0 as usize] = Square::Steel;
            if left <= 1 {
                let alive = pos.alive();
                pos.phase = Phase::First(alive.iter().map(|&s| (s, None)).collect());
                pos.to_move = alive.first().copied().unwrap_or(0);
            } else {
                pos.phase = Phase::Place(left - 1);
                pos.to_move = pos.next_after(pos.to_move);
            }
        }
        Phase::First(mut contest) => {
            let sum = target.x() + target.y();
            if let Some(entry) = contest.iter_mut().find(|(s, _)| *s == pos.to_move) {
                entry.1 = Some(sum);
            }
            settle_first(pos, contest);
        }
        Phase::Roll => situation(pos, target),
        Phase::Steel(_) => relocate(pos, target),
        _ => {}
    }
}

/// DZ-3.1: the next contestant rolls, or the lowest sum alone plays first, or the tied
/// lowest roll again.
fn settle_first(pos: &mut Position, contest: Vec<(Seat, Option<u8>)>) {
    if let Some(&(seat, _)) = contest.iter().find(|(_, sum)| sum.is_none()) {
        pos.to_move = seat;
        pos.phase = Phase::First(contest);
        return;
    }
    let low = contest.iter().filter_map(|(_, s)| *s).min().unwrap_or(0);
    let tied: Vec<Seat> = contest
        .iter()
        .filter(|(_, s)| *s == Some(low))
        .map(|(seat, _)| *seat)
        .collect();
    if tied.len() == 1 {
        pos.to_move = tied[0];
        pos.phase = Phase::Roll;
    } else {
        pos.to_move = tied[0];
        pos.phase = Phase::First(tied.into_iter().map(|s| (s, None)).collect());
    }
}

/// DZ-4.1: what the target holds decides the situation.
fn situation(pos: &mut Position, target: Cell) {
    let mover = pos.to_move;
    match pos.at(target) {
        Square::Empty => pos.phase = Phase::Choose(target),
        Square::Steel => {
            // DZ-4.5: lifted, in hand
            pos.board[target.0 as usize] = Square::Empty;
            pos.phase = Phase::Steel(target);
        }
        Square::Marble(c) if c as usize != mover => {
            // DZ-4.6: captured, then Situation 1
            pos.board[target.0 as usize] = Square::Empty;
            pos.players[mover].captures[c as usize] += 1;
            pos.idle = Idle::Active;
            if !eliminate(pos) {
                pos.phase = Phase::Choose(target);
            }
        }
        // DZ-4.7: the turn ends at once
        Square::Marble(_) => end_turn(pos, None),
    }
}

/// DZ-4.5: the steel in hand lands on the new target.
fn relocate(pos: &mut Position, target: Cell) {
    let mover = pos.to_move;
    match pos.at(target) {
        Square::Steel => {} // roll again
        Square::Empty => {
            pos.board[target.0 as usize] = Square::Steel;
            end_turn(pos, None);
        }
        Square::Marble(c) => {
            if c as usize == mover {
                pos.players[mover].reserve += 1;
            } else {
                pos.players[mover].captures[c as usize] += 1;
            }
            pos.board[target.0 as usize] = Square::Steel;
            pos.idle = Idle::Active;
            if !eliminate(pos) {
                end_turn(pos, None);
            }
        }
    }
}

/// A legal decision in Situation 1 or a claim window.
fn decide(game: &Dzone, pos: &mut Position, before: &Position, action: &Action) {
    let mover = pos.to_move;
    match action {
        Action::Deposit(target) => {
            pos.players[mover].reserve -= 1;
            pos.board[target.0 as usize] = Square::Marble(mover as u8);
            pos.idle = Idle::Active;
            end_turn(pos, None);
        }
        Action::Move(m) => {
            pos.board[m.from.0 as usize] = Square::Empty;
            for cell in &m.captures {
                if let Square::Marble(c) = pos.at(*cell) {
                    pos.players[mover].captures[c as usize] += 1;
                }
                pos.board[cell.0 as usize] = Square::Empty;
            }
            pos.board[m.to.0 as usize] = Square::Marble(mover as u8);
            pos.idle = Idle::Active;
            if !eliminate(pos) {
                end_turn(pos, None);
            }
        }
        Action::Pass => {
            let Phase::Choose(target) = before.phase else {
                return;
            };
            let plays = plays(before, target);
            // DZ-5.1–5.2: a voluntary pass opens a claim window for the next player.
            let claim = (!(plays.is_empty() || game.strict || pos.strict)).then(|| {
                let mut cells: Vec<Cell> = plays
                    .iter()
                    .filter_map(|a| match a {
                        Action::Move(m) => Some(m.from),
                        _ => None,
                    })
                    .collect();
                cells.sort();
                cells.dedup();
                let set = if cells.is_empty() {
                    Claimable::Depot
                } else {
                    Claimable::Cells(cells)
                };
                (target, set)
            });
            end_turn(pos, claim);
        }
        Action::Claim(cell) => {
            let passer = pos.previous_before(mover);
            pos.board[cell.0 as usize] = Square::Empty;
            pos.players[mover].captures[passer] += 1;
            claimed(pos);
        }
        Action::ClaimDepot => {
            let passer = pos.previous_before(mover);
            pos.players[passer].reserve = pos.players[passer].reserve.saturating_sub(1);
            pos.players[mover].captures[passer] += 1;
            claimed(pos);
        }
        Action::Waive => pos.phase = Phase::Roll,
        Action::Roll(..) => {}
    }
}

/// DZ-5.3: after a claim the claimant rolls, unless the claim ended the game.
fn claimed(pos: &mut Position) {
    pos.idle = Idle::Active;
    if !eliminate(pos) {
        pos.phase = Phase::Roll;
    }
}

/// DZ-6.1–6.2: players without marbles are out; the last one in wins at once. Returns
/// whether the game is over.
fn eliminate(pos: &mut Position) -> bool {
    for seat in 0..pos.players.len() {
        let none = pos.marbles_of(seat).next().is_none();
        if !pos.players[seat].out && none && pos.players[seat].reserve == 0 {
            pos.players[seat].out = true;
        }
    }
    let alive = pos.alive();
    if alive.len() <= 1 {
        finish(pos, alive);
        return true;
    }
    false
}

/// The game is over: nobody is to move (the notation's `-`, seat 0 in the position).
fn finish(pos: &mut Position, winners: Vec<Seat>) {
    pos.phase = Phase::Over(winners);
    pos.to_move = 0;
}

/// DZ-3.4, DZ-6.3, DZ-6.4: the counters move on, a stall or the cap may end the game,
/// and the next player begins with its claim window or its roll.
fn end_turn(pos: &mut Position, claim: Option<(Cell, Claimable)>) {
    pos.turns += 1;
    let streak = match pos.idle {
        Idle::Active => 0,
        Idle::Streak(n) => n + 1,
    };
    pos.idle = Idle::Streak(streak);
    let alive = pos.alive().len() as u32;
    if streak >= 3 * alive || pos.turns >= super::CAP {
        finish(pos, Dzone::by_captures(pos));
        return;
    }
    pos.to_move = pos.next_after(pos.to_move);
    pos.phase = match claim {
        Some((target, set)) => Phase::Claim(target, set),
        None => Phase::Roll,
    };
}

/// DZ-6.7 and DZ-6.8: a player leaves; its marbles leave play, steel in hand goes back.
pub fn forfeit(pos: &Position, seat: Seat) -> Result<Position, RulesError> {
    if seat >= pos.players.len() || pos.players[seat].out {
        return Err(RulesError::BadOption(format!(
            "seat {seat} is not playing this D-Zone game"
        )));
    }
    if matches!(pos.phase, Phase::Over(_)) {
        return Err(RulesError::GameOver);
    }
    let mut next = pos.clone();
    let passer = matches!(pos.phase, Phase::Claim(..)) && pos.previous_before(pos.to_move) == seat;
    if let Phase::Steel(from) = pos.phase {
        if pos.to_move == seat {
            next.board[from.0 as usize] = Square::Steel;
            next.phase = Phase::Roll;
        }
    }
    for cell in pos.marbles_of(seat) {
        next.board[cell.0 as usize] = Square::Empty;
    }
    next.players[seat].reserve = 0;
    next.players[seat].out = true;
    let alive = next.alive();
    if alive.len() <= 1 {
        finish(&mut next, alive);
        return Ok(next);
    }
    match next.phase.clone() {
        Phase::Place(_) if pos.to_move == seat => next.to_move = next.next_after(seat),
        Phase::First(contest) => {
            let rest: Vec<(Seat, Option<u8>)> =
                contest.into_iter().filter(|(s, _)| *s != seat).collect();
            if rest.len() == 1 {
                next.to_move = rest[0].0;
                next.phase = Phase::Roll;
            } else {
                settle_first(&mut next, rest);
            }
        }
        Phase::Place(_) => {}
        _ if pos.to_move == seat => {
            next.idle = Idle::Active;
            next.to_move = seat;
            end_turn(&mut next, None);
        }
        _ if passer => next.phase = Phase::Roll,
        _ => {}
    }
    Ok(next)
}

/// Players put out by a step (DZ-6.1), in words.
pub fn note(before: &Position, after: &Position) -> Vec<Phrase> {
    (0..after.players.len())
        .filter(|&seat| after.players[seat].out && !before.players.get(seat).is_some_and(|p| p.out))
        .map(|seat| Phrase::new("dz-out").seat("who", seat))
        .collect()
}

/// Rolls and decisions in words, for the table.
pub fn describe(before: &Position, action: &Action) -> Option<Phrase> {
    let who = before.to_move;
    let phrase = match action {
        Action::Roll(x, y) => {
            let target = Cell::at(*x, *y);
            let cell = target.map_or_else(String::new, |c| c.name());
            let on_target = target.map(|c| before.at(c));
            // What the dice land on decides the turn (DZ-4.4–4.7): told with the roll.
            let marble = match on_target {
                Some(Square::Marble(owner)) => Some(owner as usize),
                _ => None,
            };
            let id = match (&before.phase, on_target) {
                (Phase::Place(_), Some(Square::Steel)) => "dz-rolls-steel-again",
                (Phase::Place(_), _) => "dz-rolls-steel",
                (Phase::First(_), _) => "dz-rolls-first",
                (Phase::Steel(_), Some(Square::Steel)) => "dz-rolls-steel-again",
                (Phase::Steel(_), _) if marble == Some(who) => "dz-rolls-relocate-own",
                (Phase::Steel(_), _) if marble.is_some() => "dz-rolls-relocate-takes",
                (Phase::Steel(_), _) => "dz-rolls-relocate",
                (_, Some(Square::Steel)) => "dz-rolls-lifts",
                _ if marble == Some(who) => "dz-rolls-own",
                _ if marble.is_some() => "dz-rolls-takes",
                _ => "dz-rolls",
            };
            Phrase::new(id)
                .seat("who", who)
                .seat("owner", marble.unwrap_or(who))
                .value("black", x)
                .value("white", y)
                .value("cell", cell)
                .value("sum", x + y)
        }
        Action::Deposit(cell) => Phrase::new("dz-deposits")
            .seat("who", who)
            .value("cell", cell.name()),
        Action::Move(m) => {
            let id = if m.captures.is_empty() {
                "dz-moves"
            } else {
                "dz-moves-taking"
            };
            let taken: Vec<String> = m.captures.iter().map(|c| c.name()).collect();
            Phrase::new(id)
                .seat("who", who)
                .value("from", m.from.name())
                .value("to", m.to.name())
                .value("taken", m.captures.len())
                .value("cells", taken.join(", "))
        }
        Action::Pass => Phrase::new("dz-passes").seat("who", who),
        Action::Claim(cell) => Phrase::new("dz-claims")
            .seat("who", who)
            .value("cell", cell.name()),
        Action::ClaimDepot => Phrase::new("dz-claims-depot").seat("who", who),
        Action::Waive => Phrase::new("dz-waives").seat("who", who),
    };
    Some(phrase)
}
