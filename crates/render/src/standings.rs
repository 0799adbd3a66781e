//! A tournament's standings as an image, drawn like the boards: each player's place,
//! name, points and what each round gave them, as marks that differ by shape as well as
//! colour (a filled disc won, a ring lost, a half disc drew, a dash sat out).

use super::kit::{self, theme, Align, Canvas};
use super::{encode, RenderError};

pub const WIDTH: f32 = 720.0;
const HEAD: f32 = 92.0;
const ROW: f32 = 40.0;
/// The most rows drawn (a larger tournament shows its top).
pub const ROWS: usize = 16;

/// What one round gave a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Won,
    Drew,
    Lost,
    Bye,
    /// Their table of that round is still in play.
    Playing,
}

/// One player's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub place: usize,
    pub name: String,
    pub points: String,
    /// A note after the name ("out in round 1").
    pub note: String,
    /// What each round gave, first round first (`None`: not in that round).
    pub rounds: Vec<Option<Mark>>,
    /// Drawn in the highlight colour (the winner, or those still in).
    pub lead: bool,
}

/// The card: a title, a subtitle, and the lines in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub title: String,
    pub subtitle: String,
    /// The heading of the points column, in the reader's language.
    pub points: String,
    pub lines: Vec<Line>,
}

fn mark(c: &mut Canvas, m: Mark, x: f32, y: f32) {
    let r = 8.0;
    match m {
        Mark::Won => c.fill_circle(x, y, r, theme::HIGHLIGHT, 1.0),
        Mark::Lost => c.stroke_circle(x, y, r - 1.0, theme::TEXT_DIM, 1.0, 2.0),
        Mark::Drew => {
            c.stroke_circle(x, y, r - 1.0, theme::ACCENT, 1.0, 2.0);
            c.fill_rect(x - r, y - 1.5, 2.0 * r, 3.0, theme::ACCENT, 1.0);
        }
        Mark::Bye => c.fill_rect(x - r, y - 2.0, 2.0 * r, 4.0, theme::TEXT_DIM, 1.0),
        Mark::Playing => c.stroke_circle(x, y, r - 3.0, theme::ACCENT, 0.8, 2.0),
    }
}

/// The card as PNG bytes.
pub fn png(card: &Card) -> Result<Vec<u8>, RenderError> {
    let lines = &card.lines[..card.lines.len().min(ROWS)];
    let height = HEAD + ROW * lines.len().max(1) as f32 + 20.0;
    let mut c = Canvas::new(WIDTH, height, 1.0);
    c.clear(theme::BACKGROUND);
    c.fill_rect(0.0, 0.0, WIDTH, HEAD - 22.0, theme::PANEL, 1.0);
    let title = kit::fit_text(&card.title, 24.0, WIDTH - 40.0);
    c.text(&title, 20.0, 36.0, 24.0, theme::TEXT, Align::Left);
    let subtitle = kit::fit_text(&card.subtitle, 15.0, WIDTH - 40.0);
    c.text(&subtitle, 20.0, 60.0, 15.0, theme::TEXT_DIM, Align::Left);
    let rounds = lines.iter().map(|l| l.rounds.len()).max().unwrap_or(0);
    let marks_x = WIDTH - 24.0 - 26.0 * rounds as f32;
    let points_x = marks_x - 24.0;
    c.text(
        &card.points,
        points_x,
        HEAD - 4.0,
        13.0,
        theme::TEXT_DIM,
        Align::Right,
    );
    for k in 0..rounds {
        let x = marks_x + 13.0 + 26.0 * k as f32;
        c.text(
            &format!("{}", k + 1),
            x,
            HEAD - 4.0,
            13.0,
            theme::TEXT_DIM,
            Align::Center,
        );
    }
    for (i, line) in lines.iter().enumerate() {
        let top = HEAD + ROW * i as f32;
        if i % 2 == 0 {
            c.fill_rect(12.0, top + 4.0, WIDTH - 24.0, ROW - 4.0, theme::PANEL, 0.6);
        }
        let y = top + ROW / 2.0 + 8.0;
        let colour = if line.lead {
            theme::HIGHLIGHT
        } else {
            theme::TEXT
        };
        c.text(
            &format!("{}.", line.place),
            48.0,
            y,
            18.0,
            colour,
            Align::Right,
        );
        let room = points_x - 70.0 - 90.0;
        let name = kit::fit_text(&line.name, 18.0, room);
        let width = c.text(&name, 60.0, y, 18.0, colour, Align::Left);
        if !line.note.is_empty() {
            let note = kit::fit_text(&line.note, 13.0, (room - width).max(0.0) + 80.0);
            c.text(&note, 70.0 + width, y, 13.0, theme::TEXT_DIM, Align::Left);
        }
        c.text(&line.points, points_x, y, 18.0, colour, Align::Right);
        for (k, m) in line.rounds.iter().enumerate() {
            if let Some(m) = m {
                mark(
                    &mut c,
                    *m,
                    marks_x + 13.0 + 26.0 * k as f32,
                    top + ROW / 2.0 + 2.0,
                );
            }
        }
    }
    encode::png_rgb(&c)
}
