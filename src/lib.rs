//! Holotable: the game tables of a cantina, as a Discord bot.
//!
//! Layers (docs/CONTRACT.md P-2): the rules core in [`games`] is pure; [`render`] draws boards; the [`engine`] protocol
//! exposes it as JSON lines; [`config`] reads the configuration every front end shares.

pub mod arena;
pub use holotable_tables::catalogue;
pub mod config;
pub use holotable_droid as droid;
pub mod engine;
pub mod front;
pub use holotable_games as games;
pub use holotable_ledger as ledger;
pub use holotable_render as render;
pub use holotable_tables::lane;

pub use holotable_tables as table;
pub use holotable_telemetry as telemetry;
pub use holotable_words as words;
pub use holotable_words::t;
