//! `/history [user] [page]`: a member's own journal in words, newest first — each line when
//! (a Discord timestamp), what, and how their credits (and slot tokens) changed — to them
//! alone; an admin may read a member's. The lines of all pages sum to the balance.

use super::super::spec::{arg, command, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{number, take};
use crate::call::Call;
use crate::ledger::history::{Entry, Other};
use crate::replies::Reply;
use crate::t;
use crate::words::{self, Lang};
use crate::{Actor, App, Outcome, Refusal};

/// How many lines a page shows (a page stays well within one Discord message).
const PAGE: i64 = 15;

/// `/history [user] [page]`.
#[derive(Debug, Clone, PartialEq)]
pub struct History {
    pub user: Option<String>,
    pub page: Option<i64>,
}

impl Verb for History {
    const PATH: &'static str = "history";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let user = self.user.unwrap_or_else(|| actor.user.clone());
        if user != actor.user && !actor.admin {
            return Err(Refusal::Said(t!(lang, "history-others")));
        }
        let page = self.page.unwrap_or(1);
        let who = app.name(&actor.guild, &user);
        if !(1..=1_000_000).contains(&page) {
            return Err(Refusal::Said(t!(lang, "history-page", page = page)));
        }
        let (entries, total) = app
            .ledger
            .history(&actor.guild, &user, (page - 1) * PAGE, PAGE)?;
        if total == 0 {
            return Ok(vec![Reply::private(t!(lang, "history-none", who = who))]);
        }
        let pages = (total + PAGE - 1) / PAGE;
        if page > pages {
            return Err(Refusal::Said(t!(lang, "history-page", page = page)));
        }
        let mut lines = vec![t!(
            lang,
            "history-title",
            who = who,
            page = page,
            pages = pages
        )];
        lines.extend(
            entries
                .iter()
                .map(|e| line(app, &actor.guild, &user, lang, e)),
        );
        Ok(vec![Reply::private(lines.join("\n"))])
    }
}

/// A signed amount as a person writes it: `+220`, `−10` (a true minus sign), `0`.
fn signed(n: i64) -> String {
    match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("\u{2212}{}", n.unsigned_abs()),
        _ => "0".to_string(),
    }
}

fn line(app: &App, guild: &str, user: &str, lang: Lang, e: &Entry) -> String {
    let mut line = t!(
        lang,
        "history-line",
        when = words::moment(e.at),
        what = what(app, guild, user, lang, e),
        net = signed(e.net)
    );
    if e.tokens != 0 {
        line.push_str(&t!(
            lang,
            "history-tokens",
            signed = signed(e.tokens),
            count = e.tokens.unsigned_abs()
        ));
    }
    line
}

/// What an entry was, in words.
fn what(app: &App, guild: &str, user: &str, lang: Lang, e: &Entry) -> String {
    let name = |who: &str| app.name(guild, who);
    match (e.kind.as_str(), &e.other) {
        ("give", Other::Member(who)) if e.net < 0 => t!(lang, "history-give-to", who = name(who)),
        ("give", Other::Member(who)) => t!(lang, "history-give-from", who = name(who)),
        ("bet", Other::Bets(table)) => t!(lang, "history-bet", table = *table),
        ("settle", Other::Bets(table)) => t!(lang, "history-bet-settled", table = *table),
        ("start", Other::Table(table)) => t!(lang, "history-stake", table = *table),
        ("points", Other::Table(table)) => t!(lang, "history-points", table = *table),
        ("settle", Other::Table(table)) => {
            let id = match e.outcome.as_deref() {
                Some("win") => "history-won",
                Some("draw") => "history-draw",
                Some(_) => "history-lost",
                None => "history-stake-back",
            };
            let others: Vec<String> = app
                .ledger
                .table(*table)
                .map(|row| {
                    row.seats
                        .iter()
                        .filter(|s| *s != user)
                        .map(|s| name(s))
                        .collect()
                })
                .unwrap_or_default();
            t!(
                lang,
                id,
                table = *table,
                others = words::list(lang, &others)
            )
        }
        ("tournament-join", Other::Tournament(id)) => {
            t!(lang, "history-tournament-entry", id = *id)
        }
        ("tournament-end", Other::Tournament(id)) => t!(lang, "history-tournament-paid", id = *id),
        ("buy", _) => {
            let item = e.item.as_deref().unwrap_or_default();
            let named =
                crate::shop::item(lang, item).map_or_else(|_| item.to_string(), |i| i.name(lang));
            t!(lang, "history-buy", item = named)
        }
        (kind @ ("open" | "daily" | "grant" | "take" | "spin" | "reset"), _) => {
            t!(lang, &format!("history-{kind}"))
        }
        (kind, _) => t!(lang, "history-other", kind = kind),
    }
}

impl Slash for History {
    const SPEC: CommandSpec = command(
        "history",
        &[arg("user", ArgKind::User), arg("page", ArgKind::Number)],
    )
    .joined();
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(History {
            user: take(o, "user"),
            page: number(lang, take(o, "page"), "page")?,
        })
    }
}
