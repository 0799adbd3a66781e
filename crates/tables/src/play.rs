//! The tables' own feature: opening a table and seating its players (`opening.rs`,
//! `waiting.rs`), its turns and the moves the table plays by itself (`turn.rs`,
//! `carried.rs`, `rest.rs`), its buttons and move menus (`components.rs`, `menus.rs`), what
//! it shows (`view.rs`), how it ends and is paid (`ending.rs`), and where it may be played
//! and by whom (`places.rs`, `fair.rs`, `mine.rs`). Its handlers are [`Tables`]'s; the
//! application routes commands to them.

use crate::{Actor, App, Reply};

/// The tables' handlers, working on the application's ledger, games and caches.
pub(crate) struct Tables<'a> {
    pub(crate) app: &'a App,
}

impl App {
    pub(crate) fn tables(&self) -> Tables<'_> {
        Tables { app: self }
    }

    /// Autocomplete for `/move action`: legal actions matching what was typed, best first
    /// ([`Tables::autocomplete`]).
    pub fn autocomplete(&self, actor: &Actor, typed: &str) -> Vec<String> {
        self.tables().autocomplete(actor, typed)
    }

    /// Why `actor` may not open a table here, in their words; `None` when they may
    /// ([`Tables::place_refusal`]).
    pub fn place_refusal(&self, actor: &Actor) -> Option<Reply> {
        self.tables().place_refusal(actor)
    }
}
