//! What a member finds in a channel they opened the Discord Activity in (issue 54): their
//! seat at the table in play there, the table waiting for its players with its buttons, the
//! live page of a table they do not play at, or — in a free channel — the games they may
//! start. The front end asks only once Discord has confirmed that the member runs the
//! Activity in that very channel (its activity instance), so what is shown here is what the
//! channel itself shows them.

use super::commands::{PlayArgs, Press};
use super::replies::Control;
use super::{Command, Refusal, Reply};
use crate::ledger::tables::TableStatus;
use crate::{words, App, DROID};

/// What a channel holds for a member.
#[derive(Debug, Clone)]
pub enum Here {
    /// Their seat at the table in play: the token of a new link to its page.
    Seat(String),
    /// A table waiting for its players: its message, with the buttons to answer it.
    Waiting(Box<Reply>),
    /// A table in play they do not sit at: the token of its live page.
    Watch(String),
    /// No table: the games they may start here.
    Free(Vec<GameChoice>),
}

/// A game a member may start from the Activity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameChoice {
    pub id: &'static str,
    /// Its name in the member's language.
    pub name: String,
}

impl App {
    /// What `user` finds in `guild`'s `channel`, told in `lang`.
    pub fn here(
        &self,
        guild: &str,
        channel: &str,
        user: &str,
        lang: words::Lang,
    ) -> Result<Here, Refusal> {
        let Some(row) = self.ledger.active_table_for(guild, channel, user)? else {
            let games = self
                .catalogue
                .entries()
                .iter()
                .map(|e| GameChoice {
                    id: e.info.id,
                    name: words::game_name(lang, &e.info),
                })
                .collect();
            return Ok(Here::Free(games));
        };
        let seat = row.seats.iter().position(|u| u == user);
        Ok(match (row.status, seat) {
            (TableStatus::Playing, Some(seat)) => {
                Here::Seat(self.ledger.new_seat_link(row.id, seat, user, self.now())?)
            }
            (TableStatus::Playing, None) => Here::Watch(self.watch_token(row.id)?),
            _ => Here::Waiting(Box::new(self.tables().waiting_reply(lang, &row)?)),
        })
    }
}

impl Here {
    /// The command that starts `game` here: against the droid, or open to every member of
    /// the channel.
    pub fn start(game: &str, droid: bool) -> Command {
        Command::Play(PlayArgs {
            game: game.to_string(),
            opponent: droid.then(|| DROID.to_string()),
            ..PlayArgs::default()
        })
    }

    /// The command of a waiting table's button.
    pub fn press(control: Control) -> Command {
        Command::Press(Press { control })
    }
}
