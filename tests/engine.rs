//! `holotable engine` through its real interface: a child process fed JSON lines (P-8).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

/// Runs the engine on these request lines and returns one parsed reply per line.
fn run_engine(lines: &[String]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("engine starts");
    {
        let mut stdin = child.stdin.take().unwrap();
        for line in lines {
            writeln!(stdin, "{line}").unwrap();
        }
    }
    let replies: Vec<Value> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(|l| serde_json::from_str(&l.unwrap()).expect("each reply is one JSON line"))
        .collect();
    assert!(child.wait().unwrap().success());
    replies
}

fn one(request: Value) -> Value {
    run_engine(&[request.to_string()]).remove(0)
}

const START: &str = "o5,o6,o7,o8/o1,o2,o11,o12/w:wb";

#[test]
fn new_gives_the_start_position() {
    let reply = one(json!({"op":"new","game":"dejarik","seats":2,"options":{}}));
    assert_eq!(reply, json!({"ok":true,"state":START}));
    // Options are honoured: DJ-2 custom set-up and first player.
    let reply = one(json!({"op":"new","game":"dejarik","seats":2,"options":{"first":"b"}}));
    assert_eq!(reply["state"], "o5,o6,o7,o8/o1,o2,o11,o12/b:wb");
    let reply = one(json!({"op":"new","game":"dejarik","seats":3}));
    assert_eq!(reply["ok"], false);
    assert!(reply["error"].as_str().unwrap().contains("2 players"));
}

#[test]
fn status_reports_seat_to_move_or_outcome() {
    let reply = one(json!({"op":"status","game":"dejarik","state":START}));
    assert_eq!(reply, json!({"ok":true,"to_move":"0","outcome":null}));
    let reply =
        one(json!({"op":"status","game":"dejarik","state":"i5,o6,o7,o8/o1,o2,o11,o12/b:b"}));
    assert_eq!(reply["to_move"], "1");
    // Finished: the outcome and no to_move (DJ-5.1).
    let reply = one(json!({"op":"status","game":"dejarik","state":"i1,i2,i3,i4/o7,o8,o9,o10/b:-"}));
    assert_eq!(reply, json!({"ok":true,"outcome":{"points":[3,0]}}));
}

#[test]
fn legal_lists_actions_with_resulting_positions() {
    let reply = one(json!({"op":"legal","game":"dejarik","state":START}));
    let actions = reply["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 8); // DJ-7.1
    assert!(actions.contains(&json!({"action":"o5-i5","state":"i5,o6,o7,o8/o1,o2,o11,o12/b:b"})));
    assert!(actions.iter().all(|a| a.get("p").is_none()));
    // A player who must pass has exactly the action pass (DJ-5.6).
    let reply = one(json!({"op":"legal","game":"dejarik","state":"o1,o3,o5/i1,i3,i5,o9/w:-"}));
    assert_eq!(
        reply["actions"],
        json!([{"action":"pass","state":"o1,o3,o5/i1,i3,i5,o9/b:-"}])
    );
    // A finished position has no legal action.
    let reply = one(json!({"op":"legal","game":"dejarik","state":"o1,o3,o5,o7/i1,i3,i5,i7/w:-"}));
    assert_eq!(reply, json!({"ok":true,"actions":[]}));
}

#[test]
fn apply_plays_and_reports_the_outcome() {
    let reply = one(json!({"op":"apply","game":"dejarik","state":START,"action":"O5 I5"}));
    assert_eq!(
        reply,
        json!({"ok":true,"state":"i5,o6,o7,o8/o1,o2,o11,o12/b:b","outcome":null})
    );
    // DJ-7.2 through the protocol.
    let reply = one(
        json!({"op":"apply","game":"dejarik","state":"o5,o6,o7,o8/o1,o2,o11,o12/w:-","action":"o5-i10"}),
    );
    assert_eq!(reply["state"], "i10,o6,o7,o8/o1,o2,o11,o12/b:-");
    let reply = one(
        json!({"op":"apply","game":"dejarik","state":"i1,i2,i3,o4/o7,o8,o9,o10/w:-","action":"o4-i4"}),
    );
    assert_eq!(reply["outcome"], json!({"points":[3,0]}));
    // Applying on a finished position says the game is over.
    let reply = one(
        json!({"op":"apply","game":"dejarik","state":"i1,i2,i3,i4/o7,o8,o9,o10/b:-","action":"o7-i7"}),
    );
    assert_eq!(reply["ok"], false);
    assert!(reply["error"].as_str().unwrap().contains("over"));
}

#[test]
fn history_decides_repetition_and_cap() {
    // DJ-5.5 through the optional history field: the third occurrence is a draw.
    let a = "i5,o6,o7,o8/i1,o2,o11,o12/w:-";
    let b = "o5,o6,o7,o8/i1,o2,o11,o12/b:-";
    let c = "o5,o6,o7,o8/o1,o2,o11,o12/w:-";
    let d = "i5,o6,o7,o8/o1,o2,o11,o12/b:-";
    let history = json!([a, b, c, d, a, b, c]);
    let reply =
        one(json!({"op":"apply","game":"dejarik","state":d,"history":history,"action":"o1-i1"}));
    assert_eq!(reply["state"], a);
    assert_eq!(reply["outcome"], json!({"points":[1,1]}));
    // Without history the same position is not over.
    let reply = one(json!({"op":"status","game":"dejarik","state":a}));
    assert_eq!(reply["to_move"], "0");
    // DJ-5.7 with a table cap from options, on every op.
    let reply =
        one(json!({"op":"status","game":"dejarik","state":b,"history":[a],"options":{"cap":1}}));
    assert_eq!(reply, json!({"ok":true,"outcome":{"points":[0,0]}}));
}

/// P-8: the history may list the actions played from the start instead of the positions
/// they went through; both decide the log's rules alike (here DJ-5.5's repetition).
#[test]
fn history_may_list_the_actions_from_the_start() {
    let moves = ["o5-i5", "o1-i1", "i5-o5", "i1-o1"];
    let mut actions: Vec<&str> = Vec::new();
    let mut positions = vec![START.to_string()];
    for action in moves.iter().cycle().take(10) {
        let state = positions.last().unwrap().clone();
        let reply = one(json!({"op":"apply","game":"dejarik","state":state,"action":action}));
        positions.push(reply["state"].as_str().unwrap().to_string());
        actions.push(action);
    }
    let state = positions.pop().unwrap();
    let by_positions =
        one(json!({"op":"status","game":"dejarik","state":state,"history":positions}));
    let by_actions = one(json!({"op":"status","game":"dejarik","state":state,"history":actions}));
    assert_eq!(by_actions, by_positions);
    assert_eq!(by_actions, json!({"ok":true,"outcome":{"points":[1,1]}}));
    let alone = one(json!({"op":"status","game":"dejarik","state":state}));
    assert_eq!(alone["to_move"], "0", "{alone}");
    // Actions that do not lead to the state are refused, naming the history.
    let wrong = one(json!({"op":"status","game":"dejarik","state":state,"history":["o5-i5"]}));
    assert_eq!(wrong["ok"], false);
    assert!(
        wrong["error"].as_str().unwrap().contains("history[0]"),
        "{wrong}"
    );
    // The droid reads the same history.
    let droid = one(json!({"op":"droid","game":"dejarik","state":positions[4],
                           "history":actions[..4],"level":1,"seed":3}));
    assert_eq!(droid["ok"], true, "{droid}");
}

#[test]
fn every_error_is_specific_and_the_engine_keeps_serving() {
    let lines: Vec<String> = vec![
        "not json".into(),
        "[1,2]".into(),
        json!({"game":"dejarik"}).to_string(),
        json!({"op":"fly","game":"dejarik"}).to_string(),
        json!({"op":"new","game":"chess"}).to_string(),
        json!({"op":"new","game":"go"}).to_string(),
        json!({"op":"status","game":"dejarik"}).to_string(),
        json!({"op":"status","game":"dejarik","state":"o5,o6/o1"}).to_string(),
        json!({"op":"apply","game":"dejarik","state":START,"action":"o5-i6"}).to_string(),
        json!({"op":"apply","game":"dejarik","state":START,"action":"o5-i10"}).to_string(),
        json!({"op":"apply","game":"dejarik","state":START,"action":"zz"}).to_string(),
        json!({"op":"apply","game":"dejarik","state":START}).to_string(),
        json!({"op":"new","game":"dejarik","options":{"cap":"many"}}).to_string(),
        json!({"op":"new","game":"dejarik","options":[1]}).to_string(),
        json!({"op":"status","game":"dejarik","state":START,"history":"x"}).to_string(),
        json!({"op":"status","game":"kingdoms","history":["G@e5"],
               "state":"9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o -/-"})
        .to_string(),
        // DZ-8.3: a marble does not move onto its own cell (once a crash of the engine).
        json!({"op":"apply","game":"dzone","action":"move 44-44",
               "state":"S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R choose:44 9 0"})
        .to_string(),
        json!({"op":"new","game":"dejarik","unknown":"ignored"}).to_string(),
    ];
    let replies = run_engine(&lines);
    assert_eq!(
        replies.len(),
        lines.len(),
        "one reply per request, in order"
    );
    let expect = [
        "bad JSON",
        "JSON object",
        "missing field 'op'",
        "unknown op 'fly'",
        "unknown game 'chess'",
        "unknown game 'go' (games: dejarik, backgammon, zatak, kingdoms, dzone)",
        "missing field 'state'",
        "bad position",
        "o5-i6 is not legal",
        "DJ-3.8",
        "bad action",
        "missing field 'action'",
        "cap",
        "'options' must be an object",
        "'history' must be a list",
        "history[0] is not a position",
        "names each cell of its path once",
    ];
    for (i, needle) in expect.iter().enumerate() {
        assert_eq!(replies[i]["ok"], false, "{}: {}", lines[i], replies[i]);
        let error = replies[i]["error"].as_str().unwrap();
        assert!(error.contains(needle), "{}: {error}", lines[i]);
    }
    assert_eq!(
        replies.last().unwrap()["ok"],
        true,
        "unknown fields are ignored"
    );
}

/// One engine process answering requests one at a time, as an outside driver uses it.
struct Engine {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: BufReader<std::process::ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn ask(&mut self, request: Value) -> Value {
        writeln!(self.stdin, "{request}").unwrap();
        self.stdin.flush().unwrap();
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).expect("one JSON reply per request")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_whole_game_through_the_protocol() {
    // Follow the first legal action, passing the history, until the game ends (DJ-5.5 or
    // DJ-5.7 at the latest); every reply is consistent with the others.
    let mut engine = Engine::start();
    let mut state = START.to_string();
    let mut history: Vec<String> = Vec::new();
    for _ in 0..=300 {
        let status =
            engine.ask(json!({"op":"status","game":"dejarik","state":state,"history":history}));
        let legal =
            engine.ask(json!({"op":"legal","game":"dejarik","state":state,"history":history}));
        if !status["outcome"].is_null() {
            assert!(status.get("to_move").is_none());
            assert_eq!(legal["actions"], json!([]));
            return;
        }
        let first = &legal["actions"][0];
        let applied = engine.ask(json!({"op":"apply","game":"dejarik","state":state,"history":history,"action":first["action"]}));
        assert_eq!(applied["state"], first["state"]);
        history.push(std::mem::take(&mut state));
        state = applied["state"].as_str().unwrap().to_string();
    }
    panic!("the game did not end within the move cap");
}

/// Backgammon through the engine (BG-2, BG-5, BG-6): gnubg IDs as positions, gnubg
/// notation as actions, chance as `roll D1 D2`, cube actions.
#[test]
fn backgammon_through_the_engine() {
    let bg = |op: &str, state: &str, action: Option<&str>| {
        let mut request = json!({"op": op, "game": "backgammon", "state": state,
                                 "options": {"length": 5}});
        if let Some(action) = action {
            request["action"] = json!(action);
        }
        one(request)
    };
    let new = one(json!({"op":"new","game":"jacquet","seats":2,"options":{"length":5}}));
    let start = new["state"].as_str().unwrap().to_string();
    assert!(start.starts_with("4HPwATDgc/ABMA:"), "{new}");
    // BG-2.1: the opening roll, 30 outcomes.
    let status = bg("status", &start, None);
    assert_eq!(status["to_move"], "chance");
    let opening = bg("legal", &start, None);
    assert_eq!(opening["actions"].as_array().unwrap().len(), 30);
    // White 6, Black 1: White plays 6-1.
    let rolled = bg("apply", &start, Some("roll 6 1"));
    let rolled = rolled["state"].as_str().unwrap().to_string();
    let plays = bg("legal", &rolled, None);
    let names: Vec<&str> = plays["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"13/7 8/7"), "{names:?}");
    assert!(names.contains(&"24/18 8/7"), "{names:?}");
    // 13/12 is Black's midpoint (BG-3.3): never part of a play.
    assert!(names.iter().all(|n| !n.contains("13/12")), "{names:?}");
    assert_eq!(names.len(), 10, "gnubg lists 10 plays for an opening 6-1");
    // gnubg's own after-play IDs: Black on roll, no dice.
    let played = bg("apply", &rolled, Some("8/7 13/7"));
    assert_eq!(played["state"], "4NvgATDgc/ABMA:cAmgAAAAAAAE", "{played}");
    let after = played["state"].as_str().unwrap().to_string();
    // Black decides: roll or double.
    assert_eq!(bg("status", &after, None)["to_move"], "1");
    let decision: Vec<String> = bg("legal", &after, None)["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(decision, ["roll", "double"]);
    // A roll sent straight away means "no double, and these dice".
    let rolled = bg("apply", &after, Some("roll 5 2"));
    assert_eq!(rolled["ok"], true, "{rolled}");
    assert_eq!(
        bg("status", rolled["state"].as_str().unwrap(), None)["to_move"],
        "1"
    );
    // A double: White takes or drops.
    let doubled = bg("apply", &after, Some("double"));
    let doubled = doubled["state"].as_str().unwrap().to_string();
    assert_eq!(bg("status", &doubled, None)["to_move"], "0");
    let dropped = bg("apply", &doubled, Some("drop"));
    assert_eq!(dropped["ok"], true);
    // Bad input: a specific error, and the engine keeps serving.
    let bad = bg("apply", &rolled_state(&start), Some("24/10"));
    assert_eq!(bad["ok"], false);
    assert!(
        bad["error"].as_str().unwrap().contains("not a legal play"),
        "{bad}"
    );
    let garbage = bg("legal", "4HPwATDgc/ABMA:nonsense", None);
    assert_eq!(garbage["ok"], false);
}

fn rolled_state(start: &str) -> String {
    one(
        json!({"op":"apply","game":"backgammon","state":start,"action":"roll 6 1",
               "options":{"length":5}}),
    )["state"]
        .as_str()
        .unwrap()
        .to_string()
}

/// BG-3.7: a roll no checker can use has exactly one legal action, `pass`, and the other
/// player is then on roll.
#[test]
fn backgammon_pass_is_the_only_action_of_a_blocked_roll() {
    // gnubg fixture: a checker on the bar against a closed board.
    let line = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/backgammon/plays.jsonl"
    ))
    .unwrap()
    .lines()
    .map(|l| serde_json::from_str::<Value>(l).unwrap())
    .find(|v| v["plays"].as_array().unwrap().is_empty())
    .unwrap();
    let state = format!(
        "{}:{}",
        line["position_id"].as_str().unwrap(),
        line["match_id"].as_str().unwrap()
    );
    let legal = one(json!({"op":"legal","game":"backgammon","state":state}));
    let actions = legal["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 1, "{legal}");
    assert_eq!(actions[0]["action"], "pass");
    let next = actions[0]["state"].as_str().unwrap();
    let status = one(json!({"op":"status","game":"backgammon","state":next}));
    assert_ne!(
        status["to_move"],
        one(json!({"op":"status","game":"backgammon","state":state}))["to_move"]
    );
}

#[test]
fn halloween_kingdoms_through_the_engine() {
    // KG-8.4's Assassin: three moves, one of them by two paths; the whole path is accepted
    // and recorded in canonical form (KG-9.3).
    let assassin = "9/9/5Gw2/4p2C1/4A4/9/9/9/9 GGWWCBBPAgggwccbbaa o -/-";
    let lines = [
        json!({"op":"new","game":"kingdoms","seats":2}).to_string(),
        json!({"op":"legal","game":"kingdoms","state":assassin}).to_string(),
        json!({"op":"apply","game":"kingdoms","state":assassin,"action":"e5-f5-f6-g6"})
            .to_string(),
        json!({"op":"apply","game":"kingdoms","state":assassin,"action":"e5-f5-g5-g4"})
            .to_string(),
        json!({"op":"status","game":"kingdoms","state":"9/9/9/9/G7g/9/9/9/9 GGWWCCBBPAAggwwccbbpaa o -/-"})
            .to_string(),
        json!({"op":"legal","game":"kingdoms","state":"9/9/9/9/4g4/9/9/9/9 GGGWWCCBBPAAggwwccbbpaa o -/-"})
            .to_string(),
    ];
    let r = run_engine(&lines);
    assert_eq!(
        r[0]["state"],
        "9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o -/-"
    );
    let assassin_moves: Vec<&str> = r[1]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .filter(|a| a.starts_with("e5-"))
        .collect();
    assert_eq!(assassin_moves.len(), 3, "{assassin_moves:?}");
    assert_eq!(
        r[2]["state"],
        "9/9/5Gw2/4p1AC1/9/9/9/9/9 GGWWCBBPAgggwccbbaa p -/-"
    );
    assert!(
        r[3]["error"].as_str().unwrap().contains("KG-4.6"),
        "{}",
        r[3]
    );
    assert!(
        r[4]["error"].as_str().unwrap().contains("KG-5.1"),
        "{}",
        r[4]
    );
    // KG-7.2: a player with nothing to do has exactly one action, pass.
    assert_eq!(r[5]["actions"].as_array().unwrap().len(), 1);
    assert_eq!(r[5]["actions"][0]["action"], "pass");
}
