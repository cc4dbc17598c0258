//! What every kingme engine shares, whatever the game: the clock a search reads, the limits it
//! stops at, the levels offered on the site and the seeded generator behind any chance.
//!
//! No clock, thread or I/O: the caller supplies the time through [`Clock`], so the same search
//! runs natively and in a Web Worker.

mod rng;
mod time_use;

pub use rng::Rng;
use std::fmt;
use std::str::FromStr;
pub use time_use::TimeUse;

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
    /// Complete iterations up to `depth` plies, but start no new one after `soft_ms` and
    /// abandon the search at `hard_ms` (a fixed-depth level playing with a clock).
    DepthWithin {
        depth: u32,
        soft_ms: u64,
        hard_ms: u64,
    },
}

impl Limits {
    /// The longest a search within these limits runs, when they bound its time.
    pub const fn max_ms(self) -> Option<u64> {
        match self {
            Limits::Time { hard_ms, .. } | Limits::DepthWithin { hard_ms, .. } => Some(hard_ms),
            Limits::Depth(_) | Limits::Nodes(_) => None,
        }
    }

    /// These limits held to `budget_ms` of thinking: a longer time limit is shortened (its soft
    /// limit to half the budget at most), a depth gets a time limit; a node count stays as it is.
    pub fn within(self, budget_ms: u64) -> Limits {
        let soft = budget_ms / 2;
        if self.max_ms().is_some_and(|max| max <= budget_ms) {
            return self;
        }
        match self {
            Limits::Time { soft_ms, hard_ms } => Limits::Time {
                soft_ms: soft_ms.min(soft),
                hard_ms: hard_ms.min(budget_ms),
            },
            Limits::Depth(depth) => Limits::DepthWithin {
                depth,
                soft_ms: soft,
                hard_ms: budget_ms,
            },
            Limits::DepthWithin {
                depth,
                soft_ms,
                hard_ms,
            } => Limits::DepthWithin {
                depth,
                soft_ms: soft_ms.min(soft),
                hard_ms: hard_ms.min(budget_ms),
            },
            Limits::Nodes(n) => Limits::Nodes(n),
        }
    }

    /// These limits for a player with `time` on its clock: within [`time_budget`].
    pub fn for_clock(self, time: TimeLeft) -> Limits {
        self.within(time_budget(
            time.remaining_ms,
            time.increment_ms,
            self.max_ms(),
        ))
    }
}

/// The computer's own clock in a game with a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLeft {
    /// Time left on its clock, in milliseconds.
    pub remaining_ms: u64,
    /// Time added to its clock after each of its moves, in milliseconds.
    pub increment_ms: u64,
}

impl TimeLeft {
    /// The clock after `elapsed_ms` more have been spent (never below zero).
    #[must_use]
    pub fn less(self, elapsed_ms: f64) -> TimeLeft {
        // A clock reading is a whole number of milliseconds well inside u64.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let spent = elapsed_ms.max(0.0) as u64;
        TimeLeft {
            remaining_ms: self.remaining_ms.saturating_sub(spent),
            ..self
        }
    }
}

/// The shortest thinking time worth giving a move; less only when less is left on the clock.
pub const MIN_BUDGET_MS: u64 = 50;

/// How long to think on a move with `remaining_ms` on the clock and `increment_ms` added after
/// it: a thirtieth of the time left and three quarters of the increment, never more than the
/// level's own limit (`level_limit_ms`, when it has one) nor a sixth of the time left, and
/// never less than [`MIN_BUDGET_MS`] unless even less time is left.
pub fn time_budget(remaining_ms: u64, increment_ms: u64, level_limit_ms: Option<u64>) -> u64 {
    let share = remaining_ms / 30 + increment_ms.saturating_mul(3) / 4;
    let capped = share
        .min(remaining_ms / 6)
        .min(level_limit_ms.unwrap_or(u64::MAX));
    capped.max(MIN_BUDGET_MS.min(remaining_ms))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_is_a_thirtieth_of_the_time_and_most_of_the_increment() {
        // 3+2 at the start: 6 s + 1.5 s.
        assert_eq!(time_budget(180_000, 2_000, None), 7_500);
        assert_eq!(time_budget(600_000, 0, None), 20_000);
    }

    #[test]
    fn budget_never_exceeds_the_levels_own_time() {
        assert_eq!(time_budget(180_000, 2_000, Some(1_450)), 1_450);
        assert_eq!(time_budget(6_000, 0, Some(4_900)), 200);
    }

    #[test]
    fn budget_never_exceeds_a_sixth_of_the_time_left() {
        // A large increment with little time left must not flag the computer.
        assert_eq!(time_budget(3_000, 10_000, None), 500);
    }

    #[test]
    fn budget_keeps_a_floor_unless_less_time_is_left() {
        assert_eq!(time_budget(1_200, 0, None), MIN_BUDGET_MS);
        assert_eq!(time_budget(30, 0, None), 30);
        assert_eq!(time_budget(0, 0, Some(700)), 0);
    }

    #[test]
    fn limits_are_shortened_to_the_budget() {
        let advanced = Limits::Time {
            soft_ms: 700,
            hard_ms: 1450,
        };
        assert_eq!(advanced.within(10_000), advanced);
        assert_eq!(
            advanced.within(400),
            Limits::Time {
                soft_ms: 200,
                hard_ms: 400
            }
        );
        assert_eq!(
            Limits::Depth(8).within(300),
            Limits::DepthWithin {
                depth: 8,
                soft_ms: 150,
                hard_ms: 300
            }
        );
        assert_eq!(Limits::Nodes(1000).within(10), Limits::Nodes(1000));
    }

    #[test]
    fn limits_for_a_clock_use_the_budget_and_the_levels_time() {
        let expert = Limits::Time {
            soft_ms: 2500,
            hard_ms: 4900,
        };
        let plenty = TimeLeft {
            remaining_ms: 900_000,
            increment_ms: 10_000,
        };
        assert_eq!(expert.for_clock(plenty), expert);
        let short = TimeLeft {
            remaining_ms: 9_000,
            increment_ms: 0,
        };
        assert_eq!(
            expert.for_clock(short),
            Limits::Time {
                soft_ms: 150,
                hard_ms: 300
            }
        );
        assert_eq!(Limits::Depth(3).for_clock(short).max_ms(), Some(300));
    }
}
