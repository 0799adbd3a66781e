//! The fixed choices of slash command options. The games come from the catalogue: Discord
//! registers one choice per game (its name; the value is its place in the list).

use std::borrow::Cow;

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

impl poise::ChoiceParameter for GameChoice {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        Cow::Owned(
            GAMES
                .iter()
                .map(|entry| poise::CommandParameterChoice {
                    name: Cow::Owned(words::speaking(Lang::En, || words::game_name(&entry.info))),
                    localizations: Cow::Owned(
                        Lang::ALL
                            .iter()
                            .filter(|&&l| l != Lang::En)
                            .map(|&l| {
                                let name = words::speaking(l, || words::game_name(&entry.info));
                                (Cow::Borrowed(l.code()), Cow::Owned(name))
                            })
                            .collect(),
                    ),
                    __non_exhaustive: (),
                })
                .collect(),
        )
    }

    fn from_index(index: usize) -> Option<Self> {
        GAMES.get(index).map(GameChoice)
    }

    fn from_name(name: &str) -> Option<Self> {
        GAMES
            .iter()
            .find(|e| e.info.name.eq_ignore_ascii_case(name) || e.info.answers_to(name))
            .map(GameChoice)
    }

    fn name(&self) -> &'static str {
        self.0.info.name
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// Who moves first.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FirstChoice {
    #[name = "me"]
    Me,
    #[name = "them"]
    Them,
    #[name = "random"]
    Random,
}
