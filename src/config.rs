//! Configuration shared by every front end (docs/CONTRACT.md P-7): a TOML file, overridden key by
//! key by `HOLOTABLE_<SECTION>__<KEY>` environment variables, the token also by
//! `HOLOTABLE_DISCORD_TOKEN`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

/// The file read when `--config` is not given, if it exists.
pub const DEFAULT_PATH: &str = "config.toml";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub discord: DiscordConfig,
    pub database: DatabaseConfig,
    /// The economy every server starts with (admins change theirs with /admin set).
    pub economy: crate::ledger::economy::Economy,
    pub tables: TablesConfig,
    pub web: WebConfig,
    pub activity: ActivityConfig,
}

/// The Discord Activity (the seats' pages inside Discord): on when both are set. The
/// application's OAuth2 client id (its application id) and secret, with which the bot
/// exchanges the code a member's Discord client authorised for the member's identity.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ActivityConfig {
    pub client_id: Option<String>,
    pub client_secret: Option<String>,
}

impl ActivityConfig {
    /// The client id and secret, when the Activity is on.
    pub fn credentials(&self) -> Option<(String, String)> {
        fn set(v: &Option<String>) -> Option<String> {
            Some(v.as_deref()?.trim().to_string()).filter(|v| !v.is_empty())
        }
        Some((set(&self.client_id)?, set(&self.client_secret)?))
    }
}

/// The web pages (a table's live page, `/healthz`), off unless `listen` is set, and the
/// operator's `/metrics` on a listener of its own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// The address the pages are served on (`127.0.0.1:8080`).
    pub listen: Option<String>,
    /// Where people reach those pages (`https://holotable.example.org`): the links the bot
    /// posts start with it. Without it no link is posted.
    pub public_url: Option<String>,
    /// Where `/metrics` (and `/healthz` with its reason) is served when the pages are:
    /// loopback by default, `off` for nowhere.
    pub metrics_listen: Option<String>,
    /// Connections open at once, in all and from one address (defaults: 2,048 and 64).
    pub max_connections: Option<usize>,
    pub max_connections_per_address: Option<usize>,
    /// Spectators of live pages, in all and of one table (defaults: 1,500 and 500).
    pub max_spectators: Option<usize>,
    pub max_spectators_per_table: Option<usize>,
}

/// Where the operator's endpoints listen unless `[web] metrics_listen` says otherwise.
pub const METRICS_LISTEN: &str = "127.0.0.1:9464";

impl WebConfig {
    /// The address to serve on, when one is set.
    pub fn listen(&self) -> Option<&str> {
        self.listen
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
    }

    /// Where the operator's endpoints listen, unless turned `off`.
    pub fn metrics_listen(&self) -> Option<&str> {
        match self.metrics_listen.as_deref().map(str::trim) {
            None | Some("") => Some(METRICS_LISTEN),
            Some("off") => None,
            Some(addr) => Some(addr),
        }
    }

    /// The web server's bounds: the defaults, changed where this says.
    pub fn limits(&self) -> crate::front::web::limits::Limits {
        let mut limits = crate::front::web::limits::Limits::default();
        let set = |field: &mut usize, given: Option<usize>| {
            if let Some(n) = given.filter(|&n| n > 0) {
                *field = n;
            }
        };
        set(&mut limits.connections, self.max_connections);
        set(&mut limits.per_address, self.max_connections_per_address);
        set(&mut limits.spectators, self.max_spectators);
        set(
            &mut limits.spectators_per_table,
            self.max_spectators_per_table,
        );
        limits
    }

    /// The public address, without a trailing `/`, when one is set.
    pub fn public_url(&self) -> Option<String> {
        self.public_url
            .as_deref()
            .map(|u| u.trim().trim_end_matches('/'))
            .filter(|u| !u.is_empty())
            .map(str::to_string)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TablesConfig {
    /// How long a challenge waits for an answer, in seconds.
    pub challenge_secs: i64,
    /// Discord: `/play` opens each table in a new thread of the channel.
    pub threads: bool,
    /// Discord: how long after its table's last word (and no rematch) a table's thread is
    /// archived and locked, in seconds.
    pub close_threads_after_secs: u64,
}

impl Default for TablesConfig {
    fn default() -> Self {
        TablesConfig {
            challenge_secs: 600,
            threads: false,
            close_threads_after_secs: 600,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token.
    pub token: Option<String>,
    /// An `http://host:port` base URL that receives all REST traffic instead of Discord.
    pub api_proxy: Option<String>,
    /// Register commands in this guild only (instant updates while testing).
    pub guild_id: Option<u64>,
    /// Work still running after this many milliseconds is deferred ("thinking…") so that
    /// Discord's 3-second window to answer an interaction is never missed.
    pub defer_after_ms: u64,
}

impl Default for DiscordConfig {
    fn default() -> Self {
        DiscordConfig {
            token: None,
            api_proxy: None,
            guild_id: None,
            defer_after_ms: 1500,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The SQLite file (the embedded default).
    pub path: PathBuf,
    /// A PostgreSQL database (`postgres://user@host:port/db`) shared by several bot
    /// processes; when set, it is used instead of `path`.
    pub url: Option<String>,
    /// `full` (every commit on disk before the reply: survives power loss) or `normal`
    /// (survives a crash of the process; faster).
    pub synchronous: Synchronous,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Synchronous {
    #[default]
    Full,
    Normal,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            path: PathBuf::from("holotable.db"),
            url: None,
            synchronous: Synchronous::Full,
        }
    }
}

impl DatabaseConfig {
    /// Where the ledger is: the PostgreSQL URL when one is set, else the SQLite file.
    pub fn location(&self) -> String {
        match self.url.as_deref().map(str::trim) {
            Some(url) if !url.is_empty() => url.to_string(),
            _ => self.path.to_string_lossy().to_string(),
        }
    }

    pub fn durability(&self) -> crate::ledger::Durability {
        match self.synchronous {
            Synchronous::Full => crate::ledger::Durability::Full,
            Synchronous::Normal => crate::ledger::Durability::Normal,
        }
    }
}

impl Config {
    /// Loads the configuration: `path` if given (it must exist), else `./config.toml` when it
    /// exists, else the defaults; then applies the environment.
    pub fn load(path: Option<&Path>) -> anyhow::Result<Config> {
        let text = match path {
            Some(path) => Some(
                std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read the config file {}", path.display()))?,
            ),
            None => std::fs::read_to_string(DEFAULT_PATH).ok(),
        };
        let mut table: toml::Table = match text {
            Some(text) => toml::from_str(&text).context("the config file is not valid TOML")?,
            None => toml::Table::new(),
        };
        apply_env(&mut table, std::env::vars())?;
        let config: Config = toml::Value::Table(table)
            .try_into()
            .context("invalid configuration")?;
        Ok(config)
    }
}

/// Overrides keys of `table` from `HOLOTABLE_<SECTION>__<KEY>` variables. A value is read as
/// TOML when it parses as a number or boolean, else kept as a string (a token, a client id
/// or secret always).
pub fn apply_env(
    table: &mut toml::Table,
    vars: impl IntoIterator<Item = (String, String)>,
) -> anyhow::Result<()> {
    for (name, value) in vars {
        let Some(rest) = name.strip_prefix("HOLOTABLE_") else {
            continue;
        };
        let (section, key) = if rest == "DISCORD_TOKEN" {
            ("discord".to_string(), "token".to_string())
        } else if let Some((section, key)) = rest.split_once("__") {
            (section.to_ascii_lowercase(), key.to_ascii_lowercase())
        } else {
            continue;
        };
        if section.is_empty() || key.is_empty() {
            bail!("environment variable {name}: expected HOLOTABLE_<SECTION>__<KEY>");
        }
        // A secret or an id is text, even when it is all digits.
        let text = matches!(key.as_str(), "token" | "client_id" | "client_secret");
        let parsed = value
            .parse::<i64>()
            .ok()
            .filter(|_| !text)
            .ok_or(())
            .map(toml::Value::Integer)
            .or_else(|_| value.parse::<bool>().map(toml::Value::Boolean))
            .unwrap_or_else(|_| toml::Value::String(value.clone()));
        let entry = table
            .entry(section.clone())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        let Some(section_table) = entry.as_table_mut() else {
            bail!("environment variable {name}: [{section}] is not a section");
        };
        section_table.insert(key, parsed);
    }
    Ok(())
}
