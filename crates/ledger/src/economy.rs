//! Per-guild economy parameters and the system accounts (house, slot machine, escrows).

use super::store::Tx;
use crate::args;
use serde::{Deserialize, Serialize};

use super::{check_amount, now, Ledger, LedgerError, Result};

/// A guild's economy parameters (docs/CONTRACT.md P-5), changed by admins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Economy {
    pub starting_balance: i64,
    pub daily_amount: i64,
    pub min_wager: i64,
    /// The bet value of a free spin paid with a slot token.
    pub token_bet: i64,
    /// The default time per move, in seconds.
    pub move_clock_secs: i64,
    /// What each `/daily` in a row adds to the next one's amount (0: no streaks).
    pub daily_streak_step: i64,
    /// The most a `/daily` pays however long the streak (the daily amount when lower).
    pub daily_streak_max: i64,
    /// How old a Discord account must be, in days, to claim `/daily`, `/give` or bet.
    pub min_account_days: i64,
    /// How long a member must have been in the server, in hours, for the same.
    pub min_member_hours: i64,
    /// Whether members may back a seat of a table they do not play (1) or not (0).
    pub side_bets: i64,
    /// How many days a season of the leaderboards lasts.
    pub season_days: i64,
    /// The most one member may win from the house in a UTC day: the stakes of tables won
    /// against the droid, and the token bet of each slot token earned there. A wager against
    /// the droid that could pass it is refused; 0 takes no wagers against the droid.
    pub house_daily_max: i64,
    /// How many slot tokens a member may earn in a UTC day from tables with the same
    /// opponent, so that two friends trading wins mint a bounded number.
    pub token_pair_daily: i64,
    /// Whether tables may be played for credits (1) or not (0).
    pub wagers: i64,
    /// The most one wager (a stake, or a per-point amount) may be; 0: no bound but the
    /// ledger's own.
    pub max_wager: i64,
    /// Whether the slot machine spins (1) or not (0).
    pub slots: i64,
    /// Whether the shop sells (1) or not (0).
    pub shop: i64,
    /// Whether `/daily` pays (1) or not (0).
    pub daily: i64,
}

impl Default for Economy {
    fn default() -> Self {
        Economy {
            starting_balance: 1000,
            daily_amount: 200,
            min_wager: 50,
            token_bet: 50,
            move_clock_secs: 86_400,
            daily_streak_step: 20,
            daily_streak_max: 400,
            min_account_days: 7,
            min_member_hours: 24,
            side_bets: 1,
            season_days: 30,
            house_daily_max: 500,
            token_pair_daily: 3,
            wagers: 1,
            max_wager: 0,
            slots: 1,
            shop: 1,
            daily: 1,
        }
    }
}

impl Economy {
    /// Checks every parameter against the limits an admin's change must respect.
    pub fn validate(&self) -> Result<()> {
        Setting::StartingBalance.check(self.starting_balance)?;
        Setting::DailyAmount.check(self.daily_amount)?;
        Setting::MinWager.check(self.min_wager)?;
        Setting::TokenBet.check(self.token_bet)?;
        Setting::MoveClockSecs.check(self.move_clock_secs)?;
        Setting::DailyStreakStep.check(self.daily_streak_step)?;
        Setting::DailyStreakMax.check(self.daily_streak_max)?;
        Setting::MinAccountDays.check(self.min_account_days)?;
        Setting::MinMemberHours.check(self.min_member_hours)?;
        Setting::SideBets.check(self.side_bets)?;
        Setting::SeasonDays.check(self.season_days)?;
        Setting::HouseDailyMax.check(self.house_daily_max)?;
        Setting::TokenPairDaily.check(self.token_pair_daily)?;
        Setting::Wagers.check(self.wagers)?;
        Setting::MaxWager.check(self.max_wager)?;
        Setting::Slots.check(self.slots)?;
        Setting::Shop.check(self.shop)?;
        Setting::Daily.check(self.daily)?;
        Ok(())
    }

    /// What the `/daily` of the `streak`-th day in a row pays (day 1 pays the daily amount).
    pub fn daily_for(&self, streak: u32) -> i64 {
        let raised = self
            .daily_streak_step
            .saturating_mul(i64::from(streak.max(1) - 1))
            .saturating_add(self.daily_amount);
        raised.min(self.daily_streak_max.max(self.daily_amount))
    }
}

/// Creates the guild's row with the operator's default parameters if it does not exist yet.
pub(crate) fn ensure_guild(tx: &Tx, guild: &str, defaults: &Economy) -> Result<()> {
    tx.execute(
        "INSERT INTO guilds (guild_id, starting_balance, daily_amount, min_wager,
                             token_bet, move_clock_secs, daily_streak_step,
                             daily_streak_max, min_account_days, min_member_hours,
                             side_bets, season_days, house_daily_max, token_pair_daily,
                             wagers, max_wager, slots, shop, daily, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
                 ?18, ?19, ?20)
         ON CONFLICT DO NOTHING",
        args![
            guild,
            defaults.starting_balance,
            defaults.daily_amount,
            defaults.min_wager,
            defaults.token_bet,
            defaults.move_clock_secs,
            defaults.daily_streak_step,
            defaults.daily_streak_max,
            defaults.min_account_days,
            defaults.min_member_hours,
            defaults.side_bets,
            defaults.season_days,
            defaults.house_daily_max,
            defaults.token_pair_daily,
            defaults.wagers,
            defaults.max_wager,
            defaults.slots,
            defaults.shop,
            defaults.daily,
            now()
        ],
    )?;
    Ok(())
}

pub(crate) fn load(tx: &Tx, guild: &str) -> Result<Economy> {
    let found = tx.query_opt(
        "SELECT starting_balance, daily_amount, min_wager, token_bet, move_clock_secs,
                daily_streak_step, daily_streak_max, min_account_days, min_member_hours,
                side_bets, season_days, house_daily_max, token_pair_daily,
                wagers, max_wager, slots, shop, daily
             FROM guilds WHERE guild_id = ?1",
        args![guild],
        |row| {
            Ok(Economy {
                starting_balance: row.col("starting_balance")?,
                daily_amount: row.col("daily_amount")?,
                min_wager: row.col("min_wager")?,
                token_bet: row.col("token_bet")?,
                move_clock_secs: row.col("move_clock_secs")?,
                daily_streak_step: row.col("daily_streak_step")?,
                daily_streak_max: row.col("daily_streak_max")?,
                min_account_days: row.col("min_account_days")?,
                min_member_hours: row.col("min_member_hours")?,
                side_bets: row.col("side_bets")?,
                season_days: row.col("season_days")?,
                house_daily_max: row.col("house_daily_max")?,
                token_pair_daily: row.col("token_pair_daily")?,
                wagers: row.col("wagers")?,
                max_wager: row.col("max_wager")?,
                slots: row.col("slots")?,
                shop: row.col("shop")?,
                daily: row.col("daily")?,
            })
        },
    )?;
    Ok(found.unwrap_or_default())
}

/// The account of a system holder (`house`, `slots`, or `escrow` of a table), created on
/// first use.
pub(crate) fn system_account(tx: &Tx, guild: &str, kind: &str, owner: &str) -> Result<i64> {
    tx.execute(
        "INSERT INTO accounts (guild_id, kind, owner, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT DO NOTHING",
        args![guild, kind, owner, now()],
    )?;
    tx.query_one(
        "SELECT id FROM accounts WHERE guild_id = ?1 AND kind = ?2 AND owner = ?3",
        args![guild, kind, owner],
        |row| row.col("id"),
    )
}

pub(crate) fn house(tx: &Tx, guild: &str) -> Result<i64> {
    system_account(tx, guild, "house", "")
}

/// One economy parameter, as an admin names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    StartingBalance,
    DailyAmount,
    MinWager,
    TokenBet,
    MoveClockSecs,
    DailyStreakStep,
    DailyStreakMax,
    MinAccountDays,
    MinMemberHours,
    SideBets,
    SeasonDays,
    HouseDailyMax,
    TokenPairDaily,
    Wagers,
    MaxWager,
    Slots,
    Shop,
    Daily,
}

impl Setting {
    pub const ALL: [(&'static str, Setting); 18] = [
        ("starting_balance", Setting::StartingBalance),
        ("daily_amount", Setting::DailyAmount),
        ("min_wager", Setting::MinWager),
        ("token_bet", Setting::TokenBet),
        ("move_clock_secs", Setting::MoveClockSecs),
        ("daily_streak_step", Setting::DailyStreakStep),
        ("daily_streak_max", Setting::DailyStreakMax),
        ("min_account_days", Setting::MinAccountDays),
        ("min_member_hours", Setting::MinMemberHours),
        ("side_bets", Setting::SideBets),
        ("season_days", Setting::SeasonDays),
        ("house_daily_max", Setting::HouseDailyMax),
        ("token_pair_daily", Setting::TokenPairDaily),
        ("wagers", Setting::Wagers),
        ("max_wager", Setting::MaxWager),
        ("slots", Setting::Slots),
        ("shop", Setting::Shop),
        ("daily", Setting::Daily),
    ];

    pub fn parse(name: &str) -> Result<Setting> {
        Self::ALL
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
            .map(|(_, s)| *s)
            .ok_or_else(|| {
                LedgerError::InvalidSetting(format!(
                    "unknown setting '{name}' (settings: {})",
                    Self::ALL.map(|(n, _)| n).join(", ")
                ))
            })
    }

    fn column(self) -> &'static str {
        match self {
            Setting::StartingBalance => "starting_balance",
            Setting::DailyAmount => "daily_amount",
            Setting::MinWager => "min_wager",
            Setting::TokenBet => "token_bet",
            Setting::MoveClockSecs => "move_clock_secs",
            Setting::DailyStreakStep => "daily_streak_step",
            Setting::DailyStreakMax => "daily_streak_max",
            Setting::MinAccountDays => "min_account_days",
            Setting::MinMemberHours => "min_member_hours",
            Setting::SideBets => "side_bets",
            Setting::SeasonDays => "season_days",
            Setting::HouseDailyMax => "house_daily_max",
            Setting::TokenPairDaily => "token_pair_daily",
            Setting::Wagers => "wagers",
            Setting::MaxWager => "max_wager",
            Setting::Slots => "slots",
            Setting::Shop => "shop",
            Setting::Daily => "daily",
        }
    }

    fn check(self, value: i64) -> Result<i64> {
        let ok = match self {
            Setting::StartingBalance
            | Setting::DailyAmount
            | Setting::DailyStreakStep
            | Setting::DailyStreakMax
            | Setting::HouseDailyMax
            | Setting::MaxWager => (0..=super::MAX_AMOUNT).contains(&value),
            Setting::MinWager => check_amount(value).is_ok(),
            // A free spin pays up to 250 bets: the token bet keeps that payout in bounds.
            Setting::TokenBet => (1..=super::slots::MAX_BET).contains(&value),
            Setting::TokenPairDaily => (0..=1000).contains(&value),
            Setting::MoveClockSecs => (60..=30 * 86_400).contains(&value),
            Setting::MinAccountDays => (0..=3650).contains(&value),
            Setting::MinMemberHours => (0..=8760).contains(&value),
            Setting::SideBets
            | Setting::Wagers
            | Setting::Slots
            | Setting::Shop
            | Setting::Daily => (0..=1).contains(&value),
            Setting::SeasonDays => (1..=365).contains(&value),
        };
        if ok {
            Ok(value)
        } else {
            Err(LedgerError::InvalidSetting(format!(
                "{} cannot be {value}",
                self.column()
            )))
        }
    }
}

impl Ledger {
    /// A guild's parameters (the operator's defaults for a guild not seen yet).
    pub fn economy(&self, guild: &str) -> Result<Economy> {
        self.read(|tx| {
            let known: bool = tx.query_one(
                "SELECT COUNT(*) > 0 AS known FROM guilds WHERE guild_id = ?1",
                args![guild],
                |r| r.col("known"),
            )?;
            if known {
                load(tx, guild)
            } else {
                Ok(self.defaults.clone())
            }
        })
    }

    /// Changes one economy parameter of a guild.
    pub fn set_economy(&self, guild: &str, setting: Setting, value: i64) -> Result<Economy> {
        self.set_economy_with(guild, setting, value, |_| Ok(()))
    }

    /// Changes one economy parameter of a guild, and does `also` in the same transaction.
    pub(crate) fn set_economy_with(
        &self,
        guild: &str,
        setting: Setting,
        value: i64,
        mut also: impl FnMut(&Tx) -> Result<()>,
    ) -> Result<Economy> {
        let value = setting.check(value)?;
        self.write_in(guild, |tx| {
            also(tx)?;
            ensure_guild(tx, guild, &self.defaults)?;
            tx.execute(
                &format!(
                    "UPDATE guilds SET {} = ?2 WHERE guild_id = ?1",
                    setting.column()
                ),
                args![guild, value],
            )?;
            load(tx, guild)
        })
    }
}
