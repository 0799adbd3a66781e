//! The application layer's replies in Discord's terms: one value for every way serenity
//! sends a message.

use poise::serenity_prelude as serenity;

use super::MENU_WIDTH;
use crate::table::{Reply, Style};
use crate::words::{Label, Text};

fn button_style(style: Style) -> serenity::ButtonStyle {
    match style {
        Style::Primary => serenity::ButtonStyle::Primary,
        Style::Secondary => serenity::ButtonStyle::Secondary,
        Style::Success => serenity::ButtonStyle::Success,
        Style::Danger => serenity::ButtonStyle::Danger,
    }
}

/// Discord's limits on what components read, in characters: a button's label, a menu
/// entry's label and description, a menu's placeholder.
const BUTTON_LABEL: usize = 80;
const ENTRY_TEXT: usize = 100;
const PLACEHOLDER: usize = 150;

/// A label in the reply's language, as plain text (a name in it needs no escaping, only its
/// marks taken off), cut to `limit` characters.
fn told(reply: &Reply, label: &Label, limit: usize) -> String {
    let text = crate::words::text::plain(&label.tell(reply.lang));
    if text.chars().count() <= limit {
        return text;
    }
    text.chars().take(limit - 1).chain(['…']).collect()
}

/// The row of the live page's link alone.
fn link_row(reply: &Reply) -> Option<serenity::CreateActionRow> {
    let link = reply.link.as_ref()?;
    Some(serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new_link(link.url.clone()).label(told(
            reply,
            &link.label,
            BUTTON_LABEL,
        )),
    ]))
}

/// The components of a reply: one row of buttons, one row with the move menu, and one with
/// the link to the table's live page and the buttons beside it.
fn components(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    let mut rows = Vec::new();
    if reply.buttons().next().is_some() {
        rows.push(serenity::CreateActionRow::Buttons(
            reply
                .buttons()
                .take(5)
                .map(|b| {
                    serenity::CreateButton::new(super::custom_ids::write(&b.control))
                        .label(told(reply, &b.label, BUTTON_LABEL))
                        .style(button_style(b.style))
                })
                .collect(),
        ));
    }
    if let Some(select) = reply.menu() {
        let options = select
            .choices
            .iter()
            .take(MENU_WIDTH)
            .map(|c| {
                let option = serenity::CreateSelectMenuOption::new(
                    told(reply, &c.label, ENTRY_TEXT),
                    c.value.clone(),
                );
                match &c.description {
                    Some(line) => option.description(told(reply, line, ENTRY_TEXT)),
                    None => option,
                }
            })
            .collect();
        rows.push(serenity::CreateActionRow::SelectMenu(
            serenity::CreateSelectMenu::new(
                super::custom_ids::write(&select.control),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(told(reply, &select.placeholder, PLACEHOLDER)),
        ));
    }
    // The link, and what any member it concerns may press beside it (Play on the board).
    let link = reply.link.iter().map(|link| {
        serenity::CreateButton::new_link(link.url.clone()).label(told(
            reply,
            &link.label,
            BUTTON_LABEL,
        ))
    });
    let aside = reply.aside.iter().map(|b| {
        serenity::CreateButton::new(super::custom_ids::write(&b.control))
            .label(told(reply, &b.label, BUTTON_LABEL))
            .style(button_style(b.style))
    });
    let beside: Vec<_> = link.chain(aside).take(5).collect();
    if !beside.is_empty() {
        rows.push(serenity::CreateActionRow::Buttons(beside));
    }
    rows
}

/// Discord's limit for message content.
const CONTENT_LIMIT: usize = 2000;

/// One reply in Discord's terms. Serenity has a distinct builder for each way of sending a
/// message; all of them are made from this one value (cloned for each try, so that a
/// request Discord failed can be sent again).
#[derive(Clone)]
pub(super) struct Outgoing {
    content: String,
    ephemeral: bool,
    components: Vec<serenity::CreateActionRow>,
    files: Vec<serenity::CreateAttachment>,
    /// Exactly who may be pinged (Discord's `allowed_mentions`): nobody else, never
    /// `@everyone` or a role, whatever the text says.
    pings: Vec<serenity::UserId>,
    /// The table the message is about, when it supersedes that table's earlier messages.
    table: Option<i64>,
    /// Whether it offers choices (buttons or a menu) that a newer message makes stale.
    choices: bool,
    /// What stays once its choices are stale: the live page's link.
    kept: Vec<serenity::CreateActionRow>,
    /// Whether it gives a seat's own page (which the Activity may open instead).
    seat: bool,
    /// Whether it is its table's last word (the table's thread may close).
    closes: bool,
    /// Whether it may take the place of the private message it was picked from.
    replaces: bool,
}

impl Outgoing {
    /// The reply in Discord's terms; its images move into the attachments (a board is
    /// ~80 KB, and a burst of answers holds one copy each, not two).
    pub(super) fn of(reply: Reply) -> Outgoing {
        let pings: Vec<serenity::UserId> = reply
            .mentions
            .iter()
            .filter_map(|u| u.parse::<u64>().ok().filter(|&id| id != 0))
            .map(serenity::UserId::new)
            .collect();
        let mut content = super::marks::told(&reply.text);
        if !pings.is_empty() && !reply.ephemeral {
            let tags: Vec<String> = pings.iter().map(|id| format!("<@{id}>")).collect();
            content = format!("{} {content}", tags.join(" "));
        }
        let choices = reply.buttons().next().is_some() || reply.menu().is_some();
        Outgoing {
            table: reply.table.filter(|_| !reply.ephemeral),
            choices,
            kept: link_row(&reply).into_iter().collect(),
            seat: reply
                .link
                .as_ref()
                .is_some_and(|l| l.kind == crate::table::LinkKind::Play),
            closes: reply.closes,
            replaces: reply.replaces,
            content: within_limit(content),
            ephemeral: reply.ephemeral,
            components: components(&reply),
            files: reply
                .images
                .into_iter()
                .chain(reply.files)
                .map(|i| serenity::CreateAttachment::bytes(i.bytes, i.name))
                .collect(),
            pings,
        }
    }

    /// The table whose earlier messages this one supersedes, if it does.
    pub(super) fn table(&self) -> Option<i64> {
        self.table
    }

    /// Whether it gives a seat's own page.
    pub(super) fn opens_seat(&self) -> bool {
        self.seat
    }

    /// Whether it is its table's last word.
    pub(super) fn closes(&self) -> bool {
        self.closes
    }

    /// Whether it offers choices that a newer message about its table makes stale.
    pub(super) fn has_choices(&self) -> bool {
        self.choices
    }

    /// What the message keeps once its choices are stale: the live page's link.
    pub(super) fn kept(&self) -> Vec<serenity::CreateActionRow> {
        self.kept.clone()
    }

    /// The reply as one message, or as several when its text is longer than Discord takes
    /// (a long `/help` in French): the text is cut between lines, and the last message
    /// carries the images, choices and pings.
    pub(super) fn split(mut reply: Reply) -> Vec<Outgoing> {
        // Room for the pings `of` puts in front of the last part.
        let room = CONTENT_LIMIT - 30 * reply.mentions.len();
        let content = super::marks::told(&reply.text);
        if content.chars().count() <= room {
            return vec![Outgoing::of(reply)];
        }
        let mut parts: Vec<String> = vec![String::new()];
        for line in content.lines() {
            let last = parts.last_mut().expect("one part at least");
            let needed = last.chars().count() + line.chars().count() + 1;
            if !last.is_empty() && needed > room {
                parts.push(line.to_string());
            } else {
                if !last.is_empty() {
                    last.push('\n');
                }
                last.push_str(line);
            }
        }
        // The parts are Discord's content already: as words, they are sent as they are.
        reply.text = Text::words(parts.pop().unwrap_or_default());
        let mut out: Vec<Outgoing> = parts
            .into_iter()
            .map(|text| {
                let mut part = Reply::public(Text::words(text));
                part.ephemeral = reply.ephemeral;
                Outgoing::of(part)
            })
            .collect();
        out.push(Outgoing::of(reply));
        out
    }

    /// Whether only the member who asked may see it.
    pub(super) fn is_private(&self) -> bool {
        self.ephemeral
    }

    /// The same message with `line` above its text (after its pings).
    pub(super) fn headed(mut self, line: &str) -> Outgoing {
        let tags: String = self.pings.iter().map(|id| format!("<@{id}> ")).collect();
        let text = self.content.strip_prefix(&tags).unwrap_or(&self.content);
        self.content = within_limit(format!("{tags}{line}\n{text}"));
        self
    }

    fn allowed(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new().users(self.pings.clone())
    }

    pub(super) fn response(self) -> serenity::CreateInteractionResponse {
        let message = serenity::CreateInteractionResponseMessage::new()
            .allowed_mentions(self.allowed())
            .content(self.content)
            .ephemeral(self.ephemeral)
            .components(self.components)
            .files(self.files);
        serenity::CreateInteractionResponse::Message(message)
    }

    /// Whether it may take the place of the private message it was picked from.
    pub(super) fn replaces(&self) -> bool {
        self.replaces
    }

    /// The answer that updates the message its component was on (Discord's UPDATE_MESSAGE):
    /// its content and choices change, it stays whose it was.
    pub(super) fn update(self) -> serenity::CreateInteractionResponse {
        let message = serenity::CreateInteractionResponseMessage::new()
            .allowed_mentions(self.allowed())
            .content(self.content)
            .components(self.components);
        serenity::CreateInteractionResponse::UpdateMessage(message)
    }

    pub(super) fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        serenity::CreateInteractionResponseFollowup::new()
            .allowed_mentions(self.allowed())
            .content(self.content)
            .ephemeral(self.ephemeral)
            .components(self.components)
            .files(self.files)
    }

    pub(super) fn edit(self) -> serenity::EditInteractionResponse {
        let allowed = self.allowed();
        self.files.into_iter().fold(
            serenity::EditInteractionResponse::new()
                .allowed_mentions(allowed)
                .content(self.content)
                .components(self.components),
            |edit, file| edit.new_attachment(file),
        )
    }

    pub(super) fn message(self) -> serenity::CreateMessage {
        serenity::CreateMessage::new()
            .allowed_mentions(self.allowed())
            .content(self.content)
            .components(self.components)
            .files(self.files)
    }
}

/// `text` cut to Discord's limit, with an ellipsis where it was cut.
fn within_limit(text: String) -> String {
    if text.chars().count() <= CONTENT_LIMIT {
        text
    } else {
        text.chars().take(CONTENT_LIMIT - 1).collect::<String>() + "…"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_told_in_the_replys_language_and_cut_to_discords_limits() {
        let long = "x".repeat(300);
        let control = crate::table::Control::new(1, 0, "go");
        let reply = Reply::public("…")
            .in_lang(crate::words::Lang::Fr)
            .with_button(
                crate::words::label!("button-accept"),
                control.clone(),
                Style::Success,
            )
            .with_button(Label::plain(long.clone()), control, Style::Primary);
        let rows = serde_json::to_value(components(&reply)).unwrap();
        let labels: Vec<&str> = rows[0]["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["label"].as_str().unwrap())
            .collect();
        let accept = crate::t!(crate::words::Lang::Fr, "button-accept");
        assert_eq!(labels[0], accept);
        assert_eq!(labels[1].chars().count(), BUTTON_LABEL);
        assert!(labels[1].ends_with('…'));
    }

    #[test]
    fn a_long_text_is_cut_between_lines_and_the_last_part_keeps_the_rest() {
        let line = "x".repeat(300);
        let text = [line.as_str(); 10].join("\n");
        let reply = Reply::public(text.clone()).with_button(
            Label::plain("Go"),
            crate::table::Control::new(1, 0, "go"),
            Style::Primary,
        );
        let parts = Outgoing::split(reply);
        assert_eq!(parts.len(), 2);
        assert!(parts
            .iter()
            .all(|p| p.content.chars().count() <= CONTENT_LIMIT));
        assert_eq!(format!("{}\n{}", parts[0].content, parts[1].content), text);
        assert!(parts[0].components.is_empty());
        assert_eq!(parts[1].components.len(), 1);
        let short = Outgoing::split(Reply::private("short"));
        assert_eq!(short.len(), 1);
        assert!(short[0].is_private());
    }
}
