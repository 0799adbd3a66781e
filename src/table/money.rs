//! The economy commands: balance, daily, give, slots, leaderboards, stats, admin money.

use super::{Actor, App, Outcome, Refusal, Reply};
use crate::ledger::economy::Setting;
use crate::ledger::ratings::Board;

/// Today's date in UTC, `YYYY-MM-DD`, from seconds since the epoch.
pub(crate) fn utc_date(secs: i64) -> String {
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    format!("{year:04}-{month:02}-{day:02}")
}

impl App {
    fn ensure_member(&self, actor: &Actor) -> Result<(), Refusal> {
        self.ledger.open_account(&actor.guild, &actor.user)?;
        Ok(())
    }

    pub(crate) fn show_balance(&self, actor: &Actor, user: Option<String>) -> Outcome {
        self.ensure_member(actor)?;
        let user = user.unwrap_or_else(|| actor.user.clone());
        let b = self.ledger.balance(&actor.guild, &user)?;
        Ok(vec![Reply::public(format!(
            "{}: {} credits, {} slot token{}. Next spin's seed commitment: `{}`.",
            self.name(&user),
            b.credits,
            b.tokens,
            if b.tokens == 1 { "" } else { "s" },
            b.slot_commitment
        ))])
    }

    pub(crate) fn claim_daily(&self, actor: &Actor) -> Outcome {
        self.ensure_member(actor)?;
        let now = self.now();
        let claim = self
            .ledger
            .daily(&actor.guild, &actor.user, &utc_date(now))?;
        if claim.replayed {
            let next = 86_400 - now.rem_euclid(86_400);
            return Err(Refusal(format!(
                "You already claimed today's credits; the next claim opens in {}h {:02}m (00:00 UTC).",
                next / 3600,
                next % 3600 / 60
            )));
        }
        Ok(vec![Reply::public(format!(
            "{} claims {} credits (balance {}).",
            actor.name, claim.value.amount, claim.value.balance
        ))])
    }

    pub(crate) fn give(&self, actor: &Actor, to: &str, amount: i64) -> Outcome {
        self.ensure_member(actor)?;
        if to == crate::ledger::DROID {
            return Err(Refusal("The droid does not need credits.".into()));
        }
        // The front end names a real member of the server: a member new to the cantina
        // gets an account (with the starting balance) to receive the gift.
        if to != actor.user {
            self.ledger.open_account(&actor.guild, to)?;
        }
        let gift = self
            .ledger
            .give(&actor.guild, &actor.interaction, &actor.user, to, amount)?;
        Ok(vec![Reply::public(format!(
            "{} gives {} credits to {} ({} now has {}).",
            actor.name,
            gift.value.amount,
            self.name(to),
            actor.name,
            gift.value.from_balance
        ))])
    }

    pub(crate) fn slots(&self, actor: &Actor, bet: Option<i64>) -> Outcome {
        self.ensure_member(actor)?;
        let spin = self
            .ledger
            .spin(&actor.guild, &actor.interaction, &actor.user, bet)?
            .value;
        let reels = spin.reels.map(|s| s.name()).join(" | ");
        let how = if spin.used_token {
            format!("a slot token (worth a {}-credit bet)", spin.bet)
        } else {
            format!("{} credits", spin.bet)
        };
        let result = if spin.payout > 0 {
            format!("wins {} credits (×{})", spin.payout, spin.multiplier)
        } else {
            "wins nothing".to_string()
        };
        let image = crate::render::slots::png(
            spin.reels,
            &format!("{} {result}", actor.name),
            spin.payout > 0,
        )?;
        Ok(vec![Reply::public(format!(
            "{} spins with {how}: [ {reels} ] — {result}. Balance {}, tokens {}.\nSeed `{}` (stops {:?}); next commitment `{}`.",
            actor.name, spin.balance, spin.tokens, spin.seed, spin.stops, spin.next_commitment
        ))
        .with_image(format!("slots-{}.png", actor.interaction), image)])
    }

    pub(crate) fn leaderboard(&self, actor: &Actor, board: &str) -> Outcome {
        let (kind, title) = match board.trim().to_ascii_lowercase().as_str() {
            "credits" => (Board::Credits, "credits".to_string()),
            "wins" => (Board::Wins, "wins".to_string()),
            other => match self.catalogue.find(other).map(|e| e.info.id) {
                Some(game) => (Board::Rating(game.to_string()), format!("{game} rating")),
                None => {
                    return Err(Refusal(format!(
                        "Unknown board '{board}': credits, wins, or a game id."
                    )))
                }
            },
        };
        let top = self.ledger.leaderboard(&actor.guild, &kind, &actor.user)?;
        let mut lines = vec![format!("**Leaderboard — {title}**")];
        for r in &top.top {
            lines.push(format!(
                "{}. {} — {}",
                r.rank,
                self.name(&r.user),
                r.value.round()
            ));
        }
        if top.top.is_empty() {
            lines.push("Nobody yet.".into());
        }
        if let Some(me) = top.caller {
            lines.push(format!("You: #{} — {}", me.rank, me.value.round()));
        }
        Ok(vec![Reply::public(lines.join("\n"))])
    }

    pub(crate) fn stats(&self, actor: &Actor, user: Option<String>) -> Outcome {
        self.ensure_member(actor)?;
        let user = user.unwrap_or_else(|| actor.user.clone());
        let s = self.ledger.stats(&actor.guild, &user)?;
        let mut lines = vec![format!(
            "**{}**: {} games, {} wins, {} points, net {:+} credits.",
            self.name(&user),
            s.games,
            s.wins,
            s.points,
            s.net
        )];
        for g in s.per_game {
            lines.push(format!(
                "{}: {} games, {} wins, {} draws, {} points{}",
                g.game,
                g.games,
                g.wins,
                g.draws,
                g.points,
                g.rating
                    .map(|r| format!(", rating {}", r.round()))
                    .unwrap_or_default()
            ));
        }
        Ok(vec![Reply::public(lines.join("\n"))])
    }

    fn require_admin(actor: &Actor) -> Result<(), Refusal> {
        if actor.admin {
            Ok(())
        } else {
            Err(Refusal("/admin needs the Manage Server permission.".into()))
        }
    }

    pub(crate) fn admin_grant(&self, actor: &Actor, user: &str, amount: i64) -> Outcome {
        Self::require_admin(actor)?;
        self.ledger.open_account(&actor.guild, user)?;
        let grant = self
            .ledger
            .grant(&actor.guild, &actor.interaction, user, amount)?;
        Ok(vec![Reply::public(format!(
            "{} credits granted to {} (balance {}).",
            grant.value.amount,
            self.name(user),
            grant.value.balance
        ))])
    }

    pub(crate) fn admin_set(&self, actor: &Actor, setting: &str, value: i64) -> Outcome {
        Self::require_admin(actor)?;
        let setting = Setting::parse(setting)?;
        let e = self.ledger.set_economy(&actor.guild, setting, value)?;
        Ok(vec![Reply::private(format!(
            "Economy: starting balance {}, daily {}, minimum wager {}, token bet {}, move clock {} s.",
            e.starting_balance, e.daily_amount, e.min_wager, e.token_bet, e.move_clock_secs
        ))])
    }
}
