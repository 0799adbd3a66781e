//! Sample boards from positions of play, for the codes a layer's boards are written with.
//!
//! A layer's Huffman codes are fitted to what boards draw on it (see
//! [`super::layer_rows`]). Where a game has several layers (backgammon's two numberings,
//! D-Zone's two, three and four players' cards), each is fitted to boards drawn on it,
//! which a walk through a game gives without writing positions by hand.

use super::kit::Canvas;
use super::{LastMove, RenderError, Scene};
use crate::games::Game;

/// The players' names on sample boards.
const NAMES: [&str; 4] = ["Chewbacca", "R2-D2", "Leia", "Lando"];

/// The steps (position before, action, position after) of a game from its start for
/// `plies` actions, each the legal action or chance outcome at a fixed stride through the
/// list: positions that look like play, the same on every run.
pub fn walk<G: Game>(game: &G, seats: usize, plies: usize) -> Vec<(G::State, G::Action, G::State)> {
    let mut steps = Vec::new();
    let Ok(mut state) = game.start(seats) else {
        return steps;
    };
    for ply in 0..plies {
        let actions = game.legal_actions(&state);
        let Some(action) = actions.get((ply * 7 + 3) % actions.len().max(1)).cloned() else {
            break;
        };
        let Ok(next) = game.apply(&state, &action) else {
            break;
        };
        steps.push((state, action, next.clone()));
        state = next;
    }
    steps
}

/// Boards of the steps of a walk that `keep` keeps (at most `count`), each with its
/// last move shown, for `seats` named players; a step that does not draw is left out.
pub fn boards<G: Game>(
    game: &G,
    seats: usize,
    count: usize,
    keep: impl Fn(&G::State) -> bool,
    draw: impl Fn(&G::State, &Scene) -> Result<Canvas, RenderError>,
) -> Vec<Canvas> {
    let names: Vec<String> = NAMES.iter().take(seats).map(|n| n.to_string()).collect();
    walk(game, seats, 60)
        .into_iter()
        .skip(5)
        .filter(|(_, _, after)| keep(after))
        .step_by(3)
        .filter_map(|(before, action, after)| {
            let scene = Scene {
                names: names.clone(),
                last_move: Some(LastMove {
                    action: game.format_action(&before, &action),
                    before: Some(game.format_state(&before)),
                    chosen: None,
                }),
                ..Scene::default()
            };
            draw(&after, &scene).ok()
        })
        .take(count)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dzone::Dzone;

    #[test]
    fn a_walk_is_play_and_the_same_every_time() {
        let game = Dzone::default();
        let steps = walk(&game, 3, 40);
        assert_eq!(
            steps.len(),
            40,
            "a three-player game lasts longer than 40 actions"
        );
        for (before, action, after) in &steps {
            assert_eq!(game.apply(before, action).as_ref(), Ok(after));
        }
        let again: Vec<String> = walk(&game, 3, 40)
            .iter()
            .map(|(_, _, after)| game.format_state(after))
            .collect();
        let first: Vec<String> = steps.iter().map(|(_, _, a)| game.format_state(a)).collect();
        assert_eq!(again, first);
    }

    /// Every layer that is fitted to walked boards gets its boards: a board that failed to
    /// draw would leave its layer fitted to the layer alone, silently.
    #[test]
    fn every_layer_variant_has_sample_boards() {
        for players in [2, 3] {
            let boards = crate::dzone::seat_samples(players);
            assert_eq!(boards.len(), 3, "D-Zone, {players} players");
        }
        for viewer in [0, 1] {
            let boards = crate::backgammon::viewer_samples(viewer);
            assert_eq!(boards.len(), 3, "backgammon, viewer {viewer}");
        }
    }
}
