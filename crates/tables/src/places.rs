//! Where a server's tables may be opened (`/admin channel`): admins who want games kept to
//! a channel or two list them; a server that lists none has tables in every channel. A
//! thread counts as the channel it is in, so a table in its own thread (`[tables] threads`)
//! and a rematch pressed in that thread are where the channel is.

use super::mine::place;
use super::{Actor, Refusal, Reply};
use crate::play::Tables;
use crate::t;

/// A channel as a member may type it: `<#123>` (as Discord writes a mention), `#games`, or
/// the bare id or name.
pub(crate) fn channel_id(typed: &str) -> &str {
    let typed = typed.trim();
    typed
        .strip_prefix("<#")
        .and_then(|rest| rest.strip_suffix('>'))
        .or_else(|| typed.strip_prefix('#'))
        .unwrap_or(typed)
}

/// The listed channels, comma-separated.
pub(crate) fn listed(channels: &[String]) -> String {
    channels
        .iter()
        .map(|c| place(c))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Tables<'_> {
    /// Refuses to open a table where the server's admins did not allow them.
    pub(crate) fn check_place(&self, actor: &Actor) -> Result<(), Refusal> {
        let lang = actor.lang;
        let allowed = self.app.ledger.table_channels(&actor.guild)?;
        let here = actor.parent.as_deref().unwrap_or(&actor.channel);
        if allowed.is_empty() || allowed.iter().any(|c| c == here) {
            return Ok(());
        }
        Err(Refusal::Said(t!(
            lang,
            "channel-no-tables",
            who = &actor.name,
            channels = listed(&allowed)
        )))
    }

    /// Why `actor` may not open a table here, in their words; `None` when they may. A front
    /// end that makes a place for the table first (a thread) asks before making it.
    pub(crate) fn place_refusal(&self, actor: &Actor) -> Option<Reply> {
        self.check_place(actor)
            .err()
            .map(|refusal| Reply::private(refusal.told(actor.lang)))
    }
}

#[cfg(test)]
mod tests {
    use super::channel_id;

    #[test]
    fn a_channel_is_read_as_discord_or_a_member_writes_it() {
        assert_eq!(channel_id("<#123>"), "123");
        assert_eq!(channel_id("#games"), "games");
        assert_eq!(channel_id(" 123 "), "123");
        assert_eq!(channel_id("games"), "games");
        assert_eq!(channel_id("<#>"), "");
    }
}
