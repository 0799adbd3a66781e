//! Only a table's newest message keeps its buttons and menu. Every move posts a fresh board
//! with the choices of that moment; the boards above it would otherwise keep offering
//! choices that no longer exist (the table refuses them, but a member should not be invited
//! to press them). When a newer message about a table is delivered, the previous one is
//! edited down to its link to the live page.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;

use super::retry::retrying;

/// A delivered message whose buttons or menu are live.
#[derive(Clone)]
pub(super) struct Live {
    pub channel: serenity::ChannelId,
    pub message: serenity::MessageId,
    /// What the message keeps once its choices go stale (the live page's link).
    pub kept: Vec<serenity::CreateActionRow>,
}

/// The live message of each table, as this process delivered them.
#[derive(Default)]
pub(super) struct Controls {
    live: Mutex<HashMap<i64, Live>>,
}

/// How long taking stale choices off is tried (it is a courtesy: the table refuses them).
const STRIP_FOR: Duration = Duration::from_secs(10);

/// Tables remembered before the oldest are forgotten (a message of a finished table keeps
/// its choices, which the table refuses).
const KEPT: usize = 50_000;

impl Controls {
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
/// removed) is fine as it is.
async fn strip(http: &serenity::Http, stale: Live) {
    let deadline = Instant::now() + STRIP_FOR;
    let edited = retrying("strip", deadline, || {
        let edit = serenity::EditMessage::new().components(stale.kept.clone());
        async move {
            stale
                .channel
                .edit_message(http, stale.message, edit)
                .await
                .map(drop)
        }
    })
    .await;
    if let Err(failed) = edited {
        tracing::info!(
            channel = stale.channel.get(),
            message = stale.message.get(),
            error = %failed.error,
            "stale choices left on a message"
        );
    }
}
