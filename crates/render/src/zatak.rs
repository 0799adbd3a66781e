//! Zatak's hexagonal board (ZK-1): 37 flat-topped cells with their names, the dice with their
//! pips (White's square, Red's with cut corners, so the sides differ by shape as well as
//! colour), obstacles, the dice each side has taken, the last move's whole path with its
//! captures and turns, whose turn.

use std::sync::{LazyLock, OnceLock};

use tiny_skia::Pixmap;

use super::encode::{Palette, StaticLayers};
use super::kit::{self, theme, Align, Canvas, Rgb};
use super::{LastMove, RenderError, Scene, SideLook};
use crate::games::zatak::{Action, Cell, Phase, Position, Side, Zatak};
use crate::games::{Game, Status};
use crate::t;

pub const WIDTH: f32 = 720.0;
pub const HEIGHT: f32 = 720.0;
const HEADER: f32 = 60.0;
const FOOTER: f32 = 72.0;
/// A cell's circumradius.
const R: f32 = 45.0;
const CX: f32 = WIDTH / 2.0;
const H: f32 = 0.866_025_4 * R;
/// The centre of `d1`'s row: the board's bottom, above the footer.
const BOTTOM: f32 = HEIGHT - FOOTER - 24.0 - H;
const DIE: f32 = 48.0;

const CELL: [Rgb; 3] = [Rgb::hex(0x33465e), Rgb::hex(0x2b3c52), Rgb::hex(0x3b5069)];
const ZONE_WHITE: Rgb = Rgb::hex(0x4a5a44);
const ZONE_RED: Rgb = Rgb::hex(0x5e3f42);
const RED_FACE: Rgb = Rgb::hex(0xc0392b);
const RED_EDGE: Rgb = Rgb::hex(0x5a140e);

/// The centre of a cell on the board (ZK-1.6 coordinates: x = file − 4, h = 2(r−1) + |x|).
pub fn cell_center(cell: Cell) -> (f32, f32) {
    let (file, rank) = cell.coords();
    let x = (file - 4) as f32;
    let h = (2 * (rank - 1) + (file - 4).abs()) as f32;
    (CX + x * 1.5 * R, BOTTOM - h * H)
}

/// Every cell by its name (`d4`): what a move is touched on, the die, then where it stops.
fn spots(_game: &Zatak, _pos: &Position) -> crate::spots::Spots {
    use crate::spots::{Outline, Spot};
    let spots = Cell::all()
        .map(|cell| {
            let (x, y) = cell_center(cell);
            let corners = (0..6)
                .map(|k| {
                    let a = (k as f32 * 60.0).to_radians();
                    (x + R * a.cos(), y + R * a.sin())
                })
                .collect();
            Spot {
                key: cell.name(),
                outline: Outline::Polygon(corners),
            }
        })
        .collect();
    crate::spots::Spots {
        width: WIDTH,
        height: HEIGHT,
        spots,
    }
}

fn hexagon(x: f32, y: f32, r: f32) -> Option<tiny_skia::Path> {
    kit::regular_polygon(x, y, r, 6, 0.0)
}

fn layers() -> &'static StaticLayers {
    static LAYERS: LazyLock<StaticLayers> =
        LazyLock::new(|| StaticLayers::new(draw_static, palette, || samples(&Scene::default())));
    &LAYERS
}

fn draw_static(scale: f32) -> Pixmap {
    let mut c = Canvas::new(WIDTH, HEIGHT, scale);
    c.clear(theme::BACKGROUND);
    c.fill_rect(0.0, 0.0, WIDTH, HEADER, theme::PANEL, 1.0);
    c.fill_rect(0.0, HEIGHT - FOOTER, WIDTH, FOOTER, theme::PANEL, 1.0);
    let zones = (Side::White.zone(), Side::Red.zone());
    for cell in Cell::all() {
        let (x, y) = cell_center(cell);
        let (file, rank) = cell.coords();
        let colour = if zones.0.contains(&cell) {
            ZONE_WHITE
        } else if zones.1.contains(&cell) {
            ZONE_RED
        } else {
            CELL[((file + rank) % 3) as usize]
        };
        if let Some(path) = hexagon(x, y, R - 1.5) {
            c.fill(&path, colour, 1.0);
            c.stroke(&path, theme::GRID, 1.0, 2.0);
        }
        c.text(
            &cell.name(),
            x,
            y + R * 0.72,
            11.0,
            theme::TEXT_DIM,
            Align::Center,
        );
    }
    c.pixmap
}

/// The palette Zatak boards are encoded with, learnt once from sample boards.
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
    let game = Zatak::default();
    let scene = Scene {
        names: vec!["Chewbacca".into(), "R2-D2".into()],
        sets: dress.sets.clone(),
        ..Scene::default()
    };
    let start = game
        .parse_state("b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/b5=6,c6=3,d6=5,d7=1,e6=2,f5=4/c4/w/play")
        .expect("a sample position");
    let before = game
        .parse_state("c4=3,d4=2/a4=5,b5=6,d5=1/-/w/play")
        .expect("a sample position");
    let last = Scene {
        last_move: Some(LastMove {
            action: "d4-xd5-c5".into(),
            before: Some(game.format_state(&before)),
            chosen: None,
        }),
        ..scene.clone()
    };
    let after = game
        .apply(
            &before,
            &game.parse_action(&before, "d4-xd5-c5").expect("legal"),
        )
        .expect("legal");
    let a = draw(lang, &game, &start, &scene, 1.0).expect("a sample board");
    let b = draw(lang, &game, &after, &last, 1.0).expect("a sample board");
    vec![a, b]
}

/// A die: White's a rounded square, Red's an octagon (a square with cut corners).
fn die(c: &mut Canvas, side: Side, look: SideLook, x: f32, y: f32, size: f32, face: Option<u8>) {
    let key = format!("zatak/die/{side:?}/{}/{size}/{face:?}", look.key());
    c.stamp_drawn(&key, size * 1.4, (x, y), |s, cx, cy| {
        draw_die(s, side, look, cx, cy, size, face)
    });
}

/// Draws a die of `side` (see [`die`]).
fn draw_die(
    c: &mut Canvas,
    side: Side,
    look: SideLook,
    x: f32,
    y: f32,
    size: f32,
    face: Option<u8>,
) {
    let half = size / 2.0;
    let SideLook {
        face: fill,
        edge,
        mark: pip,
        ..
    } = look;
    let shape = match side {
        Side::White => kit::rounded_rect(x - half, y - half, size, size, size * 0.18),
        Side::Red => kit::regular_polygon(x, y, half * 1.08, 8, std::f32::consts::PI / 8.0),
    };
    if let Some(path) = shape {
        c.fill(&path, fill, 1.0);
        c.stroke(&path, edge, 1.0, 2.0);
    }
    if let Some(face) = face {
        for (px, py) in kit::die_pips(x - half, y - half, size, face) {
            c.fill_circle(px, py, size * 0.085, pip, 1.0);
        }
    }
}

/// The square around a cell's centre that holds whatever is drawn on the cell (a hexagon
/// of radius `r`, its stroke, a cross), for [`Canvas::cached`].
fn around(x: f32, y: f32, r: f32) -> [f32; 4] {
    let reach = r + 4.0;
    [x - reach, y - reach, x + reach, y + reach]
}

/// The last move: its path through every listed cell (straight between them, ZK-8.2) and
/// the cells it captured, when it is a move of the position before.
fn last_path(game: &Zatak, last: &LastMove) -> Option<(Vec<Cell>, Vec<Cell>, Side)> {
    let before = game.parse_state(last.before.as_deref()?).ok()?;
    match last.action(game, &before).ok()? {
        Action::Move(path) => {
            let mut cells = vec![path.from];
            cells.extend(path.captures.iter().copied());
            if path.captures.last() != Some(&path.to) {
                cells.push(path.to);
            }
            Some((cells, path.captures, before.to_move))
        }
        Action::Adjust(cell, _) => Some((vec![cell], Vec::new(), before.to_move)),
        _ => None,
    }
}

fn name_of(lang: crate::words::Lang, scene: &Scene, side: Side) -> String {
    scene.name_or(side.seat(), || side_name(lang, side))
}

/// White and Red, by seat.
const SIDES: [SideLook; 2] = [
    SideLook {
        mark: theme::LIGHT_EDGE,
        ..SideLook::WHITE
    },
    SideLook {
        name: "side-red",
        face: RED_FACE,
        edge: RED_EDGE,
        mark: theme::TEXT,
    },
];

/// How `side`'s dice look in `scene` (a set its player wears, or the side's own).
fn look(scene: &Scene, side: Side) -> SideLook {
    scene.side(side.seat(), &SIDES)
}

fn side_name(lang: crate::words::Lang, side: Side) -> String {
    super::side_name(lang, &SIDES, side.seat())
}

/// Draws a position with its scene.
pub fn draw(
    lang: crate::words::Lang,
    game: &Zatak,
    pos: &Position,
    scene: &Scene,
    scale: f32,
) -> Result<Canvas, RenderError> {
    let mut c = Canvas::over(&layers().pixmap(scale), scale);
    for cell in Cell::all().filter(|&cell| pos.is_obstacle(cell)) {
        let (x, y) = cell_center(cell);
        c.cached(&format!("zatak/obstacle/{cell:?}"), around(x, y, R), |c| {
            if let Some(path) = hexagon(x, y, R * 0.62) {
                c.fill(&path, theme::GRID, 1.0);
            }
            c.cross(x, y, R * 0.3, theme::TEXT_DIM, 3.0);
        });
    }
    let last = scene.last_move.as_ref().and_then(|l| last_path(game, l));
    if let Some((_, captures, _)) = &last {
        for &cell in captures {
            let (x, y) = cell_center(cell);
            c.cached(&format!("zatak/captured/{cell:?}"), around(x, y, R), |c| {
                if let Some(path) = hexagon(x, y, R - 3.0) {
                    c.stroke(&path, theme::DANGER, 1.0, 3.0);
                }
                c.cross(x, y - 3.0, R * 0.38, theme::DANGER, 4.0);
            });
        }
    }
    if let Some((cells, _, _)) = &last {
        for &cell in [cells.first(), cells.last()].into_iter().flatten() {
            let (x, y) = cell_center(cell);
            c.cached(&format!("zatak/end/{cell:?}"), around(x, y, R), |c| {
                if let Some(path) = hexagon(x, y, R - 3.0) {
                    c.stroke(&path, theme::HIGHLIGHT, 1.0, 3.0);
                }
            });
        }
    }
    for cell in Cell::all() {
        if let Some((side, face)) = pos.dice[cell.0 as usize] {
            let (x, y) = cell_center(cell);
            die(&mut c, side, look(scene, side), x, y - 3.0, DIE, Some(face));
        }
    }
    if let Some((cells, _, _)) = &last {
        let mut points: Vec<(f32, f32)> = cells.iter().map(|&c| cell_center(c)).collect();
        if points.len() > 1 {
            // The tip stops at the edge of the die that arrived, so that its pips stay
            // readable.
            let n = points.len();
            let ((fx, fy), (tx, ty)) = (points[n - 2], points[n - 1]);
            let length = (tx - fx).hypot(ty - fy);
            let back = DIE * 0.62;
            if length > back * 1.5 {
                points[n - 1] = (
                    tx - (tx - fx) / length * back,
                    ty - (ty - fy) / length * back,
                );
            }
            c.arrow(&points, theme::HIGHLIGHT, 4.0);
        }
    }
    draw_taken(lang, &mut c, pos, scene);
    draw_footer(lang, &mut c, game, pos, scene);
    Ok(c)
}

/// The header: each player's name with the dice it has taken from the other side.
/// The side to move shows a pip on its die.
fn draw_taken(lang: crate::words::Lang, c: &mut Canvas, pos: &Position, scene: &Scene) {
    for (side, align, edge) in [
        (Side::White, Align::Left, 16.0),
        (Side::Red, Align::Right, WIDTH - 16.0),
    ] {
        // The player's own die marks whose name it is.
        let (icon, x) = match align {
            Align::Right => (edge - 12.0, edge - 32.0),
            _ => (edge + 12.0, edge + 32.0),
        };
        let pip = (pos.to_move == side).then_some(1);
        die(c, side, look(scene, side), icon, 31.0, 22.0, pip);
        let name = scene.plate(side.seat(), &name_of(lang, scene, side), 20.0, 200.0);
        let width = c.text(&name, x, 38.0, 20.0, theme::TEXT, align);
        // Dice not yet set up are not taken.
        let taken = match pos.phase {
            Phase::Play => pos.captured_by(side),
            Phase::Setup => 0,
        };
        let start = match align {
            Align::Right => x - width - 20.0 - 24.0 * taken.saturating_sub(1) as f32,
            _ => x + width + 20.0,
        };
        for k in 0..taken {
            die(
                c,
                side.other(),
                look(scene, side.other()),
                start + 24.0 * k as f32,
                31.0,
                18.0,
                None,
            );
        }
    }
}

fn draw_footer(
    lang: crate::words::Lang,
    c: &mut Canvas,
    game: &Zatak,
    pos: &Position,
    scene: &Scene,
) {
    let top = HEIGHT - FOOTER;
    let status = game.status(pos);
    let ending = super::ending_line(lang, &status, scene, |seat| {
        name_of(lang, scene, if seat == 0 { Side::White } else { Side::Red })
    });
    let (line, colour) = match (ending, status) {
        (Some(line), _) => (line, theme::HIGHLIGHT),
        (None, Status::Chance) => (t!(lang, "board-zk-drawing"), theme::TEXT),
        (None, Status::ToMove(_)) if pos.phase == Phase::Setup => (
            t!(
                lang,
                "board-zk-set-up",
                who = name_of(lang, scene, pos.to_move)
            ),
            theme::TEXT,
        ),
        (None, _) => (
            t!(
                lang,
                "board-dj-to-move",
                who = name_of(lang, scene, pos.to_move),
                side = side_name(lang, pos.to_move)
            ),
            theme::TEXT,
        ),
    };
    let line = kit::fit_text(&line, 21.0, WIDTH - 40.0);
    c.text(&line, WIDTH / 2.0, top + 30.0, 21.0, colour, Align::Center);
    if let Some(last) = &scene.last_move {
        let text = kit::fit_text(
            &t!(lang, "board-last", action = &last.action),
            15.0,
            WIDTH - 40.0,
        );
        c.text(
            &text,
            WIDTH / 2.0,
            top + 56.0,
            15.0,
            theme::TEXT_DIM,
            Align::Center,
        );
    }
}

/// The Zatak board of the catalogue.
pub static BOARD: super::Drawn<Zatak> = super::Drawn {
    draw,
    palette,
    dressed,
    surfaces: &[CELL[0], CELL[1], CELL[2], ZONE_WHITE, ZONE_RED],
    layers: |_, _| layers(),
    sides: &SIDES,
    spots: Some(spots),
};

#[cfg(test)]
mod spot_tests {
    use super::*;

    #[test]
    fn each_cells_spot_holds_its_die_and_no_other_cells() {
        let game = Zatak::default();
        let pos = crate::games::Game::new_game(&game, 2).unwrap();
        let all = spots(&game, &pos).spots;
        assert_eq!(all.len(), crate::games::zatak::board::CELLS);
        for cell in Cell::all() {
            let holding: Vec<String> = all
                .iter()
                .filter(|s| s.outline.contains(cell_center(cell)))
                .map(|s| s.key.clone())
                .collect();
            assert_eq!(holding, [cell.name()]);
        }
    }
}
