//! The droid's shop, as money: a purchase is a transfer from the member to the house and a
//! row saying what it bought, in one operation (so a retried `/buy` pays once); what a
//! member wears is one bought item per slot. The catalogue itself (what exists, what it
//! looks like, its list price) is the table layer's (`table::wares`): the ledger only keeps what was paid
//! and owned, and the prices a server's admin set apart.

use serde::{Deserialize, Serialize};

use super::accounts::{balance_of, require_member, transfer};
use super::economy::house;
use super::store::Tx;
use super::{check_amount, now, Ledger, LedgerError, Replayable, Result};
use crate::args;

/// Why a purchase or a change of what one wears was refused (funds and amounts are
/// checked as for any payment).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShopRefusal {
    #[error("{0} is already owned")]
    Owned(String),
    #[error("{0} is not owned")]
    NotOwned(String),
}

/// A purchase made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bought {
    pub item: String,
    pub price: i64,
    /// The buyer's balance after paying.
    pub balance: i64,
    /// Whether the item went on at once (its slot was empty).
    pub worn: bool,
}

/// An item a member owns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owned {
    pub item: String,
    pub price: i64,
    pub worn: bool,
}

/// What a member wears: the item in each slot.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Worn {
    pub set: Option<String>,
    pub theme: Option<String>,
}

fn owns(tx: &Tx, guild: &str, user: &str, item: &str) -> Result<bool> {
    tx.value(
        "SELECT COUNT(*) > 0 FROM purchases WHERE guild_id = ?1 AND user_id = ?2 AND item = ?3",
        args![guild, user, item],
    )
}

fn wear(tx: &Tx, guild: &str, user: &str, slot: &str, item: &str) -> Result<()> {
    tx.execute(
        "INSERT INTO worn (guild_id, user_id, slot, item) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (guild_id, user_id, slot) DO UPDATE SET item = excluded.item",
        args![guild, user, slot, item],
    )?;
    Ok(())
}

fn shop_refused(why: ShopRefusal) -> LedgerError {
    LedgerError::Shop(why)
}

/// The price `item` sells at in `guild`: the admin's, else the catalogue's `list`.
fn price_in(tx: &Tx, guild: &str, item: &str, list: i64) -> Result<i64> {
    let set: Option<i64> = tx.query_opt(
        "SELECT price FROM shop_prices WHERE guild_id = ?1 AND item = ?2",
        args![guild, item],
        |r| r.col("price"),
    )?;
    Ok(set.unwrap_or(list))
}

impl Ledger {
    /// `user` buys `item` (worn in `slot`) at the server's price, or `list` where the
    /// server set none: the credits go to the house. An item is owned once; it goes on at
    /// once when nothing is worn in its slot. `key` makes a retried command buy once.
    pub fn buy(
        &self,
        guild: &str,
        key: &str,
        user: &str,
        (item, slot): (&str, &str),
        list: i64,
    ) -> Result<Replayable<Bought>> {
        self.operation(guild, &format!("buy:{key}"), "buy", |tx, op| {
            if owns(tx, guild, user, item)? {
                return Err(shop_refused(ShopRefusal::Owned(item.to_string())));
            }
            let price = price_in(tx, guild, item, list)?;
            check_amount(price)?;
            let account = require_member(tx, guild, user)?;
            transfer(tx, op, account, house(tx, guild)?, price, user)?;
            tx.execute(
                "INSERT INTO purchases (guild_id, user_id, item, price, operation, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![guild, user, item, price, op, now()],
            )?;
            let empty: bool = tx.value(
                "SELECT COUNT(*) = 0 FROM worn WHERE guild_id = ?1 AND user_id = ?2 AND slot = ?3",
                args![guild, user, slot],
            )?;
            if empty {
                wear(tx, guild, user, slot, item)?;
            }
            Ok(Bought {
                item: item.to_string(),
                price,
                balance: balance_of(tx, account)?,
                worn: empty,
            })
        })
    }

    /// `user` wears `item`, which they own, in `slot` (in place of what was there).
    pub fn wear(&self, guild: &str, user: &str, item: &str, slot: &str) -> Result<()> {
        self.write_in(guild, |tx| {
            if !owns(tx, guild, user, item)? {
                return Err(shop_refused(ShopRefusal::NotOwned(item.to_string())));
            }
            wear(tx, guild, user, slot, item)
        })
    }

    /// `user` takes off what they wear in `slot` (their boards show the game's own look).
    pub fn take_off(&self, guild: &str, user: &str, slot: &str) -> Result<()> {
        self.write_in(guild, |tx| {
            tx.execute(
                "DELETE FROM worn WHERE guild_id = ?1 AND user_id = ?2 AND slot = ?3",
                args![guild, user, slot],
            )?;
            Ok(())
        })
    }

    /// What `user` owns in `guild`, in the order bought.
    pub fn owned(&self, guild: &str, user: &str) -> Result<Vec<Owned>> {
        self.read(|tx| {
            tx.query(
                "SELECT p.item, p.price, w.item IS NOT NULL AS worn FROM purchases p
                 LEFT JOIN worn w ON w.guild_id = p.guild_id AND w.user_id = p.user_id
                     AND w.item = p.item
                 WHERE p.guild_id = ?1 AND p.user_id = ?2 ORDER BY p.operation",
                args![guild, user],
                |r| {
                    Ok(Owned {
                        item: r.col("item")?,
                        price: r.col("price")?,
                        worn: r.col("worn")?,
                    })
                },
            )
        })
    }

    /// What each of `users` wears in `guild`, in their order.
    pub fn worn(&self, guild: &str, users: &[String]) -> Result<Vec<Worn>> {
        self.read(|tx| {
            let mut all = Vec::with_capacity(users.len());
            for user in users {
                let rows: Vec<(String, String)> = tx.query(
                    "SELECT slot, item FROM worn WHERE guild_id = ?1 AND user_id = ?2",
                    args![guild, user],
                    |r| Ok((r.col("slot")?, r.col("item")?)),
                )?;
                let mut worn = Worn::default();
                for (slot, item) in rows {
                    match slot.as_str() {
                        "set" => worn.set = Some(item),
                        _ => worn.theme = Some(item),
                    }
                }
                all.push(worn);
            }
            Ok(all)
        })
    }

    /// A server's own price for `item` (`None`: back to the catalogue's).
    pub fn set_price(&self, guild: &str, item: &str, price: Option<i64>) -> Result<()> {
        if let Some(price) = price {
            check_amount(price)?;
        }
        self.write_in(guild, |tx| {
            match price {
                Some(price) => tx.execute(
                    "INSERT INTO shop_prices (guild_id, item, price) VALUES (?1, ?2, ?3)
                     ON CONFLICT (guild_id, item) DO UPDATE SET price = excluded.price",
                    args![guild, item, price],
                )?,
                None => tx.execute(
                    "DELETE FROM shop_prices WHERE guild_id = ?1 AND item = ?2",
                    args![guild, item],
                )?,
            };
            Ok(())
        })
    }

    /// The prices a server set apart from the catalogue, by item.
    pub fn prices(&self, guild: &str) -> Result<Vec<(String, i64)>> {
        self.read(|tx| {
            tx.query(
                "SELECT item, price FROM shop_prices WHERE guild_id = ?1 ORDER BY item",
                args![guild],
                |r| Ok((r.col("item")?, r.col("price")?)),
            )
        })
    }
}
