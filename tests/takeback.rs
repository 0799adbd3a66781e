//! Takeback by agreement (issue 55, part 4), through the console: a Dejarik move taken back
//! when the opponent accepts, kept when they refuse; the droid agrees at a friendly table
//! and `/verify` still recomputes every droid move of the game as played; a backgammon move
//! cannot be taken back once the next roll is out.

mod common;
#[path = "common/console.rs"]
mod harness;
use harness::{console, one, refused, say, strings, text};
use holotable::front::console::Console;

fn words(c: &mut Console, line: &str) -> String {
    say(c, line).iter().map(text).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_dejarik_move_is_taken_back_when_the_opponent_accepts_and_kept_when_they_refuse() {
    let (mut c, dir) = console("takeback-dejarik");
    say(&mut c, "alice: /play game:dejarik opponent:bob wager:50");
    say(&mut c, "bob: [Accept]");
    refused(&mut c, "alice: /takeback", "no move to take back");
    let moved = words(&mut c, "alice: {o5-i5}");
    assert!(moved.contains("bob to move"), "{moved}");
    refused(&mut c, "bob: /takeback", "Only the last move");
    let asked = one(&mut c, "alice: /takeback");
    assert_eq!(asked["ephemeral"], false);
    assert!(
        text(&asked).starts_with("alice asks to take back their move ("),
        "{asked}"
    );
    assert_eq!(strings(&asked, "buttons"), ["Accept takeback", "Refuse"]);
    refused(
        &mut c,
        "alice: [Accept takeback]",
        "You asked for this takeback",
    );
    let back = words(&mut c, "bob: [Accept takeback]");
    assert!(
        back.contains("alice takes back their move (") && back.contains("as bob agreed"),
        "{back}"
    );
    assert!(back.contains("alice to move"), "{back}");
    // The move again, another way this time; asked by the board's button, bob refuses.
    let again = words(&mut c, "alice: {o5-C}");
    assert!(again.contains("bob to move"), "{again}");
    let asked = words(&mut c, "alice: [Take back]");
    assert!(asked.contains("alice asks to take back"), "{asked}");
    let no = words(&mut c, "bob: [Refuse]");
    assert!(no.contains("bob refuses the takeback"), "{no}");
    refused(&mut c, "alice: /takeback", "was refused");
    // Once bob has moved, alice's move stands.
    let bob = one(&mut c, "bob: /board");
    let choice = strings(&bob, "choices")[0].clone();
    say(&mut c, &format!("bob: {{{choice}}}"));
    refused(&mut c, "alice@en: [Accept takeback]", "takeback is over");
    let record = one(&mut c, "alice: /replay format:text");
    assert!(text(&record).contains("2 entries"), "{record}");
    let file = strings(&record, "files")[0].clone();
    let log = std::fs::read_to_string(&file).unwrap();
    assert!(
        log.contains("o5-C") && !log.contains("o5-i5"),
        "the log is the game as played: {log}"
    );
    common::audit_ok(&dir.join("h.db"));
}

#[test]
fn the_droid_agrees_at_a_friendly_table_and_verify_recomputes_the_game_as_played() {
    let (mut c, dir) = console("takeback-droid");
    say(&mut c, "alice: /play game:dejarik opponent:droid");
    let answered = words(&mut c, "alice: {o5-i5}");
    assert!(
        answered.contains("alice to move"),
        "the droid answered: {answered}"
    );
    let back = words(&mut c, "alice: /takeback");
    assert!(
        back.contains("and the droid's answer: the droid agrees"),
        "{back}"
    );
    say(&mut c, "alice: {o5-C}");
    say(&mut c, "alice: /resign");
    let verified = words(&mut c, "alice: /verify");
    assert!(verified.contains("verified"), "{verified}");
    // At a wagered table the house does not agree.
    say(&mut c, "alice: /play game:dejarik opponent:droid wager:50");
    say(&mut c, "alice: {o5-i5}");
    refused(&mut c, "alice: /takeback", "played for credits");
    common::audit_ok(&dir.join("h.db"));
}

#[test]
fn a_backgammon_move_cannot_be_taken_back_once_the_next_roll_is_out() {
    let (mut c, _dir) = console("takeback-backgammon");
    say(&mut c, "alice: /play game:backgammon opponent:bob");
    let opening = one(&mut c, "bob: [Accept]");
    let t = text(&opening);
    let first = if t.ends_with("alice to move.") {
        "alice"
    } else {
        "bob"
    };
    // The first play, step by step through the menu.
    let first_pick = format!("{first}: {{{}}}", strings(&opening, "choices")[0]);
    let mut last = say(&mut c, &first_pick).pop().unwrap();
    while last["ephemeral"] == true && last["menu"].is_array() {
        let next = strings(&last, "choices")[0].clone();
        last = say(&mut c, &format!("{first}: {{{next}}}")).pop().unwrap();
    }
    assert_eq!(last["ephemeral"], false, "{last}");
    refused(&mut c, &format!("{first}: /takeback"), "Chance has spoken");
}
