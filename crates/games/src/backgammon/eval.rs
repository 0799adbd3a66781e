//! The droid's view of a backgammon position (behind [`Game::heuristic`] and
//! [`Game::reward`]): the network's probabilities ([`super::net`]), or once both sides
//! bear off the exact ones of [`super::bearoff`], turned into each seat's share of what is
//! at stake.
//!
//! - In a match, a share is the chance to win the match: each way the game can end
//!   (single, gammon, backgammon, won or lost, times the cube) weighted by the match
//!   equity of the score it leads to (a cubeless table computed once).
//! - In a money game, a share is the points expected, `0.5 + points / 12`.
//!
//! Both are cubeful, by Janowski's cube efficiency (the cube's value to its owner between a
//! dead cube and a perfectly live one), so that the search doubles, takes and drops for what
//! is at stake rather than for the chance to win one game.
//!
//! [`Game::heuristic`]: crate::Game::heuristic
//! [`Game::reward`]: crate::Game::reward

use std::sync::OnceLock;

use super::bearoff::{home_of, Bearoff};
use super::board::{borne_off, Board, Side, CHECKERS};
use super::ids::{CubeOwner, GameState};
use super::net::{network, Probabilities};
use super::{Backgammon, State, MAX_LENGTH};
use crate::{Outcome, Seat};

/// Points a money-game share spreads over: a share moves by `1 / (2 × SCALE)` per point.
const MONEY_SCALE: f64 = 6.0;
/// How live the cube is, between dead (0) and perfectly efficient (1): Janowski's usual
/// figure for money play.
const CUBE_EFFICIENCY: f32 = 0.68;
/// The share of wins that are gammons, for the match equity table.
const GAMMON_RATE: f64 = 0.25;

/// The cubeless match equity table: the chance that a player needing `a` points beats one
/// needing `b` (both at most [`MAX_LENGTH`]), each game won half the time, a quarter of the
/// wins gammons.
fn match_equity(a: i32, b: i32) -> f64 {
    static TABLE: OnceLock<Vec<Vec<f64>>> = OnceLock::new();
    let n = MAX_LENGTH as usize + 1;
    let table = TABLE.get_or_init(|| {
        let mut t = vec![vec![0.0; n]; n];
        let at = |t: &Vec<Vec<f64>>, a: i32, b: i32| -> f64 {
            if a <= 0 {
                1.0
            } else if b <= 0 {
                0.0
            } else {
                t[a as usize][b as usize]
            }
        };
        for a in 1..n as i32 {
            for b in 1..n as i32 {
                let g = GAMMON_RATE;
                let win = (1.0 - g) * at(&t, a - 1, b) + g * at(&t, a - 2, b);
                let lose = (1.0 - g) * at(&t, a, b - 1) + g * at(&t, a, b - 2);
                t[a as usize][b as usize] = 0.5 * (win + lose);
            }
        }
        t
    });
    if a <= 0 {
        1.0
    } else if b <= 0 {
        0.0
    } else {
        table[(a as usize).min(n - 1)][(b as usize).min(n - 1)]
    }
}

/// Seat `s`'s chance to win the match from the score of `state` (none of its game at
/// stake).
fn match_share(state: &State, s: usize) -> f64 {
    let m = &state.info;
    let away = |seat: usize| m.length as i32 - m.score[seat] as i32;
    match_equity(away(s), away(1 - s))
}

/// Two seats' shares from seat `s`'s.
fn shares(s: Seat, share: f64) -> Vec<f64> {
    let share = share.clamp(0.0, 1.0);
    let mut v = vec![1.0 - share; 2];
    v[s] = share;
    v
}

/// Money: points (a cube of `cube`) as a share.
fn money_share(points: f64) -> f64 {
    0.5 + points / (2.0 * MONEY_SCALE)
}

/// Who owns the cube, from a seat's side.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Owner {
    Centred,
    Me,
    Them,
    /// The cube cannot move again (at 64, a Crawford game, a 1-point match).
    Dead,
}

/// Cubeful equity per cube of the player with probabilities `p` (Janowski 1993: a live
/// cube's equity, linear between the take and cash points, blended with the dead cube's).
/// `worth` is what each end is worth in cube units: won single, gammon, backgammon, lost
/// single, gammon, backgammon (1, 2, 3, −1, −2, −3 for money; the match score's own values
/// in a match).
fn cubeful(p: &Probabilities, owner: Owner, worth: &[f32; 6]) -> f32 {
    let [w, wg, wb, lg, lb] = p.consistent().0;
    let win = if w > 0.0 {
        (worth[0] * (w - wg) + worth[1] * (wg - wb) + worth[2] * wb) / w
    } else {
        1.0
    };
    let lose = if w < 1.0 {
        -(worth[3] * (1.0 - w - lg) + worth[4] * (lg - lb) + worth[5] * lb) / (1.0 - w)
    } else {
        1.0
    };
    let dead = w * win - (1.0 - w) * lose;
    let take = (lose - 0.5) / (win + lose + 0.5);
    let cash = (lose + 1.0) / (win + lose + 0.5);
    let above_cash = |w: f32| 1.0 + (win - 1.0) * (w - cash) / (1.0 - cash);
    let live = match owner {
        Owner::Dead => return dead,
        Owner::Centred | Owner::Me if w >= cash => above_cash(w),
        Owner::Centred if w < take => -lose + (lose - 1.0) * w / take,
        Owner::Centred => -1.0 + 2.0 * (w - take) / (cash - take),
        Owner::Me => -lose + (lose + 1.0) * w / cash,
        Owner::Them if w < take => -lose + (lose - 1.0) * w / take,
        Owner::Them => -1.0 + (win + 1.0) * (w - take) / (1.0 - take),
    };
    CUBE_EFFICIENCY * live + (1.0 - CUBE_EFFICIENCY) * dead
}

/// Seat `s`'s share with its probabilities `p` for the game under way, the cube at `cube`
/// owned as `owner` says: every end of the game valued (by points, or by the match score
/// it leads to), then Janowski's cubeful equity in those values, read back as a share the
/// way GNU Backgammon converts equity to match winning chances (between a single game lost
/// and won at this cube).
fn game_share(state: &State, s: usize, p: &Probabilities, cube: u32, owner: Owner) -> f64 {
    let m = &state.info;
    let c = cube as i32;
    let away = |seat: usize| m.length as i32 - m.score[seat] as i32;
    // The share after a game won (k > 0) or lost (k < 0) by |k| times the cube.
    let value = |k: i32| -> f64 {
        if m.length == 0 {
            money_share((k * c) as f64)
        } else if k > 0 {
            match_equity(away(s) - k * c, away(1 - s))
        } else {
            match_equity(away(s), away(1 - s) + k * c)
        }
    };
    let (win, lose) = (value(1), value(-1));
    let unit = |k: i32| (2.0 * (value(k) - lose) / (win - lose) - 1.0) as f32;
    let worth = if m.length == 0 && m.jacoby && owner == Owner::Centred {
        [1.0, 1.0, 1.0, -1.0, -1.0, -1.0]
    } else {
        [unit(1), unit(2), unit(3), unit(-1), unit(-2), unit(-3)]
    };
    let equity = cubeful(p, owner, &worth) as f64;
    lose + (win - lose) * (equity + 1.0) / 2.0
}

/// The cube's owner as seat `s` sees it in `state`, given that the cube is `cube`.
fn owner(state: &State, s: usize, owned_by: CubeOwner, cube: u32) -> Owner {
    let m = &state.info;
    let away = |seat: usize| m.length.saturating_sub(m.score[seat]) as u32;
    // No more doubling, or none that could matter: a cube that already wins either side
    // the match with a single game.
    if m.length == 1 || m.crawford || cube >= 64 || (m.length > 0 && cube >= away(0).max(away(1))) {
        return Owner::Dead;
    }
    match owned_by {
        CubeOwner::Centred => Owner::Centred,
        CubeOwner::Player(p) if p as usize == s => Owner::Me,
        CubeOwner::Player(_) => Owner::Them,
    }
}

/// The first mind that reads races of two sides at home from the bear-off database.
pub const BEAROFF_MIND: u16 = 8;

/// The five probabilities the droid's `mind` gives `me`, who has just moved, against
/// `them`: its network's, except that from [`BEAROFF_MIND`] on, once every checker of both
/// sides is home, the bear-off database's exact ones.
pub fn probabilities(mind: u16, me: &Side, them: &Side) -> Probabilities {
    if mind >= BEAROFF_MIND && borne_off(me) < CHECKERS {
        if let (Some(mine), Some(theirs)) = (home_of(me), home_of(them)) {
            return Bearoff::get().probabilities(&mine, &theirs);
        }
    }
    network(mind).evaluate(me, them)
}

/// Each seat's estimated share of `state` (the droid's [`Game::heuristic`] for
/// backgammon), and the number of legal actions when the plays it weighed are they (the
/// roller to play, no resignation or double waiting for an answer).
///
/// [`Game::heuristic`]: crate::Game::heuristic
pub fn heuristic(game: &Backgammon, state: &State, mind: u16) -> (Vec<f64>, Option<usize>) {
    let m = &state.info;
    if m.game != GameState::Playing {
        let value = if m.length == 0 {
            vec![0.5, 0.5]
        } else {
            shares(0, match_share(state, 0))
        };
        return (value, None);
    }
    let estimate = |me: &Side, them: &Side| probabilities(mind, me, them);
    let roller = m.on_roll as usize;
    let other = 1 - roller;
    if m.dice == (0, 0) {
        // The roller has not rolled: the other player has just moved.
        let p = estimate(&state.sides[other], &state.sides[roller]);
        let (cube, owned_by) = if m.double_offered {
            (2 * state.cube_value(), CubeOwner::Player(m.turn))
        } else {
            (state.cube_value(), m.cube_owner)
        };
        let o = owner(state, other, owned_by, cube);
        return (shares(other, game_share(state, other, &p, cube, o)), None);
    }
    // The roller has rolled: its best play.
    let o = owner(state, roller, m.cube_owner, state.cube_value());
    let value = |after: &Board| {
        let p = estimate(&after.me, &after.them);
        game_share(state, roller, &p, state.cube_value(), o)
    };
    let plays = game.plays(state);
    let best = plays
        .iter()
        .map(|play| value(&play.after))
        .fold(None, |best: Option<f64>, v| {
            Some(best.map_or(v, |b| b.max(v)))
        });
    let share = best.unwrap_or_else(|| {
        let p = estimate(&state.sides[roller], &state.sides[other]);
        game_share(state, roller, &p, state.cube_value(), o)
    });
    // The legal actions are these plays (a pass when there are none) unless an answer is
    // awaited.
    let answering = m.resignation > 0 || m.double_offered;
    let count = (!answering).then(|| plays.len().max(1));
    (shares(roller, share), count)
}

/// What a finished game (or match) is worth to each seat (the droid's [`Game::reward`]):
/// the match won, the match equity of the new score, or a money game's points.
///
/// [`Game::reward`]: crate::Game::reward
pub fn reward(state: &State, outcome: &Outcome) -> Vec<f64> {
    let m = &state.info;
    let points = |s: usize| outcome.points.get(s).copied().unwrap_or(0) as f64;
    if m.length == 0 {
        return shares(0, money_share(points(0) - points(1)));
    }
    if m.score.iter().any(|&s| s >= m.length) {
        return match outcome.winner() {
            Some(w) => shares(w, 1.0),
            None => vec![0.5, 0.5],
        };
    }
    shares(0, match_share(state, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_equity_is_even_at_equal_scores_and_favours_the_leader() {
        for a in 1..=15 {
            assert!((match_equity(a, a) - 0.5).abs() < 1e-9);
            assert!(match_equity(a, a + 1) > 0.5);
            assert!((match_equity(a, a + 2) + match_equity(a + 2, a) - 1.0).abs() < 1e-9);
        }
        assert_eq!(match_equity(0, 3), 1.0);
        assert_eq!(match_equity(3, 0), 0.0);
    }

    /// From the eighth mind on, a race of two sides at home is read from the bear-off
    /// database; before it, and anywhere the sides are not both home, from the network.
    #[test]
    fn races_at_home_are_read_exactly_from_the_eighth_mind() {
        let mut me = [0u8; 25];
        me[..6].copy_from_slice(&[2, 2, 1, 0, 1, 0]);
        let mut them = [0u8; 25];
        them[..6].copy_from_slice(&[3, 0, 2, 2, 0, 1]);
        let exact = Bearoff::get()
            .probabilities(&home_of(&me).expect("home"), &home_of(&them).expect("home"));
        assert_eq!(probabilities(BEAROFF_MIND, &me, &them), exact);
        assert_eq!(
            probabilities(BEAROFF_MIND - 1, &me, &them),
            network(BEAROFF_MIND - 1).evaluate(&me, &them)
        );
        them[7] = 1;
        assert_eq!(
            probabilities(BEAROFF_MIND, &me, &them),
            network(BEAROFF_MIND).evaluate(&me, &them),
            "a checker of theirs still outside their home"
        );
    }

    #[test]
    fn janowski_take_point_of_a_plain_game_is_near_a_fifth() {
        // No gammons: the taker's live-cube equity crosses −1 (a drop) at its take point.
        let money = [1.0, 2.0, 3.0, -1.0, -2.0, -3.0];
        let at = |w: f32| cubeful(&Probabilities([w, 0.0, 0.0, 0.0, 0.0]), Owner::Me, &money);
        let take = (0..1000)
            .map(|i| i as f32 / 1000.0)
            .find(|&w| 2.0 * at(w) > -1.0)
            .unwrap();
        assert!((0.18..0.26).contains(&take), "take point {take}");
    }
}
