//! What one answer of a member costs at each game's widest positions (issue 52): a
//! keystroke of `/move`'s autocomplete, the first one at a position (listing what it offers)
//! and the next ones (searching that list), `/board` (the menu and the picture), and a step
//! of the move menu where the board's menu opens one (the next menu).
//! Every answer must stay within 50 ms of CPU in the release build; Zatak's free set-up
//! (408,240 legal set-ups) was the widest.
//!
//! Run with `cargo bench --bench answers`.

use holotable::table::commands::{Board, Pick, Press};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use holotable::ledger::{Durability, Ledger};
use holotable::table::{commands, Actor, App, Command, Settings};

/// A fresh table at one game's widest position: the lines that open it, and who moves.
struct Widest {
    name: &'static str,
    opening: &'static [&'static str],
    to_move: &'static str,
    typed: &'static str,
    /// What the player to move types first (a roll), before the position measured.
    then: &'static [&'static str],
}

const WIDEST: &[Widest] = &[
    Widest {
        name: "zatak_free_set_up",
        opening: &["/play game:zatak opponent:bob options:free"],
        to_move: "alice",
        typed: "a1=1",
        then: &[],
    },
    Widest {
        // KG: 486 placements at the first move.
        name: "kingdoms_first_move",
        opening: &["/play game:kingdoms opponent:bob"],
        to_move: "alice",
        typed: "witch",
        then: &[],
    },
    Widest {
        name: "dejarik_start",
        opening: &["/play game:dejarik opponent:bob"],
        to_move: "alice",
        typed: "o5",
        then: &[],
    },
    Widest {
        name: "dzone_first_move",
        opening: &["/play game:dzone opponent:bob"],
        to_move: "",
        typed: "a",
        then: &["/move action:roll"],
    },
    Widest {
        name: "backgammon_first_move",
        opening: &["/play game:backgammon opponent:bob"],
        to_move: "",
        typed: "13/",
        then: &[],
    },
];

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn actor(user: &str) -> Actor {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    Actor {
        guild: "g".into(),
        channel: "c".into(),
        parent: None,
        user: user.into(),
        name: user.into(),
        interaction: format!("bench-{n}"),
        admin: false,
        lang: Default::default(),
        joined: None,
        created: None,
    }
}

fn command(line: &str) -> Command {
    let lang = holotable::words::Lang::En;
    let mut words = line.split_whitespace();
    let name = words.next().unwrap().trim_start_matches('/');
    let options = words
        .map(|w| {
            let (k, v) = w.split_once(':').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect();
    commands::parse(lang, name, &options).unwrap()
}

/// The app on `db` with the table of `w` started; the clock moves a minute a call, so
/// that no rate limit ever answers instead.
fn opened(db: &std::path::Path, w: &Widest, clock: &Arc<AtomicI64>) -> (App, String) {
    let _ = std::fs::remove_file(db);
    let time = Arc::clone(clock);
    let app = App::new(
        Ledger::open(db, Durability::Normal).unwrap(),
        Settings::default(),
        Arc::new(move || time.fetch_add(60, Ordering::Relaxed)),
    );
    let mut accept = None;
    for line in w.opening {
        for reply in app.handle(&actor("alice"), command(line)) {
            accept = accept.or_else(|| {
                reply
                    .buttons()
                    .find(|b| b.label.id() == Some("button-accept"))
                    .map(|b| b.control.clone())
            });
        }
    }
    let control = accept.expect("a challenge to accept");
    let accepted = app.handle(&actor("bob"), Command::Press(Press { control }));
    assert!(!accepted[0].ephemeral, "{}", accepted[0].text);
    let to_move = if w.to_move.is_empty() {
        // Whoever the board pings acts first (backgammon's opening roll decides it).
        let mentions = &accepted[0].mentions;
        mentions.first().cloned().unwrap_or_else(|| "alice".into())
    } else {
        w.to_move.to_string()
    };
    for line in w.then {
        let done = app.handle(&actor(&to_move), command(line));
        assert!(!done[0].ephemeral, "{}", done[0].text);
    }
    (app, to_move)
}

fn benches(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("holotable-bench-answers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("a.db");
    let clock = Arc::new(AtomicI64::new(1_800_000_000));
    let mut group = c.benchmark_group("answers");
    group.sample_size(20);
    for w in WIDEST {
        let (app, who) = opened(&db, w, &clock);
        let offered = app.autocomplete(&actor(&who), "");
        assert!(!offered.is_empty(), "{}: nothing offered to {who}", w.name);
        group.bench_function(format!("{}/keystroke", w.name), |b| {
            b.iter(|| app.autocomplete(&actor(&who), w.typed))
        });
        group.bench_function(format!("{}/board", w.name), |b| {
            b.iter(|| app.handle(&actor(&who), Command::Board(Board)))
        });
        // A step of the move menu, where the board's menu opens one: the next menu.
        let board = app.handle(&actor(&who), Command::Board(Board));
        let step = board.iter().find_map(|r| {
            let menu = r.menu()?;
            let first = menu.choices.first()?;
            first
                .value
                .starts_with('~')
                .then(|| (menu.control.clone(), first.value.clone()))
        });
        if let Some((control, value)) = step {
            group.bench_function(format!("{}/menu_step", w.name), |b| {
                b.iter(|| {
                    let pick = Command::Pick(Pick {
                        control: control.clone(),
                        value: value.clone(),
                    });
                    let next = app.handle(&actor(&who), pick);
                    assert!(next[0].menu().is_some(), "{}", next[0].text);
                    next
                })
            });
        }
        drop(app);
        // The first keystroke at a position: a restarted process lists it afresh.
        group.bench_function(format!("{}/first_keystroke", w.name), |b| {
            b.iter_batched(
                || {
                    let time = Arc::clone(&clock);
                    App::new(
                        Ledger::open(&db, Durability::Normal).unwrap(),
                        Settings::default(),
                        Arc::new(move || time.fetch_add(60, Ordering::Relaxed)),
                    )
                },
                |app| app.autocomplete(&actor(&who), w.typed),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

criterion_group!(answers, benches);
criterion_main!(answers);
