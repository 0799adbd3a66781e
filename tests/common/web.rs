//! The console with its live pages (`holotable console --web`), as a process: lines go in
//! on its standard input, its replies come back as JSON, and its pages are reached over
//! real sockets.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::Value;

pub struct WebConsole {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// `http://127.0.0.1:port`.
    pub base: String,
    /// The operator's listener (`/metrics`, `/healthz` with its reason).
    pub operator: String,
}

impl WebConsole {
    /// A console on the database `db` (a SQLite file or a PostgreSQL URL), its pages on a
    /// free loopback port.
    pub fn start(dir: &Path, db: &str) -> WebConsole {
        Self::start_with(dir, db, &[])
    }

    /// [`WebConsole::start`] with environment variables (`HOLOTABLE_WEB__…` settings).
    pub fn start_with(dir: &Path, db: &str, env: &[(&str, &str)]) -> WebConsole {
        let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
            .envs(env.iter().copied())
            .current_dir(dir)
            .args(["console", "--json", "--db", db, "--web", "127.0.0.1:0"])
            .args(["--metrics", "127.0.0.1:0"])
            .arg("--out")
            .arg(dir.join("boards"))
            .env("RUST_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the console starts");
        let stdin = child.stdin.take().unwrap();
        let (out, lines) = channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if out.send(line).is_err() {
                    break;
                }
            }
        });
        let (said, heard) = channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                eprintln!("console: {line}");
                let _ = said.send(line);
            }
        });
        let (mut base, mut operator) = (None, None);
        while base.is_none() || operator.is_none() {
            let line = heard
                .recv_timeout(Duration::from_secs(30))
                .expect("the console says where its pages are");
            if let Some(addr) = line.split("live pages on ").nth(1) {
                base = Some(addr.trim().to_string());
            }
            if let Some(addr) = line.split("metrics on ").nth(1) {
                operator = Some(addr.trim().to_string());
            }
        }
        WebConsole {
            child,
            stdin,
            lines,
            base: base.unwrap(),
            operator: operator.unwrap(),
        }
    }

    /// Types `line` and returns the replies it printed (every reply the console prints
    /// until it has been quiet for a moment).
    pub fn say(&mut self, line: &str) -> Vec<Value> {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let mut replies = Vec::new();
        let first = self
            .lines
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no reply to {line}"));
        replies.push(serde_json::from_str(&first).unwrap());
        while let Ok(more) = self.lines.recv_timeout(Duration::from_millis(300)) {
            replies.push(serde_json::from_str(&more).unwrap());
        }
        replies
    }

    /// Types `line` and returns the moment its first reply came: the action is stored by
    /// then, since the console stores before it answers.
    pub fn play(&mut self, line: &str) -> (Vec<Value>, Instant) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let first = self
            .lines
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no reply to {line}"));
        let stored = Instant::now();
        let mut replies = vec![serde_json::from_str(&first).unwrap()];
        while let Ok(more) = self.lines.recv_timeout(Duration::from_millis(300)) {
            replies.push(serde_json::from_str(&more).unwrap());
        }
        (replies, stored)
    }

    /// What the console printed without being typed to (what the seats' pages said), until
    /// it has been quiet for a moment; waits up to `within` for the first line.
    pub fn heard(&mut self, within: Duration) -> Vec<Value> {
        let mut replies = Vec::new();
        let Ok(first) = self.lines.recv_timeout(within) else {
            return replies;
        };
        replies.push(serde_json::from_str(&first).unwrap());
        while let Ok(more) = self.lines.recv_timeout(Duration::from_millis(300)) {
            replies.push(serde_json::from_str(&more).unwrap());
        }
        replies
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Moves to `#channel` (a line the console answers with nothing).
    pub fn switch(&mut self, channel: &str) {
        writeln!(self.stdin, "#{channel}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// A path on the operator's listener.
    pub fn operator_url(&self, path: &str) -> String {
        format!("{}{path}", self.operator)
    }
}

impl Drop for WebConsole {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The live page's address in a set of replies (the `watch` of a board reply).
pub fn watch_url(replies: &[Value]) -> Option<String> {
    replies
        .iter()
        .rev()
        .find_map(|r| r["watch"].as_str().map(str::to_string))
}

/// A seat's own page in a set of replies (the `play` of the private answer to "Play on the
/// board").
pub fn play_url(replies: &[Value]) -> Option<String> {
    replies
        .iter()
        .rev()
        .find_map(|r| r["play"].as_str().map(str::to_string))
}

/// The first choice offered in a set of replies (a legal move).
pub fn first_choice(replies: &[Value]) -> String {
    replies
        .iter()
        .rev()
        .find_map(|r| {
            r["choices"]
                .as_array()?
                .first()?
                .as_str()
                .map(str::to_string)
        })
        .expect("a move menu")
}

/// The newest board image a set of replies wrote.
pub fn board_file(replies: &[Value]) -> Option<String> {
    replies.iter().rev().find_map(|r| {
        r["images"]
            .as_array()?
            .first()?
            .as_str()
            .map(str::to_string)
    })
}
