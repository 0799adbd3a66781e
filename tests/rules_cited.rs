//! docs/CONTRACT.md P-9: every rule of every rules document (`docs/rules/<game>.md`) is
//! covered by a test that cites it — by its number in a comment or message (`// ZK-4.2`,
//! "DZ-8.3: …") or in a test's name (`fn kg_3_4_and_8_1_…` cites KG-3.4 and KG-8.1) — and
//! every rule a test cites exists in the documents.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const PREFIXES: [&str; 5] = ["DJ", "BG", "ZK", "KG", "DZ"];

/// `PREFIX-N`, `PREFIX-N.M` and `PREFIX-N.Mx` in `text` (any case), as `PREFIX-N.Mx`.
fn numbers_in(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let upper = text.to_ascii_uppercase();
    for prefix in PREFIXES {
        let tag = format!("{prefix}-");
        for (at, _) in upper.match_indices(&tag) {
            let boundary = upper[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
            if boundary {
                if let Some(id) = number_after(&text[at + tag.len()..], '.') {
                    out.insert(format!("{prefix}-{id}"));
                }
            }
        }
    }
    out
}

/// `N`, `N<sep>M` or `N<sep>Mx` at the start of `text`, written with a dot.
fn number_after(text: &str, sep: char) -> Option<String> {
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
    let n = digits(text);
    if n == 0 {
        return None;
    }
    let mut id = text[..n].to_string();
    let rest = &text[n..];
    if let Some(after) = rest.strip_prefix(sep) {
        let m = digits(after);
        if m > 0 {
            id.push('.');
            id.push_str(&after[..m]);
            let tail = &after[m..];
            let mut chars = tail.chars();
            if let (Some(c), next) = (chars.next(), chars.next()) {
                if c.is_ascii_lowercase() && next.is_none_or(|d| !d.is_ascii_alphanumeric()) {
                    id.push(c);
                }
            }
        }
    }
    Some(id)
}

/// The rules a test's name cites: `fn zk_6_1_and_6_2_…` cites ZK-6.1 and ZK-6.2.
fn numbers_in_test_names(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in text.match_indices("fn ") {
        let name: String = text[at + 3..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let Some((prefix, rest)) = name.split_once('_') else {
            continue;
        };
        let prefix = prefix.to_ascii_uppercase();
        if !PREFIXES.contains(&prefix.as_str()) {
            continue;
        }
        for part in rest.split("_and_") {
            if let Some(id) = number_after(part, '_') {
                out.insert(format!("{prefix}-{id}"));
            }
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every rule number a test cites, by a comment, a message or a test's name.
fn cited_by_tests(root: &Path) -> BTreeSet<String> {
    let mut files = Vec::new();
    // Tests only: the rules core's own comments cite rules too, but a citation there is not
    // a test. This file's examples of the citation syntax are not citations either.
    rust_files(&root.join("tests"), &mut files);
    files.retain(|f| !f.ends_with(file!().rsplit('/').next().unwrap()));
    let mut cited = BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        cited.extend(numbers_in(&text));
        cited.extend(numbers_in_test_names(&text));
    }
    cited
}

/// The rule numbers of each Markdown document in `dir` (not its sub-folders), by file name.
fn documented(dir: &Path) -> Vec<(String, BTreeSet<String>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        out.push((name, numbers_in(&std::fs::read_to_string(&path).unwrap())));
    }
    out.sort();
    out
}

/// A rule is a number with no sub-rules (DJ-8 is one rule; DJ-3 is a section).
fn rules_only(ids: &BTreeSet<String>) -> impl Iterator<Item = &String> {
    ids.iter()
        .filter(|id| !ids.iter().any(|other| other.starts_with(&format!("{id}."))))
}

#[test]
fn every_rule_of_every_rules_document_is_cited_by_a_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cited = cited_by_tests(root);
    let docs = documented(&root.join("docs/rules"));
    let mut games: Vec<String> = holotable::catalogue::GAMES
        .iter()
        .map(|entry| format!("{}.md", entry.info.id))
        .collect();
    games.sort();
    assert_eq!(
        docs.iter()
            .map(|(name, _)| name.clone())
            .collect::<Vec<_>>(),
        games,
        "one rules document per game of the catalogue"
    );
    let mut checked = 0;
    let mut missing = Vec::new();
    for (name, ids) in &docs {
        for id in rules_only(ids) {
            checked += 1;
            if !cited.contains(id) {
                missing.push(format!("{id} ({name})"));
            }
        }
    }
    assert!(checked > 150, "only {checked} rules found in docs/rules");
    assert!(missing.is_empty(), "rules no test cites: {missing:?}");
}

#[test]
fn every_rule_a_test_cites_is_in_the_rules_documents() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let documented: BTreeSet<String> = documented(&root.join("docs/rules"))
        .into_iter()
        .flat_map(|(_, ids)| ids)
        .collect();
    let unknown: Vec<String> = cited_by_tests(root)
        .into_iter()
        .filter(|id| !documented.contains(id))
        .collect();
    assert!(
        unknown.is_empty(),
        "tests cite rules the documents do not have: {unknown:?}"
    );
}

#[test]
fn translated_rules_documents_number_the_same_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let english = documented(&root.join("docs/rules"));
    let french = documented(&root.join("docs/rules/fr"));
    assert!(
        french.iter().any(|(name, _)| name == "dejarik.md"),
        "Dejarik's rules exist in French"
    );
    for (name, ids) in &french {
        let (_, original) = english
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("fr/{name} translates no English document"));
        assert_eq!(ids, original, "fr/{name} numbers other rules than {name}");
    }
}

#[test]
fn citations_are_read_in_comments_and_in_test_names() {
    let ids = numbers_in("// ZK-4.2, dz-8.3: and DJ-5.3b then KG-9. BG-1.10x");
    assert_eq!(
        ids.into_iter().collect::<Vec<_>>(),
        ["BG-1.10x", "DJ-5.3b", "DZ-8.3", "KG-9", "ZK-4.2"]
    );
    let names = numbers_in_test_names("fn kg_3_4_and_8_1_placements() {}\nfn dj_5_3b_x() {}");
    assert_eq!(
        names.into_iter().collect::<Vec<_>>(),
        ["DJ-5.3b", "KG-3.4", "KG-8.1"]
    );
    assert!(numbers_in("XDZ-1.2 ABDJ-3").is_empty(), "whole words only");
}
