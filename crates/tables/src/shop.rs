//! The droid's shop at the table: the items members name, the server's prices, and the looks
//! members wear dressing every board of their tables (kept, and forgotten when they buy or
//! change). Its commands are units of [`crate::commands::defs`]; the catalogue is
//! [`super::wares`]'s, the money the ledger's ([`crate::ledger::shop`]).

use std::collections::HashMap;

use super::wares::{self as shop, Item, Look};
use super::{App, Refusal};
use crate::ledger::shop::{ShopRefusal, Worn};
use crate::ledger::tables::TableRow;
use crate::render::Scene;
use crate::t;

/// What members wear, by (server, member), as this process last wrote or read it: a board
/// is drawn after every move, and what its players wear changes only through `/buy` and
/// `/equip`, which a server's own process runs.
pub(crate) type WornCache = std::sync::Mutex<HashMap<(String, String), Worn>>;

/// A shop refusal in the member's words.
pub(crate) fn refusal(lang: crate::words::Lang, why: &ShopRefusal) -> String {
    let name =
        |id: &str| shop::find(lang, id).map_or_else(|| id.to_string(), |item| item.name(lang));
    match why {
        ShopRefusal::Owned(item) => t!(lang, "shop-owned", item = name(item)),
        ShopRefusal::NotOwned(item) => t!(lang, "shop-not-owned", item = name(item)),
    }
}

/// The item a member names, by id or by name in their language.
pub(crate) fn item(lang: crate::words::Lang, typed: &str) -> Result<&'static Item, Refusal> {
    shop::find(lang, typed).ok_or_else(|| {
        let ids: Vec<&str> = shop::items().iter().map(|i| i.id).collect();
        Refusal::Said(t!(
            lang,
            "shop-unknown",
            item = typed,
            items = ids.join(", ")
        ))
    })
}

impl App {
    /// The price of every item in `guild`: the server's own, else the catalogue's.
    pub(crate) fn prices(&self, guild: &str) -> Result<HashMap<String, i64>, Refusal> {
        Ok(self.ledger.prices(guild)?.into_iter().collect())
    }

    /// Forgets what a member wears, kept for their tables' boards: they bought or changed it.
    pub(crate) fn forget_worn(&self, guild: &str, user: &str) {
        self.worn
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&(guild.to_string(), user.to_string()));
    }

    /// What the seats of `row` wear, by seat (read once per member, then kept).
    fn worn_at(&self, row: &TableRow) -> Vec<Worn> {
        let mut cache = self.worn.lock().unwrap_or_else(|e| e.into_inner());
        let missing: Vec<String> = row
            .seats
            .iter()
            .filter(|u| !cache.contains_key(&(row.guild.clone(), (*u).clone())))
            .cloned()
            .collect();
        if !missing.is_empty() {
            match self.ledger.worn(&row.guild, &missing) {
                Ok(found) => {
                    // Bounded (see `caches`): full, it starts afresh before this table's
                    // seats go in, so that all of them are there below.
                    if cache.len() + missing.len() > super::caches::MEMBERS {
                        cache.clear();
                    }
                    for (user, worn) in missing.into_iter().zip(found) {
                        cache.insert((row.guild.clone(), user), worn);
                    }
                }
                // A board in its plain looks is still the right board.
                Err(e) => tracing::warn!(table = row.id, error = %e, "looks not read"),
            }
        }
        row.seats
            .iter()
            .map(|u| {
                cache
                    .get(&(row.guild.clone(), u.clone()))
                    .cloned()
                    .unwrap_or_default()
            })
            .collect()
    }

    /// `scene` dressed in what `row`'s players wear: each seat's set, and the theme of the
    /// first seat that wears one.
    pub(crate) fn dress(&self, row: &TableRow, mut scene: Scene) -> Scene {
        let worn = self.worn_at(row);
        let look = |id: &Option<String>| id.as_deref().and_then(shop::by_id).map(|i| i.look);
        scene.sets = worn
            .iter()
            .map(|w| match look(&w.set) {
                Some(Look::Set(set)) => Some(set),
                _ => None,
            })
            .collect();
        scene.theme = worn.iter().find_map(|w| match look(&w.theme) {
            Some(Look::Theme(theme)) => Some(theme),
            _ => None,
        });
        scene
    }
}
