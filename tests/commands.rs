//! The command table (`table::commands::listed`) is the one declaration of every command:
//! each one parses with the arguments it declares, refuses what it does not declare, and
//! its usage line is written from it.

use std::collections::BTreeMap;

use holotable::table::commands::{parse, specs, ArgKind, CommandSpec};

fn sample(kind: ArgKind) -> &'static str {
    match kind {
        ArgKind::Text => "credits",
        ArgKind::Number => "3",
        ArgKind::User => "bob",
        ArgKind::Game => "dejarik",
        ArgKind::Action => "o5-i5",
        ArgKind::First => "me",
        ArgKind::Item => "kyber",
        ArgKind::Format => "swiss",
        ArgKind::ReplayFormat => "text",
        ArgKind::Credits => "40",
        ArgKind::Leaderboard => "wins",
        ArgKind::Setting => "daily_amount",
        ArgKind::Command => "play",
        ArgKind::Channel => "games",
        ArgKind::Switch => "on",
        ArgKind::Reset => "season",
    }
}

fn required(spec: &CommandSpec) -> BTreeMap<String, String> {
    spec.args
        .iter()
        .filter(|a| a.required)
        .map(|a| (a.name.to_string(), sample(a.kind).to_string()))
        .collect()
}

#[test]
fn every_declared_command_parses_with_its_arguments_and_refuses_others() {
    let lang = holotable::words::Lang::En;
    let mut parsed = 0;
    for spec in specs() {
        let runs: Vec<(CommandSpec, BTreeMap<String, String>)> = if spec.subcommands.is_empty() {
            vec![(spec, required(&spec))]
        } else {
            spec.subcommands
                .iter()
                .map(|sub| {
                    let mut o = required(sub);
                    o.insert("action".into(), sub.name.into());
                    (*sub, o)
                })
                .collect()
        };
        for (declared, options) in runs {
            assert!(parse(lang, spec.name, &options).is_ok(), "/{}", spec.name);
            // Every optional argument is taken too.
            let mut all = options.clone();
            for a in declared.args {
                all.insert(a.name.into(), sample(a.kind).into());
            }
            assert!(
                parse(lang, spec.name, &all).is_ok(),
                "/{} {all:?}",
                spec.name
            );
            // A required argument missing is named.
            for a in declared.args.iter().filter(|a| a.required) {
                let mut missing = options.clone();
                missing.remove(a.name);
                let error = parse(lang, spec.name, &missing).unwrap_err();
                assert!(error.contains(a.name), "/{}: {error}", spec.name);
            }
            if !spec.game_options {
                let mut extra = options.clone();
                extra.insert("colour".into(), "blue".into());
                let error = parse(lang, spec.name, &extra).unwrap_err();
                assert!(error.contains("colour"), "/{}: {error}", spec.name);
            }
            parsed += 1;
        }
    }
    assert!(parsed >= 19, "every command and subcommand: {parsed}");
}

#[test]
fn numbers_are_checked_where_a_command_takes_them() {
    let lang = holotable::words::Lang::En;
    let mut o = BTreeMap::new();
    o.insert("user".to_string(), "bob".to_string());
    o.insert("amount".to_string(), "lots".to_string());
    let error = parse(lang, "give", &o).unwrap_err();
    assert!(
        error.contains("amount") && error.contains("lots"),
        "{error}"
    );
    assert!(parse(lang, "fly", &BTreeMap::new())
        .unwrap_err()
        .contains("/play"));
}

#[test]
fn usage_lines_are_written_from_the_table() {
    let lang = holotable::words::Lang::En;
    let usage = |name: &str| {
        specs()
            .into_iter()
            .find(|s| s.name == name)
            .unwrap()
            .usage(lang)
    };
    assert_eq!(usage("give"), "/give user amount");
    assert_eq!(usage("replay"), "/replay [table] [format]");
    assert_eq!(usage("double"), "/double");
    assert_eq!(
        usage("admin"),
        "/admin grant | take | set | end | price | channel | reset | log"
    );
    assert!(usage("play").starts_with("/play game [opponent] [wager]"));
}

// Command names carry Discord's localizations (P-3 "Languages"): a French client shows
// `/jouer`, and a name given in either language stands for the same command.
#[test]
fn commands_have_french_names_that_parse_as_the_same_command() {
    let lang = holotable::words::Lang::En;
    use holotable::table::commands::{canonical, local_name};
    use holotable::words::Lang;
    let parse_with = |name: &str, options: &[(&str, &str)]| {
        let options: BTreeMap<String, String> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        format!("{:?}", parse(lang, name, &options))
    };
    assert_eq!(
        parse_with("jouer", &[("game", "dejarik")]),
        parse_with("play", &[("game", "dejarik")])
    );
    assert_eq!(
        parse_with("/notifier", &[("action", "désactiver")]),
        parse_with("notify", &[("action", "off")])
    );
    assert_eq!(
        parse_with("tournoi", &[("action", "rejoindre")]),
        parse_with("tournament", &[("action", "join")])
    );
    let french_usage = specs()
        .iter()
        .find(|s| s.name == "notify")
        .unwrap()
        .usage(Lang::Fr);
    assert_eq!(french_usage, "/notifier activer | désactiver");
    assert_eq!(
        specs()
            .iter()
            .find(|s| s.name == "notify")
            .unwrap()
            .usage(lang),
        "/notify on | off"
    );

    // Every French name is one Discord takes (lowercase letters, digits, - or _, at most
    // 32) and names one command only.
    let mut seen = std::collections::BTreeSet::new();
    for spec in specs() {
        let french = local_name(Lang::Fr, spec.name, spec.name);
        assert!(
            (1..=32).contains(&french.chars().count())
                && french
                    .chars()
                    .all(|c| c.is_lowercase() || c.is_numeric() || c == '-' || c == '_'),
            "{french}"
        );
        assert_eq!(canonical(&french), Some(spec.name), "{french}");
        assert!(seen.insert(french.clone()), "{french} twice");
    }
}
