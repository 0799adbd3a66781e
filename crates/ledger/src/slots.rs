//! The slot machine: three reels, a documented paytable with an exactly computed return to
//! player of 95 %, and provably fair spins (each member's next spin seed is committed to
//! before the spin and revealed with it).
//!
//! Paytable (multiples of the bet), on a 20-stop reel strip holding 8 Credits, 6 Droids,
//! 3 Blasters, 2 Holocrons and 1 Kyber crystal, the same strip on each reel:
//!
//! | symbol | three of a kind | first two reels only |
//! |---|---|---|
//! | Kyber | 250 | 32 |
//! | Holocron | 80 | 8 |
//! | Blaster | 30 | 4 |
//! | Droid | 6 | 1 |
//! | Credit | 3 | 1 |
//!
//! Over the 8,000 equally likely stop combinations the multiples sum to 7,600: the return to
//! player is exactly 95 % (computed by enumeration in the test suite); 2,280 combinations pay
//! (a hit rate of 28.5 %).

use super::store::Tx;
use crate::args;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::accounts::{
    balance_of, commitment, fresh_seed, move_tokens, require_member, tokens_of, transfer,
};
use super::economy::{self, system_account};
use super::{check_amount, Ledger, LedgerError, Replayable, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symbol {
    Credit,
    Droid,
    Blaster,
    Holocron,
    Kyber,
}

impl Symbol {
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Credit => "Credit",
            Symbol::Droid => "Droid",
            Symbol::Blaster => "Blaster",
            Symbol::Holocron => "Holocron",
            Symbol::Kyber => "Kyber",
        }
    }

    /// (three of a kind, first two reels only) multiples of the bet.
    pub fn pays(self) -> (i64, i64) {
        match self {
            Symbol::Credit => (3, 1),
            Symbol::Droid => (6, 1),
            Symbol::Blaster => (30, 4),
            Symbol::Holocron => (80, 8),
            Symbol::Kyber => (250, 32),
        }
    }
}

/// The reel strip, read from stop 0; every reel uses it.
pub const STRIP: [Symbol; 20] = {
    use Symbol::*;
    [
        Credit, Droid, Credit, Blaster, Credit, Droid, Credit, Holocron, Credit, Droid, Blaster,
        Credit, Droid, Kyber, Credit, Droid, Holocron, Credit, Blaster, Droid,
    ]
};

/// The multiple of the bet paid for three reels showing these symbols.
pub fn multiplier(reels: [Symbol; 3]) -> i64 {
    let [a, b, c] = reels;
    if a == b && b == c {
        a.pays().0
    } else if a == b {
        a.pays().1
    } else {
        0
    }
}

/// The stops a seed gives: the spin's generator is ChaCha8 seeded with the 32 bytes whose hex
/// is the seed, drawing one uniform stop in 0..20 per reel.
pub fn stops_from_seed(seed: &str) -> Option<[usize; 3]> {
    if seed.len() != 64 {
        return None;
    }
    let mut bytes = [0u8; 32];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(seed.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    let mut rng = ChaCha8Rng::from_seed(bytes);
    Some([0; 3].map(|_| rng.random_range(0..STRIP.len())))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spin {
    pub stops: [usize; 3],
    pub reels: [Symbol; 3],
    /// The bet the spin counted with (the token bet for a free spin).
    pub bet: i64,
    pub used_token: bool,
    pub multiplier: i64,
    pub payout: i64,
    /// The seed this spin used (committed to before), so anyone can check the stops.
    pub seed: String,
    /// The commitment to the member's next spin.
    pub next_commitment: String,
    pub balance: i64,
    pub tokens: i64,
}

fn spin_in(tx: &Tx, guild: &str, op: i64, user: &str, bet: Option<i64>) -> Result<Spin> {
    let account = require_member(tx, guild, user)?;
    let machine = system_account(tx, guild, "slots", "")?;
    let used_token = tokens_of(tx, account)? > 0;
    let bet = if used_token {
        move_tokens(tx, op, account, -1)?;
        economy::load(tx, guild)?.token_bet.min(MAX_BET)
    } else {
        let bet = bet.ok_or_else(|| LedgerError::NoToken(user.to_string()))?;
        check_amount(bet)?;
        transfer(tx, op, account, machine, bet, user)?;
        bet
    };
    let seed: String = tx
        .query_one(
            "SELECT slot_seed FROM accounts WHERE id = ?1",
            args![account],
            |r| r.col::<Option<String>>("slot_seed"),
        )?
        .unwrap_or_default();
    let stops = stops_from_seed(&seed)
        .ok_or_else(|| LedgerError::Corrupt(format!("the slot seed of {user}")))?;
    let reels = stops.map(|s| STRIP[s]);
    let multiplier = multiplier(reels);
    let payout = bet
        .checked_mul(multiplier)
        .ok_or(LedgerError::InvalidAmount(i64::MAX))?;
    if payout > 0 {
        transfer(tx, op, machine, account, payout, "the slot machine")?;
    }
    let next = fresh_seed();
    tx.execute(
        "UPDATE accounts SET slot_seed = ?2 WHERE id = ?1",
        args![account, &next],
    )?;
    Ok(Spin {
        stops,
        reels,
        bet,
        used_token,
        multiplier,
        payout,
        seed,
        next_commitment: commitment(&next),
        balance: balance_of(tx, account)?,
        tokens: tokens_of(tx, account)?,
    })
}

/// The largest bet: the best line pays 250 bets, and a payout is one operation's amount.
pub const MAX_BET: i64 = super::MAX_AMOUNT / 250;

impl Ledger {
    /// One spin: with a slot token if the member has one (at the guild's token bet),
    /// otherwise for `bet` credits. `key` is the interaction id.
    pub fn spin(
        &self,
        guild: &str,
        key: &str,
        user: &str,
        bet: Option<i64>,
    ) -> Result<Replayable<Spin>> {
        if let Some(bet) = bet {
            check_amount(bet)?;
            if bet > MAX_BET {
                return Err(LedgerError::AmountTooLarge { max: MAX_BET });
            }
        }
        self.operation(guild, &format!("spin:{key}"), "spin", |tx, op| {
            spin_in(tx, guild, op, user, bet)
        })
    }
}
