//! `/admin reset`: a fresh start of the server's economy or of its season, only after a
//! confirmation that cannot be given by accident — a button shown to the admin alone, which
//! expires after a minute. The economy's reset first ends every table and tournament still
//! holding credits (each refunded as an admin's end would), then sets every member back to
//! the starting balance in one ledger operation; the season's ends it now.

use super::replies::{Control, Style};
use super::{Actor, App, Outcome, Refusal, Reply};
use crate::call::Call;
use crate::ledger::seasons::Ended;
use crate::{label, t};

/// The confirmation's verb: `reset:economy` or `reset:season`.
pub(crate) const RESET: &str = "reset:";
/// How long a confirmation may be pressed, in seconds.
const CONFIRM_SECS: i64 = 60;

/// What an admin resets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fresh {
    Economy,
    Season,
}

impl Fresh {
    pub(crate) fn parse(text: &str) -> Option<Fresh> {
        match text.trim().to_ascii_lowercase().as_str() {
            "economy" => Some(Fresh::Economy),
            "season" => Some(Fresh::Season),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Fresh::Economy => "economy",
            Fresh::Season => "season",
        }
    }
}

impl App {
    /// The guild's tables still open or playing, and its tournaments still running.
    fn running(&self, guild: &str) -> Result<(Vec<i64>, Vec<i64>), Refusal> {
        let tables = self.ledger.active_tables()?;
        let tournaments = self.ledger.active_tournaments()?;
        Ok((
            tables
                .into_iter()
                .filter(|t| t.guild == guild)
                .map(|t| t.id)
                .collect(),
            tournaments
                .into_iter()
                .filter(|t| t.guild == guild)
                .map(|t| t.id)
                .collect(),
        ))
    }

    /// `/admin reset what`: what it would do, to the admin alone, with the button that
    /// does it within a minute.
    pub(crate) fn reset_offer(&self, actor: &Actor, what: Fresh) -> Outcome {
        let lang = actor.lang;
        App::require_admin(actor)?;
        let text = match what {
            Fresh::Economy => {
                let (tables, tournaments) = self.running(&actor.guild)?;
                t!(
                    lang,
                    "reset-economy-ask",
                    start = self.ledger.economy(&actor.guild)?.starting_balance,
                    tables = tables.len(),
                    tournaments = tournaments.len(),
                    seconds = CONFIRM_SECS
                )
            }
            Fresh::Season => {
                let season = self.ledger.season(&actor.guild)?;
                t!(
                    lang,
                    "reset-season-ask",
                    number = season.number,
                    next = season.number + 1,
                    seconds = CONFIRM_SECS
                )
            }
        };
        let button = match what {
            Fresh::Economy => label!("button-reset-economy"),
            Fresh::Season => label!("button-reset-season"),
        };
        let control = Control::new(0, self.now(), format!("{RESET}{}", what.name()));
        Ok(vec![Reply::private(text).with_button(
            button,
            control,
            Style::Danger,
        )])
    }

    /// The confirmation pressed: `asked` is when it was offered.
    pub(crate) fn reset_confirmed(
        &self,
        call: &Call,
        actor: &Actor,
        asked: i64,
        what: &str,
    ) -> Outcome {
        let lang = actor.lang;
        App::require_admin(actor)?;
        let now = self.now();
        if !(0..=CONFIRM_SECS).contains(&(now - asked)) {
            return Err(Refusal::Said(t!(
                lang,
                "reset-expired",
                seconds = CONFIRM_SECS
            )));
        }
        match Fresh::parse(what) {
            Some(Fresh::Economy) => self.reset_economy(call, actor),
            Some(Fresh::Season) => self.reset_season(actor),
            None => Err(Refusal::Said(t!(lang, "button-unknown", verb = what))),
        }
    }

    fn reset_economy(&self, call: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let (tables, tournaments) = self.running(&actor.guild)?;
        for id in &tables {
            self.ledger
                .cancel_table(&actor.guild, *id, "ended by an admin")?;
            self.forget(call, *id);
            call.changed(*id);
        }
        for id in &tournaments {
            let tournament = self.ledger.tournament(*id)?;
            // A tournament another command ended meanwhile has nothing left to refund.
            let _ = self
                .tournaments()
                .cancel_with(lang, &tournament, "tour-cancelled");
        }
        let act = App::admin_act(actor, "reset-economy", &[]);
        let reset = self.ledger.reset_economy(&actor.guild, &act)?.value;
        Ok(vec![Reply::public(t!(
            lang,
            "reset-economy-done",
            who = &actor.name,
            members = reset.members,
            start = reset.starting,
            returned = reset.returned,
            tables = tables.len(),
            tournaments = tournaments.len()
        ))])
    }

    fn reset_season(&self, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let now = self.now();
        let act = App::admin_act(actor, "reset-season", &[]);
        let Some(season) = self.ledger.end_season_now(&actor.guild, now, &act)?.value else {
            return Err(Refusal::Said(t!(lang, "reset-season-none")));
        };
        let standings = self
            .ledger
            .season_standings(&actor.guild, season.number, now)?
            .map(|(_, s)| s)
            .unwrap_or_default();
        let ended = Ended {
            guild: actor.guild.clone(),
            season,
            standings,
        };
        let said = t!(
            lang,
            "reset-season-done",
            who = &actor.name,
            number = season.number
        );
        let posted = self.seasons().post(lang, &ended);
        Ok(vec![Reply::public(format!("{said}\n{posted}"))])
    }
}
