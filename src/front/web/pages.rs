//! The pages, written with maud: HTML checked when the bot is compiled, every value escaped,
//! nothing read from disk at run time. A table's page is one document whose changing parts
//! (the state, the seats, the result, the moves) are also sent alone, as the same HTML, in
//! the live updates, so the page and its updates can never disagree.

use maud::{html, Markup, PreEscaped, DOCTYPE};
use serde_json::json;

use super::hub::Update;
use crate::t;
use crate::table::TableRow;
use crate::table::{App, Lines, Lobby, LobbyTable, TableView};
use crate::words::{Lang, Text, Written};

/// A text as a page shows it: names as written (maud escapes the HTML), moments told from
/// when the view was read.
fn told(text: &Text, now: i64, lang: Lang) -> String {
    text.told(&Written { now, lang })
}

/// How many of the newest moves an update carries; a page further behind reads them all
/// again by reconnecting.
const TAIL: usize = 8;

const STYLE: &str = include_str!("style.css");
const SCRIPT: &str = include_str!("live.js");

/// A whole page around `body`, in `lang`.
fn page(lang: Lang, title: &str, body: Markup) -> Markup {
    page_reread(lang, title, None, body)
}

/// A whole page that the browser reads again every `reread` seconds, when given.
fn page_reread(lang: Lang, title: &str, reread: Option<u32>, body: Markup) -> Markup {
    page_refreshed(lang, title, reread.map(|s| s.to_string()), body)
}

/// A page of the Activity's own around `body`; `refresh` is its `http-equiv` refresh
/// (`3;url=…`), when it looks again.
pub fn plain(lang: Lang, body: Markup, refresh: Option<String>) -> Markup {
    page_refreshed(lang, "Holotable", refresh, body)
}

/// A whole page with `refresh` as its `http-equiv` refresh, when given.
fn page_refreshed(lang: Lang, title: &str, refresh: Option<String>, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(if lang == Lang::Fr { "fr" } else { "en" }) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                @if let Some(refresh) = refresh {
                    meta http-equiv="refresh" content=(refresh);
                }
                title { (title) }
                style { (PreEscaped(STYLE)) }
            }
            body { (body) }
        }
    }
}

/// The page of an unknown table: the same for a malformed token and one that opens
/// nothing, so that it reveals nothing.
pub fn not_found(lang: Lang) -> Markup {
    {
        page(
            lang,
            &t!(lang, "web-not-found-title"),
            html! {
                main.narrow {
                    h1 { (t!(lang, "web-not-found-title")) }
                    p { (t!(lang, "web-not-found")) }
                }
            },
        )
    }
}

/// The part of a table's page that is a seat's own: where its actions are sent, and its
/// panel ([`super::panel`]).
pub struct SeatPart {
    pub path: String,
    pub panel: Markup,
}

/// A table's live page; with `seat`, the page of that seat's member.
pub fn table(
    view: &TableView,
    version: &str,
    token: &str,
    watchers: usize,
    lang: Lang,
    now: i64,
    seat: Option<SeatPart>,
) -> Markup {
    {
        let title = t!(
            lang,
            "web-title",
            game = view.game.as_str(),
            table = view.table
        );
        let board = view.board;
        page(
            lang,
            &title,
            html! {
                header {
                    h1 { (view.game) " " span.table { "#" (view.table) } }
                    span.watchers #watchers { (watchers_text(lang, watchers)) }
                }
                main #live data-token=(token) data-lang=(lang.code()) data-turn=(view.turn) data-v=(version)
                    data-steps=(view.steps) data-game=(view.game_no) data-status=(view.status.as_str())
                    data-moves=(view.moves_total) data-deadline=(view.deadline.unwrap_or(0))
                    data-now=(now) data-words=(script_words(lang).to_string())
                    data-play=[seat.as_ref().map(|s| s.path.as_str())] {
                    section.board {
                        @if board {
                            div #frame .frame {
                                img #board alt=(t!(lang, "web-board-alt"))
                                    src=(board_url(token, view.game_no, view.steps, lang, version));
                            }
                            div.replay {
                                input #step type="range" min="0" max=(view.steps) value=(view.steps)
                                    aria-label=(t!(lang, "web-replay"));
                                span #step-label { (step_text(lang, view.steps, view.steps)) }
                                button #follow type="button" hidden { (t!(lang, "web-follow")) }
                            }
                        } @else {
                            p.waiting { (t!(lang, "web-no-board")) }
                        }
                    }
                    aside {
                        @if let Some(seat) = &seat {
                            section #play aria-live="polite" { (seat.panel) }
                        }
                        div #state { (state(lang, view)) }
                        div #seats { (seats(lang, view)) }
                        div #result { (result(lang, view)) }
                        h2 { (t!(lang, "web-moves")) }
                        ol #moves {
                            @for line in &view.moves { li { (told(line, view.now, lang)) } }
                        }
                    }
                }
                footer { (t!(lang, "web-footer")) }
                script { (PreEscaped(SCRIPT)) }
            },
        )
    }
}

/// The image address of a board at a version of the table (see [`super::boards::version`]):
/// what it shows never changes.
fn board_url(token: &str, game_no: u32, step: usize, lang: Lang, version: &str) -> String {
    format!(
        "/t/{token}/board/{game_no}/{step}.png?lang={}&v={version}",
        lang.code()
    )
}

fn watchers_text(lang: crate::words::Lang, watchers: usize) -> String {
    t!(lang, "web-watchers", count = watchers)
}

fn step_text(lang: crate::words::Lang, step: usize, steps: usize) -> String {
    t!(lang, "web-step", step = step, steps = steps)
}

/// Whose turn it is, the clock, and the stakes.
fn state(lang: crate::words::Lang, view: &TableView) -> Markup {
    html! {
        p.turn { (told(&view.state, view.now, lang)) }
        @if view.deadline.is_some() {
            p.clock { (t!(lang, "web-clock")) " " span #clock {} }
        }
        @if let Some(stakes) = &view.stakes { p.stakes { (told(stakes, view.now, lang)) } }
        @if let Some(pool) = view.pool.filter(|&p| p > 0) { p.bets { (t!(lang, "web-bets", pool = pool)) } }
    }
}

fn seats(lang: crate::words::Lang, view: &TableView) -> Markup {
    let series = view.seats.iter().any(|s| s.points > 0) || view.game_no > 1;
    html! {
        ul.seats {
            @for (i, seat) in view.seats.iter().enumerate() {
                li.to-act[seat.to_act].gone[seat.gone] {
                    span.seat
                        style=(format!("background:{};border-color:{}", seat.face, seat.edge))
                        title=(seat.side) { }
                    span.name { (seat.name) }
                    span.side { (t!(lang, "web-side", seat = i + 1, side = seat.side.as_str())) }
                    @if seat.droid { " " span.tag { (t!(lang, "web-droid")) } }
                    @if let Some(backed) = seat.backed.filter(|&b| b > 0) {
                        " " span.backed { (t!(lang, "web-backed", amount = backed)) }
                    }
                    @if series { span.points { (t!(lang, "web-points", points = seat.points)) } }
                    @if let Some(left) = seat.clock { " " span.clock { (crate::table::clock_shown(left)) } }
                    @if seat.to_act { span.marker { "◀" } }
                }
            }
        }
    }
}

/// The result and the fairness record: the commitment while the table plays, the seed
/// once it has ended (what `/verify` checks).
fn result(lang: crate::words::Lang, view: &TableView) -> Markup {
    html! {
        @if let Some(result) = &view.result {
            p.result { (told(result, view.now, lang)) }
        }
        details.verify {
            summary { (t!(lang, "web-verify")) }
            p { (t!(lang, "web-commitment")) " " code { (view.commitment) } }
            @match &view.seed {
                Some(seed) => p { (t!(lang, "web-seed")) " " code { (seed) } },
                None => p { (t!(lang, "web-seed-hidden")) },
            }
        }
    }
}

/// A table's live update, and the board it tells the pages to show.
pub struct Made {
    pub update: Update,
    pub game: u32,
    pub steps: usize,
    /// That board in each language of the update.
    pub boards: Vec<(Lang, bytes::Bytes)>,
}

/// The live update of a table in `langs` (the others are left empty): the page's changing
/// parts as HTML.
pub fn update(app: &App, row: &TableRow, watchers: usize, langs: &[Lang]) -> Option<Made> {
    let mut by_lang = [String::new(), String::new()];
    let (mut game, mut steps) = (1, 0);
    let mut boards = Vec::new();
    for &lang in langs {
        let view = match app.spectate_with_board(row, lang, Lines::Last(TAIL)) {
            Ok((view, board)) => {
                boards.extend(board.map(|png| (lang, png)));
                view
            }
            Err(e) => {
                tracing::warn!(table = row.id, error = %e, "live page not read");
                return None;
            }
        };
        (game, steps) = (view.game_no, view.steps);
        by_lang[lang as usize] = {
            json!({
                "turn": view.turn,
                "v": super::boards::version(row),
                "steps": view.steps,
                "game": view.game_no,
                "status": view.status.as_str(),
                "deadline": view.deadline.unwrap_or(0),
                "now": crate::table::now(),
                "watchers": watchers_text(lang, watchers),
                "state": state(lang, &view).into_string(),
                "seats": seats(lang, &view).into_string(),
                "result": result(lang, &view).into_string(),
                "moves": view.moves_total,
                "tail": view.moves.iter().map(|m| told(m, view.now, lang)).collect::<Vec<_>>(),
                "step_label": step_text(lang, view.steps, view.steps),
            })
            .to_string()
        };
    }
    Some(Made {
        update: Update::new("update", by_lang),
        game,
        steps,
        boards,
    })
}

/// The update of a table whose number of spectators changed.
pub fn watchers(count: usize) -> Update {
    Update::new(
        "watchers",
        Lang::ALL.map(|lang| json!({ "watchers": watchers_text(lang, count) }).to_string()),
    )
}

/// The words the page's script shows, in `lang`.
pub fn script_words(lang: Lang) -> serde_json::Value {
    json!({
        "step": t!(lang, "web-step", step = "{step}", steps = "{steps}"),
        "over": t!(lang, "web-clock-over"),
    })
}

/// The Discord Activity's page: it says what it is doing while its script meets Discord's
/// client, then opens the member's seat (or the table's page) in its place.
pub fn activity(client_id: &str, lang: Lang, script: &str) -> Markup {
    let words = json!({
        "refused": t!(lang, "activity-refused"),
        "none": t!(lang, "activity-no-table"),
        "failed": t!(lang, "activity-failed"),
    });
    page(
        lang,
        "Holotable",
        html! {
            main.narrow #activity data-client=(client_id) data-words=(words.to_string()) {
                h1 { "Holotable" }
                p #status role="status" { (t!(lang, "activity-connecting")) }
            }
            script src="activity/sdk.js" {}
            script { (PreEscaped(script)) }
        },
    )
}

/// A server's lobby: its live tables, its recent results and its leaderboard. It is a plain
/// page that reads itself again every 20 s (each table's own page is the live one).
pub fn lobby(view: &Lobby, lang: Lang) -> Markup {
    {
        let table_list = |tables: &[LobbyTable]| {
            html! {
                ul.lobby {
                    @for table in tables {
                        li {
                            a href=(format!("/t/{}", table.token)) {
                                span.name { (table.game) " #" (table.table) }
                            }
                            " · " (told(&table.players, view.now, lang))
                            br;
                            span.state { (told(&table.state, view.now, lang)) }
                        }
                    }
                }
            }
        };
        let body = html! {
            header { h1 { (t!(lang, "web-lobby-title")) } }
            main {
                section.lobby-tables {
                    h2 { (t!(lang, "web-lobby-live")) }
                    @if view.tables.is_empty() {
                        p.waiting { (t!(lang, "web-lobby-none")) }
                    } @else {
                        (table_list(&view.tables))
                    }
                    h2 { (t!(lang, "web-lobby-recent")) }
                    (table_list(&view.recent))
                }
                aside {
                    h2 { (t!(lang, "web-lobby-leaders")) }
                    ol.leaders {
                        @for (rank, name, credits) in &view.leaders {
                            li value=(rank) {
                                span.name { (name) }
                                span.points { (t!(lang, "credits", amount = *credits)) }
                            }
                        }
                    }
                }
            }
            footer { (t!(lang, "web-lobby-footer")) }
        };
        page_reread(lang, &t!(lang, "web-lobby-title"), Some(20), body)
    }
}
