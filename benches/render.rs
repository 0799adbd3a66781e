//! Board rendering: render + PNG encode of a mid-game Dejarik board, and GIF frames.
//!
//! Run with `cargo bench --bench render`. The PNG size is printed once before measuring,
//! beside the bytes of Debian's `optipng -o2` of the very same image (issue 56's yardstick;
//! NOT RUN without `optipng`), and so are those of every PNG of `docs/images`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holotable::games::GameOptions;
use holotable::render::{LastMove, Scene, SeriesScore};

const BEFORE: &str = "o3,o4,o9,o10/i7,o12,o1,C/w:-";
const AFTER: &str = "i6,o4,o9,o10/C,o1,o12/b:-";

fn scene() -> Scene {
    Scene {
        names: vec!["Chewbacca".into(), "R2-D2".into()],
        last_move: Some(LastMove {
            action: "o3-i6".into(),
            before: Some(BEFORE.into()),
            chosen: None,
        }),
        series: Some(SeriesScore {
            points: vec![5, 3],
            target: 12,
        }),
        ..Scene::default()
    }
}

/// Our bytes of `png`, and `optipng -o2`'s of the same pixels (lossless), with the ratio.
fn against_optipng(name: &str, png: &[u8]) {
    let dir = std::env::temp_dir().join(format!("holotable-optipng-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let (ours, theirs) = (dir.join("ours.png"), dir.join("optipng.png"));
    let _ = std::fs::remove_file(&theirs);
    let status = std::fs::write(&ours, png).ok().and_then(|()| {
        std::process::Command::new("optipng")
            .args(["-o2", "-quiet", "-out"])
            .arg(&theirs)
            .arg(&ours)
            .status()
            .ok()
    });
    let bytes = png.len();
    match status {
        Some(s) if s.success() => match std::fs::metadata(&theirs) {
            Ok(m) => println!(
                "{name} PNG: {bytes} bytes; optipng -o2: {} bytes; ours / optipng = {:.2}",
                m.len(),
                bytes as f64 / m.len() as f64
            ),
            Err(e) => println!("{name} PNG: {bytes} bytes; optipng -o2 wrote nothing: {e}"),
        },
        // optipng refuses a PNG whose stream does not decode: a broken board, not a size.
        Some(s) => println!("{name} PNG: {bytes} bytes; optipng -o2 REFUSED it ({s})"),
        None => println!(
            "{name} PNG: {bytes} bytes; optipng -o2: NOT RUN (Debian's optipng is not installed)"
        ),
    }
}

/// Every PNG of `docs/images` (drawn by its `make.sh`) against `optipng -o2`.
fn docs_images() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "png"));
    files.sort();
    for path in files {
        if let Ok(png) = std::fs::read(&path) {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            against_optipng(&format!("docs/images/{name}"), &png);
        }
    }
}

fn benches(c: &mut Criterion) {
    docs_images();
    let lang = holotable::words::Lang::En;
    let options = GameOptions::new();
    let scene = scene();
    let png =
        holotable::catalogue::board_png(lang, "dejarik", &options, AFTER, &scene).expect("renders");
    against_optipng("mid-game Dejarik", &png);

    let mut group = c.benchmark_group("render");
    group.bench_function("dejarik_png_midgame", |b| {
        b.iter(|| {
            holotable::catalogue::board_png(lang, "dejarik", &options, AFTER, &scene).unwrap()
        })
    });
    // The same board dressed by the shop: a set on each seat and a theme (its palette is
    // learnt, and its layer indexed through it, on the first board of that combination,
    // outside the measurement).
    let looks: Vec<_> = holotable::table::wares::items()
        .iter()
        .map(|i| i.look)
        .collect();
    let dressed = Scene {
        sets: looks
            .iter()
            .filter_map(|l| match l {
                holotable::table::wares::Look::Set(s) => Some(Some(*s)),
                _ => None,
            })
            .take(2)
            .collect(),
        theme: looks.iter().find_map(|l| match l {
            holotable::table::wares::Look::Theme(t) => Some(*t),
            _ => None,
        }),
        ..scene.clone()
    };
    let png = holotable::catalogue::board_png(lang, "dejarik", &options, AFTER, &dressed).unwrap();
    against_optipng("dressed mid-game Dejarik", &png);
    group.bench_function("dejarik_png_dressed", |b| {
        b.iter(|| {
            holotable::catalogue::board_png(lang, "dejarik", &options, AFTER, &dressed).unwrap()
        })
    });
    group.bench_function("dejarik_draw_only", |b| {
        b.iter(|| {
            holotable::catalogue::board_canvas(lang, "dejarik", &options, AFTER, &scene, 1.0)
                .unwrap()
        })
    });

    // Backgammon: a mid-game board with a hit, the last play highlighted.
    let bg_options: GameOptions = serde_json::from_str(r#"{"length":7}"#).unwrap();
    let bg_scene = Scene {
        names: vec!["Chewbacca".into(), "R2-D2".into()],
        last_move: Some(LastMove {
            action: "13/10 6/1*".into(),
            before: Some("4PPgACaYc8wFIA:cInuACAAAAAE".into()),
            chosen: None,
        }),
        ..Scene::default()
    };
    const BG_AFTER: &str = "MXOaBSDg8+AARg:MAHgACAAAAAE";
    let png = holotable::catalogue::board_png(lang, "backgammon", &bg_options, BG_AFTER, &bg_scene)
        .expect("renders");
    against_optipng("mid-game backgammon", &png);
    group.bench_function("backgammon_png_midgame", |b| {
        b.iter(|| {
            holotable::catalogue::board_png(lang, "backgammon", &bg_options, BG_AFTER, &bg_scene)
                .unwrap()
        })
    });
    group.bench_function("backgammon_draw_only", |b| {
        b.iter(|| {
            holotable::catalogue::board_canvas(
                lang,
                "backgammon",
                &bg_options,
                BG_AFTER,
                &bg_scene,
                1.0,
            )
            .unwrap()
        })
    });

    // A Zatak board after a move with a capture and a turn (ZK-6.2), with two obstacles.
    let zk_options = serde_json::Map::new();
    let zk_before = "c4=3,d4=2,b1=4,f1=6/a4=5,b5=6,d5=1,e6=2/g2,a3/w/play";
    let zk_after = "b1=4,c4=3,c5=2,f1=6/a4=5,b5=6,e6=2/g2,a3/r/play";
    let zk_scene = Scene {
        names: vec!["Chewbacca".into(), "R2-D2".into()],
        last_move: Some(LastMove {
            action: "d4-xd5-c5".into(),
            before: Some(zk_before.into()),
            chosen: None,
        }),
        ..Scene::default()
    };
    let png = holotable::catalogue::board_png(lang, "zatak", &zk_options, zk_after, &zk_scene)
        .expect("renders");
    against_optipng("mid-game Zatak", &png);
    group.bench_function("zatak_png_midgame", |b| {
        b.iter(|| {
            holotable::catalogue::board_png(lang, "zatak", &zk_options, zk_after, &zk_scene)
                .unwrap()
        })
    });

    // A full Halloween Kingdoms board: all 24 pieces, a threatened Cat, the last move.
    let kg_before = "9/9/2GWCBP2/2gwcbpa1/2AGGW3/2ggwcba1/4BA1C1/9/9 - o -/-";
    let kg_after = "9/9/2GWCBP2/2gwcbpa1/2AGGWC2/2ggwcba1/4BA3/9/9 - p -/-";
    let kg_scene = Scene {
        names: vec!["Chewbacca".into(), "R2-D2".into()],
        last_move: Some(LastMove {
            action: "h3-g5".into(),
            before: Some(kg_before.into()),
            chosen: None,
        }),
        ..Scene::default()
    };
    let png = holotable::catalogue::board_png(lang, "kingdoms", &zk_options, kg_after, &kg_scene)
        .expect("renders");
    against_optipng("full Halloween Kingdoms", &png);
    group.bench_function("kingdoms_png_full", |b| {
        b.iter(|| {
            holotable::catalogue::board_png(lang, "kingdoms", &zk_options, kg_after, &kg_scene)
                .unwrap()
        })
    });

    // A D-Zone board of four players with a claim window and the last move's path.
    let dz_before = "S..Y.R/...R.S/.B..../..S.Y./.RGG../.....S R1:GY,G3:B,B4,Y3:RR R choose:44 8 0";
    let dz_after = "S..Y.R/...R.S/.B.R../..S.Y./....../.....S R1:GGGY,G3:B,B4,Y3:RR G roll 9 0";
    let dz_scene = Scene {
        names: vec![
            "Chewbacca".into(),
            "R2-D2".into(),
            "Leia".into(),
            "Lando".into(),
        ],
        last_move: Some(LastMove {
            action: "move 22-42-44".into(),
            before: Some(dz_before.into()),
            chosen: None,
        }),
        ..Scene::default()
    };
    let png = holotable::catalogue::board_png(lang, "dzone", &zk_options, dz_after, &dz_scene)
        .expect("renders");
    against_optipng("four-player D-Zone", &png);
    group.bench_function("dzone_png_four_players", |b| {
        b.iter(|| {
            holotable::catalogue::board_png(lang, "dzone", &zk_options, dz_after, &dz_scene)
                .unwrap()
        })
    });

    // A replay of 40 moves: time per frame.
    let actions: Vec<String> = [
        "o5-i5", "o1-i1", "o6-C", "o2-i2", "i5-o5", "i1-o1", "o7-i7", "o11-i11",
    ]
    .iter()
    .cycle()
    .take(8)
    .map(|s| s.to_string())
    .collect();
    let start = "o5,o6,o7,o8/o1,o2,o11,o12/w:wb";
    let gif =
        holotable::catalogue::replay_gif(lang, "dejarik", &options, start, &actions, &[]).unwrap();
    println!(
        "replay GIF of {} frames: {} bytes",
        actions.len() + 1,
        gif.len()
    );
    group.throughput(Throughput::Elements(actions.len() as u64 + 1));
    group.bench_function("dejarik_gif_frames", |b| {
        b.iter(|| {
            holotable::catalogue::replay_gif(lang, "dejarik", &options, start, &actions, &[])
                .unwrap()
        })
    });
    group.finish();

    // Every board of the catalogue, at a position 30 random actions into a game: drawn from
    // the game the table holds (`png_of`, what a table does every turn) and from notation
    // (`png`, what `holotable render` and the engine do, which parses the position first).
    let mut held = c.benchmark_group("board");
    for entry in holotable::catalogue::GAMES {
        let id = entry.info.id;
        let play = midgame(entry);
        let position = play.position();
        held.bench_function(format!("{id}_held"), |b| {
            b.iter(|| {
                entry
                    .board
                    .png_of(lang, play.as_ref(), &Scene::default())
                    .unwrap()
            })
        });
        held.bench_function(format!("{id}_notation"), |b| {
            b.iter(|| {
                entry
                    .board
                    .png(lang, &GameOptions::new(), &position, &Scene::default())
                    .unwrap()
            })
        });
    }
    held.finish();
}

/// A game of `entry` 30 random actions in (or at its end), from a fixed seed.
fn midgame(entry: &holotable::catalogue::Entry) -> Box<dyn holotable::games::DynPlay> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut play = entry
        .rules(&GameOptions::new())
        .unwrap()
        .start(entry.info.max_seats)
        .unwrap();
    for _ in 0..30 {
        let legal = play.legal();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.random_range(0..legal.len())].clone();
        play.apply(&action).unwrap();
    }
    play
}

criterion_group!(render_benches, benches);
criterion_main!(render_benches);
