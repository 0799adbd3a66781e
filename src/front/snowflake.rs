//! Discord's ids carry the time they were made (a snowflake: milliseconds since Discord's
//! epoch in the upper bits). The Discord front end reads an account's age through
//! serenity; the console, whose members may be named by Discord ids (to play the part of
//! Discord's members), reads it here. The tables only ever see the age
//! ([`crate::table::Actor::created`]).

/// Discord's epoch (2015-01-01 00:00 UTC), in milliseconds.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// When a Discord account was made (Unix seconds), read from its id; `None` for an id that
/// is not one (the console's players by name, the droid).
pub fn account_created(user: &str) -> Option<i64> {
    let id: u64 = user.parse().ok()?;
    let millis = i64::try_from(id >> 22).ok().filter(|&m| m > 0)?;
    Some((millis + DISCORD_EPOCH_MS) / 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_is_as_old_as_its_snowflake() {
        // Discord's documented example: 175928847299117063 was made 2016-04-30 11:18:25.796 UTC.
        assert_eq!(account_created("175928847299117063"), Some(1_462_015_105));
        // Not Discord ids: the console's players, the droid, small test ids, garbage.
        for user in [
            "alice",
            "droid",
            "100001",
            "",
            "-5",
            "99999999999999999999999",
        ] {
            assert_eq!(account_created(user), None, "{user}");
        }
    }

    #[test]
    fn serenity_reads_the_same_time() {
        let id = serenity::all::UserId::new(175_928_847_299_117_063);
        assert_eq!(
            Some(id.created_at().unix_timestamp()),
            account_created("175928847299117063")
        );
    }
}
