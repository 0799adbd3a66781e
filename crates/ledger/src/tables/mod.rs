//! Game tables and their action logs, as the table layer stores them: every state change and
//! every action is written here before the reply is sent.

use super::store::Tx;
use crate::args;
use serde::{Deserialize, Serialize};

use super::accounts::commitment;
use super::economy::ensure_guild;
use super::{now, Ledger, LedgerError, Result, StoreError};

mod finding;
pub use finding::Carried;

/// A new table as the table layer opens it.
#[derive(Debug, Clone)]
pub struct NewTable<'a> {
    pub channel: &'a str,
    pub game: &'a str,
    /// The table's options as a JSON object.
    pub options: &'a str,
    /// The stake of each seat (0: no wager).
    pub stake: i64,
    pub per_point: i64,
    /// Points (or wins) to reach for a series or match; 0 for a single game.
    pub target: i64,
    /// The secret seed of the table's generator (revealed when it ends).
    pub seed: &'a str,
    pub start_position: &'a str,
    /// The users in seat order (`droid` for the house droid).
    pub seats: &'a [&'a str],
    /// When an open table (a challenge) expires.
    pub deadline: Option<i64>,
    pub terms: Terms,
}

/// What the creator of a table asked for beyond the game's own options, kept so that a
/// restart, `/verify` and Rematch see exactly what was agreed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    /// The user who opened the table (seat 0 unless `first` said otherwise).
    pub creator: String,
    /// The `to` of `/play`, as given (a series target, or a match length the game keeps).
    pub to: Option<u32>,
    /// The droid's strength.
    pub level: u8,
    /// The droid's mind the table was opened with (the table layer gives the droid's
    /// current one), which plays all its games and replays them for `/verify`.
    pub mind: u16,
    /// How many seats an open table waits for before it starts by itself.
    pub seats: usize,
    /// The table's own clock with a total and an increment, as agreed (`M+S`: minutes,
    /// seconds); none: a clock per move.
    #[serde(default)]
    pub clock: Option<String>,
}

impl Terms {
    /// The terms of a table `creator` opens for `seats` players, with no `to` and the
    /// droid at `level` with its `mind` (the droid's, which the ledger does not know).
    pub fn new(creator: &str, seats: usize, level: u8, mind: u16) -> Terms {
        Terms {
            creator: creator.to_string(),
            to: None,
            level,
            mind,
            seats,
            clock: None,
        }
    }
}

/// Where a table is in its life. Stored as its lower-case name, which the schema checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableStatus {
    /// Waiting for its players: a challenge, or an open table filling its seats.
    Open,
    Playing,
    Finished,
    /// Ended before it started (declined, expired, withdrawn) or stopped by an admin.
    Cancelled,
}

impl TableStatus {
    pub const ALL: [TableStatus; 4] = [
        TableStatus::Open,
        TableStatus::Playing,
        TableStatus::Finished,
        TableStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Open => "open",
            TableStatus::Playing => "playing",
            TableStatus::Finished => "finished",
            TableStatus::Cancelled => "cancelled",
        }
    }

    /// Whether the table still holds its channel (open or playing).
    pub fn is_active(self) -> bool {
        matches!(self, TableStatus::Open | TableStatus::Playing)
    }
}

impl std::fmt::Display for TableStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for TableStatus {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        Ok(match s {
            "open" => TableStatus::Open,
            "playing" => TableStatus::Playing,
            "finished" => TableStatus::Finished,
            "cancelled" => TableStatus::Cancelled,
            other => return Err(format!("no table status '{other}'")),
        })
    }
}

/// A stored table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRow {
    pub id: i64,
    pub guild: String,
    pub channel: String,
    pub game: String,
    pub options: String,
    pub status: TableStatus,
    pub stake: i64,
    pub per_point: i64,
    pub target: i64,
    pub seed_commitment: String,
    /// The seed, once revealed (finished or cancelled tables).
    pub seed: Option<String>,
    pub start_position: String,
    pub position: String,
    pub turn: i64,
    pub deadline: Option<i64>,
    pub result: Option<String>,
    pub terms: Terms,
    pub seats: Vec<String>,
    /// The tournament the table is a round's board of.
    #[serde(default)]
    pub tournament: Option<i64>,
    /// Seconds a player has for each move, where the table has its own clock (a
    /// tournament's); none: the server's.
    #[serde(default)]
    pub move_clock: Option<i64>,
    /// The server's move clock as it stood when the row was read (none: the server has no
    /// economy of its own yet), read with the row so that a move costs no read of its own.
    #[serde(default)]
    pub server_clock: Option<i64>,
    /// Each seat's time left on a clock with a total ([`Terms::clock`]), in seconds,
    /// comma-separated, as of the last action (none before the first).
    #[serde(default)]
    pub clock_banks: Option<String>,
}

/// A table as an action leaves it: its position, the next deadline, and each seat's time
/// left on a clock with a total (none: unchanged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct After<'a> {
    pub position: &'a str,
    pub deadline: Option<i64>,
    pub clock_banks: Option<&'a str>,
}

/// One entry of a table's action log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedAction {
    pub seq: i64,
    /// The acting seat; `None` for a chance event.
    pub seat: Option<i64>,
    pub action: String,
}

/// Writes a new table and its seats; returns its id.
fn insert_table(
    tx: &Tx,
    guild: &str,
    defaults: &super::economy::Economy,
    new: &NewTable,
    tournament: Option<(i64, i64, i64)>,
    move_clock: Option<i64>,
) -> Result<i64> {
    ensure_guild(tx, guild, defaults)?;
    let (t_id, t_round, t_board) = match tournament {
        Some((t, r, b)) => (Some(t), Some(r), Some(b)),
        None => (None, None, None),
    };
    let inserted = tx.value::<i64>(
        "INSERT INTO tables (guild_id, channel_id, game, options, status, stake, per_point,
                             target, seed_commitment, seed, start_position, position,
                             deadline, created_at, creator, to_points, droid_level,
                             seat_count, tournament_id, tournament_round, tournament_board,
                             move_clock, droid_mind, fischer)
         VALUES (?1, ?2, ?3, ?4, 'open', ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12, ?13,
                 ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)
         RETURNING id",
        args![
            guild,
            new.channel,
            new.game,
            new.options,
            new.stake,
            new.per_point,
            new.target,
            commitment(new.seed),
            new.seed,
            new.start_position,
            new.deadline,
            now(),
            &new.terms.creator,
            new.terms.to.map(i64::from),
            i64::from(new.terms.level),
            new.terms.seats as i64,
            t_id,
            t_round,
            t_board,
            move_clock,
            i64::from(new.terms.mind),
            new.terms.clock.as_deref()
        ],
    );
    let id = match inserted {
        // One active table per channel: the schema's unique index says so.
        Err(LedgerError::Db(StoreError::Duplicate(_))) => return Err(LedgerError::ChannelBusy),
        other => other?,
    };
    for (seat, user) in new.seats.iter().enumerate() {
        tx.execute(
            "INSERT INTO seats (table_id, seat, user_id) VALUES (?1, ?2, ?3)",
            args![id, seat as i64, user],
        )?;
    }
    Ok(id)
}

/// The table and action number `interaction` carried, if any.
pub(super) fn carried_by(tx: &Tx, interaction: &str) -> Result<Option<(i64, i64)>> {
    tx.query_opt(
        "SELECT table_id, seq FROM actions WHERE interaction = ?1
         UNION ALL SELECT table_id, seq FROM taken_back WHERE interaction = ?1",
        args![interaction],
        |r| Ok((r.col("table_id")?, r.col("seq")?)),
    )
}

pub(crate) fn load_table(tx: &Tx, table: i64) -> Result<TableRow> {
    let mut row = tx
        .query_opt(
            "SELECT t.id, t.guild_id, t.channel_id, t.game, t.options, t.status, t.stake,
                    t.per_point, t.target, t.seed_commitment, t.seed, t.seed_revealed,
                    t.start_position, t.position, t.turn, t.deadline, t.result, t.creator,
                    t.to_points, t.droid_level, t.droid_mind, t.seat_count, t.tournament_id,
                    t.move_clock, t.fischer, t.clock_banks, g.move_clock_secs AS server_clock
             FROM tables t LEFT JOIN guilds g ON g.guild_id = t.guild_id
             WHERE t.id = ?1",
            args![table],
            |r| {
                let revealed: bool = r.col("seed_revealed")?;
                Ok(TableRow {
                    id: r.col("id")?,
                    guild: r.col("guild_id")?,
                    channel: r.col("channel_id")?,
                    game: r.col("game")?,
                    options: r.col("options")?,
                    status: r.col::<String>("status")?.parse().map_err(|e: String| {
                        LedgerError::Db(StoreError::Other(format!("table {table}: {e}")))
                    })?,
                    stake: r.col("stake")?,
                    per_point: r.col("per_point")?,
                    target: r.col("target")?,
                    seed_commitment: r.col("seed_commitment")?,
                    seed: if revealed { Some(r.col("seed")?) } else { None },
                    start_position: r.col("start_position")?,
                    position: r.col("position")?,
                    turn: r.col("turn")?,
                    deadline: r.col("deadline")?,
                    result: r.col("result")?,
                    terms: Terms {
                        creator: r.col("creator")?,
                        to: r.col::<Option<i64>>("to_points")?.map(|n| n as u32),
                        level: r.col::<i64>("droid_level")? as u8,
                        mind: r.col::<i64>("droid_mind")? as u16,
                        seats: r.col("seat_count")?,
                        clock: r.col("fischer")?,
                    },
                    seats: Vec::new(),
                    tournament: r.col("tournament_id")?,
                    move_clock: r.col("move_clock")?,
                    server_clock: r.col("server_clock")?,
                    clock_banks: r.col("clock_banks")?,
                })
            },
        )?
        .ok_or(LedgerError::UnknownTable(table))?;
    row.seats = tx.query(
        "SELECT user_id FROM seats WHERE table_id = ?1 ORDER BY seat",
        args![table],
        |r| r.col("user_id"),
    )?;
    Ok(row)
}

/// The secret seed of a table, for the table layer's generator (never shown before the end).
pub(crate) fn secret_seed(tx: &Tx, table: i64) -> Result<String> {
    tx.query_one("SELECT seed FROM tables WHERE id = ?1", args![table], |r| {
        r.col("seed")
    })
}

impl Ledger {
    /// Opens a table (status `open`). Only one table may be active per channel.
    pub fn create_table(&self, guild: &str, new: &NewTable) -> Result<TableRow> {
        self.write_in(guild, |tx| {
            let id = insert_table(tx, guild, &self.defaults, new, None, None)?;
            load_table(tx, id)
        })
    }

    /// Opens board `board` of `round` of `tournament` (status `open`), in the tournament's
    /// channel beside its other boards, with the tournament's move clock (`clock` seconds;
    /// none: the server's); a board opened before is returned as it is, so a round opened
    /// again after a restart opens only what it had not.
    pub fn create_tournament_table(
        &self,
        guild: &str,
        new: &NewTable,
        (tournament, round, board): (i64, i64, i64),
        clock: Option<i64>,
    ) -> Result<TableRow> {
        self.write_in(guild, |tx| {
            let existing: Option<i64> = tx.query_opt(
                "SELECT id FROM tables WHERE tournament_id = ?1 AND tournament_round = ?2
                     AND tournament_board = ?3",
                args![tournament, round, board],
                |r| r.col("id"),
            )?;
            let id = match existing {
                Some(id) => id,
                None => insert_table(
                    tx,
                    guild,
                    &self.defaults,
                    new,
                    Some((tournament, round, board)),
                    clock,
                )?,
            };
            load_table(tx, id)
        })
    }

    pub fn table(&self, table: i64) -> Result<TableRow> {
        self.read(|tx| load_table(tx, table))
    }

    /// The table's secret seed (for its generator); the table layer never shows it before
    /// the table ends.
    pub fn table_seed(&self, table: i64) -> Result<String> {
        self.read(|tx| secret_seed(tx, table))
    }

    /// Seats a user (open tables filling up).
    pub fn add_seat(&self, table: i64, user: &str) -> Result<TableRow> {
        self.write(|tx| {
            let row = load_table(tx, table)?;
            if row.status != TableStatus::Open {
                return Err(LedgerError::TableState {
                    table,
                    status: row.status,
                    why: "seats can only be taken before it starts".into(),
                });
            }
            // Checked here, in the transaction that takes the seat, and not on the caller's
            // copy of the table: two presses at once (or two processes) cannot both take the
            // last seat, nor seat one member twice. The droid may fill several seats.
            if super::bets::backs(tx, table, user)? {
                return Err(LedgerError::Bet(super::bets::BetRefusal::Backer(table)));
            }
            if user != super::DROID && row.seats.iter().any(|u| u == user) {
                return Err(LedgerError::AlreadySeated(table));
            }
            if row.seats.len() >= row.terms.seats {
                return Err(LedgerError::TableFull(table));
            }
            tx.execute(
                "INSERT INTO seats (table_id, seat, user_id) VALUES (?1, ?2, ?3)",
                args![table, row.seats.len() as i64, user],
            )?;
            load_table(tx, table)
        })
    }

    /// Appends one action to a playing table's log together with the position it leads to,
    /// the new turn number and the new clock deadline. `seq` must be the next number: a
    /// duplicate (a retried interaction) is refused by the primary key and changes nothing.
    pub fn record_action(
        &self,
        table: i64,
        seq: i64,
        entry: &LoggedAction,
        position: &str,
        deadline: Option<i64>,
    ) -> Result<()> {
        let after = After {
            position,
            deadline,
            clock_banks: None,
        };
        self.record_carried_action(table, seq, entry, &after, None)
    }

    /// [`Ledger::record_action`] for an action a member's interaction carried: the
    /// interaction's id is stored with it, once (an id already stored is refused and changes
    /// nothing), so that the same interaction delivered again is recognised
    /// ([`Ledger::action_carried_by`]).
    pub fn record_carried_action(
        &self,
        table: i64,
        seq: i64,
        entry: &LoggedAction,
        after: &After,
        interaction: Option<&str>,
    ) -> Result<()> {
        let After {
            position,
            deadline,
            clock_banks,
        } = *after;
        self.write(|tx| {
            let row = load_table(tx, table)?;
            if row.status != TableStatus::Playing {
                return Err(LedgerError::TableState {
                    table,
                    status: row.status,
                    why: "actions are recorded only while it plays".into(),
                });
            }
            if seq != row.turn + 1 || entry.seq != seq {
                return Err(LedgerError::TableState {
                    table,
                    status: row.status,
                    why: format!("the next action is number {}, not {seq}", row.turn + 1),
                });
            }
            if let Some(interaction) = interaction {
                if let Some((table, seq)) = carried_by(tx, interaction)? {
                    return Err(LedgerError::TableState {
                        table,
                        status: row.status,
                        why: format!("interaction {interaction} already carried action {seq}"),
                    });
                }
            }
            tx.execute(
                "INSERT INTO actions (table_id, seq, seat, action, created_at, interaction)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![table, seq, entry.seat, &entry.action, now(), interaction],
            )?;
            tx.execute(
                "UPDATE tables SET position = ?2, turn = ?3, deadline = ?4,
                        clock_banks = COALESCE(?5, clock_banks) WHERE id = ?1",
                args![table, position, seq, deadline, clock_banks],
            )?;
            Ok(())
        })
    }

    /// The table and action number an interaction carried, if it carried one.
    pub fn action_carried_by(&self, interaction: &str) -> Result<Option<(i64, i64)>> {
        self.read(|tx| carried_by(tx, interaction))
    }

    pub fn actions(&self, table: i64) -> Result<Vec<LoggedAction>> {
        self.read(|tx| {
            tx.query(
                "SELECT seq, seat, action FROM actions WHERE table_id = ?1 ORDER BY seq",
                args![table],
                |r| {
                    Ok(LoggedAction {
                        seq: r.col("seq")?,
                        seat: r.col("seat")?,
                        action: r.col("action")?,
                    })
                },
            )
        })
    }
}
