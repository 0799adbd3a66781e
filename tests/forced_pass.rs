//! docs/CONTRACT.md P-4: when the player to act has exactly one legal action and it is `pass`,
//! the table plays it at once and says so, in every game — no menu holding only `pass` is
//! ever shown. Dejarik's comes from its own `setup` option; for the other games the table is
//! opened, and its stored start position replaced before the challenge is accepted (as a
//! table stored with that start would be), then the console is opened again like a
//! restarted bot.

use holotable::games::backgammon::board::{Side, BAR};
use holotable::games::backgammon::ids::{GameState, MatchInfo};
use holotable::games::backgammon::{Backgammon, State};
use holotable::games::Game;
use serde_json::Value;

#[path = "common/console.rs"]
mod harness;
use harness::{console, reopen, say, strings, text};
use holotable::front::console::Console;

/// A wagerless table of `game` between alice (seat 0) and bob stored at `position` with
/// nothing played from it, as a process that stopped right after storing the move that led
/// there leaves it; then the bot restarts (a new console on the same database) and its
/// clock runs once the table has been still long enough. Returns what the clock posted.
fn stored_at(name: &str, game: &str, position: &str) -> (Vec<Value>, Console) {
    let (mut c, dir) = console(name);
    say(&mut c, &format!("alice: /play game:{game} opponent:bob"));
    say(&mut c, "bob: [Accept]");
    drop(c);
    let db = rusqlite::Connection::open(dir.join("h.db")).unwrap();
    db.execute("DELETE FROM actions", []).unwrap();
    let changed = db
        .execute(
            "UPDATE tables SET start_position = ?1, position = ?1, turn = 0",
            [position],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(db);
    let mut c = reopen(&dir);
    let posted = say(&mut c, "!wait 1m");
    (posted, c)
}

/// What the table shows the player to act: its choices and buttons.
fn offered(reply: &Value) -> Vec<String> {
    let mut all = strings(reply, "choices");
    all.extend(strings(reply, "buttons"));
    all
}

#[test]
fn dejarik_a_blocked_player_passes_at_once() {
    // DJ-5.6: after o3-i2, every Black piece is blocked, so Black passes.
    let (mut c, _) = console("forced-dejarik");
    say(
        &mut c,
        "alice: /play game:dejarik opponent:bob setup:\"o2,o3,i8,i6/i1,i12,o8,o12/w:b\"",
    );
    say(&mut c, "bob: [Accept]");
    let reply = say(&mut c, "alice: /move action:o3-i2").pop().unwrap();
    let t = text(&reply);
    assert!(
        t.contains("alice plays o3-i2. bob cannot move and passes."),
        "{t}"
    );
    assert!(t.contains("alice to move"), "{t}");
    assert!(
        !offered(&reply).iter().any(|o| o.contains("pass")),
        "{reply}"
    );
    // The pass is in the log: a restarted bot, or /verify, replays it.
    let board = say(&mut c, "alice: /board").pop().unwrap();
    assert!(text(&board).contains("alice to move"), "{board}");
}

#[test]
fn backgammon_a_player_on_the_bar_against_a_closed_board_passes_at_once() {
    // BG-3.7: alice (White) is on the bar with 6-5 against six closed points.
    fn side(points: &[(usize, u8)]) -> Side {
        let mut s = [0; 25];
        for &(p, n) in points {
            s[if p == 25 { BAR } else { p - 1 }] = n;
        }
        s
    }
    let game = Backgammon::default();
    let state = State {
        sides: [
            side(&[(25, 1), (6, 14)]),
            side(&[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (12, 3)]),
        ],
        info: MatchInfo {
            game: GameState::Playing,
            dice: (6, 5),
            ..MatchInfo::new(0)
        },
    };
    let position = game.format_state(&state);
    let (posted, _) = stored_at("forced-backgammon", "backgammon", &position);
    let first = posted.last().unwrap().clone();
    let t = text(&first);
    assert!(t.contains("alice cannot move and passes."), "{t}");
    assert!(!t.contains("alice to move"), "{t}");
    assert!(
        !offered(&first).iter().any(|o| o.contains("pass")),
        "{first}"
    );
}

#[test]
fn kingdoms_a_player_with_nothing_to_place_passes_at_once() {
    // KG-7.2: Orange has no piece on a board that is not empty, so nothing to place.
    let (posted, _) = stored_at(
        "forced-kingdoms",
        "kingdoms",
        "9/9/9/9/4g4/9/9/9/9 GGGWWCCBBPAAggwwccbbpaa o -/-",
    );
    let first = posted.last().unwrap().clone();
    let t = text(&first);
    assert!(t.contains("alice has no legal action and passes."), "{t}");
    assert!(t.contains("bob to move"), "{t}");
    assert!(
        !offered(&first).iter().any(|o| o.contains("pass")),
        "{first}"
    );
}

#[test]
fn dzone_a_player_with_no_play_for_the_dice_passes_at_once() {
    // DZ-7.4 (strict): Red has nothing to play with the 5-7, so Red passes.
    let (posted, _) = stored_at(
        "forced-dzone",
        "dzone",
        "..R.../..S.G./....../..S.../G...../..R... R0:GGGG,G0:RRRR R choose:34 57 a strict",
    );
    let first = posted.last().unwrap().clone();
    let t = text(&first);
    assert!(t.contains("alice passes. bob to roll."), "{t}");
    assert!(
        !offered(&first).iter().any(|o| o.contains("pass")),
        "{first}"
    );
}

#[test]
fn zatak_a_player_with_no_move_loses_at_once() {
    // Zatak has no pass: ZK-4.2, the player to move with no legal move loses, and the table
    // says so and settles instead of showing an empty menu.
    let (posted, mut c) = stored_at("forced-zatak", "zatak", "a1=6,b2=6/d6=2,d7=1/-/w/play");
    let end = posted.last().unwrap();
    let t = text(end);
    assert!(t.contains("**bob wins**"), "{t}");
    assert!(offered(end).iter().all(|o| !o.contains('-')), "{end}");
    let late = say(&mut c, "alice: /move action:a1-a2").pop().unwrap();
    assert!(late["ephemeral"].as_bool().unwrap(), "{late}");
}
