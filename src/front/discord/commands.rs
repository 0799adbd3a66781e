//! The slash commands of docs/CONTRACT.md P-3, built from the command table
//! ([`commands::listed`] and the games' decision commands): each is registered with the
//! arguments the table declares, and its invocation becomes the same named options the
//! console reads, parsed by the same [`commands::parse`].

use std::collections::BTreeMap;
use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::answer::{Answering, Asked};
use super::choices::GameChoice;
use super::threads::in_new_thread;
use super::{actor_of, dispatch, display_name, in_thread, named, Context, Data, Error};
use crate::table::commands::{self, ArgKind, ArgSpec, CommandSpec};
use crate::table::{Command, Reply};
use crate::words::{self, Lang};

/// Every slash command of docs/CONTRACT.md P-3, with its words from the message files.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    commands::specs()
        .iter()
        .map(|spec| {
            let mut command = build(spec, None);
            localise(&mut command, format!("cmd-{}", spec.name));
            command
        })
        .collect()
}

/// The poise command of one declared command (`parent`: the command a subcommand is under).
fn build(spec: &CommandSpec, parent: Option<&CommandSpec>) -> poise::Command<Data, Error> {
    let qualified = match parent {
        Some(parent) => format!("{} {}", parent.name, spec.name),
        None => spec.name.to_string(),
    };
    let mut command = poise::Command {
        name: spec.name.into(),
        qualified_name: qualified.clone().into(),
        identifying_name: qualified.into(),
        parameters: spec.args.iter().map(parameter).collect(),
        subcommands: spec
            .subcommands
            .iter()
            .map(|s| build(s, Some(spec)))
            .collect(),
        subcommand_required: !spec.subcommands.is_empty(),
        guild_only: !spec.anywhere,
        // A command with subcommands is never invoked itself, but poise registers only
        // commands with an action.
        slash_action: Some(run),
        ..Default::default()
    };
    if spec.admin {
        command.default_member_permissions = serenity::Permissions::MANAGE_GUILD;
    }
    // What needs no server is offered wherever a member may use the application: in
    // servers, in direct messages and — installed for themself — anywhere else; the rest
    // only in servers that added the bot. (Discord reads these on top-level commands.)
    if parent.is_none() {
        use serenity::{InstallationContext as Install, InteractionContext as Used};
        command.install_context = Some(if spec.anywhere {
            vec![Install::Guild, Install::User]
        } else {
            vec![Install::Guild]
        });
        command.interaction_context = Some(if spec.anywhere {
            vec![Used::Guild, Used::BotDm, Used::PrivateChannel]
        } else {
            vec![Used::Guild]
        });
    }
    command
}

/// Adds the choice `value`, shown in each language as `label` says.
fn localised_choice(
    option: serenity::CreateCommandOption,
    value: &str,
    label: impl Fn(Lang) -> String,
) -> serenity::CreateCommandOption {
    let others: Vec<(&str, String)> = Lang::ALL
        .iter()
        .filter(|&&l| l != Lang::En)
        .map(|&l| (l.code(), label(l)))
        .collect();
    option.add_string_choice_localized(label(Lang::En), value, others)
}

/// A string option whose values are named in every language by the messages
/// `<prefix>-<value>`.
fn named_choices(
    option: serenity::CreateCommandOption,
    prefix: &str,
    values: &[&str],
) -> serenity::CreateCommandOption {
    values.iter().fold(
        option.kind(serenity::CommandOptionType::String),
        |b, &value| {
            let id = format!("{prefix}-{value}");
            localised_choice(b, value, |l| words::say_in(l, &id, &[]))
        },
    )
}

/// A declared argument as Discord's command option.
fn parameter(arg: &ArgSpec) -> poise::CommandParameter<Data, Error> {
    type Setter = fn(serenity::CreateCommandOption) -> serenity::CreateCommandOption;
    let setter: Setter = match (arg.kind, arg.range) {
        (ArgKind::Text | ArgKind::Action, _) => |b| b.kind(serenity::CommandOptionType::String),
        (ArgKind::Number, None) => |b| b.kind(serenity::CommandOptionType::Integer),
        // Discord's picker keeps a number in its range; a setter is a plain function, so each
        // range the table declares has its own.
        (ArgKind::Number, Some((1, 5))) => within::<1, 5>,
        (ArgKind::Number, Some((2, 4))) => within::<2, 4>,
        (ArgKind::Number, Some((1, 4))) => within::<1, 4>,
        (ArgKind::Number, Some((1, 10))) => within::<1, 10>,
        (ArgKind::Number, Some(range)) => panic!("no setter for the range {range:?}"),
        (ArgKind::User, _) => |b| b.kind(serenity::CommandOptionType::User),
        (ArgKind::Game, _) => <GameChoice as poise::SlashArgument>::create,
        (ArgKind::Item, _) => shop_items,
        (ArgKind::Leaderboard, _) => leaderboards,
        (ArgKind::Setting, _) => |b| {
            crate::table::Setting::ALL
                .iter()
                .map(|(name, _)| *name)
                .chain([crate::table::commands::WEB_LOBBY])
                .fold(b.kind(serenity::CommandOptionType::String), |b, name| {
                    b.add_string_choice(name, name)
                })
        },
        // More commands than Discord's 25 choices: their names are offered as they are typed.
        (ArgKind::Command, _) => |b| b.kind(serenity::CommandOptionType::String),
        (ArgKind::Credits, _) => |b| {
            b.kind(serenity::CommandOptionType::Integer)
                .min_int_value(1)
                .max_int_value(crate::table::MAX_AMOUNT as u64)
        },
        (ArgKind::Format, _) => |b| named_choices(b, "tour-format", &["knockout", "swiss"]),
        (ArgKind::ReplayFormat, _) => |b| named_choices(b, "replay-format", &["gif", "text"]),
        (ArgKind::Switch, _) => |b| named_choices(b, "switch", &["on", "off"]),
        (ArgKind::Reset, _) => |b| named_choices(b, "reset-what", &["economy", "season"]),
        (ArgKind::Channel, _) => |b| {
            b.kind(serenity::CommandOptionType::Channel)
                .channel_types(vec![serenity::ChannelType::Text])
        },
        (ArgKind::First, _) => |b| {
            ["me", "them", "random"]
                .into_iter()
                .fold(b.kind(serenity::CommandOptionType::String), |b, who| {
                    b.add_string_choice(who, who)
                })
        },
    };
    poise::CommandParameter {
        name: arg.name.into(),
        name_localizations: Default::default(),
        description: None,
        description_localizations: Default::default(),
        required: arg.required,
        channel_types: None,
        choices: Default::default(),
        type_setter: Some(setter),
        autocomplete_callback: match arg.kind {
            ArgKind::Action => Some(autocomplete),
            ArgKind::Command => Some(autocomplete_command),
            _ => None,
        },
        __non_exhaustive: (),
    }
}

/// The leaderboards as a fixed list of choices: credits, wins, then each game's ratings,
/// named in the member's language.
fn leaderboards(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
    let boards = ["credits", "wins"]
        .into_iter()
        .map(|b| (b.to_string(), format!("leaderboard-choice-{b}")))
        .chain(
            crate::catalogue::GAMES
                .iter()
                .map(|e| (e.info.id.to_string(), format!("game-{}", e.info.id))),
        );
    boards.fold(
        builder.kind(serenity::CommandOptionType::String),
        |b, (value, id)| localised_choice(b, &value, |l| words::say_in(l, &id, &[])),
    )
}

/// The shop's items as a fixed list of choices, named in the member's language.
fn shop_items(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
    crate::table::wares::items().iter().fold(
        builder.kind(serenity::CommandOptionType::String),
        |b, item| localised_choice(b, item.id, |l| item.name(l)),
    )
}

fn within<const MIN: i64, const MAX: i64>(
    builder: serenity::CreateCommandOption,
) -> serenity::CreateCommandOption {
    builder
        .kind(serenity::CommandOptionType::Integer)
        .min_int_value(MIN as u64)
        .max_int_value(MAX as u64)
}

/// A declared command's invocation: its options, named as the console names them.
fn run(
    ctx: poise::ApplicationContext<'_, Data, Error>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, Data, Error>>> {
    Box::pin(async move {
        let context = poise::Context::Application(ctx);
        invoke(context, ctx.args)
            .await
            .map_err(|error| poise::FrameworkError::new_command(context, error))
    })
}

async fn invoke(ctx: Context<'_>, args: &[serenity::ResolvedOption<'_>]) -> Result<(), Error> {
    let interaction = super::interaction(&ctx)?;
    let lang = Lang::of(&interaction.locale);
    let refuse = |text: String| async move {
        let who = display_name(&interaction.user);
        let mut answering = Answering::new(
            ctx.http(),
            &ctx.data().controls,
            Asked::Command(interaction),
            &who,
            lang,
        )
        .arrived(ctx.data().seen.arrived(interaction.id.get()));
        answering.send(vec![Reply::private(text)]).await;
        Ok(())
    };
    let mut options = BTreeMap::new();
    let mut names = Vec::new();
    let invoked = ctx.command().name.to_string();
    let name = match ctx.parent_commands().first() {
        Some(parent) => {
            options.insert("action".to_string(), invoked);
            parent.name.to_string()
        }
        None => invoked,
    };
    for option in args {
        let value = match &option.value {
            serenity::ResolvedValue::String(text) => text.to_string(),
            serenity::ResolvedValue::Integer(n) => n.to_string(),
            serenity::ResolvedValue::Channel(channel) => channel.id.get().to_string(),
            serenity::ResolvedValue::User(user, member) => {
                // Other bots cannot play, hold credits or be paid (the droid is this one).
                if user.bot && user.id != ctx.data().bot {
                    let who = display_name(user);
                    return refuse(crate::t!(lang, "option-bot", who = who)).await;
                }
                let (id, shown) = named(ctx.data(), user, member.and_then(|m| m.nick.as_deref()));
                names.push((id.clone(), shown));
                id
            }
            _ => continue,
        };
        options.insert(option.name.to_string(), value);
    }
    let parsed = commands::parse(lang, &name, &options);
    match parsed {
        Ok(command @ (Command::Play(_) | Command::TournamentCreate(_)))
            if ctx.data().threads && !in_thread(&ctx) =>
        {
            in_new_thread(ctx, command, names).await
        }
        Ok(command) => dispatch(ctx, command, names).await,
        Err(refusal) => refuse(refusal).await,
    }
}

fn autocomplete<'a>(
    ctx: poise::ApplicationContext<'a, Data, Error>,
    partial: &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    Box::pin(autocomplete_action(
        poise::Context::Application(ctx),
        partial,
    ))
}

/// The commands whose name (in the member's language, or its own) begins with what was
/// typed, as `/help command:` offers them: at most Discord's 25.
fn autocomplete_command<'a>(
    ctx: poise::ApplicationContext<'a, Data, Error>,
    partial: &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    let lang = Lang::of(ctx.interaction.locale.as_str());
    let typed = partial.trim().trim_start_matches('/').to_lowercase();
    let choices = crate::table::commands::names()
        .into_iter()
        .map(|name| (name, commands::local_name(lang, name, name)))
        .filter(|(name, local)| name.starts_with(&typed) || local.starts_with(&typed))
        .take(25)
        .map(|(name, local)| serenity::AutocompleteChoice::new(format!("/{local}"), name))
        .collect();
    Box::pin(async move { serenity::CreateAutocompleteResponse::new().set_choices(choices) })
}

async fn autocomplete_action(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let app = Arc::clone(&ctx.data().app);
    let actor = actor_of(&ctx);
    let typed = partial.to_string();
    // Through the same admission as commands: a flood of keystrokes waits for a place
    // rather than taking every thread (and the member's rate limit is the table's).
    let admitted = app.admit().await;
    let choices = tokio::task::spawn_blocking(move || {
        // The admission is the place: held while the keystroke is answered.
        let _place = admitted;
        app.autocomplete(&actor, &typed)
    })
    .await
    .unwrap_or_default();
    serenity::CreateAutocompleteResponse::new().set_choices(
        choices
            .into_iter()
            .map(serenity::AutocompleteChoice::from)
            .collect(),
    )
}

/// Discord's localisations of one text: (locale, text) pairs.
type Localised = Vec<(
    std::borrow::Cow<'static, str>,
    std::borrow::Cow<'static, str>,
)>;

/// The descriptions of a command and its options, in English and French, from the message
/// files (`cmd-<command>`, `cmd-<command>-<option>`; a subcommand is `cmd-<parent>-<name>`).
fn localise(command: &mut poise::Command<Data, Error>, id: String) {
    use std::borrow::Cow;
    let describe = |id: &str| -> Option<(String, Localised)> {
        if !words::has(Lang::En, id) {
            return None;
        }
        let localised = Lang::ALL
            .iter()
            .filter(|&&l| l != Lang::En)
            .map(|&l| {
                (
                    Cow::Borrowed(l.code()),
                    Cow::Owned(words::say_in(l, id, &[])),
                )
            })
            .collect();
        Some((words::say_in(Lang::En, id, &[]), localised))
    };
    // Every command and option is described in the message files, and only there.
    let (english, others) =
        describe(&id).unwrap_or_else(|| panic!("no message {id} describes /{}", command.name));
    command.description = Some(Cow::Owned(english));
    command.description_localizations = Cow::Owned(others);
    // The command's own name in each language that has one (`/jouer` for `/play`).
    let name_id = id.replacen("cmd-", "name-", 1);
    let names: Localised = Lang::ALL
        .iter()
        .filter(|&&l| l != Lang::En && words::has(l, &name_id))
        .map(|&l| {
            (
                Cow::Borrowed(l.code()),
                Cow::Owned(words::say_in(l, &name_id, &[])),
            )
        })
        .filter(|(_, name)| *name != command.name)
        .collect();
    command.name_localizations = Cow::Owned(names);
    for parameter in &mut command.parameters {
        let option = format!("{id}-{}", parameter.name);
        let (english, others) =
            describe(&option).unwrap_or_else(|| panic!("no message {option} describes an option"));
        parameter.description = Some(Cow::Owned(english));
        parameter.description_localizations = Cow::Owned(others);
    }
    for sub in &mut command.subcommands {
        let sub_id = format!("{id}-{}", sub.name);
        localise(sub, sub_id);
    }
}
