//! The application layer directly: buttons across a restart, stale buttons, clocks.

use holotable::table::commands::{
    AdminChannel, AdminSet, Balance, Daily, Give, Move, Pick, Press, TournamentJoin,
};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use holotable::ledger::{Durability, Ledger};
use holotable::table::{Actor, App, Command, Reply, Settings};

fn app(path: &std::path::Path, clock: Arc<AtomicI64>) -> App {
    let ledger = Ledger::open(path, Durability::Normal).unwrap();
    App::new(
        ledger,
        Settings::default(),
        Arc::new(move || clock.load(Ordering::Relaxed)),
    )
}

fn actor(user: &str, n: u32) -> Actor {
    Actor {
        guild: "g".into(),
        channel: "c".into(),
        parent: None,
        user: user.into(),
        name: user.into(),
        interaction: format!("i{user}{n}"),
        admin: false,
        lang: Default::default(),
        joined: None,
        created: None,
    }
}

fn button(reply: &Reply, label: &str) -> holotable::table::Control {
    reply
        .buttons()
        .find(|b| b.label.tell(reply.lang) == label)
        .unwrap_or_else(|| panic!("no [{label}] on {:?}", reply.text))
        .control
        .clone()
}

#[test]
fn a_button_from_before_a_restart_still_works() {
    let dir = std::env::temp_dir().join(format!("holotable-app-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("h.db");
    let clock = Arc::new(AtomicI64::new(1_000_000));
    let accept = {
        let first = app(&path, clock.clone());
        let replies = first.handle(
            &actor("alice", 1),
            Command::Play(holotable::table::PlayArgs {
                game: "dejarik".into(),
                opponent: Some("bob".into()),
                wager: Some(100),
                ..Default::default()
            }),
        );
        button(&replies[0], "Accept")
    };
    // A new process on the same database: the Accept button of the old message works.
    let second = app(&path, clock.clone());
    let replies = second.handle(
        &actor("bob", 1),
        Command::Press(Press {
            control: accept.clone(),
        }),
    );
    assert!(!replies[0].ephemeral, "{}", replies[0].text);
    let menu = replies[0].menu().cloned().expect("a move menu");
    assert!(menu.choices.iter().any(|c| c.value == "o5-i5"));
    // Pressing it again is refused politely.
    let again = second.handle(&actor("bob", 2), Command::Press(Press { control: accept }));
    assert!(again[0].ephemeral);
    assert!(again[0].text.contains("already answered"));
    // A menu choice from turn 0 works once; the same menu is stale after the move.
    let played = second.handle(
        &actor("alice", 2),
        Command::Pick(Pick {
            control: menu.control.clone(),
            value: "o5-i5".into(),
        }),
    );
    assert!(
        played[0].text.contains("alice plays o5-i5"),
        "{}",
        played[0].text
    );
    let stale = second.handle(
        &actor("bob", 3),
        Command::Pick(Pick {
            control: menu.control,
            value: "o1-i1".into(),
        }),
    );
    assert!(stale[0].ephemeral);
    assert!(stale[0].text.contains("out of date"), "{}", stale[0].text);
    // A control naming no table, no verb or a menu is refused, not a panic (an id that is
    // not one of the bot's never reaches the tables: src/front/discord/custom_ids.rs).
    use holotable::table::Control;
    for control in [
        Control::new(999, 0, "accept"),
        Control::new(-1, 0, "accept"),
        Control::new(1, 0, ""),
        Control::new(1, 0, "nonsense"),
        Control::new(1, 99, "move"),
    ] {
        let r = second.handle(
            &actor("bob", 4),
            Command::Press(Press {
                control: control.clone(),
            }),
        );
        assert!(r[0].ephemeral, "{control:?}");
    }
    assert!(second.ledger().audit().unwrap().ok);
}

/// A Discord id made at `secs` (Unix seconds): the snowflake's time bits, nothing else.
fn snowflake(secs: i64) -> String {
    (((secs * 1000 - 1_420_070_400_000) as u64) << 22).to_string()
}

#[test]
fn young_accounts_and_new_members_cannot_claim_or_give_credits() {
    // P-12 fair play: by default an account must be 7 days old and a member 24 hours in.
    let dir = std::env::temp_dir().join(format!("holotable-fair-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let now = 1_800_000_000;
    let app = app(&dir.join("h.db"), Arc::new(AtomicI64::new(now)));
    // The front end tells an account's age (Discord's ids carry it).
    let who = |user: &str, joined: Option<i64>, n: u32| Actor {
        joined,
        created: holotable::front::snowflake::account_created(user),
        ..actor(user, n)
    };
    let young = snowflake(now - 3 * 86_400);
    let old = snowflake(now - 400 * 86_400);
    let balance = |user: &str| app.ledger().balance("g", user).map(|b| b.credits).ok();

    let refused = app.handle(&who(&young, None, 1), Command::Daily(Daily));
    assert!(refused[0].ephemeral);
    assert!(
        refused[0]
            .text
            .contains("/daily needs a Discord account at least 7 days old; yours is 3 days old"),
        "{}",
        refused[0].text
    );
    let gift = Command::Give(Give {
        user: old.clone(),
        amount: 50,
    });
    let refused = app.handle(&who(&young, None, 2), gift.clone());
    assert!(
        refused[0].text.contains("/give needs a Discord account"),
        "{}",
        refused[0].text
    );
    // A tournament with an entry fee (its prizes are credits) is closed to it too; one
    // without is open.
    let paid = app.handle(
        &who(&old, None, 20),
        Command::TournamentCreate(holotable::table::tournaments::Create {
            game: "dejarik".into(),
            format: "knockout".into(),
            rounds: None,
            entry: Some(100),
            seats: None,
            starts: None,
            players: None,
            clock: None,
        }),
    );
    assert!(
        paid[0].text.contains("opens tournament #1"),
        "{}",
        paid[0].text
    );
    let refused = app.handle(
        &who(&young, None, 21),
        Command::TournamentJoin(TournamentJoin {
            tournament: Some(1),
        }),
    );
    assert!(
        refused[0]
            .text
            .contains("/tournament join needs a Discord account"),
        "{}",
        refused[0].text
    );
    // Nothing changed: not even an account was opened.
    assert_eq!(balance(&young), None);
    assert_eq!(balance(&old), None);

    // An old account that joined the server two hours ago waits 22 more hours.
    let newcomer = who(&old, Some(now - 2 * 3600), 3);
    let refused = app.handle(&newcomer, Command::Daily(Daily));
    assert!(
        refused[0]
            .text
            .contains("/daily opens 24 hours after joining this server: 22 more hours"),
        "{}",
        refused[0].text
    );
    // A day later it may.
    let settled = who(&old, Some(now - 25 * 3600), 4);
    let claimed = app.handle(&settled, Command::Daily(Daily));
    assert!(!claimed[0].ephemeral, "{}", claimed[0].text);
    assert_eq!(balance(&old), Some(1200));
    // An admin may lower the limits: then the young account may claim.
    let admin = Actor {
        admin: true,
        ..actor("admin", 5)
    };
    for (setting, value) in [("min_account_days", 0), ("min_member_hours", 0)] {
        let set = app.handle(
            &admin,
            Command::AdminSet(AdminSet {
                setting: setting.into(),
                value,
            }),
        );
        assert!(set[0].text.contains("Economy:"), "{}", set[0].text);
    }
    let claimed = app.handle(&who(&young, Some(now), 6), Command::Daily(Daily));
    assert!(!claimed[0].ephemeral, "{}", claimed[0].text);
    assert!(app.ledger().audit().unwrap().ok);
}

#[test]
fn the_same_interaction_twice_plays_once_and_is_answered_with_the_board() {
    // P-6.2 for play: a table action records the interaction that carried it.
    let dir = std::env::temp_dir().join(format!("holotable-carried-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("h.db");
    let clock = Arc::new(AtomicI64::new(1_000_000));
    let first = app(&path, clock.clone());
    let replies = first.handle(
        &actor("alice", 1),
        Command::Play(holotable::table::PlayArgs {
            game: "dejarik".into(),
            opponent: Some("bob".into()),
            wager: Some(100),
            ..Default::default()
        }),
    );
    let accept = button(&replies[0], "Accept");
    first.handle(&actor("bob", 1), Command::Press(Press { control: accept }));
    let alice_move = |app: &App| {
        app.handle(
            &actor("alice", 2),
            Command::Move(Move {
                action: "o5-i5".into(),
            }),
        )
    };
    let played = alice_move(&first);
    assert!(
        played[0].text.contains("alice plays o5-i5"),
        "{}",
        played[0].text
    );
    // The same interaction again: neither stored nor refused as out of turn.
    let again = alice_move(&first);
    assert!(!again[0].ephemeral, "{}", again[0].text);
    assert!(
        again[0].text.contains("already recorded") && again[0].text.contains("bob to move"),
        "{}",
        again[0].text
    );
    assert!(!again[0].images.is_empty(), "answered with the board");
    let table = first.ledger().action_carried_by("ialice2").unwrap();
    assert_eq!(table, Some((1, 1)));
    // bob's move goes on as usual; then alice's old interaction, in a new process.
    let bob = first.handle(
        &actor("bob", 2),
        Command::Move(Move {
            action: "o1-i1".into(),
        }),
    );
    assert!(bob[0].text.contains("bob plays o1-i1"), "{}", bob[0].text);
    drop(first);
    let second = app(&path, clock);
    let late = alice_move(&second);
    assert!(
        late[0].text.contains("already recorded"),
        "{}",
        late[0].text
    );
    assert!(late[0].text.contains("alice to move"), "{}", late[0].text);
    let actions = second.ledger().actions(1).unwrap();
    assert_eq!(actions.len(), 2, "{actions:?}");
    // A different interaction of alice's plays as ever.
    let next = second.handle(
        &actor("alice", 3),
        Command::Move(Move {
            action: "o6-i6".into(),
        }),
    );
    assert!(
        next[0].text.contains("alice plays o6-i6"),
        "{}",
        next[0].text
    );
    assert!(second.ledger().audit().unwrap().ok);
}

// Admins keep tables to chosen channels: `/admin channel` lists the channels a
// server's tables may open in; a thread counts as its channel; the list emptied means
// every channel again.
#[test]
fn admins_keep_tables_to_the_channels_they_choose() {
    let dir = std::env::temp_dir().join(format!("holotable-places-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let app = app(&dir.join("h.db"), Arc::new(AtomicI64::new(1_000_000)));
    let in_channel = |user: &str, n: u32, channel: &str, parent: Option<&str>| Actor {
        channel: channel.into(),
        parent: parent.map(str::to_string),
        ..actor(user, n)
    };
    let play = |who: &Actor| {
        app.handle(
            who,
            Command::Play(holotable::table::PlayArgs {
                game: "dejarik".into(),
                opponent: Some("bob".into()),
                ..Default::default()
            }),
        )
    };
    let admin = |n: u32, channel: &str, tables: bool| {
        let who = Actor {
            admin: true,
            ..actor("admin", n)
        };
        let said = app.handle(
            &who,
            Command::AdminChannel(AdminChannel {
                channel: channel.into(),
                tables,
            }),
        );
        said[0].text.clone()
    };

    // Only admins choose.
    let refused = app.handle(
        &actor("alice", 1),
        Command::AdminChannel(AdminChannel {
            channel: "<#111>".into(),
            tables: true,
        }),
    );
    assert!(refused[0].ephemeral, "{}", refused[0].text);
    assert!(!links(&refused[0].text, "111"), "{}", refused[0].text);
    assert!(!play(&in_channel("alice", 2, "222", None))[0].ephemeral);

    // One channel chosen: tables open there (and in its threads), nowhere else.
    let said = admin(3, "<#111>", true);
    assert!(links(&said, "111"), "{said}");
    let elsewhere = play(&in_channel("alice", 4, "333", None));
    assert!(elsewhere[0].ephemeral);
    assert!(
        elsewhere[0].text.contains("alice") && links(&elsewhere[0].text, "111"),
        "the refusal names who and where: {}",
        elsewhere[0].text
    );
    assert!(!play(&in_channel("alice", 5, "111", None))[0].ephemeral);
    let thread = play(&in_channel("alice", 6, "8000001", Some("111")));
    assert!(!thread[0].ephemeral, "{}", thread[0].text);
    let other_thread = play(&in_channel("alice", 7, "8000002", Some("333")));
    assert!(other_thread[0].ephemeral, "a thread of another channel");

    // A second channel joins the list; taking the first off leaves the second.
    let said = admin(8, "444", true);
    assert!(links(&said, "111") && links(&said, "444"), "{said}");
    let said = admin(9, "111", false);
    assert!(links(&said, "444"), "{said}");
    assert!(play(&in_channel("alice", 10, "555", None))[0].ephemeral);
    assert!(!play(&in_channel("alice", 11, "444", None))[0].ephemeral);

    // The list emptied: every channel again.
    let said = admin(12, "444", false);
    assert!(said.contains("every channel"), "{said}");
    assert!(!play(&in_channel("alice", 13, "333", None))[0].ephemeral);
}

#[test]
fn a_command_waiting_for_the_droid_leaves_its_working_place_to_others() {
    // Issue 28: one working place. alice's droid table thinks at level 5 (a search on the
    // droid's own lane); meanwhile bob's command, on another thread, needs that place and
    // is answered while the search is still running.
    let dir = std::env::temp_dir().join(format!("holotable-thinking-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let clock = Arc::new(AtomicI64::new(1_000_000));
    let app = Arc::new(app(&dir.join("h.db"), clock).with_thinking(1, 1));
    let alice = {
        let app = Arc::clone(&app);
        std::thread::spawn(move || {
            app.handle(
                &actor("alice", 1),
                Command::Play(holotable::table::PlayArgs {
                    game: "zatak".into(),
                    opponent: Some("droid".into()),
                    first: Some("them".into()),
                    level: Some(5),
                    ..Default::default()
                }),
            )
        })
    };
    let waited = std::time::Instant::now();
    while app.droid_searches() == 0 {
        assert!(!alice.is_finished(), "the droid never searched");
        assert!(waited.elapsed().as_secs() < 60, "no search began");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let bob = app.handle(&actor("bob", 1), Command::Balance(Balance { user: None }));
    assert!(
        app.droid_searches() == 1 && !alice.is_finished(),
        "bob was answered only after the search: {}",
        bob[0].text
    );
    assert!(bob[0].text.contains("bob"), "{}", bob[0].text);
    let played = alice.join().unwrap();
    assert!(!played[0].ephemeral, "{}", played[0].text);
    assert!(played[0].text.contains("Droid"), "{}", played[0].text);
    assert_eq!(app.droid_searches(), 0);
}

/// Whether `text` names channel `id` as a channel (a piece each front end shows its way,
/// a link on Discord).
fn links(text: &holotable::words::Text, id: &str) -> bool {
    text.pieces()
        .iter()
        .any(|p| *p == holotable::words::Piece::Channel(id.to_string()))
}
