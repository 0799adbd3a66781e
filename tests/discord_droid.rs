//! The droid through the real serenity/poise client against the fake Discord (issue 17):
//! every game played to its end against it, and the bot answering another table while the
//! droid thinks.

mod fake_discord;

use fake_discord::client::*;
use fake_discord::{FakeDiscord, Request, APP_ID};
use serde_json::{json, Value};

/// The bot itself as the `/play` opponent: the droid.
fn droid_options(game: &str, level: u64) -> (Value, Value) {
    (
        json!([{"name": "game", "type": 3, "value": game},
               {"name": "opponent", "type": 6, "value": APP_ID},
               {"name": "wager", "type": 4, "value": 100},
               {"name": "level", "type": 4, "value": level}]),
        json!({"users": {APP_ID: {"id": APP_ID, "username": "holotable",
                                  "discriminator": "0000", "bot": true}}}),
    )
}

/// alice's turns until the game ends: the first entry of the move menu, else the Roll
/// button, else the first suggestion autocomplete makes for an empty `/move`. Returns the
/// last interaction id used and the final board.
async fn play_out(fake: &FakeDiscord, n: usize, mut id: u64, mut last: Request) -> (u64, Request) {
    for _ in 0..1_000 {
        let text = content(&last);
        assert!(!ephemeral(&last), "refused: {text}");
        assert!(
            last.files
                .first()
                .is_some_and(|f| f.2.starts_with(b"\x89PNG")),
            "a board with every reply: {} {} {}",
            last.method,
            last.path,
            last.json
        );
        if text.contains("**") {
            return (id, last);
        }
        assert!(
            text.ends_with("alice to move.") || text.ends_with("alice to roll."),
            "alice acts whenever the droid has answered: {text}"
        );
        id += 1;
        let roll = custom_ids(&last)
            .into_iter()
            .find(|(label, _)| label == "Roll");
        if let Some((menu, values)) = menu_of(&last) {
            last = pick_move(fake, n, &mut id, ALICE, &menu, &values[0]).await;
            continue;
        } else if let Some((_, roll)) = roll {
            fake.component(id, ALICE, &roll, &[]);
        } else {
            fake.autocomplete(id, ALICE, "move", "action", "");
            let found = fake.wait_for(n, WAIT, is_callback(id)).await;
            let first = found.json["data"]["choices"][0]["value"]
                .as_str()
                .unwrap_or_else(|| panic!("a suggestion: {:?}", found.json))
                .to_string();
            id += 1;
            send_move(fake, id, ALICE, &first);
        }
        // On a loaded machine the droid's answer may come after a deferral.
        last = answer(fake, n, id).await;
    }
    panic!("the game did not end: {}", content(&last));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_against_the_droid_through_the_real_client() {
    let dir = workdir("droid-games");
    let fake = FakeDiscord::start().await;
    // Five wagered wins over level 1 in a day pass the house's default daily limit
    // (tests/hostile.rs holds it); this server's operator allows more.
    let _bot = start_bot_with(
        &fake,
        &dir.join("h.db"),
        &[("HOLOTABLE_ECONOMY__HOUSE_DAILY_MAX", "100000")],
    );
    connected(&fake).await;
    let mut id = 20_000;
    // Discord sends the game's id as the choice's value.
    for (choice, name) in [
        ("dejarik", "Dejarik"),
        ("backgammon", "Backgammon"),
        ("zatak", "Zatak"),
        ("kingdoms", "Halloween Kingdoms"),
        ("dzone", "D-Zone"),
    ] {
        let n = fake.requests().len();
        id += 1;
        let (options, resolved) = droid_options(choice, 1);
        fake.slash(id, ALICE, "play", options, resolved);
        let first = answer(&fake, n, id).await;
        assert!(content(&first).contains(name), "{}", content(&first));
        let (last_id, end) = play_out(&fake, n, id, first).await;
        id = last_id;
        let text = content(&end);
        assert!(
            text.contains("wins") || text.contains("Draw"),
            "{name}: {text}"
        );
        id += 1;
        fake.slash(id, ALICE, "verify", json!([]), Value::Null);
        // Recomputing every droid move may take long enough to be deferred.
        let verify = content(&answer(&fake, n, id).await);
        assert!(verify.contains("verified"), "{name}: {verify}");
        assert!(verify.contains("droid move"), "{name}: {verify}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_answers_another_table_while_the_droid_thinks() {
    let dir = workdir("droid-busy");
    let fake = FakeDiscord::start().await;
    // Never deferred, so the droid's answer is the interaction's own reply.
    let _bot = start_bot_with(
        &fake,
        &dir.join("h.db"),
        &[("HOLOTABLE_DISCORD__DEFER_AFTER_MS", "60000")],
    );
    connected(&fake).await;
    let n = fake.requests().len();
    let (options, resolved) = droid_options("dejarik", 5);
    fake.slash(30_001, ALICE, "play", options, resolved);
    fake.wait_for(n, WAIT, is_callback(30_001)).await;
    // alice moves; the droid thinks at its top level. bob, at another channel, asks for
    // his balance meanwhile.
    send_move(&fake, 30_002, ALICE, "o5-i5");
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    fake.slash_in("3001", 30_003, BOB, "balance", json!([]), Value::Null);
    let droid = fake.wait_for(n, WAIT, is_callback(30_002)).await;
    assert!(
        content(&droid).contains("Droid plays"),
        "{}",
        content(&droid)
    );
    let requests = fake.requests();
    let at = |id: u64| {
        requests
            .iter()
            .position(is_callback(id))
            .unwrap_or_else(|| panic!("an answer to {id}"))
    };
    assert!(
        at(30_003) < at(30_002),
        "bob's balance came while the droid was thinking"
    );
    let balance = content(&requests[at(30_003)]);
    assert!(balance.starts_with("bob: 1"), "{balance}");
}
