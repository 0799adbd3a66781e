//! `/activity/here`: the Discord Activity's page for a member with no seat to open yet —
//! the table waiting for its players (with its buttons), or the games they may start in
//! the channel. Once their table plays, the page opens their seat; a table in play that is
//! not theirs opens its live page. Plain forms, so it works before any script and in
//! Discord's frame alike; every action goes through the application as a press or a
//! `/play` in the chat would, and what the table says goes to the channel.

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Form;
use maud::{html, Markup};
use serde::Deserialize;

use super::activity::Grant;
use super::seats::{interaction, Outbox};
use super::{count_page, pages, Web};
use crate::t;
use crate::table::{Actor, App, Control, Here, Reply};
use crate::words::{Lang, Written};

/// How often the page looks again while its table waits for players, in seconds.
const REREAD: u32 = 3;

#[derive(Deserialize)]
pub(super) struct HereQuery {
    grant: String,
}

/// What the page posts: a game to start (against the droid or open), or a waiting
/// table's button.
#[derive(Deserialize)]
pub(super) struct HereAct {
    grant: String,
    game: Option<String>,
    droid: Option<String>,
    table: Option<i64>,
    turn: Option<i64>,
    verb: Option<String>,
}

/// The session `token` names, while it is good.
fn granted(web: &Web, token: &str) -> Option<Grant> {
    web.activity.as_ref().and_then(|auth| auth.grant(token))
}

/// The page of a session that has ended (or never was), in the language the member's
/// client asks for: with no session there is no member's language to go by.
fn gone(headers: &HeaderMap) -> Response {
    let asked = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let lang = super::lang::from_accept_language(asked);
    let body = html! { main.narrow { h1 { "Holotable" } p { (t!(lang, "activity-expired")) } } };
    (
        StatusCode::GONE,
        super::html(pages::plain(lang, body, None)),
    )
        .into_response()
}

/// `GET /activity/here?grant=…`.
pub(super) async fn page(
    State(web): State<Web>,
    headers: HeaderMap,
    Query(query): Query<HereQuery>,
) -> Response {
    let Some(grant) = granted(&web, &query.grant) else {
        return gone(&headers);
    };
    let token = query.grant;
    let shown = web
        .hub
        .act(move |app| shown(app, &grant, &token, None))
        .await
        .flatten();
    shown.unwrap_or_else(|| StatusCode::SERVICE_UNAVAILABLE.into_response())
}

/// `POST /activity/here`: starts a game, or presses a waiting table's button, as the
/// session's member in its channel.
pub(super) async fn act(
    State(web): State<Web>,
    headers: HeaderMap,
    Form(act): Form<HereAct>,
) -> Response {
    let Some(grant) = granted(&web, &act.grant) else {
        return gone(&headers);
    };
    let Some(outbox) = web.outbox.get().cloned() else {
        let text = t!(grant.lang, "web-play-no-chat");
        return (StatusCode::SERVICE_UNAVAILABLE, text).into_response();
    };
    let made = web
        .hub
        .act(move |app| acted(app, &grant, act, &outbox))
        .await
        .flatten();
    count_page("activity_act");
    made.unwrap_or_else(|| StatusCode::SERVICE_UNAVAILABLE.into_response())
}

fn acted(app: &App, grant: &Grant, act: HereAct, outbox: &Outbox) -> Option<Response> {
    let command = match (&act.game, act.table, act.turn, &act.verb) {
        (Some(game), ..) => Here::start(game, act.droid.is_some()),
        (None, Some(table), Some(turn), Some(verb)) => {
            Here::press(Control::new(table, turn, verb.clone()))
        }
        _ => return shown(app, grant, &act.grant, None),
    };
    let actor = Actor {
        guild: grant.guild.clone(),
        channel: grant.channel.clone(),
        parent: None,
        user: grant.user.clone(),
        name: grant.name.clone(),
        interaction: interaction(),
        admin: false,
        lang: grant.lang,
        joined: None,
        created: None,
    };
    let (mine, said): (Vec<Reply>, Vec<Reply>) = app
        .handle(&actor, command)
        .into_iter()
        .partition(|r| r.ephemeral && r.direct.is_none());
    if !said.is_empty() {
        outbox(&grant.channel, said);
    }
    let written = Written {
        now: app.now(),
        lang: grant.lang,
    };
    let notice = mine.first().map(|r| r.text.told(&written));
    shown(app, grant, &act.grant, notice)
}

/// What the channel holds for the member now: their seat or the table's live page (the
/// page goes there), else this page.
fn shown(app: &App, grant: &Grant, token: &str, notice: Option<String>) -> Option<Response> {
    let lang = grant.lang;
    let here = app
        .here(&grant.guild, &grant.channel, &grant.user, lang)
        .ok()?;
    // Relative to `…/activity/here`, so that Discord's `/.proxy/` prefix is kept.
    let go = |to: String| {
        (
            StatusCode::SEE_OTHER,
            [
                (header::LOCATION, to),
                (header::CACHE_CONTROL, "no-store".to_string()),
            ],
        )
            .into_response()
    };
    let again = format!("here?grant={token}");
    let (body, reread) = match here {
        Here::Seat(seat) => return Some(go(format!("../p/{seat}"))),
        Here::Watch(watch) => return Some(go(format!("../t/{watch}"))),
        Here::Waiting(reply) => (
            waiting(&reply, token, notice, app.now(), lang),
            Some(format!("{REREAD};url={again}")),
        ),
        Here::Free(games) => (free(&games, token, notice, lang), None),
    };
    let mut response = super::html(pages::plain(lang, body, reread));
    response.headers_mut().insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("no-referrer"),
    );
    Some(response)
}

/// A table waiting for its players: its message and its buttons; the page looks again
/// until the table starts.
fn waiting(reply: &Reply, token: &str, notice: Option<String>, now: i64, lang: Lang) -> Markup {
    let text = reply.text.told(&Written { now, lang });
    html! {
        main.narrow #play {
            h1 { "Holotable" }
            @if let Some(notice) = notice { p.notice role="status" { (notice) } }
            p { (text) }
            div.actions {
                @for b in reply.buttons() {
                    form method="post" action="here" {
                        input type="hidden" name="grant" value=(token);
                        input type="hidden" name="table" value=(b.control.table);
                        input type="hidden" name="turn" value=(b.control.turn);
                        input type="hidden" name="verb" value=(b.control.verb);
                        button type="submit" class=(super::panel::style_class(b.style)) {
                            (b.label.tell(lang))
                        }
                    }
                }
            }
            p.hint { (t!(lang, "activity-waiting")) }
        }
    }
}

/// A free channel: each game, to start against the droid or open to the channel.
fn free(
    games: &[crate::table::GameChoice],
    token: &str,
    notice: Option<String>,
    lang: Lang,
) -> Markup {
    html! {
        main.narrow #play {
            h1 { "Holotable" }
            @if let Some(notice) = notice { p.notice role="status" { (notice) } }
            p { (t!(lang, "activity-start-intro")) }
            ul.games {
                @for game in games {
                    li {
                        span.name { (game.name) }
                        span.ways {
                            form method="post" action="here" {
                                input type="hidden" name="grant" value=(token);
                                input type="hidden" name="game" value=(game.id);
                                input type="hidden" name="droid" value="1";
                                button type="submit" class="primary" { (t!(lang, "activity-start-droid")) }
                            }
                            form method="post" action="here" {
                                input type="hidden" name="grant" value=(token);
                                input type="hidden" name="game" value=(game.id);
                                button type="submit" class="secondary" { (t!(lang, "activity-start-open")) }
                            }
                        }
                    }
                }
            }
        }
    }
}
