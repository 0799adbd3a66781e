//! `/replay format:text`: a table's record as a text file, headed like a PGN file, with
//! every entry of its log in the game's notation; the console lists it under `files`.

#[path = "common/console.rs"]
mod harness;
use harness::{console, say, text};

/// The tag pairs and numbered entries of a record.
fn read(record: &str) -> (Vec<(String, String)>, Vec<String>, String) {
    let mut tags = Vec::new();
    let mut entries = Vec::new();
    let mut last = String::new();
    for line in record.lines() {
        if let Some(pair) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let (tag, value) = pair.split_once(' ').unwrap();
            tags.push((tag.to_string(), value.trim_matches('"').to_string()));
        } else if let Some((n, entry)) = line.split_once(". ") {
            assert_eq!(n.parse::<usize>().unwrap(), entries.len() + 1, "{line}");
            entries.push(entry.to_string());
        } else if !line.is_empty() {
            last = line.to_string();
        }
    }
    (tags, entries, last)
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> &'a str {
    tags.iter()
        .find(|(t, _)| t == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no [{name}] in {tags:?}"))
}

#[test]
fn a_finished_table_s_record_has_its_players_moves_result_and_seed() {
    let (mut c, _dir) = console("record");
    say(&mut c, "alice: /play game:dejarik opponent:bob wager:50");
    say(&mut c, "bob: [Accept]");
    for (who, action) in [("alice", "o5-i5"), ("bob", "o1-i1"), ("alice", "o6-i6")] {
        let moved = say(&mut c, &format!("{who}: /move action:{action}"));
        assert_eq!(moved[0]["ephemeral"], false, "{}", moved[0]);
    }
    // While it is played: the moves so far, no seed, no result.
    let during = say(&mut c, "carol: /replay format:text");
    let path = during[0]["files"][0].as_str().unwrap().to_string();
    assert!(path.ends_with("table-1.txt"), "{}", during[0]);
    assert_eq!(during[0]["images"], serde_json::json!([]));
    let (tags, entries, last) = read(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(entries, ["alice o5-i5", "bob o1-i1", "alice o6-i6"]);
    assert_eq!(tag(&tags, "Result"), "*");
    assert_eq!(last, "*");
    assert!(tags.iter().all(|(t, _)| t != "Seed"), "{tags:?}");

    say(&mut c, "bob: /resign");
    let after = say(&mut c, "carol@fr: /replay format:text table:1");
    assert!(
        text(&after[0]).starts_with("Le relevé de la table n° 1 : 3 entrées"),
        "{}",
        after[0]
    );
    let record = std::fs::read_to_string(after[0]["files"][0].as_str().unwrap()).unwrap();
    let (tags, entries, last) = read(&record);
    assert_eq!(tag(&tags, "Event"), "Holotable");
    assert_eq!(tag(&tags, "Game"), "Dejarik");
    assert_eq!(tag(&tags, "Seat1"), "alice");
    assert_eq!(tag(&tags, "Seat2"), "bob");
    assert_eq!(tag(&tags, "Stake"), "50");
    assert_eq!(tag(&tags, "Result"), last);
    // bob's resignation ends a game of two: it is the result, not an entry.
    assert_eq!(entries.len(), 3);
    assert_eq!(
        tag(&tags, "Result"),
        "2-0",
        "a forfeit is a full win (points by seat)"
    );
    assert!(!tag(&tags, "Termination").is_empty());
    assert!(tag(&tags, "Date").len() == 10 && tag(&tags, "Date").contains('.'));
    // The seed is the one /verify reveals and checks against the commitment.
    let verify = text(&say(&mut c, "carol: /verify table:1")[0]);
    assert!(verify.contains(tag(&tags, "Seed")), "{verify}");
    assert!(verify.contains(tag(&tags, "Commitment")), "{verify}");
}

#[test]
fn a_format_that_does_not_exist_is_refused_and_the_gif_stays_the_default() {
    let (mut c, _dir) = console("record-format");
    say(&mut c, "alice: /play game:dejarik opponent:bob");
    say(&mut c, "bob: [Accept]");
    let refused = say(&mut c, "alice: /replay format:pdf");
    assert_eq!(refused[0]["ephemeral"], true);
    assert_eq!(
        text(&refused[0]),
        "\"pdf\" is not a replay format: gif (the animation) or text (the record)."
    );
    let gif = say(&mut c, "alice: /replay");
    let image = gif[0]["images"][0].as_str().unwrap();
    assert!(image.ends_with(".gif"), "{}", gif[0]);
    assert_eq!(gif[0]["files"], serde_json::json!([image]));
}
