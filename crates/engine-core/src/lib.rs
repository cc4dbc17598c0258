//! What every kingme engine shares, whatever the game: the clock a search reads, the limits it
//! stops at, the levels offered on the site and the seeded generator behind any chance.
//!
//! No clock, thread or I/O: the caller supplies the time through [`Clock`], so the same search
//! runs natively and in a Web Worker.

mod rng;

pub use rng::Rng;
use std::fmt;
use std::str::FromStr;

/// Where a search gets the time from: milliseconds since any fixed moment.
pub trait Clock {
    /// The time now, in milliseconds since the clock's fixed moment.
    fn now_ms(&self) -> f64;
}

/// When to stop searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limits {
    /// Complete every iteration up to this many plies.
    Depth(u32),
    /// Stop after about this many nodes.
    Nodes(u64),
    /// Start no new iteration after `soft_ms`; abandon the search at `hard_ms`.
    Time { soft_ms: u64, hard_ms: u64 },
}

/// The computer's strength as offered on the site, weakest first. What each level means in
/// search terms (depth, time, randomness) is up to each game's engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// The weakest level, for players learning the game.
    Beginner,
    /// The second level, stronger than Beginner.
    Intermediate,
    /// The third level, stronger than Intermediate.
    Advanced,
    /// The strongest level.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [
        Level::Beginner,
        Level::Intermediate,
        Level::Advanced,
        Level::Expert,
    ];

    /// The level's name in lower case, as written and parsed (see [`FromStr`]).
    pub const fn key(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A text that names no level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}' (expected beginner, intermediate, advanced or expert)",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// The level whose [`key`](Level::key) is `s`, ignoring ASCII case.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.key().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}
