//! Members as Discord presents them, through the real client against the fake Discord:
//! amounts the picker keeps at one credit or more, options with a fixed set of values as
//! choices, server nicknames in the words, and other bots refused as players or payees
//! (issue "Discord as it really is", in part).

mod fake_discord;

use fake_discord::client::*;
use fake_discord::FakeDiscord;
use serde_json::{json, Value};

/// Another bot of the server, not this one.
const OTHER_BOT: (&str, &str) = ("5099", "musicbot");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nicknames_amounts_and_other_bots() {
    let dir = workdir("discord-members");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));
    let put = fake
        .wait_for(0, WAIT, |r| {
            r.method == "PUT" && r.path.ends_with("/guilds/4000/commands")
        })
        .await;
    connected(&fake).await;

    // Every amount of credits is kept at 1 or more by Discord's own picker.
    let commands = put.json.as_array().unwrap();
    let option = |command: &str, name: &str| -> Value {
        commands
            .iter()
            .find(|c| c["name"] == command)
            .and_then(|c| c["options"].as_array())
            .and_then(|o| o.iter().find(|o| o["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("/{command} {name}"))
    };
    for (command, name) in [
        ("give", "amount"),
        ("bet", "amount"),
        ("slots", "bet"),
        ("play", "wager"),
    ] {
        let o = option(command, name);
        assert_eq!(o["min_value"], 1, "/{command} {name}: {o}");
    }

    // Options with a fixed set of values offer them as choices, named in both languages.
    let choices = |o: Value| -> Vec<String> {
        o["choices"]
            .as_array()
            .unwrap_or_else(|| panic!("choices in {o}"))
            .iter()
            .map(|c| c["value"].as_str().unwrap().to_string())
            .collect()
    };
    let board = option("leaderboard", "board");
    assert_eq!(
        choices(board.clone()),
        [
            "credits",
            "wins",
            "dejarik",
            "backgammon",
            "zatak",
            "kingdoms",
            "dzone"
        ]
    );
    assert_eq!(board["choices"][1]["name_localizations"]["fr"], "Victoires");
    // More commands than Discord's 25 choices: /help's are offered as they are typed.
    assert_eq!(option("help", "command")["autocomplete"], true);
    let admin = commands.iter().find(|c| c["name"] == "admin").unwrap();
    let set = admin["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "set")
        .unwrap();
    let setting = set["options"][0].clone();
    assert!(choices(setting).contains(&"side_bets".to_string()));
    // Command names carry Discord's localizations: a French client shows /jouer, and
    // /tournoi's subcommands are French too.
    let named = |name: &str| commands.iter().find(|c| c["name"] == name).unwrap().clone();
    assert_eq!(named("play")["name_localizations"]["fr"], "jouer");
    assert_eq!(named("move")["name_localizations"]["fr"], "coup");
    assert_eq!(
        named("tournament")["options"][1]["name_localizations"]["fr"],
        "rejoindre"
    );
    let french: Vec<String> = commands
        .iter()
        .filter_map(|c| c["name_localizations"]["fr"].as_str().map(str::to_string))
        .collect();
    assert!(french.len() >= 20, "{french:?}");

    // alice is "Ally" in this server, bob "Bobby": the words use the server's names.
    fake.set_nick(ALICE.0, "Ally");
    let n = fake.requests().len();
    fake.slash(
        5001,
        ALICE,
        "give",
        json!([{"name": "user", "type": 6, "value": BOB.0},
               {"name": "amount", "type": 4, "value": 50}]),
        json!({"users": {BOB.0: user(BOB.0, BOB.1)},
               "members": {BOB.0: {"nick": "Bobby", "roles": [], "deaf": false, "mute": false,
                                   "flags": 0, "joined_at": "2026-01-01T00:00:00+00:00",
                                   "permissions": "0"}}}),
    );
    let given = answer(&fake, n, 5001).await;
    assert!(
        content(&given).contains("Ally gives 50 credits to Bobby"),
        "{:?}",
        given.json
    );

    // Another bot can neither receive credits nor be challenged; nothing moves.
    let bot_user = json!({"users": {OTHER_BOT.0: {"id": OTHER_BOT.0, "username": OTHER_BOT.1,
                                                "discriminator": "0000", "bot": true}}});
    fake.slash(
        5002,
        ALICE,
        "give",
        json!([{"name": "user", "type": 6, "value": OTHER_BOT.0},
               {"name": "amount", "type": 4, "value": 50}]),
        bot_user.clone(),
    );
    let refused = answer(&fake, n, 5002).await;
    assert!(ephemeral(&refused), "{:?}", refused.json);
    assert!(
        content(&refused).contains("musicbot is a bot"),
        "{:?}",
        refused.json
    );
    fake.set_locale(ALICE.0, "fr");
    fake.slash(
        5003,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dejarik"},
               {"name": "opponent", "type": 6, "value": OTHER_BOT.0}]),
        bot_user,
    );
    let refused = answer(&fake, n, 5003).await;
    assert!(ephemeral(&refused));
    assert!(
        content(&refused).contains("musicbot est un bot"),
        "{:?}",
        refused.json
    );
    fake.set_locale(ALICE.0, "en-US");
    fake.slash(5004, ALICE, "balance", json!([]), Value::Null);
    let balance = answer(&fake, n, 5004).await;
    assert!(content(&balance).contains("950"), "{:?}", balance.json);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_range_every_recommended_shard_runs() {
    let dir = workdir("discord-autoshard");
    let fake = FakeDiscord::start().await;
    // Discord recommends two shards: a bot started without --shards runs both.
    fake.recommend_shards(2);
    let _bot = start_bot(&fake, &dir.join("h.db"));
    let deadline = std::time::Instant::now() + WAIT;
    while fake.shards() != [0, 1] {
        assert!(
            std::time::Instant::now() < deadline,
            "shards {:?}",
            fake.shards()
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_giving_too_fast_is_told_to_wait_in_her_words() {
    let dir = workdir("discord-cooldown");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));
    connected(&fake).await;
    fake.set_locale(ALICE.0, "fr");
    let n = fake.requests().len();
    let give = |id: u64| {
        fake.slash(
            id,
            ALICE,
            "give",
            json!([{"name": "user", "type": 6, "value": BOB.0},
                   {"name": "amount", "type": 4, "value": 10}]),
            json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
        )
    };
    for id in 7001..=7003 {
        give(id);
        let given = answer(&fake, n, id).await;
        assert!(!ephemeral(&given), "{:?}", given.json);
    }
    give(7004);
    let slowed = answer(&fake, n, 7004).await;
    assert!(ephemeral(&slowed), "{:?}", slowed.json);
    assert!(
        content(&slowed).starts_with("alice, pas si vite : vous pourrez refaire /give dans"),
        "{:?}",
        slowed.json
    );
    fake.slash(7005, ALICE, "balance", json!([]), Value::Null);
    let balance = answer(&fake, n, 7005).await;
    assert!(content(&balance).contains("970"), "{:?}", balance.json);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nickname_is_shown_as_written_never_as_markup_or_a_ping() {
    // Issue 52: a nickname that is markdown — a link, bold, a mass ping — is shown as the
    // member wrote it: escaped in the message, nothing pinged but whom the bot names.
    let dir = workdir("discord-markup-names");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));
    connected(&fake).await;
    let nick = "**[x](https://evil.example)** @everyone";
    fake.set_nick(ALICE.0, nick);
    let n = fake.requests().len();
    fake.slash(
        5101,
        ALICE,
        "give",
        json!([{"name": "user", "type": 6, "value": BOB.0},
               {"name": "amount", "type": 4, "value": 50}]),
        json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
    );
    let given = answer(&fake, n, 5101).await;
    let text = content(&given);
    assert!(
        text.contains(
            "\\*\\*\\[x\\]\\(https\\:\\/\\/evil\\.example\\)\\*\\* \\@everyone gives 50 credits to bob"
        ),
        "{text}"
    );
    assert!(
        !text.contains('\u{2068}') && !text.contains('\u{2069}'),
        "{text:?}"
    );
    // Discord is told to ping nobody that the text names.
    assert_eq!(
        given.json["data"]["allowed_mentions"],
        json!({"parse": [], "users": [], "roles": []}),
        "{:?}",
        given.json
    );
}
