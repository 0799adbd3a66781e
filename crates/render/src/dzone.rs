//! The D-Zone board (DZ-1): the 6 × 6 zone with the black die's values along the bottom and
//! the white die's up the side, the current roll and its target, steel, each player's
//! marbles in its colour with a mark of its own (ring, triangle, square, cross: told apart
//! without colour), every depot (reserve and captures), claimable marbles, and the last
//! action's path with what it captured.

use std::sync::{LazyLock, OnceLock};

use tiny_skia::{PathBuilder, Pixmap};

use super::encode::{Palette, StaticLayers};
use super::kit::{self, theme, Align, Canvas, Rgb};
use super::{LastMove, RenderError, Scene, SideLook};
use crate::games::dzone::{Action, Cell, Claimable, Dzone, Phase, Position, Square};
use crate::games::Game;
use crate::t;

pub const WIDTH: f32 = 900.0;
pub const HEIGHT: f32 = 720.0;
const HEADER: f32 = 60.0;
const FOOTER: f32 = 62.0;
/// A cell's side and the board's top left corner.
const S: f32 = 86.0;
const BX: f32 = 84.0;
const BY: f32 = 80.0;
const MARBLE: f32 = 31.0;
const PANEL_X: f32 = BX + 6.0 * S + 28.0;

/// Marble colours by seat: red, green, blue, yellow.
pub const MARBLES: [Rgb; 4] = [
    Rgb::hex(0xe04848),
    Rgb::hex(0x2fbf71),
    Rgb::hex(0x3d8fe0),
    Rgb::hex(0xf2c230),
];
const STEEL: Rgb = Rgb::hex(0xa9b4bf);
const STEEL_EDGE: Rgb = Rgb::hex(0x4b5560);
const CELL: [Rgb; 2] = [Rgb::hex(0x2c3a50), Rgb::hex(0x324159)];
const TARGET: Rgb = theme::HIGHLIGHT;

/// The centre of a cell (DZ-1.1: column 1 on the left, row 1 at the bottom).
pub fn cell_centre(cell: Cell) -> (f32, f32) {
    (
        BX + (cell.x() as f32 - 0.5) * S,
        BY + (6.5 - cell.y() as f32) * S,
    )
}

/// Every cell by its name: what a deposit, a claim or a move is touched on.
fn spots(_game: &Dzone, _pos: &Position) -> crate::spots::Spots {
    use crate::spots::{Outline, Spot};
    let spots = Cell::all()
        .map(|cell| {
            let (x, y) = cell_centre(cell);
            Spot {
                key: cell.name(),
                outline: Outline::Rect {
                    x: x - S / 2.0,
                    y: y - S / 2.0,
                    w: S,
                    h: S,
                },
            }
        })
        .collect();
    crate::spots::Spots {
        width: WIDTH,
        height: HEIGHT,
        spots,
    }
}

/// The static layers of boards of two, three and four players: each holds its players'
/// cards, which cover most of the side panel.
fn layers(players: usize) -> &'static StaticLayers {
    static LAYERS: LazyLock<[StaticLayers; 3]> = LazyLock::new(|| {
        [
            StaticLayers::new(|scale| draw_static(scale, 2), palette, || seat_samples(2)),
            StaticLayers::new(|scale| draw_static(scale, 3), palette, || seat_samples(3)),
            StaticLayers::new(
                |scale| draw_static(scale, 4),
                palette,
                || samples(&Scene::default()),
            ),
        ]
    });
    &LAYERS[players.clamp(2, 4) - 2]
}

/// A player's card in the side panel.
fn card(seat: usize) -> Option<tiny_skia::Path> {
    let top = BY + seat as f32 * 128.0;
    kit::rounded_rect(PANEL_X, top, WIDTH - PANEL_X - 16.0, 118.0, 10.0)
}

fn draw_static(scale: f32, players: usize) -> Pixmap {
    let mut c = Canvas::new(WIDTH, HEIGHT, scale);
    c.clear(theme::BACKGROUND);
    c.fill_rect(0.0, 0.0, WIDTH, HEADER, theme::PANEL, 1.0);
    c.fill_rect(0.0, HEIGHT - FOOTER, WIDTH, FOOTER, theme::PANEL, 1.0);
    if let Some(rim) = kit::rounded_rect(BX - 8.0, BY - 8.0, 6.0 * S + 16.0, 6.0 * S + 16.0, 10.0) {
        c.fill(&rim, theme::RIM, 1.0);
    }
    for cell in Cell::all() {
        let (x, y) = cell_centre(cell);
        let shade = ((cell.x() + cell.y()) % 2) as usize;
        c.fill_rect(x - S / 2.0, y - S / 2.0, S, S, CELL[shade], 1.0);
        c.stroke_circle(x, y, MARBLE + 3.0, theme::GRID, 0.6, 2.0);
    }
    for i in 1..=6u8 {
        // The black die's value along the bottom, the white die's up the side.
        let x = BX + (i as f32 - 0.5) * S;
        die(&mut c, x, BY + 6.0 * S + 30.0, 26.0, i, true);
        let y = BY + (6.5 - i as f32) * S;
        die(&mut c, BX - 40.0, y, 26.0, i, false);
    }
    for seat in 0..players {
        if let Some(card) = card(seat) {
            c.fill(&card, theme::PANEL, 1.0);
        }
    }
    c.pixmap
}

/// The square of a cell centred at (x, y), with room for strokes, for [`Canvas::cached`].
fn on_cell(x: f32, y: f32) -> [f32; 4] {
    let reach = S / 2.0 + 2.0;
    [x - reach, y - reach, x + reach, y + reach]
}

/// A die centred at (x, y): black with white pips, or white with black pips, drawn once
/// for each place, size and value.
fn die(c: &mut Canvas, x: f32, y: f32, size: f32, value: u8, black: bool) {
    let reach = size / 2.0 + 2.0;
    let bounds = [x - reach, y - reach, x + reach, y + reach];
    let key = format!("dzone/die/{x}/{y}/{size}/{value}/{black}");
    c.cached(&key, bounds, |c| draw_die(c, x, y, size, value, black));
}

fn draw_die(c: &mut Canvas, x: f32, y: f32, size: f32, value: u8, black: bool) {
    let (face, pip, edge) = if black {
        (Rgb::hex(0x111318), theme::TEXT, Rgb::hex(0x5b6270))
    } else {
        (theme::LIGHT_PIECE, theme::LIGHT_EDGE, theme::LIGHT_EDGE)
    };
    let half = size / 2.0;
    if let Some(body) = kit::rounded_rect(x - half, y - half, size, size, size * 0.2) {
        c.fill(&body, face, 1.0);
        c.stroke(&body, edge, 1.0, 1.5);
    }
    for (px, py) in kit::die_pips(x - half, y - half, size, value) {
        c.fill_circle(px, py, size * 0.09, pip, 1.0);
    }
}

/// The palette D-Zone boards are encoded with, learnt once from sample boards.
pub fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(|| dressed(&Scene::default()))
}

/// Boards of `players` players from a walk through a game, for the codes of their layer.
pub(super) fn seat_samples(players: usize) -> Vec<Canvas> {
    let lang = crate::words::Lang::En;
    let game = Dzone::default();
    super::samples::boards(
        &game,
        players,
        3,
        |_| true,
        |pos, scene| draw(lang, &game, pos, scene, 1.0),
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
    let game = Dzone::default();
    let scene = Scene {
        names: vec![
            "Chewbacca".into(),
            "R2-D2".into(),
            "Leia".into(),
            "Lando".into(),
        ],
        sets: dress.sets.clone(),
        ..Scene::default()
    };
    let samples = [
        "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R choose:44 9 0",
        "S..Y.R/...R.S/.B..../..S.Y./.RGG../.....S R1:GY,G3:B,B4,Y3:RR G claim:44:22,45,66 9 1",
    ];
    let canvases: Vec<Canvas> = samples
        .iter()
        .map(|s| {
            let pos = game.parse_state(s).expect("a sample position");
            draw(lang, &game, &pos, &scene, 1.0).expect("a sample board")
        })
        .collect();
    canvases
}

/// A marble of a seat in its look (or steel for `None`) centred at (x, y), stamped from a
/// sprite.
fn marble(c: &mut Canvas, seat: Option<(usize, SideLook)>, x: f32, y: f32, r: f32, alpha: f32) {
    let look = seat.map(|(s, look)| format!("{s}{}", look.key()));
    let key = format!("dzone/{look:?}/{r}/{alpha}");
    c.stamp_drawn(&key, r * 2.6, (x, y), |s, cx, cy| {
        draw_marble(s, seat, cx, cy, r, alpha)
    });
}

fn draw_marble(
    c: &mut Canvas,
    seat: Option<(usize, SideLook)>,
    x: f32,
    y: f32,
    r: f32,
    alpha: f32,
) {
    c.fill_circle(x, y + r * 0.12, r * 1.03, theme::GRID, 0.5 * alpha);
    let (fill, edge, ink) = match seat {
        Some((_, look)) => (look.face, look.edge, look.mark),
        None => (STEEL, STEEL_EDGE, STEEL_EDGE),
    };
    c.fill_circle(x, y, r, fill, alpha);
    c.stroke_circle(x, y, r, edge, alpha, (r * 0.08).max(1.0));
    // A glint, then the seat's mark.
    c.fill_circle(
        x - r * 0.35,
        y - r * 0.38,
        r * 0.22,
        theme::TEXT,
        0.55 * alpha,
    );
    let m = r * 0.36;
    match seat.map(|(s, _)| s) {
        Some(0) => c.stroke_circle(x, y, m, ink, alpha, (r * 0.14).max(1.2)),
        Some(1) => {
            if let Some(tri) =
                kit::regular_polygon(x, y + m * 0.1, m * 1.1, 3, -std::f32::consts::FRAC_PI_2)
            {
                c.fill(&tri, ink, alpha);
            }
        }
        Some(2) => c.fill_rect(x - m * 0.8, y - m * 0.8, m * 1.6, m * 1.6, ink, alpha),
        Some(_) => c.cross(x, y, m, ink, (r * 0.16).max(1.2)),
        None => c.stroke_circle(x, y, r * 0.55, STEEL_EDGE, 0.6 * alpha, (r * 0.08).max(1.0)),
    }
}

/// Red, Green, Blue and Yellow marbles, by seat.
const SIDES: [SideLook; 4] = [
    side("side-red", MARBLES[0]),
    side("side-green", MARBLES[1]),
    side("side-blue", MARBLES[2]),
    side("side-yellow", MARBLES[3]),
];

const fn side(name: &'static str, face: Rgb) -> SideLook {
    SideLook {
        name,
        face,
        edge: theme::GRID,
        mark: theme::GRID,
    }
}

/// `seat` with how its marbles look in `scene` (a set its player wears, or its own).
fn dressed_seat(scene: &Scene, seat: usize) -> Option<(usize, SideLook)> {
    Some((seat, scene.side(seat, &SIDES)))
}

fn side_name(lang: crate::words::Lang, seat: usize) -> String {
    super::side_name(lang, &SIDES, seat)
}

fn name_of(lang: crate::words::Lang, scene: &Scene, seat: usize) -> String {
    scene.name_or(seat, || side_name(lang, seat))
}

/// The last action: its path when it moved a marble, with the cells it captured, or the
/// cell it acted on.
fn last_path(game: &Dzone, last: &LastMove) -> Option<(Vec<Cell>, Vec<Cell>)> {
    let before = game.parse_state(last.before.as_deref()?).ok()?;
    match last.action(game, &before).ok()? {
        Action::Move(m) => Some((m.path, m.captures)),
        Action::Deposit(cell) | Action::Claim(cell) => Some((vec![cell], Vec::new())),
        _ => None,
    }
}

/// Draws a position with its scene.
pub fn draw(
    lang: crate::words::Lang,
    game: &Dzone,
    pos: &Position,
    scene: &Scene,
    scale: f32,
) -> Result<Canvas, RenderError> {
    let mut c = Canvas::over(&layers(pos.players.len()).pixmap(scale), scale);
    if let Some(t) = target_of(pos) {
        mark_target(&mut c, t);
    }
    let last = scene.last_move.as_ref().and_then(|l| last_path(game, l));
    if let Some((path, captures)) = &last {
        mark_last_path(&mut c, path, captures);
    }
    for cell in Cell::all() {
        let (x, y) = cell_centre(cell);
        match pos.at(cell) {
            Square::Empty => {}
            Square::Steel => marble(&mut c, None, x, y, MARBLE, 1.0),
            Square::Marble(s) => marble(&mut c, dressed_seat(scene, s as usize), x, y, MARBLE, 1.0),
        }
    }
    if let Some((path, _)) = &last {
        if let (true, Some(&end)) = (path.len() > 1, path.last()) {
            let (x, y) = cell_centre(end);
            c.cached(&format!("dzone/end/{end:?}"), on_cell(x, y), |c| {
                c.stroke_circle(x, y, MARBLE + 5.0, theme::ACCENT, 1.0, 3.5);
            });
        }
    }
    mark_phase(&mut c, pos);
    draw_header(lang, &mut c, pos, scene);
    draw_players(lang, &mut c, pos, scene);
    draw_footer(lang, &mut c, game, pos, scene);
    Ok(c)
}

/// The cell the current roll names, while it is being played.
fn target_of(pos: &Position) -> Option<Cell> {
    match &pos.phase {
        Phase::Choose(t) | Phase::Steel(t) | Phase::Claim(t, _) => Some(*t),
        _ => None,
    }
}

/// The target cell, tinted and framed under everything on it.
fn mark_target(c: &mut Canvas, t: Cell) {
    let (x, y) = cell_centre(t);
    c.cached(&format!("dzone/target/{t:?}"), on_cell(x, y), |c| {
        c.fill_rect(
            x - S / 2.0 + 3.0,
            y - S / 2.0 + 3.0,
            S - 6.0,
            S - 6.0,
            TARGET,
            0.18,
        );
        if let Some(frame) =
            kit::rounded_rect(x - S / 2.0 + 4.0, y - S / 2.0 + 4.0, S - 8.0, S - 8.0, 8.0)
        {
            c.stroke(&frame, TARGET, 1.0, 3.5);
        }
    });
}

/// The last play's path under the marbles: an arrow along a move, a ring round a single
/// cell, a cross on each capture.
fn mark_last_path(c: &mut Canvas, path: &[Cell], captures: &[Cell]) {
    let points: Vec<(f32, f32)> = path.iter().map(|&p| cell_centre(p)).collect();
    if points.len() > 1 {
        c.arrow(&points, theme::ACCENT, 5.0);
    } else if let Some(&(x, y)) = points.first() {
        c.stroke_circle(x, y, MARBLE + 6.0, theme::ACCENT, 1.0, 3.0);
    }
    for &cell in captures {
        let (x, y) = cell_centre(cell);
        c.cached(&format!("dzone/captured/{cell:?}"), on_cell(x, y), |c| {
            c.cross(x, y, MARBLE * 0.5, theme::DANGER, 5.0);
        });
    }
}

/// What the phase shows over the marbles: the steel in hand (DZ-4.5), drawn faint over the
/// cell it was lifted from, or the cells a claim may name, ringed.
fn mark_phase(c: &mut Canvas, pos: &Position) {
    if let Phase::Steel(t) = pos.phase {
        let (x, y) = cell_centre(t);
        marble(c, None, x, y, MARBLE, 0.35);
    }
    if let Phase::Claim(_, Claimable::Cells(cells)) = &pos.phase {
        for &cell in cells {
            let (x, y) = cell_centre(cell);
            c.cached(&format!("dzone/claim/{cell:?}"), on_cell(x, y), |c| {
                if let Some(ring) = PathBuilder::from_circle(x, y, MARBLE + 6.0) {
                    c.stroke_dashed(&ring, theme::DANGER, 3.5, 7.0);
                }
            });
        }
    }
}

/// The current roll: the black and the white die with the target they name.
fn draw_header(lang: crate::words::Lang, c: &mut Canvas, pos: &Position, scene: &Scene) {
    let target = target_of(pos);
    c.text("D-Zone", 20.0, 39.0, 22.0, theme::TEXT, Align::Left);
    if let Some(t) = target {
        die(c, BX + 3.0 * S - 24.0, 30.0, 36.0, t.x(), true);
        die(c, BX + 3.0 * S + 24.0, 30.0, 36.0, t.y(), false);
        let who = name_of(lang, scene, pos.to_move);
        let text = kit::fit_text(
            &t!(lang, "board-dz-target", cell = t.name(), who = who),
            18.0,
            300.0,
        );
        c.text(
            &text,
            BX + 3.0 * S + 60.0,
            37.0,
            18.0,
            theme::TEXT_DIM,
            Align::Left,
        );
    }
}

/// Each player: its marble, name, reserve and captures; the player to act marked, those out
/// dimmed.
fn draw_players(lang: crate::words::Lang, c: &mut Canvas, pos: &Position, scene: &Scene) {
    let over = matches!(pos.phase, Phase::Over(_));
    for (seat, player) in pos.players.iter().enumerate() {
        let top = BY + seat as f32 * 128.0;
        // The card itself is in the layer.
        if let Some(card) = card(seat).filter(|_| !over && seat == pos.to_move && !player.out) {
            c.stroke(&card, theme::ACCENT, 1.0, 3.0);
        }
        let alpha = if player.out { 0.35 } else { 1.0 };
        marble(
            c,
            dressed_seat(scene, seat),
            PANEL_X + 26.0,
            top + 28.0,
            15.0,
            alpha,
        );
        let mut name = name_of(lang, scene, seat);
        if player.out {
            name = t!(lang, "board-dz-out", who = name);
        }
        let name = scene.plate(seat, &name, 19.0, WIDTH - PANEL_X - 80.0);
        let colour = if player.out {
            theme::TEXT_DIM
        } else {
            theme::TEXT
        };
        c.text(&name, PANEL_X + 50.0, top + 35.0, 19.0, colour, Align::Left);
        let reserve = player.reserve as usize;
        c.text(
            &t!(lang, "board-dz-reserve"),
            PANEL_X + 14.0,
            top + 70.0,
            13.0,
            theme::TEXT_DIM,
            Align::Left,
        );
        for k in 0..reserve {
            marble(
                c,
                dressed_seat(scene, seat),
                PANEL_X + 94.0 + k as f32 * 17.0,
                top + 65.0,
                7.0,
                alpha,
            );
        }
        c.text(
            &t!(lang, "board-dz-captures"),
            PANEL_X + 14.0,
            top + 100.0,
            13.0,
            theme::TEXT_DIM,
            Align::Left,
        );
        let mut k = 0;
        for (colour, &n) in player.captures.iter().enumerate() {
            for _ in 0..n {
                let x = PANEL_X + 94.0 + (k % 9) as f32 * 17.0;
                marble(c, dressed_seat(scene, colour), x, top + 95.0, 7.0, alpha);
                k += 1;
            }
        }
    }
}

fn draw_footer(
    lang: crate::words::Lang,
    c: &mut Canvas,
    game: &Dzone,
    pos: &Position,
    scene: &Scene,
) {
    let top = HEIGHT - FOOTER;
    let who = name_of(lang, scene, pos.to_move);
    let status = game.status(pos);
    let ending = super::ending_line(lang, &status, scene, |seat| name_of(lang, scene, seat));
    let (line, colour) = match (ending, status) {
        (Some(line), _) => (line, theme::HIGHLIGHT),
        (None, _) => {
            let text = match &pos.phase {
                Phase::Place(k) => t!(lang, "board-dz-place", who = who, left = *k as i64),
                Phase::First(_) => t!(lang, "board-dz-first", who = who),
                Phase::Claim(..) => t!(lang, "board-dz-claim", who = who),
                Phase::Choose(_) => t!(lang, "board-dz-choose", who = who),
                _ => t!(lang, "board-dz-roll", who = who),
            };
            (text, theme::TEXT)
        }
    };
    let line = kit::fit_text(&line, 20.0, WIDTH - 40.0);
    c.text(&line, WIDTH / 2.0, top + 27.0, 20.0, colour, Align::Center);
    if let Some(last) = &scene.last_move {
        let text = kit::fit_text(
            &t!(lang, "board-last", action = &last.action),
            14.0,
            WIDTH - 40.0,
        );
        c.text(
            &text,
            WIDTH / 2.0,
            top + 50.0,
            14.0,
            theme::TEXT_DIM,
            Align::Center,
        );
    }
}

/// The D-Zone board of the catalogue.
pub static BOARD: super::Drawn<Dzone> = super::Drawn {
    draw,
    palette,
    dressed,
    surfaces: &[CELL[0], CELL[1]],
    layers: |_, pos| layers(pos.players.len()),
    sides: &SIDES,
    spots: Some(spots),
};

#[cfg(test)]
mod spot_tests {
    use super::*;

    #[test]
    fn each_cells_spot_holds_its_marble_and_no_other_cells() {
        let game = Dzone::default();
        let pos = crate::games::Game::new_game(&game, 2).unwrap();
        let all = spots(&game, &pos).spots;
        assert_eq!(all.len(), crate::games::dzone::paths::CELLS);
        for cell in Cell::all() {
            let holding: Vec<String> = all
                .iter()
                .filter(|s| s.outline.contains(cell_centre(cell)))
                .map(|s| s.key.clone())
                .collect();
            assert_eq!(holding, [cell.name()]);
        }
    }
}
