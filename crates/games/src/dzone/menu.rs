//! How a player reaches a D-Zone action through menus: a move by the marble that moves,
//! then its path (several staircases may lead to the target, DZ-4.3); deposits and claims
//! by their cell. Pass and waive are buttons.

use super::{Action, Position};
use crate::menu::{Route, Stage};
use crate::Phrase;

pub(super) fn route(_before: &Position, action: &Action) -> Route {
    let names = |cells: &[super::paths::Cell]| {
        cells
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (stages, label) = match action {
        Action::Move(m) => (
            vec![Stage::new(
                m.from.name(),
                Phrase::new("dz-menu-from").value("cell", m.from.name()),
            )],
            Phrase::new("dz-menu-move")
                .value("from", m.from.name())
                .value("to", m.to.name())
                .value(
                    "via",
                    if m.via.is_empty() {
                        "none".to_string()
                    } else {
                        names(&m.via)
                    },
                )
                .value("taken", m.captures.len()),
        ),
        Action::Deposit(cell) => (
            Vec::new(),
            Phrase::new("dz-menu-deposit").value("cell", cell.name()),
        ),
        Action::Claim(cell) => (
            Vec::new(),
            Phrase::new("dz-menu-claim").value("cell", cell.name()),
        ),
        Action::ClaimDepot => (Vec::new(), Phrase::new("dz-menu-claim-depot")),
        Action::Waive => (Vec::new(), Phrase::new("dz-menu-waive")),
        Action::Pass => (Vec::new(), Phrase::new("menu-pass")),
        Action::Roll(black, white) => (
            Vec::new(),
            Phrase::new("menu-action").value("action", format!("{black}{white}")),
        ),
    };
    Route { stages, label }
}
