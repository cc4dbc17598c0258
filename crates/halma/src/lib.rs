//! The rules of Halma (8×8, 10×10, 16×16) and Chinese checkers (the star, 2, 3, 4 or 6
//! players), as SPEC §2.4 fixes them.
//!
//! No I/O, clocks or threads: this crate builds for `wasm32-unknown-unknown` and is the one
//! implementation of these rules that every part of kingme uses. It knows nothing of draughts.
//!
//! ```
//! use kingme_halma::{Position, Setup, Variant};
//! let setup = Setup::new(Variant::ChineseCheckers, 2).unwrap();
//! let start = Position::start(setup);
//! assert_eq!(start.legal_moves().len(), 14);
//! assert_eq!(kingme_halma::perft(&start, 2), 196);
//! ```

mod board;
mod game;
mod moves;
pub mod notation;
mod perft;
mod points;
mod position;
pub mod record;
mod setup;
mod variant;
pub mod zobrist;

pub use board::{Board, Cell, Direction};
pub use game::{EndReason, Game, Outcome, PlayError, Turn};
pub use moves::{Move, MoveList, Path};
pub use notation::ParseMoveError;
pub use perft::{divide, perft};
pub use points::{Point, Points, PointsIter};
pub use position::{ParsePositionError, Position, MOVE_LIMIT};
pub use record::{Record, RecordError};
pub use setup::{Layout, PlayerCountError, Seat, Seats, Setup};
pub use variant::{ParseVariantError, Variant};
