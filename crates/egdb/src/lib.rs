//! Endgame databases for draughts: every position with few pieces, won, drawn or lost for the
//! side to move, with the distance to the end.
//!
//! - [`build_order`] and [`build_pair`] generate the tables by retrograde analysis, using the
//!   rules crate's move generator for every move (captures compulsory, majority captures,
//!   crowning as each variant says).
//! - [`Egdb`] holds the tables of one variant and answers [`Egdb::probe`].
//! - [`encode_table`] and [`Egdb::insert_file`] write and read the file format (a header with
//!   a magic, version, variant and signature, then the values compressed with DEFLATE).
//!
//! No I/O: the caller reads and writes the files, so the same code runs natively and in wasm.
//!
//! The values are those of the game without the counting draw rules (40/25/30 moves, the
//! International endgame limits, the Russian three-kings rule): a position is drawn when
//! neither side can force a win (a repetition is a draw). The distance is in plies: a win in
//! `d` means the side to move can end the game within `d` plies against any defence, a loss in
//! `d` that it can hold out `d` plies. The engine keeps applying the rules' counting draws on
//! top (see the engine crate).
//!
//! ```
//! use kingme_draughts::{Position, Variant};
//! use kingme_egdb::{build_order, build_pair, Egdb, Value};
//! let mut db = Egdb::new(Variant::English);
//! for pair in build_order(2) {
//!     for (sig, values) in build_pair(Variant::English, &pair, &db, &mut |_| {}).unwrap() {
//!         db.insert(sig, values).unwrap();
//!     }
//! }
//! // A king against a king: drawn.
//! let pos = Position::from_fen(Variant::English, "W:WK1:BK32").unwrap();
//! assert_eq!(db.probe(&pos), Some(Value::Draw));
//! ```

mod build;
mod format;
mod index;

pub use build::{build_order, build_pair, BuildError, Progress};
#[cfg(feature = "deflate")]
pub use format::encode_table;
pub use format::{FormatError, MAGIC, VERSION};
pub use index::{Material, ParseSignatureError, Signature};

use index::Board;
use kingme_draughts::{Position, Variant};

/// The value of a position for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Value {
    /// The side to move wins within this many plies (odd: its own move ends the game).
    Win(u8),
    /// The side to move loses, after this many plies at the most slowly (0: it has no move).
    Loss(u8),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value as stored: 0 for a draw, `plies + 1` otherwise (odd plies are wins).
    pub const fn code(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(d) | Value::Loss(d) => d + 1,
        }
    }

    /// The value of a stored byte.
    pub const fn from_code(code: u8) -> Value {
        match code {
            0 => Value::Draw,
            c if (c - 1) % 2 == 1 => Value::Win(c - 1),
            c => Value::Loss(c - 1),
        }
    }
}

/// The tables of one variant.
#[derive(Clone)]
pub struct Egdb {
    variant: Variant,
    board: Board,
    /// The tables, sorted by signature (a few dozen at most: a search of a sorted list is as
    /// quick as a hash map here and smaller in the browser's download).
    tables: Vec<(Signature, Vec<u8>)>,
    max_pieces: u32,
}

impl std::fmt::Debug for Egdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Egdb")
            .field("variant", &self.variant)
            .field("tables", &self.tables.len())
            .field("max_pieces", &self.max_pieces)
            .finish()
    }
}

impl Egdb {
    /// An empty database for `variant`.
    pub fn new(variant: Variant) -> Egdb {
        Egdb {
            variant,
            board: Board::of(variant),
            tables: Vec::new(),
            max_pieces: 0,
        }
    }

    /// The variant whose positions it holds.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The most pieces of any table held (0 when empty): positions with more are never found.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The signatures held, in no particular order.
    pub fn signatures(&self) -> impl Iterator<Item = Signature> + '_ {
        self.tables.iter().map(|(s, _)| *s)
    }

    /// Whether the table of `sig` is held.
    pub fn has(&self, sig: Signature) -> bool {
        self.find(sig).is_some()
    }

    /// Adds the table of `sig` (one byte per index, see [`Value::code`]).
    ///
    /// # Errors
    /// [`FormatError::WrongLength`] when `values` does not have one byte per position of `sig`.
    pub fn insert(&mut self, sig: Signature, values: Vec<u8>) -> Result<(), FormatError> {
        let expected = sig.size(self.variant);
        if values.len() as u64 != expected {
            return Err(FormatError::WrongLength {
                expected,
                found: values.len() as u64,
            });
        }
        self.max_pieces = self.max_pieces.max(sig.pieces());
        match self.tables.binary_search_by_key(&sig, |(s, _)| *s) {
            Ok(i) => self.tables[i].1 = values,
            Err(i) => self.tables.insert(i, (sig, values)),
        }
        Ok(())
    }

    /// Reads one table file (as written by [`encode_table`]) and adds it.
    ///
    /// # Errors
    /// A [`FormatError`] naming what is wrong with the file; the database is unchanged.
    #[cfg(feature = "deflate")]
    pub fn insert_file(&mut self, bytes: &[u8]) -> Result<Signature, FormatError> {
        let (sig, values) = format::decode_table(self.variant, bytes)?;
        self.insert(sig, values)?;
        Ok(sig)
    }

    /// The compressed values of a table file (raw DEFLATE), once its header is checked: for a
    /// caller that decompresses them itself (the browser's `DecompressionStream`), then hands
    /// them to [`Egdb::insert_decompressed`].
    ///
    /// # Errors
    /// A [`FormatError`] naming what is wrong with the header.
    pub fn compressed_values<'a>(&self, file: &'a [u8]) -> Result<&'a [u8], FormatError> {
        Ok(format::read_header(self.variant, file)?.packed)
    }

    /// Adds the table of `file` with its `values` decompressed by the caller, checked against
    /// the header (count and checksum).
    ///
    /// # Errors
    /// A [`FormatError`]; the database is unchanged.
    pub fn insert_decompressed(
        &mut self,
        file: &[u8],
        values: Vec<u8>,
    ) -> Result<Signature, FormatError> {
        let header = format::read_header(self.variant, file)?;
        format::check_values(&header, &values)?;
        let sig = header.signature;
        self.insert(sig, values)?;
        Ok(sig)
    }

    /// The stored table of `sig`.
    pub fn table(&self, sig: Signature) -> Option<&[u8]> {
        self.find(sig)
    }

    fn find(&self, sig: Signature) -> Option<&[u8]> {
        self.tables
            .binary_search_by_key(&sig, |(s, _)| *s)
            .ok()
            .map(|i| self.tables[i].1.as_slice())
    }

    /// The value of `pos` for the side to move, when its table is held. A side to move
    /// without pieces has lost; a position whose other side has none is not a position of a
    /// game in progress and is not found.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.variant() != self.variant {
            return None;
        }
        let sig = Signature::of(pos);
        if sig.to_move.count() == 0 {
            return Some(Value::Loss(0));
        }
        let table = self.find(sig)?;
        let idx = self.board.index(sig, &self.board.dense(pos));
        table.get(idx as usize).map(|&c| Value::from_code(c))
    }

    /// The stored value of index `idx` of `sig`, without building a position.
    pub(crate) fn value_at(&self, sig: Signature, idx: u64) -> Option<u8> {
        self.find(sig)?.get(idx as usize).copied()
    }
}

/// The position of index `idx` of the table of `sig` (with the variant's first mover to move);
/// `None` past the end of the table.
pub fn position_at(variant: Variant, sig: Signature, idx: u64) -> Option<Position> {
    Board::of(variant).position(sig, idx)
}

/// `pos` with the board turned by 180° and the colours swapped: the same game for the other
/// colour, so it has the same value for the side to move.
pub fn turned(pos: &Position) -> Position {
    Board::of(pos.variant()).turned(pos)
}
