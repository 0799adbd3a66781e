//! `[tables] threads`: a table in its own public thread of the channel.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::answer::{answer, post, run, send_direct, Answering, Asked};
use super::send::Outgoing;
use super::{actor_of, display_name, interaction, Context, Data, Error};
use crate::table::{Command, Reply};

/// `/play` and `/tournament create` with `[tables] threads`: the table (or the tournament,
/// all its rounds' tables) lives in a new public thread of the channel, which gets a short
/// announcement in the member's words. Opening a thread is a request of its own, which may
/// be slow, so Discord is told "thinking…" first. A refused command removes its thread
/// again; a thread that cannot be created (missing permission) leaves it in the channel.
pub(super) async fn in_new_thread(
    ctx: Context<'_>,
    command: Command,
    names: Vec<(String, String)>,
) -> Result<(), Error> {
    let asked = interaction(&ctx)?;
    let data = ctx.data();
    let _busy = data.inflight.enter();
    let http = ctx.http();
    let mut actor = actor_of(&ctx);
    let lang = actor.lang;
    let mut answering = Answering::new(
        http,
        &data.controls,
        Asked::Command(asked),
        &actor.name,
        lang,
    )
    .arrived(data.seen.arrived(asked.id.get()));
    answering.defer().await;
    // A channel the server keeps no tables in gets no thread either.
    let app = std::sync::Arc::clone(&data.app);
    let asking = actor.clone();
    if let Ok(Some(refusal)) = tokio::task::spawn_blocking(move || app.place_refusal(&asking)).await
    {
        answering.send(vec![refusal]).await;
        return Ok(());
    }
    let name = thread_name(&ctx, &command, &names);
    let thread = match open_thread(&ctx, name).await {
        Ok(thread) => thread,
        Err(e) => {
            tracing::warn!(error = %e, "could not open a thread; it stays in the channel");
            let app = &data.app;
            answer(&mut answering, app, actor, command, names, Duration::ZERO).await;
            return Ok(());
        }
    };
    let tournament = matches!(command, Command::TournamentCreate(_));
    actor.parent = Some(std::mem::replace(
        &mut actor.channel,
        thread.get().to_string(),
    ));
    let replies = run(&data.app, actor, command, names).await;
    let opened = replies.first().is_some_and(|r| !r.ephemeral);
    if !opened {
        if let Err(e) = thread.delete(http).await {
            tracing::warn!(error = %e, "could not remove the thread of a refused command");
        }
        answering.send(replies).await;
        return Ok(());
    }
    // A table's thread closes once its game is over (a refused command's thread is gone).
    if !tournament {
        data.controls.closing.made(thread);
    }
    let said = {
        let place = format!("<#{thread}>");
        if tournament {
            crate::t!(lang, "thread-tournament-in", thread = place.as_str())
        } else {
            crate::t!(lang, "thread-table-in", thread = place.as_str())
        }
    };
    announce_and_post(&mut answering, http, data, thread, replies, &said).await;
    Ok(())
}

/// A public thread of the command's channel, kept a week after its last message.
async fn open_thread(ctx: &Context<'_>, name: String) -> serenity::Result<serenity::ChannelId> {
    let thread = ctx
        .channel_id()
        .create_thread(
            ctx.http(),
            serenity::CreateThread::new(name)
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await?;
    Ok(thread.id)
}

/// The channel hears the first line of what was opened and `said` (where it lives); the
/// replies go to the thread, a direct message to its member.
async fn announce_and_post(
    answering: &mut Answering<'_>,
    http: &serenity::Http,
    data: &Data,
    thread: serenity::ChannelId,
    replies: Vec<Reply>,
    said: &str,
) {
    let first = super::marks::told(&replies[0].text);
    let headline = first.lines().next().unwrap_or_default();
    let announcement = Reply::public(crate::words::Text::words(format!("{headline}\n{said}")));
    answering.send(vec![announcement]).await;
    for reply in replies {
        if reply.direct.is_some() {
            send_direct(http, &data.controls, reply).await;
        } else {
            post(http, &data.controls, thread, Outgoing::of(reply)).await;
        }
    }
}

/// The thread's name: the game and its players, or the tournament and its game.
fn thread_name(ctx: &Context<'_>, command: &Command, names: &[(String, String)]) -> String {
    let data = ctx.data();
    let title = |game: &str| {
        data.app
            .catalogue()
            .find(game)
            .map_or_else(|| game.to_string(), |e| e.info.name.to_string())
    };
    let name = match command {
        Command::Play(args) => {
            let opponent = match &args.opponent {
                Some(id) => names
                    .iter()
                    .find(|(named, _)| named == id)
                    .map_or_else(|| id.clone(), |(_, name)| name.clone()),
                None => crate::t!(
                    crate::words::Lang::of(ctx.locale().unwrap_or_default()),
                    "thread-open-table"
                ),
            };
            format!(
                "{} · {} vs {opponent}",
                title(&args.game),
                display_name(ctx.author())
            )
        }
        Command::TournamentCreate(ask) => format!("{} · {}", title(&ask.game), ask.format),
        _ => display_name(ctx.author()),
    };
    name.chars().take(100).collect()
}
