//! The transposition table: what earlier searches learnt about a position.

use kingme_halma::{Move, Point};

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    pub best: Option<Move>,
}

#[derive(Clone, Copy, Default, Debug)]
struct Entry {
    check: u32,
    score: i16,
    depth: i8,
    /// The low two bits: 0 empty, 1 exact, 2 lower, 3 upper; the rest: the search that stored
    /// the entry ([`Table::new_search`]).
    bound: u8,
    from: u8,
    to: u8,
}

const BOUND_BITS: u8 = 0b11;

impl Entry {
    const fn is_empty(&self) -> bool {
        self.bound & BOUND_BITS == 0
    }

    const fn generation(&self) -> u8 {
        self.bound >> 2
    }
}

/// Buckets of two entries, one kept for depth and one always replaced; entries of earlier
/// searches (a table kept from move to move) are replaced first.
#[derive(Debug)]
pub struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of `2^log2_buckets` buckets of 24 bytes.
    pub fn new(log2_buckets: u32) -> Table {
        let n = 1usize << log2_buckets;
        Table {
            buckets: vec![[Entry::default(); 2]; n],
            mask: n - 1,
            generation: 0,
        }
    }

    pub fn log2_buckets(&self) -> u32 {
        self.buckets.len().trailing_zeros()
    }

    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & (u8::MAX >> 2);
    }

    fn slot(&self, key: u64) -> (usize, u32) {
        ((key as usize) & self.mask, (key >> 32) as u32)
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let (i, check) = self.slot(key);
        let e = self.buckets[i]
            .iter()
            .find(|e| !e.is_empty() && e.check == check)?;
        Some(Hit {
            score: i32::from(e.score),
            depth: i32::from(e.depth),
            bound: match e.bound & BOUND_BITS {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (e.from != e.to).then(|| Move::new(Point(e.from), Point(e.to))),
        })
    }

    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<Move>) {
        let (i, check) = self.slot(key);
        let generation = self.generation;
        let bucket = &mut self.buckets[i];
        let depth = depth.clamp(-1, 127) as i8;
        let slot = if bucket[0].is_empty()
            || bucket[0].check == check
            || depth >= bucket[0].depth
            || bucket[0].generation() != generation
        {
            0
        } else {
            1
        };
        let old = bucket[slot];
        let (from, to) = match best {
            Some(m) => (m.from().0, m.to().0),
            None if old.check == check => (old.from, old.to),
            None => (0, 0),
        };
        bucket[slot] = Entry {
            check,
            score: score.clamp(-32_000, 32_000) as i16,
            depth,
            bound: (generation << 2)
                | match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
            from,
            to,
        };
    }
}
