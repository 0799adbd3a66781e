//! Buttons and menus, answered like commands.

use poise::serenity_prelude as serenity;

use super::answer::{answer, Answering, Asked};
use super::{has_manage_guild, joined, member_name, Data, Error};
use crate::table::commands::{Pick, Press};
use crate::table::{Actor, Command, Reply};
use crate::words::Lang;

/// A button press or menu choice, answered like a command.
pub(super) async fn component(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let control = super::custom_ids::read(&interaction.data.custom_id);
    let menu = matches!(
        &interaction.data.kind,
        serenity::ComponentInteractionDataKind::StringSelect { .. }
    );
    let command = match (&interaction.data.kind, control) {
        (serenity::ComponentInteractionDataKind::StringSelect { values }, Some(control)) => {
            Some(Command::Pick(Pick {
                control,
                value: values.first().cloned().unwrap_or_default(),
            }))
        }
        (_, Some(control)) => Some(Command::Press(Press { control })),
        (_, None) => None,
    };
    let actor = Actor {
        guild: super::server_of(
            interaction.guild_id,
            &interaction.authorizing_integration_owners,
        ),
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
        .arrived(data.seen.arrived(interaction.id.get()))
        .launching(data.activity);
    let Some(command) = command else {
        // Not one of this bot's components: said so, and nothing else done.
        let foreign = if menu {
            "menu-foreign"
        } else {
            "button-foreign"
        };
        answering
            .send(vec![Reply::private(crate::t!(actor.lang, foreign))])
            .await;
        return Ok(());
    };
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
