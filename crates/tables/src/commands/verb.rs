//! A command as one unit (in the manner of ripgrep's flag definitions): what it takes, how
//! it is read from named options, and what it does. Each command's unit lives in
//! [`super::defs`] beside its tests; [`super::Command`] and its dispatch are generated
//! from the one list in `commands/mod.rs`.

use std::collections::BTreeMap;

use super::spec::CommandSpec;
use crate::call::Call;
use crate::cooldown::Rate;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// A command's named options, as typed (`game:dejarik wager:100`).
pub type Options = BTreeMap<String, String>;

/// Something a member asks of the tables: a slash command or a press of a component.
pub trait Verb: Sized {
    /// Its name for the operator's metrics, and where the commands' reader finds it:
    /// `give`, or `admin grant` for a subcommand.
    const PATH: &'static str;
    /// Whether it may play an action at a table (and so is answered with the board when its
    /// interaction comes again).
    const PLAYS: bool = false;
    /// How often a member may use it, for those a script or a held key could flood.
    const RATE: Option<Rate> = None;

    /// Does it, for `actor`, within `call`.
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome;

    /// Its name for the metrics, when it depends on the options (`notify on`).
    fn name(&self) -> &'static str {
        Self::PATH
    }
}

/// A verb a member types as a slash command.
pub trait Slash: Verb {
    /// What it takes (a subcommand's own spec).
    const SPEC: CommandSpec;

    /// Reads it from its options, already checked against [`Slash::SPEC`]; it takes the
    /// options it reads, and any left over are refused after.
    fn read(lang: Lang, options: &mut Options) -> Result<Self, String>;
}
