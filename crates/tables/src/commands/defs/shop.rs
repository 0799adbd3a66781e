//! The droid's shop: `/shop`, `/buy`, `/inventory`, `/equip`, each with its handler (the
//! shop's items, prices and worn looks are [`crate::shop`]'s).

use super::super::need;
use super::super::spec::{command, need_arg, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use crate::call::Call;
use crate::ledger::shop::ShopRefusal;
use crate::refusal::Refusal;
use crate::replies::Reply;
use crate::shop::refusal;
use crate::t;
use crate::wares as shop;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// `/shop`: what the droid sells here, and at what price.
#[derive(Debug, Clone, PartialEq)]
pub struct Shop;

impl Verb for Shop {
    const PATH: &'static str = "shop";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        app.check_switch(actor, crate::controls::Switch::Shop)?;
        let prices = app.prices(&actor.guild)?;
        let owned = app.ledger.owned(&actor.guild, &actor.user)?;
        let mut lines = vec![t!(lang, "shop-title")];
        for item in shop::items() {
            let price = prices.get(item.id).copied().unwrap_or(item.price);
            let kind = t!(lang, &format!("shop-kind-{}", item.slot()));
            let mut line = t!(
                lang,
                "shop-line",
                item = item.name(lang),
                id = item.id,
                kind = kind,
                about = item.about(lang),
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
}

impl Slash for Shop {
    const SPEC: CommandSpec = command("shop", &[]);
    fn read(_: Lang, _: &mut Options) -> Result<Self, String> {
        Ok(Shop)
    }
}

/// `/buy item`.
#[derive(Debug, Clone, PartialEq)]
pub struct Buy {
    pub item: String,
}

impl Verb for Buy {
    const PATH: &'static str = "buy";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let typed = self.item.as_str();
        let lang = actor.lang;
        let item = crate::shop::item(lang, typed)?;
        app.check_switch(actor, crate::controls::Switch::Shop)?;
        app.ledger.open_account(&actor.guild, &actor.user)?;
        let bought = app
            .ledger
            .buy(
                &actor.guild,
                &actor.interaction,
                &actor.user,
                (item.id, item.slot()),
                item.price,
            )?
            .value;
        app.forget_worn(&actor.guild, &actor.user);
        let mut text = t!(
            lang,
            "shop-bought",
            who = &actor.name,
            item = item.name(lang),
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
}

impl Slash for Buy {
    const SPEC: CommandSpec = command("buy", &[need_arg("item", ArgKind::Item)]).joined();
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Buy {
            item: need(lang, o, "item", "buy")?,
        })
    }
}

/// `/inventory`: what the member owns and wears.
#[derive(Debug, Clone, PartialEq)]
pub struct Inventory;

impl Verb for Inventory {
    const PATH: &'static str = "inventory";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let owned = app.ledger.owned(&actor.guild, &actor.user)?;
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
                item = item.name(lang),
                id = item.id,
                worn = if o.worn { "yes" } else { "no" }
            ));
        }
        Ok(vec![Reply::private(lines.join("\n"))])
    }
}

impl Slash for Inventory {
    const SPEC: CommandSpec = command("inventory", &[]).joined();
    fn read(_: Lang, _: &mut Options) -> Result<Self, String> {
        Ok(Inventory)
    }
}

/// `/equip item`: puts an owned item on (or takes it off when it is worn).
#[derive(Debug, Clone, PartialEq)]
pub struct Equip {
    pub item: String,
}

impl Verb for Equip {
    const PATH: &'static str = "equip";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let typed = self.item.as_str();
        let lang = actor.lang;
        let item = crate::shop::item(lang, typed)?;
        let owned = app.ledger.owned(&actor.guild, &actor.user)?;
        let Some(mine) = owned.iter().find(|o| o.item == item.id) else {
            return Err(Refusal::Said(refusal(
                lang,
                &ShopRefusal::NotOwned(item.id.to_string()),
            )));
        };
        let text = if mine.worn {
            app.ledger
                .take_off(&actor.guild, &actor.user, item.slot())?;
            t!(
                lang,
                "shop-taken-off",
                who = &actor.name,
                item = item.name(lang)
            )
        } else {
            app.ledger
                .wear(&actor.guild, &actor.user, item.id, item.slot())?;
            t!(lang, "shop-worn", who = &actor.name, item = item.name(lang))
        };
        app.forget_worn(&actor.guild, &actor.user);
        Ok(vec![Reply::private(text)])
    }
}

impl Slash for Equip {
    const SPEC: CommandSpec = command("equip", &[need_arg("item", ArgKind::Item)]).joined();
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(Equip {
            item: need(lang, o, "item", "equip")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use super::*;
    use crate::Command;

    #[test]
    fn an_item_is_read_as_typed() {
        assert_eq!(
            read("buy item:kyber"),
            Ok(Command::Buy(Buy {
                item: "kyber".into()
            }))
        );
        assert!(read("equip").is_err());
        assert_eq!(read("shop"), Ok(Command::Shop(Shop)));
    }
}
