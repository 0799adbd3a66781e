//! The checklist for adding a game (`docs/ARCHITECTURE.md`, "Adding a game") stays true:
//! every per-game path it names with `<id>` exists for every game of the catalogue, and so
//! does every other place it describes in words (a board file or folder, the game's name and
//! rules summary in both languages, a rules document citing the game's own rule prefix).

use std::path::Path;

use holotable::catalogue::GAMES;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The "Adding a game" section of the architecture document.
fn checklist() -> String {
    let text = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let start = text
        .find("\n## Adding a game\n")
        .expect("docs/ARCHITECTURE.md has a section \"Adding a game\"");
    let rest = &text[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    rest[..end].to_string()
}

/// The code spans (`…`) of `text` that hold `<id>`.
fn per_game_paths(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| span.contains("<id>"))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_path_the_checklist_names_exists_for_every_game() {
    let paths = per_game_paths(&checklist());
    assert!(
        paths.len() >= 4,
        "the checklist names the per-game files: {paths:?}"
    );
    let mut missing = Vec::new();
    for entry in GAMES {
        for path in &paths {
            let path = path.replace("<id>", entry.info.id);
            if !root().join(&path).exists() {
                missing.push(path);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "named by the checklist, missing: {missing:?}"
    );
}

#[test]
fn every_game_has_a_board_messages_and_a_rules_document() {
    for entry in GAMES {
        let id = entry.info.id;
        let board = root().join("crates/render/src");
        assert!(
            board.join(format!("{id}.rs")).exists() || board.join(id).join("mod.rs").exists(),
            "{id}: a board in crates/render/src/"
        );
        for lang in ["en-US", "fr"] {
            let games =
                std::fs::read_to_string(root().join(format!("locales/{lang}/games.ftl"))).unwrap();
            for message in [format!("game-{id} ="), format!("rules-{id} =")] {
                assert!(
                    games.lines().any(|l| l.starts_with(&message)),
                    "{id}: {message} in locales/{lang}/games.ftl"
                );
            }
        }
        let rules = std::fs::read_to_string(root().join(format!("docs/rules/{id}.md")))
            .unwrap_or_else(|e| panic!("{id}: docs/rules/{id}.md: {e}"));
        assert!(
            rules.contains("## ") && rules.to_ascii_lowercase().contains("notation"),
            "{id}: the rules document has sections and a notation section"
        );
    }
}

#[test]
fn the_checklist_is_read_as_intended() {
    let paths =
        per_game_paths("Add `crates/games/src/<id>/mod.rs`, then `GAMES` and `tests/<id>_x.rs`.");
    assert_eq!(paths, ["crates/games/src/<id>/mod.rs", "tests/<id>_x.rs"]);
}
