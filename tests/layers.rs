//! The layers of docs/ARCHITECTURE.md, kept. The lower layers are crates of their own
//! (`crates/`: the rules core, words, the droid, render, telemetry, the ledger), so an
//! import upwards does not build; their manifests are checked here to name only the layers
//! below, up to the tables (`crates/tables`). Inside the root crate, which holds the front
//! ends and the binary, every path a front end names with `crate::…` (outside comments)
//! must be the tables' or its own: the front ends stand on the tables alone (with the
//! catalogue, the words and their own configuration).

use std::collections::BTreeSet;
use std::path::Path;

/// The modules of the root crate that stand for a layer crate (`pub use holotable_games as
/// games`), and the crates below the root: each may depend on those listed, no other.
const CRATES: &[(&str, &str, &[&str])] = &[
    ("games", "crates/games", &[]),
    ("words", "crates/words", &["holotable-games"]),
    ("droid", "crates/droid", &["holotable-games"]),
    (
        "render",
        "crates/render",
        &["holotable-games", "holotable-words"],
    ),
    ("telemetry", "crates/telemetry", &[]),
    ("ledger", "crates/ledger", &["holotable-telemetry"]),
    (
        "table",
        "crates/tables",
        &[
            "holotable-droid",
            "holotable-games",
            "holotable-ledger",
            "holotable-render",
            "holotable-telemetry",
            "holotable-words",
        ],
    ),
];

/// The layer still inside the root crate, the front ends, and the top-level modules of the
/// crate it may name (the layer crates appear as modules of the same names).
const LAYERS: &[(&str, &[&str])] = &[(
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
)];

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

/// The layer crates a crate's manifest depends on.
fn layer_dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let manifest: toml::Table = toml::from_str(&text).unwrap();
    let mut found: Vec<String> = ["dependencies", "dev-dependencies"]
        .iter()
        .filter_map(|section| manifest.get(*section).and_then(|d| d.as_table()))
        .flat_map(|deps| deps.keys().cloned())
        .filter(|name| name.starts_with("holotable"))
        .collect();
    found.sort();
    found
}

// The compiler keeps each layer crate to the crates its manifest names; these are the
// manifests the layers allow, so a dependency upwards fails here before it could build.
#[test]
fn each_layer_crate_depends_only_on_the_layers_below_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (module, dir, allowed) in CRATES {
        let deps = layer_dependencies(&root.join(dir).join("Cargo.toml"));
        assert_eq!(deps, *allowed, "{dir} ({module}) depends on {deps:?}");
        let lib = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
        let crate_name = dir.replace("crates/", "holotable_");
        assert!(
            lib.contains(&format!("pub use {crate_name} as {module};")),
            "src/lib.rs names {crate_name} as {module}"
        );
    }
    // Every crate of the workspace is one of them: a new one states its layer here.
    let mut dirs: Vec<String> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| format!("crates/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    dirs.sort();
    let mut listed: Vec<String> = CRATES.iter().map(|(_, d, _)| d.to_string()).collect();
    listed.sort();
    assert_eq!(dirs, listed);
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
    std::fs::write(front.join("console.rs"), "let mind = crate::droid::MIND;\n").unwrap();
    let found = violations(&dir);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().any(|f| f.ends_with("web.rs: crate::ledger")));
    assert!(found
        .iter()
        .any(|f| f.ends_with("console.rs: crate::droid")));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Context is passed, not ambient (docs/TABLE_FLOW.md): no state of a call — its actor,
/// language, interaction, place or writes — may hide in the thread that runs it, where an
/// async or websocket front end could not carry it.
#[test]
fn no_state_hides_in_a_thread() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        sources(&entry.unwrap().path().join("src"), &mut files);
    }
    assert!(files.len() > 100, "the sources were not found");
    let marker = concat!("thread", "_local!");
    let found: Vec<String> = files
        .iter()
        .filter(|file| std::fs::read_to_string(file).unwrap().contains(marker))
        .map(|file| file.display().to_string())
        .collect();
    assert!(found.is_empty(), "state kept beside a thread in {found:?}");
}

/// The table layer hands over words with typed pieces ([`holotable::words::Text`]) and
/// writes no front end's markup: no Discord mention, channel link or timestamp is made
/// below the front ends (their presentation modules make them), and the phrasebook has none.
#[test]
fn the_table_layer_writes_no_front_ends_markup() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for layer in ["tables", "words", "render", "games", "ledger"] {
        sources(&root.join("crates").join(layer).join("src"), &mut files);
    }
    for entry in std::fs::read_dir(root.join("locales")).unwrap() {
        for file in std::fs::read_dir(entry.unwrap().path()).unwrap() {
            files.push(file.unwrap().path());
        }
    }
    assert!(files.len() > 60, "the sources were not found");
    // Discord's marks around a value put in by `format!` or Fluent: `<#{channel}>`,
    // `<@{ $user }>`, `<t:{unix}:R>`.
    let marks = ["<#{", "<@{", "<@&{", "<t:{"];
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if marks.iter().any(|m| code.contains(m)) {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "front-end markup below the front ends: {found:#?}"
    );
}
