//! An action read once at a position and carried as such: from what a player typed, the
//! game's list of choices or a chance draw, to the log and the board, its notation written
//! once and never read back. Notation is the edges' currency (what members type, the log,
//! the engine protocol); inside a live game an action travels as a [`Chosen`].

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::Phrase;

/// A game's action at one position: typed (behind [`Any`], the type-erased face's way),
/// with its canonical notation and the game's words for it.
#[derive(Clone)]
pub struct Chosen {
    action: Arc<dyn Any + Send + Sync>,
    text: String,
    phrase: Option<Phrase>,
    /// The ply it was read at: played anywhere else it is refused, not misread.
    ply: usize,
}

impl Chosen {
    pub(crate) fn new<A: Any + Send + Sync>(
        action: A,
        text: String,
        phrase: Option<Phrase>,
        ply: usize,
    ) -> Chosen {
        Chosen {
            action: Arc::new(action),
            text,
            phrase,
            ply,
        }
    }

    /// Its canonical notation (what the log stores).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What the game says of it ([`crate::Game::describe`]), when it says something.
    pub fn phrase(&self) -> Option<&Phrase> {
        self.phrase.as_ref()
    }

    /// The typed action, when it is one of `A` read at `ply`.
    pub(crate) fn action_at<A: Any>(&self, ply: usize) -> Option<&A> {
        (self.ply == ply).then(|| self.action.downcast_ref())?
    }

    /// The typed action, when it is one of `A`: for a board that shows it, drawn at the
    /// position it was read at.
    pub fn action<A: Any>(&self) -> Option<&A> {
        self.action.downcast_ref()
    }
}

/// Two chosen actions are the same when they were read at the same ply as the same
/// notation (a board drawn for one is the board of the other).
impl PartialEq for Chosen {
    fn eq(&self, other: &Chosen) -> bool {
        self.ply == other.ply && self.text == other.text
    }
}

impl Eq for Chosen {}

impl fmt::Debug for Chosen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Chosen").field(&self.text).finish()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rand::SeedableRng;

    use crate::backgammon::Backgammon;
    use crate::dejarik::Dejarik;
    use crate::{DynGame, DynPlay, Erased, RulesError};

    fn dejarik() -> Box<dyn DynPlay> {
        Erased(Arc::new(Dejarik::default())).start(2).unwrap()
    }

    #[test]
    fn a_read_action_plays_as_its_notation_does() {
        let play = dejarik();
        let offered = play.offered();
        for (index, text) in offered.iter().enumerate() {
            let read = play.read(text).unwrap();
            assert_eq!(read.text(), text);
            assert_eq!(play.chosen(index).unwrap().text(), text);
            let (mut by_read, mut by_text) = (play.clone(), play.clone());
            by_read.play(&read).unwrap();
            by_text.apply(text).unwrap();
            assert_eq!(by_read.position(), by_text.position());
        }
    }

    #[test]
    fn an_action_read_elsewhere_or_illegal_changes_nothing() {
        let mut play = dejarik();
        let first = play.chosen(0).unwrap();
        let second = play.chosen(1).unwrap();
        play.play(&first).unwrap();
        let after = play.position();
        // Read at the position before: refused, not misread at this one.
        assert!(matches!(
            play.play(&second),
            Err(RulesError::Unsupported(_))
        ));
        assert_eq!(play.position(), after);
        assert!(play.read("not a move").is_err());
    }

    #[test]
    fn a_chance_draw_is_the_one_the_notation_draw_gives() {
        let play = Erased(Arc::new(Backgammon::default())).start(2).unwrap();
        for seed in 0..20 {
            let mut a = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut b = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let drawn = play.sample(&mut a).map(|c| c.text().to_string());
            assert!(drawn.is_some(), "the opening roll is chance");
            assert_eq!(drawn, play.sample_chance(&mut b));
        }
    }
}
