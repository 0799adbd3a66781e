//! The droid's shop catalogue: piece sets and board themes, with their list prices, read
//! from `assets/shop.toml` (compiled in). Items change how boards look and nothing else;
//! what was bought and worn is the ledger's ([`crate::ledger::shop`]).

use std::sync::OnceLock;

use serde::Deserialize;

use crate::render::kit::Rgb;
use crate::render::looks::{PieceSet, Theme};
use crate::t;

/// What an item does to a board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Look {
    Set(PieceSet),
    Theme(Theme),
}

/// An item of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Item {
    pub id: &'static str,
    /// The list price, in credits (a server's admin may set another).
    pub price: i64,
    pub look: Look,
}

/// What a member wears an item in: one set and one theme at a time.
pub const SLOTS: [&str; 2] = ["set", "theme"];

impl Item {
    /// The slot the item is worn in.
    pub fn slot(&self) -> &'static str {
        match self.look {
            Look::Set(_) => SLOTS[0],
            Look::Theme(_) => SLOTS[1],
        }
    }

    /// The item's name in `lang`.
    pub fn name(&self, lang: crate::words::Lang) -> String {
        t!(lang, &format!("shop-{}", self.id))
    }

    /// What the item is, in a few words, in `lang`.
    pub fn about(&self, lang: crate::words::Lang) -> String {
        t!(lang, &format!("shop-{}-about", self.id))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    set: Vec<SetEntry>,
    #[serde(default)]
    theme: Vec<ThemeEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetEntry {
    id: String,
    price: i64,
    face: String,
    edge: String,
    mark: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeEntry {
    id: String,
    price: i64,
    hue: f32,
    saturation: f32,
    lightness: f32,
}

/// The catalogue file, as shipped.
const SHOP: &str = include_str!("../../../assets/shop.toml");

/// Every item of the catalogue: the sets, then the themes, as the file lists them.
pub fn items() -> &'static [Item] {
    static ITEMS: OnceLock<Vec<Item>> = OnceLock::new();
    ITEMS.get_or_init(|| parse(SHOP).unwrap_or_else(|e| panic!("assets/shop.toml: {e}")))
}

/// The item whose id is `id` (ids are the same in every language).
pub fn by_id(id: &str) -> Option<&'static Item> {
    items().iter().find(|i| i.id == id)
}

/// The item with this id (case and surrounding spaces aside), or with this name in `lang`.
pub fn find(lang: crate::words::Lang, typed: &str) -> Option<&'static Item> {
    let typed = typed.trim();
    items()
        .iter()
        .find(|i| i.id.eq_ignore_ascii_case(typed) || i.name(lang).eq_ignore_ascii_case(typed))
}

/// Reads a catalogue. Ids are kept for the program's life (the catalogue is read once).
fn parse(text: &str) -> Result<Vec<Item>, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    let keep = |id: String| -> &'static str { Box::leak(id.into_boxed_str()) };
    let mut items = Vec::new();
    for set in file.set {
        let id = keep(set.id);
        items.push(Item {
            id,
            price: set.price,
            look: Look::Set(PieceSet {
                id,
                face: colour(&set.face)?,
                edge: colour(&set.edge)?,
                mark: colour(&set.mark)?,
            }),
        });
    }
    for theme in file.theme {
        let id = keep(theme.id);
        items.push(Item {
            id,
            price: theme.price,
            look: Look::Theme(Theme {
                id,
                hue: theme.hue,
                saturation: theme.saturation,
                lightness: theme.lightness,
            }),
        });
    }
    for (i, item) in items.iter().enumerate() {
        if items[..i].iter().any(|other| other.id == item.id) {
            return Err(format!("item {} is listed twice", item.id));
        }
        if !(1..=crate::ledger::MAX_AMOUNT).contains(&item.price) {
            return Err(format!(
                "item {}: price {} out of range",
                item.id, item.price
            ));
        }
    }
    Ok(items)
}

/// `#rrggbb`.
fn colour(text: &str) -> Result<Rgb, String> {
    let hex = text
        .strip_prefix('#')
        .filter(|h| h.len() == 6)
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or_else(|| format!("{text:?} is not a colour (#rrggbb)"))?;
    Ok(Rgb::hex(hex))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_catalogue_reads_and_every_item_is_named_in_both_languages() {
        let lang = crate::words::Lang::En;
        assert!(items().len() >= 4);
        for item in items() {
            for lang in crate::words::Lang::ALL {
                for id in [
                    format!("shop-{}", item.id),
                    format!("shop-{}-about", item.id),
                ] {
                    assert!(crate::words::has(lang, &id), "{id} in {lang:?}");
                }
            }
        }
        assert_eq!(find(lang, " Kyber ").map(|i| i.id), Some("kyber"));
        assert!(find(lang, "lightsaber").is_none());
    }

    #[test]
    fn a_bad_catalogue_is_refused_with_its_reason() {
        let twice = "[[set]]\nid='a'\nprice=1\nface='#000000'\nedge='#000000'\nmark='#000000'\n";
        let err = parse(&format!("{twice}{twice}")).unwrap_err();
        assert!(err.contains("twice"), "{err}");
        let bad = twice.replace("#000000'\nedge", "black'\nedge");
        assert!(parse(&bad).unwrap_err().contains("not a colour"));
        let free = twice.replace("price=1", "price=0");
        assert!(parse(&free).unwrap_err().contains("price"));
    }
}
