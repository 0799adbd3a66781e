//! The live page in a real browser: Debian's headless Chromium, driven through ChromeDriver
//! (WebDriver) while a console game is played. The page must show every new position by
//! itself, without a reload, the board it shows must be the board the channel got, and a
//! French browser must read French.
//!
//! Without `chromium` and `chromedriver` the test says NOT RUN and passes, so that `cargo
//! test` needs nothing but cargo; with `HOLOTABLE_REQUIRE_BROWSER=1` (set by `.ci/run`,
//! which installs them) it fails instead.

#[path = "common/chromium.rs"]
mod chromium;
mod common;
#[path = "common/web.rs"]
mod web;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chromium::{browser, click, driver, try_click, until};
use fantoccini::{Client, Locator};
use serde_json::json;
use web::{board_file, first_choice, play_url, watch_url, WebConsole};

/// RGBA pixels of a PNG.
fn pixels(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes.to_vec()));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    buf.truncate(frame.buffer_size());
    let rgba = match frame.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::GrayscaleAlpha => buf
            .chunks(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    (frame.width, frame.height, rgba)
}

/// The share of pixels of `shot` that differ visibly from `board` (same size).
fn differing(shot: &(u32, u32, Vec<u8>), board: &(u32, u32, Vec<u8>)) -> f64 {
    assert_eq!(
        (shot.0, shot.1),
        (board.0, board.1),
        "the board is shown at its own size"
    );
    let count = shot
        .2
        .chunks(4)
        .zip(board.2.chunks(4))
        .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 24))
        .count();
    count as f64 / (shot.0 * shot.1) as f64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_shows_each_move_by_itself_and_its_board_is_the_channels() {
    let Some((_driver, webdriver)) = driver("live page") else {
        return;
    };
    let dir = common::workdir("browser");
    let db = dir.join("t.db");
    let profile = dir.join("profile");
    let mut console = tokio::task::block_in_place(|| {
        let mut console = WebConsole::start(&dir, db.to_str().unwrap());
        console.say("alice: /play game:dejarik opponent:bob wager:100");
        console
    });
    let replies = tokio::task::block_in_place(|| console.say("bob: [Accept]"));
    let url = watch_url(&replies).unwrap();
    let mut previous: PathBuf = board_file(&replies).unwrap().into();

    let client = browser(&webdriver, &profile, "en-US").await;
    client.goto(&url).await.unwrap();
    // The page counts itself once its stream is open.
    until(
        &client,
        "return document.getElementById('watchers').textContent",
        json!("1 watching"),
        Duration::from_secs(10),
    )
    .await;
    client
        .execute("window.notReloaded = true; return 0", vec![])
        .await
        .unwrap();

    for turn in 1..=3 {
        let mover = if turn % 2 == 1 { "alice" } else { "bob" };
        let (replies, stored) = tokio::task::block_in_place(|| {
            let action = first_choice(&console.say(&format!("{mover}: /board")));
            console.play(&format!("{mover}: /move action:{action}"))
        });
        // The new position is on the page within a second of being stored.
        until(
            &client,
            "return document.getElementById('live').dataset.turn",
            json!(turn.to_string()),
            Duration::from_secs(1).saturating_sub(stored.elapsed()),
        )
        .await;
        eprintln!(
            "turn {turn} shown {:?} after it was stored",
            stored.elapsed()
        );
        let script = format!(
            "var b = document.getElementById('board'); \
             return b.complete && b.naturalWidth > 0 && b.src.indexOf('/board/1/{turn}.png') > 0"
        );
        until(&client, &script, json!(true), Duration::from_secs(10)).await;
        // No reload: the page's own state survived the move.
        let kept = client
            .execute("return window.notReloaded === true", vec![])
            .await
            .unwrap();
        assert_eq!(kept, json!(true), "the page reloaded");
        let moves = client
            .execute(
                "return document.getElementById('moves').children.length",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(moves, json!(turn));

        // What the browser shows is the board the channel got, not the one before.
        let shot = client
            .find(Locator::Id("board"))
            .await
            .unwrap()
            .screenshot()
            .await
            .unwrap();
        let shot = pixels(&shot);
        let now_path: PathBuf = board_file(&replies).unwrap().into();
        let now = pixels(&std::fs::read(&now_path).unwrap());
        let before = pixels(&std::fs::read(&previous).unwrap());
        let (same, other) = (differing(&shot, &now), differing(&shot, &before));
        eprintln!("turn {turn}: {same:.4} differs from its board, {other:.4} from the one before");
        assert!(
            same < 0.002,
            "the page's board is not the channel's: {same}"
        );
        assert!(
            other > same,
            "the page still shows the board before the move"
        );
        previous = now_path;
    }
    let text = client
        .find(Locator::Id("moves"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains("alice") && text.contains("bob"), "{text}");
    if std::env::var("HOLOTABLE_SCREENSHOT").is_ok() {
        std::fs::write(
            std::env::var("HOLOTABLE_SCREENSHOT").unwrap(),
            client.screenshot().await.unwrap(),
        )
        .unwrap();
    }
    client.close().await.unwrap();

    // A French browser reads the page in French.
    let client = browser(&webdriver, &dir.join("profile-fr"), "fr-FR").await;
    client.goto(&url).await.unwrap();
    let lang = client
        .execute("return document.documentElement.lang", vec![])
        .await
        .unwrap();
    assert_eq!(lang, json!("fr"));
    let heading = client
        .find(Locator::Css("aside h2"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(heading.to_lowercase(), "coups");
    client.close().await.unwrap();
}

/// A table `start` opens between alice and bob, accepted, and each seat's own link (alice's
/// first), on a console with its pages.
fn seated(dir: &std::path::Path, db: &std::path::Path, start: &str) -> (WebConsole, Vec<String>) {
    let mut console = WebConsole::start(dir, db.to_str().unwrap());
    console.say(start);
    console.say("bob: [Accept]");
    let links = ["alice", "bob"]
        .iter()
        .map(|user| play_url(&console.say(&format!("{user}: [Play on the board]"))).unwrap())
        .collect();
    (console, links)
}

/// How many entries of the move menu a seat's page offers now.
const MENU: &str = "return document.querySelectorAll('#play .menu button').length";

/// Waits until one of `pages` offers a menu (its seat is to act); which one.
async fn page_to_act(pages: &[&Client]) -> usize {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        for (i, page) in pages.iter().enumerate() {
            if page.execute(MENU, vec![]).await.unwrap() != json!(0) {
                return i;
            }
        }
        assert!(Instant::now() < deadline, "no page offers a move");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Plays move number `pick` (modulo their number) of those the page lets its player touch
/// on the board: its first way, spot after spot, each clicked where the page lights it.
async fn touch_a_move(page: &Client, pick: usize) {
    let touch = page
        .execute(
            "var t = document.getElementById('touch'); \
             return t ? JSON.parse(t.dataset.touch) : null",
            vec![],
        )
        .await
        .unwrap();
    let moves = touch["moves"]
        .as_array()
        .expect("moves to touch on the board");
    let way = moves[pick % moves.len()][1][0]
        .as_str()
        .expect("moves to touch on the board")
        .to_string();
    for key in way.split(' ') {
        let spot = format!("#touch-layer path[data-key='{key}']");
        let lit = format!("return document.querySelector(\"{spot}\") !== null");
        until(page, &lit, json!(true), Duration::from_secs(5)).await;
        click(page, &spot).await;
    }
    // Played: the page offers nothing more at that turn (its player may be to move again
    // at the next one, after a forced pass).
    let moved_on = format!(
        "var p = document.getElementById('play'), t = document.getElementById('touch'); \
         return !p.classList.contains('busy') && p.querySelector('.notice') === null && \
           (t === null || JSON.parse(t.dataset.touch).turn !== {})",
        touch["turn"]
    );
    until(page, &moved_on, json!(true), Duration::from_secs(10)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_player_plays_their_seat_by_clicks_and_the_other_page_follows() {
    let Some((_driver, webdriver)) = driver("seat pages") else {
        return;
    };
    let dir = common::workdir("browser-seats");
    let db = dir.join("t.db");
    let (mut console, links) = tokio::task::block_in_place(|| {
        seated(
            &dir,
            &db,
            "alice: /play game:dejarik opponent:bob wager:100",
        )
    });
    let alice = browser(&webdriver, &dir.join("profile-a"), "en-US").await;
    let bob = browser(&webdriver, &dir.join("profile-b"), "en-US").await;
    alice.goto(&links[0]).await.unwrap();
    bob.goto(&links[1]).await.unwrap();
    let pages = [&alice, &bob];
    for ply in 1..=4 {
        let mover = page_to_act(&pages).await;
        let page = pages[mover];
        if ply % 2 == 1 {
            touch_a_move(page, 0).await;
        }
        // Entry after entry, the first that leads on, until the move is played.
        let mut clicks = 0;
        while ply % 2 == 0 && page.execute(MENU, vec![]).await.unwrap() != json!(0) {
            let before = page
                .execute("return document.getElementById('play').innerHTML", vec![])
                .await
                .unwrap();
            page.find(Locator::Css("#play .menu button.entry:not(.back)"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            clicks += 1;
            assert!(clicks < 10, "a move takes a few clicks, not {clicks}");
            let changed = format!(
                "return document.getElementById('play').innerHTML !== {}",
                serde_json::to_string(&before).unwrap()
            );
            until(page, &changed, json!(true), Duration::from_secs(10)).await;
        }
        let heard = tokio::task::block_in_place(|| console.heard(Duration::from_secs(30)));
        assert!(
            heard
                .iter()
                .any(|r| r["images"].as_array().is_some_and(|i| !i.is_empty())),
            "ply {ply}: the channel gets the board: {heard:?}"
        );
        // Both pages show the new position by themselves.
        for page in pages {
            until(
                page,
                "return document.getElementById('live').dataset.turn",
                json!(ply.to_string()),
                Duration::from_secs(5),
            )
            .await;
        }
    }
    // The pages as a phone and a desktop show them, for whoever looks.
    if let Ok(shots) = std::env::var("HOLOTABLE_SCREENSHOTS") {
        let mover = page_to_act(&pages).await;
        for (name, page) in [("to-act", pages[mover]), ("waiting", pages[1 - mover])] {
            for (size, (w, h)) in [("phone", (390, 844)), ("desktop", (1440, 900))] {
                page.set_window_size(w, h).await.unwrap();
                let png = page.screenshot().await.unwrap();
                std::fs::write(format!("{shots}/dejarik-{name}-{size}.png"), png).unwrap();
            }
        }
    }
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}

/// What a seat's page offers now, read in one go: its buttons' verbs, whether it lets its
/// player touch a move on the board, how many menu entries it shows, the table's status.
const OFFERED: &str = "var p = document.getElementById('play'); \
    return { busy: p.classList.contains('busy'), \
             verbs: Array.from(p.querySelectorAll('.actions button')).map(b => b.dataset.verb), \
             touch: document.getElementById('touch') !== null, \
             menu: p.querySelectorAll('.menu button.entry:not(.back)').length, \
             status: document.getElementById('live').dataset.status };";

/// One action on `page` if it offers any: the cube first (double once, then take), then
/// a roll, then a move touched on the board, else the menu's first entry or the first
/// button. What it did, or `None`.
async fn act_once(page: &Client, doubled: &mut bool, turns: &mut usize) -> Option<String> {
    let offered = page.execute(OFFERED, vec![]).await.unwrap();
    if offered["busy"] == json!(true) {
        return None;
    }
    let verbs: Vec<String> = serde_json::from_value(offered["verbs"].clone()).unwrap();
    let has = |verb: &str| verbs.iter().find(|v| v.ends_with(verb)).cloned();
    let press = |verb: String| async move {
        let css = format!("#play .actions button[data-verb='{verb}']");
        try_click(page, &css).await.then_some(verb)
    };
    if let (Some(double), false) = (has("double"), *doubled) {
        *doubled = true;
        return press(double).await;
    }
    if let Some(take) = has("take") {
        return press(take).await;
    }
    if let Some(roll) = has("roll") {
        return press(roll).await;
    }
    if offered["touch"] == json!(true) {
        // A varied game: not always the first move (Dejarik would repeat itself).
        touch_a_move(page, *turns * 7 + 3).await;
        *turns += 1;
        return Some("touch".into());
    }
    if offered["menu"] != json!(0) {
        let css = "#play .menu button.entry:not(.back)";
        return try_click(page, css).await.then(|| "menu".into());
    }
    match verbs.first() {
        Some(verb) => press(verb.clone()).await,
        None => None,
    }
}

/// Plays a started table to its end by clicks on its seats' pages alone; how many actions.
async fn play_to_the_end(pages: [&Client; 2], console: &mut WebConsole) -> usize {
    let mut doubled = false;
    let (mut actions, mut idle, mut turns) = (0, 0, 0);
    let finished = "return document.getElementById('live').dataset.status";
    loop {
        let status = pages[0].execute(finished, vec![]).await.unwrap();
        if status == json!("finished") {
            return actions;
        }
        let mut acted = false;
        for page in pages {
            if let Some(what) = act_once(page, &mut doubled, &mut turns).await {
                actions += 1;
                acted = true;
                eprintln!("action {actions}: {what}");
                // Let the page hear its answer before it is read again.
                until(
                    page,
                    "return document.getElementById('play').classList.contains('busy')",
                    json!(false),
                    Duration::from_secs(30),
                )
                .await;
            }
        }
        tokio::task::block_in_place(|| console.heard(Duration::from_millis(1)));
        idle = if acted { 0 } else { idle + 1 };
        assert!(idle < 400, "nothing to do on either page for 20 s");
        assert!(actions < 3_000, "the game does not end");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_of_dejarik_and_backgammon_are_played_by_clicks_alone() {
    let Some((_driver, webdriver)) = driver("whole games by clicks") else {
        return;
    };
    for (game, start) in [
        (
            "dejarik",
            "alice: /play game:dejarik opponent:bob wager:100 options:cap:30",
        ),
        (
            "backgammon",
            "alice: /play game:backgammon opponent:bob wager:100 to:2",
        ),
    ] {
        let dir = common::workdir(&format!("browser-whole-{game}"));
        let db = dir.join("t.db");
        let (mut console, links) = tokio::task::block_in_place(|| seated(&dir, &db, start));
        let alice = browser(&webdriver, &dir.join("profile-a"), "en-US").await;
        let bob = browser(&webdriver, &dir.join("profile-b"), "en-US").await;
        alice.goto(&links[0]).await.unwrap();
        bob.goto(&links[1]).await.unwrap();
        let actions = play_to_the_end([&alice, &bob], &mut console).await;
        eprintln!("{game}: played to its end in {actions} clicked actions");
        for page in [&alice, &bob] {
            let spent =
                "return document.getElementById('play').textContent.indexOf('plays no more') >= 0";
            until(page, spent, json!(true), Duration::from_secs(10)).await;
        }
        alice.close().await.unwrap();
        bob.close().await.unwrap();
        // The channel told the result and the money is whole.
        let balances = tokio::task::block_in_place(|| {
            [console.say("alice: /balance"), console.say("bob: /balance")]
        });
        eprintln!(
            "{game}: {:?}",
            balances
                .iter()
                .map(|b| b[0]["text"].clone())
                .collect::<Vec<_>>()
        );
        drop(console);
        common::audit_ok(&db);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_games_seat_page_offers_the_player_to_act_their_moves() {
    let Some((_driver, webdriver)) = driver("every game's seat page") else {
        return;
    };
    let shots = std::env::var("HOLOTABLE_SCREENSHOTS").ok();
    // Whether the first moves of each game (after a roll) are touched on the board.
    for (game, touched) in [
        ("dejarik", true),
        ("backgammon", true),
        ("kingdoms", true),
        // Zatak begins with each side's set-up: its faces are chosen from the menus.
        ("zatak", false),
        ("dzone", true),
    ] {
        let dir = common::workdir(&format!("browser-seat-{game}"));
        let db = dir.join("t.db");
        let (_console, links) = tokio::task::block_in_place(|| {
            seated(
                &dir,
                &db,
                &format!("alice: /play game:{game} opponent:bob wager:100"),
            )
        });
        let page = browser(&webdriver, &dir.join("profile"), "en-US").await;
        let mut seen = Vec::new();
        for link in &links {
            page.goto(link).await.unwrap();
            let offered = page.execute(OFFERED, vec![]).await.unwrap();
            let moves = offered["menu"] != json!(0);
            let acts = moves || offered["verbs"] != json!([]);
            if moves && touched {
                // The board lights what may be touched.
                let lit = "return document.querySelectorAll('#touch-layer path').length > 0";
                until(&page, lit, json!(true), Duration::from_secs(5)).await;
            }
            assert_eq!(
                offered["touch"] == json!(true),
                moves && touched,
                "{game}: {offered}"
            );
            seen.push(acts);
            if let Some(shots) = &shots {
                let name = if acts { "to-act" } else { "waiting" };
                for (size, (w, h)) in [("phone", (390, 844)), ("desktop", (1440, 900))] {
                    page.set_window_size(w, h).await.unwrap();
                    let png = page.screenshot().await.unwrap();
                    std::fs::write(format!("{shots}/{game}-{name}-{size}.png"), png).unwrap();
                }
            }
        }
        assert_eq!(
            seen.iter().filter(|&&a| a).count(),
            1,
            "{game}: one seat acts"
        );
        page.close().await.unwrap();
    }
}
