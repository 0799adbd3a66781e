//! Every message exists in English and in French (docs/CONTRACT.md P-3 "Languages"), every
//! message the code names exists, and the French words reach a French player.

use std::collections::BTreeSet;
use std::path::Path;

use holotable::catalogue::Catalogue;
use holotable::table::commands::names;
use holotable::words::{self, Lang};

const LOCALES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/locales");

/// The message ids of every `.ftl` file of one language, by file name.
fn ids(lang: &str) -> Vec<(String, BTreeSet<String>)> {
    let mut files: Vec<_> = std::fs::read_dir(Path::new(LOCALES).join(lang))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let ids = text
                .lines()
                .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()))
                .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_string()))
                .collect();
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                ids,
            )
        })
        .collect()
}

#[test]
fn every_message_exists_in_english_and_in_french() {
    let english = ids("en-US");
    let french = ids("fr");
    let names =
        |v: &[(String, BTreeSet<String>)]| v.iter().map(|(f, _)| f.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&english),
        names(&french),
        "the same files in both languages"
    );
    // An id defined twice in one language stops the bundle from loading at all.
    for (lang, files) in [("en-US", &english), ("fr", &french)] {
        let mut seen = BTreeSet::new();
        for (file, ids) in files.iter() {
            for id in ids {
                assert!(
                    seen.insert(id.clone()),
                    "{lang}/{file}: {id} is defined twice"
                );
            }
        }
    }
    let mut total = 0;
    for ((file, en), (_, fr)) in english.iter().zip(&french) {
        let only_en: Vec<_> = en.difference(fr).collect();
        let only_fr: Vec<_> = fr.difference(en).collect();
        assert!(only_en.is_empty(), "{file}: only in English: {only_en:?}");
        assert!(only_fr.is_empty(), "{file}: only in French: {only_fr:?}");
        total += en.len();
    }
    assert!(total > 150, "{total} messages");
}

/// Every message id the code writes literally (`t!("…"`, `say_in(…, "…"`) is in the files.
#[test]
fn every_message_the_code_names_exists() {
    let known: BTreeSet<String> = ids("en-US").into_iter().flat_map(|(_, ids)| ids).collect();
    let mut missing = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // A game's phrases.
            for (i, _) in text.match_indices("Phrase::new(\"") {
                let rest = &text[i + 13..];
                let id = &rest[..rest.find('"').unwrap()];
                // The empty id is the silent phrase.
                if !id.is_empty() && !known.contains(id) {
                    missing.push(format!("{}: {id}", path.display()));
                }
            }
            // `t!(` itself, not the end of `format!(`.
            for (i, _) in text.match_indices("t!(") {
                let before = text[..i].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = text[i + 3..].trim_start();
                if let Some(rest) = rest.strip_prefix('"') {
                    let id = &rest[..rest.find('"').unwrap()];
                    if !known.contains(id) {
                        missing.push(format!("{}: {id}", path.display()));
                    }
                }
            }
        }
    }
    // Ids the code builds from names: commands, games, table states, slot symbols.
    let mut built: Vec<String> = names().iter().map(|n| format!("cmd-{n}")).collect();
    for entry in Catalogue::default().entries() {
        built.push(format!("game-{}", entry.info.id));
        built.push(format!("rules-{}", entry.info.id));
        for decision in entry.info.decisions {
            built.push(format!("decision-{}", decision.action));
        }
    }
    for status in holotable::ledger::tables::TableStatus::ALL {
        built.push(format!("status-{}", status.as_str()));
    }
    for symbol in ["credit", "droid", "blaster", "holocron", "kyber"] {
        built.push(format!("slot-{symbol}"));
    }
    missing.extend(built.into_iter().filter(|id| !known.contains(id)));
    assert!(missing.is_empty(), "missing messages: {missing:?}");
}

#[test]
fn plurals_come_from_the_message_files() {
    let lang = holotable::words::Lang::En;
    let credits = |lang, n: i64| holotable::t!(lang, "credits", amount = n);
    assert_eq!(credits(Lang::En, 1), "1 credit");
    assert_eq!(credits(Lang::En, 2), "2 credits");
    assert_eq!(credits(Lang::En, 0), "0 credits");
    assert_eq!(credits(Lang::Fr, 1), "1 crédit");
    assert_eq!(credits(Lang::Fr, 0), "0 crédit", "French singular for 0");
    assert_eq!(credits(Lang::Fr, 2), "2 crédits");
    // The rules core's phrases carry text; whole numbers in them still choose the plural.
    let won = |lang, points: &str| {
        words::say_in(
            lang,
            "bg-game-won",
            &[
                ("who", words::Arg::from("bob")),
                ("points", words::Arg::of_phrase(points)),
                ("kind", words::Arg::from("single")),
            ],
        )
    };
    assert_eq!(won(Lang::En, "1"), "bob wins the game: 1 point.");
    assert_eq!(won(Lang::En, "2"), "bob wins the game: 2 points.");
    assert_eq!(won(Lang::Fr, "1"), "bob gagne la partie : 1 point.");
    assert_eq!(words::Arg::of_phrase("07"), words::Arg::from("07"));
    // Names come out as they are, without Unicode isolation marks.
    let line = holotable::t!(Lang::En, "turn-to-move", who = "alice");
    assert_eq!(line, "alice to move.");
    assert_eq!(Lang::of("fr"), Lang::Fr);
    assert_eq!(Lang::of("fr-CA"), Lang::Fr);
    assert_eq!(Lang::of("en-GB"), Lang::En);
    assert_eq!(
        Lang::of("pt-BR"),
        Lang::En,
        "English for any other language"
    );
    assert_eq!(
        words::list(lang, &["a".into(), "b".into(), "c".into()]),
        "a, b and c"
    );
}

/// French counts 0 as singular (`one`), so a `one` branch that writes "1" would say
/// "1 tirage" for none: every `one` branch shows the number it was given.
#[test]
fn a_singular_branch_shows_its_number_in_every_language() {
    for lang in ["en-US", "fr"] {
        for entry in std::fs::read_dir(Path::new(LOCALES).join(lang)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, line) in text.lines().enumerate() {
                let Some((_, branch)) = line.split_once("[one]") else {
                    continue;
                };
                let before_placeable = branch.split('{').next().unwrap_or("");
                assert!(
                    !before_placeable.chars().any(|c| c.is_ascii_digit()),
                    "{}:{}: a fixed number in a singular branch: {line}",
                    path.display(),
                    i + 1
                );
            }
        }
    }
    let verified = |lang, chance: i64, droid: i64| {
        holotable::t!(
            lang,
            "verify-ok",
            table = 1,
            seed = "00",
            commitment = "ff",
            chance = chance,
            droid = droid
        )
    };
    let fr = verified(Lang::Fr, 0, 1);
    assert!(fr.contains("0 tirage et 1 coup du droïde"), "{fr}");
    let en = verified(Lang::En, 0, 1);
    assert!(en.contains("0 chance events and 1 droid move"), "{en}");
}

#[test]
fn the_games_decision_buttons_are_labelled_in_the_players_language() {
    let label = |lang, action| words::decision_label(action).tell(lang);
    assert_eq!(label(Lang::En, "pass"), "Pass");
    assert_eq!(
        label(Lang::Fr, "made-up-verb"),
        "Made-up-verb",
        "no words: the verb"
    );
    assert_eq!(label(Lang::Fr, "pass"), "Passer");
    assert_eq!(label(Lang::Fr, "waive"), "Renoncer");
    assert_eq!(label(Lang::Fr, "double"), "Doubler");
    for entry in Catalogue::default().entries() {
        for decision in entry.info.decisions {
            for lang in Lang::ALL {
                let id = format!("decision-{}", decision.action);
                assert!(words::has(lang, &id), "{id} in {lang:?}");
            }
        }
    }
}

#[test]
fn a_game_phrase_keeps_its_numbers_wherever_it_is_told() {
    // One renderer for the table's messages and the boards: a count stays a number, so the
    // message files choose its plural ("1 point", "2 points").
    use holotable::games::Phrase;
    let won = |points: u32| {
        Phrase::new("bg-game-won")
            .seat("who", 1)
            .value("points", points)
            .value("kind", "plain")
    };
    let name = |seat: usize| ["alice", "bob"][seat].to_string();
    let one = words::tell(Lang::En, &won(1), name);
    assert!(one.starts_with("bob wins the game: 1 point"), "{one}");
    assert!(!one.contains("1 points"), "{one}");
    let two = words::tell(Lang::En, &won(2), name);
    assert!(two.contains("2 points"), "{two}");
}
