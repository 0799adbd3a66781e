//! The web front end: a table's live page for anyone with its link, a public `/healthz`
//! that says only ok or not, and the operator's `/metrics` on a listener of its own
//! (loopback by default). It runs inside the bot's process (`[web] listen`) or beside the
//! console (`holotable console --web ADDR`), on the same application as the chat. Its
//! listener holds against slow and many clients ([`limits`]).
//!
//! Like the other front ends it only translates: what a page shows comes from the
//! application layer ([`App::spectate`]); this module writes it as HTML and keeps each
//! watched table's spectators up to date ([`hub`]).

mod activity;
mod boards;
mod here;
mod hub;
mod lang;
pub mod limits;
mod pages;
mod panel;
mod seats;
mod stalls;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use bytes::Bytes;
use futures_util::stream::{self, Stream};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use self::hub::Hub;
use self::limits::{Limits, Open};
use crate::table::{App, Lines};
use crate::words::Lang;

pub use self::activity::ActivityAuth;
pub use self::lang::from_accept_language;
pub use self::seats::Outbox;

/// What the health check asks besides the database: `Err(why)` when the front end that
/// runs beside the pages (the Discord gateway) is not connected.
pub type Gateway = Arc<dyn Fn() -> Result<(), String> + Send + Sync>;

/// How long the health check waits for the database.
const HEALTH_TIMEOUT: Duration = Duration::from_secs(3);

/// The web front end's state, shared by every request.
#[derive(Clone)]
pub struct Web {
    hub: Arc<Hub>,
    gateway: Option<Gateway>,
    limits: Limits,
    open: Arc<Open>,
    /// Where the seats' pages say what their members did: set by the chat front end that
    /// runs beside the pages once it can post; until then the pages only watch.
    outbox: Arc<std::sync::OnceLock<Outbox>>,
    /// The Activity's OAuth2 credentials, when it is on.
    activity: Option<ActivityAuth>,
}

impl Web {
    /// The pages of `app`'s tables; `gateway`, when given, is part of the health check.
    pub fn new(app: Arc<App>, gateway: Option<Gateway>) -> Web {
        crate::telemetry::install();
        Web {
            hub: Hub::new(app),
            gateway,
            limits: Limits::default(),
            open: Arc::default(),
            outbox: Arc::default(),
            activity: None,
        }
    }

    /// These pages with the Discord Activity's way in (`/activity/session`).
    pub fn with_activity(mut self, auth: ActivityAuth) -> Web {
        self.activity = Some(auth);
        self
    }

    /// Lets the seats' pages act: what their members do is said through `outbox` (the
    /// first one given stays; every clone of these pages shares it).
    pub fn set_outbox(&self, outbox: Outbox) {
        let _ = self.outbox.set(outbox);
    }

    /// These pages within `limits` rather than the defaults.
    pub fn with_limits(mut self, limits: Limits) -> Web {
        self.limits = limits;
        self
    }

    /// Connections open now.
    pub fn connections(&self) -> usize {
        self.open.total()
    }

    /// Spectators connected now, on every table.
    pub fn spectators(&self) -> usize {
        self.hub.spectators()
    }

    /// The public routes, also under `/.proxy/` (the prefix of the Discord Activity's URL
    /// mapping).
    pub fn router(&self) -> Router {
        let routes = self.routes();
        Router::new()
            .nest("/.proxy", routes.clone())
            .merge(routes)
            .fallback(not_found_page)
            .with_state(self.clone())
    }

    fn routes(&self) -> Router<Web> {
        Router::new()
            .route("/t/{token}", get(table_page))
            .route(
                "/p/{token}",
                get(seats::page)
                    .post(seats::act)
                    .layer(axum::extract::DefaultBodyLimit::max(4096)),
            )
            .route("/p/{token}/panel", get(seats::panel_now))
            .route(
                "/activity/session",
                axum::routing::post(activity::session)
                    .layer(axum::extract::DefaultBodyLimit::max(4096)),
            )
            .route("/t/{token}/events", get(table_events))
            .route("/t/{token}/board/{game}/{step}", get(table_board))
            .route("/s/{token}", get(lobby_page))
            .route("/activity", get(activity::page))
            .route(
                "/activity/here",
                get(here::page)
                    .post(here::act)
                    .layer(axum::extract::DefaultBodyLimit::max(4096)),
            )
            .route("/activity/sdk.js", get(activity::sdk))
            .route("/healthz", get(healthz))
    }

    /// The operator's routes, for a listener of their own: `/metrics`, and `/healthz` with
    /// the reason when it is not ok.
    pub fn operator_router(&self) -> Router {
        Router::new()
            .route("/metrics", get(metrics_page))
            .route("/healthz", get(healthz_detailed))
            .with_state(self.clone())
    }

    /// Serves the public pages on `listener` until `shutdown` completes.
    pub async fn serve(
        self,
        listener: tokio::net::TcpListener,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let router = self.router();
        self.serve_router(listener, router, shutdown).await
    }

    /// Accepts connections on `listener` for `router`, each within [`Limits`]: over a cap
    /// it is closed at once; its headers must come within the header timeout; idle or
    /// stalled, it is closed.
    async fn serve_router(
        self,
        listener: tokio::net::TcpListener,
        router: Router,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        use hyper_util::rt::{TokioIo, TokioTimer};
        use hyper_util::service::TowerToHyperService;
        let limits = self.limits;
        tokio::pin!(shutdown);
        loop {
            let accepted = tokio::select! {
                accepted = listener.accept() => accepted,
                () = &mut shutdown => return Ok(()),
            };
            let (stream, peer) = match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors, or a connection reset before it was taken: wait
                    // a moment rather than spin.
                    tracing::debug!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            };
            let Some(place) = self.open.take(peer.ip(), &limits) else {
                metrics::counter!("holotable_web_connections_refused_total").increment(1);
                drop(stream);
                continue;
            };
            let _ = stream.set_nodelay(true);
            let io = TokioIo::new(stalls::Guarded::new(stream, limits.idle));
            let service = TowerToHyperService::new(router.clone());
            tokio::spawn(async move {
                let _place = place;
                let served = hyper::server::conn::http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(limits.header_timeout)
                    .max_buf_size(limits.head_bytes)
                    .serve_connection(io, service)
                    .await;
                if let Err(e) = served {
                    tracing::debug!(error = %e, "a web connection ended");
                }
            });
        }
    }
}

/// The pages served from threads of their own, on a runtime of their own whose threads run
/// at a lower CPU priority than the rest of the process: writing to a crowd of spectators
/// never takes a core from the players' answers. The console (which has no async runtime)
/// and `serve` both run the pages this way. Bound first, so that the application can be told
/// its address, then run.
pub struct WebThread {
    listener: std::net::TcpListener,
}

impl WebThread {
    /// Binds `addr` (port 0 picks a free port).
    pub fn bind(addr: &str) -> std::io::Result<WebThread> {
        let listener = std::net::TcpListener::bind(addr)?;
        listener.set_nonblocking(true)?;
        Ok(WebThread { listener })
    }

    /// The address bound.
    pub fn addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves `web`'s pages until the process ends. Call it from a thread of the process's
    /// own priority: the web's lanes were started by [`Web::new`] on the caller's.
    pub fn run(self, web: Web) -> std::io::Result<()> {
        let router = web.router();
        self.spawn("web", web, router)
    }

    /// Serves the operator's `/metrics` and detailed `/healthz` until the process ends.
    pub fn run_operator(self, web: Web) -> std::io::Result<()> {
        let router = web.operator_router();
        self.spawn("web-operator", web, router)
    }

    fn spawn(self, name: &str, web: Web, router: Router) -> std::io::Result<()> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name(format!("{name}-io"))
            .on_thread_start(crate::lane::lower_priority)
            .enable_all()
            .build()?;
        let WebThread { listener } = self;
        std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                runtime.block_on(async move {
                    let served = match tokio::net::TcpListener::from_std(listener) {
                        Ok(listener) => {
                            web.serve_router(listener, router, std::future::pending())
                                .await
                        }
                        Err(e) => Err(e),
                    };
                    if let Err(e) = served {
                        tracing::error!(error = %e, "the web server stopped");
                    }
                })
            })
            .map(|_| ())
    }
}

#[derive(Deserialize)]
struct LangQuery {
    lang: Option<String>,
    /// The table's turn a page shows (events).
    turn: Option<i64>,
    /// The table's version a board image is asked for (see [`boards::version`]).
    v: Option<String>,
}

/// The language of a request: `?lang=` when given, else the browser's `Accept-Language`.
fn lang_of(query: &LangQuery, headers: &HeaderMap) -> Lang {
    match &query.lang {
        Some(code) => Lang::of(code),
        None => from_accept_language(
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or(""),
        ),
    }
}

fn count_page(page: &'static str) {
    metrics::counter!("holotable_web_requests_total", "page" => page).increment(1);
}

fn html(markup: maud::Markup) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        markup.into_string(),
    )
        .into_response()
}

fn not_found(lang: Lang) -> Response {
    count_page("not_found");
    (StatusCode::NOT_FOUND, html(pages::not_found(lang))).into_response()
}

async fn not_found_page(headers: HeaderMap) -> Response {
    not_found(lang_of(
        &LangQuery {
            lang: None,
            turn: None,
            v: None,
        },
        &headers,
    ))
}

/// Runs `work` on the application off the async runtime (the ledger blocks), on the
/// pages' own low-priority threads.
async fn blocking<T: Send + 'static>(
    web: &Web,
    work: impl FnOnce(&App) -> T + Send + 'static,
) -> Option<T> {
    web.hub.run(work).await
}

async fn table_page(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&query, &headers);
    let read = blocking(&web, move |app| {
        let row = app.watched(&token).ok()??;
        let version = boards::version(&row);
        Some((app.spectate(&row, lang, Lines::All).ok()?, version, token))
    })
    .await
    .flatten();
    match read {
        Some((view, version, token)) => {
            count_page("table");
            let watchers = web.hub.watchers(view.table);
            let now = crate::table::now();
            html(pages::table(
                &view, &version, &token, watchers, lang, now, None,
            ))
        }
        None => not_found(lang),
    }
}

async fn lobby_page(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&query, &headers);
    let read = blocking(&web, move |app| app.lobby(&token, lang).ok().flatten())
        .await
        .flatten();
    match read {
        Some(view) => {
            count_page("lobby");
            html(pages::lobby(&view, lang))
        }
        None => not_found(lang),
    }
}

async fn table_board(
    State(web): State<Web>,
    Path((token, game, step)): Path<(String, String, String)>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&query, &headers);
    // Whatever does not name a board is simply not found.
    let (Some(step), Ok(game)) = (
        step.strip_suffix(".png")
            .and_then(|s| s.parse::<usize>().ok()),
        game.parse::<u32>(),
    ) else {
        return not_found(lang);
    };
    let hub = Arc::clone(&web.hub);
    let version = query.v.unwrap_or_default();
    let png = blocking(&web, move |app| {
        hub.boards().get(app, &token, game, step, lang, &version)
    })
    .await
    .flatten();
    match png {
        Some(png) => {
            count_page("board");
            (
                [
                    (header::CONTENT_TYPE, "image/png"),
                    // A step of a game is drawn once and never changes.
                    (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
                ],
                png,
            )
                .into_response()
        }
        None => not_found(lang),
    }
}

async fn table_events(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&query, &headers);
    let Some(row) = blocking(&web, move |app| app.watched(&token).ok().flatten())
        .await
        .flatten()
    else {
        return not_found(lang);
    };
    // Past the caps a spectator is told to come back, and holds nothing meanwhile.
    if web.hub.spectators() >= web.limits.spectators
        || web.hub.watchers(row.id) >= web.limits.spectators_per_table
    {
        metrics::counter!("holotable_web_spectators_refused_total").increment(1);
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::RETRY_AFTER, "30")],
            "too many spectators; retry later\n",
        )
            .into_response();
    }
    let seat = web.hub.join(row.id, row.turn, lang);
    // A page read before a move that reached nobody yet is brought up to date at once.
    let first = match query.turn {
        Some(turn) if turn != row.turn => {
            let watchers = web.hub.watchers(row.id);
            blocking(&web, move |app| pages::update(app, &row, watchers, &[lang]))
                .await
                .flatten()
                .map(|made| Arc::new(made.update))
        }
        _ => None,
    };
    count_page("events");
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(events(seat, first, lang)),
    )
        .into_response()
}

/// How long a quiet stream waits before it sends a comment, so that proxies and browsers
/// keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// A spectator's stream: the first update if any, then every update of the table, until
/// the spectator falls behind (dropped: it reconnects and reads the page afresh) or leaves.
/// Each event is the bytes the table's task wrote once for every spectator of its language.
fn events(
    seat: hub::Seat,
    first: Option<Arc<hub::Update>>,
    lang: Lang,
) -> impl Stream<Item = Result<Bytes, std::convert::Infallible>> {
    stream::unfold((seat, first), move |(mut seat, first)| async move {
        let update = match first {
            Some(update) => update,
            None => match tokio::time::timeout(KEEP_ALIVE, seat.rx.recv()).await {
                Err(_) => return Some((Ok(Bytes::from_static(b":\n\n")), (seat, None))),
                Ok(Ok(update)) => update,
                Ok(Err(RecvError::Lagged(_))) => {
                    metrics::counter!("holotable_web_spectators_dropped_total").increment(1);
                    return None;
                }
                Ok(Err(RecvError::Closed)) => return None,
            },
        };
        Some((Ok(update.frame(lang)), (seat, None)))
    })
}

/// The public health check: `ok`, or `unavailable` with the reason in the log only (it may
/// name the database's own error).
async fn healthz(State(web): State<Web>) -> Response {
    match health(&web).await {
        Ok(()) => (StatusCode::OK, "ok\n").into_response(),
        Err(why) => {
            tracing::warn!(why, "health check: unavailable");
            (StatusCode::SERVICE_UNAVAILABLE, "unavailable\n").into_response()
        }
    }
}

/// The operator's health check, with the reason when it is not ok.
async fn healthz_detailed(State(web): State<Web>) -> Response {
    match health(&web).await {
        Ok(()) => (StatusCode::OK, "ok\n").into_response(),
        Err(why) => (StatusCode::SERVICE_UNAVAILABLE, format!("{why}\n")).into_response(),
    }
}

/// Whether the database answers in time and the gateway, if any, is connected.
async fn health(web: &Web) -> Result<(), String> {
    let ping = tokio::time::timeout(
        HEALTH_TIMEOUT,
        // Not on the pages' threads: a crowd of spectators must not fail the health check.
        web.hub.read(|app| app.database_answers()),
    )
    .await;
    let database = match ping {
        Ok(Some(Ok(()))) => Ok(()),
        Ok(Some(Err(e))) => Err(format!("database: {e}")),
        Ok(None) => Err("database: the check failed".to_string()),
        Err(_) => Err(format!(
            "database: no answer within {} s",
            HEALTH_TIMEOUT.as_secs()
        )),
    };
    let verdict = database.and_then(|()| web.gateway.as_ref().map_or(Ok(()), |g| g()));
    let verdict_label = if verdict.is_ok() { "ok" } else { "unavailable" };
    metrics::counter!("holotable_health_checks_total", "verdict" => verdict_label).increment(1);
    verdict
}

async fn metrics_page(State(web): State<Web>) -> Response {
    let tables = blocking(&web, |app| app.active_tables()).await.flatten();
    let text = crate::telemetry::render(web.spectators(), tables);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}
