//! The fixed choices of slash command options. The games come from the catalogue: Discord
//! registers one choice per game, named in each language, whose value is the game's id (so a
//! new game, or a new order, never changes what an old registration sends).

use std::borrow::Cow;

use poise::serenity_prelude as serenity;

use crate::catalogue::{Entry, GAMES};
use crate::words::{self, Lang};

/// A game of `/play` and `/rules`.
#[derive(Debug, Clone, Copy)]
pub struct GameChoice(&'static Entry);

impl GameChoice {
    pub fn id(self) -> &'static str {
        self.0.info.id
    }
}

#[poise::async_trait]
impl poise::SlashArgument for GameChoice {
    async fn extract(
        _: &serenity::Context,
        _: &serenity::CommandInteraction,
        value: &serenity::ResolvedValue<'_>,
    ) -> Result<Self, poise::SlashArgError> {
        let serenity::ResolvedValue::String(id) = value else {
            return Err(poise::SlashArgError::new_command_structure_mismatch(
                "a game is chosen by its id",
            ));
        };
        GAMES
            .iter()
            .find(|e| e.info.id == *id)
            .map(GameChoice)
            .ok_or_else(|| {
                poise::SlashArgError::new_command_structure_mismatch("a game the bot does not have")
            })
    }

    fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
        GAMES.iter().fold(
            builder.kind(serenity::CommandOptionType::String),
            |builder, entry| {
                let localizations = Lang::ALL
                    .iter()
                    .filter(|&&l| l != Lang::En)
                    .map(|&l| (l.code(), words::game_name(l, &entry.info)));
                builder.add_string_choice_localized(
                    words::game_name(Lang::En, &entry.info),
                    entry.info.id,
                    localizations,
                )
            },
        )
    }

    fn choices() -> Cow<'static, [poise::CommandParameterChoice]> {
        Cow::Borrowed(&[])
    }
}
