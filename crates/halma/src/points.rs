//! Sets of points as 256-bit bitboards.
//!
//! Every board's points are numbered so that each direction is one constant index offset
//! ([`crate::Board`]); a set of points shifted by that offset is the set of their neighbours in
//! that direction, which makes the jump flood fill bit-parallel. The star needs more than 128
//! bits for constant offsets (its rows are sheared into a 13-wide grid), and 16×16 needs 256.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A point of a board, by its index (`0..board.len()`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Point(pub u8);

impl Point {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Points(pub [u64; 4]);

impl Points {
    pub const EMPTY: Points = Points([0; 4]);

    pub const fn single(p: Point) -> Points {
        let mut w = [0u64; 4];
        w[(p.0 >> 6) as usize] = 1u64 << (p.0 & 63);
        Points(w)
    }

    #[inline]
    pub const fn contains(self, p: Point) -> bool {
        self.0[(p.0 >> 6) as usize] >> (p.0 & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, p: Point) {
        self.0[(p.0 >> 6) as usize] |= 1u64 << (p.0 & 63);
    }

    #[inline]
    pub fn remove(&mut self, p: Point) {
        self.0[(p.0 >> 6) as usize] &= !(1u64 << (p.0 & 63));
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// The lowest point of the set.
    #[inline]
    pub fn first(self) -> Option<Point> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(Point((i as u32 * 64 + w.trailing_zeros()) as u8));
            }
        }
        None
    }

    /// Whether every point of `self` is in `other`.
    #[inline]
    pub fn is_subset(self, other: Points) -> bool {
        (self & !other).is_empty()
    }

    /// Every point moved by `offset` indices (`-63..=63`, not 0); points moved off either end
    /// are lost.
    #[inline]
    pub fn shifted(self, offset: i32) -> Points {
        let w = self.0;
        if offset > 0 {
            let k = offset as u32;
            let r = 64 - k;
            Points([
                w[0] << k,
                (w[1] << k) | (w[0] >> r),
                (w[2] << k) | (w[1] >> r),
                (w[3] << k) | (w[2] >> r),
            ])
        } else {
            let k = (-offset) as u32;
            let l = 64 - k;
            Points([
                (w[0] >> k) | (w[1] << l),
                (w[1] >> k) | (w[2] << l),
                (w[2] >> k) | (w[3] << l),
                w[3] >> k,
            ])
        }
    }

    pub fn iter(self) -> PointsIter {
        PointsIter(self)
    }
}

/// The points of a set, lowest first.
#[derive(Clone, Debug)]
pub struct PointsIter(Points);

impl Iterator for PointsIter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        let p = self.0.first()?;
        self.0.remove(p);
        Some(p)
    }
}

impl IntoIterator for Points {
    type Item = Point;
    type IntoIter = PointsIter;

    fn into_iter(self) -> PointsIter {
        PointsIter(self)
    }
}

impl FromIterator<Point> for Points {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Points {
        let mut s = Points::EMPTY;
        for p in iter {
            s.insert(p);
        }
        s
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign:ident, $afn:ident, $op:tt) => {
        impl $trait for Points {
            type Output = Points;
            #[inline]
            fn $fn(self, o: Points) -> Points {
                Points([
                    self.0[0] $op o.0[0],
                    self.0[1] $op o.0[1],
                    self.0[2] $op o.0[2],
                    self.0[3] $op o.0[3],
                ])
            }
        }
        impl $assign for Points {
            #[inline]
            fn $afn(&mut self, o: Points) {
                *self = *self $op o;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Points {
    type Output = Points;
    #[inline]
    fn not(self) -> Points {
        Points([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl fmt::Debug for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|p| p.0)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_word_boundaries_both_ways() {
        let s: Points = [Point(0), Point(63), Point(130), Point(255)]
            .into_iter()
            .collect();
        let up = s.shifted(13);
        assert_eq!(up.iter().map(|p| p.0).collect::<Vec<_>>(), [13, 76, 143]);
        let down = s.shifted(-17);
        assert_eq!(down.iter().map(|p| p.0).collect::<Vec<_>>(), [46, 113, 238]);
        assert_eq!(s.len(), 4);
        assert!(s.contains(Point(130)) && !s.contains(Point(131)));
    }
}
