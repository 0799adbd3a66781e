//! Zatak's notation (ZK-8): cells, moves with their captures, set-ups, adjustments and
//! positions.

use super::board::Cell;
use super::{Action, Phase, Position, Side, Zatak};
use crate::{Phrase, RulesError};

/// Input longer than this is refused before it is read.
const MAX_INPUT: usize = 200;

pub fn format_action(action: &Action) -> String {
    match action {
        Action::Setup(faces) => {
            let digits: String = faces.iter().map(|f| char::from(b'0' + f)).collect();
            format!("setup {digits}")
        }
        Action::Place(dice) => {
            let items: Vec<String> = dice
                .iter()
                .map(|(c, f)| format!("{}={f}", c.name()))
                .collect();
            format!("setup {}", items.join(","))
        }
        Action::Obstacles(mask) => {
            let cells: Vec<String> = Cell::all()
                .filter(|c| mask & (1 << c.0) != 0)
                .map(Cell::name)
                .collect();
            format!("obstacles {}", cells.join(","))
        }
        Action::Move(path) => path.spelling(),
        Action::Adjust(cell, delta) => {
            format!("{}{}", cell.name(), if *delta > 0 { '+' } else { '-' })
        }
    }
}

fn bad(english: String, id: &'static str, text: &str) -> RulesError {
    RulesError::BadAction(english).told(Phrase::new(id).value("text", text))
}

/// Reads an action in this position (ZK-8.2, ZK-8.4): `x` marks may be left out of a move,
/// case and surrounding spaces do not matter.
pub fn parse_action(game: &Zatak, pos: &Position, text: &str) -> Result<Action, RulesError> {
    if text.len() > MAX_INPUT {
        return Err(bad("the action is too long".into(), "zk-bad-action", ""));
    }
    let text = text.trim().to_ascii_lowercase();
    if let Some(rest) = text.strip_prefix("obstacles") {
        let mut mask = 0u64;
        for name in rest.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let cell = Cell::parse(name)
                .ok_or_else(|| bad(format!("'{name}' is not a cell"), "zk-bad-action", name))?;
            mask |= 1 << cell.0;
        }
        return Ok(Action::Obstacles(mask));
    }
    if let Some(rest) = text.strip_prefix("setup") {
        if rest.contains('=') {
            return Ok(same_setup(game, pos, parse_place(rest.trim(), &text)?));
        }
        let digits = rest.trim();
        let faces: Vec<u8> = digits
            .chars()
            .filter_map(|c| c.to_digit(10).map(|d| d as u8))
            .collect();
        if faces.len() != 6 || digits.chars().count() != 6 {
            return Err(bad(
                format!("'{text}': a set-up is setup and six faces, e.g. setup 123456"),
                "zk-bad-setup",
                &text,
            ));
        }
        let mut array = [0u8; 6];
        array.copy_from_slice(&faces);
        return Ok(same_setup(game, pos, Action::Setup(array)));
    }
    if let Some(sign) = text.strip_suffix(['+', '-']) {
        if let Some(cell) = Cell::parse(sign) {
            let delta = if text.ends_with('+') { 1 } else { -1 };
            return Ok(Action::Adjust(cell, delta));
        }
    }
    if pos.phase == Phase::Setup {
        return Err(bad(
            format!("'{text}': the set-up comes first, e.g. setup 123456"),
            "zk-bad-setup",
            &text,
        ));
    }
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != 'x')
            .collect()
    };
    let wanted = squash(&text);
    game.moves(pos)
        .into_iter()
        .find(|a| squash(&format_action(a)) == wanted)
        .ok_or_else(|| {
            bad(
                format!("'{text}' is not a legal move here"),
                "zk-not-legal",
                &text,
            )
        })
}

/// ZK-8.4: both forms of a set-up are read when they describe one; the game's own form is
/// the short one without `free`, the long one with it.
fn same_setup(game: &Zatak, pos: &Position, action: Action) -> Action {
    let zone = pos.to_move.zone();
    match action {
        Action::Setup(faces) if game.free => {
            let mut dice: Vec<(Cell, u8)> = zone.iter().copied().zip(faces).collect();
            dice.sort();
            Action::Place(dice)
        }
        Action::Place(dice) if !game.free => {
            let faces: Option<Vec<u8>> = zone
                .iter()
                .map(|z| dice.iter().find(|(c, _)| c == z).map(|(_, f)| *f))
                .collect();
            match faces {
                Some(faces) if faces.len() == 6 => {
                    let mut array = [0u8; 6];
                    array.copy_from_slice(&faces);
                    Action::Setup(array)
                }
                _ => Action::Place(dice),
            }
        }
        other => other,
    }
}

/// `setup c1=2,c2=4,…` (ZK-7.1, ZK-8.4), in any cell order; read into canonical order.
fn parse_place(list: &str, text: &str) -> Result<Action, RulesError> {
    let mut dice = Vec::new();
    for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let parsed = item.split_once('=').and_then(|(c, f)| {
            let face: u8 = f.trim().parse().ok().filter(|f| (1..=6).contains(f))?;
            Some((Cell::parse(c)?, face))
        });
        let Some(die) = parsed else {
            return Err(bad(
                format!("'{item}' is not cell=face (a face 1–6)"),
                "zk-bad-setup",
                text,
            ));
        };
        dice.push(die);
    }
    if dice.len() != 6 {
        return Err(bad(
            format!("'{text}': a free set-up places six dice"),
            "zk-bad-setup",
            text,
        ));
    }
    dice.sort();
    Ok(Action::Place(dice))
}

fn format_dice(pos: &Position, side: Side) -> String {
    let items: Vec<String> = Cell::all()
        .filter_map(|c| match pos.dice[c.0 as usize] {
            Some((s, face)) if s == side => Some(format!("{}={face}", c.name())),
            _ => None,
        })
        .collect();
    if items.is_empty() {
        "-".into()
    } else {
        items.join(",")
    }
}

/// ZK-8.5: `<white dice>/<red dice>/<obstacles>/<side to move>/<phase>`.
pub fn format_position(pos: &Position) -> String {
    let obstacles: Vec<String> = Cell::all()
        .filter(|&c| pos.is_obstacle(c))
        .map(Cell::name)
        .collect();
    format!(
        "{}/{}/{}/{}/{}",
        format_dice(pos, Side::White),
        format_dice(pos, Side::Red),
        if obstacles.is_empty() {
            "-".into()
        } else {
            obstacles.join(",")
        },
        match pos.to_move {
            Side::White => "w",
            Side::Red => "r",
        },
        match pos.phase {
            Phase::Setup => "setup",
            Phase::Play => "play",
        }
    )
}

fn bad_position(text: &str, why: impl std::fmt::Display) -> RulesError {
    RulesError::BadPosition(format!("'{}': {why}", text.trim()))
}

pub fn parse_position(text: &str) -> Result<Position, RulesError> {
    if text.len() > MAX_INPUT * 2 {
        return Err(bad_position("…", "the position is too long"));
    }
    let parts: Vec<&str> = text.trim().split('/').collect();
    let [white, red, obstacles, side, phase] = parts.as_slice() else {
        return Err(bad_position(
            text,
            "a position is <white dice>/<red dice>/<obstacles>/<w|r>/<setup|play>",
        ));
    };
    let mut pos = Position::empty();
    for (list, owner) in [(white, Side::White), (red, Side::Red)] {
        if list.trim() == "-" {
            continue;
        }
        for item in list.split(',') {
            let (cell, face) = item
                .split_once('=')
                .ok_or_else(|| bad_position(text, format!("'{item}' is not cell=face")))?;
            let cell = Cell::parse(cell)
                .ok_or_else(|| bad_position(text, format!("'{cell}' is not a cell")))?;
            let face: u8 = Some(face)
                .filter(|f| f.len() == 1)
                .and_then(|f| f.parse().ok())
                .filter(|f| (1..=6).contains(f))
                .ok_or_else(|| bad_position(text, format!("'{face}' is not a face 1–6")))?;
            if pos.dice[cell.0 as usize].is_some() {
                return Err(bad_position(
                    text,
                    format!("{} holds two dice", cell.name()),
                ));
            }
            pos.dice[cell.0 as usize] = Some((owner, face));
        }
        if pos.count(owner) > 6 {
            return Err(bad_position(text, "a player has at most six dice"));
        }
    }
    if obstacles.trim() != "-" {
        for name in obstacles.split(',') {
            let cell = Cell::parse(name)
                .ok_or_else(|| bad_position(text, format!("'{name}' is not a cell")))?;
            if pos.dice[cell.0 as usize].is_some() {
                return Err(bad_position(
                    text,
                    format!("{} is an obstacle and holds a die", cell.name()),
                ));
            }
            pos.obstacles |= 1 << cell.0;
        }
    }
    pos.to_move = match side.trim() {
        "w" | "W" => Side::White,
        "r" | "R" => Side::Red,
        other => return Err(bad_position(text, format!("side '{other}' must be w or r"))),
    };
    pos.phase = match phase.trim().to_ascii_lowercase().as_str() {
        "setup" => Phase::Setup,
        "play" => Phase::Play,
        other => {
            return Err(bad_position(
                text,
                format!("phase '{other}' must be setup or play"),
            ))
        }
    };
    reachable(&pos, text)?;
    Ok(pos)
}

/// What a game can reach in the set-up: White sets up first and Red second, each all six
/// faces at once (ZK-2.3). (Play positions are taken as given: hand-made positions with any
/// obstacles are useful for studying moves.)
fn reachable(pos: &Position, text: &str) -> Result<(), RulesError> {
    if pos.phase == Phase::Setup {
        let (white, red) = (pos.count(Side::White), pos.count(Side::Red));
        let expected = match pos.to_move {
            Side::White => (0, 0),
            Side::Red => (6, 0),
        };
        if (white, red) != expected {
            return Err(bad_position(
                text,
                format!(
                    "{white} White and {red} Red dice in the set-up with {} to move: White sets up \
                     its six dice first, then Red (ZK-2.3)",
                    if pos.to_move == Side::White { "White" } else { "Red" }
                ),
            ));
        }
        let mut faces: Vec<u8> = pos.dice.iter().flatten().map(|&(_, f)| f).collect();
        faces.sort();
        if !faces.is_empty() && faces != [1, 2, 3, 4, 5, 6] {
            return Err(bad_position(
                text,
                "a set-up shows each face 1 to 6 once (ZK-2.3)",
            ));
        }
    }
    Ok(())
}
