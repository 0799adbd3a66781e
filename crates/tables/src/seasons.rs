//! Seasons at the tables: `/leaderboard season:N`, and the end of a season told in the
//! channel of the server's last finished table, with its final standings (the money and the
//! rankings are the ledger's, [`crate::ledger::seasons`]).

use super::{Actor, App, Refusal, Reply};
use crate::ledger::calendar::Day;
use crate::ledger::ratings::{Board, Leaderboard, Rank};
use crate::ledger::seasons::{Ended, Season};
use crate::{t, words};

/// How many of a season's best the end-of-season post names.
const POSTED: usize = 5;

/// The server's seasons: their standings, their end and what is posted then. A feature
/// of the application, reached through [`App::seasons`].
pub(crate) struct Seasons<'a> {
    app: &'a App,
}

impl App {
    pub(crate) fn seasons(&self) -> Seasons<'_> {
        Seasons { app: self }
    }
}

impl Seasons<'_> {
    /// Page `page` of `board` in season `number`, with its title; refused for a season still
    /// to come.
    pub(crate) fn board(
        &self,
        actor: &Actor,
        board: &Board,
        number: i64,
        page: usize,
    ) -> Result<(Leaderboard, String), Refusal> {
        let lang = actor.lang;
        let found = self
            .app
            .ledger
            .season_standings(&actor.guild, number, self.app.now())?;
        let Some((season, standings)) = found else {
            let playing = self.app.ledger.season(&actor.guild)?;
            return Err(Refusal::Said(t!(
                lang,
                "season-unknown",
                number = number,
                current = playing.number
            )));
        };
        let (ranks, what) = match board {
            Board::Credits => (standings.net, t!(lang, "leaderboard-net")),
            Board::Wins => (standings.wins, t!(lang, "leaderboard-wins")),
            Board::Rating(game) => (
                standings.ratings.get(game).cloned().unwrap_or_default(),
                self.app
                    .catalogue
                    .find(game)
                    .map(|e| {
                        t!(
                            lang,
                            "leaderboard-rating",
                            game = words::game_name(lang, &e.info)
                        )
                    })
                    .unwrap_or_default(),
            ),
        };
        let title = t!(
            lang,
            "leaderboard-season",
            title = what,
            number = season.number,
            span = self.span(lang, &season)
        );
        Ok((Leaderboard::page_of(ranks, &actor.user, page), title))
    }

    /// The days a season covers, in words (`2026-11-01 – 2026-12-01`).
    fn span(&self, lang: crate::words::Lang, season: &Season) -> String {
        let playing = self.app.now() < season.ends_at;
        t!(
            lang,
            if playing {
                "season-span-playing"
            } else {
                "season-span"
            },
            from = Day::of(season.started_at).to_string(),
            to = Day::of(season.ends_at).to_string()
        )
    }

    /// Ends the seasons due now in the guilds `serves` accepts, and tells each that had
    /// games in the channel of its last finished table.
    pub(crate) fn end(&self, serves: &dyn Fn(&str) -> bool) -> Vec<(String, String, Reply)> {
        let ended = match self.app.ledger.end_due_seasons(self.app.now(), serves) {
            Ok(ended) => ended,
            Err(e) => {
                tracing::warn!(error = %e, "seasons not ended");
                return Vec::new();
            }
        };
        let mut posts = Vec::new();
        for season in ended.into_iter().filter(|e| !e.standings.is_empty()) {
            let Ok(Some(last)) = self.app.ledger.last_finished(&season.guild) else {
                continue;
            };
            let lang = self.app.lang_of(&last.terms.creator);
            let text = self.post(lang, &season);
            posts.push((season.guild.clone(), last.channel, Reply::public(text)));
        }
        posts
    }

    /// A season's end in words: its best by wins, with their net winnings.
    pub(crate) fn post(&self, lang: crate::words::Lang, ended: &Ended) -> String {
        let season = &ended.season;
        let mut lines = vec![t!(
            lang,
            "season-ended",
            number = season.number,
            span = self.span(lang, season)
        )];
        for rank in ended.standings.wins.iter().take(POSTED) {
            let net = net_of(&ended.standings.net, &rank.user);
            lines.push(t!(
                lang,
                "season-line",
                rank = rank.rank,
                who = self.app.name(&ended.guild, &rank.user),
                wins = rank.value as i64,
                net = if net >= 0 {
                    format!("+{net}")
                } else {
                    net.to_string()
                }
            ));
        }
        lines.push(t!(lang, "season-carry", next = season.number + 1));
        lines.join("\n")
    }
}

fn net_of(net: &[Rank], user: &str) -> i64 {
    net.iter()
        .find(|r| r.user == user)
        .map_or(0, |r| r.value as i64)
}
