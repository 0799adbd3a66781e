//! `/help` (docs/CONTRACT.md P-3): what the bot does, every command in one line, how to start a
//! first game; `/help command:X` for one command. The lines are the commands' descriptions
//! in the message files (`cmd-<name>`), the same ones Discord shows in its command picker.

use super::commands::{canonical, local_name, names, specs, CommandSpec};
use super::{App, Outcome, Refusal, Reply};
use crate::t;
use crate::words;

impl App {
    pub(crate) fn help(&self, lang: crate::words::Lang, command: Option<&str>) -> Outcome {
        let games: Vec<String> = self
            .catalogue
            .entries()
            .iter()
            .map(|e| words::game_name(lang, &e.info))
            .collect();
        let Some(command) = command else {
            let mut lines = vec![t!(lang, "help-intro", games = words::list(lang, &games))];
            // Each line: the usages of a command and those joined to it, and what the first
            // does (or what they do together, `help-together-<first>`).
            let mut groups: Vec<Vec<CommandSpec>> = Vec::new();
            for spec in specs() {
                match groups.last_mut() {
                    Some(group) if spec.joined => group.push(spec),
                    _ => groups.push(vec![spec]),
                }
            }
            for group in groups {
                let first = group[0].name;
                let together = format!("help-together-{first}");
                let what = if group.len() > 1 && words::has(lang, &together) {
                    t!(lang, &together)
                } else {
                    t!(lang, &format!("cmd-{first}"))
                };
                let usages: Vec<String> = group.iter().map(|spec| spec.short_usage(lang)).collect();
                lines.push(t!(
                    lang,
                    "help-line",
                    usage = usages.join("` · `"),
                    what = what
                ));
            }
            lines.push(t!(lang, "help-first-game"));
            return Ok(vec![Reply::private(lines.join("\n"))]);
        };
        let Some(name) = canonical(command) else {
            return Err(Refusal::Said(t!(
                lang,
                "help-unknown",
                command = command,
                commands = names()
                    .iter()
                    .map(|n| format!("/{}", local_name(lang, n, n)))
                    .collect::<Vec<_>>()
                    .join(" ")
            )));
        };
        let usage = specs()
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.usage(lang))
            .unwrap_or_default();
        let mut text = t!(
            lang,
            "help-line",
            usage = usage,
            what = t!(lang, &format!("cmd-{name}"))
        );
        let more = format!("more-{name}");
        if words::has(lang, &more) {
            text.push('\n');
            text.push_str(&t!(lang, &more, games = self.catalogue.ids().join(", ")));
        }
        Ok(vec![Reply::private(text)])
    }
}
