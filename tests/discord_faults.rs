//! A stored move is always told: a wagered Dejarik game through the real client while the
//! fake Discord fails, refuses, delays or repeats what it is sent (tests/fake_discord/mod.rs
//! says how). Whatever the fault, every stored move's board reaches the players, the
//! settlement is told exactly once, no raw transport error is shown, and no interaction is
//! stored twice.

mod fake_discord;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fake_discord::client::*;
use fake_discord::{FakeDiscord, Fault, GatewayFault, Request, Route};
use holotable::games::Status;
use rand::{Rng, SeedableRng};
use serde_json::json;

/// The game every scenario plays, computed with the rules core: alice takes wins and kills
/// when she can, bob plays the first legal move that kills nothing (as in tests/discord.rs and tests/discord_games.rs).
fn line() -> Vec<(usize, String)> {
    let game = holotable::catalogue::lookup("dejarik", &Default::default()).unwrap();
    let mut play = game.start(2).unwrap();
    let black = |position: &str| position.split('/').nth(1).unwrap_or("").split(',').count();
    let white = |position: &str| position.split('/').next().unwrap_or("").split(',').count();
    let mut seen = std::collections::HashSet::new();
    let mut moves = Vec::new();
    loop {
        seen.insert(play.position());
        let seat = match play.status() {
            Status::ToMove(seat) => seat,
            Status::Over(_) => return moves,
            Status::Chance => unreachable!("Dejarik has no chance"),
        };
        let options = play.legal_with_results();
        let choice = if seat == 0 {
            options
                .iter()
                .find(|a| {
                    let mut next = play.clone();
                    next.apply(&a.action).unwrap();
                    matches!(next.status(), Status::Over(_))
                })
                .or_else(|| {
                    options
                        .iter()
                        .filter(|a| !seen.contains(&a.state))
                        .min_by_key(|a| black(&a.state))
                })
                .or(options.first())
        } else {
            options
                .iter()
                .find(|a| white(&a.state) == white(&play.position()) && !seen.contains(&a.state))
                .or(options.first())
        }
        .unwrap()
        .action
        .clone();
        play.apply(&choice).unwrap();
        moves.push((seat, choice));
    }
}

/// The moves (by index) a seeded fifth of which get a fault, at least two of them.
fn faulted(seed: u64, moves: usize) -> Vec<usize> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut chosen: Vec<usize> = (0..moves).filter(|_| rng.random_bool(0.2)).collect();
    for k in [1, moves / 2] {
        if chosen.len() < 2 && !chosen.contains(&k) {
            chosen.push(k);
        }
    }
    chosen.sort();
    chosen
}

/// The text of a message the bot sent, however it sent it (a callback, an edit, a
/// followup, a channel message).
fn text(r: &Request) -> String {
    let data = if r.path.ends_with("/callback") {
        &r.json["data"]
    } else {
        &r.json
    };
    data["content"].as_str().unwrap_or("").to_string()
}

fn is_message(r: &Request) -> bool {
    r.path.ends_with("/callback")
        || r.path.starts_with("/webhooks/")
        || (r.path.starts_with("/channels/") && r.path.ends_with("/messages"))
}

/// Whether members saw the board of `action` (taken by Discord, with its image).
fn shows_move(r: &Request, action: &str) -> bool {
    r.taken()
        && is_message(r)
        && text(r).contains(&format!("plays {action}"))
        && r.files.iter().any(|f| f.2.starts_with(b"\x89PNG"))
}

/// What a scenario did: every request, and the database.
struct Played {
    requests: Vec<Request>,
    db: PathBuf,
    line: Vec<(usize, String)>,
}

/// Called before move `k` (interaction `id`) is sent: injects that scenario's faults, and
/// may send the interaction itself (returning true).
type Before<'a> = &'a dyn Fn(&FakeDiscord, usize, u64, bool) -> bool;

async fn play(name: &str, env: &[(&str, &str)], before: Before<'_>) -> Played {
    let dir = workdir(name);
    let db = dir.join("h.db");
    let fake = FakeDiscord::start().await;
    let _bot = start_bot_with(&fake, &db, env);
    connected(&fake).await;
    challenge(&fake).await;
    let line = line();
    for (k, (seat, action)) in line.iter().enumerate() {
        let id = 3000 + k as u64;
        let who = if *seat == 0 { ALICE } else { BOB };
        let last = k + 1 == line.len();
        let since = fake.requests().len();
        if !before(&fake, k, id, last) {
            send_move(&fake, id, who, action);
        }
        fake.wait_for(since, WAIT, |r| shows_move(r, action)).await;
    }
    // The settlement is told (once: checked by the caller over every request).
    fake.wait_for(0, WAIT, |r| r.taken() && text(r).contains("alice wins"))
        .await;
    // A moment for anything still in flight (a copy's answer, a retry) to arrive.
    tokio::time::sleep(Duration::from_millis(800)).await;
    Played {
        requests: fake.requests(),
        db,
        line,
    }
}

/// alice challenges bob for 100 credits; bob accepts.
async fn challenge(fake: &FakeDiscord) {
    fake.slash(
        2001,
        ALICE,
        "play",
        json!([{"name": "game", "type": 3, "value": "dejarik"},
               {"name": "opponent", "type": 6, "value": BOB.0},
               {"name": "wager", "type": 4, "value": 100}]),
        json!({"users": {BOB.0: user(BOB.0, BOB.1)}}),
    );
    let challenge = answer(fake, 0, 2001).await;
    let accept = button(&challenge, "Accept");
    fake.component(2002, BOB, &accept, &[]);
    fake.wait_for(0, WAIT, |r| is_callback(2002)(r) && r.taken())
        .await;
}

/// What every scenario must show.
fn check(played: &Played) {
    let Played { requests, db, line } = played;
    // Every stored move's board was seen (a move played twice, twice).
    for (_, action) in line {
        let played = line.iter().filter(|(_, a)| a == action).count();
        let seen = requests.iter().filter(|r| shows_move(r, action)).count();
        assert!(
            seen >= played,
            "{action}: played {played} times, seen {seen}"
        );
    }
    // The settlement told exactly once.
    let told = requests
        .iter()
        .filter(|r| r.taken() && is_message(r) && text(r).contains("alice wins"))
        .count();
    assert_eq!(told, 1, "the end of the game is told once");
    // No raw transport error reaches a member.
    for r in requests.iter().filter(|r| r.taken() && is_message(r)) {
        let t = text(r);
        for raw in [
            "Internal Server Error",
            "Bad Gateway",
            "Serenity",
            "json",
            "rate limited",
            "error response",
        ] {
            assert!(!t.contains(raw), "a member was shown {raw:?}: {t}");
        }
        assert!(!t.contains("not yours"), "a refusal reached a member: {t}");
    }
    // Every move stored once, in order; the ledger balanced.
    let ledger = holotable::ledger::Ledger::open(db, holotable::ledger::Durability::Normal)
        .expect("the database opens");
    let stored: Vec<String> = ledger
        .actions(1)
        .unwrap()
        .into_iter()
        .map(|a| a.action)
        .collect();
    let expected: Vec<String> = line.iter().map(|(_, a)| a.clone()).collect();
    assert_eq!(stored, expected, "each move stored once");
    let audit = ledger.audit().unwrap();
    assert!(audit.ok, "{audit:?}");
}

fn inject_on(
    moves: Vec<usize>,
    route: Route,
    fault: Fault,
) -> impl Fn(&FakeDiscord, usize, u64, bool) -> bool {
    move |fake, k, id, _| {
        if moves.contains(&k) {
            fake.inject(route, Some(id), fault);
        }
        false
    }
}

/// The moves whose first answer Discord refused, told another way (a retry, a channel
/// message).
fn refused_answers(requests: &[Request], status: u16) -> usize {
    requests.iter().filter(|r| r.status == status).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_faults_every_board_is_seen() {
    let played = play("faults-none", &[], &|_, _, _, _| false).await;
    check(&played);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_callback_answered_500_is_tried_again() {
    let moves = faulted(1, line().len());
    let before = inject_on(moves.clone(), Route::Callback, Fault::Status(500));
    let played = play("faults-500", &[], &before).await;
    check(&played);
    assert_eq!(refused_answers(&played.requests, 500), moves.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_winning_move_answered_500_still_tells_the_settlement() {
    let before = |fake: &FakeDiscord, _: usize, id: u64, last: bool| {
        if last {
            // Discord fails every try within the three seconds: the answer is posted.
            for _ in 0..12 {
                fake.inject(Route::Callback, Some(id), Fault::Status(500));
            }
        }
        false
    };
    let played = play("faults-500-last", &[], &before).await;
    check(&played);
    let posted = played
        .requests
        .iter()
        .find(|r| r.taken() && r.path.ends_with("/messages") && text(r).contains("alice wins"))
        .expect("the settlement is posted in the channel");
    assert!(
        text(posted).contains("Discord did not take my answer to alice"),
        "{}",
        text(posted)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_callback_waits_and_is_taken() {
    let moves = faulted(2, line().len());
    let fault = Fault::RateLimited {
        retry_after: 0.5,
        global: false,
    };
    let before = inject_on(moves.clone(), Route::Callback, fault);
    let played = play("faults-429", &[], &before).await;
    check(&played);
    assert!(refused_answers(&played.requests, 429) >= moves.len());
    // Every board arrived as the answer itself, after the limit.
    for (_, action) in &played.line {
        assert!(played
            .requests
            .iter()
            .any(|r| shows_move(r, action) && r.path.ends_with("/callback")));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_answer_whose_edit_fails_is_retried() {
    let moves = faulted(3, line().len());
    let before = inject_on(moves.clone(), Route::Edit, Fault::Status(502));
    let env = [("HOLOTABLE_DISCORD__DEFER_AFTER_MS", "0")];
    let played = play("faults-502", &env, &before).await;
    check(&played);
    assert_eq!(refused_answers(&played.requests, 502), moves.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_delivered_twice_is_answered_once() {
    let moves = faulted(4, line().len());
    let before = |fake: &FakeDiscord, k: usize, id: u64, _: bool| {
        if !moves.contains(&k) {
            return false;
        }
        let (seat, action) = &line()[k];
        let who = if *seat == 0 { ALICE } else { BOB };
        send_move(fake, id, who, action);
        send_move(fake, id, who, action);
        true
    };
    let played = play("faults-twice", &[], &before).await;
    check(&played);
    for k in &moves {
        let id = 3000 + *k as u64;
        let answers: Vec<&Request> = played
            .requests
            .iter()
            .filter(|r| is_callback(id)(r))
            .collect();
        assert_eq!(answers.len(), 1, "one answer to interaction {id}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_callback_reaching_discord_late_is_posted_instead() {
    let moves = faulted(5, line().len());
    let late = Fault::Late(Duration::from_millis(3200));
    let before = |fake: &FakeDiscord, k: usize, id: u64, last: bool| {
        if moves.contains(&k) || last {
            fake.inject(Route::Callback, Some(id), late);
        }
        false
    };
    let played = play("faults-late", &[], &before).await;
    check(&played);
    let last = played.line.len() - 1;
    let late = moves.len() + usize::from(!moves.contains(&last));
    assert_eq!(refused_answers(&played.requests, 404), late);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_interaction_delivered_again_changes_nothing() {
    // Move 1's interaction comes again after move 4; alice's real move 5 must still be
    // taken.
    let before = |fake: &FakeDiscord, k: usize, _: u64, _: bool| {
        if k == 4 {
            let (seat, action) = &line()[0];
            assert_eq!(*seat, 0);
            send_move(fake, 3000, ALICE, action);
        }
        false
    };
    let played = play("faults-again", &[], &before).await;
    check(&played);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_an_old_interaction_is_answered_with_the_board() {
    let dir = workdir("faults-restart");
    let db = dir.join("h.db");
    let fake = FakeDiscord::start().await;
    let line = line();
    {
        let _bot = start_bot(&fake, &db);
        connected(&fake).await;
        challenge(&fake).await;
        for (k, (seat, action)) in line.iter().take(3).enumerate() {
            let who = if *seat == 0 { ALICE } else { BOB };
            let since = fake.requests().len();
            send_move(&fake, 3000 + k as u64, who, action);
            fake.wait_for(since, WAIT, |r| shows_move(r, action)).await;
        }
    }
    let n = fake.requests().len();
    let _bot = start_bot(&fake, &db);
    connected_again(&fake, n).await;
    // Move 1 again: not stored, not refused; answered with the board as it stands.
    fake.forget(3000);
    send_move(&fake, 3000, ALICE, &line[0].1);
    let again = fake.wait_for(n, WAIT, is_callback(3000)).await;
    assert!(!ephemeral(&again), "{:?}", again.json);
    assert!(
        text(&again).contains("already recorded"),
        "{}",
        text(&again)
    );
    assert!(again.files.iter().any(|f| f.2.starts_with(b"\x89PNG")));
    let ledger =
        holotable::ledger::Ledger::open(&db, holotable::ledger::Durability::Normal).unwrap();
    assert_eq!(ledger.actions(1).unwrap().len(), 3);
}

/// Waits until a restarted bot has registered its commands again.
async fn connected_again(fake: &FakeDiscord, since: usize) {
    fake.wait_for(since, WAIT, |r| r.method == "PUT").await;
    let deadline = Instant::now() + WAIT;
    while fake.shards().is_empty() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_breaking_loses_no_move() {
    // Each fault before a move: a resumable break gets the move delivered when the session
    // resumes (sent while the bot is away); after a break that makes the bot identify again
    // the move is sent once it is back (Discord does not keep events for a new session).
    let faults = [
        (GatewayFault::Drop, true),
        (GatewayFault::Close(4000), true),
        (GatewayFault::Reconnect, true),
        (GatewayFault::Close(4009), false),
        (GatewayFault::InvalidSession, false),
        (GatewayFault::Silence, true),
    ];
    let dir = workdir("faults-gateway");
    let db = dir.join("h.db");
    let fake = FakeDiscord::start().await;
    // Heartbeats every second, so that one left unacknowledged is noticed soon.
    fake.set_heartbeat(1000);
    let _bot = start_bot(&fake, &db);
    connected(&fake).await;
    challenge(&fake).await;
    let line = line();
    let mut broken = 0;
    for (k, (seat, action)) in line.iter().enumerate() {
        let id = 3000 + k as u64;
        let who = if *seat == 0 { ALICE } else { BOB };
        let since = fake.requests().len();
        match faults.get(k / 3).filter(|_| k % 3 == 1) {
            Some(&(fault, resumes)) => {
                let sessions = fake.sessions();
                fake.gateway_fault(0, fault);
                broken += 1;
                if resumes {
                    send_move(&fake, id, who, action);
                    fake.reconnected(sessions).await;
                } else {
                    fake.reconnected(sessions).await;
                    send_move(&fake, id, who, action);
                }
            }
            None => send_move(&fake, id, who, action),
        }
        fake.wait_for(since, WAIT, |r| shows_move(r, action)).await;
    }
    assert_eq!(
        broken,
        faults.len(),
        "the game is long enough for every fault"
    );
    fake.wait_for(0, WAIT, |r| r.taken() && text(r).contains("alice wins"))
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    check(&Played {
        requests: fake.requests(),
        db,
        line,
    });
}
