//! Holotable: the game tables of a cantina, as a Discord bot.
//!
//! Layers (docs/CONTRACT.md P-2): the rules core in [`games`] is pure; [`render`] draws boards; the [`engine`] protocol
//! exposes it as JSON lines; [`config`] reads the configuration every front end shares.

pub mod arena;
pub mod catalogue;
pub mod config;
pub mod droid;
pub mod engine;
pub mod front;
pub mod games;
pub mod lane;
pub mod ledger;
pub mod names;
pub mod render;

pub mod table;
pub mod telemetry;
pub mod words;
