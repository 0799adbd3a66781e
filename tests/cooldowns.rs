//! Per-member cooldowns on the commands a flood could abuse (/give, /daily, /play; /slots
//! has its own test): a few uses back to back, then the wait said in the member's words,
//! and a refused use moves nothing.

#[path = "common/console.rs"]
mod harness;
use harness::{console, say, text};

fn credits(c: &mut holotable::front::console::Console, who: &str) -> String {
    text(&say(c, &format!("{who}: /balance"))[0])
}

#[test]
fn give_allows_three_in_a_row_then_says_the_wait() {
    let (mut c, _dir) = console("cooldown-give");
    say(&mut c, "bob: /balance");
    for _ in 0..3 {
        let given = say(&mut c, "alice: /give user:bob amount:10");
        assert!(
            text(&given[0]).contains("alice gives 10 credits to bob"),
            "{}",
            given[0]
        );
    }
    let before = (credits(&mut c, "alice"), credits(&mut c, "bob"));
    let refused = say(&mut c, "alice: /give user:bob amount:10");
    assert_eq!(refused[0]["ephemeral"], true);
    let words = text(&refused[0]);
    assert!(
        words.starts_with("alice, not so fast: you can use /give again in")
            && words.contains("second"),
        "{words}"
    );
    assert_eq!((credits(&mut c, "alice"), credits(&mut c, "bob")), before);
    // bob is not held up by alice's gifts.
    let back = say(&mut c, "bob: /give user:alice amount:5");
    assert!(
        text(&back[0]).contains("bob gives 5 credits"),
        "{}",
        back[0]
    );
    say(&mut c, "!wait 5s");
    let later = say(&mut c, "alice: /give user:bob amount:10");
    assert!(text(&later[0]).contains("alice gives"), "{}", later[0]);
}

#[test]
fn a_mistyped_gift_costs_no_use() {
    let (mut c, _dir) = console("cooldown-give-refused");
    say(&mut c, "bob: /balance");
    for _ in 0..5 {
        let refused = say(&mut c, "alice: /give user:alice amount:10");
        assert!(
            text(&refused[0]).contains("cannot give credits to yourself"),
            "{}",
            refused[0]
        );
    }
    for _ in 0..3 {
        let given = say(&mut c, "alice: /give user:bob amount:10");
        assert!(text(&given[0]).contains("alice gives"), "{}", given[0]);
    }
}

#[test]
fn daily_asked_again_and_again_is_slowed_down_in_french_too() {
    let (mut c, _dir) = console("cooldown-daily");
    let claimed = say(&mut c, "alice@fr: /daily");
    assert_eq!(claimed[0]["ephemeral"], false, "{}", claimed[0]);
    let already = say(&mut c, "alice@fr: /daily");
    assert!(!text(&already[0]).contains("pas si vite"), "{}", already[0]);
    let slowed = say(&mut c, "alice@fr: /daily");
    assert_eq!(slowed[0]["ephemeral"], true);
    let words = text(&slowed[0]);
    assert!(
        words.starts_with("alice, pas si vite : vous pourrez refaire /daily dans"),
        "{words}"
    );
    say(&mut c, "!wait 10s");
    let told = say(&mut c, "alice@fr: /daily");
    assert!(!text(&told[0]).contains("pas si vite"), "{}", told[0]);
}

#[test]
fn play_allows_five_tables_in_a_row_then_says_the_wait() {
    let (mut c, _dir) = console("cooldown-play");
    for channel in ["a", "b", "c", "d", "e"] {
        say(&mut c, &format!("#{channel}"));
        let opened = say(&mut c, "alice: /play game:dejarik");
        assert!(text(&opened[0]).contains("Dejarik"), "{}", opened[0]);
        assert_eq!(opened[0]["ephemeral"], false, "{}", opened[0]);
    }
    say(&mut c, "#f");
    let refused = say(&mut c, "alice: /play game:dejarik");
    assert_eq!(refused[0]["ephemeral"], true);
    assert!(
        text(&refused[0]).starts_with("alice, not so fast: you can use /play again in 1"),
        "{}",
        refused[0]
    );
    // Nothing opened in #f: bob's table is the channel's only one.
    let bob = say(&mut c, "bob: /play game:dejarik");
    assert_eq!(bob[0]["ephemeral"], false, "{}", bob[0]);
    say(&mut c, "!wait 12s");
    say(&mut c, "#g");
    let later = say(&mut c, "alice: /play game:dejarik");
    assert_eq!(later[0]["ephemeral"], false, "{}", later[0]);
}
