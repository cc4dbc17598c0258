//! Helpers shared by the engine's test files.

use kingme_draughts::{Color, Position, Variant};

/// A position from square names: men and kings ("K" prefix) of each side.
pub fn position(variant: Variant, turn: Color, white: &[&str], black: &[&str]) -> Position {
    let fen = format!(
        "{}:W{}:B{}",
        turn.letter(),
        white.join(","),
        black.join(",")
    );
    Position::from_fen(variant, &fen).expect("test positions are legal")
}
