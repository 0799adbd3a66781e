//! What every test of the real client against the fake needs: the bot as a child process,
//! a fresh directory, waiting for the bot to connect, and reading its replies.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use super::{FakeDiscord, Request, GUILD_ID};

/// How long a test waits for any one answer.
pub const WAIT: Duration = Duration::from_secs(20);
pub const ALICE: (&str, &str) = ("5000", "alice");
pub const BOB: (&str, &str) = ("5001", "bob");
pub const CAROL: (&str, &str) = ("5002", "carol");

/// `holotable serve`, killed when dropped.
pub struct Bot(pub Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// An empty directory of its own for a test.
pub fn workdir(name: &str) -> PathBuf {
    sweep_stale();
    let dir = std::env::temp_dir().join(format!("holotable-discord-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn start_bot(fake: &FakeDiscord, db: &Path) -> Bot {
    start_bot_with(fake, db, &[])
}

pub fn start_bot_with(fake: &FakeDiscord, db: &Path, env: &[(&str, &str)]) -> Bot {
    start_bot_args(fake, db, env, &[])
}

/// The bot serving its pages on a free loopback port, its ledger in a directory of its own
/// named for `name`; with the Activity on when `activity` (the fake's client secret). The
/// bot, and where its pages are.
pub fn start_bot_with_pages(fake: &FakeDiscord, name: &str, activity: bool) -> (Bot, String) {
    let dir = std::env::temp_dir().join(format!("holotable-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let listen = format!("127.0.0.1:{port}");
    let mut env = vec![
        ("HOLOTABLE_WEB__LISTEN", listen.as_str()),
        ("HOLOTABLE_WEB__PUBLIC_URL", base.as_str()),
    ];
    if activity {
        env.push(("HOLOTABLE_ACTIVITY__CLIENT_ID", super::APP_ID));
        env.push((
            "HOLOTABLE_ACTIVITY__CLIENT_SECRET",
            super::oauth::CLIENT_SECRET,
        ));
    }
    let bot = start_bot_with(fake, &dir.join("h.db"), &env);
    (bot, base)
}

/// `holotable serve ARGS` with the test's environment, `env` last (it overrides).
pub fn start_bot_args(fake: &FakeDiscord, db: &Path, env: &[(&str, &str)], args: &[&str]) -> Bot {
    Bot(Command::new(env!("CARGO_BIN_EXE_holotable"))
        .arg("serve")
        .args(args)
        .env("HOLOTABLE_DISCORD_TOKEN", "test-token")
        .env("HOLOTABLE_DISCORD__API_PROXY", fake.url())
        .env("HOLOTABLE_DISCORD__GUILD_ID", GUILD_ID)
        .env("HOLOTABLE_DATABASE__PATH", db)
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .current_dir(db.parent().unwrap())
        .stdout(Stdio::null())
        .spawn()
        .expect("the bot starts"))
}

/// Waits until the bot has registered its commands and its gateway session is ready.
pub async fn connected(fake: &FakeDiscord) {
    fake.wait_for(0, WAIT, |r| r.method == "PUT").await;
    let deadline = std::time::Instant::now() + WAIT;
    while !fake.is_ready() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

pub fn is_callback(id: u64) -> impl Fn(&Request) -> bool {
    move |r| r.method == "POST" && r.path == format!("/interactions/{id}/tok{id}/callback")
}

/// The answer to interaction `id`: its callback, or where the bot deferred it (Discord's
/// "thinking…", when the answer takes long, as on a loaded machine) the message that
/// replaced it, shaped like a callback.
pub async fn answer(fake: &FakeDiscord, since: usize, id: u64) -> Request {
    let callback = fake.wait_for(since, WAIT, is_callback(id)).await;
    if callback.json["type"] != 5 {
        return callback;
    }
    let token = format!("tok{id}");
    let mut followup = fake
        .wait_for(since, WAIT, move |r| {
            // Where the answer becomes a message of its own, "thinking…" is deleted first.
            r.method != "DELETE"
                && r.path.starts_with("/webhooks/")
                && r.path.split('/').any(|part| part == token)
        })
        .await;
    followup.json = json!({"type": 4, "data": followup.json});
    followup
}

pub fn content(r: &Request) -> String {
    r.json["data"]["content"].as_str().unwrap_or("").to_string()
}

pub fn ephemeral(r: &Request) -> bool {
    r.json["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// Every button and menu of a reply: its label (a menu's placeholder) and custom id.
pub fn custom_ids(r: &Request) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for row in r.json["data"]["components"]
        .as_array()
        .cloned()
        .unwrap_or_default()
    {
        for c in row["components"].as_array().cloned().unwrap_or_default() {
            out.push((
                c["label"]
                    .as_str()
                    .or(c["placeholder"].as_str())
                    .unwrap_or("")
                    .to_string(),
                c["custom_id"].as_str().unwrap_or("").to_string(),
            ));
        }
    }
    out
}

/// The custom id of a reply's button labelled `label`.
pub fn button(r: &Request, label: &str) -> String {
    custom_ids(r)
        .into_iter()
        .find(|(l, _)| l == label)
        .map(|(_, id)| id)
        .unwrap_or_else(|| panic!("no [{label}] button on {:?}", r.json))
}

/// Alice challenges Bob to `game` for 100 credits as interaction `id`, with `options` (the
/// `/play` option of that name) when given; returns the challenge as the bot answered it.
pub async fn challenge_bob(
    fake: &FakeDiscord,
    id: u64,
    game: &str,
    options: Option<&str>,
) -> Request {
    let n = fake.requests().len();
    let mut args = vec![
        json!({"name": "game", "type": 3, "value": game}),
        json!({"name": "opponent", "type": 6, "value": BOB.0}),
        json!({"name": "wager", "type": 4, "value": 100}),
    ];
    if let Some(options) = options {
        args.push(json!({"name": "options", "type": 3, "value": options}));
    }
    let resolved = json!({"users": {BOB.0: user(BOB.0, BOB.1)}});
    fake.slash(id, ALICE, "play", Value::Array(args), resolved);
    fake.wait_for(n, WAIT, is_callback(id)).await
}

/// `who` types `/move action:<action>` as interaction `id`.
pub fn send_move(fake: &FakeDiscord, id: u64, who: (&str, &str), action: &str) {
    fake.slash(
        id,
        who,
        "move",
        json!([{"name": "action", "type": 3, "value": action}]),
        Value::Null,
    );
}

/// The select menu of a reply, if it has one: its custom id and option values.
pub fn menu_of(r: &Request) -> Option<(String, Vec<String>)> {
    let rows = r.json["data"]["components"].as_array()?;
    let menu = rows
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["type"] == 3)?;
    let values = menu["options"]
        .as_array()?
        .iter()
        .filter_map(|o| o["value"].as_str().map(String::from))
        .collect();
    Some((menu["custom_id"].as_str()?.to_string(), values))
}

pub fn user(id: &str, name: &str) -> Value {
    json!({"id": id, "username": name, "discriminator": "0000"})
}

/// `who` picks `value` from a move menu as interaction `id`, then follows the menu's steps
/// (each answered to `who` alone with the next menu) by their first entries, until a pick
/// plays a move; `id` ends as the last interaction used. Returns the answer that played it
/// (or a refusal).
pub async fn pick_move(
    fake: &FakeDiscord,
    n: usize,
    id: &mut u64,
    who: (&str, &str),
    menu: &str,
    value: &str,
) -> Request {
    fake.component(*id, who, menu, &[value]);
    // The last step may wait for the droid long enough to be deferred.
    let mut reply = answer(fake, n, *id).await;
    // A private step answers with the next menu; each later step updates that message.
    while ephemeral(&reply) || reply.json["type"] == 7 {
        let Some((menu, values)) = menu_of(&reply) else {
            break;
        };
        *id += 1;
        fake.component_on_answer(*id, who, &menu, &[&values[0]], *id - 1);
        reply = answer(fake, n, *id).await;
    }
    reply
}

include!("../common/scratch.rs");
