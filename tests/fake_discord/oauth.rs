//! Discord's OAuth2 for an Activity, as far as the bot meets it: a code the member's client
//! authorised (`authorize` with `identify`), exchanged once at `/oauth2/token` with the
//! application's client id and secret for an access token, and `/users/@me` with that token.
//! A code is good once, and only with the right secret, as on Discord. And where an
//! Activity runs: its instances, each launched in a channel with the members in it, which
//! the bot reads with its own token.

use std::collections::HashMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::{FakeDiscord, Request, APP_ID, GUILD_ID};

/// The application's client secret the fake knows.
pub const CLIENT_SECRET: &str = "activity-secret";

/// Codes not yet exchanged, and access tokens given: each to its user (id, name).
#[derive(Default)]
pub(super) struct OAuth {
    codes: HashMap<String, (String, String)>,
    tokens: HashMap<String, (String, String)>,
    issued: u64,
    /// Whether the application's Activities are on (the developer portal's switch).
    pub(super) activities: bool,
    /// The Activity's instances: each one's channel and the members in it.
    instances: HashMap<String, (String, Vec<String>)>,
}

impl FakeDiscord {
    /// Turns the application's Activities on, as its developer does in the portal.
    pub fn enable_activities(&self) {
        self.shared.lock().unwrap().oauth.activities = true;
    }

    /// `user` launches (or joins) the Activity's instance `instance` in `channel`.
    pub fn join_activity(&self, instance: &str, channel: &str, user: &str) {
        let mut shared = self.shared.lock().unwrap();
        let entry = shared
            .oauth
            .instances
            .entry(instance.to_string())
            .or_insert_with(|| (channel.to_string(), Vec::new()));
        entry.1.push(user.to_string());
    }

    /// A code for `user` as their Discord client hands it to the Activity once they
    /// authorised it.
    pub fn oauth_code(&self, (id, name): (&str, &str)) -> String {
        let mut shared = self.shared.lock().unwrap();
        shared.oauth.issued += 1;
        let code = format!("code{}x{id}", shared.oauth.issued);
        shared
            .oauth
            .codes
            .insert(code.clone(), (id.to_string(), name.to_string()));
        code
    }
}

fn error(status: StatusCode, error: &str) -> Response {
    (status, Json(json!({ "error": error }))).into_response()
}

/// `POST /oauth2/token` (form-encoded, as Discord takes it).
pub(super) fn token(fake: &FakeDiscord, request: &Request) -> Response {
    let field = |name: &str| {
        request
            .form
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    if field("client_id") != Some(APP_ID) || field("client_secret") != Some(CLIENT_SECRET) {
        return error(StatusCode::UNAUTHORIZED, "invalid_client");
    }
    if field("grant_type") != Some("authorization_code") {
        return error(StatusCode::BAD_REQUEST, "unsupported_grant_type");
    }
    let mut shared = fake.shared.lock().unwrap();
    let Some(user) = field("code").and_then(|code| shared.oauth.codes.remove(code)) else {
        return error(StatusCode::BAD_REQUEST, "invalid_grant");
    };
    shared.oauth.issued += 1;
    let token = format!("token{}", shared.oauth.issued);
    shared.oauth.tokens.insert(token.clone(), user);
    Json(json!({
        "access_token": token, "token_type": "Bearer", "expires_in": 604800,
        "refresh_token": "refresh", "scope": "identify"
    }))
    .into_response()
}

/// `GET /users/@me` with a bearer token.
pub(super) fn me(fake: &FakeDiscord, request: &Request) -> Response {
    let shared = fake.shared.lock().unwrap();
    match request
        .bearer
        .as_ref()
        .and_then(|t| shared.oauth.tokens.get(t))
    {
        Some((id, name)) => Json(json!({
            "id": id, "username": name, "global_name": name, "discriminator": "0", "avatar": null
        }))
        .into_response(),
        None => (
            StatusCode::UNAUTHORIZED,
            Json(json!({"message": "401: Unauthorized", "code": 0})),
        )
            .into_response(),
    }
}

/// `GET /applications/{app}/activity-instances/{instance}`, with the bot's token: where the
/// instance runs and who is in it (Discord's `EmbeddedActivityInstance`).
pub(super) fn instance(fake: &FakeDiscord, request: &Request) -> Response {
    if !request.bot {
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({"message": "401: Unauthorized", "code": 0})),
        )
            .into_response();
    }
    let parts: Vec<&str> = request.path.split('/').collect();
    let (app, id) = (
        parts.get(2).copied(),
        parts.get(4).copied().unwrap_or_default(),
    );
    let shared = fake.shared.lock().unwrap();
    match shared
        .oauth
        .instances
        .get(id)
        .filter(|_| app == Some(APP_ID))
    {
        Some((channel, users)) => Json(json!({
            "application_id": APP_ID, "instance_id": id, "launch_id": format!("launch-{id}"),
            "location": {"id": format!("gc-{GUILD_ID}-{channel}"), "kind": "gc",
                         "channel_id": channel, "guild_id": GUILD_ID},
            "users": users,
        }))
        .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            Json(json!({"message": "Unknown Activity Instance", "code": 10070})),
        )
            .into_response(),
    }
}
