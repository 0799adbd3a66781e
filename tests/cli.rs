//! The command line (P-7): help, the global --config option, clear refusals.

use std::process::{Command, Output};

fn holotable(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_holotable"));
    cmd.args(args).env_remove("HOLOTABLE_DISCORD_TOKEN");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.current_dir(std::env::temp_dir()).output().unwrap()
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn help_lists_every_subcommand() {
    let out = holotable(&["--help"], &[]);
    assert!(out.status.success());
    let help = text(&out);
    for sub in ["serve", "console", "engine", "render", "audit", "--config"] {
        assert!(help.contains(sub), "--help lacks {sub}:\n{help}");
    }
    let out = holotable(&["console", "--help"], &[]);
    let help = text(&out);
    for flag in ["--json", "--out", "--db"] {
        assert!(help.contains(flag), "console --help lacks {flag}");
    }
}

#[test]
fn serve_without_a_token_exits_with_a_clear_message() {
    let out = holotable(&["serve"], &[]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("HOLOTABLE_DISCORD_TOKEN"),
        "{}",
        text(&out)
    );
}

#[test]
fn config_is_a_global_option_before_or_after_the_subcommand() {
    let dir = std::env::temp_dir().join(format!("holotable-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    std::fs::write(&path, "[database]\npath = \"x.db\"\n").unwrap();
    let p = path.to_str().unwrap();
    for args in [vec!["--config", p, "serve"], vec!["serve", "--config", p]] {
        let out = holotable(&args, &[]);
        // It got past configuration to the token check.
        assert!(
            text(&out).contains("no Discord token"),
            "{args:?}: {}",
            text(&out)
        );
    }
    // A missing config file named explicitly is an error that names it.
    let out = holotable(&["--config", "/nonexistent/h.toml", "serve"], &[]);
    assert!(text(&out).contains("/nonexistent/h.toml"));
    // A bad key is refused.
    std::fs::write(&path, "[database]\npaht = \"x.db\"\n").unwrap();
    let out = holotable(&["--config", p, "serve"], &[]);
    assert!(!out.status.success());
    assert!(text(&out).contains("paht"), "{}", text(&out));
}

#[test]
fn serve_stops_on_sigterm() {
    // With a token the bot starts; pointed at a closed local port it cannot connect, and a
    // SIGTERM still stops it promptly with success.
    let dir = std::env::temp_dir().join(format!("holotable-cli-term-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .arg("serve")
        .env("HOLOTABLE_DISCORD_TOKEN", "abc")
        .env("HOLOTABLE_DISCORD__API_PROXY", "http://127.0.0.1:9")
        .env("HOLOTABLE_DATABASE__PATH", dir.join("h.db"))
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status:?}");
            break;
        }
        if started.elapsed() > std::time::Duration::from_secs(10) {
            let _ = child.kill();
            panic!("serve did not stop on SIGTERM");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn without_a_command_and_without_a_token_the_console_runs() {
    let dir = std::env::temp_dir().join(format!("holotable-cli-default-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .env_remove("HOLOTABLE_DISCORD_TOKEN")
        .env("HOLOTABLE_DATABASE__PATH", dir.join("h.db"))
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"/balance\n/play game:dejarik opponent:droid\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("player: 1000 credits"), "{stdout}");
    assert!(stdout.contains("player vs Droid"), "{stdout}");
    assert!(dir.join("h.db").exists(), "the embedded SQLite default");
}

/// P-7: `audit` exits with status 1 only when an invariant fails; a database that is not
/// there or cannot be read is a different failure (2), with no JSON line to misread.
#[test]
fn audit_tells_an_unreadable_database_from_a_failed_invariant() {
    let dir = std::env::temp_dir().join(format!("holotable-cli-audit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let not_a_db = dir.join("notes.db");
    std::fs::write(
        &not_a_db,
        "these are not the tables you are looking for\n".repeat(100),
    )
    .unwrap();
    let missing = dir.join("missing.db");
    for path in [&not_a_db, &missing] {
        let out = holotable(&["audit", "--db", path.to_str().unwrap()], &[]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out));
        assert!(out.stdout.is_empty(), "{}", text(&out));
        assert!(text(&out).contains("holotable audit:"), "{}", text(&out));
    }
}
