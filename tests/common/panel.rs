//! A seat's panel as its page sends it (HTML): the buttons that act, and what pressing
//! each sends back.

#![allow(dead_code)]

/// A button of a seat's panel: what pressing it sends back.
#[derive(Debug, Clone)]
pub struct Entry {
    pub turn: String,
    pub verb: String,
    pub value: Option<String>,
}

impl Entry {
    /// What pressing it posts.
    pub fn form(&self) -> Vec<(&'static str, String)> {
        let mut form = vec![("turn", self.turn.clone()), ("verb", self.verb.clone())];
        form.extend(self.value.clone().map(|value| ("value", value)));
        form
    }
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(unescape(&tag[start..start + len]))
}

/// Every button of a panel that acts.
pub fn entries(html: &str) -> Vec<Entry> {
    html.split("<button")
        .skip(1)
        .filter_map(|rest| {
            let tag = &rest[..rest.find('>')?];
            Some(Entry {
                turn: attr(tag, "data-turn")?,
                verb: attr(tag, "data-verb")?,
                value: attr(tag, "data-value"),
            })
        })
        .collect()
}

/// The first entry of a panel's menu that leads on (not the way back).
pub fn first_entry(html: &str) -> Option<Entry> {
    html.split("<button")
        .skip(1)
        .filter(|rest| !rest.starts_with(" type=\"button\" class=\"entry back\""))
        .flat_map(|rest| entries(&format!("<button{rest}")))
        .find(|e| e.value.is_some())
}
