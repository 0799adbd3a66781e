//! What the application layer answers: transport-free messages that each front end renders
//! (Discord messages with components, console lines or JSON).

use serde::Serialize;

use crate::words::{Label, Lang, Text};

/// An image attached to a reply.
#[derive(Debug, Clone, Serialize)]
pub struct Image {
    /// A file name such as `table-12-turn-4.png`.
    pub name: String,
    pub bytes: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// What a button or menu does, and where: the table and the turn it was shown at (so a
/// stale one is recognised, and every one keeps working after a restart) and its verb
/// (`accept`, `act:double`, `move` …). Each front end writes it in its own terms (Discord:
/// a custom id) and reads it back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Control {
    pub table: i64,
    pub turn: i64,
    pub verb: String,
}

impl Control {
    pub fn new(table: i64, turn: i64, verb: impl Into<String>) -> Control {
        Control {
            table,
            turn,
            verb: verb.into(),
        }
    }
}

/// A button.
#[derive(Debug, Clone, PartialEq)]
pub struct Button {
    pub label: Label,
    pub control: Control,
    pub style: Style,
}

/// A select menu of at most [`crate::Settings::menu_width`] choices.
#[derive(Debug, Clone, PartialEq)]
pub struct Select {
    pub control: Control,
    pub placeholder: Label,
    pub choices: Vec<Choice>,
}

/// One entry of a select menu: what it reads (in words), what picking it sends back, and
/// a line under it (an action's notation, how many moves a step leads to).
///
/// A value is whole (a front end sends it back as it is); the words are labels, which a
/// front end tells and may shorten to its limits.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub label: Label,
    pub value: String,
    pub description: Option<Label>,
}

/// A link to a page outside the chat, shown as a link button.
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    pub label: Label,
    pub url: String,
    pub kind: LinkKind,
}

/// What a link opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    /// A table's live page, for anyone.
    Watch,
    /// A seat's own page to play on the board: for its member alone, in a private reply.
    Play,
}

#[derive(Debug, Clone)]
pub struct Reply {
    /// Its words, with names, channels and moments kept for each front end to show.
    pub text: Text,
    /// Shown only to the user who acted.
    pub ephemeral: bool,
    pub images: Vec<Image>,
    /// The language its words are told in: what its labels are told in too.
    pub lang: Lang,
    /// Attachments that are not pictures (a table's record as text). An `Image` is any
    /// named file; these are sent as files and never drawn inline.
    pub files: Vec<Image>,
    /// Its own buttons and menu (a challenge's Accept, a step of the move menu); a board's
    /// come from its view ([`Reply::buttons`], [`Reply::menu`]).
    pub(crate) buttons: Vec<Button>,
    pub(crate) select: Option<Select>,
    /// Buttons beside its link, for any member it concerns rather than the one to act
    /// ("Play on the board", for every seated member).
    pub aside: Vec<Button>,
    /// The users this reply pings (user ids): a challenged player, whoever is now to act.
    /// Front ends ping exactly these and nobody else.
    pub mentions: Vec<String>,
    /// A page to open beside the reply (the table's live page, when the bot serves one).
    pub link: Option<Link>,
    /// The table whose state the reply shows (its board, its challenge or seats, a draw on
    /// offer). A newer reply about the same table supersedes it: front ends take the
    /// buttons and menu off the older message, so that only current choices can be pressed.
    pub table: Option<i64>,
    /// The member this reply is for alone, by direct message rather than in the channel
    /// (a turn notification, `/notify`).
    pub direct: Option<String>,
    /// The last word of a table that ended: nothing more happens where it was played but a
    /// rematch, so a front end may close the table's own place (its thread) after a while.
    pub closes: bool,
    /// A next step of what was picked (the move menu's): a front end that can shows it in
    /// place of the private message it was picked from, so a member walking the steps
    /// keeps one menu, not a pile of them.
    pub replaces: bool,
    /// What happened, typed, beside the words that tell it.
    pub event: Option<crate::Event>,
    /// The table's view, when the reply shows its board: the same typed values the live
    /// page is made of, for a front end that draws the table itself.
    pub view: Option<Box<crate::TableView>>,
}

impl Reply {
    pub fn public(text: impl Into<Text>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: false,
            images: Vec::new(),
            lang: Lang::En,
            files: Vec::new(),
            buttons: Vec::new(),
            select: None,
            aside: Vec::new(),
            mentions: Vec::new(),
            link: None,
            table: None,
            direct: None,
            closes: false,
            replaces: false,
            event: None,
            view: None,
        }
    }

    pub fn private(text: impl Into<Text>) -> Reply {
        Reply {
            ephemeral: true,
            ..Reply::public(text)
        }
    }

    pub fn with_image(mut self, name: String, bytes: Vec<u8>) -> Reply {
        self.images.push(Image { name, bytes });
        self
    }

    /// The buttons it offers: those of the table it shows (its view's choices), then its
    /// own.
    pub fn buttons(&self) -> impl Iterator<Item = &Button> {
        let board = self.view.iter().flat_map(|v| v.choices.iter());
        board.flat_map(|c| c.buttons.iter()).chain(&self.buttons)
    }

    /// The menu it offers: the table's move menu, or its own (a step of it).
    pub fn menu(&self) -> Option<&Select> {
        let board = self.view.as_ref().and_then(|v| v.choices.as_ref());
        board.and_then(|c| c.menu.as_ref()).or(self.select.as_ref())
    }

    /// The reply with what happened, typed ([`crate::Event`]).
    pub fn with_event(mut self, event: crate::Event) -> Reply {
        self.event = Some(event);
        self
    }

    /// Marks the last word of a table (see [`Reply::closes`]).
    pub fn closing(mut self) -> Reply {
        self.closes = true;
        self
    }

    /// A message for `user` alone, sent to them directly rather than in the channel.
    pub fn direct(user: &str, text: impl Into<Text>) -> Reply {
        Reply {
            direct: Some(user.to_string()),
            ..Reply::public(text)
        }
    }

    /// Attaches a file that is not a picture.
    pub fn with_file(mut self, name: String, bytes: Vec<u8>) -> Reply {
        self.files.push(Image { name, bytes });
        self
    }

    /// Pings `user` (the droid is never pinged).
    pub fn with_mention(mut self, user: &str) -> Reply {
        if user != crate::ledger::DROID && !self.mentions.iter().any(|u| u == user) {
            self.mentions.push(user.to_string());
        }
        self
    }

    /// The reply told in `lang`: its labels are told in it too.
    pub fn in_lang(mut self, lang: Lang) -> Reply {
        self.lang = lang;
        self
    }

    /// Adds a button; one of a table's buttons makes the reply one about that table.
    pub fn with_button(mut self, label: Label, control: Control, style: Style) -> Reply {
        self.table = self.table.or(Some(control.table));
        self.buttons.push(Button {
            label,
            control,
            style,
        });
        self
    }
}
