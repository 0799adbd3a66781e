//! `[tables] threads`: a table in its own public thread of the channel.

use poise::serenity_prelude as serenity;

use super::send::{run, send_replies, Asked, Outgoing};
use super::{actor_of, dispatch, display_name, interaction, Context, Error};
use crate::table::{Command, Reply};

/// `/play` and `/tournament create` with `[tables] threads`: the table (or the tournament,
/// all its rounds' tables) lives in a new public thread of the channel, which gets a short
/// announcement in the member's words. A refused command removes its thread again; a
/// thread that cannot be created (missing permission) leaves it in the channel.
pub(super) async fn in_new_thread(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let asked = interaction(&ctx)?;
    let data = ctx.data();
    let _busy = data.inflight.enter();
    let http = ctx.http();
    let lang = crate::words::Lang::of(&asked.locale);
    let name = thread_name(&ctx, &command).await;
    let thread = match ctx
        .channel_id()
        .create_thread(
            http,
            serenity::CreateThread::new(name)
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await
    {
        Ok(thread) => thread,
        Err(e) => {
            tracing::warn!(error = %e, "could not open a thread; it stays in the channel");
            return dispatch(ctx, command).await;
        }
    };
    let tournament = matches!(command, Command::TournamentCreate(_));
    let mut actor = actor_of(&ctx);
    actor.channel = thread.id.get().to_string();
    let replies = run(&data.app, actor, command).await;
    let opened = replies.first().is_some_and(|r| !r.ephemeral);
    if !opened {
        if let Err(e) = thread.id.delete(http).await {
            tracing::warn!(error = %e, "could not remove the thread of a refused command");
        }
        return send_replies(http, Asked::Command(asked), replies, false).await;
    }
    let headline = replies[0]
        .text
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let place = format!("<#{}>", thread.id);
    let said = crate::words::speaking(lang, || {
        if tournament {
            crate::t!("thread-tournament-in", thread = place.as_str())
        } else {
            crate::t!("thread-table-in", thread = place.as_str())
        }
    });
    let announcement = Reply::public(format!("{headline}\n{said}"));
    send_replies(http, Asked::Command(asked), vec![announcement], false).await?;
    for reply in replies {
        thread
            .id
            .send_message(http, Outgoing::of(reply).message())
            .await?;
    }
    Ok(())
}

/// The thread's name: the game and its players, or the tournament and its game.
async fn thread_name(ctx: &Context<'_>, command: &Command) -> String {
    let data = ctx.data();
    let title = |game: &str| {
        data.app
            .catalogue()
            .find(game)
            .map_or_else(|| game.to_string(), |e| e.info.name.to_string())
    };
    let name = match command {
        Command::Play(args) => {
            let opponent = match args.opponent.clone() {
                Some(id) => super::blocking(&data.app, move |app| app.name(&id))
                    .await
                    .unwrap_or_default(),
                None => "open table".into(),
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
