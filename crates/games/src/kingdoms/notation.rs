//! Halloween Kingdoms' notation (KG-9): cells, placements, moves (an Assassin's also as its
//! whole path), passes and positions.

use super::board::{self, Cell};
use super::{moves, Action, Kind, Position, Side};
use crate::{Phrase, RulesError};

/// Input longer than this is refused before it is read.
const MAX_INPUT: usize = 200;

/// KG-9.2–9.4, canonical: `G@e5`, `c3-e1`, `pass`.
pub fn format_action(action: &Action) -> String {
    match *action {
        Action::Place(kind, cell) => format!("{}@{}", kind.letter(), cell.name()),
        Action::Move(from, to) => format!("{}-{}", from.name(), to.name()),
        Action::Pass => "pass".into(),
    }
}

fn bad(english: String, text: &str) -> RulesError {
    RulesError::BadAction(english).told(Phrase::new("kg-bad-action").value("text", text))
}

fn cell(name: &str, text: &str) -> Result<Cell, RulesError> {
    Cell::parse(name).ok_or_else(|| bad(format!("'{name}' is not a cell (a1 … i9)"), text))
}

/// Reads an action (KG-9.1–9.4) in any case, spaces around its parts ignored. An
/// Assassin's whole path is checked here, since the action keeps only its ends (KG-9.3).
pub fn parse_action(pos: &Position, text: &str) -> Result<Action, RulesError> {
    if text.len() > MAX_INPUT {
        return Err(bad("the action is too long".into(), ""));
    }
    let squashed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let lower = squashed.to_ascii_lowercase();
    if lower == "pass" {
        return Ok(Action::Pass);
    }
    if let Some((letter, at)) = squashed.split_once('@') {
        let mut chars = letter.chars();
        let kind = match (chars.next(), chars.next()) {
            (Some(c), None) => Kind::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            bad(
                format!("'{letter}' is not a piece: G W C B P or A (KG-2.2)"),
                text,
            )
        })?;
        return Ok(Action::Place(kind, cell(at, text)?));
    }
    let parts: Vec<&str> = lower.split('-').collect();
    match parts.as_slice() {
        [from, to] => Ok(Action::Move(cell(from, text)?, cell(to, text)?)),
        [from, c1, c2, c3] => {
            let from = cell(from, text)?;
            let path = [cell(c1, text)?, cell(c2, text)?, cell(c3, text)?];
            let assassin = pos.at(from) == Some((pos.to_move, Kind::Assassin));
            if !assassin || !moves::is_assassin_path(pos, from, &path) {
                return Err(RulesError::Illegal(format!(
                    "'{lower}' is not a path of your Assassin: three orthogonal steps over \
                     empty cells, never back, each next to another piece (KG-4.6)"
                ))
                .told(Phrase::new("kg-bad-path").value("text", &lower)));
            }
            Ok(Action::Move(from, path[2]))
        }
        _ => Err(bad(
            format!(
                "'{}': write G@e5 to place, e5-e6 to move, or pass",
                text.trim()
            ),
            text,
        )),
    }
}

/// KG-9.5: board, reserves, side to move, grace records.
pub fn format_position(pos: &Position) -> String {
    let mut ranks = Vec::with_capacity(9);
    for rank0 in (0..9).rev() {
        let mut row = String::new();
        let mut run = 0;
        for file in 0..9 {
            let cell = Cell((rank0 * 9 + file) as u8);
            match pos.at(cell) {
                None => run += 1,
                Some((side, kind)) => {
                    if run > 0 {
                        row.push(char::from(b'0' + run));
                        run = 0;
                    }
                    row.push(piece_char(side, kind));
                }
            }
        }
        if run > 0 {
            row.push(char::from(b'0' + run));
        }
        ranks.push(row);
    }
    let side = match pos.to_move {
        Side::Orange => 'o',
        Side::Purple => 'p',
    };
    format!(
        "{} {} {side} {}/{}",
        ranks.join("/"),
        reserves(pos),
        record(pos.grace[0]),
        record(pos.grace[1])
    )
}

fn piece_char(side: Side, kind: Kind) -> char {
    match side {
        Side::Orange => kind.letter(),
        Side::Purple => kind.letter().to_ascii_lowercase(),
    }
}

/// KG-9.5.2: both reserves, `-` when both are empty.
pub fn reserves(pos: &Position) -> String {
    let mut out = String::new();
    for side in Side::BOTH {
        for kind in Kind::ALL {
            for _ in 0..pos.reserve(side, kind) {
                out.push(piece_char(side, kind));
            }
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

fn record(set: u16) -> String {
    let digits: String = (1..=9u8)
        .filter(|k| set & (1 << k) != 0)
        .map(|k| char::from(b'0' + k))
        .collect();
    if digits.is_empty() {
        "-".into()
    } else {
        digits
    }
}

fn invalid(english: String) -> RulesError {
    RulesError::BadPosition(english.clone())
        .told(Phrase::new("kg-bad-position").value("error", english))
}

/// Reads a position (KG-9.5), refusing boards that break KG-2.3 or KG-5.1.
pub fn parse_position(text: &str) -> Result<Position, RulesError> {
    if text.len() > MAX_INPUT {
        return Err(invalid("the position is too long".into()));
    }
    let fields: Vec<&str> = text.trim().split(' ').collect();
    let [board_text, reserve_text, side_text, grace_text] = fields.as_slice() else {
        return Err(invalid(format!(
            "a position has four fields separated by single spaces (board, reserves, side \
             to move, grace records), not {}",
            fields.len()
        )));
    };
    let mut pos = Position::start();
    read_board(&mut pos, board_text)?;
    for side in Side::BOTH {
        for kind in Kind::ALL {
            let on_board = pos.kind_of(side, kind).count_ones();
            if on_board > kind.count() {
                return Err(invalid(format!(
                    "{side:?} has {on_board} {kind:?} pieces on the board, but owns {} (KG-2.2)",
                    kind.count()
                )));
            }
        }
    }
    let expected = reserves(&pos);
    if *reserve_text != expected {
        return Err(invalid(format!(
            "the reserves of this board are '{expected}', not '{reserve_text}' (KG-2.3)"
        )));
    }
    if !board::connected(pos.occupied()) {
        return Err(invalid(
            "the pieces on the board do not form one chain (KG-5.1)".into(),
        ));
    }
    pos.to_move = match *side_text {
        "o" => Side::Orange,
        "p" => Side::Purple,
        other => {
            return Err(invalid(format!(
                "the side to move is o or p, not '{other}'"
            )))
        }
    };
    let Some((orange, purple)) = grace_text.split_once('/') else {
        return Err(invalid(format!(
            "the grace records are written orange/purple, e.g. 5/-, not '{grace_text}'"
        )));
    };
    pos.grace = [read_record(orange)?, read_record(purple)?];
    if pos.occupied() == 0 && pos.to_move != Side::Orange {
        return Err(invalid(
            "on the empty board it is Orange's first turn (KG-2.1, KG-3.1), not Purple's".into(),
        ));
    }
    Ok(pos)
}

fn read_board(pos: &mut Position, text: &str) -> Result<(), RulesError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 9 {
        return Err(invalid(format!(
            "the board has 9 ranks separated by '/', not {}",
            ranks.len()
        )));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let rank0 = 8 - i as i8;
        let mut file = 0i8;
        let mut after_run = false;
        for ch in rank.chars() {
            if let Some(run) = ch.to_digit(10).filter(|d| (1..=9).contains(d)) {
                if after_run {
                    return Err(invalid(format!(
                        "rank {}: a run of empty cells is one digit (KG-9.5), not two in a row",
                        rank0 + 1
                    )));
                }
                after_run = true;
                file += run as i8;
            } else if let Some(kind) = Kind::from_letter(ch) {
                after_run = false;
                let side = if ch.is_ascii_uppercase() {
                    Side::Orange
                } else {
                    Side::Purple
                };
                if let Some(cell) = Cell::at(file, rank0) {
                    pos.put(side, kind, cell);
                }
                file += 1;
            } else {
                return Err(invalid(format!(
                    "'{ch}' in rank {} is neither a piece (GWCBPA, gwcbpa) nor a run of 1–9 empty cells",
                    rank0 + 1
                )));
            }
            if file > 9 {
                break;
            }
        }
        if file != 9 {
            return Err(invalid(format!(
                "rank {} covers {file} cells, not 9",
                rank0 + 1
            )));
        }
    }
    Ok(())
}

fn read_record(text: &str) -> Result<u16, RulesError> {
    if text == "-" {
        return Ok(0);
    }
    let mut set = 0u16;
    let mut last = 0;
    for ch in text.chars() {
        let k = ch.to_digit(10).filter(|d| (1..=9).contains(d) && *d > last);
        let Some(k) = k else {
            return Err(invalid(format!(
                "a grace record is kingdom numbers 1–9 in increasing order, or -, not '{text}'"
            )));
        };
        set |= 1 << k;
        last = k;
    }
    if set == 0 {
        return Err(invalid("a grace record is - when it is empty".into()));
    }
    Ok(set)
}
