//! What goes wrong around a command, told to the member in their words and to the operator
//! in detail. Nothing here shows a member Discord's or serenity's own error text: a
//! transport error means nothing to a player, and the answers already went out as well as
//! Discord allowed (see `answer.rs`).

use super::answer::{Answering, Asked};
use super::{Data, Error};
use crate::table::Reply;
use crate::words::Lang;

/// poise's error handler for every command.
pub(super) async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    use poise::FrameworkError as E;
    match error {
        // A command's own failure: its answer was delivered as well as Discord allowed.
        E::Command { error, ctx, .. } => {
            tracing::warn!(command = %ctx.command().name, error = %error, "a command failed");
        }
        E::CommandPanic { payload, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, payload = ?payload, "a command panicked");
            tell(ctx, "error-internal", None).await;
        }
        E::ArgumentParse {
            ctx, input, error, ..
        } => {
            tracing::info!(command = %ctx.command().name, error = %error, "an option did not parse");
            tell(ctx, "discord-option-invalid", input.as_deref()).await;
        }
        E::CommandStructureMismatch {
            ctx, description, ..
        } => {
            tracing::warn!(command = %ctx.command().name, description, "a command's registered form differs");
            tell(
                poise::Context::Application(ctx),
                "discord-command-outdated",
                None,
            )
            .await;
        }
        E::MissingBotPermissions { ctx, .. }
        | E::MissingUserPermissions { ctx, .. }
        | E::NotAnOwner { ctx, .. }
        | E::GuildOnly { ctx, .. }
        | E::DmOnly { ctx, .. }
        | E::NsfwOnly { ctx, .. }
        | E::CommandCheckFailed { ctx, .. } => {
            tell(ctx, "discord-command-not-allowed", None).await;
        }
        other => tracing::warn!(error = %other, "a framework error"),
    }
}

/// Answers the interaction privately with the message `id` in the member's words.
async fn tell(ctx: super::Context<'_>, id: &str, option: Option<&str>) {
    let poise::Context::Application(app) = ctx else {
        return;
    };
    let interaction = app.interaction;
    let lang = Lang::of(&interaction.locale);
    let text = match option {
        Some(option) => crate::t!(lang, id, option = option),
        None => crate::t!(lang, id),
    };
    let who = super::display_name(&interaction.user);
    let mut answering = Answering::new(
        ctx.http(),
        &ctx.data().controls,
        Asked::Command(interaction),
        &who,
        lang,
    )
    .arrived(ctx.data().seen.arrived(interaction.id.get()));
    answering.send(vec![Reply::private(text)]).await;
}
