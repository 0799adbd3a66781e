//! Every game played to its end against the droid from the console (issue 17): wagered
//! against the house (P-5), the droid's moves recomputed by `/verify` (P-6.4), the ledger in
//! balance.

use holotable::ledger::{Durability, Ledger};
use serde_json::Value;

#[path = "common/console.rs"]
mod harness;
use harness::{console, pick_move, say, strings, text};

/// alice's turns until the game ends: the first entry of the move menu, else the Roll
/// button, else the first suggestion autocomplete makes for an empty `/move`.
fn play_out(c: &mut holotable::front::console::Console, mut last: Value) -> Value {
    for _ in 0..1_000 {
        let t = text(&last);
        assert!(
            !last["ephemeral"].as_bool().unwrap_or(false),
            "refused: {t}"
        );
        if t.contains("**") {
            return last;
        }
        assert!(
            t.ends_with("alice to move.") || t.ends_with("alice to roll."),
            "alice acts whenever the droid has answered: {t}"
        );
        let menu = strings(&last, "choices");
        let line = if let Some(first) = menu.first() {
            format!("alice: {{{first}}}")
        } else if strings(&last, "buttons").iter().any(|b| b == "Roll") {
            "alice: [Roll]".to_string()
        } else {
            let found = say(c, "alice: ?/move action:\"\"").pop().unwrap();
            let first = strings(&found, "choices")
                .first()
                .cloned()
                .unwrap_or_else(|| panic!("autocomplete suggests a move: {found}"));
            format!("alice: /move action:\"{first}\"")
        };
        last = pick_move(c, &line);
    }
    panic!("the game did not end: {last}");
}

/// The number before `word` in `text` ("3 droid moves").
fn count_before(text: &str, word: &str) -> u32 {
    let at = text
        .find(word)
        .unwrap_or_else(|| panic!("'{word}' in {text}"));
    text[..at]
        .split_whitespace()
        .last()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a number before '{word}' in {text}"))
}

#[test]
fn every_game_can_be_played_to_its_end_against_the_droid() {
    for (game, options) in [
        ("dejarik", ""),
        ("backgammon", ""),
        ("zatak", " options:nocapture:40"),
        ("kingdoms", " options:cap:120"),
        ("dzone", ""),
    ] {
        let (mut c, dir) = console(&format!("droid-{game}"));
        let start = say(
            &mut c,
            &format!("alice: /play game:{game} opponent:droid wager:100 level:1{options}"),
        )
        .pop()
        .unwrap();
        let end = text(&play_out(&mut c, start));
        let verify = text(&say(&mut c, "alice: /verify").pop().unwrap());
        assert!(verify.contains("verified"), "{game}: {verify}");
        assert!(
            count_before(&verify, "droid move") >= 1,
            "{game}: the droid's moves are recomputed: {verify}"
        );
        // The house covered the droid's stake: alice ends with her stake lost, both stakes
        // won, or hers back.
        let balance = text(&say(&mut c, "alice: /balance").pop().unwrap());
        let credits = count_before(&balance, "credits");
        let expected = if end.contains("alice wins") {
            1_100
        } else if end.contains("Droid wins") {
            900
        } else {
            1_000
        };
        assert_eq!(credits, expected, "{game}: {end} / {balance}");
        let ledger = Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap();
        assert!(ledger.audit().unwrap().ok, "{game}");
    }
}
