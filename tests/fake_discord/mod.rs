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

pub mod client;
pub mod messages;

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

/// Discord's error body.
fn refusal(status: StatusCode, code: u32, message: &str) -> Response {
    (status, Json(json!({"code": code, "message": message}))).into_response()
}

/// Why Discord would refuse this message body (content, components), if it would.
fn invalid_body(data: &Value) -> Option<String> {
    if data["content"]
        .as_str()
        .is_some_and(|c| c.chars().count() > 2000)
    {
        return Some("content: must be 2000 or fewer in length".into());
    }
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    if rows.len() > 5 {
        return Some("components: must be 5 or fewer in length".into());
    }
    for row in rows {
        let inner = row["components"].as_array().cloned().unwrap_or_default();
        if inner.len() > 5 {
            return Some("components.components: must be 5 or fewer in length".into());
        }
        for c in inner {
            if c["options"].as_array().is_some_and(|o| o.len() > 25) {
                return Some("options: must be 25 or fewer in length".into());
            }
        }
    }
    None
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
        // Only the Content-Disposition line holds the fields (a Content-Type line may follow).
        let disposition = headers
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))
            .unwrap_or_default()
            .to_string();
        let field = |key: &str| {
            disposition.split(';').find_map(|p| {
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
    memchr::memmem::find(haystack, needle)
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
    let mut request = Request {
        method: method.to_string(),
        path: path.clone(),
        json,
        files,
        at: Instant::now(),
        via,
        status: 0,
    };
    let response = fake.decide(&mut request).await;
    request.status = response.status().as_u16();
    let mut shared = fake.shared.lock().unwrap();
    if let Some(waiter) = shared
        .waiters
        .remove(&(request.method.clone(), request.path.clone()))
    {
        let _ = waiter.send(request.clone());
    }
    shared.requests.push(request);
    response
}

/// Discord's answer to a request it takes.
fn taken(fake: &FakeDiscord, request: &Request, thread: u64) -> Response {
    let port = fake.port;
    let name = request.json["name"].as_str().unwrap_or("");
    match (request.method.as_str(), request.path.as_str()) {
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
        ("POST", p) if p.starts_with("/interactions/") && p.ends_with("/callback") => {
            fake.callback_taken(request);
            StatusCode::NO_CONTENT.into_response()
        }
        ("GET" | "POST" | "PATCH" | "DELETE", p) if p.starts_with("/webhooks/") => fake.webhook(request),
        ("POST", "/users/@me/channels") => {
            let user = request.json["recipient_id"].as_str().unwrap_or_default();
            Json(json!({"id": dm_channel(user), "type": 1, "last_message_id": null,
                        "recipients": [{"id": user, "username": "member", "discriminator": "0000"}]}))
            .into_response()
        }
        ("POST", p) if p.starts_with("/channels/") && p.ends_with("/messages") => {
            let channel = p.split('/').nth(2).unwrap_or_default();
            let mut shared = fake.shared.lock().unwrap();
            if shared.no_dms.iter().any(|u| dm_channel(u) == channel) {
                return refusal(StatusCode::FORBIDDEN, 50007, "Cannot send messages to this user");
            }
            Json(shared.messages.create(channel, &request.json)).into_response()
        }
        ("PATCH", p) if p.starts_with("/channels/") && p.contains("/messages/") => {
            let parts: Vec<&str> = p.split('/').collect();
            let id = parts.get(4).and_then(|id| id.parse().ok()).unwrap_or(0);
            let mut shared = fake.shared.lock().unwrap();
            match shared.messages.edit(id, parts.get(2).copied(), &request.json) {
                Some(object) => Json(object).into_response(),
                None => refusal(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
            }
        }
        ("POST", p) if p.starts_with("/channels/") && p.ends_with("/threads") => {
            let parent = p.trim_start_matches("/channels/").trim_end_matches("/threads");
            Json(thread_object(&thread.to_string(), parent, name)).into_response()
        }
        ("PATCH", p) if p.starts_with("/channels/") && p.matches('/').count() == 2 => {
            let id = p.trim_start_matches("/channels/");
            let mut shared = fake.shared.lock().unwrap();
            let Some(parent) = shared.thread_parents.get(id).cloned() else {
                return refusal(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            let mut thread = thread_object(id, &parent, "table thread");
            for field in ["archived", "locked"] {
                if let Some(on) = request.json[field].as_bool() {
                    thread["thread_metadata"][field] = json!(on);
                }
            }
            if thread["thread_metadata"]["archived"] == true {
                shared.closed_threads.insert(id.to_string());
            }
            Json(thread).into_response()
        }
        ("DELETE", p) if p.starts_with("/channels/") => {
            let id = p.trim_start_matches("/channels/");
            Json(thread_object(id, CHANNEL_ID, "deleted")).into_response()
        }
        _ => (StatusCode::NOT_FOUND, Json(json!({"code": 0, "message": "not faked"}))).into_response(),
    }
}

impl FakeDiscord {
    /// What Discord answers `request`: its refusals and the injected faults first.
    async fn decide(&self, request: &mut Request) -> Response {
        let route = Route::of(&request.method, &request.path);
        let interaction = request.interaction();
        if let Some(Fault::Late(delay)) = route.and_then(|r| self.take_fault(r, interaction, true))
        {
            tokio::time::sleep(delay).await;
            request.at = Instant::now();
        }
        if let Some(refused) = self.refuse(request, route, interaction) {
            return refused;
        }
        let thread = {
            let mut shared = self.shared.lock().unwrap();
            if request.method == "POST" && request.path.ends_with("/threads") {
                shared.threads += 1;
                let parent = request.path.trim_start_matches("/channels/");
                let parent = parent.trim_end_matches("/threads").to_string();
                let thread = (8_000_000 + shared.threads).to_string();
                shared.thread_parents.insert(thread, parent);
            }
            8_000_000 + shared.threads
        };
        taken(self, request, thread)
    }

    /// The first planned fault for this request (only a lateness if `late`, none else).
    fn take_fault(&self, route: Route, interaction: Option<u64>, late: bool) -> Option<Fault> {
        let mut shared = self.shared.lock().unwrap();
        let index = shared.planned.iter().position(|p| {
            p.route == route
                && p.interaction.is_none_or(|i| Some(i) == interaction)
                && matches!(p.fault, Fault::Late(_)) == late
        })?;
        Some(shared.planned.remove(index).fault)
    }

    fn refuse(
        &self,
        request: &Request,
        route: Option<Route>,
        interaction: Option<u64>,
    ) -> Option<Response> {
        let now = Instant::now();
        if let Some(route) = route {
            let limited = {
                let shared = self.shared.lock().unwrap();
                let until = shared
                    .limited_globally
                    .into_iter()
                    .chain(shared.limited.get(&route).copied());
                until.filter(|u| *u > now).max()
            };
            if let Some(until) = limited {
                return Some(rate_limited((until - now).as_secs_f64(), false));
            }
            match self.take_fault(route, interaction, false) {
                Some(Fault::Status(status)) => {
                    let status = StatusCode::from_u16(status).unwrap();
                    let message = format!(
                        "{}: {}",
                        status.as_u16(),
                        status.canonical_reason().unwrap_or("")
                    );
                    return Some(
                        (status, Json(json!({"code": 0, "message": message}))).into_response(),
                    );
                }
                Some(Fault::RateLimited {
                    retry_after,
                    global,
                }) => {
                    let until = now + Duration::from_secs_f64(retry_after);
                    let mut shared = self.shared.lock().unwrap();
                    if global {
                        shared.limited_globally = Some(until);
                    } else {
                        shared.limited.insert(route, until);
                    }
                    return Some(rate_limited(retry_after, global));
                }
                _ => {}
            }
        }
        let denied = self.shared.lock().unwrap().denied;
        let threads = request.path.starts_with("/channels/") && request.path.ends_with("/threads");
        // Removing a thread, and locking one, take Manage Threads.
        let channel_edit =
            request.path.starts_with("/channels/") && request.path.matches('/').count() == 2;
        let locks = request.method == "PATCH" && request.json["locked"] == true;
        if (request.method == "POST" && threads && denied & CREATE_PUBLIC_THREADS != 0)
            || ((request.method == "DELETE" || locks)
                && channel_edit
                && denied & MANAGE_THREADS != 0)
        {
            return Some(refusal(StatusCode::FORBIDDEN, 50013, "Missing Permissions"));
        }
        // Nothing is posted in an archived thread.
        let posts_in = request
            .path
            .strip_prefix("/channels/")
            .and_then(|p| p.strip_suffix("/messages"));
        if let Some(channel) = posts_in.filter(|_| request.method == "POST") {
            if self.shared.lock().unwrap().closed_threads.contains(channel) {
                return Some(refusal(
                    StatusCode::BAD_REQUEST,
                    50083,
                    "Thread is archived",
                ));
            }
        }
        let body = if route == Some(Route::Callback) {
            &request.json["data"]
        } else {
            &request.json
        };
        if let Some(why) = invalid_body(body) {
            return Some(refusal(
                StatusCode::BAD_REQUEST,
                50035,
                &format!("Invalid Form Body: {why}"),
            ));
        }
        if request
            .files
            .iter()
            .any(|(_, _, bytes)| bytes.len() > UPLOAD_LIMIT)
        {
            return Some(refusal(
                StatusCode::PAYLOAD_TOO_LARGE,
                40005,
                "Request entity too large",
            ));
        }
        let id = interaction?;
        let mut shared = self.shared.lock().unwrap();
        let Some(delivered) = shared.delivered.get_mut(&id) else {
            return Some(refusal(StatusCode::NOT_FOUND, 10062, "Unknown interaction"));
        };
        if route == Some(Route::Callback) {
            if delivered.answered {
                return Some(refusal(
                    StatusCode::BAD_REQUEST,
                    40060,
                    "Interaction has already been acknowledged.",
                ));
            }
            if now.duration_since(delivered.at) > Duration::from_secs(3) {
                return Some(refusal(StatusCode::NOT_FOUND, 10062, "Unknown interaction"));
            }
            delivered.answered = true;
        } else if !delivered.answered {
            return Some(refusal(StatusCode::NOT_FOUND, 10015, "Unknown Webhook"));
        }
        None
    }

    /// Injects `fault` into the next request of `route` (for `interaction`, or any).
    pub fn inject(&self, route: Route, interaction: Option<u64>, fault: Fault) {
        self.shared.lock().unwrap().planned.push(Planned {
            route,
            interaction,
            fault,
        });
    }

    /// `user` takes no direct messages from the server's members.
    pub fn refuse_dms(&self, user: &str) {
        self.shared.lock().unwrap().no_dms.insert(user.to_string());
    }

    /// The messages sent to `user` directly, oldest first.
    pub fn direct_messages(&self, user: &str) -> Vec<String> {
        let channel = dm_channel(user);
        let shared = self.shared.lock().unwrap();
        let all = shared.messages.all();
        all.values()
            .filter(|m| m.channel == channel)
            .map(|m| m.content.clone())
            .collect()
    }

    /// Takes permissions away from the bot (Discord's bits).
    pub fn deny(&self, permissions: u64) {
        self.shared.lock().unwrap().denied |= permissions;
    }

    /// Forgets interaction `id`, so that delivering it again is a fresh interaction (as
    /// after a gateway session replays events to a new process).
    pub fn forget(&self, id: u64) {
        self.shared.lock().unwrap().delivered.remove(&id);
    }

    /// Remembers an interaction being delivered in `channel` (a copy keeps the first's
    /// time).
    fn delivering(&self, id: u64, channel: &str) {
        self.shared
            .lock()
            .unwrap()
            .delivered
            .entry(id)
            .or_insert(Delivered {
                at: Instant::now(),
                answered: false,
                channel: channel.to_string(),
            });
    }

    /// The channel interaction `id` was used in.
    fn channel_of(&self, id: u64) -> String {
        let shared = self.shared.lock().unwrap();
        let delivered = shared.delivered.get(&id);
        delivered.map_or(CHANNEL_ID.to_string(), |d| d.channel.clone())
    }

    /// A first answer Discord took: a reply (type 4) or "thinking…" (type 5) is a message.
    fn callback_taken(&self, request: &Request) {
        let Some(id) = request.interaction() else {
            return;
        };
        if matches!(request.json["type"].as_u64(), Some(4 | 5)) {
            let channel = self.channel_of(id);
            let mut shared = self.shared.lock().unwrap();
            shared
                .messages
                .answered(id, &channel, &request.json["data"]);
        }
    }

    /// The interaction's webhook: followups, and its first answer read, edited, deleted.
    fn webhook(&self, request: &Request) -> Response {
        let id = request.interaction().unwrap_or(0);
        let channel = self.channel_of(id);
        let original = request.path.ends_with("/messages/@original");
        let mut shared = self.shared.lock().unwrap();
        let object = match (request.method.as_str(), original) {
            ("POST", false) => Some(shared.messages.create(&channel, &request.json)),
            ("GET", true) => shared.messages.original(id),
            ("PATCH", true) => shared.messages.edit_original(id, &request.json),
            ("DELETE", true) => {
                shared.messages.delete_original(id);
                return StatusCode::NO_CONTENT.into_response();
            }
            _ => None,
        };
        match object {
            Some(object) => Json(object).into_response(),
            None => refusal(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
        }
    }

    /// Every message the bot made, as members see it now, by id.
    pub fn messages(&self) -> std::collections::BTreeMap<u64, messages::Stored> {
        self.shared.lock().unwrap().messages.all()
    }

    /// The public messages of `channel` that still offer choices (buttons that are not
    /// links, menus), oldest first.
    pub fn with_choices(&self, channel: &str) -> Vec<(u64, messages::Stored)> {
        self.shared.lock().unwrap().messages.with_choices(channel)
    }
}

/// Discord's 429: `retry_after` in the body and the headers, no error code.
fn rate_limited(retry_after: f64, global: bool) -> Response {
    let mut response = (
        StatusCode::TOO_MANY_REQUESTS,
        Json(json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": global})),
    )
        .into_response();
    let headers = response.headers_mut();
    headers.insert(
        "retry-after",
        retry_after.ceil().to_string().parse().unwrap(),
    );
    headers.insert(
        "x-ratelimit-scope",
        if global { "global" } else { "user" }.parse().unwrap(),
    );
    if global {
        headers.insert("x-ratelimit-global", "true".parse().unwrap());
    }
    response
}

async fn gateway(State(fake): State<FakeDiscord>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| session(fake, socket))
}

async fn session(fake: FakeDiscord, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let interval = fake.shared.lock().unwrap().heartbeat_ms.unwrap_or(41_250);
    let hello = json!({"op": 10, "d": {"heartbeat_interval": interval}}).to_string();
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
                    Some(2) => fake.identify(&payload, &tx),
                    Some(6) => fake.resume(&payload, &tx),
                    Some(1) if fake.shared.lock().unwrap().silent => {}
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
                match outgoing {
                    Some(Out::Text(text)) => {
                        if socket.send(Message::Text(text.into())).await.is_err() {
                            return;
                        }
                    }
                    Some(Out::Close(code)) => {
                        let frame = axum::extract::ws::CloseFrame { code, reason: "fault".into() };
                        let _ = socket.send(Message::Close(Some(frame))).await;
                        return;
                    }
                    Some(Out::Drop) | None => return,
                }
            }
        }
    }
}

impl FakeDiscord {
    /// IDENTIFY: a new session serving the shard it names (Discord's routing: a guild's
    /// events go to shard (guild_id >> 22) % total).
    fn identify(&self, payload: &Value, tx: &mpsc::UnboundedSender<Out>) {
        let shard = &payload["d"]["shard"];
        let (id, total) = (
            shard[0].as_u64().unwrap_or(0) as u32,
            shard[1].as_u64().unwrap_or(1).max(1) as u32,
        );
        {
            let mut shared = self.shared.lock().unwrap();
            shared.gateways.retain(|(s, _, _)| *s != id);
            shared.gateways.push((id, total, tx.clone()));
            shared.sessions += 1;
            shared.silent = false;
        }
        let port = self.port;
        let ready = json!({"v": 10,
            "user": {"id": APP_ID, "username": "holotable", "discriminator": "0000", "bot": true},
            "guilds": [], "session_id": format!("s{id}"), "shard": [id, total],
            "resume_gateway_url": format!("ws://127.0.0.1:{port}/ws"),
            "application": {"id": APP_ID, "flags": 0}});
        self.send_to_shard(id, "READY", ready);
        self.shared.lock().unwrap().ready = true;
    }

    /// RESUME: the session of `s<shard>` continues on this connection, first sent every
    /// dispatch after the last one it saw, then RESUMED.
    fn resume(&self, payload: &Value, tx: &mpsc::UnboundedSender<Out>) {
        let shard: u32 = payload["d"]["session_id"]
            .as_str()
            .and_then(|s| s.strip_prefix('s'))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let seen = payload["d"]["seq"].as_u64().unwrap_or(0);
        {
            let mut shared = self.shared.lock().unwrap();
            let total = shared
                .gateways
                .iter()
                .find(|(s, _, _)| *s == shard)
                .map_or(1, |(_, total, _)| *total);
            shared.gateways.retain(|(s, _, _)| *s != shard);
            shared.gateways.push((shard, total, tx.clone()));
            shared.sessions += 1;
            shared.silent = false;
            let missed = shared.logs.get(&shard).cloned().unwrap_or_default();
            for (_, text) in missed.into_iter().filter(|(seq, _)| *seq > seen) {
                let _ = tx.send(Out::Text(text));
            }
        }
        self.send_to_shard(shard, "RESUMED", json!({}));
    }

    /// Makes HELLO ask for a heartbeat every `ms` (for a test that waits for one).
    pub fn set_heartbeat(&self, ms: u64) {
        self.shared.lock().unwrap().heartbeat_ms = Some(ms);
    }

    /// Breaks the gateway connection of `shard` as `fault` says.
    pub fn gateway_fault(&self, shard: u32, fault: GatewayFault) {
        let mut shared = self.shared.lock().unwrap();
        if fault == GatewayFault::Silence {
            shared.silent = true;
            return;
        }
        let Some((_, _, gateway)) = shared.gateways.iter().find(|(s, _, _)| *s == shard) else {
            panic!("no bot session serves shard {shard}");
        };
        let out = match fault {
            GatewayFault::Drop => Out::Drop,
            GatewayFault::Close(code) => Out::Close(code),
            GatewayFault::Reconnect => Out::Text(json!({"op": 7, "d": null}).to_string()),
            GatewayFault::InvalidSession => Out::Text(json!({"op": 9, "d": false}).to_string()),
            GatewayFault::Silence => unreachable!("handled above"),
        };
        let _ = gateway.send(out);
    }

    /// How many sessions have been started or resumed.
    pub fn sessions(&self) -> u64 {
        self.shared.lock().unwrap().sessions
    }

    /// Waits until more than `before` sessions have been started or resumed, and shard 0
    /// is connected.
    pub async fn reconnected(&self, before: u64) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.sessions() <= before || self.shards().is_empty() {
            assert!(Instant::now() < deadline, "the bot did not reconnect");
            tokio::time::sleep(Duration::from_millis(20)).await;
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

    fn member(user: &str, name: &str, permissions: &str) -> Value {
        json!({"user": {"id": user, "username": name, "discriminator": "0000"},
               "roles": [], "deaf": false, "mute": false, "flags": 0,
               "joined_at": "2026-01-01T00:00:00+00:00", "permissions": permissions})
    }

    /// The member object of `user` in the guild, with their nickname when they have one.
    fn member_of(&self, user: (&str, &str)) -> Value {
        let shared = self.shared.lock().unwrap();
        let permissions = shared.permissions.get(user.0).copied().unwrap_or(0);
        let mut member = Self::member(user.0, user.1, &permissions.to_string());
        if let Some(nick) = shared.nicks.get(user.0) {
            member["nick"] = json!(nick);
        }
        member
    }

    /// Gives `user` these permissions in the guild (Manage Server is 32).
    pub fn set_permissions(&self, user: &str, permissions: u64) {
        self.shared
            .lock()
            .unwrap()
            .permissions
            .insert(user.to_string(), permissions);
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

    /// The channel an interaction names, as Discord sends it: a thread the bot created is a
    /// public thread (type 11) with its channel as parent; any other is a text channel.
    fn channel_object(&self, channel: &str) -> Value {
        let parent = self
            .shared
            .lock()
            .unwrap()
            .thread_parents
            .get(channel)
            .cloned();
        match parent {
            Some(parent) => json!({"id": channel, "type": 11, "parent_id": parent,
                                   "name": "table thread"}),
            None => json!({"id": channel, "type": 0, "name": "general"}),
        }
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
        self.delivering(id, channel);
        let mut data = json!({"id": "6000", "name": name, "type": 1, "options": options});
        if !resolved.is_null() {
            data["resolved"] = resolved;
        }
        self.dispatch("INTERACTION_CREATE", json!({
            "id": id.to_string(), "application_id": APP_ID, "type": 2, "token": format!("tok{id}"),
            "version": 1, "channel_id": channel, "channel": self.channel_object(channel),
            "guild_id": guild,
            "member": self.member_of(user), "locale": self.locale(user.0), "entitlements": [],
            "attachment_size_limit": 10485760, "app_permissions": "0", "data": data
        }));
    }

    /// An autocomplete request with `focused` being typed.
    pub fn autocomplete(&self, id: u64, user: (&str, &str), name: &str, option: &str, typed: &str) {
        self.delivering(id, CHANNEL_ID);
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
        self.delivering(id, channel);
        let data = if values.is_empty() {
            json!({"custom_id": custom_id, "component_type": 2})
        } else {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        };
        self.dispatch("INTERACTION_CREATE", json!({
            "id": id.to_string(), "application_id": APP_ID, "type": 3, "token": format!("tok{id}"),
            "version": 1, "channel_id": channel, "channel": self.channel_object(channel),
            "guild_id": guild,
            "member": self.member_of(user), "locale": self.locale(user.0), "entitlements": [],
            "attachment_size_limit": 10485760, "app_permissions": "0",
            "message": message_object("board"), "data": data
        }));
    }
}
