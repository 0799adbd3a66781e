//! The console as a person reads it (without `--json`): where each reply was said and to
//! whom, then its pictures, pings, buttons and choices on indented lines.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `script` through `holotable console` on a fresh database; returns what it printed.
fn plain_session(name: &str, script: &str) -> String {
    let dir = std::env::temp_dir().join(format!("holotable-plain-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .arg("console")
        .arg("--db")
        .arg(dir.join("h.db"))
        .arg("--out")
        .arg(dir.join("boards"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn replies_read_as_channel_lines_with_their_attachments_and_controls() {
    // White to move wins at once with o4-i4 (DJ-5.1).
    let out = plain_session(
        "replies",
        "alice: /play game:dejarik opponent:bob setup:\"i1,i2,i3,o4/o7,o8,o9,o10/w:-\"\n\
         bob: [Accept]\n\
         alice: ?/move action:o4\n\
         #backroom\n\
         hello\n\
         alice: [Nowhere]\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    // The challenge: said in the channel, pinging bob, with its two buttons.
    let challenge = lines
        .iter()
        .position(|l| l.starts_with("[#general] ") && l.contains("bob"))
        .unwrap_or_else(|| panic!("{out}"));
    let block: Vec<&str> = lines[challenge + 1..]
        .iter()
        .take_while(|l| l.starts_with("  "))
        .copied()
        .collect();
    assert!(block.contains(&"  pings: bob"), "{out}");
    assert!(block.contains(&"  buttons: [Accept] [Decline]"), "{out}");
    // The board after the accept: a PNG written where the line says.
    let image = lines
        .iter()
        .find_map(|l| l.strip_prefix("  image: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(std::fs::read(image).unwrap().starts_with(b"\x89PNG"));
    // Autocomplete is alice's alone, its suggestions in braces.
    let private = lines
        .iter()
        .position(|l| l.starts_with("[#general → alice only] "))
        .unwrap_or_else(|| panic!("{out}"));
    let choices = lines[private + 1..]
        .iter()
        .find_map(|l| l.strip_prefix("  choices: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(choices.split(' ').any(|c| c == "{o4-i4}"), "{choices}");
    // A line the console cannot read, and a button nobody shows in #backroom, are refused
    // in the console's own voice.
    let refusals: Vec<&&str> = lines.iter().filter(|l| l.starts_with("! ")).collect();
    assert_eq!(refusals.len(), 2, "{out}");
    assert!(refusals[1].contains("Nowhere"), "{out}");
}
