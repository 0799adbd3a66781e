//! The slot machine's reels as an image.

use std::f32::consts::PI;

use super::kit::{self, theme, Align, Canvas, Rgb};
use super::{encode, RenderError};

/// What a reel shows. The slot machine's odds and payouts are the ledger's; this is only what
/// the picture draws, so the table layer names each of the ledger's symbols here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol {
    Credit,
    Droid,
    Blaster,
    Holocron,
    Kyber,
}

pub const WIDTH: f32 = 480.0;
pub const HEIGHT: f32 = 220.0;

fn symbol_colour(symbol: Symbol) -> Rgb {
    match symbol {
        Symbol::Credit => Rgb::hex(0xe3c77a),
        Symbol::Droid => Rgb::hex(0x6fa8dc),
        Symbol::Blaster => Rgb::hex(0xc0504d),
        Symbol::Holocron => Rgb::hex(0x8e7cc3),
        Symbol::Kyber => Rgb::hex(0x4cc9f0),
    }
}

/// Each symbol has its own shape as well as its own colour.
fn draw_symbol(c: &mut Canvas, symbol: Symbol, x: f32, y: f32) {
    let colour = symbol_colour(symbol);
    match symbol {
        Symbol::Credit => {
            c.fill_circle(x, y, 30.0, colour, 1.0);
            c.stroke_circle(x, y, 22.0, theme::GRID, 0.6, 3.0);
        }
        Symbol::Droid => {
            c.fill_rect(x - 24.0, y - 6.0, 48.0, 34.0, colour, 1.0);
            c.fill_circle(x, y - 6.0, 24.0, colour, 1.0);
            c.fill_circle(x, y - 10.0, 7.0, theme::GRID, 0.9);
        }
        Symbol::Blaster => {
            if let Some(p) = kit::polygon(&[
                (x - 32.0, y - 12.0),
                (x + 30.0, y - 12.0),
                (x + 30.0, y),
                (x - 6.0, y),
                (x - 12.0, y + 26.0),
                (x - 26.0, y + 26.0),
                (x - 20.0, y),
                (x - 32.0, y),
            ]) {
                c.fill(&p, colour, 1.0);
            }
        }
        Symbol::Holocron => {
            if let Some(p) = kit::regular_polygon(x, y, 32.0, 4, 0.0) {
                c.fill(&p, colour, 1.0);
                c.stroke(&p, theme::GRID, 0.5, 3.0);
            }
        }
        Symbol::Kyber => {
            if let Some(p) = kit::regular_polygon(x, y, 32.0, 6, -PI / 2.0) {
                c.fill(&p, colour, 1.0);
            }
            if let Some(p) = kit::regular_polygon(x, y, 16.0, 6, -PI / 2.0) {
                c.fill(&p, Rgb::hex(0xe8f7ff), 0.8);
            }
        }
    }
}

/// Three reels, each with its name in the reader's words, and the result line, as PNG bytes.
pub fn png(reels: [(Symbol, &str); 3], result: &str, win: bool) -> Result<Vec<u8>, RenderError> {
    let mut c = Canvas::new(WIDTH, HEIGHT, 1.0);
    c.clear(theme::BACKGROUND);
    if let Some(frame) = kit::rounded_rect(12.0, 12.0, WIDTH - 24.0, 150.0, 18.0) {
        c.fill(&frame, theme::RIM, 1.0);
    }
    for (i, (symbol, name)) in reels.iter().enumerate() {
        let x = 24.0 + i as f32 * 148.0;
        if let Some(window) = kit::rounded_rect(x, 24.0, 136.0, 126.0, 12.0) {
            c.fill(&window, theme::PANEL, 1.0);
        }
        draw_symbol(&mut c, *symbol, x + 68.0, 76.0);
        c.text(name, x + 68.0, 138.0, 15.0, theme::TEXT_DIM, Align::Center);
    }
    let colour = if win { theme::HIGHLIGHT } else { theme::TEXT };
    let line = kit::fit_text(result, 22.0, WIDTH - 32.0);
    c.text(&line, WIDTH / 2.0, 200.0, 22.0, colour, Align::Center);
    encode::png_rgb(&c)
}
