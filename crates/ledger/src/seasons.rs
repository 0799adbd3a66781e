//! Seasons: a server's leaderboards also run season by season, `season_days` long. Only
//! ended seasons are stored, each with its final standings; the season in play is the one
//! after the last stored (the first starts when the server's row was made). A season ends at
//! the first clock tick past its length, rounded to a whole number of lengths (a bot that was
//! down for two lengths closes one long season, not an empty one per length), and its end
//! starts the next one. Closing a season also softens every rating of the server: halfway
//! back to 1,500, with a deviation of at least 150, so the new season is open to everyone and
//! a rating is still earned.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ratings::{ranked, Rank};
use super::store::Tx;
use super::{economy, Ledger, Result};
use crate::args;

/// The rating every player drifts halfway back to when a season ends.
const CENTRE: f64 = 1500.0;
/// The least rating deviation a player starts a new season with.
const MIN_DEVIATION: f64 = 150.0;

/// A season: its number and when it started and ends (Unix seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Season {
    pub number: i64,
    pub started_at: i64,
    /// The end: for the season in play, when it is due (at the current `season_days`).
    pub ends_at: i64,
}

/// A season's rankings, every member ranked.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// Tables won in the season.
    pub wins: Vec<Rank>,
    /// Credits won minus credits staked in the season.
    pub net: Vec<Rank>,
    /// Ratings per game at the season's end (for the season in play: now).
    pub ratings: BTreeMap<String, Vec<Rank>>,
}

impl Standings {
    /// Whether anybody finished a table in the season.
    pub fn is_empty(&self) -> bool {
        self.wins.is_empty()
    }
}

/// A season that just ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Ended {
    pub guild: String,
    pub season: Season,
    pub standings: Standings,
}

/// The season in play in a guild, as of `now`.
fn current(tx: &Tx, guild: &str) -> Result<Season> {
    let days: i64 = economy::load(tx, guild)?.season_days;
    let last: Option<(i64, i64)> = tx.query_opt(
        "SELECT number, ended_at FROM seasons WHERE guild_id = ?1 ORDER BY number DESC LIMIT 1",
        args![guild],
        |r| Ok((r.col("number")?, r.col("ended_at")?)),
    )?;
    let (number, started_at) = match last {
        Some((number, ended_at)) => (number + 1, ended_at),
        None => (
            1,
            tx.query_opt(
                "SELECT created_at FROM guilds WHERE guild_id = ?1",
                args![guild],
                |r| r.col::<i64>("created_at"),
            )?
            .unwrap_or_else(super::now),
        ),
    };
    Ok(Season {
        number,
        started_at,
        ends_at: started_at + days * 86_400,
    })
}

/// A guild's standings over the tables finished in `[from, to)`, with its ratings as they are.
fn standings(tx: &Tx, guild: &str, from: i64, to: i64) -> Result<Standings> {
    let rows = |sql: &str| -> Result<Vec<(String, f64)>> {
        tx.query(sql, args![guild, from, to], |r| {
            Ok((r.col("who")?, r.col::<f64>("value")?))
        })
    };
    let window = "FROM results r JOIN tables t ON t.id = r.table_id
                  WHERE r.guild_id = ?1 AND t.finished_at >= ?2 AND t.finished_at < ?3
                  GROUP BY r.user_id";
    let wins = rows(&format!(
        "SELECT r.user_id AS who,
                CAST(SUM(CASE WHEN r.outcome = 'win' THEN 1 ELSE 0 END) AS BIGINT) AS value
         {window} ORDER BY value DESC, who"
    ))?;
    let net = rows(&format!(
        "SELECT r.user_id AS who, CAST(SUM(r.net) AS BIGINT) AS value
         {window} ORDER BY value DESC, who"
    ))?;
    let mut ratings: BTreeMap<String, Vec<(String, f64)>> = BTreeMap::new();
    let rated: Vec<(String, String, f64)> = tx.query(
        "SELECT game, user_id, rating FROM ratings WHERE guild_id = ?1
         ORDER BY game, rating DESC, user_id",
        args![guild],
        |r| Ok((r.col("game")?, r.col("user_id")?, r.col("rating")?)),
    )?;
    for (game, user, rating) in rated {
        ratings.entry(game).or_default().push((user, rating));
    }
    Ok(Standings {
        wins: ranked(wins),
        net: ranked(net),
        ratings: ratings.into_iter().map(|(g, r)| (g, ranked(r))).collect(),
    })
}

impl Ledger {
    /// The season in play in `guild`.
    pub fn season(&self, guild: &str) -> Result<Season> {
        self.read(|tx| current(tx, guild))
    }

    /// The standings of season `number` of `guild` as of `now`: stored for an ended season,
    /// counted so far for the season in play; `None` for a season still to come.
    pub fn season_standings(
        &self,
        guild: &str,
        number: i64,
        now: i64,
    ) -> Result<Option<(Season, Standings)>> {
        self.read(|tx| {
            let playing = current(tx, guild)?;
            if number == playing.number {
                let standings = standings(
                    tx,
                    guild,
                    playing.started_at,
                    now.max(playing.started_at) + 1,
                )?;
                return Ok(Some((playing, standings)));
            }
            let stored: Option<(i64, i64, String)> = tx.query_opt(
                "SELECT started_at, ended_at, standings FROM seasons
                 WHERE guild_id = ?1 AND number = ?2",
                args![guild, number],
                |r| {
                    Ok((
                        r.col("started_at")?,
                        r.col("ended_at")?,
                        r.col("standings")?,
                    ))
                },
            )?;
            let Some((started_at, ends_at, json)) = stored else {
                return Ok(None);
            };
            let standings = serde_json::from_str(&json)
                .map_err(|e| super::LedgerError::Corrupt(format!("season {number}: {e}")))?;
            Ok(Some((
                Season {
                    number,
                    started_at,
                    ends_at,
                },
                standings,
            )))
        })
    }

    /// Ends every season due by `now` in the guilds `serves` accepts, each once (another
    /// process that got there first leaves nothing to do): its standings stored, the
    /// ratings softened, the next season begun, in one transaction per guild.
    pub fn end_due_seasons(&self, now: i64, serves: &dyn Fn(&str) -> bool) -> Result<Vec<Ended>> {
        // One read finds the guilds whose season is due; only those are written.
        let seasons: Vec<(String, i64, i64)> = self.read(|tx| {
            tx.query(
                "SELECT g.guild_id, g.season_days,
                        COALESCE((SELECT MAX(s.ended_at) FROM seasons s
                                  WHERE s.guild_id = g.guild_id), g.created_at) AS started
                 FROM guilds g ORDER BY g.guild_id",
                args![],
                |r| Ok((r.col("guild_id")?, r.col("season_days")?, r.col("started")?)),
            )
        })?;
        let due = seasons
            .into_iter()
            .filter(|(guild, days, started)| started + days * 86_400 <= now && serves(guild));
        let mut ended = Vec::new();
        for (guild, ..) in due {
            if let Some(season) = self.end_season_if_due(&guild, now)? {
                ended.push(season);
            }
        }
        Ok(ended)
    }

    fn end_season_if_due(&self, guild: &str, now: i64) -> Result<Option<Ended>> {
        self.write_in(guild, |tx| {
            let season = current(tx, guild)?;
            if now < season.ends_at {
                return Ok(None);
            }
            let length = season.ends_at - season.started_at;
            let lengths = (now - season.started_at) / length;
            end_season_at(tx, guild, season.started_at + lengths * length)
        })
    }
}

/// Ends `guild`'s season in play at `ends_at`: its standings stored, the ratings softened,
/// the next season begun then. `None` when another process ended it first.
pub(crate) fn end_season_at(tx: &Tx, guild: &str, ends_at: i64) -> Result<Option<Ended>> {
    let season = Season {
        ends_at,
        ..current(tx, guild)?
    };
    let standings = standings(tx, guild, season.started_at, season.ends_at)?;
    let json = serde_json::to_string(&standings)
        .map_err(|e| super::LedgerError::Corrupt(e.to_string()))?;
    let stored = tx.execute(
        "INSERT INTO seasons (guild_id, number, started_at, ended_at, standings)
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
        args![
            guild,
            season.number,
            season.started_at,
            season.ends_at,
            json
        ],
    )?;
    if stored == 0 {
        return Ok(None);
    }
    tx.execute(
        "UPDATE ratings SET rating = ?2 + (rating - ?2) / 2,
                deviation = CASE WHEN deviation < ?3 THEN ?3 ELSE deviation END
         WHERE guild_id = ?1",
        args![guild, CENTRE, MIN_DEVIATION],
    )?;
    Ok(Some(Ended {
        guild: guild.to_string(),
        season,
        standings,
    }))
}
