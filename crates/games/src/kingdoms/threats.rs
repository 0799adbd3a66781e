//! The Assassin's power (KG-6): threats, the Ghost's grace, the obligation to answer, and
//! the reasons an action is refused.

use super::board::{self, Cell};
use super::{moves, notation, Action, Kind, Position, Side};
use crate::{Phrase, RulesError};

/// A piece of a player threatened in a kingdom (KG-6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    pub kingdom: u8,
    pub cell: Cell,
    pub kind: Kind,
}

/// KG-6.1–6.2: `side`'s threatened pieces, by kingdom.
pub fn threatened(pos: &Position, side: Side) -> Vec<Threat> {
    let mine = pos.of(side);
    let my_assassins = pos.kind_of(side, Kind::Assassin);
    let their_assassins = pos.kind_of(side.other(), Kind::Assassin);
    let mut out = Vec::new();
    for (i, &k) in board::KINGDOMS.iter().enumerate() {
        let here = mine & k;
        if here.count_ones() == 1 && their_assassins & k != 0 && my_assassins & k == 0 {
            let cell = Cell(here.trailing_zeros() as u8);
            let kind = pos.at(cell).map_or(Kind::Ghost, |(_, kind)| kind);
            out.push(Threat {
                kingdom: i as u8 + 1,
                cell,
                kind,
            });
        }
    }
    out
}

/// KG-6.5–6.6: the threats `side` must answer when it moves in `pos`: all but its Ghosts in
/// grace (threatened in a kingdom its record does not hold).
pub fn binding(pos: &Position, side: Side) -> Vec<Threat> {
    let record = pos.grace[side.index()];
    threatened(pos, side)
        .into_iter()
        .filter(|t| t.kind != Kind::Ghost || record & (1 << t.kingdom) != 0)
        .collect()
}

/// KG-6.4: whether `action` answers the threat `t`.
pub fn answers(action: &Action, t: &Threat) -> bool {
    let inside = |cell: Cell| cell.kingdom() == t.kingdom;
    match *action {
        Action::Move(from, to) if from == t.cell => !inside(to),
        Action::Move(_, to) => inside(to),
        Action::Place(_, cell) => inside(cell),
        Action::Pass => false,
    }
}

/// KG-3.6 and KG-7.2: the legal actions of the side to move, in canonical order.
pub fn legal(pos: &Position) -> Vec<Action> {
    let all = moves::actions(pos);
    if all.is_empty() {
        return vec![Action::Pass];
    }
    let binding = binding(pos, pos.to_move);
    if binding.is_empty() {
        return all;
    }
    let answering: Vec<Action> = all
        .iter()
        .filter(|a| binding.iter().any(|t| answers(a, t)))
        .copied()
        .collect();
    // KG-6.6: when nothing answers, anything legal goes.
    if answering.is_empty() {
        all
    } else {
        answering
    }
}

fn refuse(english: String, phrase: Phrase) -> RulesError {
    RulesError::Illegal(english).told(phrase)
}

/// Why `action`, not a legal action, is refused: the first rule it breaks, in the order a
/// player would look for it.
pub fn why_illegal(pos: &Position, action: &Action) -> RulesError {
    let text = notation::format_action(action);
    match *action {
        Action::Pass => plain(
            "kg-no-pass",
            &text,
            "pass only when no other action is legal (KG-7.2)".into(),
        ),
        Action::Place(kind, cell) => place_refused(pos, kind, cell, &text),
        Action::Move(from, to) => move_refused(pos, from, to, &text),
    }
}

/// A refusal whose words name only the action.
fn plain(id: &'static str, text: &str, english: String) -> RulesError {
    refuse(english, Phrase::new(id).value("action", text))
}

/// Why placing a `kind` from the reserve on `cell` is refused.
fn place_refused(pos: &Position, kind: Kind, cell: Cell, text: &str) -> RulesError {
    let side = pos.to_move;
    if pos.reserve(side, kind) == 0 {
        return refuse(
            format!("no {kind:?} is left in your reserve (KG-2.3)"),
            Phrase::new("kg-none-left").value("piece", kind.letter()),
        );
    }
    if pos.occupied() & cell.bit() != 0 {
        let english = format!("{} is not empty (KG-2.4)", cell.name());
        return plain("kg-occupied", text, english);
    }
    if moves::placement_cells(pos, side) & cell.bit() == 0 {
        let opening = side == Side::Purple && pos.of(side) == 0;
        return if opening {
            let english = format!(
                "{}: the first Purple piece goes next to Orange's piece (KG-3.2)",
                cell.name()
            );
            plain("kg-place-first", text, english)
        } else {
            let english = format!(
                "{}: a piece is placed next to one of yours in the same kingdom (KG-3.4)",
                cell.name()
            );
            plain("kg-place-where", text, english)
        };
    }
    answer_first(pos, text)
}

/// Why moving the piece on `from` to `to` is refused.
fn move_refused(pos: &Position, from: Cell, to: Cell, text: &str) -> RulesError {
    let Some((owner, kind)) = pos.at(from) else {
        let english = format!("there is no piece on {}", from.name());
        return plain("kg-no-piece", text, english);
    };
    if owner != pos.to_move {
        let english = format!("the piece on {} is not yours", from.name());
        return plain("kg-not-yours", text, english);
    }
    if pos.occupied() & to.bit() != 0 {
        let english = format!("{} is not empty (KG-2.4)", to.name());
        return plain("kg-occupied", text, english);
    }
    if moves::reach(pos, kind, from) & to.bit() == 0 {
        return refuse(
            format!("{text}: a {kind:?} does not move that way (KG-4)"),
            Phrase::new("kg-cannot-reach")
                .value("piece", kind.letter())
                .value("action", text),
        );
    }
    if moves::chain_mask(pos, from) & to.bit() == 0 {
        let english = format!("{text} would break the chain of pieces (KG-5)");
        return plain("kg-chain", text, english);
    }
    answer_first(pos, text)
}

fn answer_first(pos: &Position, text: &str) -> RulesError {
    let kingdoms: Vec<String> = binding(pos, pos.to_move)
        .iter()
        .map(|t| format!("K{}", t.kingdom))
        .collect();
    let list = kingdoms.join(", ");
    refuse(
        format!("{text} leaves the Assassin's threat in {list} unanswered (KG-6.6)"),
        Phrase::new("kg-answer")
            .value("action", text)
            .value("kingdoms", list),
    )
}
