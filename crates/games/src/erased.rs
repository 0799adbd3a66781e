//! The type-erased face of the rules core, for the layers that pick a game by id at run time
//! (tables, the engine protocol, front ends). Positions and actions cross it as notation.

use std::any::Any;
use std::sync::Arc;

use rand::RngCore;

use super::menu::{self, Menu, NoSuchStep};
use super::Chosen;
use super::{Game, GameInfo, Outcome, Phrase, Playthrough, RulesError, Seat, Status};

/// A legal action in canonical notation, the position it leads to, and for a chance outcome
/// its probability.
#[derive(Debug, Clone, PartialEq)]
pub struct LegalAction {
    pub action: String,
    pub state: String,
    pub p: Option<f64>,
}

/// A game with its options fixed, selected at run time.
pub trait DynGame: Send + Sync {
    fn info(&self) -> GameInfo;
    /// A new game from the start position.
    fn start(&self, seats: usize) -> Result<Box<dyn DynPlay>, RulesError>;
    /// A game picked up from the positions it went through (oldest first, current last);
    /// a single position is a game picked up with no history.
    fn resume(&self, positions: &[&str]) -> Result<Box<dyn DynPlay>, RulesError>;
    /// [`Game::note`] for two positions in notation.
    fn note(&self, before: &str, after: &str) -> Vec<Phrase>;
    /// The position `/rules` pictures ([`Game::showcase`]), in notation.
    fn showcase(&self) -> Result<String, RulesError>;
}

/// A game in progress behind the type-erased face.
pub trait DynPlay: Send + Sync {
    fn info(&self) -> GameInfo;
    fn position(&self) -> String;
    fn status(&self) -> Status;
    /// What the position alone decides ([`Game::status`]), without the verdicts only the
    /// log reaches (repetition, caps), which [`DynPlay::status`] includes.
    fn position_status(&self) -> Status;
    /// Canonical notation of every legal action (chance outcomes at a chance node).
    fn legal(&self) -> Vec<String>;
    /// The actions a table offers people in its menus and autocomplete, in canonical
    /// notation: the legal actions, or where they are too many to list at every keystroke
    /// (Zatak's free set-up: 408,240) those the droid's search weighs
    /// ([`Game::search_choices`]). Listed once per position and shared by its clones, so
    /// a keystroke costs a search of this list, never a listing. Any legal action may
    /// still be typed whole.
    fn offered(&self) -> Arc<Vec<String>>;
    /// [`DynPlay::legal`] with each resulting position and, for chance, its probability.
    fn legal_with_results(&self) -> Vec<LegalAction>;
    /// Reads an action as a player typed it and returns its canonical notation, if legal.
    fn normalize(&self, text: &str) -> Result<String, RulesError>;
    /// Plays an action given in any accepted notation; returns it in canonical notation.
    /// On error nothing changes.
    fn apply(&mut self, text: &str) -> Result<String, RulesError>;
    /// Draws a chance outcome from the table's generator, in canonical notation.
    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<String>;
    /// Reads an action as a player typed it, once: typed, with its canonical notation and
    /// the game's words for it, to be played without being read again
    /// ([`DynPlay::play`]). Whether it is legal is for the play to say.
    fn read(&self, text: &str) -> Result<Chosen, RulesError>;
    /// Choice number `index` ([`DynPlay::choice_count`]) as a [`Chosen`].
    fn chosen(&self, index: usize) -> Option<Chosen>;
    /// Draws a chance outcome from the table's generator, as a [`Chosen`].
    fn sample(&self, rng: &mut dyn RngCore) -> Option<Chosen>;
    /// Plays an action read at this position; on error (illegal, or read elsewhere)
    /// nothing changes.
    fn play(&mut self, chosen: &Chosen) -> Result<(), RulesError>;
    fn forfeit(&mut self, seat: Seat) -> Result<(), RulesError>;
    fn agree_end(&mut self) -> Result<(), RulesError>;
    /// [`Game::describe`] of an action (in any accepted notation) at the current position.
    fn describe(&self, action: &str) -> Option<Phrase>;
    /// The move menu at `path` ([`super::menu`]), each menu at most `width` entries: the
    /// actions a seat to move may choose, the game's decisions ([`GameInfo::decisions`])
    /// left to buttons. Empty where no seat is to move.
    fn menu(&self, path: &[String], width: usize) -> Result<Menu, NoSuchStep>;
    /// The moves a seat to move may point out on the board ([`Game::touches`]): each with
    /// its notation and its ways, the moves that have none left out. Empty where no seat is
    /// to move, or where the game builds its menus itself (too many moves to list).
    fn touches(&self) -> Vec<(String, Vec<Vec<String>>)>;
    /// [`Game::full_value`] of the current position.
    fn full_value(&self) -> u32;
    /// [`Game::legacy`] of the current position.
    fn legacy(&self) -> Option<String>;
    /// [`Game::rests_after`] of the current position.
    fn rests_after(&self) -> bool;
    /// [`Game::roller`] of the current position.
    fn roller(&self) -> Option<Seat>;
    /// [`Game::heuristic`] of the current position, for the droid's `mind`.
    fn heuristic(&self, mind: u16) -> Option<Vec<f64>>;
    /// [`DynPlay::heuristic`], and the number of choices when the game counted them on
    /// the way ([`Game::heuristic_counted`]).
    fn heuristic_counted(&self, mind: u16) -> (Option<Vec<f64>>, Option<usize>);
    /// The seat the game waits for: the one to move, or the one to roll.
    fn waiting(&self) -> Option<Seat> {
        match self.status() {
            Status::ToMove(seat) => Some(seat),
            Status::Chance => self.roller(),
            Status::Over(_) => None,
        }
    }
    fn clone_box(&self) -> Box<dyn DynPlay>;
    /// For code that needs the typed game back (board renderers).
    fn as_any(&self) -> &dyn Any;

    // The search's face: choices by number, so that a search never writes or reads notation
    // while it explores (see `crate::droid`).

    /// How many choices there are here: the legal actions where a seat is to move, the
    /// outcomes at a chance node, none once the game is over.
    fn choice_count(&self) -> usize;
    /// The probability of each chance outcome, in choice order (empty where a seat moves).
    fn chance_weights(&self) -> Vec<f64>;
    /// Plays choice number `index`; on error nothing changes.
    fn step(&mut self, index: usize) -> Result<(), RulesError>;
    /// Choice number `index` in canonical notation.
    fn choice_text(&self, index: usize) -> Option<String>;
    /// Every seat's points once the game (the whole match) is over.
    fn points(&self) -> Option<Vec<u32>> {
        match self.status() {
            Status::Over(outcome) => Some(outcome.points),
            _ => None,
        }
    }
    /// The result of a game inside a match that the last step ended ([`Game::game_end`]).
    fn game_end(&self) -> Option<Outcome>;
    /// [`Game::captures`] of choice number `index`.
    fn choice_captures(&self, index: usize) -> bool;
    /// What the result reached here is worth to each seat ([`Game::reward`]): the end of the
    /// game, or of a game inside a match that the last step ended; `None` while play goes
    /// on.
    fn reward(&self) -> Option<Vec<f64>>;
}

impl Clone for Box<dyn DynPlay> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Wraps a typed game for the type-erased face.
pub struct Erased<G: Game>(pub Arc<G>);

impl<G: Game> DynGame for Erased<G> {
    fn info(&self) -> GameInfo {
        self.0.info()
    }

    fn start(&self, seats: usize) -> Result<Box<dyn DynPlay>, RulesError> {
        Ok(Box::new(Playthrough::new(Arc::clone(&self.0), seats)?))
    }

    fn resume(&self, positions: &[&str]) -> Result<Box<dyn DynPlay>, RulesError> {
        let states = positions
            .iter()
            .map(|text| self.0.parse_state(text))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Box::new(Playthrough::from_positions(
            Arc::clone(&self.0),
            states,
        )?))
    }

    fn note(&self, before: &str, after: &str) -> Vec<Phrase> {
        match (self.0.parse_state(before), self.0.parse_state(after)) {
            (Ok(before), Ok(after)) => self.0.note(&before, &after),
            _ => Vec::new(),
        }
    }

    fn showcase(&self) -> Result<String, RulesError> {
        Ok(self.0.format_state(&self.0.showcase()?))
    }
}

impl<G: Game> Playthrough<G> {
    /// `action` at this position as a [`Chosen`]: written in notation and described once.
    fn chosen_of(&self, action: G::Action) -> Chosen {
        let (game, state) = (self.game(), self.state());
        let text = game.format_action(state, &action);
        let phrase = game.describe(state, &action);
        Chosen::new(action, text, phrase, self.plies())
    }

    fn parse_legal(&self, text: &str) -> Result<G::Action, RulesError> {
        if self.outcome().is_some() {
            return Err(RulesError::GameOver);
        }
        self.game().parse_action(self.state(), text)
    }
}

impl<G: Game> DynPlay for Playthrough<G> {
    fn info(&self) -> GameInfo {
        self.game().info()
    }

    fn position(&self) -> String {
        self.game().format_state(self.state())
    }

    fn status(&self) -> Status {
        Playthrough::status(self)
    }

    fn position_status(&self) -> Status {
        self.game().status(self.state())
    }

    fn legal(&self) -> Vec<String> {
        let game = self.game();
        self.legal_actions()
            .iter()
            .map(|a| game.format_action(self.state(), a))
            .collect()
    }

    fn offered(&self) -> Arc<Vec<String>> {
        Playthrough::offered(self)
    }

    fn legal_with_results(&self) -> Vec<LegalAction> {
        let game = self.game();
        let state = self.state();
        let describe = |action: &G::Action, p: Option<f64>| {
            let next = game
                .apply(state, action)
                .expect("a listed legal action applies");
            LegalAction {
                action: game.format_action(state, action),
                state: game.format_state(&next),
                p,
            }
        };
        if matches!(Playthrough::status(self), Status::Chance) {
            self.chance_outcomes()
                .iter()
                .map(|(a, p)| describe(a, Some(*p)))
                .collect()
        } else {
            self.legal_actions()
                .iter()
                .map(|a| describe(a, None))
                .collect()
        }
    }

    fn normalize(&self, text: &str) -> Result<String, RulesError> {
        let action = self.parse_legal(text)?;
        // Validate against the rules without changing anything.
        self.game().apply(self.state(), &action)?;
        Ok(self.game().format_action(self.state(), &action))
    }

    fn apply(&mut self, text: &str) -> Result<String, RulesError> {
        let action = self.parse_legal(text)?;
        let canonical = self.game().format_action(self.state(), &action);
        Playthrough::apply(self, &action)?;
        Ok(canonical)
    }

    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<String> {
        let action = Playthrough::sample_chance(self, rng)?;
        Some(self.game().format_action(self.state(), &action))
    }

    fn read(&self, text: &str) -> Result<Chosen, RulesError> {
        let action = self.parse_legal(text)?;
        Ok(self.chosen_of(action))
    }

    fn chosen(&self, index: usize) -> Option<Chosen> {
        let action = self.choices().get(index)?.clone();
        Some(self.chosen_of(action))
    }

    fn sample(&self, rng: &mut dyn RngCore) -> Option<Chosen> {
        let action = Playthrough::sample_chance(self, rng)?;
        Some(self.chosen_of(action))
    }

    fn play(&mut self, chosen: &Chosen) -> Result<(), RulesError> {
        let action = chosen
            .action_at::<G::Action>(self.plies())
            .ok_or_else(|| {
                RulesError::Unsupported(format!("{} was chosen at another position", chosen.text()))
            })?
            .clone();
        Playthrough::apply(self, &action)
    }

    fn forfeit(&mut self, seat: Seat) -> Result<(), RulesError> {
        Playthrough::forfeit(self, seat)
    }

    fn agree_end(&mut self) -> Result<(), RulesError> {
        Playthrough::agree_end(self)
    }

    fn full_value(&self) -> u32 {
        self.game().full_value(self.state())
    }

    fn legacy(&self) -> Option<String> {
        self.game().legacy(self.state())
    }

    fn rests_after(&self) -> bool {
        self.game().rests_after(self.state())
    }

    fn heuristic(&self, mind: u16) -> Option<Vec<f64>> {
        self.game().heuristic(self.state(), mind)
    }

    fn heuristic_counted(&self, mind: u16) -> (Option<Vec<f64>>, Option<usize>) {
        self.game().heuristic_counted(self.state(), mind)
    }

    fn roller(&self) -> Option<Seat> {
        match Playthrough::status(self) {
            Status::Chance => self.game().roller(self.state()),
            _ => None,
        }
    }

    fn describe(&self, action: &str) -> Option<Phrase> {
        let action = self.game().parse_action(self.state(), action).ok()?;
        self.game().describe(self.state(), &action)
    }

    fn menu(&self, path: &[String], width: usize) -> Result<Menu, NoSuchStep> {
        let (game, state) = (self.game(), self.state());
        if !matches!(self.status(), Status::ToMove(_)) {
            return menu::walk(path, width, |p| p.is_empty().then(Vec::new));
        }
        if game.own_menu(state, &[]).is_some() {
            return menu::walk(path, width, |p| game.own_menu(state, p).flatten());
        }
        let routes = self.routes();
        menu::walk(path, width, |p| menu::level_of(&routes, p, width))
    }

    fn touches(&self) -> Vec<(String, Vec<Vec<String>>)> {
        let (game, state) = (self.game(), self.state());
        if !matches!(self.status(), Status::ToMove(_)) || game.own_menu(state, &[]).is_some() {
            return Vec::new();
        }
        let info = game.info();
        let moves: Vec<(String, Vec<Vec<String>>)> = self
            .choices()
            .iter()
            .zip(self.offered().iter())
            .filter(|(_, text)| info.decision(text).is_none())
            .map(|(action, text)| (text.clone(), game.touches(state, action)))
            .collect();
        unambiguous(moves)
    }

    fn clone_box(&self) -> Box<dyn DynPlay> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn choice_count(&self) -> usize {
        self.choices().len()
    }

    fn chance_weights(&self) -> Vec<f64> {
        match Playthrough::status(self) {
            Status::Chance => self.chance_outcomes().into_iter().map(|(_, p)| p).collect(),
            _ => Vec::new(),
        }
    }

    fn step(&mut self, index: usize) -> Result<(), RulesError> {
        Playthrough::step(self, index)
    }

    fn choice_text(&self, index: usize) -> Option<String> {
        let action = self.choices().get(index)?;
        Some(self.game().format_action(self.state(), action))
    }

    fn game_end(&self) -> Option<Outcome> {
        Playthrough::game_end(self).cloned()
    }

    fn choice_captures(&self, index: usize) -> bool {
        self.choices()
            .get(index)
            .is_some_and(|a| self.game().captures(self.state(), a))
    }

    fn reward(&self) -> Option<Vec<f64>> {
        let outcome = match Playthrough::status(self) {
            Status::Over(outcome) => outcome,
            _ => Playthrough::game_end(self)?.clone(),
        };
        Some(self.game().reward(self.state(), &outcome))
    }
}

/// `moves` with only the ways that lead to one move: a way two moves share, or one that
/// only begins another move's, is left out (a checker taken straight to its point through
/// one of two ways; that move keeps its ways step by step), and a move left without any
/// is chosen from the menus.
fn unambiguous(moves: Vec<(String, Vec<Vec<String>>)>) -> Vec<(String, Vec<Vec<String>>)> {
    use std::collections::BTreeMap;
    let mut owners: BTreeMap<&[String], Option<usize>> = BTreeMap::new();
    for (i, (_, ways)) in moves.iter().enumerate() {
        for way in ways {
            owners
                .entry(way)
                .and_modify(|o| {
                    if *o != Some(i) {
                        *o = None
                    }
                })
                .or_insert(Some(i));
        }
    }
    // A way is ambiguous too when it is a proper prefix of another move's way: the
    // sorted map puts each way just before the ways it begins.
    let ways: Vec<&[String]> = owners.keys().copied().collect();
    let mut kept: Vec<Vec<Vec<String>>> = vec![Vec::new(); moves.len()];
    for (k, way) in ways.iter().enumerate() {
        let Some(i) = owners[way] else { continue };
        let begins_another = ways[k + 1..]
            .iter()
            .take_while(|w| w.starts_with(way))
            .any(|w| owners[w] != Some(i));
        if !begins_another {
            kept[i].push(way.to_vec());
        }
    }
    moves
        .into_iter()
        .zip(kept)
        .filter(|(_, ways)| !ways.is_empty())
        .map(|((action, _), ways)| (action, ways))
        .collect()
}
