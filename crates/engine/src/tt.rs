//! The transposition table: what earlier searches learnt about a position, keyed by its Zobrist
//! hash.

use kingme_draughts::{Move, MoveList};

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// A move as the table keeps it: its squares and its place in the generator's list, which is
/// the same every time the same position is generated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveKey {
    pub from: u8,
    pub to: u8,
    pub index: u8,
}

impl MoveKey {
    pub fn new(m: &Move, index: usize) -> MoveKey {
        MoveKey {
            from: m.from().index(),
            to: m.to().index(),
            index: index.min(255) as u8,
        }
    }

    /// The position of this move in `moves`, if it is there.
    pub fn find(&self, moves: &MoveList) -> Option<usize> {
        let same = |m: &Move| m.from().index() == self.from && m.to().index() == self.to;
        let i = usize::from(self.index);
        if moves.get(i).is_some_and(same) {
            return Some(i);
        }
        moves.iter().position(same)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    pub best: Option<MoveKey>,
}

#[derive(Clone, Copy, Default, Debug)]
struct Entry {
    check: u32,
    score: i16,
    depth: i8,
    /// The low two bits: 0 empty, 1 exact, 2 lower, 3 upper; the rest: the search
    /// ([`Table::new_search`]) that stored the entry.
    bound: u8,
    from: u8,
    to: u8,
    index: u8,
    has_move: bool,
}

impl Entry {
    const fn is_empty(&self) -> bool {
        self.bound & BOUND_BITS == 0
    }

    const fn generation(&self) -> u8 {
        self.bound >> 2
    }
}

const BOUND_BITS: u8 = 0b11;

/// Two entries per bucket: one kept for depth, one always replaced. A table kept across
/// searches (the moves of one game) prefers to overwrite what earlier searches stored: each
/// search has a generation number.
#[derive(Debug)]
pub struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of `2^log2_buckets` buckets (16 bytes × 2 each).
    pub fn new(log2_buckets: u32) -> Table {
        let n = 1usize << log2_buckets;
        Table {
            buckets: vec![[Entry::default(); 2]; n],
            mask: n - 1,
            generation: 0,
        }
    }

    /// log2 of the number of buckets.
    pub fn log2_buckets(&self) -> u32 {
        self.buckets.len().trailing_zeros()
    }

    /// Marks what is stored from now on as newer than everything stored before, so that it is
    /// kept before older entries of greater depth.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & (u8::MAX >> 2);
    }

    fn slot(&self, hash: u64) -> (usize, u32) {
        ((hash as usize) & self.mask, (hash >> 32) as u32)
    }

    /// Asks the processor to start loading the bucket of `hash`, so that a [`Table::probe`] of
    /// it soon after finds it in the cache: the table is far larger than the cache, and probes
    /// waiting for memory are the search's largest single cost.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        let (i, _) = self.slot(hash);
        let bucket = std::ptr::from_ref(&self.buckets[i]).cast::<i8>();
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint that reads nothing and cannot fault; the pointer is to a
        // live bucket anyway. The call is unsafe only because the intrinsic is a
        // `#[target_feature(enable = "sse")]` function, and SSE is part of every x86_64 target.
        #[allow(unsafe_code)]
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(bucket);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let (i, check) = self.slot(hash);
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
            best: e.has_move.then_some(MoveKey {
                from: e.from,
                to: e.to,
                index: e.index,
            }),
        })
    }

    pub fn store(
        &mut self,
        hash: u64,
        depth: i32,
        score: i32,
        bound: Bound,
        best: Option<MoveKey>,
    ) {
        let (i, check) = self.slot(hash);
        let bucket = &mut self.buckets[i];
        let depth = depth.clamp(-1, 127) as i8;
        let slot = if bucket[0].is_empty()
            || bucket[0].check == check
            || depth >= bucket[0].depth
            || bucket[0].generation() != self.generation
        {
            0
        } else {
            1
        };
        let old = bucket[slot];
        let best = best.or(if old.check == check && old.has_move {
            Some(MoveKey {
                from: old.from,
                to: old.to,
                index: old.index,
            })
        } else {
            None
        });
        bucket[slot] = Entry {
            check,
            score: score.clamp(-32_000, 32_000) as i16,
            depth,
            bound: (self.generation << 2)
                | match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
            from: best.map_or(0, |k| k.from),
            to: best.map_or(0, |k| k.to),
            index: best.map_or(0, |k| k.index),
            has_move: best.is_some(),
        };
    }
}
