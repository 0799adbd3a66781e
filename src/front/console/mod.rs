//! `holotable console`: the tables and the economy in a terminal (docs/CONTRACT.md P-7).
//!
//! One line per input: `alice: /play game:dejarik opponent:bob wager:100` runs a command as
//! `alice`; `bob: [Accept]` presses the button with that label on the newest message that has
//! one; `alice: {o5-i5}` picks that entry of the newest select menu; `alice: ?/move action:o5`
//! asks for autocomplete suggestions; `#backroom` switches channel. Console extras for demos
//! and scripted tests: `!wait 2h` moves the clock forward, lines starting with `//` are
//! comments.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use serde_json::json;

use crate::t;
use crate::table::commands::{Pick, Press};
use crate::table::{commands, Actor, App, Command, Control, LinkKind, Reply};
use crate::words::{self, Lang, Written};

mod pages;
pub use self::pages::{read_lines, Input};
mod printed;
use printed::Printed;

/// The console's single server.
pub const GUILD: &str = "console";

pub struct ConsoleOptions {
    pub json: bool,
    pub out: PathBuf,
    /// Users allowed to use /admin.
    pub admins: Vec<String>,
    /// The language of every user's client, unless a line says `user@fr:`.
    pub lang: Lang,
    /// Who types a line without `name:` (the person at the terminal).
    pub local_user: String,
}

impl Default for ConsoleOptions {
    fn default() -> Self {
        ConsoleOptions {
            json: false,
            out: PathBuf::from("boards"),
            admins: vec!["admin".into()],
            lang: Lang::En,
            local_user: "player".into(),
        }
    }
}

/// A message shown in a channel, kept for its buttons and menus.
struct Shown {
    channel: String,
    /// The member a private reply was for: only they see its menu.
    only: Option<String>,
    buttons: Vec<(String, Control)>,
    /// The menu's control, and its entries' words and values.
    select: Option<(Control, Vec<(String, String)>)>,
}

pub struct Console {
    app: Arc<App>,
    options: ConsoleOptions,
    channel: String,
    shown: Vec<Shown>,
    session: String,
    counter: u64,
    offset: Arc<AtomicI64>,
    /// Users whose client a line made French or English (`alice@fr:`).
    langs: HashMap<String, Lang>,
}

/// The console's clock: the system clock plus what `!wait` added.
pub fn clock(offset: Arc<AtomicI64>) -> crate::table::Clock {
    Arc::new(move || crate::table::now() + offset.load(Ordering::Relaxed))
}

/// Splits `a:b c:"d e"` into words, keeping quoted values together.
fn words(lang: crate::words::Lang, text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut current));
                    any = false;
                }
            }
            c => {
                current.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err(t!(lang, "console-quote-open"));
    }
    if any {
        out.push(current);
    }
    Ok(out)
}

/// Reads `/name opt:value …` into the name and its options.
fn command_line(
    lang: crate::words::Lang,
    text: &str,
) -> Result<(String, BTreeMap<String, String>), String> {
    let words = words(lang, text)?;
    let (name, rest) = words
        .split_first()
        .ok_or_else(|| t!(lang, "console-empty"))?;
    let name = name
        .strip_prefix('/')
        .ok_or_else(|| t!(lang, "console-slash"))?
        .to_string();
    let mut options = BTreeMap::new();
    for (n, word) in rest.iter().enumerate() {
        // A subcommand as Discord writes it (`/notify on`, `/tournament join`) is the
        // command's `action`.
        let has_subcommands = || {
            commands::specs()
                .iter()
                .any(|s| Some(s.name) == commands::canonical(&name) && !s.subcommands.is_empty())
        };
        if n == 0 && !word.contains(':') && has_subcommands() {
            options.insert("action".to_string(), word.to_lowercase());
            continue;
        }
        let (key, value) = word
            .split_once(':')
            .ok_or_else(|| t!(lang, "console-not-option", word = word.as_str()))?;
        let key = key.to_ascii_lowercase();
        if options.contains_key(&key) {
            return Err(t!(lang, "console-option-twice", option = key));
        }
        options.insert(key, value.to_string());
    }
    Ok((name, options))
}

/// Why a line gives no command: an error in the console's own words, or a private answer
/// as the bot would give it (a slash command it cannot read).
enum Refused {
    Error(String),
    Private(String),
}

/// Reads `2h`, `90m`, `30s`, `1d` as seconds.
fn duration(text: &str) -> Option<i64> {
    let text = text.trim();
    let (number, unit) = text.split_at(text.find(|c: char| !c.is_ascii_digit())?);
    let n: i64 = number.parse().ok()?;
    let scale = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return None,
    };
    n.checked_mul(scale)
}

impl Console {
    /// A console on `app` (an `App`, or one shared with the web pages).
    pub fn new(
        app: impl Into<Arc<App>>,
        options: ConsoleOptions,
        offset: Arc<AtomicI64>,
    ) -> Console {
        let session = format!(
            "{:x}",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0)
        );
        Console {
            app: app.into(),
            options,
            channel: "general".into(),
            shown: Vec::new(),
            session,
            counter: 0,
            offset,
            langs: HashMap::new(),
        }
    }

    fn actor(&mut self, user: &str) -> Actor {
        self.counter += 1;
        Actor {
            guild: GUILD.into(),
            channel: self.channel.clone(),
            parent: None,
            user: user.into(),
            name: user.into(),
            interaction: format!("console-{}-{}", self.session, self.counter),
            admin: self.options.admins.iter().any(|a| a == user),
            lang: self.lang_of(user),
            joined: None,
            created: crate::front::snowflake::account_created(user),
        }
    }

    fn lang_of(&self, user: &str) -> Lang {
        self.langs.get(user).copied().unwrap_or(self.options.lang)
    }

    /// Runs lines typed at a terminal: a welcome, a hint of what to type, and a prompt with
    /// the channel and who is typing before each line.
    pub fn run_interactive<R: BufRead, W: Write>(
        &mut self,
        input: R,
        mut output: W,
    ) -> io::Result<()> {
        let user = self.options.local_user.clone();
        writeln!(
            output,
            "{}",
            words::say_in(
                self.lang_of(&user),
                "console-welcome",
                &[("user", words::Arg::from(user.as_str()))]
            )
        )?;
        write!(output, "{user} #{}> ", self.channel)?;
        output.flush()?;
        for line in input.lines() {
            let line = line?;
            for text in self.line(&line)? {
                writeln!(output, "{text}")?;
            }
            write!(output, "{user} #{}> ", self.channel)?;
            output.flush()?;
        }
        writeln!(output)?;
        Ok(())
    }

    /// Runs every line of `input`, writing the replies to `output`.
    pub fn run<R: BufRead, W: Write>(&mut self, input: R, mut output: W) -> io::Result<()> {
        for line in input.lines() {
            let line = line?;
            for text in self.line(&line)? {
                writeln!(output, "{text}")?;
            }
            output.flush()?;
        }
        Ok(())
    }

    /// Handles one input line; returns the output lines.
    pub fn line(&mut self, line: &str) -> io::Result<Vec<String>> {
        let mut out = Vec::new();
        self.show_clock(&mut out)?;
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            return Ok(out);
        }
        if let Some(channel) = line.strip_prefix('#') {
            self.channel = channel.trim().to_string();
            return Ok(out);
        }
        if let Some(wait) = line.strip_prefix("!wait") {
            match duration(wait) {
                Some(secs) => {
                    self.offset.fetch_add(secs, Ordering::Relaxed);
                    self.show_clock(&mut out)?;
                }
                None => {
                    let text = t!(self.options.lang, "console-wait");
                    out.push(self.error(&text)?)
                }
            }
            return Ok(out);
        }
        let (user, rest) = match self.speaker(line) {
            Ok(spoken) => spoken,
            Err(text) => {
                out.push(self.error(&text)?);
                return Ok(out);
            }
        };
        if let Some(query) = rest.strip_prefix('?') {
            out.push(self.suggest(&user, query)?);
            return Ok(out);
        }
        let command = match self.command_of(&user, rest) {
            Ok(command) => command,
            Err(Refused::Error(text)) => {
                out.push(self.error(&text)?);
                return Ok(out);
            }
            Err(Refused::Private(text)) => {
                let reply = Reply::private(text);
                out.push(self.show(&self.channel.clone(), Some(&user), &reply, &[])?);
                return Ok(out);
            }
        };
        let actor = self.actor(&user);
        for reply in self.app.handle(&actor, command) {
            let to = reply.ephemeral.then_some(user.as_str());
            out.push(self.show(&self.channel.clone(), to, &reply, &[])?);
        }
        Ok(out)
    }

    /// What the clock did since the last line (warnings, timeouts, the droid's answers).
    fn show_clock(&mut self, out: &mut Vec<String>) -> io::Result<()> {
        for (guild, channel, reply) in self.app.tick() {
            if guild == GUILD {
                out.push(self.show(&channel, None, &reply, &[])?);
            }
        }
        Ok(())
    }

    /// Who speaks a line and what they say: `name: …` or `name@locale: …`, or the local
    /// player for a line that starts with a command, a button, a menu choice or `?`.
    fn speaker<'l>(&mut self, line: &'l str) -> Result<(String, &'l str), String> {
        let (user, rest) = if line.starts_with(['/', '[', '{', '?']) {
            (self.options.local_user.clone(), line)
        } else {
            let Some((user, rest)) = line.split_once(':') else {
                return Err(t!(self.options.lang, "console-expected"));
            };
            (user.trim().to_string(), rest.trim())
        };
        let user = match user.split_once('@') {
            Some((name, locale)) => {
                let name = name.trim().to_string();
                self.langs.insert(name.clone(), Lang::of(locale));
                name
            }
            None => user,
        };
        if user.is_empty() || user.contains(char::is_whitespace) {
            return Err(t!(self.options.lang, "console-user-word"));
        }
        Ok((user, rest))
    }

    /// `?/move action:…`: what `/move`'s autocomplete would offer.
    fn suggest(&mut self, user: &str, query: &str) -> io::Result<String> {
        match command_line(self.lang_of(user), query) {
            Ok((name, options)) if name.eq_ignore_ascii_case("move") => {
                let typed = options.get("action").cloned().unwrap_or_default();
                let actor = self.actor(user);
                let choices = self.app.autocomplete(&actor, &typed);
                let reply = Reply::private(t!(
                    self.lang_of(user),
                    "console-suggestions",
                    count = choices.len(),
                    typed = typed.as_str()
                ));
                self.show(&self.channel.clone(), Some(user), &reply, &choices)
            }
            Ok((name, _)) => {
                let text = t!(
                    self.lang_of(user),
                    "console-no-autocomplete",
                    command = name
                );
                self.error(&text)
            }
            Err(e) => self.error(&e),
        }
    }

    /// The command a line gives: a button's label in `[…]`, a menu choice in `{…}`, or a
    /// slash command.
    fn command_of(&self, user: &str, rest: &str) -> Result<Command, Refused> {
        if let Some(label) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            return match self.find_button(label) {
                Some(control) => Ok(Command::Press(Press { control })),
                None => Err(Refused::Error(t!(
                    self.lang_of(user),
                    "console-no-button",
                    label = label
                ))),
            };
        }
        if let Some(choice) = rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
            let menu = self.shown.iter().rev().find(|m| {
                m.channel == self.channel
                    && m.select.is_some()
                    && m.only.as_deref().is_none_or(|only| only == user)
            });
            return match menu {
                Some(Shown {
                    select: Some((control, choices)),
                    ..
                }) => Ok(Command::Pick(Pick {
                    control: control.clone(),
                    value: picked(choices, choice),
                })),
                _ => Err(Refused::Error(t!(self.lang_of(user), "console-no-menu"))),
            };
        }
        let lang = self.lang_of(user);
        command_line(lang, rest)
            .and_then(|(name, options)| commands::parse(lang, &name, &options))
            .map_err(Refused::Private)
    }

    fn find_button(&self, label: &str) -> Option<Control> {
        self.shown
            .iter()
            .rev()
            .filter(|m| m.channel == self.channel)
            .find_map(|m| {
                m.buttons
                    .iter()
                    .find(|(l, _)| l.eq_ignore_ascii_case(label.trim()))
                    .map(|(_, control)| control.clone())
            })
    }

    fn error(&self, message: &str) -> io::Result<String> {
        if self.options.json {
            Ok(
                json!({"channel": self.channel, "user": null, "ephemeral": true, "text": message,
                      "images": [], "files": [], "buttons": [], "choices": [], "mentions": []})
                .to_string(),
            )
        } else {
            Ok(format!("! {message}"))
        }
    }

    /// Writes a reply's images and formats it; remembers its components.
    fn show(
        &mut self,
        channel: &str,
        to: Option<&str>,
        reply: &Reply,
        suggestions: &[String],
    ) -> io::Result<String> {
        // A direct message is the member's own: shown as theirs, outside every channel.
        let direct = reply.direct.as_ref().map(|u| self.app.plain_name(GUILD, u));
        let dm_channel = direct.as_ref().map(|name| format!("@{name}"));
        let channel = dm_channel.as_deref().unwrap_or(channel);
        let to = direct.as_deref().or(to);
        let (images, others) = self.save_attachments(reply)?;
        self.remember(channel, reply.ephemeral.then_some(to).flatten(), reply);
        // Moments are written out in the words of whom the reply is for.
        let reader = to.or(reply.mentions.first().map(String::as_str));
        let lang = reader.map_or(self.options.lang, |u| self.lang_of(u));
        let printed = Printed {
            channel,
            to,
            direct: direct.is_some(),
            ephemeral: reply.ephemeral,
            text: reply.text.told(&Written {
                now: self.app.now(),
                lang,
            }),
            images,
            others,
            link: reply.link.as_ref().map(|link| {
                let kind = match link.kind {
                    LinkKind::Watch => "watch",
                    LinkKind::Play => "play",
                };
                (kind, link.url.as_str())
            }),
            mentions: reply
                .mentions
                .iter()
                .map(|u| self.app.plain_name(GUILD, u))
                .collect(),
            labels: pressable(reply).map(|b| b.label.tell(reply.lang)).collect(),
            choices: match reply.menu() {
                Some(select) => select.choices.iter().map(|c| c.value.clone()).collect(),
                None => suggestions.to_vec(),
            },
            menu: reply
                .menu()
                .into_iter()
                .flat_map(|s| &s.choices)
                .map(|c| c.label.tell(reply.lang))
                .collect(),
            table: reply.view.as_deref().map(|view| printed::table(view, lang)),
            event: reply
                .event
                .as_ref()
                .and_then(|event| serde_json::to_value(event).ok()),
        };
        Ok(if self.options.json {
            printed.json()
        } else {
            printed.plain()
        })
    }

    /// Writes a reply's pictures and files into the output folder; their paths, pictures
    /// first.
    fn save_attachments(&self, reply: &Reply) -> io::Result<(Vec<String>, Vec<String>)> {
        if !reply.images.is_empty() || !reply.files.is_empty() {
            std::fs::create_dir_all(&self.options.out)?;
        }
        let write = |file: &crate::table::Image| -> io::Result<String> {
            let path = self.options.out.join(&file.name);
            std::fs::write(&path, &file.bytes)?;
            Ok(path.display().to_string())
        };
        let images = reply.images.iter().map(write).collect::<Result<_, _>>()?;
        let others = reply.files.iter().map(write).collect::<Result<_, _>>()?;
        Ok((images, others))
    }

    /// Keeps a reply's buttons and menu, so that `[label]` and `{choice}` lines can press
    /// and pick them (the last 200 messages); a private reply's, for its member alone.
    fn remember(&mut self, channel: &str, only: Option<&str>, reply: &Reply) {
        self.shown.push(Shown {
            channel: channel.to_string(),
            only: only.map(str::to_string),
            buttons: pressable(reply)
                .map(|b| (b.label.tell(reply.lang), b.control.clone()))
                .collect(),
            select: reply.menu().map(|s| {
                let choices = s.choices.iter();
                let told = choices.map(|c| (c.label.tell(reply.lang), c.value.clone()));
                (s.control.clone(), told.collect())
            }),
        });
        if self.shown.len() > 200 {
            self.shown.remove(0);
        }
    }
}

/// A reply's buttons, then those beside its link: all a `[label]` line may press.
fn pressable(reply: &Reply) -> impl Iterator<Item = &crate::table::Button> {
    reply.buttons().chain(&reply.aside)
}

/// The value a `{…}` line picks from a menu: an entry's value as printed, else the entry
/// whose words it gives (any case), else the text itself (a move typed in notation).
fn picked(choices: &[(String, String)], typed: &str) -> String {
    let typed = typed.trim();
    choices
        .iter()
        .find(|(_, value)| value == typed)
        .or_else(|| {
            choices
                .iter()
                .find(|(words, _)| words.eq_ignore_ascii_case(typed))
        })
        .map_or_else(|| typed.to_string(), |(_, value)| value.clone())
}
