//! Judges backgammon players by GNU Backgammon's reckoning of their plays: a fixed set of
//! positions (sampled from the droid's level 4 of mind 4 playing itself, seeded), each
//! ranked once by gnubg at `--plies` ply (2 by default), then every player named chooses a
//! play in each, and its loss is gnubg's equity of the best play less that of the
//! player's. A match
//! result needs hundreds of games to tell two players a point apart; the mean loss over a
//! thousand positions tells them apart far sooner, so search and network variants can be
//! compared before a long match run confirms the best of them.
//!
//! ```sh
//! cargo run --release --example judge_backgammon -- --positions 1000 \
//!     --cache /tmp/judge.tsv droid:5 droid:4 lookahead:1 look:2,8,4,80
//! ```
//!
//! Players are the arena's (`droid:L`, `droid:L@M`, `lookahead:N`, `search:N`, `pubeval`,
//! `random`, ...), `look:ROLLS,ROOT,INNER,MARGIN[,KEEP,ROLLS,INNER[,WITHIN,BUDGET]]`, a lookahead of
//! today's mind (margin in thousandths of a share, 0 for none; the last three a deeper
//! look at the best KEEP candidates, and of those only the ones WITHIN thousandths of the
//! best, abandoned for the first look's choice once both looks together have read more than
//! BUDGET positions, a rolled position counting each of its plays; 0 for no limit;
//! `@MOST` after them all: the whole look stops at MOST positions, the first stage too),
//! or `net:FILE`, a network file's own choice (to
//! judge a network being trained). Losses are in thousandths of a point of 1-point
//! match equity (twice the winning chances). `--cache FILE` keeps gnubg's rankings, so a
//! second run with other players asks gnubg nothing. Needs Debian's `gnubg`.

use std::collections::HashMap;
use std::io::Write;

use holotable::arena::{gnubg, Player};
use holotable::droid::lookahead::{self, Lookahead, Refine};
use holotable::games::backgammon::net::Net;
use holotable::games::backgammon::Backgammon;
use holotable::games::{DynPlay, GameOptions, Playthrough, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A player to judge.
enum Judged {
    Arena(Player),
    Look(Lookahead),
    /// A network file's own choice (the play whose position it gives the most wins).
    Net(Net),
}

impl Judged {
    fn parse(text: &str) -> Result<Judged, String> {
        if let Some(path) = text.strip_prefix("net:") {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            return Net::from_bytes(&bytes).map(Judged::Net);
        }
        let Some(spec) = text.strip_prefix("look:") else {
            return Player::parse(text).map(Judged::Arena);
        };
        let (spec, whole) = match spec.split_once('@') {
            Some((spec, most)) => (
                spec,
                Some(most.parse::<u64>().map_err(|e| format!("{text}: {e}"))?),
            ),
            None => (spec, None),
        };
        let n: Vec<usize> = spec
            .split(',')
            .map(|x| x.parse::<usize>().map_err(|e| format!("{text}: {e}")))
            .collect::<Result<_, _>>()?;
        let refine = |keep, deeper: usize, wide, within: usize, budget: usize| {
            Ok::<_, String>(Some(Refine {
                keep,
                rolls: u8::try_from(deeper).map_err(|e| format!("{text}: {e}"))?,
                inner: wide,
                within: (within > 0)
                    .then(|| u16::try_from(within).map_err(|e| format!("{text}: {e}")))
                    .transpose()?,
                budget: (budget > 0).then_some(budget as u64),
            }))
        };
        let (rolls, root, inner, margin, refine) = match n[..] {
            [rolls, root, inner, margin] => (rolls, root, inner, margin, None),
            [rolls, root, inner, margin, keep, deeper, wide] => (
                rolls,
                root,
                inner,
                margin,
                refine(keep, deeper, wide, 0, 0)?,
            ),
            [rolls, root, inner, margin, keep, deeper, wide, within, budget] => (
                rolls,
                root,
                inner,
                margin,
                refine(keep, deeper, wide, within, budget)?,
            ),
            _ => {
                return Err(format!(
                    "{text}: look:ROLLS,ROOT,INNER,MARGIN[,KEEP,ROLLS,INNER[,WITHIN,BUDGET]][@MOST]"
                ))
            }
        };
        Ok(Judged::Look(Lookahead {
            rolls: u8::try_from(rolls).map_err(|e| format!("{text}: {e}"))?,
            root,
            inner,
            noise: 0,
            margin: (margin > 0)
                .then(|| u16::try_from(margin).map_err(|e| format!("{text}: {e}")))
                .transpose()?,
            refine,
            budget: whole,
        }))
    }

    /// The choice, with the positions a lookahead read to make it.
    fn choose(
        &self,
        play: &dyn DynPlay,
        rng: &mut ChaCha8Rng,
    ) -> Result<(usize, Option<u64>), String> {
        match self {
            Judged::Arena(p) => p.choose(play, rng).map(|c| (c, None)),
            Judged::Look(plan) => lookahead::choose(play, *plan, holotable::droid::MIND, rng)
                .map(|l| (l.choice, Some(l.positions)))
                .ok_or_else(|| "nothing to choose".into()),
            Judged::Net(net) => {
                let side = |p: &dyn DynPlay| {
                    p.as_any()
                        .downcast_ref::<Playthrough<Backgammon>>()
                        .map(|t| t.state().clone())
                        .ok_or("not backgammon")
                };
                let mover = side(play)?.info.on_roll as usize;
                let mut best = (f32::NEG_INFINITY, 0);
                for i in 0..play.choice_count() {
                    let mut next = play.clone_box();
                    next.step(i).map_err(|e| e.to_string())?;
                    let after = side(next.as_ref())?;
                    let win = net
                        .evaluate(&after.sides[mover], &after.sides[1 - mover])
                        .win();
                    if win > best.0 {
                        best = (win, i);
                    }
                }
                Ok((best.1, None))
            }
        }
    }
}

struct Args {
    positions: usize,
    seed: u64,
    plies: u8,
    cache: Option<String>,
    players: Vec<(String, Judged)>,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        positions: 500,
        seed: 1,
        plies: 2,
        cache: None,
        players: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(word) = it.next() {
        let mut value = || it.next().ok_or(format!("{word} needs a value"));
        match word.as_str() {
            "--positions" => a.positions = value()?.parse().map_err(|e| format!("{e}"))?,
            "--seed" => a.seed = value()?.parse().map_err(|e| format!("{e}"))?,
            "--plies" => a.plies = value()?.parse().map_err(|e| format!("{e}"))?,
            "--cache" => a.cache = Some(value()?),
            spec => a.players.push((spec.to_string(), Judged::parse(spec)?)),
        }
    }
    if a.players.is_empty() {
        return Err("name at least one player to judge".into());
    }
    Ok(a)
}

/// Positions where a play is to be chosen among two or more, from level 4 of mind 4
/// playing itself: a set that stays the same as the droid learns, so that judgements made
/// at different times compare.
fn positions(count: usize, seed: u64) -> Result<Vec<Box<dyn DynPlay>>, String> {
    let game = holotable::catalogue::lookup("backgammon", &GameOptions::new())
        .map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let droid = Player::Droid(4, 4);
    let mut out = Vec::new();
    let mut play = game.start(2).map_err(|e| e.to_string())?;
    while out.len() < count {
        let choice = match play.status() {
            Status::Over(_) => {
                play = game.start(2).map_err(|e| e.to_string())?;
                continue;
            }
            Status::Chance => holotable::arena::draw_chance(play.as_ref(), &mut rng),
            Status::ToMove(_) => {
                let legal = play.legal();
                if legal.len() >= 2 && legal.iter().all(|p| p.contains('/')) && rng.random_bool(0.5)
                {
                    out.push(play.clone_box());
                }
                droid.choose(play.as_ref(), &mut rng)?
            }
        };
        play.step(choice).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

type Ranking = Vec<(String, f64)>;

fn load_cache(path: &str) -> HashMap<String, Ranking> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return HashMap::new();
    };
    text.lines()
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let position = fields.next()?.to_string();
            let ranking = fields
                .map(|f| {
                    let (play, eq) = f.rsplit_once('=')?;
                    Some((play.to_string(), eq.parse().ok()?))
                })
                .collect::<Option<Ranking>>()?;
            Some((position, ranking))
        })
        .collect()
}

fn main() -> Result<(), String> {
    let a = args()?;
    let plays = positions(a.positions, a.seed)?;
    let mut cache = a.cache.as_deref().map(load_cache).unwrap_or_default();
    let mut rankings = Vec::with_capacity(plays.len());
    let mut witness = gnubg::Witness::default();
    for (i, play) in plays.iter().enumerate() {
        let key = format!("{}@{}", play.position(), a.plies);
        if let Some(r) = cache.get(&key) {
            rankings.push(r.clone());
            continue;
        }
        let r = witness
            .rank(play.as_ref(), a.plies)?
            .ok_or("no play to rank")?;
        if let Some(path) = &a.cache {
            let line: Vec<String> = std::iter::once(key.clone())
                .chain(r.iter().map(|(p, e)| format!("{p}={e}")))
                .collect();
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("{path}: {e}"))?;
            writeln!(f, "{}", line.join("\t")).map_err(|e| format!("{path}: {e}"))?;
        }
        cache.insert(key, r.clone());
        rankings.push(r);
        eprint!("\rranked {} of {}", i + 1, plays.len());
    }
    eprintln!();
    println!(
        "{} positions ranked by gnubg at {} ply (seed {}); loss in thousandths of a point",
        plays.len(),
        a.plies,
        a.seed
    );
    for (name, player) in &a.players {
        let started = std::time::Instant::now();
        let (mut total, mut blunders, mut missing) = (0.0, 0, 0);
        let mut worst = (0.0, String::new());
        let mut times = Vec::with_capacity(plays.len());
        for (k, (play, ranking)) in plays.iter().zip(&rankings).enumerate() {
            let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
            let thinking = std::time::Instant::now();
            let (choice, read) = player.choose(play.as_ref(), &mut rng)?;
            times.push((thinking.elapsed().as_secs_f64() * 1000.0, k, read));
            let text = play.choice_text(choice).unwrap_or_default();
            let best = ranking.first().map_or(0.0, |r| r.1);
            let Some(&(_, equity)) = ranking.iter().find(|(p, _)| *p == text) else {
                missing += 1;
                continue;
            };
            let loss = best - equity;
            total += loss;
            blunders += usize::from(loss > 0.1);
            if loss > worst.0 {
                worst = (loss, format!("{} {text}", play.position()));
            }
        }
        let judged = plays.len() - missing;
        println!(
            "{name:<24} mean loss {:>6.1}  blunders (> 100) {blunders:>4}  unranked {missing}  \
             worst {:.0} at {}  ({:.1} s)",
            1000.0 * total / judged.max(1) as f64,
            1000.0 * worst.0,
            worst.1,
            started.elapsed().as_secs_f64()
        );
        times.sort_by(|a, b| b.0.total_cmp(&a.0));
        let slowest: Vec<String> = times
            .iter()
            .take(3)
            .map(|&(ms, k, read)| {
                let read = read.map(|n| format!(" ({n} read)")).unwrap_or_default();
                format!("{ms:.0} ms{read} at {}", plays[k].position())
            })
            .collect();
        println!("{:<24} slowest: {}", "", slowest.join(", "));
    }
    Ok(())
}
