//! Tournaments as money and record: the sign-up (each entry fee into the tournament's pot
//! with the player's row, in one operation), the rounds (their byes, and the seeding fixed
//! when the first begins), and the end, once: the prizes paid from the pot, or every entry
//! refunded. Pairings and standings are the table layer's, computed again from what is
//! stored here and in the tournament's tables, so a restart resumes a tournament exactly.

use serde::{Deserialize, Serialize};

use super::accounts::{balance_of, require_member, transfer};
use super::economy::{ensure_guild, system_account};
use super::store::Tx;
use super::tables::{load_table, TableRow};
use super::{now, Ledger, LedgerError, Replayable, Result};
use crate::args;

/// How a tournament's rounds are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// The winner of each table goes on; the others are out.
    Knockout,
    /// A fixed number of rounds; everyone plays every round, paired by points.
    Swiss,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Knockout => "knockout",
            Format::Swiss => "swiss",
        }
    }

    pub fn parse(text: &str) -> Option<Format> {
        match text.trim().to_ascii_lowercase().as_str() {
            "knockout" => Some(Format::Knockout),
            "swiss" => Some(Format::Swiss),
            _ => None,
        }
    }
}

/// Where a tournament is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentStatus {
    /// Taking entries until it starts.
    Open,
    Playing,
    /// Its prizes are paid.
    Ended,
    /// Stopped, every entry refunded.
    Cancelled,
}

impl TournamentStatus {
    fn parse(text: &str) -> Result<TournamentStatus> {
        Ok(match text {
            "open" => TournamentStatus::Open,
            "playing" => TournamentStatus::Playing,
            "ended" => TournamentStatus::Ended,
            "cancelled" => TournamentStatus::Cancelled,
            other => return Err(LedgerError::Corrupt(format!("tournament status {other}"))),
        })
    }
}

/// What a tournament is, as its creator asked for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTournament<'a> {
    pub channel: &'a str,
    pub creator: &'a str,
    pub game: &'a str,
    /// The game's options as a JSON object.
    pub options: &'a str,
    pub format: Format,
    /// Swiss rounds; 0 for a knockout (it plays until one is left).
    pub rounds: i64,
    /// Seats per table.
    pub seats: i64,
    pub max_players: i64,
    pub entry: i64,
    pub starts_at: i64,
    /// Seconds for each move at its tables (0: the server's clock).
    pub clock: i64,
}

/// A stored tournament with its players in seeding order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    pub id: i64,
    pub guild: String,
    pub channel: String,
    pub creator: String,
    pub game: String,
    pub options: String,
    pub format: Format,
    pub rounds: i64,
    pub seats: i64,
    pub max_players: i64,
    pub entry: i64,
    pub starts_at: i64,
    pub clock: i64,
    pub status: TournamentStatus,
    /// The round in play (0 before the first).
    pub round: i64,
    pub players: Vec<String>,
    pub result: Option<Ended>,
}

/// How a tournament ended: its final order and what each place was paid.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ended {
    /// Every player, first place first.
    pub standings: Vec<String>,
    /// (player, credits) for every prize paid, first place first; for a cancellation,
    /// every entry refunded.
    pub paid: Vec<(String, i64)>,
    pub pot: i64,
    pub cancelled: bool,
}

/// Why an entry or a cancellation was refused (funds are checked as for any payment).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentRefusal {
    #[error("no tournament {0}")]
    Unknown(i64),
    #[error("already in tournament {0}")]
    Joined(i64),
    #[error("tournament {id} is full ({max} players)")]
    Full { id: i64, max: i64 },
    #[error("tournament {0} has started or ended: entries are closed")]
    Closed(i64),
    #[error("tournament {0} has ended")]
    Over(i64),
}

fn refused(why: TournamentRefusal) -> LedgerError {
    LedgerError::Tournament(why)
}

fn pot_account(tx: &Tx, guild: &str, id: i64) -> Result<i64> {
    system_account(tx, guild, "escrow", &format!("tournament:{id}"))
}

fn load(tx: &Tx, id: i64) -> Result<Tournament> {
    let mut t = tx
        .query_opt(
            "SELECT id, guild_id, channel_id, creator, game, options, format, rounds, seats,
                    max_players, entry, starts_at, clock, status, round, result
             FROM tournaments WHERE id = ?1",
            args![id],
            |r| {
                let format: String = r.col("format")?;
                let status: String = r.col("status")?;
                let result: Option<String> = r.col("result")?;
                Ok(Tournament {
                    id: r.col("id")?,
                    guild: r.col("guild_id")?,
                    channel: r.col("channel_id")?,
                    creator: r.col("creator")?,
                    game: r.col("game")?,
                    options: r.col("options")?,
                    format: Format::parse(&format).ok_or_else(|| {
                        LedgerError::Corrupt(format!("tournament {id}: format {format}"))
                    })?,
                    rounds: r.col("rounds")?,
                    seats: r.col("seats")?,
                    max_players: r.col("max_players")?,
                    entry: r.col("entry")?,
                    starts_at: r.col("starts_at")?,
                    clock: r.col("clock")?,
                    status: TournamentStatus::parse(&status)?,
                    round: r.col("round")?,
                    players: Vec::new(),
                    result: result
                        .map(|j| serde_json::from_str(&j))
                        .transpose()
                        .map_err(|e| LedgerError::Corrupt(format!("tournament {id}: {e}")))?,
                })
            },
        )?
        .ok_or(refused(TournamentRefusal::Unknown(id)))?;
    t.players = tx.query(
        "SELECT user_id FROM tournament_players WHERE tournament_id = ?1 ORDER BY seed",
        args![id],
        |r| r.col("user_id"),
    )?;
    Ok(t)
}

/// A tournament's record of one round's bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bye {
    pub round: i64,
    pub user: String,
}

impl Ledger {
    /// Opens a tournament for sign-ups; `key` makes a retried command open it once.
    pub fn create_tournament(
        &self,
        guild: &str,
        key: &str,
        new: &NewTournament,
    ) -> Result<Replayable<i64>> {
        self.operation(guild, &format!("tnew:{key}"), "tournament", |tx, _| {
            ensure_guild(tx, guild, &self.defaults)?;
            tx.value(
                "INSERT INTO tournaments (guild_id, channel_id, creator, game, options, format,
                     rounds, seats, max_players, entry, starts_at, clock, status, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 'open', ?13)
                 RETURNING id",
                args![
                    guild,
                    new.channel,
                    new.creator,
                    new.game,
                    new.options,
                    new.format.as_str(),
                    new.rounds,
                    new.seats,
                    new.max_players,
                    new.entry,
                    new.starts_at,
                    new.clock,
                    now()
                ],
            )
        })
    }

    /// `user` enters tournament `id`: the entry fee moves into its pot with their row, in
    /// one operation (the key names the tournament and the player, so an entry is paid once).
    /// Returns the balance after paying.
    pub fn join_tournament(&self, guild: &str, id: i64, user: &str) -> Result<Replayable<i64>> {
        let key = format!("tjoin:{id}:{user}");
        let joined = self.operation(guild, &key, "tournament-join", |tx, op| {
            let t = load(tx, id)?;
            if t.guild != guild {
                return Err(refused(TournamentRefusal::Unknown(id)));
            }
            if t.status != TournamentStatus::Open {
                return Err(refused(TournamentRefusal::Closed(id)));
            }
            if t.players.len() as i64 >= t.max_players {
                return Err(refused(TournamentRefusal::Full {
                    id,
                    max: t.max_players,
                }));
            }
            let account = require_member(tx, guild, user)?;
            if t.entry > 0 {
                transfer(tx, op, account, pot_account(tx, guild, id)?, t.entry, user)?;
            }
            tx.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, seed)
                 VALUES (?1, ?2, ?3)",
                args![id, user, t.players.len() as i64 + 1],
            )?;
            balance_of(tx, account)
        })?;
        if joined.replayed {
            // The key was spent by this very entry: joining again is refused by name.
            return Err(refused(TournamentRefusal::Joined(id)));
        }
        Ok(joined)
    }

    /// Begins `round` of tournament `id` if it has not begun: the first round also fixes
    /// the seeding (`seeds`, every player in order) and turns the tournament to playing.
    /// The round's byes are stored with it. Returns whether this call began it.
    pub fn begin_round(
        &self,
        guild: &str,
        id: i64,
        round: i64,
        seeds: &[String],
        byes: &[String],
    ) -> Result<bool> {
        self.write_in(guild, |tx| {
            let t = load(tx, id)?;
            if t.round >= round {
                return Ok(false);
            }
            if matches!(
                t.status,
                TournamentStatus::Ended | TournamentStatus::Cancelled
            ) {
                return Err(refused(TournamentRefusal::Over(id)));
            }
            if t.round != round - 1 {
                return Err(LedgerError::Corrupt(format!(
                    "tournament {id} is at round {}, not {}",
                    t.round,
                    round - 1
                )));
            }
            if round == 1 {
                for (i, user) in seeds.iter().enumerate() {
                    tx.execute(
                        "UPDATE tournament_players SET seed = ?3
                         WHERE tournament_id = ?1 AND user_id = ?2",
                        args![id, user, i as i64 + 1],
                    )?;
                }
            }
            for user in byes {
                tx.execute(
                    "INSERT INTO tournament_byes (tournament_id, round, user_id)
                     VALUES (?1, ?2, ?3)",
                    args![id, round, user],
                )?;
            }
            tx.execute(
                "UPDATE tournaments SET round = ?2, status = 'playing' WHERE id = ?1",
                args![id, round],
            )?;
            Ok(true)
        })
    }

    /// Ends tournament `id` once (the key `tend:<id>`): `paid` from its pot, which it must
    /// empty exactly, and `standings` kept. A cancellation passes every entry back as
    /// `paid`.
    pub fn end_tournament(
        &self,
        guild: &str,
        id: i64,
        standings: &[String],
        paid: &[(String, i64)],
        cancelled: bool,
    ) -> Result<Replayable<Ended>> {
        self.operation(guild, &format!("tend:{id}"), "tournament-end", |tx, op| {
            let t = load(tx, id)?;
            if !matches!(t.status, TournamentStatus::Open | TournamentStatus::Playing) {
                return Err(refused(TournamentRefusal::Over(id)));
            }
            let pot_acc = pot_account(tx, guild, id)?;
            let pot = balance_of(tx, pot_acc)?;
            let total: i64 = paid.iter().map(|(_, n)| n).sum();
            if total != pot {
                return Err(LedgerError::Corrupt(format!(
                    "tournament {id}: {total} paid from a pot of {pot}"
                )));
            }
            for (user, amount) in paid.iter().filter(|(_, n)| *n > 0) {
                let account = require_member(tx, guild, user)?;
                transfer(tx, op, pot_acc, account, *amount, "the tournament pot")?;
            }
            let ended = Ended {
                standings: standings.to_vec(),
                paid: paid.to_vec(),
                pot,
                cancelled,
            };
            let json = serde_json::to_string(&ended)
                .map_err(|e| LedgerError::Corrupt(format!("tournament {id}: {e}")))?;
            tx.execute(
                "UPDATE tournaments SET status = ?2, result = ?3 WHERE id = ?1",
                args![id, if cancelled { "cancelled" } else { "ended" }, &json],
            )?;
            Ok(ended)
        })
    }

    pub fn tournament(&self, id: i64) -> Result<Tournament> {
        self.read(|tx| load(tx, id))
    }

    /// Every tournament open or playing, oldest first (for the clock).
    pub fn active_tournaments(&self) -> Result<Vec<Tournament>> {
        self.read(|tx| {
            let ids: Vec<i64> = tx.query(
                "SELECT id FROM tournaments WHERE status IN ('open', 'playing') ORDER BY id",
                args![],
                |r| r.col("id"),
            )?;
            ids.into_iter().map(|id| load(tx, id)).collect()
        })
    }

    /// The newest tournament of a channel, if any.
    pub fn channel_tournament(&self, guild: &str, channel: &str) -> Result<Option<Tournament>> {
        self.read(|tx| {
            let id: Option<i64> = tx.query_opt(
                "SELECT id FROM tournaments WHERE guild_id = ?1 AND channel_id = ?2
                 ORDER BY id DESC LIMIT 1",
                args![guild, channel],
                |r| r.col("id"),
            )?;
            id.map(|id| load(tx, id)).transpose()
        })
    }

    /// The tables of tournament `id` as (round, board, table), in order.
    pub fn tournament_tables(&self, id: i64) -> Result<Vec<(i64, i64, TableRow)>> {
        self.read(|tx| {
            let rows: Vec<(i64, i64, i64)> = tx.query(
                "SELECT tournament_round, tournament_board, id FROM tables
                 WHERE tournament_id = ?1 ORDER BY tournament_round, tournament_board",
                args![id],
                |r| {
                    Ok((
                        r.col("tournament_round")?,
                        r.col("tournament_board")?,
                        r.col("id")?,
                    ))
                },
            )?;
            rows.into_iter()
                .map(|(round, board, table)| Ok((round, board, load_table(tx, table)?)))
                .collect()
        })
    }

    /// The byes of tournament `id`, round by round.
    pub fn tournament_byes(&self, id: i64) -> Result<Vec<Bye>> {
        self.read(|tx| {
            tx.query(
                "SELECT round, user_id FROM tournament_byes WHERE tournament_id = ?1
                 ORDER BY round, user_id",
                args![id],
                |r| {
                    Ok(Bye {
                        round: r.col("round")?,
                        user: r.col("user_id")?,
                    })
                },
            )
        })
    }
}
