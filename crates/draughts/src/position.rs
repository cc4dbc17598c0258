//! Positions: a validated arrangement of pieces with the side to move.

use crate::movegen;
use crate::zobrist;
use crate::{Bitboard, Color, Move, MoveList, RuleSet, Square, Variant};
use std::fmt;

/// A not necessarily legal arrangement of pieces: what a FEN says, before it is checked against
/// a variant's rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Setup {
    /// White's pieces, then Black's.
    pub pieces: [Bitboard; 2],
    /// Which pieces are kings.
    pub kings: Bitboard,
    /// The side to move; `None` means the variant's first mover.
    pub turn: Option<Color>,
}

/// Why a [`Setup`] is not a legal position of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square that the board does not have.
    SquareOffBoard(u8),
    /// Both colours on one square.
    Overlap(String),
    /// A king flag on an empty square.
    KingOnEmptySquare(String),
    /// A man on the rank where it would have been crowned.
    ManOnCrowningRank(String),
    /// More pieces than a side starts with.
    TooManyPieces { color: Color, count: u32, max: u32 },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::SquareOffBoard(i) => write!(f, "square index {i} is not on the board"),
            PositionError::Overlap(s) => {
                write!(f, "square {s} holds both a white and a black piece")
            }
            PositionError::KingOnEmptySquare(s) => {
                write!(f, "square {s} is marked king but is empty")
            }
            PositionError::ManOnCrowningRank(s) => {
                write!(
                    f,
                    "man on {s} stands on its crowning rank and should be a king"
                )
            }
            PositionError::TooManyPieces { color, count, max } => {
                write!(f, "{color} has {count} pieces; at most {max} are possible")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A legal position of one variant: pieces, kings and the side to move, with its Zobrist key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    variant: Variant,
    turn: Color,
    pieces: [Bitboard; 2],
    kings: Bitboard,
    hash: u64,
}

impl Position {
    /// The starting position of `variant`.
    ///
    /// ```
    /// use kingme_draughts::{Position, Variant};
    /// let pos = Position::start(Variant::International);
    /// assert_eq!(pos.legal_moves().len(), 9);
    /// ```
    pub fn start(variant: Variant) -> Position {
        let rules = variant.rules();
        let g = rules.geometry;
        let rows = rules.starting_rows;
        let mut low = Bitboard::EMPTY;
        let mut high = Bitboard::EMPTY;
        for r in 0..rows {
            low |= g.rank_mask(r);
            high |= g.rank_mask(g.size() - 1 - r);
        }
        let mut pieces = [Bitboard::EMPTY; 2];
        pieces[rules.first_mover.index()] = low;
        pieces[(!rules.first_mover).index()] = high;
        Position::from_parts(variant, rules.first_mover, pieces, Bitboard::EMPTY)
    }

    /// Checks `setup` against the rules of `variant`.
    ///
    /// # Errors
    /// A [`PositionError`] naming the first problem found.
    pub fn from_setup(variant: Variant, setup: &Setup) -> Result<Position, PositionError> {
        let rules = variant.rules();
        let g = rules.geometry;
        let [white, black] = setup.pieces;
        let all = white | black;
        if let Some(off) = (all & !g.squares()).first() {
            return Err(PositionError::SquareOffBoard(off.index()));
        }
        if let Some(sq) = (white & black).first() {
            return Err(PositionError::Overlap(g.name(sq).to_string()));
        }
        if let Some(sq) = (setup.kings & !all).first() {
            return Err(PositionError::KingOnEmptySquare(g.name(sq).to_string()));
        }
        let max = u32::from(rules.starting_rows) * u32::from(g.size()) / 2;
        for color in Color::ALL {
            let men = setup.pieces[color.index()] & !setup.kings;
            if let Some(sq) = (men & crowning_rank(&rules, color)).first() {
                return Err(PositionError::ManOnCrowningRank(g.name(sq).to_string()));
            }
            let count = setup.pieces[color.index()].count();
            if count > max {
                return Err(PositionError::TooManyPieces { color, count, max });
            }
        }
        let turn = setup.turn.unwrap_or(rules.first_mover);
        Ok(Position::from_parts(
            variant,
            turn,
            setup.pieces,
            setup.kings,
        ))
    }

    fn from_parts(
        variant: Variant,
        turn: Color,
        pieces: [Bitboard; 2],
        kings: Bitboard,
    ) -> Position {
        let mut hash = if turn == Color::Black {
            zobrist::SIDE_KEY
        } else {
            0
        };
        for color in Color::ALL {
            for sq in pieces[color.index()] {
                hash ^= zobrist::piece_key(color, kings.contains(sq), sq);
            }
        }
        Position {
            variant,
            turn,
            pieces,
            kings,
            hash,
        }
    }

    /// The position as a [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup {
            pieces: self.pieces,
            kings: self.kings,
            turn: Some(self.turn),
        }
    }

    /// The variant whose rules this position follows.
    #[inline]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// All pieces of `color`.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// Every piece of both sides.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// Every king of both sides.
    #[inline]
    pub const fn all_kings(&self) -> Bitboard {
        self.kings
    }

    /// The kings of `color`.
    #[inline]
    pub fn kings(&self, color: Color) -> Bitboard {
        self.pieces[color.index()] & self.kings
    }

    /// The men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> Bitboard {
        self.pieces[color.index()] & !self.kings
    }

    /// The Zobrist key: equal positions (same pieces, same side to move) have equal keys.
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, bool)> {
        Color::ALL
            .into_iter()
            .find(|c| self.pieces[c.index()].contains(sq))
            .map(|c| (c, self.kings.contains(sq)))
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        movegen::legal_moves(self, &mut list);
        list
    }

    /// Appends every legal move to `list`, which must be empty.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        movegen::legal_moves(self, list);
    }

    /// The number of legal moves, counted without building the quiet ones.
    pub fn count_legal_moves(&self) -> u64 {
        movegen::count_legal_moves(self)
    }

    /// Whether the side to move must capture.
    pub fn must_capture(&self) -> bool {
        movegen::has_capture(self)
    }

    /// Whether the side to move has no legal move (and so has lost).
    pub fn is_lost(&self) -> bool {
        self.count_legal_moves() == 0
    }

    /// Plays `m`, which must be one of [`Position::legal_moves`]. Playing anything else leaves a
    /// position that no game can reach; use [`crate::Game::play`] for checked play.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let was_king = self.kings.contains(from);
        let becomes_king = was_king || m.promotes();
        let mut hash = self.hash ^ zobrist::SIDE_KEY;
        hash ^= zobrist::piece_key(us, was_king, from);
        hash ^= zobrist::piece_key(us, becomes_king, to);
        self.pieces[us.index()].remove(from);
        self.kings.remove(from);
        for sq in m.captured() {
            hash ^= zobrist::piece_key(them, self.kings.contains(sq), sq);
        }
        self.pieces[them.index()] &= !m.captured();
        self.kings &= !m.captured();
        self.pieces[us.index()].insert(to);
        if becomes_king {
            self.kings.insert(to);
        }
        self.turn = them;
        self.hash = hash;
    }

    /// Passes the turn without moving: for null-move search and analysis only.
    pub fn pass_unchecked(&mut self) {
        self.turn = !self.turn;
        self.hash ^= zobrist::SIDE_KEY;
    }

    /// The square on the crowning rank of `color` in this variant.
    pub fn crowning_rank(&self, color: Color) -> Bitboard {
        crowning_rank(&self.variant.rules(), color)
    }
}

pub(crate) fn crowning_rank(rules: &RuleSet, color: Color) -> Bitboard {
    if color == rules.first_mover {
        rules.geometry.last_rank()
    } else {
        rules.geometry.first_rank()
    }
}
