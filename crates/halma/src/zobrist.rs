//! Zobrist keys: a 64-bit hash of the pieces and the seat to move.

use std::sync::OnceLock;

struct Keys {
    piece: [[u64; 256]; 6],
    to_move: [u64; 6],
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut state = 0x4841_4c4d_415f_4b45u64;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut piece = [[0; 256]; 6];
        for seat in piece.iter_mut() {
            for k in seat.iter_mut() {
                *k = next();
            }
        }
        let to_move = [(); 6].map(|_| next());
        Keys { piece, to_move }
    })
}

/// The key of a piece of the seat with index `seat` (0–5) on point index `point`.
#[inline]
pub fn piece(seat: usize, point: usize) -> u64 {
    keys().piece[seat][point]
}

/// The key of the seat with index `seat` (0–5) being to move.
#[inline]
pub fn to_move(seat: usize) -> u64 {
    keys().to_move[seat]
}
