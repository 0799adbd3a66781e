//! The board of each watched table as it is now, drawn once: the channel's reply and the
//! table's live page show the same image. The pages wait for a board the channel is drawing
//! rather than draw it again on the same cores; the channel never waits for the pages (they
//! run at a lower priority, and a reply must not queue behind them), so it draws its own
//! copy in the rare case the pages started first. Tables nobody watches keep nothing.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, TryLockError};

use bytes::Bytes;

use super::log::Progress;
use super::{App, Refusal};
use crate::ledger::tables::TableRow;
use crate::render::Scene;
use crate::words::Lang;

/// Boards kept for one turn of a table: its languages and scenes (the channel's board and
/// a `/board` without a highlight, in English and French).
const PER_TURN: usize = 4;

/// A drawing, or why it failed (told to every reader alike); locked while being drawn.
type Cell = Arc<Mutex<Option<Result<Bytes, String>>>>;

/// Whether a reader waits for a drawing already under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Waiting {
    /// The channel's reply: draws its own copy rather than wait.
    Never,
    /// A live page: waits, and draws only when nobody did.
    Yes,
}

/// One board of a table's current turn.
struct Drawn {
    lang: Lang,
    scene: Scene,
    cell: Cell,
}

/// The boards of the current turn of every watched table.
#[derive(Default)]
pub(crate) struct Boards {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    watched: HashSet<i64>,
    tables: HashMap<i64, (i64, Vec<Drawn>)>,
}

impl Boards {
    /// Starts or stops keeping `table`'s boards.
    fn watch(&self, table: i64, watched: bool) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if watched {
            inner.watched.insert(table);
        } else {
            inner.watched.remove(&table);
            inner.tables.remove(&table);
        }
    }

    /// The cell of `table`'s board at `turn` in `scene`, in `lang`.
    fn cell(&self, lang: Lang, table: i64, turn: i64, scene: &Scene) -> Cell {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if !inner.watched.contains(&table) {
            return Cell::default();
        }
        let (at, drawn) = inner
            .tables
            .entry(table)
            .or_insert_with(|| (turn, Vec::new()));
        if *at != turn {
            // A newer turn replaces the old one; an older one (a slow reader) is drawn
            // apart, without taking the place of the newer boards.
            if *at > turn {
                return Cell::default();
            }
            *at = turn;
            drawn.clear();
        }
        if let Some(found) = drawn.iter().find(|d| d.lang == lang && d.scene == *scene) {
            return Arc::clone(&found.cell);
        }
        if drawn.len() >= PER_TURN {
            drawn.remove(0);
        }
        let cell = Cell::default();
        drawn.push(Drawn {
            lang,
            scene: scene.clone(),
            cell: Arc::clone(&cell),
        });
        cell
    }
}

impl App {
    /// Starts (or stops) sharing `table`'s current board between the channel and its live
    /// page: called when its first spectator comes and when its last one leaves.
    pub fn watch_boards(&self, table: i64, watched: bool) {
        self.boards.watch(table, watched);
    }

    /// The board of `row` as it is now in `scene`, in `lang`: drawn once
    /// for the channel and the live pages together.
    pub(crate) fn current_board(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        progress: &Progress,
        scene: &Scene,
        waiting: Waiting,
    ) -> Result<Bytes, Refusal> {
        let draw = || -> Result<Bytes, String> {
            let entry = self.entry(row).map_err(|e| e.told(lang))?;
            crate::telemetry::timed("holotable_board_render_seconds", ("where", "table"), || {
                entry.board.png_of(lang, progress.play.as_ref(), scene)
            })
            .map(Bytes::from)
            .map_err(|e| e.to_string())
        };
        let cell = self.boards.cell(lang, row.id, row.turn, scene);
        fill(&cell, waiting, draw).map_err(Refusal::Said)
    }
}

/// The drawing of `cell`: kept, or drawn now and kept; drawn apart and not kept when
/// another reader is drawing it and this one does not wait.
fn fill(
    cell: &Cell,
    waiting: Waiting,
    draw: impl FnOnce() -> Result<Bytes, String>,
) -> Result<Bytes, String> {
    let mut slot = match (cell.try_lock(), waiting) {
        (Ok(slot), _) => slot,
        (Err(TryLockError::Poisoned(e)), _) => e.into_inner(),
        (Err(TryLockError::WouldBlock), Waiting::Never) => return draw(),
        (Err(TryLockError::WouldBlock), Waiting::Yes) => {
            cell.lock().unwrap_or_else(|e| e.into_inner())
        }
    };
    slot.get_or_insert_with(draw).clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::LastMove;

    fn scene(last: Option<&str>) -> Scene {
        Scene {
            names: vec!["ann".into(), "bob".into()],
            last_move: last.map(|a| LastMove::from("p".into(), a.into())),
            ..Scene::default()
        }
    }

    fn watching(tables: &[i64]) -> Boards {
        let boards = Boards::default();
        for &table in tables {
            boards.watch(table, true);
        }
        boards
    }

    #[test]
    fn one_drawing_per_turn_language_and_scene() {
        let lang = crate::words::Lang::En;
        let boards = watching(&[1, 2]);
        let a = boards.cell(lang, 1, 5, &scene(Some("a1-b2")));
        *a.lock().unwrap() = Some(Ok(Bytes::from_static(b"png")));
        // The same board again: the same cell, already drawn.
        let again = boards.cell(lang, 1, 5, &scene(Some("a1-b2")));
        assert!(Arc::ptr_eq(&a, &again));
        // Another scene, another language, another table: another drawing.
        assert!(!Arc::ptr_eq(&a, &boards.cell(lang, 1, 5, &scene(None))));
        let french = boards.cell(Lang::Fr, 1, 5, &scene(Some("a1-b2")));
        assert!(!Arc::ptr_eq(&a, &french));
        assert!(!Arc::ptr_eq(
            &a,
            &boards.cell(lang, 2, 5, &scene(Some("a1-b2")))
        ));
    }

    #[test]
    fn tables_nobody_watches_keep_nothing() {
        let lang = crate::words::Lang::En;
        let boards = watching(&[1]);
        let kept = boards.cell(lang, 1, 5, &scene(None));
        assert!(Arc::ptr_eq(&kept, &boards.cell(lang, 1, 5, &scene(None))));
        // Another table: a drawing of its own each time, nothing kept.
        assert!(!Arc::ptr_eq(
            &boards.cell(lang, 2, 5, &scene(None)),
            &boards.cell(lang, 2, 5, &scene(None))
        ));
        // The last spectator left: the kept boards go.
        boards.watch(1, false);
        assert!(boards.inner.lock().unwrap().tables.is_empty());
        assert!(!Arc::ptr_eq(&kept, &boards.cell(lang, 1, 5, &scene(None))));
    }

    #[test]
    fn a_new_turn_replaces_the_old_and_an_old_turn_does_not_come_back() {
        let lang = crate::words::Lang::En;
        let boards = watching(&[1]);
        let old = boards.cell(lang, 1, 5, &scene(None));
        let new = boards.cell(lang, 1, 6, &scene(None));
        assert!(!Arc::ptr_eq(&old, &new));
        // A slow reader of turn 5 draws apart and leaves turn 6's boards in place.
        let late = boards.cell(lang, 1, 5, &scene(None));
        assert!(!Arc::ptr_eq(&old, &late));
        assert!(Arc::ptr_eq(&new, &boards.cell(lang, 1, 6, &scene(None))));
    }

    #[test]
    fn the_channel_never_waits_for_a_page_drawing_and_a_page_waits_for_the_channel() {
        let cell = Cell::default();
        // A page is drawing: the channel draws its own copy at once and keeps nothing.
        let drawing = cell.lock().unwrap();
        let own = fill(&cell, Waiting::Never, || Ok(Bytes::from_static(b"own")));
        assert_eq!(own.unwrap(), Bytes::from_static(b"own"));
        drop(drawing);
        assert!(cell.lock().unwrap().is_none());

        // The channel is drawing: a page waits for its board and draws nothing.
        let drawing = cell.lock().unwrap();
        let page = {
            let cell = Arc::clone(&cell);
            std::thread::spawn(move || fill(&cell, Waiting::Yes, || panic!("drawn twice")))
        };
        std::thread::sleep(std::time::Duration::from_millis(50));
        let mut drawing = drawing;
        *drawing = Some(Ok(Bytes::from_static(b"channel")));
        drop(drawing);
        assert_eq!(
            page.join().unwrap().unwrap(),
            Bytes::from_static(b"channel")
        );
        // And the next reader of either kind gets the kept board.
        let again = fill(&cell, Waiting::Never, || panic!("drawn twice"));
        assert_eq!(again.unwrap(), Bytes::from_static(b"channel"));
    }

    #[test]
    fn a_turn_keeps_a_few_boards_only() {
        let lang = crate::words::Lang::En;
        let boards = watching(&[1]);
        let first = boards.cell(lang, 1, 5, &scene(Some("m0")));
        for k in 1..=PER_TURN {
            boards.cell(lang, 1, 5, &scene(Some(&format!("m{k}"))));
        }
        assert!(!Arc::ptr_eq(
            &first,
            &boards.cell(lang, 1, 5, &scene(Some("m0")))
        ));
    }
}
