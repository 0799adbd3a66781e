//! The droid's shop: `/shop`, `/buy`, `/inventory`, `/equip`.

use super::super::need;
use super::super::spec::{command, need_arg, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use crate::call::Call;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// `/shop`: what the droid sells here, and at what price.
#[derive(Debug, Clone, PartialEq)]
pub struct Shop;

impl Verb for Shop {
    const PATH: &'static str = "shop";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        app.shop(actor)
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
        app.buy(actor, &self.item)
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
        app.inventory(actor)
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
        app.equip(actor, &self.item)
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
