//! `rust-version` in Cargo.toml tells the truth: no locked dependency needs a newer Rust.

use std::process::Command;

fn version(text: &str) -> Vec<u64> {
    text.split('.').map(|p| p.parse().unwrap_or(0)).collect()
}

#[test]
fn the_declared_rust_version_covers_every_locked_dependency() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // The dependencies built for this machine: other platforms' crates (Android's, Windows')
    // are never downloaded by a build here, so `--offline` could not read them.
    let host = Command::new("rustc").arg("-vV").output().unwrap();
    let host = String::from_utf8_lossy(&host.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .expect("rustc names its host");
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .args(["--filter-platform", &host])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    let ours = packages
        .iter()
        .find(|p| p["name"] == "holotable")
        .and_then(|p| p["rust_version"].as_str())
        .expect("holotable declares rust-version");
    let (needed, by) = packages
        .iter()
        .filter_map(|p| Some((p["rust_version"].as_str()?, p["name"].as_str()?)))
        .max_by_key(|(v, _)| version(v))
        .unwrap();
    assert!(
        version(ours) >= version(needed),
        "rust-version is {ours}, but {by} needs {needed}"
    );
    // The toolchain building this test is at least what we declare.
    let rustc = Command::new("rustc").arg("--version").output().unwrap();
    let rustc = String::from_utf8_lossy(&rustc.stdout);
    let running = rustc.split_whitespace().nth(1).unwrap_or("0");
    assert!(
        version(running) >= version(ours),
        "{rustc} is older than {ours}"
    );
}
