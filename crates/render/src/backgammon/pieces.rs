//! What stands on the backgammon board over its fixed layers: the checkers on the points,
//! the bar and in the trays, the marks of the last play (the points it moved between, an
//! arrow per checker, the blots it sent to the bar), the dice and the cube.

use super::*;

/// The points the last play left and reached, lit under the checkers.
pub(super) fn mark_points(c: &mut Canvas, (mover, steps, _): &Last) {
    for step in steps {
        for end in [step.from as i8, step.to] {
            if end < 0 || end as usize == BAR {
                continue;
            }
            let w = white_point(*mover, end as u8 + 1);
            let (x, bottom) = point_x(w);
            let (y0, h) = if bottom {
                (BOTTOM - POINT_H, POINT_H)
            } else {
                (TOP, POINT_H)
            };
            c.fill_rect(
                x - POINT_W / 2.0 + 2.0,
                y0,
                POINT_W - 4.0,
                h,
                theme::HIGHLIGHT,
                0.16,
            );
        }
    }
}

/// `seat`'s checkers on the points and the bar, a count on a stack too tall to show.
pub(super) fn checkers(c: &mut Canvas, state: &State, scene: &Scene, seat: usize) {
    for (i, &n) in state.sides[seat][..24].iter().enumerate() {
        if n == 0 {
            continue;
        }
        let w = white_point(seat, i as u8 + 1);
        for k in 0..(n as usize).min(STACK) {
            let (x, y) = checker_at(w, k);
            checker(c, look(scene, seat), x, y, R, 1.0);
        }
        if n as usize > STACK {
            let (x, y) = checker_at(w, STACK - 1);
            count_label(c, look(scene, seat), x, y, n);
        }
    }
    let on_bar = state.sides[seat][BAR];
    for k in 0..(on_bar as usize).min(3) {
        let (x, y) = bar_at(seat, k);
        checker(c, look(scene, seat), x, y, R, 1.0);
    }
    if on_bar > 3 {
        let (x, y) = bar_at(seat, 2);
        count_label(c, look(scene, seat), x, y, on_bar);
    }
}

/// `seat`'s checkers borne off: thin slabs in its tray, and how many in words.
pub(super) fn borne_off(
    lang: crate::words::Lang,
    c: &mut Canvas,
    state: &State,
    scene: &Scene,
    seat: usize,
) {
    let off = bg::borne_off(&state.sides[seat]);
    let (x, y, w, h) = tray(seat);
    let slab = (h - 8.0) / 15.0;
    let SideLook { face, edge, .. } = look(scene, seat);
    for k in 0..off {
        let sy = if seat == 0 {
            y + h - 4.0 - (k as f32 + 1.0) * slab
        } else {
            y + 4.0 + k as f32 * slab
        };
        c.fill_rect(x + 6.0, sy + 1.0, w - 12.0, slab - 2.0, face, 1.0);
        c.fill_rect(x + 6.0, sy + slab - 2.0, w - 12.0, 1.0, edge, 0.6);
    }
    if off > 0 {
        let ty = if seat == 0 { y - 8.0 } else { y + h + 20.0 };
        c.text(
            &t!(lang, "board-bg-off", count = off),
            x + w / 2.0,
            ty,
            12.0,
            theme::TEXT_DIM,
            Align::Center,
        );
    }
}

/// The checkers the last play hit, ringed where they wait on the bar.
pub(super) fn ring_hits(c: &mut Canvas, state: &State, (mover, _, hits): &Last) {
    let victim = 1 - *mover;
    let shown = (state.sides[victim][BAR] as usize).min(3);
    for k in 0..(*hits).min(shown) {
        let (x, y) = bar_at(victim, shown - 1 - k);
        c.stroke_circle(x, y, R + 3.0, theme::DANGER, 1.0, 3.0);
    }
}

/// An arrow per checker the last play moved, over the checkers, from where it left to
/// where it stands now.
pub(super) fn arrows(c: &mut Canvas, state: &State, (mover, steps, _): &Last) {
    let mut arrived: HashMap<i8, usize> = HashMap::new();
    for step in steps {
        let from = if step.from as usize == BAR {
            bar_at(*mover, 0)
        } else {
            let w = white_point(*mover, step.from + 1);
            let n = state.sides[*mover][step.from as usize] as usize;
            checker_at(w, n)
        };
        let to = if step.to < 0 {
            let (x, y, w, h) = tray(*mover);
            (x + w / 2.0, y + h / 2.0)
        } else {
            let w = white_point(*mover, step.to as u8 + 1);
            let n = state.sides[*mover][step.to as usize] as usize;
            let k = arrived.entry(step.to).or_insert(0);
            *k += 1;
            checker_at(w, n.saturating_sub(*k))
        };
        c.arrow(&[from, to], theme::HIGHLIGHT, 3.0);
    }
}

/// The dice on the right half, in the roller's colours.
pub(super) fn dice(c: &mut Canvas, state: &State, scene: &Scene) {
    let m = &state.info;
    let roller = m.on_roll as usize;
    let size = 40.0;
    let cx = RIGHT_HALF + 3.0 * POINT_W;
    for (i, d) in [m.dice.0, m.dice.1].into_iter().enumerate() {
        let x = cx - size - 6.0 + i as f32 * (size + 12.0);
        let y = MID_Y - size / 2.0;
        let seat_look = look(scene, roller);
        let SideLook {
            face, edge: pip, ..
        } = seat_look;
        let key = format!("backgammon/die/{}/{i}/{d}", seat_look.key());
        let bounds = [x - 2.0, y - 2.0, x + size + 2.0, y + size + 2.0];
        c.cached(&key, bounds, |c| {
            if let Some(path) = kit::rounded_rect(x, y, size, size, 7.0) {
                c.fill(&path, face, 1.0);
                c.stroke(&path, pip, 1.0, 2.0);
            }
            for (px, py) in kit::die_pips(x, y, size, d) {
                c.fill_circle(px, py, 4.0, pip, 1.0);
            }
        });
    }
}

/// The cube: centred on the left of the board, or at its owner's edge; lit while a
/// double is offered, showing the value it would take.
pub(super) fn cube(c: &mut Canvas, state: &State) {
    let m = &state.info;
    let size = 36.0;
    let x = LEFT - 14.0 - size - 8.0;
    let y = match m.cube_owner {
        CubeOwner::Centred => MID_Y - size / 2.0,
        CubeOwner::Player(0) => BOTTOM - size,
        CubeOwner::Player(_) => TOP,
    };
    let value = if m.double_offered {
        2 * state.cube_value()
    } else {
        state.cube_value()
    };
    let x = x.max(6.0);
    let key = format!("backgammon/cube/{x}/{y}/{value}/{}", m.double_offered);
    let bounds = [x - 2.0, y - 2.0, x + size + 2.0, y + size + 2.0];
    c.cached(&key, bounds, |c| {
        if let Some(path) = kit::rounded_rect(x, y, size, size, 6.0) {
            c.fill(&path, theme::TEXT, 1.0);
            let edge = if m.double_offered {
                theme::HIGHLIGHT
            } else {
                theme::GRID
            };
            c.stroke(&path, edge, 1.0, 2.5);
        }
        c.text(
            &value.to_string(),
            x + size / 2.0,
            y + size / 2.0 + 7.0,
            19.0,
            theme::GRID,
            Align::Center,
        );
    });
}
