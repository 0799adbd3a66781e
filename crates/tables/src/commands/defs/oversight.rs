//! `/admin take` and `/admin log`: credits taken back to the house, and what the server's
//! admins did. Every `/admin` action is logged in the ledger; the log is read here in the
//! reader's language, its members named as the server names them now.

use serde_json::Value;

use super::super::spec::{arg, command, need_arg, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, take};
use crate::call::Call;
use crate::ledger::admin_log::{AdminAct, AdminEntry};
use crate::replies::Reply;
use crate::reset::Fresh;
use crate::t;
use crate::words::{self, Lang};
use crate::{Actor, App, Outcome, Refusal};

/// How long a reason may be, in characters.
const REASON_MAX: usize = 200;
/// How many lines of the log a page shows.
const LOG_PAGE: i64 = 10;

impl App {
    /// `actor`'s `/admin` action `action` with its words' arguments, for the log.
    pub(crate) fn admin_act<'a>(
        actor: &'a Actor,
        action: &'a str,
        args: &[(&str, Value)],
    ) -> AdminAct<'a> {
        AdminAct {
            key: &actor.interaction,
            admin: &actor.user,
            action,
            args: args
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        }
    }

    /// Logs an `/admin` action that moved nothing the ledger keeps with it.
    pub(crate) fn log_admin(&self, actor: &Actor, action: &str, args: &[(&str, Value)]) {
        let act = App::admin_act(actor, action, args);
        if let Err(e) = self.ledger.log_admin(&actor.guild, &act) {
            tracing::warn!(error = %e, action, "an admin action was not logged");
        }
    }
}

/// `/admin take user amount reason`: credits back to the house, never below zero.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminTake {
    pub user: String,
    pub amount: i64,
    pub reason: String,
}

impl Verb for AdminTake {
    const PATH: &'static str = "admin take";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        App::require_admin(actor)?;
        let reason = self.reason.trim();
        if reason.is_empty() || reason.chars().count() > REASON_MAX {
            return Err(Refusal::Said(t!(
                lang,
                "admin-take-reason",
                max = REASON_MAX
            )));
        }
        let act = App::admin_act(
            actor,
            "take",
            &[("who", self.user.clone().into()), ("reason", reason.into())],
        );
        let taken = app
            .ledger
            .take(&actor.guild, &act, &self.user, self.amount)?;
        Ok(vec![Reply::public(t!(
            lang,
            "admin-taken",
            amount = taken.value.amount,
            who = app.name(&actor.guild, &self.user),
            balance = taken.value.balance,
            reason = words::text::name(reason)
        ))])
    }
}

impl Slash for AdminTake {
    const SPEC: CommandSpec = command(
        "take",
        &[
            need_arg("user", ArgKind::User),
            need_arg("amount", ArgKind::Credits),
            need_arg("reason", ArgKind::Text),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(AdminTake {
            user: need(lang, o, "user", "admin take")?,
            amount: number(lang, Some(need(lang, o, "amount", "admin take")?), "amount")?
                .unwrap_or(0),
            reason: need(lang, o, "reason", "admin take")?,
        })
    }
}

/// `/admin reset what`: the economy or the season, after a confirmation.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminReset {
    pub what: String,
}

impl Verb for AdminReset {
    const PATH: &'static str = "admin reset";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let Some(what) = Fresh::parse(&self.what) else {
            return Err(Refusal::Said(t!(
                actor.lang,
                "reset-what",
                what = self.what.as_str()
            )));
        };
        app.reset_offer(actor, what)
    }
}

impl Slash for AdminReset {
    const SPEC: CommandSpec = command("reset", &[need_arg("what", ArgKind::Reset)]);
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(AdminReset {
            what: need(lang, o, "what", "admin reset")?,
        })
    }
}

/// `/admin log [page]`: what the server's admins did, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminLog {
    pub page: Option<i64>,
}

impl Verb for AdminLog {
    const PATH: &'static str = "admin log";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        App::require_admin(actor)?;
        let page = self.page.unwrap_or(1);
        if !(1..=1_000_000).contains(&page) {
            return Err(Refusal::Said(t!(lang, "admin-log-page", page = page)));
        }
        let (lines, total) = app
            .ledger
            .admin_log(&actor.guild, (page - 1) * LOG_PAGE, LOG_PAGE)?;
        if total == 0 {
            return Ok(vec![Reply::private(t!(lang, "admin-log-empty"))]);
        }
        let pages = (total + LOG_PAGE - 1) / LOG_PAGE;
        if page > pages {
            return Err(Refusal::Said(t!(lang, "admin-log-page", page = page)));
        }
        let mut text = vec![t!(lang, "admin-log-title", page = page, pages = pages)];
        text.extend(lines.iter().map(|e| line(app, &actor.guild, lang, e)));
        Ok(vec![Reply::private(text.join("\n"))])
    }
}

/// One line of the log: when, who, and what in words.
fn line(app: &App, guild: &str, lang: Lang, entry: &AdminEntry) -> String {
    let mut keys: Vec<&str> = Vec::new();
    let mut values: Vec<words::Arg<'static>> = Vec::new();
    for (k, v) in &entry.args {
        keys.push(k);
        values.push(match v {
            Value::Number(n) => words::Arg::Number(n.as_f64().unwrap_or(0.0)),
            // Members are named as the server names them now.
            Value::String(s) if k == "who" => words::Arg::from(app.name(guild, s)),
            Value::String(s) if k == "reason" => words::Arg::from(words::text::name(s)),
            Value::String(s) if k == "channel" => words::Arg::from(crate::mine::place(s)),
            Value::String(s) => words::Arg::from(s.clone()),
            other => words::Arg::from(other.to_string()),
        });
    }
    keys.push("admin");
    values.push(words::Arg::from(app.name(guild, &entry.admin)));
    let pairs: Vec<(&str, words::Arg)> = keys.into_iter().zip(values).collect();
    let what = words::say_in(lang, &format!("admin-log-{}", entry.action), &pairs);
    t!(
        lang,
        "admin-log-line",
        when = words::moment(entry.at),
        what = what
    )
}

impl Slash for AdminLog {
    const SPEC: CommandSpec = command("log", &[arg("page", ArgKind::Number)]);
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(AdminLog {
            page: number(lang, take(o, "page"), "page")?,
        })
    }
}
