//! Rendering: a position → PNG bytes, an action log → animated GIF (docs/CONTRACT.md P-2).
//!
//! Pure functions of their input: no I/O here (the callers write the bytes).

pub mod backgammon;
mod bits;
mod deflate;
pub mod dejarik;
mod dirty;
pub mod dzone;
pub mod encode;
mod huffman;
mod indexed;
pub mod kingdoms;
pub mod kit;
mod layer_rows;
mod lines;
pub mod looks;
mod lz77;
mod plate;
mod samples;
mod shapes;
pub mod slots;
mod spare;
pub mod spots;
mod sprites;
pub mod standings;
mod window;
pub mod zatak;

use std::sync::Arc;

/// The layers below, under the names the boards' modules give them.
use holotable_games as games;
use holotable_words as words;
use holotable_words::{capitalise, t};

use crate::games::{DynPlay, Game, GameOptions, Playthrough, RulesError, Status, Step};

use self::encode::{BaseLayer, GifRecorder, Palette};

pub use kit::Canvas;
pub use plate::clock_shown;

/// What surrounds the position on a board image.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Scene {
    /// Player names by seat; missing or empty names fall back to the side's colour.
    pub names: Vec<String>,
    /// The move that led to the position, to highlight it.
    pub last_move: Option<LastMove>,
    /// The score of a series or match, when the table plays one.
    pub series: Option<SeriesScore>,
    /// A result the table decided (resignation, timeout, repetition, agreement), shown as
    /// the game's result; results the position decides are shown without it.
    pub result: Option<String>,
    /// The piece set each seat's player wears, by seat (none: the game's own colours).
    pub sets: Vec<Option<looks::PieceSet>>,
    /// The board theme the table is dressed in.
    pub theme: Option<looks::Theme>,
    /// On a table with a clock, each seat's seconds left as of the move shown (empty: no
    /// clock), drawn beside the names.
    pub clocks: Vec<Option<i64>>,
}

impl Scene {
    /// Sets the position before the last move, if there is a last move.
    pub fn with_before(mut self, before: Option<String>) -> Scene {
        if let Some(last) = &mut self.last_move {
            last.before = before;
        }
        self
    }
}

/// The last move: its notation, and the position before it when known (it lets the board
/// show the whole path of the move and what it captured); typed when the table holds it
/// as played, so that the board never reads its notation again.
#[derive(Debug, Clone)]
pub struct LastMove {
    pub action: String,
    pub before: Option<String>,
    pub chosen: Option<crate::games::Chosen>,
}

/// Two last moves are the same move when their notation and the position before agree,
/// however they came (chosen or read): their boards are the same, pixel for pixel, so the
/// channel's board and the live page's are drawn once.
impl PartialEq for LastMove {
    fn eq(&self, other: &LastMove) -> bool {
        self.action == other.action && self.before == other.before
    }
}

impl Eq for LastMove {}

impl LastMove {
    /// `action`, played from the position `before`.
    pub fn from(before: String, action: String) -> LastMove {
        LastMove {
            action,
            before: Some(before),
            chosen: None,
        }
    }

    /// The action `chosen`, played from the position `before`.
    pub fn chosen(before: String, chosen: &crate::games::Chosen) -> LastMove {
        LastMove {
            action: chosen.text().to_string(),
            before: Some(before),
            chosen: Some(chosen.clone()),
        }
    }

    /// The last move as `game`'s action at `before`: as it was chosen, or read from its
    /// notation (a move from the log, a tool's).
    pub(crate) fn action<G: Game>(
        &self,
        game: &G,
        before: &G::State,
    ) -> Result<G::Action, crate::games::RulesError> {
        match self.chosen.as_ref().and_then(|c| c.action::<G::Action>()) {
            Some(action) => Ok(action.clone()),
            None => game.parse_action(before, &self.action),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SeriesScore {
    pub points: Vec<u32>,
    pub target: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("{0}")]
    Unsupported(String),
    #[error("image encoding failed: {0}")]
    Encode(String),
}

/// Why a game ended, in `lang` with the scene's names when the game tells
/// it (see [`crate::games::Outcome::phrase`]).
pub(crate) fn reason(
    lang: crate::words::Lang,
    outcome: &crate::games::Outcome,
    scene: &Scene,
) -> String {
    match &outcome.phrase {
        Some(phrase) => crate::words::tell(lang, phrase, |seat| {
            scene
                .names
                .get(seat)
                .map(|n| kit::drawable(n))
                .unwrap_or_default()
        }),
        None => outcome.reason.clone(),
    }
}

/// The footer's line once a game is over: a result the table decided, else who won, why
/// and the score, or why the game ended without a winner (`name`: a seat's name). `None`
/// while the game goes on.
pub(crate) fn ending_line(
    lang: crate::words::Lang,
    status: &Status,
    scene: &Scene,
    name: impl Fn(crate::games::Seat) -> String,
) -> Option<String> {
    if let Some(result) = &scene.result {
        return Some(result.clone());
    }
    let Status::Over(outcome) = status else {
        return None;
    };
    let reason = reason(lang, outcome, scene);
    let score = crate::games::score_line(&outcome.points);
    Some(match outcome.winner() {
        Some(seat) => crate::t!(
            lang,
            "board-wins",
            who = name(seat),
            reason = reason,
            score = score
        ),
        None => crate::t!(
            lang,
            "board-over",
            reason = capitalise(&reason),
            score = score
        ),
    })
}

impl Scene {
    /// The name of the player in `seat`, or `fallback` (the side's colour) when the scene
    /// has none.
    pub fn name_or(&self, seat: usize, fallback: impl FnOnce() -> String) -> String {
        self.names
            .get(seat)
            .map(|n| kit::drawable(n))
            .filter(|n| !n.is_empty())
            .unwrap_or_else(fallback)
    }
}

/// Full-size board scale (design units are pixels at full size).
pub const FULL: f32 = 1.0;
/// The scale of replay frames.
pub const REPLAY: f32 = 0.75;

/// A game's board: how its positions are drawn, one implementation per game (each in its
/// file beside this one), found through `crate::catalogue`. Positions come in notation with
/// the table's options, as the layers above hold them.
pub trait Board: Send + Sync {
    /// Draws a position at `scale`.
    fn canvas(
        &self,
        lang: crate::words::Lang,
        options: &GameOptions,
        state: &str,
        scene: &Scene,
        scale: f32,
    ) -> Result<Canvas, RenderError>;

    /// The board as PNG bytes, at full size.
    fn png(
        &self,
        lang: crate::words::Lang,
        options: &GameOptions,
        state: &str,
        scene: &Scene,
    ) -> Result<Vec<u8>, RenderError>;

    /// A game in play as PNG bytes, at full size: the table hands its typed game over, so
    /// the position is drawn as it is held, never written out and read back.
    fn png_of(
        &self,
        lang: crate::words::Lang,
        play: &dyn DynPlay,
        scene: &Scene,
    ) -> Result<Vec<u8>, RenderError>;

    /// An animated replay: the start position, then one frame per action with that action
    /// highlighted; the last frame stays longer. `dress` gives the players' names and the
    /// looks they wear.
    fn replay(
        &self,
        lang: crate::words::Lang,
        options: &GameOptions,
        start: &str,
        actions: &[Step],
        dress: &Scene,
    ) -> Result<Vec<u8>, RenderError>;

    /// The places of a game in play that its player to move may touch ([`spots`]),
    /// named as the game's touches name them; empty where the board takes no touches.
    fn spots(&self, play: &dyn DynPlay) -> spots::Spots;

    /// How each seat's pieces look, by seat: a page beside the board shows the same colours.
    fn sides(&self) -> &'static [SideLook];

    /// The colours of the board itself, which a theme recolours (with the frame's).
    fn surfaces(&self) -> &'static [kit::Rgb];
}

/// A seat's side as the board draws it: its name (a message id) and its pieces' colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideLook {
    pub name: &'static str,
    pub face: kit::Rgb,
    pub edge: kit::Rgb,
    /// The mark drawn on the face (a ring, a dot, pips, an icon).
    pub mark: kit::Rgb,
}

impl SideLook {
    /// The colours as a key for cached sprites of pieces in them.
    pub fn key(&self) -> String {
        format!("{}{}{}", self.face.css(), self.edge.css(), self.mark.css())
    }

    /// The side's name in `lang` ("White", "Rouges").
    pub fn name(&self, lang: crate::words::Lang) -> String {
        crate::t!(lang, self.name)
    }
}

impl SideLook {
    /// White pieces: light faces with dark edges.
    pub const WHITE: SideLook = SideLook {
        name: "side-white",
        face: kit::theme::LIGHT_PIECE,
        edge: kit::theme::LIGHT_EDGE,
        mark: kit::theme::LIGHT_MARK,
    };
    /// Black pieces: dark faces with light edges.
    pub const BLACK: SideLook = SideLook {
        name: "side-black",
        face: kit::theme::DARK_PIECE,
        edge: kit::theme::DARK_EDGE,
        mark: kit::theme::DARK_EDGE,
    };
}

/// The name of `seat`'s side among `sides` (the last side for any seat past them).
pub fn side_name(lang: crate::words::Lang, sides: &[SideLook], seat: usize) -> String {
    sides
        .get(seat)
        .or(sides.last())
        .map(|side| side.name(lang))
        .unwrap_or_default()
}

/// A game's board as its file declares it: the drawing of a typed position, the palette
/// its PNGs are encoded with and its static layers. Reading the table's options and the
/// position, encoding and replays are the same for every game's board.
pub struct Drawn<G: Game> {
    pub draw: DrawFn<G>,
    pub palette: fn() -> &'static Palette,
    /// A palette learnt from the game's sample boards with their seats dressed like a
    /// scene's (the sets its players wear).
    pub dressed: fn(&Scene) -> Palette,
    /// The colours of the board itself (cells, points, felt) that a theme recolours with
    /// the frame; pieces stand on them.
    pub surfaces: &'static [kit::Rgb],
    /// The static layers a position is drawn on: one set for most games, one per viewer
    /// where the frame itself depends on the position (backgammon's point numbers are those
    /// of the player who acts).
    pub layers: fn(&G, &G::State) -> &'static encode::StaticLayers,
    /// The seats' sides, by seat.
    pub sides: &'static [SideLook],
    /// The places a player may touch, where the board takes touches ([`spots`]).
    pub spots: Option<SpotsFn<G>>,
}

/// The spots of a typed position, in the board's units.
pub type SpotsFn<G> = fn(&G, &<G as Game>::State) -> spots::Spots;

impl<G: Game> Drawn<G> {
    fn typed(&self, options: &GameOptions, state: &str) -> Result<(G, G::State), RenderError> {
        let game = G::from_options(options)?;
        let pos = game.parse_state(state)?;
        Ok((game, pos))
    }

    fn encode(
        &self,
        lang: crate::words::Lang,
        game: &G,
        pos: &G::State,
        scene: &Scene,
    ) -> Result<Vec<u8>, RenderError> {
        let canvas = (self.draw)(lang, game, pos, scene, FULL)?;
        let layers = (self.layers)(game, pos);
        let png = if !scene.dressed() && scene.theme.is_none() {
            encode::png_indexed(&canvas, (self.palette)(), Some(&layers.base(FULL)))
        } else {
            let palette = self.palette_for(scene);
            let base = Self::base_for(layers, FULL, scene, &palette);
            encode::png_indexed(&canvas, &palette, Some(&base))
        };
        canvas.recycle();
        png
    }

    /// The layer a board of `scene` is encoded over with `palette`: a theme keeps the
    /// plain palette's lookup, so the plain layer's indices still hold; a set needs its own
    /// palette, whose lookup differs, and so a layer indexed through it.
    fn base_for(
        layers: &encode::StaticLayers,
        scale: f32,
        scene: &Scene,
        palette: &Palette,
    ) -> Arc<BaseLayer> {
        if scene.dressed() {
            let sets = scene.sets.iter().map(|s| s.map(|s| s.id)).collect();
            layers.dressed_base(scale, sets, palette)
        } else {
            layers.base(scale)
        }
    }

    /// The palette a scene's board is encoded with: the plain one, or one dressed for its
    /// sets and theme.
    fn palette_for(&self, scene: &Scene) -> Arc<Palette> {
        looks::palette_for(
            G::INFO.id,
            scene,
            (self.palette)(),
            self.dressed,
            self.surfaces,
            self.sides,
        )
    }
}

impl<G: Game> Board for Drawn<G> {
    fn canvas(
        &self,
        lang: crate::words::Lang,
        options: &GameOptions,
        state: &str,
        scene: &Scene,
        scale: f32,
    ) -> Result<Canvas, RenderError> {
        let (game, pos) = self.typed(options, state)?;
        (self.draw)(lang, &game, &pos, scene, scale)
    }

    fn png(
        &self,
        lang: crate::words::Lang,
        options: &GameOptions,
        state: &str,
        scene: &Scene,
    ) -> Result<Vec<u8>, RenderError> {
        let (game, pos) = self.typed(options, state)?;
        self.encode(lang, &game, &pos, scene)
    }

    fn png_of(
        &self,
        lang: crate::words::Lang,
        play: &dyn DynPlay,
        scene: &Scene,
    ) -> Result<Vec<u8>, RenderError> {
        let typed = play
            .as_any()
            .downcast_ref::<Playthrough<G>>()
            .ok_or_else(|| RenderError::Unsupported(format!("not a game of {}", G::INFO.id)))?;
        self.encode(lang, typed.game(), typed.state(), scene)
    }

    fn spots(&self, play: &dyn DynPlay) -> spots::Spots {
        let typed = play.as_any().downcast_ref::<Playthrough<G>>();
        match (self.spots, typed) {
            (Some(spots), Some(typed)) => spots(typed.game(), typed.state()),
            _ => spots::Spots::default(),
        }
    }

    fn sides(&self) -> &'static [SideLook] {
        self.sides
    }

    fn surfaces(&self) -> &'static [kit::Rgb] {
        self.surfaces
    }

    fn replay(
        &self,
        lang: crate::words::Lang,
        options: &GameOptions,
        start: &str,
        actions: &[Step],
        dress: &Scene,
    ) -> Result<Vec<u8>, RenderError> {
        let game = Arc::new(G::from_options(options)?);
        let layers = (self.layers)(&game, &game.parse_state(start)?);
        let palette = self.palette_for(dress);
        let base = Self::base_for(layers, REPLAY, dress, &palette);
        replay_frames(
            lang,
            game,
            start,
            actions,
            dress,
            (self.draw, &palette, Some(&*base)),
        )
    }
}

/// How a game's boards are drawn, for [`replay_frames`].
pub(crate) type DrawFn<G> =
    fn(crate::words::Lang, &G, &<G as Game>::State, &Scene, f32) -> Result<Canvas, RenderError>;

/// The most frames a replay shows after its start: a long game (a D-Zone game of 400 turns
/// logs over a thousand rolls and moves) shows every k-th action instead, so that the GIF
/// stays well under Discord's upload limit (about 36 KB a frame: 150 frames, 5.4 MB).
pub const REPLAY_FRAMES: usize = 150;

/// An animated replay of a game from `start` through `actions`: the start position, then one
/// frame per action with that action highlighted (and a result the log decided, such as a
/// repetition), or per k actions past [`REPLAY_FRAMES`]; the last frame stays longer. Each
/// frame is drawn with the game's drawing, encoded with its palette over its base layer.
pub(crate) fn replay_frames<G: Game>(
    lang: crate::words::Lang,
    game: Arc<G>,
    start: &str,
    actions: &[Step],
    dress: &Scene,
    (draw, palette, base): (DrawFn<G>, &Palette, Option<&BaseLayer>),
) -> Result<Vec<u8>, RenderError> {
    let mut play = Playthrough::from_state(Arc::clone(&game), game.parse_state(start)?);
    let mut scene = Scene {
        names: dress.names.clone(),
        sets: dress.sets.clone(),
        theme: dress.theme,
        ..Scene::default()
    };
    let first = draw(lang, &game, play.state(), &scene, REPLAY)?;
    let mut gif = GifRecorder::new(first.width(), first.height(), palette)?;
    gif.push(&first, base, if actions.is_empty() { 300 } else { 120 })?;
    let stride = actions.len().div_ceil(REPLAY_FRAMES).max(1);
    for (i, step) in actions.iter().enumerate() {
        let before = play.state().clone();
        if let Step::Leave(seat) = step {
            play.forfeit(*seat)?;
            scene.last_move = None;
        } else if let Step::Action(text) = step {
            let action = game.parse_action(&before, text)?;
            play.apply(&action)?;
            scene.last_move = Some(LastMove {
                action: game.format_action(&before, &action),
                before: Some(game.format_state(&before)),
                chosen: None,
            });
        }
        scene.result = match play.status() {
            Status::Over(outcome) if game.status(play.state()) != Status::Over(outcome.clone()) => {
                let mut reason = outcome.reason.clone();
                if let Some(first) = reason.get(..1) {
                    reason = first.to_uppercase() + &reason[1..];
                }
                Some(reason)
            }
            _ => None,
        };
        let last = i + 1 == actions.len();
        if !last && (i + 1) % stride != 0 {
            continue;
        }
        let frame = draw(lang, &game, play.state(), &scene, REPLAY)?;
        gif.push(&frame, base, if last { 400 } else { 110 })?;
    }
    gif.finish()
}

pub static STATS: [std::sync::atomic::AtomicUsize; 6] =
    [const { std::sync::atomic::AtomicUsize::new(0) }; 6];
