//! Perft: the number of leaf positions of the legal-move tree, to check move generation.

use crate::{MoveList, Position};

/// Counts the leaves of the legal-move tree of depth `depth` below `pos`, counting moves
/// without building them at the last ply. Moves that the FMJD convention treats as one (same
/// start, end and captured set) are counted once.
///
/// ```
/// use kingme_draughts::{perft, Position, Variant};
/// assert_eq!(perft(&Position::start(Variant::English), 3), 302);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut list = MoveList::new();
            pos.legal_moves_into(&mut list);
            list.iter()
                .map(|m| {
                    let mut next = *pos;
                    next.play_unchecked(m);
                    perft(&next, depth - 1)
                })
                .sum()
        }
    }
}

/// The perft count below each legal move, in move-generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(crate::Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut next = *pos;
            next.play_unchecked(m);
            (*m, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
