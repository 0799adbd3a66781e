//! Every command, one unit each: its arguments, how it is read, what it does, and its
//! tests — grouped by the feature they belong to. A new command is a unit here and a line
//! in the list of `commands/mod.rs`.

mod admin;
mod history;
mod limits;
mod members;
mod money;
mod open;
mod oversight;
mod records;
mod shop;
mod table;
mod tournament;

pub use admin::{AdminChannel, AdminEnd, AdminGrant, AdminPrice, AdminSet};
pub use history::History;
pub use limits::Limits;
pub use members::{Help, Leaderboard, Notify, Stats};
pub use money::{Balance, Bet, Daily, Give, Slots};
pub use open::PlayArgs;
pub use oversight::{AdminLog, AdminReset, AdminTake};
pub use records::{Replay, Rules, Verify};
pub use shop::{Buy, Equip, Inventory, Shop};
pub use table::{Board, Decision, Draw, Move, Pick, Press, Resign, Tables, Takeback};
pub use tournament::{TournamentCancel, TournamentJoin, TournamentShow};

/// The groups of subcommands, whose units' paths begin with the group's name.
pub(super) const GROUPS: &[super::spec::CommandSpec] = &[tournament::GROUP, admin::GROUP];

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
    fn every_unit_is_listed_once_and_a_group_gathers_its_subcommands() {
        let listed = super::super::listed();
        let mut paths: Vec<String> = listed
            .iter()
            .flat_map(|spec| {
                let subs = spec.subcommands.iter();
                let named: Vec<String> = match spec.name {
                    // `/notify` reads its actions itself: one unit.
                    "notify" => vec!["notify".into()],
                    group if spec.subcommands.is_empty() => vec![group.into()],
                    group => subs.map(|s| format!("{group} {}", s.name)).collect(),
                };
                named
            })
            .collect();
        let mut units: Vec<String> = Command::SLASH.iter().map(|(p, _)| p.to_string()).collect();
        paths.sort();
        units.sort();
        assert_eq!(paths, units);
        let admin = listed.iter().find(|s| s.name == "admin").unwrap();
        assert!(admin.admin);
        assert_eq!(admin.subcommands.len(), 8);
        // The order members see: `/play` first, `/admin` last.
        assert_eq!(listed.first().map(|s| s.name), Some("play"));
        assert_eq!(listed.last().map(|s| s.name), Some("admin"));
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
