//! `holotable serve`: the Discord front end, a thin adapter from poise to the application
//! layer (docs/CONTRACT.md P-3, P-7). No game or money rule lives here: every command becomes a
//! [`Command`] for [`App::handle`], and every reply is sent as it comes back.
//!
//! The application layer is synchronous (SQLite): it runs on tokio's blocking pool, so no
//! transaction is ever held across an `.await`.

mod answer;
mod choices;
mod closing;
mod commands;
mod components;
mod controls;
mod custom_ids;
mod doors;
mod errors;
mod gateway;
mod marks;
mod retry;
mod seen;
mod send;
mod shutdown;
mod startup;
mod threads;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use self::answer::{answer, Answering, Asked};
use self::shutdown::InFlight;
use crate::table::{Actor, App, Command, NO_SERVER};

pub use self::choices::GameChoice;
pub use self::commands::commands;
pub use self::startup::serve;

/// How many entries a Discord select menu holds: the width of the move menu's steps
/// (`Settings::menu_width`).
pub const MENU_WIDTH: usize = 25;

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command handler shares.
pub struct Data {
    app: Arc<App>,
    bot: serenity::UserId,
    /// Tables in threads (`[tables] threads`).
    threads: bool,
    /// When to defer an answer (`[discord] defer_after_ms`).
    defer_after: Duration,
    inflight: Arc<InFlight>,
    gateway: Arc<gateway::GatewayState>,
    /// Interactions already taken, and when each arrived (a copy delivered again is dropped
    /// at the door).
    seen: Arc<seen::Seen>,
    /// Each table's message whose choices are live.
    controls: Arc<controls::Controls>,
    /// Whether the Discord Activity is on (`[activity]`).
    activity: bool,
}

fn user_id(data: &Data, user: &serenity::User) -> String {
    if user.id == data.bot {
        crate::table::DROID.to_string()
    } else {
        user.id.get().to_string()
    }
}

fn display_name(user: &serenity::User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

/// The name a member goes by in this server: their nickname there, else their own
/// display name (what Discord itself shows beside their messages).
fn member_name(nick: Option<&str>, user: &serenity::User) -> String {
    nick.map(str::trim)
        .filter(|n| !n.is_empty())
        .map_or_else(|| display_name(user), str::to_string)
}

/// Whether the command was used inside a thread (a table there stays in that thread).
fn in_thread(ctx: &Context<'_>) -> bool {
    let poise::Context::Application(a) = ctx else {
        return false;
    };
    thread_parent(a.interaction.channel.as_ref()).is_some()
}

/// The channel a thread is in, when `channel` (as an interaction carries it) is a thread.
fn thread_parent(channel: Option<&serenity::PartialChannel>) -> Option<String> {
    let channel = channel?;
    let thread = matches!(
        channel.kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    );
    thread
        .then(|| channel.parent_id.map(|p| p.get().to_string()))
        .flatten()
}

fn has_manage_guild(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .map(|p| p.manage_guild() || p.administrator())
        .unwrap_or(false)
}

/// The server an interaction comes from, as the application knows it: its guild when the
/// bot is installed there, else [`NO_SERVER`] (a direct message, or a server where the
/// member installed the application for themself). An interaction that names no
/// installation at all is read by its guild alone.
fn server_of(
    guild: Option<serenity::GuildId>,
    owners: &serenity::AuthorizingIntegrationOwners,
) -> String {
    use serenity::AuthorizingIntegrationOwner as Owner;
    let installed = owners.0.is_empty()
        || owners
            .0
            .iter()
            .any(|o| matches!(o, Owner::GuildInstall(Some(g)) if Some(*g) == guild));
    match guild {
        Some(guild) if installed => guild.get().to_string(),
        _ => NO_SERVER.to_string(),
    }
}

fn actor_of(ctx: &Context<'_>) -> Actor {
    let (server, interaction_id, admin, locale, joined_at, parent) = match ctx {
        poise::Context::Application(a) => (
            server_of(
                a.interaction.guild_id,
                &a.interaction.authorizing_integration_owners,
            ),
            a.interaction.id.get().to_string(),
            has_manage_guild(a.interaction.member.as_deref()),
            a.interaction.locale.as_str(),
            joined(a.interaction.member.as_deref()),
            thread_parent(a.interaction.channel.as_ref()),
        ),
        poise::Context::Prefix(p) => (
            NO_SERVER.to_string(),
            p.msg.id.get().to_string(),
            false,
            "",
            None,
            None,
        ),
    };
    Actor {
        guild: server,
        channel: ctx.channel_id().get().to_string(),
        parent,
        user: ctx.author().id.get().to_string(),
        name: match ctx {
            poise::Context::Application(a) => member_name(
                a.interaction
                    .member
                    .as_deref()
                    .and_then(|m| m.nick.as_deref()),
                ctx.author(),
            ),
            poise::Context::Prefix(_) => display_name(ctx.author()),
        },
        interaction: interaction_id,
        admin,
        lang: crate::words::Lang::of(locale),
        joined: joined_at,
        created: Some(ctx.author().id.created_at().unix_timestamp()),
    }
}

/// When a member joined the server (Unix seconds), as Discord tells it.
fn joined(member: Option<&serenity::Member>) -> Option<i64> {
    member?.joined_at.map(|at| at.unix_timestamp())
}

/// A user a command names, as (id, display name) for the application to remember.
fn named(data: &Data, user: &serenity::User, nick: Option<&str>) -> (String, String) {
    (user_id(data, user), member_name(nick, user))
}

/// The slash command interaction of a poise context (every command here is a slash command).
fn interaction<'a>(ctx: &Context<'a>) -> Result<&'a serenity::CommandInteraction, Error> {
    match ctx {
        poise::Context::Application(a) => Ok(a.interaction),
        poise::Context::Prefix(_) => Err("only slash commands are supported".into()),
    }
}

async fn dispatch(
    ctx: Context<'_>,
    command: Command,
    names: Vec<(String, String)>,
) -> Result<(), Error> {
    let asked = Asked::Command(interaction(&ctx)?);
    let data = ctx.data();
    let _busy = data.inflight.enter();
    let actor = actor_of(&ctx);
    let arrived = data.seen.arrived(interaction(&ctx)?.id.get());
    let mut answering = Answering::new(ctx.http(), &data.controls, asked, &actor.name, actor.lang)
        .arrived(arrived)
        .launching(data.activity);
    answer(
        &mut answering,
        &data.app,
        actor,
        command,
        names,
        data.defer_after,
    )
    .await;
    Ok(())
}

/// What the bot does in a channel, and so exactly what its invite asks for: see the channel,
/// post answers with board images (attachments, embeds) in channels and in table threads,
/// read the history its buttons live in, open a public thread per table, and remove the
/// thread of a refused command (Manage Threads).
pub fn permissions() -> serenity::Permissions {
    serenity::Permissions::VIEW_CHANNEL
        | serenity::Permissions::SEND_MESSAGES
        | serenity::Permissions::SEND_MESSAGES_IN_THREADS
        | serenity::Permissions::EMBED_LINKS
        | serenity::Permissions::ATTACH_FILES
        | serenity::Permissions::READ_MESSAGE_HISTORY
        | serenity::Permissions::CREATE_PUBLIC_THREADS
        | serenity::Permissions::MANAGE_THREADS
}

/// The link that adds the bot to a server with [`permissions`] and its slash commands.
pub fn invite_url(application_id: &str) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope=bot%20applications.commands&permissions={}",
        permissions().bits()
    )
}

/// The runtime the bot runs on. The application layer's work (one SQLite connection, boards
/// drawn on the CPU) runs on the blocking pool; threads beyond a few per core only wait for
/// the connection while each keeps its own drawing buffers and allocator arena, so under a
/// burst of a thousand interactions tokio's default of 512 blocking threads cost ~130 MB
/// and no speed. Commands wait for one of the application's working places (two per core,
/// at least four: [`crate::table::thinking::working_places`]) before they get a thread; the
/// pool holds those and [`DROID_WAITERS`] more, for commands that wait for the droid's
/// search with their place given back, and for short reads (autocomplete).
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    bound_allocator_arenas(crate::table::thinking::working_places());
    tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(crate::table::thinking::working_places() + DROID_WAITERS)
        .enable_all()
        .build()
}

/// glibc's allocator gives each thread that allocates an arena of its own, up to eight per
/// core, and an arena keeps much of what was freed in it; with the waiting threads above that
/// is memory held for nothing. Bounded to one arena per working place.
fn bound_allocator_arenas(arenas: usize) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let arenas = libc::c_int::try_from(arenas).unwrap_or(libc::c_int::MAX);
        // SAFETY: a setting of the allocator, made before the runtime's threads start.
        if unsafe { libc::mallopt(libc::M_ARENA_MAX, arenas) } != 1 {
            tracing::debug!("the allocator keeps its own number of arenas");
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = arenas;
}

/// How many commands may wait for a droid's search at once without taking a working
/// thread from anyone (a thread waiting for the search costs little).
const DROID_WAITERS: usize = 64;

/// The gateway shards one process runs: `first..=last` of `total` (Discord's rule puts a
/// guild on shard `(guild_id >> 22) % total`, so each guild, with its tables, belongs to
/// exactly one process).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl Shards {
    /// `A-B` (or `A`) of `total`, checked.
    pub fn parse(range: &str, total: u32) -> Result<Shards, String> {
        let number = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("'{s}' is not a shard number"))
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(range)?, number(range)?),
        };
        if total == 0 || first > last || last >= total {
            return Err(format!(
                "shards {first}-{last} of {total}: a range A-B with A ≤ B < the total"
            ));
        }
        Ok(Shards { first, last, total })
    }

    /// The shard of a guild (Discord's rule).
    pub fn of(guild: u64, total: u32) -> u32 {
        ((guild >> 22) % total as u64) as u32
    }

    /// Whether this process serves `guild` (a Discord id; anything else, such as direct
    /// messages, belongs to shard 0).
    pub fn serves(&self, guild: &str) -> bool {
        let shard = guild
            .parse::<u64>()
            .map_or(0, |id| Shards::of(id, self.total));
        (self.first..=self.last).contains(&shard)
    }
}
