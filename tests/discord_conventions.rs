//! What members of a Discord server expect of a game bot, through the real client against
//! the fake Discord (issue "Discord as it really is", members' conventions): only the
//! newest message of a table offers choices.

mod fake_discord;

use std::time::{Duration, Instant};

use fake_discord::client::*;
use fake_discord::messages::Stored;
use fake_discord::{FakeDiscord, Request, CHANNEL_ID};
use serde_json::{json, Value};

/// Waits until the channel's messages with live choices are exactly one, `content` being
/// part of its text, and returns every message that had choices taken off so far.
async fn only_live(fake: &FakeDiscord, content: &str) -> (u64, Stored) {
    let deadline = Instant::now() + WAIT;
    loop {
        let live = fake.with_choices(CHANNEL_ID);
        if live.len() == 1 && live[0].1.content.contains(content) {
            return live[0].clone();
        }
        assert!(
            Instant::now() < deadline,
            "live choices: {:#?}, wanted one with {content:?}",
            live.iter()
                .map(|(id, m)| (id, m.content.lines().next().unwrap_or("").to_string()))
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The first line of a reply's text, without its pings.
fn headline(r: &Request) -> String {
    let text = content(r);
    let line = text.lines().next().unwrap_or("").to_string();
    line.split("> ").last().unwrap_or("").to_string()
}

/// Who a board pings (the player to act): alice or bob.
fn to_act(r: &Request) -> (&'static str, &'static str) {
    if content(r).starts_with(&format!("<@{}>", BOB.0)) {
        BOB
    } else {
        ALICE
    }
}

/// alice challenges bob to Dejarik in `channel` (interaction `id`).
fn challenge_in(fake: &FakeDiscord, channel: &str, id: u64) {
    fake.slash_in(
        channel,
        id,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dejarik"},
               {"name": "opponent", "type": 6, "value": BOB.0}]),
        json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
    );
}

/// alice challenges bob to Dejarik (interaction `id`); returns the challenge.
async fn challenge(fake: &FakeDiscord, since: usize, id: u64) -> Request {
    challenge_in(fake, CHANNEL_ID, id);
    answer(fake, since, id).await
}

/// bob accepts `challenge` (interaction `id`); returns the first board.
async fn accept(fake: &FakeDiscord, since: usize, id: u64, challenge: &Request) -> Request {
    let accept = custom_ids(challenge)
        .into_iter()
        .find(|(label, _)| label == "Accept")
        .expect("an Accept button")
        .1;
    fake.component(id, BOB, &accept, &[]);
    answer(fake, since, id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_newest_message_of_a_table_offers_choices() {
    let dir = workdir("stale-choices");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot_with(
        &fake,
        &dir.join("h.db"),
        &[("HOLOTABLE_WEB__PUBLIC_URL", "https://holotable.example/")],
    );
    connected(&fake).await;

    let n = fake.requests().len();
    let challenge = challenge(&fake, n, 1).await;
    let (challenge_id, _) = only_live(&fake, "challenges").await;
    let mut board = accept(&fake, n, 2, &challenge).await;
    let (mut live, _) = only_live(&fake, &headline(&board)).await;
    assert_ne!(live, challenge_id, "the board, not the challenge");

    // Moves by menu and by /move: each new board takes the choices off the one before,
    // which keeps only its link to the live page.
    let mut stale = vec![challenge_id];
    for id in 3..9u64 {
        let who = to_act(&board);
        let (menu, values) = menu_of(&board).expect("a move menu");
        let n = fake.requests().len();
        if id % 2 == 0 {
            send_move(&fake, id, who, &values[0]);
        } else {
            fake.component(id, who, &menu, &[&values[0]]);
        }
        board = answer(&fake, n, id).await;
        assert!(!ephemeral(&board), "{:?}", board.json);
        let (now, _) = only_live(&fake, &headline(&board)).await;
        assert!(
            !stale.contains(&now) && now != live,
            "a new message is live"
        );
        stale.push(live);
        live = now;
    }
    let shared = fake.messages();
    for id in &stale[1..] {
        let rows = shared[id].components.as_array().unwrap().clone();
        assert_eq!(rows.len(), 1, "{rows:?}");
        let link = &rows[0]["components"][0];
        assert!(
            link["url"]
                .as_str()
                .is_some_and(|u| u.starts_with("https://holotable.example/t/")),
            "{link}"
        );
    }
    assert_eq!(
        shared[&stale[0]].components,
        json!([]),
        "the accepted challenge keeps nothing"
    );

    // The end: the final board offers the rematch only, and nothing above it is live.
    let who = to_act(&board);
    let n = fake.requests().len();
    fake.slash(20, who, "resign", json!([]), Value::Null);
    let end = answer(&fake, n, 20).await;
    let (_, last) = only_live(&fake, &headline(&end)).await;
    let labels: Vec<String> = custom_ids(&end).into_iter().map(|(l, _)| l).collect();
    assert!(labels.contains(&"Rematch".to_string()), "{labels:?}");
    assert!(last.has_choices());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_finds_a_members_games_and_a_long_help_comes_in_parts() {
    let dir = workdir("tables");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));
    connected(&fake).await;

    let n = fake.requests().len();
    let challenge = challenge(&fake, n, 1).await;
    accept(&fake, n, 2, &challenge).await;
    fake.slash_in(
        "3001",
        3,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dzone"},
               {"name": "seats", "type": 4, "value": 3}]),
        Value::Null,
    );
    answer(&fake, n, 3).await;

    fake.slash(4, ALICE, "tables", json!([]), Value::Null);
    let mine = answer(&fake, n, 4).await;
    assert!(ephemeral(&mine), "{:?}", mine.json);
    assert_eq!(
        content(&mine),
        "alice's open tables in this server:\n\
         • Table #1, Dejarik with bob, in <#3000>: your turn.\n\
         • Table #2, D-Zone, in <#3001>: waiting for players (1 of 3 seats taken)."
    );
    fake.set_locale(BOB.0, "fr");
    fake.slash(5, BOB, "tables", json!([]), Value::Null);
    let bobs = answer(&fake, n, 5).await;
    assert_eq!(
        content(&bobs),
        "Les tables ouvertes de bob sur ce serveur :\n\
         • Table n° 1, Dejarik avec alice, dans <#3000> : À alice de jouer."
    );

    // The table's record arrives as a text file, in the game's notation.
    fake.slash(
        7,
        ALICE,
        "replay",
        json!([{"name": "format", "type": 3, "value": "text"}]),
        Value::Null,
    );
    let record = answer(&fake, n, 7).await;
    assert!(!ephemeral(&record), "{:?}", record.json);
    let (_, name, bytes) = record.files.first().expect("a file").clone();
    assert_eq!(name, "table-1.txt");
    let text = String::from_utf8(bytes).unwrap();
    assert!(
        text.starts_with("[Event \"Holotable\"]\n[Game \"Dejarik\"]\n[Table \"1\"]"),
        "{text}"
    );
    assert!(
        text.contains("[Seat1 \"alice\"]\n[Seat2 \"bob\"]"),
        "{text}"
    );

    // The French /help is longer than a message: it comes in two, nothing cut off.
    fake.slash(6, BOB, "help", json!([]), Value::Null);
    let first = answer(&fake, n, 6).await;
    let rest = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST" && r.path.starts_with("/webhooks/") && r.path.contains("/tok6")
        })
        .await;
    let parts = [
        content(&first),
        rest.json["content"].as_str().unwrap().to_string(),
    ];
    assert!(parts.iter().all(|p| p.chars().count() <= 2000), "{parts:?}");
    assert!(
        ephemeral(&first) && rest.json["flags"] == 64,
        "{:?}",
        rest.json
    );
    assert!(parts[0].starts_with("**Holotable**"), "{}", parts[0]);
    assert!(!parts[0].ends_with('…') && parts[1].contains("Une première partie"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_asked_is_told_by_direct_message_when_a_table_waits() {
    let dir = workdir("notify");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));
    connected(&fake).await;
    fake.set_locale(BOB.0, "fr");
    let n = fake.requests().len();
    fake.slash(
        1,
        BOB,
        "notify",
        json!([{"name": "on", "type": 1, "options": []}]),
        Value::Null,
    );
    let on = answer(&fake, n, 1).await;
    assert!(ephemeral(&on), "{:?}", on.json);
    assert!(
        content(&on).starts_with("bob, je vous enverrai un message privé"),
        "{:?}",
        on.json
    );

    // Challenged, bob hears of it; after alice's move, bob hears it is his turn.
    let challenge = challenge(&fake, n, 2).await;
    let told = |count: usize| {
        let fake = fake.clone();
        async move {
            let deadline = Instant::now() + WAIT;
            loop {
                let dms = fake.direct_messages(BOB.0);
                if dms.len() >= count {
                    return dms;
                }
                assert!(Instant::now() < deadline, "direct messages: {dms:?}");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    };
    assert_eq!(
        told(1).await,
        ["bob, la table n° 1 vous attend dans <#3000>."]
    );
    accept(&fake, n, 3, &challenge).await;
    // bob accepted himself: alice moves first, and nobody needs telling yet.
    send_move(&fake, 4, ALICE, "o5-i5");
    answer(&fake, n, 4).await;
    assert_eq!(told(2).await.len(), 2);
    // alice never asked: nothing reaches her directly.
    send_move(&fake, 5, BOB, "o1-i1");
    answer(&fake, n, 5).await;
    assert!(fake.direct_messages(ALICE.0).is_empty());

    // A member who takes no direct messages still plays on; bob turns them off.
    fake.refuse_dms(BOB.0);
    send_move(&fake, 6, ALICE, "o6-i6");
    let moved = answer(&fake, n, 6).await;
    assert!(!ephemeral(&moved), "{:?}", moved.json);
    fake.slash(
        7,
        BOB,
        "notify",
        json!([{"name": "off", "type": 1, "options": []}]),
        Value::Null,
    );
    let off = answer(&fake, n, 7).await;
    assert!(
        content(&off).contains("plus de messages privés"),
        "{:?}",
        off.json
    );
    let asked = fake
        .requests()
        .iter()
        .filter(|r| r.path == "/users/@me/channels")
        .count();
    let (menu, values) = menu_of(&moved).expect("bob's moves");
    fake.component(8, BOB, &menu, &[&values[0]]);
    let board = answer(&fake, n, 8).await;
    assert!(!ephemeral(&board), "{:?}", board.json);
    let (menu, values) = menu_of(&board).expect("alice's moves");
    fake.component(9, ALICE, &menu, &[&values[0]]);
    let board = answer(&fake, n, 9).await;
    assert!(
        !ephemeral(&board) && content(&board).starts_with("<@5001>"),
        "{:?}",
        board.json
    );
    let after = fake
        .requests()
        .iter()
        .filter(|r| r.path == "/users/@me/channels")
        .count();
    assert_eq!(asked, after, "no direct message after /notify off");
}

/// A custom id of a stored message's buttons, by label.
fn button_of(message: &Stored, label: &str) -> String {
    message
        .components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["label"] == label)
        .and_then(|b| b["custom_id"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no [{label}] on {:?}", message.content))
}

/// The newest message of `channel` that offers a `label` button, waited for.
async fn live_with(fake: &FakeDiscord, channel: &str, label: &str) -> Stored {
    let deadline = Instant::now() + WAIT;
    loop {
        let found = fake.with_choices(channel).into_iter().rev().find(|(_, m)| {
            m.components
                .to_string()
                .contains(&format!("\"label\":\"{label}\""))
        });
        if let Some((_, message)) = found {
            return message;
        }
        assert!(Instant::now() < deadline, "no [{label}] in {channel}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admins_keep_tables_to_a_channel_and_its_threads() {
    let dir = workdir("places");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot_with(
        &fake,
        &dir.join("h.db"),
        &[("HOLOTABLE_TABLES__THREADS", "true")],
    );
    connected(&fake).await;
    let games = "4000";
    let n = fake.requests().len();
    let keep_to = |id: u64, who: (&str, &str)| {
        fake.slash(
            id,
            who,
            "admin",
            json!([{"name": "channel", "type": 1, "options": [
                {"name": "channel", "type": 7, "value": games},
                {"name": "tables", "type": 3, "value": "on"}]}]),
            json!({"channels": {games: {"id": games, "type": 0, "name": "games",
                                        "permissions": "0"}}}),
        )
    };

    // A member without Manage Server is refused; an admin keeps tables to #games.
    keep_to(1, ALICE);
    let refused = answer(&fake, n, 1).await;
    assert!(
        ephemeral(&refused) && !content(&refused).contains(games),
        "{:?}",
        refused.json
    );
    fake.set_permissions(CAROL.0, 32);
    keep_to(2, CAROL);
    let kept = answer(&fake, n, 2).await;
    assert!(ephemeral(&kept), "{:?}", kept.json);
    assert!(
        content(&kept).contains(&format!("<#{games}>")),
        "{:?}",
        kept.json
    );

    // /play in the general channel is refused before any thread is made.
    let play = |id: u64, channel: &str| challenge_in(&fake, channel, id);
    play(3, CHANNEL_ID);
    let elsewhere = fake
        .wait_for(n, WAIT, |r| {
            r.path == "/webhooks/1000/tok3" && r.method == "POST"
        })
        .await;
    // Deferred (a thread would have been made), so the refusal is a private followup.
    let said = elsewhere.json["content"].as_str().unwrap_or_default();
    assert_eq!(elsewhere.json["flags"].as_u64().unwrap_or(0) & 64, 64);
    assert!(said.contains("alice") && said.contains("<#4000>"), "{said}");
    assert!(!fake.requests().iter().any(|r| r.path.ends_with("/threads")));

    // In #games the table gets its thread, and plays there: the thread is #games'.
    play(4, games);
    fake.wait_for(n, WAIT, |r| {
        r.method == "POST" && r.path == "/channels/4000/threads"
    })
    .await;
    let thread = "8000001";
    let challenge = live_with(&fake, thread, "Accept").await;
    fake.component_in(thread, 5, BOB, &button_of(&challenge, "Accept"), &[]);
    answer(&fake, n, 5).await;
    fake.slash_in(thread, 6, BOB, "resign", json!([]), Value::Null);
    answer(&fake, n, 6).await;
    // A rematch pressed in the thread opens where the thread is: allowed.
    let ended = live_with(&fake, thread, "Rematch").await;
    fake.component_in(thread, 7, ALICE, &button_of(&ended, "Rematch"), &[]);
    let rematch = answer(&fake, n, 7).await;
    assert!(!ephemeral(&rematch), "{:?}", rematch.json);
    assert!(
        content(&rematch).contains("challenges"),
        "{:?}",
        rematch.json
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_tables_thread_is_archived_and_locked_unless_a_rematch_goes_on() {
    let dir = workdir("closing");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot_with(
        &fake,
        &dir.join("h.db"),
        &[
            ("HOLOTABLE_TABLES__THREADS", "true"),
            ("HOLOTABLE_TABLES__CLOSE_THREADS_AFTER_SECS", "2"),
        ],
    );
    connected(&fake).await;
    let n = fake.requests().len();
    let play = |id: u64| challenge_in(&fake, CHANNEL_ID, id);
    let closes = |thread: &'static str| {
        move |r: &Request| r.method == "PATCH" && r.path == format!("/channels/{thread}")
    };

    // A declined challenge is its table's last word: the thread closes a while later.
    play(1);
    let first = "8000001";
    let challenge = live_with(&fake, first, "Decline").await;
    fake.component_in(first, 2, BOB, &button_of(&challenge, "Decline"), &[]);
    answer(&fake, n, 2).await;

    // A game ends in a second thread, and alice asks for a rematch at once: that thread
    // goes on with the new table.
    play(3);
    let second = "8000002";
    let challenge = live_with(&fake, second, "Accept").await;
    fake.component_in(second, 4, BOB, &button_of(&challenge, "Accept"), &[]);
    answer(&fake, n, 4).await;
    fake.slash_in(second, 5, BOB, "resign", json!([]), Value::Null);
    answer(&fake, n, 5).await;
    let ended = live_with(&fake, second, "Rematch").await;
    fake.component_in(second, 6, ALICE, &button_of(&ended, "Rematch"), &[]);
    let rematch = answer(&fake, n, 6).await;
    assert!(
        content(&rematch).contains("challenges"),
        "{:?}",
        rematch.json
    );

    let closed = fake.wait_for(n, WAIT, closes(first)).await;
    assert_eq!(closed.json["archived"], true, "{:?}", closed.json);
    assert_eq!(closed.json["locked"], true, "{:?}", closed.json);
    let declined_at = fake
        .requests()
        .iter()
        .find(|r| r.interaction() == Some(2))
        .map(|r| r.at)
        .expect("the decline's answer");
    assert!(
        closed.at >= declined_at + Duration::from_secs(2),
        "closed only after the quiet while"
    );
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert!(
        !fake.requests().iter().any(closes(second)),
        "the rematch's thread stays open"
    );
}
