//! A harness for tests of the table layer: an application on a real SQLite file, with the
//! product's games and the small test game [`takeaway`], driven as players would.

#![allow(dead_code)]

pub mod takeaway;

use holotable::table::commands::{Move, Press};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, AtomicU32, Ordering};
use std::sync::Arc;

use holotable::catalogue::Catalogue;
use holotable::ledger::{Durability, Ledger};
use holotable::table::{commands, Actor, App, Command, Reply, Settings};

/// A fresh directory for one test's database.
pub fn workdir(name: &str) -> PathBuf {
    sweep_stale();
    let dir = std::env::temp_dir().join(format!("holotable-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One process of the bot on a database, as seen from its players.
pub struct Table {
    pub app: App,
    pub channel: String,
    /// Every reply so far, newest last (for their buttons).
    pub shown: Vec<Reply>,
    counter: AtomicU32,
}

impl Table {
    /// Opens the application on `db` (a second call on the same file is a restart).
    pub fn open(db: &Path, clock: Arc<AtomicI64>) -> Table {
        Table::open_with(db, clock, Settings::default())
    }

    /// Opens the application with `settings` (a front end's narrower menus …).
    pub fn open_with(db: &Path, clock: Arc<AtomicI64>, settings: Settings) -> Table {
        let ledger = Ledger::open(db, Durability::Normal).unwrap();
        let app = App::new(
            ledger,
            settings,
            Arc::new(move || clock.load(Ordering::Relaxed)),
        )
        .with_catalogue(Catalogue::default().with(&takeaway::TAKEAWAY));
        Table {
            app,
            channel: "c".into(),
            shown: Vec::new(),
            counter: AtomicU32::new(0),
        }
    }

    fn actor(&self, user: &str) -> Actor {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        Actor {
            guild: "g".into(),
            channel: self.channel.clone(),
            parent: None,
            user: user.into(),
            name: user.into(),
            interaction: format!("i-{user}-{n}-{}", self.shown.len()),
            admin: false,
            lang: Default::default(),
            joined: None,
            created: None,
        }
    }

    /// Runs a command as `user`; returns the first reply's text.
    pub fn run(&mut self, user: &str, command: Command) -> Reply {
        let replies = self.app.handle(&self.actor(user), command);
        self.shown.extend(replies.iter().cloned());
        replies.into_iter().next().expect("every command answers")
    }

    /// `user: /name key:value …`, as the console reads it.
    pub fn slash(&mut self, user: &str, line: &str) -> Reply {
        let lang = holotable::words::Lang::En;
        let mut words = line.split_whitespace();
        let name = words.next().unwrap().trim_start_matches('/');
        let options = words
            .map(|w| {
                let (k, v) = w.split_once(':').unwrap();
                (k.to_string(), v.to_string())
            })
            .collect();
        let command = commands::parse(lang, name, &options).unwrap();
        self.run(user, command)
    }

    /// Presses the newest button with this label.
    pub fn press(&mut self, user: &str, label: &str) -> Reply {
        let control = self.button(label);
        self.run(user, Command::Press(Press { control }))
    }

    pub fn button(&self, label: &str) -> holotable::table::Control {
        self.shown
            .iter()
            .rev()
            .find_map(|r| r.buttons().find(|b| b.label.tell(r.lang) == label))
            .unwrap_or_else(|| panic!("no [{label}] button shown"))
            .control
            .clone()
    }

    pub fn mv(&mut self, user: &str, action: &str) -> Reply {
        self.run(
            user,
            Command::Move(Move {
                action: action.into(),
            }),
        )
    }

    pub fn credits(&self, user: &str) -> i64 {
        self.app.ledger().balance("g", user).unwrap().credits
    }

    pub fn tokens(&self, user: &str) -> i64 {
        self.app.ledger().balance("g", user).unwrap().tokens
    }

    /// The active table of the channel.
    pub fn row(&self) -> holotable::ledger::tables::TableRow {
        self.app
            .ledger()
            .active_table("g", &self.channel)
            .unwrap()
            .expect("an active table")
    }

    pub fn audit_ok(&self) {
        let audit = self.app.ledger().audit().unwrap();
        assert!(audit.ok, "{audit:?}");
    }
}

/// A refusal: private, and naming what was wrong.
/// `holotable audit` finds the ledger at `db` whole.
pub fn audit_ok(db: &Path) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["audit", "--db"])
        .arg(db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

pub fn refused(reply: &Reply, needle: &str) {
    assert!(reply.ephemeral, "not refused: {}", reply.text);
    assert!(
        reply.text.contains(needle),
        "refusal {:?} does not say {needle:?}",
        reply.text
    );
}

/// A public reply that says `needle`.
pub fn says(reply: &Reply, needle: &str) {
    assert!(!reply.ephemeral, "refused: {}", reply.text);
    assert!(
        reply.text.contains(needle),
        "{:?} does not say {needle:?}",
        reply.text
    );
}

include!("scratch.rs");
