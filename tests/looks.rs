//! The droid's shop on the boards: every piece set and board theme keeps every game's board
//! readable, and what a player wears is what the decoded PNG shows.

use holotable::catalogue::Catalogue;
use holotable::games::GameOptions;
use holotable::render::dejarik::cell_center;
use holotable::render::kit::{theme, Rgb};
use holotable::render::looks::{contrast, distance, PieceSet, Theme, FRAME};
use holotable::render::{Scene, SideLook};
use holotable::table::wares::{items, Look};

/// WCAG 2's least contrast for the parts of a picture one must see (1.4.11).
const READABLE: f32 = 3.0;

fn sets() -> Vec<PieceSet> {
    items()
        .iter()
        .filter_map(|i| match i.look {
            Look::Set(set) => Some(set),
            Look::Theme(_) => None,
        })
        .collect()
}

fn themes() -> Vec<Theme> {
    items()
        .iter()
        .filter_map(|i| match i.look {
            Look::Theme(theme) => Some(theme),
            Look::Set(_) => None,
        })
        .collect()
}

/// How well a piece in `look` stands out from a board colour: its face or its outline,
/// whichever contrasts more.
fn standing_out(look: &SideLook, under: Rgb) -> f32 {
    contrast(look.face, under).max(contrast(look.edge, under))
}

#[test]
fn every_set_and_theme_keeps_every_board_readable() {
    let mut worst: Vec<String> = Vec::new();
    for entry in Catalogue::default().entries() {
        let game = entry.info.id;
        let board = entry.board;
        let under: Vec<Rgb> = board.surfaces().to_vec();
        assert!(
            !under.is_empty(),
            "{game} declares the colours pieces stand on"
        );
        let mut looks: Vec<(String, SideLook)> = board
            .sides()
            .iter()
            .map(|s| (format!("side {}", s.name), *s))
            .collect();
        for set in sets() {
            looks.push((
                format!("set {}", set.id),
                SideLook {
                    name: "set",
                    face: set.face,
                    edge: set.edge,
                    mark: set.mark,
                },
            ));
        }
        for theme in std::iter::once(None).chain(themes().into_iter().map(Some)) {
            for (what, look) in &looks {
                for &cell in &under {
                    let plain = standing_out(look, cell);
                    let shown = theme.map_or(cell, |t| t.apply(cell));
                    let now = standing_out(look, shown);
                    // A set is new work and must reach the bar; a game's own side must stay
                    // at least as readable as on its plain board (or reach the bar).
                    let bar = if what.starts_with("set") {
                        READABLE
                    } else {
                        READABLE.min(plain * 0.9)
                    };
                    if now < bar {
                        worst.push(format!(
                            "{game} {what} on {cell:?} in {:?}: {now:.2} < {bar:.2}",
                            theme.map(|t| t.id)
                        ));
                    }
                }
            }
        }
        // The frame the pieces' names and panels sit on stays dark under every theme:
        // the text is light.
        for theme in themes() {
            for colour in FRAME {
                let shown = theme.apply(colour);
                let text = contrast(theme::TEXT, shown);
                assert!(
                    text >= 4.5,
                    "{game}: text on {shown:?} ({}) {text:.2}",
                    theme.id
                );
            }
        }
    }
    assert!(worst.is_empty(), "{}", worst.join("\n"));
}

#[test]
fn every_sets_mark_reads_on_its_face() {
    for set in sets() {
        let ratio = contrast(set.mark, set.face);
        assert!(ratio >= READABLE, "{}: mark on face {ratio:.2}", set.id);
        let ratio = contrast(set.edge, set.face);
        assert!(ratio >= READABLE, "{}: edge on face {ratio:.2}", set.id);
    }
}

/// Decodes a PNG to (width, RGB bytes), expanding a palette.
fn decode(png_bytes: &[u8]) -> (u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    buf.truncate(info.buffer_size());
    let channels = info.color_type.samples();
    let rgb = buf
        .chunks_exact(channels)
        .flat_map(|px| [px[0], px[1], px[2]])
        .collect();
    (info.width, rgb)
}

fn pixel(image: &(u32, Vec<u8>), (x, y): (f32, f32)) -> Rgb {
    let (w, rgb) = image;
    let i = ((y.round() as u32 * w + x.round() as u32) * 3) as usize;
    Rgb(rgb[i], rgb[i + 1], rgb[i + 2])
}

fn set(id: &str) -> PieceSet {
    sets()
        .into_iter()
        .find(|s| s.id == id)
        .expect("a set of the catalogue")
}

fn theme_of(id: &str) -> Theme {
    themes()
        .into_iter()
        .find(|t| t.id == id)
        .expect("a theme of the catalogue")
}

const START: &str = "o5,o6,o7,o8/o1,o2,o11,o12/w:wb";

fn dejarik(scene: &Scene) -> Vec<u8> {
    holotable::catalogue::board_png(
        holotable::words::Lang::En,
        "dejarik",
        &GameOptions::new(),
        START,
        scene,
    )
    .expect("renders")
}

fn names() -> Vec<String> {
    vec!["ann".into(), "bob".into()]
}

#[test]
fn a_worn_set_paints_its_wearers_pieces_and_no_one_elses() {
    let kyber = set("kyber");
    let plain = decode(&dejarik(&Scene {
        names: names(),
        ..Scene::default()
    }));
    let dressed_png = dejarik(&Scene {
        names: names(),
        sets: vec![Some(kyber), None],
        ..Scene::default()
    });
    assert!(
        dressed_png.len() <= 150 * 1024,
        "{} bytes",
        dressed_png.len()
    );
    let dressed = decode(&dressed_png);
    // White (seat 1) stands on o5–o8, Black on o1, o2, o11, o12. The pixel probed is a
    // little off the centre, on the face between the mark and the edge.
    let face = |cell: &str| {
        let (x, y) = cell_center(holotable::games::dejarik::parse_cell(cell).expect("a cell"));
        (x + 18.0, y)
    };
    for cell in ["o5", "o6", "o7", "o8"] {
        let now = pixel(&dressed, face(cell));
        assert!(distance(now, kyber.face) < 20.0, "{cell}: {now:?}");
        let was = pixel(&plain, face(cell));
        assert!(distance(was, theme::LIGHT_PIECE) < 20.0, "{cell}: {was:?}");
    }
    for cell in ["o1", "o2", "o11", "o12"] {
        assert_eq!(
            pixel(&dressed, face(cell)),
            pixel(&plain, face(cell)),
            "{cell}: the other seat keeps its pieces"
        );
    }
}

#[test]
fn a_set_like_the_other_seats_pieces_is_not_worn_at_that_table() {
    // Carbonite on both seats: the second wearer keeps the game's own look.
    let carbonite = set("carbonite");
    let both = Scene {
        names: names(),
        sets: vec![Some(carbonite), Some(carbonite)],
        ..Scene::default()
    };
    let image = decode(&dejarik(&both));
    let (x, y) = cell_center(holotable::games::dejarik::parse_cell("o1").expect("a cell"));
    // Black's hexagon, away from its centre dot.
    let black = pixel(&image, (x + 14.0, y + 8.0));
    assert!(distance(black, theme::DARK_PIECE) < 20.0, "{black:?}");
    let (x, y) = cell_center(holotable::games::dejarik::parse_cell("o5").expect("a cell"));
    assert!(distance(pixel(&image, (x + 18.0, y)), carbonite.face) < 20.0);
}

#[test]
fn a_theme_recolours_the_board_and_keeps_pieces_and_text() {
    let hoth = theme_of("hoth");
    let plain = decode(&dejarik(&Scene {
        names: names(),
        ..Scene::default()
    }));
    let themed_png = dejarik(&Scene {
        names: names(),
        theme: Some(hoth),
        ..Scene::default()
    });
    let themed = decode(&themed_png);
    // An empty cell (o3) moves as the theme says; a piece (o5) does not.
    let (x, y) = cell_center(holotable::games::dejarik::parse_cell("o3").expect("a cell"));
    let was = pixel(&plain, (x, y));
    let now = pixel(&themed, (x, y));
    assert!(distance(now, hoth.apply(was)) < 12.0, "{was:?} → {now:?}");
    assert!(
        distance(now, was) > 20.0,
        "the cell changed: {was:?} → {now:?}"
    );
    let (x, y) = cell_center(holotable::games::dejarik::parse_cell("o5").expect("a cell"));
    assert!(distance(pixel(&themed, (x + 18.0, y)), pixel(&plain, (x + 18.0, y))) < 8.0);
}

#[test]
fn every_game_draws_every_set_on_every_seat_and_every_theme() {
    let lang = holotable::words::Lang::En;
    for entry in Catalogue::default().entries() {
        let seats = entry.board.sides().len();
        let options = GameOptions::new();
        let rules = entry.rules(&options).expect("default options");
        let start = rules.showcase().expect("a showcase position");
        for (k, theme) in std::iter::once(None)
            .chain(themes().into_iter().map(Some))
            .enumerate()
        {
            let all = sets();
            let scene = Scene {
                names: (0..seats).map(|s| format!("p{s}")).collect(),
                sets: (0..seats).map(|s| Some(all[(s + k) % all.len()])).collect(),
                theme,
                ..Scene::default()
            };
            let png = entry
                .board
                .png(lang, &options, &start, &scene)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.info.id));
            assert!(
                png.len() <= 150 * 1024,
                "{}: {} bytes",
                entry.info.id,
                png.len()
            );
            decode(&png);
        }
    }
}

#[test]
fn a_replay_shows_the_set_its_player_wears() {
    let lang = holotable::words::Lang::En;
    let kyber = set("kyber");
    let dress = Scene {
        names: names(),
        sets: vec![Some(kyber), None],
        ..Scene::default()
    };
    let entry = Catalogue::default().find("dejarik").unwrap();
    let options = GameOptions::new();
    let steps = [holotable::games::Step::Action("o5-i5".into())];
    let gif_bytes = entry
        .board
        .replay(lang, &options, START, &steps, &dress)
        .unwrap();
    let mut decode = gif::DecodeOptions::new();
    decode.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = decode.read_info(std::io::Cursor::new(&gif_bytes)).unwrap();
    let width = decoder.width() as usize;
    let first = decoder.read_next_frame().unwrap().unwrap().buffer.to_vec();
    // The first frame, at the replay's scale: White's piece on o6 in the set's face.
    let scale = holotable::render::REPLAY;
    let (x, y) = cell_center(holotable::games::dejarik::parse_cell("o6").expect("a cell"));
    let (px, py) = (((x + 18.0) * scale) as usize, (y * scale) as usize);
    let i = (py * width + px) * 4;
    let seen = Rgb(first[i], first[i + 1], first[i + 2]);
    assert!(distance(seen, kyber.face) < 24.0, "{seen:?}");
}

/// Names the embedded font cannot draw (emoji, CJK, Arabic) never show as empty boxes:
/// what it lacks is left out, so the board is the one drawn for the readable rest, and a
/// name with nothing readable reads as its side, as an empty name does.
#[test]
fn names_the_font_lacks_are_cleaned_never_boxes() {
    let board = |names: [&str; 2]| {
        dejarik(&Scene {
            names: names.iter().map(|n| n.to_string()).collect(),
            ..Scene::default()
        })
    };
    assert_eq!(board(["🐉 Ryū 龍", "bob"]), board(["Ryū", "bob"]));
    assert_eq!(board(["ann", "مريم 🎲"]), board(["ann", ""]));
    assert_eq!(board(["李小龍", "bob"]), board(["", "bob"]));
    // The cleaning changes the picture: the readable part is drawn.
    assert_ne!(board(["🐉 Ryū", "bob"]), board(["", "bob"]));
    assert_eq!(holotable::render::kit::drawable(" a🎲 b  龍c "), "a b c");
}
