//! The Halloween Kingdoms board (KG-1): the 9 × 9 grid with thick borders between its nine
//! kingdoms and their numbers, coordinates, each piece as its icon on its side's token,
//! both reserves beside the board with the kingdoms each player holds, threatened pieces
//! ringed (dashed while a Ghost is in grace), the last action, whose turn.

pub mod icons;

use std::sync::{LazyLock, OnceLock};

use tiny_skia::Pixmap;

use super::encode::{Palette, StaticLayers};
use super::kit::{self, theme, Align, Canvas, Rgb};
use super::{LastMove, RenderError, Scene, SideLook};
use crate::games::kingdoms::{threats, Action, Cell, Kind, Kingdoms, Position, Side};
use crate::games::Game;
use crate::t;

pub const WIDTH: f32 = 920.0;
pub const HEIGHT: f32 = 760.0;
const HEADER: f32 = 56.0;
const FOOTER: f32 = 70.0;
/// A cell's side.
const S: f32 = 64.0;
/// The board's top left corner.
const BX: f32 = 172.0;
const BY: f32 = 76.0;
const PIECE: f32 = 25.0;
const PANEL_W: f32 = 140.0;
/// The last action's colour: the theme's amber is too near Orange's pieces here.
pub const LAST: Rgb = theme::ACCENT;

const CELL: [[Rgb; 2]; 2] = [
    [Rgb::hex(0x36455e), Rgb::hex(0x3d4d68)],
    [Rgb::hex(0x28344a), Rgb::hex(0x2e3b52)],
];

/// The top left corner of a cell.
fn corner(cell: Cell) -> (f32, f32) {
    (
        BX + cell.file() as f32 * S,
        BY + (8 - cell.rank0()) as f32 * S,
    )
}

/// The centre of a cell on the board, in design units.
pub fn centre(cell: Cell) -> (f32, f32) {
    let (x, y) = corner(cell);
    (x + S / 2.0, y + S / 2.0)
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
    for x in [14.0, WIDTH - 14.0 - PANEL_W] {
        if let Some(panel) = kit::rounded_rect(x, BY, PANEL_W, 9.0 * S, 12.0) {
            c.fill(&panel, theme::PANEL, 1.0);
        }
    }
    for cell in Cell::all() {
        let (x, y) = corner(cell);
        let kingdom_shade = (cell.kingdom() % 2) as usize;
        let cell_shade = ((cell.file() + cell.rank0()) % 2) as usize;
        c.fill_rect(x, y, S, S, CELL[kingdom_shade][cell_shade], 1.0);
    }
    let end = 9.0 * S;
    for i in 0..=9 {
        let at = i as f32 * S;
        let (colour, width) = if i % 3 == 0 {
            (theme::GRID, 5.0)
        } else {
            (Rgb::hex(0x1d2637), 1.5)
        };
        c.line(&[(BX + at, BY), (BX + at, BY + end)], colour, width);
        c.line(&[(BX, BY + at), (BX + end, BY + at)], colour, width);
    }
    for k in 1..=9u8 {
        kingdom_label(&mut c, k);
    }
    for i in 0..9 {
        let file = char::from(b'a' + i as u8).to_string();
        let x = BX + (i as f32 + 0.5) * S;
        c.text(
            &file,
            x,
            BY + end + 20.0,
            15.0,
            theme::TEXT_DIM,
            Align::Center,
        );
        let rank = (9 - i).to_string();
        let y = BY + (i as f32 + 0.5) * S + 5.0;
        c.text(&rank, BX - 12.0, y, 15.0, theme::TEXT_DIM, Align::Center);
        c.text(
            &rank,
            BX + end + 12.0,
            y,
            15.0,
            theme::TEXT_DIM,
            Align::Center,
        );
    }
    c.pixmap
}

/// The palette Halloween Kingdoms boards are encoded with, learnt once from sample boards.
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
    let game = Kingdoms::default();
    let scene = Scene {
        names: vec!["Chewbacca".into(), "R2-D2".into()],
        sets: dress.sets.clone(),
        ..Scene::default()
    };
    let before = game
        .parse_state("9/7P1/6g2/5a3/4W4/9/9/9/9 GGGWCCBBAAggwwccbbpa o -/-")
        .expect("a sample position");
    let last = Scene {
        last_move: Some(LastMove {
            action: "e5-g5".into(),
            before: Some(game.format_state(&before)),
            chosen: None,
        }),
        ..scene.clone()
    };
    let after = crate::games::kingdoms::play(&before, &Action::Move(cell("e5"), cell("g5")));
    let full = game
        .parse_state("9/9/2GWCBP2/2gwcbpa1/2AGGWC2/2ggwcba1/4BA3/9/9 - o -/-")
        .expect("a sample position");
    let a = draw(lang, &game, &before, &scene, 1.0).expect("a sample board");
    let b = draw(lang, &game, &after, &last, 1.0).expect("a sample board");
    let d = draw(lang, &game, &full, &scene, 1.0).expect("a sample board");
    vec![a, b, d]
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap_or(Cell(0))
}

/// Orange and Purple, by seat.
const SIDES: [SideLook; 2] = [
    SideLook {
        name: "side-orange",
        face: icons::ORANGE,
        edge: icons::ORANGE_EDGE,
        mark: icons::ORANGE_ICON,
    },
    SideLook {
        name: "side-purple",
        face: icons::PURPLE,
        edge: icons::PURPLE_EDGE,
        mark: icons::PURPLE_ICON,
    },
];

/// How `side`'s pieces look in `scene` (a set its player wears, or the side's own).
fn look(scene: &Scene, side: Side) -> SideLook {
    scene.side(side.seat(), &SIDES)
}

fn side_name(lang: crate::words::Lang, side: Side) -> String {
    super::side_name(lang, &SIDES, side.seat())
}

fn name_of(lang: crate::words::Lang, scene: &Scene, side: Side) -> String {
    scene.name_or(side.seat(), || side_name(lang, side))
}

/// The cells of the last action: where it started (for a move) and where it ended.
fn last_cells(game: &Kingdoms, last: &LastMove) -> Option<(Option<Cell>, Cell)> {
    let before = game.parse_state(last.before.as_deref()?).ok()?;
    match last.action(game, &before).ok()? {
        Action::Move(from, to) => Some((Some(from), to)),
        Action::Place(_, to) => Some((None, to)),
        Action::Pass => None,
    }
}

/// Draws a position with its scene.
/// The top-left cell of kingdom `k` (1–9, as a phone keypad), where its label sits.
fn label_cell(k: u8) -> Cell {
    Cell::at(3 * ((k as i8 - 1) % 3), 8 - 3 * ((k as i8 - 1) / 3)).unwrap_or(Cell(0))
}

fn kingdom_label(c: &mut Canvas, k: u8) {
    let (x, y) = corner(label_cell(k));
    c.text(
        &format!("K{k}"),
        x + 6.0,
        y + 14.0,
        11.0,
        theme::TEXT_DIM,
        Align::Left,
    );
}

pub fn draw(
    lang: crate::words::Lang,
    game: &Kingdoms,
    pos: &Position,
    scene: &Scene,
    scale: f32,
) -> Result<Canvas, RenderError> {
    let mut c = Canvas::over(&layers().pixmap(scale), scale);
    let last = scene.last_move.as_ref().and_then(|l| last_cells(game, l));
    if let Some((from, to)) = last {
        for cell in from.into_iter().chain([to]) {
            let (x, y) = corner(cell);
            let bounds = [x, y, x + S, y + S];
            c.cached(&format!("kingdoms/last/{cell:?}"), bounds, |c| {
                c.fill_rect(x + 2.0, y + 2.0, S - 4.0, S - 4.0, LAST, 0.2);
                if let Some(frame) = kit::rounded_rect(x + 3.0, y + 3.0, S - 6.0, S - 6.0, 6.0) {
                    c.stroke(&frame, LAST, 1.0, 3.0);
                }
            });
        }
        if let Some(from) = from {
            c.arrow(&[centre(from), centre(to)], LAST, 4.0);
        }
    }
    for cell in Cell::all() {
        if let Some((side, kind)) = pos.at(cell) {
            let (x, y) = centre(cell);
            icons::piece(&mut c, side, look(scene, side), kind, x, y, PIECE, 1.0);
        }
    }
    // A kingdom's label sits in its top-left cell: over a piece there, on a backing so that
    // both stay readable.
    for k in 1..=9u8 {
        if pos.at(label_cell(k)).is_some() {
            let (x, y) = corner(label_cell(k));
            if let Some(back) = kit::rounded_rect(x + 3.0, y + 3.0, 22.0, 14.0, 4.0) {
                c.fill(&back, theme::GRID, 0.9);
            }
            kingdom_label(&mut c, k);
        }
    }
    draw_threats(&mut c, pos);
    draw_header(lang, &mut c, pos, scene);
    for side in Side::BOTH {
        draw_panel(lang, &mut c, pos, side, look(scene, side));
    }
    draw_footer(lang, &mut c, game, pos, scene);
    Ok(c)
}

/// KG-6.2: a red ring round every threatened piece, dashed while a Ghost is in grace
/// (KG-6.5), with a mark at its corner.
fn draw_threats(c: &mut Canvas, pos: &Position) {
    for side in Side::BOTH {
        let binding = threats::binding(pos, side);
        for t in threats::threatened(pos, side) {
            let (x, y) = centre(t.cell);
            let bound = binding.contains(&t);
            let reach = PIECE + 8.0;
            let bounds = [
                x - reach,
                (y - reach).min(y - S * 0.34 - 10.0),
                (x + reach).max(x + S * 0.36 + 10.0),
                y + reach,
            ];
            c.cached(
                &format!("kingdoms/threat/{:?}/{bound}", t.cell),
                bounds,
                |c| {
                    let ring = tiny_skia::PathBuilder::from_circle(x, y, PIECE + 5.0);
                    if let Some(ring) = ring {
                        if bound {
                            c.stroke(&ring, theme::DANGER, 1.0, 3.5);
                        } else {
                            c.stroke_dashed(&ring, theme::DANGER, 3.0, 6.0);
                        }
                    }
                    c.fill_circle(x + S * 0.36, y - S * 0.34, 9.0, theme::DANGER, 1.0);
                    c.text(
                        "!",
                        x + S * 0.36,
                        y - S * 0.34 + 6.0,
                        15.0,
                        theme::GRID,
                        Align::Center,
                    );
                },
            );
        }
    }
}

/// Each player's name over its panel, the side to move marked.
fn draw_header(lang: crate::words::Lang, c: &mut Canvas, pos: &Position, scene: &Scene) {
    for (side, align, edge) in [
        (Side::Orange, Align::Left, 20.0),
        (Side::Purple, Align::Right, WIDTH - 20.0),
    ] {
        let (token, text_x, marker) = match align {
            Align::Right => (edge - 14.0, edge - 36.0, edge - 14.0),
            _ => (edge + 14.0, edge + 36.0, edge + 14.0),
        };
        icons::piece(
            c,
            side,
            look(scene, side),
            Kind::Pumpkin,
            token,
            28.0,
            14.0,
            1.0,
        );
        let name = scene.plate(side.seat(), &name_of(lang, scene, side), 21.0, 330.0);
        let width = c.text(&name, text_x, 36.0, 21.0, theme::TEXT, align);
        if pos.to_move == side {
            let under = match align {
                Align::Right => text_x - width,
                _ => text_x,
            };
            c.fill_rect(under, 44.0, width, 3.0, theme::ACCENT, 1.0);
            c.fill_circle(marker, 50.0, 3.0, theme::ACCENT, 1.0);
        }
    }
}

/// Where a side's reserve shows `kind` (its index among the kinds): the centre of its icon.
fn reserve_at(side: Side, index: usize) -> (f32, f32) {
    let left = match side {
        Side::Orange => 14.0,
        Side::Purple => WIDTH - 14.0 - PANEL_W,
    };
    (left + 42.0, BY + 62.0 + index as f32 * 50.0)
}

/// Every cell by its name, and the reserve of the side to move, each kind as `+` and its
/// letter (`+G`): what a placement or a move is touched on.
fn spots(_game: &Kingdoms, pos: &Position) -> crate::spots::Spots {
    use crate::spots::{Outline, Spot};
    let mut spots: Vec<Spot> = Cell::all()
        .map(|cell| {
            let (x, y) = corner(cell);
            Spot {
                key: cell.name(),
                outline: Outline::Rect { x, y, w: S, h: S },
            }
        })
        .collect();
    for (i, kind) in Kind::ALL.into_iter().enumerate() {
        let (cx, cy) = reserve_at(pos.to_move, i);
        spots.push(Spot {
            key: format!("+{}", kind.letter()),
            outline: Outline::Rect {
                x: cx - 34.0,
                y: cy - 24.0,
                w: PANEL_W - 16.0,
                h: 48.0,
            },
        });
    }
    crate::spots::Spots {
        width: WIDTH,
        height: HEIGHT,
        spots,
    }
}

/// A side's reserve (each kind with how many are left) and the kingdoms it holds (KG-1.5).
fn draw_panel(
    lang: crate::words::Lang,
    c: &mut Canvas,
    pos: &Position,
    side: Side,
    look: SideLook,
) {
    let left = match side {
        Side::Orange => 14.0,
        Side::Purple => WIDTH - 14.0 - PANEL_W,
    };
    let mid = left + PANEL_W / 2.0;
    c.text(
        &t!(lang, "board-kg-reserve"),
        mid,
        BY + 26.0,
        15.0,
        theme::TEXT_DIM,
        Align::Center,
    );
    for (i, kind) in Kind::ALL.into_iter().enumerate() {
        let (x, y) = reserve_at(side, i);
        let left_over = pos.reserve(side, kind);
        let alpha = if left_over == 0 { 0.28 } else { 1.0 };
        icons::piece(c, side, look, kind, x, y, 20.0, alpha);
        let colour = if left_over == 0 {
            theme::TEXT_DIM
        } else {
            theme::TEXT
        };
        c.text(
            &format!("× {left_over}"),
            left + 74.0,
            y + 7.0,
            19.0,
            colour,
            Align::Left,
        );
    }
    let held = pos.held(side);
    let top = BY + 9.0 * S - 136.0;
    c.text(
        &t!(lang, "board-kg-kingdoms"),
        mid,
        top,
        15.0,
        theme::TEXT_DIM,
        Align::Center,
    );
    let SideLook {
        face: fill, edge, ..
    } = look;
    let cell = 24.0;
    for k in 1..=9u16 {
        let x = mid - 1.5 * cell + ((k - 1) % 3) as f32 * cell;
        let y = top + 12.0 + ((k - 1) / 3) as f32 * cell;
        if held & (1 << k) != 0 {
            c.fill_rect(x + 2.0, y + 2.0, cell - 4.0, cell - 4.0, fill, 1.0);
        } else if let Some(frame) = kit::rounded_rect(x + 3.0, y + 3.0, cell - 6.0, cell - 6.0, 3.0)
        {
            c.stroke(&frame, edge, 0.45, 1.5);
        }
    }
    let count = format!("{}/9", held.count_ones());
    c.text(
        &count,
        mid,
        top + 12.0 + 3.0 * cell + 24.0,
        20.0,
        theme::TEXT,
        Align::Center,
    );
}

fn draw_footer(
    lang: crate::words::Lang,
    c: &mut Canvas,
    game: &Kingdoms,
    pos: &Position,
    scene: &Scene,
) {
    let top = HEIGHT - FOOTER;
    let status = game.status(pos);
    let ending = super::ending_line(lang, &status, scene, |seat| {
        name_of(
            lang,
            scene,
            if seat == 0 {
                Side::Orange
            } else {
                Side::Purple
            },
        )
    });
    let (line, colour) = match (ending, status) {
        (Some(line), _) => (line, theme::HIGHLIGHT),
        (None, _) => {
            let who = name_of(lang, scene, pos.to_move);
            let bound: Vec<String> = threats::binding(pos, pos.to_move)
                .iter()
                .map(|t| format!("K{}", t.kingdom))
                .collect();
            if bound.is_empty() {
                let side = side_name(lang, pos.to_move);
                (
                    t!(lang, "board-dj-to-move", who = who, side = side),
                    theme::TEXT,
                )
            } else {
                let kingdoms = bound.join(", ");
                (
                    t!(lang, "board-kg-answer", who = who, kingdoms = kingdoms),
                    theme::DANGER,
                )
            }
        }
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

/// The Halloween Kingdoms board of the catalogue.
pub static BOARD: super::Drawn<Kingdoms> = super::Drawn {
    draw,
    palette,
    dressed,
    surfaces: &[CELL[0][0], CELL[0][1], CELL[1][0], CELL[1][1]],
    layers: |_, _| layers(),
    sides: &SIDES,
    spots: Some(spots),
};

#[cfg(test)]
mod spot_tests {
    use super::*;

    #[test]
    fn each_cell_and_reserve_piece_is_touched_where_it_is_drawn() {
        let game = Kingdoms::default();
        let mut pos = crate::games::Game::new_game(&game, 2).unwrap();
        for side in Side::BOTH {
            pos.to_move = side;
            let all = spots(&game, &pos).spots;
            let holding = |point: (f32, f32)| -> Vec<String> {
                all.iter()
                    .filter(|s| s.outline.contains(point))
                    .map(|s| s.key.clone())
                    .collect()
            };
            for cell in Cell::all() {
                assert_eq!(holding(centre(cell)), [cell.name()]);
            }
            for (i, kind) in Kind::ALL.into_iter().enumerate() {
                let want = format!("+{}", kind.letter());
                assert_eq!(holding(reserve_at(side, i)), [want]);
            }
        }
    }
}
