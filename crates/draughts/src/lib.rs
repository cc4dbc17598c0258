//! The rules of draughts: English checkers, International, Russian and Brazilian draughts.
//!
//! No I/O, clocks or threads: this crate builds for `wasm32-unknown-unknown` and is the one
//! implementation of the rules that every part of kingme uses.
//!
//! ```
//! use kingme_draughts::{Game, Variant};
//! let mut game = Game::new(Variant::English);
//! game.play_text("c3-d4", false).unwrap();
//! assert_eq!(game.position().legal_moves().len(), 7);
//! ```

mod bitboard;
mod color;
mod draw;
mod game;
mod geometry;
mod movegen;
mod moves;
mod perft;
mod position;
mod variant;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use color::Color;
pub use draw::{Countdown, DrawCounters, DrawRule};
pub use game::{EndReason, Game, Outcome, PlayError};
pub use geometry::{Direction, Geometry, ParseSquareError, Square, SquareName};
pub use moves::{Move, MoveList, MAX_LANDINGS};
pub use perft::{divide, perft};
pub use position::{Position, PositionError, Setup};
pub use variant::{CaptureChoice, CrowningInCapture, ParseVariantError, RuleSet, Variant};
pub mod fen;
pub mod notation;
pub mod pdn;
pub use fen::ParseFenError;
pub use notation::ParseMoveError;
