//! The Discord Activity in a real browser: headless Chromium opens a page that plays
//! Discord's client — it frames the bot's `/activity` page with the query Discord adds,
//! answers the Embedded App SDK's handshake with `READY`, its `authorize` with a code the
//! fake Discord issued for the member, and its `authenticate` — and the framed page trades
//! the code at the bot (which exchanges it with the fake Discord), opens the member's seat,
//! and the member plays a move on it, which the channel gets. A code used twice opens
//! nothing the second time.

#[path = "common/chromium.rs"]
mod chromium;
mod fake_discord;

use std::time::Duration;

use chromium::{browser, driver, try_click, until};
use fake_discord::client::*;
use fake_discord::{FakeDiscord, CHANNEL_ID, GUILD_ID};
use fantoccini::Client;
use serde_json::json;

/// Where the page playing Discord's client is served: `http://localhost:3333`, one of the
/// origins the SDK takes messages from (Discord's own are out of reach here), and on
/// loopback like the bot, so that Chromium lets it frame the bot's page.
const CLIENT_PORT: u16 = 3333;

/// Serves the page [`discord_client`] last wrote, at `http://localhost:3333/`.
async fn serve_client(page: std::sync::Arc<std::sync::Mutex<String>>) {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", CLIENT_PORT))
        .await
        .expect("port 3333 free for the page playing Discord's client");
    let app = axum::Router::new().route(
        "/",
        axum::routing::get(move || {
            let page = page.lock().unwrap().clone();
            async move { axum::response::Html(page) }
        }),
    );
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
}

/// Discord's client around the Activity: frames `activity` and speaks the SDK's protocol
/// (`[opcode, payload]` messages: 0 handshake, 1 frame), answering `authorize` with `code`.
fn discord_client(activity: &str, code: &str) -> String {
    format!(
        r#"<!doctype html><html><body style="margin:0">
<iframe id="app" style="width:100vw;height:100vh;border:0" src="{activity}"></iframe>
<script>
window.heard = [];
window.addEventListener("message", function (e) {{
  var frame = document.getElementById("app").contentWindow;
  if (!Array.isArray(e.data)) return;
  var op = e.data[0], p = e.data[1] || {{}};
  window.heard.push(op === 1 ? p.cmd : "op" + op);
  if (op === 0) {{
    frame.postMessage([1, {{cmd: "DISPATCH", evt: "READY", nonce: null, data: {{v: 1,
      config: {{api_endpoint: "//discord.com/api", environment: "production"}}}}}}], "*");
  }} else if (op === 1) {{
    var data = {{}};
    if (p.cmd === "AUTHORIZE") data = {{code: "{code}"}};
    if (p.cmd === "AUTHENTICATE") data = {{access_token: p.args.access_token,
      user: {{username: "alice", discriminator: "0", id: "5000", avatar: null,
              public_flags: 0, global_name: "alice"}},
      scopes: ["identify"], expires: "2030-01-01T00:00:00.000Z",
      application: {{description: "", icon: null, id: "1000", name: "holotable"}}}};
    frame.postMessage([1, {{cmd: p.cmd, evt: null, nonce: p.nonce, data: data}}], "*");
  }}
}});
</script></body></html>"#
    )
}

/// Opens the framed Activity as `code`'s member and waits until its page settles:
/// the frame's path and its words.
async fn launch(
    client: &Client,
    served: &std::sync::Mutex<String>,
    activity: &str,
    code: &str,
) -> (String, String) {
    *served.lock().unwrap() = discord_client(activity, code);
    client
        .goto(&format!("http://localhost:{CLIENT_PORT}/"))
        .await
        .unwrap();
    client.enter_frame(0).await.unwrap();
    let settled = "var s = document.getElementById('status'); \
        return location.pathname.indexOf('/p/') >= 0 && document.getElementById('play') !== null \
          || s !== null && s.textContent.indexOf('…') < 0";
    until(client, settled, json!(true), Duration::from_secs(20)).await;
    let path = client
        .execute("return location.pathname", vec![])
        .await
        .unwrap();
    let text = client
        .execute("return document.body.textContent", vec![])
        .await
        .unwrap();
    client.enter_parent_frame().await.unwrap();
    (
        path.as_str().unwrap_or_default().to_string(),
        text.as_str().unwrap_or_default().to_string(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_framed_activity_authorises_the_member_and_plays_their_seat() {
    let Some((_driver, webdriver)) = driver("the Activity") else {
        return;
    };
    let fake = FakeDiscord::start().await;
    let (_bot, base) = start_bot_with_pages(&fake, "activity", true);
    let profile = std::env::temp_dir().join(format!("holotable-activity-{}", std::process::id()));
    fake.enable_activities();
    connected(&fake).await;
    let n = fake.requests().len();
    fake.slash(
        8001,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dejarik"},
               {"name": "opponent", "type": 6, "value": BOB.0}]),
        json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
    );
    let challenge = answer(&fake, n, 8001).await;
    fake.component(8002, BOB, &button(&challenge, "Accept"), &[]);
    answer(&fake, n, 8002).await;

    // Discord's URL mapping: the Activity is reached under /.proxy/ as well.
    let activity = format!(
        "{base}/.proxy/activity?frame_id=f1&instance_id=i1&platform=desktop\
         &guild_id={GUILD_ID}&channel_id={CHANNEL_ID}"
    );
    let served = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    serve_client(served.clone()).await;
    let client = browser(&webdriver, &profile, "en-US").await;
    let code = fake.oauth_code(ALICE);
    let (path, _) = launch(&client, &served, &activity, &code).await;
    assert!(path.starts_with("/.proxy/p/"), "alice's seat opens: {path}");
    let heard = client.execute("return window.heard", vec![]).await.unwrap();
    for step in ["op0", "AUTHORIZE", "AUTHENTICATE"] {
        assert!(
            heard.as_array().unwrap().iter().any(|h| h == step),
            "{heard}"
        );
    }

    // alice plays on her seat inside the frame; the channel gets the move.
    client.enter_frame(0).await.unwrap();
    let menu = "return document.querySelectorAll('#play .menu button.entry').length > 0";
    until(&client, menu, json!(true), Duration::from_secs(10)).await;
    let before = fake.requests().len();
    for _ in 0..4 {
        if !try_click(&client, "#play .menu button.entry:not(.back)").await {
            break;
        }
        let idle = "return !document.getElementById('play').classList.contains('busy')";
        until(&client, idle, json!(true), Duration::from_secs(10)).await;
        if fake
            .requests()
            .iter()
            .skip(before)
            .any(|r| r.path == format!("/channels/{CHANNEL_ID}/messages"))
        {
            break;
        }
    }
    let posted = fake
        .wait_for(before, Duration::from_secs(10), |r| {
            r.method == "POST" && r.path == format!("/channels/{CHANNEL_ID}/messages")
        })
        .await;
    assert!(
        posted.json["content"].as_str().unwrap().contains("alice"),
        "{:?}",
        posted.json
    );
    client.enter_parent_frame().await.unwrap();

    // The same code again: refused, and the page says so.
    let (path, words) = launch(&client, &served, &activity, &code).await;
    assert!(path.ends_with("/activity"), "{path}");
    assert!(words.contains("did not confirm"), "{words}");
    client.close().await.unwrap();
}
