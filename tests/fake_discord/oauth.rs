//! Discord's OAuth2 for an Activity, as far as the bot meets it: a code the member's client
//! authorised (`authorize` with `identify`), exchanged once at `/oauth2/token` with the
//! application's client id and secret for an access token, and `/users/@me` with that token.
//! A code is good once, and only with the right secret, as on Discord.

use std::collections::HashMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::{FakeDiscord, Request, APP_ID};

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
}

impl FakeDiscord {
    /// Turns the application's Activities on, as its developer does in the portal.
    pub fn enable_activities(&self) {
        self.shared.lock().unwrap().oauth.activities = true;
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
