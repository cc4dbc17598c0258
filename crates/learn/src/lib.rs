//! Lessons and exercises as data (`lessons/*.json`, one file per game family, read by the web
//! client as they are), and the checks that hold them to the rules: every position and move is
//! judged by the rules crates, every "win" or "hold the draw" by the engines.
//!
//! ```
//! let file = kingme_learn::draughts().expect("the draughts lessons parse");
//! assert!(kingme_learn::check(&file).is_empty());
//! ```

mod check;
mod games;
pub mod model;
mod search;

pub use check::{check, check_text, placeholders, Problem, SEARCH_BUDGET};
pub use model::{LessonFile, LANGUAGES};

/// The draughts lessons' JSON, as shipped.
pub const DRAUGHTS_JSON: &str = include_str!("../../../lessons/draughts.json");
/// The Halma and Chinese checkers lessons' JSON, as shipped.
pub const HALMA_JSON: &str = include_str!("../../../lessons/halma.json");

/// Reads a lesson file.
///
/// # Errors
/// The JSON error, with its line and column.
pub fn parse(json: &str) -> Result<LessonFile, serde_json::Error> {
    serde_json::from_str(json)
}

/// The draughts lessons.
///
/// # Errors
/// When the shipped file does not parse.
pub fn draughts() -> Result<LessonFile, serde_json::Error> {
    parse(DRAUGHTS_JSON)
}

/// The Halma family's lessons.
///
/// # Errors
/// When the shipped file does not parse.
pub fn halma() -> Result<LessonFile, serde_json::Error> {
    parse(HALMA_JSON)
}
