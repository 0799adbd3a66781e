//! `/limits [days] [daily_loss]`: a member's own limits — a self-exclusion from wagers, side
//! bets and the slot machine for 1 to 365 days that nobody lifts early, and a daily loss
//! limit — and, without options, the limits they have.

use super::super::spec::{arg, command, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{number, take};
use crate::call::Call;
use crate::ledger::calendar::Day;
use crate::ledger::limits::{LossLimit, LOSS_LIMIT_HOLDS};
use crate::replies::Reply;
use crate::t;
use crate::words::{self, Lang};
use crate::{Actor, App, Outcome, Refusal};

/// `/limits`.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    pub days: Option<i64>,
    /// 0 removes the limit.
    pub daily_loss: Option<i64>,
}

impl Verb for Limits {
    const PATH: &'static str = "limits";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let now = app.now();
        if let Some(days) = self.days.filter(|d| !(1..=365).contains(d)) {
            return Err(Refusal::Said(t!(lang, "limits-days", days = days)));
        }
        let max = crate::ledger::MAX_AMOUNT;
        if let Some(loss) = self.daily_loss.filter(|l| !(0..=max).contains(l)) {
            return Err(Refusal::Said(t!(
                lang,
                "limits-loss-range",
                max = max,
                amount = loss
            )));
        }
        if let Some(loss) = self.daily_loss {
            let limit = (loss > 0).then_some(loss);
            let set = app
                .ledger
                .set_loss_limit(&actor.guild, &actor.user, limit, now)?;
            if let LossLimit::Holds { until } = set {
                return Err(Refusal::Said(t!(
                    lang,
                    "limits-loss-holds",
                    until = words::moment(until)
                )));
            }
        }
        if let Some(days) = self.days {
            app.ledger
                .exclude(&actor.guild, &actor.user, now + days * 86_400)?;
        }
        Ok(vec![Reply::private(summary(app, actor, now)?)])
    }
}

/// The member's limits as they stand, in words.
fn summary(app: &App, actor: &Actor, now: i64) -> Result<String, Refusal> {
    let lang = actor.lang;
    let limits = app.ledger.limits(&actor.guild, &actor.user)?;
    let mut lines = vec![if limits.excluded(now) {
        t!(
            lang,
            "limits-summary-excluded",
            until = words::moment(limits.excluded_until)
        )
    } else {
        t!(lang, "limits-summary-free")
    }];
    lines.push(match limits.loss_limit {
        Some(limit) => t!(
            lang,
            "limits-summary-loss",
            limit = limit,
            lost = app
                .ledger
                .lost_on(&actor.guild, &actor.user, Day::of(now))?,
            from = words::moment(limits.loss_set_at + LOSS_LIMIT_HOLDS)
        ),
        None => t!(lang, "limits-summary-no-loss"),
    });
    Ok(lines.join("\n"))
}

impl Slash for Limits {
    const SPEC: CommandSpec = command(
        "limits",
        &[
            arg("days", ArgKind::Number),
            arg("daily_loss", ArgKind::Number),
        ],
    )
    .joined();
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Limits {
            days: number(lang, take(o, "days"), "days")?,
            daily_loss: number(lang, take(o, "daily_loss"), "daily_loss")?,
        })
    }
}
