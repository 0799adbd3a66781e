//! docs/ARCHITECTURE.md's map of the tree stays true: every path it names exists, every
//! crate of the workspace and every part of `src/` is on it, and each size it gives is
//! within a fifth of the real one.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The map's rows: (path, lines it says).
fn map() -> Vec<(String, usize)> {
    let text = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let start = text.find("\n## The map\n").expect("a section \"The map\"");
    let section = &text[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| layer") && !l.starts_with("|---"))
        .map(|row| {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let path = cells[2].trim_matches('`').to_string();
            let lines = cells[3]
                .trim_start_matches('~')
                .replace(',', "")
                .parse()
                .unwrap_or_else(|e| panic!("{row}: lines: {e}"));
            (path, lines)
        })
        .collect()
}

/// Lines of the Rust files under `path` (its SQL files for the migrations).
fn lines(path: &Path) -> usize {
    if path.is_dir() {
        std::fs::read_dir(path)
            .unwrap()
            .map(|e| lines(&e.unwrap().path()))
            .sum()
    } else if path.extension().is_some_and(|e| e == "rs" || e == "sql") {
        std::fs::read_to_string(path).unwrap().lines().count()
    } else {
        0
    }
}

fn entries(dir: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| format!("{dir}/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    out.sort();
    out
}

#[test]
fn every_path_on_the_map_exists_and_is_about_the_size_it_says() {
    let map = map();
    assert!(map.len() >= 15, "{map:?}");
    for (path, said) in &map {
        let at = root().join(path);
        assert!(at.exists(), "{path} is on the map but not in the tree");
        let real = lines(&at);
        let (low, high) = (said * 4 / 5, said * 6 / 5 + 10);
        assert!(
            (low..=high).contains(&real),
            "{path}: the map says ~{said} lines, it has {real}"
        );
    }
}

#[test]
fn every_crate_and_every_part_of_src_is_on_the_map() {
    let on_map: Vec<String> = map().into_iter().map(|(p, _)| p).collect();
    let mut parts = entries("crates");
    parts.extend(entries("src").into_iter().filter(|p| p != "src/front"));
    parts.extend(entries("src/front"));
    let missing: Vec<&String> = parts.iter().filter(|p| !on_map.contains(p)).collect();
    assert!(missing.is_empty(), "not on the map: {missing:?}");
}
