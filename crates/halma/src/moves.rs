//! Moves: a start and an end point.

use crate::points::Point;
use smallvec::SmallVec;

/// A move, identified by its start and end point (two chains between the same points are the
/// same move). A pass is the one move that starts where it ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Move {
    from: Point,
    to: Point,
}

impl Move {
    /// The turn of a player without a legal move.
    pub const PASS: Move = Move {
        from: Point(0),
        to: Point(0),
    };

    pub const fn new(from: Point, to: Point) -> Move {
        Move { from, to }
    }

    pub const fn from(self) -> Point {
        self.from
    }

    pub const fn to(self) -> Point {
        self.to
    }

    pub const fn is_pass(self) -> bool {
        self.from.0 == self.to.0
    }
}

/// The legal moves of a position. Stays on the stack up to 256 moves, more than any start or
/// game position we have seen on the largest board (16×16 with four players: about 150).
pub type MoveList = SmallVec<[Move; 256]>;

/// A hop path: the start, then every landing.
pub type Path = SmallVec<[Point; 16]>;
