//! Only a table's newest message keeps its buttons and menu. Every move posts a fresh board
//! with the choices of that moment; the boards above it would otherwise keep offering
//! choices that no longer exist (the table refuses them, but a member should not be invited
//! to press them). When a newer message about a table is delivered, the previous one is
//! edited down to its link to the live page.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Request, Route};

use super::closing::Closing;
use super::retry::retrying;

/// A delivered message whose buttons or menu are live.
#[derive(Clone)]
pub(super) struct Live {
    pub at: LiveAt,
    /// What the message keeps once its choices go stale (the live page's link).
    pub kept: Vec<serenity::CreateActionRow>,
}

/// Where a live message is.
#[derive(Clone)]
pub(super) enum LiveAt {
    /// A message of a channel, by id (a followup, an edited answer, a channel post).
    Posted {
        channel: serenity::ChannelId,
        message: serenity::MessageId,
    },
    /// The first answer to an interaction, reached through its token while the token is
    /// valid (Discord keeps it 15 minutes). Discord does not say the message's id when it
    /// takes the answer, and asking for it would cost a request on every move.
    Original { token: String, until: Instant },
}

/// How long after an interaction its first answer is still edited through its token.
pub(super) const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);

/// The live message of each table, as this process delivered them.
pub(super) struct Controls {
    live: Mutex<HashMap<i64, Live>>,
    /// The tables' own threads, closed once their game is over.
    pub closing: Arc<Closing>,
}

/// How long taking stale choices off is tried (it is a courtesy: the table refuses them).
const STRIP_FOR: Duration = Duration::from_secs(10);

/// Tables remembered before the oldest are forgotten (a message of a finished table keeps
/// its choices, which the table refuses).
const KEPT: usize = 50_000;

impl Controls {
    pub(super) fn new(closing: Closing) -> Controls {
        Controls {
            live: Mutex::default(),
            closing: Arc::new(closing),
        }
    }

    /// A message about `table` was delivered; `now_live` is it when it has choices. The
    /// table's previous live message, if any, loses its choices.
    pub(super) async fn shown(&self, http: &serenity::Http, table: i64, now_live: Option<Live>) {
        let stale = {
            let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
            if live.len() > KEPT {
                live.clear();
            }
            match now_live {
                Some(now) => live.insert(table, now),
                None => live.remove(&table),
            }
        };
        if let Some(stale) = stale {
            strip(http, stale).await;
        }
    }
}

/// Edits `stale` down to what it keeps. A message that is gone (deleted, its thread
/// removed) or out of reach (an answer whose token expired) keeps its choices: the table
/// refuses them as stale.
async fn strip(http: &serenity::Http, stale: Live) {
    let deadline = Instant::now() + STRIP_FOR;
    let body = match serde_json::to_vec(&serde_json::json!({ "components": stale.kept })) {
        Ok(body) => body,
        Err(error) => {
            tracing::warn!(%error, "stale choices could not be written out");
            return;
        }
    };
    let route = match &stale.at {
        LiveAt::Posted { channel, message } => Route::ChannelMessage {
            channel_id: *channel,
            message_id: *message,
        },
        LiveAt::Original { token, until } if Instant::now() < *until => {
            let Some(application_id) = http.application_id() else {
                return;
            };
            Route::WebhookOriginalInteractionResponse {
                application_id,
                token,
            }
        }
        LiveAt::Original { .. } => return,
    };
    let edited = retrying("strip", deadline, || patch(http, route, &body)).await;
    if let Err(failed) = edited {
        tracing::info!(error = %failed.error, "stale choices left on a message");
    }
}

/// Sends `body` as an edit to `route`. The edited message Discord sends back is read but
/// not parsed: nothing here needs it, and a stale board is edited on every move.
async fn patch(http: &serenity::Http, route: Route<'_>, body: &[u8]) -> serenity::Result<()> {
    let request = Request::new(route, LightMethod::Patch).body(Some(body.to_vec()));
    http.request(request).await?.bytes().await?;
    Ok(())
}
