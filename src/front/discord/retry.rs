//! What a request Discord refused or failed tells, and trying again where that can help.
//!
//! In production serenity's own rate limiter waits out most 429s before they reach here;
//! behind `[discord] api_proxy` (the proxy is then in charge of rate limits) a 429 arrives as
//! an error whose body serenity cannot read, so its `retry_after` is unknown: the pauses
//! below grow until the limit has passed.

use std::future::Future;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::http::HttpError;

/// What a failed request means for the answer it carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Failure {
    /// Worth another try: a rate limit, Discord's own failure (5xx), no answer at all.
    Transient,
    /// The interaction or message is gone (an expired interaction, 10062; an unknown
    /// webhook or message, 10015 and 10008): only a channel message still reaches members.
    Gone,
    /// Refused for what it is (a permission, a body Discord does not take): the same
    /// request again changes nothing.
    Refused,
}

/// Discord's code for "this interaction has already been acknowledged".
const ALREADY_ANSWERED: isize = 40060;

/// How a failed request is read. An interaction already acknowledged (40060) is not a
/// failure: an earlier attempt, which Discord took before failing to say so, answered it.
pub(super) fn classify(error: &serenity::Error) -> Option<Failure> {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            Some(match (status, response.error.code) {
                (_, ALREADY_ANSWERED) => return None,
                (429 | 500..=599, _) => Failure::Transient,
                (404, _) | (_, 10062 | 10015 | 10008 | 10003) => Failure::Gone,
                _ => Failure::Refused,
            })
        }
        serenity::Error::Http(HttpError::Request(_)) => Some(Failure::Transient),
        _ => Some(Failure::Refused),
    }
}

/// The pause before try `n + 1`: 250 ms doubling up to 4 s, plus up to a quarter more at
/// random, so that answers refused together do not all come back together.
fn pause(n: u32) -> Duration {
    let base = Duration::from_millis(250) * 2u32.pow(n.min(4));
    base + base.mul_f64(rand::random::<f64>() / 4.0)
}

/// A request that could not be delivered, and why.
pub(super) struct Undelivered {
    pub failure: Failure,
    pub error: serenity::Error,
}

/// Runs `attempt` until Discord takes it, refuses it for good, or the next try would come
/// after `deadline`. What Discord answered comes back, unless an earlier try had already
/// been taken (40060: the answer is delivered, but this try got nothing).
pub(super) async fn retrying<F, Fut, T>(
    what: &'static str,
    deadline: Instant,
    mut attempt: F,
) -> Result<Option<T>, Undelivered>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut n = 0;
    loop {
        let error = match attempt().await {
            Ok(taken) => return Ok(Some(taken)),
            Err(error) => error,
        };
        let Some(failure) = classify(&error) else {
            return Ok(None);
        };
        let wait = pause(n);
        if failure != Failure::Transient || Instant::now() + wait > deadline {
            return Err(Undelivered { failure, error });
        }
        tracing::info!(what, attempt = n + 1, error = %error, "Discord failed a request; trying again");
        crate::telemetry::discord_retry(what);
        tokio::time::sleep(wait).await;
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_grow_and_stay_bounded() {
        let first = pause(0);
        assert!(first >= Duration::from_millis(250) && first <= Duration::from_millis(313));
        let late = pause(30);
        assert!(late >= Duration::from_secs(4) && late <= Duration::from_secs(5));
        assert!(pause(1) >= Duration::from_millis(500));
    }
}
