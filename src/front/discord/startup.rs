//! How the bot comes up and goes down: the HTTP client, the shards this process runs, the
//! live pages beside the gateway, the framework that hands events to the front end, the
//! clock, and a shutdown that lets the answers in flight finish.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::answer;
use super::send::Outgoing;
use super::shutdown::{shutdown_signal, InFlight};
use super::{closing, commands, components, controls, doors, errors, gateway, invite_url, seen};
use super::{Data, Error, Shards};
use crate::config::Config;
use crate::table::App;

/// Runs the bot until it is stopped: every shard Discord recommends, or the range `shards`
/// of them.
pub async fn serve(config: &Config, app: Arc<App>, shards: Option<Shards>) -> Result<(), Error> {
    let http = http_client(config)?;
    let shards = match shards {
        Some(s) => Some(s),
        None => recommended_shards(&http).await,
    };
    let gateway = Arc::new(gateway::GatewayState::new(shards));
    let pages = serve_web(config, &app, &gateway)?;
    let inflight = Arc::new(InFlight::default());
    let seen = Arc::new(seen::Seen::default());
    let startup = Startup {
        app,
        shards,
        guild: config.discord.guild_id,
        threads: config.tables.threads,
        close_threads_after: Duration::from_secs(config.tables.close_threads_after_secs),
        defer_after: Duration::from_millis(config.discord.defer_after_ms),
        inflight: Arc::clone(&inflight),
        seen: Arc::clone(&seen),
        gateway,
        pages,
        activity: config.activity.credentials().is_some(),
    };
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::commands(),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| Box::pin(errors::on_error(error)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| Box::pin(startup.ready(ctx, ready, framework)))
        .build();
    let client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(doors::Doors::new(framework, seen, Arc::clone(&inflight)))
        .await?;
    run_until_stopped(client, shards, &inflight).await
}

/// The HTTP client, through `[discord] api_proxy` when one is set.
fn http_client(config: &Config) -> Result<serenity::Http, Error> {
    let token = config
        .discord
        .token
        .clone()
        .filter(|t| !t.trim().is_empty())
        .ok_or("no Discord token: set HOLOTABLE_DISCORD_TOKEN or [discord] token")?;
    let mut http = serenity::HttpBuilder::new(&token);
    if let Some(proxy) = &config.discord.api_proxy {
        // The proxy only takes effect with serenity's own rate limiter disabled; the proxy
        // (or the fake Discord of the tests) is then in charge of rate limits.
        http = http.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    Ok(http.build())
}

/// The application's commands, in one server (`guild`) or everywhere; with the Activity,
/// its entry point too (`PRIMARY_ENTRY_POINT`, which Discord answers by launching the
/// Activity itself).
async fn register(
    ctx: &serenity::Context,
    commands: &[poise::Command<Data, Error>],
    guild: Option<u64>,
    activity: bool,
) -> Result<(), Error> {
    let mut all = poise::builtins::create_application_commands(commands);
    if activity {
        all.push(
            serenity::CreateCommand::new("launch")
                .kind(serenity::CommandType::PrimaryEntryPoint)
                .description("Play on the board, inside Discord")
                .handler(serenity::EntryPointHandlerType::DiscordLaunchActivity),
        );
    }
    match guild {
        Some(guild) => {
            serenity::GuildId::new(guild).set_commands(ctx, all).await?;
        }
        None => {
            serenity::Command::set_global_commands(ctx, all).await?;
        }
    }
    Ok(())
}

/// Where Discord's API is: its own address, or the proxy all REST traffic goes to.
fn discord_api(config: &Config) -> String {
    config
        .discord
        .api_proxy
        .clone()
        .unwrap_or_else(|| "https://discord.com".to_string())
}

/// Without a range, every shard Discord recommends runs here (one shard would be refused
/// past 2,500 servers); `None` is the single shard.
async fn recommended_shards(http: &serenity::Http) -> Option<Shards> {
    match http.get_bot_gateway().await {
        Ok(gateway) => {
            let recommended = gateway.shards.max(1);
            tracing::info!(
                shards = recommended,
                "running every shard Discord recommends"
            );
            (recommended > 1).then_some(Shards {
                first: 0,
                last: recommended - 1,
                total: recommended,
            })
        }
        // Discord out of reach: one shard, which keeps trying to connect as ever.
        Err(e) => {
            tracing::warn!(error = %e, "no shard count from Discord; running one shard");
            None
        }
    }
}

/// The live pages, `/healthz` and `/metrics`, when `[web]` listens; bound before the
/// gateway connects so that a taken port stops the bot at once.
fn serve_web(
    config: &Config,
    app: &Arc<App>,
    gateway: &Arc<gateway::GatewayState>,
) -> Result<Option<crate::front::web::Web>, Error> {
    let Some(addr) = config.web.listen() else {
        return Ok(None);
    };
    let bound = crate::front::web::WebThread::bind(addr)
        .map_err(|e| format!("[web] listen {addr}: {e}"))?;
    let health = Arc::clone(gateway);
    let mut web =
        crate::front::web::Web::new(Arc::clone(app), Some(Arc::new(move || health.verdict())))
            .with_limits(config.web.limits());
    if let Some((client_id, client_secret)) = config.activity.credentials() {
        let api = discord_api(config);
        web = web.with_activity(crate::front::web::ActivityAuth::new(
            api,
            client_id,
            client_secret,
            config.discord.token.clone().unwrap_or_default(),
        ));
    }
    if let Some(operator) = config.web.metrics_listen() {
        // The operator's endpoints are an aid, not the bot's job: a taken port is said in
        // the log and the bot goes on without them.
        match crate::front::web::WebThread::bind(operator) {
            Ok(bound) => match bound.run_operator(web.clone()) {
                Ok(()) => tracing::info!(addr = operator, "/metrics served"),
                Err(e) => tracing::warn!(addr = operator, error = %e, "no /metrics"),
            },
            Err(e) => tracing::warn!(addr = operator, error = %e, "no /metrics"),
        }
    }
    bound
        .run(web.clone())
        .map_err(|e| format!("[web] listen {addr}: {e}"))?;
    tracing::info!(addr, "live pages and /healthz served");
    Ok(Some(web))
}

/// The gateway events the front end acts on besides commands: each shard's stage for the
/// health check, and button presses.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let gateway = &framework.user_data.gateway;
    match event {
        serenity::FullEvent::ShardStageUpdate { event } => {
            gateway.set(event.shard_id.0, &event.new.to_string())
        }
        serenity::FullEvent::Ready { data_about_bot } => {
            gateway.set(data_about_bot.shard.map_or(0, |s| s.id.0), "connected")
        }
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(interaction),
        } => {
            components::component(framework.serenity_context, framework.user_data, interaction)
                .await?
        }
        _ => {}
    }
    Ok(())
}

/// What the first `Ready` turns into the handlers' shared [`Data`].
struct Startup {
    app: Arc<App>,
    shards: Option<Shards>,
    guild: Option<u64>,
    threads: bool,
    close_threads_after: Duration,
    defer_after: Duration,
    inflight: Arc<InFlight>,
    seen: Arc<seen::Seen>,
    gateway: Arc<gateway::GatewayState>,
    /// The pages, told where to post once the bot can ([`pages_outbox`]).
    pages: Option<crate::front::web::Web>,
    /// Whether the Discord Activity is on: its entry point command is registered.
    activity: bool,
}

impl Startup {
    /// Registers the commands (from the process that runs shard 0: they belong to the
    /// application), starts the clock, and hands the handlers what they share.
    async fn ready(
        self,
        ctx: &serenity::Context,
        ready: &serenity::Ready,
        framework: &poise::Framework<Data, Error>,
    ) -> Result<Data, Error> {
        let commands = &framework.options().commands;
        // Another process runs shard 0 otherwise.
        if self.shards.is_none_or(|s| s.first == 0) {
            register(ctx, commands, self.guild, self.activity).await?;
        }
        tracing::info!(user = %ready.user.name, "connected and commands registered");
        self.gateway
            .set(ready.shard.map_or(0, |s| s.id.0), "connected");
        let application = ready.application.id.get().to_string();
        tracing::info!("invite link: {}", invite_url(&application));
        let closing = closing::Closing::new(Arc::clone(&ctx.http), self.close_threads_after);
        let controls = Arc::new(controls::Controls::new(closing));
        tokio::spawn(clock_loop(
            Arc::clone(&ctx.http),
            Arc::clone(&controls),
            Arc::clone(&self.app),
            self.shards,
        ));
        if let Some(pages) = &self.pages {
            pages.set_outbox(pages_outbox(Arc::clone(&ctx.http), Arc::clone(&controls)));
        }
        Ok(Data {
            app: self.app,
            bot: ready.user.id,
            threads: self.threads,
            defer_after: self.defer_after,
            inflight: self.inflight,
            gateway: self.gateway,
            seen: self.seen,
            controls,
            activity: self.activity,
        })
    }
}

/// Runs the shards until a stop signal, then stops taking new interactions and lets the
/// answers in flight finish (10 s at most).
async fn run_until_stopped(
    mut client: serenity::Client,
    shards: Option<Shards>,
    inflight: &InFlight,
) -> Result<(), Error> {
    let manager = client.shard_manager.clone();
    let start = async {
        match shards {
            None => client.start().await,
            // serenity's range includes its end.
            Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
        }
    };
    tokio::select! {
        result = start => result?,
        _ = shutdown_signal() => {
            tracing::info!("stopping");
            manager.shutdown_all().await;
            if tokio::time::timeout(Duration::from_secs(10), inflight.idle())
                .await
                .is_err()
            {
                tracing::warn!("stopped with answers still in flight after 10 s");
            }
        }
    }
    Ok(())
}

/// Where the seats' pages say what their members did: the table's channel, in order, as the
/// answers to a command are posted (a direct message to whom it is for).
fn pages_outbox(
    http: Arc<serenity::Http>,
    controls: Arc<controls::Controls>,
) -> crate::front::web::Outbox {
    let runtime = tokio::runtime::Handle::current();
    Arc::new(move |channel: &str, replies: Vec<crate::table::Reply>| {
        let Ok(channel) = channel.parse::<u64>() else {
            return;
        };
        let (http, controls) = (Arc::clone(&http), Arc::clone(&controls));
        runtime.spawn(async move {
            for reply in replies {
                if reply.direct.is_some() {
                    answer::send_direct(&http, &controls, reply).await;
                } else {
                    let channel = serenity::ChannelId::new(channel);
                    answer::post(&http, &controls, channel, Outgoing::of(reply)).await;
                }
            }
        });
    })
}

/// Posts the clock events (warnings, timeouts, expired challenges) every few seconds, for
/// the tables of the guilds this process's shards serve.
async fn clock_loop(
    http: Arc<serenity::Http>,
    controls: Arc<controls::Controls>,
    app: Arc<App>,
    shards: Option<Shards>,
) {
    let mut interval = tokio::time::interval(Duration::from_secs(15));
    loop {
        interval.tick().await;
        let app2 = Arc::clone(&app);
        let events = tokio::task::spawn_blocking(move || {
            app2.tick_where(&|guild| shards.is_none_or(|s| s.serves(guild)))
        })
        .await
        .unwrap_or_default();
        for (_, channel, reply) in events {
            let Ok(channel) = channel.parse::<u64>() else {
                continue;
            };
            if reply.direct.is_some() {
                answer::send_direct(&http, &controls, reply).await;
                continue;
            }
            answer::post(
                &http,
                &controls,
                serenity::ChannelId::new(channel),
                Outgoing::of(reply),
            )
            .await;
        }
    }
}
