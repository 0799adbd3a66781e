//! Buttons and menus, answered like commands.

use poise::serenity_prelude as serenity;

use super::answer::{answer, Answering, Asked};
use super::{has_manage_guild, joined, member_name, Data, Error};
use crate::table::commands::{Pick, Press};
use crate::table::{Actor, Command};
use crate::words::Lang;

/// A button press or menu choice, answered like a command.
pub(super) async fn component(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let command = match &interaction.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => Command::Pick(Pick {
            custom_id: interaction.data.custom_id.clone(),
            value: values.first().cloned().unwrap_or_default(),
        }),
        _ => Command::Press(Press {
            custom_id: interaction.data.custom_id.clone(),
        }),
    };
    let actor = Actor {
        guild: interaction
            .guild_id
            .map(|g| g.get().to_string())
            .unwrap_or_else(|| "dm".into()),
        channel: interaction.channel_id.get().to_string(),
        parent: super::thread_parent(interaction.channel.as_ref()),
        user: interaction.user.id.get().to_string(),
        name: member_name(
            interaction.member.as_ref().and_then(|m| m.nick.as_deref()),
            &interaction.user,
        ),
        interaction: interaction.id.get().to_string(),
        admin: has_manage_guild(interaction.member.as_ref()),
        lang: Lang::of(&interaction.locale),
        joined: joined(interaction.member.as_ref()),
        created: Some(interaction.user.id.created_at().unix_timestamp()),
    };
    let _busy = data.inflight.enter();
    let asked = Asked::Component(interaction);
    let mut answering = Answering::new(&ctx.http, &data.controls, asked, &actor.name, actor.lang)
        .arrived(data.seen.arrived(interaction.id.get()));
    let app = &data.app;
    answer(
        &mut answering,
        app,
        actor,
        command,
        Vec::new(),
        data.defer_after,
    )
    .await;
    Ok(())
}
