//! How a player reaches a Halloween Kingdoms action through menus: a placement by its
//! piece, then its kingdom, then its cell (the first move's 486 placements in three menus
//! of 6, 9 and 9); a move by the piece that moves, then where it goes.

use super::{Action, Kind, Position};
use crate::menu::{Route, Stage};
use crate::Phrase;

pub(super) fn route(before: &Position, action: &Action) -> Route {
    match *action {
        Action::Place(kind, cell) => Route {
            stages: vec![
                Stage::new(
                    format!("+{}", kind.letter()),
                    Phrase::new("kg-menu-place").value("piece", kind.letter()),
                ),
                Stage::new(
                    format!("K{}", cell.kingdom()),
                    Phrase::new("kg-menu-kingdom").value("kingdom", cell.kingdom()),
                )
                .ordered(cell.kingdom().into()),
            ],
            label: Phrase::new("kg-menu-placed")
                .value("piece", kind.letter())
                .value("cell", cell.name()),
        },
        Action::Move(from, to) => {
            let kind = before.at(from).map_or(Kind::Ghost, |(_, k)| k);
            Route {
                stages: vec![Stage::new(
                    from.name(),
                    Phrase::new("kg-menu-from")
                        .value("piece", kind.letter())
                        .value("cell", from.name()),
                )],
                label: Phrase::new("kg-menu-moved")
                    .value("piece", kind.letter())
                    .value("from", from.name())
                    .value("to", to.name()),
            }
        }
        Action::Pass => Route {
            stages: Vec::new(),
            label: Phrase::new("menu-pass"),
        },
    }
}
