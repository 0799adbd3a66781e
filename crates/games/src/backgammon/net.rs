//! The droid's backgammon evaluation: a small neural network trained by self-play with
//! temporal differences (Tesauro's TD-Gammon recipe; the training program is
//! `examples/train_backgammon/`, its weights ship as `assets/droid/backgammon.net`).
//!
//! It reads a position from the side of the player who has just moved, the other player
//! to roll, and estimates five probabilities for that player: win, win a gammon or more,
//! win a backgammon, lose a gammon or more, lose a backgammon (the split GNU Backgammon
//! uses, so that gammons and the cube can be valued).
//!
//! Inputs are mostly zero (a point holds checkers of one side or none), so the hidden
//! layer is summed over the non-zero inputs only, with its weights stored input by input.
//!
//! A network reads a position one of two ways ([`Reading`]): the raw point counts of the
//! first network, or those with the contact features of [`super::features`] after them.
//! The first stays shipped beside the second, so that tables opened with an older droid
//! mind replay as they were played.

use std::sync::OnceLock;

use super::board::{borne_off, pips, Side, BAR};
use super::features::{all_features, side_features, MORE_PER_SIDE, PER_SIDE};
use super::pubeval::contact;
use super::race::{race_features, RACE_PER_SIDE};

/// Raw inputs: per point of each side 4 (one checker, two, three, the excess over three),
/// each side's bar and checkers borne off, each side's pip count, and whether the sides
/// still meet.
pub const INPUTS: usize = 2 * 24 * 4 + 4 + 2 + 1;
/// Win, win a gammon, win a backgammon, lose a gammon, lose a backgammon.
pub const OUTPUTS: usize = 5;

/// How a network reads a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// The [`INPUTS`] raw inputs (the first network, `HTBGNET1`).
    Raw,
    /// The raw inputs, then each side's contact features (`HTBGNET2`).
    Features,
    /// As [`Reading::Features`], then each side's further features (`HTBGNET3`): double
    /// shots, pips lost to hits, pips to break contact, the blockade's hold, timing, and
    /// the checkers back and outside.
    Contact,
    /// As [`Reading::Contact`], then each side's race features (`HTBGNETR`): the race
    /// network's, for positions where the sides no longer meet (it starts from a contact
    /// network's weights, so it reads what that one reads, and learns races on top).
    Race,
}

impl Reading {
    pub fn inputs(self) -> usize {
        match self {
            Reading::Raw => INPUTS,
            Reading::Features => INPUTS + 2 * PER_SIDE,
            Reading::Contact => INPUTS + 2 * PER_SIDE + 2 * MORE_PER_SIDE,
            Reading::Race => Reading::Contact.inputs() + 2 * RACE_PER_SIDE,
        }
    }

    fn magic(self) -> &'static [u8; 8] {
        match self {
            Reading::Raw => b"HTBGNET1",
            Reading::Features => b"HTBGNET2",
            Reading::Contact => b"HTBGNET3",
            Reading::Race => b"HTBGNETR",
        }
    }
}

/// The five probabilities of [`OUTPUTS`], for the player who has just moved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Probabilities(pub [f32; OUTPUTS]);

impl Probabilities {
    pub fn win(&self) -> f32 {
        self.0[0]
    }

    /// The same estimate from the other player's side.
    pub fn flipped(&self) -> Probabilities {
        let [w, wg, wb, lg, lb] = self.0;
        Probabilities([1.0 - w, lg, lb, wg, wb])
    }

    /// Points won per game at a cube of 1, gammons and backgammons counted (cubeless money
    /// equity, −3 … 3).
    pub fn equity(&self) -> f32 {
        let [w, wg, wb, lg, lb] = self.consistent().0;
        2.0 * w - 1.0 + wg - lg + wb - lb
    }

    /// The probabilities made consistent: a backgammon is a gammon, a gammon is a win (or
    /// a loss).
    pub fn consistent(&self) -> Probabilities {
        let w = self.0[0].clamp(0.0, 1.0);
        let wg = self.0[1].clamp(0.0, w);
        let wb = self.0[2].clamp(0.0, wg);
        let lg = self.0[3].clamp(0.0, 1.0 - w);
        let lb = self.0[4].clamp(0.0, lg);
        Probabilities([w, wg, wb, lg, lb])
    }

    /// The exact result of a finished game for the player who has just moved and won it
    /// with `points` per cube (1 single, 2 gammon, 3 backgammon).
    pub fn won(points: u32) -> Probabilities {
        Probabilities([
            1.0,
            (points >= 2) as u8 as f32,
            (points >= 3) as u8 as f32,
            0.0,
            0.0,
        ])
    }
}

/// A position as the network reads it: its non-zero inputs.
#[derive(Debug, Clone)]
pub struct Inputs {
    pub items: Vec<(u16, f32)>,
}

/// The position `me` (who has just moved) against `them` (to roll), each from its own
/// side, read `reading`'s way.
pub fn encode_as(reading: Reading, me: &Side, them: &Side) -> Inputs {
    let mut items = Vec::with_capacity(96);
    for_each_read(reading, me, them, |i, v| items.push((i as u16, v)));
    Inputs { items }
}

/// The position `me` (who has just moved) against `them` (to roll), each from its own
/// side, as the raw inputs.
pub fn encode(me: &Side, them: &Side) -> Inputs {
    let mut items = Vec::with_capacity(72);
    for_each_input(me, them, |i, v| items.push((i as u16, v)));
    Inputs { items }
}

/// Every non-zero input of `me` against `them` as `reading` reads them, in order, to
/// `visit`: the raw inputs, then the features it adds.
fn for_each_read(reading: Reading, me: &Side, them: &Side, mut visit: impl FnMut(usize, f32)) {
    for_each_input(me, them, &mut visit);
    let mut features = |values: &mut dyn Iterator<Item = f32>| {
        for (i, v) in values.enumerate() {
            if v != 0.0 {
                visit(INPUTS + i, v);
            }
        }
    };
    match reading {
        Reading::Raw => {}
        Reading::Features => features(
            &mut side_features(me, them)
                .into_iter()
                .chain(side_features(them, me)),
        ),
        Reading::Contact | Reading::Race => {
            let ((mine, my_more), (theirs, their_more)) =
                (all_features(me, them), all_features(them, me));
            let race: Vec<f32> = match reading {
                Reading::Race => race_features(me)
                    .into_iter()
                    .chain(race_features(them))
                    .collect(),
                _ => Vec::new(),
            };
            features(
                &mut mine
                    .into_iter()
                    .chain(theirs)
                    .chain(my_more)
                    .chain(their_more)
                    .chain(race),
            )
        }
    }
}

/// The largest hidden layer [`Net::evaluate`] keeps on the stack.
const STACK_HIDDEN: usize = 512;

/// Every non-zero raw input of `me` against `them`, in order, to `visit`.
fn for_each_input(me: &Side, them: &Side, mut visit: impl FnMut(usize, f32)) {
    for (side, base) in [(me, 0usize), (them, 96usize)] {
        for (point, &n) in side[..24].iter().enumerate() {
            let at = base + 4 * point;
            if n >= 1 {
                visit(at, 1.0);
            }
            if n >= 2 {
                visit(at + 1, 1.0);
            }
            if n >= 3 {
                visit(at + 2, 1.0);
            }
            if n > 3 {
                visit(at + 3, (n - 3) as f32 / 2.0);
            }
        }
    }
    let extra = [
        me[BAR] as f32 / 2.0,
        them[BAR] as f32 / 2.0,
        borne_off(me) as f32 / 15.0,
        borne_off(them) as f32 / 15.0,
        pips(me) as f32 / 150.0,
        pips(them) as f32 / 150.0,
        contact(me, them) as u8 as f32,
    ];
    for (i, v) in extra.into_iter().enumerate() {
        if v != 0.0 {
            visit(192 + i, v);
        }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A network with one hidden layer of sigmoids and sigmoid outputs.
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    reading: Reading,
    hidden: usize,
    /// Input-major: the `hidden` weights of input 0, then of input 1, …
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Output-major: the `hidden` weights of output 0, then of output 1, …
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
}

/// The hidden layer's activations, kept for a training step.
pub struct Activations {
    pub hidden: Vec<f32>,
    pub out: Probabilities,
}

impl Net {
    /// A fresh network with small weights drawn from `rng` (uniform in ±0.1).
    pub fn random(reading: Reading, hidden: usize, rng: &mut impl rand::Rng) -> Net {
        let mut draw =
            |n: usize| -> Vec<f32> { (0..n).map(|_| rng.random_range(-0.1f32..0.1f32)).collect() };
        Net {
            reading,
            hidden,
            w1: draw(reading.inputs() * hidden),
            b1: draw(hidden),
            w2: draw(OUTPUTS * hidden),
            b2: [0.0; OUTPUTS],
        }
    }

    pub fn hidden(&self) -> usize {
        self.hidden
    }

    pub fn reading(&self) -> Reading {
        self.reading
    }

    /// This network reading `reading`'s further features too, at first ignoring them
    /// (their weights zero), so that training with them starts from what it knows. (Each
    /// reading is the one before it and more: raw, features, contact, race; so the rows
    /// line up; going back is no change.)
    pub fn reading_as(&self, reading: Reading) -> Net {
        let extends = matches!(
            (self.reading, reading),
            (Reading::Raw | Reading::Features, _) | (Reading::Contact, Reading::Race)
        );
        if !extends || reading.inputs() <= self.reading.inputs() {
            return self.clone();
        }
        let mut w1 = self.w1.clone();
        w1.resize(reading.inputs() * self.hidden, 0.0);
        Net {
            reading,
            w1,
            ..self.clone()
        }
    }

    /// This network with `hidden` hidden units, the new ones drawn small from `rng` and
    /// unheard by the outputs (their outgoing weights zero), so that it starts out reading
    /// every position exactly as before and training can put the new capacity to use.
    pub fn widened(&self, hidden: usize, rng: &mut impl rand::Rng) -> Net {
        if hidden <= self.hidden {
            return self.clone();
        }
        let (old, inputs) = (self.hidden, self.reading.inputs());
        let mut draw = || rng.random_range(-0.1f32..0.1f32);
        let mut w1 = Vec::with_capacity(inputs * hidden);
        for row in self.w1.chunks(old) {
            w1.extend_from_slice(row);
            w1.extend((old..hidden).map(|_| draw()));
        }
        let mut b1 = self.b1.clone();
        b1.extend((old..hidden).map(|_| draw()));
        let mut w2 = Vec::with_capacity(OUTPUTS * hidden);
        for row in self.w2.chunks(old) {
            w2.extend_from_slice(row);
            w2.resize(w2.len() + hidden - old, 0.0);
        }
        Net {
            reading: self.reading,
            hidden,
            w1,
            b1,
            w2,
            b2: self.b2,
        }
    }

    /// `me` (who has just moved) against `them` as this network reads it.
    pub fn encode(&self, me: &Side, them: &Side) -> Inputs {
        encode_as(self.reading, me, them)
    }

    pub fn activations(&self, inputs: &Inputs) -> Activations {
        let h = self.hidden;
        let mut hidden = self.b1.clone();
        for &(i, v) in &inputs.items {
            let row = &self.w1[i as usize * h..(i as usize + 1) * h];
            for (a, w) in hidden.iter_mut().zip(row) {
                *a += v * w;
            }
        }
        for a in hidden.iter_mut() {
            *a = sigmoid(*a);
        }
        let mut out = [0.0; OUTPUTS];
        for (k, o) in out.iter_mut().enumerate() {
            let row = &self.w2[k * h..(k + 1) * h];
            let sum: f32 = row.iter().zip(&hidden).map(|(w, a)| w * a).sum();
            *o = sigmoid(self.b2[k] + sum);
        }
        Activations {
            hidden,
            out: Probabilities(out),
        }
    }

    /// The five probabilities of `me` (who has just moved) against `them`.
    ///
    /// The droid reads millions of positions a move, so this path allocates nothing: it
    /// sums the same products in the same order as [`Net::activations`], and so gives
    /// bit for bit the same probabilities (a table's moves replay as they were chosen).
    pub fn evaluate(&self, me: &Side, them: &Side) -> Probabilities {
        if borne_off(me) == 15 {
            return Probabilities::won(1);
        }
        if self.hidden > STACK_HIDDEN {
            return self.activations(&self.encode(me, them)).out;
        }
        let mut hidden = [0.0f32; STACK_HIDDEN];
        let hidden = &mut hidden[..self.hidden];
        hidden.copy_from_slice(&self.b1);
        let mut add = |i: usize, v: f32| {
            let row = &self.w1[i * self.hidden..(i + 1) * self.hidden];
            for (a, w) in hidden.iter_mut().zip(row) {
                *a += v * w;
            }
        };
        for_each_read(self.reading, me, them, &mut add);
        for a in hidden.iter_mut() {
            *a = sigmoid(*a);
        }
        // The five sums side by side, each in the order `Iterator::sum` adds (from −0.0,
        // unit by unit), so the same bits: five independent chains of additions the
        // processor can overlap, rather than one long chain after another.
        let mut sums = [-0.0f32; OUTPUTS];
        for (j, a) in hidden.iter().enumerate() {
            for (k, s) in sums.iter_mut().enumerate() {
                *s += self.w2[k * self.hidden + j] * a;
            }
        }
        Probabilities(std::array::from_fn(|k| sigmoid(self.b2[k] + sums[k])))
    }

    /// One gradient step moving the outputs for `inputs` toward `target` (the cross-entropy
    /// gradient of sigmoid outputs, so the step is `rate × (target − output)`).
    pub fn learn(&mut self, inputs: &Inputs, target: &Probabilities, rate: f32) {
        let h = self.hidden;
        let act = self.activations(inputs);
        let mut delta_out = [0.0f32; OUTPUTS];
        for (k, d) in delta_out.iter_mut().enumerate() {
            *d = target.0[k] - act.out.0[k];
        }
        let mut delta_hidden = vec![0.0f32; h];
        for (j, dh) in delta_hidden.iter_mut().enumerate() {
            let back: f32 = (0..OUTPUTS)
                .map(|k| delta_out[k] * self.w2[k * h + j])
                .sum();
            let a = act.hidden[j];
            *dh = back * a * (1.0 - a);
        }
        for (k, d) in delta_out.iter().enumerate() {
            let row = &mut self.w2[k * h..(k + 1) * h];
            for (w, a) in row.iter_mut().zip(&act.hidden) {
                *w += rate * d * a;
            }
            self.b2[k] += rate * d;
        }
        for (b, d) in self.b1.iter_mut().zip(&delta_hidden) {
            *b += rate * d;
        }
        for &(i, v) in &inputs.items {
            let row = &mut self.w1[i as usize * h..(i as usize + 1) * h];
            for (w, d) in row.iter_mut().zip(&delta_hidden) {
                *w += rate * v * d;
            }
        }
    }

    /// The weights as the files in `assets/droid/` hold them: a magic naming the reading,
    /// the layer sizes, then every weight as a little-endian f32.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.reading.magic().to_vec();
        for n in [self.reading.inputs(), self.hidden, OUTPUTS] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        for w in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// Reads [`Net::to_bytes`]; says what is wrong with a file that is not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let (reading, body) = [
            Reading::Raw,
            Reading::Features,
            Reading::Contact,
            Reading::Race,
        ]
        .into_iter()
        .find_map(|r| Some((r, bytes.strip_prefix(r.magic().as_slice())?)))
        .ok_or("not a Holotable backgammon network (bad magic)")?;
        let want_inputs = reading.inputs();
        let size = |i: usize| -> Result<usize, String> {
            body.get(4 * i..4 * i + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
                .ok_or_else(|| "truncated header".to_string())
        };
        let (inputs, hidden, outputs) = (size(0)?, size(1)?, size(2)?);
        if inputs != want_inputs || outputs != OUTPUTS || hidden == 0 || hidden > 4096 {
            return Err(format!(
                "a {inputs}-{hidden}-{outputs} network, not {want_inputs}-h-{OUTPUTS}"
            ));
        }
        let floats: Vec<f32> = body[12..]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let want = want_inputs * hidden + hidden + OUTPUTS * hidden + OUTPUTS;
        if floats.len() != want || body[12..].len() % 4 != 0 {
            return Err(format!(
                "{} weights where a {want_inputs}-{hidden}-{OUTPUTS} network has {want}",
                floats.len()
            ));
        }
        if floats.iter().any(|w| !w.is_finite()) {
            return Err("a weight is not a finite number".into());
        }
        let (w1, rest) = floats.split_at(want_inputs * hidden);
        let (b1, rest) = rest.split_at(hidden);
        let (w2, b2) = rest.split_at(OUTPUTS * hidden);
        Ok(Net {
            reading,
            hidden,
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: b2.try_into().map_err(|_| "bad output biases".to_string())?,
        })
    }
}

/// A network compiled into the program, read once.
fn compiled(cell: &'static OnceLock<Net>, bytes: &'static [u8]) -> &'static Net {
    cell.get_or_init(|| {
        Net::from_bytes(bytes).expect("the shipped backgammon networks are well formed (tested)")
    })
}

/// The first network (raw inputs), which the droid's minds 1 and 2 read.
pub fn shipped() -> &'static Net {
    static NET: OnceLock<Net> = OnceLock::new();
    compiled(
        &NET,
        include_bytes!("../../../../assets/droid/backgammon.net"),
    )
}

/// The second network (contact features), which the droid's minds 3 and 4 read.
pub fn featured() -> &'static Net {
    static NET: OnceLock<Net> = OnceLock::new();
    compiled(
        &NET,
        include_bytes!("../../../../assets/droid/backgammon2.net"),
    )
}

/// The third network (further contact features), which the droid's minds from 5 on read.
pub fn third() -> &'static Net {
    static NET: OnceLock<Net> = OnceLock::new();
    compiled(
        &NET,
        include_bytes!("../../../../assets/droid/backgammon3.net"),
    )
}

/// The network the droid's `mind` reads.
pub fn network(mind: u16) -> &'static Net {
    match mind {
        5.. => third(),
        3 | 4 => featured(),
        _ => shipped(),
    }
}

#[cfg(test)]
#[path = "net_tests.rs"]
mod tests;
