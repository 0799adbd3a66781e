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
        self.ensure_member(actor)?;
        let user = user.unwrap_or_else(|| actor.user.clone());
        let b = self.ledger.balance(&actor.guild, &user)?;
        Ok(vec![Reply::public(t!(
            "balance",
            who = self.name(&actor.guild, &user),
            credits = b.credits,
            tokens = b.tokens,
            commitment = &b.slot_commitment
        ))])
    }

    pub(crate) fn claim_daily(&self, actor: &Actor) -> Outcome {
        self.check_fair_play(actor, "/daily")?;
        self.ensure_member(actor)?;
        let now = self.now();
        let claim = self.ledger.daily(&actor.guild, &actor.user, Day::of(now))?;
        if claim.replayed {
            let next = 86_400 - now.rem_euclid(86_400);
            return Err(Refusal(t!(
                "daily-already",
                hours = next / 3600,
                minutes = format!("{:02}", next % 3600 / 60)
            )));
        }
        let claim = claim.value;
        let mut text = t!(
            "daily-claimed",
            who = &actor.name,
            amount = claim.amount,
            balance = claim.balance
        );
        if claim.streak > 1 {
            text.push(' ');
            text.push_str(&t!("daily-streak", days = claim.streak));
        }
        let economy = self.ledger.economy(&actor.guild)?;
        if economy.daily_streak_step > 0 && claim.amount < economy.daily_for(claim.streak + 1) {
            text.push(' ');
            text.push_str(&t!(
                "daily-tomorrow",
                amount = economy.daily_for(claim.streak + 1)
            ));
        }
        Ok(vec![Reply::public(text)])
    }

    pub(crate) fn give(&self, actor: &Actor, to: &str, amount: i64) -> Outcome {
        self.check_fair_play(actor, "/give")?;
        self.ensure_member(actor)?;
        if to == crate::ledger::DROID {
            return Err(Refusal(t!("give-droid")));
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
            "give-given",
            who = &actor.name,
            amount = gift.value.amount,
            to = self.name(&actor.guild, to),
            balance = gift.value.from_balance
        ))])
    }

    pub(crate) fn slots(&self, actor: &Actor, bet: Option<i64>) -> Outcome {
        self.ensure_member(actor)?;
        let spin = self
            .ledger
            .spin(&actor.guild, &actor.interaction, &actor.user, bet)?
            .value;
        let names = spin
            .reels
            .map(|s| t!(&format!("slot-{}", s.name().to_ascii_lowercase())));
        let reels = names.join(" | ");
        let how = if spin.used_token {
            t!("slots-with-token", bet = spin.bet)
        } else {
            t!("slots-with-credits", bet = spin.bet)
        };
        let result = t!(
            "slots-result",
            payout = spin.payout,
            multiplier = spin.multiplier
        );
        let image = crate::render::slots::png(
            [0, 1, 2].map(|i| (drawn(spin.reels[i]), names[i].as_str())),
            &t!("slots-image", who = &actor.name, result = &result),
            spin.payout > 0,
        )?;
        let text = t!(
            "slots-spin",
            who = &actor.name,
            how = how,
            reels = reels,
            result = &result,
            balance = spin.balance,
            tokens = spin.tokens
        );
        let fairness = t!(
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
        let (kind, title) = match board.trim().to_ascii_lowercase().as_str() {
            "credits" => (Board::Credits, t!("leaderboard-credits")),
            "wins" => (Board::Wins, t!("leaderboard-wins")),
            other => match self.catalogue.find(other) {
                Some(entry) => (
                    Board::Rating(entry.info.id.to_string()),
                    t!(
                        "leaderboard-rating",
                        game = crate::words::game_name(&entry.info)
                    ),
                ),
                None => return Err(Refusal(t!("leaderboard-unknown", board = board))),
            },
        };
        let page = page.unwrap_or(1);
        let Some(index) = usize::try_from(page).ok().filter(|&p| p >= 1) else {
            return Err(Refusal(t!("leaderboard-page-range", page = page)));
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
            return Err(Refusal(t!(
                "leaderboard-no-page",
                page = page,
                pages = top.pages
            )));
        }
        let mut lines = vec![if top.pages > 1 {
            t!(
                "leaderboard-title-page",
                title = title,
                page = page,
                pages = top.pages
            )
        } else {
            t!("leaderboard-title", title = title)
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
            lines.push(t!("leaderboard-nobody"));
        }
        if let Some(me) = top.caller {
            lines.push(t!(
                "leaderboard-you",
                rank = me.rank,
                value = me.value.round()
            ));
        }
        Ok(vec![Reply::public(lines.join("\n"))])
    }

    pub(crate) fn stats(&self, actor: &Actor, user: Option<String>) -> Outcome {
        self.ensure_member(actor)?;
        let user = user.unwrap_or_else(|| actor.user.clone());
        let s = self.ledger.stats(&actor.guild, &user)?;
        let mut lines = vec![t!(
            "stats-total",
            who = self.name(&actor.guild, &user),
            games = s.games,
            wins = s.wins,
            points = s.points,
            net = format!("{:+}", s.net)
        )];
        for g in s.per_game {
            let name = self
                .catalogue
                .find(&g.game)
                .map_or_else(|| g.game.clone(), |e| crate::words::game_name(&e.info));
            let mut line = t!(
                "stats-game",
                game = name,
                games = g.games,
                wins = g.wins,
                draws = g.draws,
                points = g.points
            );
            if let Some(r) = g.rating {
                line.push_str(&t!("stats-rating", rating = r.round()));
            }
            lines.push(line);
        }
        Ok(vec![Reply::public(lines.join("\n"))])
    }

    pub(crate) fn require_admin(actor: &Actor) -> Result<(), Refusal> {
        if actor.admin {
            Ok(())
        } else {
            Err(Refusal(t!("admin-needed")))
        }
    }

    pub(crate) fn admin_grant(&self, actor: &Actor, user: &str, amount: i64) -> Outcome {
        Self::require_admin(actor)?;
        self.ledger.open_account(&actor.guild, user)?;
        let grant = self
            .ledger
            .grant(&actor.guild, &actor.interaction, user, amount)?;
        Ok(vec![Reply::public(t!(
            "admin-granted",
            amount = grant.value.amount,
            who = self.name(&actor.guild, user),
            balance = grant.value.balance
        ))])
    }

    pub(crate) fn admin_set(&self, actor: &Actor, setting: &str, value: i64) -> Outcome {
        Self::require_admin(actor)?;
        if setting.trim().eq_ignore_ascii_case(super::lobby::WEB_LOBBY) {
            return self.admin_lobby(actor, value);
        }
        let setting = Setting::parse(setting)?;
        let e = self.ledger.set_economy(&actor.guild, setting, value)?;
        Ok(vec![Reply::private(t!(
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
