//! Answering an interaction so that what was done is always told. Discord takes the first
//! answer for three seconds and the rest for fifteen minutes, and may fail or refuse any
//! request; an action is stored before its answer is sent, so an answer that cannot be
//! delivered must still reach the members: it is tried again while that can help, and
//! otherwise posted in the channel as an ordinary message, saying whom it answers.

use std::sync::Arc;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;

use super::controls::{Controls, Live, LiveAt, TOKEN_LIFE};
use super::retry::{retrying, Failure, Undelivered};
use super::send::Outgoing;
use crate::table::{Actor, App, Command, Reply};
use crate::words::Lang;

/// How long after an interaction arrives its first answer is still tried: Discord's three
/// seconds, less the time a request takes to get there.
const FIRST_ANSWER: Duration = Duration::from_millis(2700);
/// How long a later answer (an edit, a followup, a channel message) is still tried.
const LATER_ANSWER: Duration = Duration::from_secs(30);

/// Runs a command on the blocking pool once the application has a place for it (waiting
/// for one as a future, not on a thread) and returns its replies; `names` are the users the
/// command names (their display names are remembered first, off the async runtime).
pub(super) async fn run(
    app: &Arc<App>,
    actor: Actor,
    command: Command,
    names: Vec<(String, String)>,
) -> Vec<Reply> {
    let app = Arc::clone(app);
    let lang = actor.lang;
    let admitted = app.admit().await;
    tokio::task::spawn_blocking(move || {
        for (id, name) in &names {
            app.learn_name(&actor.guild, id, name);
        }
        app.handle_admitted(admitted, &actor, command)
    })
    .await
    .unwrap_or_else(|e| {
        tracing::error!(error = %e, "a command panicked");
        vec![Reply::private(crate::t!(lang, "error-internal"))]
    })
}

/// The interaction being answered: a slash command or a button/menu.
#[derive(Clone, Copy)]
pub(super) enum Asked<'a> {
    Command(&'a serenity::CommandInteraction),
    Component(&'a serenity::ComponentInteraction),
}

impl<'a> Asked<'a> {
    fn channel(self) -> serenity::ChannelId {
        match self {
            Asked::Command(i) => i.channel_id,
            Asked::Component(i) => i.channel_id,
        }
    }

    /// The first answer. A next step picked from a private menu takes that menu's place.
    async fn respond(self, http: &serenity::Http, reply: Outgoing) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_response(http, reply.response()).await,
            Asked::Component(i) => {
                let private = i
                    .message
                    .flags
                    .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
                if private && reply.replaces() {
                    match i.create_response(http, reply.clone().update()).await {
                        // Discord would not update that message: the step comes as a new
                        // private message instead, which the interaction still allows.
                        Err(e) if super::retry::classify(&e) == Some(Failure::Refused) => {
                            tracing::info!(error = %e, "a menu not updated in place");
                        }
                        done => return done,
                    }
                }
                i.create_response(http, reply.response()).await
            }
        }
    }

    /// Opens the Discord Activity for the member who asked (`LAUNCH_ACTIVITY`).
    async fn launch(self, http: &serenity::Http) -> serenity::Result<()> {
        let launch = serenity::CreateInteractionResponse::LaunchActivity;
        match self {
            Asked::Command(i) => i.create_response(http, launch).await,
            Asked::Component(i) => i.create_response(http, launch).await,
        }
    }

    async fn defer(self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.defer(http).await,
            Asked::Component(i) => {
                let defer = serenity::CreateInteractionResponse::Defer(
                    serenity::CreateInteractionResponseMessage::new(),
                );
                i.create_response(http, defer).await
            }
        }
    }

    async fn follow(
        self,
        http: &serenity::Http,
        reply: Outgoing,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Asked::Command(i) => i.create_followup(http, reply.followup()).await,
            Asked::Component(i) => i.create_followup(http, reply.followup()).await,
        }
    }

    async fn edit(
        self,
        http: &serenity::Http,
        reply: Outgoing,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Asked::Command(i) => i.edit_response(http, reply.edit()).await,
            Asked::Component(i) => i.edit_response(http, reply.edit()).await,
        }
    }

    /// The token its answers are sent with.
    fn token(self) -> &'a str {
        match self {
            Asked::Command(i) => &i.token,
            Asked::Component(i) => &i.token,
        }
    }

    async fn delete(self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.delete_response(http).await,
            Asked::Component(i) => i.delete_response(http).await,
        }
    }
}

/// Where the answer stands with Discord.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing sent yet.
    Fresh,
    /// "Thinking…" shown; the first reply replaces it.
    Deferred,
    /// The interaction is answered; further replies follow it.
    Answered,
    /// Discord did not take the answer: what is left goes to the channel.
    Lost,
}

/// One interaction's answer, from its first reply to its last.
pub(super) struct Answering<'a> {
    http: &'a serenity::Http,
    controls: &'a Controls,
    asked: Asked<'a>,
    received: Instant,
    state: State,
    /// Who asked, named in the channel message that replaces a lost answer.
    who: String,
    lang: Lang,
    /// Whether a channel message has already said that the answer was lost.
    headed: bool,
    /// Whether the Discord Activity is on: a seat's own page then opens as the Activity
    /// (`LAUNCH_ACTIVITY`) rather than as a link.
    activity: bool,
}

impl<'a> Answering<'a> {
    /// An answer to `asked`, which arrived now, from `who` reading `lang`.
    pub(super) fn new(
        http: &'a serenity::Http,
        controls: &'a Controls,
        asked: Asked<'a>,
        who: &str,
        lang: Lang,
    ) -> Answering<'a> {
        Answering {
            http,
            controls,
            asked,
            received: Instant::now(),
            state: State::Fresh,
            activity: false,
            who: who.to_string(),
            lang,
            headed: false,
        }
    }

    /// The same answer, to an interaction that arrived at `received` (it waited at the door).
    pub(super) fn arrived(mut self, received: Instant) -> Answering<'a> {
        self.received = received;
        self
    }

    /// An answer that opens a seat's own page as the Discord Activity.
    pub(super) fn launching(mut self, activity: bool) -> Answering<'a> {
        self.activity = activity;
        self
    }

    /// Shows "thinking…" (the work will take longer than Discord waits for a first answer).
    pub(super) async fn defer(&mut self) {
        if self.state != State::Fresh {
            return;
        }
        let (http, asked) = (self.http, self.asked);
        self.state =
            match retrying("defer", self.received + FIRST_ANSWER, || asked.defer(http)).await {
                Ok(_) => State::Deferred,
                Err(failed) => {
                    log_undelivered("defer", &failed);
                    State::Lost
                }
            };
    }

    /// Sends `replies` in order: the first answers the interaction, the others follow it.
    pub(super) async fn send(&mut self, replies: Vec<Reply>) {
        let (direct, replies): (Vec<Reply>, Vec<Reply>) =
            replies.into_iter().partition(|r| r.direct.is_some());
        for reply in direct {
            send_direct(self.http, self.controls, reply).await;
        }
        for reply in replies {
            for part in Outgoing::split(reply) {
                self.send_one(part).await;
            }
        }
    }

    async fn send_one(&mut self, reply: Outgoing) {
        let (http, asked) = (self.http, self.asked);
        let later = Instant::now() + LATER_ANSWER;
        let (what, sent) = match self.state {
            // A seat's own page, with the Activity on: Discord opens it in place.
            State::Fresh if self.activity && reply.opens_seat() => (
                "launch",
                retrying("launch", self.received + FIRST_ANSWER, || {
                    asked.launch(http)
                })
                .await
                .map(|_| None),
            ),
            State::Fresh => (
                "answer",
                retrying("answer", self.received + FIRST_ANSWER, || {
                    asked.respond(http, reply.clone())
                })
                .await
                .map(|_| None),
            ),
            // The first followup of a public "thinking…" cannot be private: the placeholder
            // goes and the private reply follows it.
            State::Deferred if reply.is_private() => {
                if let Err(failed) = retrying("delete", later, || asked.delete(http)).await {
                    log_undelivered("delete", &failed);
                }
                (
                    "followup",
                    retrying("followup", later, || asked.follow(http, reply.clone())).await,
                )
            }
            State::Deferred => (
                "edit",
                retrying("edit", later, || asked.edit(http, reply.clone())).await,
            ),
            State::Answered => (
                "followup",
                retrying("followup", later, || asked.follow(http, reply.clone())).await,
            ),
            State::Lost => return self.post(reply).await,
        };
        match sent {
            Ok(message) => {
                self.state = State::Answered;
                let channel = self.asked.channel();
                self.controls.closing.delivered(channel, reply.closes());
                let message = message.map(|m| m.id);
                self.supersede(&reply, message).await;
            }
            Err(failed) => {
                log_undelivered(what, &failed);
                self.state = State::Lost;
                self.post(reply).await;
            }
        }
    }

    /// A reply about a table was delivered as `message` (unknown for a first answer):
    /// the table's earlier choices go stale, and this reply's are the live ones.
    async fn supersede(&self, reply: &Outgoing, message: Option<serenity::MessageId>) {
        let Some(table) = reply.table() else {
            return;
        };
        let live = reply.has_choices().then(|| Live {
            at: match message {
                Some(message) => LiveAt::Posted {
                    channel: self.asked.channel(),
                    message,
                },
                None => LiveAt::Original {
                    token: self.asked.token().to_string(),
                    until: self.received + TOKEN_LIFE,
                },
            },
            kept: reply.kept(),
        });
        self.controls.shown(self.http, table, live).await;
    }

    /// Posts a reply Discord would not take as an answer in the interaction's channel, the
    /// first one headed with whom it answers. A private reply cannot be posted for all to
    /// see: it is lost (nothing it says was stored).
    async fn post(&mut self, reply: Outgoing) {
        if reply.is_private() {
            tracing::warn!("a private answer Discord did not take is lost");
            crate::telemetry::discord_fallback("answer", "lost");
            return;
        }
        let reply = if self.headed {
            reply
        } else {
            self.headed = true;
            let who = self.who.as_str();
            let line = crate::t!(self.lang, "discord-answer-lost", who = who);
            reply.headed(&line)
        };
        crate::telemetry::discord_fallback("answer", "posted");
        post(self.http, self.controls, self.asked.channel(), reply).await;
    }
}

/// Posts `reply` in `channel`, trying again while Discord fails; what still fails is logged
/// for the operator (the table's `/board` shows it again).
pub(super) async fn post(
    http: &serenity::Http,
    controls: &Controls,
    channel: serenity::ChannelId,
    reply: Outgoing,
) {
    let later = Instant::now() + LATER_ANSWER;
    let sent = retrying("message", later, || {
        channel.send_message(http, reply.clone().message())
    })
    .await;
    match sent {
        Ok(message) => {
            controls.closing.delivered(channel, reply.closes());
            if let Some(table) = reply.table() {
                let live = message.filter(|_| reply.has_choices()).map(|m| Live {
                    at: LiveAt::Posted {
                        channel,
                        message: m.id,
                    },
                    kept: reply.kept(),
                });
                controls.shown(http, table, live).await;
            }
        }
        Err(failed) => tracing::error!(
            channel = channel.get(),
            error = %failed.error,
            "Discord did not take a message; members see it with /board"
        ),
    }
}

/// Sends a reply meant for one member (`Reply::direct`) as a direct message. A member who
/// does not take direct messages from the server's members (Discord refuses 50007) is only
/// logged: the channel has the same news.
pub(super) async fn send_direct(http: &serenity::Http, controls: &Controls, reply: Reply) {
    let Some(user) = reply.direct.as_deref().and_then(|u| u.parse::<u64>().ok()) else {
        return;
    };
    let user = serenity::UserId::new(user);
    let later = Instant::now() + LATER_ANSWER;
    match retrying("dm", later, || user.create_dm_channel(http)).await {
        Ok(Some(dm)) => post(http, controls, dm.id, Outgoing::of(reply)).await,
        Ok(None) => {}
        Err(failed) => {
            tracing::info!(user = user.get(), error = %failed.error, "no direct message channel")
        }
    }
}

fn log_undelivered(what: &str, failed: &Undelivered) {
    tracing::warn!(what, failure = ?failed.failure, error = %failed.error, "Discord did not take an answer");
}

/// Runs `command` and answers `asked` with its replies. Work still running `defer_after`
/// after the interaction arrived is deferred first (Discord shows "thinking…").
pub(super) async fn answer(
    answering: &mut Answering<'_>,
    app: &Arc<App>,
    actor: Actor,
    command: Command,
    names: Vec<(String, String)>,
    defer_after: Duration,
) {
    let work = run(app, actor, command, names);
    tokio::pin!(work);
    let replies = if defer_after.is_zero() {
        answering.defer().await;
        work.await
    } else {
        tokio::select! {
            replies = &mut work => replies,
            _ = tokio::time::sleep_until((answering.received + defer_after).into()) => {
                answering.defer().await;
                work.await
            }
        }
    };
    answering.send(replies).await;
}
