//! A game in progress: the position together with what the log decides.

use std::sync::Arc;

use rand::Rng;

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
}

impl<G: Game> Clone for Playthrough<G> {
    fn clone(&self) -> Self {
        Playthrough {
            game: Arc::clone(&self.game),
            state: self.state.clone(),
            history: self.history.clone(),
            verdict: self.verdict.clone(),
            plies: self.plies,
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
        self.state = next;
        self.plies += 1;
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
        Ok(())
    }

    /// Every player agreed to end the game.
    pub fn agree_end(&mut self) -> Result<(), RulesError> {
        if self.outcome().is_some() {
            return Err(RulesError::GameOver);
        }
        self.verdict = Some(self.game.agreed_end(&self.state));
        Ok(())
    }
}
