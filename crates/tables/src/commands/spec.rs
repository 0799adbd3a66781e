//! What each slash command takes, declared once: the console's parser, `/help` and its
//! usage lines, and the commands Discord registers all read this table.

/// What an argument of a command takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    Text,
    /// A whole number.
    Number,
    /// A member of the server.
    User,
    /// A game of the catalogue, by id.
    Game,
    /// A game action, completed from the legal ones as it is typed.
    Action,
    /// `me`, `them` or `random`.
    First,
    /// An item of the droid's shop, by id.
    Item,
    /// A tournament's format: `knockout` or `swiss`.
    Format,
    /// What `/replay` gives: `gif` (the animation) or `text` (the record in notation).
    ReplayFormat,
    /// An amount of credits: a whole number from 1 (Discord's picker refuses less).
    Credits,
    /// A leaderboard: `credits`, `wins` or a game's id.
    Leaderboard,
    /// An economy setting of `/admin set`, by name.
    Setting,
    /// A command's name.
    Command,
    /// A channel of the server.
    Channel,
    /// `on` or `off`.
    Switch,
    /// What `/admin reset` starts afresh: `economy` or `season`.
    Reset,
}

/// One argument of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgSpec {
    pub name: &'static str,
    pub kind: ArgKind,
    pub required: bool,
    /// The range a number must be in, where Discord's picker should enforce one.
    pub range: Option<(i64, i64)>,
}

pub(super) const fn arg(name: &'static str, kind: ArgKind) -> ArgSpec {
    ArgSpec {
        name,
        kind,
        required: false,
        range: None,
    }
}

pub(super) const fn need_arg(name: &'static str, kind: ArgKind) -> ArgSpec {
    ArgSpec {
        name,
        kind,
        required: true,
        range: None,
    }
}

pub(super) const fn ranged(name: &'static str, min: i64, max: i64) -> ArgSpec {
    ArgSpec {
        name,
        kind: ArgKind::Number,
        required: false,
        range: Some((min, max)),
    }
}

/// A slash command as every front end knows it: its name, its arguments, and its words in
/// the message files (`cmd-<name>` says what it does, `cmd-<name>-<argument>` each
/// argument). The console's parser, `/help` and its usage lines, and the check of what
/// Discord registers all read [`listed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandSpec {
    pub name: &'static str,
    pub args: &'static [ArgSpec],
    /// Whether arguments beyond `args` are the game's own options (`/play cap:200`).
    pub game_options: bool,
    /// Subcommands (`/admin grant`), chosen in the console by the argument `action`.
    pub subcommands: &'static [CommandSpec],
    /// Whether it also answers outside a server (in direct messages).
    pub anywhere: bool,
    /// Whether Discord shows it only to those who may manage the server (the bot checks
    /// again).
    pub admin: bool,
    /// Whether `/help` lists it on the line of the command before it (commands that only
    /// make sense together, such as the shop's), so the list stays one message long.
    pub joined: bool,
}

pub(super) const fn command(name: &'static str, args: &'static [ArgSpec]) -> CommandSpec {
    CommandSpec {
        name,
        args,
        game_options: false,
        subcommands: &[],
        anywhere: false,
        admin: false,
        joined: false,
    }
}

impl CommandSpec {
    pub(super) const fn anywhere(self) -> CommandSpec {
        CommandSpec {
            anywhere: true,
            ..self
        }
    }

    pub(super) const fn joined(self) -> CommandSpec {
        CommandSpec {
            joined: true,
            ..self
        }
    }
}

/// The slash commands of P-3 that every table has, in the order `/help` lists them and
/// Discord shows them: the units of [`super::defs`] in the order of the list in
/// `commands/mod.rs`, the subcommands of a group (`admin grant`, `admin set` …) gathered
/// under their group's spec ([`super::defs::GROUPS`]). [`specs`] adds the games' own
/// decision commands after `/draw`.
pub fn listed() -> &'static [CommandSpec] {
    static COMMANDS: std::sync::OnceLock<Vec<CommandSpec>> = std::sync::OnceLock::new();
    COMMANDS.get_or_init(|| {
        let mut list: Vec<CommandSpec> = Vec::new();
        let mut groups: Vec<(usize, Vec<CommandSpec>)> = Vec::new();
        for (path, spec) in super::Command::SLASH {
            let Some((group, _)) = path.split_once(' ') else {
                list.push(*spec);
                continue;
            };
            match groups.iter_mut().find(|(at, _)| list[*at].name == group) {
                Some((_, subs)) => subs.push(*spec),
                None => {
                    let parent = super::defs::GROUPS
                        .iter()
                        .find(|g| g.name == group)
                        .copied()
                        .unwrap_or_else(|| command(group, &[]));
                    groups.push((list.len(), vec![*spec]));
                    list.push(parent);
                }
            }
        }
        // A group's subcommands live as long as the program, as a declared list would.
        for (at, subs) in groups {
            list[at].subcommands = Box::leak(subs.into_boxed_slice());
        }
        list
    })
}

impl CommandSpec {
    /// The command's usage line: `/give user amount`, optional arguments in brackets;
    /// `/admin grant | set | end` for subcommands.
    pub fn usage(&self, lang: crate::words::Lang) -> String {
        let mut line = format!("/{}", local_name(lang, self.name, self.name));
        if !self.subcommands.is_empty() {
            let subs: Vec<String> = self
                .subcommands
                .iter()
                .map(|s| local_name(lang, &format!("{}-{}", self.name, s.name), s.name))
                .collect();
            return format!("{line} {}", subs.join(" | "));
        }
        for arg in self.args {
            if arg.required {
                line.push_str(&format!(" {}", arg.name));
            } else {
                line.push_str(&format!(" [{}]", arg.name));
            }
        }
        line
    }

    /// The usage as `/help`'s list gives it, shorter: the required arguments, and `…` when
    /// optional ones follow (`/help command:play` gives them all).
    pub fn short_usage(&self, lang: crate::words::Lang) -> String {
        // A group of a few subcommands lists them; a longer one (`/admin`) is told in full
        // by `/help command:…`, so that `/help` stays within one message.
        if (1..=4).contains(&self.subcommands.len()) {
            return self.usage(lang);
        }
        if !self.subcommands.is_empty() {
            return format!("/{} …", local_name(lang, self.name, self.name));
        }
        let mut line = format!("/{}", local_name(lang, self.name, self.name));
        for arg in self.args.iter().filter(|a| a.required) {
            line.push_str(&format!(" {}", arg.name));
        }
        if self.args.iter().any(|a| !a.required) || self.game_options {
            line.push_str(" …");
        }
        line
    }
}

/// The slash commands the games' decisions declare (`/double`), from the catalogue.
pub fn decision_commands() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = crate::catalogue::GAMES
        .iter()
        .flat_map(|entry| entry.info.decisions)
        .filter_map(|decision| decision.command)
        .collect();
    names.dedup();
    names
}

/// Every slash command: the tables' own, with the games' decision commands (which take no
/// argument) after `/draw`.
pub fn specs() -> Vec<CommandSpec> {
    let mut specs = Vec::with_capacity(listed().len() + 2);
    for spec in listed() {
        specs.push(*spec);
        if spec.name == "draw" {
            specs.extend(
                decision_commands()
                    .into_iter()
                    .map(|name| command(name, &[])),
            );
        }
    }
    specs
}

/// Every slash command's name, in the order of [`specs`].
pub fn names() -> Vec<&'static str> {
    specs().iter().map(|s| s.name).collect()
}

/// A command's name in `lang`: Discord shows each member the names of their
/// client's language (`name-<command>` and `name-<command>-<subcommand>` in the message
/// files), and the words the bot writes use the same ones. A language without its own name
/// for a command uses the command's name.
pub fn local_name(lang: crate::words::Lang, id: &str, name: &'static str) -> String {
    let key = format!("name-{id}");
    if crate::words::has(lang, &key) {
        crate::words::say_in(lang, &key, &[])
    } else {
        name.to_string()
    }
}

/// The command a name given in any language stands for (`jouer` is `play`).
pub fn canonical(typed: &str) -> Option<&'static str> {
    let typed = typed.trim().trim_start_matches('/').to_lowercase();
    specs()
        .into_iter()
        .map(|s| s.name)
        .find(|&name| name == typed || named_in_any(&format!("name-{name}"), &typed))
}

/// The subcommand of `parent` a name given in any language stands for.
pub fn canonical_sub(parent: &str, typed: &str) -> Option<&'static str> {
    let typed = typed.trim().to_lowercase();
    let spec = listed().iter().find(|s| s.name == parent)?;
    spec.subcommands
        .iter()
        .map(|s| s.name)
        .find(|&name| name == typed || named_in_any(&format!("name-{parent}-{name}"), &typed))
}

fn named_in_any(key: &str, typed: &str) -> bool {
    crate::words::Lang::ALL
        .iter()
        .any(|&lang| crate::words::has(lang, key) && crate::words::say_in(lang, key, &[]) == typed)
}
