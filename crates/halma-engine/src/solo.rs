//! The solo race: one player alone brings every piece across in as few moves as it can.

use crate::eval::Evaluator;
use crate::tables::Metric;
use kingme_halma::{Move, Position};
use std::collections::HashSet;

/// A beam search for the fewest moves that bring the pieces of the player alone on the board
/// into the target camp: every move of the `width` most promising positions of one move
/// count is tried, and the `width` most promising of the results go on. Returns the moves
/// found (empty when the race is already won); `None` when the position is not a solo one or
/// no finish was found within the move limit.
pub fn solo_race(position: &Position, width: usize) -> Option<Vec<Move>> {
    if position.layout().seats.len() != 1 {
        return None;
    }
    let seat = position.to_move();
    if position.finished().contains(seat) {
        return Some(Vec::new());
    }
    let eval = Evaluator::new(position, Metric::Axis);
    let width = width.max(1);
    let mut seen = HashSet::new();
    seen.insert(position.hash());
    // Each level: (position, index of the parent in the level before, the move from it).
    let mut levels: Vec<Vec<(Position, usize, Move)>> = vec![vec![(*position, 0, Move::PASS)]];
    while let Some(last) = levels.last() {
        if last.is_empty() || levels.len() > kingme_halma::MOVE_LIMIT as usize {
            return None;
        }
        let mut next: Vec<(i32, u64, usize, Move, Position)> = Vec::new();
        for (i, (pos, _, _)) in last.iter().enumerate() {
            for m in pos.legal_moves() {
                let child = pos.after(m);
                if child.finished().contains(seat) {
                    let mut moves = vec![m];
                    let mut at = i;
                    for level in levels[1..].iter().rev() {
                        let (_, parent, how) = level[at];
                        moves.push(how);
                        at = parent;
                    }
                    moves.reverse();
                    return Some(moves);
                }
                if child.is_over() || !seen.insert(child.hash()) {
                    continue;
                }
                next.push((eval.cost(&child, seat), child.hash(), i, m, child));
            }
        }
        next.sort_unstable_by_key(|e| (e.0, e.1));
        next.truncate(width);
        levels.push(next.into_iter().map(|(_, _, i, m, p)| (p, i, m)).collect());
    }
    None
}
