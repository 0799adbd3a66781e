//! Board images: real PNG and GIF bytes, decoded and probed pixel by pixel.

use std::sync::Arc;

use holotable::games::dejarik::{parse_cell, Dejarik};
use holotable::games::{Game, GameOptions, Playthrough};
use holotable::render::dejarik::{cell_center, HEIGHT, WIDTH};
use holotable::render::kit::theme;
use holotable::render::{self, LastMove, Scene};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const START: &str = "o5,o6,o7,o8/o1,o2,o11,o12/w:wb";

/// Decodes a PNG to (width, height, RGB bytes), expanding a palette.
fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
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
    (info.width, info.height, rgb)
}

fn pixel(image: &(u32, u32, Vec<u8>), x: f32, y: f32) -> [u8; 3] {
    let (w, _, rgb) = image;
    let i = ((y.round() as u32 * w + x.round() as u32) * 3) as usize;
    [rgb[i], rgb[i + 1], rgb[i + 2]]
}

fn near(a: [u8; 3], b: theme_rgb::Rgb) -> bool {
    let b = [b.0, b.1, b.2];
    a.iter()
        .zip(b)
        .all(|(x, y)| (*x as i32 - y as i32).abs() <= 14)
}

mod theme_rgb {
    pub use holotable::render::kit::Rgb;
}

fn board(state: &str, scene: &Scene) -> Vec<u8> {
    holotable::catalogue::board_png(
        holotable::words::Lang::En,
        "dejarik",
        &GameOptions::new(),
        state,
        scene,
    )
    .expect("renders")
}

#[test]
fn png_decodes_with_the_expected_size_and_stays_small() {
    let png = board(START, &Scene::default());
    let image = decode(&png);
    assert_eq!((image.0, image.1), (WIDTH as u32, HEIGHT as u32));
    assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
}

#[test]
fn pieces_stand_on_their_cells() {
    // After o5-i5 the White piece is on i5 (its ivory face at the cell centre) and o5 is an
    // empty outer cell; Black's hexagons show their gold dot at o1.
    let scene = Scene {
        last_move: Some(LastMove {
            action: "o5-i5".into(),
            before: Some(START.into()),
            chosen: None,
        }),
        ..Scene::default()
    };
    let image = decode(&board("i5,o6,o7,o8/o1,o2,o11,o12/b:b", &scene));
    let at = |cell: &str| {
        let (x, y) = cell_center(parse_cell(cell).unwrap());
        pixel(&image, x, y)
    };
    assert!(near(at("i5"), theme::LIGHT_PIECE), "i5: {:?}", at("i5"));
    assert!(near(at("o6"), theme::LIGHT_PIECE), "o6: {:?}", at("o6"));
    assert!(near(at("o1"), theme::DARK_EDGE), "o1: {:?}", at("o1"));
    for empty in ["o5", "i6", "C", "o3"] {
        let colour = at(empty);
        assert!(
            !near(colour, theme::LIGHT_PIECE),
            "{empty} looks occupied: {colour:?}"
        );
        assert!(
            !near(colour, theme::DARK_EDGE),
            "{empty} looks occupied: {colour:?}"
        );
    }
    // Without a last move o5 is not tinted; with one it is (the highlight is drawn).
    let plain = decode(&board("i5,o6,o7,o8/o1,o2,o11,o12/b:b", &Scene::default()));
    let (x, y) = cell_center(parse_cell("o5").unwrap());
    assert_ne!(
        pixel(&plain, x, y),
        pixel(&image, x, y),
        "o5 should be highlighted"
    );
}

#[test]
fn a_killed_piece_is_shown_where_it_stood() {
    // DJ-4.1: o3-i4 kills i5. The victim's cell is marked, though no piece stands there.
    let before = "o3,o8,o9,o10/i5,o12,o1,C/w:-";
    let after = "i4,o8,o9,o10/C,o1,o12/b:-";
    let with_kill = decode(&board(
        after,
        &Scene {
            last_move: Some(LastMove {
                action: "o3-i4".into(),
                before: Some(before.into()),
                chosen: None,
            }),
            ..Scene::default()
        },
    ));
    let plain = decode(&board(after, &Scene::default()));
    let (x, y) = cell_center(parse_cell("i5").unwrap());
    assert_ne!(pixel(&with_kill, x, y), pixel(&plain, x, y));
}

#[test]
fn every_position_of_random_games_renders() {
    let lang = holotable::words::Lang::En;
    let game = Arc::new(Dejarik::default());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..4 {
        let mut play = Playthrough::new(Arc::clone(&game), 2).unwrap();
        let mut before = game.format_state(play.state());
        loop {
            let legal = play.legal_actions();
            let Some(action) = legal.choose(&mut rng) else {
                break;
            };
            let notation = game.format_action(play.state(), action);
            play.apply(action).unwrap();
            let state = game.format_state(play.state());
            let scene = Scene {
                names: vec!["a".into(), "b".into()],
                last_move: Some(LastMove {
                    action: notation,
                    before: Some(before.clone()),
                    chosen: None,
                }),
                ..Scene::default()
            };
            let canvas = holotable::catalogue::board_canvas(
                lang,
                "dejarik",
                &GameOptions::new(),
                &state,
                &scene,
                0.5,
            )
            .unwrap();
            assert_eq!(canvas.width(), (WIDTH * 0.5) as u32);
            before = state;
        }
    }
}

#[test]
fn bad_positions_are_refused() {
    let lang = holotable::words::Lang::En;
    let err = holotable::catalogue::board_png(
        lang,
        "dejarik",
        &GameOptions::new(),
        "o5/o5/w:-",
        &Scene::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("both"), "{err}");
    let err = holotable::catalogue::board_png(
        lang,
        "chess",
        &GameOptions::new(),
        START,
        &Scene::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("unknown game"), "{err}");
}

#[test]
fn replay_gif_has_one_frame_per_action_plus_the_start() {
    let lang = holotable::words::Lang::En;
    let actions: Vec<String> = ["o5-i5", "o1-i1", "o6-C", "o2-i2", "i5-o5"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let gif_bytes = holotable::catalogue::replay_gif(
        lang,
        "dejarik",
        &GameOptions::new(),
        START,
        &actions,
        &[],
    )
    .unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(std::io::Cursor::new(&gif_bytes)).unwrap();
    let (w, h) = (decoder.width(), decoder.height());
    assert_eq!(
        (w as f32, h as f32),
        (WIDTH * render::REPLAY, HEIGHT * render::REPLAY)
    );
    assert!(decoder.global_palette().is_some());
    let mut frames = 0;
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        assert!(frame.left + frame.width <= w && frame.top + frame.height <= h);
        if frames == 0 {
            assert_eq!(
                (frame.width, frame.height),
                (w, h),
                "the first frame is whole"
            );
        } else {
            assert!(
                (frame.width as u32 * frame.height as u32) < (w as u32 * h as u32),
                "later frames hold only what changed"
            );
        }
        frames += 1;
    }
    assert_eq!(frames, actions.len() + 1);
    // An illegal action in the log is an error, not a broken GIF.
    let bad = vec!["o5-i9".to_string()];
    assert!(holotable::catalogue::replay_gif(
        lang,
        "dejarik",
        &GameOptions::new(),
        START,
        &bad,
        &[]
    )
    .is_err());
}

#[test]
fn render_command_and_engine_op_write_decodable_pngs() {
    let dir = std::env::temp_dir().join(format!("holotable-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("cli.png");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args([
            "render",
            "--game",
            "dejarik",
            "--state",
            START,
            "--names",
            "alice,bob",
        ])
        .arg("--out")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    let image = decode(&std::fs::read(&out).unwrap());
    assert_eq!(image.0, WIDTH as u32);

    let path = dir.join("engine.png");
    let reply = holotable::engine::handle_line(
        &serde_json::json!({"op":"render","game":"dejarik","state":START,"path":path}).to_string(),
    );
    assert_eq!(reply["ok"], true, "{reply}");
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(reply["bytes"], bytes.len());
    decode(&bytes);

    // A bad position writes nothing and says why.
    let missing = dir.join("never.png");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["render", "--game", "dejarik", "--state", "nonsense"])
        .arg("--out")
        .arg(&missing)
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("bad position"));
    assert!(!missing.exists());
}

#[test]
fn slot_reels_render_every_symbol() {
    use holotable::render::slots::Symbol;
    let all = [
        Symbol::Credit,
        Symbol::Droid,
        Symbol::Blaster,
        Symbol::Holocron,
        Symbol::Kyber,
    ];
    for window in all.windows(3) {
        let png = render::slots::png(
            [
                (window[0], "Credit"),
                (window[1], "Droid"),
                (window[2], "Kyber"),
            ],
            "alice wins 40 credits",
            true,
        )
        .unwrap();
        let image = decode(&png);
        assert_eq!((image.0, image.1), (480, 220));
        if let Ok(dir) = std::env::var("HOLOTABLE_KEEP_IMAGES") {
            std::fs::write(format!("{dir}/slots-{:?}.png", window[0]), &png).unwrap();
        }
    }
}

/// Backgammon boards (BG-1): checkers where the position puts them, the last play tinted,
/// the dice, every random position renderable.
#[test]
fn backgammon_boards_decode_and_show_the_position() {
    let lang = holotable::words::Lang::En;
    use holotable::render::backgammon::{checker_at, HEIGHT as BG_H, WIDTH as BG_W};
    let options: GameOptions = serde_json::from_str(r#"{"length":5}"#).unwrap();
    // White opened 6-1 with 13/7 8/7; Black is to roll.
    let scene = Scene {
        names: vec!["Chewbacca".into(), "R2-D2".into()],
        last_move: Some(LastMove {
            action: "13/7 8/7".into(),
            before: Some("4HPwATDgc/ABMA:MAGnAAAAAAAE".into()),
            chosen: None,
        }),
        ..Scene::default()
    };
    let png = holotable::catalogue::board_png(
        lang,
        "backgammon",
        &options,
        "4NvgATDgc/ABMA:cAmgAAAAAAAE",
        &scene,
    )
    .expect("renders");
    assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
    let image = decode(&png);
    assert_eq!((image.0, image.1), (BG_W as u32, BG_H as u32));
    // Two White checkers now on White's 7 point, none left on a third slot of it.
    // (Probed below the centre: the arrows of the last play end on the centres.)
    for k in 0..2 {
        let (x, y) = checker_at(7, k);
        assert!(
            near(pixel(&image, x, y + 16.0), theme::LIGHT_PIECE),
            "7 point, checker {k}"
        );
    }
    let (x, y) = checker_at(7, 2);
    assert!(!near(pixel(&image, x, y + 16.0), theme::LIGHT_PIECE));
    // Black's checkers on its 6 point = White's 19 point (top right).
    let (x, y) = checker_at(19, 0);
    assert!(near(pixel(&image, x, y), theme::DARK_PIECE));
    // A last move that does not lead here is refused.
    let wrong = Scene {
        last_move: Some(LastMove {
            action: "24/18 13/12".into(),
            before: Some("4HPwATDgc/ABMA:MAGnAAAAAAAE".into()),
            chosen: None,
        }),
        ..Scene::default()
    };
    assert!(holotable::catalogue::board_png(
        lang,
        "backgammon",
        &options,
        "4NvgATDgc/ABMA:cAmgAAAAAAAE",
        &wrong
    )
    .is_err());

    // Every position of random matches renders.
    let game = Arc::new(holotable::games::backgammon::Backgammon::from_options(&options).unwrap());
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut play = Playthrough::new(Arc::clone(&game), 2).unwrap();
    for _ in 0..300 {
        let state = game.format_state(play.state());
        let png = holotable::catalogue::board_png(
            lang,
            "backgammon",
            &options,
            &state,
            &Scene::default(),
        )
        .unwrap_or_else(|e| panic!("{state}: {e}"));
        assert!(png.starts_with(b"\x89PNG"));
        let actions = match play.status() {
            holotable::games::Status::Over(_) => break,
            holotable::games::Status::Chance => play
                .chance_outcomes()
                .into_iter()
                .map(|(a, _)| a)
                .collect::<Vec<_>>(),
            _ => play.legal_actions(),
        };
        let action = actions.choose(&mut rng).unwrap().clone();
        play.apply(&action).unwrap();
    }
}

#[test]
fn kingdoms_boards_show_pieces_threats_and_the_last_action() {
    let lang = holotable::words::Lang::En;
    use holotable::games::kingdoms::{Cell, Kingdoms};
    use holotable::render::kingdoms::{centre, icons, HEIGHT, WIDTH};
    let cell = |n: &str| Cell::parse(n).unwrap();
    let before = "9/7P1/6g2/5a3/4W4/9/9/9/9 GGGWCCBBAAggwwccbbpa o -/-";
    let after = "9/7P1/4W1g2/5a3/9/9/9/9/9 GGGWCCBBAAggwwccbbpa p -/-";
    let scene = Scene {
        names: vec!["Leia".into(), "Han".into()],
        last_move: Some(LastMove {
            action: "e5-e7".into(),
            before: Some(before.into()),
            chosen: None,
        }),
        ..Scene::default()
    };
    let options = GameOptions::new();
    let threatened =
        holotable::catalogue::board_png(lang, "kingdoms", &options, before, &Scene::default())
            .unwrap();
    assert!(threatened.len() < 150_000);
    let image = decode(&threatened);
    assert_eq!((image.0, image.1), (WIDTH as u32, HEIGHT as u32));
    let (x, y) = centre(cell("e5"));
    // Orange's round token on e5 (left edge inside it), ringed in red: KG-6.2's threat
    // on a Witch alone in K5 beside Purple's Assassin.
    assert!(
        near(pixel(&image, x - 21.0, y), icons::ORANGE),
        "{:?}",
        pixel(&image, x - 21.0, y)
    );
    assert!(near(pixel(&image, x + 30.0, y), theme::DANGER));
    // Purple's square token on f6: its corner is purple, where a disc would not reach.
    let (px, py) = centre(cell("f6"));
    assert!(near(pixel(&image, px - 19.5, py - 19.5), icons::PURPLE));
    assert!(!near(pixel(&image, x - 19.5, y - 19.5), icons::ORANGE));
    // After e5-e7: e5 is empty and framed as the last action's start, the threat is gone.
    let moved = decode(
        &holotable::catalogue::board_png(lang, "kingdoms", &options, after, &scene).unwrap(),
    );
    assert!(!near(pixel(&moved, x - 21.0, y), icons::ORANGE));
    let frame = pixel(&moved, x - 29.0, y - 10.0);
    assert!(near(frame, holotable::render::kingdoms::LAST), "{frame:?}");
    let (ex, ey) = centre(cell("e7"));
    assert!(near(pixel(&moved, ex - 21.0, ey), icons::ORANGE));
    assert!(!near(pixel(&moved, x + 30.0, y), theme::DANGER));
    // Every position of a random game renders; its replay has a frame per action.
    let game = Arc::new(Kingdoms::default());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut play = Playthrough::new(Arc::clone(&game), 2).unwrap();
    let start = game.format_state(play.state());
    let mut actions = Vec::new();
    for _ in 0..40 {
        let legal = play.legal_actions();
        let action = *legal.choose(&mut rng).unwrap();
        actions.push(game.format_action(play.state(), &action));
        play.apply(&action).unwrap();
        let state = game.format_state(play.state());
        holotable::catalogue::board_png(lang, "kingdoms", &options, &state, &Scene::default())
            .unwrap();
    }
    let gif = holotable::catalogue::replay_gif(lang, "kingdoms", &options, &start, &actions, &[])
        .unwrap();
    assert_eq!(gif_frames(&gif), actions.len() + 1);
}

#[test]
fn dzone_boards_show_marbles_steel_the_target_and_claims() {
    let lang = holotable::words::Lang::En;
    use holotable::games::dzone::Cell;
    use holotable::render::dzone::{cell_centre, MARBLES};
    let cell = |n: &str| Cell::parse(n).unwrap();
    let options = GameOptions::new();
    let claim =
        "S..Y.R/...R.S/.B..../..S.Y./.RGG../.....S R1:GY,G3:B,B4,Y3:RR G claim:44:22,45,66 9 1";
    let png =
        holotable::catalogue::board_png(lang, "dzone", &options, claim, &Scene::default()).unwrap();
    assert!(png.len() < 150_000);
    let image = decode(&png);
    assert_eq!((image.0, image.1), (900, 720));
    // Each seat's marble in its colour, just inside its rim (left of its mark).
    for (name, seat) in [("22", 0), ("32", 1), ("24", 2), ("46", 3)] {
        let (x, y) = cell_centre(cell(name));
        let px = pixel(&image, x - 24.0, y + 4.0);
        assert!(near(px, MARBLES[seat]), "{name}: {px:?}");
    }
    // The target 44 framed; the claimable marbles ringed in red (dashed).
    let (tx, ty) = cell_centre(cell("44"));
    assert!(near(pixel(&image, tx - 39.0, ty), theme::HIGHLIGHT));
    let (cx, cy) = cell_centre(cell("45"));
    let ring = (0..36).any(|k| {
        let a = k as f32 * std::f32::consts::PI / 18.0;
        near(
            pixel(&image, cx + 37.0 * a.cos(), cy + 37.0 * a.sin()),
            theme::DANGER,
        )
    });
    assert!(ring, "45 is claimable");
    let (sx, sy) = cell_centre(cell("24"));
    let unringed = (0..36).all(|k| {
        let a = k as f32 * std::f32::consts::PI / 18.0;
        !near(
            pixel(&image, sx + 37.0 * a.cos(), sy + 37.0 * a.sin()),
            theme::DANGER,
        )
    });
    assert!(unringed, "Blue's 24 is not claimable");
}

/// A kingdom's label stays readable when a piece stands in its corner cell: it gets a backing.
#[test]
fn a_kingdom_label_over_a_piece_has_a_backing() {
    let lang = holotable::words::Lang::En;
    use holotable::games::kingdoms::Cell;
    use holotable::render::kingdoms::centre;
    let cell = |n: &str| Cell::parse(n).unwrap();
    let board = |state: &str| {
        decode(
            &holotable::catalogue::board_png(
                lang,
                "kingdoms",
                &GameOptions::new(),
                state,
                &Scene::default(),
            )
            .unwrap(),
        )
    };
    // K8's label is in d3's corner; c3 is K7's, whose label is in a3.
    let covered = board("9/9/9/9/9/9/2gW5/9/9 GGGWCCBBPAAggwwccbbpaa o -/-");
    let (x, y) = centre(cell("d3"));
    // The backing is the grid's near-black over the piece's edge (else the piece's orange).
    let dark = |px: [u8; 3]| px.iter().all(|&v| v < 60);
    let backing = pixel(&covered, x - 32.0 + 23.0, y - 32.0 + 10.0);
    assert!(dark(backing), "{backing:?}");
    let (x, y) = centre(cell("a3"));
    let bare = pixel(&covered, x - 32.0 + 23.0, y - 32.0 + 10.0);
    assert!(!dark(bare), "no backing on an empty corner: {bare:?}");
}

/// Zatak's last move ends its arrow at the edge of the die that arrived: its pips stay
/// readable under the highlight.
#[test]
fn a_zatak_arrow_leaves_the_arrived_die_readable() {
    let lang = holotable::words::Lang::En;
    use holotable::games::zatak::Cell;
    use holotable::render::zatak::cell_center;
    let before = "b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/b5=6,c6=3,d6=5,d7=1,e6=2,f5=4/-/w/play";
    let after = "b1=4,c1=2,d1=1,d2=5,e1=3,e5=6/b5=6,c6=3,d6=5,d7=1/-/r/play";
    let scene = Scene {
        last_move: Some(LastMove {
            action: "f1-xf5-xe6-e5".into(),
            before: Some(before.into()),
            chosen: None,
        }),
        ..Scene::default()
    };
    let png =
        holotable::catalogue::board_png(lang, "zatak", &GameOptions::new(), after, &scene).unwrap();
    let image = decode(&png);
    let (x, y) = cell_center(Cell::parse("e5").unwrap());
    // The die's face (48 px, drawn 3 px above the centre), inside its rounded border.
    let mut highlighted = 0;
    for dy in -18..=18 {
        for dx in -18..=18 {
            let px = pixel(&image, x + dx as f32, y - 3.0 + dy as f32);
            if near(px, theme::HIGHLIGHT) {
                highlighted += 1;
            }
        }
    }
    assert_eq!(highlighted, 0, "the arrow covers the die on e5");
    // The arrow is there, just outside the die (coming from e6, above it).
    let above = (y - 3.0 - 24.0 - 6.0).round();
    let tip = (-6..=6).any(|dx| near(pixel(&image, x + dx as f32, above), theme::HIGHLIGHT));
    assert!(tip, "the arrow reaches the die");
}

/// A long game's replay shows every k-th action past `REPLAY_FRAMES`, always ending on the
/// final position, so that it stays within Discord's upload limit.
#[test]
fn a_long_replay_keeps_to_its_frame_budget() {
    let lang = holotable::words::Lang::En;
    use holotable::games::dzone::Dzone;
    use holotable::games::Status;
    let game = Arc::new(Dzone::default());
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut play = Playthrough::new(Arc::clone(&game), 4).unwrap();
    let start = game.format_state(play.state());
    let mut actions = Vec::new();
    while !matches!(play.status(), Status::Over(_)) && actions.len() < 600 {
        let action = match play.status() {
            Status::Chance => play.sample_chance(&mut rng).unwrap(),
            _ => play.legal_actions().choose(&mut rng).unwrap().clone(),
        };
        actions.push(game.format_action(play.state(), &action));
        play.apply(&action).unwrap();
    }
    let n = actions.len();
    assert!(n > render::REPLAY_FRAMES, "a long game: {n} actions");
    let gif =
        holotable::catalogue::replay_gif(lang, "dzone", &GameOptions::new(), &start, &actions, &[])
            .unwrap();
    let frames = gif_frames(&gif);
    let stride = n.div_ceil(render::REPLAY_FRAMES);
    let expected = 1 + n / stride + usize::from(n % stride != 0);
    assert_eq!(frames, expected);
    assert!(frames <= render::REPLAY_FRAMES + 2);
    assert!(gif.len() < 8_000_000, "{} bytes", gif.len());
}

/// The frames of a GIF, decoded.
fn gif_frames(bytes: &[u8]) -> usize {
    let mut decoder = gif::DecodeOptions::new()
        .read_info(std::io::Cursor::new(bytes))
        .unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    frames
}

/// Issue 53: a table hands the board its last move as it was chosen, and the board draws it
/// without reading its notation again (here, notation no game could read).
#[test]
fn a_board_draws_the_last_move_as_chosen_without_reading_it_again() {
    use holotable::games::{DynGame, Erased};
    let mut play = Erased(Arc::new(Dejarik::default())).start(2).unwrap();
    let before = play.position();
    let chosen = play.chosen(0).unwrap();
    play.play(&chosen).unwrap();
    let garbled = |chosen| Scene {
        last_move: Some(LastMove {
            action: "not notation".into(),
            before: Some(before.clone()),
            chosen,
        }),
        ..Scene::default()
    };
    let lang = holotable::words::Lang::En;
    let options = GameOptions::new();
    let drawn = holotable::catalogue::board_png(
        lang,
        "dejarik",
        &options,
        &play.position(),
        &garbled(Some(chosen.clone())),
    );
    let png = drawn.expect("the chosen move is drawn as chosen");
    assert_eq!(decode(&png).0, WIDTH as u32);
    // Without the chosen action the board must read the notation, and refuses it.
    let read = holotable::catalogue::board_png(
        lang,
        "dejarik",
        &options,
        &play.position(),
        &garbled(None),
    );
    assert!(read.is_err(), "a board never shows a move it cannot read");
    // The same move however it came: a table's board drawn for one serves the other.
    assert_eq!(
        LastMove::chosen(before.clone(), &chosen),
        LastMove::from(before.clone(), chosen.text().to_string())
    );
    // And the board of the chosen move is the board of its notation, pixel for pixel.
    let board = |last| {
        let scene = Scene {
            last_move: Some(last),
            ..Scene::default()
        };
        let png =
            holotable::catalogue::board_png(lang, "dejarik", &options, &play.position(), &scene);
        decode(&png.unwrap()).2
    };
    assert_eq!(
        board(LastMove::chosen(before.clone(), &chosen)),
        board(LastMove::from(before.clone(), chosen.text().to_string()))
    );
}
