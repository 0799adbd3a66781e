//! Backgammon told in words: its decisions, dice and resignations (BG-5), and what a step
//! means for the match (the opening roll, a game won, the Crawford game). The words
//! themselves are in the message files (`bg-…` in `locales/*/games.ftl`).

use super::ids::GameState;
use super::{Action, Backgammon, State, RESIGN_WORDS};
use crate::menu::{Route, Stage};
use crate::Phrase;

pub(super) fn describe(before: &State, action: &Action) -> Option<Phrase> {
    // The player on roll rolls; whoever is to act decides (the doubler, or the one
    // answering a double or a resignation).
    let rolls = before.info.on_roll as usize;
    let acts = before.info.turn as usize;
    Some(match action {
        Action::Play(_) | Action::Pass => return None,
        // The opening's note says both dice; a roll's words come with its dice.
        Action::Opening(..) | Action::Roll => Phrase::silent(),
        Action::Dice(a, b) => Phrase::new("bg-rolls")
            .seat("who", rolls)
            .value("high", a.max(b))
            .value("low", a.min(b)),
        Action::Double => Phrase::new("bg-doubles")
            .seat("who", acts)
            .value("cube", 2 * before.cube_value()),
        Action::Take => Phrase::new("bg-takes").seat("who", acts),
        Action::Drop => Phrase::new("bg-drops").seat("who", acts),
        Action::Resign(n) => Phrase::new("bg-resigns")
            .seat("who", acts)
            .value("kind", RESIGN_WORDS[(*n as usize).clamp(1, 3) - 1]),
        Action::Accept => Phrase::new("bg-accepts").seat("who", acts),
        Action::Reject => Phrase::new("bg-rejects").seat("who", acts),
    })
}

pub(super) fn note(game: &Backgammon, before: &State, after: &State) -> Vec<Phrase> {
    if before.info.game != GameState::Playing && after.info.game == GameState::Playing {
        // The opening roll (BG-2.1): say whose die was higher.
        let first = after.info.on_roll as usize;
        let (high, low) = after.info.dice;
        return vec![Phrase::new("bg-opening")
            .seat("first", first)
            .seat("second", 1 - first)
            .value("high", high)
            .value("low", low)];
    }
    if before.info.game != GameState::Playing || after.info.game == GameState::Playing {
        return Vec::new();
    }
    let Some((winner, points)) = (0..2).find_map(|seat| {
        let gained = after.info.score[seat].checked_sub(before.info.score[seat])?;
        (gained > 0).then_some((seat, gained))
    }) else {
        return Vec::new();
    };
    let kind = match points as u32 / before.cube_value().max(1) {
        _ if after.info.game == GameState::Dropped => "dropped",
        _ if after.info.game == GameState::Resigned => "resigned",
        2 => "gammon",
        3 => "backgammon",
        _ => "single",
    };
    let mut notes = vec![Phrase::new("bg-game-won")
        .seat("who", winner)
        .value("points", points)
        .value("kind", kind)];
    if after.info.length > 0 && !game.status_is_over(after) {
        notes.push(
            Phrase::new("bg-match-score")
                .value("length", after.info.length)
                .value("white", after.info.score[0])
                .value("black", after.info.score[1]),
        );
        if after.info.crawford {
            notes.push(Phrase::new("bg-crawford-next"));
        }
    }
    notes
}

/// How a player reaches a play through menus: by its first checker's move (the highest,
/// as the notation writes it first), then the whole play. Resignations read as words.
pub(super) fn route(game: &Backgammon, before: &State, action: &Action) -> Route {
    use crate::Game;
    let point = |p: u8| match p {
        25 => "bar".to_string(),
        0 => "off".to_string(),
        p => p.to_string(),
    };
    match action {
        Action::Play(play) => {
            let first = play
                .steps
                .iter()
                .map(|s| (s.from + 1, (s.to + 1) as u8))
                .max();
            Route {
                stages: first
                    .map(|(from, to)| {
                        Stage::new(
                            format!("{}/{}", point(from), point(to)),
                            Phrase::new("bg-menu-first")
                                .value("from", point(from))
                                .value("to", point(to)),
                        )
                    })
                    .into_iter()
                    .collect(),
                label: Phrase::new("bg-menu-play")
                    .value("play", game.format_action(before, action)),
            }
        }
        Action::Resign(n) => Route {
            stages: Vec::new(),
            label: Phrase::new("bg-menu-resign")
                .value("kind", RESIGN_WORDS[(*n as usize).clamp(1, 3) - 1]),
        },
        other => Route {
            stages: Vec::new(),
            label: Phrase::new("menu-action").value("action", game.format_action(before, other)),
        },
    }
}
