//! A tournament's standings, read again from its tables and byes whenever they are needed
//! (nothing computed is stored, so a restart finds the same standings).
//!
//! - **Points**: at a table, each opponent one scored more than is a win, as many a draw;
//!   a player earns one point per win and half a point per draw, scaled to a full table of
//!   the tournament's seats (at a D-Zone table of four, first place earns 3 points, second
//!   2 …; at a table of three in a four-seat tournament a win counts 1.5). A table ended
//!   without a result (an admin's end) counts as a draw for all. A bye counts as winning a
//!   full table.
//! - **Knockout**: a table's winner goes on; a tie goes to the better seed.
//! - **Ranking** (Swiss, and the knockout's players out in the same round): points, then
//!   Buchholz (the sum of one's opponents' points), then seed.

use std::collections::{HashMap, HashSet};

use super::pairing::Met;
use crate::ledger::tables::{TableRow, TableStatus};
use crate::ledger::tournaments::{Bye, Format, Tournament};
use crate::render::standings::Mark;

/// Points are counted in twelfths, so that every share of a table of 2 to 4 is whole.
pub const UNIT: u32 = 12;

/// One player's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub user: String,
    /// 1 for the best seed.
    pub seed: usize,
    /// Points in twelfths ([`UNIT`]).
    pub score: u32,
    /// The sum of the opponents' scores, in twelfths.
    pub buchholz: u32,
    /// Knockout: the round the player went out in.
    pub out_in: Option<i64>,
    pub opponents: Vec<String>,
    pub byes: usize,
    /// What each round gave, first round first (`None`: not in that round).
    pub rounds: Vec<Option<Mark>>,
}

/// What a tournament's tables say now.
#[derive(Debug, Clone, Default)]
pub struct Reading {
    /// Every player, best first (a knockout's: those still in first, by seed).
    pub standings: Vec<Standing>,
    /// Who met whom, for the next Swiss round.
    pub met: Met,
    pub had_bye: HashSet<String>,
    /// Whether every table of the round in play has ended.
    pub round_done: bool,
    /// Knockout: the players still in, in seeding order.
    pub alive: Vec<String>,
}

/// Each seat's points at a finished table, or `None` (an ended table counts as a draw).
fn table_points(row: &TableRow) -> Option<Vec<u32>> {
    if row.status != TableStatus::Finished {
        return None;
    }
    let result: serde_json::Value = serde_json::from_str(row.result.as_deref()?).ok()?;
    result["points"]
        .as_array()?
        .iter()
        .map(|p| p.as_u64().map(|p| p as u32))
        .collect()
}

/// Reads tournament `t` from its `tables` (round, board, row) and `byes`.
pub fn read(t: &Tournament, tables: &[(i64, i64, TableRow)], byes: &[Bye]) -> Reading {
    let mut tally = Tally::new(t);
    for bye in byes {
        tally.bye(bye);
    }
    for (round, _, row) in tables {
        if row.status.is_active() {
            tally.playing(*round, row);
        } else {
            tally.ended(*round, row);
        }
    }
    tally.finish()
}

/// The standings as the tables are read one by one.
struct Tally<'t> {
    t: &'t Tournament,
    /// Each player's seed, 1 for the best.
    seed: HashMap<&'t str, usize>,
    rows: HashMap<String, Standing>,
    /// What winning a full table of the tournament's seats earns.
    full: u32,
    reading: Reading,
}

impl<'t> Tally<'t> {
    fn new(t: &'t Tournament) -> Tally<'t> {
        let seed: HashMap<&str, usize> = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.as_str(), i + 1))
            .collect();
        let rows = t
            .players
            .iter()
            .map(|p| {
                let standing = Standing {
                    user: p.clone(),
                    seed: seed[p.as_str()],
                    score: 0,
                    buchholz: 0,
                    out_in: None,
                    opponents: Vec::new(),
                    byes: 0,
                    rounds: vec![None; t.round.max(0) as usize],
                };
                (p.clone(), standing)
            })
            .collect();
        Tally {
            t,
            seed,
            rows,
            full: UNIT * (t.seats.max(2) as u32 - 1),
            reading: Reading {
                round_done: true,
                ..Reading::default()
            },
        }
    }

    /// What `user` did in `round`.
    fn note(&mut self, user: &str, round: i64, mark: Mark) {
        let Some(s) = self.rows.get_mut(user) else {
            return;
        };
        if let Some(slot) = usize::try_from(round - 1)
            .ok()
            .and_then(|r| s.rounds.get_mut(r))
        {
            *slot = Some(mark);
        }
    }

    /// A bye counts as winning a full table.
    fn bye(&mut self, bye: &Bye) {
        let Some(s) = self.rows.get_mut(&bye.user) else {
            return;
        };
        s.score += self.full;
        s.byes += 1;
        self.note(&bye.user, bye.round, Mark::Bye);
        self.reading.had_bye.insert(bye.user.clone());
    }

    /// A table still playing holds its round open.
    fn playing(&mut self, round: i64, row: &TableRow) {
        if round == self.t.round {
            self.reading.round_done = false;
        }
        for user in &row.seats {
            self.note(user, round, Mark::Playing);
        }
    }

    /// An ended table: each seat scores against every other, and a knockout's losers go out.
    fn ended(&mut self, round: i64, row: &TableRow) {
        let m = row.seats.len() as u32;
        if m < 2 {
            return;
        }
        let points = table_points(row).unwrap_or_else(|| vec![0; row.seats.len()]);
        let share = self.full / (m - 1);
        for (i, user) in row.seats.iter().enumerate() {
            let mut earned = 0;
            for (j, other) in row.seats.iter().enumerate().filter(|(j, _)| *j != i) {
                self.reading.met.insert((user.clone(), other.clone()));
                earned += match points.get(i).cmp(&points.get(j)) {
                    std::cmp::Ordering::Greater => share,
                    std::cmp::Ordering::Equal => share / 2,
                    std::cmp::Ordering::Less => 0,
                };
                if let Some(s) = self.rows.get_mut(user) {
                    s.opponents.push(other.clone());
                }
            }
            if let Some(s) = self.rows.get_mut(user) {
                s.score += earned;
            }
            let mark = match earned {
                0 => Mark::Lost,
                e if e >= self.full => Mark::Won,
                _ => Mark::Drew,
            };
            self.note(user, round, mark);
        }
        if self.t.format == Format::Knockout {
            self.knock_out(round, row, &points);
        }
    }

    /// A knockout table's winner goes on (a tie to the better seed); the others are out.
    fn knock_out(&mut self, round: i64, row: &TableRow, points: &[u32]) {
        let best = points.iter().max().copied().unwrap_or(0);
        let winner = row
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| points.get(*i).copied().unwrap_or(0) == best)
            .map(|(_, u)| u)
            .min_by_key(|u| self.seed.get(u.as_str()).copied().unwrap_or(usize::MAX));
        for user in row.seats.iter().filter(|u| Some(*u) != winner) {
            if let Some(s) = self.rows.get_mut(user) {
                s.out_in.get_or_insert(round);
            }
        }
    }

    /// Buchholz from the final scores, then the ranking.
    fn finish(mut self) -> Reading {
        let scores: HashMap<String, u32> = self
            .rows
            .iter()
            .map(|(u, s)| (u.clone(), s.score))
            .collect();
        for s in self.rows.values_mut() {
            s.buchholz = s
                .opponents
                .iter()
                .map(|o| scores.get(o).copied().unwrap_or(0))
                .sum();
        }
        let mut standings: Vec<Standing> = self.rows.into_values().collect();
        standings.sort_by(|a, b| {
            // A knockout's players still in come first, then those who lasted longer.
            let lasted = |s: &Standing| s.out_in.map_or(i64::MAX, |r| r);
            lasted(b)
                .cmp(&lasted(a))
                .then(b.score.cmp(&a.score))
                .then(b.buchholz.cmp(&a.buchholz))
                .then(a.seed.cmp(&b.seed))
        });
        if self.t.format == Format::Knockout {
            let mut alive: Vec<&Standing> =
                standings.iter().filter(|s| s.out_in.is_none()).collect();
            alive.sort_by_key(|s| s.seed);
            self.reading.alive = alive.into_iter().map(|s| s.user.clone()).collect();
        }
        self.reading.standings = standings;
        self.reading
    }
}

/// A score in points, as people write it: `3`, `1.5`, `0.25`.
pub fn points(score: u32) -> String {
    let whole = score / UNIT;
    let rest = score % UNIT;
    if rest == 0 {
        return whole.to_string();
    }
    let text = format!("{:.2}", score as f64 / UNIT as f64);
    text.trim_end_matches('0').to_string()
}

/// The prizes of a pot by place, first place first: 60/30/10 % from four players, 70/30
/// with three, all of it with two; credits the percentages leave go to first place.
pub fn prizes(pot: i64, players: usize) -> Vec<i64> {
    let shares: &[i64] = match players {
        0 | 1 => &[],
        2 => &[100],
        3 => &[70, 30],
        _ => &[60, 30, 10],
    };
    let mut paid: Vec<i64> = shares.iter().map(|s| pot * s / 100).collect();
    if let Some(first) = paid.first_mut() {
        *first += pot - shares.iter().map(|s| pot * s / 100).sum::<i64>();
    }
    paid
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prizes_spend_the_whole_pot() {
        assert_eq!(prizes(400, 4), [240, 120, 40]);
        assert_eq!(prizes(301, 3), [211, 90]);
        assert_eq!(prizes(101, 5).iter().sum::<i64>(), 101);
        assert_eq!(prizes(0, 2), [0]);
        assert!(prizes(100, 1).is_empty());
    }

    #[test]
    fn points_read_as_people_write_them() {
        assert_eq!(points(36), "3");
        assert_eq!(points(18), "1.5");
        assert_eq!(points(3), "0.25");
        assert_eq!(points(0), "0");
    }
}
