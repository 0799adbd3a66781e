//! D-Zone at the table through the console: an open table of three with stakes from every
//! seat, the Roll button, menus and buttons for the choices, claims offered to the next
//! player only, the game to its end with the pot, and the next game in the same channel
//! starting from the steel the last one left (DZ-2.6) unless it asks for `fresh`.

use holotable::front::console::Console;
use holotable::ledger::{Durability, Ledger};
use serde_json::Value;

#[path = "common/console.rs"]
mod harness;
use harness::{console, pick_move, say, strings, text};

/// The steel cells of the board the last reply shows, read from the table's position.
fn steel_of(dir: &std::path::Path) -> Vec<String> {
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
    ledger
        .legacy("console", "general", "dzone")
        .unwrap()
        .map(|v| v.split(',').map(String::from).collect())
        .unwrap_or_default()
}

/// What a played-out game went through.
#[derive(Default)]
struct Seen {
    claims: usize,
    waived_by_roll: usize,
}

/// Plays the table's game to its end: Roll when only the Roll button is offered; in Situation
/// 1 the first choice of the menu (a deposit or a move), but every fourth time a voluntary
/// pass; in a claim window the claim, or every other time the Roll button (DZ-5.3: it waives
/// and rolls); else the first button.
fn play_out(c: &mut Console, mut last: Value, players: &[&str], seen: &mut Seen) -> Value {
    let mut decisions = 0;
    for _ in 0..3000 {
        let t = text(&last);
        assert!(
            !last["ephemeral"].as_bool().unwrap_or(false),
            "refused: {t}"
        );
        if t.contains("**") {
            return last;
        }
        let who = strings(&last, "mentions")
            .into_iter()
            .find(|m| players.contains(&m.as_str()))
            .unwrap_or_else(|| panic!("someone to act: {last}"));
        let buttons = strings(&last, "buttons");
        let choices = strings(&last, "choices");
        let claim = choices.iter().any(|c| c.starts_with("claim"));
        if claim {
            // A claim is offered to the next player only: nobody else may take it.
            seen.claims += 1;
            let other = players.iter().find(|p| **p != who).unwrap();
            let refused = say(c, &format!("{other}: /move action:\"{}\"", choices[0]))
                .pop()
                .unwrap();
            assert!(refused["ephemeral"].as_bool().unwrap(), "{refused}");
            assert!(buttons.contains(&"Roll".to_string()), "{last}");
        }
        decisions += 1;
        let line = if buttons.iter().any(|b| b == "Roll") && choices.is_empty() {
            format!("{who}: [Roll]")
        } else if claim && seen.claims.is_multiple_of(2) {
            seen.waived_by_roll += 1;
            format!("{who}: [Roll]")
        } else if !claim
            && (seen.claims < 2 || decisions % 4 == 0)
            && buttons.iter().any(|b| b == "Pass")
        {
            // Voluntary passes open claim windows (DZ-5): pass whenever possible until two
            // were seen (one claimed, one waived by Roll), then now and then.
            format!("{who}: [Pass]")
        } else if let Some(first) = choices.first() {
            format!("{who}: {{{first}}}")
        } else {
            format!("{who}: [{}]", buttons[0])
        };
        if std::env::var("DZ_DEBUG").is_ok() {
            eprintln!("{line}");
        }
        last = pick_move(c, &line);
    }
    panic!("the game did not end: {last}");
}

#[test]
fn three_players_play_to_the_end_and_the_next_game_keeps_the_steel() {
    let (mut c, dir) = console("dz-three");
    let rules = say(&mut c, "alice: /rules game:dzone").pop().unwrap();
    assert!(text(&rules).contains("**D-Zone**"), "{rules}");
    let open = say(&mut c, "alice: /play game:dzone wager:100 seats:3")
        .pop()
        .unwrap();
    assert!(text(&open).contains("anyone may join"), "{open}");
    say(&mut c, "bob: [Join]");
    let started = say(&mut c, "carol: [Join]").pop().unwrap();
    let t = text(&started);
    assert!(t.contains("alice vs bob vs carol"), "{t}");
    assert!(t.contains("the winner takes 300"), "{t}");
    // DZ-2.6 case 1: three steel marbles rolled onto the empty zone, then the first player.
    assert_eq!(t.matches("steel on").count(), 3, "{t}");
    assert!(t.contains("for the first turn"), "{t}");
    assert_eq!(strings(&started, "buttons"), ["Roll"], "{started}");
    let mut seen = Seen::default();
    let end = play_out(&mut c, started, &["alice", "bob", "carol"], &mut seen);
    assert!(
        seen.claims > 0 && seen.waived_by_roll > 0,
        "claim windows were played"
    );
    let end_text = text(&end);
    assert!(
        end_text.contains("receives 300 credits") || end_text.contains("Draw"),
        "{end_text}"
    );
    let verify = say(&mut c, "alice: /verify").pop().unwrap();
    assert!(text(&verify).contains("verified"), "{verify}");
    let kept = steel_of(&dir);
    assert_eq!(kept.len(), 3, "the steel the game left: {kept:?}");
    // The next D-Zone game here starts from that steel: no set-up rolls.
    say(&mut c, "bob: /play game:dzone seats:3");
    say(&mut c, "alice: [Join]");
    let second = say(&mut c, "carol: [Join]").pop().unwrap();
    let t = text(&second);
    assert!(!t.contains("steel on"), "{t}");
    assert!(t.contains("for the first turn"), "{t}");
    let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
    let row = ledger.active_table("console", "general").unwrap().unwrap();
    let start = row.start_position.clone();
    for cell in &kept {
        let (x, y) = (
            cell[..1].parse::<usize>().unwrap(),
            cell[1..].parse::<usize>().unwrap(),
        );
        let rows: Vec<&str> = start.split(' ').next().unwrap().split('/').collect();
        assert_eq!(
            rows[6 - y].as_bytes()[x - 1],
            b'S',
            "steel on {cell} in {start}"
        );
    }
    assert!(ledger.audit().unwrap().ok);
}

#[test]
fn fresh_starts_on_an_empty_zone() {
    let (mut c, _dir) = console("dz-fresh");
    say(&mut c, "alice: /play game:dzone opponent:bob");
    let first = say(&mut c, "bob: [Accept]").pop().unwrap();
    let first = play_out(&mut c, first, &["alice", "bob"], &mut Seen::default());
    assert!(text(&first).contains("**"));
    say(&mut c, "alice: /play game:dzone opponent:bob options:fresh");
    let second = say(&mut c, "bob: [Accept]").pop().unwrap();
    assert_eq!(text(&second).matches("steel on").count(), 2, "{second}");
}

#[test]
fn a_player_who_resigns_leaves_and_the_replay_shows_the_game_without_it() {
    let (mut c, _dir) = console("dz-resign");
    say(&mut c, "alice: /play game:dzone wager:50 seats:3");
    say(&mut c, "bob: [Join]");
    let started = say(&mut c, "carol: [Join]").pop().unwrap();
    let first = strings(&started, "mentions")[0].clone();
    let leaver = ["alice", "bob", "carol"]
        .into_iter()
        .find(|p| *p != first)
        .unwrap();
    // DZ-6.7: out at once, its marbles leave play, the game goes on among the others.
    let left = say(&mut c, &format!("{leaver}: /resign")).pop().unwrap();
    assert!(text(&left).contains("the game goes on"), "{left}");
    let rest: Vec<&str> = ["alice", "bob", "carol"]
        .into_iter()
        .filter(|p| *p != leaver)
        .collect();
    let last = say(&mut c, &format!("{first}: /board")).pop().unwrap();
    let end = play_out(&mut c, last, &rest, &mut Seen::default());
    assert!(text(&end).contains("**"));
    let replay = say(&mut c, "alice: /replay").pop().unwrap();
    assert!(
        replay["images"][0].as_str().unwrap().ends_with(".gif"),
        "{replay}"
    );
    let verify = say(&mut c, "alice: /verify").pop().unwrap();
    assert!(text(&verify).contains("verified"), "{verify}");
}
