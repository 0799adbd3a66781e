//! The slash commands of docs/CONTRACT.md P-3, each a thin function from poise's arguments to a
//! [`Command`] of the application layer.

use std::collections::BTreeMap;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use poise::ChoiceParameter;

use super::choices::{FirstChoice, GameChoice};
use super::threads::play_in_thread;
use super::{actor_of, dispatch, in_thread, learn_name, user_id, Context, Data, Error};
use crate::table::{commands, Command};
use crate::words::{self, Lang};

// Open a game table in this channel.
// Each parameter is one option of the slash command.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
async fn play(
    ctx: Context<'_>,
    game: GameChoice,
    opponent: Option<serenity::User>,
    wager: Option<i64>,
    to: Option<i64>,
    per_point: Option<i64>,
    first: Option<FirstChoice>,
    #[min = 1]
    #[max = 5]
    level: Option<u8>,
    options: Option<String>,
    #[min = 2]
    #[max = 4]
    seats: Option<u8>,
) -> Result<(), Error> {
    if let Some(user) = &opponent {
        learn_name(ctx.data(), user).await;
    }
    let mut game_options = BTreeMap::new();
    if let Some(options) = options {
        game_options.insert("options".to_string(), options);
    }
    let args = crate::table::PlayArgs {
        game: game.id().to_string(),
        opponent: opponent.as_ref().map(|u| user_id(ctx.data(), u)),
        wager,
        per_point,
        to: to.map(|n| n.clamp(0, 1000) as u32),
        first: first.map(|f| f.name().to_string()),
        level,
        seats: seats.map(usize::from),
        options: game_options,
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

// Play one move at this channel's table.
#[poise::command(slash_command, guild_only, rename = "move")]
async fn move_(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete_action"] action: String,
) -> Result<(), Error> {
    dispatch(ctx, Command::Move { action }).await
}

// Show this channel's board again.
#[poise::command(slash_command, guild_only)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Board).await
}

// Concede this channel's table (the whole series or match).
#[poise::command(slash_command, guild_only)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Resign).await
}

// Offer a draw.
#[poise::command(slash_command, guild_only)]
async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Draw).await
}

// A game's decision with a command of its own; registered once under each name the
// catalogue declares (`/double`), and told by the name it was invoked with. Its description
// is the Fluent message `cmd-<name>`.
#[poise::command(slash_command, guild_only)]
async fn decision(ctx: Context<'_>) -> Result<(), Error> {
    let command = ctx.command().name.to_string();
    dispatch(ctx, Command::Decision { command }).await
}

// The rules of a game, with its start position.
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>, game: GameChoice) -> Result<(), Error> {
    dispatch(
        ctx,
        Command::Rules {
            game: game.id().into(),
        },
    )
    .await
}

// An animated replay of a table.
#[poise::command(slash_command, guild_only)]
async fn replay(ctx: Context<'_>, table: Option<i64>) -> Result<(), Error> {
    dispatch(ctx, Command::Replay { table }).await
}

// Check the provably fair seed of a finished table.
#[poise::command(slash_command, guild_only)]
async fn verify(ctx: Context<'_>, table: Option<i64>) -> Result<(), Error> {
    dispatch(ctx, Command::Verify { table }).await
}

// Credits and slot tokens.
#[poise::command(slash_command, guild_only)]
async fn balance(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    if let Some(u) = &user {
        learn_name(ctx.data(), u).await;
    }
    let user = user.map(|u| u.id.get().to_string());
    dispatch(ctx, Command::Balance { user }).await
}

// Claim the daily credits (once per UTC day).
#[poise::command(slash_command, guild_only)]
async fn daily(ctx: Context<'_>) -> Result<(), Error> {
    dispatch(ctx, Command::Daily).await
}

// Give credits to another member.
#[poise::command(slash_command, guild_only)]
async fn give(ctx: Context<'_>, user: serenity::User, amount: i64) -> Result<(), Error> {
    learn_name(ctx.data(), &user).await;
    let user = user_id(ctx.data(), &user);
    dispatch(ctx, Command::Give { user, amount }).await
}

// One spin of the slot machine (a free token first, else your bet).
#[poise::command(slash_command, guild_only)]
async fn slots(ctx: Context<'_>, bet: Option<i64>) -> Result<(), Error> {
    dispatch(ctx, Command::Slots { bet }).await
}

// The top 10 of this server.
#[poise::command(slash_command, guild_only)]
async fn leaderboard(ctx: Context<'_>, board: Option<String>) -> Result<(), Error> {
    let board = board.unwrap_or_else(|| "credits".into());
    dispatch(ctx, Command::Leaderboard { board }).await
}

// Games, wins, points, ratings and net winnings.
#[poise::command(slash_command, guild_only)]
async fn stats(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let user = user.map(|u| u.id.get().to_string());
    dispatch(ctx, Command::Stats { user }).await
}

// Server administration (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    subcommands("grant", "set", "end"),
    default_member_permissions = "MANAGE_GUILD"
)]
async fn admin(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

// Grant credits to a member.
#[poise::command(slash_command, guild_only)]
async fn grant(ctx: Context<'_>, user: serenity::User, amount: i64) -> Result<(), Error> {
    let user = user_id(ctx.data(), &user);
    dispatch(ctx, Command::AdminGrant { user, amount }).await
}

// Set an economy parameter of this server.
#[poise::command(slash_command, guild_only)]
async fn set(ctx: Context<'_>, setting: String, value: i64) -> Result<(), Error> {
    dispatch(ctx, Command::AdminSet { setting, value }).await
}

// End a stuck table and refund its stakes.
#[poise::command(slash_command, guild_only)]
async fn end(ctx: Context<'_>, table: Option<i64>) -> Result<(), Error> {
    dispatch(ctx, Command::AdminEnd { table }).await
}

// What the bot does and every command.
#[poise::command(slash_command)]
async fn help(ctx: Context<'_>, command: Option<String>) -> Result<(), Error> {
    dispatch(ctx, Command::Help { command }).await
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

/// Every slash command of docs/CONTRACT.md P-3.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    let mut all = vec![
        play(),
        move_(),
        board(),
        resign(),
        draw(),
        rules(),
        replay(),
        verify(),
        balance(),
        daily(),
        give(),
        slots(),
        leaderboard(),
        stats(),
        help(),
        admin(),
    ];
    let at = all
        .iter()
        .position(|c| c.name == "draw")
        .map_or(all.len(), |i| i + 1);
    for (i, name) in commands::decision_commands().into_iter().enumerate() {
        let mut command = decision();
        command.name = name.into();
        command.qualified_name = name.into();
        command.identifying_name = name.into();
        all.insert(at + i, command);
    }
    debug_assert_eq!(
        all.iter().map(|c| c.name.as_ref()).collect::<Vec<&str>>(),
        commands::names()
    );
    for command in &mut all {
        let id = format!("cmd-{}", command.name);
        localise(command, id);
    }
    all
}
