//! Each game played through the real serenity/poise client against the fake Discord, to its
//! end: backgammon's cube and dice buttons, Zatak, Halloween Kingdoms, a three-player D-Zone.

#[path = "common/discord_checks.rs"]
mod checks;
mod fake_discord;

use checks::*;
use fake_discord::client::*;
use fake_discord::{FakeDiscord, Request};
use serde_json::{json, Value};

/// A fake Discord, the bot against it, and a wagered `game` (with `options`) that alice
/// challenged bob to as interaction `id` and bob accepted as `id + 1`: the challenge names
/// the game by `title`. Returns the fake, the bot, how many requests came before the
/// challenge, and the board bob's accept was answered with.
async fn accepted(
    id: u64,
    game: &str,
    options: Option<&str>,
    title: &str,
) -> (FakeDiscord, Bot, usize, Request) {
    let dir = workdir(game);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &dir.join("h.db"));
    connected(&fake).await;
    let n = fake.requests().len();
    let challenge = challenge_bob(&fake, id, game, options).await;
    assert!(
        content(&challenge).contains(&format!("to {title}")),
        "{:?}",
        challenge.json
    );
    fake.component(id + 1, BOB, &button(&challenge, "Accept"), &[]);
    let board = fake.wait_for(n, WAIT, is_callback(id + 1)).await;
    (fake, bot, n, board)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backgammon_game_through_the_real_client() {
    let (fake, _bot, n, mut board) = accepted(5001, "backgammon", None, "Backgammon").await;
    let mut id = 5002;
    let mut typed_once = false;
    for _ in 0..600 {
        let text = public_board(&board);
        if text.contains("wins") {
            break;
        }
        let who = if text.ends_with("alice to move.") {
            ALICE
        } else if text.ends_with("bob to move.") {
            BOB
        } else {
            panic!("whose turn? {text}")
        };
        id += 1;
        let components = custom_ids(&board);
        let menu = board.json["data"]["components"]
            .as_array()
            .and_then(|rows| {
                rows.iter()
                    .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
                    .find(|c| c["type"] == 3)
            });
        if let Some(menu) = menu {
            let first = menu["options"][0]["value"].as_str().unwrap().to_string();
            if !typed_once {
                // Once, the play is typed with /move, found by autocomplete from its end.
                typed_once = true;
                let tail = first.split_whitespace().last().unwrap().to_string();
                fake.autocomplete(id, who, "move", "action", &tail);
                let found = fake.wait_for(n, WAIT, is_callback(id)).await;
                let offered: Vec<String> = found.json["data"]["choices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["value"].as_str().unwrap().to_string())
                    .collect();
                assert!(offered.contains(&first), "{tail}: {offered:?}");
                id += 1;
                send_move(&fake, id, who, &first);
            } else {
                let menu = menu["custom_id"].as_str().unwrap();
                board = pick_move(&fake, n, &mut id, who, menu, &first).await;
                continue;
            }
        } else {
            let (_, button) = components
                .into_iter()
                .find(|(l, _)| ["Roll", "Pass", "Take"].contains(&l.as_str()))
                .unwrap_or_else(|| panic!("no way to go on: {:?}", board.json));
            fake.component(id, who, &button, &[]);
        }
        board = fake.wait_for(n, WAIT, is_callback(id)).await;
    }
    let end = content(&board);
    assert!(end.contains("wins"), "{end}");
    assert!(end.contains("slot token"), "{end}");
    assert!(validate_bodies(&fake.requests()) >= 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zatak_game_through_the_real_client() {
    // Zatak is the catalogue's third game: choice 2.
    let (fake, _bot, n, _board) = accepted(7001, "zatak", Some("nocapture:60"), "Zatak").await;
    // The set-ups, typed with /move after autocomplete finds them by their digits.
    let mut id = 7002;
    let mut last = fake.wait_for(n, WAIT, is_callback(id)).await;
    for (who, setup) in [(ALICE, "setup 654321"), (BOB, "setup 123456")] {
        id += 1;
        fake.autocomplete(id, who, "move", "action", &setup[..9]);
        let found = fake.wait_for(n, WAIT, is_callback(id)).await;
        assert!(
            found.json["data"]["choices"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c["value"] == setup),
            "{:?}",
            found.json
        );
        id += 1;
        send_move(&fake, id, who, setup);
        last = fake.wait_for(n, WAIT, is_callback(id)).await;
        assert!(content(&last).contains("sets up"), "{:?}", last.json);
    }
    for _ in 0..200 {
        let text = public_board(&last);
        if text.contains("**") {
            break;
        }
        let who = if text.ends_with("alice to move.") {
            ALICE
        } else {
            BOB
        };
        let menu = last.json["data"]["components"]
            .as_array()
            .and_then(|rows| {
                rows.iter()
                    .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
                    .find(|c| c["type"] == 3)
            })
            .unwrap_or_else(|| panic!("a move menu: {:?}", last.json));
        let first = menu["options"][0]["value"].as_str().unwrap().to_string();
        id += 1;
        let menu = menu["custom_id"].as_str().unwrap();
        last = pick_move(&fake, n, &mut id, who, menu, &first).await;
    }
    let end = content(&last);
    assert!(end.contains("wins") || end.contains("Draw"), "{end}");
    assert!(validate_bodies(&fake.requests()) >= 10);
}

/// The scripted Halloween Kingdoms game, to Orange's win.
#[path = "common/kingdoms_line.rs"]
mod kingdoms_script;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_halloween_kingdoms_game_through_the_real_client() {
    // Halloween Kingdoms is the catalogue's fourth game: choice 3.
    let (fake, _bot, n, _board) = accepted(8001, "kingdoms", None, "Halloween Kingdoms").await;
    // Autocomplete finds placements by the cell typed first.
    fake.autocomplete(8003, ALICE, "move", "action", "e5");
    let found = fake.wait_for(n, WAIT, is_callback(8003)).await;
    let values: Vec<String> = found.json["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    assert!(values.contains(&"G@e5".to_string()), "{values:?}");
    let mut id = 8003;
    let mut last = None;
    for (i, action) in kingdoms_script::WIN_LINE.iter().enumerate() {
        let who = if i % 2 == 0 { ALICE } else { BOB };
        id += 1;
        send_move(&fake, id, who, action);
        let reply = fake.wait_for(n, WAIT, is_callback(id)).await;
        assert!(!ephemeral(&reply), "{action}: {}", content(&reply));
        assert!(reply.files[0].2.starts_with(b"\x89PNG"));
        check_message_limits(&reply);
        last = Some(reply);
    }
    let end = content(&last.unwrap());
    assert!(end.contains("alice holds all nine kingdoms"), "{end}");
    assert!(end.contains("receives 200 credits"), "{end}");
    assert!(validate_bodies(&fake.requests()) >= 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_d_zone_game_through_the_real_client() {
    let dir = workdir("dz");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake, &dir.join("h.db"));
    connected(&fake).await;
    let n = fake.requests().len();
    // D-Zone is the catalogue's fifth game: choice 4. An open table of three seats.
    fake.slash(
        9001,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dzone"},
               {"name": "wager", "type": 4, "value": 100},
               {"name": "seats", "type": 4, "value": 3}]),
        Value::Null,
    );
    let open = fake.wait_for(n, WAIT, is_callback(9001)).await;
    assert!(
        content(&open).contains("anyone may join"),
        "{:?}",
        open.json
    );
    let join = button(&open, "Join");
    fake.component(9002, BOB, &join, &[]);
    fake.wait_for(n, WAIT, is_callback(9002)).await;
    fake.component(9003, CAROL, &join, &[]);
    let mut last = fake.wait_for(n, WAIT, is_callback(9003)).await;
    assert!(
        content(&last).contains("alice vs bob vs carol"),
        "{:?}",
        last.json
    );
    let mut id = 9003;
    let mut claims = 0;
    for step in 0..3000 {
        let text = public_board(&last);
        if text.contains("**") {
            break;
        }
        assert!(step < 2999, "the game ends");
        let who = [ALICE, BOB, CAROL]
            .into_iter()
            .find(|u| {
                text.ends_with(&format!("{} to roll.", u.1))
                    || text.ends_with(&format!("{} to move.", u.1))
            })
            .unwrap_or_else(|| panic!("someone to act: {text}"));
        let buttons = custom_ids(&last);
        let button = |label: &str| {
            buttons
                .iter()
                .find(|(l, _)| l == label)
                .map(|(_, c)| c.clone())
        };
        let menu = menu_of(&last);
        id += 1;
        match (&menu, button("Roll"), button("Pass")) {
            (Some((_, values)), Some(roll), _) if values.iter().any(|v| v.starts_with("claim")) => {
                // A claim window: the next player claims, or lets it go with Roll.
                claims += 1;
                if claims % 2 == 0 {
                    fake.component(id, who, &roll, &[]);
                } else {
                    let (menu_id, values) = menu.clone().unwrap();
                    last = pick_move(&fake, n, &mut id, who, &menu_id, &values[0]).await;
                    continue;
                }
            }
            (None, Some(roll), _) => fake.component(id, who, &roll, &[]),
            (Some(_), _, Some(pass)) if step % 7 == 0 => fake.component(id, who, &pass, &[]),
            (Some((menu_id, values)), _, _) => {
                last = pick_move(&fake, n, &mut id, who, menu_id, &values[0]).await;
                continue;
            }
            (None, None, _) => {
                let (_, first) = buttons.first().cloned().expect("a button");
                fake.component(id, who, &first, &[]);
            }
        }
        last = fake.wait_for(n, WAIT, is_callback(id)).await;
    }
    let end = content(&last);
    assert!(
        end.contains("receives 300 credits") || end.contains("Draw"),
        "{end}"
    );
    assert!(claims > 0, "claim windows came up");
    assert!(validate_bodies(&fake.requests()) >= 10);
}

/// The labels of a reply's select menu, in order.
fn menu_labels(r: &Request) -> Vec<String> {
    r.json["data"]["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["type"] == 3)
        .flat_map(|c| c["options"].as_array().cloned().unwrap_or_default())
        .map(|o| o["label"].as_str().unwrap_or("").to_string())
        .collect()
}

// KG-3.1: the first placement, one of 486, by touch alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_placement_by_steps_of_the_menu_through_the_real_client() {
    let (fake, _bot, n, board) = accepted(9501, "kingdoms", None, "Halloween Kingdoms").await;
    let (menu, values) = menu_of(&board).expect("the board's menu");
    assert_eq!(values.len(), 6, "{values:?}");
    assert_eq!(menu_labels(&board)[0], "Place a Ghost");
    // The first step answers alice alone; the board's message keeps its menu for her.
    fake.component(9503, ALICE, &menu, &[&values[0]]);
    let step = fake.wait_for(n, WAIT, is_callback(9503)).await;
    assert!(ephemeral(&step), "{:?}", step.json);
    let (kingdoms, values) = menu_of(&step).expect("the kingdoms");
    assert_eq!(values.len(), 10);
    assert_eq!(menu_labels(&step)[4], "In kingdom K5");
    // A step picked from that private menu takes its place (UPDATE_MESSAGE): she keeps one
    // menu, not a pile of them.
    let values_k5 = values[4].clone();
    fake.component_on_answer(9504, ALICE, &kingdoms, &[&values_k5], 9503);
    let cells = fake.wait_for(n, WAIT, is_callback(9504)).await;
    assert_eq!(cells.json["type"], 7, "{:?}", cells.json);
    let private: Vec<_> = fake
        .messages()
        .into_values()
        .filter(|m| m.ephemeral)
        .collect();
    assert_eq!(private.len(), 1, "one private menu");
    assert_eq!(private[0].content, content(&cells));
    let (cells_menu, values) = menu_of(&cells).expect("the cells");
    assert!(values.iter().any(|v| v == "G@e5"), "{values:?}");
    assert!(menu_labels(&cells).iter().any(|l| l == "A Ghost on e5"));
    // A menu its member dismissed cannot be updated: the next step comes as a new private
    // message instead (here, the cells again, from the kingdoms' menu she still had).
    let dismissed = fake.dismiss(9504);
    fake.component_on_message(9506, ALICE, (&kingdoms, &[&values_k5]), dismissed);
    let again = fake
        .wait_for(n, WAIT, |r| is_callback(9506)(r) && r.json["type"] == 4)
        .await;
    assert!(ephemeral(&again), "{:?}", again.json);
    assert!(
        fake.requests()
            .iter()
            .any(|r| is_callback(9506)(r) && r.json["type"] == 7),
        "the update was tried first"
    );
    assert_eq!(menu_of(&again).map(|(_, v)| v), Some(values.clone()));
    let boards = fake.with_choices(fake_discord::CHANNEL_ID);
    assert_eq!(
        boards.len(),
        1,
        "the board alone offers choices in the channel"
    );
    fake.component_on_answer(9505, ALICE, &cells_menu, &["G@e5"], 9506);
    let played = fake.wait_for(n, WAIT, is_callback(9505)).await;
    let text = public_board(&played);
    assert!(text.contains("alice places a Ghost on e5"), "{text}");
    assert!(validate_bodies(&fake.requests()) >= 4);
}
