//! The notation of DJ-9: cells, moves and positions, canonical out and forgiving in.

use super::board::{Cell, Position, Side, Zone, PIECES};
use crate::{Phrase, RulesError};

/// Longest input worth reading; anything longer is refused before parsing.
const MAX_INPUT: usize = 256;

/// A player's action: a move named by origin and final cell, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Move { from: Cell, to: Cell },
    Pass,
}

pub fn format_cell(cell: Cell) -> String {
    match cell.zone() {
        Zone::Centre => "C".to_string(),
        Zone::Inner(k) => format!("i{k}"),
        Zone::Outer(k) => format!("o{k}"),
    }
}

/// Reads a cell, accepting upper-case letters.
pub fn parse_cell(text: &str) -> Result<Cell, String> {
    let lower = text.to_ascii_lowercase();
    if lower == "c" {
        return Ok(Cell::CENTRE);
    }
    let bad = || format!("unknown cell '{text}' (cells are C, i1…i12 and o1…o12)");
    let (ring, number) = match lower.split_at_checked(1) {
        Some(parts) => parts,
        None => return Err(bad()),
    };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) || number.starts_with('0') {
        return Err(bad());
    }
    let spoke: i32 = number.parse().map_err(|_| bad())?;
    if !(1..=12).contains(&spoke) {
        return Err(bad());
    }
    match ring {
        "i" => Ok(Cell::inner(spoke)),
        "o" => Ok(Cell::outer(spoke)),
        _ => Err(bad()),
    }
}

pub fn format_action(action: &Action) -> String {
    match action {
        Action::Move { from, to } => format!("{}-{}", format_cell(*from), format_cell(*to)),
        Action::Pass => "pass".to_string(),
    }
}

/// Reads a move: `from-to`, with a space instead of the dash and any letter case accepted,
/// or `pass`.
pub fn parse_action(text: &str) -> Result<Action, RulesError> {
    let bad = |why: String| RulesError::BadAction(why);
    if text.len() > MAX_INPUT {
        return Err(bad("the move is too long".into()).told(Phrase::new("dj-too-long")));
    }
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Action::Pass);
    }
    let parts: Vec<&str> = text
        .split(|c: char| c == '-' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .collect();
    match parts.as_slice() {
        [from, to] => {
            let cell = |c: &str| {
                parse_cell(c).map_err(|e| bad(e).told(Phrase::new("dj-bad-cell").value("cell", c)))
            };
            Ok(Action::Move {
                from: cell(from)?,
                to: cell(to)?,
            })
        }
        [] => Err(
            bad("empty move (write it as <from>-<to>, e.g. o5-i5, or pass)".into())
                .told(Phrase::new("dj-not-a-move").value("text", "")),
        ),
        _ => Err(bad(format!(
            "'{text}' is not a move (write it as <from>-<to>, e.g. o5-i5, or pass)"
        ))
        .told(Phrase::new("dj-not-a-move").value("text", text))),
    }
}

fn format_side_cells(pos: &Position, side: Side) -> String {
    let cells: Vec<String> = pos.pieces(side).map(format_cell).collect();
    if cells.is_empty() {
        "-".to_string()
    } else {
        cells.join(",")
    }
}

/// `<white cells>/<black cells>/<side to move>:<first-turn players>`.
pub fn format_position(pos: &Position) -> String {
    let first: String = [Side::White, Side::Black]
        .into_iter()
        .filter(|&s| pos.is_first_turn(s))
        .map(Side::letter)
        .collect();
    format!(
        "{}/{}/{}:{}",
        format_side_cells(pos, Side::White),
        format_side_cells(pos, Side::Black),
        pos.to_move().letter(),
        if first.is_empty() { "-".into() } else { first }
    )
}

fn parse_side_cells(text: &str, side: Side) -> Result<u32, String> {
    if text.trim() == "-" {
        return Ok(0);
    }
    let mut mask = 0u32;
    let mut count = 0;
    for item in text.split(',') {
        let cell = parse_cell(item.trim()).map_err(|e| format!("{}: {e}", side.name()))?;
        if mask & cell.bit() != 0 {
            return Err(format!("{} lists {} twice", side.name(), format_cell(cell)));
        }
        mask |= cell.bit();
        count += 1;
    }
    if count > PIECES {
        return Err(format!(
            "{} has {count} pieces (at most {PIECES})",
            side.name()
        ));
    }
    Ok(mask)
}

/// Reads a position; cells may come in any order and letters in any case.
pub fn parse_position(text: &str) -> Result<Position, RulesError> {
    let bad = |why: String| RulesError::BadPosition(why);
    if text.len() > MAX_INPUT {
        return Err(bad("the position is too long".into()));
    }
    let form = "expected <white cells>/<black cells>/<side>:<first-turn players>, \
                e.g. o5,o6,o7,o8/o1,o2,o11,o12/w:wb";
    let fields: Vec<&str> = text.trim().split('/').collect();
    let [white, black, turn] = fields.as_slice() else {
        return Err(bad(format!("'{}': {form}", text.trim())));
    };
    let white = parse_side_cells(white, Side::White).map_err(bad)?;
    let black = parse_side_cells(black, Side::Black).map_err(bad)?;
    if white & black != 0 {
        let cell = Cell::all()
            .find(|c| white & black & c.bit() != 0)
            .expect("overlap");
        return Err(bad(format!(
            "{} holds both a White and a Black piece",
            format_cell(cell)
        )));
    }
    let Some((side, first)) = turn.split_once(':') else {
        return Err(bad(format!("'{turn}': {form}")));
    };
    let to_move = match side.trim().to_ascii_lowercase().as_str() {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(bad(format!("side to move '{other}' must be w or b"))),
    };
    let first = first.trim().to_ascii_lowercase();
    let mut first_turn = [false, false];
    if first != "-" {
        if first.is_empty() {
            return Err(bad(
                "the first-turn field is empty (use - for nobody)".into()
            ));
        }
        for c in first.chars() {
            let side = match c {
                'w' => Side::White,
                'b' => Side::Black,
                other => {
                    return Err(bad(format!(
                        "first-turn field: '{other}' is not w or b (use - for nobody)"
                    )))
                }
            };
            if first_turn[side.seat()] {
                return Err(bad(format!("first-turn field lists {c} twice")));
            }
            first_turn[side.seat()] = true;
        }
    }
    Ok(Position {
        pieces: [white, black],
        to_move,
        first_turn,
    })
}
