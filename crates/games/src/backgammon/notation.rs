//! Play notation (BG-6): written exactly as GNU Backgammon writes it, read in the forms
//! gnubg accepts and then some (stops optional, hit marks optional, `-` for `/`).

use super::board::{Board, Play, Side, BAR};
use crate::{Phrase, RulesError};

/// A point as written: 25 is the bar, 0 is off.
fn point_name(p: u8) -> String {
    match p {
        25 => "bar".into(),
        0 => "off".into(),
        p => p.to_string(),
    }
}

/// Whether the opponent had a checker facing the mover's point `p` (1–24) before the play.
fn opponent_on(before: &Board, p: u8) -> bool {
    (1..=24).contains(&p) && before.them[24 - p as usize] > 0
}

/// gnubg's move text for `play` from `before`: moves sorted by source point (highest first),
/// the moves of one checker joined (keeping a stop where it hit: `13/7*/5`), identical moves
/// counted (`8/5(2)`), `*` after each hit point once.
pub fn format_play(before: &Board, play: &Play) -> String {
    // (source, destination) with the bar as 25 and off as 0.
    let mut moves: Vec<(u8, u8)> = play
        .steps
        .iter()
        .map(|s| (s.from + 1, (s.to + 1) as u8))
        .collect();
    moves.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut chains: Vec<Option<Vec<u8>>> = moves.iter().map(|&(a, b)| Some(vec![a, b])).collect();
    for i in 0..chains.len() {
        for j in i..chains.len() {
            let (Some(ci), Some(cj)) = (&chains[i], &chains[j]) else {
                continue;
            };
            if ci.last() != cj.first() || i == j {
                continue;
            }
            let next = cj[cj.len() - 1];
            let hit_stop = opponent_on(before, *ci.last().unwrap_or(&0));
            let ci = chains[i].as_mut().expect("checked above");
            if hit_stop {
                ci.push(next);
            } else {
                *ci.last_mut().expect("a chain has two points") = next;
            }
            chains[j] = None;
        }
    }
    let chains: Vec<Vec<u8>> = chains.into_iter().flatten().collect();
    let mut counted: Vec<(Vec<u8>, usize)> = Vec::new();
    for chain in chains {
        match counted.iter_mut().find(|(c, _)| *c == chain) {
            Some((_, n)) => *n += 1,
            None => counted.push((chain, 1)),
        }
    }
    let mut marked = [false; 26];
    let mut out = Vec::new();
    for (chain, n) in counted {
        let mut text = point_name(chain[0]);
        for &stop in &chain[1..chain.len() - 1] {
            text += &format!("/{}*", point_name(stop));
            marked[stop as usize] = true;
        }
        let dest = chain[chain.len() - 1];
        text += &format!("/{}", point_name(dest));
        if dest != 0 && opponent_on(before, dest) && !marked[dest as usize] {
            text.push('*');
            marked[dest as usize] = true;
        }
        if n > 1 {
            text += &format!("({n})");
        }
        out.push(text);
    }
    out.join(" ")
}

/// What a player wrote: checker moves (source, destination) and the points marked `*`.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Written {
    pub moves: Vec<(u8, u8)>,
    pub landings: Vec<u8>,
    pub starred: Vec<u8>,
}

fn parse_point(text: &str) -> Option<u8> {
    match text.to_ascii_lowercase().as_str() {
        "bar" | "b" => Some(25),
        "off" | "o" | "0" => Some(0),
        n => n.parse::<u8>().ok().filter(|p| (1..=25).contains(p)),
    }
}

/// A play that cannot be read, in English and in the players' words (`id`, about `text`).
fn bad(english: String, id: &'static str, text: &str) -> RulesError {
    RulesError::BadAction(english).told(Phrase::new(id).value("text", text))
}

/// Reads `24/18 13/9`, `bar/22*`, `8/5(2)`, `13/7*/5`, `6/off`, `24-18` …
pub fn parse_written(text: &str) -> Result<Written, RulesError> {
    let mut written = Written::default();
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() {
        return Err(bad(
            "no move given; write e.g. 24/18 13/11".into(),
            "bg-no-move",
            "",
        ));
    }
    for token in tokens {
        let (path, count) = match token.split_once('(') {
            Some((path, rest)) => {
                let n = rest
                    .strip_suffix(')')
                    .and_then(|n| n.parse::<usize>().ok())
                    .filter(|n| (1..=4).contains(n))
                    .ok_or_else(|| {
                        bad(
                            format!("'{token}': a repeat is written (2), (3) or (4)"),
                            "bg-bad-repeat",
                            token,
                        )
                    })?;
                (path, n)
            }
            None => (token, 1),
        };
        let mut points = Vec::new();
        for part in path.split(['/', '-']) {
            let (name, star) = match part.strip_suffix('*') {
                Some(name) => (name, true),
                None => (part, false),
            };
            let p = parse_point(name).ok_or_else(|| {
                bad(
                    format!("'{token}': '{name}' is not a point (1–24, bar or off)"),
                    "bg-bad-point",
                    token,
                )
            })?;
            if star {
                written.starred.push(p);
            }
            points.push(p);
        }
        if points.len() < 2 {
            return Err(bad(
                format!("'{token}': a move goes from a point to another, e.g. 24/18"),
                "bg-bad-path",
                token,
            ));
        }
        for _ in 0..count {
            for pair in points.windows(2) {
                if pair[1] >= pair[0] || pair[1] == 25 {
                    return Err(bad(
                        format!("'{token}': checkers move from higher points to lower ones"),
                        "bg-backwards",
                        token,
                    ));
                }
                written.moves.push((pair[0], pair[1]));
                if pair[1] != 0 {
                    written.landings.push(pair[1]);
                }
            }
        }
    }
    Ok(written)
}

/// The mover's side after the written moves, whatever order they are taken in (hits do not
/// change the mover's own checkers); `None` when they move checkers that are not there.
pub fn side_after(before: &Side, written: &Written) -> Option<Side> {
    let mut side = *before;
    let mut net = [0i32; 26];
    for &(from, to) in &written.moves {
        net[from as usize] -= 1;
        net[to as usize] += 1;
    }
    for (p, change) in net.iter().enumerate().skip(1) {
        let index = if p == 25 { BAR } else { p - 1 };
        let n = side[index] as i32 + change;
        if n < 0 {
            return None;
        }
        side[index] = n as u8;
    }
    Some(side)
}

/// The points (mover's numbering) where `play` hit a blot.
pub fn hit_points(before: &Board, play: &Play) -> Vec<u8> {
    let mut board = *before;
    let mut hits = Vec::new();
    for &step in &play.steps {
        if board.hits(step.to) {
            hits.push((step.to + 1) as u8);
        }
        board.step(step);
    }
    hits.sort_unstable();
    hits
}

/// Picks the legal play a player meant: the plays that leave the mover's checkers as
/// written, then, if several differ only in the blots they hit, the one hitting exactly on
/// the written landing points.
pub fn resolve<'a>(before: &Board, plays: &'a [Play], text: &str) -> Result<&'a Play, RulesError> {
    let written = parse_written(text)?;
    let Some(mine) = side_after(&before.me, &written) else {
        return Err(bad(
            format!("'{text}' moves checkers that are not there"),
            "bg-no-checkers",
            text.trim(),
        ));
    };
    let candidates: Vec<&Play> = plays.iter().filter(|p| p.after.me == mine).collect();
    match candidates.len() {
        0 => Err(bad(
            format!("'{}' is not a legal play with these dice", text.trim()),
            "bg-not-legal",
            text.trim(),
        )),
        1 => Ok(candidates[0]),
        _ => {
            let mut landed: Vec<u8> = written
                .landings
                .iter()
                .copied()
                .filter(|&p| before.hits(p as i8 - 1))
                .collect();
            landed.sort_unstable();
            landed.dedup();
            let exact: Vec<&Play> = candidates
                .iter()
                .copied()
                .filter(|p| hit_points(before, p) == landed)
                .collect();
            if exact.len() == 1 {
                return Ok(exact[0]);
            }
            let starred: Vec<&Play> = candidates
                .iter()
                .copied()
                .filter(|p| {
                    let hits = hit_points(before, p);
                    written.starred.iter().all(|s| hits.contains(s))
                        && hits
                            .iter()
                            .all(|h| landed.contains(h) || written.starred.contains(h))
                })
                .collect();
            if starred.len() == 1 {
                return Ok(starred[0]);
            }
            let options = candidates
                .iter()
                .map(|p| format_play(before, p))
                .collect::<Vec<_>>()
                .join(", ");
            Err(RulesError::BadAction(format!(
                "'{}' is ambiguous: write one of {options}",
                text.trim()
            ))
            .told(
                Phrase::new("bg-ambiguous")
                    .value("text", text.trim())
                    .value("options", options),
            ))
        }
    }
}
