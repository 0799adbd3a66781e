//! Past one machine (docs/CONTRACT.md P-10): two bot processes on one PostgreSQL database, each
//! running one gateway shard of two, each answering only the guilds of its shard; a table
//! opened by one process is accepted, played and paid by the process that replaces it.

mod fake_discord;

#[path = "common/pg.rs"]
mod pg;

use std::time::{Duration, Instant};

use fake_discord::client::*;
use fake_discord::{FakeDiscord, Request, GUILD_ID};
use serde_json::{json, Value};

/// A guild on shard 1 of 2: Discord puts a guild on shard `(id >> 22) % total`.
const OTHER_GUILD: &str = "4194304";

/// `holotable serve --shards S-S --shard-total 2` on `url`, its REST calls marked `p<tag>`.
fn shard_bot(fake: &FakeDiscord, dir: &std::path::Path, url: &str, shard: u32, tag: u32) -> Bot {
    let proxy = format!("{}/p{tag}", fake.url());
    let range = format!("{shard}-{shard}");
    start_bot_args(
        fake,
        &dir.join("unused.db"),
        &[
            ("HOLOTABLE_DATABASE__URL", url),
            ("HOLOTABLE_DISCORD__API_PROXY", &proxy),
        ],
        &["--shards", &range, "--shard-total", "2"],
    )
}

async fn until_shards(fake: &FakeDiscord, want: &[u32]) {
    let deadline = Instant::now() + WAIT;
    while fake.shards() != want {
        assert!(
            Instant::now() < deadline,
            "shards {:?}, not {want:?}",
            fake.shards()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn via(r: &Request) -> &str {
    &r.via
}

async fn balance(fake: &FakeDiscord, guild: &str, id: u64, who: (&str, &str)) -> Request {
    let n = fake.requests().len();
    fake.slash_at(guild, "3000", id, who, "balance", json!([]), Value::Null);
    fake.wait_for(n, WAIT, is_callback(id)).await
}

#[test]
fn two_processes_share_the_guilds_by_shard_and_continue_each_others_tables() {
    let Some(url) = pg::database("shards") else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let dir = workdir("shards");
        let fake = FakeDiscord::start().await;
        let _zero = shard_bot(&fake, &dir, &url, 0, 0);
        let one = shard_bot(&fake, &dir, &url, 1, 1);
        until_shards(&fake, &[0, 1]).await;
        fake.wait_for(0, WAIT, |r| r.method == "PUT").await;

        // Each guild is answered by the process of its shard.
        let home = balance(&fake, GUILD_ID, 100, ALICE).await;
        assert_eq!(via(&home), "p0", "{}", content(&home));
        let away = balance(&fake, OTHER_GUILD, 101, ALICE).await;
        assert_eq!(via(&away), "p1", "{}", content(&away));
        assert!(content(&away).starts_with("alice: 1"), "{}", content(&away));

        // alice challenges bob for 100 credits in the other guild.
        let n = fake.requests().len();
        fake.slash_at(
            OTHER_GUILD,
            "3000",
            102,
            ALICE,
            "play",
            json!([{"name": "game", "type": 3, "value": "dejarik"},
                   {"name": "opponent", "type": 6, "value": BOB.0},
                   {"name": "wager", "type": 4, "value": 100}]),
            json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
        );
        let challenge = fake.wait_for(n, WAIT, is_callback(102)).await;
        assert_eq!(via(&challenge), "p1");
        let accept = custom_ids(&challenge)
            .into_iter()
            .find(|(label, _)| label == "Accept")
            .expect("an Accept button")
            .1;

        // Its process stops; another takes shard 1 over on the same database.
        drop(one);
        until_shards(&fake, &[0]).await;
        let _three = shard_bot(&fake, &dir, &url, 1, 2);
        until_shards(&fake, &[0, 1]).await;

        // bob accepts on the first process's message; the stakes go into escrow.
        let n = fake.requests().len();
        fake.component_at(OTHER_GUILD, "3000", 103, BOB, &accept, &[]);
        let started = fake.wait_for(n, WAIT, is_callback(103)).await;
        assert_eq!(via(&started), "p2");
        assert!(
            content(&started).contains("alice to move"),
            "{}",
            content(&started)
        );
        // alice plays, then resigns: bob takes both stakes.
        fake.slash_at(
            OTHER_GUILD,
            "3000",
            104,
            ALICE,
            "move",
            json!([{"name": "action", "type": 3, "value": "o5-i5"}]),
            Value::Null,
        );
        let moved = fake.wait_for(n, WAIT, is_callback(104)).await;
        assert!(
            content(&moved).contains("bob to move"),
            "{}",
            content(&moved)
        );
        fake.slash_at(
            OTHER_GUILD,
            "3000",
            105,
            ALICE,
            "resign",
            json!([]),
            Value::Null,
        );
        let resigned = fake.wait_for(n, WAIT, is_callback(105)).await;
        assert!(
            content(&resigned).contains("bob wins"),
            "{}",
            content(&resigned)
        );
        let bob = balance(&fake, OTHER_GUILD, 106, BOB).await;
        assert!(
            content(&bob).starts_with("bob: 1,100") || content(&bob).starts_with("bob: 1100"),
            "{}",
            content(&bob)
        );
        // The first guild never saw any of it.
        let home = balance(&fake, GUILD_ID, 107, BOB).await;
        assert_eq!(via(&home), "p0");
        assert!(
            content(&home).starts_with("bob: 1,000") || content(&home).starts_with("bob: 1000"),
            "{}",
            content(&home)
        );

        // Commands were registered once, by the process of shard 0.
        let puts: Vec<String> = fake
            .requests()
            .iter()
            .filter(|r| r.method == "PUT")
            .map(|r| r.via.clone())
            .collect();
        assert_eq!(puts, ["p0"], "command registrations");
    });
    // The ledger keeps every invariant across the three processes.
    let audit = std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["audit", "--db", &url])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&audit.stdout).unwrap();
    assert_eq!(json["ok"], true, "{json}");
    assert_eq!(json["guilds"], 2, "{json}");
}
