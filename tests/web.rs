//! The live pages and the operator's endpoints of `holotable console --web`, over real
//! sockets: a table's page follows a console game, unknown tokens reveal nothing, bad
//! requests are answered and change nothing, `/metrics` counts, and `/healthz` follows the
//! database.

mod common;
#[path = "common/pg.rs"]
mod pg;
#[path = "common/web.rs"]
mod web;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::Value;
use web::{board_file, first_choice, watch_url, WebConsole};

fn client() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

fn get(url: &str) -> (u16, String) {
    let response = client().get(url).send().unwrap();
    let status = response.status().as_u16();
    (status, response.text().unwrap())
}

/// A table of Dejarik between alice and bob, started: the console and the page's URL.
fn started_table(name: &str) -> (WebConsole, String) {
    started_table_with(name, &[])
}

/// [`started_table`] with `HOLOTABLE_WEB__…` settings.
fn started_table_with(name: &str, env: &[(&str, &str)]) -> (WebConsole, String) {
    let dir = common::workdir(name);
    let db = dir.join("t.db");
    let mut console = WebConsole::start_with(&dir, db.to_str().unwrap(), env);
    console.say("alice: /play game:dejarik opponent:bob wager:100");
    let replies = console.say("bob: [Accept]");
    let url = watch_url(&replies).expect("the first board links to its live page");
    assert!(url.starts_with(&console.base), "{url}");
    (console, url)
}

/// The events of a page's stream, as (event, data), read on a thread of their own.
fn events(url: &str) -> Receiver<(String, Value)> {
    let response = reqwest::blocking::Client::new().get(url).send().unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(
        response.headers()["content-type"].to_str().unwrap(),
        "text/event-stream"
    );
    let (sent, received) = channel();
    std::thread::spawn(move || {
        let mut event = String::new();
        for line in BufReader::new(response).lines().map_while(Result::ok) {
            if let Some(name) = line.strip_prefix("event: ") {
                event = name.to_string();
            } else if let Some(data) = line.strip_prefix("data: ") {
                let data = serde_json::from_str(data).unwrap();
                if sent.send((std::mem::take(&mut event), data)).is_err() {
                    break;
                }
            }
        }
    });
    received
}

/// The first `update` at or past `turn`.
fn update_at(events: &Receiver<(String, Value)>, turn: i64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let (event, data) = events
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("no update for turn {turn}"));
        if event == "update" && data["turn"].as_i64().unwrap() >= turn {
            return data;
        }
    }
}

#[test]
fn a_seat_shows_the_set_its_player_wears() {
    let lang = holotable::words::Lang::En;
    let (mut console, url) = started_table("web-looks");
    let bought = console.say("bob: /buy item:kyber");
    assert!(bought[0]["text"]
        .as_str()
        .unwrap()
        .contains("bob buys Kyber"));
    let kyber = match holotable::table::wares::find(lang, "kyber").unwrap().look {
        holotable::table::wares::Look::Set(set) => set,
        holotable::table::wares::Look::Theme(_) => unreachable!(),
    };
    let (status, page) = get(&url);
    assert_eq!(status, 200);
    let swatch = format!(
        "background:{};border-color:{}",
        kyber.face.css(),
        kyber.edge.css()
    );
    assert!(page.contains(&swatch), "{swatch} not in the page");
    assert!(
        page.contains("background:#f4ecd8"),
        "alice keeps White's colours"
    );
}

#[test]
fn the_table_page_follows_a_console_game_move_by_move() {
    let (mut console, url) = started_table("web-follow");
    // carol, watching, backs bob before the first move: the page shows the pool.
    console.say("carol: /bet seat:2 amount:70");
    let (status, page) = get(&url);
    assert_eq!(status, 200);
    for needle in [
        "<html lang=\"en\">",
        "alice",
        "bob",
        "data-turn=\"0\"",
        "alice to move",
        "Each player stakes 100 credits",
        // The seats with the colours of their pieces on the board.
        "seat 1, White",
        "seat 2, Black",
        "background:#f4ecd8",
        "Side bets: 70 credits in the pool",
        "backed with 70 credits",
    ] {
        assert!(page.contains(needle), "{needle} not in the page");
    }
    let token = url.rsplit('/').next().unwrap();
    let updates = events(&format!("{url}/events?lang=en-US&turn=0"));

    // Each move reaches the open stream, told in words, with the board the channel got.
    for turn in 1..=4 {
        let mover = if turn % 2 == 1 { "alice" } else { "bob" };
        let shown = console.say(&format!("{mover}: /board"));
        let action = first_choice(&shown);
        let (replies, _stored) = console.play(&format!("{mover}: /move action:{action}"));
        let update = update_at(&updates, turn);
        assert_eq!(update["steps"], turn);
        let last = update["tail"].as_array().unwrap().last().unwrap();
        let last = last.as_str().unwrap();
        assert!(
            last.contains(mover),
            "the move is told with its player: {last}"
        );
        assert!(
            update["seats"].as_str().unwrap().contains("to-act"),
            "{update}"
        );
        // The board of the page is the very image the channel got for this move.
        let version = update["v"].as_str().unwrap();
        let png = client()
            .get(console.url(&format!(
                "/t/{token}/board/1/{turn}.png?lang=en-US&v={version}"
            )))
            .send()
            .unwrap();
        assert_eq!(png.status().as_u16(), 200);
        let bytes = png.bytes().unwrap();
        let channel = std::fs::read(board_file(&replies).expect("a board")).unwrap();
        assert_eq!(bytes.as_ref(), channel.as_slice(), "turn {turn}");
        let decoded = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()))
            .read_info()
            .unwrap();
        assert!(decoded.info().width >= 600);
    }

    // Earlier steps stay reachable for the replay slider; past the end, nothing.
    let (status, _) = get(&console.url(&format!("/t/{token}/board/1/0.png")));
    assert_eq!(status, 200);
    let (status, _) = get(&console.url(&format!("/t/{token}/board/1/99.png")));
    assert_eq!(status, 404);
    let (status, _) = get(&console.url(&format!("/t/{token}/board/2/0.png")));
    assert_eq!(status, 404);

    // French for a French browser.
    let french = client()
        .get(&url)
        .header("Accept-Language", "fr-FR,fr;q=0.9,en;q=0.5")
        .send()
        .unwrap()
        .text()
        .unwrap();
    assert!(french.contains("<html lang=\"fr\">"));
    assert!(french.contains("Coups"));
    assert!(french.contains("place 1, Blancs"));
    assert!(french.contains("Chaque joueur mise 100 crédits"));

    // The operator sees the game in the counters, on a listener of its own: the public one
    // has no /metrics.
    let (status, _) = get(&console.url("/metrics"));
    assert_eq!(status, 404);
    let (status, metrics) = get(&console.operator_url("/metrics"));
    assert_eq!(status, 200);
    let count = |prefix: &str| -> f64 {
        metrics
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("{prefix} not in /metrics:\n{metrics}"))
            .rsplit(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(count("holotable_interactions_total{command=\"move\",outcome=\"ok\"}") >= 4.0);
    assert!(count("holotable_interactions_total{command=\"play\",outcome=\"ok\"}") >= 1.0);
    // Each board is drawn once for the channel and the page: the start (before anyone
    // watched), the start again for the page, then per turn `/board` (none for the first,
    // whose board the page has) and the move's board, which the page takes from the channel.
    // Drawing apart would make 14; 10 allows the page's first drawing to race `/board`.
    let drawn = count("holotable_board_render_seconds_count{where=\"table\"}");
    assert!((9.0..=10.0).contains(&drawn), "{drawn} boards drawn");
    assert!(count("holotable_db_seconds_count{op=\"write\"}") >= 4.0);
    assert_eq!(count("holotable_active_tables"), 1.0);
    assert_eq!(count("holotable_spectators"), 1.0);
    let (status, body) = get(&console.url("/healthz"));
    assert_eq!((status, body.as_str()), (200, "ok\n"));
}

#[test]
fn unknown_and_malformed_tokens_answer_404_and_reveal_nothing() {
    let (console, url) = started_table("web-tokens");
    let token = url.rsplit('/').next().unwrap().to_string();
    let unknown = "0123456789abcdef0123456789abcdef";
    let (_, reference) = get(&console.url(&format!("/t/{unknown}")));
    let bad = [
        format!("/t/{unknown}"),
        "/t/1".to_string(),
        format!("/t/{}", token.to_uppercase()),
        format!("/t/{token}0"),
        "/t/..%2F..%2Fetc%2Fpasswd".to_string(),
        format!("/t/%00{}", &token[1..]),
        format!("/t/{unknown}/events"),
        format!("/t/{unknown}/board/1/0.png"),
        format!("/t/{token}/board/1/x.png"),
        format!("/t/{token}/board/x/0.png"),
        format!("/t/{token}/board/1/-1.png"),
        format!("/t/{token}/board/1/99999999999999999999999.png"),
        "/t".to_string(),
        "/nothing".to_string(),
    ];
    for path in &bad {
        let (status, body) = get(&console.url(path));
        assert_eq!(status, 404, "{path}");
        if path.starts_with("/t/") && !path.contains("/board/") && !path.ends_with("/events") {
            assert_eq!(
                body, reference,
                "{path}: the same page for every unknown table"
            );
        }
        assert!(!body.contains("alice"), "{path}");
    }
    // The real token still opens the table.
    assert_eq!(get(&url).0, 200);
}

/// Sends raw bytes and returns the status line (empty if the server closed the socket).
fn raw(addr: &str, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let _ = stream.write_all(request);
    let mut status = String::new();
    let _ = BufReader::new(&mut stream).read_line(&mut status);
    status
}

#[test]
fn bad_requests_and_dropped_connections_leave_the_server_answering() {
    // Two thousand spectators from one address: past the defaults' caps (tests/web_limits.rs
    // holds those), raised here to see every one of them answered and then let go.
    let (mut console, url) = started_table_with(
        "web-abuse",
        &[
            ("HOLOTABLE_WEB__MAX_CONNECTIONS_PER_ADDRESS", "4000"),
            ("HOLOTABLE_WEB__MAX_CONNECTIONS", "4000"),
            ("HOLOTABLE_WEB__MAX_SPECTATORS", "4000"),
            ("HOLOTABLE_WEB__MAX_SPECTATORS_PER_TABLE", "4000"),
        ],
    );
    let addr = console.base.trim_start_matches("http://").to_string();
    let path = url.trim_start_matches(&console.base).to_string();

    // An oversized request is refused, and so is a request that is not HTTP.
    let huge = format!(
        "GET {path} HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
        "a".repeat(1 << 20)
    );
    let status = raw(&addr, huge.as_bytes());
    assert!(
        status.is_empty() || status.starts_with("HTTP/1.1 431"),
        "{status}"
    );
    let status = raw(&addr, b"\x16\x03\x01\x02\x00garbage\r\n\r\n");
    assert!(
        status.is_empty() || status.starts_with("HTTP/1.1 400"),
        "{status}"
    );

    // Two thousand spectators arrive and vanish at once.
    let request = format!("GET {path}/events HTTP/1.1\r\nHost: x\r\n\r\n");
    let mut streams = Vec::new();
    for _ in 0..2000 {
        let mut stream = TcpStream::connect(&addr).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        streams.push(stream);
    }
    for stream in &mut streams {
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut first = [0u8; 12];
        stream.read_exact(&mut first).unwrap();
        assert_eq!(&first, b"HTTP/1.1 200");
    }
    drop(streams);

    // The game goes on, and every one of them is gone from the count.
    let action = first_choice(&console.say("alice: /board"));
    console.say(&format!("alice: /move action:{action}"));
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (_, metrics) = get(&console.operator_url("/metrics"));
        if metrics.lines().any(|l| l == "holotable_spectators 0") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "spectators left behind:\n{}",
            metrics
                .lines()
                .filter(|l| l.contains("spectators"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let (status, page) = get(&url);
    assert_eq!(status, 200);
    assert!(page.contains("data-turn=\"1\""));
}

#[test]
fn health_turns_503_while_postgresql_is_stopped_and_200_when_it_returns() {
    let Some(db) = pg::database("web_health") else {
        return;
    };
    let dir = common::workdir("web-health");
    let console = WebConsole::start(&dir, &db);
    let health = || get(&console.operator_url("/healthz"));
    let public = || get(&console.url("/healthz"));
    assert_eq!(health(), (200, "ok\n".to_string()));
    assert_eq!(public(), (200, "ok\n".to_string()));
    let server = pg::server().unwrap();
    server.stop();
    let (status, why) = health();
    assert_eq!(status, 503, "{why}");
    assert!(why.starts_with("database: "), "{why}");
    // The public check says only that it is not ok: the reason is the operator's.
    assert_eq!(public(), (503, "unavailable\n".to_string()));
    server.restart();
    let deadline = Instant::now() + Duration::from_secs(30);
    while health().0 != 200 {
        assert!(Instant::now() < deadline, "still unhealthy: {}", health().1);
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_servers_lobby_lists_its_tables_only_while_its_admin_keeps_it_on() {
    let (mut console, url) = started_table("web-lobby");
    // Only an admin turns it on, and only with 0 or 1.
    let refused = console.say("alice: /admin action:set setting:web_lobby value:1");
    assert_eq!(refused[0]["ephemeral"], true);
    let refused = console.say("admin: /admin action:set setting:web_lobby value:2");
    assert!(refused[0]["text"]
        .as_str()
        .unwrap()
        .contains("web_lobby takes 1"));
    let on = console.say("admin: /admin action:set setting:web_lobby value:1");
    let text = on[0]["text"].as_str().unwrap();
    let lobby = text
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect("the lobby's address")
        .to_string();
    assert!(
        lobby.starts_with(&format!("{}/s/", console.base)),
        "{lobby}"
    );
    let (status, page) = get(&lobby);
    assert_eq!(status, 200);
    let table_path = url.trim_start_matches(&console.base);
    assert!(page.contains(&format!("href=\"{table_path}\"")), "{page}");
    assert!(page.contains("alice") && page.contains("bob"));
    assert!(page.contains("alice to move"));
    // A table in a channel nobody opened to the web is not on the page (issue 52).
    console.switch("staff");
    console.say("carol: /play game:dejarik opponent:dave");
    console.say("dave: [Accept]");
    // (The credits leaderboard is the server's and names every member; the tables are
    // the opened channels'.)
    let (_, page) = get(&lobby);
    assert!(!page.contains("Dejarik #2"), "{page}");
    // Opened there too, it is.
    console.say("admin: /admin action:set setting:web_lobby value:1");
    let (_, page) = get(&lobby);
    assert!(page.contains("Dejarik #2"), "{page}");
    console.say("admin: /admin action:set setting:web_lobby value:0");
    let (status, page) = get(&lobby);
    assert_eq!(status, 200, "general is still open");
    assert!(!page.contains("Dejarik #2"), "{page}");
    console.switch("general");
    // Off: the same address opens nothing.
    console.say("admin: /admin action:set setting:web_lobby value:0");
    assert_eq!(get(&lobby).0, 404);
}

/// Two processes on one PostgreSQL database, each with its pages: a move made in one
/// (typed, or played on its seat's page) reaches the other's page within a second — told
/// by `NOTIFY`, since a page hearing nothing reads its table again only every 30 s.
#[test]
fn a_move_in_one_process_reaches_the_pages_of_another_at_once_on_postgresql() {
    let Some(db) = pg::database("web_notify") else {
        return;
    };
    let dir = common::workdir("web-notify");
    let mut one = WebConsole::start(&dir.join("one").tap_dir(), &db);
    let other = WebConsole::start(&dir.join("other").tap_dir(), &db);
    one.say("alice: /play game:dejarik opponent:bob wager:100");
    let replies = one.say("bob: [Accept]");
    let url = watch_url(&replies).unwrap();
    let token = url.rsplit('/').next().unwrap();
    // The same table's page, served by the other process.
    let there = other.url(&format!("/t/{token}"));
    assert_eq!(get(&there).0, 200);
    let updates = events(&format!("{there}/events?lang=en-US&turn=0"));
    // The stream is open: its first update (the table as it stands) has come.
    update_at(&updates, 0);
    for turn in 1..=2 {
        let mover = if turn == 1 { "alice" } else { "bob" };
        let action = first_choice(&one.say(&format!("{mover}: /board")));
        let (_, stored) = one.play(&format!("{mover}: /move action:{action}"));
        let update = update_at(&updates, turn);
        let late = stored.elapsed();
        eprintln!("turn {turn} reached the other process's page {late:?} after it was stored");
        assert_eq!(update["turn"], turn);
        assert!(late < Duration::from_secs(1), "{late:?}: not told, polled");
    }
}

trait TapDir {
    fn tap_dir(self) -> Self;
}

impl TapDir for std::path::PathBuf {
    /// The directory, made.
    fn tap_dir(self) -> Self {
        std::fs::create_dir_all(&self).unwrap();
        self
    }
}
