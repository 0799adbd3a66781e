//! The fake's REST side: a request read (JSON or multipart), answered as Discord
//! would take it, and the bodies Discord would refuse.

use super::*;

/// Discord's error body.
pub(super) fn refusal(status: StatusCode, code: u32, message: &str) -> Response {
    (status, Json(json!({"code": code, "message": message}))).into_response()
}

/// Why Discord would refuse this message body (content, components), if it would.
pub(super) fn invalid_body(data: &Value) -> Option<String> {
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

pub(super) fn message_object(content: &str) -> Value {
    json!({"id": "9000", "channel_id": CHANNEL_ID,
           "author": {"id": APP_ID, "username": "holotable", "discriminator": "0000", "bot": true},
           "content": content, "timestamp": "2026-11-29T00:00:00+00:00", "tts": false,
           "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
           "embeds": [], "pinned": false, "type": 0})
}

pub(super) fn thread_object(id: &str, parent: &str, name: &str) -> Value {
    json!({"id": id, "type": 11, "guild_id": GUILD_ID, "parent_id": parent, "name": name,
           "owner_id": APP_ID, "message_count": 0, "member_count": 1,
           "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                               "archive_timestamp": "2026-11-29T00:00:00+00:00", "locked": false}})
}

/// Splits a multipart body into (name, filename, content).
pub(super) fn multipart(content_type: &str, body: &[u8]) -> Vec<(String, Option<String>, Vec<u8>)> {
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

/// The fields of a form-encoded body (`a=1&b=x%20y`).
fn form_fields(body: &[u8]) -> Vec<(String, String)> {
    let decode = |text: &str| {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'+' => out.push(b' '),
                b'%' if i + 2 < bytes.len() => {
                    let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
                    out.push(u8::from_str_radix(hex, 16).unwrap_or(b'?'));
                    i += 2;
                }
                b => out.push(b),
            }
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    String::from_utf8_lossy(body)
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

pub(super) fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(haystack, needle)
}

pub(super) async fn rest(
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
        form: if content_type.starts_with("application/x-www-form-urlencoded") {
            form_fields(&body)
        } else {
            Vec::new()
        },
        bot: headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("Bot ")),
        bearer: headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::to_string),
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
pub(super) fn taken(fake: &FakeDiscord, request: &Request, thread: u64) -> Response {
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
        ("POST", "/oauth2/token") => super::oauth::token(fake, request),
        ("GET", "/users/@me") => super::oauth::me(fake, request),
        ("GET", p) if p.starts_with("/applications/") && p.contains("/activity-instances/") => {
            super::oauth::instance(fake, request)
        }
        ("POST", p) if p.starts_with("/interactions/") && p.ends_with("/callback") => {
            match fake.callback_taken(request) {
                Some(refused) => refused,
                None => StatusCode::NO_CONTENT.into_response(),
            }
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
