//! One reply as the console prints it: a few lines for people, or one JSON object a line
//! (`--json`), each with its attachments, pings, buttons and menu.

use serde_json::json;

use crate::table::TableView;
use crate::words::{Lang, Text, Written};

/// One reply as the console prints it.
pub(super) struct Printed<'a> {
    pub(super) channel: &'a str,
    /// Whom a private reply is for.
    pub(super) to: Option<&'a str>,
    pub(super) direct: bool,
    pub(super) ephemeral: bool,
    pub(super) text: String,
    pub(super) images: Vec<String>,
    /// Attachments that are not pictures.
    pub(super) others: Vec<String>,
    /// A link and what it opens: `watch` (the live page) or `play` (a seat's own page).
    pub(super) link: Option<(&'static str, &'a str)>,
    pub(super) mentions: Vec<String>,
    pub(super) labels: Vec<String>,
    pub(super) choices: Vec<String>,
    /// What a menu's entries read, in the order of `choices` (none for suggestions).
    pub(super) menu: Vec<String>,
    /// The table's view, when the reply shows its board ([`table`]).
    pub(super) table: Option<serde_json::Value>,
    /// What happened, typed ([`crate::table::Event`]), as its JSON.
    pub(super) event: Option<serde_json::Value>,
}

/// A table's view as the console's JSON gives it (`"table"`): for a script, the state the
/// board shows, without reading it from the words.
pub(super) fn table(view: &TableView, lang: Lang) -> serde_json::Value {
    let written = Written {
        now: view.now,
        lang,
    };
    let told = |text: &Text| text.told(&written);
    json!({
        "id": view.table,
        "turn": view.turn,
        "status": view.status.as_str(),
        "game": view.game,
        "game_no": view.game_no,
        "steps": view.steps,
        "to_act": view.seats.iter().filter(|s| s.to_act).map(|s| &s.name).collect::<Vec<_>>(),
        "seats": view.seats.iter().map(|s| json!({
            "name": s.name,
            "side": s.side,
            "points": s.points,
            "gone": s.gone,
            "droid": s.droid,
            "clock": s.clock,
        })).collect::<Vec<_>>(),
        "state": told(&view.state),
        "stakes": view.stakes.as_ref().map(told),
        "deadline": view.deadline,
        "last": view.last.as_ref().map(|last| &last.action),
    })
}

impl Printed<'_> {
    /// One JSON object a line (`--json`).
    pub(super) fn json(&self) -> String {
        let files: Vec<&String> = self.images.iter().chain(&self.others).collect();
        let mut line = json!({
            "channel": self.channel,
            "user": self.to,
            "ephemeral": self.ephemeral,
            "text": self.text,
            "images": self.images,
            "files": files,
            "buttons": self.labels,
            "choices": self.choices,
            "mentions": self.mentions,
        });
        if !self.menu.is_empty() {
            line["menu"] = json!(self.menu);
        }
        if let Some((kind, url)) = self.link {
            line[kind] = json!(url);
        }
        if self.direct {
            line["direct"] = json!(true);
        }
        if let Some(table) = &self.table {
            line["table"] = table.clone();
        }
        if let Some(event) = &self.event {
            line["event"] = event.clone();
        }
        line.to_string()
    }

    /// For people: where it was said and to whom, then its attachments, pings and choices.
    pub(super) fn plain(&self) -> String {
        let (channel, reply_text) = (self.channel, &self.text);
        let mut text = match self.to {
            Some(user) if self.direct => format!("[direct → {user}] {reply_text}"),
            Some(user) => format!("[#{channel} → {user} only] {reply_text}"),
            None => format!("[#{channel}] {reply_text}"),
        };
        for path in &self.images {
            text.push_str(&format!("\n  image: {path}"));
        }
        for path in &self.others {
            text.push_str(&format!("\n  file: {path}"));
        }
        if let Some((kind, url)) = self.link {
            text.push_str(&format!("\n  {kind}: {url}"));
        }
        if !self.mentions.is_empty() {
            text.push_str(&format!("\n  pings: {}", self.mentions.join(", ")));
        }
        if !self.labels.is_empty() {
            let buttons: Vec<String> = self.labels.iter().map(|l| format!("[{l}]")).collect();
            text.push_str(&format!("\n  buttons: {}", buttons.join(" ")));
        }
        if !self.choices.is_empty() {
            let choices: Vec<String> = self.choices.iter().map(|c| format!("{{{c}}}")).collect();
            text.push_str(&format!("\n  choices: {}", choices.join(" ")));
        }
        if !self.menu.is_empty() {
            text.push_str(&format!("\n  menu: {}", self.menu.join(" · ")));
        }
        text
    }
}
