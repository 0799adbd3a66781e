//! Glicko-2 ratings per game and guild, leaderboards and member statistics.

use rusqlite::{params, OptionalExtension, Transaction};
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::{Ledger, LedgerError, Result, DROID};

fn load_rating(
    tx: &Transaction,
    guild: &str,
    game: &str,
    user: &str,
) -> Result<(Glicko2Rating, i64)> {
    let found = tx
        .query_row(
            "SELECT rating, deviation, volatility, games FROM ratings
             WHERE guild_id = ?1 AND game = ?2 AND user_id = ?3",
            params![guild, game, user],
            |r| {
                Ok((
                    Glicko2Rating {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                    },
                    r.get(3)?,
                ))
            },
        )
        .optional()?;
    Ok(found.unwrap_or((Glicko2Rating::new(), 0)))
}

fn store_rating(
    tx: &Transaction,
    guild: &str,
    game: &str,
    user: &str,
    rating: Glicko2Rating,
    games: i64,
) -> Result<()> {
    tx.execute(
        "INSERT INTO ratings (guild_id, game, user_id, rating, deviation, volatility, games)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (guild_id, game, user_id) DO UPDATE SET
            rating = excluded.rating, deviation = excluded.deviation,
            volatility = excluded.volatility, games = excluded.games",
        params![
            guild,
            game,
            user,
            rating.rating,
            rating.deviation,
            rating.volatility,
            games
        ],
    )?;
    Ok(())
}

/// Updates ratings after a finished table: only two seats held by two distinct humans count.
pub(crate) fn record(
    tx: &Transaction,
    guild: &str,
    game: &str,
    seats: &[String],
    winners: &[usize],
) -> Result<()> {
    let [a, b] = seats else { return Ok(()) };
    if a == b || a == DROID || b == DROID {
        return Ok(());
    }
    let outcome = match winners {
        [0] => Outcomes::WIN,
        [1] => Outcomes::LOSS,
        _ => Outcomes::DRAW,
    };
    let (ra, ga) = load_rating(tx, guild, game, a)?;
    let (rb, gb) = load_rating(tx, guild, game, b)?;
    let (na, nb) = glicko2(&ra, &rb, &outcome, &Glicko2Config::new());
    store_rating(tx, guild, game, a, na, ga + 1)?;
    store_rating(tx, guild, game, b, nb, gb + 1)?;
    Ok(())
}

/// What a leaderboard ranks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Board {
    Credits,
    Wins,
    /// Glicko-2 rating in one game.
    Rating(String),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rank {
    pub rank: usize,
    pub user: String,
    pub value: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    pub top: Vec<Rank>,
    /// The caller's own place, also when outside the top.
    pub caller: Option<Rank>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
    pub game: String,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub points: i64,
    pub rating: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub games: i64,
    pub wins: i64,
    pub points: i64,
    /// Credits won minus credits staked over all settled tables.
    pub net: i64,
    pub per_game: Vec<GameStats>,
}

impl Ledger {
    /// The top 10 of a guild by `board`, and the caller's own rank (ties share a rank).
    pub fn leaderboard(&self, guild: &str, board: &Board, caller: &str) -> Result<Leaderboard> {
        self.read(|tx| {
            let (sql, game) = match board {
                Board::Credits => (
                    "SELECT owner, balance FROM accounts WHERE guild_id = ?1 AND kind = 'member'
                     AND ?2 = ?2 ORDER BY balance DESC, owner",
                    "",
                ),
                Board::Wins => (
                    "SELECT user_id, SUM(outcome = 'win') AS w FROM results WHERE guild_id = ?1
                     AND ?2 = ?2 GROUP BY user_id ORDER BY w DESC, user_id",
                    "",
                ),
                Board::Rating(game) => (
                    "SELECT user_id, rating FROM ratings WHERE guild_id = ?1 AND game = ?2
                     ORDER BY rating DESC, user_id",
                    game.as_str(),
                ),
            };
            let mut stmt = tx.prepare(sql)?;
            let rows: Vec<(String, f64)> = stmt
                .query_map(params![guild, game], |r| {
                    Ok((r.get(0)?, r.get::<_, f64>(1)?))
                })?
                .collect::<std::result::Result<_, _>>()?;
            let mut ranked = Vec::with_capacity(rows.len());
            for (i, (user, value)) in rows.into_iter().enumerate() {
                let rank = match ranked.last() {
                    Some(Rank { rank, value: v, .. }) if *v == value => *rank,
                    _ => i + 1,
                };
                ranked.push(Rank { rank, user, value });
            }
            let caller = ranked.iter().find(|r| r.user == caller).cloned();
            ranked.truncate(10);
            Ok(Leaderboard {
                top: ranked,
                caller,
            })
        })
    }

    /// A member's statistics in a guild.
    pub fn stats(&self, guild: &str, user: &str) -> Result<Stats> {
        self.read(|tx| {
            if super::accounts::member_account(tx, guild, user)?.is_none() {
                return Err(LedgerError::UnknownMember(user.to_string()));
            }
            let mut stmt = tx.prepare(
                "SELECT game, COUNT(*), SUM(outcome = 'win'), SUM(outcome = 'draw'), SUM(points), SUM(net)
                 FROM results WHERE guild_id = ?1 AND user_id = ?2 GROUP BY game ORDER BY game",
            )?;
            let rows: Vec<(String, i64, i64, i64, i64, i64)> = stmt
                .query_map(params![guild, user], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
                })?
                .collect::<std::result::Result<_, _>>()?;
            let mut stats = Stats {
                games: 0,
                wins: 0,
                points: 0,
                net: 0,
                per_game: Vec::new(),
            };
            for (game, games, wins, draws, points, net) in rows {
                let rating = tx
                    .query_row(
                        "SELECT rating FROM ratings WHERE guild_id = ?1 AND game = ?2 AND user_id = ?3",
                        params![guild, game, user],
                        |r| r.get(0),
                    )
                    .optional()?;
                stats.games += games;
                stats.wins += wins;
                stats.points += points;
                stats.net += net;
                stats.per_game.push(GameStats {
                    game,
                    games,
                    wins,
                    draws,
                    points,
                    rating,
                });
            }
            Ok(stats)
        })
    }

    /// A member's Glicko-2 rating in a game (the default rating before any rated game).
    pub fn rating(&self, guild: &str, game: &str, user: &str) -> Result<(f64, f64, i64)> {
        self.read(|tx| {
            let (r, games) = load_rating(tx, guild, game, user)?;
            Ok((r.rating, r.deviation, games))
        })
    }
}
