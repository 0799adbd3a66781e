//! `/notify on|off`: a member who is not watching the channel is told by direct message when
//! a table of the server waits for them. The table layer writes the message (in the
//! member's language) as a reply addressed to the member; each front end delivers it its
//! own way (Discord: a direct message; the console: a line for that user).

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use super::mine::place;
use super::{Actor, App, Outcome, Reply};
use crate::t;

/// Who asked for notifications, by server, as this process last read or wrote it. Every
/// move's reply pings a member, and asking the database each time cost a read per move;
/// the opt-ins of a server change only through `/notify`, which the server's own process
/// runs (as what members wear, [`super::shop::WornCache`]).
#[derive(Default)]
pub(crate) struct Notifying(Mutex<HashMap<String, HashSet<String>>>);

impl Notifying {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, HashSet<String>>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl App {
    /// `/notify on` or `/notify off`, for this server.
    pub(crate) fn set_notify(&self, actor: &Actor, on: bool) -> Outcome {
        let lang = actor.lang;
        self.ledger.set_notify(&actor.guild, &actor.user, on)?;
        self.notifying.lock().remove(&actor.guild);
        let id = if on { "notify-on" } else { "notify-off" };
        Ok(vec![Reply::private(t!(lang, id, who = &actor.name))])
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
                if !self.notifies(guild, user) {
                    continue;
                }
                told.push(user.clone());
                let text = t!(
                    self.lang_of(user),
                    "notify-turn",
                    who = self.name(guild, user),
                    table = table,
                    place = place(channel)
                );
                let mut dm = Reply::direct(user, text);
                dm.link = reply.link.clone();
                direct.push(dm);
            }
        }
        replies.extend(direct);
    }

    /// Whether `user` asked to be told in `guild`, from the cache or, the first time, the
    /// ledger (a failed read tells nobody, and is tried again next time).
    fn notifies(&self, guild: &str, user: &str) -> bool {
        if let Some(users) = self.notifying.lock().get(guild) {
            return users.contains(user);
        }
        match self.ledger.notifying(guild) {
            Ok(users) => {
                let users: HashSet<String> = users.into_iter().collect();
                let asked = users.contains(user);
                self.notifying.lock().insert(guild.to_string(), users);
                asked
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not read the notification settings");
                false
            }
        }
    }
}
