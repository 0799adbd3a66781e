//! The Discord Activity's way in: the page, framed by Discord's client, has the member
//! authorise the application (`identify`) and posts the code it got to `/activity/session`;
//! the bot exchanges it with Discord's OAuth2 token endpoint (its client id and secret from
//! the configuration), reads who the member is, and answers with the access token (which
//! the page hands back to Discord's client) and the page to open: what the channel the
//! Activity was launched in holds for them ([`super::here`]).
//! A code works once: Discord refuses it again, and so the bot does. The channel the page
//! names is believed only once Discord confirms, with the bot's own token, that the member
//! runs this Activity's instance in that very channel: a page may say anything, Discord's
//! activity instance cannot be made up.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{lang_of, not_found, LangQuery, Web};
use crate::words::Lang;

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
    /// The bot's token, to ask Discord where an Activity's instance runs and who is in it.
    bot_token: String,
    /// The members' sessions, by their grant (the token `/activity/here` is opened with).
    grants: Arc<Mutex<HashMap<String, Grant>>>,
    /// The exchanges of the current minute: anyone may post a code, and each one costs a
    /// call to Discord, so a script posting made-up codes is stopped here, not there.
    window: Arc<Mutex<(Instant, u32)>>,
}

/// How many codes a process trades with Discord in a minute, at most.
const EXCHANGES_PER_MINUTE: u32 = 60;

impl ActivityAuth {
    pub fn new(
        api: String,
        client_id: String,
        client_secret: String,
        bot_token: String,
    ) -> ActivityAuth {
        ActivityAuth {
            api,
            client_id,
            client_secret,
            bot_token,
            grants: Arc::default(),
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

    /// A new grant for `grant`'s member and channel: 128 random bits, good for
    /// [`GRANT_LIFE`]. The oldest are forgotten past [`GRANTS`].
    fn give(&self, grant: Grant) -> String {
        let token = format!("{:032x}", rand::random::<u128>());
        let mut grants = self.grants.lock().unwrap_or_else(|e| e.into_inner());
        grants.retain(|_, g| g.given.elapsed() < GRANT_LIFE);
        if grants.len() >= GRANTS {
            if let Some(oldest) = grants
                .iter()
                .min_by_key(|(_, g)| g.given)
                .map(|(k, _)| k.clone())
            {
                grants.remove(&oldest);
            }
        }
        grants.insert(token.clone(), grant);
        token
    }

    /// The member and channel `token` was given for, while it is good.
    pub(super) fn grant(&self, token: &str) -> Option<Grant> {
        let grants = self.grants.lock().unwrap_or_else(|e| e.into_inner());
        grants
            .get(token)
            .filter(|g| g.given.elapsed() < GRANT_LIFE)
            .cloned()
    }
}

/// A member's session in the Activity: who they are, where Discord says they launched it,
/// and the language their Discord client is in.
#[derive(Clone)]
pub(super) struct Grant {
    pub guild: String,
    pub channel: String,
    pub user: String,
    pub name: String,
    pub lang: Lang,
    given: Instant,
}

/// How long a session lasts (an evening's play); the Activity opened again makes a new one.
const GRANT_LIFE: Duration = Duration::from_secs(6 * 3600);
/// How many sessions a process keeps at most.
const GRANTS: usize = 10_000;

/// What the page posts: the code Discord's client gave it, and where it was launched.
#[derive(Deserialize)]
pub(super) struct Session {
    code: String,
    guild_id: String,
    channel_id: String,
    instance_id: String,
}

/// How long the bot waits for Discord's OAuth2 answers.
const TIMEOUT: Duration = Duration::from_secs(10);

fn refused(status: StatusCode, why: &str) -> Response {
    (status, Json(json!({ "error": why }))).into_response()
}

/// An activity instance's id, as Discord makes them (`i-1234-gc-5678-9012`): nothing that
/// could leave its place in a URL.
fn instance(text: &str) -> bool {
    (1..=200).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b))
}

/// A Discord id: digits only, as every snowflake.
fn snowflake(text: &str) -> bool {
    (1..=20).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())
}

/// `POST /activity/session`.
pub(super) async fn session(
    State(web): State<Web>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
    Json(session): Json<Session>,
) -> Response {
    let lang = lang_of(&query, &headers);
    let Some(auth) = web.activity.clone() else {
        return refused(StatusCode::NOT_FOUND, "no Activity here");
    };
    if session.code.is_empty() || session.code.len() > 256 {
        return refused(StatusCode::BAD_REQUEST, "not a code");
    }
    if !snowflake(&session.guild_id) || !snowflake(&session.channel_id) {
        return refused(StatusCode::BAD_REQUEST, "not a channel");
    }
    if !instance(&session.instance_id) {
        return refused(StatusCode::BAD_REQUEST, "not an activity instance");
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
    let Some((user, name, locale)) = user.and_then(|u| {
        let id = u["id"].as_str().filter(|id| snowflake(id))?.to_string();
        let name = u["global_name"]
            .as_str()
            .or(u["username"].as_str())
            .unwrap_or(&id)
            .to_string();
        Some((id, name, u["locale"].as_str().map(str::to_string)))
    }) else {
        return refused(
            StatusCode::BAD_GATEWAY,
            "Discord did not say who the member is",
        );
    };
    if !runs_there(&client, &auth, &session, &user).await {
        metrics::counter!("holotable_web_activity_refused_total").increment(1);
        return refused(
            StatusCode::FORBIDDEN,
            "Discord does not show this member in this Activity in that channel",
        );
    }
    let grant = auth.give(Grant {
        guild: session.guild_id,
        channel: session.channel_id,
        user: user.clone(),
        name,
        lang: locale.map_or(lang, |l| Lang::of(&l)),
        given: Instant::now(),
    });
    let page = format!("/activity/here?grant={grant}");
    Json(json!({ "access_token": token, "user": user, "page": page })).into_response()
}

/// Whether Discord says that `user` runs the Activity's instance `session` names, in the
/// guild and channel it names (`GET /applications/{app}/activity-instances/{instance}`,
/// asked with the bot's token).
async fn runs_there(
    client: &reqwest::Client,
    auth: &ActivityAuth,
    session: &Session,
    user: &str,
) -> bool {
    let api = auth.api.trim_end_matches('/');
    let asked = client
        .get(format!(
            "{api}/api/v10/applications/{}/activity-instances/{}",
            auth.client_id, session.instance_id
        ))
        .header(header::AUTHORIZATION, format!("Bot {}", auth.bot_token))
        .send()
        .await;
    let instance = match asked {
        Ok(answer) if answer.status().is_success() => answer.json::<Value>().await.ok(),
        Ok(answer) => {
            tracing::info!(status = %answer.status(), "Discord knows no such activity instance");
            None
        }
        Err(e) => {
            tracing::warn!(error = %e, "Discord did not say where the Activity runs");
            None
        }
    };
    let Some(instance) = instance else {
        return false;
    };
    let location = &instance["location"];
    location["guild_id"] == session.guild_id.as_str()
        && location["channel_id"] == session.channel_id.as_str()
        && instance["users"]
            .as_array()
            .is_some_and(|users| users.iter().any(|u| u == user))
}
