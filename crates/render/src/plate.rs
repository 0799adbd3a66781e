//! A player's name plate on a board: the name, and on a table with a clock (a total and an
//! increment) the time that player had left as of the move shown, so that the picture
//! Discord previews tells who is short of time as a chess clock would.

use super::kit;
use super::Scene;

/// `m:ss` (or `h:mm:ss`), as a chess clock shows time.
pub fn clock_shown(seconds: i64) -> String {
    let s = seconds.max(0);
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

impl Scene {
    /// `seat`'s plate for `name` at `size`, within `max_width`: the name (shortened if it
    /// must be) and its clock, which is never the part cut.
    pub(crate) fn plate(&self, seat: usize, name: &str, size: f32, max_width: f32) -> String {
        match self.clocks.get(seat).copied().flatten() {
            Some(left) => {
                let clock = format!("  {}", clock_shown(left));
                let room = max_width - kit::text_width(&clock, size);
                kit::fit_text(name, size, room.max(size)) + &clock
            }
            None => kit::fit_text(name, size, max_width),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_a_chess_clock() {
        assert_eq!(clock_shown(65), "1:05");
        assert_eq!(clock_shown(3725), "1:02:05");
        assert_eq!(clock_shown(-3), "0:00");
    }

    #[test]
    fn a_long_name_gives_way_to_its_clock() {
        let scene = Scene {
            clocks: vec![Some(272), None],
            ..Scene::default()
        };
        let long = "Chewbacca of the Kashyyyk Wookiee council";
        let plate = scene.plate(0, long, 20.0, 200.0);
        assert!(plate.ends_with("  4:32"), "{plate}");
        assert!(plate.contains('…'), "{plate}");
        assert!(kit::text_width(&plate, 20.0) <= 200.0 + 1.0, "{plate}");
        // A seat with no clock, and a table with none, show the name alone.
        assert_eq!(scene.plate(1, "R2-D2", 20.0, 200.0), "R2-D2");
        assert_eq!(Scene::default().plate(0, "R2-D2", 20.0, 200.0), "R2-D2");
    }

    /// Every game's board shows the clocks, beside the names only: the same position with
    /// and without them differs, and only within a small part of the picture.
    #[test]
    fn every_board_draws_its_clocks_by_the_names() {
        check(&crate::dejarik::BOARD, "{}", "i6,o4,o9,o10/C,o1,o12/b:-");
        check(
            &crate::backgammon::BOARD,
            r#"{"length":7}"#,
            "MXOaBSDg8+AARg:MAHgACAAAAAE",
        );
        check(
            &crate::zatak::BOARD,
            "{}",
            "b1=4,c4=3,c5=2,f1=6/a4=5,b5=6,e6=2/g2,a3/r/play",
        );
        check(
            &crate::kingdoms::BOARD,
            "{}",
            "9/9/2GWCBP2/2gwcbpa1/2AGGWC2/2ggwcba1/4BA3/9/9 - p -/-",
        );
        check(
            &crate::dzone::BOARD,
            "{}",
            "S..Y.R/...R.S/.B.R../..S.Y./....../.....S R1:GGGY,G3:B,B4,Y3:RR G roll 9 0",
        );
    }

    fn check<G: crate::games::Game>(board: &crate::Drawn<G>, options: &str, state: &str) {
        use crate::Board;
        let lang = crate::words::Lang::En;
        let options: crate::games::GameOptions = serde_json::from_str(options).expect("options");
        let names = vec!["Chewbacca".into(), "R2-D2".into(), "Leia".into()];
        let plain = Scene {
            names,
            ..Scene::default()
        };
        let timed = Scene {
            clocks: vec![Some(272), Some(59), Some(3_725)],
            ..plain.clone()
        };
        let draw = |scene: &Scene| {
            let canvas = board.canvas(lang, &options, state, scene, crate::FULL);
            canvas.expect("draws")
        };
        let (a, b) = (draw(&plain), draw(&timed));
        let width = a.pixmap.width() as usize;
        let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
        for (i, (p, q)) in a
            .pixmap
            .data()
            .chunks(4)
            .zip(b.pixmap.data().chunks(4))
            .enumerate()
        {
            if p != q {
                let (x, y) = (i % width, i / width);
                (left, top) = (left.min(x), top.min(y));
                (right, bottom) = (right.max(x + 1), bottom.max(y + 1));
            }
        }
        assert!(right > left, "{state}: no clock drawn");
        let area = (right - left) * (bottom - top);
        let whole = width * a.pixmap.height() as usize;
        assert!(
            area * 4 < whole,
            "{state}: {left},{top} to {right},{bottom} changed"
        );
    }
}
