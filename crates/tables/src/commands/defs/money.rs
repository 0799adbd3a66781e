//! Credits: `/balance`, `/daily`, `/give`, `/slots`, `/bet`.

use super::super::spec::{arg, command, need_arg, ranged, ArgKind, ArgSpec, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::cooldown::Rate;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// A required whole number (an amount, a seat).
fn required(lang: Lang, o: &mut Options, key: &str, command: &str) -> Result<i64, String> {
    Ok(number(lang, Some(need(lang, o, key, command)?), key)?.unwrap_or(0))
}

/// `/balance [user]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Balance {
    pub user: Option<String>,
}

impl Verb for Balance {
    const PATH: &'static str = "balance";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.show_balance(actor, self.user)
    }
}

impl Slash for Balance {
    const SPEC: CommandSpec = command("balance", &[arg("user", ArgKind::User)]);
    fn read(_: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Balance {
            user: take(o, "user"),
        })
    }
}

/// `/daily`: the day's free credits.
#[derive(Debug, Clone, PartialEq)]
pub struct Daily;

impl Verb for Daily {
    const PATH: &'static str = "daily";
    const RATE: Option<Rate> = Some(Rate::new("daily", 2, 10, true));
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.claim_daily(actor)
    }
}

impl Slash for Daily {
    const SPEC: CommandSpec = command("daily", &[]);
    fn read(_: Lang, _: &mut Options) -> Result<Self, String> {
        Ok(Daily)
    }
}

/// `/give user amount`.
#[derive(Debug, Clone, PartialEq)]
pub struct Give {
    pub user: String,
    pub amount: i64,
}

impl Verb for Give {
    const PATH: &'static str = "give";
    const RATE: Option<Rate> = Some(Rate::new("give", 3, 5, false));
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.give(actor, &self.user, self.amount)
    }
}

impl Slash for Give {
    const SPEC: CommandSpec = command(
        "give",
        &[
            need_arg("user", ArgKind::User),
            need_arg("amount", ArgKind::Credits),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Give {
            user: need(lang, o, "user", "give")?,
            amount: required(lang, o, "amount", "give")?,
        })
    }
}

/// `/slots [bet]`: a spin of the slot machine.
#[derive(Debug, Clone, PartialEq)]
pub struct Slots {
    pub bet: Option<i64>,
}

impl Verb for Slots {
    const PATH: &'static str = "slots";
    const RATE: Option<Rate> = Some(Rate::new("slots", 1, 3, true));
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.slots(actor, self.bet)
    }
}

impl Slash for Slots {
    const SPEC: CommandSpec = command("slots", &[arg("bet", ArgKind::Credits)]);
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Slots {
            bet: number(lang, take(o, "bet"), "bet")?,
        })
    }
}

/// `/bet seat amount [table]`: a side bet; `seat` counts from 1.
#[derive(Debug, Clone, PartialEq)]
pub struct Bet {
    pub table: Option<i64>,
    pub seat: i64,
    pub amount: i64,
}

impl Verb for Bet {
    const PATH: &'static str = "bet";
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        app.bet(call, actor, self.table, self.seat, self.amount)
    }
}

impl Slash for Bet {
    const SPEC: CommandSpec = command(
        "bet",
        &[
            ArgSpec {
                required: true,
                ..ranged("seat", 1, 4)
            },
            need_arg("amount", ArgKind::Credits),
            arg("table", ArgKind::Number),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Bet {
            seat: required(lang, o, "seat", "bet")?,
            amount: required(lang, o, "amount", "bet")?,
            table: number(lang, take(o, "table"), "table")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use super::*;
    use crate::Command;

    #[test]
    fn amounts_are_numbers_and_the_flooded_commands_have_rates() {
        assert_eq!(
            read("give user:42 amount:1,000"),
            Ok(Command::Give(Give {
                user: "42".into(),
                amount: 1000
            }))
        );
        assert!(read("give user:42 amount:lots").is_err());
        assert!(read("give amount:5").is_err());
        assert_eq!(
            read("bet seat:2 amount:10"),
            Ok(Command::Bet(Bet {
                table: None,
                seat: 2,
                amount: 10
            }))
        );
        for flooded in ["daily", "slots", "give user:1 amount:1"] {
            assert!(read(flooded).unwrap().rate().is_some(), "{flooded}");
        }
        assert!(read("balance").unwrap().rate().is_none());
    }
}
