//! A game in progress: the position together with what the log decides.

use std::sync::{Arc, OnceLock};

use rand::Rng;

use super::menu::Route;
use super::{Forfeit, Game, Outcome, RulesError, Seat, Status};

/// One game being played: the current position, the game's memory of the log, and the
/// verdict that memory (or a table event) reached. The table layer replays a stored action
/// log through this to resume a game; searches clone it to explore.
#[derive(Debug)]
pub struct Playthrough<G: Game> {
    game: Arc<G>,
    state: G::State,
    history: G::History,
    verdict: Option<Outcome>,
    plies: usize,
    /// The result of a game inside a match that the last action ended ([`Game::game_end`]).
    game_end: Option<Outcome>,
    /// The legal actions (or chance outcomes) of the current position, generated once for
    /// searches that count them and then step by index; shared between clones.
    choices: OnceLock<Arc<Vec<G::Action>>>,
    /// [`Playthrough::choices`] in notation, for menus and autocomplete: formatted once per
    /// position, however many keystrokes ask; shared between clones.
    offered: OnceLock<Arc<Vec<String>>>,
    /// How each offered action is reached through the move menus ([`Game::route`]), made
    /// once per position: a player's steps through its menus each walk this list.
    routes: OnceLock<Arc<Vec<(String, Route)>>>,
}

impl<G: Game> Clone for Playthrough<G> {
    fn clone(&self) -> Self {
        Playthrough {
            game: Arc::clone(&self.game),
            state: self.state.clone(),
            history: self.history.clone(),
            verdict: self.verdict.clone(),
            plies: self.plies,
            game_end: self.game_end.clone(),
            choices: self.choices.clone(),
            offered: self.offered.clone(),
            routes: self.routes.clone(),
        }
    }
}

impl<G: Game> Playthrough<G> {
    /// A new game from the start position.
    pub fn new(game: Arc<G>, seats: usize) -> Result<Self, RulesError> {
        let state = game.start(seats)?;
        Ok(Self::from_state(game, state))
    }

    /// A game that starts at (or is picked up at) an arbitrary position.
    pub fn from_state(game: Arc<G>, state: G::State) -> Self {
        let history = game.history_start(&state);
        Playthrough {
            game,
            state,
            history,
            verdict: None,
            plies: 0,
            game_end: None,
            choices: OnceLock::new(),
            offered: OnceLock::new(),
            routes: OnceLock::new(),
        }
    }

    /// Rebuilds a game from the positions it went through, oldest first, the current one
    /// last. Each position is fed to the game's history as if it had been reached by play;
    /// a list that ends the game before its last position is refused.
    pub fn from_positions(game: Arc<G>, positions: Vec<G::State>) -> Result<Self, RulesError> {
        let mut iter = positions.into_iter();
        let first = iter
            .next()
            .ok_or_else(|| RulesError::BadPosition("the history is empty".into()))?;
        let mut play = Self::from_state(game, first);
        for (index, next) in iter.enumerate() {
            if matches!(play.status(), Status::Over(_)) {
                return Err(RulesError::BadPosition(format!(
                    "the history goes on after the game ended at its position {index}"
                )));
            }
            play.advance(next);
        }
        Ok(play)
    }

    pub fn game(&self) -> &Arc<G> {
        &self.game
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// Actions applied since this playthrough began.
    pub fn plies(&self) -> usize {
        self.plies
    }

    pub fn status(&self) -> Status {
        match &self.verdict {
            Some(outcome) => Status::Over(outcome.clone()),
            None => self.game.status(&self.state),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::Over(outcome) => Some(outcome),
            _ => None,
        }
    }

    pub fn legal_actions(&self) -> Vec<G::Action> {
        if self.verdict.is_some() {
            Vec::new()
        } else {
            self.game.legal_actions(&self.state)
        }
    }

    pub fn chance_outcomes(&self) -> Vec<(G::Action, f64)> {
        if self.verdict.is_some() {
            Vec::new()
        } else {
            self.game.chance_outcomes(&self.state)
        }
    }

    /// Plays one action; on error nothing changes.
    pub fn apply(&mut self, action: &G::Action) -> Result<(), RulesError> {
        if self.verdict.is_some() {
            return Err(RulesError::GameOver);
        }
        let next = self.game.apply(&self.state, action)?;
        self.advance(next);
        Ok(())
    }

    fn advance(&mut self, next: G::State) {
        if !matches!(self.game.status(&next), Status::Over(_)) {
            self.verdict = self.game.history_step(&mut self.history, &next);
        }
        self.game_end = self.game.game_end(&self.state, &next);
        self.state = next;
        self.plies += 1;
        self.choices = OnceLock::new();
        self.offered = OnceLock::new();
        self.routes = OnceLock::new();
    }

    /// The legal actions (those the search chooses among, [`Game::search_choices`]), or at
    /// a chance node its outcomes, in canonical order; generated once per position.
    pub fn choices(&self) -> &[G::Action] {
        self.choices.get_or_init(|| Arc::new(self.list_choices()))
    }

    /// [`Playthrough::choices`] in canonical notation, listed once per position.
    pub fn offered(&self) -> Arc<Vec<String>> {
        let offered = self.offered.get_or_init(|| {
            Arc::new(
                self.choices()
                    .iter()
                    .map(|a| self.game.format_action(&self.state, a))
                    .collect(),
            )
        });
        Arc::clone(offered)
    }

    /// The routes through the move menus of the offered actions that are not decisions
    /// (those are buttons), in the order offered.
    pub fn routes(&self) -> Arc<Vec<(String, Route)>> {
        let routes = self.routes.get_or_init(|| {
            let info = self.game.info();
            Arc::new(
                self.choices()
                    .iter()
                    .zip(self.offered().iter())
                    .filter(|(_, text)| info.decision(text).is_none())
                    .map(|(action, text)| {
                        (text.clone(), self.game.route(&self.state, action, text))
                    })
                    .collect(),
            )
        });
        Arc::clone(routes)
    }

    fn list_choices(&self) -> Vec<G::Action> {
        match self.status() {
            Status::Chance => self.chance_outcomes().into_iter().map(|(a, _)| a).collect(),
            Status::ToMove(_) => self
                .game
                .search_choices(&self.state)
                .unwrap_or_else(|| self.legal_actions()),
            Status::Over(_) => Vec::new(),
        }
    }

    /// Plays the choice number `index` of [`Playthrough::choices`].
    pub fn step(&mut self, index: usize) -> Result<(), RulesError> {
        if self.verdict.is_some() {
            return Err(RulesError::GameOver);
        }
        let choices = Arc::clone(self.choices.get_or_init(|| Arc::new(self.list_choices())));
        let action = choices.get(index).ok_or_else(|| {
            RulesError::Illegal(format!("there is no choice number {index} here"))
        })?;
        let next = self.game.apply_listed(&self.state, action)?;
        self.advance(next);
        Ok(())
    }

    /// What the last action ended inside a longer match, if it ended a game there.
    pub fn game_end(&self) -> Option<&Outcome> {
        self.game_end.as_ref()
    }

    /// Draws the outcome of a chance node from `rng` (the table's seeded generator).
    pub fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<G::Action> {
        let outcomes = self.chance_outcomes();
        let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
        let mut pick = rng.random::<f64>() * total;
        for (action, p) in &outcomes {
            if pick < *p {
                return Some(action.clone());
            }
            pick -= p;
        }
        outcomes.last().map(|(a, _)| a.clone())
    }

    /// A seat resigns or times out.
    pub fn forfeit(&mut self, seat: Seat) -> Result<(), RulesError> {
        if self.verdict.is_some() || matches!(self.game.status(&self.state), Status::Over(_)) {
            return Err(RulesError::GameOver);
        }
        match self.game.forfeit(&self.state, seat)? {
            Forfeit::Ended(outcome) => self.verdict = Some(outcome),
            Forfeit::Continues(next) => self.state = next,
        }
        self.choices = OnceLock::new();
        self.offered = OnceLock::new();
        self.routes = OnceLock::new();
        Ok(())
    }

    /// Every player agreed to end the game.
    pub fn agree_end(&mut self) -> Result<(), RulesError> {
        if self.outcome().is_some() {
            return Err(RulesError::GameOver);
        }
        self.verdict = Some(self.game.agreed_end(&self.state));
        self.choices = OnceLock::new();
        self.offered = OnceLock::new();
        self.routes = OnceLock::new();
        Ok(())
    }
}
