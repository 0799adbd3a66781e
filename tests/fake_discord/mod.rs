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
//! - Files arrive as multipart `files[N]` parts beside `payload_json`; a callback later than
//!   Discord's three seconds is answered 404 `{"code":10062}`, as Discord does.
//! - The first followup after a defer replaces the "thinking…" message and Discord ignores its
//!   ephemeral flag.

#![allow(dead_code)]

pub mod client;

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
}

#[derive(Default)]
struct Shared {
    requests: Vec<Request>,
    /// Requests awaited by (method, path): the next one is sent there as well.
    waiters: std::collections::HashMap<(String, String), tokio::sync::oneshot::Sender<Request>>,
    /// The id of the last thread created.
    threads: u64,
    /// The connected gateway sessions: (shard, total, sender).
    gateways: Vec<(u32, u32, mpsc::UnboundedSender<String>)>,
    seq: u64,
    port: u16,
    ready: bool,
    /// The Discord client language of each user (en-US unless set).
    locales: std::collections::HashMap<String, String>,
    /// Server nicknames, by user.
    nicks: std::collections::HashMap<String, String>,
    /// The shard count `/gateway/bot` recommends (1 unless set).
    recommended: u32,
}

#[derive(Clone)]
pub struct FakeDiscord {
    shared: Arc<Mutex<Shared>>,
    pub port: u16,
}

fn message_object(content: &str) -> Value {
    json!({"id": "9000", "channel_id": CHANNEL_ID,
           "author": {"id": APP_ID, "username": "holotable", "discriminator": "0000", "bot": true},
           "content": content, "timestamp": "2026-11-29T00:00:00+00:00", "tts": false,
           "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
           "embeds": [], "pinned": false, "type": 0})
}

fn thread_object(id: &str, parent: &str, name: &str) -> Value {
    json!({"id": id, "type": 11, "guild_id": GUILD_ID, "parent_id": parent, "name": name,
           "owner_id": APP_ID, "message_count": 0, "member_count": 1,
           "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                               "archive_timestamp": "2026-11-29T00:00:00+00:00", "locked": false}})
}

/// Splits a multipart body into (name, filename, content).
fn multipart(content_type: &str, body: &[u8]) -> Vec<(String, Option<String>, Vec<u8>)> {
    let Some(boundary) = content_type.split("boundary=").nth(1) else {
        return Vec::new();
    };
    let boundary = format!("--{}", boundary.trim_matches('"'));
    let mut parts = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, boundary.as_bytes()) {
        rest = &rest[start + boundary.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let Some(header_end) = find(rest, b"\r\n\r\n") else {
            break;
        };
        let headers = String::from_utf8_lossy(&rest[..header_end]).to_string();
        let content_start = header_end + 4;
        let Some(next) = find(&rest[content_start..], boundary.as_bytes()) else {
            break;
        };
        let mut content = &rest[content_start..content_start + next];
        if content.ends_with(b"\r\n") {
            content = &content[..content.len() - 2];
        }
        let field = |key: &str| {
            headers.split(';').find_map(|p| {
                p.trim()
                    .strip_prefix(&format!("{key}="))
                    .map(|v| v.trim_matches('"').to_string())
            })
        };
        parts.push((
            field("name").unwrap_or_default(),
            field("filename"),
            content.to_vec(),
        ));
        rest = &rest[content_start + next..];
    }
    parts
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

async fn rest(
    State(fake): State<FakeDiscord>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (via, path) = match uri.path().strip_prefix("/p") {
        Some(rest) if rest.contains("/api/") => {
            let (n, rest) = rest.split_once('/').unwrap_or((rest, ""));
            (format!("p{n}"), format!("/{rest}"))
        }
        _ => (String::new(), uri.path().to_string()),
    };
    let path = path.trim_start_matches("/api/v10").to_string();
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let (json, files) = if content_type.starts_with("multipart/") {
        let mut json = Value::Null;
        let mut files = Vec::new();
        for (name, filename, content) in multipart(&content_type, &body) {
            match filename {
                Some(filename) => files.push((name, filename, content)),
                None if name == "payload_json" => {
                    json = serde_json::from_slice(&content).unwrap_or(Value::Null)
                }
                None => {}
            }
        }
        (json, files)
    } else {
        (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            Vec::new(),
        )
    };
    let request = Request {
        method: method.to_string(),
        path: path.clone(),
        json,
        files,
        at: Instant::now(),
        via,
    };
    let thread = {
        let mut shared = fake.shared.lock().unwrap();
        if let Some(waiter) = shared
            .waiters
            .remove(&(request.method.clone(), request.path.clone()))
        {
            let _ = waiter.send(request.clone());
        }
        let name = request.json["name"].as_str().unwrap_or("").to_string();
        if request.method == "POST" && request.path.ends_with("/threads") {
            shared.threads += 1;
        }
        shared.requests.push(request);
        (8_000_000 + shared.threads, name)
    };
    let port = fake.port;
    match (method.as_str(), path.as_str()) {
        ("GET", "/gateway") => Json(json!({"url": format!("ws://127.0.0.1:{port}/ws")})).into_response(),
        ("GET", "/gateway/bot") => Json(json!({
            "url": format!("ws://127.0.0.1:{port}/ws"),
            "shards": fake.shared.lock().unwrap().recommended.max(1),
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        }))
        .into_response(),
        ("GET", "/oauth2/applications/@me") => Json(json!({
            "id": APP_ID, "name": "holotable", "icon": null, "description": "",
            "bot_public": true, "bot_require_code_grant": false, "verify_key": "00", "flags": 0,
            "owner": {"id": "1", "username": "owner", "discriminator": "0000"}
        }))
        .into_response(),
        ("PUT", p) if p.starts_with("/applications/") && p.ends_with("/commands") => Json(json!([])).into_response(),
        ("POST", p) if p.starts_with("/interactions/") && p.ends_with("/callback") => StatusCode::NO_CONTENT.into_response(),
        ("POST", p) if p.starts_with("/webhooks/") => Json(message_object("")).into_response(),
        ("PATCH", p) if p.starts_with("/webhooks/") => Json(message_object("")).into_response(),
        ("POST", p) if p.starts_with("/channels/") && p.ends_with("/messages") => Json(message_object("")).into_response(),
        ("POST", p) if p.starts_with("/channels/") && p.ends_with("/threads") => {
            let parent = p.trim_start_matches("/channels/").trim_end_matches("/threads");
            Json(thread_object(&thread.0.to_string(), parent, &thread.1)).into_response()
        }
        ("DELETE", p) if p.starts_with("/channels/") => {
            let id = p.trim_start_matches("/channels/");
            Json(thread_object(id, CHANNEL_ID, "deleted")).into_response()
        }
        ("DELETE", p) if p.starts_with("/webhooks/") => StatusCode::NO_CONTENT.into_response(),
        _ => (StatusCode::NOT_FOUND, Json(json!({"code": 0, "message": "not faked"}))).into_response(),
    }
}

async fn gateway(State(fake): State<FakeDiscord>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| session(fake, socket))
}

async fn session(fake: FakeDiscord, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 45000}}).to_string();
    if socket.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { return };
                let Message::Text(text) = message else { continue };
                let Ok(payload) = serde_json::from_str::<Value>(text.as_str()) else { continue };
                match payload["op"].as_u64() {
                    Some(2) => {
                        // IDENTIFY: the session serves the shard it names (Discord's
                        // routing: a guild's events go to shard (guild_id >> 22) % total).
                        let shard = &payload["d"]["shard"];
                        let (id, total) = (
                            shard[0].as_u64().unwrap_or(0) as u32,
                            shard[1].as_u64().unwrap_or(1).max(1) as u32,
                        );
                        {
                            let mut shared = fake.shared.lock().unwrap();
                            shared.gateways.retain(|(s, _, _)| *s != id);
                            shared.gateways.push((id, total, tx.clone()));
                        }
                        let port = fake.port;
                        let ready = json!({"v": 10,
                            "user": {"id": APP_ID, "username": "holotable", "discriminator": "0000", "bot": true},
                            "guilds": [], "session_id": format!("s{id}"), "shard": [id, total],
                            "resume_gateway_url": format!("ws://127.0.0.1:{port}/ws"),
                            "application": {"id": APP_ID, "flags": 0}});
                        fake.send_to_shard(id, "READY", ready);
                        fake.shared.lock().unwrap().ready = true;
                    }
                    Some(1) => {
                        let ack = json!({"op": 11}).to_string();
                        if socket.send(Message::Text(ack.into())).await.is_err() {
                            return;
                        }
                    }
                    _ => {}
                }
            }
            outgoing = rx.recv() => {
                let Some(text) = outgoing else { return };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
        }
    }
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
        let (_, _, gateway) = shared
            .gateways
            .iter()
            .find(|(s, _, _)| *s == shard)
            .unwrap_or_else(|| panic!("no bot session serves shard {shard}"));
        gateway
            .send(payload.to_string())
            .unwrap_or_else(|_| panic!("the session of shard {shard} has ended"));
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
                "timed out waiting for a request; got {:#?}",
                self.requests()
                    .iter()
                    .skip(since)
                    .map(|r| (&r.method, &r.path))
                    .collect::<Vec<_>>()
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    fn member(user: &str, name: &str, permissions: &str) -> Value {
        json!({"user": {"id": user, "username": name, "discriminator": "0000"},
               "roles": [], "deaf": false, "mute": false, "flags": 0,
               "joined_at": "2026-01-01T00:00:00+00:00", "permissions": permissions})
    }

    /// The member object of `user` in the guild, with their nickname when they have one.
    fn member_of(&self, user: (&str, &str)) -> Value {
        let mut member = Self::member(user.0, user.1, "0");
        if let Some(nick) = self.shared.lock().unwrap().nicks.get(user.0) {
            member["nick"] = json!(nick);
        }
        member
    }

    /// Makes `/gateway/bot` recommend `shards` shards.
    pub fn recommend_shards(&self, shards: u32) {
        self.shared.lock().unwrap().recommended = shards;
    }

    /// Gives `user` a nickname in the guild.
    pub fn set_nick(&self, user: &str, nick: &str) {
        self.shared
            .lock()
            .unwrap()
            .nicks
            .insert(user.to_string(), nick.to_string());
    }

    /// Makes `user`'s Discord client speak `locale` (`fr`, `en-US` …) from now on.
    pub fn set_locale(&self, user: &str, locale: &str) {
        self.shared
            .lock()
            .unwrap()
            .locales
            .insert(user.to_string(), locale.to_string());
    }

    fn locale(&self, user: &str) -> String {
        let shared = self.shared.lock().unwrap();
        shared
            .locales
            .get(user)
            .cloned()
            .unwrap_or_else(|| "en-US".into())
    }

    /// A slash command from `user`; `options` as Discord sends them; `resolved` users by id.
    pub fn slash(&self, id: u64, user: (&str, &str), name: &str, options: Value, resolved: Value) {
        self.slash_in(CHANNEL_ID, id, user, name, options, resolved)
    }

    /// A slash command used in `channel` (a thread, another channel).
    pub fn slash_in(
        &self,
        channel: &str,
        id: u64,
        user: (&str, &str),
        name: &str,
        options: Value,
        resolved: Value,
    ) {
        self.slash_at(GUILD_ID, channel, id, user, name, options, resolved)
    }

    /// A slash command used in `channel` of another guild.
    #[allow(clippy::too_many_arguments)]
    pub fn slash_at(
        &self,
        guild: &str,
        channel: &str,
        id: u64,
        user: (&str, &str),
        name: &str,
        options: Value,
        resolved: Value,
    ) {
        let mut data = json!({"id": "6000", "name": name, "type": 1, "options": options});
        if !resolved.is_null() {
            data["resolved"] = resolved;
        }
        self.dispatch("INTERACTION_CREATE", json!({
            "id": id.to_string(), "application_id": APP_ID, "type": 2, "token": format!("tok{id}"),
            "version": 1, "channel_id": channel, "guild_id": guild,
            "member": self.member_of(user), "locale": self.locale(user.0), "entitlements": [],
            "attachment_size_limit": 10485760, "app_permissions": "0", "data": data
        }));
    }

    /// An autocomplete request with `focused` being typed.
    pub fn autocomplete(&self, id: u64, user: (&str, &str), name: &str, option: &str, typed: &str) {
        self.dispatch("INTERACTION_CREATE", json!({
            "id": id.to_string(), "application_id": APP_ID, "type": 4, "token": format!("tok{id}"),
            "version": 1, "channel_id": CHANNEL_ID, "guild_id": GUILD_ID,
            "member": self.member_of(user), "locale": self.locale(user.0), "entitlements": [],
            "attachment_size_limit": 10485760, "app_permissions": "0",
            "data": {"id": "6000", "name": name, "type": 1,
                     "options": [{"name": option, "type": 3, "value": typed, "focused": true}]}
        }));
    }

    /// A button press (`values` empty) or a menu choice.
    pub fn component(&self, id: u64, user: (&str, &str), custom_id: &str, values: &[&str]) {
        self.component_in(CHANNEL_ID, id, user, custom_id, values)
    }

    /// A button press or menu choice on a message of `channel`.
    pub fn component_in(
        &self,
        channel: &str,
        id: u64,
        user: (&str, &str),
        custom_id: &str,
        values: &[&str],
    ) {
        self.component_at(GUILD_ID, channel, id, user, custom_id, values)
    }

    /// A button press or menu choice on a message of `channel` in another guild.
    pub fn component_at(
        &self,
        guild: &str,
        channel: &str,
        id: u64,
        user: (&str, &str),
        custom_id: &str,
        values: &[&str],
    ) {
        let data = if values.is_empty() {
            json!({"custom_id": custom_id, "component_type": 2})
        } else {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        };
        self.dispatch("INTERACTION_CREATE", json!({
            "id": id.to_string(), "application_id": APP_ID, "type": 3, "token": format!("tok{id}"),
            "version": 1, "channel_id": channel, "guild_id": guild,
            "member": self.member_of(user), "locale": self.locale(user.0), "entitlements": [],
            "attachment_size_limit": 10485760, "app_permissions": "0",
            "message": message_object("board"), "data": data
        }));
    }
}
