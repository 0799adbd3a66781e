//! Sending the application layer's replies to Discord: one builder for every way serenity
//! sends a message, and the answer to an interaction, deferred when the work is slow.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::Error;
use crate::table::{Actor, App, Command, Reply, Style};

/// Runs a command on the blocking pool and returns its replies.
pub(super) async fn run(app: &Arc<App>, actor: Actor, command: Command) -> Vec<Reply> {
    let app = Arc::clone(app);
    tokio::task::spawn_blocking(move || app.handle(&actor, command))
        .await
        .unwrap_or_else(|e| vec![Reply::private(format!("internal error: {e}"))])
}

fn button_style(style: Style) -> serenity::ButtonStyle {
    match style {
        Style::Primary => serenity::ButtonStyle::Primary,
        Style::Secondary => serenity::ButtonStyle::Secondary,
        Style::Success => serenity::ButtonStyle::Success,
        Style::Danger => serenity::ButtonStyle::Danger,
    }
}

/// The components of a reply: one row of buttons, one row with the move menu, and one with
/// the link to the table's live page.
fn components(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    let mut rows = Vec::new();
    if !reply.buttons.is_empty() {
        rows.push(serenity::CreateActionRow::Buttons(
            reply
                .buttons
                .iter()
                .take(5)
                .map(|b| {
                    serenity::CreateButton::new(b.custom_id.clone())
                        .label(b.label.clone())
                        .style(button_style(b.style))
                })
                .collect(),
        ));
    }
    if let Some(select) = &reply.select {
        let options = select
            .choices
            .iter()
            .take(25)
            .map(|c| serenity::CreateSelectMenuOption::new(c.clone(), c.clone()))
            .collect();
        rows.push(serenity::CreateActionRow::SelectMenu(
            serenity::CreateSelectMenu::new(
                select.custom_id.clone(),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(select.placeholder.clone()),
        ));
    }
    if let Some(link) = &reply.link {
        rows.push(serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new_link(link.url.clone()).label(link.label.clone()),
        ]));
    }
    rows
}

/// Discord's limit for message content.
const CONTENT_LIMIT: usize = 2000;

/// One reply in Discord's terms. Serenity has a distinct builder for each way of sending a
/// message; all of them are made from this one value.
pub(super) struct Outgoing {
    content: String,
    ephemeral: bool,
    components: Vec<serenity::CreateActionRow>,
    files: Vec<serenity::CreateAttachment>,
    /// Exactly who may be pinged (Discord's `allowed_mentions`): nobody else, never
    /// `@everyone` or a role, whatever the text says.
    pings: Vec<serenity::UserId>,
}

impl Outgoing {
    /// The reply in Discord's terms; its images move into the attachments (a board is
    /// ~80 KB, and a burst of answers holds one copy each, not two).
    pub(super) fn of(mut reply: Reply) -> Outgoing {
        let pings: Vec<serenity::UserId> = reply
            .mentions
            .iter()
            .filter_map(|u| u.parse::<u64>().ok().filter(|&id| id != 0))
            .map(serenity::UserId::new)
            .collect();
        if !pings.is_empty() && !reply.ephemeral {
            let tags: Vec<String> = pings.iter().map(|id| format!("<@{id}>")).collect();
            reply.text = format!("{} {}", tags.join(" "), reply.text);
        }
        let content = if reply.text.chars().count() <= CONTENT_LIMIT {
            std::mem::take(&mut reply.text)
        } else {
            reply
                .text
                .chars()
                .take(CONTENT_LIMIT - 1)
                .collect::<String>()
                + "…"
        };
        Outgoing {
            content,
            ephemeral: reply.ephemeral,
            components: components(&reply),
            files: reply
                .images
                .into_iter()
                .map(|i| serenity::CreateAttachment::bytes(i.bytes, i.name))
                .collect(),
            pings,
        }
    }

    fn allowed(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new().users(self.pings.clone())
    }

    fn response(self) -> serenity::CreateInteractionResponse {
        let message = serenity::CreateInteractionResponseMessage::new()
            .allowed_mentions(self.allowed())
            .content(self.content)
            .ephemeral(self.ephemeral)
            .components(self.components)
            .files(self.files);
        serenity::CreateInteractionResponse::Message(message)
    }

    fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        serenity::CreateInteractionResponseFollowup::new()
            .allowed_mentions(self.allowed())
            .content(self.content)
            .ephemeral(self.ephemeral)
            .components(self.components)
            .files(self.files)
    }

    fn edit(self) -> serenity::EditInteractionResponse {
        let allowed = self.allowed();
        self.files.into_iter().fold(
            serenity::EditInteractionResponse::new()
                .allowed_mentions(allowed)
                .content(self.content)
                .components(self.components),
            |edit, file| edit.new_attachment(file),
        )
    }

    pub(super) fn message(self) -> serenity::CreateMessage {
        serenity::CreateMessage::new()
            .allowed_mentions(self.allowed())
            .content(self.content)
            .components(self.components)
            .files(self.files)
    }
}

/// The interaction being answered: a slash command or a button/menu.
#[derive(Clone, Copy)]
pub(super) enum Asked<'a> {
    Command(&'a serenity::CommandInteraction),
    Component(&'a serenity::ComponentInteraction),
}

impl Asked<'_> {
    async fn respond(self, http: &serenity::Http, reply: Outgoing) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_response(http, reply.response()).await,
            Asked::Component(i) => i.create_response(http, reply.response()).await,
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

    async fn follow(self, http: &serenity::Http, reply: Outgoing) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_followup(http, reply.followup()).await.map(drop),
            Asked::Component(i) => i.create_followup(http, reply.followup()).await.map(drop),
        }
    }

    async fn edit(self, http: &serenity::Http, reply: Outgoing) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.edit_response(http, reply.edit()).await.map(drop),
            Asked::Component(i) => i.edit_response(http, reply.edit()).await.map(drop),
        }
    }

    async fn delete(self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.delete_response(http).await,
            Asked::Component(i) => i.delete_response(http).await,
        }
    }
}

/// Runs `command` and answers `asked` with its replies: the first answers the interaction,
/// the others follow it. Work still running after `defer_after` is deferred first; its
/// first reply then replaces the "thinking…" placeholder, or, when it is private (a refusal),
/// the public placeholder is deleted and the reply follows privately, because the first
/// followup of a public deferral cannot be ephemeral.
pub(super) async fn answer(
    http: &serenity::Http,
    asked: Asked<'_>,
    app: &Arc<App>,
    actor: Actor,
    command: Command,
    defer_after: Duration,
) -> Result<(), Error> {
    let work = run(app, actor, command);
    tokio::pin!(work);
    let mut deferred = false;
    let replies = if defer_after.is_zero() {
        asked.defer(http).await?;
        deferred = true;
        work.await
    } else {
        tokio::select! {
            replies = &mut work => replies,
            _ = tokio::time::sleep(defer_after) => {
                asked.defer(http).await?;
                deferred = true;
                work.await
            }
        }
    };
    send_replies(http, asked, replies, deferred).await
}

pub(super) async fn send_replies(
    http: &serenity::Http,
    asked: Asked<'_>,
    replies: Vec<Reply>,
    deferred: bool,
) -> Result<(), Error> {
    for (i, reply) in replies.into_iter().enumerate() {
        let reply = Outgoing::of(reply);
        match (i, deferred) {
            (0, false) => asked.respond(http, reply).await?,
            (0, true) if reply.ephemeral => {
                asked.delete(http).await?;
                asked.follow(http, reply).await?;
            }
            (0, true) => asked.edit(http, reply).await?,
            _ => asked.follow(http, reply).await?,
        }
    }
    Ok(())
}
