//! The droid's shop at the table: `/shop`, `/buy`, `/inventory`, `/equip` and
//! `/admin price`, and the looks members wear dressing every board of their tables. The
//! catalogue is [`super::wares`]'s, the money the ledger's ([`crate::ledger::shop`]).

use std::collections::HashMap;

use super::wares::{self as shop, Item, Look};
use super::{Actor, App, Outcome, Refusal, Reply};
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

impl App {
    fn item(lang: crate::words::Lang, typed: &str) -> Result<&'static Item, Refusal> {
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

    /// The price of every item in `guild`: the server's own, else the catalogue's.
    fn prices(&self, guild: &str) -> Result<HashMap<String, i64>, Refusal> {
        Ok(self.ledger.prices(guild)?.into_iter().collect())
    }

    /// `/shop`: every item with its price here, and which ones the member owns.
    pub(crate) fn shop(&self, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let prices = self.prices(&actor.guild)?;
        let owned = self.ledger.owned(&actor.guild, &actor.user)?;
        let mut lines = vec![t!(lang, "shop-title")];
        for item in shop::items() {
            let price = prices.get(item.id).copied().unwrap_or(item.price);
            let kind = t!(lang, &format!("shop-kind-{}", item.slot()));
            let mut line = t!(
                lang,
                "shop-line",
                item = item.name(lang,),
                id = item.id,
                kind = kind,
                about = item.about(lang,),
                price = price
            );
            if owned.iter().any(|o| o.item == item.id) {
                line.push_str(&t!(lang, "shop-line-owned"));
            }
            lines.push(line);
        }
        lines.push(t!(lang, "shop-footer"));
        Ok(vec![Reply::private(lines.join("\n"))])
    }

    /// `/buy item`: pays the house and owns the item; it goes on at once when nothing is
    /// worn in its slot.
    pub(crate) fn buy(&self, actor: &Actor, typed: &str) -> Outcome {
        let lang = actor.lang;
        let item = Self::item(lang, typed)?;
        self.ledger.open_account(&actor.guild, &actor.user)?;
        let bought = self
            .ledger
            .buy(
                &actor.guild,
                &actor.interaction,
                &actor.user,
                (item.id, item.slot()),
                item.price,
            )?
            .value;
        self.forget_worn(&actor.guild, &actor.user);
        let mut text = t!(
            lang,
            "shop-bought",
            who = &actor.name,
            item = item.name(lang,),
            price = bought.price,
            balance = bought.balance
        );
        text.push(' ');
        text.push_str(&if bought.worn {
            t!(lang, "shop-bought-worn")
        } else {
            t!(lang, "shop-bought-kept", id = item.id)
        });
        Ok(vec![Reply::public(text)])
    }

    /// `/inventory`: what the member owns, and what they wear.
    pub(crate) fn inventory(&self, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let owned = self.ledger.owned(&actor.guild, &actor.user)?;
        if owned.is_empty() {
            return Ok(vec![Reply::private(t!(lang, "shop-inventory-empty"))]);
        }
        let mut lines = vec![t!(lang, "shop-inventory-title", who = &actor.name)];
        for o in &owned {
            let Some(item) = shop::find(lang, &o.item) else {
                continue;
            };
            lines.push(t!(
                lang,
                "shop-inventory-line",
                item = item.name(lang,),
                id = item.id,
                worn = if o.worn { "yes" } else { "no" }
            ));
        }
        Ok(vec![Reply::private(lines.join("\n"))])
    }

    /// `/equip item`: puts on an owned item in place of what its slot held, or takes it off
    /// when it is already worn.
    pub(crate) fn equip(&self, actor: &Actor, typed: &str) -> Outcome {
        let lang = actor.lang;
        let item = Self::item(lang, typed)?;
        let owned = self.ledger.owned(&actor.guild, &actor.user)?;
        let Some(mine) = owned.iter().find(|o| o.item == item.id) else {
            return Err(Refusal::Said(refusal(
                lang,
                &ShopRefusal::NotOwned(item.id.to_string()),
            )));
        };
        let text = if mine.worn {
            self.ledger
                .take_off(&actor.guild, &actor.user, item.slot())?;
            t!(
                lang,
                "shop-taken-off",
                who = &actor.name,
                item = item.name(lang,)
            )
        } else {
            self.ledger
                .wear(&actor.guild, &actor.user, item.id, item.slot())?;
            t!(
                lang,
                "shop-worn",
                who = &actor.name,
                item = item.name(lang,)
            )
        };
        self.forget_worn(&actor.guild, &actor.user);
        Ok(vec![Reply::private(text)])
    }

    /// `/admin price item [price]`: the server's own price, or the catalogue's again.
    pub(crate) fn admin_price(&self, actor: &Actor, typed: &str, price: Option<i64>) -> Outcome {
        let lang = actor.lang;
        Self::require_admin(actor)?;
        let item = Self::item(lang, typed)?;
        self.ledger.set_price(&actor.guild, item.id, price)?;
        Ok(vec![Reply::private(t!(
            lang,
            "shop-priced",
            item = item.name(lang,),
            price = price.unwrap_or(item.price)
        ))])
    }

    fn forget_worn(&self, guild: &str, user: &str) {
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
