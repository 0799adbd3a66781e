//! The Discord Activity in a real browser: headless Chromium opens a page that plays
//! Discord's client — it frames the bot's `/activity` page with the query Discord adds,
//! answers the Embedded App SDK's handshake with `READY`, its `authorize` with a code the
//! fake Discord issued for the member, and its `authenticate` — and the framed page trades
//! the code at the bot (which exchanges it with the fake Discord and asks it where the
//! Activity's instance runs). In a free channel a member opens a table there, another
//! joins it from their own Activity, and the first plays a move on their seat, which the
//! channel gets. A page naming a channel its instance does not run in opens nothing, and
//! a code used twice opens nothing the second time.

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
        return (location.pathname.indexOf('/p/') >= 0 \
                || location.pathname.indexOf('/activity/here') >= 0) \
            && document.getElementById('play') !== null \
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

/// The Activity's address as Discord's client frames it: through the URL mapping
/// (`/.proxy/`), with the query Discord adds, for the instance `instance` of the channel.
fn framed(base: &str, instance: &str) -> String {
    format!(
        "{base}/.proxy/activity?frame_id=f1&instance_id={instance}&platform=desktop\
         &guild_id={GUILD_ID}&channel_id={CHANNEL_ID}"
    )
}

/// With `HOLOTABLE_SCREENSHOTS` set, the framed page as a phone shows it, into that folder.
async fn shoot(client: &Client, name: &str) {
    let Ok(shots) = std::env::var("HOLOTABLE_SCREENSHOTS") else {
        return;
    };
    client.set_window_size(390, 844).await.unwrap();
    let png = client.screenshot().await.unwrap();
    std::fs::write(format!("{shots}/{name}-phone.png"), png).unwrap();
    client.set_window_size(1600, 1200).await.unwrap();
}

/// Clicks `css` in the framed page and waits until the frame has loaded the page it leads
/// to (one whose path holds `to`); returns that page's words.
async fn follow(client: &Client, css: &str, to: &str) -> String {
    client.enter_frame(0).await.unwrap();
    // The page left behind is marked, so that only a new one counts as arrived.
    client
        .execute("window.leftBehind = true", vec![])
        .await
        .unwrap();
    chromium::click(client, css).await;
    let arrived = format!(
        "return !window.leftBehind && location.pathname.indexOf('{to}') >= 0 \
           && document.readyState === 'complete' && document.getElementById('play') !== null"
    );
    until(client, &arrived, json!(true), Duration::from_secs(20)).await;
    let text = client
        .execute("return document.body.textContent", vec![])
        .await
        .unwrap();
    client.enter_parent_frame().await.unwrap();
    text.as_str().unwrap_or_default().to_string()
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
    let served = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    serve_client(served.clone()).await;
    let client = browser(&webdriver, &profile, "en-US").await;

    // A page naming a channel where Discord does not show the member's instance: nothing.
    fake.join_activity("elsewhere", "3999", ALICE.0);
    let (path, words) = launch(
        &client,
        &served,
        &framed(&base, "elsewhere"),
        &fake.oauth_code(ALICE),
    )
    .await;
    assert!(path.ends_with("/activity"), "{path}");
    assert!(words.contains("did not confirm"), "{words}");

    // alice opens the Activity in the free channel: the games to start. She opens a
    // table of Dejarik to the channel, which gets its message.
    fake.join_activity("i1", CHANNEL_ID, ALICE.0);
    fake.join_activity("i1", CHANNEL_ID, BOB.0);
    let activity = framed(&base, "i1");
    let (path, words) = launch(&client, &served, &activity, &fake.oauth_code(ALICE)).await;
    assert!(path.ends_with("/.proxy/activity/here"), "{path}");
    assert!(
        words.contains("Play the droid") && words.contains("Dejarik"),
        "{words}"
    );
    shoot(&client, "activity-free").await;
    let heard = client.execute("return window.heard", vec![]).await.unwrap();
    for step in ["op0", "AUTHORIZE", "AUTHENTICATE"] {
        assert!(
            heard.as_array().unwrap().iter().any(|h| h == step),
            "{heard}"
        );
    }
    let n = fake.requests().len();
    let open = "form:has(input[name=game][value=dejarik]):not(:has(input[name=droid])) button";
    let words = follow(&client, open, "/activity/here").await;
    assert!(words.contains("Your seat opens here"), "{words}");
    shoot(&client, "activity-waiting").await;
    let opened = fake
        .wait_for(n, Duration::from_secs(10), |r| {
            r.method == "POST" && r.path == format!("/channels/{CHANNEL_ID}/messages")
        })
        .await;
    let said = opened.json["content"].as_str().unwrap_or_default();
    assert!(said.contains("alice") && said.contains("Dejarik"), "{said}");

    // bob, in the same instance, finds her table waiting and joins it: his seat opens.
    let (path, words) = launch(&client, &served, &activity, &fake.oauth_code(BOB)).await;
    assert!(path.ends_with("/activity/here"), "{path}");
    assert!(words.contains("alice"), "{words}");
    follow(&client, "#play button.success", "/p/").await;

    // alice, back in the Activity, opens her seat and plays a move; the channel gets it.
    let code = fake.oauth_code(ALICE);
    let (path, _) = launch(&client, &served, &activity, &code).await;
    assert!(path.starts_with("/.proxy/p/"), "alice's seat opens: {path}");
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

/// The Activity's way in over plain HTTP, as a script would use it: a made-up channel is
/// refused, a free channel offers its games, a game nobody knows is refused with words and
/// starts nothing, and a game against the droid starts and opens the member's seat, its
/// board posted to the channel. A made-up session opens nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_starts_a_game_where_discord_says_the_member_is() {
    let fake = FakeDiscord::start().await;
    let (_bot, base) = start_bot_with_pages(&fake, "activity-http", true);
    fake.enable_activities();
    connected(&fake).await;
    fake.join_activity("i2", CHANNEL_ID, CAROL.0);
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let session = |code: String, channel: &str, instance: &str| {
        http.post(format!("{base}/activity/session"))
            .json(
                &json!({"code": code, "guild_id": GUILD_ID, "channel_id": channel,
                          "instance_id": instance}),
            )
            .send()
    };
    let forged = session(fake.oauth_code(CAROL), "3999", "i2").await.unwrap();
    assert_eq!(forged.status(), 403);
    let unknown = session(fake.oauth_code(CAROL), CHANNEL_ID, "i9")
        .await
        .unwrap();
    assert_eq!(unknown.status(), 403);
    let bad = session(fake.oauth_code(CAROL), CHANNEL_ID, "i2/../x")
        .await
        .unwrap();
    assert_eq!(bad.status(), 400);

    let answer = session(fake.oauth_code(CAROL), CHANNEL_ID, "i2")
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let answer: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(answer["user"], CAROL.0);
    let page = answer["page"].as_str().unwrap().to_string();
    let grant = page.split("grant=").nth(1).unwrap().to_string();
    let free = http.get(format!("{base}{page}")).send().await.unwrap();
    assert_eq!(free.status(), 200);
    let free = free.text().await.unwrap();
    for game in ["dejarik", "backgammon", "zatak", "kingdoms", "dzone"] {
        assert!(
            free.contains(&format!(r#"name="game" value="{game}""#)),
            "{game} offered: {free}"
        );
    }

    let start = |game: &str| {
        http.post(format!("{base}/activity/here"))
            .form(&[("grant", grant.as_str()), ("game", game), ("droid", "1")])
            .send()
    };
    let n = fake.requests().len();
    let refused = start("chess").await.unwrap();
    assert_eq!(refused.status(), 200);
    let refused = refused.text().await.unwrap();
    assert!(
        refused.contains("chess") && refused.contains("notice"),
        "{refused}"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !fake.requests().iter().skip(n).any(|r| r.method == "POST"),
        "a refused start posts nothing"
    );

    let started = start("backgammon").await.unwrap();
    assert_eq!(started.status(), 303);
    let seat = started.headers()["location"].to_str().unwrap().to_string();
    assert!(seat.starts_with("../p/"), "{seat}");
    let posted = fake
        .wait_for(n, Duration::from_secs(10), |r| {
            r.method == "POST" && r.path == format!("/channels/{CHANNEL_ID}/messages")
        })
        .await;
    assert!(
        !posted.files.is_empty()
            || posted.json["content"]
                .as_str()
                .is_some_and(|c| c.contains("carol")),
        "{:?}",
        posted.json
    );
    let seat_page = http
        .get(format!("{base}/p/{}", seat.trim_start_matches("../p/")))
        .send()
        .await
        .unwrap();
    assert_eq!(seat_page.status(), 200);
    // The session opens her seat from now on.
    let again = http.get(format!("{base}{page}")).send().await.unwrap();
    assert_eq!(again.status(), 303);

    let made_up = http
        .get(format!(
            "{base}/activity/here?grant=00000000000000000000000000000000"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(made_up.status(), 410);
    // With no session there is no member's language: the client's is used.
    let made_up = |lang: &'static str| {
        http.get(format!(
            "{base}/activity/here?grant=00000000000000000000000000000000"
        ))
        .header("Accept-Language", lang)
        .send()
    };
    let french = made_up("fr-FR,fr;q=0.9")
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let english = made_up("en-US").await.unwrap().text().await.unwrap();
    assert!(french.contains("lang=\"fr\""), "{french}");
    assert!(french.contains("est terminée"), "{french}");
    assert!(english.contains("session has ended"), "{english}");
}
