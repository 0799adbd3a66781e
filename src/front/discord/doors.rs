//! The door interactions come in by. serenity starts a task for every gateway event, and
//! poise's handling of one interaction is a large future (tens of kilobytes, with ours
//! inside it); under a burst of a thousand interactions those futures, all waiting for the
//! application's few working places, were the bot's largest use of memory. Here an
//! interaction waits for one of [`DOORS`] places before poise's future is made, as a small
//! future that holds only the event; a copy of an interaction already taken is dropped at
//! once; and when each arrived is remembered, so that Discord's three seconds and the
//! moment to defer are counted from the arrival, not from the door.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::Semaphore;

use super::seen::Seen;
use super::shutdown::InFlight;

/// How many interactions are handled at once past the door: many more than the
/// application's working places, so that answers are sent while others are worked on, and
/// few enough that what waits costs little.
pub(super) const DOORS: usize = 256;

/// A framework (poise's) behind the door.
pub(super) struct Doors<F> {
    inner: F,
    open: Semaphore,
    seen: Arc<Seen>,
    inflight: Arc<InFlight>,
}

impl<F> Doors<F> {
    pub(super) fn new(inner: F, seen: Arc<Seen>, inflight: Arc<InFlight>) -> Doors<F> {
        Doors {
            inner,
            open: Semaphore::new(DOORS),
            seen,
            inflight,
        }
    }
}

#[serenity::async_trait]
impl<F: serenity::Framework> serenity::Framework for Doors<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let serenity::FullEvent::InteractionCreate { interaction } = &event else {
            return self.inner.dispatch(ctx, event).await;
        };
        if !self.seen.first(interaction.id().get()) {
            tracing::info!(
                id = interaction.id().get(),
                "an interaction delivered twice"
            );
            return;
        }
        // A stop waits for the interactions at the door too.
        let _busy = self.inflight.enter();
        let Ok(_inside) = self.open.acquire().await else {
            return;
        };
        self.inner.dispatch(ctx, event).await;
    }
}
