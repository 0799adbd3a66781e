//! Tables: the transport-free application layer (docs/CONTRACT.md P-3, P-4). It takes commands
//! from an actor and answers with replies; the Discord and console front ends only translate.
//!
//! Every state change and every action is stored in the ledger before the reply is built, so
//! a new process on the same database resumes every table where it was.

mod bets;
mod caches;
pub mod call;
mod carried;
pub mod catalogue;
mod clock;
pub mod commands;
mod components;
mod controls;
pub mod cooldown;
pub(crate) mod drawn;
mod ending;
mod events;
mod fair;
pub mod fairness;
mod fischer;
mod here;
pub mod lane;
mod limits;
mod lobby;
mod log;
mod menus;
mod mine;
mod money;
mod notify;
mod opening;
mod places;
mod play;
mod record;
mod refusal;
pub mod replies;
mod reset;
mod rest;
mod seasons;
mod seat_links;
mod seating;
mod shop;
mod spectate;
mod table_view;
mod takeback;
mod terms;
pub mod thinking;
pub mod tournaments;
mod turn;
mod verify;
mod view;
mod waiting;
pub mod wares;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

// The layers below, under the names the table's modules give them.
use holotable_droid as droid;
use holotable_games as games;
use holotable_ledger as ledger;
use holotable_render as render;
use holotable_telemetry as telemetry;
use holotable_words as words;
use holotable_words::{label, t};

use crate::catalogue::{Catalogue, Entry};
use crate::ledger::Ledger;

use self::call::Call;
use self::log::Progress;

/// The board's places a page lets its player touch ([`Touchable`]), as the board names them.
pub use crate::render::spots::{Outline, Spot, Spots};
pub use commands::{Command, PlayArgs};
pub use events::Event;
pub use fischer::shown as clock_shown;
pub use here::{GameChoice, Here};
pub use lobby::{Lobby, LobbyTable};
pub use refusal::Refusal;
pub use replies::{Button, Choice, Control, Image, Link, LinkKind, Reply, Select, Style};
pub use seat_links::SeatLinks;
pub use table_view::{Choices, Lines, SeatView, TableView, Touchable};
// What the front ends need of the ledger, named by the layer they talk to: a front end
// names no ledger module (tests/layers.rs).
pub use crate::ledger::economy::Setting;
pub use crate::ledger::seat_links::SeatLink;
pub use crate::ledger::tables::{TableRow, TableStatus};
pub use crate::ledger::{now, DROID, MAX_AMOUNT};

/// The server of an actor outside every server the bot is in: a direct message, or a
/// server where a member installed the application for themself. Only the commands that
/// need no server answer there (`/rules`, `/help`, `/stats`, `/replay` of one's own tables),
/// through the interaction alone.
pub const NO_SERVER: &str = "dm";

/// Who acts, and where.
#[derive(Debug, Clone)]
pub struct Actor {
    /// The server, or [`NO_SERVER`].
    pub guild: String,
    pub channel: String,
    /// The channel a thread is in, when the command comes from a thread: what admins allow
    /// tables in (`/admin channel`) is the channel, and its threads with it.
    pub parent: Option<String>,
    /// The user id (`droid` is the bot itself).
    pub user: String,
    /// The name shown to people.
    pub name: String,
    /// A unique id of this interaction: the idempotency key of what it pays.
    pub interaction: String,
    /// Whether the user may use `/admin` here (the front end checks the permission).
    pub admin: bool,
    /// The language the user reads (their Discord client's; English by default).
    pub lang: crate::words::Lang,
    /// When the user joined this server (Unix seconds), when the front end knows it.
    pub joined: Option<i64>,
    /// When the user's account was made (Unix seconds), when the front end knows it
    /// (Discord's ids carry it).
    pub created: Option<i64>,
}

/// Settings of the application layer.
#[derive(Debug, Clone)]
pub struct Settings {
    /// How long a challenge waits for an answer, in seconds.
    pub challenge_secs: i64,
    /// Where the bot's web pages are reached from outside (`[web] public_url`); board
    /// replies link to their table's live page when it is set.
    pub public_url: Option<String>,
    /// How many entries one menu holds where the move menu is shown: the chat front ends'
    /// limit (Discord's select menus hold 25), which the binary sets. Deeper steps of the
    /// menu keep one of them for the way back.
    pub menu_width: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            challenge_secs: 600,
            public_url: None,
            menu_width: 25,
        }
    }
}

pub(crate) type Outcome = Result<Vec<Reply>, Refusal>;

/// A table's progress as its log says, and the turn number it is at.
pub(crate) type LiveGame = (i64, Progress);

/// The time source: seconds since the Unix epoch.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The application: tables, money, and the games in play.
pub struct App {
    pub(crate) ledger: Ledger,
    pub(crate) settings: Settings,
    pub(crate) clock: Clock,
    pub(crate) catalogue: Catalogue,
    /// Games in play, rebuilt from the action log when missing (after a restart).
    pub(crate) live: Mutex<HashMap<i64, LiveGame>>,
    /// Clock warnings already sent: (table, turn).
    pub(crate) warned: Mutex<HashSet<(i64, i64)>>,
    /// Display names by user id, learnt from the actors.
    /// Display names by (server, user id), learnt from the actors.
    pub(crate) names: Mutex<HashMap<(String, String), String>>,
    /// The languages of the users' clients, learnt from the actors.
    pub(crate) langs: Mutex<HashMap<String, crate::words::Lang>>,
    /// Who hears of every stored change to a table (the live pages).
    listeners: Mutex<Vec<Listener>>,
    /// Every watched table's board as it is now, drawn once for the channel and its page.
    boards: drawn::Boards,
    /// What members wear (the droid's shop), as last read or written here.
    pub(crate) worn: shop::WornCache,
    /// How soon each member may use a rate-limited command again.
    cooldowns: cooldown::Cooldowns,
    /// Who asked for notifications by direct message, by server.
    notifying: notify::Notifying,
    /// Where the droid searches, and the places of the commands that work at once.
    pub(crate) thinking: thinking::Thinking,
}

/// Told the id of a table whose stored state just changed (an action, its start, its end),
/// once the command that changed it is done. It runs on that command's thread, so it must
/// be quick: hand the news on (a live page's hub reads the table's row, no more).
pub type Listener = Arc<dyn Fn(i64) + Send + Sync>;

impl App {
    pub fn new(ledger: Ledger, settings: Settings, clock: Clock) -> App {
        App {
            ledger,
            settings,
            clock,
            catalogue: Catalogue::default(),
            live: Mutex::new(HashMap::new()),
            warned: Mutex::new(HashSet::new()),
            names: Mutex::new(HashMap::new()),
            langs: Mutex::new(HashMap::new()),
            listeners: Mutex::new(Vec::new()),
            boards: drawn::Boards::default(),
            worn: Default::default(),
            cooldowns: Default::default(),
            notifying: Default::default(),
            thinking: Default::default(),
        }
    }

    /// This application with `places` commands working at once and `threads` searching for
    /// the droid (the defaults suit the machine: [`thinking::Thinking::default`]).
    pub fn with_thinking(mut self, places: usize, threads: usize) -> App {
        self.thinking = thinking::Thinking::new(places, threads);
        self
    }

    /// Waits, without a thread, for a place to run a command: an async front end admits a
    /// command before it gives it a thread, and passes the place to
    /// [`App::handle_admitted`] (or holds it while it asks something of the application).
    pub async fn admit(&self) -> Option<thinking::Admission> {
        self.thinking.gate.admit().await
    }

    /// The droid's searches asked for and not yet answered.
    pub fn droid_searches(&self) -> usize {
        self.thinking.pending()
    }

    /// Adds a listener to every stored change of a table.
    pub fn on_change(&self, listener: Listener) {
        self.listeners
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(listener);
    }

    /// Runs `f` as one call of its own (a clock tick) in `place`, and tells the listeners
    /// of the tables it changed once it is done: a live page then reads the table with its
    /// reply ready, and finds the channel's board drawn instead of drawing it a second time.
    fn calling<T>(
        &self,
        interaction: Option<&str>,
        place: Option<thinking::Admission>,
        f: impl FnOnce(&Call) -> T,
    ) -> T {
        let call = Call::new(interaction, place);
        let value = f(&call);
        let changed = call.take_changed();
        // The place goes back before the listeners hear: they only hand the news on.
        drop(call);
        for &table in &changed {
            self.tell_listeners(table);
        }
        // The other processes on the same database (PostgreSQL) hear of it too.
        self.ledger.tell_changed(&changed);
        value
    }

    fn tell_listeners(&self, table: i64) {
        let listeners = self
            .listeners
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        for listener in listeners {
            listener(table);
        }
    }

    /// The same application playing the games of `catalogue` (tests of the table layer
    /// add games of their own).
    pub fn with_catalogue(mut self, catalogue: Catalogue) -> App {
        self.catalogue = catalogue;
        self
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// The catalogue entry of a table's game.
    pub(crate) fn entry(&self, row: &TableRow) -> Result<&'static Entry, Refusal> {
        Ok(self.catalogue.get(&row.game)?)
    }

    pub fn now(&self) -> i64 {
        (self.clock)()
    }

    /// The name to show for a user id in `guild`'s text: that server's name for them
    /// (remembered, stored, or the id itself), marked when it holds markup
    /// ([`crate::names::said`]).
    pub fn name(&self, guild: &str, user: &str) -> String {
        crate::words::text::name(&self.plain_name(guild, user))
    }

    /// The name of a user id in `guild` as they wrote it.
    pub fn plain_name(&self, guild: &str, user: &str) -> String {
        if user == crate::ledger::DROID {
            return "Droid".to_string();
        }
        let key = (guild.to_string(), user.to_string());
        if let Some(name) = self
            .names
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return name.clone();
        }
        match self.ledger.name(guild, user) {
            Ok(Some(name)) => {
                caches::keep(
                    &mut self.names.lock().unwrap_or_else(|e| e.into_inner()),
                    caches::MEMBERS,
                    key,
                    name.clone(),
                );
                name
            }
            _ => user.to_string(),
        }
    }

    /// Remembers the display name in `guild` of a user the front end knows (the actor, an
    /// opponent, a recipient); it is stored so that it survives a restart. A name is a
    /// server's own: a nickname never shows in another server.
    pub fn learn_name(&self, guild: &str, user: &str, name: &str) {
        if user == crate::ledger::DROID || name.is_empty() {
            return;
        }
        let key = (guild.to_string(), user.to_string());
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        if names.get(&key).map(String::as_str) != Some(name) {
            caches::keep(&mut names, caches::MEMBERS, key, name.to_string());
            drop(names);
            if let Err(e) = self.ledger.set_name(guild, user, name) {
                tracing::warn!(user, error = %e, "could not store a display name");
            }
        }
    }

    /// Remembers the language of a user's client; it is stored so that the messages no
    /// command of theirs asked for (clock warnings, timeouts) speak it after a restart too.
    fn learn_lang(&self, user: &str, lang: crate::words::Lang) {
        let mut langs = self.langs.lock().unwrap_or_else(|e| e.into_inner());
        if caches::keep(&mut langs, caches::MEMBERS, user.to_string(), lang) != Some(lang) {
            drop(langs);
            if let Err(e) = self.ledger.set_locale(user, lang.code()) {
                tracing::warn!(user, error = %e, "could not store a language");
            }
        }
    }

    /// The language of a user's client as last seen (English when never seen).
    pub(crate) fn lang_of(&self, user: &str) -> crate::words::Lang {
        if let Some(lang) = self
            .langs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(user)
        {
            return *lang;
        }
        let lang = match self.ledger.locale(user) {
            Ok(Some(code)) => crate::words::Lang::of(&code),
            _ => crate::words::Lang::default(),
        };
        caches::keep(
            &mut self.langs.lock().unwrap_or_else(|e| e.into_inner()),
            caches::MEMBERS,
            user.to_string(),
            lang,
        );
        lang
    }

    /// The value of a table's settlement (or cancellation) this command made; when the
    /// ledger replays one already made — by another command, of another process on a
    /// shared database, which announced it — a refusal saying the table has ended.
    pub(crate) fn first_ending<T>(
        lang: crate::words::Lang,
        table: i64,
        ended: crate::ledger::Replayable<T>,
    ) -> Result<T, Refusal> {
        if ended.replayed {
            return Err(Refusal::Said(crate::t!(
                lang,
                "table-ended-meanwhile",
                table = table
            )));
        }
        Ok(ended.value)
    }

    /// Handles one command, waiting on this thread for a place to work in; a refusal
    /// becomes a private reply.
    pub fn handle(&self, actor: &Actor, command: Command) -> Vec<Reply> {
        self.handle_admitted(self.thinking.gate.enter(), actor, command)
    }

    /// [`App::handle`] in a place the front end was admitted to ([`App::admit`]).
    pub fn handle_admitted(
        &self,
        place: Option<thinking::Admission>,
        actor: &Actor,
        command: Command,
    ) -> Vec<Reply> {
        self.calling(Some(&actor.interaction), place, |call| {
            self.handle_in_words(call, actor, command)
        })
    }

    fn handle_in_words(&self, call: &Call, actor: &Actor, command: Command) -> Vec<Reply> {
        let lang = actor.lang;
        // The droid's account plays only as the droid, in every front end: as a member it
        // would spend the house's money (a console line typed as `droid:`).
        if actor.user == ledger::DROID {
            return vec![Reply::private(crate::t!(lang, "droid-account"))];
        }
        // Outside the servers the bot is in, only what needs no server is answered, and
        // nothing is remembered.
        if actor.guild == NO_SERVER {
            if !command.anywhere() {
                return vec![Reply::private(crate::t!(lang, "no-server"))];
            }
            return match self.cooled(call, actor, command) {
                Ok(replies) => replies,
                Err(refusal) => vec![Reply::private(refusal.told(lang))],
            };
        }
        self.learn_name(&actor.guild, &actor.user, &actor.name);
        // From here on the actor's name goes into text as names do: marked when it holds
        // markup, so that every front end shows it as written.
        let said = Actor {
            name: crate::words::text::name(&actor.name),
            ..actor.clone()
        };
        let actor = &said;
        self.learn_lang(&actor.user, actor.lang);
        let name = command.name();
        let started = std::time::Instant::now();
        let again = command
            .plays()
            .then(|| self.tables().carried_again(call, actor))
            .flatten();
        let result = match again {
            Some(again) => again,
            None => self.cooled(call, actor, command),
        };
        crate::telemetry::interaction(name, result.is_err(), started.elapsed().as_secs_f64());
        match result {
            Ok(mut replies) => {
                let actor_id = Some(actor.user.as_str());
                self.tell_directly(&actor.guild, &actor.channel, actor_id, &mut replies);
                replies
            }
            Err(refusal) => vec![Reply::private(refusal.told(lang))],
        }
    }

    /// Runs the command's unit ([`commands::defs`]).
    fn run(&self, call: &Call, actor: &Actor, command: Command) -> Outcome {
        command.run(self, call, actor)
    }
}
