//! Debian's headless Chromium driven through ChromeDriver (WebDriver), for the tests of the
//! pages. Without `chromium` and `chromedriver` a test says NOT RUN and passes, so that
//! `cargo test` needs nothing but cargo; with `HOLOTABLE_REQUIRE_BROWSER=1` (set by
//! `.ci/run`, which installs them) it fails instead.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// ChromeDriver, stopped with the test.
pub struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// ChromeDriver on a free port, or `None` (said on stderr) where the browser is missing.
pub fn driver(test: &str) -> Option<(Driver, String)> {
    let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER]
        .into_iter()
        .filter(|p| !Path::new(p).exists())
        .collect();
    if !missing.is_empty() {
        if std::env::var("HOLOTABLE_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            panic!("the browser is required (HOLOTABLE_REQUIRE_BROWSER=1): {missing:?} missing");
        }
        eprintln!(
            "browser test '{test}' NOT RUN: {} not installed (Debian: apt-get install \
             chromium chromium-driver)",
            missing.join(", ")
        );
        return None;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver(child);
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver does not answer");
        std::thread::sleep(Duration::from_millis(50));
    }
    Some((driver, format!("http://127.0.0.1:{port}")))
}

/// A headless Chromium whose browser asks for `language` first.
pub async fn browser(webdriver: &str, profile: &Path, language: &str) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--window-size=1600,1200",
                format!("--user-data-dir={}", profile.display()),
                format!("--lang={language}"),
            ],
            "prefs": { "intl.accept_languages": language },
        }),
    );
    // ChromeDriver is on loopback: plain HTTP, no TLS.
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(webdriver)
        .await
        .expect("a browser session")
}

/// Runs `script` until it returns `want`, or fails after `within`.
pub async fn until(client: &Client, script: &str, want: serde_json::Value, within: Duration) {
    let deadline = Instant::now() + within;
    loop {
        let got = client.execute(script, vec![]).await.unwrap();
        if got == want {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{script} is {got}, not {want}, after {within:?}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Clicks what `css` finds, again if the page drew it anew between finding and clicking
/// (a live update redraws the board's spots).
pub async fn click(page: &Client, css: &str) {
    assert!(try_click(page, css).await, "{css} cannot be clicked");
}

/// [`click`], or `false` when what `css` finds is gone (the table moved on meanwhile).
pub async fn try_click(page: &Client, css: &str) -> bool {
    for _ in 0..20 {
        if let Ok(found) = page.find(Locator::Css(css)).await {
            if found.click().await.is_ok() {
                return true;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}
