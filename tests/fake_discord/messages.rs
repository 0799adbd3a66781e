//! The messages the fake Discord holds: each answer, followup and channel message gets an id
//! of its own, keeps its components, and can be read (`GET …/@original`) and edited
//! (`PATCH /channels/{c}/messages/{m}`) as on Discord; an edit of a message it does not
//! hold is refused 404 10008.

use std::collections::{BTreeMap, HashMap};

use serde_json::{json, Value};

use super::APP_ID;

/// One message as members see it.
#[derive(Debug, Clone)]
pub struct Stored {
    pub channel: String,
    pub content: String,
    pub components: Value,
    /// Seen by the member who asked only: no one else sees it, and it is not the channel's.
    pub ephemeral: bool,
}

impl Stored {
    /// Whether it still offers choices (a button that is not a link, or a menu).
    pub fn has_choices(&self) -> bool {
        self.components
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .any(|c| c["url"].is_null())
    }
}

#[derive(Default)]
pub struct Messages {
    held: BTreeMap<u64, Stored>,
    /// The message each interaction's first answer made.
    original: HashMap<u64, u64>,
    next: u64,
}

/// Discord's Message object for `id`.
pub fn object(id: u64, m: &Stored) -> Value {
    json!({"id": id.to_string(), "channel_id": m.channel,
           "author": {"id": APP_ID, "username": "holotable", "discriminator": "0000", "bot": true},
           "content": m.content, "timestamp": "2026-11-29T00:00:00+00:00", "tts": false,
           "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
           "embeds": [], "pinned": false, "type": 0, "components": m.components,
           "flags": if m.ephemeral { 64 } else { 0 }})
}

fn ephemeral(body: &Value) -> bool {
    body["flags"].as_u64().unwrap_or(0) & 64 != 0
}

impl Messages {
    /// A new message from `body` (a message's JSON) in `channel`; returns its object.
    pub fn create(&mut self, channel: &str, body: &Value) -> Value {
        self.next += 1;
        let id = 9_000_000 + self.next;
        let m = Stored {
            channel: channel.to_string(),
            content: body["content"].as_str().unwrap_or_default().to_string(),
            components: body.get("components").cloned().unwrap_or(json!([])),
            ephemeral: ephemeral(body),
        };
        let object = object(id, &m);
        self.held.insert(id, m);
        object
    }

    /// The first answer to `interaction` made a message (a reply or "thinking…").
    pub fn answered(&mut self, interaction: u64, channel: &str, body: &Value) {
        let object = self.create(channel, body);
        let id = object["id"].as_str().unwrap().parse().unwrap();
        self.original.insert(interaction, id);
    }

    /// `interaction` answered by updating message `id`, the one its component was on:
    /// `body` sets its content and components, and it becomes the answer's message.
    pub fn updated(&mut self, interaction: u64, id: u64, body: &Value) -> Option<()> {
        self.edit(id, None, body)?;
        self.original.insert(interaction, id);
        Some(())
    }

    /// Message `id` as a component interaction carries it.
    pub fn message(&self, id: u64) -> Option<Value> {
        Some(object(id, self.held.get(&id)?))
    }

    /// The first answer's message of `interaction`.
    pub fn original(&self, interaction: u64) -> Option<Value> {
        let id = *self.original.get(&interaction)?;
        Some(object(id, self.held.get(&id)?))
    }

    /// Edits the first answer's message of `interaction` with `body`.
    pub fn edit_original(&mut self, interaction: u64, body: &Value) -> Option<Value> {
        let id = *self.original.get(&interaction)?;
        self.edit(id, None, body)
    }

    /// Removes the first answer's message of `interaction`.
    pub fn delete_original(&mut self, interaction: u64) {
        if let Some(id) = self.original.remove(&interaction) {
            self.held.remove(&id);
        }
    }

    /// Edits message `id` (of `channel`, when the path names one) with what `body` sets.
    /// A private message is nobody's in the channel: it cannot be edited there.
    pub fn edit(&mut self, id: u64, channel: Option<&str>, body: &Value) -> Option<Value> {
        let m = self.held.get_mut(&id)?;
        if channel.is_some_and(|c| c != m.channel || m.ephemeral) {
            return None;
        }
        if let Some(content) = body["content"].as_str() {
            m.content = content.to_string();
        }
        if let Some(components) = body.get("components").filter(|c| !c.is_null()) {
            m.components = components.clone();
        }
        Some(object(id, m))
    }

    /// Every message held, by id.
    pub fn all(&self) -> BTreeMap<u64, Stored> {
        self.held.clone()
    }

    /// The channel's public messages that still offer choices, oldest first.
    pub fn with_choices(&self, channel: &str) -> Vec<(u64, Stored)> {
        self.held
            .iter()
            .filter(|(_, m)| m.channel == channel && !m.ephemeral && m.has_choices())
            .map(|(id, m)| (*id, m.clone()))
            .collect()
    }
}
