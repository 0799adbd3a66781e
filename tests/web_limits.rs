//! The live pages against slow and many clients (issue 52), over real sockets: more slow
//! connections than the caps from one address, and the pages still answer everyone else;
//! the slow ones are closed by the header timeout; spectators are capped per table.

mod common;
#[path = "common/web.rs"]
mod web;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use web::{watch_url, WebConsole};

fn get(url: &str) -> (u16, String) {
    let response = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap()
        .get(url)
        .send()
        .unwrap();
    let status = response.status().as_u16();
    (status, response.text().unwrap())
}

/// A connection to `to` from the loopback address `from`, which sends the start of a
/// request's head and then nothing (a slowloris).
fn slow(from: &str, to: SocketAddr) -> Option<TcpStream> {
    let socket = socket(from).ok()?;
    let mut stream = socket.connect(to).ok()?;
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        .ok()?;
    Some(stream)
}

/// A socket bound to `from` before it connects (std's `TcpStream` cannot bind first).
fn socket(from: &str) -> std::io::Result<Bound> {
    Ok(Bound(from.parse::<SocketAddr>().unwrap()))
}

struct Bound(SocketAddr);

impl Bound {
    fn connect(self, to: SocketAddr) -> std::io::Result<TcpStream> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        runtime.block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind(self.0)?;
            let stream = socket.connect(to).await?;
            stream.into_std()
        })
    }
}

/// Whether the server has closed `stream` (it reads the end, or an error).
fn closed(stream: &mut TcpStream) -> bool {
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let mut buf = [0u8; 256];
    match stream.read(&mut buf) {
        Ok(0) => true,
        // The server may answer 408 before it closes.
        Ok(_) => stream.read(&mut buf).map_or(true, |n| n == 0),
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ),
    }
}

#[test]
fn more_slow_connections_than_the_caps_do_not_stop_the_pages() {
    let dir = common::workdir("web-slow");
    let db = dir.join("t.db");
    let mut console = WebConsole::start_with(
        &dir,
        db.to_str().unwrap(),
        &[
            ("HOLOTABLE_WEB__MAX_CONNECTIONS", "60"),
            ("HOLOTABLE_WEB__MAX_CONNECTIONS_PER_ADDRESS", "20"),
        ],
    );
    console.say("alice: /play game:dejarik opponent:bob");
    let url = watch_url(&console.say("bob: [Accept]")).expect("a live page");
    let to: SocketAddr = console.base.trim_start_matches("http://").parse().unwrap();

    // One address opens three hundred slow connections, five times the whole cap.
    let mut held: Vec<TcpStream> = (0..300).filter_map(|_| slow("127.0.0.2:0", to)).collect();
    assert!(held.len() >= 250, "only {} connected", held.len());
    std::thread::sleep(Duration::from_millis(500));
    let open = held.iter_mut().map(closed).filter(|c| !c).count();
    assert!(open <= 20, "{open} slow connections kept from one address");

    // Everyone else is answered at once, again and again.
    for _ in 0..20 {
        let started = Instant::now();
        let (status, page) = get(&url);
        assert_eq!(status, 200);
        assert!(page.contains("data-turn"), "{page}");
        assert!(started.elapsed() < Duration::from_secs(2));
    }
    // And the slow ones still there are closed once their headers are late (10 s).
    let deadline = Instant::now() + Duration::from_secs(20);
    while held.iter_mut().map(closed).any(|c| !c) {
        assert!(Instant::now() < deadline, "slow connections never closed");
        std::thread::sleep(Duration::from_millis(500));
    }
    let (_, metrics) = get(&console.operator_url("/metrics"));
    let refused: f64 = metrics
        .lines()
        .find_map(|l| l.strip_prefix("holotable_web_connections_refused_total "))
        .expect("refusals counted")
        .parse()
        .unwrap();
    assert!(refused >= 230.0, "{refused} refused");
}

#[test]
fn spectators_of_one_table_are_capped() {
    let dir = common::workdir("web-spectators");
    let db = dir.join("t.db");
    let mut console = WebConsole::start_with(
        &dir,
        db.to_str().unwrap(),
        &[("HOLOTABLE_WEB__MAX_SPECTATORS_PER_TABLE", "3")],
    );
    console.say("alice: /play game:dejarik opponent:bob");
    let url = watch_url(&console.say("bob: [Accept]")).expect("a live page");
    let to = console.base.trim_start_matches("http://").to_string();
    let path = url.trim_start_matches(&console.base).to_string();
    let request = format!("GET {path}/events HTTP/1.1\r\nHost: x\r\n\r\n");
    let status = |stream: &mut TcpStream| {
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut head = [0u8; 12];
        stream.read_exact(&mut head).unwrap();
        String::from_utf8_lossy(&head).to_string()
    };
    let mut watching = Vec::new();
    for _ in 0..3 {
        let mut stream = TcpStream::connect(&to).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        assert_eq!(status(&mut stream), "HTTP/1.1 200");
        watching.push(stream);
    }
    let mut fourth = TcpStream::connect(&to).unwrap();
    fourth.write_all(request.as_bytes()).unwrap();
    assert_eq!(status(&mut fourth), "HTTP/1.1 503");
    // The page itself still answers, and a place comes back when a spectator leaves.
    assert_eq!(get(&url).0, 200);
    drop(watching.pop());
    // The server lets go of a spectator when its stream next fails (within two of the
    // stream's 15 s keep-alive comments).
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        let mut again = TcpStream::connect(&to).unwrap();
        again.write_all(request.as_bytes()).unwrap();
        if status(&mut again) == "HTTP/1.1 200" {
            break;
        }
        assert!(Instant::now() < deadline, "the place never came back");
        std::thread::sleep(Duration::from_millis(300));
    }
}
