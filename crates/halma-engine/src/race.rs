//! The race alone: one player bringing its pieces across in as few moves as it can, the
//! others standing still; and, with more than 2 players, its first move in place of the
//! search's when the search finds it nearly as good.

use crate::eval::Evaluator;
use crate::search::pass_until_turn_of;
use crate::tables::Metric;
use kingme_engine_core::Clock;
use kingme_halma::{Move, Position};
use std::collections::HashSet;

/// How a search with more than 2 players weighs the race alone against its own best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Race {
    /// The beam width of the race alone.
    pub width: usize,
    /// How far below the search's best score, in tenths of a step, the race's first move may
    /// score and still be played.
    pub margin: i32,
}

impl Race {
    /// The measured setting: a plan over the player's next moves sees ladders that a search
    /// of 2 or 3 of its own moves does not, and the check by the search keeps it from walking
    /// into the others' way.
    pub const MEASURED: Race = Race {
        width: 100,
        margin: 30,
    };
}

/// A beam search for the fewest moves that bring the pieces of the player alone on the board
/// into the target camp: every move of the `width` most promising positions of one move
/// count is tried, and the `width` most promising of the results go on. Returns the moves
/// found (empty when the race is already won); `None` when the position is not a solo one or
/// no finish was found within the move limit.
pub fn solo_race(position: &Position, width: usize) -> Option<Vec<Move>> {
    if position.layout().seats.len() != 1 {
        return None;
    }
    race_alone(position, width)
}

/// [`solo_race`] for the side to move of any position, every other player passing: the
/// fewest moves (by a beam of `width`) that bring its pieces home if the others stood still.
/// `None` when no finish was found within the move limit.
pub fn race_alone(position: &Position, width: usize) -> Option<Vec<Move>> {
    race_until(position, width, None)
}

/// [`race_alone`], given up (`None`) once `deadline`'s clock reads past its time.
pub(crate) fn race_until(
    position: &Position,
    width: usize,
    deadline: Option<(&dyn Clock, f64)>,
) -> Option<Vec<Move>> {
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
        if deadline.is_some_and(|(clock, at)| clock.now_ms() >= at) {
            return None;
        }
        let mut next: Vec<(i32, u64, usize, Move, Position)> = Vec::new();
        for (i, (pos, _, _)) in last.iter().enumerate() {
            for m in pos.legal_moves() {
                let mut child = pos.after(m);
                pass_until_turn_of(&mut child, seat);
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
