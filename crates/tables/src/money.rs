//! The economy commands: balance, daily, give, slots, leaderboards, stats, admin money.

use super::{Actor, App, Outcome, Refusal, Reply};
use crate::ledger::calendar::Day;
use crate::ledger::economy::Setting;
use crate::ledger::ratings::Board;
use crate::t;

impl App {
    fn ensure_member(&self, actor: &Actor) -> Result<(), Refusal> {
        self.ledger.open_account(&actor.guild, &actor.user)?;
        Ok(())
    }

    pub(crate) fn show_balance(&self, actor: &Actor, user: Option<String>) -> Outcome {
        let lang = actor.lang;
        self.ensure_member(actor)?;
        let user = user.unwrap_or_else(|| actor.user.clone());
        let b = self.ledger.balance(&actor.guild, &user)?;
        Ok(vec![Reply::public(t!(
            lang,
            "balance",
            who = self.name(&actor.guild, &user),
            credits = b.credits,
            tokens = b.tokens,
            commitment = &b.slot_commitment
        ))])
    }

    pub(crate) fn claim_daily(&self, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        self.check_fair_play(actor, "/daily")?;
        self.ensure_member(actor)?;
        let now = self.now();
        let claim = self.ledger.daily(&actor.guild, &actor.user, Day::of(now))?;
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
        let economy = self.ledger.economy(&actor.guild)?;
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

    pub(crate) fn give(&self, actor: &Actor, to: &str, amount: i64) -> Outcome {
        let lang = actor.lang;
        self.check_fair_play(actor, "/give")?;
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

    pub(crate) fn slots(&self, actor: &Actor, bet: Option<i64>) -> Outcome {
        let lang = actor.lang;
        self.ensure_member(actor)?;
        let spin = self
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
            [0, 1, 2].map(|i| (drawn(spin.reels[i]), names[i].as_str())),
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
            Some(number) => self.season_board(actor, &kind, number, index)?,
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

    pub(crate) fn stats(&self, actor: &Actor, user: Option<String>) -> Outcome {
        let lang = actor.lang;
        self.ensure_member(actor)?;
        let user = user.unwrap_or_else(|| actor.user.clone());
        let s = self.ledger.stats(&actor.guild, &user)?;
        let mut lines = vec![t!(
            lang,
            "stats-total",
            who = self.name(&actor.guild, &user),
            games = s.games,
            wins = s.wins,
            points = s.points,
            net = format!("{:+}", s.net)
        )];
        for g in s.per_game {
            let name = self.catalogue.find(&g.game).map_or_else(
                || g.game.clone(),
                |e| crate::words::game_name(lang, &e.info),
            );
            let mut line = t!(
                lang,
                "stats-game",
                game = name,
                games = g.games,
                wins = g.wins,
                draws = g.draws,
                points = g.points
            );
            if let Some(r) = g.rating {
                line.push_str(&t!(lang, "stats-rating", rating = r.round()));
            }
            lines.push(line);
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

    pub(crate) fn admin_grant(&self, actor: &Actor, user: &str, amount: i64) -> Outcome {
        let lang = actor.lang;
        Self::require_admin(actor)?;
        self.ledger.open_account(&actor.guild, user)?;
        let grant = self
            .ledger
            .grant(&actor.guild, &actor.interaction, user, amount)?;
        Ok(vec![Reply::public(t!(
            lang,
            "admin-granted",
            amount = grant.value.amount,
            who = self.name(&actor.guild, user),
            balance = grant.value.balance
        ))])
    }

    pub(crate) fn admin_set(&self, actor: &Actor, setting: &str, value: i64) -> Outcome {
        let lang = actor.lang;
        Self::require_admin(actor)?;
        if setting.trim().eq_ignore_ascii_case(super::lobby::WEB_LOBBY) {
            return self.admin_lobby(actor, value);
        }
        let setting = Setting::parse(setting)?;
        let e = self.ledger.set_economy(&actor.guild, setting, value)?;
        Ok(vec![Reply::private(t!(
            lang,
            "admin-economy",
            start = e.starting_balance,
            daily = e.daily_amount,
            min = e.min_wager,
            token = e.token_bet,
            clock = e.move_clock_secs,
            step = e.daily_streak_step,
            max = e.daily_streak_max,
            account_days = e.min_account_days,
            member_hours = e.min_member_hours,
            side_bets = e.side_bets,
            season_days = e.season_days
        ))])
    }
}

/// A reel's symbol as the picture draws it.
fn drawn(symbol: crate::ledger::slots::Symbol) -> crate::render::slots::Symbol {
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
