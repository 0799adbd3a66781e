//! `/admin grant|set|end|price|channel`: a server's admins (the front end checks who may).

use super::super::spec::{arg, command, need_arg, ArgKind, CommandSpec};
use super::super::verb::{Options, Slash, Verb};
use super::super::{need, number, switch, take};
use crate::call::Call;
use crate::ledger::economy::Setting;
use crate::mine::place;
use crate::places::{channel_id, listed};
use crate::refusal::Refusal;
use crate::replies::Reply;
use crate::t;
use crate::words::Lang;
use crate::{Actor, App, Outcome};

/// `/admin`, the group its subcommands (`admin …`) are gathered under; Discord shows it to
/// managers only.
pub(super) const GROUP: CommandSpec = CommandSpec {
    admin: true,
    ..command("admin", &[])
};

/// A required whole number.
fn required(lang: Lang, o: &mut Options, key: &str, command: &str) -> Result<i64, String> {
    Ok(number(lang, Some(need(lang, o, key, command)?), key)?.unwrap_or(0))
}

/// `/admin grant user amount`: credits from the house.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminGrant {
    pub user: String,
    pub amount: i64,
}

impl Verb for AdminGrant {
    const PATH: &'static str = "admin grant";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let (user, amount) = (self.user.as_str(), self.amount);
        let lang = actor.lang;
        App::require_admin(actor)?;
        app.ledger.open_account(&actor.guild, user)?;
        let act = App::admin_act(
            actor,
            "grant",
            &[("who", user.into()), ("amount", amount.into())],
        );
        let grant = app.ledger.grant_by(&actor.guild, &act, user, amount)?;
        Ok(vec![Reply::public(t!(
            lang,
            "admin-granted",
            amount = grant.value.amount,
            who = app.name(&actor.guild, user),
            balance = grant.value.balance
        ))])
    }
}

impl Slash for AdminGrant {
    const SPEC: CommandSpec = command(
        "grant",
        &[
            need_arg("user", ArgKind::User),
            need_arg("amount", ArgKind::Credits),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(AdminGrant {
            user: need(lang, o, "user", "admin grant")?,
            amount: required(lang, o, "amount", "admin grant")?,
        })
    }
}

/// `/admin set setting value`: one of the server's economy settings.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminSet {
    pub setting: String,
    pub value: i64,
}

impl Verb for AdminSet {
    const PATH: &'static str = "admin set";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let (setting, value) = (self.setting.as_str(), self.value);
        let lang = actor.lang;
        App::require_admin(actor)?;
        if setting.trim().eq_ignore_ascii_case(crate::lobby::WEB_LOBBY) {
            let shown = app.admin_lobby(actor, value)?;
            let args = [
                ("setting", crate::lobby::WEB_LOBBY.into()),
                ("value", value.into()),
            ];
            app.log_admin(actor, "set", &args);
            return Ok(shown);
        }
        let parsed = Setting::parse(setting)?;
        let act = App::admin_act(
            actor,
            "set",
            &[
                ("setting", setting.trim().to_ascii_lowercase().into()),
                ("value", value.into()),
            ],
        );
        let e = app
            .ledger
            .set_economy_by(&actor.guild, &act, parsed, value)?;
        Ok(vec![Reply::private(t!(
            lang,
            "admin-economy",
            start = e.starting_balance,
            daily = e.daily_amount,
            min = e.min_wager,
            token = e.token_bet,
            clock = e.move_clock_secs,
            step = e.daily_streak_step,
            max = e.daily_streak_max,
            account_days = e.min_account_days,
            member_hours = e.min_member_hours,
            side_bets = e.side_bets,
            season_days = e.season_days,
            wagers = e.wagers,
            max_wager = e.max_wager,
            slots = e.slots,
            shop = e.shop,
            daily_on = e.daily
        ))])
    }
}

impl Slash for AdminSet {
    const SPEC: CommandSpec = command(
        "set",
        &[
            need_arg("setting", ArgKind::Setting),
            need_arg("value", ArgKind::Number),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(AdminSet {
            setting: need(lang, o, "setting", "admin set")?,
            value: required(lang, o, "value", "admin set")?,
        })
    }
}

/// `/admin end [table]`: ends a table, its stakes refunded.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminEnd {
    pub table: Option<i64>,
}

impl Verb for AdminEnd {
    const PATH: &'static str = "admin end";
    fn run(self, app: &App, call: &Call, actor: &Actor) -> Outcome {
        let ended = app.tables().admin_end(call, actor, self.table)?;
        let table = self.table.map_or(serde_json::Value::Null, Into::into);
        app.log_admin(actor, "end", &[("table", table)]);
        Ok(ended)
    }
}

impl Slash for AdminEnd {
    const SPEC: CommandSpec = command("end", &[arg("table", ArgKind::Number)]);
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(AdminEnd {
            table: number(lang, take(o, "table"), "table")?,
        })
    }
}

/// `/admin price item [price]`: a server's own price for a shop item (none: the
/// catalogue's again).
#[derive(Debug, Clone, PartialEq)]
pub struct AdminPrice {
    pub item: String,
    pub price: Option<i64>,
}

impl Verb for AdminPrice {
    const PATH: &'static str = "admin price";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let (typed, price) = (self.item.as_str(), self.price);
        let lang = actor.lang;
        App::require_admin(actor)?;
        let item = crate::shop::item(lang, typed)?;
        app.ledger.set_price(&actor.guild, item.id, price)?;
        let shown = price.unwrap_or(item.price);
        app.log_admin(
            actor,
            "price",
            &[("item", item.id.into()), ("price", shown.into())],
        );
        Ok(vec![Reply::private(t!(
            lang,
            "shop-priced",
            item = item.name(lang),
            price = price.unwrap_or(item.price)
        ))])
    }
}

impl Slash for AdminPrice {
    const SPEC: CommandSpec = command(
        "price",
        &[
            need_arg("item", ArgKind::Item),
            arg("price", ArgKind::Credits),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(AdminPrice {
            item: need(lang, o, "item", "admin price")?,
            price: number(lang, take(o, "price"), "price")?,
        })
    }
}

/// `/admin channel channel tables:on|off`: whether tables may be opened in a channel.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminChannel {
    pub channel: String,
    pub tables: bool,
}

impl Verb for AdminChannel {
    const PATH: &'static str = "admin channel";
    fn run(self, app: &App, _: &Call, actor: &Actor) -> Outcome {
        let (typed, tables) = (self.channel.as_str(), self.tables);
        let lang = actor.lang;
        App::require_admin(actor)?;
        let channel = channel_id(typed);
        if channel.is_empty() {
            return Err(Refusal::Said(t!(lang, "channel-unknown", channel = typed)));
        }
        app.ledger
            .set_table_channel(&actor.guild, channel, tables)?;
        let args = [
            ("channel", channel.into()),
            ("on", i64::from(tables).into()),
        ];
        app.log_admin(actor, "channel", &args);
        let now = app.ledger.table_channels(&actor.guild)?;
        let text = if now.is_empty() {
            t!(
                lang,
                "channel-tables-everywhere",
                who = &actor.name,
                channel = place(channel)
            )
        } else {
            let id = if tables {
                "channel-tables-on"
            } else {
                "channel-tables-off"
            };
            t!(
                lang,
                id,
                who = &actor.name,
                channel = place(channel),
                channels = listed(&now)
            )
        };
        Ok(vec![Reply::private(text)])
    }
}

impl Slash for AdminChannel {
    const SPEC: CommandSpec = command(
        "channel",
        &[
            need_arg("channel", ArgKind::Channel),
            need_arg("tables", ArgKind::Switch),
        ],
    );
    fn read(lang: Lang, o: &mut Options) -> Result<Self, String> {
        Ok(AdminChannel {
            channel: need(lang, o, "channel", "admin channel")?,
            tables: switch(lang, &need(lang, o, "tables", "admin channel")?, "tables")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::read;
    use super::*;
    use crate::Command;

    #[test]
    fn each_admin_action_reads_its_own_options() {
        assert_eq!(
            read("admin action:channel channel:games tables:off"),
            Ok(Command::AdminChannel(AdminChannel {
                channel: "games".into(),
                tables: false
            }))
        );
        assert!(read("admin action:channel channel:games tables:maybe").is_err());
        assert_eq!(
            read("admin action:price item:kyber"),
            Ok(Command::AdminPrice(AdminPrice {
                item: "kyber".into(),
                price: None
            }))
        );
        assert!(read("admin action:grant user:1").is_err());
    }
}
