//! The `holotable` command line (docs/CONTRACT.md P-7).

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use holotable::front::discord::Shards;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use holotable::config::Config;
use holotable::front::console;
use holotable::render::{LastMove, Scene};

mod maintenance;

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

    /// Without a command: `serve` when a Discord token is configured, else `console`.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (token from HOLOTABLE_DISCORD_TOKEN or the config file).
    Serve {
        /// The database: a SQLite file or a postgres:// URL (default: the configured one).
        #[arg(long, value_name = "PATH|URL")]
        db: Option<String>,
        /// Run only the gateway shards A to B (`A-B`, or `A`) of --shard-total, so that
        /// several processes share the bot (each guild belongs to one shard).
        #[arg(long, value_name = "A-B", requires = "shard_total")]
        shards: Option<String>,
        /// How many shards the bot runs in all, across its processes.
        #[arg(long, value_name = "N", requires = "shards")]
        shard_total: Option<u32>,
    },
    /// Play the same tables and economy in the terminal, without Discord.
    Console {
        /// Print one JSON object per reply.
        #[arg(long)]
        json: bool,
        /// Directory where board images are written.
        #[arg(long, value_name = "DIR", default_value = "boards")]
        out: PathBuf,
        /// The database: a SQLite file or a postgres:// URL (default: the configured one).
        #[arg(long, value_name = "PATH|URL")]
        db: Option<String>,
        /// Users who may use /admin (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "admin")]
        admins: Vec<String>,
        /// The language of the users' clients: en or fr (a line `alice@fr: …` sets one
        /// user's).
        #[arg(long, default_value = "en")]
        locale: String,
        /// Who types a line without `name:` (you, at the terminal).
        #[arg(long, default_value = "player")]
        user: String,
        /// Also serve the tables' live pages on this address (`127.0.0.1:8080`; port 0
        /// picks a free one); each board's reply then shows its page's link.
        #[arg(long, value_name = "ADDR")]
        web: Option<String>,
        /// With --web, serve the operator's /metrics on this address (port 0 picks a free
        /// one); not served otherwise.
        #[arg(long, value_name = "ADDR", requires = "web")]
        metrics: Option<String>,
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
        /// Output file (PNG, or GIF with --replay).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// The move that led to the position, highlighted on the board.
        #[arg(long, value_name = "ACTION")]
        last_move: Option<String>,
        /// The position before --last-move: lets the board show the move's whole path and
        /// what it captured.
        #[arg(long, value_name = "STATE", requires = "last_move")]
        before: Option<String>,
        /// Player names in seat order, comma-separated.
        #[arg(long, value_delimiter = ',', value_name = "NAMES")]
        names: Vec<String>,
        /// Table options as a JSON object, as in the engine protocol.
        #[arg(long, value_name = "JSON")]
        options: Option<String>,
        /// Write an animated GIF replay instead: the game from --state through these
        /// actions (comma-separated).
        #[arg(long, value_delimiter = ',', value_name = "ACTIONS", conflicts_with_all = ["last_move", "before"])]
        replay: Option<Vec<String>>,
    },
    /// Measure the droid: two players play a series of games, seats alternated, and the
    /// result is printed with a 95 % confidence interval.
    Arena {
        /// Game id (dejarik, backgammon, zatak, kingdoms, dzone).
        #[arg(long)]
        game: String,
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Player A: droid:1 … droid:5 (droid:L@M for the droid of an earlier mind M, as
        /// its stored tables play), random, greedy, lookahead:N (the droid's lookahead alone,
        /// N rolls ahead), search:N (the droid's tree search alone, N iterations), or for
        /// backgammon pubeval or gnubg (GNU Backgammon at 0 ply, which
        /// also checks every position against the engine).
        #[arg(long, default_value = "droid:5")]
        a: String,
        /// Player B.
        #[arg(long, default_value = "random")]
        b: String,
        /// Table options as a JSON object, as in the engine protocol.
        #[arg(long, value_name = "JSON")]
        options: Option<String>,
        /// The first game's seed (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once, one per thread (the result does not depend on it).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Also score each game less A's luck with the dice, as the droid's estimate values
        /// them: the same expected score, told by fewer games.
        #[arg(long)]
        luck: bool,
    },
    /// Check the ledger invariants of a database and print one JSON line.
    Audit {
        /// The database: a SQLite file or a postgres:// URL (default: the configured one).
        #[arg(long, value_name = "PATH|URL")]
        db: Option<String>,
    },
    /// Copy the SQLite ledger, consistently and while the bot runs, into a new file
    /// (copy that file, not the live one and its WAL).
    Backup {
        /// The new file to write (it must not exist yet).
        #[arg(long, value_name = "FILE")]
        to: std::path::PathBuf,
        /// The database: a SQLite file (default: the configured one).
        #[arg(long, value_name = "PATH")]
        db: Option<String>,
    },
}

/// The addresses `console` serves pages on, if any: the live pages and the operator's.
struct Pages<'a> {
    web: Option<&'a str>,
    metrics: Option<&'a str>,
}

/// The application on the database at `location` (a SQLite file or a PostgreSQL URL), with
/// the configured economy and tables.
fn open_app(
    config: &Config,
    location: &str,
    clock: holotable::table::Clock,
    public_url: Option<String>,
) -> Result<holotable::table::App, String> {
    let ledger = holotable::ledger::Ledger::open_at(location, config.database.durability())
        .and_then(|ledger| ledger.with_defaults(config.economy.clone()))
        .map_err(|e| format!("{}: {e}", holotable::ledger::store::redacted(location)))?;
    Ok(holotable::table::App::new(
        ledger,
        holotable::table::Settings {
            challenge_secs: config.tables.challenge_secs,
            public_url,
            // The console shows the same menus as Discord, so Discord's limit is both's.
            menu_width: holotable::front::discord::MENU_WIDTH,
        },
        clock,
    ))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
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
    let command = cli.command.unwrap_or_else(|| default_command(&config));
    run(command, &config)
}

/// Without a command: the bot when a Discord token is configured, else the console.
fn default_command(config: &Config) -> Command {
    let token = config.discord.token.as_deref().unwrap_or("");
    if token.trim().is_empty() {
        Command::Console {
            json: false,
            out: PathBuf::from("boards"),
            db: None,
            admins: vec!["admin".into()],
            locale: "en".into(),
            user: "player".into(),
            web: None,
            metrics: None,
        }
    } else {
        Command::Serve {
            db: None,
            shards: None,
            shard_total: None,
        }
    }
}

fn run(command: Command, config: &Config) -> ExitCode {
    match command {
        Command::Engine => engine(),
        Command::Serve {
            db,
            shards,
            shard_total,
        } => serve(config, db, shards.zip(shard_total)),
        Command::Console {
            json,
            out,
            db,
            admins,
            locale,
            user,
            web,
            metrics,
        } => {
            let options = console::ConsoleOptions {
                json,
                out,
                admins,
                lang: holotable::words::Lang::of(&locale),
                local_user: user,
            };
            let pages = Pages {
                web: web.as_deref(),
                metrics: metrics.as_deref(),
            };
            run_console(config, db, pages, options)
        }
        Command::Render {
            game,
            state,
            out,
            last_move,
            before,
            names,
            options,
            replay,
        } => {
            let scene = Scene {
                names,
                last_move: last_move.map(|action| LastMove {
                    action,
                    before,
                    chosen: None,
                }),
                ..Scene::default()
            };
            render(
                &game,
                &state,
                &out,
                options.as_deref(),
                replay.as_deref(),
                &scene,
            )
        }
        Command::Audit { db } => maintenance::audit(config, db),
        Command::Backup { to, db } => maintenance::backup(config, db, &to),
        Command::Arena {
            game,
            games,
            a,
            b,
            options,
            seed,
            jobs,
            luck,
        } => {
            let series = (games, seed, jobs, luck);
            arena(&game, series, &a, &b, options.as_deref())
        }
    }
}

/// `holotable arena`: the series, a progress line on stderr, the result on stdout.
fn arena(
    game: &str,
    (games, seed, jobs, luck): (u32, u64, usize, bool),
    a: &str,
    b: &str,
    options: Option<&str>,
) -> ExitCode {
    let run = || -> Result<holotable::arena::Tally, String> {
        let (a, b) = (
            holotable::arena::Player::parse(a)?,
            holotable::arena::Player::parse(b)?,
        );
        let options = match options.map(serde_json::from_str::<serde_json::Value>) {
            None => serde_json::Map::new(),
            Some(Ok(serde_json::Value::Object(map))) => map,
            Some(_) => return Err("--options must be a JSON object".into()),
        };
        let entry = holotable::catalogue::lookup(game, &options).map_err(|e| e.to_string())?;
        let started = std::time::Instant::now();
        let luck = luck.then_some(holotable::droid::MIND);
        holotable::arena::run_measured(&entry, games, (a, b), (seed, jobs), luck, |done, t| {
            eprint!(
                "\r{done}/{games} games · A {} – B {} – draws {} · {:.0} s",
                t.wins,
                t.losses,
                t.draws,
                started.elapsed().as_secs_f64()
            );
        })
    };
    match run() {
        Ok(t) => {
            eprintln!();
            let (median, max) = t.think();
            let (iterations, positions) = t.speed();
            let speed = if t.iterations > 0 {
                format!(
                    "; searches {:.0} iterations/s, {:.0} positions/s",
                    iterations, positions
                )
            } else {
                String::new()
            };
            let (low, high) = t.wilson();
            println!(
                "{game}: {a} vs {b}, {} games: {a} wins {}, {b} wins {}, draws {}; {a} scores {:.1} % ± {:.1} % (95 %; Wilson {:.1}–{:.1} %); {a} thinks {median:.1} ms median, {max:.1} ms max{speed}",
                t.games(),
                t.wins,
                t.losses,
                t.draws,
                100.0 * t.score(),
                100.0 * t.margin(),
                100.0 * low,
                100.0 * high,
            );
            if let Some((mean, margin)) = t.luck_adjusted() {
                println!(
                    "{a} scores {:.1} % ± {:.1} % (95 %) luck-adjusted (the dice valued by mind {})",
                    100.0 * mean,
                    100.0 * margin,
                    holotable::droid::MIND
                );
            }
            if t.checked > 0 {
                println!(
                    "gnubg checked {} positions: {} disagreements",
                    t.checked,
                    t.disagreements.len()
                );
                for d in t.disagreements.iter().take(20) {
                    println!("  {d}");
                }
            }
            if !t.disagreements.is_empty() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn engine() -> ExitCode {
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

fn serve(config: &Config, db: Option<String>, shards: Option<(String, u32)>) -> ExitCode {
    let shards = match shards.map(|(range, total)| Shards::parse(&range, total)) {
        None => None,
        Some(Ok(shards)) => Some(shards),
        Some(Err(e)) => {
            eprintln!("holotable serve: --shards {e}");
            return ExitCode::from(2);
        }
    };
    if config.discord.token.as_deref().unwrap_or("").is_empty() {
        eprintln!(
            "holotable serve: no Discord token. Set HOLOTABLE_DISCORD_TOKEN or \
             [discord] token in the config file."
        );
        return ExitCode::from(2);
    }
    let location = db.unwrap_or_else(|| config.database.location());
    let public_url = config.web.public_url();
    let app = match open_app(
        config,
        &location,
        Arc::new(holotable::ledger::now),
        public_url,
    ) {
        Ok(app) => Arc::new(app),
        Err(e) => {
            eprintln!("holotable serve: {e}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match holotable::front::discord::runtime() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("holotable serve: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(holotable::front::discord::serve(config, app, shards)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("holotable serve: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The console: interactive at a terminal (a welcome and a prompt), line by line otherwise;
/// with `web`, the live pages beside it.
fn run_console(
    config: &Config,
    db: Option<String>,
    pages: Pages,
    options: console::ConsoleOptions,
) -> ExitCode {
    let location = db.unwrap_or_else(|| config.database.location());
    let offset = Arc::new(std::sync::atomic::AtomicI64::new(0));
    let bind = |addr: Option<&str>, flag: &str| {
        addr.map(holotable::front::web::WebThread::bind)
            .transpose()
            .map_err(|e| eprintln!("holotable console: {flag}: {e}"))
    };
    let (Ok(web), Ok(operator)) = (bind(pages.web, "--web"), bind(pages.metrics, "--metrics"))
    else {
        return ExitCode::from(2);
    };
    let public_url = match &web {
        Some(web) => config
            .web
            .public_url()
            .or_else(|| web.addr().ok().map(|addr| format!("http://{addr}"))),
        None => None,
    };
    let app = match open_app(
        config,
        &location,
        console::clock(offset.clone()),
        public_url,
    ) {
        Ok(app) => Arc::new(app),
        Err(e) => {
            eprintln!("holotable console: {e}");
            return ExitCode::FAILURE;
        }
    };
    // With the pages, what a member does on their seat's page comes in among the lines.
    let (inputs, said) = std::sync::mpsc::channel();
    let with_pages = web.is_some();
    if let Some(web) = web {
        let pages = holotable::front::web::Web::new(Arc::clone(&app), None)
            .with_limits(config.web.limits());
        pages.set_outbox(console::Console::outbox(inputs.clone()));
        if let Some(operator) = operator {
            if let Ok(addr) = operator.addr() {
                eprintln!("holotable console: metrics on http://{addr}");
            }
            if let Err(e) = operator.run_operator(pages.clone()) {
                eprintln!("holotable console: --metrics: {e}");
                return ExitCode::FAILURE;
            }
        }
        if let Ok(addr) = web.addr() {
            eprintln!("holotable console: live pages on http://{addr}");
        }
        if let Err(e) = web.run(pages) {
            eprintln!("holotable console: --web: {e}");
            return ExitCode::FAILURE;
        }
    }
    let mut console = console::Console::new(app, options, offset);
    let interactive = io::stdin().is_terminal();
    let result = if with_pages {
        console::read_lines(inputs);
        console.run_with_pages(said, io::stdout().lock(), interactive)
    } else if interactive {
        console.run_interactive(io::stdin().lock(), io::stdout().lock())
    } else {
        console.run(io::stdin().lock(), io::stdout().lock())
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("holotable console: {e}");
            ExitCode::FAILURE
        }
    }
}

fn render(
    game: &str,
    state: &str,
    out: &std::path::Path,
    options: Option<&str>,
    replay: Option<&[String]>,
    scene: &Scene,
) -> ExitCode {
    // A board drawn for a file speaks English, as the engine does.
    let lang = holotable::words::Lang::En;
    let options = match options.map(serde_json::from_str) {
        None => serde_json::Map::new(),
        Some(Ok(serde_json::Value::Object(map))) => map,
        Some(_) => {
            eprintln!("holotable render: --options must be a JSON object");
            return ExitCode::from(2);
        }
    };
    let image = match replay {
        Some(actions) => {
            holotable::catalogue::replay_gif(lang, game, &options, state, actions, &scene.names)
        }
        None => holotable::catalogue::board_png(lang, game, &options, state, scene),
    };
    match image {
        Ok(bytes) => match std::fs::write(out, &bytes) {
            Ok(()) => {
                println!("{} ({} bytes)", out.display(), bytes.len());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("holotable render: cannot write {}: {e}", out.display());
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("holotable render: {e}");
            ExitCode::from(2)
        }
    }
}
