//! Configuration: TOML plus HOLOTABLE_<SECTION>__<KEY> overrides (P-7).

use holotable::config::{apply_env, Config};

fn vars(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn environment_overrides_file_keys() {
    let mut table: toml::Table =
        toml::from_str("[database]\npath = \"file.db\"\n[discord]\ntoken = \"from-file\"\n")
            .unwrap();
    apply_env(
        &mut table,
        vars(&[
            ("HOLOTABLE_DATABASE__PATH", "/data/env.db"),
            ("HOLOTABLE_DISCORD__GUILD_ID", "4000"),
            ("HOLOTABLE_DISCORD__API_PROXY", "http://127.0.0.1:9999"),
            ("HOLOTABLE_DISCORD_TOKEN", "from-env"),
            ("UNRELATED", "x"),
        ]),
    )
    .unwrap();
    let config: Config = toml::Value::Table(table).try_into().unwrap();
    assert_eq!(config.database.path.to_str(), Some("/data/env.db"));
    assert_eq!(config.discord.guild_id, Some(4000));
    assert_eq!(
        config.discord.api_proxy.as_deref(),
        Some("http://127.0.0.1:9999")
    );
    assert_eq!(config.discord.token.as_deref(), Some("from-env"));
}

#[test]
fn defaults_without_a_file() {
    let config = Config::default();
    assert_eq!(config.database.path.to_str(), Some("holotable.db"));
    assert!(config.discord.token.is_none());
}

#[test]
fn the_example_config_is_valid_and_documents_every_key() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.example.toml"))
        .unwrap();
    let config: Config = toml::from_str(&text).expect("config.example.toml parses as a Config");
    assert_eq!(config.database.path.to_str(), Some("holotable.db"));
    for key in ["token", "api_proxy", "guild_id", "path"] {
        assert!(
            text.contains(key),
            "config.example.toml does not mention {key}"
        );
    }
}
