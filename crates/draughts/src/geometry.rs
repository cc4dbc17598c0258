//! Squares and the shape of a board.
//!
//! The dark squares of an `n`×`n` board are stored in a padded layout: the square on file `f`
//! and rank `r` (both from 0, `a1` = (0, 0)) is bit `(r·(n+1) + f) / 2`. In that layout the four
//! diagonal neighbours are always `±n/2` and `±(n/2 + 1)` bits away, and a step off the left or
//! right edge lands on a padding bit, which is not part of the board's mask. This keeps every
//! direction a plain shift on any board size.

use crate::Bitboard;
use std::fmt;

/// A dark square, as a bit index in its board's padded layout. A square means nothing without
/// its [`Geometry`]: `c3` on 8×8 and `c3` on 10×10 are different indices.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// The bit index of the square.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.0)
    }
}

/// One of the four diagonal directions, seen from the first mover's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Direction {
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The direction pointing the other way.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
        }
    }
}

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseSquareError {
    /// Not of the form letter + number (`c3`) or a square number.
    Syntax(String),
    /// A file or rank beyond the board's edge.
    OffBoard(String),
    /// A light square, which is never used.
    LightSquare(String),
    /// A square number outside 1..=N for this board.
    NumberOutOfRange(String),
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSquareError::Syntax(s) => write!(f, "'{s}' is not a square (expected e.g. c3)"),
            ParseSquareError::OffBoard(s) => write!(f, "square '{s}' is off the board"),
            ParseSquareError::LightSquare(s) => {
                write!(
                    f,
                    "square '{s}' is a light square; only dark squares are used"
                )
            }
            ParseSquareError::NumberOutOfRange(s) => {
                write!(f, "square number '{s}' is out of range for this board")
            }
        }
    }
}

impl std::error::Error for ParseSquareError {}

/// The shape of a board: its size and the masks that the move generator needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Geometry {
    size: u8,
    squares: Bitboard,
    first_rank: Bitboard,
    last_rank: Bitboard,
    long_diagonal: Bitboard,
}

const fn build(size: u8) -> Geometry {
    let n = size as u32;
    let mut squares = 0u64;
    let mut first_rank = 0u64;
    let mut last_rank = 0u64;
    let mut long_diagonal = 0u64;
    let mut r = 0;
    while r < n {
        let mut f = 0;
        while f < n {
            if (f + r) % 2 == 0 {
                let bit = 1u64 << ((r * (n + 1) + f) / 2);
                squares |= bit;
                if r == 0 {
                    first_rank |= bit;
                }
                if r == n - 1 {
                    last_rank |= bit;
                }
                if r == f {
                    long_diagonal |= bit;
                }
            }
            f += 1;
        }
        r += 1;
    }
    Geometry {
        size,
        squares: Bitboard(squares),
        first_rank: Bitboard(first_rank),
        last_rank: Bitboard(last_rank),
        long_diagonal: Bitboard(long_diagonal),
    }
}

impl Geometry {
    /// The 8×8 board.
    pub const EIGHT: Geometry = build(8);
    /// The 10×10 board.
    pub const TEN: Geometry = build(10);

    /// Files (and ranks) of the board: 8 or 10.
    #[inline]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Number of dark squares.
    #[inline]
    pub const fn square_count(&self) -> u32 {
        self.squares.count()
    }

    /// Every dark square.
    #[inline]
    pub const fn squares(&self) -> Bitboard {
        self.squares
    }

    /// Rank 1, the first mover's back rank.
    #[inline]
    pub const fn first_rank(&self) -> Bitboard {
        self.first_rank
    }

    /// The last rank, the second mover's back rank.
    #[inline]
    pub const fn last_rank(&self) -> Bitboard {
        self.last_rank
    }

    /// The long diagonal from `a1` to the far corner.
    #[inline]
    pub const fn long_diagonal(&self) -> Bitboard {
        self.long_diagonal
    }

    /// Squares on the given rank, counted from 0.
    pub fn rank_mask(&self, rank: u8) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for file in 0..self.size {
            if let Some(sq) = self.square(file, rank) {
                bb.insert(sq);
            }
        }
        bb
    }

    /// The dark square on `file`, `rank` (from 0), if that is a dark square of this board.
    pub const fn square(&self, file: u8, rank: u8) -> Option<Square> {
        if file >= self.size || rank >= self.size || !(file + rank).is_multiple_of(2) {
            return None;
        }
        let n = self.size as u16;
        Some(Square(((rank as u16 * (n + 1) + file as u16) / 2) as u8))
    }

    /// Whether `sq` is a square of this board.
    #[inline]
    pub const fn contains(&self, sq: Square) -> bool {
        sq.0 < 64 && self.squares.contains(sq)
    }

    /// The rank of `sq`, from 0.
    #[inline]
    pub const fn rank(&self, sq: Square) -> u8 {
        (2 * sq.0 as u16 / (self.size as u16 + 1)) as u8
    }

    /// The file of `sq`, from 0.
    #[inline]
    pub const fn file(&self, sq: Square) -> u8 {
        let n = self.size as u16;
        (2 * sq.0 as u16 - self.rank(sq) as u16 * (n + 1)) as u8
    }

    /// Every square of `bb` moved one step in `dir`; steps off the board vanish.
    #[inline]
    pub const fn shift(&self, bb: Bitboard, dir: Direction) -> Bitboard {
        let half = self.size as u32 / 2;
        let moved = match dir {
            Direction::UpLeft => bb.0 << half,
            Direction::UpRight => bb.0 << (half + 1),
            Direction::DownLeft => bb.0 >> (half + 1),
            Direction::DownRight => bb.0 >> half,
        };
        Bitboard(moved & self.squares.0)
    }

    /// The neighbour of `sq` in `dir`, if it is on the board.
    #[inline]
    pub const fn step(&self, sq: Square, dir: Direction) -> Option<Square> {
        self.shift(Bitboard::from_square(sq), dir).first()
    }

    /// The algebraic name of `sq`, such as `c3`.
    pub fn name(&self, sq: Square) -> SquareName {
        SquareName {
            file: self.file(sq),
            rank: self.rank(sq),
        }
    }

    /// Parses an algebraic square name (`c3`, `j10`; case-insensitive).
    ///
    /// # Errors
    /// A [`ParseSquareError`] saying whether the text is malformed, off the board or a light
    /// square.
    pub fn parse_square(&self, text: &str) -> Result<Square, ParseSquareError> {
        let mut chars = text.chars();
        let file_char = chars
            .next()
            .ok_or_else(|| ParseSquareError::Syntax(text.into()))?;
        if !file_char.is_ascii_alphabetic() {
            return Err(ParseSquareError::Syntax(text.into()));
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseSquareError::Syntax(text.into()));
        }
        let file = file_char.to_ascii_lowercase() as u8 - b'a';
        let rank: u8 = digits
            .parse()
            .map_err(|_| ParseSquareError::Syntax(text.into()))?;
        if rank == 0 || file >= self.size || rank > self.size {
            return Err(ParseSquareError::OffBoard(text.into()));
        }
        self.square(file, rank - 1)
            .ok_or_else(|| ParseSquareError::LightSquare(text.into()))
    }
}

/// Displays a square as `c3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_has_expected_sizes_and_round_trips_names() {
        for g in [Geometry::EIGHT, Geometry::TEN] {
            let n = g.size();
            assert_eq!(g.square_count(), u32::from(n) * u32::from(n) / 2);
            for sq in g.squares() {
                let name = g.name(sq).to_string();
                assert_eq!(g.parse_square(&name), Ok(sq), "{name}");
            }
        }
        assert_eq!(Geometry::EIGHT.name(Square(0)).to_string(), "a1");
        assert_eq!(Geometry::TEN.parse_square("j10").map(|s| s.index()), Ok(54));
    }

    #[test]
    fn steps_off_the_edge_vanish() {
        let g = Geometry::EIGHT;
        let a1 = g.parse_square("a1").expect("a1");
        assert_eq!(g.step(a1, Direction::UpLeft), None);
        assert_eq!(g.step(a1, Direction::DownRight), None);
        assert_eq!(
            g.step(a1, Direction::UpRight)
                .map(|s| g.name(s).to_string()),
            Some("b2".into())
        );
        let h2 = g.parse_square("h2").expect("h2");
        assert_eq!(g.step(h2, Direction::UpRight), None);
        assert_eq!(
            g.step(h2, Direction::UpLeft).map(|s| g.name(s).to_string()),
            Some("g3".into())
        );
        let a3 = g.parse_square("a3").expect("a3");
        assert_eq!(g.step(a3, Direction::DownLeft), None);
    }

    #[test]
    fn bad_square_names_are_rejected_with_reason() {
        let g = Geometry::EIGHT;
        assert!(matches!(
            g.parse_square("a2"),
            Err(ParseSquareError::LightSquare(_))
        ));
        assert!(matches!(
            g.parse_square("i1"),
            Err(ParseSquareError::OffBoard(_))
        ));
        assert!(matches!(
            g.parse_square("a9"),
            Err(ParseSquareError::OffBoard(_))
        ));
        assert!(matches!(
            g.parse_square("3c"),
            Err(ParseSquareError::Syntax(_))
        ));
        assert!(matches!(
            g.parse_square(""),
            Err(ParseSquareError::Syntax(_))
        ));
        assert!(matches!(
            g.parse_square("é1"),
            Err(ParseSquareError::Syntax(_))
        ));
    }
}
