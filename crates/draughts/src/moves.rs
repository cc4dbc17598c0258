//! Moves and move lists.

use crate::{Bitboard, Square};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};

/// The most landings a move can have: one per captured piece, and a side has at most 20 pieces
/// (10×10); a quiet move has one.
pub const MAX_LANDINGS: usize = 20;

/// A move: its starting square, every landing square in order, and the set of captured pieces.
///
/// Two moves are equal when they start and end on the same squares, capture the same set of
/// pieces and crown alike, whatever route joins them (the FMJD convention: such routes are one
/// move). [`Move::path`] keeps the route the generator found first.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    captured: Bitboard,
    from: Square,
    len: u8,
    promotes: bool,
    path: [Square; MAX_LANDINGS],
}

impl Move {
    pub(crate) const fn new(
        from: Square,
        path: [Square; MAX_LANDINGS],
        len: u8,
        captured: Bitboard,
        promotes: bool,
    ) -> Move {
        Move {
            captured,
            from,
            len,
            promotes,
            path,
        }
    }

    pub(crate) const fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        let mut path = [Square::new_unchecked(0); MAX_LANDINGS];
        path[0] = to;
        Move {
            captured: Bitboard::EMPTY,
            from,
            len: 1,
            promotes,
            path,
        }
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The square the piece ends on.
    #[inline]
    pub const fn to(&self) -> Square {
        self.path[self.len as usize - 1]
    }

    /// Every landing square in order, ending with [`Move::to`].
    #[inline]
    pub fn landings(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// The captured pieces' squares.
    #[inline]
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        self.captured.non_empty()
    }

    /// Whether a man is crowned by this move.
    #[inline]
    pub const fn promotes(&self) -> bool {
        self.promotes
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to() == other.to()
            && self.captured == other.captured
            && self.promotes == other.promotes
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.to().hash(state);
        self.captured.hash(state);
        self.promotes.hash(state);
    }
}

/// Legal moves of a position. Held on the stack up to 128 moves: a position without captures
/// has at most 4 king moves into each empty square (one from each direction) and 2 man moves,
/// which bounds quiet moves well below that on 8×8, and in every position met in play on
/// 10×10; contrived positions with more spill to the heap rather than lose a move.
pub type MoveList = SmallVec<[Move; 128]>;
