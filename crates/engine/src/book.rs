//! Opening books: for positions of the first plies, the moves the engine's own search found
//! within a small margin of the best, with their scores.
//!
//! [`build`] expands the start position breadth first: at each book position every legal
//! move is searched to the same depth (deepened until the position's node budget is spent),
//! and the moves within [`MARGIN`] of the best are kept — at most [`width`]`(ply)` of them —
//! and expanded in turn, up to the given number of plies. [`Book::pick`] chooses among a
//! position's book moves at random, weighted by score, so that games differ.
//!
//! The file (no I/O here; the caller reads and writes it, so wasm can hand over bytes):
//!
//! | bytes | what |
//! | --- | --- |
//! | 0..6 | magic `KMBOOK` |
//! | 6 | format version (1) |
//! | 7 | the variant, as its PDN `GameType` number (21 English, 20 International, 25 Russian, 26 Brazilian) |
//! | 8 | the plies the book was built to |
//! | 9 | the margin, in centi-men |
//! | 10..14 | the number of positions, little-endian |
//! | 14..22 | the node budget per position the book was built with, little-endian |
//! | 22..26 | FNV-1a (32 bits) of the entries |
//! | 26..30 | the length of the entries in bytes, little-endian |
//! | 30.. | the entries, by increasing key: the position's Zobrist key (8 bytes, little-endian), the number of moves `n` (1 byte), then `n` moves of 4 bytes: the starting square, the landing square (bits 0–5; bits 6–7 tell apart captures with the same start and end, in the move generator's order) and the score in centi-men (signed, little-endian) |

use crate::search::{Root, Searcher};
use crate::tt::Table;
use crate::{Clock, Limits};
use kingme_draughts::{DrawCounters, Move, Position, Variant};
pub use kingme_engine_core::Rng;
use std::fmt;

/// The first bytes of every book file.
pub const MAGIC: &[u8; 6] = b"KMBOOK";
/// The format version this crate reads and writes.
pub const VERSION: u8 = 1;
const HEADER: usize = 30;
/// Moves within this many centi-men of a position's best are book moves.
pub const MARGIN: i32 = 10;
/// The transposition table of one book position's searches (log2 of its buckets).
const BUILD_TABLE_LOG2: u32 = 18;

/// The most book moves kept in a position `ply` plies from the start: more at the first
/// plies, where the variety matters most, fewer deeper.
pub const fn width(ply: u32) -> usize {
    match ply {
        0 => 4,
        1..=2 => 3,
        3..=5 => 2,
        _ => 1,
    }
}

/// One book move with its score (centi-men, the mover's view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub score: i32,
}

/// A move as stored: its start, its end with the index among equal start/end pairs, its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stored {
    from: u8,
    to: u8,
    score: i16,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    key: u64,
    moves: Vec<Stored>,
}

/// The book of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    variant: Variant,
    plies: u8,
    nodes: u64,
    /// Sorted by key, keys distinct.
    entries: Vec<Entry>,
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// Shorter than the header.
    TooShort { len: usize },
    /// Not a kingme opening book.
    BadMagic,
    /// A version this build does not read.
    UnsupportedVersion(u8),
    /// A variant number no variant has.
    UnknownVariant(u8),
    /// A book of another variant.
    WrongVariant { expected: Variant, found: Variant },
    /// The entries end early (or go on after their stated length).
    Truncated { expected: u64, found: u64 },
    /// The entries are not those written.
    Checksum { expected: u32, found: u32 },
    /// An entry that cannot be read: no moves, a square off the board, keys out of order, or
    /// not the number of positions the header states.
    BadEntry { offset: usize, reason: &'static str },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::TooShort { len } => write!(
                f,
                "opening book file too short: {len} bytes, the header alone has {HEADER}"
            ),
            BookError::BadMagic => f.write_str("not an opening book file (bad magic)"),
            BookError::UnsupportedVersion(v) => write!(
                f,
                "opening book format version {v} is not supported (this build reads {VERSION})"
            ),
            BookError::UnknownVariant(n) => {
                write!(f, "opening book for an unknown variant (GameType {n})")
            }
            BookError::WrongVariant { expected, found } => {
                write!(f, "opening book of {found}, expected {expected}")
            }
            BookError::Truncated { expected, found } => write!(
                f,
                "opening book file truncated: {expected} bytes of entries stated, {found} present"
            ),
            BookError::Checksum { expected, found } => write!(
                f,
                "opening book checksum mismatch: stored {expected:08x}, computed {found:08x}"
            ),
            BookError::BadEntry { offset, reason } => {
                write!(f, "opening book entry at byte {offset}: {reason}")
            }
        }
    }
}

impl std::error::Error for BookError {}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

fn le<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut b = [0u8; N];
    b.copy_from_slice(&bytes[at..at + N]);
    b
}

/// `m` as stored, among the legal moves of its position; `None` for a fifth capture sharing
/// one start and end (the two bits cannot tell it apart).
fn store(m: &Move, legal: &[Move], score: i32) -> Option<Stored> {
    let nth = legal
        .iter()
        .filter(|l| l.from() == m.from() && l.to() == m.to())
        .position(|l| l == m)?;
    (nth < 4).then(|| Stored {
        from: m.from().index(),
        to: m.to().index() | (nth as u8) << 6,
        score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
    })
}

/// The legal move `s` stands for, if there is one.
fn resolve(s: Stored, legal: &[Move]) -> Option<Move> {
    let (to, nth) = (s.to & 63, usize::from(s.to >> 6));
    legal
        .iter()
        .filter(|l| l.from().index() == s.from && l.to().index() == to)
        .nth(nth)
        .copied()
}

/// The weight of a book move `behind` centi-men behind the position's best: halved every
/// 4 centi-men, so the best is played most often and the others now and then.
fn weight(behind: i32) -> u64 {
    64 >> (behind.max(0) / 4).min(6)
}

impl Book {
    /// An empty book of `variant`, to be built to `plies` with `nodes` per position.
    pub fn new(variant: Variant, plies: u8, nodes: u64) -> Book {
        Book {
            variant,
            plies,
            nodes,
            entries: Vec::new(),
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The plies from the start the book was built to.
    pub fn plies(&self) -> u8 {
        self.plies
    }

    /// The node budget per position it was built with.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The number of positions with book moves.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Sets the book moves of `position` (replacing earlier ones). Moves that are not legal
    /// there are left out; with none left the position is not in the book.
    pub fn insert(&mut self, position: &Position, moves: &[BookMove]) {
        let legal = position.legal_moves();
        let stored: Vec<Stored> = moves
            .iter()
            .filter_map(|b| store(&b.mv, &legal, b.score))
            .take(255)
            .collect();
        let key = position.hash();
        match self.entries.binary_search_by_key(&key, |e| e.key) {
            Ok(i) if stored.is_empty() => {
                self.entries.remove(i);
            }
            Ok(i) => self.entries[i].moves = stored,
            Err(_) if stored.is_empty() => {}
            Err(i) => self.entries.insert(i, Entry { key, moves: stored }),
        }
    }

    /// The book moves of `position`, best first; `None` when it is not in the book (or none
    /// of its stored moves is legal there, as for another position with the same key).
    pub fn probe(&self, position: &Position) -> Option<Vec<BookMove>> {
        let i = self
            .entries
            .binary_search_by_key(&position.hash(), |e| e.key)
            .ok()?;
        let legal = position.legal_moves();
        let mut moves: Vec<BookMove> = self.entries[i]
            .moves
            .iter()
            .filter_map(|&s| {
                resolve(s, &legal).map(|mv| BookMove {
                    mv,
                    score: i32::from(s.score),
                })
            })
            .collect();
        moves.sort_by_key(|b| std::cmp::Reverse(b.score));
        (!moves.is_empty()).then_some(moves)
    }

    /// A book move of `position` drawn at random, the better ones more often; `None` when the
    /// position is not in the book.
    pub fn pick(&self, position: &Position, rng: &mut Rng) -> Option<BookMove> {
        let moves = self.probe(position)?;
        let best = moves[0].score;
        let total: u64 = moves.iter().map(|b| weight(best - b.score)).sum();
        let mut at = rng.next_u64() % total;
        for b in &moves {
            let w = weight(best - b.score);
            if at < w {
                return Some(*b);
            }
            at -= w;
        }
        moves.last().copied()
    }

    /// The book's file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::new();
        for e in &self.entries {
            body.extend_from_slice(&e.key.to_le_bytes());
            body.push(e.moves.len() as u8);
            for s in &e.moves {
                body.push(s.from);
                body.push(s.to);
                body.extend_from_slice(&s.score.to_le_bytes());
            }
        }
        let mut out = Vec::with_capacity(HEADER + body.len());
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(self.variant.pdn_game_type());
        out.push(self.plies);
        out.push(MARGIN as u8);
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.nodes.to_le_bytes());
        out.extend_from_slice(&fnv1a(&body).to_le_bytes());
        out.extend_from_slice(&(body.len() as u32).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Reads a book file of `variant`.
    ///
    /// # Errors
    /// A [`BookError`] naming what is wrong with the file.
    pub fn from_bytes(variant: Variant, bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER {
            if !bytes.is_empty() && !MAGIC.starts_with(&bytes[..bytes.len().min(MAGIC.len())]) {
                return Err(BookError::BadMagic);
            }
            return Err(BookError::TooShort { len: bytes.len() });
        }
        if &bytes[..6] != MAGIC {
            return Err(BookError::BadMagic);
        }
        if bytes[6] != VERSION {
            return Err(BookError::UnsupportedVersion(bytes[6]));
        }
        let found =
            Variant::from_pdn_game_type(bytes[7]).ok_or(BookError::UnknownVariant(bytes[7]))?;
        if found != variant {
            return Err(BookError::WrongVariant {
                expected: variant,
                found,
            });
        }
        let plies = bytes[8];
        let count = u32::from_le_bytes(le(bytes, 10)) as usize;
        let nodes = u64::from_le_bytes(le(bytes, 14));
        let checksum = u32::from_le_bytes(le(bytes, 22));
        let body_len = u64::from(u32::from_le_bytes(le(bytes, 26)));
        let body = &bytes[HEADER..];
        if body.len() as u64 != body_len {
            return Err(BookError::Truncated {
                expected: body_len,
                found: body.len() as u64,
            });
        }
        let computed = fnv1a(body);
        if computed != checksum {
            return Err(BookError::Checksum {
                expected: checksum,
                found: computed,
            });
        }
        let squares = 64;
        let mut entries: Vec<Entry> = Vec::with_capacity(count.min(body.len() / 13));
        let mut at = 0;
        let bad = |offset: usize, reason| BookError::BadEntry {
            offset: HEADER + offset,
            reason,
        };
        while at < body.len() {
            if body.len() - at < 9 {
                return Err(bad(at, "ends inside its key"));
            }
            let key = u64::from_le_bytes(le(body, at));
            let n = usize::from(body[at + 8]);
            if n == 0 {
                return Err(bad(at, "a position without moves"));
            }
            if entries.last().is_some_and(|e| e.key >= key) {
                return Err(bad(at, "keys out of order"));
            }
            let start = at;
            at += 9;
            if body.len() - at < 4 * n {
                return Err(bad(start, "ends inside its moves"));
            }
            let mut moves = Vec::with_capacity(n);
            for _ in 0..n {
                let s = Stored {
                    from: body[at],
                    to: body[at + 1],
                    score: i16::from_le_bytes(le(body, at + 2)),
                };
                if s.from >= squares || s.to & 63 >= squares {
                    return Err(bad(at, "a square off the board"));
                }
                moves.push(s);
                at += 4;
            }
            entries.push(Entry { key, moves });
        }
        if entries.len() != count {
            return Err(bad(
                body.len(),
                "not the number of positions the header states",
            ));
        }
        Ok(Book {
            variant,
            plies,
            nodes,
            entries,
        })
    }
}

/// The book file shipped for `variant` (`data/book/<variant>.bin`).
#[cfg(feature = "shipped-books")]
pub fn shipped_bytes(variant: Variant) -> &'static [u8] {
    match variant {
        Variant::English => include_bytes!("../../../data/book/english.bin"),
        Variant::International => include_bytes!("../../../data/book/international.bin"),
        Variant::Russian => include_bytes!("../../../data/book/russian.bin"),
        Variant::Brazilian => include_bytes!("../../../data/book/brazilian.bin"),
    }
}

/// The book shipped for `variant`, read once.
///
/// # Errors
/// The shipped file is damaged (a build from a broken checkout).
#[cfg(feature = "shipped-books")]
pub fn shipped(variant: Variant) -> Result<std::sync::Arc<Book>, BookError> {
    use std::sync::{Arc, OnceLock};
    static BOOKS: [OnceLock<Result<Arc<Book>, BookError>>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let slot = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
    BOOKS[slot]
        .get_or_init(|| Book::from_bytes(variant, shipped_bytes(variant)).map(Arc::new))
        .clone()
}

/// What [`build`] reports after each position.
#[derive(Clone, Copy, Debug)]
pub struct BuildStep {
    /// Plies from the start of the position just done.
    pub ply: u32,
    /// Positions done at this ply, and the positions waiting at this ply.
    pub done: usize,
    pub at_ply: usize,
    /// Whether the position was searched (false: its moves were already in the book).
    pub searched: bool,
    /// The depth its moves were searched to, and the nodes spent.
    pub depth: u32,
    pub nodes: u64,
}

/// A clock that never moves: the book's searches are bounded by depth and nodes.
struct Still;

impl Clock for Still {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// Every legal move of `position` scored (the mover's view) by searches of the same depth,
/// deepened until `nodes` are spent: the scores, the depth and the nodes used.
pub fn score_moves(position: &Position, nodes: u64) -> (Vec<BookMove>, u32, u64) {
    let legal = position.legal_moves();
    let children: Vec<(Move, Root)> = legal
        .iter()
        .map(|m| {
            let mut child = *position;
            child.play_unchecked(m);
            (
                *m,
                Root {
                    position: child,
                    counters: DrawCounters::new(&child),
                    earlier: vec![position.hash()],
                },
            )
        })
        .collect();
    let mut table = Table::new(BUILD_TABLE_LOG2);
    let mut spent = 0;
    let mut scored = Vec::new();
    let mut depth = 0;
    while spent < nodes && depth < 60 {
        depth += 1;
        scored.clear();
        for (m, root) in &children {
            let mut searcher = Searcher::with_table(root, &Still, table);
            let r = searcher.run(root, Limits::Depth(depth), &mut |_| {});
            table = searcher.into_table();
            spent += r.nodes;
            scored.push(BookMove {
                mv: *m,
                score: -r.score,
            });
        }
    }
    scored.sort_by_key(|b| std::cmp::Reverse(b.score));
    (scored, depth, spent)
}

/// The book moves among `scored` (best first) for a position `ply` plies from the start.
fn keep(scored: &[BookMove], ply: u32) -> Vec<BookMove> {
    let Some(best) = scored.first().map(|b| b.score) else {
        return Vec::new();
    };
    scored
        .iter()
        .take_while(|b| best - b.score <= MARGIN)
        .take(width(ply))
        .copied()
        .collect()
}

/// Builds (or completes) `book` from the start position to its plies, searching each
/// position not yet in it with its node budget. `on_step` is called after every position with
/// the book so far (so the caller can save it: a build started again from a saved book
/// searches only the positions it lacks) and stops the build when it returns false.
pub fn build(book: &mut Book, on_step: &mut dyn FnMut(&Book, BuildStep) -> bool) {
    let mut frontier = vec![Position::start(book.variant)];
    let mut seen = std::collections::HashSet::new();
    seen.insert(frontier[0].hash());
    for ply in 0..u32::from(book.plies) {
        let mut next = Vec::new();
        let at_ply = frontier.len();
        for (done, pos) in frontier.iter().enumerate() {
            let (moves, step) = match book.probe(pos) {
                Some(moves) => (
                    moves,
                    BuildStep {
                        ply,
                        done: done + 1,
                        at_ply,
                        searched: false,
                        depth: 0,
                        nodes: 0,
                    },
                ),
                None => {
                    let (scored, depth, nodes) = score_moves(pos, book.nodes);
                    let moves = keep(&scored, ply);
                    book.insert(pos, &moves);
                    (
                        moves,
                        BuildStep {
                            ply,
                            done: done + 1,
                            at_ply,
                            searched: true,
                            depth,
                            nodes,
                        },
                    )
                }
            };
            for b in &moves {
                let mut child = *pos;
                child.play_unchecked(&b.mv);
                if seen.insert(child.hash()) && !child.legal_moves().is_empty() {
                    next.push(child);
                }
            }
            if !on_step(book, step) {
                return;
            }
        }
        frontier = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_favour_the_best_move() {
        assert_eq!(weight(0), 64);
        assert_eq!(weight(4), 32);
        assert_eq!(weight(10), 16);
        assert_eq!(weight(1000), 1);
        assert_eq!(weight(-3), 64);
    }

    #[test]
    fn keep_takes_the_moves_within_the_margin() {
        let legal = Position::start(Variant::English).legal_moves();
        let scored: Vec<BookMove> = [30, 25, 20, 19, 5]
            .iter()
            .zip(legal.iter())
            .map(|(&score, &mv)| BookMove { mv, score })
            .collect();
        let kept = keep(&scored, 0);
        assert_eq!(
            kept.iter().map(|b| b.score).collect::<Vec<_>>(),
            [30, 25, 20]
        );
        assert_eq!(keep(&scored, 10).len(), 1);
    }
}
