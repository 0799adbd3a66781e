//! A tournament through the real serenity/poise client against the fake Discord: created
//! with its options as Discord sends a subcommand, joined until full (it then starts at
//! once, its table's board attached), a refusal told privately, and the prizes told when
//! the last table ends.

mod fake_discord;

use fake_discord::client::*;
use fake_discord::FakeDiscord;
use serde_json::{json, Value};

/// A `/tournament` subcommand with its options, as Discord sends it.
fn sub(name: &str, options: Value) -> Value {
    json!([{"name": name, "type": 1, "options": options}])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_through_the_real_client() {
    let dir = workdir("discord-tournament");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));
    let put = fake
        .wait_for(0, WAIT, |r| {
            r.method == "PUT" && r.path.ends_with("/guilds/4000/commands")
        })
        .await;
    connected(&fake).await;
    let commands = put.json.as_array().unwrap();
    let tournament = commands.iter().find(|c| c["name"] == "tournament").unwrap();
    let create = &tournament["options"][0];
    assert_eq!(create["name"], "create");
    let format = create["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "format")
        .unwrap();
    assert_eq!(format["choices"][1]["value"], "swiss");
    assert_eq!(
        format["choices"][1]["name_localizations"]["fr"],
        "Système suisse"
    );

    let n = fake.requests().len();
    fake.slash(
        4001,
        ALICE,
        "tournament",
        sub(
            "create",
            json!([{"name": "game", "type": 3, "value": "dejarik"},
                   {"name": "format", "type": 3, "value": "knockout"},
                   {"name": "entry", "type": 4, "value": 100},
                   {"name": "players", "type": 4, "value": 2}]),
        ),
        Value::Null,
    );
    let created = answer(&fake, n, 4001).await;
    assert!(
        content(&created).contains("alice opens tournament #1: a knockout of Dejarik"),
        "{:?}",
        created.json
    );
    fake.slash(
        4002,
        ALICE,
        "tournament",
        sub("join", json!([])),
        Value::Null,
    );
    let joined = answer(&fake, n, 4002).await;
    assert!(
        content(&joined).contains("alice joins tournament #1"),
        "{:?}",
        joined.json
    );
    fake.slash(
        4003,
        ALICE,
        "tournament",
        sub("join", json!([])),
        Value::Null,
    );
    let twice = answer(&fake, n, 4003).await;
    assert!(ephemeral(&twice), "{:?}", twice.json);
    assert!(
        content(&twice).contains("already in tournament #1"),
        "{:?}",
        twice.json
    );

    // bob fills it: the first round opens at once, its board posted in the channel.
    fake.slash(4004, BOB, "tournament", sub("join", json!([])), Value::Null);
    let full = answer(&fake, n, 4004).await;
    assert!(
        content(&full).contains("bob joins tournament #1"),
        "{:?}",
        full.json
    );
    let board = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST"
                && !r.files.is_empty()
                && r.json["data"]["content"]
                    .as_str()
                    .or(r.json["content"].as_str())
                    .is_some_and(|c| c.contains("Table #1"))
        })
        .await;
    assert!(board.files[0].2.starts_with(b"\x89PNG"));
    let round = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST"
                && r.json["data"]["content"]
                    .as_str()
                    .or(r.json["content"].as_str())
                    .is_some_and(|c| c.contains("round 1"))
        })
        .await;
    let said = round.json["data"]["content"]
        .as_str()
        .or(round.json["content"].as_str())
        .unwrap()
        .to_string();
    assert!(
        said.contains("alice – bob") || said.contains("bob – alice"),
        "{said}"
    );

    fake.slash(4005, BOB, "resign", json!([]), Value::Null);
    let over = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST"
                && r.json["data"]["content"]
                    .as_str()
                    .or(r.json["content"].as_str())
                    .is_some_and(|c| c.contains("Tournament #1 is over"))
        })
        .await;
    let said = over.json["data"]["content"]
        .as_str()
        .or(over.json["content"].as_str())
        .unwrap()
        .to_string();
    assert!(said.contains("**alice** wins"), "{said}");
    assert!(said.contains("1. alice 200"), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_threads_a_tournament_lives_in_its_own_thread() {
    let dir = workdir("discord-tournament-thread");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot_with(
        &fake,
        &dir.join("h.db"),
        &[("HOLOTABLE_TABLES__THREADS", "true")],
    );
    connected(&fake).await;
    let n = fake.requests().len();
    fake.set_locale(ALICE.0, "fr");
    fake.slash(
        4101,
        ALICE,
        "tournament",
        sub(
            "create",
            json!([{"name": "game", "type": 3, "value": "dejarik"},
                   {"name": "format", "type": 3, "value": "swiss"},
                   {"name": "players", "type": 4, "value": 2}]),
        ),
        Value::Null,
    );
    let created = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST" && r.path == "/channels/3000/threads"
        })
        .await;
    assert_eq!(created.json["name"], "Dejarik · swiss");
    let announced = answer(&fake, n, 4101).await;
    assert!(
        content(&announced).contains("Le tournoi et ses tables sont dans <#8000001>"),
        "{:?}",
        announced.json
    );
    // The tournament's own message is in the thread, and joining there fills it: its
    // first table opens in the thread.
    let thread = "8000001";
    let opened = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST" && r.path == format!("/channels/{thread}/messages")
        })
        .await;
    assert!(opened.json["content"]
        .as_str()
        .unwrap_or("")
        .contains("tournoi n° 1"));
    for (id, who) in [(4102, ALICE), (4103, BOB)] {
        fake.slash_in(
            thread,
            id,
            who,
            "tournament",
            sub("join", json!([])),
            Value::Null,
        );
        answer(&fake, n, id).await;
    }
    let board = fake
        .wait_for(n, WAIT, |r| {
            r.path == "/interactions/4103/tok4103/callback" && !r.files.is_empty()
                || (r.path.starts_with("/webhooks/") && !r.files.is_empty())
        })
        .await;
    assert!(board.files[0].2.starts_with(b"\x89PNG"));
}
