//! The soak: 200 tables of Dejarik through the real client at once, ten moves each and a
//! resignation, while the fake Discord fails, limits, delays and repeats the bot's requests on
//! a seeded schedule and breaks its gateway connection again and again (every fault of
//! tests/fake_discord/mod.rs). A member whose interaction Discord lost (a session identified
//! anew does not get it) tries again after a while, as people do on "This interaction
//! failed". Nothing acknowledged may be lost or doubled: every move whose board was seen is
//! stored once and in order, each table's end is told once, and the audit is clean.
//!
//! `cargo test --test discord_soak -- --nocapture` prints the figures.

mod fake_discord;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fake_discord::client::*;
use fake_discord::{FakeDiscord, Fault, GatewayFault, Request, Route, CHANNEL_ID};
use holotable::games::Status;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tokio::sync::mpsc;

const TABLES: usize = 200;
const MOVES: usize = 10;
/// How long a member waits for an answer before trying again.
const PATIENCE: Duration = Duration::from_secs(12);

/// Where each request belongs: the table of its interaction, or of its channel.
#[derive(Default)]
struct Routes {
    by_interaction: HashMap<u64, usize>,
    inboxes: Vec<mpsc::UnboundedSender<Request>>,
}

/// What the soak counts.
#[derive(Default)]
struct Tally {
    faults: Mutex<HashMap<&'static str, usize>>,
    member_retries: AtomicUsize,
    acknowledged: AtomicUsize,
}

impl Tally {
    fn fault(&self, kind: &'static str) {
        *self.faults.lock().unwrap().entry(kind).or_default() += 1;
    }
}

/// One table: its channel and its two players (names that no other name contains).
struct Table {
    n: usize,
    channel: String,
    seats: [(String, String); 2],
}

/// A message's body, however the bot sent it.
fn body(r: &Request) -> &Value {
    if r.path.ends_with("/callback") {
        &r.json["data"]
    } else {
        &r.json
    }
}

fn text(r: &Request) -> String {
    body(r)["content"].as_str().unwrap_or("").to_string()
}

fn is_message(r: &Request) -> bool {
    r.path.ends_with("/callback")
        || r.path.starts_with("/webhooks/")
        || (r.path.starts_with("/channels/") && r.path.ends_with("/messages"))
}

fn has_board(r: &Request) -> bool {
    r.files.iter().any(|f| f.2.starts_with(b"\x89PNG"))
}

struct Player<'a> {
    fake: &'a FakeDiscord,
    table: &'a Table,
    routes: &'a Mutex<Routes>,
    inbox: mpsc::UnboundedReceiver<Request>,
    ids: &'a AtomicU64,
    tally: &'a Tally,
    rng: rand_chacha::ChaCha8Rng,
    /// Every request of this table so far (shown if it gets stuck).
    log: Vec<String>,
}

impl Player<'_> {
    fn next_id(&self) -> u64 {
        let id = self.ids.fetch_add(1, Ordering::Relaxed);
        self.routes
            .lock()
            .unwrap()
            .by_interaction
            .insert(id, self.table.n);
        id
    }

    /// Sends an interaction (`send` with a fresh id) until a message matching `seen` is
    /// taken by Discord; returns it.
    async fn ask(
        &mut self,
        mut send: impl FnMut(&FakeDiscord, u64, &mut rand_chacha::ChaCha8Rng, &Tally),
        seen: impl Fn(&Request) -> bool,
    ) -> Request {
        let give_up = Instant::now() + Duration::from_secs(240);
        loop {
            let id = self.next_id();
            send(self.fake, id, &mut self.rng, self.tally);
            let patience = Instant::now() + PATIENCE;
            loop {
                let now = Instant::now();
                if now > patience {
                    break;
                }
                match tokio::time::timeout(patience - now, self.inbox.recv()).await {
                    Ok(Some(r)) => {
                        let matched = r.taken() && is_message(&r) && seen(&r);
                        self.log.push(format!(
                            "{} {} {} {} {:?}",
                            if matched { "=>" } else { "  " },
                            r.status,
                            r.method,
                            r.path,
                            text(&r).chars().take(120).collect::<String>()
                        ));
                        if matched {
                            return r;
                        }
                    }
                    Ok(None) => panic!("the router stopped"),
                    Err(_) => break,
                }
            }
            assert!(
                Instant::now() < give_up,
                "table {}: never answered; it got:\n{}",
                self.table.n,
                self.log.join("\n")
            );
            self.tally.member_retries.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Injects one move's faults, seeded: Discord failing, limiting or delaying its answer, or
/// delivering it twice. Returns whether the interaction is to be delivered twice.
fn faults_for(
    fake: &FakeDiscord,
    id: u64,
    rng: &mut rand_chacha::ChaCha8Rng,
    tally: &Tally,
) -> bool {
    let roll: f64 = rng.random();
    let inject = |kind, route, fault| {
        tally.fault(kind);
        fake.inject(route, Some(id), fault);
    };
    match roll {
        r if r < 0.04 => inject("callback 500", Route::Callback, Fault::Status(500)),
        r if r < 0.07 => inject("callback 503", Route::Callback, Fault::Status(503)),
        r if r < 0.10 => inject("edit 502 (if deferred)", Route::Edit, Fault::Status(502)),
        r if r < 0.13 => inject(
            "callback 429 on the route",
            Route::Callback,
            Fault::RateLimited {
                retry_after: 0.3,
                global: false,
            },
        ),
        r if r < 0.14 => inject(
            "callback 429 global",
            Route::Callback,
            Fault::RateLimited {
                retry_after: 0.2,
                global: true,
            },
        ),
        r if r < 0.17 => inject(
            "callback reaching Discord after 3 s",
            Route::Callback,
            Fault::Late(Duration::from_millis(3200)),
        ),
        r if r < 0.21 => {
            tally.fault("interaction delivered twice");
            return true;
        }
        _ => {}
    }
    false
}

/// One table's life: challenge, accept, `MOVES` moves chosen at random with the rules core,
/// and the resignation of whoever is to move. Returns the moves acknowledged (their boards
/// seen) and the winner's name.
async fn run_table(mut p: Player<'_>) -> (Vec<String>, String) {
    let t = p.table;
    let (a, b) = (t.seats[0].clone(), t.seats[1].clone());
    let channel = t.channel.clone();
    let challenge = p
        .ask(
            |fake, id, _, _| {
                fake.slash_in(
                    &channel,
                    id,
                    (&a.0, &a.1),
                    "play",
                    json!([{"name": "game", "type": 3, "value": "dejarik"},
                           {"name": "opponent", "type": 6, "value": b.0},
                           {"name": "wager", "type": 4, "value": 50}]),
                    json!({"users": {b.0.clone(): user(&b.0, &b.1)}}),
                )
            },
            |r| text(r).contains("challenges"),
        )
        .await;
    let accept = body(&challenge)["components"][0]["components"]
        .as_array()
        .and_then(|buttons| buttons.iter().find(|c| c["label"] == "Accept"))
        .and_then(|c| c["custom_id"].as_str())
        .expect("an Accept button")
        .to_string();
    p.ask(
        |fake, id, _, _| fake.component_in(&channel, id, (&b.0, &b.1), &accept, &[]),
        |r| has_board(r) && text(r).contains("to move"),
    )
    .await;
    let game = holotable::catalogue::lookup("dejarik", &Default::default()).unwrap();
    let mut play = game.start(2).unwrap();
    let mut moves = Vec::new();
    for _ in 0..MOVES {
        let Status::ToMove(seat) = play.status() else {
            break;
        };
        let legal = play.legal();
        if legal == ["pass"] {
            // Forced: the table plays it by itself.
            play.apply("pass").unwrap();
            moves.push("pass".to_string());
            continue;
        }
        // A move not played before by this seat, so that each board is told apart.
        let fresh: Vec<&String> = legal.iter().filter(|m| !moves.contains(*m)).collect();
        let options = if fresh.is_empty() {
            legal.iter().collect()
        } else {
            fresh
        };
        let action = options[p.rng.random_range(0..options.len())].clone();
        let who = t.seats[seat].clone();
        let said = format!("{} plays {action}", who.1);
        p.log.push(format!("-- {said}"));
        p.ask(
            |fake, id, rng, tally| {
                let twice = faults_for(fake, id, rng, tally);
                for _ in 0..1 + usize::from(twice) {
                    fake.slash_in(
                        &channel,
                        id,
                        (&who.0, &who.1),
                        "move",
                        json!([{"name": "action", "type": 3, "value": action}]),
                        Value::Null,
                    );
                }
            },
            |r| has_board(r) && text(r).contains(&said),
        )
        .await;
        p.tally.acknowledged.fetch_add(1, Ordering::Relaxed);
        play.apply(&action).unwrap();
        moves.push(action);
    }
    let seat = match play.status() {
        Status::ToMove(seat) => seat,
        // The game ended by itself: its last board told the end.
        Status::Over(outcome) => {
            let winner = outcome.winner().map(|w| t.seats[w].1.clone());
            return (moves, winner.unwrap_or_default());
        }
        Status::Chance => unreachable!("Dejarik has no chance"),
    };
    let (loser, winner) = (t.seats[seat].clone(), t.seats[1 - seat].clone());
    let wins = format!("{} wins", winner.1);
    p.ask(
        |fake, id, _, _| {
            fake.slash_in(
                &channel,
                id,
                (&loser.0, &loser.1),
                "resign",
                json!([]),
                Value::Null,
            )
        },
        |r| text(r).contains(&wins),
    )
    .await;
    (moves, winner.1)
}

/// Breaks the gateway, one fault after another, until `done`.
async fn break_gateway(fake: FakeDiscord, done: Arc<AtomicBool>, tally: Arc<Tally>) {
    let faults = [
        ("gateway closed without a frame (1006)", GatewayFault::Drop),
        ("gateway closed 4000", GatewayFault::Close(4000)),
        ("gateway RECONNECT", GatewayFault::Reconnect),
        ("gateway closed 4009", GatewayFault::Close(4009)),
        ("gateway INVALID_SESSION", GatewayFault::InvalidSession),
        (
            "gateway heartbeat never acknowledged",
            GatewayFault::Silence,
        ),
    ];
    for (kind, fault) in faults.iter().cycle() {
        tokio::time::sleep(Duration::from_millis(2500)).await;
        if done.load(Ordering::Relaxed) {
            return;
        }
        let sessions = fake.sessions();
        fake.gateway_fault(0, *fault);
        tally.fault(kind);
        fake.reconnected(sessions).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_tables_through_every_fault() {
    let dir = workdir("soak");
    let db = dir.join("h.db");
    let fake = FakeDiscord::start().await;
    fake.set_heartbeat(1000);
    let _bot = start_bot(&fake, &db);
    connected(&fake).await;
    let started = Instant::now();

    let routes = Arc::new(Mutex::new(Routes::default()));
    let mut inboxes = Vec::new();
    for _ in 0..TABLES {
        let (tx, rx) = mpsc::unbounded_channel();
        routes.lock().unwrap().inboxes.push(tx);
        inboxes.push(rx);
    }
    // The router: each new request to its table's inbox.
    let done = Arc::new(AtomicBool::new(false));
    {
        let (fake, routes, done) = (fake.clone(), Arc::clone(&routes), Arc::clone(&done));
        tokio::spawn(async move {
            let mut next = 0;
            while !done.load(Ordering::Relaxed) {
                let new = fake.requests_since(next);
                next += new.len();
                {
                    let routes = routes.lock().unwrap();
                    for r in new {
                        let table = r
                            .interaction()
                            .and_then(|id| routes.by_interaction.get(&id));
                        let table = table.copied().or_else(|| {
                            let channel = r.path.strip_prefix("/channels/")?.split('/').next()?;
                            let n = channel.parse::<usize>().ok()?.checked_sub(20_000)?;
                            (n < TABLES).then_some(n)
                        });
                        if let Some(n) = table {
                            let _ = routes.inboxes[n].send(r);
                        }
                    }
                }
                tokio::time::sleep(Duration::from_millis(15)).await;
            }
        });
    }
    let tally = Arc::new(Tally::default());
    let breaker = tokio::spawn(break_gateway(
        fake.clone(),
        Arc::clone(&done),
        Arc::clone(&tally),
    ));
    let ids = Arc::new(AtomicU64::new(100_000));
    let mut games = Vec::new();
    for (n, inbox) in inboxes.into_iter().enumerate() {
        let table = Table {
            n,
            channel: (20_000 + n).to_string(),
            seats: [
                (format!("{}", 600_000 + 2 * n), format!("p{n}x")),
                (format!("{}", 600_001 + 2 * n), format!("q{n}x")),
            ],
        };
        let (fake, routes, ids, tally) = (
            fake.clone(),
            Arc::clone(&routes),
            Arc::clone(&ids),
            Arc::clone(&tally),
        );
        games.push(tokio::spawn(async move {
            let player = Player {
                fake: &fake,
                table: &table,
                routes: &routes,
                inbox,
                ids: &ids,
                tally: &tally,
                rng: rand_chacha::ChaCha8Rng::seed_from_u64(7_000 + n as u64),
                log: Vec::new(),
            };
            let (moves, winner) = run_table(player).await;
            (table.channel.clone(), moves, winner)
        }));
    }
    let mut results = Vec::new();
    for game in games {
        results.push(game.await.expect("a table's game"));
    }
    done.store(true, Ordering::Relaxed);
    breaker.abort();
    let wall = started.elapsed();
    tokio::time::sleep(Duration::from_secs(1)).await;
    drop(_bot);

    // Every acknowledged move stored once and in order, every table settled once.
    let requests = fake.requests();
    let ledger = holotable::ledger::Ledger::open(&db, holotable::ledger::Durability::Normal)
        .expect("the database opens");
    let connection = rusqlite::Connection::open(&db).unwrap();
    let mut statement = connection
        .prepare("SELECT id, channel_id, status FROM tables")
        .unwrap();
    let tables: HashMap<String, (i64, String)> = statement
        .query_map([], |r| Ok((r.get(1)?, (r.get(0)?, r.get(2)?))))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut stored = 0;
    for (channel, moves, winner) in &results {
        let (id, status) = &tables[channel];
        assert_eq!(status, "finished", "table of channel {channel}");
        let actions: Vec<String> = ledger
            .actions(*id)
            .unwrap()
            .into_iter()
            .filter(|a| a.seat.is_some())
            .map(|a| a.action)
            .collect();
        assert!(
            actions.starts_with(moves) && actions.len() <= moves.len() + 1,
            "channel {channel}: acknowledged {moves:?}, stored {actions:?}"
        );
        stored += moves.iter().filter(|m| *m != "pass").count();
        if winner.is_empty() {
            continue; // a draw
        }
        let wins = format!("{winner} wins");
        let told = requests
            .iter()
            .filter(|r| r.taken() && is_message(r) && text(r).contains(&wins))
            .count();
        assert_eq!(told, 1, "channel {channel}: the end told once");
    }
    assert_eq!(
        tables.len(),
        TABLES,
        "one table per channel, none opened twice"
    );
    let audit = ledger.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
    for r in requests.iter().filter(|r| r.taken() && is_message(r)) {
        let t = text(r);
        for raw in [
            "Internal Server Error",
            "Bad Gateway",
            "Serenity",
            "rate limited",
        ] {
            assert!(!t.contains(raw), "a member was shown {raw:?}: {t}");
        }
    }

    let boards = requests
        .iter()
        .filter(|r| r.taken() && is_message(r) && has_board(r))
        .count();
    let posted = requests
        .iter()
        .filter(|r| {
            r.taken()
                && r.path.ends_with("/messages")
                && r.path != format!("/channels/{CHANNEL_ID}/messages")
        })
        .count();
    let refused = requests.iter().filter(|r| !r.taken()).count();
    println!("soak: {TABLES} tables, {:.1} s", wall.as_secs_f64());
    let faults = tally.faults.lock().unwrap();
    let mut kinds: Vec<_> = faults.iter().collect();
    kinds.sort();
    for (kind, count) in kinds {
        println!("  fault {kind:<40} {count}");
    }
    println!(
        "  planned faults no request met (an edit fault on an answer that was not deferred): {}",
        fake.faults_pending()
    );
    println!(
        "  moves acknowledged {} | stored {stored} | member retries {} | requests refused by the fake {refused} | boards taken {boards} | channel messages {posted} | settlements told {} | audit ok",
        tally.acknowledged.load(Ordering::Relaxed),
        tally.member_retries.load(Ordering::Relaxed),
        results.len(),
    );
    assert_eq!(tally.acknowledged.load(Ordering::Relaxed), stored);
}
