//! A seat's own link to play on the board (the page of issue 54): any seated member of a
//! table in play may ask for one ("Play on the board", answered to them alone); it opens
//! their seat's page, where they act as themself through the same commands as in the chat.
//! A link is unguessable, bound to the table, the seat and its member, voided by a newer
//! one, and acts no more once the table has ended or the member has left the seat.

use super::replies::{Button, Control, Link, LinkKind, Style};
use super::{Actor, Lines, Outcome, Refusal, Reply, TableView};
use crate::ledger::seat_links::SeatLink;
use crate::ledger::tables::{TableRow, TableStatus};
use crate::play::Tables;
use crate::{label, t, App};

/// The verb of the "Play on the board" button.
pub(crate) const PLAY_LINK: &str = "play-link";

/// The seats' links, for the front ends that serve the seats' pages.
pub struct SeatLinks<'a> {
    app: &'a App,
}

impl App {
    pub fn seat_links(&self) -> SeatLinks<'_> {
        SeatLinks { app: self }
    }
}

impl SeatLinks<'_> {
    /// What `token` opens: a seat's current link, the table as it stands now.
    pub fn open(&self, token: &str) -> Result<Option<SeatLink>, Refusal> {
        Ok(self.app.ledger.seat_link(token)?)
    }

    /// Whether the link's member may act through it: the table plays and they still hold
    /// the seat it was made for.
    pub fn acts(link: &SeatLink) -> bool {
        link.table.status == TableStatus::Playing
            && link.table.seats.get(link.seat) == Some(&link.user)
    }

    /// The seat's page: the table as its live page shows it, with the seat's choices when
    /// its member is to act (the very buttons and first menu of the board message).
    pub fn view(
        &self,
        link: &SeatLink,
        lang: crate::words::Lang,
        lines: Lines,
    ) -> Result<TableView, Refusal> {
        let row = &link.table;
        let mut view = self.app.spectate(row, lang, lines)?;
        if !Self::acts(link) {
            return Ok(view);
        }
        let progress = self.app.progress(lang, row)?;
        if progress.play.waiting() == Some(link.seat) {
            view.choices = self
                .app
                .tables()
                .offer_actions(lang, row, &progress, link.seat);
            if let Some(choices) = &mut view.choices {
                let moves = progress.play.touches();
                if !moves.is_empty() {
                    let spots = self.app.entry(row)?.board.spots(progress.play.as_ref());
                    choices.touch = Some(super::Touchable { spots, moves });
                }
            }
        }
        Ok(view)
    }

    /// The member of a seat's link, as they act through its page: in the table's channel,
    /// in `lang`, for the interaction `interaction` (unique to the request: what it pays
    /// is paid once).
    pub fn actor(&self, link: &SeatLink, lang: crate::words::Lang, interaction: String) -> Actor {
        let row = &link.table;
        Actor {
            guild: row.guild.clone(),
            channel: row.channel.clone(),
            parent: None,
            user: link.user.clone(),
            name: self.app.plain_name(&row.guild, &link.user),
            interaction,
            admin: false,
            lang,
            joined: None,
            created: None,
        }
    }
}

/// The "Play on the board" button of a table in play, when the bot serves pages.
pub(crate) fn button(app: &App, row: &TableRow) -> Option<Button> {
    app.settings.public_url.as_ref()?;
    (row.status == TableStatus::Playing).then(|| Button {
        label: label!("button-play-board"),
        control: Control::new(row.id, 0, PLAY_LINK),
        style: Style::Secondary,
    })
}

impl Tables<'_> {
    /// "Play on the board": a new link to the actor's seat, for them alone; their older
    /// link stops working.
    pub(crate) fn seat_link(&self, actor: &Actor, row: TableRow) -> Outcome {
        let lang = actor.lang;
        let Some(base) = self.app.settings.public_url.as_deref() else {
            return Err(Refusal::Said(t!(lang, "seat-link-no-pages")));
        };
        if row.status != TableStatus::Playing {
            return Err(Refusal::Said(t!(
                lang,
                "seat-link-not-playing",
                table = row.id
            )));
        }
        let Some(seat) = row.seats.iter().position(|u| *u == actor.user) else {
            return Err(Refusal::Said(t!(
                lang,
                "seat-link-not-seated",
                table = row.id
            )));
        };
        let token = self
            .app
            .ledger
            .new_seat_link(row.id, seat, &actor.user, self.app.now())?;
        let mut reply = Reply::private(t!(lang, "seat-link-made", table = row.id)).in_lang(lang);
        reply.link = Some(Link {
            label: label!("button-play-open"),
            url: format!("{}/p/{token}", base.trim_end_matches('/')),
            kind: LinkKind::Play,
        });
        Ok(vec![reply])
    }
}
