//! Tables of two to four seats and the promises a table keeps (docs/CONTRACT.md P-4): open tables
//! with Join, Seat the droid and Start; a player leaving a table of three while the others
//! play on; forced passes; stored draw offers; per-point resignations; rematch terms. The
//! small test game `takeaway` (tests/common) stands in for a game of more than two players.

mod common;

use holotable::table::commands::{Draw, Resign};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use common::{refused, says, workdir, Table};
use holotable::table::Command;

fn clock() -> Arc<AtomicI64> {
    Arc::new(AtomicI64::new(1_800_000_000))
}

#[test]
fn a_table_of_three_opens_fills_starts_and_plays_on_without_a_player_who_resigns() {
    let dir = workdir("three-seats");
    let db = dir.join("h.db");
    let time = clock();
    let mut t = Table::open(&db, time.clone());
    let open = t.slash("alice", "/play game:takeaway wager:100 seats:3");
    says(&open, "anyone may join");
    let labels: Vec<String> = open.buttons().map(|b| b.label.tell(open.lang)).collect();
    assert_eq!(
        labels,
        ["Join", "Seat the droid"],
        "no Start with one player"
    );
    refused(&t.press("alice", "Join"), "already have a seat");
    refused(&t.press("alice", "Join"), "already have a seat");
    let joined = t.press("bob", "Join");
    says(&joined, "bob joins table");
    assert!(joined
        .buttons()
        .any(|b| b.label.tell(joined.lang) == "Start"));
    refused(&t.press("bob", "Start"), "Only the table's creator");
    // The third seat fills the table: it starts by itself, with every stake in escrow.
    let started = t.press("carol", "Join");
    says(&started, "alice vs bob vs carol");
    says(&started, "the winner takes 300");
    says(&started, "alice to move");
    assert_eq!(started.images.len(), 1, "the first board");
    refused(&t.press("dave", "Join"), "already started");
    for user in ["alice", "bob", "carol"] {
        assert_eq!(t.credits(user), 900);
    }
    says(&t.mv("alice", "2"), "bob to move");
    // bob leaves: written in the log like an action, and the game goes on among the others.
    let left = t.run("bob", Command::Resign(Resign));
    says(&left, "bob resigns");
    says(&left, "the game goes on");
    says(&left, "carol to move");
    let row = t.row();
    let log = t.app.ledger().actions(row.id).unwrap();
    let last = log.last().unwrap();
    assert_eq!(
        (last.seat, last.action.as_str()),
        (Some(1), "=leave resign")
    );
    // A restart: the table is rebuilt from its log, bob still out.
    drop(t);
    let mut t = Table::open(&db, time);
    refused(&t.run("bob", Command::Resign(Resign)), "already left");
    refused(&t.mv("bob", "1"), "carol's turn");
    assert_eq!(
        t.app.autocomplete(&actor("carol"), ""),
        ["1", "2"],
        "carol's choices"
    );
    says(&t.mv("carol", "2"), "alice to move");
    // Pile 7: carol must pass; the table plays it at once and says so, then skips bob.
    let forced = t.mv("alice", "1");
    says(&forced, "carol cannot move and passes");
    says(&forced, "alice to move");
    let log = t.app.ledger().actions(row.id).unwrap();
    assert_eq!(log.last().unwrap().action, "pass");
    assert_eq!(log.last().unwrap().seat, Some(2));
    for (user, take) in [
        ("alice", "1"),
        ("carol", "2"),
        ("alice", "1"),
        ("carol", "1"),
    ] {
        t.mv(user, take);
    }
    let won = t.mv("alice", "2");
    says(&won, "**alice wins**");
    says(&won, "alice receives 300 credits");
    assert_eq!(
        (t.credits("alice"), t.credits("bob"), t.credits("carol")),
        (1200, 900, 900)
    );
    assert_eq!(t.tokens("alice"), 1);
    t.audit_ok();
}

fn actor(user: &str) -> holotable::table::Actor {
    holotable::table::Actor {
        guild: "g".into(),
        channel: "c".into(),
        parent: None,
        user: user.into(),
        name: user.into(),
        interaction: format!("ac-{user}"),
        admin: false,
        lang: Default::default(),
        joined: None,
        created: None,
    }
}

#[test]
fn a_timeout_at_a_table_of_three_removes_that_player_and_the_droid_takes_a_seat() {
    let dir = workdir("three-timeout");
    let time = clock();
    let mut t = Table::open(&dir.join("h.db"), time.clone());
    t.slash("alice", "/play game:takeaway seats:3 pile:20");
    t.press("bob", "Join");
    refused(
        &t.press("carol", "Seat the droid"),
        "Only a player at this table",
    );
    let started = t.press("bob", "Seat the droid");
    says(&started, "alice vs bob vs Droid");
    says(&started, "alice to move");
    t.mv("alice", "1");
    // bob lets his clock run out (24 h by default): he leaves, the droid and alice go on.
    time.fetch_add(86_400 + 1, Ordering::Relaxed);
    let events = t.app.tick();
    let texts: Vec<String> = events.iter().map(|(_, _, r)| r.text.to_string()).collect();
    assert_eq!(events.len(), 1, "{texts:?}");
    assert!(texts[0].contains("bob ran out of time"), "{}", texts[0]);
    assert!(texts[0].contains("the game goes on"), "{}", texts[0]);
    assert!(texts[0].contains("Droid plays"), "{}", texts[0]);
    assert!(texts[0].contains("alice to move"), "{}", texts[0]);
    let row = t.row();
    let leave = t
        .app
        .ledger()
        .actions(row.id)
        .unwrap()
        .into_iter()
        .find(|a| a.action.starts_with("=leave"))
        .expect("the timeout is logged");
    assert_eq!(
        (leave.seat, leave.action.as_str()),
        (Some(1), "=leave timeout")
    );
    t.audit_ok();
}

#[test]
fn a_draw_at_a_table_of_three_needs_every_player_still_in_and_survives_a_restart() {
    let dir = workdir("three-draw");
    let db = dir.join("h.db");
    let time = clock();
    let mut t = Table::open(&db, time.clone());
    t.slash("alice", "/play game:takeaway wager:100 seats:3");
    t.press("bob", "Join");
    t.press("carol", "Join");
    let offer = t.run("alice", Command::Draw(Draw));
    says(&offer, "alice offers a draw; waiting for bob, carol");
    // The words come with the offer as a typed event.
    let row = t.row();
    assert_eq!(
        offer.event,
        Some(holotable::table::Event::DrawOffered {
            table: row.id,
            turn: row.turn,
            agreed: vec![0],
            waiting: vec![1, 2],
        })
    );
    refused(&t.press("alice", "Accept draw"), "already agreed");
    drop(t);
    // Another process: the offer was stored, the old button still works.
    let mut t = Table::open(&db, time);
    t.shown.push(offer);
    says(&t.press("bob", "Accept draw"), "waiting for carol");
    let ended = t.run("carol", Command::Draw(Draw));
    says(&ended, "Every player agrees to end the game");
    says(&ended, "**Draw**");
    match &ended.event {
        Some(holotable::table::Event::Settled {
            winners, payouts, ..
        }) => {
            assert_eq!(winners, &[0, 1, 2], "a draw: every seat shares the top");
            assert_eq!(payouts, &[100, 100, 100], "every stake back");
        }
        other => panic!("settled: {other:?}"),
    }
    for user in ["alice", "bob", "carol"] {
        assert_eq!(t.credits(user), 1000, "{user}'s stake came back");
    }
    // An offer holds for the turn it was made at: a move ends it.
    t.slash("alice", "/play game:takeaway seats:2");
    t.press("bob", "Join");
    t.run("alice", Command::Draw(Draw));
    t.mv("alice", "1");
    refused(&t.press("bob", "Accept draw"), "out of date");
    t.audit_ok();
}

#[test]
fn a_two_player_draw_offer_is_accepted_by_the_opponents_draw_after_a_restart() {
    let dir = workdir("draw-restart");
    let db = dir.join("h.db");
    let time = clock();
    let mut t = Table::open(&db, time.clone());
    t.slash("alice", "/play game:dejarik opponent:bob wager:100");
    t.press("bob", "Accept");
    says(&t.run("alice", Command::Draw(Draw)), "alice offers a draw");
    drop(t);
    let mut t = Table::open(&db, time);
    let ended = t.run("bob", Command::Draw(Draw));
    says(&ended, "The players agree to a draw");
    assert_eq!((t.credits("alice"), t.credits("bob")), (1000, 1000));
    t.audit_ok();
}

#[test]
fn resigning_a_per_point_series_pays_the_game_in_progress_at_its_full_value() {
    let dir = workdir("per-point-resign");
    let mut t = Table::open(&dir.join("h.db"), clock());
    t.slash(
        "alice",
        "/play game:dejarik opponent:bob per_point:10 to:12",
    );
    t.press("bob", "Accept");
    t.mv("alice", "o5-i5");
    let resigned = t.run("bob", Command::Resign(Resign));
    says(&resigned, "full value (3 points)");
    says(&resigned, "bob pays alice 30 credits");
    says(&resigned, "**alice wins the series**");
    assert_eq!((t.credits("alice"), t.credits("bob")), (1030, 970));
    t.audit_ok();
}

#[test]
fn rematch_keeps_every_term_of_the_finished_table() {
    let dir = workdir("rematch");
    let mut t = Table::open(&dir.join("h.db"), clock());
    // A per-point series to 5 with a move cap: bob asks for the rematch and challenges alice.
    t.slash(
        "alice",
        "/play game:dejarik opponent:bob per_point:10 to:5 cap:200",
    );
    t.press("bob", "Accept");
    t.run("alice", Command::Resign(Resign));
    let first = t.app.ledger().last_table("g", "c").unwrap().unwrap();
    says(&t.press("bob", "Rematch"), "bob challenges alice");
    let again = t.row();
    assert_ne!(again.id, first.id);
    assert_eq!(again.seats, ["bob", "alice"]);
    assert_eq!((again.per_point, again.target, again.stake), (10, 5, 0));
    assert_eq!(option(&again, "cap"), "\"200\"");
    t.run("bob", Command::Resign(Resign));
    // A backgammon match to 3 against the droid at level 2, wagered: the same again.
    t.slash(
        "alice",
        "/play game:backgammon opponent:droid wager:100 to:3 level:2",
    );
    t.run("alice", Command::Resign(Resign));
    says(&t.press("alice", "Rematch"), "Backgammon — alice vs Droid");
    let droid = t.row();
    assert_eq!(droid.stake, 100);
    assert_eq!(option(&droid, "length"), "\"3\"");
    assert_eq!((droid.terms.level, droid.terms.to), (2, Some(3)));
    t.run("alice", Command::Resign(Resign));
    // Three seats: an open table of three again.
    t.slash("alice", "/play game:takeaway seats:3 pile:9");
    t.press("bob", "Join");
    t.press("carol", "Join");
    says(&t.run("alice", Command::Resign(Resign)), "the game goes on");
    says(&t.run("bob", Command::Resign(Resign)), "**carol wins**");
    says(
        &t.press("carol", "Rematch"),
        "anyone may join (2 to 3 players)",
    );
    let open = t.row();
    assert_eq!(open.seats, ["carol"]);
    assert_eq!(open.terms.seats, 3);
    assert_eq!(option(&open, "pile"), "\"9\"");
    t.audit_ok();
}

fn option(row: &holotable::ledger::tables::TableRow, key: &str) -> String {
    let options: serde_json::Value = serde_json::from_str(&row.options).unwrap();
    options[key].to_string()
}

#[test]
fn seats_stakes_and_options_are_checked_when_a_table_opens() {
    let dir = workdir("open-checks");
    let mut t = Table::open(&dir.join("h.db"), clock());
    refused(
        &t.slash("alice", "/play game:takeaway per_point:10"),
        "per_point stakes are for two players",
    );
    refused(
        &t.slash("alice", "/play game:dejarik seats:3"),
        "Dejarik is played by 2 players, not 3",
    );
    refused(
        &t.slash("alice", "/play game:takeaway opponent:bob seats:3"),
        "A challenge is for two players",
    );
    refused(
        &t.slash("alice", "/play game:dejarik color:red"),
        "Dejarik has no option 'color' (options: setup, cap, wookiee)",
    );
    refused(
        &t.slash("alice", "/play game:dejarik opponent:droid level:9"),
        "level must be from 1 to 5",
    );
    assert!(t.app.ledger().active_table("g", "c").unwrap().is_none());
    // The options string gives the game's options together.
    says(
        &t.slash(
            "alice",
            "/play game:takeaway seats:2 per_point:10 options:pile:5",
        ),
        "anyone may join",
    );
    assert_eq!(option(&t.row(), "pile"), "\"5\"");
    t.audit_ok();
}

/// Issue 53's walk of one `/move`: the action typed is read from notation once, and written
/// once (for the log); the next position's choices are written once, for its menu.
#[test]
fn a_move_reads_its_action_once_and_writes_it_once() {
    use common::takeaway::NOTATION;
    let dir = workdir("move-walk");
    let mut t = Table::open(&dir.join("h.db"), clock());
    t.slash("alice", "/play game:takeaway opponent:bob");
    says(&t.press("bob", "Accept"), "alice to move");
    NOTATION.with(|n| n.set((0, 0)));
    let transactions = t.app.ledger().transactions();
    says(&t.mv("alice", "2"), "bob to move");
    let (read, written) = NOTATION.with(|n| n.get());
    let transactions = t.app.ledger().transactions() - transactions;
    // bob may take 1 or 2: those two are listed once, for the menu under the board.
    let listed = 2;
    assert_eq!(read, 1, "the action typed is read once");
    assert_eq!(
        written,
        1 + listed,
        "the action once, then the next menu's choices"
    );
    // One read (whether the interaction already played, else the table with its server's
    // move clock), then the one write that stores the action with its position and
    // deadline.
    assert_eq!(transactions, 2, "a /move's transactions");
}

/// The board message and the live page show one typed view of the table: the same seats,
/// sides, points, turn, status and clock, read by the same code; the page adds what only a
/// page shows (the game's lines, the side bets).
#[test]
fn the_board_message_and_the_live_page_show_one_view_of_the_table() {
    let dir = workdir("one-view");
    let mut t = Table::open(&dir.join("h.db"), clock());
    t.slash("alice", "/play game:takeaway wager:50 seats:3");
    t.press("bob", "Join");
    t.press("carol", "Join");
    let moved = t.mv("alice", "2");
    let board = moved.view.as_deref().expect("a board comes with its view");
    let to_act: Vec<&str> = board
        .seats
        .iter()
        .filter(|s| s.to_act)
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(to_act, ["bob"]);
    assert_eq!(
        board.status,
        holotable::ledger::tables::TableStatus::Playing
    );
    assert!(board.moves.is_empty() && board.pool.is_none());
    let last = board.last.as_ref().expect("the move just played");
    assert_eq!(last.action, "2");
    let row = t.row();
    assert_eq!((board.table, board.turn), (row.id, row.turn));
    let page = t
        .app
        .spectate(&row, Default::default(), holotable::table::Lines::All)
        .unwrap();
    assert_eq!(page.moves.len(), 1, "{:?}", page.moves);
    assert_eq!(page.pool, Some(0));
    // The board offers bob his choices (the page, for spectators, none).
    let choices = board.choices.as_ref().expect("bob's choices");
    assert_eq!((choices.seat, choices.user.as_str()), (1, "bob"));
    let values: Vec<&str> = choices
        .menu
        .iter()
        .flat_map(|m| &m.choices)
        .map(|c| c.value.as_str())
        .collect();
    assert_eq!(values, ["1", "2"]);
    assert_eq!(
        moved.menu(),
        choices.menu.as_ref(),
        "the reply offers the view's menu"
    );
    assert!(page.choices.is_none());
    // Without what only a page shows and the choices, the page's view is the board's.
    let mut board = board.clone();
    board.choices = None;
    let board = &board;
    let mut without = page.clone();
    without.moves.clear();
    without.moves_total = 0;
    without.pool = None;
    for seat in &mut without.seats {
        assert_eq!(seat.backed, Some(0));
        seat.backed = None;
    }
    assert_eq!(&without, board, "one view, with the page's lines and bets");
    // A reply that shows no board carries no view.
    assert!(t.slash("alice", "/balance").view.is_none());
}
