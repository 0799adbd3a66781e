//! The cantina against hostile members (issue 52), tried as they would: alternate accounts
//! funnelling credits to one member, two friends trading resignations for slot tokens, the
//! droid's account typed at the console, the house's daily limit against the droid, sums
//! past the ledger's bound. Each scenario ends with the audit clean.

mod common;

use holotable::table::commands::{Bet, Press, Replay, Resign, Verify};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use common::{refused, says, workdir, Table};
use holotable::ledger::{Durability, Ledger};
use holotable::table::Command;

#[path = "common/console.rs"]
mod harness;
use harness::{console, say, text};

/// A Discord id made at `secs` (Unix seconds), told apart by `n` in its low bits.
fn snowflake(secs: i64, n: u64) -> String {
    ((((secs * 1000 - 1_420_070_400_000) as u64) << 22) + n).to_string()
}

fn now() -> i64 {
    holotable::ledger::now()
}

fn ledger(dir: &std::path::Path) -> Ledger {
    Ledger::open(&dir.join("h.db"), Durability::Normal).unwrap()
}

fn credits(l: &Ledger, user: &str) -> i64 {
    l.balance("console", user).map(|b| b.credits).unwrap_or(0)
}

fn tokens(l: &Ledger, user: &str) -> i64 {
    l.balance("console", user).map(|b| b.tokens).unwrap_or(0)
}

fn audit_ok(l: &Ledger) {
    let audit = l.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
}

#[test]
fn twenty_fresh_accounts_cannot_funnel_credits_through_wagers() {
    // The issue's funnel: each fresh account challenges the main one for 1,000 and resigns.
    let (mut c, dir) = console("funnel");
    let main = snowflake(now() - 400 * 86_400, 0);
    say(&mut c, &format!("{main}: /balance"));
    for n in 1..=20 {
        let alt = snowflake(now() - 3_600, n);
        let r = say(
            &mut c,
            &format!("{alt}: /play game:dejarik opponent:{main} wager:1000"),
        );
        assert_eq!(r[0]["ephemeral"], true, "{}", r[0]);
        assert!(
            text(&r[0]).contains("/play needs a Discord account at least 7 days old"),
            "{}",
            r[0]
        );
        say(&mut c, &format!("{alt}: /resign"));
        say(&mut c, "!wait 1m");
    }
    // The other way round: the main account challenges a fresh one, which cannot accept.
    let alt = snowflake(now() - 3_600, 99);
    let r = say(
        &mut c,
        &format!("{main}: /play game:dejarik opponent:{alt} wager:1000"),
    );
    assert!(text(&r[0]).contains("challenges"), "{}", r[0]);
    let r = say(&mut c, &format!("{alt}: [Accept]"));
    assert!(
        text(&r[0]).contains("/play needs a Discord account"),
        "{}",
        r[0]
    );
    let l = ledger(&dir);
    assert_eq!(credits(&l, &main), 1000, "the main account gained nothing");
    assert_eq!(l.audit().unwrap().open_escrow, 0, "nothing escrowed");
    audit_ok(&l);
}

#[test]
fn two_friends_resigning_at_once_sixty_times_mint_no_token() {
    // The issue's collusion: minimum-wager games resigned at once, the winner's token spun.
    let (mut c, dir) = console("collusion");
    for game in 0..60 {
        let (a, b) = if game % 2 == 0 {
            ("alice", "bob")
        } else {
            ("bob", "alice")
        };
        let r = say(
            &mut c,
            &format!("{a}: /play game:dejarik opponent:{b} wager:50"),
        );
        assert!(text(&r[0]).contains("challenges"), "game {game}: {}", r[0]);
        say(&mut c, &format!("{b}: [Accept]"));
        // The one who accepted gives the game away before making a move.
        let r = say(&mut c, &format!("{b}: /resign"));
        let ended = text(&r[0]);
        assert!(ended.contains(&format!("{a} wins")), "game {game}: {ended}");
        assert!(
            ended.contains(&format!("{a} earns no slot token")),
            "game {game}: {ended}"
        );
        say(&mut c, "!wait 1m");
    }
    // Whatever tokens there were, spun: there are none.
    for who in ["alice", "bob"] {
        let r = say(&mut c, &format!("{who}: /slots"));
        assert_eq!(r[0]["ephemeral"], true, "{who} has no free spin: {}", r[0]);
    }
    let l = ledger(&dir);
    assert_eq!((tokens(&l, "alice"), tokens(&l, "bob")), (0, 0));
    assert_eq!(
        credits(&l, "alice") + credits(&l, "bob"),
        2000,
        "no credit gained between them"
    );
    audit_ok(&l);
}

#[test]
fn the_droids_account_cannot_act_as_a_member() {
    let (mut c, dir) = console("droid-account");
    for line in [
        "droid: /play game:dejarik opponent:alice wager:1000",
        "droid: /balance",
        "droid: /daily",
        "droid: /give user:alice amount:10",
    ] {
        let r = say(&mut c, line);
        assert_eq!(r[0]["ephemeral"], true, "{line}: {}", r[0]);
        assert!(
            text(&r[0]).contains("plays only as the droid"),
            "{line}: {}",
            r[0]
        );
    }
    let l = ledger(&dir);
    assert_eq!(credits(&l, "alice"), 0, "no account was opened for alice");
    audit_ok(&l);
}

fn clock() -> Arc<AtomicI64> {
    // 2027-01-15 08:00 UTC: a day with hours left in it.
    Arc::new(AtomicI64::new(
        1_800_000_000 - 1_800_000_000 % 86_400 + 8 * 3_600,
    ))
}

/// Plays a takeaway table of `pile` counters between the two seats, each taking one in
/// turn, to its end: the seat to move first when the pile is odd wins.
fn take_all(t: &mut Table, first: &str, second: &str, pile: u32) -> holotable::table::Reply {
    let mut last = None;
    for n in 0..pile {
        let who = if n % 2 == 0 { first } else { second };
        last = Some(t.mv(who, "1"));
    }
    last.unwrap()
}

#[test]
fn the_same_two_members_earn_a_bounded_number_of_tokens_a_day() {
    // ZK-style threshold aside, takeaway asks one take of every loser; the server's
    // token_pair_daily (3 by default) bounds what the same two earn from each other.
    let dir = workdir("pair-tokens");
    let time = clock();
    let mut t = Table::open(&dir.join("h.db"), time.clone());
    for game in 1..=5 {
        t.slash("alice", "/play game:takeaway opponent:bob wager:50 pile:5");
        t.press("bob", "Accept");
        let won = take_all(&mut t, "alice", "bob", 5);
        says(&won, "alice wins");
        if game <= 3 {
            says(&won, "alice wins a slot token");
        } else {
            says(&won, "alice earns no slot token: at most 3 a day");
        }
        time.fetch_add(60, Ordering::Relaxed);
    }
    assert_eq!(t.tokens("alice"), 3);
    // Another opponent is another pair.
    t.slash(
        "alice",
        "/play game:takeaway opponent:carol wager:50 pile:5",
    );
    t.press("carol", "Accept");
    says(
        &take_all(&mut t, "alice", "carol", 5),
        "alice wins a slot token",
    );
    // The next UTC day, the pair earns again.
    time.fetch_add(86_400, Ordering::Relaxed);
    t.slash("alice", "/play game:takeaway opponent:bob wager:50 pile:5");
    t.press("bob", "Accept");
    says(
        &take_all(&mut t, "alice", "bob", 5),
        "alice wins a slot token",
    );
    assert_eq!(t.tokens("alice"), 5);
    // A loser who never played earns the winner nothing, whoever resigns.
    t.slash("alice", "/play game:takeaway opponent:dave wager:50 pile:5");
    t.press("dave", "Accept");
    t.mv("alice", "1");
    let given = t.run("dave", Command::Resign(Resign));
    says(&given, "alice earns no slot token");
    assert_eq!(t.tokens("alice"), 5);
    t.audit_ok();
}

#[test]
fn what_a_member_wins_from_the_house_is_bounded_per_day() {
    // house_daily_max is 500 by default and a token counts its bet (50): the largest first
    // wager against the droid is 450.
    let dir = workdir("house-limit");
    let time = clock();
    let mut t = Table::open(&dir.join("h.db"), time.clone());
    refused(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:droid level:1 wager:451",
        ),
        "alice may win at most 500 credits a day from the house",
    );
    refused(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:droid wager:100 per_point:5",
        ),
        "",
    );
    refused(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:droid level:1 per_point:5",
        ),
        "Per-point series are played between members",
    );
    says(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:droid level:1 wager:200",
        ),
        "alice vs Droid",
    );
    // A second table in another channel counts the first one's stake and token.
    t.channel = "d".into();
    refused(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:droid level:1 wager:201",
        ),
        "can still wager against the droid today: 200",
    );
    says(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:droid level:1 wager:200",
        ),
        "alice vs Droid",
    );
    // Losing ends the exposure: both resigned, the house keeps both stakes, and what is
    // left today is the whole allowance again (losses are no winnings).
    t.run("alice", Command::Resign(Resign));
    t.channel = "c".into();
    t.run("alice", Command::Resign(Resign));
    assert_eq!(t.credits("alice"), 600);
    says(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:droid level:1 wager:450",
        ),
        "alice vs Droid",
    );
    t.run("alice", Command::Resign(Resign));
    // A server that wants no wagers against the droid says so.
    t.app
        .ledger()
        .set_economy("g", holotable::ledger::economy::Setting::HouseDailyMax, 0)
        .unwrap();
    refused(
        &t.slash("alice", "/play game:dejarik opponent:droid wager:50"),
        "takes no wagers against the droid",
    );
    says(
        &t.slash("alice", "/play game:dejarik opponent:droid"),
        "alice vs Droid",
    );
    t.audit_ok();
}

#[test]
fn a_pot_past_the_ledgers_bound_is_refused_before_anything_is_escrowed() {
    // The issue's pot: two wagers of 6×10^11 escrowed and never paid out.
    let dir = workdir("big-pot");
    let time = clock();
    let mut t = Table::open(&dir.join("h.db"), time);
    t.app
        .ledger()
        .set_economy(
            "g",
            holotable::ledger::economy::Setting::StartingBalance,
            1_000_000_000_000,
        )
        .unwrap();
    refused(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:bob wager:600000000000",
        ),
        "may be at most 500000000000 credits",
    );
    refused(
        &t.slash("alice", "/play game:takeaway seats:4 wager:250000000001"),
        "may be at most 250000000000 credits",
    );
    refused(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:bob per_point:10000001",
        ),
        "per_point may be at most 10000000",
    );
    refused(
        &t.slash("alice", "/slots bet:4000000001"),
        "at most 4000000000",
    );
    // At the bound itself the pot is paid in full.
    says(
        &t.slash(
            "alice",
            "/play game:dejarik opponent:bob wager:500000000000",
        ),
        "challenges",
    );
    t.press("bob", "Accept");
    t.run("bob", Command::Resign(Resign));
    assert_eq!(t.credits("alice"), 1_500_000_000_000);
    // A side-bet pool stops at the bound too.
    t.slash("alice", "/play game:dejarik opponent:bob wager:50");
    for (n, who) in ["carol", "dave"].iter().enumerate() {
        let r = t.run(
            who,
            Command::Bet(Bet {
                table: None,
                seat: 1,
                amount: 600_000_000_000,
            }),
        );
        if n == 0 {
            says(&r, "carol backs");
        } else {
            refused(&r, "can take at most 400000000000 more credits");
        }
    }
    t.audit_ok();
}

#[test]
fn a_game_in_a_private_channel_does_not_exist_anywhere_else() {
    // The issue's #staff game, asked about from #general by a member who could not see it.
    let dir = workdir("private-channel");
    let time = clock();
    let mut t = Table::open(&dir.join("h.db"), time);
    t.channel = "staff".into();
    t.slash("alice", "/play game:takeaway opponent:bob pile:5");
    t.press("bob", "Accept");
    t.channel = "general".into();
    // While it plays, it cannot be backed from elsewhere.
    refused(
        &t.run(
            "carol",
            Command::Bet(Bet {
                table: Some(1),
                seat: 1,
                amount: 50,
            }),
        ),
        "There is no table 1 here",
    );
    t.channel = "staff".into();
    take_all(&mut t, "alice", "bob", 5);
    t.channel = "general".into();
    let asked = [
        Command::Replay(Replay {
            table: Some(1),
            text: true,
        }),
        Command::Replay(Replay {
            table: Some(1),
            text: false,
        }),
        Command::Verify(Verify { table: Some(1) }),
    ];
    for command in asked.clone() {
        // Elsewhere, the table is refused exactly as a table that never existed is.
        let elsewhere = t.run("carol", command.clone());
        refused(&elsewhere, "There is no table 1 here");
        let never = t.run(
            "carol",
            match command.clone() {
                Command::Replay(Replay { text, .. }) => Command::Replay(Replay {
                    table: Some(99),
                    text,
                }),
                _ => Command::Verify(Verify { table: Some(99) }),
            },
        );
        assert_eq!(
            never.text.to_string().replace("99", "1"),
            elsewhere.text.to_string(),
            "nothing tells a hidden table from a missing one"
        );
        // One of its players may still ask, and is answered privately.
        let own = t.run("alice", command.clone());
        assert!(own.ephemeral, "{}", own.text);
        assert!(
            own.text.contains("table #1") || own.text.contains("Table #1 verified"),
            "{}",
            own.text
        );
    }
    // In its own channel, anyone there sees it as before.
    t.channel = "staff".into();
    let here = t.run("carol", Command::Verify(Verify { table: Some(1) }));
    says(&here, "verified");
    t.audit_ok();
}

#[test]
fn a_name_is_that_servers_own_and_the_console_shows_it_as_written() {
    let dir = workdir("names");
    let time = clock();
    let t = Table::open(&dir.join("h.db"), time);
    t.app.learn_name("g", "u1", "Ally");
    t.app.learn_name("other", "u1", "Alice B.");
    assert_eq!(t.app.plain_name("g", "u1"), "Ally");
    assert_eq!(t.app.plain_name("other", "u1"), "Alice B.");
    // A server that never saw the member names it by its id, not by another server's name.
    assert_eq!(t.app.plain_name("third", "u1"), "u1");
    // Restarted, the names come back from the ledger, each server's its own.
    drop(t);
    let t = Table::open(&dir.join("h.db"), clock());
    assert_eq!(t.app.plain_name("g", "u1"), "Ally");
    assert_eq!(t.app.plain_name("other", "u1"), "Alice B.");
    // The console writes names out as they are: no escapes, no marks.
    let (mut c, _) = console("names-console");
    let r = say(&mut c, "*star*_one: /daily");
    let said = text(&r[0]);
    assert!(said.contains("*star*_one"), "{said}");
    assert!(
        !said.contains('\u{2068}') && !said.contains('\\'),
        "{said:?}"
    );
}

#[test]
fn join_pressed_by_many_at_once_seats_exactly_the_tables_count() {
    // Twelve members press Join on a table of four at the same moment, three of them
    // twice: three seats are taken, by three different members, and the table starts once.
    let dir = workdir("join-race");
    let time = clock();
    let mut t = Table::open(&dir.join("h.db"), time);
    let open = t.slash("alice", "/play game:takeaway seats:4 wager:50");
    let join = open
        .buttons()
        .find(|b| b.label.tell(open.lang) == "Join")
        .expect("a Join button")
        .control
        .clone();
    let pressers: Vec<String> = (1..=12)
        .map(|n| format!("m{n}"))
        .chain((1..=3).map(|n| format!("m{n}")))
        .collect();
    let started: usize = std::thread::scope(|scope| {
        let presses: Vec<_> = pressers
            .iter()
            .enumerate()
            .map(|(n, user)| {
                let app = &t.app;
                let control = join.clone();
                scope.spawn(move || {
                    let actor = holotable::table::Actor {
                        guild: "g".into(),
                        channel: "c".into(),
                        parent: None,
                        user: user.clone(),
                        name: user.clone(),
                        interaction: format!("race-{n}"),
                        admin: false,
                        lang: Default::default(),
                        joined: None,
                        created: None,
                    };
                    let replies = app.handle(&actor, Command::Press(Press { control }));
                    replies
                        .iter()
                        .filter(|r| r.text.contains("in escrow"))
                        .count()
                })
            })
            .collect();
        presses.into_iter().map(|p| p.join().unwrap()).sum()
    });
    let row = t.row();
    assert_eq!(row.seats.len(), 4, "{:?}", row.seats);
    let mut distinct = row.seats.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "a member seated twice: {:?}", row.seats);
    assert_eq!(started, 1, "the table started once");
    assert_eq!(t.app.ledger().audit().unwrap().open_escrow, 200);
    t.audit_ok();
}

#[test]
fn the_rematch_button_obeys_plays_cooldown() {
    let dir = workdir("rematch-cooldown");
    let time = clock();
    let mut t = Table::open(&dir.join("h.db"), time);
    t.slash("alice", "/play game:takeaway opponent:bob pile:1");
    t.press("bob", "Accept");
    says(&t.mv("alice", "1"), "alice wins");
    // Four more tables elsewhere use up /play's burst of five.
    for n in 1..=4 {
        t.channel = format!("c{n}");
        says(
            &t.slash("alice", "/play game:takeaway opponent:bob"),
            "challenges",
        );
    }
    t.channel = "c".into();
    refused(
        &t.press("alice", "Rematch"),
        "alice, not so fast: you can use /play again",
    );
}

#[test]
fn a_free_zatak_set_up_is_offered_from_a_short_list_and_any_set_up_typed_whole() {
    // ZK-7.1: 408,240 legal set-ups; a keystroke searches the 1,286 the droid weighs, made
    // once for the position, and a whole set-up typed is offered as the game writes it.
    let dir = workdir("zatak-free");
    let time = clock();
    let mut t = Table::open(&dir.join("h.db"), time);
    t.slash("alice", "/play game:zatak opponent:bob options:free");
    t.press("bob", "Accept");
    let actor = |user: &str| holotable::table::Actor {
        guild: "g".into(),
        channel: "c".into(),
        parent: None,
        user: user.into(),
        name: user.into(),
        interaction: String::new(),
        admin: false,
        lang: Default::default(),
        joined: None,
        created: None,
    };
    let who = ["alice", "bob"]
        .into_iter()
        .find(|u| !t.app.autocomplete(&actor(u), "").is_empty())
        .expect("someone sets up");
    let offered = t.app.autocomplete(&actor(who), "");
    assert_eq!(offered.len(), 25);
    assert!(
        offered.iter().all(|a| a.starts_with("setup ")),
        "{offered:?}"
    );
    let typed = "setup c1=2,c2=4,d1=1,d2=3,d3=5,d4=6";
    let found = t.app.autocomplete(&actor(who), typed);
    assert_eq!(found.first().map(String::as_str), Some(typed), "{found:?}");
    // What is offered is legal: the first one plays.
    let first = offered[0].clone();
    let played = t.mv(who, &first);
    assert!(!played.ephemeral, "{}", played.text);
}

#[test]
fn from_the_console_a_large_pot_is_refused_and_a_private_game_is_not_found() {
    // The issue's probes, typed at the console as a member would.
    let (mut c, dir) = console("console-probes");
    let r = say(
        &mut c,
        "alice: /play game:dejarik opponent:bob wager:600000000000",
    );
    assert!(
        text(&r[0]).contains("may be at most 500000000000 credits"),
        "{}",
        r[0]
    );
    say(&mut c, "#staff");
    say(&mut c, "alice: /play game:dejarik opponent:bob");
    say(&mut c, "bob: [Accept]");
    say(&mut c, "alice: /resign");
    say(&mut c, "#general");
    for line in [
        "carol: /replay table:1 format:text",
        "carol: /verify table:1",
        "carol: /bet table:1 seat:1 amount:50",
    ] {
        let r = say(&mut c, line);
        assert_eq!(r[0]["ephemeral"], true, "{line}: {}", r[0]);
        assert!(
            text(&r[0]).contains("There is no table 1 here"),
            "{line}: {}",
            r[0]
        );
        assert!(
            r[0]["files"].as_array().is_none_or(|f| f.is_empty()),
            "{line}"
        );
    }
    audit_ok(&ledger(&dir));
}

#[test]
fn a_free_zatak_set_up_offers_the_droids_short_list_made_once() {
    // What a keystroke searches at a free set-up: the 1,286 set-ups the droid weighs, not
    // the 408,240 legal ones (listing those took 0.65 s of CPU in a release build), each
    // legal, and the same list (not a new one) for every keystroke at the position.
    let options: holotable::games::GameOptions = serde_json::from_str(r#"{"free":true}"#).unwrap();
    let entry = holotable::catalogue::Catalogue::default()
        .find("zatak")
        .unwrap();
    let play = entry.rules(&options).unwrap().start(2).unwrap();
    let offered = play.offered();
    assert_eq!(offered.len(), 1_286);
    assert!(
        std::sync::Arc::ptr_eq(&offered, &play.offered()),
        "listed once"
    );
    for action in offered.iter().step_by(97) {
        let mut next = play.clone();
        next.apply(action)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
    }
}
