//! Every command, one unit each: its arguments, how it is read, what it does, and its
//! tests — grouped by the feature they belong to. A new command is a unit here and a line
//! in the list of `commands/mod.rs`.

pub(super) mod admin;
mod members;
mod money;
mod open;
mod records;
mod shop;
mod table;
pub(super) mod tournament;

pub use admin::{AdminChannel, AdminEnd, AdminGrant, AdminPrice, AdminSet};
pub use members::{Help, Leaderboard, Notify, Stats};
pub use money::{Balance, Bet, Daily, Give, Slots};
pub use open::PlayArgs;
pub use records::{Replay, Rules, Verify};
pub use shop::{Buy, Equip, Inventory, Shop};
pub use table::{Board, Decision, Draw, Move, Pick, Press, Resign, Tables};
pub use tournament::{TournamentCancel, TournamentJoin, TournamentShow};

#[cfg(test)]
mod tests {
    use super::super::{parse, Command};
    use crate::words::Lang;

    /// `name key:value …` read as the console reads it.
    pub(super) fn read(line: &str) -> Result<Command, String> {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap_or_default();
        let options = words
            .map(|w| {
                let (k, v) = w.split_once(':').unwrap_or((w, ""));
                (k.to_string(), v.to_string())
            })
            .collect();
        parse(Lang::En, name, &options)
    }

    #[test]
    fn every_slash_command_reads_back_to_its_own_name() {
        for line in [
            "play game:dejarik",
            "move action:a1-b2",
            "board",
            "balance",
            "give user:1 amount:5",
            "admin action:grant user:1 amount:5",
            "tournament action:join",
            "notify action:off",
        ] {
            let command = read(line).unwrap();
            let name = line.split_whitespace().next().unwrap();
            assert!(
                command.name().starts_with(name),
                "{line}: {}",
                command.name()
            );
        }
    }
}
