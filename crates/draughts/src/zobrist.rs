//! Zobrist hashing: a 64-bit key per position, updated move by move.

use crate::{Color, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Keys for (colour, is king) × square, indexed `[color * 2 + king][square]`.
const PIECE_KEYS: [[u64; 64]; 4] = {
    let mut keys = [[0u64; 64]; 4];
    let mut state = 0x6B69_6E67_6D65_u64; // "kingme"
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (next, value) = splitmix64(state);
            state = next;
            keys[kind][sq] = value;
            sq += 1;
        }
        kind += 1;
    }
    keys
};

/// Toggled when the side to move changes.
pub const SIDE_KEY: u64 = splitmix64(0x5349_4445).1;

/// The key of a piece of `color` on `sq`.
#[inline]
pub const fn piece_key(color: Color, king: bool, sq: Square) -> u64 {
    PIECE_KEYS[color.index() * 2 + king as usize][sq.index() as usize]
}
