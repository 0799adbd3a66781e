//! The layers of docs/ARCHITECTURE.md kept by a check that fails the build's tests: every
//! path a module of `src/` names with `crate::…` (outside comments) must belong to its own
//! layer or one below it. Rules core → words, render, droid → catalogue; the ledger apart;
//! tables on top of them all; front ends on the tables alone (with the catalogue, the
//! words and their own configuration).

use std::collections::BTreeSet;
use std::path::Path;

/// Each layer, by where it lives, and the top-level modules of the crate it may name.
const LAYERS: &[(&str, &[&str])] = &[
    ("src/games", &["games"]),
    ("src/words.rs", &["words", "games", "t", "t_in"]),
    ("src/render", &["render", "games", "words", "t", "t_in"]),
    ("src/droid", &["droid", "games"]),
    ("src/catalogue.rs", &["catalogue", "games", "render"]),
    ("src/ledger", &["ledger", "telemetry", "args"]),
    ("src/names.rs", &["names"]),
    ("src/telemetry.rs", &["telemetry"]),
    (
        "src/table",
        &[
            "table",
            "games",
            "render",
            "catalogue",
            "droid",
            "ledger",
            "words",
            "names",
            "lane",
            "telemetry",
            "t",
            "t_in",
        ],
    ),
    (
        "src/front",
        &[
            "front",
            "table",
            "catalogue",
            "words",
            "names",
            "lane",
            "telemetry",
            "config",
            "t",
            "t_in",
        ],
    ),
];

/// The top-level modules `source` names as `crate::name` or `crate::{a, b}`, outside
/// comments.
fn named(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            // `$crate::` is a macro's own crate, not a path of this module's.
            let before = &rest[..at];
            rest = &rest[at + "crate::".len()..];
            if before.ends_with('$') {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                let inside = group.split('}').next().unwrap_or("");
                for name in inside.split(',') {
                    let name = name.trim().split("::").next().unwrap_or("").trim();
                    if !name.is_empty() {
                        out.insert(name.to_string());
                    }
                }
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        }
    }
    out
}

fn sources(path: &Path, out: &mut Vec<std::path::PathBuf>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            sources(&entry.unwrap().path(), out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}

/// Every path that names a module above its layer, as `file: name`.
fn violations(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (layer, allowed) in LAYERS {
        let mut files = Vec::new();
        sources(&root.join(layer), &mut files);
        assert!(!files.is_empty(), "{layer} holds no source");
        for file in files {
            let source = std::fs::read_to_string(&file).unwrap();
            for name in named(&source) {
                if !allowed.contains(&name.as_str()) {
                    found.push(format!("{}: crate::{name}", file.display()));
                }
            }
        }
    }
    found
}

#[test]
fn no_layer_names_a_module_above_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let found = violations(root);
    assert!(
        found.is_empty(),
        "arrows the wrong way:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_every_way_of_naming_a_module() {
    let source = "use crate::ledger::tables::TableRow; // crate::front\n\
                  use crate::{t, words};\n\
                  let x = crate::droid::MIND + $crate::render::X;\n\
                  /// see [`crate::table`]\n";
    let names: Vec<String> = named(source).into_iter().collect();
    assert_eq!(names, ["droid", "ledger", "t", "words"]);
    // A front end that reached into the ledger would be caught.
    let dir = std::env::temp_dir().join(format!("holotable-layers-{}", std::process::id()));
    let front = dir.join("src/front");
    std::fs::create_dir_all(&front).unwrap();
    for (layer, _) in LAYERS {
        let path = dir.join(layer);
        if layer.ends_with(".rs") {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
        } else {
            std::fs::create_dir_all(&path).unwrap();
            std::fs::write(path.join("mod.rs"), "").unwrap();
        }
    }
    std::fs::write(
        front.join("web.rs"),
        "use crate::ledger::tables::TableRow;\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/render/slots.rs"),
        "use crate::ledger::slots::Symbol;\n",
    )
    .unwrap();
    let found = violations(&dir);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().any(|f| f.ends_with("web.rs: crate::ledger")));
    assert!(found.iter().any(|f| f.ends_with("slots.rs: crate::ledger")));
    std::fs::remove_dir_all(&dir).unwrap();
}
