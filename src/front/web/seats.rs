//! A seat's own page (`/p/{token}`): the table's live page with its member's panel, where
//! they play by touch. Every action goes through the application as a press or a pick in
//! the chat would — the same checks, log, clock and money — and what the table says goes to
//! its channel through the chat front end that runs beside the pages ([`Outbox`]); what is
//! for the member alone (a refusal, the menu's next step) comes back to the page.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Form;
use serde::Deserialize;

use super::panel::{self, Panel};
use super::{boards, count_page, lang_of, not_found, pages, LangQuery, Web};
use crate::table::commands::{Pick, Press};
use crate::table::SeatLinks;
use crate::table::{App, Command, Control, Lines, Reply};
use crate::words::Lang;

/// Where what a member does on their seat's page is said: the table's channel (its id, or
/// the console's channel name), in the chat front end that runs beside the pages. The
/// replies come in the order the table said them.
pub type Outbox = Arc<dyn Fn(&str, Vec<Reply>) + Send + Sync>;

/// A press or a pick from a seat's page: the turn it was shown at, its verb, and the menu
/// entry's value for a pick.
#[derive(Deserialize)]
pub(super) struct Act {
    turn: i64,
    verb: String,
    value: Option<String>,
}

/// A seat's page is its member's alone: never cached, never named to another site.
fn private(response: Response) -> Response {
    let mut response = response;
    let headers = response.headers_mut();
    headers.insert(header::REFERRER_POLICY, "no-referrer".parse().unwrap());
    headers.insert(header::CACHE_CONTROL, "no-store".parse().unwrap());
    response
}

fn fragment(markup: maud::Markup) -> Response {
    private(
        (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            markup.into_string(),
        )
            .into_response(),
    )
}

/// A unique id for each action from a page: the idempotency key of what it pays.
pub(super) fn interaction() -> String {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("web-{nanos:x}-{}", COUNT.fetch_add(1, Ordering::Relaxed))
}

/// `/p/{token}`: the live page with the seat's panel.
pub(super) async fn page(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&query, &headers);
    let read = web
        .hub
        .run(move |app| {
            let link = app.seat_links().open(&token).ok()??;
            let view = app.seat_links().view(&link, lang, Lines::All).ok()?;
            let watch = app.watch_token(link.table.id).ok()?;
            let version = boards::version(&link.table);
            Some((view, SeatLinks::acts(&link), watch, version, token))
        })
        .await
        .flatten();
    let Some((view, acts, watch, version, token)) = read else {
        return not_found(lang);
    };
    count_page("seat");
    let watchers = web.hub.watchers(view.table);
    let seat = pages::SeatPart {
        path: format!("/p/{token}"),
        panel: panel::panel(&Panel::of_view(&view, acts, lang), lang),
    };
    let now = crate::table::now();
    private(super::html(pages::table(
        &view,
        &version,
        &watch,
        watchers,
        lang,
        now,
        Some(seat),
    )))
}

/// `/p/{token}/panel`: the seat's panel as the table stands now (read by the page after
/// every update of the table).
pub(super) async fn panel_now(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&query, &headers);
    let made = web
        .hub
        .run(move |app| panel_of(app, &token, lang, None))
        .await
        .flatten();
    match made {
        Some(markup) => fragment(markup),
        None => not_found(lang),
    }
}

/// The seat's panel as the table stands, with `notice` over it.
fn panel_of(app: &App, token: &str, lang: Lang, notice: Option<String>) -> Option<maud::Markup> {
    let link = app.seat_links().open(token).ok()??;
    let view = app.seat_links().view(&link, lang, Lines::None).ok()?;
    let mut shown = Panel::of_view(&view, SeatLinks::acts(&link), lang);
    shown.notice = notice;
    Some(panel::panel(&shown, lang))
}

/// `POST /p/{token}`: a press or a pick by the seat's member. The table's words go to its
/// channel; the page gets the member's own answer (a refusal, the menu's next step) or the
/// panel as the table now stands.
pub(super) async fn act(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
    Form(act): Form<Act>,
) -> Response {
    let lang = lang_of(&query, &headers);
    let Some(outbox) = web.outbox.get().cloned() else {
        // Nothing could tell the channel: the action is not taken.
        let text = crate::t!(lang, "web-play-no-chat");
        return (StatusCode::SERVICE_UNAVAILABLE, text).into_response();
    };
    let made = web
        .hub
        .act(move |app| acted(app, &token, lang, act, &outbox))
        .await
        .flatten();
    match made {
        Some(markup) => {
            count_page("seat_act");
            fragment(markup)
        }
        None => not_found(lang),
    }
}

fn acted(app: &App, token: &str, lang: Lang, act: Act, outbox: &Outbox) -> Option<maud::Markup> {
    let link = app.seat_links().open(token).ok()??;
    if !SeatLinks::acts(&link) {
        return panel_of(app, token, lang, None);
    }
    let actor = app.seat_links().actor(&link, lang, interaction());
    let control = Control::new(link.table.id, act.turn, act.verb);
    let command = match act.value {
        Some(value) => Command::Pick(Pick { control, value }),
        None => Command::Press(Press { control }),
    };
    let (mine, said): (Vec<Reply>, Vec<Reply>) = app
        .handle(&actor, command)
        .into_iter()
        .partition(|r| r.ephemeral && r.direct.is_none());
    if !said.is_empty() {
        outbox(&link.table.channel, said);
    }
    let now = app.now();
    match mine.first() {
        Some(step) if step.menu().is_some() || step.buttons().next().is_some() => {
            Some(panel::panel(&Panel::of_reply(step, now, lang), lang))
        }
        answer => {
            let notice = answer.map(|r| r.text.told(&crate::words::Written { now, lang }));
            panel_of(app, token, lang, notice)
        }
    }
}
