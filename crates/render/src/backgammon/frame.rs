//! The text around a backgammon board: the players with their pip counts and the match
//! score above it, whose turn it is, the last play and the cube below it.

use super::{checker, look, name_of, FOOTER, HEIGHT, WIDTH};
use crate::games::backgammon::board as bg;
use crate::games::backgammon::ids::{CubeOwner, GameState};
use crate::games::backgammon::{Backgammon, State};
use crate::games::{Game, Status};
use crate::kit::{self, theme, Align, Canvas};
use crate::t;
use crate::Scene;

pub(super) fn draw_header(
    lang: crate::words::Lang,
    c: &mut Canvas,
    game: &Backgammon,
    state: &State,
    scene: &Scene,
) {
    let status = game.status(state);
    let winner = match &status {
        Status::Over(outcome) => outcome.winner(),
        _ => None,
    };
    for seat in 0..2 {
        let pips = bg::pips(&state.sides[seat]);
        let name = scene.plate(seat, &name_of(lang, scene, seat), 21.0, 230.0);
        let label = t!(lang, "board-bg-pips", name = name, pips = pips);
        let width = kit::text_width(&label, 21.0);
        let (icon_x, text_x, align, pill_x) = if seat == 0 {
            (34.0, 56.0, Align::Left, 12.0)
        } else {
            (
                WIDTH - 34.0,
                WIDTH - 56.0,
                Align::Right,
                WIDTH - 12.0 - (width + 58.0),
            )
        };
        let acting = match &status {
            Status::ToMove(s) => *s == seat,
            Status::Chance => {
                state.info.on_roll as usize == seat && state.info.game == GameState::Playing
            }
            Status::Over(_) => false,
        };
        let pill = if winner == Some(seat) {
            Some(theme::HIGHLIGHT)
        } else {
            acting.then_some(theme::ACCENT)
        };
        if let Some(colour) = pill {
            if let Some(path) = kit::rounded_rect(pill_x, 12.0, width + 58.0, 44.0, 22.0) {
                c.fill(&path, colour, 0.16);
                c.stroke(&path, colour, 1.0, 2.0);
            }
        }
        checker(c, look(scene, seat), icon_x, 34.0, 12.0, 1.0);
        c.text(&label, text_x, 41.0, 21.0, theme::TEXT, align);
    }
    let m = &state.info;
    let title = if m.length == 0 {
        t!(lang, "board-bg-money")
    } else {
        let mut title = t!(
            lang,
            "board-bg-match",
            length = m.length,
            white = m.score[0],
            black = m.score[1]
        );
        if m.crawford && m.game == GameState::Playing {
            title.push_str(" · ");
            title.push_str(&t!(lang, "board-bg-crawford"));
        }
        title
    };
    c.text(
        &title,
        WIDTH / 2.0,
        40.0,
        13.0,
        theme::TEXT_DIM,
        Align::Center,
    );
}

pub(super) fn draw_footer(
    lang: crate::words::Lang,
    c: &mut Canvas,
    game: &Backgammon,
    state: &State,
    scene: &Scene,
) {
    let top = HEIGHT - FOOTER;
    let m = &state.info;
    let name = |seat: usize| name_of(lang, scene, seat);
    let (line, colour) = match (&scene.result, game.status(state)) {
        (Some(result), _) => (result.clone(), theme::HIGHLIGHT),
        (None, Status::Over(outcome)) => match outcome.winner() {
            Some(seat) => (
                t!(
                    lang,
                    "board-bg-wins",
                    who = name(seat),
                    what = if m.length == 0 { "game" } else { "match" },
                    score = crate::games::score_line(&outcome.points)
                ),
                theme::HIGHLIGHT,
            ),
            None => (crate::reason(lang, &outcome, scene), theme::HIGHLIGHT),
        },
        (None, Status::Chance) if m.game != GameState::Playing => {
            let text = if m.game == GameState::None {
                t!(lang, "board-bg-opening")
            } else {
                t!(
                    lang,
                    "board-bg-next",
                    white = m.score[0],
                    black = m.score[1]
                )
            };
            (text, theme::TEXT)
        }
        (None, Status::Chance) => (
            t!(lang, "board-bg-to-roll", who = name(m.on_roll as usize)),
            theme::TEXT,
        ),
        (None, Status::ToMove(seat)) => {
            let text = if m.double_offered {
                t!(
                    lang,
                    "board-bg-doubled",
                    who = name(m.on_roll as usize),
                    cube = 2 * state.cube_value(),
                    taker = name(seat)
                )
            } else if m.dice == (0, 0) {
                t!(lang, "board-bg-roll-or-double", who = name(seat))
            } else {
                t!(
                    lang,
                    "board-bg-to-play",
                    who = name(seat),
                    high = m.dice.0,
                    low = m.dice.1
                )
            };
            (text, theme::TEXT)
        }
    };
    let line = kit::fit_text(&line, 21.0, WIDTH - 40.0);
    c.text(&line, WIDTH / 2.0, top + 31.0, 21.0, colour, Align::Center);
    let mut details = Vec::new();
    if let Some(last) = &scene.last_move {
        details.push(t!(lang, "board-last", action = &last.action));
    }
    details.push(match m.cube_owner {
        CubeOwner::Centred => t!(lang, "board-bg-cube-centred", value = state.cube_value()),
        CubeOwner::Player(p) => t!(
            lang,
            "board-bg-cube-owned",
            value = state.cube_value(),
            who = name(p as usize)
        ),
    });
    let text = kit::fit_text(&details.join("   ·   "), 15.0, WIDTH - 40.0);
    c.text(
        &text,
        WIDTH / 2.0,
        top + 57.0,
        15.0,
        theme::TEXT_DIM,
        Align::Center,
    );
}
