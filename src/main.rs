//! The `holotable` command line (PRODUCT.md P-7).

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use holotable::config::Config;

#[derive(Parser)]
#[command(
    name = "holotable",
    version,
    about = "Holotable: the game tables of a cantina, as a Discord bot",
    long_about = "Holotable runs tabletop games (Dejarik, backgammon, Zatak, Halloween Kingdoms, \
                  D-Zone) with wagers, a slot machine and leaderboards, on Discord or in the \
                  terminal."
)]
struct Cli {
    /// Configuration file (default: ./config.toml when it exists, else built-in defaults).
    /// Every key can be overridden by HOLOTABLE_<SECTION>__<KEY>.
    #[arg(long, global = true, value_name = "PATH")]
    config: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (token from HOLOTABLE_DISCORD_TOKEN or the config file).
    Serve,
    /// Play the same tables and economy in the terminal, without Discord.
    Console {
        /// Print one JSON object per reply.
        #[arg(long)]
        json: bool,
        /// Directory where board images are written.
        #[arg(long, value_name = "DIR", default_value = "boards")]
        out: PathBuf,
        /// Database file (default: the configured one).
        #[arg(long, value_name = "PATH")]
        db: Option<PathBuf>,
    },
    /// The rules core as a JSON-lines protocol on stdin/stdout.
    Engine,
    /// Render a position given in notation to a PNG file.
    Render {
        /// Game id (dejarik, backgammon, zatak, kingdoms, dzone).
        #[arg(long)]
        game: String,
        /// Position in the game's notation.
        #[arg(long)]
        state: String,
        /// Output PNG file.
        #[arg(long, value_name = "FILE.png")]
        out: PathBuf,
    },
    /// Check the ledger invariants of a database and print one JSON line.
    Audit {
        /// Database file (default: the configured one).
        #[arg(long, value_name = "PATH")]
        db: Option<PathBuf>,
    },
}

fn not_built(what: &str) -> ExitCode {
    eprintln!("holotable {what}: not built yet in this version (see README.md, 'Status').");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(io::stderr)
        .init();
    let config = match Config::load(cli.config.as_deref()) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("holotable: {e:#}");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Engine => {
            let stdin = io::stdin().lock();
            let stdout = io::stdout().lock();
            match holotable::engine::serve(stdin, stdout) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("holotable engine: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Serve => {
            if config.discord.token.as_deref().unwrap_or("").is_empty() {
                eprintln!(
                    "holotable serve: no Discord token. Set HOLOTABLE_DISCORD_TOKEN or \
                     [discord] token in the config file."
                );
                return ExitCode::from(2);
            }
            not_built("serve")
        }
        Command::Console { .. } => not_built("console"),
        Command::Render { .. } => not_built("render"),
        Command::Audit { .. } => not_built("audit"),
    }
}
