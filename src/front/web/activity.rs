//! The Discord Activity's way in: the page, framed by Discord's client, has the member
//! authorise the application (`identify`) and posts the code it got to `/activity/session`;
//! the bot exchanges it with Discord's OAuth2 token endpoint (its client id and secret from
//! the configuration), reads who the member is, and answers with the access token (which
//! the page hands back to Discord's client) and the page to open: the member's seat at the
//! table they play in the channel the Activity was launched in, or none.
//! A code works once: Discord refuses it again, and so the bot does.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{lang_of, not_found, LangQuery, Web};
use crate::table::Opened;

/// Discord's Embedded App SDK, bundled by `scripts/activity-sdk/build.sh`.
const SDK: &str = include_str!("activity-sdk.js");
/// The Activity page's own script.
const SCRIPT: &str = include_str!("activity.js");

/// `GET /activity`: the page Discord's client frames. It waits for Discord, has the member
/// authorise the application, trades the code here, and opens what it is given.
pub(super) async fn page(
    State(web): State<Web>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&query, &headers);
    let Some(auth) = &web.activity else {
        return not_found(lang);
    };
    super::html(super::pages::activity(&auth.client_id, lang, SCRIPT))
}

/// `GET /activity/sdk.js`.
pub(super) async fn sdk(State(web): State<Web>) -> Response {
    if web.activity.is_none() {
        return StatusCode::NOT_FOUND.into_response();
    }
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        SDK,
    )
        .into_response()
}

/// The application's OAuth2 credentials and where Discord's API is (`https://discord.com`,
/// or the proxy or fake Discord the bot's REST traffic goes to).
#[derive(Clone)]
pub struct ActivityAuth {
    api: String,
    client_id: String,
    client_secret: String,
    /// The exchanges of the current minute: anyone may post a code, and each one costs a
    /// call to Discord, so a script posting made-up codes is stopped here, not there.
    window: Arc<Mutex<(Instant, u32)>>,
}

/// How many codes a process trades with Discord in a minute, at most.
const EXCHANGES_PER_MINUTE: u32 = 60;

impl ActivityAuth {
    pub fn new(api: String, client_id: String, client_secret: String) -> ActivityAuth {
        ActivityAuth {
            api,
            client_id,
            client_secret,
            window: Arc::new(Mutex::new((Instant::now(), 0))),
        }
    }

    /// Whether one more exchange fits in this minute (and counts it).
    fn admits(&self) -> bool {
        let mut window = self.window.lock().unwrap_or_else(|e| e.into_inner());
        if window.0.elapsed() >= Duration::from_secs(60) {
            *window = (Instant::now(), 0);
        }
        window.1 += 1;
        window.1 <= EXCHANGES_PER_MINUTE
    }
}

/// What the page posts: the code Discord's client gave it, and where it was launched.
#[derive(Deserialize)]
pub(super) struct Session {
    code: String,
    guild_id: String,
    channel_id: String,
}

/// How long the bot waits for Discord's OAuth2 answers.
const TIMEOUT: Duration = Duration::from_secs(10);

fn refused(status: StatusCode, why: &str) -> Response {
    (status, Json(json!({ "error": why }))).into_response()
}

/// A Discord id: digits only, as every snowflake.
fn snowflake(text: &str) -> bool {
    (1..=20).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())
}

/// `POST /activity/session`.
pub(super) async fn session(State(web): State<Web>, Json(session): Json<Session>) -> Response {
    let Some(auth) = web.activity.clone() else {
        return refused(StatusCode::NOT_FOUND, "no Activity here");
    };
    if session.code.is_empty() || session.code.len() > 256 {
        return refused(StatusCode::BAD_REQUEST, "not a code");
    }
    if !snowflake(&session.guild_id) || !snowflake(&session.channel_id) {
        return refused(StatusCode::BAD_REQUEST, "not a channel");
    }
    if !auth.admits() {
        metrics::counter!("holotable_web_activity_refused_total").increment(1);
        return refused(
            StatusCode::TOO_MANY_REQUESTS,
            "too many codes; try again in a minute",
        );
    }
    let Ok(client) = reqwest::Client::builder().timeout(TIMEOUT).build() else {
        return refused(StatusCode::SERVICE_UNAVAILABLE, "no HTTP client");
    };
    let api = auth.api.trim_end_matches('/');
    let exchanged = client
        .post(format!("{api}/api/v10/oauth2/token"))
        .form(&[
            ("client_id", auth.client_id.as_str()),
            ("client_secret", auth.client_secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", session.code.as_str()),
        ])
        .send()
        .await;
    let token = match exchanged {
        Ok(answer) if answer.status().is_success() => answer.json::<Value>().await.ok(),
        Ok(answer) => {
            tracing::info!(status = %answer.status(), "Discord refused an Activity's code");
            return refused(StatusCode::UNAUTHORIZED, "Discord refused the code");
        }
        Err(e) => {
            tracing::warn!(error = %e, "Discord's token endpoint did not answer");
            return refused(StatusCode::BAD_GATEWAY, "Discord did not answer");
        }
    };
    let Some(token) = token.and_then(|t| t["access_token"].as_str().map(str::to_string)) else {
        return refused(StatusCode::BAD_GATEWAY, "Discord gave no token");
    };
    let me = client
        .get(format!("{api}/api/v10/users/@me"))
        .bearer_auth(&token)
        .send()
        .await;
    let user = match me {
        Ok(answer) if answer.status().is_success() => answer.json::<Value>().await.ok(),
        _ => None,
    };
    let Some(user) = user
        .and_then(|u| u["id"].as_str().map(str::to_string))
        .filter(|id| snowflake(id))
    else {
        return refused(
            StatusCode::BAD_GATEWAY,
            "Discord did not say who the member is",
        );
    };
    let (guild, channel, member) = (session.guild_id, session.channel_id, user.clone());
    let opened = web
        .hub
        .act(move |app| app.seat_links().open_in(&guild, &channel, &member))
        .await;
    let page = match opened {
        Some(Ok(Opened::Seat(token))) => Some(format!("/p/{token}")),
        Some(Ok(Opened::Nothing)) => None,
        _ => return refused(StatusCode::SERVICE_UNAVAILABLE, "the tables did not answer"),
    };
    Json(json!({ "access_token": token, "user": user, "page": page })).into_response()
}
