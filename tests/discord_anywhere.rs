//! Holotable in a member's pocket (issue 55, part 6), through the real client against the
//! fake Discord: the commands that need no server are registered for user installs and
//! direct messages (`integration_types`, `contexts`, checked against Discord's OpenAPI
//! description), answered there through the interaction alone; the others stay in servers
//! that added the bot, and one sent from elsewhere is refused in words.

#[path = "common/discord_checks.rs"]
mod checks;
mod fake_discord;

use checks::*;
use fake_discord::client::*;
use fake_discord::FakeDiscord;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_help_and_stats_answer_in_direct_messages_and_user_installs() {
    let dir = workdir("discord-anywhere");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));
    let put = fake
        .wait_for(0, WAIT, |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
    connected(&fake).await;
    let commands = put.json.as_array().unwrap();
    let named = |name: &str| commands.iter().find(|c| c["name"] == name).unwrap().clone();
    for anywhere in ["rules", "help", "stats", "replay"] {
        let c = named(anywhere);
        assert_eq!(c["integration_types"], json!([0, 1]), "/{anywhere}: {c}");
        assert_eq!(c["contexts"], json!([0, 1, 2]), "/{anywhere}: {c}");
    }
    for server_only in ["play", "balance", "admin", "history"] {
        let c = named(server_only);
        assert_eq!(c["integration_types"], json!([0]), "/{server_only}: {c}");
        assert_eq!(c["contexts"], json!([0]), "/{server_only}: {c}");
    }
    // More commands than Discord's 25 choices: /help's names come as they are typed.
    let help = named("help");
    assert_eq!(help["options"][0]["autocomplete"], true, "{help}");
    let n = fake.requests().len();
    fake.autocomplete(9001, ALICE, "help", "command", "tour");
    let offered = fake.wait_for(n, WAIT, is_callback(9001)).await;
    assert_eq!(offered.json["type"], 8);
    assert_eq!(offered.json["data"]["choices"][0]["value"], "tournament");

    // /rules in a direct message: the interaction's answer, and nothing posted anywhere.
    let n = fake.requests().len();
    fake.slash_installed_by_user(
        None,
        9002,
        ALICE,
        "rules",
        json!([{"name": "game", "type": 3, "value": "dejarik"}]),
    );
    let rules = answer(&fake, n, 9002).await;
    let text = content(&rules);
    assert!(text.contains("Dejarik"), "{:?}", rules.json);
    // /stats there: every server's games, with nothing opened or remembered for it.
    fake.slash_installed_by_user(None, 9003, ALICE, "stats", json!([]));
    let stats = answer(&fake, n, 9003).await;
    assert!(content(&stats).contains("alice"), "{:?}", stats.json);
    // In a server that did not add the bot, where alice installed the app for herself.
    fake.slash_installed_by_user(Some("7000"), 9004, ALICE, "help", json!([]));
    let help = answer(&fake, n, 9004).await;
    assert!(content(&help).contains("/play"), "{:?}", help.json);
    // A server-only command sent from there anyway is refused in words, writing nothing.
    fake.slash_installed_by_user(
        Some("7000"),
        9005,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dejarik"}]),
    );
    let play = answer(&fake, n, 9005).await;
    assert!(
        content(&play).contains("in a server where Holotable is added"),
        "{:?}",
        play.json
    );
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let posted: Vec<Value> = fake
        .requests()
        .iter()
        .skip(n)
        .filter(|r| r.method == "POST" && r.path.starts_with("/channels/"))
        .map(|r| r.json.clone())
        .collect();
    assert!(
        posted.is_empty(),
        "answered through the interaction alone: {posted:?}"
    );
    assert!(validate_bodies(&fake.requests()) >= 5);
}
