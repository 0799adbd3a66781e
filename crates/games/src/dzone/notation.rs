//! D-Zone's notation (DZ-8): cells, rolls, actions with their paths, positions.

use super::paths::{self, Cell};
use super::{Action, Claimable, Dzone, Idle, Move, Phase, Player, Position, Square, COLOURS};
use crate::{Phrase, RulesError, Seat};

/// Input longer than this is refused before it is read.
const MAX_INPUT: usize = 300;

/// DZ-8.2–8.3, canonical.
pub fn format_action(action: &Action) -> String {
    match action {
        Action::Roll(x, y) => format!("roll {x} {y}"),
        Action::Deposit(cell) => format!("deposit {}", cell.name()),
        Action::Move(m) => format!("move {}", m.spelling()),
        Action::Pass => "pass".into(),
        Action::Claim(cell) => format!("claim {}", cell.name()),
        Action::ClaimDepot => "claim depot".into(),
        Action::Waive => "waive".into(),
    }
}

fn bad(english: String, text: &str) -> RulesError {
    RulesError::BadAction(english).told(Phrase::new("dz-bad-action").value("text", text))
}

fn cell(name: &str, text: &str) -> Result<Cell, RulesError> {
    Cell::parse(name).ok_or_else(|| bad(format!("'{name}' is not a cell (11 … 66)"), text))
}

/// Reads an action (DZ-8.2, DZ-8.3) in any case, spaces or dashes between a move's cells.
pub fn parse_action(_game: &Dzone, pos: &Position, text: &str) -> Result<Action, RulesError> {
    if text.len() > MAX_INPUT {
        return Err(bad("the action is too long".into(), ""));
    }
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        ["pass"] => Ok(Action::Pass),
        ["waive"] => Ok(Action::Waive),
        ["claim", "depot"] => Ok(Action::ClaimDepot),
        ["claim", at] => Ok(Action::Claim(cell(at, text)?)),
        ["deposit", at] => Ok(Action::Deposit(cell(at, text)?)),
        ["roll", xy] => roll(xy, text),
        ["roll", x, y] => roll(&format!("{x}{y}"), text),
        ["move", rest @ ..] if rest.len() >= 2 => {
            let cells = rest
                .iter()
                .map(|w| cell(w, text))
                .collect::<Result<Vec<Cell>, RulesError>>()?;
            if cells.windows(2).any(|w| w[0] == w[1]) {
                return Err(bad(
                    format!(
                        "'{}': a move names each cell of its path once, origin first, target last",
                        text.trim()
                    ),
                    text,
                ));
            }
            read_move(pos, &cells, text).map(Action::Move)
        }
        _ => Err(bad(
            format!(
                "'{}': write deposit 44, move 22-44, pass, claim 22, claim depot or waive",
                text.trim()
            ),
            text,
        )),
    }
}

fn roll(xy: &str, text: &str) -> Result<Action, RulesError> {
    let c = Cell::parse(xy).ok_or_else(|| bad(format!("'{text}': dice show 1 to 6"), text))?;
    Ok(Action::Roll(c.x(), c.y()))
}

/// A move typed as origin and target (when unambiguous) or as any list of cells along its
/// path (DZ-8.3).
fn read_move(pos: &Position, cells: &[Cell], text: &str) -> Result<Move, RulesError> {
    let (from, to) = (cells[0], cells[cells.len() - 1]);
    let mover = pos.to_move;
    let mut moves = paths::moves_from(pos, mover, from, to);
    moves.sort_by_key(|m| m.spelling());
    let listed = || {
        moves
            .iter()
            .map(|m| format!("move {}", m.spelling()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if pos.at(from) != Square::Marble(mover as u8) {
        return Err(
            RulesError::Illegal(format!("{} holds no marble of yours", from.name()))
                .told(Phrase::new("dz-no-marble").value("cell", from.name())),
        );
    }
    if cells.len() == 2 {
        return match moves.len() {
            1 => Ok(moves[0].clone()),
            0 => Err(RulesError::Illegal(format!(
                "no legal path from {} to {} (DZ-4.3)",
                from.name(),
                to.name()
            ))
            .told(
                Phrase::new("dz-no-path")
                    .value("from", from.name())
                    .value("to", to.name()),
            )),
            _ => Err(RulesError::Illegal(format!(
                "move {}-{} is ambiguous: {}",
                from.name(),
                to.name(),
                listed()
            ))
            .told(Phrase::new("dz-ambiguous").value("moves", listed()))),
        };
    }
    let path = trace(cells).ok_or_else(|| {
        bad(
            format!(
                "'{}': consecutive cells of a path share a row or a column",
                text.trim()
            ),
            text,
        )
    })?;
    let found = paths::legal_paths(pos, mover, from, to)
        .into_iter()
        .find(|(p, _)| *p == path)
        .and_then(|(_, taken)| moves.into_iter().find(|m| m.captures == taken));
    found.ok_or_else(|| {
        RulesError::Illegal(format!(
            "'{}' is not a legal path: each step one closer to the target, never over steel or your own marbles (DZ-4.3)",
            text.trim()
        ))
        .told(Phrase::new("dz-bad-path").value("text", text.trim()))
    })
}

/// Every cell of the path through `cells`, consecutive ones in one row or column.
fn trace(cells: &[Cell]) -> Option<Vec<Cell>> {
    let mut path = vec![cells[0]];
    for pair in cells.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if a.x() != b.x() && a.y() != b.y() {
            return None;
        }
        let (mut x, mut y) = (a.x() as i8, a.y() as i8);
        let dx = (b.x() as i8 - x).signum();
        let dy = (b.y() as i8 - y).signum();
        while (x, y) != (b.x() as i8, b.y() as i8) {
            x += dx;
            y += dy;
            path.push(Cell::at(x as u8, y as u8)?);
        }
    }
    Some(path)
}

/// DZ-8.4.
pub fn format_position(pos: &Position) -> String {
    let rows: Vec<String> = (1..=6u8)
        .rev()
        .map(|y| {
            (1..=6u8)
                .map(|x| match Cell::at(x, y).map(|c| pos.at(c)) {
                    Some(Square::Steel) => 'S',
                    Some(Square::Marble(c)) => COLOURS[c as usize],
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let players: Vec<String> = pos
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let letter = if p.out {
                COLOURS[seat].to_ascii_lowercase()
            } else {
                COLOURS[seat]
            };
            let taken: String = (0..4)
                .flat_map(|c| std::iter::repeat_n(COLOURS[c], p.captures[c] as usize))
                .collect();
            if taken.is_empty() {
                format!("{letter}{}", p.reserve)
            } else {
                format!("{letter}{}:{taken}", p.reserve)
            }
        })
        .collect();
    let to_move = match pos.phase {
        Phase::Over(_) => "-".to_string(),
        _ => COLOURS[pos.to_move].to_string(),
    };
    let idle = match pos.idle {
        Idle::Active => "a".to_string(),
        Idle::Streak(n) => n.to_string(),
    };
    let mut text = format!(
        "{} {} {to_move} {} {} {idle}",
        rows.join("/"),
        players.join(","),
        format_phase(&pos.phase),
        pos.turns
    );
    if pos.strict {
        text.push_str(" strict");
    }
    text
}

fn letters(seats: &[Seat]) -> String {
    seats.iter().map(|&s| COLOURS[s]).collect()
}

fn format_phase(phase: &Phase) -> String {
    match phase {
        Phase::Place(k) => format!("place:{k}"),
        Phase::First(contest) => {
            let items: Vec<String> = contest
                .iter()
                .map(|(s, sum)| match sum {
                    Some(n) => format!("{}{n}", COLOURS[*s]),
                    None => format!("{}?", COLOURS[*s]),
                })
                .collect();
            format!("first:{}", items.join(","))
        }
        Phase::Roll => "roll".into(),
        Phase::Choose(t) => format!("choose:{}", t.name()),
        Phase::Steel(t) => format!("steel:{}", t.name()),
        Phase::Claim(t, Claimable::Depot) => format!("claim:{}:depot", t.name()),
        Phase::Claim(t, Claimable::Cells(cells)) => {
            let list: Vec<String> = cells.iter().map(|c| c.name()).collect();
            format!("claim:{}:{}", t.name(), list.join(","))
        }
        Phase::Over(w) => format!("over:{}", letters(w)),
    }
}

pub(super) fn invalid(english: String) -> RulesError {
    RulesError::BadPosition(english.clone())
        .told(Phrase::new("dz-bad-position").value("error", english))
}

fn colour_of(letter: char, seats: usize) -> Option<Seat> {
    COLOURS[..seats]
        .iter()
        .position(|&c| c == letter.to_ascii_uppercase())
}

/// Reads a position (DZ-8.4) and checks its invariants against the table's options.
pub fn parse_position(game: &Dzone, text: &str) -> Result<Position, RulesError> {
    if text.len() > MAX_INPUT {
        return Err(invalid("the position is too long".into()));
    }
    let fields: Vec<&str> = text.trim().split(' ').collect();
    let (fields, strict) = match fields.as_slice() {
        [rest @ .., "strict"] if rest.len() == 6 => (rest, true),
        all if all.len() == 6 => (all, false),
        _ => {
            return Err(invalid(format!(
                "a position has six fields separated by single spaces (board, players, to \
                 move, phase, turns, idle), and strict if on; not {}",
                fields.len()
            )))
        }
    };
    let players = read_players(fields[1])?;
    let seats = players.len();
    let board = read_board(fields[0], seats)?;
    let mut pos =
        Position {
            board,
            players,
            to_move: 0,
            phase: Phase::Roll,
            turns: number(fields[4])
                .ok_or(())
                .map_err(|_| invalid(format!("the turn count is a number, not '{}'", fields[4])))?,
            idle: match fields[5] {
                "a" => Idle::Active,
                n => Idle::Streak(number(n).ok_or(()).map_err(|_| {
                    invalid(format!("the idle streak is a number or a, not '{n}'"))
                })?),
            },
            strict: strict || game.strict,
        };
    pos.phase = read_phase(fields[3], seats)?;
    pos.to_move = match (fields[2], &pos.phase) {
        ("-", Phase::Over(_)) => 0,
        ("-", _) => return Err(invalid("'-' moves only once the game is over".into())),
        (_, Phase::Over(_)) => return Err(invalid("a game over has '-' to move".into())),
        (letter, _) => {
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => colour_of(c, seats),
                _ => None,
            }
            .ok_or_else(|| invalid(format!("'{letter}' is not the colour of a seat (R G B Y)")))?
        }
    };
    super::valid::check(game, &pos)?;
    Ok(pos)
}

fn read_board(text: &str, seats: usize) -> Result<[Square; paths::CELLS], RulesError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 6 || rows.iter().any(|r| r.chars().count() != 6) {
        return Err(invalid(
            "the board is six rows of six characters separated by '/'".into(),
        ));
    }
    let mut board = [Square::Empty; paths::CELLS];
    for (i, row) in rows.iter().enumerate() {
        let y = 6 - i as u8;
        for (j, ch) in row.chars().enumerate() {
            let square = match ch {
                '.' => Square::Empty,
                'S' => Square::Steel,
                c => match colour_of(c, seats).filter(|_| c.is_ascii_uppercase()) {
                    Some(seat) => Square::Marble(seat as u8),
                    None => {
                        return Err(invalid(format!(
                            "'{ch}' on the board is not ., S or the colour of a seat"
                        )))
                    }
                },
            };
            if let Some(cell) = Cell::at(j as u8 + 1, y) {
                board[cell.0 as usize] = square;
            }
        }
    }
    Ok(board)
}

fn read_players(text: &str) -> Result<Vec<Player>, RulesError> {
    let items: Vec<&str> = text.split(',').collect();
    if !(2..=4).contains(&items.len()) {
        return Err(invalid(format!(
            "D-Zone has 2 to 4 players, not {}",
            items.len()
        )));
    }
    let seats = items.len();
    let mut players = Vec::with_capacity(seats);
    for (seat, item) in items.iter().enumerate() {
        let (head, taken) = item.split_once(':').unwrap_or((item, ""));
        let mut chars = head.chars();
        let letter = chars.next().unwrap_or(' ');
        if letter.to_ascii_uppercase() != COLOURS[seat] {
            return Err(invalid(format!(
                "seat {} is {}, not '{letter}' (DZ-2.1)",
                seat + 1,
                COLOURS[seat]
            )));
        }
        let reserve: u8 = number(chars.as_str()).ok_or(()).map_err(|_| {
            invalid(format!(
                "'{item}': a player is its colour then its reserve count"
            ))
        })?;
        let mut captures = [0u8; 4];
        let mut last = 0;
        for ch in taken.chars() {
            let c = colour_of(ch, seats)
                .filter(|&c| ch.is_ascii_uppercase() && c != seat && c >= last)
                .ok_or_else(|| {
                    invalid(format!(
                        "'{item}': captures are other seats' colours in the order R G B Y"
                    ))
                })?;
            captures[c] += 1;
            last = c;
        }
        if item.contains(':') && taken.is_empty() {
            return Err(invalid(format!("'{item}': ':' comes only before captures")));
        }
        players.push(Player {
            out: letter.is_ascii_lowercase(),
            reserve,
            captures,
        });
    }
    Ok(players)
}

fn read_phase(text: &str, seats: usize) -> Result<Phase, RulesError> {
    let cell_of = |s: &str| {
        Cell::parse(s).ok_or_else(|| invalid(format!("'{s}' in the phase is not a cell")))
    };
    let mut parts = text.splitn(3, ':');
    let head = parts.next().unwrap_or("");
    let a = parts.next();
    let b = parts.next();
    Ok(match (head, a, b) {
        ("roll", None, None) => Phase::Roll,
        ("place", Some(k), None) => Phase::Place(
            number(k)
                .ok_or(())
                .map_err(|_| invalid(format!("place:{k}: a number of steel marbles")))?,
        ),
        ("choose", Some(t), None) => Phase::Choose(cell_of(t)?),
        ("steel", Some(t), None) => Phase::Steel(cell_of(t)?),
        ("claim", Some(t), Some("depot")) => Phase::Claim(cell_of(t)?, Claimable::Depot),
        ("claim", Some(t), Some(list)) => {
            let cells = list
                .split(',')
                .map(cell_of)
                .collect::<Result<Vec<Cell>, RulesError>>()?;
            if cells.windows(2).any(|w| w[0] >= w[1]) {
                return Err(invalid("claimable cells come in canonical order".into()));
            }
            Phase::Claim(cell_of(t)?, Claimable::Cells(cells))
        }
        ("first", Some(list), None) => {
            let mut contest = Vec::new();
            for item in list.split(',') {
                let mut chars = item.chars();
                let seat = chars
                    .next()
                    .and_then(|c| colour_of(c, seats))
                    .ok_or_else(|| invalid(format!("'{item}' is not a contestant")))?;
                let sum = match chars.as_str() {
                    "?" => None,
                    n => Some(
                        number::<u8>(n)
                            .filter(|s| (2..=12).contains(s))
                            .ok_or_else(|| invalid(format!("'{item}': a sum of two dice or ?")))?,
                    ),
                };
                contest.push((seat, sum));
            }
            Phase::First(contest)
        }
        ("over", Some(w), None) => Phase::Over(
            w.chars()
                .map(|c| colour_of(c, seats).ok_or_else(|| invalid(format!("'{c}' is not a seat"))))
                .collect::<Result<Vec<Seat>, RulesError>>()?,
        ),
        _ => return Err(invalid(format!("'{text}' is not a phase (DZ-8.4.4)"))),
    })
}

/// A count as DZ-8.4 writes it: decimal digits, no sign, no leading zero.
fn number<T: std::str::FromStr>(text: &str) -> Option<T> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    plain.then(|| text.parse().ok()).flatten()
}
