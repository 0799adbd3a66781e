//! `holotable engine`: the rules core as a JSON-lines protocol (docs/CONTRACT.md P-8).
//!
//! Stateless: each request carries the position (and optionally the table's options and the
//! earlier positions, for the rules that depend on the log). Every failure is answered with
//! `{"ok":false,"error":…}` and the next line is served as usual.

use std::io::{self, BufRead, Write};

use serde_json::{json, Map, Value};

use crate::games::{self, DynPlay, GameOptions, Status};
use crate::render::{LastMove, Scene};

/// Reads requests from `input` until it ends, answering each on `output`.
pub fn serve<R: BufRead, W: Write>(input: R, mut output: W) -> io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                writeln!(output, "{}", failure("the line is not valid UTF-8"))?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if line.trim().is_empty() {
            continue;
        }
        // A fault of the engine on one request (a bug: requests are validated) answers
        // that request with an error instead of ending the session; the panic's message
        // goes to stderr.
        let reply = std::panic::catch_unwind(|| handle_line(&line)).unwrap_or_else(|_| {
            failure("internal error: the engine failed on this request (see stderr)")
        });
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
    Ok(())
}

/// Answers one request line.
pub fn handle_line(line: &str) -> Value {
    let request: Value = match serde_json::from_str(line) {
        Ok(value) => value,
        Err(e) => return failure(&format!("bad JSON: {e}")),
    };
    let Value::Object(request) = request else {
        return failure("a request must be a JSON object");
    };
    match handle(&request) {
        Ok(reply) => reply,
        Err(message) => failure(&message),
    }
}

fn failure(message: &str) -> Value {
    json!({"ok": false, "error": message})
}

type Reply = Result<Value, String>;

fn field<'a>(request: &'a Map<String, Value>, name: &str) -> Result<&'a Value, String> {
    match request.get(name) {
        None | Some(Value::Null) => Err(format!("missing field '{name}'")),
        Some(value) => Ok(value),
    }
}

fn string_field<'a>(request: &'a Map<String, Value>, name: &str) -> Result<&'a str, String> {
    field(request, name)?
        .as_str()
        .ok_or_else(|| format!("field '{name}' must be a string"))
}

fn handle(request: &Map<String, Value>) -> Reply {
    let op = string_field(request, "op")?;
    let game_id = string_field(request, "game")?;
    let options: GameOptions = match request.get("options") {
        None | Some(Value::Null) => GameOptions::new(),
        Some(Value::Object(options)) => options.clone(),
        Some(_) => return Err("field 'options' must be an object".into()),
    };
    let game = crate::catalogue::lookup(game_id, &options).map_err(|e| e.to_string())?;
    let game = game.as_ref();
    match op {
        "new" => new(game, request),
        "status" => status(resume(game, request)?.as_ref()),
        "legal" => legal(resume(game, request)?.as_ref()),
        "apply" => apply(resume(game, request)?, request),
        "droid" => droid(resume(game, request)?.as_ref(), request),
        "render" => render(game_id, &options, request),
        other => Err(format!(
            "unknown op '{other}' (ops: new, status, legal, apply, render, droid)"
        )),
    }
}

/// `new`: the start position for `seats` players (the game's fewest by default).
fn new(game: &dyn games::DynGame, request: &Map<String, Value>) -> Reply {
    let info = game.info();
    let seats = match request.get("seats") {
        None | Some(Value::Null) => info.min_seats,
        Some(value) => value
            .as_u64()
            .ok_or("field 'seats' must be a whole number")?
            .try_into()
            .map_err(|_| "field 'seats' is too large")?,
    };
    info.check_seats(seats).map_err(|e| e.to_string())?;
    let play = game.start(seats).map_err(|e| e.to_string())?;
    Ok(json!({"ok": true, "state": play.position()}))
}

/// `status`: who moves (a seat or chance), or the outcome once the game is over.
fn status(play: &dyn DynPlay) -> Reply {
    let mut reply = Map::new();
    reply.insert("ok".into(), Value::Bool(true));
    match play.status() {
        Status::ToMove(seat) => {
            reply.insert("to_move".into(), Value::String(seat.to_string()));
            reply.insert("outcome".into(), Value::Null);
        }
        Status::Chance => {
            reply.insert("to_move".into(), Value::String("chance".into()));
            reply.insert("outcome".into(), Value::Null);
        }
        Status::Over(outcome) => {
            reply.insert("outcome".into(), json!({"points": outcome.points}));
        }
    }
    Ok(Value::Object(reply))
}

/// `legal`: every legal action with the position it leads to (and its chance, at chance).
fn legal(play: &dyn DynPlay) -> Reply {
    let actions: Vec<Value> = play
        .legal_with_results()
        .into_iter()
        .map(|legal| match legal.p {
            Some(p) => json!({"action": legal.action, "state": legal.state, "p": p}),
            None => json!({"action": legal.action, "state": legal.state}),
        })
        .collect();
    Ok(json!({"ok": true, "actions": actions}))
}

/// `apply`: the position after `action`, and the outcome if it ends the game.
fn apply(mut play: Box<dyn DynPlay>, request: &Map<String, Value>) -> Reply {
    let action = string_field(request, "action")?;
    if let Err(refused) = play.apply(action) {
        play = through_decision(play.as_ref(), action).ok_or(refused.to_string())?;
    }
    let outcome = match play.status() {
        Status::Over(outcome) => json!({"points": outcome.points}),
        _ => Value::Null,
    };
    Ok(json!({"ok": true, "state": play.position(), "outcome": outcome}))
}

/// `droid`: the droid's choice at a level (or within a time budget), from a seed.
fn droid(play: &dyn DynPlay, request: &Map<String, Value>) -> Reply {
    let seed = match request.get("seed") {
        None | Some(Value::Null) => 0,
        Some(v) => v.as_u64().ok_or("field 'seed' must be a whole number")?,
    };
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let index = match (request.get("level"), request.get("budget_ms")) {
        (_, Some(ms)) if !ms.is_null() => {
            let ms = ms
                .as_u64()
                .filter(|&ms| (1..=60_000).contains(&ms))
                .ok_or("field 'budget_ms' must be 1 to 60000")?;
            crate::droid::choose_within(play, crate::droid::Budget::Millis(ms), &mut rng)
        }
        (level, _) => {
            let level = match level {
                None | Some(Value::Null) => crate::droid::DEFAULT_LEVEL,
                Some(level) => level
                    .as_u64()
                    .filter(|l| (1..=5).contains(l))
                    .ok_or("field 'level' must be 1 to 5")? as u8,
            };
            crate::droid::choose(play, level, crate::droid::MIND, &mut rng)
        }
    }
    .map_err(|e| e.to_string())?;
    let action = play
        .choice_text(index)
        .ok_or("the droid's choice vanished")?;
    Ok(json!({"ok": true, "action": action}))
}

/// `render`: the board of `state` written as a PNG file at `path`.
fn render(game_id: &str, options: &GameOptions, request: &Map<String, Value>) -> Reply {
    let state = string_field(request, "state")?;
    let path = string_field(request, "path")?;
    let scene = scene(request)?;
    // The protocol speaks English, as its notation does.
    let lang = crate::words::Lang::En;
    let png = crate::catalogue::board_png(lang, game_id, options, state, &scene)
        .map_err(|e| e.to_string())?;
    std::fs::write(path, &png).map_err(|e| format!("cannot write {path}: {e}"))?;
    Ok(json!({"ok": true, "bytes": png.len()}))
}

/// A chance outcome sent where a player still decides before chance acts (backgammon's
/// "roll or double"): when exactly one legal action leads to a chance node that has this
/// outcome, it is taken as that action followed by the outcome. Only the engine reads
/// actions this way — at a table, players never choose chance outcomes.
fn through_decision(play: &dyn DynPlay, outcome: &str) -> Option<Box<dyn DynPlay>> {
    // Only a game with decisions (roll, double …) has one before its chance; the others'
    // legal lists can be long (Zatak's free set-ups), and a refusal is answered at once.
    if !matches!(play.status(), Status::ToMove(_)) || play.info().decisions.is_empty() {
        return None;
    }
    let mut found = None;
    for action in play.legal() {
        let mut next = play.clone_box();
        // A roll a player's own Roll button draws (D-Zone's) is never stepped into: there
        // the outcome alone does not say which decision came first.
        if next.apply(&action).is_err()
            || next.status() != Status::Chance
            || next.roller().is_some()
        {
            continue;
        }
        if next.apply(outcome).is_ok() {
            if found.is_some() {
                return None;
            }
            found = Some(next);
        }
    }
    found
}

/// The optional decorations of a `render` request: `names` (by seat), `last_move` and the
/// position `before` it.
fn scene(request: &Map<String, Value>) -> Result<Scene, String> {
    let names = match request.get("names") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or("field 'names' must be a list of strings")?,
        Some(_) => return Err("field 'names' must be a list of strings".into()),
    };
    let optional = |name: &str| -> Result<Option<String>, String> {
        match request.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(format!("field '{name}' must be a string")),
        }
    };
    Ok(Scene {
        names,
        last_move: optional("last_move")?.map(|action| LastMove {
            action,
            before: None,
            chosen: None,
        }),
        ..Scene::default()
    }
    .with_before(optional("before")?))
}

/// The game at the request's `state`, with its optional `history` of earlier positions.
fn resume(
    game: &dyn games::DynGame,
    request: &Map<String, Value>,
) -> Result<Box<dyn DynPlay>, String> {
    let state = string_field(request, "state")?;
    let not_a_list = "field 'history' must be a list of earlier positions or actions";
    let mut positions: Vec<&str> = match request.get("history") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| item.as_str().ok_or_else(|| not_a_list.to_string()))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(not_a_list.into()),
    };
    positions.push(state);
    let earlier = &positions[..positions.len() - 1];
    game.resume(&positions).or_else(|e| {
        // Not positions: perhaps the actions played from the start to this state.
        let alone = game.resume(&[state]).map_err(|e| e.to_string())?;
        if let Some(play) = replayed(game, earlier, &alone.position()) {
            return Ok(play);
        }
        // Name the history's position at fault (the state's own errors keep their text).
        Err(
            match earlier.iter().position(|p| game.resume(&[p]).is_err()) {
                Some(i) => format!(
                    "history[{i}] is not a position, and the history is not the actions from \
                 the start to this state: {e}"
                ),
                None => e.to_string(),
            },
        )
    })
}

/// The game played from its start through `actions` (for any number of seats the game
/// takes), when that reaches `state` (canonical notation).
fn replayed(game: &dyn games::DynGame, actions: &[&str], state: &str) -> Option<Box<dyn DynPlay>> {
    let info = game.info();
    (info.min_seats..=info.max_seats).find_map(|seats| {
        let mut play = game.start(seats).ok()?;
        for action in actions {
            play.apply(action).ok()?;
        }
        (play.position() == state).then_some(play)
    })
}
