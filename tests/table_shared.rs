//! Several bot processes on one database (docs/CONTRACT.md P-10), each an `App` with its own
//! ledger connection: what one does, the others see; when they race for the same table,
//! one wins and the others are told so in words, on SQLite and on PostgreSQL.

use holotable::table::commands::Press;
use std::collections::BTreeMap;
use std::sync::{Arc, Barrier};

use holotable::table::{commands, Actor, App, Command, Reply, Settings};

#[macro_use]
#[path = "common/db.rs"]
mod db;
use db::Db;

const GUILD: &str = "g";

fn app(db: &Db) -> App {
    App::new(
        db.open(),
        Settings::default(),
        Arc::new(holotable::ledger::now),
    )
}

fn actor(user: &str, channel: &str) -> Actor {
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    Actor {
        guild: GUILD.into(),
        channel: channel.into(),
        parent: None,
        user: user.into(),
        name: user.into(),
        interaction: format!("i{n}"),
        admin: false,
        lang: Default::default(),
        joined: None,
        created: None,
    }
}

/// A command as typed in the console: `/play game:dejarik opponent:bob`.
fn command(line: &str) -> Command {
    let lang = holotable::words::Lang::En;
    let mut words = line.split_whitespace();
    let name = words.next().unwrap().trim_start_matches('/');
    let options: BTreeMap<String, String> = words
        .map(|w| {
            let (k, v) = w.split_once(':').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect();
    commands::parse(lang, name, &options).unwrap()
}

fn run(app: &App, user: &str, channel: &str, line: &str) -> Vec<Reply> {
    app.handle(&actor(user, channel), command(line))
}

fn press(app: &App, user: &str, channel: &str, reply: &Reply, label: &str) -> Vec<Reply> {
    let button = reply
        .buttons()
        .find(|b| b.label.tell(reply.lang) == label)
        .unwrap_or_else(|| panic!("no [{label}] on {:?}", reply.text));
    app.handle(
        &actor(user, channel),
        Command::Press(Press {
            control: button.control.clone(),
        }),
    )
}

fn credits(app: &App, user: &str) -> i64 {
    app.ledger().balance(GUILD, user).unwrap().credits
}

/// A wagered Dejarik table between alice and bob, started, in `channel`.
fn started_table(app: &App, channel: &str, line: &str) {
    let challenge = run(app, "alice", channel, line);
    let begun = press(app, "bob", channel, &challenge[0], "Accept");
    assert!(!begun[0].ephemeral, "{}", begun[0].text);
}

/// `line` by `user` from `processes` apps at once; every reply of each.
fn race(apps: &[App], user: &str, channel: &str, lines: &[&str]) -> Vec<Vec<Reply>> {
    let barrier = Barrier::new(apps.len());
    std::thread::scope(|s| {
        let handles: Vec<_> = apps
            .iter()
            .zip(lines.iter().cycle())
            .map(|(app, line)| {
                let barrier = &barrier;
                s.spawn(move || {
                    barrier.wait();
                    run(app, user, channel, line)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

fn resignations_race_and_the_end_is_announced_once(db: &Db) {
    let apps: Vec<App> = (0..4).map(|_| app(db)).collect();
    for round in 0..4 {
        let channel = format!("c{round}");
        started_table(
            &apps[0],
            &channel,
            "/play game:dejarik opponent:bob wager:100",
        );
        let replies = race(&apps, "bob", &channel, &["/resign"]);
        let announced: Vec<&Reply> = replies.iter().flatten().filter(|r| !r.ephemeral).collect();
        assert_eq!(announced.len(), 1, "{replies:?}");
        assert!(
            announced[0].text.contains("alice wins"),
            "{}",
            announced[0].text
        );
        for reply in replies.iter().flatten().filter(|r| r.ephemeral) {
            assert!(
                reply.text.contains("has ended in the meantime")
                    || reply.text.contains("There is no table"),
                "{}",
                reply.text
            );
        }
    }
    assert_eq!(credits(&apps[1], "alice"), 1000 + 4 * 100);
    assert_eq!(credits(&apps[2], "bob"), 1000 - 4 * 100);
    assert!(apps[3].ledger().audit().unwrap().ok);
}

fn racing_moves_apply_one_and_tell_the_others_in_words(db: &Db) {
    let apps: Vec<App> = (0..3).map(|_| app(db)).collect();
    for round in 0..4 {
        let channel = format!("m{round}");
        started_table(&apps[0], &channel, "/play game:dejarik opponent:bob");
        let replies = race(
            &apps,
            "alice",
            &channel,
            &[
                "/move action:o5-i5",
                "/move action:o6-i6",
                "/move action:o7-i7",
            ],
        );
        let played = replies.iter().flatten().filter(|r| !r.ephemeral).count();
        assert_eq!(played, 1, "{replies:?}");
        for reply in replies.iter().flatten().filter(|r| r.ephemeral) {
            // Told who is to move now, or that the table moved on: never the ledger's
            // bookkeeping ("the next action is number 2").
            assert!(
                reply.text.contains("It is bob's turn") || reply.text.contains("moved on"),
                "{}",
                reply.text
            );
        }
        let row = apps[0]
            .ledger()
            .active_table(GUILD, &channel)
            .unwrap()
            .unwrap();
        assert_eq!(row.turn, 1, "one move recorded");
    }
}

fn a_challenge_is_answered_through_another_process_after_board(db: &Db) {
    let first = app(db);
    let challenge = run(
        &first,
        "alice",
        "c",
        "/play game:backgammon opponent:bob wager:50 to:3",
    );
    assert!(
        challenge[0].text.contains("a match to 3 points"),
        "{}",
        challenge[0].text
    );
    // Another process never showed the challenge: /board shows it again, with its buttons.
    let second = app(db);
    let shown = run(&second, "bob", "c", "/board");
    assert!(!shown[0].ephemeral);
    assert!(
        shown[0].text.contains("alice challenges bob"),
        "{}",
        shown[0].text
    );
    let begun = press(&second, "bob", "c", &shown[0], "Accept");
    assert!(!begun[0].ephemeral, "{}", begun[0].text);
    assert_eq!(credits(&first, "bob"), 950);
}

fn a_resigned_per_point_series_counts_the_game_at_its_full_value(db: &Db) {
    let app = app(db);
    started_table(
        &app,
        "c",
        "/play game:dejarik opponent:bob per_point:10 to:3",
    );
    let resigned = run(&app, "bob", "c", "/resign");
    let text = &resigned[0].text;
    assert!(text.contains("full value (3 points)"), "{text}");
    assert!(text.contains("alice wins the series"), "{text}");
    assert!(text.contains("3–0"), "{text}");
    assert_eq!(credits(&app, "alice"), 1030);
    // /stats counts the series' payments and its points.
    let alice = run(&app, "alice", "c", "/stats");
    assert!(alice[0].text.contains("3 points"), "{}", alice[0].text);
    assert!(
        alice[0].text.contains("net +30 credits"),
        "{}",
        alice[0].text
    );
    let bob = run(&app, "bob", "c", "/stats");
    assert!(bob[0].text.contains("net -30 credits"), "{}", bob[0].text);
}

fn a_per_point_series_needs_a_point_of_credits_from_each_player(db: &Db) {
    let app = app(db);
    run(&app, "bob", "c", "/balance");
    run(&app, "bob", "c", "/give user:carol amount:995");
    let challenge = run(
        &app,
        "alice",
        "c",
        "/play game:dejarik opponent:bob per_point:10",
    );
    let refused = press(&app, "bob", "c", &challenge[0], "Accept");
    assert!(refused[0].ephemeral);
    assert!(
        refused[0]
            .text
            .contains("bob has 5 credits, less than one point"),
        "{}",
        refused[0].text
    );
    assert_eq!(credits(&app, "bob"), 5);
}

on_both!(
    resignations_race_and_the_end_is_announced_once,
    racing_moves_apply_one_and_tell_the_others_in_words,
    a_challenge_is_answered_through_another_process_after_board,
    a_resigned_per_point_series_counts_the_game_at_its_full_value,
    a_per_point_series_needs_a_point_of_credits_from_each_player,
);
