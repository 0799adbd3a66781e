//! `/replay format:text`: a table's whole record as a text file, headed like a chess PGN file
//! (tag pairs: the game, the players by seat, the date, the stakes, the start, the fairness
//! commitment and, once revealed, the seed, the result) and followed by every entry of its
//! log in the game's own notation, numbered. The engine protocol reads the same notation,
//! so a record can be replayed and checked outside the bot.

use super::log::{Leaving, LogEntry};
use super::verify::Records;
use super::{Actor, Outcome, Reply};
use crate::ledger::calendar::Day;
use crate::ledger::tables::{TableRow, TableStatus};
use crate::t;

/// A tag pair's value with PGN's escapes (a backslash and a double quote).
fn quoted(value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("\"{escaped}\"")
}

/// `0-2` for the points of each seat, `*` while the table is not finished.
fn result_tag(row: &TableRow) -> (String, Option<String>) {
    let parsed = row
        .result
        .as_deref()
        .and_then(|r| serde_json::from_str::<serde_json::Value>(r).ok());
    let reason = parsed
        .as_ref()
        .and_then(|r| r["reason"].as_str().map(str::to_string));
    match (row.status, parsed) {
        (TableStatus::Finished, Some(result)) => {
            let points: Vec<String> = result["points"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| p.to_string())
                .collect();
            (points.join("-"), reason)
        }
        (TableStatus::Cancelled, _) => ("*".into(), Some("cancelled".into())),
        _ => ("*".into(), reason),
    }
}

impl Records<'_> {
    /// `/replay format:text`: the record of a table (the channel's last by default).
    pub(crate) fn text_file(&self, actor: &Actor, table: Option<i64>) -> Outcome {
        let lang = actor.lang;
        let row = self.table_for(actor, table)?;
        let log = self.app.ledger.actions(row.id)?;
        let text = self.text(lang, &row, &log)?;
        let reply = Reply::public(t!(
            lang,
            "replay-record",
            table = row.id,
            entries = log.len()
        ))
        .with_file(format!("table-{}.txt", row.id), text.into_bytes());
        Ok(Self::shown_to(actor, &row, vec![reply]))
    }

    fn text(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        log: &[crate::ledger::tables::LoggedAction],
    ) -> Result<String, super::Refusal> {
        let entry = self.app.entry(row)?;
        let names = self.app.tables().seat_names(row);
        let opened = self.app.ledger.table_opened_at(row.id)?;
        let date = Day::of(opened).to_string().replace('-', ".");
        let (result, termination) = result_tag(row);
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), "Holotable".into()),
            ("Game".into(), entry.info.name.into()),
            ("Table".into(), row.id.to_string()),
            ("Date".into(), date),
        ];
        for (seat, name) in names.iter().enumerate() {
            tags.push((format!("Seat{}", seat + 1), name.clone()));
        }
        let mut tag = |tag: &str, value: String| tags.push((tag.to_string(), value));
        if row.options != "{}" && !row.options.is_empty() {
            tag("Options", row.options.clone());
        }
        for (name, value) in [
            ("Stake", row.stake),
            ("PerPoint", row.per_point),
            ("Target", row.target),
        ] {
            if value > 0 {
                tag(name, value.to_string());
            }
        }
        tag("Start", row.start_position.clone());
        tag("Commitment", row.seed_commitment.clone());
        if let Some(seed) = &row.seed {
            tag("Seed", seed.clone());
        }
        tag("Result", result.clone());
        if let Some(termination) = termination {
            tag("Termination", termination);
        }
        let mut out: String = tags
            .iter()
            .map(|(tag, value)| format!("[{tag} {}]\n", quoted(value)))
            .collect();
        out.push('\n');
        for (n, logged) in log.iter().enumerate() {
            let line = match LogEntry::decode(lang, logged)? {
                LogEntry::Action { seat, action } => format!("{} {action}", names[seat]),
                LogEntry::Chance(action) => format!("chance {action}"),
                LogEntry::NextGame(points) => {
                    let points: Vec<String> = points.iter().map(u32::to_string).collect();
                    format!("game over {}", points.join("-"))
                }
                LogEntry::Leave { seat, why } => {
                    let why = match why {
                        Leaving::Resign => "resigns",
                        Leaving::Timeout => "times out",
                    };
                    format!("{} {why}", names[seat])
                }
                LogEntry::Rest(until) => format!("rest until {until}"),
            };
            out.push_str(&format!("{}. {line}\n", n + 1));
        }
        out.push_str(&result);
        out.push('\n');
        Ok(out)
    }
}
