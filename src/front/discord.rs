//! `holotable serve`: the Discord front end, a thin adapter from poise to the application
//! layer (PRODUCT.md P-3, P-7). No game or money rule lives here: every command becomes a
//! [`Command`] for [`App::handle`], and every reply is sent as it comes back.
//!
//! The application layer is synchronous (SQLite): it runs on tokio's blocking pool, so no
//! transaction is ever held across an `.await`.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use poise::ChoiceParameter;

use crate::config::Config;
use crate::table::{commands, Actor, App, Command, Reply, Style};

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// Answers being prepared or sent, so that a stop waits for them (SIGTERM, Ctrl-C).
#[derive(Default)]
struct InFlight {
    count: std::sync::atomic::AtomicUsize,
    idle: tokio::sync::Notify,
}

impl InFlight {
    fn enter(self: &Arc<Self>) -> Busy {
        self.count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Busy(Arc::clone(self))
    }

    /// Resolves once no answer is in flight.
    async fn idle(&self) {
        loop {
            let notified = self.idle.notified();
            if self.count.load(std::sync::atomic::Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

/// One answer in flight, until dropped.
struct Busy(Arc<InFlight>);

impl Drop for Busy {
    fn drop(&mut self) {
        if self
            .0
            .count
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst)
            == 1
        {
            self.0.idle.notify_waiters();
        }
    }
}

/// What every command handler shares.
pub struct Data {
    app: Arc<App>,
    bot: serenity::UserId,
    /// Tables in threads (`[tables] threads`).
    threads: bool,
    /// When to defer an answer (`[discord] defer_after_ms`).
    defer_after: Duration,
    inflight: Arc<InFlight>,
}

/// Runs a command on the blocking pool and returns its replies.
async fn run(app: &Arc<App>, actor: Actor, command: Command) -> Vec<Reply> {
    let app = Arc::clone(app);
    tokio::task::spawn_blocking(move || app.handle(&actor, command))
        .await
        .unwrap_or_else(|e| vec![Reply::private(format!("internal error: {e}"))])
}

fn user_id(data: &Data, user: &serenity::User) -> String {
    if user.id == data.bot {
        crate::ledger::DROID.to_string()
    } else {
        user.id.get().to_string()
    }
}

fn display_name(user: &serenity::User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

/// Whether the command was used inside a thread (a table there stays in that thread).
fn in_thread(ctx: &Context<'_>) -> bool {
    let poise::Context::Application(a) = ctx else {
        return false;
    };
    a.interaction.channel.as_ref().is_some_and(|c| {
        matches!(
            c.kind,
            serenity::ChannelType::PublicThread
                | serenity::ChannelType::PrivateThread
                | serenity::ChannelType::NewsThread
        )
    })
}

fn has_manage_guild(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .map(|p| p.manage_guild() || p.administrator())
        .unwrap_or(false)
}

fn actor_of(ctx: &Context<'_>) -> Actor {
    let (interaction_id, admin) = match ctx {
        poise::Context::Application(a) => (
            a.interaction.id.get().to_string(),
            has_manage_guild(a.interaction.member.as_deref()),
        ),
        poise::Context::Prefix(p) => (p.msg.id.get().to_string(), false),
    };
    Actor {
        guild: ctx
            .guild_id()
            .map(|g| g.get().to_string())
            .unwrap_or_else(|| "dm".into()),
        channel: ctx.channel_id().get().to_string(),
        user: ctx.author().id.get().to_string(),
        name: display_name(ctx.author()),
        interaction: interaction_id,
        admin,
    }
}

fn button_style(style: Style) -> serenity::ButtonStyle {
    match style {
        Style::Primary => serenity::ButtonStyle::Primary,
        Style::Secondary => serenity::ButtonStyle::Secondary,
        Style::Success => serenity::ButtonStyle::Success,
        Style::Danger => serenity::ButtonStyle::Danger,
    }
}

/// The components of a reply: one row of buttons, one row with the move menu.
fn components(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    let mut rows = Vec::new();
    if !reply.buttons.is_empty() {
        rows.push(serenity::CreateActionRow::Buttons(
            reply
                .buttons
                .iter()
                .take(5)
                .map(|b| {
                    serenity::CreateButton::new(b.custom_id.clone())
                        .label(b.label.clone())
                        .style(button_style(b.style))
                })
                .collect(),
        ));
    }
    if let Some(select) = &reply.select {
        let options = select
            .choices
            .iter()
            .take(25)
            .map(|c| serenity::CreateSelectMenuOption::new(c.clone(), c.clone()))
            .collect();
        rows.push(serenity::CreateActionRow::SelectMenu(
            serenity::CreateSelectMenu::new(
                select.custom_id.clone(),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(select.placeholder.clone()),
        ));
    }
    rows
}

/// Discord's limit for message content.
const CONTENT_LIMIT: usize = 2000;

/// One reply in Discord's terms. Serenity has a distinct builder for each way of sending a
/// message; all of them are made from this one value.
struct Outgoing {
    content: String,
    ephemeral: bool,
    components: Vec<serenity::CreateActionRow>,
    files: Vec<serenity::CreateAttachment>,
}

impl Outgoing {
    fn of(reply: &Reply) -> Outgoing {
        let content = if reply.text.chars().count() <= CONTENT_LIMIT {
            reply.text.clone()
        } else {
            reply
                .text
                .chars()
                .take(CONTENT_LIMIT - 1)
                .collect::<String>()
                + "…"
        };
        Outgoing {
            content,
            ephemeral: reply.ephemeral,
            components: components(reply),
            files: reply
                .images
                .iter()
                .map(|i| serenity::CreateAttachment::bytes(i.bytes.clone(), i.name.clone()))
                .collect(),
        }
    }

    fn response(self) -> serenity::CreateInteractionResponse {
        let message = serenity::CreateInteractionResponseMessage::new()
            .content(self.content)
            .ephemeral(self.ephemeral)
            .components(self.components)
            .files(self.files);
        serenity::CreateInteractionResponse::Message(message)
    }

    fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        serenity::CreateInteractionResponseFollowup::new()
            .content(self.content)
            .ephemeral(self.ephemeral)
            .components(self.components)
            .files(self.files)
    }

    fn edit(self) -> serenity::EditInteractionResponse {
        self.files.into_iter().fold(
            serenity::EditInteractionResponse::new()
                .content(self.content)
                .components(self.components),
            |edit, file| edit.new_attachment(file),
        )
    }

    fn message(self) -> serenity::CreateMessage {
        serenity::CreateMessage::new()
            .content(self.content)
            .components(self.components)
            .files(self.files)
    }
}

/// The interaction being answered: a slash command or a button/menu.
#[derive(Clone, Copy)]
enum Asked<'a> {
    Command(&'a serenity::CommandInteraction),
    Component(&'a serenity::ComponentInteraction),
}

impl Asked<'_> {
    async fn respond(self, http: &serenity::Http, reply: Outgoing) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_response(http, reply.response()).await,
            Asked::Component(i) => i.create_response(http, reply.response()).await,
        }
    }

    async fn defer(self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.defer(http).await,
            Asked::Component(i) => {
                let defer = serenity::CreateInteractionResponse::Defer(
                    serenity::CreateInteractionResponseMessage::new(),
                );
                i.create_response(http, defer).await
            }
        }
    }

    async fn follow(self, http: &serenity::Http, reply: Outgoing) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_followup(http, reply.followup()).await.map(drop),
            Asked::Component(i) => i.create_followup(http, reply.followup()).await.map(drop),
        }
    }

    async fn edit(self, http: &serenity::Http, reply: Outgoing) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.edit_response(http, reply.edit()).await.map(drop),
            Asked::Component(i) => i.edit_response(http, reply.edit()).await.map(drop),
        }
    }

    async fn delete(self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.delete_response(http).await,
            Asked::Component(i) => i.delete_response(http).await,
        }
    }
}

/// Runs `command` and answers `asked` with its replies: the first answers the interaction,
/// the others follow it. Work still running after `defer_after` is deferred first; its
/// first reply then replaces the "thinking…" placeholder, or, when it is private (a refusal),
/// the public placeholder is deleted and the reply follows privately, because the first
/// followup of a public deferral cannot be ephemeral.
async fn answer(
    http: &serenity::Http,
    asked: Asked<'_>,
    app: &Arc<App>,
    actor: Actor,
    command: Command,
    defer_after: Duration,
) -> Result<(), Error> {
    let work = run(app, actor, command);
    tokio::pin!(work);
    let mut deferred = false;
    let replies = if defer_after.is_zero() {
        asked.defer(http).await?;
        deferred = true;
        work.await
    } else {
        tokio::select! {
            replies = &mut work => replies,
            _ = tokio::time::sleep(defer_after) => {
                asked.defer(http).await?;
                deferred = true;
                work.await
            }
        }
    };
    send_replies(http, asked, replies, deferred).await
}

async fn send_replies(
    http: &serenity::Http,
    asked: Asked<'_>,
    replies: Vec<Reply>,
    deferred: bool,
) -> Result<(), Error> {
    for (i, reply) in replies.iter().enumerate() {
        let reply = Outgoing::of(reply);
        match (i, deferred) {
            (0, false) => asked.respond(http, reply).await?,
            (0, true) if reply.ephemeral => {
                asked.delete(http).await?;
                asked.follow(http, reply).await?;
            }
            (0, true) => asked.edit(http, reply).await?,
            _ => asked.follow(http, reply).await?,
        }
    }
    Ok(())
}

/// The slash command interaction of a poise context (every command here is a slash command).
fn interaction<'a>(ctx: &Context<'a>) -> Result<&'a serenity::CommandInteraction, Error> {
    match ctx {
        poise::Context::Application(a) => Ok(a.interaction),
        poise::Context::Prefix(_) => Err("only slash commands are supported".into()),
    }
}

async fn dispatch(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let asked = Asked::Command(interaction(&ctx)?);
    let data = ctx.data();
    let _busy = data.inflight.enter();
    answer(
        ctx.http(),
        asked,
        &data.app,
        actor_of(&ctx),
        command,
        data.defer_after,
    )
    .await
}

/// `/play` with `[tables] threads`: the table lives in a new public thread of the channel,
/// which gets a short announcement. A refused `/play` removes its thread again; a thread that
/// cannot be created (missing permission) leaves the table in the channel.
async fn play_in_thread(ctx: Context<'_>, args: crate::table::PlayArgs) -> Result<(), Error> {
    let asked = interaction(&ctx)?;
    let data = ctx.data();
    let _busy = data.inflight.enter();
    let http = ctx.http();
    let opponent = args
        .opponent
        .as_deref()
        .map(|id| data.app.name(id))
        .unwrap_or_else(|| "open table".into());
    let title = crate::games::registry::CATALOGUE
        .iter()
        .find(|(id, _, _)| *id == args.game)
        .map_or(args.game.as_str(), |(_, _, name)| name);
    let name: String = format!("{title} · {} vs {opponent}", display_name(ctx.author()))
        .chars()
        .take(100)
        .collect();
    let thread = match ctx
        .channel_id()
        .create_thread(
            http,
            serenity::CreateThread::new(name)
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await
    {
        Ok(thread) => thread,
        Err(e) => {
            tracing::warn!(error = %e, "could not open a thread; the table stays in the channel");
            return dispatch(ctx, Command::Play(args)).await;
        }
    };
    let mut actor = actor_of(&ctx);
    actor.channel = thread.id.get().to_string();
    let replies = run(&data.app, actor, Command::Play(args)).await;
    let opened = replies.first().is_some_and(|r| !r.ephemeral);
    if !opened {
        if let Err(e) = thread.id.delete(http).await {
            tracing::warn!(error = %e, "could not remove the thread of a refused /play");
        }
        return send_replies(http, Asked::Command(asked), replies, false).await;
    }
    let headline = replies[0]
        .text
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let announcement = Reply::public(format!("{headline}\nThe table is in <#{}>.", thread.id));
    send_replies(http, Asked::Command(asked), vec![announcement], false).await?;
    for reply in &replies {
        thread
            .id
            .send_message(http, Outgoing::of(reply).message())
            .await?;
    }
    Ok(())
}

/// The games of `/play` and `/rules`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "Dejarik"]
    Dejarik,
    #[name = "Backgammon"]
    Backgammon,
    #[name = "Zatak"]
    Zatak,
    #[name = "Halloween Kingdoms"]
    Kingdoms,
    #[name = "D-Zone"]
    Dzone,
}

impl GameChoice {
    fn id(self) -> &'static str {
        match self {
            GameChoice::Dejarik => "dejarik",
            GameChoice::Backgammon => "backgammon",
            GameChoice::Zatak => "zatak",
            GameChoice::Kingdoms => "kingdoms",
            GameChoice::Dzone => "dzone",
        }
    }
}

/// Who moves first.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FirstChoice {
    #[name = "me"]
    Me,
    #[name = "them"]
    Them,
    #[name = "random"]
    Random,
}

/// Open a game table in this channel.
// Each parameter is one option of the slash command.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
async fn play(
    ctx: Context<'_>,
    #[description = "The game"] game: GameChoice,
    #[description = "Your opponent (the bot itself plays as the droid); none for an open table"]
    opponent: Option<serenity::User>,
    #[description = "Credits each player stakes; the winner takes both"] wager: Option<i64>,
    #[description = "Points to reach (a series or match)"] to: Option<i64>,
    #[description = "Credits the loser pays per point after each game (instead of a wager)"]
    per_point: Option<i64>,
    #[description = "Who moves first"] first: Option<FirstChoice>,
    #[description = "A start position in the game's notation"] setup: Option<String>,
) -> Result<(), Error> {
    if let Some(user) = &opponent {
        let id = user_id(ctx.data(), user);
        let name = display_name(user);
        let app = Arc::clone(&ctx.data().app);
        app.learn_name(&id, &name);
    }
    let mut options = BTreeMap::new();
    if let Some(setup) = setup {
        options.insert("setup".to_string(), setup);
    }
    let args = crate::table::PlayArgs {
        game: game.id().to_string(),
        opponent: opponent.as_ref().map(|u| user_id(ctx.data(), u)),
        wager,
        per_point,
        to: to.map(|n| n.clamp(0, 1000) as u32),
        first: first.map(|f| f.name().to_string()),
        options,
    };
    if ctx.data().threads && !in_thread(&ctx) {
        return play_in_thread(ctx, args).await;
    }
    dispatch(ctx, Command::Play(args)).await
}

async fn autocomplete_action(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let app = Arc::clone(&ctx.data().app);
    let actor = actor_of(&ctx);
    let typed = partial.to_string();
    let choices = tokio::task::spawn_blocking(move || app.autocomplete(&actor, &typed))
        .await
        .unwrap_or_default();
    serenity::CreateAutocompleteResponse::new().set_choices(
        choices
            .into_iter()
            .map(serenity::AutocompleteChoice::from)
            .collect(),
    )
}

/// Play one move at this channel's table.
#[poise::command(slash_command, guild_only, rename = "move")]
async fn move_(
    ctx: Context<'_>,
    #[description = "Your move, e.g. o5-i5"]
    #[autocomplete = "autocomplete_action"]
    action: String,
) -> Result<(), Error> {
    dispatch(ctx, Command::Move { action }).await
}

/// Show this channel's board again.
#[poise::command(slash_command, guild_only)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Board).await
}

/// Concede this channel's table (the whole series or match).
#[poise::command(slash_command, guild_only)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Resign).await
}

/// Offer a draw.
#[poise::command(slash_command, guild_only)]
async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Draw).await
}

/// Offer a double (backgammon).
#[poise::command(slash_command, guild_only)]
async fn double(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Double).await
}

/// The rules of a game, with its start position.
#[poise::command(slash_command)]
async fn rules(
    ctx: Context<'_>,
    #[description = "The game"] game: GameChoice,
) -> Result<(), Error> {
    dispatch(
        ctx,
        Command::Rules {
            game: game.id().into(),
        },
    )
    .await
}

/// An animated replay of a table.
#[poise::command(slash_command, guild_only)]
async fn replay(
    ctx: Context<'_>,
    #[description = "Table number (default: this channel's last table)"] table: Option<i64>,
) -> Result<(), Error> {
    dispatch(ctx, Command::Replay { table }).await
}

/// Check the provably fair seed of a finished table.
#[poise::command(slash_command, guild_only)]
async fn verify(
    ctx: Context<'_>,
    #[description = "Table number (default: this channel's last table)"] table: Option<i64>,
) -> Result<(), Error> {
    dispatch(ctx, Command::Verify { table }).await
}

/// Credits and slot tokens.
#[poise::command(slash_command, guild_only)]
async fn balance(
    ctx: Context<'_>,
    #[description = "Whose balance (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.map(|u| {
        ctx.data()
            .app
            .learn_name(&u.id.get().to_string(), &display_name(&u));
        u.id.get().to_string()
    });
    dispatch(ctx, Command::Balance { user }).await
}

/// Claim the daily credits (once per UTC day).
#[poise::command(slash_command, guild_only)]
async fn daily(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Daily).await
}

/// Give credits to another member.
#[poise::command(slash_command, guild_only)]
async fn give(
    ctx: Context<'_>,
    #[description = "Who receives them"] user: serenity::User,
    #[description = "How many credits"] amount: i64,
) -> Result<(), Error> {
    ctx.data()
        .app
        .learn_name(&user.id.get().to_string(), &display_name(&user));
    let user = user_id(ctx.data(), &user);
    dispatch(ctx, Command::Give { user, amount }).await
}

/// One spin of the slot machine (a free token first, else your bet).
#[poise::command(slash_command, guild_only)]
async fn slots(
    ctx: Context<'_>,
    #[description = "Credits to bet when you have no token"] bet: Option<i64>,
) -> Result<(), Error> {
    dispatch(ctx, Command::Slots { bet }).await
}

/// The top 10 of this server.
#[poise::command(slash_command, guild_only)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "credits, wins, or a game id for its ratings"] board: Option<String>,
) -> Result<(), Error> {
    let board = board.unwrap_or_else(|| "credits".into());
    dispatch(ctx, Command::Leaderboard { board }).await
}

/// Games, wins, points, ratings and net winnings.
#[poise::command(slash_command, guild_only)]
async fn stats(
    ctx: Context<'_>,
    #[description = "Whose statistics (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.map(|u| u.id.get().to_string());
    dispatch(ctx, Command::Stats { user }).await
}

/// Server administration (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    subcommands("grant", "set", "end"),
    default_member_permissions = "MANAGE_GUILD"
)]
async fn admin(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Grant credits to a member.
#[poise::command(slash_command, guild_only)]
async fn grant(
    ctx: Context<'_>,
    #[description = "Who receives them"] user: serenity::User,
    #[description = "How many credits"] amount: i64,
) -> Result<(), Error> {
    let user = user_id(ctx.data(), &user);
    dispatch(ctx, Command::AdminGrant { user, amount }).await
}

/// Set an economy parameter of this server.
#[poise::command(slash_command, guild_only)]
async fn set(
    ctx: Context<'_>,
    #[description = "starting_balance, daily_amount, min_wager, token_bet or move_clock_secs"]
    setting: String,
    #[description = "The new value"] value: i64,
) -> Result<(), Error> {
    dispatch(ctx, Command::AdminSet { setting, value }).await
}

/// End a stuck table and refund its stakes.
#[poise::command(slash_command, guild_only)]
async fn end(
    ctx: Context<'_>,
    #[description = "Table number (default: this channel's table)"] table: Option<i64>,
) -> Result<(), Error> {
    dispatch(ctx, Command::AdminEnd { table }).await
}

/// Every slash command of PRODUCT.md P-3.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    let all = vec![
        play(),
        move_(),
        board(),
        resign(),
        draw(),
        double(),
        rules(),
        replay(),
        verify(),
        balance(),
        daily(),
        give(),
        slots(),
        leaderboard(),
        stats(),
        admin(),
    ];
    debug_assert_eq!(all.len(), commands::NAMES.len());
    all
}

/// A button press or menu choice, answered like a command.
async fn component(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let command = match &interaction.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => Command::Pick {
            custom_id: interaction.data.custom_id.clone(),
            value: values.first().cloned().unwrap_or_default(),
        },
        _ => Command::Press {
            custom_id: interaction.data.custom_id.clone(),
        },
    };
    let actor = Actor {
        guild: interaction
            .guild_id
            .map(|g| g.get().to_string())
            .unwrap_or_else(|| "dm".into()),
        channel: interaction.channel_id.get().to_string(),
        user: interaction.user.id.get().to_string(),
        name: display_name(&interaction.user),
        interaction: interaction.id.get().to_string(),
        admin: has_manage_guild(interaction.member.as_ref()),
    };
    let _busy = data.inflight.enter();
    answer(
        &ctx.http,
        Asked::Component(interaction),
        &data.app,
        actor,
        command,
        data.defer_after,
    )
    .await
}

/// Posts the clock events (warnings, timeouts, expired challenges) every few seconds.
async fn clock_loop(http: Arc<serenity::Http>, app: Arc<App>) {
    let mut interval = tokio::time::interval(Duration::from_secs(15));
    loop {
        interval.tick().await;
        let app2 = Arc::clone(&app);
        let events = tokio::task::spawn_blocking(move || app2.tick())
            .await
            .unwrap_or_default();
        for (_, channel, reply) in events {
            let Ok(channel) = channel.parse::<u64>() else {
                continue;
            };
            if let Err(e) = serenity::ChannelId::new(channel)
                .send_message(&http, Outgoing::of(&reply).message())
                .await
            {
                tracing::warn!(channel, error = %e, "could not post a clock event");
            }
        }
    }
}

/// Resolves when the process is asked to stop (Ctrl-C or SIGTERM).
async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => {
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// Runs the bot until it is stopped.
pub async fn serve(config: &Config, app: Arc<App>) -> Result<(), Error> {
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
    let http = http.build();
    let guild = config.discord.guild_id;
    let threads = config.tables.threads;
    let inflight = Arc::new(InFlight::default());
    let setup_inflight = Arc::clone(&inflight);
    let defer_after = Duration::from_millis(config.discord.defer_after_ms);
    let setup_app = Arc::clone(&app);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands(),
            event_handler: |framework, event| {
                Box::pin(async move {
                    if let serenity::FullEvent::InteractionCreate {
                        interaction: serenity::Interaction::Component(interaction),
                    } = event
                    {
                        component(framework.serenity_context, framework.user_data, interaction)
                            .await?;
                    }
                    Ok(())
                })
            },
            on_error: |error| {
                Box::pin(async move {
                    tracing::warn!("command error: {error}");
                    let _ = poise::builtins::on_error(error).await;
                })
            },
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                match guild {
                    Some(guild) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            &framework.options().commands,
                            serenity::GuildId::new(guild),
                        )
                        .await?
                    }
                    None => {
                        poise::builtins::register_globally(ctx, &framework.options().commands)
                            .await?
                    }
                }
                tracing::info!(user = %ready.user.name, "connected and commands registered");
                tokio::spawn(clock_loop(Arc::clone(&ctx.http), Arc::clone(&setup_app)));
                Ok(Data {
                    app: setup_app,
                    bot: ready.user.id,
                    threads,
                    defer_after,
                    inflight: setup_inflight,
                })
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let shards = client.shard_manager.clone();
    tokio::select! {
        result = client.start() => result?,
        _ = shutdown_signal() => {
            // Stop taking new interactions, then let the answers in flight finish.
            tracing::info!("stopping");
            shards.shutdown_all().await;
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
