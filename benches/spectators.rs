//! The live pages under load: many spectators on their tables' event streams while moves
//! are played. Two scenes: 1,000 spectators on one table, and 100 tables with 10 spectators
//! each.
//!
//! Measured, per scene:
//! - from the moment an action is stored (the application's change listener, called right
//!   after the ledger's commit) to the moment its update reaches a spectator: p50 and p99
//!   over every delivery, and over "every spectator of the table has it";
//! - the process's resident memory with the spectators connected, less before: an upper
//!   bound of the bot's memory per connection (the spectators' own tasks live in this
//!   process too).
//!
//! The application and its web server run in this process, on a real SQLite file and real
//! loopback sockets; the spectators are plain TCP clients reading the event stream.
//!
//! `cargo bench --bench spectators` (environment: `BENCH_MOVES`, moves per table, default
//! 30).

use holotable::table::commands::{Pick, Press};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use holotable::front::web::Web;
use holotable::ledger::{Durability, Ledger};
use holotable::table::{commands, Actor, App, Command, Reply, Settings};
use rand::{Rng, SeedableRng};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// When each (table, turn) was stored.
type Stored = Arc<Mutex<HashMap<(i64, i64), Instant>>>;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn actor(channel: &str, user: &str, n: usize) -> Actor {
    Actor {
        guild: "g".into(),
        channel: channel.into(),
        parent: None,
        user: user.into(),
        name: user.into(),
        interaction: format!("{channel}-{user}-{n}"),
        admin: false,
        lang: Default::default(),
        joined: None,
        created: None,
    }
}

/// One table of Dejarik between two players of its own channel.
struct Table {
    id: i64,
    channel: String,
    token: String,
    shown: Reply,
    over: bool,
}

fn open(app: &App, i: usize) -> Table {
    let lang = holotable::words::Lang::En;
    let channel = format!("c{i}");
    let (a, b) = (format!("a{i}"), format!("b{i}"));
    let mut options = BTreeMap::new();
    options.insert("game".to_string(), "dejarik".to_string());
    options.insert("opponent".to_string(), b.clone());
    let play = commands::parse(lang, "play", &options).unwrap();
    let challenge = app.handle(&actor(&channel, &a, 0), play);
    let accept = challenge[0].buttons().next().unwrap().control.clone();
    let shown = app
        .handle(
            &actor(&channel, &b, 1),
            Command::Press(Press { control: accept }),
        )
        .pop()
        .unwrap();
    let row = app.ledger().active_table("g", &channel).unwrap().unwrap();
    Table {
        id: row.id,
        token: app.watch_token(row.id).unwrap(),
        channel,
        shown,
        over: false,
    }
}

/// Plays a random legal move at `table`, through the steps of its move menu; false once
/// the game is over.
fn play(app: &App, table: &mut Table, n: usize, rng: &mut impl Rng) -> bool {
    let Some(mut select) = table.shown.menu().cloned() else {
        table.over = true;
        return false;
    };
    let row = app.ledger().table(table.id).unwrap();
    let user = row.seats[(row.turn % 2) as usize].clone();
    loop {
        let choice = select.choices[rng.random_range(0..select.choices.len())].clone();
        let pick = Command::Pick(Pick {
            control: select.control.clone(),
            value: choice.value.clone(),
        });
        let replies = app.handle(&actor(&table.channel, &user, n), pick);
        let last = replies.into_iter().last().unwrap();
        match (last.menu(), last.ephemeral) {
            // A step: its player alone sees the next menu.
            (Some(next), true) => select = next.clone(),
            _ => {
                table.shown = last;
                return true;
            }
        }
    }
}

/// A spectator: reads its table's stream and reports the turn of every update it gets.
async fn spectate(
    addr: String,
    table: usize,
    token: String,
    seen: mpsc::UnboundedSender<(usize, i64, Instant)>,
) {
    let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let request = format!("GET /t/{token}/events?lang=en-US HTTP/1.1\r\nHost: bench\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut lines = BufReader::new(stream).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let Some(at) = line.find("\"turn\":") else {
            continue;
        };
        let rest = &line[at + 7..];
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if let Ok(turn) = rest[..end].parse() {
            if seen.send((table, turn, Instant::now())).is_err() {
                return;
            }
        }
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn scene(
    runtime: &tokio::runtime::Runtime,
    name: &str,
    tables: usize,
    per_table: usize,
    moves: usize,
) {
    let dir = std::env::temp_dir().join(format!(
        "holotable-spectators-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ledger = Ledger::open(&dir.join("bench.db"), Durability::Full).unwrap();
    let app = Arc::new(App::new(
        ledger,
        Settings::default(),
        Arc::new(holotable::ledger::now),
    ));
    let stored: Stored = Arc::default();
    {
        let stored = Arc::clone(&stored);
        let clock_app = Arc::downgrade(&app);
        app.on_change(Arc::new(move |table| {
            let at = Instant::now();
            if let Some(app) = clock_app.upgrade() {
                if let Ok(row) = app.ledger().table(table) {
                    stored
                        .lock()
                        .unwrap()
                        .entry((table, row.turn))
                        .or_insert(at);
                }
            }
        }));
    }
    let mut opened: Vec<Table> = (0..tables).map(|i| open(&app, i)).collect();

    let web = Web::new(Arc::clone(&app), None);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    runtime.spawn(web.clone().serve(listener, std::future::pending()));

    let before = rss_kib();
    let (seen_tx, mut seen) = mpsc::unbounded_channel();
    for (i, table) in opened.iter().enumerate() {
        for _ in 0..per_table {
            runtime.spawn(spectate(
                addr.clone(),
                i,
                table.token.clone(),
                seen_tx.clone(),
            ));
        }
    }
    drop(seen_tx);
    let everyone = tables * per_table;
    let deadline = Instant::now() + Duration::from_secs(60);
    while web.spectators() < everyone {
        assert!(
            Instant::now() < deadline,
            "{} of {everyone} connected",
            web.spectators()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    let after = rss_kib();
    // Drain what the connections brought (the first update of each table).
    runtime.block_on(async {
        while tokio::time::timeout(Duration::from_millis(300), seen.recv())
            .await
            .is_ok_and(|s| s.is_some())
        {}
    });

    // Moves, one table after the other, a move every 20 ms.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut played = 0;
    for round in 0..moves {
        for table in opened.iter_mut().filter(|t| !t.over) {
            if play(&app, table, round + 2, &mut rng) {
                played += 1;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    // Collect every delivery.
    let deliveries: Vec<(usize, i64, Instant)> = runtime.block_on(async {
        let mut all = Vec::new();
        while let Ok(Some(s)) = tokio::time::timeout(Duration::from_secs(2), seen.recv()).await {
            all.push(s);
        }
        all
    });
    let stored = stored.lock().unwrap();
    let mut each = Vec::new();
    let mut last_of: HashMap<(usize, i64), (Instant, usize)> = HashMap::new();
    for (table, turn, at) in &deliveries {
        let id = opened[*table].id;
        // An update carries the latest turn: it delivers every action stored since.
        if let Some(stored_at) = stored.get(&(id, *turn)) {
            each.push(at.duration_since(*stored_at).as_secs_f64() * 1000.0);
            let entry = last_of.entry((*table, *turn)).or_insert((*at, 0));
            entry.0 = entry.0.max(*at);
            entry.1 += 1;
        }
    }
    let mut everyone_has: Vec<f64> = last_of
        .iter()
        .filter(|(_, (_, n))| *n == per_table)
        .filter_map(|((table, turn), (at, _))| {
            let stored_at = stored.get(&(opened[*table].id, *turn))?;
            Some(at.duration_since(*stored_at).as_secs_f64() * 1000.0)
        })
        .collect();
    each.sort_by(f64::total_cmp);
    everyone_has.sort_by(f64::total_cmp);
    println!(
        "{name}: {tables} table(s) × {per_table} spectators, {played} moves stored; \
         {} deliveries: stored → spectator p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; \
         stored → every spectator of the table p50 {:.1} ms, p99 {:.1} ms ({} updates); \
         memory {:.1} MiB before, {:.1} MiB with them: {:.1} KiB per connection",
        each.len(),
        percentile(&each, 0.5),
        percentile(&each, 0.99),
        each.last().copied().unwrap_or(f64::NAN),
        percentile(&everyone_has, 0.5),
        percentile(&everyone_has, 0.99),
        everyone_has.len(),
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        (after.saturating_sub(before)) as f64 / everyone as f64
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    let moves = env_or("BENCH_MOVES", 30);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    scene(&runtime, "one table", 1, 1000, moves);
    scene(&runtime, "hundred tables", 100, 10, moves.min(10));
}
