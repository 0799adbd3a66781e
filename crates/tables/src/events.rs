//! What happened at a table, as typed values beside the words that tell it, for a front end
//! that shows it its own way (a page that animates a payout, a script that waits for a
//! draw offer). A move and a game's end need no event of their own: the board's
//! [`crate::TableView`] holds the last move, the status and the result.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A draw is on offer at `turn`: the seats in `agreed` consented, those in `waiting`
    /// have not yet (any action withdraws it).
    DrawOffered {
        table: i64,
        turn: i64,
        agreed: Vec<usize>,
        waiting: Vec<usize>,
    },
    /// The table ended and its money moved: the seats with the most points (one: it won;
    /// more: they drew), each seat's points, what each seat was paid in credits, and who
    /// won the slot token.
    Settled {
        table: i64,
        winners: Vec<usize>,
        points: Vec<u32>,
        payouts: Vec<i64>,
        token: Option<usize>,
    },
    /// A quarter of `seat`'s time is left: its clock runs out at `deadline` (Unix seconds).
    Warned {
        table: i64,
        seat: usize,
        deadline: i64,
    },
}
