//! Agreement with GNU Backgammon 1.07 (BG-3, BG-6): fixtures written by gnubg itself
//! (`tools/gnubg/make_fixtures.py`, described in `tests/fixtures/backgammon/README.md`).
//! For every position and dice, the set of final positions of the legal plays must be
//! gnubg's, each play must be written as gnubg writes it, and the Position and Match IDs
//! must be gnubg's both ways.

use std::collections::{BTreeMap, BTreeSet};

use holotable::games::backgammon::board::{Board, Side};
use holotable::games::backgammon::ids::{self, CubeOwner};
use holotable::games::backgammon::{notation, Backgammon};
use holotable::games::Game;
use serde_json::Value;

fn fixture(name: &str) -> Vec<Value> {
    let path = format!(
        "{}/tests/fixtures/backgammon/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn side(v: &Value) -> Side {
    let mut s = [0u8; 25];
    for (i, n) in v.as_array().expect("25 counts").iter().enumerate() {
        s[i] = n.as_u64().expect("a count") as u8;
    }
    s
}

/// gnubg's board: [player not on roll, player on roll].
fn board(v: &Value) -> Board {
    Board {
        me: side(&v[1]),
        them: side(&v[0]),
    }
}

#[test]
fn legal_plays_and_their_notation_are_gnubgs() {
    let cases = fixture("plays.jsonl");
    assert!(cases.len() >= 2000, "{} cases", cases.len());
    let mut failures = Vec::new();
    let mut plays_checked = 0;
    let mut no_play = 0;
    for (line, case) in cases.iter().enumerate() {
        let before = board(&case["board"]);
        let d = case["dice"].as_array().unwrap();
        let (d1, d2) = (d[0].as_u64().unwrap() as u8, d[1].as_u64().unwrap() as u8);
        let ours = before.plays(d1, d2);
        let theirs: BTreeMap<(Side, Side), String> = case["plays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let b = board(&p["board"]);
                ((b.me, b.them), p["move"].as_str().unwrap().to_string())
            })
            .collect();
        if theirs.is_empty() {
            no_play += 1;
        }
        let our_set: BTreeSet<(Side, Side)> =
            ours.iter().map(|p| (p.after.me, p.after.them)).collect();
        let their_set: BTreeSet<(Side, Side)> = theirs.keys().copied().collect();
        if our_set != their_set {
            failures.push(format!(
                "line {}: {} {d1}-{d2}: {} plays here, {} in gnubg; missing {:?}; extra {:?}",
                line + 1,
                case["position_id"],
                our_set.len(),
                their_set.len(),
                theirs
                    .iter()
                    .filter(|(k, _)| !our_set.contains(k))
                    .map(|(_, v)| v)
                    .collect::<Vec<_>>(),
                ours.iter()
                    .filter(|p| !their_set.contains(&(p.after.me, p.after.them)))
                    .map(|p| notation::format_play(&before, p))
                    .collect::<Vec<_>>(),
            ));
            continue;
        }
        for play in &ours {
            plays_checked += 1;
            let written = notation::format_play(&before, play);
            let expected = &theirs[&(play.after.me, play.after.them)];
            if &written != expected {
                failures.push(format!(
                    "line {}: {} {d1}-{d2}: we write {written}, gnubg {expected}",
                    line + 1,
                    case["position_id"]
                ));
            }
            // What gnubg writes reads back as the same play.
            match notation::resolve(&before, &ours, expected) {
                Ok(p) if p.after == play.after => {}
                other => failures.push(format!(
                    "line {}: reading gnubg's {expected}: {:?}",
                    line + 1,
                    other.map(|p| notation::format_play(&before, p))
                )),
            }
        }
        // The Position ID of the position, both ways, and the Match ID read and rewritten.
        let (not_on_roll, on_roll) =
            ids::parse_position_id(case["position_id"].as_str().unwrap()).unwrap();
        assert_eq!((on_roll, not_on_roll), (before.me, before.them));
        let mid = case["match_id"].as_str().unwrap();
        assert_eq!(ids::match_id(&ids::parse_match_id(mid).unwrap()), mid);
        let pid = ids::position_id(&before.them, &before.me);
        if pid != case["position_id"] {
            failures.push(format!(
                "line {}: Position ID {pid}, gnubg {}",
                line + 1,
                case["position_id"]
            ));
        }
    }
    assert!(no_play > 0, "the fixtures include rolls with no legal play");
    assert!(
        failures.is_empty(),
        "{} disagreements with gnubg ({plays_checked} plays checked), first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(15)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn position_and_match_ids_are_gnubgs_both_ways() {
    let cases = fixture("ids.jsonl");
    assert!(cases.len() >= 300, "{} cases", cases.len());
    for case in &cases {
        let pid = case["position_id"].as_str().unwrap();
        let mid = case["match_id"].as_str().unwrap();
        let (not_on_roll, on_roll) = ids::parse_position_id(pid).unwrap();
        let b = &case["board"];
        assert_eq!((not_on_roll, on_roll), (side(&b[0]), side(&b[1])), "{pid}");
        assert_eq!(ids::position_id(&not_on_roll, &on_roll), pid);

        let m = ids::parse_match_id(mid).unwrap_or_else(|e| panic!("{mid}: {e}"));
        let context = format!("{pid}:{mid} {case}");
        assert_eq!(
            1u64 << m.cube_log,
            case["cube"].as_u64().unwrap(),
            "{context}"
        );
        let owner = match case["cube_owner"].as_i64().unwrap() {
            -1 => CubeOwner::Centred,
            p => CubeOwner::Player(p as u8),
        };
        assert_eq!(m.cube_owner, owner, "{context}");
        assert_eq!(
            m.on_roll as u64,
            case["on_roll"].as_u64().unwrap(),
            "{context}"
        );
        assert_eq!(m.turn as u64, case["turn"].as_u64().unwrap(), "{context}");
        assert_eq!(m.crawford, case["crawford"].as_bool().unwrap(), "{context}");
        assert_eq!(
            m.length as u64,
            case["match_length"].as_u64().unwrap(),
            "{context}"
        );
        let score: Vec<u64> = case["score"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .collect();
        assert_eq!(
            vec![m.score[0] as u64, m.score[1] as u64],
            score,
            "{context}"
        );
        assert_eq!(
            m.double_offered,
            case["double_offered"].as_bool().unwrap_or(false),
            "{context}"
        );
        let dice: Vec<u64> = case["dice"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap())
            .collect();
        let (hi, lo) = (dice[0].max(dice[1]), dice[0].min(dice[1]));
        assert_eq!((m.dice.0 as u64, m.dice.1 as u64), (hi, lo), "{context}");
        assert_eq!(ids::match_id(&m), mid, "re-encoding {context}");

        // The whole state reads and writes back as the same pair of IDs.
        let game = Backgammon::default();
        let state = game
            .parse_state(&format!("{pid}:{mid}"))
            .unwrap_or_else(|e| panic!("{context}: {e}"));
        assert_eq!(game.format_state(&state), format!("{pid}:{mid}"));
        if let Some(offered) = case["resigned"].as_u64() {
            assert_eq!(m.resignation as u64, offered, "{context}");
        }
    }
}
