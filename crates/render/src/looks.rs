//! What players dress their seats in (the droid's shop): a piece set recolours one seat's
//! pieces, a board theme recolours the board under every seat. Looks change pixels and
//! nothing else, so a board dressed or plain shows the same position to every reader.
//!
//! A set is drawn for real (the pieces are painted in its colours). A theme is applied to
//! the encoded image's palette instead: the board is drawn as always and the palette
//! entries that are the board's own colours are moved, which costs nothing per board and
//! leaves pieces, text and highlights exactly as they were.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::encode::Palette;
use super::kit::{theme, Rgb};
use super::{Scene, SideLook};

/// A seat's pieces in the colours of a set: face, edge and the inner mark (a ring, a dot,
/// a die's pips or an icon, as each game draws its pieces).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceSet {
    pub id: &'static str,
    pub face: Rgb,
    pub edge: Rgb,
    pub mark: Rgb,
}

/// A board theme: the board's own colours turned by `hue` degrees, their saturation and
/// lightness scaled. Turning every surface alike keeps a board's contrasts between its
/// own cells, and pieces, text and highlights do not move at all.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    pub id: &'static str,
    pub hue: f32,
    pub saturation: f32,
    pub lightness: f32,
}

/// The colours every board's frame is drawn in, which every theme recolours with the
/// board's own surfaces.
pub const FRAME: [Rgb; 4] = [theme::BACKGROUND, theme::PANEL, theme::RIM, theme::GRID];

/// Colours that no theme moves: the marks drawn over any board.
const MARKS: [Rgb; 5] = [
    theme::TEXT,
    theme::TEXT_DIM,
    theme::HIGHLIGHT,
    theme::ACCENT,
    theme::DANGER,
];

/// Two piece colours closer than this (Euclidean, in sRGB steps) would let two seats look
/// alike, so a set that close to another seat's pieces is not worn (see [`Scene::side`]).
pub const ALIKE: f32 = 60.0;

impl Theme {
    /// `colour` as this theme shows a board colour.
    pub fn apply(&self, colour: Rgb) -> Rgb {
        let (h, s, l) = hsl(colour);
        from_hsl(
            (h + self.hue).rem_euclid(360.0),
            (s * self.saturation).clamp(0.0, 1.0),
            (l * self.lightness).clamp(0.0, 1.0),
        )
    }

    /// A palette's colours with the board's own (`surfaces` and the frame) moved by this
    /// theme. Each entry moves as far as it is a board colour: by inverse-distance weights
    /// against the board's colours and the colours that stay (`fixed`: the pieces, and the
    /// marks every board draws), so the blended edge of a piece on a cell moves partway.
    pub fn recolour(&self, rgb: &[u8], surfaces: &[Rgb], fixed: &[Rgb]) -> Vec<u8> {
        let moving: Vec<Rgb> = surfaces.iter().chain(FRAME.iter()).copied().collect();
        let staying: Vec<Rgb> = fixed.iter().chain(MARKS.iter()).copied().collect();
        let mut out = Vec::with_capacity(rgb.len());
        for entry in rgb.chunks_exact(3) {
            let c = Rgb(entry[0], entry[1], entry[2]);
            let weight = |set: &[Rgb]| -> f32 {
                set.iter()
                    .map(|&a| 1.0 / (distance(a, c).powi(4) + 1e-3))
                    .sum()
            };
            let (m, s) = (weight(&moving), weight(&staying));
            let share = m / (m + s);
            let to = self.apply(c);
            let mix = |a: u8, b: u8| (a as f32 + share * (b as f32 - a as f32)).round() as u8;
            out.extend([mix(c.0, to.0), mix(c.1, to.1), mix(c.2, to.2)]);
        }
        out
    }
}

/// Euclidean distance between two colours in sRGB steps.
pub fn distance(a: Rgb, b: Rgb) -> f32 {
    let d = |x: u8, y: u8| (x as f32 - y as f32).powi(2);
    (d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)).sqrt()
}

/// WCAG relative luminance of an sRGB colour.
pub fn luminance(c: Rgb) -> f32 {
    let lin = |v: u8| {
        let v = v as f32 / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: Rgb, b: Rgb) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn hsl(c: Rgb) -> (f32, f32, f32) {
    let (r, g, b) = (c.0 as f32 / 255.0, c.1 as f32 / 255.0, c.2 as f32 / 255.0);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let l = (max + min) / 2.0;
    let d = max - min;
    if d == 0.0 {
        return (0.0, 0.0, l);
    }
    let s = d / (1.0 - (2.0 * l - 1.0).abs());
    let h = if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    (h, s, l)
}

fn from_hsl(h: f32, s: f32, l: f32) -> Rgb {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0).rem_euclid(2.0) - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |v: f32| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb(byte(r), byte(g), byte(b))
}

impl Scene {
    /// How `seat`'s pieces look: the set its player wears, or the game's own side
    /// (`sides`, by seat). A set is not worn where it would look like the pieces of a seat
    /// before it (as that seat shows them), nor like any other seat's own side, so that
    /// two seats never look alike whatever they bought.
    pub fn side(&self, seat: usize, sides: &[SideLook]) -> SideLook {
        let own = sides.get(seat).or(sides.last()).copied();
        let Some(own) = own else {
            return SideLook::WHITE;
        };
        let Some(set) = self.sets.get(seat).copied().flatten() else {
            return own;
        };
        let seats = self.names.len().max(self.sets.len()).min(sides.len());
        let clash = (0..seats).filter(|&other| other != seat).any(|other| {
            let theirs = if other < seat {
                self.side(other, sides).face
            } else {
                sides[other].face
            };
            distance(theirs, set.face) < ALIKE
        });
        if clash {
            return own;
        }
        SideLook {
            name: own.name,
            face: set.face,
            edge: set.edge,
            mark: set.mark,
        }
    }

    /// Whether any seat wears a set (the board is then encoded with a palette learnt for
    /// those colours).
    pub fn dressed(&self) -> bool {
        self.sets.iter().any(Option::is_some)
    }
}

/// The palette a dressed board is encoded with: learnt once per game and combination of
/// sets (from the game's sample boards drawn in them), then recoloured per theme.
/// Combinations are few in practice; past [`KEPT`] the oldest are forgotten.
pub(crate) fn palette_for(
    game: &'static str,
    scene: &Scene,
    plain: &'static Palette,
    samples: impl FnOnce(&Scene) -> Palette,
    surfaces: &[Rgb],
    sides: &[SideLook],
) -> Arc<Palette> {
    type Key = (
        &'static str,
        Vec<Option<&'static str>>,
        Option<&'static str>,
    );
    static KEPT_PALETTES: OnceLock<Mutex<HashMap<Key, Arc<Palette>>>> = OnceLock::new();
    let kept = KEPT_PALETTES.get_or_init(Default::default);
    let sets: Vec<Option<&'static str>> = scene.sets.iter().map(|s| s.map(|s| s.id)).collect();
    let key = (game, sets, scene.theme.map(|t| t.id));
    if let Some(found) = kept.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(found);
    }
    let learnt = if scene.dressed() {
        samples(scene)
    } else {
        plain.clone()
    };
    let palette = match scene.theme {
        Some(theme) => {
            let seats = scene.names.len().max(scene.sets.len()).max(sides.len());
            let fixed: Vec<Rgb> = (0..seats)
                .map(|seat| scene.side(seat, sides))
                .chain(sides.iter().copied())
                .flat_map(|side| [side.face, side.edge, side.mark])
                .collect();
            learnt.with_colors(theme.recolour(learnt.colors(), surfaces, &fixed))
        }
        None => learnt,
    };
    let palette = Arc::new(palette);
    let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
    if kept.len() >= KEPT {
        kept.clear();
    }
    kept.insert(key, Arc::clone(&palette));
    palette
}

/// The most dressed palettes kept at once.
const KEPT: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsl_round_trips() {
        for c in [
            Rgb(15, 20, 32),
            Rgb(224, 72, 72),
            Rgb(0, 0, 0),
            Rgb(255, 255, 255),
        ] {
            let (h, s, l) = hsl(c);
            let back = from_hsl(h, s, l);
            assert!(distance(c, back) < 2.0, "{c:?} → {back:?}");
        }
    }

    #[test]
    fn a_theme_moves_the_board_and_keeps_the_marks() {
        let sand = Theme {
            id: "sand",
            hue: 180.0,
            saturation: 1.2,
            lightness: 1.1,
        };
        let rgb: Vec<u8> = [theme::PANEL, theme::TEXT, theme::HIGHLIGHT]
            .iter()
            .flat_map(|c| [c.0, c.1, c.2])
            .collect();
        let out = sand.recolour(&rgb, &[], &[]);
        let panel = Rgb(out[0], out[1], out[2]);
        assert_eq!(panel, sand.apply(theme::PANEL));
        assert!(distance(panel, theme::PANEL) > 10.0, "{panel:?}");
        assert_eq!(&out[3..], &rgb[3..], "text and highlights stay");
    }

    #[test]
    fn a_set_too_like_another_seat_is_not_worn() {
        let sides = [SideLook::WHITE, SideLook::BLACK];
        let near_black = PieceSet {
            id: "soot",
            face: Rgb(30, 30, 36),
            edge: Rgb(200, 200, 200),
            mark: Rgb(200, 200, 200),
        };
        let red = PieceSet {
            id: "red",
            face: Rgb(200, 40, 40),
            edge: Rgb(40, 0, 0),
            mark: Rgb(250, 220, 220),
        };
        let scene = Scene {
            names: vec!["a".into(), "b".into()],
            sets: vec![Some(near_black), Some(red)],
            ..Scene::default()
        };
        assert_eq!(
            scene.side(0, &sides),
            SideLook::WHITE,
            "seat 1 would look black"
        );
        assert_eq!(scene.side(1, &sides).face, red.face);
        let both_red = Scene {
            sets: vec![Some(red), Some(red)],
            ..scene
        };
        assert_eq!(both_red.side(0, &sides).face, red.face);
        assert_eq!(
            both_red.side(1, &sides),
            SideLook::BLACK,
            "the first wearer keeps it"
        );
    }

    /// The palette indices a PNG decodes to, and its palette.
    fn decoded(png_bytes: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().expect("a PNG");
        let palette = reader.info().palette.as_ref().expect("a palette").to_vec();
        let mut out = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut out).expect("a frame");
        (out, palette)
    }

    /// A dressed board is spliced over its layer indexed through the dressed palette (a
    /// set's palette has its own lookup): every game's dressed boards, with a theme and
    /// without, a second time over the layer kept, decode to exactly the dressed palette's
    /// index of every pixel drawn.
    #[test]
    fn dressed_boards_decode_to_every_pixels_index() {
        check_dressed(&crate::dejarik::BOARD, "{}", "i6,o4,o9,o10/C,o1,o12/b:-");
        check_dressed(
            &crate::backgammon::BOARD,
            r#"{"length":7}"#,
            "MXOaBSDg8+AARg:MAHgACAAAAAE",
        );
        check_dressed(
            &crate::zatak::BOARD,
            "{}",
            "b1=4,c4=3,c5=2,f1=6/a4=5,b5=6,e6=2/g2,a3/r/play",
        );
        check_dressed(
            &crate::kingdoms::BOARD,
            "{}",
            "9/9/2GWCBP2/2gwcbpa1/2AGGWC2/2ggwcba1/4BA3/9/9 - p -/-",
        );
        check_dressed(
            &crate::dzone::BOARD,
            "{}",
            "S..Y.R/...R.S/.B.R../..S.Y./....../.....S R1:GGGY,G3:B,B4,Y3:RR G roll 9 0",
        );
    }

    fn check_dressed<G: crate::games::Game>(board: &crate::Drawn<G>, options: &str, state: &str) {
        use crate::Board;
        let red = PieceSet {
            id: "test-red",
            face: Rgb(200, 40, 40),
            edge: Rgb(40, 0, 0),
            mark: Rgb(250, 220, 220),
        };
        let dusk = Theme {
            id: "test-dusk",
            hue: 200.0,
            saturation: 0.8,
            lightness: 0.9,
        };
        let lang = crate::words::Lang::En;
        let options: crate::games::GameOptions = serde_json::from_str(options).expect("options");
        for theme in [None, Some(dusk)] {
            let scene = Scene {
                names: vec!["Chewbacca".into(), "R2-D2".into(), "Leia".into()],
                sets: vec![None, Some(red)],
                theme,
                ..Scene::default()
            };
            let canvas = board.canvas(lang, &options, state, &scene, crate::FULL);
            let canvas = canvas.expect("draws");
            let palette = board.palette_for(&scene);
            for _ in 0..2 {
                let png = board.png(lang, &options, state, &scene).expect("encodes");
                let (indices, colours) = decoded(&png);
                assert_eq!(indices, palette.index(&canvas), "{state} {theme:?}");
                assert_eq!(colours, palette.colors(), "{state} {theme:?}");
            }
        }
    }
}
