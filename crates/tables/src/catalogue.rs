//! The product's games (docs/CONTRACT.md P-1), each declared once: its rules (with their
//! [`GameInfo`]) and its board. The registry of the engine, the renderer lookup, `/rules`,
//! `/play`'s choices in every front end and the table layer all read this one list, so a
//! new game is its rules module, its board file and one line in [`GAMES`].

use std::sync::Arc;

use crate::games::backgammon::Backgammon;
use crate::games::dejarik::Dejarik;
use crate::games::dzone::Dzone;
use crate::games::kingdoms::Kingdoms;
use crate::games::zatak::Zatak;
use crate::games::{DynGame, Erased, Game, GameInfo, GameOptions, RulesError, Step};
use crate::render::{self, Board, RenderError, Scene};

/// One game of the catalogue.
pub struct Entry {
    pub info: GameInfo,
    make: fn(&GameOptions) -> Result<Arc<dyn DynGame>, RulesError>,
    pub board: &'static dyn Board,
}

fn make<G: Game>(options: &GameOptions) -> Result<Arc<dyn DynGame>, RulesError> {
    Ok(Arc::new(Erased(Arc::new(G::from_options(options)?))))
}

impl Entry {
    /// The entry of game `G` drawn by `board`.
    pub const fn of<G: Game>(board: &'static dyn Board) -> Entry {
        Entry {
            info: G::INFO,
            make: make::<G>,
            board,
        }
    }

    /// The game with a table's options, ready to start or resume games.
    pub fn rules(&self, options: &GameOptions) -> Result<Arc<dyn DynGame>, RulesError> {
        (self.make)(options)
    }
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("id", &self.info.id).finish()
    }
}

/// Every game of the product, in the order of docs/CONTRACT.md P-1.
pub static GAMES: &[Entry] = &[
    Entry::of::<Dejarik>(&render::dejarik::BOARD),
    Entry::of::<Backgammon>(&render::backgammon::BOARD),
    Entry::of::<Zatak>(&render::zatak::BOARD),
    Entry::of::<Kingdoms>(&render::kingdoms::BOARD),
    Entry::of::<Dzone>(&render::dzone::BOARD),
];

/// A list of games to play: the product's [`GAMES`], and for tests of the table layer any
/// game of their own beside them.
#[derive(Debug, Clone)]
pub struct Catalogue {
    entries: Vec<&'static Entry>,
}

impl Default for Catalogue {
    fn default() -> Self {
        Catalogue {
            entries: GAMES.iter().collect(),
        }
    }
}

impl Catalogue {
    /// The product's games and `extra` after them.
    pub fn with(mut self, extra: &'static Entry) -> Catalogue {
        self.entries.push(extra);
        self
    }

    pub fn entries(&self) -> &[&'static Entry] {
        &self.entries
    }

    /// The game with this id or alias (any case).
    pub fn find(&self, id: &str) -> Option<&'static Entry> {
        self.entries.iter().copied().find(|e| e.info.answers_to(id))
    }

    /// The game with this id or alias, or an error that lists the games.
    pub fn get(&self, id: &str) -> Result<&'static Entry, RulesError> {
        self.find(id).ok_or_else(|| {
            RulesError::Unsupported(format!(
                "unknown game '{}' (games: {})",
                id.trim(),
                self.ids().join(", ")
            ))
        })
    }

    pub fn ids(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.info.id).collect()
    }
}

/// The product's game `id` with these options (the engine's and the tools' entry point).
pub fn lookup(id: &str, options: &GameOptions) -> Result<Arc<dyn DynGame>, RulesError> {
    Catalogue::default().get(id)?.rules(options)
}

/// The board of the product's game `id` as PNG bytes, at full size.
pub fn board_png(
    lang: crate::words::Lang,
    id: &str,
    options: &GameOptions,
    state: &str,
    scene: &Scene,
) -> Result<Vec<u8>, RenderError> {
    Catalogue::default()
        .get(id)?
        .board
        .png(lang, options, state, scene)
}

/// The board of the product's game `id`, drawn at `scale`.
pub fn board_canvas(
    lang: crate::words::Lang,
    id: &str,
    options: &GameOptions,
    state: &str,
    scene: &Scene,
    scale: f32,
) -> Result<render::Canvas, RenderError> {
    Catalogue::default()
        .get(id)?
        .board
        .canvas(lang, options, state, scene, scale)
}

/// An animated replay of the product's game `id` from `start` through `actions` (in
/// notation).
pub fn replay_gif(
    lang: crate::words::Lang,
    id: &str,
    options: &GameOptions,
    start: &str,
    actions: &[String],
    names: &[String],
) -> Result<Vec<u8>, RenderError> {
    let steps: Vec<Step> = actions.iter().cloned().map(Step::Action).collect();
    Catalogue::default().get(id)?.board.replay(
        lang,
        options,
        start,
        &steps,
        &crate::render::Scene {
            names: names.to_vec(),
            ..Default::default()
        },
    )
}
