//! A server's lobby page: its live tables (each linked to its own page), its recent results
//! and its leaderboard. A server shows one only when its admin turns it on, channel by
//! channel (`/admin set setting:web_lobby value:1`, run in the channel whose tables it
//! shows); turning the last channel off makes its link open nothing.

use super::{Actor, App, Outcome, Refusal, Reply};
use crate::ledger::ratings::Board;
use crate::ledger::tables::{TableRow, TableStatus};
use crate::words::Text;
use crate::{t, words};

/// The admin setting that turns a server's lobby page on (1) or off (0).
pub const WEB_LOBBY: &str = "web_lobby";

/// How many finished tables the lobby lists.
const RECENT: i64 = 10;

/// A server's lobby, in `lang`.
#[derive(Debug, Clone, PartialEq)]
pub struct Lobby {
    /// Open and playing tables.
    pub tables: Vec<LobbyTable>,
    /// The last tables that finished, newest first.
    pub recent: Vec<LobbyTable>,
    /// The richest members: rank, name as written, credits.
    pub leaders: Vec<(usize, String, i64)>,
    /// When the lobby was read (Unix seconds): the moment its moments are told from.
    pub now: i64,
}

/// One table in a lobby.
#[derive(Debug, Clone, PartialEq)]
pub struct LobbyTable {
    pub table: i64,
    pub game: String,
    /// The players, as a list in words.
    pub players: Text,
    /// Whose turn it is, or the result.
    pub state: Text,
    /// The token of the table's own page.
    pub token: String,
}

impl App {
    /// `/admin set setting:web_lobby value:0|1`.
    pub(crate) fn admin_lobby(&self, actor: &Actor, value: i64) -> Outcome {
        let lang = actor.lang;
        Self::require_admin(actor)?;
        // The channel (a thread counts as its channel) whose tables the answer opens or
        // closes to the web: nothing of a channel shows where its members did not choose.
        let here = actor.parent.as_deref().unwrap_or(&actor.channel);
        match value {
            0 => {
                if self.ledger.set_lobby_channel(&actor.guild, here, false)? == 0 {
                    self.ledger.close_lobby(&actor.guild)?;
                    return Ok(vec![Reply::private(t!(lang, "admin-lobby-off"))]);
                }
                Ok(vec![Reply::private(t!(lang, "admin-lobby-channel-off"))])
            }
            1 => {
                let Some(base) = self.settings.public_url.as_deref() else {
                    return Err(Refusal::Said(t!(lang, "admin-lobby-unavailable")));
                };
                self.ledger.set_lobby_channel(&actor.guild, here, true)?;
                let token = self.ledger.lobby_token(&actor.guild)?;
                Ok(vec![Reply::private(t!(
                    lang,
                    "admin-lobby-on",
                    url = format!("{}/s/{token}", base.trim_end_matches('/'))
                ))])
            }
            _ => Err(Refusal::Said(t!(lang, "admin-lobby-value", value = value))),
        }
    }

    /// The lobby `token` opens, in `lang`; `None` when it opens none.
    pub fn lobby(&self, token: &str, lang: words::Lang) -> Result<Option<Lobby>, Refusal> {
        let Some(guild) = self.ledger.guild_by_lobby_token(token)? else {
            return Ok(None);
        };
        {
            let (active, ended) = self.ledger.lobby_tables(&guild, RECENT)?;
            let leaders = self
                .ledger
                .leaderboard(&guild, &Board::Credits, "")?
                .top
                .into_iter()
                .map(|r| (r.rank, self.plain_name(&guild, &r.user), r.value as i64))
                .collect();
            Ok(Some(Lobby {
                tables: active
                    .iter()
                    .map(|row| self.lobby_table(lang, row))
                    .collect::<Result<_, _>>()?,
                recent: ended
                    .iter()
                    .map(|row| self.lobby_table(lang, row))
                    .collect::<Result<_, _>>()?,
                leaders,
                now: self.now(),
            }))
        }
    }

    fn lobby_table(&self, lang: crate::words::Lang, row: &TableRow) -> Result<LobbyTable, Refusal> {
        let entry = self.entry(row)?;
        let state = match row.status {
            TableStatus::Open => t!(
                lang,
                "watch-waiting",
                seated = row.seats.len(),
                seats = row.terms.seats
            ),
            TableStatus::Playing => self
                .tables()
                .turn_line(lang, row, &self.progress(lang, row)?),
            _ => row.result.clone().unwrap_or_default(),
        };
        Ok(LobbyTable {
            table: row.id,
            game: words::game_name(lang, &entry.info),
            players: Text::from(words::list(lang, &self.tables().seat_names(row))),
            state: Text::from(state),
            token: self.ledger.watch_token(row.id)?,
        })
    }
}
