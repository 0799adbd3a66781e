//! Per-member cooldowns: a member may use a command a few times in a row, then only as
//! fast as its rate refills. A held key, a script or a panicking double-click is slowed
//! down; a member who plays normally never meets it.
//!
//! Each (command, server, member) keeps one instant, the "theoretical arrival time" of the
//! generic cell rate algorithm: a use moves it one interval later, and a use is refused
//! while it lies more than `burst - 1` intervals ahead of now. One number per member and
//! command, no timers, and the refusal knows exactly how long to wait.

use std::collections::HashMap;
use std::sync::Mutex;

/// How often a command may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// The bucket the uses count in (commands may share one).
    pub bucket: &'static str,
    /// Uses allowed back to back.
    pub burst: i64,
    /// Seconds after which one more use is allowed.
    pub every: i64,
    /// Whether a refused use counts too: yes where the refusal is the answer a flood would
    /// get over and over (a claimed daily, a spin without credits), no where it is a
    /// mistyped option the member corrects.
    pub refusals: bool,
}

impl Rate {
    pub const fn new(bucket: &'static str, burst: i64, every: i64, refusals: bool) -> Rate {
        Rate {
            bucket,
            burst,
            every,
            refusals,
        }
    }
}

/// Where each member stands, by (bucket, server, member): the arrival time and the
/// interaction that last moved it.
#[derive(Default)]
pub struct Cooldowns {
    used: Mutex<HashMap<Key, (i64, String)>>,
}

/// (bucket, server, member).
type Key = (&'static str, String, String);

/// The past this far is forgotten when the map grows large.
const KEPT: usize = 100_000;

impl Cooldowns {
    /// Counts a use at `now`, or says how many seconds the member must still wait (nothing
    /// is counted then). The same interaction again (a retry of a use already counted) is
    /// not a new use.
    pub fn take(
        &self,
        rate: Rate,
        guild: &str,
        user: &str,
        interaction: &str,
        now: i64,
    ) -> Result<(), i64> {
        let key = (rate.bucket, guild.to_string(), user.to_string());
        let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        let (arrival, last) = used.get(&key).cloned().unwrap_or((now, String::new()));
        if !interaction.is_empty() && last == interaction {
            return Ok(());
        }
        let arrival = arrival.max(now);
        let ahead = arrival - now;
        let allowed = (rate.burst - 1) * rate.every;
        if ahead > allowed {
            return Err(ahead - allowed);
        }
        if used.len() > KEPT {
            used.retain(|_, (at, _)| *at > now);
        }
        used.insert(key, (arrival + rate.every, interaction.to_string()));
        Ok(())
    }

    /// Gives back the use `interaction` took, when the command was refused for another
    /// reason: a mistyped option costs the member nothing.
    pub fn give_back(&self, rate: Rate, guild: &str, user: &str, interaction: &str) {
        let key = (rate.bucket, guild.to_string(), user.to_string());
        let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((arrival, last)) = used.get_mut(&key) {
            if last == interaction {
                *arrival -= rate.every;
                last.clear();
            }
        }
    }
}

impl super::App {
    /// Runs a command unless it is rate-limited and used too soon (refused in the member's
    /// words, before anything happened). Only a use that succeeds is counted.
    pub(super) fn cooled(
        &self,
        call: &super::Call,
        actor: &super::Actor,
        command: super::Command,
    ) -> super::Outcome {
        let Some(rate) = command.rate() else {
            return self.run(call, actor, command);
        };
        self.cool_down(actor, rate)?;
        let outcome = self.run(call, actor, command);
        if outcome.is_err() && !rate.refusals {
            self.cooldowns
                .give_back(rate, &actor.guild, &actor.user, &actor.interaction);
        }
        outcome
    }

    fn cool_down(&self, actor: &super::Actor, rate: Rate) -> Result<(), super::Refusal> {
        let lang = actor.lang;
        let now = self.now();
        let taken = self
            .cooldowns
            .take(rate, &actor.guild, &actor.user, &actor.interaction, now);
        taken.map_err(|seconds| {
            let text = match rate.bucket {
                "slots" => crate::t!(lang, "slots-cooldown", seconds = seconds),
                bucket => crate::t!(
                    lang,
                    "cooldown-wait",
                    who = &actor.name,
                    command = bucket,
                    seconds = seconds
                ),
            };
            super::Refusal::Said(text)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPIN: Rate = Rate {
        bucket: "slots",
        burst: 1,
        every: 3,
        refusals: true,
    };
    const PLAY: Rate = Rate {
        bucket: "play",
        burst: 3,
        every: 20,
        refusals: false,
    };

    #[test]
    fn one_at_a_time_waits_the_whole_interval() {
        let c = Cooldowns::default();
        assert_eq!(c.take(SPIN, "g", "a", "1", 100), Ok(()));
        assert_eq!(c.take(SPIN, "g", "a", "2", 101), Err(2));
        assert_eq!(c.take(SPIN, "g", "a", "3", 102), Err(1));
        assert_eq!(c.take(SPIN, "g", "a", "4", 103), Ok(()));
    }

    #[test]
    fn a_burst_then_the_rate() {
        let c = Cooldowns::default();
        for i in 0..3 {
            assert_eq!(c.take(PLAY, "g", "a", &i.to_string(), 100), Ok(()));
        }
        assert_eq!(c.take(PLAY, "g", "a", "x", 100), Err(20));
        assert_eq!(c.take(PLAY, "g", "a", "y", 115), Err(5));
        assert_eq!(c.take(PLAY, "g", "a", "z", 120), Ok(()));
        assert_eq!(c.take(PLAY, "g", "a", "w", 121), Err(19));
        // A member who waited long enough has the whole burst again.
        for i in 0..3 {
            assert_eq!(c.take(PLAY, "g", "a", &format!("l{i}"), 1000), Ok(()));
        }
    }

    #[test]
    fn members_servers_and_buckets_are_apart_and_a_retry_is_free() {
        let c = Cooldowns::default();
        assert_eq!(c.take(SPIN, "g", "a", "1", 100), Ok(()));
        assert_eq!(
            c.take(SPIN, "g", "a", "1", 100),
            Ok(()),
            "the same interaction"
        );
        assert_eq!(c.take(SPIN, "g", "b", "2", 100), Ok(()));
        assert_eq!(c.take(SPIN, "h", "a", "3", 100), Ok(()));
        assert_eq!(c.take(PLAY, "g", "a", "4", 100), Ok(()));
        assert_eq!(c.take(SPIN, "g", "a", "5", 100), Err(3));
    }

    #[test]
    fn a_use_given_back_is_free_again() {
        let c = Cooldowns::default();
        assert_eq!(c.take(SPIN, "g", "a", "1", 100), Ok(()));
        c.give_back(SPIN, "g", "a", "1");
        assert_eq!(c.take(SPIN, "g", "a", "2", 100), Ok(()));
        // Only the interaction that took the use gives it back.
        c.give_back(SPIN, "g", "a", "1");
        assert_eq!(c.take(SPIN, "g", "a", "3", 101), Err(2));
    }
}
