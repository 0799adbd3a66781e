//! Glicko-2 ratings per game and guild, leaderboards and member statistics.

use super::store::{Row, Tx};
use crate::args;
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::{Ledger, LedgerError, Result, DROID};

fn load_rating(tx: &Tx, guild: &str, game: &str, user: &str) -> Result<(Glicko2Rating, i64)> {
    let found = tx.query_opt(
        "SELECT rating, deviation, volatility, games FROM ratings
             WHERE guild_id = ?1 AND game = ?2 AND user_id = ?3",
        args![guild, &game, user],
        |r| {
            Ok((
                Glicko2Rating {
                    rating: r.col("rating")?,
                    deviation: r.col("deviation")?,
                    volatility: r.col("volatility")?,
                },
                r.col("games")?,
            ))
        },
    )?;
    Ok(found.unwrap_or((Glicko2Rating::new(), 0)))
}

fn store_rating(
    tx: &Tx,
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
        args![
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
    tx: &Tx,
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
    /// The ranks of the page asked for (the top 10 on page 1).
    pub top: Vec<Rank>,
    /// The caller's own place, also when outside the page.
    pub caller: Option<Rank>,
    /// How many pages the whole board has (0 when nobody is on it).
    pub pages: usize,
}

/// Ranks on a leaderboard page.
pub const PAGE: usize = 10;

/// Ranks rows already in order, best first: equal values share a rank (1, 2, 2, 4).
pub(crate) fn ranked(rows: Vec<(String, f64)>) -> Vec<Rank> {
    let mut ranked: Vec<Rank> = Vec::with_capacity(rows.len());
    for (i, (user, value)) in rows.into_iter().enumerate() {
        let rank = match ranked.last() {
            Some(Rank { rank, value: v, .. }) if *v == value => *rank,
            _ => i + 1,
        };
        ranked.push(Rank { rank, user, value });
    }
    ranked
}

impl Leaderboard {
    /// Page `page` (from 1) of a whole ranking, with `caller`'s own rank.
    pub fn page_of(ranked: Vec<Rank>, caller: &str, page: usize) -> Leaderboard {
        let caller = ranked.iter().find(|r| r.user == caller).cloned();
        let pages = ranked.len().div_ceil(PAGE);
        let top = ranked
            .into_iter()
            .skip(page.saturating_sub(1).saturating_mul(PAGE))
            .take(PAGE)
            .collect();
        Leaderboard { top, caller, pages }
    }
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
        self.leaderboard_page(guild, board, caller, 1)
    }

    /// Page `page` (from 1; ranks 11 to 20 on page 2) of a guild's board by `board`, and the
    /// caller's own rank; a page past the last is empty.
    pub fn leaderboard_page(
        &self,
        guild: &str,
        board: &Board,
        caller: &str,
        page: usize,
    ) -> Result<Leaderboard> {
        self.read(|tx| {
            let read = |r: &Row| Ok((r.col("who")?, r.col::<f64>("value")?));
            let rows: Vec<(String, f64)> = match board {
                Board::Credits => tx.query(
                    "SELECT owner AS who, balance AS value FROM accounts
                     WHERE guild_id = ?1 AND kind = 'member' ORDER BY balance DESC, owner",
                    args![guild],
                    read,
                )?,
                Board::Wins => tx.query(
                    "SELECT user_id AS who,
                            CAST(SUM(CASE WHEN outcome = 'win' THEN 1 ELSE 0 END) AS BIGINT) AS value
                     FROM results WHERE guild_id = ?1 GROUP BY user_id
                     ORDER BY value DESC, user_id",
                    args![guild],
                    read,
                )?,
                Board::Rating(game) => tx.query(
                    "SELECT user_id AS who, rating AS value FROM ratings
                     WHERE guild_id = ?1 AND game = ?2 ORDER BY rating DESC, user_id",
                    args![guild, game],
                    read,
                )?,
            };
            Ok(Leaderboard::page_of(ranked(rows), caller, page))
        })
    }

    /// A member's statistics in a guild.
    pub fn stats(&self, guild: &str, user: &str) -> Result<Stats> {
        self.read(|tx| {
            if super::accounts::member_account(tx, guild, user)?.is_none() {
                return Err(LedgerError::UnknownMember(user.to_string()));
            }
            stats_of(tx, Some(guild), user)
        })
    }

    /// A member's statistics over every server, without ratings (each is a server's own).
    pub fn stats_everywhere(&self, user: &str) -> Result<Stats> {
        self.read(|tx| stats_of(tx, None, user))
    }

    /// A member's Glicko-2 rating in a game (the default rating before any rated game).
    pub fn rating(&self, guild: &str, game: &str, user: &str) -> Result<(f64, f64, i64)> {
        self.read(|tx| {
            let (r, games) = load_rating(tx, guild, game, user)?;
            Ok((r.rating, r.deviation, games))
        })
    }
}

/// A member's results per game, in `guild` or (none) in every server; ratings only in a
/// guild.
fn stats_of(tx: &Tx, guild: Option<&str>, user: &str) -> Result<Stats> {
    let select = "SELECT game, COUNT(*) AS played,
                CAST(SUM(CASE WHEN outcome = 'win' THEN 1 ELSE 0 END) AS BIGINT) AS wins,
                CAST(SUM(CASE WHEN outcome = 'draw' THEN 1 ELSE 0 END) AS BIGINT) AS draws,
                CAST(SUM(points) AS BIGINT) AS points, CAST(SUM(net) AS BIGINT) AS net
         FROM results";
    let read = |r: &super::store::Row| {
        Ok((
            r.col::<String>("game")?,
            r.col::<i64>("played")?,
            r.col::<i64>("wins")?,
            r.col::<i64>("draws")?,
            r.col::<i64>("points")?,
            r.col::<i64>("net")?,
        ))
    };
    let rows = match guild {
        Some(guild) => tx.query(
            &format!("{select} WHERE guild_id = ?1 AND user_id = ?2 GROUP BY game ORDER BY game"),
            args![guild, user],
            read,
        )?,
        None => tx.query(
            &format!("{select} WHERE user_id = ?1 GROUP BY game ORDER BY game"),
            args![user],
            read,
        )?,
    };
    let mut stats = Stats {
        games: 0,
        wins: 0,
        points: 0,
        net: 0,
        per_game: Vec::new(),
    };
    for (game, games, wins, draws, points, net) in rows {
        let rating = match guild {
            Some(guild) => tx.query_opt(
                "SELECT rating FROM ratings WHERE guild_id = ?1 AND game = ?2 AND user_id = ?3",
                args![guild, &game, user],
                |r| r.col("rating"),
            )?,
            None => None,
        };
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
}
