//! Perft: the number of move sequences of a given length, counted with bulk counting at the
//! last ply. A pass counts as a move; a finished game has no moves.

use crate::moves::Move;
use crate::position::Position;

/// The number of leaves of the legal-move tree `depth` plies deep.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| perft(&pos.after(m), depth - 1))
            .sum(),
    }
}

/// [`perft`] below each legal move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.after(m), depth - 1)))
        .collect()
}
