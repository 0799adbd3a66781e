//! The economy at the table: what `/give`, `/leaderboard` and the admins' money share (a
//! member's account opened on first use, the slot machine's symbols drawn); the commands
//! themselves are units of [`crate::commands::defs`].

use super::{Actor, App, Outcome, Refusal, Reply};
use crate::ledger::ratings::Board;
use crate::t;

impl App {
    /// Opens the acting member's account, if it is not open yet.
    pub(crate) fn ensure_member(&self, actor: &Actor) -> Result<(), Refusal> {
        self.ledger.open_account(&actor.guild, &actor.user)?;
        Ok(())
    }

    pub(crate) fn give(&self, actor: &Actor, to: &str, amount: i64) -> Outcome {
        let lang = actor.lang;
        self.tables().check_fair_play(actor, "/give")?;
        self.ensure_member(actor)?;
        if to == crate::ledger::DROID {
            return Err(Refusal::Said(t!(lang, "give-droid")));
        }
        // The front end names a real member of the server: a member new to the cantina
        // gets an account (with the starting balance) to receive the gift.
        if to != actor.user {
            self.ledger.open_account(&actor.guild, to)?;
        }
        let gift = self
            .ledger
            .give(&actor.guild, &actor.interaction, &actor.user, to, amount)?;
        Ok(vec![Reply::public(t!(
            lang,
            "give-given",
            who = &actor.name,
            amount = gift.value.amount,
            to = self.name(&actor.guild, to),
            balance = gift.value.from_balance
        ))])
    }

    /// `/leaderboard [board] [page] [season]`: ten ranks a page, and the caller's own rank;
    /// all time, or in one season.
    pub(crate) fn leaderboard(
        &self,
        actor: &Actor,
        board: &str,
        page: Option<i64>,
        season: Option<i64>,
    ) -> Outcome {
        let lang = actor.lang;
        let (kind, title) = match board.trim().to_ascii_lowercase().as_str() {
            "credits" => (Board::Credits, t!(lang, "leaderboard-credits")),
            "wins" => (Board::Wins, t!(lang, "leaderboard-wins")),
            other => match self.catalogue.find(other) {
                Some(entry) => (
                    Board::Rating(entry.info.id.to_string()),
                    t!(
                        lang,
                        "leaderboard-rating",
                        game = crate::words::game_name(lang, &entry.info)
                    ),
                ),
                None => {
                    return Err(Refusal::Said(t!(
                        lang,
                        "leaderboard-unknown",
                        board = board
                    )))
                }
            },
        };
        let page = page.unwrap_or(1);
        let Some(index) = usize::try_from(page).ok().filter(|&p| p >= 1) else {
            return Err(Refusal::Said(t!(
                lang,
                "leaderboard-page-range",
                page = page
            )));
        };
        let (top, title) = match season {
            Some(number) => self.seasons().board(actor, &kind, number, index)?,
            None => (
                self.ledger
                    .leaderboard_page(&actor.guild, &kind, &actor.user, index)?,
                title,
            ),
        };
        if index > top.pages.max(1) {
            return Err(Refusal::Said(t!(
                lang,
                "leaderboard-no-page",
                page = page,
                pages = top.pages
            )));
        }
        let mut lines = vec![if top.pages > 1 {
            t!(
                lang,
                "leaderboard-title-page",
                title = title,
                page = page,
                pages = top.pages
            )
        } else {
            t!(lang, "leaderboard-title", title = title)
        }];
        for r in &top.top {
            lines.push(format!(
                "{}. {} — {}",
                r.rank,
                self.name(&actor.guild, &r.user),
                r.value.round()
            ));
        }
        if top.top.is_empty() {
            lines.push(t!(lang, "leaderboard-nobody"));
        }
        if let Some(me) = top.caller {
            lines.push(t!(
                lang,
                "leaderboard-you",
                rank = me.rank,
                value = me.value.round()
            ));
        }
        Ok(vec![Reply::public(lines.join("\n"))])
    }

    pub(crate) fn require_admin(actor: &Actor) -> Result<(), Refusal> {
        if actor.admin {
            Ok(())
        } else {
            Err(Refusal::Said(t!(actor.lang, "admin-needed")))
        }
    }
}

/// A reel's symbol as the picture draws it.
pub(crate) fn drawn(symbol: crate::ledger::slots::Symbol) -> crate::render::slots::Symbol {
    use crate::ledger::slots::Symbol as Ledger;
    use crate::render::slots::Symbol as Drawn;
    match symbol {
        Ledger::Credit => Drawn::Credit,
        Ledger::Droid => Drawn::Droid,
        Ledger::Blaster => Drawn::Blaster,
        Ledger::Holocron => Drawn::Holocron,
        Ledger::Kyber => Drawn::Kyber,
    }
}
