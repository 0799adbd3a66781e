//! GNU Backgammon as an arena player and witness: Debian's `gnubg` driven through its
//! Python scripting (`gnubg.py`, run inside it), at 0 ply with no noise, in the match at hand
//! (its score and cube; a 1-point match by default).
//!
//! gnubg is asked about every position of a game it plays in, whoever is to move: its
//! reading of the Position ID and its list of legal plays are compared with the engine's,
//! and any difference is a disagreement that the arena counts and reports. Where gnubg is
//! to move it plays its own best play, found again in the engine's list by its notation
//! (the engine writes plays as gnubg does, BG-6).

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::games::backgammon::{ids, Backgammon};
use crate::games::{DynPlay, Playthrough};

/// The bridge run inside gnubg.
const BRIDGE: &str = include_str!("gnubg.py");

/// Where gnubg is looked for when `HOLOTABLE_GNUBG` does not say: on the `PATH`, then where
/// Debian installs it.
const CANDIDATES: [&str; 2] = ["gnubg", "/usr/games/gnubg"];

/// How long gnubg may take to start or to answer one request (it answers in milliseconds):
/// a gnubg that hangs fails the request instead of the whole arena.
const PATIENCE: Duration = Duration::from_secs(60);

/// The error of a gnubg whose process ended.
const STOPPED: &str = "gnubg stopped";

/// A running gnubg with the bridge loaded.
pub struct Gnubg {
    child: Child,
    input: ChildStdin,
    /// gnubg's lines, read on a thread of their own so that waiting for one can time out.
    output: Receiver<std::io::Result<String>>,
}

/// What gnubg made of a position and a roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The Position ID as gnubg read it back.
    pub position_id: String,
    /// Every legal play in gnubg's notation, gnubg's best first; empty when the roll cannot
    /// be used.
    pub plays: Vec<String>,
}

impl Gnubg {
    /// Starts gnubg with the bridge; an error says why it could not (gnubg not installed).
    pub fn start() -> Result<Gnubg, String> {
        let script = std::env::temp_dir().join(format!(
            "holotable-gnubg-{}-{:?}.py",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(&script, BRIDGE).map_err(|e| format!("{}: {e}", script.display()))?;
        // A gnubg run for the first time writes its settings folder (~/.gnubg): several
        // started at once on a fresh install can stop while another writes it (seen in CI,
        // one start in five), so a start that stops is tried twice more.
        let mut started = Self::spawn(&script);
        for attempt in 1..3 {
            if !matches!(&started, Err(e) if e == STOPPED) {
                break;
            }
            std::thread::sleep(Duration::from_millis(300 * attempt));
            started = Self::spawn(&script);
        }
        let _ = std::fs::remove_file(&script);
        started
    }

    fn spawn(script: &std::path::Path) -> Result<Gnubg, String> {
        let mut tried = Vec::new();
        for program in programs() {
            let spawned = Command::new(&program)
                .args(["-t", "-q", "-r", "-p"])
                .arg(script)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn();
            match spawned {
                Ok(mut child) => {
                    let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take())
                    else {
                        return Err("gnubg started without its pipes".into());
                    };
                    let (lines, received) = std::sync::mpsc::channel();
                    std::thread::spawn(move || {
                        for line in BufReader::new(output).lines() {
                            if lines.send(line).is_err() {
                                return;
                            }
                        }
                    });
                    let mut gnubg = Gnubg {
                        child,
                        input,
                        output: received,
                    };
                    // gnubg greets on standard output before the bridge takes it over.
                    loop {
                        let line = gnubg.line()?;
                        if line == "ready" {
                            return Ok(gnubg);
                        }
                    }
                }
                Err(e) => tried.push(format!("{}: {e}", program.display())),
            }
        }
        Err(format!(
            "GNU Backgammon is not installed (Debian's package gnubg; or set HOLOTABLE_GNUBG): {}",
            tried.join("; ")
        ))
    }

    /// The next line gnubg wrote.
    fn line(&mut self) -> Result<String, String> {
        match self.output.recv_timeout(PATIENCE) {
            Ok(Ok(line)) => Ok(line.trim_end_matches('\r').to_string()),
            Ok(Err(e)) => Err(format!("reading gnubg: {e}")),
            Err(RecvTimeoutError::Disconnected) => Err(STOPPED.into()),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "gnubg did not answer within {} s",
                PATIENCE.as_secs()
            )),
        }
    }

    /// Sends one request and returns gnubg's answer after its `ok `.
    fn ask(&mut self, request: &str) -> Result<String, String> {
        writeln!(self.input, "{request}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("writing to gnubg: {e}"))?;
        let line = self.line()?;
        if let Some(why) = line.strip_prefix("error ") {
            return Err(format!("gnubg: {why}"));
        }
        line.strip_prefix("ok ")
            .map(str::to_string)
            .ok_or_else(|| format!("gnubg answered '{line}'"))
    }

    /// gnubg's reading of `position_id` with the roll `dice`, and its plays: in a 1-point
    /// match, or in the match `match_id` describes.
    pub fn hint(
        &mut self,
        position_id: &str,
        dice: (u8, u8),
        match_id: Option<&str>,
    ) -> Result<Hint, String> {
        let (high, low) = (dice.0.max(dice.1), dice.0.min(dice.1));
        let request = match match_id {
            Some(id) => format!("hint {position_id} {high} {low} {id}"),
            None => format!("hint {position_id} {high} {low}"),
        };
        let answer = self.ask(&request)?;
        let mut fields = answer.split('\t');
        let position_id = fields.next().unwrap_or_default().to_string();
        Ok(Hint {
            position_id,
            plays: fields.map(str::to_string).collect(),
        })
    }

    /// gnubg's plays of `position_id` with the roll `dice` in a 1-point match, each with
    /// its equity at `plies` ply (or lower, where gnubg's move filter left it), best first.
    pub fn rank(
        &mut self,
        position_id: &str,
        dice: (u8, u8),
        plies: u8,
    ) -> Result<Vec<(String, f64)>, String> {
        let (high, low) = (dice.0.max(dice.1), dice.0.min(dice.1));
        let answer = self.ask(&format!("rank {position_id} {high} {low} {plies}"))?;
        let mut fields = answer.split('\t');
        let seen = fields.next().unwrap_or_default();
        if seen != position_id {
            return Err(format!("gnubg read {position_id} as {seen}"));
        }
        fields
            .map(|f| {
                let (play, equity) = f
                    .rsplit_once('=')
                    .ok_or_else(|| format!("gnubg's ranked play '{f}'"))?;
                let equity = equity
                    .parse::<f64>()
                    .map_err(|e| format!("gnubg's equity '{equity}': {e}"))?;
                Ok((play.to_string(), equity))
            })
            .collect()
    }

    /// gnubg's cube verdict where the player on roll of `position_id` and `match_id` (no
    /// dice, no double offered) may double.
    pub fn cube(&mut self, position_id: &str, match_id: &str) -> Result<CubeVerdict, String> {
        let answer = self.ask(&format!("cube {position_id} {match_id}"))?;
        match answer.split_whitespace().collect::<Vec<_>>()[..] {
            [double @ ("double" | "no-double"), take @ ("take" | "drop")] => Ok(CubeVerdict {
                double: double == "double",
                take: take == "take",
            }),
            _ => Err(format!("gnubg's cube verdict '{answer}'")),
        }
    }
}

/// gnubg's view of a cube decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CubeVerdict {
    /// The player on roll should double.
    pub double: bool,
    /// The other player should take that double.
    pub take: bool,
}

impl Drop for Gnubg {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The programs to try, in order.
fn programs() -> Vec<PathBuf> {
    match std::env::var_os("HOLOTABLE_GNUBG") {
        Some(path) => vec![PathBuf::from(path)],
        None => CANDIDATES.iter().map(PathBuf::from).collect(),
    }
}

/// What gnubg said of one position where a player is to move.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    /// gnubg's best play, as the engine's choice number; `None` where the position is not a
    /// play (a roll, a cube decision) or gnubg's best play is not among the engine's.
    pub best: Option<usize>,
    /// How gnubg and the engine disagreed here, if they did.
    pub disagreement: Option<String>,
}

/// A gnubg asked about positions: started when first needed, and afresh after a failure.
/// Each of the arena's workers holds its own (one process answers one question at a time).
#[derive(Default)]
pub struct Witness {
    gnubg: Option<Gnubg>,
}

impl Witness {
    /// Asks gnubg about `play`'s position and compares its answer with the
    /// engine's: its reading of the Position ID and its set of legal plays. A position where no
    /// play is to be chosen (the dice not rolled yet, a cube decision) is not asked about.
    pub fn judge(&mut self, play: &dyn DynPlay) -> Result<Verdict, String> {
        let state = play
            .as_any()
            .downcast_ref::<Playthrough<Backgammon>>()
            .map(|t| t.state().clone())
            .ok_or("gnubg plays backgammon only")?;
        let dice = state.info.dice;
        let texts: Vec<String> = (0..play.choice_count())
            .filter_map(|i| play.choice_text(i))
            .collect();
        let is_play = |t: &str| t == "pass" || t.contains('/');
        if dice == (0, 0) || !texts.iter().any(|t| is_play(t)) {
            return Ok(Verdict::default());
        }
        let me = state.info.on_roll as usize;
        let position_id = ids::position_id(&state.sides[1 - me], &state.sides[me]);
        // A 1-point match is asked about as one; any other match with its score and cube.
        let match_id = (state.info.length != 1).then(|| ids::match_id(&state.info));
        let hint = self.ask(|gnubg| gnubg.hint(&position_id, dice, match_id.as_deref()))?;
        Ok(compare(&position_id, dice, &texts, &hint))
    }

    /// gnubg's ranking of the plays at `play` (backgammon, a roll to play) at `plies` ply, as
    /// [`Gnubg::rank`]; `None` where no play is to be chosen.
    pub fn rank(
        &mut self,
        play: &dyn DynPlay,
        plies: u8,
    ) -> Result<Option<Vec<(String, f64)>>, String> {
        let state = play
            .as_any()
            .downcast_ref::<Playthrough<Backgammon>>()
            .map(|t| t.state().clone())
            .ok_or("gnubg plays backgammon only")?;
        if state.info.dice == (0, 0) {
            return Ok(None);
        }
        let me = state.info.on_roll as usize;
        let position_id = ids::position_id(&state.sides[1 - me], &state.sides[me]);
        self.ask(|gnubg| gnubg.rank(&position_id, state.info.dice, plies))
            .map(Some)
    }

    /// Runs `ask` on this witness's gnubg, started when first needed and afresh after a
    /// failure.
    fn ask<T>(&mut self, ask: impl FnOnce(&mut Gnubg) -> Result<T, String>) -> Result<T, String> {
        if self.gnubg.is_none() {
            self.gnubg = Some(Gnubg::start()?);
        }
        let gnubg = self.gnubg.as_mut().ok_or("no gnubg")?;
        let answer = ask(gnubg);
        if answer.is_err() {
            self.gnubg = None;
        }
        answer
    }
}

impl Witness {
    /// gnubg's cube action at `play`, as the engine's choice number: doubling or rolling where
    /// the player on roll may double, taking or dropping where a double is offered; `None`
    /// where `play` is no cube decision.
    pub fn cube_choice(&mut self, play: &dyn DynPlay) -> Result<Option<usize>, String> {
        let state = play
            .as_any()
            .downcast_ref::<Playthrough<Backgammon>>()
            .map(|t| t.state().clone())
            .ok_or("gnubg plays backgammon only")?;
        let find = |wanted: &str| {
            (0..play.choice_count()).find(|&i| play.choice_text(i).as_deref() == Some(wanted))
        };
        let (double, roll, take, drop) = (find("double"), find("roll"), find("take"), find("drop"));
        let deciding = (double.is_some() && roll.is_some()) || (take.is_some() && drop.is_some());
        if !deciding || state.info.dice != (0, 0) {
            return Ok(None);
        }
        // Asked from the doubler's side before any double: the position as it stood when the
        // player on roll could double (the cube not yet turned while a double is offered).
        let me = state.info.on_roll as usize;
        let position_id = ids::position_id(&state.sides[1 - me], &state.sides[me]);
        let mut before = state.info;
        before.double_offered = false;
        before.turn = before.on_roll;
        before.rolling = false;
        let verdict = self.ask(|gnubg| gnubg.cube(&position_id, &ids::match_id(&before)))?;
        Ok(if take.is_some() {
            if verdict.take {
                take
            } else {
                drop
            }
        } else if verdict.double {
            double
        } else {
            roll
        })
    }
}

/// The verdict on the engine's `texts` (its choices) against gnubg's `hint`.
fn compare(position_id: &str, dice: (u8, u8), texts: &[String], hint: &Hint) -> Verdict {
    let ours: BTreeSet<&str> = texts
        .iter()
        .map(String::as_str)
        .filter(|t| *t != "pass")
        .collect();
    let theirs: BTreeSet<&str> = hint.plays.iter().map(String::as_str).collect();
    let best = match hint.plays.first() {
        Some(play) => texts.iter().position(|t| t == play),
        None => texts.iter().position(|t| t == "pass"),
    };
    let at = format!("at {position_id} with {}-{}", dice.0, dice.1);
    let disagreement = if hint.position_id != position_id {
        Some(format!(
            "{at}: gnubg read the position as {}",
            hint.position_id
        ))
    } else if ours != theirs {
        let only_ours: Vec<&str> = ours.difference(&theirs).copied().collect();
        let only_theirs: Vec<&str> = theirs.difference(&ours).copied().collect();
        Some(format!(
            "{at}: only the engine allows [{}], only gnubg allows [{}]",
            only_ours.join(", "),
            only_theirs.join(", ")
        ))
    } else {
        None
    };
    Verdict { best, disagreement }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hint(id: &str, plays: &[&str]) -> Hint {
        Hint {
            position_id: id.into(),
            plays: plays.iter().map(|p| p.to_string()).collect(),
        }
    }

    fn texts(t: &[&str]) -> Vec<String> {
        t.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn the_same_plays_in_another_order_agree_and_gnubgs_first_is_chosen() {
        let ours = texts(&["24/18 13/11", "13/5", "24/16"]);
        let v = compare(
            "ID",
            (6, 2),
            &ours,
            &hint("ID", &["24/16", "24/18 13/11", "13/5"]),
        );
        assert_eq!(v.disagreement, None);
        assert_eq!(v.best, Some(2));
    }

    #[test]
    fn a_play_only_one_side_allows_is_a_disagreement_naming_it() {
        let ours = texts(&["24/18 13/11", "13/5"]);
        let v = compare("ID", (6, 2), &ours, &hint("ID", &["24/16", "13/5"]));
        let said = v.disagreement.expect("a disagreement");
        assert!(
            said.contains("[24/18 13/11]") && said.contains("[24/16]"),
            "{said}"
        );
        assert_eq!(v.best, None);
    }

    #[test]
    fn a_position_read_otherwise_is_a_disagreement() {
        let ours = texts(&["13/5"]);
        let v = compare("ID", (6, 2), &ours, &hint("OTHER", &["13/5"]));
        assert!(v.disagreement.expect("a disagreement").contains("OTHER"));
    }

    #[test]
    fn a_roll_neither_side_can_use_agrees_and_passes() {
        let ours = texts(&["pass"]);
        let v = compare("ID", (6, 6), &ours, &hint("ID", &[]));
        assert_eq!(
            v,
            Verdict {
                best: Some(0),
                disagreement: None
            }
        );
    }
}
