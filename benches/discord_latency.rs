//! Latency of the real bot under load: `holotable serve` (the release binary) against the
//! fake Discord of the test suite, with many tables playing Dejarik at once, each in its own
//! channel, through slash commands sent over the gateway websocket.
//!
//! Measured: from the moment the gateway event leaves the fake to the moment the bot's
//! interaction callback carrying the new board PNG arrives back at the fake (deferred
//! answers count until the edit with the image arrives).
//!
//! Two phases:
//! - **paced**: every table moves after a think time drawn uniformly in [0, 2·T] (T = 2 s by
//!   default), i.e. 200 tables offer ~100 moves/s, like busy servers of people;
//! - **saturation**: every table moves again as soon as its board arrives (closed loop), which
//!   gives the throughput ceiling of this machine.
//!
//! `cargo bench --bench discord_latency` (environment: `BENCH_TABLES`, default 200;
//! `BENCH_MOVES`, moves per table per phase, default 20; `BENCH_THINK_MS`, default 2000;
//! `BENCH_DATABASE=postgres` for the ledger on a PostgreSQL server the bench starts, durable
//! as a production server is; `BENCH_PROCESSES=N` for N bot processes, process k running
//! gateway shard k of N, the tables spread over N guilds, one per shard;
//! `BENCH_SPECTATORS=K` for K spectators on each table's live page, SQLite only (with
//! `BENCH_WATCHED_TABLES=W`, on the first W tables only);
//! `BENCH_DROID_TABLES=D` for a mixed load: the first D tables are played against the droid
//! at level 5 in the paced phase, and the line beginning `mixed` replaces the paced one: the
//! human tables' moves, then the droid's answers, from a human's move to the reply carrying
//! the droid's; the saturation phase plays the human tables only).

#[path = "../tests/fake_discord/mod.rs"]
mod fake_discord;

#[path = "../tests/common/pg.rs"]
mod pg;

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::{FakeDiscord, Request, APP_ID};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(60);

struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One table's players and channel.
struct Table {
    guild: String,
    channel: String,
    players: [(String, String); 2],
    /// Played against the droid (the second player is the bot itself).
    droid: bool,
}

/// The droid's level on the droid tables, and the time its answers must come within: the
/// level's budget (level 5 answers within 2 s) plus 1 s.
const DROID_LEVEL: u64 = 5;
const DROID_BAR: Duration = Duration::from_secs(3);

/// What a board reply says: who is to move and the moves offered in its menu.
struct Board {
    to_move: Option<usize>,
    moves: Vec<String>,
}

fn read_board(table: &Table, body: &Value) -> Board {
    let content = body["content"].as_str().unwrap_or("");
    let to_move = table
        .players
        .iter()
        .position(|(_, name)| content.contains(&format!("{name} to move")));
    let mut moves = Vec::new();
    for row in body["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            for o in c["options"].as_array().into_iter().flatten() {
                if let Some(v) = o["value"].as_str() {
                    moves.push(v.to_string());
                }
            }
        }
    }
    Board { to_move, moves }
}

/// Sends an interaction and waits for its answer with an image; returns the answer's body
/// and the latency.
async fn ask(fake: &FakeDiscord, id: u64, send: impl FnOnce(u64)) -> (Value, Duration, bool) {
    let callback = fake.expect("POST", &format!("/interactions/{id}/tok{id}/callback"));
    let edit = fake.expect(
        "PATCH",
        &format!("/webhooks/1000/tok{id}/messages/@original"),
    );
    let sent = Instant::now();
    send(id);
    let first = tokio::time::timeout(WAIT, callback)
        .await
        .expect("the bot answers")
        .expect("the fake runs");
    if first.json["type"] == 5 {
        let edited: Request = tokio::time::timeout(WAIT, edit)
            .await
            .expect("the deferred answer arrives")
            .expect("the fake runs");
        (edited.json.clone(), edited.at - sent, true)
    } else {
        (first.json["data"].clone(), first.at - sent, false)
    }
}

fn user(id: &str, name: &str) -> Value {
    json!({"id": id, "username": name, "discriminator": "0000"})
}

/// Opens and accepts the table (a droid table needs no Accept); returns its first board.
async fn open(fake: &FakeDiscord, ids: &AtomicU64, table: &Table) -> Value {
    let (a, b) = (&table.players[0], &table.players[1]);
    let (options, resolved) = if table.droid {
        (
            json!([{"name": "game", "type": 3, "value": "dejarik"},
                   {"name": "opponent", "type": 6, "value": APP_ID},
                   {"name": "wager", "type": 4, "value": 50},
                   {"name": "level", "type": 4, "value": DROID_LEVEL}]),
            json!({"users": {APP_ID: {"id": APP_ID, "username": "holotable",
                                      "discriminator": "0000", "bot": true}}}),
        )
    } else {
        (
            json!([{"name": "game", "type": 3, "value": "dejarik"},
                   {"name": "opponent", "type": 6, "value": b.0},
                   {"name": "wager", "type": 4, "value": 50}]),
            json!({"users": {b.0.clone(): user(&b.0, &b.1)}}),
        )
    };
    let (challenge, _, _) = ask(fake, ids.fetch_add(1, Ordering::Relaxed), |id| {
        fake.slash_at(
            &table.guild,
            &table.channel,
            id,
            (&a.0, &a.1),
            "play",
            options,
            resolved,
        )
    })
    .await;
    if table.droid {
        return challenge;
    }
    let accept = challenge["components"][0]["components"]
        .as_array()
        .and_then(|buttons| buttons.iter().find(|c| c["label"] == "Accept"))
        .and_then(|c| c["custom_id"].as_str())
        .unwrap_or_else(|| panic!("a challenge with Accept: {challenge}"))
        .to_string();
    let (board, _, _) = ask(fake, ids.fetch_add(1, Ordering::Relaxed), |id| {
        fake.component_at(&table.guild, &table.channel, id, (&b.0, &b.1), &accept, &[])
    })
    .await;
    board
}

struct Sample {
    latency: Duration,
    deferred: bool,
    /// A move at a droid table: its latency is the droid's answer time.
    droid: bool,
}

/// Plays up to `moves` moves at one table; returns one sample per move.
async fn play(
    fake: FakeDiscord,
    ids: Arc<AtomicU64>,
    table: Table,
    mut board: Value,
    moves: u64,
    think: Duration,
    seed: u64,
) -> (Vec<Sample>, Value, Table) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut samples = Vec::new();
    for _ in 0..moves {
        let state = read_board(&table, &board);
        let Some(seat) = state.to_move else { break };
        if state.moves.is_empty() {
            break;
        }
        if !think.is_zero() {
            let ms = rng.random_range(0..=2 * think.as_millis() as u64);
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
        let action = state.moves[rng.random_range(0..state.moves.len())].clone();
        let player = &table.players[seat];
        let (next, latency, deferred) = ask(&fake, ids.fetch_add(1, Ordering::Relaxed), |id| {
            fake.slash_at(
                &table.guild,
                &table.channel,
                id,
                (&player.0, &player.1),
                "move",
                json!([{"name": "action", "type": 3, "value": action}]),
                Value::Null,
            )
        })
        .await;
        samples.push(Sample {
            latency,
            deferred,
            droid: table.droid,
        });
        board = next;
    }
    (samples, board, table)
}

/// The latencies of `samples` in ms, sorted.
fn sorted_ms<'a>(samples: impl Iterator<Item = &'a Sample>) -> Vec<f64> {
    let mut ms: Vec<f64> = samples.map(|s| s.latency.as_secs_f64() * 1000.0).collect();
    ms.sort_by(|a, b| a.total_cmp(b));
    ms
}

/// `p50 … p90 … p99 … max …` of sorted latencies.
fn quantiles(ms: &[f64]) -> String {
    if ms.is_empty() {
        return "none".into();
    }
    let at = |q: f64| ms[((ms.len() as f64 - 1.0) * q).round() as usize];
    format!(
        "p50 {:>6.1}  p90 {:>6.1}  p99 {:>6.1}  max {:>6.1}",
        at(0.5),
        at(0.9),
        at(0.99),
        ms[ms.len() - 1]
    )
}

/// The phase's line; with droid tables, the human tables' moves on a line beginning
/// `mixed`, then the droid's answers.
fn report(phase: &str, samples: &[Sample], wall: Duration) {
    let human = sorted_ms(samples.iter().filter(|s| !s.droid));
    let droid = sorted_ms(samples.iter().filter(|s| s.droid));
    let deferred = samples.iter().filter(|s| s.deferred).count();
    let (phase, moves) = if droid.is_empty() {
        (phase.to_string(), "moves")
    } else {
        (
            format!("mixed {}", phase.trim_start_matches("paced ")),
            "human moves",
        )
    };
    let mut line = format!(
        "{phase:<11} {:>6} {moves} in {:>6.1} s = {:>6.1} moves/s | latency ms: {} | deferred {deferred}",
        human.len(),
        wall.as_secs_f64(),
        human.len() as f64 / wall.as_secs_f64(),
        quantiles(&human),
    );
    if !droid.is_empty() {
        let late = droid
            .iter()
            .filter(|&&ms| ms > DROID_BAR.as_secs_f64() * 1000.0)
            .count();
        line += &format!(
            " | droid answers {} (level {DROID_LEVEL}), ms: {} | over {} s: {late}",
            droid.len(),
            quantiles(&droid),
            DROID_BAR.as_secs()
        );
    }
    println!("{line}");
}

async fn phase(
    fake: &FakeDiscord,
    ids: &Arc<AtomicU64>,
    tables: Vec<(Table, Value)>,
    moves: u64,
    think: Duration,
    name: &str,
) -> Vec<(Table, Value)> {
    let started = Instant::now();
    let tasks: Vec<_> = tables
        .into_iter()
        .enumerate()
        .map(|(i, (table, board))| {
            tokio::spawn(play(
                fake.clone(),
                Arc::clone(ids),
                table,
                board,
                moves,
                think,
                i as u64 * 7919 + think.as_millis() as u64,
            ))
        })
        .collect();
    let mut samples = Vec::new();
    let mut tables = Vec::new();
    for task in tasks {
        let (s, board, table) = task.await.expect("a table task");
        samples.extend(s);
        tables.push((table, board));
    }
    report(name, &samples, started.elapsed());
    tables
}

/// The bot's resident memory now and at its peak, in MB (Linux `/proc`).
fn memory(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
            .map_or("?".to_string(), |kb| format!("{:.0} MB", kb / 1024.0))
    };
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count());
    let threads = status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .unwrap_or("?")
        .trim();
    // CPU time so far (user + system), from /proc/<pid>/stat, in clock ticks of 10 ms.
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after_name = stat.rsplit(')').next().unwrap_or("");
    let ticks: Vec<f64> = after_name
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|t| t.parse().ok())
        .collect();
    let cpu = ticks.iter().sum::<f64>() / 100.0;
    // The system part apart: on loopback, a socket write also does the receiving side's
    // work, which spectators on other machines would do on theirs.
    let system = ticks.get(1).copied().unwrap_or(0.0) / 100.0;
    format!(
        "bot memory: {} resident, {} peak; {threads} threads, {fds} open files; \
         cpu {cpu:.1} s ({system:.1} s system)",
        field("VmRSS:"),
        field("VmHWM:")
    )
}

/// Opens `per_table` event streams on the live page of each of the first `tables` tables
/// and keeps reading them. In life spectators are other machines: here they run on a
/// runtime of their own, on one thread in Linux's idle class (a core nothing else wants),
/// so their reading neither queues in front of the fake Discord's work nor takes the bot's
/// cores from it; the bot's own cost is what is measured.
async fn watch(
    db: &std::path::Path,
    port: u16,
    per_table: usize,
    tables: u64,
) -> tokio::runtime::Runtime {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .on_thread_start(|| {
            let param = libc::sched_param { sched_priority: 0 };
            // SAFETY: system calls on this thread alone; failing leaves it as it was.
            unsafe {
                if libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) != 0 {
                    libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 10);
                }
            }
        })
        .enable_all()
        .build()
        .unwrap();
    let tokens: Vec<String> = {
        let conn = rusqlite::Connection::open(db).unwrap();
        let mut query = conn
            .prepare(
                "SELECT watch_token FROM tables WHERE watch_token IS NOT NULL ORDER BY id LIMIT ?1",
            )
            .unwrap();
        let rows = query.query_map([tables as i64], |r| r.get(0)).unwrap();
        rows.map(Result::unwrap).collect()
    };
    let (ready, mut connected) = tokio::sync::mpsc::unbounded_channel();
    for token in &tokens {
        for _ in 0..per_table {
            let (token, ready) = (token.clone(), ready.clone());
            runtime.spawn(async move {
                let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
                    .await
                    .unwrap();
                let request = format!("GET /t/{token}/events HTTP/1.1\r\nHost: bench\r\n\r\n");
                stream.write_all(request.as_bytes()).await.unwrap();
                let mut lines = tokio::io::BufReader::new(stream).lines();
                let _ = ready.send(());
                while let Ok(Some(_)) = lines.next_line().await {}
            });
        }
    }
    for _ in 0..tokens.len() * per_table {
        connected.recv().await.unwrap();
    }
    println!(
        "{} spectators on the live pages of {} tables",
        tokens.len() * per_table,
        tokens.len()
    );
    runtime
}

fn main() {
    let tables = env_or("BENCH_TABLES", 200);
    let moves = env_or("BENCH_MOVES", 20);
    let think = Duration::from_millis(env_or("BENCH_THINK_MS", 2000));
    let processes = env_or("BENCH_PROCESSES", 1).max(1) as u32;
    let postgres = std::env::var("BENCH_DATABASE").is_ok_and(|v| v == "postgres");
    let spectators = env_or("BENCH_SPECTATORS", 0) as usize;
    let watched = env_or("BENCH_WATCHED_TABLES", tables);
    let droid_tables = env_or("BENCH_DROID_TABLES", 0).min(tables);
    assert!(
        spectators == 0 || (!postgres && processes == 1),
        "BENCH_SPECTATORS needs one process on SQLite"
    );
    let web_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    // A durable server, as in production (the test suite's runs without fsync).
    std::env::set_var("HOLOTABLE_PG_DURABLE", "1");
    let url = postgres.then(|| pg::database("latency").expect("PostgreSQL for BENCH_DATABASE"));
    println!(
        "ledger on {}, {processes} bot process(es)",
        if postgres { "PostgreSQL" } else { "SQLite" }
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let dir = std::env::temp_dir().join(format!("holotable-bench-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fake = FakeDiscord::start().await;
        let bots: Vec<Bot> = (0..processes)
            .map(|k| {
                let mut command = Command::new(env!("CARGO_BIN_EXE_holotable"));
                command.arg("serve");
                if processes > 1 {
                    command.args(["--shards", &k.to_string(), "--shard-total"]);
                    command.arg(processes.to_string());
                }
                match &url {
                    Some(url) => command.env("HOLOTABLE_DATABASE__URL", url),
                    None => command.env("HOLOTABLE_DATABASE__PATH", dir.join("bench.db")),
                };
                if spectators > 0 {
                    let web = format!("127.0.0.1:{web_port}");
                    command
                        .env("HOLOTABLE_WEB__LISTEN", &web)
                        .env("HOLOTABLE_WEB__PUBLIC_URL", format!("http://{web}"));
                }
                Bot(command
                    .env("HOLOTABLE_DISCORD_TOKEN", "bench-token")
                    .env("HOLOTABLE_DISCORD__API_PROXY", fake.url())
                    .env("HOLOTABLE_DISCORD__GUILD_ID", fake_discord::GUILD_ID)
                    .env("RUST_LOG", "error")
                    .current_dir(&dir)
                    .stdout(Stdio::null())
                    .spawn()
                    .expect("the bot starts"))
            })
            .collect();
        let deadline = Instant::now() + WAIT;
        while fake.shards().len() < processes as usize && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;

        let ids = Arc::new(AtomicU64::new(1_000_000));
        let started = Instant::now();
        let mut opened = Vec::new();
        for i in 0..tables {
            // Guild k lies on shard k (Discord's rule: (id >> 22) % shards).
            let shard = i % processes as u64;
            let table = Table {
                guild: ((shard << 22) | 4000).to_string(),
                channel: (20_000 + i).to_string(),
                players: [
                    ((100_000 + 2 * i).to_string(), format!("a{i}")),
                    ((100_001 + 2 * i).to_string(), format!("b{i}")),
                ],
                droid: i < droid_tables,
            };
            let board = open(&fake, &ids, &table).await;
            opened.push((table, board));
        }
        let watching = if spectators > 0 {
            Some(watch(&dir.join("bench.db"), web_port, spectators, watched).await)
        } else {
            None
        };
        let pids: Vec<u32> = bots.iter().map(|b| b.0.id()).collect();
        let memory = |pids: &[u32]| {
            pids.iter()
                .map(|&p| memory(p))
                .collect::<Vec<_>>()
                .join("; ")
        };
        println!(
            "{tables} wagered tables ({droid_tables} against the droid) opened in {:.1} s (challenge + Accept each, one at a time); {}",
            started.elapsed().as_secs_f64(),
            memory(&pids)
        );
        let opened = phase(
            &fake,
            &ids,
            opened,
            moves,
            think,
            &format!("paced {}ms", think.as_millis()),
        )
        .await;
        println!("{}", memory(&pids));
        let humans = opened.into_iter().filter(|(t, _)| !t.droid).collect();
        phase(&fake, &ids, humans, moves, Duration::ZERO, "saturation").await;
        println!("{}", memory(&pids));
        drop(bots);
        if let Some(watching) = watching {
            watching.shutdown_background();
        }
        let _ = std::fs::remove_dir_all(&dir);
    });
}
