//! The backgammon board (BG-1): 24 points numbered from the side of the player to act, the
//! checkers (a count on stacks higher than five), the bar, both borne-off trays, the dice, the
//! cube with its value and owner, pip counts, match score and length, and the last play
//! highlighted with arrows.
//!
//! The board never turns: White's home board is at the bottom right, Black's at the top
//! right; only the point numbers follow the player who acts, so that what they type matches
//! what they read.

use std::collections::HashMap;
use std::sync::{LazyLock, OnceLock};

use tiny_skia::Pixmap;

use super::encode::{Palette, StaticLayers};
use super::kit::{self, theme, Align, Canvas, Rgb};
use super::{LastMove, RenderError, Scene, SideLook};
use crate::games::backgammon::board::{self as bg, Step, BAR};
use crate::games::backgammon::ids::{CubeOwner, GameState};
use crate::games::backgammon::{Action, Backgammon, State};
use crate::games::{Game, Status};
use crate::t;

mod frame;
mod pieces;
use frame::{draw_footer, draw_header};

pub const WIDTH: f32 = 840.0;
pub const HEIGHT: f32 = 660.0;
const HEADER: f32 = 70.0;
const FOOTER: f32 = 76.0;

/// The playing area (inside the frame).
const LEFT: f32 = 68.0;
const TOP: f32 = 96.0;
const BOTTOM: f32 = HEIGHT - FOOTER - 24.0;
const POINT_W: f32 = 52.0;
const BAR_W: f32 = 52.0;
const BAR_X: f32 = LEFT + 6.0 * POINT_W;
const RIGHT_HALF: f32 = BAR_X + BAR_W;
const RIGHT: f32 = RIGHT_HALF + 6.0 * POINT_W;
const TRAY_X: f32 = RIGHT + 14.0;
const TRAY_W: f32 = 48.0;
const MID_Y: f32 = (TOP + BOTTOM) / 2.0;
const POINT_H: f32 = 186.0;
const R: f32 = 21.0;
/// Checkers drawn per point before a count is written instead.
const STACK: usize = 5;

const FELT: Rgb = Rgb::hex(0x1d3b33);
const FRAME: Rgb = Rgb::hex(0x4a3422);
const FRAME_EDGE: Rgb = Rgb::hex(0x2e1f14);
const POINTS: [Rgb; 2] = [Rgb::hex(0xb4553f), Rgb::hex(0x3f6f8f)];

/// White's view of a point: 1–24 as White counts them.
fn white_point(seat: usize, point: u8) -> u8 {
    if seat == 0 {
        point
    } else {
        25 - point
    }
}

/// The column centre of White's point `w` and whether it is on the bottom row.
fn point_x(w: u8) -> (f32, bool) {
    let w = w as f32;
    match w as u8 {
        1..=6 => (RIGHT_HALF + (6.0 - w) * POINT_W + POINT_W / 2.0, true),
        7..=12 => (LEFT + (12.0 - w) * POINT_W + POINT_W / 2.0, true),
        13..=18 => (LEFT + (w - 13.0) * POINT_W + POINT_W / 2.0, false),
        _ => (RIGHT_HALF + (w - 19.0) * POINT_W + POINT_W / 2.0, false),
    }
}

/// The centre of the k-th checker (from the edge) on White's point `w`.
pub fn checker_at(w: u8, k: usize) -> (f32, f32) {
    let (x, bottom) = point_x(w);
    let offset = R + 2.0 + (k.min(STACK - 1) as f32) * 2.0 * R;
    (
        x,
        if bottom {
            BOTTOM - offset
        } else {
            TOP + offset
        },
    )
}

/// Where checkers of `seat` wait on the bar: White's above the middle (it enters at the
/// top right), Black's below.
fn bar_at(seat: usize, k: usize) -> (f32, f32) {
    let x = BAR_X + BAR_W / 2.0;
    let offset = R + 30.0 + (k.min(2) as f32) * 2.0 * R;
    if seat == 0 {
        (x, MID_Y - offset)
    } else {
        (x, MID_Y + offset)
    }
}

/// The tray of `seat`'s borne-off checkers: White's at the bottom, Black's at the top.
fn tray(seat: usize) -> (f32, f32, f32, f32) {
    let h = (BOTTOM - TOP) / 2.0 - 30.0;
    if seat == 0 {
        (TRAY_X, BOTTOM - h, TRAY_W, h)
    } else {
        (TRAY_X, TOP, TRAY_W, h)
    }
}

/// The points of the player to move, named as they count them (`1`–`24`), their bar and
/// their tray (`bar`, `off`): what the page lets them touch.
fn spots(game: &Backgammon, state: &State) -> crate::spots::Spots {
    spots_for(viewer(game, state))
}

/// The spots of [`spots`] for `seat` to move.
fn spots_for(seat: usize) -> crate::spots::Spots {
    use crate::spots::{Outline, Spot};
    let mut spots: Vec<Spot> = (1..=24u8)
        .map(|p| {
            let (x, bottom) = point_x(white_point(seat, p));
            let y = if bottom { MID_Y } else { TOP };
            Spot {
                key: p.to_string(),
                outline: Outline::Rect {
                    x: x - POINT_W / 2.0,
                    y,
                    w: POINT_W,
                    h: BOTTOM - MID_Y,
                },
            }
        })
        .collect();
    // The bar's half where the mover's checkers wait.
    let (bar_y, bar_h) = if seat == 0 {
        (TOP, MID_Y - TOP)
    } else {
        (MID_Y, BOTTOM - MID_Y)
    };
    spots.push(Spot {
        key: "bar".to_string(),
        outline: Outline::Rect {
            x: BAR_X,
            y: bar_y,
            w: BAR_W,
            h: bar_h,
        },
    });
    let (x, y, w, h) = tray(seat);
    spots.push(Spot {
        key: "off".to_string(),
        outline: Outline::Rect { x, y, w, h },
    });
    crate::spots::Spots {
        width: WIDTH,
        height: HEIGHT,
        spots,
    }
}

/// The board's frame with the point numbers of one side (0: White's, 1: Black's), drawn
/// once per scale.
fn layers(viewer: usize) -> &'static StaticLayers {
    static WHITE: LazyLock<StaticLayers> = LazyLock::new(|| {
        StaticLayers::new(|scale| draw_static(scale, 0), palette, || viewer_samples(0))
    });
    static BLACK: LazyLock<StaticLayers> = LazyLock::new(|| {
        StaticLayers::new(|scale| draw_static(scale, 1), palette, || viewer_samples(1))
    });
    if viewer == 0 {
        &WHITE
    } else {
        &BLACK
    }
}

/// Who the point numbers are for: the player who acts (the roller, or the one deciding on
/// a double or a resignation).
fn viewer(game: &Backgammon, state: &State) -> usize {
    match game.status(state) {
        Status::ToMove(seat) => seat,
        _ => state.info.on_roll as usize,
    }
}

fn draw_static(scale: f32, viewer: usize) -> Pixmap {
    let mut c = Canvas::new(WIDTH, HEIGHT, scale);
    c.clear(theme::BACKGROUND);
    c.fill_rect(0.0, 0.0, WIDTH, HEADER, theme::PANEL, 1.0);
    c.fill_rect(0.0, HEIGHT - FOOTER, WIDTH, FOOTER, theme::PANEL, 1.0);
    // Frame, felt, bar and trays.
    if let Some(path) = kit::rounded_rect(
        LEFT - 14.0,
        TOP - 20.0,
        TRAY_X + TRAY_W + 12.0 - (LEFT - 14.0),
        BOTTOM - TOP + 40.0,
        10.0,
    ) {
        c.fill(&path, FRAME, 1.0);
        c.stroke(&path, FRAME_EDGE, 1.0, 3.0);
    }
    c.fill_rect(LEFT, TOP, BAR_X - LEFT, BOTTOM - TOP, FELT, 1.0);
    c.fill_rect(RIGHT_HALF, TOP, RIGHT - RIGHT_HALF, BOTTOM - TOP, FELT, 1.0);
    c.fill_rect(BAR_X, TOP, BAR_W, BOTTOM - TOP, FRAME_EDGE, 1.0);
    for seat in 0..2 {
        let (x, y, w, h) = tray(seat);
        c.fill_rect(x, y, w, h, FELT, 1.0);
    }
    for w in 1..=24u8 {
        let (x, bottom) = point_x(w);
        let (base, tip) = if bottom {
            (BOTTOM, BOTTOM - POINT_H)
        } else {
            (TOP, TOP + POINT_H)
        };
        let colour = POINTS[(w % 2) as usize];
        if let Some(path) = kit::polygon(&[
            (x - POINT_W / 2.0 + 2.0, base),
            (x + POINT_W / 2.0 - 2.0, base),
            (x, tip),
        ]) {
            c.fill(&path, colour, 1.0);
        }
    }
    // Point numbers from the viewer's side.
    for p in 1..=24u8 {
        let (x, bottom) = point_x(white_point(viewer, p));
        let y = if bottom { BOTTOM + 17.0 } else { TOP - 6.0 };
        c.text(
            &p.to_string(),
            x,
            y,
            12.0,
            Rgb::hex(0xe9d8b8),
            Align::Center,
        );
    }
    c.pixmap
}

/// White and Black checkers, by seat.
const SIDES: [super::SideLook; 2] = [super::SideLook::WHITE, super::SideLook::BLACK];

fn colour_name(lang: crate::words::Lang, seat: usize) -> String {
    super::side_name(lang, &SIDES, seat)
}

fn name_of(lang: crate::words::Lang, scene: &Scene, seat: usize) -> String {
    scene.name_or(seat, || colour_name(lang, seat))
}

fn checker(c: &mut Canvas, look: SideLook, x: f32, y: f32, r: f32, alpha: f32) {
    let key = format!("backgammon/{}/{r}/{alpha}", look.key());
    c.stamp_drawn(&key, r * 2.6, (x, y), |s, cx, cy| {
        s.fill_circle(cx, cy + r * 0.1, r * 1.03, theme::GRID, 0.45 * alpha);
        s.fill_circle(cx, cy, r, look.face, alpha);
        s.stroke_circle(cx, cy, r, look.edge, alpha, (r * 0.1).max(1.2));
        s.stroke_circle(
            cx,
            cy,
            r * 0.55,
            look.mark,
            alpha * 0.8,
            (r * 0.08).max(1.0),
        );
    });
}

/// How `seat`'s checkers look in `scene` (a set its player wears, or the side's own).
pub(super) fn look(scene: &Scene, seat: usize) -> SideLook {
    scene.side(seat, &SIDES)
}

fn count_label(c: &mut Canvas, look: SideLook, x: f32, y: f32, n: u8) {
    c.text(&n.to_string(), x, y + 6.0, 17.0, look.edge, Align::Center);
}

/// The last play as the board marks it: (mover, steps, blots hit).
type Last = (usize, Vec<Step>, usize);

/// The last play, checked against the position before it.
fn resolve_last(
    game: &Backgammon,
    state: &State,
    last: &LastMove,
) -> Result<Option<Last>, RenderError> {
    let Some(before_text) = last.before.as_deref() else {
        return Ok(None);
    };
    let before = game.parse_state(before_text)?;
    let action = last.action(game, &before)?;
    let after = game.apply(&before, &action)?;
    let Action::Play(play) = action else {
        // Cube actions and rolls move no checker.
        return Ok(None);
    };
    if after.info.game != GameState::Playing && state.info.game == GameState::Playing {
        // The play ended a game and the next one has begun: nothing of it is on the board.
        return Ok(None);
    }
    // Only dice may have fallen since the play.
    if after.sides != state.sides {
        return Err(RenderError::Unsupported(format!(
            "the last move '{}' does not lead to the position shown",
            last.action
        )));
    }
    let hits = crate::games::backgammon::notation::hit_points(&before.board(), &play).len();
    Ok(Some((before.info.on_roll as usize, play.steps, hits)))
}

/// Draws a position with its scene.
pub fn draw(
    lang: crate::words::Lang,
    game: &Backgammon,
    state: &State,
    scene: &Scene,
    scale: f32,
) -> Result<Canvas, RenderError> {
    let last = match &scene.last_move {
        Some(last) => resolve_last(game, state, last)?,
        None => None,
    };
    let mut c = Canvas::over(&layers(viewer(game, state)).pixmap(scale), scale);
    if let Some(last) = &last {
        pieces::mark_points(&mut c, last);
    }
    for seat in 0..2 {
        pieces::checkers(&mut c, state, scene, seat);
        pieces::borne_off(lang, &mut c, state, scene, seat);
    }
    if let Some(last) = &last {
        pieces::ring_hits(&mut c, state, last);
        pieces::arrows(&mut c, state, last);
    }
    let m = &state.info;
    if m.game == GameState::Playing && m.dice != (0, 0) {
        pieces::dice(&mut c, state, scene);
    }
    if m.length != 1 {
        pieces::cube(&mut c, state);
    }
    draw_header(lang, &mut c, game, state, scene);
    draw_footer(lang, &mut c, game, state, scene);
    Ok(c)
}
fn sample_boards(lang: crate::words::Lang, dress: &Scene) -> Vec<Canvas> {
    let game = Backgammon::from_options(
        &serde_json::from_str(r#"{"length":5}"#).expect("a literal object"),
    )
    .expect("valid options");
    let scene = Scene {
        names: vec!["Chewbacca".into(), "R2-D2".into()],
        sets: dress.sets.clone(),
        ..Scene::default()
    };
    let start = game.start(2).expect("two seats");
    let opened = game
        .apply(&start, &Action::Opening(6, 1))
        .expect("an opening roll");
    let play = game
        .parse_action(&opened, "13/7 8/7")
        .expect("a legal play");
    let after = game.apply(&opened, &play).expect("a legal play");
    let last = Scene {
        last_move: Some(LastMove {
            action: "13/7 8/7".into(),
            before: Some(game.format_state(&opened)),
            chosen: None,
        }),
        ..scene.clone()
    };
    vec![
        draw(lang, &game, &opened, &scene, 1.0).expect("a sample board"),
        draw(lang, &game, &after, &last, 1.0).expect("a sample board"),
    ]
}

/// The palette backgammon boards are encoded with, learnt once from sample boards.
pub fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(|| dressed(&Scene::default()))
}

/// Boards whose point numbers are `viewer`'s, from a walk through a match, for the codes
/// of that layer.
pub(super) fn viewer_samples(viewer_seat: usize) -> Vec<Canvas> {
    let lang = crate::words::Lang::En;
    let Ok(game) =
        Backgammon::from_options(&serde_json::from_str(r#"{"length":5}"#).unwrap_or_default())
    else {
        return Vec::new();
    };
    super::samples::boards(
        &game,
        2,
        3,
        |state| viewer(&game, state) == viewer_seat,
        |state, scene| draw(lang, &game, state, scene, 1.0),
    )
}

/// A palette learnt from sample boards whose seats wear `dress`'s sets.
fn dressed(dress: &Scene) -> Palette {
    Palette::learn(&samples(dress).iter().collect::<Vec<_>>())
}

/// Sample boards whose seats wear `dress`'s sets, showing every colour a board can show:
/// what the palette is learnt from and the layer's codes are fitted to.
fn samples(dress: &Scene) -> Vec<Canvas> {
    // The colours of a board are the same in every language.
    let lang = crate::words::Lang::En;
    sample_boards(lang, dress)
}

/// The backgammon board of the catalogue: its frame shows the point numbers of the player
/// who acts.
pub static BOARD: super::Drawn<Backgammon> = super::Drawn {
    draw,
    palette,
    dressed,
    surfaces: &[FELT, FRAME, FRAME_EDGE, POINTS[0], POINTS[1]],
    layers: |game, state| layers(viewer(game, state)),
    sides: &SIDES,
    spots: Some(spots),
};

#[cfg(test)]
mod spot_tests {
    use super::*;

    #[test]
    fn each_point_is_where_its_checkers_stand_for_either_player_to_move() {
        for seat in [0, 1] {
            let all = spots_for(seat).spots;
            for p in 1..=24u8 {
                let checker = checker_at(white_point(seat, p), 0);
                let holding: Vec<&str> = all
                    .iter()
                    .filter(|s| s.outline.contains(checker))
                    .map(|s| s.key.as_str())
                    .collect();
                assert_eq!(holding, [p.to_string()], "seat {seat}'s point {p}");
            }
            let bar = bar_at(seat, 0);
            assert!(all
                .iter()
                .any(|s| s.key == "bar" && s.outline.contains(bar)));
            let (x, y, w, h) = tray(seat);
            let off = (x + w / 2.0, y + h / 2.0);
            assert!(all
                .iter()
                .any(|s| s.key == "off" && s.outline.contains(off)));
        }
    }
}
