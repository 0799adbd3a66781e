//! Front ends: thin adapters from a transport to the application layer ([`crate::table`]).

pub mod console;
pub mod discord;
pub mod snowflake;
pub mod web;
