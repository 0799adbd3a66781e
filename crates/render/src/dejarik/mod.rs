//! Dejarik's circular board (DJ-1): 25 labelled cells, both sides' pieces, the last move with
//! its path and its victim, whose turn, names, losses, series score and result.

mod spots;

use spots::spots;
use std::f32::consts::PI;
use std::sync::{Arc, LazyLock, OnceLock};

use tiny_skia::Pixmap;

use super::encode::{Palette, StaticLayers};
use super::kit::{self, theme, Align, Canvas, Rgb};
use super::{LastMove, RenderError, Scene, SideLook};
use crate::games::dejarik::{
    format_cell, notation::Action, Cell, Dejarik, MoveKind, Position, Resolved, Side, Zone,
};
use crate::games::{Game, Status};
use crate::t;

/// Design size: a header, the square board area, a footer.
pub const WIDTH: f32 = 640.0;
pub const HEIGHT: f32 = 776.0;
const HEADER: f32 = 64.0;
const CX: f32 = 320.0;
const CY: f32 = HEADER + 320.0;

const R_RIM: f32 = 306.0;
const R_OUTER: f32 = 298.0;
const R_MIDDLE: f32 = 204.0;
const R_INNER: f32 = 116.0;
/// Where pieces stand on each ring, and where the labels go (clear of the pieces).
const R_OUTER_PIECE: f32 = 243.0;
const R_INNER_PIECE: f32 = 158.0;
const R_OUTER_LABEL: f32 = 285.0;
const R_INNER_LABEL: f32 = 195.0;
const PIECE: f32 = 28.0;

const OUTER_CELLS: [Rgb; 2] = [Rgb::hex(0x2e5d68), Rgb::hex(0x244b55)];
const INNER_CELLS: [Rgb; 2] = [Rgb::hex(0x6e5c2c), Rgb::hex(0x5c4c25)];
const CENTRE_CELL: Rgb = Rgb::hex(0x7a2e3a);

/// Screen angle (radians, clockwise from the positive x axis) of spoke `k`, 12 at the top.
fn spoke_angle(k: f32) -> f32 {
    (k * 30.0 - 90.0).to_radians()
}

fn polar(r: f32, angle: f32) -> (f32, f32) {
    (CX + r * angle.cos(), CY + r * angle.sin())
}

/// The centre of a cell, where its piece stands.
pub fn cell_center(cell: Cell) -> (f32, f32) {
    match cell.zone() {
        Zone::Centre => (CX, CY),
        Zone::Inner(k) => polar(R_INNER_PIECE, spoke_angle(k as f32)),
        Zone::Outer(k) => polar(R_OUTER_PIECE, spoke_angle(k as f32)),
    }
}

fn cell_path(cell: Cell) -> Option<tiny_skia::Path> {
    let half = 15f32.to_radians();
    match cell.zone() {
        Zone::Centre => tiny_skia::PathBuilder::from_circle(CX, CY, R_INNER),
        Zone::Inner(k) => {
            let a = spoke_angle(k as f32);
            kit::annular_sector((CX, CY), R_INNER, R_MIDDLE, a - half, a + half)
        }
        Zone::Outer(k) => {
            let a = spoke_angle(k as f32);
            kit::annular_sector((CX, CY), R_MIDDLE, R_OUTER, a - half, a + half)
        }
    }
}

/// The board's frame, drawn once per scale and reused.
fn layers() -> &'static StaticLayers {
    static LAYERS: LazyLock<StaticLayers> =
        LazyLock::new(|| StaticLayers::new(draw_static, palette, || samples(&Scene::default())));
    &LAYERS
}

fn static_layer(scale: f32) -> Arc<Pixmap> {
    layers().pixmap(scale)
}

fn draw_static(scale: f32) -> Pixmap {
    let mut c = Canvas::new(WIDTH, HEIGHT, scale);
    c.clear(theme::BACKGROUND);
    c.fill_rect(0.0, 0.0, WIDTH, HEADER, theme::PANEL, 1.0);
    c.fill_rect(0.0, HEIGHT - 72.0, WIDTH, 72.0, theme::PANEL, 1.0);
    // A soft halo, the rim, then the cells separated by dark grid lines.
    c.fill_circle(CX, CY, R_RIM + 10.0, theme::ACCENT, 0.06);
    c.fill_circle(CX, CY, R_RIM, theme::RIM, 1.0);
    c.fill_circle(CX, CY, R_OUTER + 1.0, theme::GRID, 1.0);
    for cell in Cell::all() {
        let colour = match cell.zone() {
            Zone::Centre => CENTRE_CELL,
            Zone::Inner(k) => INNER_CELLS[k as usize % 2],
            Zone::Outer(k) => OUTER_CELLS[k as usize % 2],
        };
        if let Some(path) = cell_path(cell) {
            c.fill(&path, colour, 1.0);
            c.stroke(&path, theme::GRID, 1.0, 3.0);
        }
    }
    // The centre: a holochess emblem of concentric rings.
    c.stroke_circle(CX, CY, R_INNER - 14.0, Rgb::hex(0x9a4452), 1.0, 2.0);
    c.stroke_circle(CX, CY, R_INNER - 22.0, Rgb::hex(0x8a3a47), 1.0, 1.5);
    // Labels: outer cells near the rim, inner cells near the middle ring, C below centre.
    for k in 1..=12 {
        let a = spoke_angle(k as f32);
        let (x, y) = polar(R_OUTER_LABEL, a);
        c.text(
            &format!("o{k}"),
            x,
            y + 5.0,
            14.0,
            theme::TEXT_DIM,
            Align::Center,
        );
        let (x, y) = polar(R_INNER_LABEL, a);
        c.text(
            &format!("i{k}"),
            x,
            y + 4.5,
            13.0,
            Rgb::hex(0xc9b98a),
            Align::Center,
        );
    }
    c.text(
        "C",
        CX,
        CY + R_INNER - 16.0,
        14.0,
        Rgb::hex(0xe0b3ba),
        Align::Center,
    );
    c.pixmap
}

/// Stamps a piece of `side` in `look` centred at (x, y) with radius `r` (see
/// [`draw_piece`]).
fn piece(c: &mut Canvas, side: Side, look: SideLook, x: f32, y: f32, r: f32, alpha: f32) {
    let key = format!("dejarik/{side:?}/{}/{r}/{alpha}", look.key());
    c.stamp_drawn(&key, r * 2.6, (x, y), |s, cx, cy| {
        draw_piece(s, side, look, cx, cy, r, alpha)
    });
}

/// Draws a piece of `side` centred at (x, y) with radius `r`: White is a round token with a
/// ring, Black a hexagon with a dot, so they differ by shape as well as by colour.
fn draw_piece(c: &mut Canvas, side: Side, look: SideLook, x: f32, y: f32, r: f32, alpha: f32) {
    c.fill_circle(x, y + r * 0.12, r * 1.04, theme::GRID, 0.45 * alpha);
    let width = (r * 0.11).max(1.5);
    match side {
        Side::White => {
            c.fill_circle(x, y, r, look.face, alpha);
            c.stroke_circle(x, y, r, look.edge, alpha, width);
            c.stroke_circle(x, y, r * 0.48, look.mark, alpha, width);
        }
        Side::Black => {
            if let Some(path) = kit::regular_polygon(x, y, r * 1.1, 6, -PI / 2.0) {
                c.fill(&path, look.face, alpha);
                c.stroke(&path, look.edge, alpha, width);
            }
            c.fill_circle(x, y, r * 0.24, look.mark, alpha);
        }
    }
}

fn name_of(lang: crate::words::Lang, scene: &Scene, side: Side) -> String {
    scene.name_or(side.seat(), || side_name(lang, side))
}

/// "White", "Blancs".
/// White and Black, by seat.
const SIDES: [SideLook; 2] = [SideLook::WHITE, SideLook::BLACK];

/// How `side`'s pieces look in `scene` (a set its player wears, or the side's own).
fn look(scene: &Scene, side: Side) -> SideLook {
    scene.side(side.seat(), &SIDES)
}

fn side_name(lang: crate::words::Lang, side: Side) -> String {
    super::side_name(lang, &SIDES, side.seat())
}

/// The last move, resolved against the position before it when that is known. A last move
/// that is not legal there, or does not lead to the position shown, is refused: a board
/// must never show a move that did not happen.
fn resolve_last(game: &Dejarik, pos: &Position, last: &LastMove) -> Result<Highlight, RenderError> {
    let Some(before_text) = last.before.as_deref() else {
        return Ok(match last.action(game, pos)? {
            Action::Move { from, to } => Highlight::Ends(from, to),
            Action::Pass => Highlight::Pass,
        });
    };
    let before = game.parse_state(before_text)?;
    let action = last.action(game, &before)?;
    let after = game.apply(&before, &action)?;
    if after != *pos {
        return Err(RenderError::Unsupported(format!(
            "the last move {} from {} leads to {}, not to the position shown",
            last.action,
            game.format_state(&before),
            game.format_state(&after)
        )));
    }
    Ok(match action {
        Action::Move { from, to } => Highlight::Full(game.resolve(&before, from, to)?, before),
        Action::Pass => Highlight::Pass,
    })
}

enum Highlight {
    None,
    Pass,
    /// Only the notation is known: mark both ends and join them.
    Ends(Cell, Cell),
    /// The move resolved against the position before it.
    Full(Resolved, Position),
}

/// The points the piece travelled through, for the arrow.
fn route(mv: &Resolved) -> Vec<(f32, f32)> {
    let mut points = vec![cell_center(mv.from)];
    if mv.kind == MoveKind::DoubleDiagonalExit {
        // DJ-3.5 goes through the diagonal cell that gives access to the landing cell.
        if let (Zone::Outer(k), Zone::Inner(j)) = (mv.from.zone(), mv.stops()[0].zone()) {
            let d = if (j as i32 - k as i32).rem_euclid(12) == 2 {
                1
            } else {
                -1
            };
            points.push(cell_center(Cell::inner(k as i32 + d)));
        }
    }
    points.extend(mv.stops().iter().map(|&c| cell_center(c)));
    points
}

/// Shortens the last segment so the arrowhead stops at the edge of the piece there.
fn stop_short(points: &mut [(f32, f32)], by: f32) {
    let n = points.len();
    if n < 2 {
        return;
    }
    let (x0, y0) = points[n - 2];
    let (x1, y1) = points[n - 1];
    let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
    if len > by * 1.5 {
        points[n - 1] = (x1 - (x1 - x0) / len * by, y1 - (y1 - y0) / len * by);
    }
}

/// The bounds of `path` widened by `margin` (for its stroke), for [`Canvas::cached`].
fn around(path: &tiny_skia::Path, margin: f32) -> [f32; 4] {
    let b = path.bounds();
    [
        b.left() - margin,
        b.top() - margin,
        b.right() + margin,
        b.bottom() + margin,
    ]
}

/// Draws a position with its scene.
pub fn draw(
    lang: crate::words::Lang,
    game: &Dejarik,
    pos: &Position,
    scene: &Scene,
    scale: f32,
) -> Result<Canvas, RenderError> {
    let highlight = match &scene.last_move {
        Some(last) => resolve_last(game, pos, last)?,
        None => Highlight::None,
    };
    let mut c = Canvas::over(&static_layer(scale), scale);

    let victim = victim_of(&highlight);
    mark_last_cells(&mut c, &highlight, victim.map(|(cell, _)| cell));
    for side in [Side::White, Side::Black] {
        for cell in pos.pieces(side) {
            let (x, y) = cell_center(cell);
            piece(&mut c, side, look(scene, side), x, y, PIECE, 1.0);
        }
    }
    mark_last_move(&mut c, scene, &highlight, victim);
    draw_header(lang, &mut c, game, pos, scene);
    draw_footer(lang, &mut c, game, pos, scene, &highlight);
    Ok(c)
}

/// The piece the last move killed, where it stood and whose it was.
fn victim_of(highlight: &Highlight) -> Option<(Cell, Side)> {
    match highlight {
        Highlight::Full(mv, before) => mv
            .killed
            .and_then(|cell| before.at(cell).map(|side| (cell, side))),
        _ => None,
    }
}

/// Under the pieces: the last move's cells (dashed where it started, full where it ended)
/// and a tint where its victim stood.
fn mark_last_cells(c: &mut Canvas, highlight: &Highlight, victim: Option<Cell>) {
    let ends = match highlight {
        Highlight::Full(mv, _) => Some((mv.from, mv.to)),
        Highlight::Ends(from, to) => Some((*from, *to)),
        _ => None,
    };
    if let Some((from, to)) = ends {
        if let Some(path) = cell_path(from) {
            c.cached(&format!("dejarik/from/{from:?}"), around(&path, 3.0), |c| {
                c.fill(&path, theme::HIGHLIGHT, 0.22);
                c.stroke_dashed(&path, theme::HIGHLIGHT, 2.5, 7.0);
            });
        }
        if let Some(path) = cell_path(to) {
            c.cached(&format!("dejarik/to/{to:?}"), around(&path, 3.0), |c| {
                c.fill(&path, theme::HIGHLIGHT, 0.30);
                c.stroke(&path, theme::HIGHLIGHT, 1.0, 3.5);
            });
        }
    }
    if let Some((cell, path)) = victim.and_then(|cell| Some((cell, cell_path(cell)?))) {
        c.cached(
            &format!("dejarik/victim/{cell:?}"),
            around(&path, 1.0),
            |c| {
                c.fill(&path, theme::DANGER, 0.25);
            },
        );
    }
}

/// Over the pieces: the victim faded under a cross, and the move's arrow.
fn mark_last_move(
    c: &mut Canvas,
    scene: &Scene,
    highlight: &Highlight,
    victim: Option<(Cell, Side)>,
) {
    if let Some((cell, side)) = victim {
        let (x, y) = cell_center(cell);
        piece(c, side, look(scene, side), x, y, PIECE, 0.4);
        let reach = PIECE * 0.62 + 5.0;
        let bounds = [x - reach, y - reach, x + reach, y + reach];
        c.cached(&format!("dejarik/cross/{cell:?}"), bounds, |c| {
            c.cross(x, y, PIECE * 0.62, theme::DANGER, 5.0);
        });
    }
    let arrow = match highlight {
        Highlight::Full(mv, _) => Some(route(mv)),
        Highlight::Ends(from, to) => Some(vec![cell_center(*from), cell_center(*to)]),
        _ => None,
    };
    if let Some(mut points) = arrow {
        stop_short(&mut points, PIECE + 4.0);
        c.arrow(&points, theme::HIGHLIGHT, 5.0);
    }
}

fn draw_header(
    lang: crate::words::Lang,
    c: &mut Canvas,
    game: &Dejarik,
    pos: &Position,
    scene: &Scene,
) {
    // Some(winner seat or None for a draw) once the game is over.
    let winner = match game.status(pos) {
        Status::Over(outcome) => Some(outcome.winner()),
        _ => scene.result.as_ref().map(|_| None),
    };
    for side in [Side::White, Side::Black] {
        let name = scene.plate(side.seat(), &name_of(lang, scene, side), 22.0, 200.0);
        let width = kit::text_width(&name, 22.0);
        let (icon_x, text_x, align, pill_x) = match side {
            Side::White => (34.0, 58.0, Align::Left, 12.0),
            Side::Black => (
                WIDTH - 34.0,
                WIDTH - 58.0,
                Align::Right,
                WIDTH - 12.0 - (width + 60.0),
            ),
        };
        // The pill marks the player to move, or the winner once the game is over.
        let pill = match &winner {
            Some(winner) => (*winner == Some(side.seat())).then_some(theme::HIGHLIGHT),
            None => (pos.to_move() == side).then_some(theme::ACCENT),
        };
        if let Some(colour) = pill {
            if let Some(path) = kit::rounded_rect(pill_x, 10.0, width + 60.0, 44.0, 22.0) {
                c.fill(&path, colour, 0.16);
                c.stroke(&path, colour, 1.0, 2.0);
            }
        }
        piece(c, side, look(scene, side), icon_x, 32.0, 13.0, 1.0);
        c.text(&name, text_x, 40.0, 22.0, theme::TEXT, align);
    }
    c.text("DEJARIK", CX, 38.0, 13.0, theme::TEXT_DIM, Align::Center);
}

fn draw_footer(
    lang: crate::words::Lang,
    c: &mut Canvas,
    game: &Dejarik,
    pos: &Position,
    scene: &Scene,
    highlight: &Highlight,
) {
    let top = HEIGHT - 72.0;
    // The main line: the result, or whose turn it is.
    let status = game.status(pos);
    let ending = super::ending_line(lang, &status, scene, |seat| {
        name_of(lang, scene, Side::from_seat(seat).unwrap_or(Side::White))
    });
    let (line, colour) = match ending {
        Some(line) => (line, theme::HIGHLIGHT),
        None => {
            let side = pos.to_move();
            (
                t!(
                    lang,
                    "board-dj-to-move",
                    who = name_of(lang, scene, side),
                    side = side_name(lang, side)
                ),
                theme::TEXT,
            )
        }
    };
    let line = kit::fit_text(&line, 21.0, WIDTH - 150.0);
    c.text(&line, CX, top + 30.0, 21.0, colour, Align::Center);

    // Second line: last move and series score.
    let details = footer_details(lang, scene, highlight);
    if !details.is_empty() {
        let text = kit::fit_text(&details.join("   ·   "), 15.0, WIDTH - 150.0);
        c.text(&text, CX, top + 56.0, 15.0, theme::TEXT_DIM, Align::Center);
    }
    for side in [Side::White, Side::Black] {
        draw_lost(lang, c, pos, scene, side, top);
    }
}

/// The footer's second line, in parts: the last move, what it augmented and killed, and
/// the series score.
fn footer_details(lang: crate::words::Lang, scene: &Scene, highlight: &Highlight) -> Vec<String> {
    let mut details = Vec::new();
    match highlight {
        Highlight::Full(mv, _) => {
            let mv_text = format!("{}-{}", format_cell(mv.from), format_cell(mv.to));
            let mut text = t!(lang, "board-last", action = mv_text);
            if mv.augmentations() > 0 {
                text.push(' ');
                text.push_str(&t!(
                    lang,
                    "board-dj-augmentations",
                    count = mv.augmentations()
                ));
            }
            if let Some(cell) = mv.killed {
                text.push_str(&t!(lang, "board-dj-kills", cell = format_cell(cell)));
            }
            details.push(text);
        }
        Highlight::Ends(from, to) => {
            let mv_text = format!("{}-{}", format_cell(*from), format_cell(*to));
            details.push(t!(lang, "board-last", action = mv_text))
        }
        Highlight::Pass => details.push(t!(lang, "board-last", action = "pass")),
        Highlight::None => {}
    }
    if let Some(series) = &scene.series {
        let score = crate::games::score_line(&series.points);
        details.push(t!(
            lang,
            "board-series",
            target = series.target,
            score = &score
        ));
    }
    details
}

/// The pieces `side` has lost (four at most), crossed out in its own corner of the footer.
fn draw_lost(
    lang: crate::words::Lang,
    c: &mut Canvas,
    pos: &Position,
    scene: &Scene,
    side: Side,
    top: f32,
) {
    let lost = pos.lost(side).min(4);
    if lost == 0 {
        return;
    }
    let y = top + 30.0;
    let step = 26.0;
    let (first, dir, caption_x, align) = match side {
        Side::White => (24.0, 1.0, 24.0 - 12.0, Align::Left),
        Side::Black => (WIDTH - 24.0, -1.0, WIDTH - 12.0, Align::Right),
    };
    for i in 0..lost {
        let x = first + dir * i as f32 * step;
        piece(c, side, look(scene, side), x, y, 10.0, 0.55);
        c.cross(x, y, 7.0, theme::DANGER, 3.0);
    }
    c.text(
        &t!(lang, "board-lost"),
        caption_x,
        top + 60.0,
        13.0,
        theme::TEXT_DIM,
        align,
    );
}

/// The palette Dejarik boards are encoded with, learnt once from boards that show every
/// colour a board can show.
pub fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(|| dressed(&Scene::default()))
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
    let game = Dejarik::default();
    let scene = |before: &str, action: &str| Scene {
        names: vec!["Chewbacca".into(), "R2-D2".into()],
        last_move: Some(LastMove {
            action: action.into(),
            before: Some(before.into()),
            chosen: None,
        }),
        sets: dress.sets.clone(),
        ..Scene::default()
    };
    let before = "o3,o8,o9,o10/i5,o12,o1,C/w:-";
    let after = game
        .parse_state("i4,o8,o9,o10/C,o1,o12/b:-")
        .expect("sample position");
    let start = Position::start(Side::White);
    let sample = |pos: &Position, scene: &Scene| {
        draw(lang, &game, pos, scene, 1.0).expect("the sample boards are consistent")
    };
    let a = sample(&after, &scene(before, "o3-i4"));
    let plain = Scene {
        sets: dress.sets.clone(),
        ..Scene::default()
    };
    let b = sample(&start, &plain);
    let finished = game
        .parse_state("i1,i2,i3,i4/o7,o8,o9,o10/b:-")
        .expect("sample position");
    let c = sample(&finished, &scene("i1,i2,i3,o4/o7,o8,o9,o10/w:-", "o4-i4"));
    vec![a, b, c]
}

/// The Dejarik board of the catalogue.
pub static BOARD: super::Drawn<Dejarik> = super::Drawn {
    draw,
    palette,
    dressed,
    surfaces: &[
        OUTER_CELLS[0],
        OUTER_CELLS[1],
        INNER_CELLS[0],
        INNER_CELLS[1],
        CENTRE_CELL,
    ],
    layers: |_, _| layers(),
    sides: &SIDES,
    spots: Some(spots),
};
