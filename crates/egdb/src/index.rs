//! Material signatures and the perfect index of the positions of one signature.
//!
//! Positions are stored from the side to move's view, turned so that the side to move is the
//! variant's first mover: a position with the second mover to move is the board turned by
//! 180° with the colours swapped, and the rules of every variant are the same under that
//! symmetry (the men of the first mover move up, the others down). This halves the tables.
//!
//! Squares are numbered densely from 0 (`a1`) in the board's order, rank by rank; turning the
//! board maps square `d` to `S − 1 − d` (`S` squares). The index of a position orders its pieces
//! as: the men of the side to move (those on its own back rank, then the others: they may not
//! stand on the far rank), the other side's men (not on their own crowning rank, which is the
//! first rank, nor on a square taken), then the kings of the side to move, then the other
//! side's kings, on the squares still free. Each group is ranked as a combination in the
//! colexicographic order of its free squares, so every index of `0..size` is exactly one
//! placement and every placement has one index.

use kingme_draughts::{Bitboard, Color, Position, Setup, Variant};
use std::fmt;
use std::str::FromStr;

/// The pieces of one side: men and kings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Material {
    pub men: u8,
    pub kings: u8,
}

impl Material {
    /// Men and kings together.
    pub const fn count(self) -> u32 {
        self.men as u32 + self.kings as u32
    }
}

/// The material on the board: the side to move's, then the other side's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Signature {
    pub to_move: Material,
    pub other: Material,
}

impl Signature {
    /// `men, kings` of the side to move, then of the other side.
    pub const fn new(men: u8, kings: u8, other_men: u8, other_kings: u8) -> Signature {
        Signature {
            to_move: Material { men, kings },
            other: Material {
                men: other_men,
                kings: other_kings,
            },
        }
    }

    /// The material of `pos`.
    pub fn of(pos: &Position) -> Signature {
        let us = pos.turn();
        Signature::new(
            pos.men(us).count() as u8,
            pos.kings(us).count() as u8,
            pos.men(!us).count() as u8,
            pos.kings(!us).count() as u8,
        )
    }

    /// Every piece on the board.
    pub const fn pieces(self) -> u32 {
        self.to_move.count() + self.other.count()
    }

    /// The same material with the other side to move.
    pub const fn swapped(self) -> Signature {
        Signature {
            to_move: self.other,
            other: self.to_move,
        }
    }

    /// The number of positions of this signature in `variant` (the size of its index).
    pub fn size(self, variant: Variant) -> u64 {
        let board = Board::of(variant);
        (0..=self.to_move.men)
            .map(|j| board.parts(self, u32::from(j)).iter().product::<u64>())
            .sum()
    }

    /// Every signature a game can reach from this one, this one included, with either side to
    /// move: pieces are only lost, and men only become kings. Signatures with a side without
    /// pieces are left out (the game is over there).
    pub fn reachable(self) -> Vec<Signature> {
        let mut out = Vec::new();
        let sides = |m: Material| {
            let mut v = Vec::new();
            for men in 0..=m.men {
                for kings in 0..=(m.count() - u32::from(men)) as u8 {
                    if men + kings > 0 {
                        v.push(Material { men, kings });
                    }
                }
            }
            v
        };
        for a in sides(self.to_move) {
            for b in sides(self.other) {
                let s = Signature {
                    to_move: a,
                    other: b,
                };
                out.push(s);
                out.push(s.swapped());
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The four counts as bytes, as in file headers.
    pub const fn to_bytes(self) -> [u8; 4] {
        [
            self.to_move.men,
            self.to_move.kings,
            self.other.men,
            self.other.kings,
        ]
    }

    /// The signature of four counts.
    pub const fn from_bytes(b: [u8; 4]) -> Signature {
        Signature::new(b[0], b[1], b[2], b[3])
    }
}

/// Written as four digits: men and kings of the side to move, then of the other side
/// (`0201`: two kings to move against one king).
impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.to_bytes();
        write!(f, "{a}{b}{c}{d}")
    }
}

/// A text that is not four digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSignatureError(pub String);

impl fmt::Display for ParseSignatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a material signature (expected four digits: men and kings to move, then men and kings of the other side, e.g. 0201)",
            self.0
        )
    }
}

impl std::error::Error for ParseSignatureError {}

impl FromStr for Signature {
    type Err = ParseSignatureError;

    fn from_str(s: &str) -> Result<Signature, ParseSignatureError> {
        let digits: Vec<u8> = s.bytes().collect();
        if digits.len() != 4 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(ParseSignatureError(s.into()));
        }
        Ok(Signature::new(
            digits[0] - b'0',
            digits[1] - b'0',
            digits[2] - b'0',
            digits[3] - b'0',
        ))
    }
}

const MAX_K: usize = 24;

/// Pascal's triangle up to 64, built on first use (computed rather than stored as data, which
/// would add 13 KB to the browser's download).
fn binomials() -> &'static [[u64; MAX_K + 1]; 65] {
    static TABLE: std::sync::OnceLock<[[u64; MAX_K + 1]; 65]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u64; MAX_K + 1]; 65];
        for n in 0..65 {
            t[n][0] = 1;
            for k in 1..=MAX_K.min(n) {
                t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            }
        }
        t
    })
}

/// `n` choose `k` (0 when `k > n`).
#[inline]
fn choose(n: u32, k: u32) -> u64 {
    if k > n || k as usize > MAX_K {
        0
    } else {
        binomials()[n as usize][k as usize]
    }
}

/// The colexicographic rank of `set` among the subsets of `avail` of its size.
#[inline]
fn rank_in(set: u64, avail: u64) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    let mut rest = set;
    while rest != 0 {
        let d = rest.trailing_zeros();
        let below = avail & ((1u64 << d) - 1);
        rank += choose(below.count_ones(), i);
        i += 1;
        rest &= rest - 1;
    }
    rank
}

/// The `p`-th square (from 0) of `avail`.
#[inline]
fn select(mut avail: u64, p: u32) -> u64 {
    for _ in 0..p {
        avail &= avail - 1;
    }
    avail & avail.wrapping_neg()
}

/// The subset of `avail` with `k` squares and colexicographic rank `rank`.
fn unrank_in(mut rank: u64, k: u32, avail: u64) -> u64 {
    let mut set = 0;
    for i in (1..=k).rev() {
        let mut p = i - 1;
        while choose(p + 1, i) <= rank {
            p += 1;
        }
        rank -= choose(p, i);
        set |= select(avail, p);
    }
    set
}

/// A position in dense squares, turned so that the side to move is the first mover.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Dense {
    pub men: u64,
    pub kings: u64,
    pub other_men: u64,
    pub other_kings: u64,
}

/// The board of a variant in dense squares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    variant: Variant,
    first_mover: Color,
    squares: u32,
    half: u32,
    /// The bit of the padded layout of each dense square.
    bit_of: [u8; 64],
    /// The dense square of each bit of the padded layout.
    dense_of: [u8; 64],
}

impl Board {
    pub fn of(variant: Variant) -> Board {
        let rules = variant.rules();
        let g = rules.geometry;
        let mut bit_of = [0u8; 64];
        let mut dense_of = [0u8; 64];
        for (d, sq) in g.squares().enumerate() {
            bit_of[d] = sq.index();
            dense_of[sq.index() as usize] = d as u8;
        }
        Board {
            variant,
            first_mover: rules.first_mover,
            squares: g.square_count(),
            half: u32::from(g.size()) / 2,
            bit_of,
            dense_of,
        }
    }

    fn all(&self) -> u64 {
        (1u64 << self.squares) - 1
    }

    fn first(&self) -> u64 {
        (1u64 << self.half) - 1
    }

    fn last(&self) -> u64 {
        self.first() << (self.squares - self.half)
    }

    fn middle(&self) -> u64 {
        self.all() & !self.first() & !self.last()
    }

    fn dense_set(&self, bb: Bitboard) -> u64 {
        bb.fold(0, |acc, sq| acc | 1 << self.dense_of[sq.index() as usize])
    }

    fn bitboard_of(&self, mut dense: u64) -> Bitboard {
        let mut bb = 0u64;
        while dense != 0 {
            bb |= 1 << self.bit_of[dense.trailing_zeros() as usize];
            dense &= dense - 1;
        }
        Bitboard(bb)
    }

    fn turn(&self, dense: u64) -> u64 {
        dense.reverse_bits() >> (64 - self.squares)
    }

    fn turn_bitboard(&self, bb: Bitboard) -> Bitboard {
        self.bitboard_of(self.turn(self.dense_set(bb)))
    }

    /// `pos` turned by 180° with the colours swapped.
    pub fn turned(&self, pos: &Position) -> Position {
        let setup = Setup {
            pieces: [
                self.turn_bitboard(pos.pieces(Color::Black)),
                self.turn_bitboard(pos.pieces(Color::White)),
            ],
            kings: self.turn_bitboard(pos.all_kings()),
            turn: Some(!pos.turn()),
        };
        Position::from_setup(self.variant, &setup).expect("the turned board is as legal")
    }

    /// The sizes of the five groups of the index for positions with `j` men of the side to
    /// move on its back rank.
    pub fn parts(&self, sig: Signature, j: u32) -> [u64; 5] {
        let (s, h) = (self.squares, self.half);
        let am = u32::from(sig.to_move.men);
        let ak = u32::from(sig.to_move.kings);
        let bm = u32::from(sig.other.men);
        let bk = u32::from(sig.other.kings);
        if j > am || am + bm + ak + bk > s {
            return [0; 5];
        }
        [
            choose(h, j),
            choose(s - 2 * h, am - j),
            choose((s - h).saturating_sub(am - j), bm),
            choose(s - am - bm, ak),
            choose(s - am - bm - ak, bk),
        ]
    }

    /// The position in dense squares with the side to move as the first mover.
    pub fn dense(&self, pos: &Position) -> Dense {
        let us = pos.turn();
        let d = Dense {
            men: self.dense_set(pos.men(us)),
            kings: self.dense_set(pos.kings(us)),
            other_men: self.dense_set(pos.men(!us)),
            other_kings: self.dense_set(pos.kings(!us)),
        };
        if us == self.first_mover {
            d
        } else {
            Dense {
                men: self.turn(d.men),
                kings: self.turn(d.kings),
                other_men: self.turn(d.other_men),
                other_kings: self.turn(d.other_kings),
            }
        }
    }

    /// The index of `d`, which has the material `sig`.
    pub fn index(&self, sig: Signature, d: &Dense) -> u64 {
        let all = self.all();
        let first = self.first();
        let j = (d.men & first).count_ones();
        let mut idx: u64 = (0..j)
            .map(|jj| self.parts(sig, jj).iter().product::<u64>())
            .sum();
        let p = self.parts(sig, j);
        let r1 = rank_in(d.men & first, first);
        let r2 = rank_in(d.men & self.middle(), self.middle());
        let r3 = rank_in(d.other_men, all & !first & !d.men);
        let free = all & !d.men & !d.other_men;
        let r4 = rank_in(d.kings, free);
        let r5 = rank_in(d.other_kings, free & !d.kings);
        idx += (((r1 * p[1] + r2) * p[2] + r3) * p[3] + r4) * p[4] + r5;
        idx
    }

    /// The position of index `idx` of `sig` (the first mover to move); `None` past the end.
    pub fn position(&self, sig: Signature, mut idx: u64) -> Option<Position> {
        let mut j = 0;
        let p = loop {
            if j > u32::from(sig.to_move.men) {
                return None;
            }
            let p = self.parts(sig, j);
            let n: u64 = p.iter().product();
            if idx < n {
                break p;
            }
            idx -= n;
            j += 1;
        };
        let r5 = idx % p[4];
        idx /= p[4];
        let r4 = idx % p[3];
        idx /= p[3];
        let r3 = idx % p[2];
        idx /= p[2];
        let r2 = idx % p[1];
        let r1 = idx / p[1];
        let all = self.all();
        let first = self.first();
        let men =
            unrank_in(r1, j, first) | unrank_in(r2, u32::from(sig.to_move.men) - j, self.middle());
        let other_men = unrank_in(r3, u32::from(sig.other.men), all & !first & !men);
        let free = all & !men & !other_men;
        let kings = unrank_in(r4, u32::from(sig.to_move.kings), free);
        let other_kings = unrank_in(r5, u32::from(sig.other.kings), free & !kings);
        let us = self.first_mover;
        let mut pieces = [Bitboard::EMPTY; 2];
        pieces[us.index()] = self.bitboard_of(men | kings);
        pieces[(!us).index()] = self.bitboard_of(other_men | other_kings);
        let setup = Setup {
            pieces,
            kings: self.bitboard_of(kings | other_kings),
            turn: Some(us),
        };
        Position::from_setup(self.variant, &setup).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_is_one_position_and_back() {
        for variant in [Variant::English, Variant::International] {
            let board = Board::of(variant);
            for sig in [
                Signature::new(1, 0, 1, 0),
                Signature::new(2, 0, 0, 1),
                Signature::new(1, 1, 1, 0),
                Signature::new(0, 2, 1, 0),
            ] {
                let size = sig.size(variant);
                let mut seen = std::collections::HashSet::new();
                for idx in 0..size {
                    let pos = board.position(sig, idx).expect("a legal position");
                    assert_eq!(Signature::of(&pos), sig);
                    assert_eq!(board.index(sig, &board.dense(&pos)), idx, "{variant} {sig}");
                    assert!(seen.insert(pos.to_fen()));
                }
                assert!(board.position(sig, size).is_none());
            }
        }
    }

    #[test]
    fn sizes_count_every_placement() {
        // Two men of the side to move on 8×8: 28 allowed squares each, C(28, 2).
        assert_eq!(Signature::new(2, 0, 0, 0).size(Variant::English), 378);
        // A king and a man each: the man avoids one rank, the king any free square.
        assert_eq!(Signature::new(1, 1, 0, 0).size(Variant::English), 28 * 31);
        // A man each: the other side's man avoids rank 1 and the first man's square.
        let brute = (0..32u32)
            .flat_map(|a| (0..32u32).map(move |b| (a, b)))
            .filter(|&(a, b)| a != b && a < 28 && b >= 4)
            .count() as u64;
        assert_eq!(Signature::new(1, 0, 1, 0).size(Variant::Russian), brute);
    }

    #[test]
    fn a_signature_reaches_fewer_pieces_and_more_kings() {
        let r = Signature::new(1, 1, 0, 1).reachable();
        for s in ["1101", "0111", "0201", "0102", "1001", "0110", "0101"] {
            assert!(r.contains(&s.parse().expect("a signature")), "{s}");
        }
        assert_eq!(r.len(), 7, "{r:?}");
        assert!(!r.contains(&Signature::new(2, 0, 0, 1)));
    }

    #[test]
    fn signatures_read_and_write_as_four_digits() {
        let sig: Signature = "0201".parse().expect("four digits");
        assert_eq!(sig, Signature::new(0, 2, 0, 1));
        assert_eq!(sig.to_string(), "0201");
        assert!("02x1".parse::<Signature>().is_err());
        assert!("020".parse::<Signature>().is_err());
    }
}
