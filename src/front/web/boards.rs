//! The board images of the live pages, drawn once and kept: after a move every spectator
//! asks for the same new board at once, and one drawing serves them all (the hub draws it
//! before it tells them of the move).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::table::App;
use crate::table::TableRow;
use crate::words::Lang;

/// How many images are kept; past that the cache starts afresh (the boards in demand are
/// drawn again at once, the others when asked for).
const KEEP: usize = 1024;

/// One image: a table, the game of its series, a step of that game, a language, and the
/// table's version (see [`version`]) the image was drawn at.
type Key = (i64, u32, usize, Lang, String);

/// Shared bytes: every response of a board is the same buffer, never a copy.
type Png = bytes::Bytes;

/// The version of a table that a board image depends on: its turn and status (a
/// resignation changes the last board's footer without a new step).
pub fn version(row: &TableRow) -> String {
    format!("{}{}", row.turn, &row.status.as_str()[..1])
}

#[derive(Default)]
pub struct Boards {
    images: Mutex<HashMap<Key, Arc<OnceLock<Option<Png>>>>>,
    /// Tokens already read, and their tables (a token never changes).
    tokens: Mutex<HashMap<String, i64>>,
}

impl Boards {
    /// The board of `token`'s table at `step` of `game`, as of `version`: from the cache,
    /// or drawn now (once, however many ask at the same time). `None`: no such table, game
    /// or step.
    pub fn get(
        &self,
        app: &App,
        token: &str,
        game: u32,
        step: usize,
        lang: Lang,
        version: &str,
    ) -> Option<Png> {
        let known = self
            .tokens
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(token)
            .copied();
        if let Some(table) = known {
            let key = (table, game, step, lang, version.to_string());
            if let Some(png) = self.cached(&key) {
                return Some(png);
            }
        }
        let row = app.watched(token).ok()??;
        let mut tokens = self.tokens.lock().unwrap_or_else(|e| e.into_inner());
        // Bounded as the images are: a full map starts afresh (a token is read again).
        if tokens.len() >= KEEP && !tokens.contains_key(token) {
            tokens.clear();
        }
        tokens.insert(token.to_string(), row.id);
        drop(tokens);
        if self::version(&row) != version {
            // An old version (or none): the board as the table is now, not kept under a
            // version it is not.
            return draw(app, &row, game, step, lang);
        }
        self.drawn(app, &row, game, step, lang)
    }

    /// The board of a table as it is now, drawn once for every request of it.
    pub fn drawn(
        &self,
        app: &App,
        row: &TableRow,
        game: u32,
        step: usize,
        lang: Lang,
    ) -> Option<Png> {
        self.cell((row.id, game, step, lang, version(row)))
            .get_or_init(|| draw(app, row, game, step, lang))
            .clone()
    }

    /// The cell of one image, made empty when new (the cache starts afresh when full).
    fn cell(&self, key: Key) -> Arc<OnceLock<Option<Png>>> {
        let mut images = self.images.lock().unwrap_or_else(|e| e.into_inner());
        if images.len() >= KEEP && !images.contains_key(&key) {
            images.clear();
        }
        Arc::clone(images.entry(key).or_default())
    }

    /// Keeps `png` as the board of a table as it is now (drawn with its live update).
    pub fn keep(&self, row: &TableRow, game: u32, step: usize, lang: Lang, png: Png) {
        let _ = self
            .cell((row.id, game, step, lang, version(row)))
            .set(Some(png));
    }

    fn cached(&self, key: &Key) -> Option<Png> {
        let images = self.images.lock().unwrap_or_else(|e| e.into_inner());
        images.get(key)?.get()?.clone()
    }
}

fn draw(app: &App, row: &TableRow, game: u32, step: usize, lang: Lang) -> Option<Png> {
    let started = std::time::Instant::now();
    let png = app.spectate_board(row, game, step, lang);
    metrics::histogram!("holotable_board_render_seconds", "where" => "web")
        .record(started.elapsed().as_secs_f64());
    match png {
        Ok(png) => png,
        Err(e) => {
            tracing::warn!(table = row.id, step, error = %e, "live board not drawn");
            None
        }
    }
}
