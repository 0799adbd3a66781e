//! Credits: `/balance`, `/daily`, `/give`, `/slots`, `/bet`.

use super::super::spec::{arg, command, need_arg, ranged, ArgKind, ArgSpec, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::cooldown::Rate;
use crate::ledger::calendar::Day;
use crate::refusal::Refusal;
use crate::replies::Reply;
use crate::t;
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
        let user = self.user;
        let lang = actor.lang;
        app.ensure_member(actor)?;
        let user = user.unwrap_or_else(|| actor.user.clone());
        let b = app.ledger.balance(&actor.guild, &user)?;
        Ok(vec![Reply::public(t!(
            lang,
            "balance",
            who = app.name(&actor.guild, &user),
            credits = b.credits,
            tokens = b.tokens,
            commitment = &b.slot_commitment
        ))])
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
        let lang = actor.lang;
        app.check_switch(actor, crate::controls::Switch::Daily)?;
        app.tables().check_fair_play(actor, "/daily")?;
        app.ensure_member(actor)?;
        let now = app.now();
        let claim = app.ledger.daily(&actor.guild, &actor.user, Day::of(now))?;
        if claim.replayed {
            let next = 86_400 - now.rem_euclid(86_400);
            return Err(Refusal::Said(t!(
                lang,
                "daily-already",
                hours = next / 3600,
                minutes = format!("{:02}", next % 3600 / 60)
            )));
        }
        let claim = claim.value;
        let mut text = t!(
            lang,
            "daily-claimed",
            who = &actor.name,
            amount = claim.amount,
            balance = claim.balance
        );
        if claim.streak > 1 {
            text.push(' ');
            text.push_str(&t!(lang, "daily-streak", days = claim.streak));
        }
        let economy = app.ledger.economy(&actor.guild)?;
        if economy.daily_streak_step > 0 && claim.amount < economy.daily_for(claim.streak + 1) {
            text.push(' ');
            text.push_str(&t!(
                lang,
                "daily-tomorrow",
                amount = economy.daily_for(claim.streak + 1)
            ));
        }
        Ok(vec![Reply::public(text)])
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
        let bet = self.bet;
        let lang = actor.lang;
        app.check_switch(actor, crate::controls::Switch::Slots)?;
        app.check_limits(actor, bet.unwrap_or(0).max(0))?;
        app.ensure_member(actor)?;
        let spin = app
            .ledger
            .spin(&actor.guild, &actor.interaction, &actor.user, bet)?
            .value;
        let names = spin
            .reels
            .map(|s| t!(lang, &format!("slot-{}", s.name().to_ascii_lowercase())));
        let reels = names.join(" | ");
        let how = if spin.used_token {
            t!(lang, "slots-with-token", bet = spin.bet)
        } else {
            t!(lang, "slots-with-credits", bet = spin.bet)
        };
        let result = t!(
            lang,
            "slots-result",
            payout = spin.payout,
            multiplier = spin.multiplier
        );
        let image = crate::render::slots::png(
            [0, 1, 2].map(|i| (crate::money::drawn(spin.reels[i]), names[i].as_str())),
            &t!(lang, "slots-image", who = &actor.name, result = &result),
            spin.payout > 0,
        )?;
        let text = t!(
            lang,
            "slots-spin",
            who = &actor.name,
            how = how,
            reels = reels,
            result = &result,
            balance = spin.balance,
            tokens = spin.tokens
        );
        let fairness = t!(
            lang,
            "slots-fairness",
            seed = &spin.seed,
            stops = format!("{:?}", spin.stops),
            commitment = &spin.next_commitment
        );
        Ok(vec![Reply::public(format!("{text}\n{fairness}"))
            .with_image(
                format!("slots-{}.png", actor.interaction),
                image,
            )])
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
        app.side_bets()
            .place(call, actor, self.table, self.seat, self.amount)
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
