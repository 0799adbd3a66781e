//! `[tables] threads`: a table in its own public thread of the channel.

use poise::serenity_prelude as serenity;

use super::send::{run, send_replies, Asked, Outgoing};
use super::{actor_of, dispatch, display_name, interaction, Context, Error};
use crate::table::{Command, Reply};

/// `/play` with `[tables] threads`: the table lives in a new public thread of the channel,
/// which gets a short announcement. A refused `/play` removes its thread again; a thread that
/// cannot be created (missing permission) leaves the table in the channel.
pub(super) async fn play_in_thread(
    ctx: Context<'_>,
    args: crate::table::PlayArgs,
) -> Result<(), Error> {
    let asked = interaction(&ctx)?;
    let data = ctx.data();
    let _busy = data.inflight.enter();
    let http = ctx.http();
    let opponent = match args.opponent.clone() {
        Some(id) => super::blocking(&data.app, move |app| app.name(&id))
            .await
            .unwrap_or_default(),
        None => "open table".into(),
    };
    let title = data
        .app
        .catalogue()
        .find(&args.game)
        .map_or(args.game.as_str(), |e| e.info.name);
    let name: String = format!("{title} · {} vs {opponent}", display_name(ctx.author()))
        .chars()
        .take(100)
        .collect();
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
            tracing::warn!(error = %e, "could not open a thread; the table stays in the channel");
            return dispatch(ctx, Command::Play(args)).await;
        }
    };
    let mut actor = actor_of(&ctx);
    actor.channel = thread.id.get().to_string();
    let replies = run(&data.app, actor, Command::Play(args)).await;
    let opened = replies.first().is_some_and(|r| !r.ephemeral);
    if !opened {
        if let Err(e) = thread.id.delete(http).await {
            tracing::warn!(error = %e, "could not remove the thread of a refused /play");
        }
        return send_replies(http, Asked::Command(asked), replies, false).await;
    }
    let headline = replies[0]
        .text
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let announcement = Reply::public(format!("{headline}\nThe table is in <#{}>.", thread.id));
    send_replies(http, Asked::Command(asked), vec![announcement], false).await?;
    for reply in replies {
        thread
            .id
            .send_message(http, Outgoing::of(reply).message())
            .await?;
    }
    Ok(())
}
