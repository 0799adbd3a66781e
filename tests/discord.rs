//! The real serenity/poise client (`holotable serve`, a child process) against a fake
//! Discord on loopback (docs/CONTRACT.md P-3, P-7; what the fake does in `tests/fake_discord/mod.rs`):
//! a wagered game, a restart mid-game, tables in threads, a clean stop, the invite, the live
//! page's link. Each game's own play through the client is in `tests/discord_games.rs`.

#[path = "common/discord_checks.rs"]
mod checks;
mod fake_discord;
#[path = "common/panel.rs"]
mod panel_html;

use std::process::Command;
use std::time::Duration;

use checks::*;
use fake_discord::client::*;
use fake_discord::FakeDiscord;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wagered_game_through_the_real_client() {
    let dir = std::env::temp_dir().join(format!("holotable-discord-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));

    // Registration in the test guild.
    let put = fake
        .wait_for(0, WAIT, |r| {
            r.method == "PUT" && r.path.ends_with("/guilds/4000/commands")
        })
        .await;
    let commands = put.json.as_array().expect("a list of commands").clone();
    let names: Vec<&str> = commands
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    // Every command, the games' decision commands (/double) among them, in the order /help
    // lists them.
    assert_eq!(names, holotable::table::commands::names());
    assert!(
        names.contains(&"double"),
        "backgammon's /double is registered"
    );
    let name_rule = |n: &str| {
        (1..=32).contains(&n.chars().count())
            && n.chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && n.to_lowercase() == n
    };
    fn walk(v: &Value, check: &dyn Fn(&Value)) {
        check(v);
        for o in v["options"].as_array().cloned().unwrap_or_default() {
            walk(&o, check);
        }
    }
    for c in &commands {
        walk(c, &|v: &Value| {
            let name = v["name"].as_str().unwrap();
            assert!(name_rule(name), "bad name {name}");
            let d = v["description"].as_str().unwrap_or("");
            assert!(
                (1..=100).contains(&d.chars().count()),
                "{name}: description {d:?}"
            );
            assert!(v["options"].as_array().map(|o| o.len()).unwrap_or(0) <= 25);
            assert!(v["choices"].as_array().map(|o| o.len()).unwrap_or(0) <= 25);
        });
    }
    let admin = commands.iter().find(|c| c["name"] == "admin").unwrap();
    let perms = admin["default_member_permissions"]
        .as_str()
        .map(str::to_string)
        .or_else(|| {
            admin["default_member_permissions"]
                .as_u64()
                .map(|n| n.to_string())
        });
    assert_eq!(perms.as_deref(), Some("32"), "Manage Server");
    let mv = commands.iter().find(|c| c["name"] == "move").unwrap();
    assert_eq!(mv["options"][0]["autocomplete"], true);
    // Every command and option is described in English and in French (Discord's locale).
    for command in &commands {
        let fr = command["description_localizations"]["fr"].as_str();
        assert!(
            fr.is_some_and(|d| !d.is_empty() && d.chars().count() <= 100),
            "{command}"
        );
        for option in command["options"].as_array().into_iter().flatten() {
            let fr = option["description_localizations"]["fr"].as_str();
            assert!(
                fr.is_some_and(|d| !d.is_empty() && d.chars().count() <= 100),
                "{option}"
            );
        }
    }
    let play = commands.iter().find(|c| c["name"] == "play").unwrap();
    assert_eq!(
        play["options"][0]["choices"][0]["name_localizations"]["fr"],
        "Dejarik"
    );

    // A wagered challenge, accepted by bob.
    let n = fake.requests().len();
    let challenge = challenge_bob(&fake, 2001, "dejarik", None).await;
    assert!(
        content(&challenge).contains("challenges bob"),
        "{:?}",
        challenge.json
    );
    check_message_limits(&challenge);
    // The challenge pings bob, and only bob.
    assert!(content(&challenge).starts_with(&format!("<@{}>", BOB.0)));
    assert_eq!(
        challenge.json["data"]["allowed_mentions"],
        json!({"parse": [], "users": [BOB.0], "roles": []}),
        "{:?}",
        challenge.json
    );
    let accept = button(&challenge, "Accept");

    // Only bob may accept.
    fake.component(2002, ALICE, &accept, &[]);
    let refused = fake.wait_for(n, WAIT, is_callback(2002)).await;
    assert!(ephemeral(&refused), "{:?}", refused.json);

    // bob's client speaks French: what he does is answered in French.
    fake.set_locale(BOB.0, "fr");
    fake.component(2003, BOB, &accept, &[]);
    let board = fake.wait_for(n, WAIT, is_callback(2003)).await;
    assert!(
        content(&board).contains("À alice de jouer"),
        "{:?}",
        board.json
    );
    fake.set_locale(BOB.0, "en-US");
    // The board pings the player now to act.
    assert_eq!(
        board.json["data"]["allowed_mentions"]["users"],
        json!([ALICE.0])
    );
    assert!(content(&board).starts_with(&format!("<@{}>", ALICE.0)));
    let (_, _, png) = board.files.first().expect("the board is attached").clone();
    assert!(png.starts_with(b"\x89PNG"));
    check_message_limits(&board);

    // carol, who does not play, backs alice before the first move; alice cannot bet on her
    // own table.
    let bet = |seat: u64, amount: u64| {
        json!([{"name": "seat", "type": 4, "value": seat},
               {"name": "amount", "type": 4, "value": amount}])
    };
    fake.slash(2010, CAROL, "bet", bet(1, 40), Value::Null);
    let backed = fake.wait_for(n, WAIT, is_callback(2010)).await;
    assert!(
        content(&backed).contains("carol backs alice (seat 1) at table #1 with 40 credits"),
        "{:?}",
        backed.json
    );
    assert!(!ephemeral(&backed));
    check_message_limits(&backed);
    fake.slash(2011, ALICE, "bet", bet(2, 10), Value::Null);
    let own = fake.wait_for(n, WAIT, is_callback(2011)).await;
    assert!(ephemeral(&own), "{:?}", own.json);
    assert!(content(&own).contains("own table"), "{:?}", own.json);

    // Autocomplete for /move.
    fake.autocomplete(2004, ALICE, "move", "action", "o5");
    let choices = fake.wait_for(n, WAIT, is_callback(2004)).await;
    assert_eq!(choices.json["type"], 8);
    let offered: Vec<&str> = choices.json["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(offered, ["o5-C", "o5-i5"]);

    // Out of turn: refused privately.
    send_move(&fake, 2005, BOB, "o1-i1");
    let out_of_turn = fake.wait_for(n, WAIT, is_callback(2005)).await;
    assert!(ephemeral(&out_of_turn));
    assert!(content(&out_of_turn).contains("alice's turn"));

    // A move with a fresh board.
    send_move(&fake, 2006, ALICE, "o5-i5");
    let moved = fake.wait_for(n, WAIT, is_callback(2006)).await;
    assert!(
        content(&moved).contains("alice plays o5-i5"),
        "{:?}",
        moved.json
    );
    assert!(moved.files[0].2.starts_with(b"\x89PNG"));

    // The balances: both stakes in escrow.
    fake.slash(2007, ALICE, "balance", json!([]), Value::Null);
    let balance = fake.wait_for(n, WAIT, is_callback(2007)).await;
    assert!(
        content(&balance).contains("900 credits"),
        "{:?}",
        balance.json
    );

    // The game goes on to its end, every move through /move with a fresh board. The test
    // follows the position with the rules core: alice takes wins and kills when she can, bob
    // plays the first legal move that kills nothing.
    let game = holotable::catalogue::lookup("dejarik", &Default::default()).unwrap();
    let mut play = game.start(2).unwrap();
    play.apply("o5-i5").unwrap();
    let black = |position: &str| position.split('/').nth(1).unwrap_or("").split(',').count();
    let white = |position: &str| position.split('/').next().unwrap_or("").split(',').count();
    let mut id = 2100;
    let mut seen = std::collections::HashSet::new();
    let winner = loop {
        seen.insert(play.position());
        let seat = match play.status() {
            holotable::games::Status::ToMove(seat) => seat,
            holotable::games::Status::Over(outcome) => break outcome.winner(),
            holotable::games::Status::Chance => unreachable!("Dejarik has no chance"),
        };
        let options = play.legal_with_results();
        let choice = if seat == 0 {
            options
                .iter()
                .find(|a| {
                    let mut next = play.clone();
                    next.apply(&a.action).unwrap();
                    matches!(next.status(), holotable::games::Status::Over(_))
                })
                .or_else(|| {
                    options
                        .iter()
                        .filter(|a| !seen.contains(&a.state))
                        .min_by_key(|a| black(&a.state))
                })
                .or(options.first())
        } else {
            options
                .iter()
                .find(|a| white(&a.state) == white(&play.position()) && !seen.contains(&a.state))
                .or(options.first())
        }
        .unwrap()
        .action
        .clone();
        let who = if seat == 0 { ALICE } else { BOB };
        id += 1;
        send_move(&fake, id, who, &choice);
        let answer = fake.wait_for(n, WAIT, is_callback(id)).await;
        assert!(!ephemeral(&answer), "{choice}: {:?}", answer.json);
        assert!(
            content(&answer).contains(&format!("plays {choice}")),
            "{:?}",
            answer.json
        );
        let png = &answer.files.first().expect("a board with every move").2;
        assert!(png.starts_with(b"\x89PNG"));
        check_message_limits(&answer);
        play.apply(&choice).unwrap();
        if let holotable::games::Status::Over(_) = play.status() {
            assert!(content(&answer).contains("alice wins"), "{:?}", answer.json);
            assert!(content(&answer).contains("slot token"), "{:?}", answer.json);
            assert!(
                content(&answer).contains(
                    "pool of table #1 (40 credits) goes to those who backed the winner: carol 40"
                ),
                "{:?}",
                answer.json
            );
        }
    };
    assert_eq!(winner, Some(0), "alice wins this line of play");

    // The pot went to alice, with a slot token; bob lost his stake.
    fake.slash(2900, ALICE, "balance", json!([]), Value::Null);
    let balance = fake.wait_for(n, WAIT, is_callback(2900)).await;
    assert!(
        content(&balance).contains("1100 credits, 1 slot token"),
        "{:?}",
        balance.json
    );
    fake.slash(2901, BOB, "balance", json!([]), Value::Null);
    let balance = fake.wait_for(n, WAIT, is_callback(2901)).await;
    assert!(
        content(&balance).contains("900 credits"),
        "{:?}",
        balance.json
    );

    // Every body the bot sent is valid against Discord's own OpenAPI description.
    assert!(validate_bodies(&fake.requests()) >= 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_restarts_mid_game_and_pays_the_winner() {
    let dir =
        std::env::temp_dir().join(format!("holotable-discord-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("h.db");
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db);
    fake.wait_for(0, WAIT, |r| r.method == "PUT").await;

    // White wins at once with o4-i4 from this set-up (DJ-5.1).
    let challenge = challenge_bob(
        &fake,
        3001,
        "dejarik",
        Some("setup:i1,i2,i3,o4/o7,o8,o9,o10/w:-"),
    )
    .await;
    let accept = button(&challenge, "Accept");

    // The bot process dies; a new one starts on the same database.
    drop(bot);
    let n = fake.requests().len();
    let _bot = start_bot(&fake, &db);
    fake.wait_for(n, WAIT, |r| r.method == "PUT").await;
    // Give the new gateway session a moment to be READY before dispatching.
    let deadline = std::time::Instant::now() + WAIT;
    while !fake.is_ready() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    // The Accept button of the old process still works, and the game goes on.
    fake.component(3002, BOB, &accept, &[]);
    let board = fake.wait_for(n, WAIT, is_callback(3002)).await;
    assert!(
        content(&board).contains("alice to move"),
        "{:?}",
        board.json
    );
    let menu = button(&board, "Choose a move");
    fake.component(3003, ALICE, &menu, &["o4-i4"]);
    let won = fake.wait_for(n, WAIT, is_callback(3003)).await;
    assert!(content(&won).contains("alice wins"), "{:?}", won.json);
    // Won at the first move of a set-up position: the pot, but no slot token (issue 52).
    assert!(content(&won).contains("alice earns no slot token"));
    assert!(won.files[0].2.starts_with(b"\x89PNG"));

    fake.slash(3004, ALICE, "balance", json!([]), Value::Null);
    let balance = fake.wait_for(n, WAIT, is_callback(3004)).await;
    assert!(
        content(&balance).contains("1100 credits, 0 slot tokens"),
        "{:?}",
        balance.json
    );
    fake.slash(3005, BOB, "balance", json!([]), Value::Null);
    let balance = fake.wait_for(n, WAIT, is_callback(3005)).await;
    assert!(
        content(&balance).contains("900 credits"),
        "{:?}",
        balance.json
    );
    assert!(validate_bodies(&fake.requests()) >= 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_in_threads_and_deferred_answers() {
    let dir =
        std::env::temp_dir().join(format!("holotable-discord-threads-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fake = FakeDiscord::start().await;
    // Every answer that is not instant is deferred: with 0 ms, all of them.
    let _bot = start_bot_with(
        &fake,
        &dir.join("h.db"),
        &[
            ("HOLOTABLE_TABLES__THREADS", "true"),
            ("HOLOTABLE_DISCORD__DEFER_AFTER_MS", "0"),
        ],
    );
    connected(&fake).await;
    let n = fake.requests().len();
    let play = |id: u64, wager: i64| {
        fake.slash(
            id,
            ALICE,
            "play",
            json!([{"name": "game", "type": 3, "value": "dejarik"},
                   {"name": "opponent", "type": 6, "value": BOB.0},
                   {"name": "wager", "type": 4, "value": wager}]),
            json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
        )
    };

    // /play opens a thread named after the game and players; the channel gets a pointer to
    // it, the thread gets the challenge with its buttons. Discord hears "thinking…" before
    // the thread is asked for (creating it may take longer than Discord waits).
    play(4001, 100);
    let created = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST" && r.path == "/channels/3000/threads"
        })
        .await;
    assert_eq!(created.json["name"], "Dejarik · alice vs bob");
    assert_eq!(created.json["type"], 11, "a public thread");
    let deferred = fake.wait_for(n, WAIT, is_callback(4001)).await;
    assert_eq!(deferred.json["type"], 5, "{:?}", deferred.json);
    assert!(
        deferred.at <= created.at,
        "deferred before the thread is created"
    );
    let announced = answer(&fake, n, 4001).await;
    assert!(!ephemeral(&announced));
    let thread = "8000001";
    assert!(
        content(&announced).contains(&format!("<#{thread}>")),
        "{:?}",
        announced.json
    );
    let challenge = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST" && r.path == format!("/channels/{thread}/messages")
        })
        .await;
    assert!(content_of_message(&challenge).contains("challenges bob"));
    let accept = message_custom_ids(&challenge)
        .into_iter()
        .find(|(l, _)| l == "Accept")
        .expect("an Accept button in the thread")
        .1;

    // The channel itself stays free: another table can open beside the first.
    play(4002, 100);
    let second = answer(&fake, n, 4002).await;
    assert!(content(&second).contains("<#8000002>"), "{:?}", second.json);

    // A refused /play leaves no thread behind and answers privately.
    play(4003, 1_000_000);
    let refused = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST" && r.path == "/webhooks/1000/tok4003"
        })
        .await;
    assert_eq!(refused.json["flags"].as_u64().unwrap_or(0) & 64, 64);
    fake.wait_for(n, WAIT, |r| {
        r.method == "DELETE" && r.path == "/channels/8000003"
    })
    .await;

    // Accept in the thread: deferred (type 5), then the board replaces the placeholder.
    fake.component_in(thread, 4004, BOB, &accept, &[]);
    let deferred = fake.wait_for(n, WAIT, is_callback(4004)).await;
    assert_eq!(deferred.json["type"], 5, "{:?}", deferred.json);
    let board = fake
        .wait_for(n, WAIT, |r| {
            r.method == "PATCH" && r.path == "/webhooks/1000/tok4004/messages/@original"
        })
        .await;
    assert!(
        content_of_message(&board).contains("alice to move"),
        "{:?}",
        board.json
    );
    assert!(board.files[0].2.starts_with(b"\x89PNG"));

    // A deferred refusal: the public placeholder is removed and the refusal follows
    // privately.
    fake.slash_in(
        thread,
        4005,
        BOB,
        "move",
        json!([{"name": "action", "type": 3, "value": "o1-i1"}]),
        Value::Null,
    );
    let deferred = fake.wait_for(n, WAIT, is_callback(4005)).await;
    assert_eq!(deferred.json["type"], 5);
    fake.wait_for(n, WAIT, |r| {
        r.method == "DELETE" && r.path == "/webhooks/1000/tok4005/messages/@original"
    })
    .await;
    let private = fake
        .wait_for(n, WAIT, |r| {
            r.method == "POST" && r.path == "/webhooks/1000/tok4005"
        })
        .await;
    assert_eq!(private.json["flags"].as_u64().unwrap_or(0) & 64, 64);
    assert!(content_of_message(&private).contains("alice's turn"));

    // A move in the thread reaches the table there.
    fake.slash_in(
        thread,
        4006,
        ALICE,
        "move",
        json!([{"name": "action", "type": 3, "value": "o5-i5"}]),
        Value::Null,
    );
    let moved = fake
        .wait_for(n, WAIT, |r| {
            r.method == "PATCH" && r.path == "/webhooks/1000/tok4006/messages/@original"
        })
        .await;
    assert!(content_of_message(&moved).contains("alice plays o5-i5"));

    assert!(validate_bodies(&fake.requests()) >= 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_cleanly() {
    let dir = workdir("term");
    let fake = FakeDiscord::start().await;
    let mut bot = start_bot(&fake, &dir.join("h.db"));
    connected(&fake).await;
    // A command answered, then the stop.
    fake.slash(7001, ALICE, "balance", json!([]), Value::Null);
    fake.wait_for(0, WAIT, is_callback(7001)).await;
    let killed = Command::new("kill")
        .args(["-TERM", &bot.0.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let deadline = std::time::Instant::now() + WAIT;
    let status = loop {
        if let Some(status) = bot.0.try_wait().unwrap() {
            break status;
        }
        assert!(std::time::Instant::now() < deadline, "the bot did not stop");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(status.success(), "{status:?}");
}

#[test]
fn the_openapi_check_refuses_bodies_discord_would_refuse() {
    let callback = "/paths/~1interactions~1{interaction_id}~1{interaction_token}~1callback/post/requestBody/content/application~1json/schema";
    let good = json!({"type": 4, "data": {"content": "alice plays o5-i5."}});
    let wrong_type = json!({"type": "message", "data": {"content": "x"}});
    let too_long = json!({"type": 4, "data": {"content": "x".repeat(2001)}});
    let bodies: Vec<Value> = [good, wrong_type, too_long]
        .into_iter()
        .map(|body| json!({"pointer": callback, "body": body}))
        .collect();
    assert!(openapi_problems(&bodies[..1]).is_empty());
    for bad in &bodies[1..] {
        let problems = openapi_problems(std::slice::from_ref(bad));
        assert!(!problems.is_empty(), "{bad} passed");
    }
}

#[test]
fn the_invite_asks_for_exactly_what_the_bot_uses() {
    use poise::serenity_prelude::Permissions;
    let wanted = [
        (Permissions::VIEW_CHANNEL, 10),
        (Permissions::SEND_MESSAGES, 11),
        (Permissions::EMBED_LINKS, 14),
        (Permissions::ATTACH_FILES, 15),
        (Permissions::READ_MESSAGE_HISTORY, 16),
        (Permissions::MANAGE_THREADS, 34),
        (Permissions::CREATE_PUBLIC_THREADS, 35),
        (Permissions::SEND_MESSAGES_IN_THREADS, 38),
    ];
    let bits: u64 = wanted.iter().map(|(_, bit)| 1u64 << bit).sum();
    for (permission, bit) in wanted {
        assert_eq!(permission.bits(), 1 << bit, "{permission:?}");
    }
    assert_eq!(holotable::front::discord::permissions().bits(), bits);
    let url = holotable::front::discord::invite_url("<APPLICATION_ID>");
    assert!(url.ends_with(&format!("&permissions={bits}")), "{url}");
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains(&url), "the README's invite link is {url}");
}

/// Plays one move through whichever of the seats' `pages` is to act, step by step through
/// its panel, and waits for the board the channel gets.
async fn play_a_move_through(fake: &FakeDiscord, pages: &[String]) {
    let http = reqwest::Client::new();
    let mut mover = None;
    for page in pages {
        let panel = http.get(format!("{page}/panel")).send().await.unwrap();
        if let Some(entry) = panel_html::first_entry(&panel.text().await.unwrap()) {
            mover = Some((page.clone(), entry));
        }
    }
    let (page, mut entry) = mover.expect("a seat to act");
    let before = fake.requests().len();
    while entry.value.as_deref().is_some_and(|v| v.starts_with('~')) {
        let next = http.post(&page).form(&entry.form()).send().await.unwrap();
        entry = panel_html::first_entry(&next.text().await.unwrap()).expect("a next step");
    }
    let played = http.post(&page).form(&entry.form()).send().await.unwrap();
    assert_eq!(played.status().as_u16(), 200);
    let channel = format!("/channels/{}/messages", fake_discord::CHANNEL_ID);
    let posted = fake
        .wait_for(before, WAIT, |r| r.method == "POST" && r.path == channel)
        .await;
    let content = content_of_message(&posted);
    assert!(content.contains("to move"), "{:?}", posted.json);
}

/// With `[web]` set, the bot serves the live pages beside the gateway: every board message
/// links its table's page (a link button Discord accepts), the page opens, and `/healthz`
/// waits for the gateway.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_messages_link_the_live_page_and_health_follows_the_gateway() {
    let fake = FakeDiscord::start().await;
    let (_bot, base) = start_bot_with_pages(&fake, "discord-web", false);
    connected(&fake).await;
    let http = reqwest::Client::new();
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let health = http.get(format!("{base}/healthz")).send().await;
        if let Ok(health) = health {
            let status = health.status().as_u16();
            let body = health.text().await.unwrap();
            if status == 200 {
                assert_eq!(body, "ok\n");
                break;
            }
            // The public check says only that it is not ok (the reason is in the log and
            // on the operator's listener).
            assert_eq!(body, "unavailable\n", "{status}");
        }
        assert!(std::time::Instant::now() < deadline, "never healthy");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let n = fake.requests().len();
    fake.slash(
        6001,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dejarik"},
               {"name": "opponent", "type": 6, "value": BOB.0}]),
        json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
    );
    let challenge = answer(&fake, n, 6001).await;
    let accept = button(&challenge, "Accept");
    fake.component(6002, BOB, &accept, &[]);
    let board = answer(&fake, n, 6002).await;
    let link = board.json["data"]["components"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["style"] == 5)
        .expect("a link button on the board");
    assert_eq!(link["type"], 2);
    assert_eq!(link["label"], "Watch live");
    assert!(link.get("custom_id").is_none(), "{link}");
    let url = link["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("{base}/t/")), "{url}");
    let page = http.get(url).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let page = page.text().await.unwrap();
    assert!(page.contains("alice") && page.contains("bob"));

    // Each player's own page, asked for with "Play on the board" and given to them alone;
    // a move played on it is posted in the channel as if it had been made in Discord.
    let mut links = Vec::new();
    for (id, who) in [(6003, ALICE), (6004, BOB)] {
        fake.component(id, who, &button(&board, "Play on the board"), &[]);
        let private = answer(&fake, n, id).await;
        assert!(ephemeral(&private), "{:?}", private.json);
        let link = private.json["data"]["components"][0]["components"][0].clone();
        assert_eq!(link["style"], 5, "{link}");
        let url = link["url"].as_str().unwrap().to_string();
        assert!(url.starts_with(&format!("{base}/p/")), "{url}");
        links.push(url);
    }
    play_a_move_through(&fake, &links).await;
    assert!(validate_bodies(&fake.requests()) >= 3);
}

/// With the Activity on, the entry point command is registered with the others (as
/// Discord's OpenAPI description has it), and the bot trades the code a member's Discord
/// client authorised for who they are and their seat at the channel's table: a move played
/// through that seat is the member's, posted in the channel. A wrong or replayed code is
/// refused; a member without a seat gets no page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_trades_a_members_code_for_their_seat_and_refuses_a_code_twice() {
    let fake = FakeDiscord::start().await;
    let (_bot, base) = start_bot_with_pages(&fake, "discord-activity", true);
    fake.enable_activities();
    connected(&fake).await;
    let registered = fake
        .wait_for(0, WAIT, |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
    let entry = registered
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["type"] == 4);
    let entry = entry.expect("the entry point command");
    assert_eq!(entry["handler"], 2, "{entry}");

    let n = fake.requests().len();
    fake.slash(
        7001,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dejarik"},
               {"name": "opponent", "type": 6, "value": BOB.0}]),
        json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
    );
    let challenge = answer(&fake, n, 7001).await;
    fake.component(7002, BOB, &button(&challenge, "Accept"), &[]);
    let board = answer(&fake, n, 7002).await;
    // "Play on the board" opens the Activity in place of a link.
    fake.component(7003, ALICE, &button(&board, "Play on the board"), &[]);
    let launched = answer(&fake, n, 7003).await;
    assert_eq!(launched.json["type"], 12, "{:?}", launched.json);
    assert_eq!(launched.status, 204);
    // So does /play where she already plays.
    fake.slash(
        7004,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dejarik"}]),
        json!({}),
    );
    assert_eq!(answer(&fake, n, 7004).await.json["type"], 12);

    // All three run the Activity in the channel, as Discord tells the bot.
    for who in [ALICE, BOB, CAROL] {
        fake.join_activity("i1", fake_discord::CHANNEL_ID, who.0);
    }
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    // The page a session opens: where `/activity/here` sends the member.
    let opens = |page: String| {
        let http = http.clone();
        let url = format!("{base}{page}");
        async move {
            let answer = http.get(url).send().await.unwrap();
            assert_eq!(answer.status(), 303, "{page}");
            answer.headers()["location"].to_str().unwrap().to_string()
        }
    };
    let session = |code: String| {
        let http = http.clone();
        let url = format!("{base}/activity/session");
        async move {
            let body = json!({"code": code, "guild_id": fake_discord::GUILD_ID,
                              "channel_id": fake_discord::CHANNEL_ID, "instance_id": "i1"});
            let answer = http.post(url).json(&body).send().await.unwrap();
            let status = answer.status().as_u16();
            (status, answer.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let mut pages = Vec::new();
    for who in [ALICE, BOB] {
        let code = fake.oauth_code(who);
        let (status, opened) = session(code.clone()).await;
        assert_eq!(status, 200, "{opened}");
        assert_eq!(opened["user"], who.0);
        assert!(opened["access_token"]
            .as_str()
            .is_some_and(|t| !t.is_empty()));
        let page = opened["page"].as_str().unwrap().to_string();
        assert!(page.starts_with("/activity/here?grant="), "{page}");
        let seat = opens(page).await;
        assert!(seat.starts_with("../p/"), "{seat}");
        pages.push(format!("{base}/{}", seat.trim_start_matches("../")));
        // The same code again: Discord refuses it, and so does the bot.
        let (again, _) = session(code).await;
        assert_eq!(again, 401);
    }
    assert_eq!(session("made-up".into()).await.0, 401);
    let exchanges = |fake: &FakeDiscord| {
        let requests = fake.requests();
        requests
            .iter()
            .filter(|r| r.path == "/oauth2/token")
            .count()
    };
    let (tried, mut refused) = (exchanges(&fake), 0);
    let (status, carol) = session(fake.oauth_code(CAROL)).await;
    assert_eq!(status, 200);
    // No seat: Discord says she is in the channel, so she watches its table.
    let watch = opens(carol["page"].as_str().unwrap().to_string()).await;
    assert!(watch.starts_with("../t/"), "{carol} opens {watch}");

    // The seat to act plays a move as its member; the channel gets it.
    play_a_move_through(&fake, &pages).await;

    // A script posting made-up codes is stopped at the bot: at most 60 trades a minute
    // reach Discord, the rest are told to wait.
    for k in 0..70 {
        match session(format!("flood{k}")).await.0 {
            429 => refused += 1,
            status => assert_eq!(status, 401),
        }
    }
    assert!(
        refused >= 10 + tried,
        "{refused} refused after {tried} trades"
    );
    assert!(
        exchanges(&fake) <= 60,
        "{} trades reached Discord",
        exchanges(&fake)
    );
    assert!(validate_bodies(&fake.requests()) >= 3);
}
