//! A seat's panel on its page: what its member may do now — the table's buttons and the
//! move menu's entries, each a button a finger can press — or whom the table waits for.
//! The same values the chat's buttons and menus are made of ([`Choices`], a step's
//! [`Reply`]); pressing one sends back its control, which the server plays as a press or a
//! pick in the chat would be.

use maud::{html, Markup};

use crate::t;
use crate::table::{Button, Choices, Outline, Reply, Select, Style, TableView, Touchable};
use crate::words::{Label, Lang, Written};

/// What the panel shows.
pub struct Panel<'a> {
    /// A word for the member first: why an action was refused, where a step of the menu
    /// leads.
    pub notice: Option<String>,
    pub buttons: Vec<&'a Button>,
    pub menu: Option<&'a Select>,
    /// Whom the table waits for, or how it ended, when the member has nothing to do.
    pub waiting: Option<String>,
    /// Whether the link acts no more (the table ended, the member left the seat).
    pub spent: bool,
    /// What may be touched on the board, and the menu's control a touched move is
    /// picked with.
    pub touch: Option<(&'a Touchable, &'a Select)>,
}

impl<'a> Panel<'a> {
    /// The panel of a seat's view: its choices when its member is to act.
    pub fn of_view(view: &'a TableView, acts: bool, lang: Lang) -> Panel<'a> {
        let choices: Option<&Choices> = view.choices.as_ref().filter(|_| acts);
        let words = |text: &crate::words::Text| {
            text.told(&Written {
                now: view.now,
                lang,
            })
        };
        Panel {
            notice: None,
            buttons: choices
                .map(|c| c.buttons.iter().collect())
                .unwrap_or_default(),
            menu: choices.and_then(|c| c.menu.as_ref()),
            waiting: match (&view.result, choices) {
                (Some(result), _) => Some(words(result)),
                (None, Some(_)) => None,
                // Whom the table waits for, said to a member who is not to act now.
                (None, None) => Some(match view.seats.iter().find(|s| s.to_act) {
                    Some(seat) if acts => t!(lang, "web-play-waiting", who = seat.name.as_str()),
                    _ => words(&view.state),
                }),
            },
            spent: !acts,
            touch: choices.and_then(|c| c.touch.as_ref().zip(c.menu.as_ref())),
        }
    }

    /// The panel of a step's private answer (the next menu), or of a refusal: its words
    /// first, then what it offers.
    pub fn of_reply(reply: &'a Reply, now: i64, lang: Lang) -> Panel<'a> {
        Panel {
            notice: Some(reply.text.told(&Written { now, lang })),
            buttons: reply.buttons().collect(),
            menu: reply.menu(),
            waiting: None,
            spent: false,
            touch: None,
        }
    }
}

pub(super) fn style_class(style: Style) -> &'static str {
    match style {
        Style::Primary => "primary",
        Style::Secondary => "secondary",
        Style::Success => "success",
        Style::Danger => "danger",
    }
}

/// An outline as an SVG path's data, in the board's units.
fn path(outline: &Outline) -> String {
    match outline {
        Outline::Rect { x, y, w, h } => format!("M{x:.1} {y:.1}h{w:.1}v{h:.1}h{:.1}Z", -w),
        Outline::Circle { cx, cy, r } => format!(
            "M{:.1} {cy:.1}a{r:.1} {r:.1} 0 1 0 {:.1} 0a{r:.1} {r:.1} 0 1 0 {:.1} 0Z",
            cx - r,
            2.0 * r,
            -2.0 * r
        ),
        Outline::Polygon(corners) => {
            let mut d = String::new();
            for (i, (x, y)) in corners.iter().enumerate() {
                d.push_str(&format!("{}{x:.1} {y:.1}", if i == 0 { "M" } else { "L" }));
            }
            d.push('Z');
            d
        }
    }
}

/// What the page's script needs to take moves on the board: the board's size, its spots,
/// each move with its ways (spot keys joined by spaces), and the control to pick them with.
fn touch_data(touch: &Touchable, menu: &Select) -> String {
    let spots: Vec<serde_json::Value> = touch
        .spots
        .spots
        .iter()
        .map(|s| serde_json::json!({ "k": s.key, "d": path(&s.outline) }))
        .collect();
    let moves: Vec<(&str, Vec<String>)> = touch
        .moves
        .iter()
        .map(|(action, ways)| (action.as_str(), ways.iter().map(|w| w.join(" ")).collect()))
        .collect();
    serde_json::json!({
        "w": touch.spots.width,
        "h": touch.spots.height,
        "turn": menu.control.turn,
        "verb": menu.control.verb,
        "spots": spots,
        "moves": moves,
    })
    .to_string()
}

/// The panel as HTML, its labels told in `lang`.
pub fn panel(panel: &Panel<'_>, lang: Lang) -> Markup {
    let told = |label: &Label| label.tell(lang);
    html! {
        h2 { (t!(lang, "web-play-title")) }
        @if let Some((touch, menu)) = panel.touch {
            div #touch hidden data-touch=(touch_data(touch, menu)) {}
            p.hint { (t!(lang, "web-play-touch")) }
        }
        @if let Some(notice) = &panel.notice { p.notice role="status" { (notice) } }
        @if let Some(waiting) = &panel.waiting { p.waiting-turn { (waiting) } }
        @if panel.spent { p.spent { (t!(lang, "web-play-spent")) } }
        @if !panel.buttons.is_empty() {
            div.actions {
                @for b in &panel.buttons {
                    button type="button" class=(style_class(b.style))
                        data-turn=(b.control.turn) data-verb=(b.control.verb) { (told(&b.label)) }
                }
            }
        }
        @if let Some(menu) = panel.menu {
            p.hint { (told(&menu.placeholder)) }
            div.menu {
                @for c in &menu.choices {
                    @let back = c.label.id() == Some("menu-back");
                    button type="button" class=(if back { "entry back" } else { "entry" })
                        data-turn=(menu.control.turn)
                        data-verb=(menu.control.verb) data-value=(c.value) {
                        span.label { (told(&c.label)) }
                        @if let Some(line) = &c.description { small { (told(line)) } }
                    }
                }
            }
        }
    }
}
