//! A seat's own page (`/p/{token}`) beside the console, over real sockets: each seated
//! member gets a private link, plays their seat from it as they would in the channel (the
//! channel hears every move), a link is its seat's alone and a new one voids the old, a
//! refused action changes nothing, and a move from the page and one from the chat at the
//! same moment store exactly one.

mod common;
#[path = "common/panel.rs"]
mod panel_html;
#[path = "common/web.rs"]
mod web;

use std::time::Duration;

use panel_html::{first_entry, Entry};
use serde_json::Value;
use web::{play_url, watch_url, WebConsole};

fn client() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap()
}

fn panel(link: &str) -> String {
    let response = client().get(format!("{link}/panel")).send().unwrap();
    assert_eq!(response.status().as_u16(), 200);
    response.text().unwrap()
}

fn post(link: &str, entry: &Entry) -> (u16, String) {
    let response = client().post(link).form(&entry.form()).send().unwrap();
    (response.status().as_u16(), response.text().unwrap())
}

/// Walks the menu of a seat to act from its panel to an action (always the first entry),
/// without playing it: the action's entry.
fn an_action(link: &str) -> Entry {
    let mut html = panel(link);
    loop {
        let entry = first_entry(&html).unwrap_or_else(|| panic!("no menu in {html}"));
        if !entry.value.as_deref().unwrap().starts_with('~') {
            return entry;
        }
        let (status, next) = post(link, &entry);
        assert_eq!(status, 200, "{next}");
        html = next;
    }
}

fn text(reply: &Value) -> &str {
    reply["text"].as_str().unwrap_or_default()
}

/// A started Dejarik table between alice and bob with 100 credits each at stake.
fn started(name: &str) -> (WebConsole, std::path::PathBuf) {
    let dir = common::workdir(name);
    let db = dir.join("t.db");
    let mut console = WebConsole::start(&dir, db.to_str().unwrap());
    console.say("alice: /play game:dejarik opponent:bob wager:100");
    let board = console.say("bob: [Accept]");
    let buttons = board
        .iter()
        .flat_map(|r| r["buttons"].as_array().cloned().unwrap_or_default());
    assert!(
        buttons.clone().any(|b| b == "Play on the board"),
        "{board:?}"
    );
    (console, db)
}

/// `user`'s own link, asked for with the board's button: a private answer.
fn link_of(console: &mut WebConsole, user: &str) -> String {
    let replies = console.say(&format!("{user}: [Play on the board]"));
    let url = play_url(&replies).unwrap_or_else(|| panic!("no link in {replies:?}"));
    let answer = replies.iter().find(|r| r["play"].is_string()).unwrap();
    assert_eq!(answer["ephemeral"], true, "{answer}");
    assert_eq!(answer["user"], user, "{answer}");
    assert!(url.starts_with(&console.base), "{url}");
    url
}

/// Which of two links is to act (its panel offers a menu).
fn to_act(links: &[String; 2]) -> &str {
    links
        .iter()
        .find(|l| first_entry(&panel(l)).is_some())
        .expect("one seat is to act")
}

#[test]
fn each_seat_plays_from_its_own_page_and_the_channel_hears_every_move() {
    let (mut console, db) = started("seats-play");
    let links = [link_of(&mut console, "alice"), link_of(&mut console, "bob")];
    assert_ne!(links[0], links[1]);
    // A member without a seat gets no link.
    let carol = console.say("carol: [Play on the board]");
    assert!(play_url(&carol).is_none(), "{carol:?}");
    assert!(text(&carol[0]).contains("no seat"), "{carol:?}");

    let page = client().get(&links[0]).send().unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert_eq!(page.headers()["referrer-policy"], "no-referrer");
    assert_eq!(page.headers()["cache-control"], "no-store");
    let html = page.text().unwrap();
    assert!(
        html.contains("id=\"play\""),
        "the seat's panel is on its page"
    );

    // Four moves, each by the seat to act, from its page alone.
    for ply in 0..4 {
        let link = to_act(&links);
        let action = an_action(link);
        let (status, after) = post(link, &action);
        assert_eq!(status, 200, "{after}");
        assert!(
            first_entry(&after).is_none(),
            "ply {ply}: no menu once played"
        );
        let heard = console.heard(Duration::from_secs(30));
        let boards: Vec<&Value> = heard
            .iter()
            .filter(|r| r["images"].as_array().is_some_and(|i| !i.is_empty()))
            .collect();
        assert_eq!(
            boards.len(),
            1,
            "ply {ply}: the channel gets the board: {heard:?}"
        );
        assert_eq!(boards[0]["channel"], "general");
        assert_eq!(boards[0]["ephemeral"], false);
    }
    // The other seat's link cannot play out of turn: refused, and nothing is said.
    let waiting = links.iter().find(|l| **l != to_act(&links)).unwrap();
    let moving = to_act(&links).to_string();
    let action = an_action(&moving);
    let (status, refused) = post(waiting, &action);
    assert_eq!(status, 200);
    assert!(refused.contains("class=\"notice\""), "{refused}");
    assert!(console.heard(Duration::from_secs(1)).is_empty());

    // The game ends in the channel; the links act no more, and the money is whole.
    let resigned = console.say("bob: /resign");
    assert!(
        resigned.iter().any(|r| text(r).contains("resign")),
        "{resigned:?}"
    );
    for link in &links {
        let html = panel(link);
        assert!(html.contains("plays no more"), "{html}");
        let (status, after) = post(link, &action);
        assert_eq!(status, 200);
        assert!(after.contains("plays no more"), "{after}");
    }
    assert!(console.heard(Duration::from_secs(1)).is_empty());
    common::audit_ok(&db);
}

#[test]
fn a_link_is_its_seats_alone_a_new_one_voids_the_old_and_bad_posts_change_nothing() {
    let (mut console, _db) = started("seats-links");
    let old = link_of(&mut console, "alice");
    let new = link_of(&mut console, "alice");
    assert_ne!(old, new);
    // /play where she already plays opens her seat too (a newer link again).
    let again = console.say("alice: /play game:dejarik opponent:bob");
    let third = play_url(&again).unwrap_or_else(|| panic!("no seat in {again:?}"));
    assert_eq!(again[0]["ephemeral"], true);
    assert_eq!(client().get(&new).send().unwrap().status().as_u16(), 404);
    let new = third;
    assert_eq!(client().get(&old).send().unwrap().status().as_u16(), 404);
    assert_eq!(client().get(&new).send().unwrap().status().as_u16(), 200);
    let action = an_action(&new);
    let (status, _) = post(&old, &action);
    assert_eq!(status, 404, "an old link acts no more");

    // A spectator's page only watches.
    let watch = watch_url(&console.say("alice: /board")).expect("a live page");
    let posted = client()
        .post(&watch)
        .form(&[("turn", "1"), ("verb", "move"), ("value", "x")])
        .send()
        .unwrap();
    assert_eq!(posted.status().as_u16(), 405);

    // Made-up verbs, moves and turns are refused on the page and change nothing.
    for bad in [
        Entry {
            verb: "explode".into(),
            ..action.clone()
        },
        Entry {
            value: Some("zz-zz".into()),
            ..action.clone()
        },
        Entry {
            turn: "999".into(),
            ..action.clone()
        },
    ] {
        let (status, html) = post(&new, &bad);
        assert_eq!(status, 200);
        assert!(html.contains("class=\"notice\""), "{bad:?}: {html}");
    }
    let torn = client().post(&new).body("turn=1").send().unwrap().status();
    assert!(torn.is_client_error(), "{torn}");
    let huge = client()
        .post(&new)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("turn=1&verb=move&value={}", "x".repeat(10_000)))
        .send()
        .unwrap()
        .status();
    assert_eq!(huge.as_u16(), 413);
    assert!(console.heard(Duration::from_secs(1)).is_empty());
    // The table is where it was: the same action still plays.
    let (status, after) = post(&new, &action);
    assert_eq!(status, 200);
    assert!(first_entry(&after).is_none(), "{after}");
    assert_eq!(console.heard(Duration::from_secs(30)).len(), 1);
}

#[test]
fn a_move_from_the_page_and_the_same_from_the_chat_at_once_store_exactly_one() {
    let (mut console, _db) = started("seats-race");
    let links = [link_of(&mut console, "alice"), link_of(&mut console, "bob")];
    let link = to_act(&links).to_string();
    let who = if link == links[0] { "alice" } else { "bob" };
    let action = an_action(&link);
    let turn: i64 = action.turn.parse().unwrap();
    let value = action.value.clone().unwrap();
    let page = std::thread::spawn(move || post(&link, &action));
    let typed = console.say(&format!("{who}: /move action:{value}"));
    let (status, from_page) = page.join().unwrap();
    assert_eq!(status, 200);
    let heard = console.heard(Duration::from_secs(2));
    let boards = typed
        .iter()
        .chain(&heard)
        .filter(|r| r["images"].as_array().is_some_and(|i| !i.is_empty()))
        .count();
    assert_eq!(
        boards, 1,
        "one move stored: {typed:?} {heard:?} {from_page}"
    );
    // The table moved on by exactly that move: the other seat is to act at the next turn.
    let next = an_action(to_act(&[links[0].clone(), links[1].clone()]));
    assert_eq!(next.turn.parse::<i64>().unwrap(), turn + 1);
}
