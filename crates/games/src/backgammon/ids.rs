//! GNU Backgammon's Position ID and Match ID (BG-6), bit for bit as gnubg 1.07 writes them.
//!
//! Position ID: an 80-bit key listing, for the player *not* on roll and then the player on
//! roll, each of its 25 places (points 1–24, then the bar) as that many 1 bits followed by a
//! 0 bit; bits fill bytes from the least significant end; base64 without padding (14
//! characters).
//!
//! Match ID: 66 bits, least significant first — cube value as log2 (4), cube owner (2: player
//! 0, 1, or 3 = centred), player on roll (1), Crawford game (1), game state (3), player to
//! decide (1), double offered (1), resignation offered (2), the two dice (3 + 3, higher die
//! first), match length (15), scores of players 0 and 1 (15 + 15), then bit 66 set when the
//! Jacoby rule is *off* (always, in match play). Base64 of 9 bytes (12 characters). Bit 67 is
//! Holotable's (see [`MatchInfo::rolling`]).

use base64::engine::general_purpose::STANDARD_NO_PAD;
use base64::Engine;

use super::board::{Side, CHECKERS};

/// Encodes the Position ID of `not_on_roll` and `on_roll`, each from its own side.
pub fn position_id(not_on_roll: &Side, on_roll: &Side) -> String {
    STANDARD_NO_PAD.encode(position_key(not_on_roll, on_roll))
}

/// The Position ID's 80-bit key itself (10 bytes): what a file of many positions stores.
pub fn position_key(not_on_roll: &Side, on_roll: &Side) -> [u8; 10] {
    let mut bytes = [0u8; 10];
    let mut bit = 0usize;
    for side in [not_on_roll, on_roll] {
        for &n in side.iter() {
            for _ in 0..n {
                if bit < 80 {
                    bytes[bit / 8] |= 1 << (bit % 8);
                }
                bit += 1;
            }
            bit += 1;
        }
    }
    bytes
}

/// Decodes a Position ID into (not on roll, on roll).
pub fn parse_position_id(text: &str) -> Result<(Side, Side), String> {
    let text = text.trim();
    if text.len() != 14 {
        return Err(format!(
            "a Position ID has 14 characters, '{text}' has {}",
            text.len()
        ));
    }
    let bytes = STANDARD_NO_PAD
        .decode(text)
        .map_err(|_| format!("'{text}' is not a Position ID (base64 expected)"))?;
    parse_position_key(&bytes).map_err(|e| format!("Position ID '{text}' {e}"))
}

/// Decodes a Position ID's key (see [`position_key`]) into (not on roll, on roll).
pub fn parse_position_key(bytes: &[u8]) -> Result<(Side, Side), String> {
    if bytes.len() != 10 {
        return Err(format!("has {} bytes, not 10", bytes.len()));
    }
    let mut sides = [[0u8; 25]; 2];
    let (mut side, mut place) = (0usize, 0usize);
    for bit in 0..80 {
        if side == 2 {
            break;
        }
        if bytes[bit / 8] & (1 << (bit % 8)) != 0 {
            sides[side][place] += 1;
            if sides[side].iter().sum::<u8>() > CHECKERS {
                return Err("gives a player more than 15 checkers".into());
            }
        } else {
            place += 1;
            if place == 25 {
                side += 1;
                place = 0;
            }
        }
    }
    if side < 2 {
        return Err("is incomplete".into());
    }
    Ok((sides[0], sides[1]))
}

/// Who holds the cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeOwner {
    Centred,
    Player(u8),
}

/// Where a game stands (gnubg's game state field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameState {
    /// No game started yet.
    None,
    Playing,
    /// Ended by bearing off.
    Over,
    /// Ended by an accepted resignation.
    Resigned,
    /// Ended by a dropped double.
    Dropped,
}

impl GameState {
    fn code(self) -> u64 {
        match self {
            GameState::None => 0,
            GameState::Playing => 1,
            GameState::Over => 2,
            GameState::Resigned => 3,
            GameState::Dropped => 4,
        }
    }

    fn from_code(code: u64) -> Option<GameState> {
        Some(match code {
            0 => GameState::None,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            _ => return None,
        })
    }
}

/// Everything a Match ID says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchInfo {
    /// log2 of the cube value (0 = cube at 1).
    pub cube_log: u8,
    pub cube_owner: CubeOwner,
    /// The player on roll (gnubg's index 0 or 1).
    pub on_roll: u8,
    pub crawford: bool,
    pub game: GameState,
    /// The player who decides now (differs from `on_roll` after a double or resignation
    /// offer).
    pub turn: u8,
    pub double_offered: bool,
    /// 0 none, 1 single, 2 gammon, 3 backgammon.
    pub resignation: u8,
    /// The dice, higher first; (0, 0) when not rolled.
    pub dice: (u8, u8),
    /// 0 for a money game.
    pub length: u16,
    pub score: [u16; 2],
    /// The Jacoby rule (money games only: gammons count single until the cube is turned).
    /// gnubg writes its negation in bit 66, which is why its match IDs end in `E`.
    pub jacoby: bool,
    /// Holotable's own bit 67, never set by gnubg: the player on roll has chosen to roll
    /// rather than double, and the dice are about to fall (a position that lasts no time in
    /// gnubg but is a chance node here).
    pub rolling: bool,
}

impl MatchInfo {
    /// A match of `length` points (0: a money game) before its first game: cube at 1 in
    /// the middle, 0–0, no dice, no Jacoby rule.
    pub fn new(length: u16) -> MatchInfo {
        MatchInfo {
            cube_log: 0,
            cube_owner: CubeOwner::Centred,
            on_roll: 0,
            crawford: false,
            game: GameState::None,
            turn: 0,
            double_offered: false,
            resignation: 0,
            dice: (0, 0),
            length,
            score: [0, 0],
            jacoby: false,
            rolling: false,
        }
    }
}

/// Encodes a Match ID.
pub fn match_id(m: &MatchInfo) -> String {
    let (hi, lo) = if m.dice.0 >= m.dice.1 {
        m.dice
    } else {
        (m.dice.1, m.dice.0)
    };
    let owner = match m.cube_owner {
        CubeOwner::Centred => 3,
        CubeOwner::Player(p) => p as u128 & 1,
    };
    let fields: [(u128, u32); 15] = [
        (m.cube_log as u128, 4),
        (owner, 2),
        (m.on_roll as u128 & 1, 1),
        (m.crawford as u128, 1),
        (m.game.code() as u128, 3),
        (m.turn as u128 & 1, 1),
        (m.double_offered as u128, 1),
        (m.resignation as u128 & 3, 2),
        (hi as u128, 3),
        (lo as u128, 3),
        (m.length as u128, 15),
        (m.score[0] as u128, 15),
        (m.score[1] as u128, 15),
        (!m.jacoby as u128, 1),
        (m.rolling as u128, 1),
    ];
    let mut bits: u128 = 0;
    let mut at = 0;
    for (value, width) in fields {
        bits |= (value & ((1 << width) - 1)) << at;
        at += width;
    }
    let bytes: Vec<u8> = (0..9).map(|i| (bits >> (8 * i)) as u8).collect();
    STANDARD_NO_PAD.encode(bytes)
}

/// Decodes a Match ID, refusing values no game can have.
pub fn parse_match_id(text: &str) -> Result<MatchInfo, String> {
    let text = text.trim();
    if text.len() != 12 {
        return Err(format!(
            "a Match ID has 12 characters, '{text}' has {}",
            text.len()
        ));
    }
    let bytes = STANDARD_NO_PAD
        .decode(text)
        .map_err(|_| format!("'{text}' is not a Match ID (base64 expected)"))?;
    let bits = bytes
        .iter()
        .enumerate()
        .fold(0u128, |acc, (i, &b)| acc | (b as u128) << (8 * i));
    let mut at = 0;
    let mut take = |width: u32| {
        let v = (bits >> at) & ((1 << width) - 1);
        at += width;
        v as u64
    };
    let cube_log = take(4) as u8;
    let owner = take(2);
    let on_roll = take(1) as u8;
    let crawford = take(1) == 1;
    let game = take(3);
    let turn = take(1) as u8;
    let double_offered = take(1) == 1;
    let resignation = take(2) as u8;
    let hi = take(3) as u8;
    let lo = take(3) as u8;
    let length = take(15) as u16;
    let score = [take(15) as u16, take(15) as u16];
    let jacoby = take(1) == 0;
    let rolling = take(1) == 1;
    let bad = |why: &str| Err(format!("Match ID '{text}': {why}"));
    if cube_log > 6 {
        return bad("the cube goes up to 64");
    }
    let cube_owner = match owner {
        0 | 1 => CubeOwner::Player(owner as u8),
        3 => CubeOwner::Centred,
        _ => return bad("unknown cube owner"),
    };
    let Some(game) = GameState::from_code(game) else {
        return bad("unknown game state");
    };
    if hi > 6 || lo > 6 || (hi == 0) != (lo == 0) {
        return bad("dice must be 1–6, or both 0 when not rolled");
    }
    if length > 64 {
        return bad("match length over 64");
    }
    Ok(MatchInfo {
        cube_log,
        cube_owner,
        on_roll,
        crawford,
        game,
        turn,
        double_offered,
        resignation,
        dice: if hi >= lo { (hi, lo) } else { (lo, hi) },
        length,
        score,
        jacoby,
        rolling,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::board::start_side;

    #[test]
    fn the_start_position_id_is_gnubgs() {
        // BG-1.1
        assert_eq!(position_id(&start_side(), &start_side()), "4HPwATDgc/ABMA");
        let (a, b) = parse_position_id("4HPwATDgc/ABMA").unwrap();
        assert_eq!((a, b), (start_side(), start_side()));
    }

    proptest::proptest! {
        /// Any two sides of at most 15 checkers each come back from their key as they
        /// went in, and any ten bytes read as a key give sides of at most 15 checkers or
        /// a clear refusal, never a panic.
        #[test]
        fn keys_round_trip(
            places in proptest::collection::vec((0usize..25, 0usize..25), 0..=15),
            others in proptest::collection::vec((0usize..25, 0usize..25), 0..=15),
            noise in proptest::array::uniform10(proptest::prelude::any::<u8>()),
        ) {
            let side = |places: &[(usize, usize)]| {
                let mut side = [0u8; 25];
                for &(a, _) in places {
                    side[a] += 1;
                }
                side
            };
            let (a, b) = (side(&places), side(&others));
            proptest::prop_assert_eq!(parse_position_key(&position_key(&a, &b)), Ok((a, b)));
            if let Ok((x, y)) = parse_position_key(&noise) {
                proptest::prop_assert!(x.iter().sum::<u8>() <= CHECKERS);
                proptest::prop_assert!(y.iter().sum::<u8>() <= CHECKERS);
            }
        }
    }
}
