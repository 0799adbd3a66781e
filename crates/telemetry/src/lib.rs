//! What the bot counts and times for its operator, read from `/metrics` in Prometheus' text
//! format. The layers record through the `metrics` crate's macros, which cost next to nothing
//! when no recorder is installed (a process without the web server); the web server
//! installs the Prometheus recorder once per process.
//!
//! The metrics (all prefixed `holotable_`):
//! - `interactions_total{command, outcome}` and `reply_seconds{command}`: commands answered
//!   by a front end (`outcome` is `ok` or `refused`).
//! - `board_render_seconds{where}`: a board drawn for a reply (`table`) or a page (`web`).
//! - `db_seconds{op}`: a ledger transaction (`read`, `write`), and `db_pool_wait_seconds`:
//!   waiting for a PostgreSQL connection.
//! - `droid_think_seconds{game}`: the droid choosing an action, and `droid_wait_seconds{game}`:
//!   a search waiting in the droid's queue before it starts.
//! - `active_tables`, `spectators`: read when scraped.
//! - `web_requests_total{page}`, `web_spectators_dropped_total`, `web_update_seconds`.
//! - `health_checks_total{verdict}`, `shard_connected{shard}` under `serve`.
//! - `discord_retries_total{request}`: requests Discord failed that were tried again;
//!   `discord_fallbacks_total{request}`: answers Discord did not take, posted in the channel
//!   instead (or, for a private answer, lost).

use std::sync::OnceLock;

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// The buckets of every time histogram, in seconds: from a fast board to a slow droid.
const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the Prometheus recorder for this process (once; later calls do nothing). A
/// process where another recorder is installed already keeps that one.
pub fn install() {
    HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets(&BUCKETS)
            .expect("the buckets are not empty");
        match builder.install_recorder() {
            Ok(handle) => {
                describe();
                Some(handle)
            }
            Err(e) => {
                tracing::warn!(error = %e, "metrics are not recorded");
                None
            }
        }
    });
}

fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_counter!(
        "holotable_interactions_total",
        "Commands answered, by command and outcome"
    );
    describe_histogram!(
        "holotable_reply_seconds",
        Unit::Seconds,
        "Time from a command to its reply"
    );
    describe_histogram!(
        "holotable_board_render_seconds",
        Unit::Seconds,
        "Time to draw a board"
    );
    describe_histogram!(
        "holotable_db_seconds",
        Unit::Seconds,
        "Time of a ledger transaction"
    );
    describe_histogram!(
        "holotable_db_pool_wait_seconds",
        Unit::Seconds,
        "Time waiting for a database connection"
    );
    describe_histogram!(
        "holotable_droid_think_seconds",
        Unit::Seconds,
        "Time the droid thinks"
    );
    describe_histogram!(
        "holotable_droid_wait_seconds",
        Unit::Seconds,
        "Time a droid search waits in its queue before it starts"
    );
    describe_counter!(
        "holotable_discord_retries_total",
        "Requests Discord failed and that were tried again"
    );
    describe_counter!(
        "holotable_discord_fallbacks_total",
        "Answers Discord did not take, posted in the channel instead"
    );
    describe_gauge!("holotable_active_tables", "Tables open or playing");
    describe_gauge!("holotable_spectators", "Live pages connected");
    describe_gauge!(
        "holotable_shard_connected",
        "1 while a gateway shard is connected"
    );
}

/// The metrics as Prometheus' text format, with the gauges read now.
pub fn render(spectators: usize, active_tables: Option<i64>) -> String {
    metrics::gauge!("holotable_spectators").set(spectators as f64);
    if let Some(tables) = active_tables {
        metrics::gauge!("holotable_active_tables").set(tables as f64);
    }
    match HANDLE.get() {
        Some(Some(handle)) => {
            handle.run_upkeep();
            handle.render()
        }
        _ => String::new(),
    }
}

/// Times `work` into the histogram `name` with one label.
pub fn timed<T>(
    name: &'static str,
    label: (&'static str, &'static str),
    work: impl FnOnce() -> T,
) -> T {
    let started = std::time::Instant::now();
    let value = work();
    metrics::histogram!(name, label.0 => label.1).record(started.elapsed().as_secs_f64());
    value
}

/// The time since `since` into the histogram `name` with one label (a wait that began
/// elsewhere).
pub fn observe(name: &'static str, label: (&'static str, &'static str), since: std::time::Instant) {
    metrics::histogram!(name, label.0 => label.1).record(since.elapsed().as_secs_f64());
}

/// A command answered by a front end.
pub fn interaction(command: &'static str, refused: bool, seconds: f64) {
    let outcome = if refused { "refused" } else { "ok" };
    metrics::counter!(
        "holotable_interactions_total",
        "command" => command,
        "outcome" => outcome
    )
    .increment(1);
    metrics::histogram!("holotable_reply_seconds", "command" => command).record(seconds);
}

/// A request Discord failed, tried again.
pub fn discord_retry(request: &'static str) {
    metrics::counter!("holotable_discord_retries_total", "request" => request).increment(1);
}

/// An answer Discord did not take, posted in the channel instead (`outcome` `posted`), or
/// private and so lost (`lost`).
pub fn discord_fallback(request: &'static str, outcome: &'static str) {
    metrics::counter!(
        "holotable_discord_fallbacks_total",
        "request" => request,
        "outcome" => outcome
    )
    .increment(1);
}
