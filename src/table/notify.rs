//! `/notify on|off`: a member who is not watching the channel is told by direct message when
//! a table of the server waits for them. The table layer writes the message (in the
//! member's language) as a reply addressed to the member; each front end delivers it its
//! own way (Discord: a direct message; the console: a line for that user).

use super::mine::place;
use super::{Actor, App, Outcome, Reply};
use crate::t;

impl App {
    /// `/notify on` or `/notify off`, for this server.
    pub(crate) fn set_notify(&self, actor: &Actor, on: bool) -> Outcome {
        self.ledger.set_notify(&actor.guild, &actor.user, on)?;
        let id = if on { "notify-on" } else { "notify-off" };
        Ok(vec![Reply::private(t!(id, who = &actor.name))])
    }

    /// Adds to `replies` a direct message for each member they ping about a table who asked
    /// for one, except `actor` (who is looking at the answer already). `channel` is where the
    /// replies are posted.
    pub(crate) fn tell_directly(
        &self,
        guild: &str,
        channel: &str,
        actor: Option<&str>,
        replies: &mut Vec<Reply>,
    ) {
        let mut told: Vec<String> = Vec::new();
        let mut direct = Vec::new();
        for reply in replies.iter().filter(|r| !r.ephemeral) {
            let Some(table) = reply.table else {
                continue;
            };
            for user in &reply.mentions {
                if Some(user.as_str()) == actor || told.contains(user) {
                    continue;
                }
                match self.ledger.notifies(guild, user) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(e) => {
                        tracing::warn!(error = %e, "could not read a notification setting");
                        continue;
                    }
                }
                told.push(user.clone());
                let text = crate::words::speaking(self.lang_of(user), || {
                    t!(
                        "notify-turn",
                        who = self.name(user),
                        table = table,
                        place = place(channel)
                    )
                });
                let mut dm = Reply::direct(user, text);
                dm.link = reply.link.clone();
                direct.push(dm);
            }
        }
        replies.extend(direct);
    }
}
