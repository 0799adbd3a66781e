//! A fake Discord on loopback (REST + gateway websocket) for running the real serenity/poise
//! client in tests.
//!
//! What the real client needs from it (checked with serenity 0.12 and poise 0.7):
//! - REST goes through serenity's `proxy`, which only takes effect with the rate limiter
//!   disabled; the fake serves `/api/v10/...`, and `GET /gateway` must answer the fake's own
//!   websocket URL (when that call fails serenity falls back to the real gateway).
//! - The gateway handshake: HELLO, then READY after IDENTIFY (with `user`, `guilds`,
//!   `session_id`, `resume_gateway_url` and `application`); every dispatch carries `s`, and
//!   heartbeats are acknowledged or the client reconnects.
//! - A dispatch that does not deserialize becomes a silent `Event::Unknown` and the test would
//!   only time out, so the fake checks each payload against serenity's `GatewayEvent` before
//!   sending it.
//! - A component interaction needs a full `message` object; autocomplete marks the option
//!   being typed `focused`.
//! - Files arrive as multipart `files[N]` parts beside `payload_json`.
//!
//! What it refuses, as Discord does (each refusal is recorded with its status, so a test can
//! tell what members saw from what the bot merely tried):
//! - an interaction answered twice: 400 40060; answered more than three seconds after it was
//!   created: 404 10062; its message edited or followed before it was answered: 404 10015;
//! - content over 2,000 characters, more than 5 rows or 5 components in a row, a menu of more
//!   than 25 options: 400 50035; a file over the upload limit: 413 40005;
//! - a thread created without Create Public Threads, or deleted without Manage Threads
//!   ([`FakeDiscord::deny`]): 403 50013.
//!
//! What it injects on request ([`FakeDiscord::inject`]): a 5xx, a 429 whose `retry_after`
//! window it then enforces (on a route or globally), a request that reaches it late.
//! - The first followup after a defer replaces the "thinking…" message and Discord ignores its
//!   ephemeral flag.

#![allow(dead_code)]

mod answers;
pub mod client;
mod gateway;
mod members;
pub mod messages;
pub mod oauth;
mod rest;

// The parts see one another through here.
use gateway::*;
use rest::*;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::mpsc;

pub const APP_ID: &str = "1000";
pub const GUILD_ID: &str = "4000";
pub const CHANNEL_ID: &str = "3000";

/// One HTTP request the bot made.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    /// Attached files: (part name, file name, bytes).
    pub files: Vec<(String, String, Vec<u8>)>,
    pub at: Instant,
    /// The path prefix the client's API base URL carried (`p1` for
    /// `http://127.0.0.1:port/p1`), so that a test tells the bot processes apart; empty
    /// without one.
    pub via: String,
    /// The status the fake answered: 2xx when Discord took the request.
    pub status: u16,
    /// A form-encoded body's fields (the OAuth2 token exchange).
    pub form: Vec<(String, String)>,
    /// The bearer token of `Authorization` (a member's OAuth2 token).
    pub bearer: Option<String>,
    /// Whether `Authorization` names a bot's token (`Bot …`).
    pub bot: bool,
}

impl Request {
    /// Whether Discord took it (members see what it carried).
    pub fn taken(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The interaction a callback or webhook request answers (its token is `tok<id>`).
    pub fn interaction(&self) -> Option<u64> {
        self.path
            .split('/')
            .find_map(|part| part.strip_prefix("tok"))
            .and_then(|id| id.parse().ok())
    }
}

/// What kind of request a fault hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Route {
    /// `POST /interactions/{id}/{token}/callback`.
    Callback,
    /// `PATCH /webhooks/{app}/{token}/messages/@original` (the answer after "thinking…").
    Edit,
    /// `POST /webhooks/{app}/{token}` (a followup).
    Followup,
    /// `POST /channels/{id}/messages`.
    Message,
}

impl Route {
    fn of(method: &str, path: &str) -> Option<Route> {
        match method {
            "POST" if path.starts_with("/interactions/") => Some(Route::Callback),
            "PATCH" if path.starts_with("/webhooks/") => Some(Route::Edit),
            "POST" if path.starts_with("/webhooks/") => Some(Route::Followup),
            "POST" if path.starts_with("/channels/") && path.ends_with("/messages") => {
                Some(Route::Message)
            }
            _ => None,
        }
    }
}

/// A fault the fake injects into a request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fault {
    /// Discord failing: this status (500, 502, 503) and its body.
    Status(u16),
    /// Rate limited for `retry_after` seconds, on the route or (`global`) on every route:
    /// requests before then are refused 429 as well.
    RateLimited { retry_after: f64, global: bool },
    /// The request reaches Discord this late (an interaction callback then finds the
    /// interaction expired).
    Late(Duration),
}

/// A fault waiting for its request: the route, the interaction it is for (any if `None`).
#[derive(Debug, Clone)]
struct Planned {
    route: Route,
    interaction: Option<u64>,
    fault: Fault,
}

/// What a gateway session is told to do next.
#[derive(Debug)]
enum Out {
    Text(String),
    /// Close the connection with this code.
    Close(u16),
    /// End the connection without a close frame (what the client sees as 1006).
    Drop,
}

/// A fault of the gateway connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GatewayFault {
    /// The connection ends without a close frame (1006).
    Drop,
    /// Discord closes the connection with this code (4000 unknown error: resume; 4009
    /// session timed out: identify again).
    Close(u16),
    /// op 7 RECONNECT: the client reconnects and resumes.
    Reconnect,
    /// op 9 INVALID_SESSION, not resumable: the client identifies again.
    InvalidSession,
    /// Heartbeats are no longer acknowledged: the client must notice the connection is dead
    /// (a "zombie") and reconnect.
    Silence,
}

/// What the fake knows of an interaction it delivered.
#[derive(Debug, Clone)]
struct Delivered {
    at: Instant,
    answered: bool,
    /// Where it was used: its answers are messages of that channel.
    channel: String,
    /// The message a button or menu was used on (a slash command has none): what an
    /// UPDATE_MESSAGE answer changes.
    message: Option<u64>,
}

#[derive(Default)]
struct Shared {
    requests: Vec<Request>,
    /// Requests awaited by (method, path): the next one is sent there as well.
    waiters: std::collections::HashMap<(String, String), tokio::sync::oneshot::Sender<Request>>,
    /// The id of the last thread created.
    threads: u64,
    /// The channel each thread created is in, by thread id.
    thread_parents: std::collections::HashMap<String, String>,
    /// Threads archived (and locked) by the bot.
    closed_threads: std::collections::HashSet<String>,
    /// The connected gateway sessions: (shard, total, sender).
    gateways: Vec<(u32, u32, mpsc::UnboundedSender<Out>)>,
    /// Every dispatch sent to a shard, with its sequence number: a resumed session is sent
    /// what it missed.
    logs: std::collections::HashMap<u32, Vec<(u64, String)>>,
    /// Sessions started (IDENTIFY) and resumed (RESUME), in all.
    sessions: u64,
    /// The heartbeat interval HELLO asks for, in ms (Discord's ~41 s unless set).
    heartbeat_ms: Option<u64>,
    /// Whether heartbeats go unacknowledged (until the next session).
    silent: bool,
    seq: u64,
    port: u16,
    ready: bool,
    /// The Discord client language of each user (en-US unless set).
    locales: std::collections::HashMap<String, String>,
    /// Server nicknames, by user.
    nicks: std::collections::HashMap<String, String>,
    /// Members' permissions in the guild, as Discord computes them for an interaction.
    permissions: std::collections::HashMap<String, u64>,
    /// The shard count `/gateway/bot` recommends (1 unless set).
    recommended: u32,
    /// Faults waiting for their requests, in order.
    planned: Vec<Planned>,
    /// Rate limits in force: by route, and global.
    limited: std::collections::HashMap<Route, Instant>,
    limited_globally: Option<Instant>,
    /// The interactions delivered, by id.
    delivered: std::collections::HashMap<u64, Delivered>,
    /// Permissions the bot lacks in the guild (Discord's bits).
    denied: u64,
    /// Every message the bot made, as members see it now.
    messages: messages::Messages,
    /// Users who take no direct messages from the server's members (Discord's 50007).
    no_dms: std::collections::HashSet<String>,
    /// OAuth2 codes and tokens of the Activity.
    oauth: oauth::OAuth,
}

/// The direct message channel of a user, as the fake numbers them.
pub fn dm_channel(user: &str) -> String {
    format!("77{user}")
}

/// Discord's permission bits the fake checks.
pub const MANAGE_THREADS: u64 = 1 << 34;
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;

/// The upload limit of the fake's guild (what `attachment_size_limit` says).
const UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

#[derive(Clone)]
pub struct FakeDiscord {
    shared: Arc<Mutex<Shared>>,
    pub port: u16,
}

impl FakeDiscord {
    /// Starts the fake on a random loopback port.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let fake = FakeDiscord {
            shared: Arc::new(Mutex::new(Shared {
                port,
                ..Shared::default()
            })),
            port,
        };
        let app = Router::new()
            .route("/ws", get(gateway))
            .fallback(rest)
            .with_state(fake.clone());
        // Like a real front server, answer without Nagle's algorithm: otherwise a burst of
        // small gateway frames waits for the client's delayed ACKs (~40 ms each).
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        fake
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Sends a gateway dispatch to the session of the shard its guild belongs to, after
    /// checking that serenity can read it (a payload it cannot read would silently become
    /// `Event::Unknown`).
    pub fn dispatch(&self, event: &str, data: Value) {
        let total = {
            let shared = self.shared.lock().unwrap();
            shared.gateways.first().map_or(1, |(_, total, _)| *total)
        };
        let shard = data["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok())
            .map_or(0, |g| ((g >> 22) % total as u64) as u32);
        self.send_to_shard(shard, event, data);
    }

    fn send_to_shard(&self, shard: u32, event: &str, data: Value) {
        let mut shared = self.shared.lock().unwrap();
        shared.seq += 1;
        let payload = json!({"op": 0, "s": shared.seq, "t": event, "d": data});
        serde_json::from_value::<poise::serenity_prelude::GatewayEvent>(payload.clone())
            .unwrap_or_else(|e| panic!("the fake's {event} payload does not deserialize: {e}"));
        let seq = shared.seq;
        let text = payload.to_string();
        shared
            .logs
            .entry(shard)
            .or_default()
            .push((seq, text.clone()));
        // A shard between connections gets it when it resumes.
        if let Some((_, _, gateway)) = shared.gateways.iter().find(|(s, _, _)| *s == shard) {
            let _ = gateway.send(Out::Text(text));
        }
    }

    /// The shards with a connected bot session.
    pub fn shards(&self) -> Vec<u32> {
        let shared = self.shared.lock().unwrap();
        let mut shards: Vec<u32> = shared
            .gateways
            .iter()
            .filter(|(_, _, g)| !g.is_closed())
            .map(|(s, _, _)| *s)
            .collect();
        shards.sort();
        shards
    }

    /// The next request with this method and path, however many arrive meanwhile: register
    /// before causing it.
    pub fn expect(&self, method: &str, path: &str) -> tokio::sync::oneshot::Receiver<Request> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.shared
            .lock()
            .unwrap()
            .waiters
            .insert((method.to_string(), path.to_string()), tx);
        rx
    }

    /// The requests from number `from` on.
    pub fn requests_since(&self, from: usize) -> Vec<Request> {
        let shared = self.shared.lock().unwrap();
        shared
            .requests
            .get(from..)
            .map(<[Request]>::to_vec)
            .unwrap_or_default()
    }

    /// Faults planned that no request has met yet.
    pub fn faults_pending(&self) -> usize {
        self.shared.lock().unwrap().planned.len()
    }

    pub fn requests(&self) -> Vec<Request> {
        self.shared.lock().unwrap().requests.clone()
    }

    pub fn is_ready(&self) -> bool {
        self.shared.lock().unwrap().ready
    }

    /// Waits until a request matching `pred` arrives (after `since` requests).
    pub async fn wait_for(
        &self,
        since: usize,
        timeout: Duration,
        pred: impl Fn(&Request) -> bool,
    ) -> Request {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(found) = self.requests().into_iter().skip(since).find(|r| pred(r)) {
                return found;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for a request; got {}",
                self.requests()
                    .iter()
                    .skip(since)
                    .map(|r| format!("\n  {} {} {}", r.status, r.method, r.path))
                    .collect::<String>()
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}
