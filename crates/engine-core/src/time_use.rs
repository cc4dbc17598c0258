//! How much of its soft time limit an iterative-deepening search spends on a move.

/// The share of the soft limit a search spends, judged after every iteration: more while the
/// best move keeps changing or the score falls (a critical move, where one more iteration may
/// change the answer), less once the same move has been best for several iterations in a row.
///
/// The share stays within [`TimeUse::LEAST`] and [`TimeUse::MOST`]; the hard limit still ends
/// any search.
#[derive(Clone, Copy, Debug)]
pub struct TimeUse {
    /// A score fall at least this large (in the engine's units) counts as critical.
    fall_margin: i32,
    /// How often the best move changed lately, halved every iteration.
    instability: f64,
    /// Iterations in a row whose best move was the one before.
    settled: u32,
    /// Whether the last iteration's score fell by the margin or more.
    fell: bool,
    last_score: Option<i32>,
}

impl TimeUse {
    /// The least share of the soft limit spent.
    pub const LEAST: f64 = 0.5;
    /// The most.
    pub const MOST: f64 = 2.0;
    /// Iterations with the same best move after which a search needs less time.
    pub const SETTLED_AFTER: u32 = 4;
    /// Iterations this shallow are too noisy to judge by.
    const FIRST_JUDGED_DEPTH: u32 = 4;

    /// A search whose scores count a fall of `fall_margin` or more as critical.
    pub fn new(fall_margin: i32) -> TimeUse {
        TimeUse {
            fall_margin,
            instability: 0.0,
            settled: 0,
            fell: false,
            last_score: None,
        }
    }

    /// Notes a completed iteration of `depth` plies: whether its best move differs from the
    /// previous iteration's, and its score.
    pub fn completed(&mut self, depth: u32, best_changed: bool, score: i32) {
        let judged = depth >= Self::FIRST_JUDGED_DEPTH;
        self.instability *= 0.5;
        if best_changed {
            self.settled = 0;
            if judged {
                self.instability += 1.0;
            }
        } else {
            self.settled += 1;
        }
        self.fell = judged
            && self
                .last_score
                .is_some_and(|last| last.saturating_sub(score) >= self.fall_margin);
        self.last_score = Some(score);
    }

    /// The share of the soft limit to spend, as things stand.
    pub fn share(&self) -> f64 {
        let mut share = 1.0 + self.instability;
        if self.fell {
            share *= 1.5;
        }
        if self.settled >= Self::SETTLED_AFTER && self.instability < 0.25 && !self.fell {
            share *= 0.6;
        }
        share.clamp(Self::LEAST, Self::MOST)
    }

    /// Whether a search that has run `elapsed_ms` of a soft limit of `soft_ms` should start
    /// no new iteration.
    pub fn should_stop(&self, elapsed_ms: f64, soft_ms: f64) -> bool {
        elapsed_ms >= soft_ms * self.share()
    }
}

#[cfg(test)]
mod tests {
    use super::TimeUse;

    #[test]
    fn a_new_search_spends_its_soft_limit() {
        let t = TimeUse::new(30);
        assert!((t.share() - 1.0).abs() < 1e-9);
        assert!(!t.should_stop(699.0, 700.0));
        assert!(t.should_stop(700.0, 700.0));
    }

    #[test]
    fn a_settled_best_move_needs_less_time() {
        let mut t = TimeUse::new(30);
        for depth in 1..=8 {
            t.completed(depth, depth == 1, 10);
        }
        assert!(t.share() < 0.7, "{}", t.share());
        assert!(t.should_stop(450.0, 700.0));
    }

    #[test]
    fn a_best_move_that_keeps_changing_gets_more_time() {
        let mut t = TimeUse::new(30);
        for depth in 1..=8 {
            t.completed(depth, depth >= 6, 10);
        }
        assert!(t.share() > 1.5, "{}", t.share());
        assert!(!t.should_stop(1000.0, 700.0));
    }

    #[test]
    fn a_falling_score_gets_more_time() {
        let mut t = TimeUse::new(30);
        for depth in 1..=7 {
            t.completed(depth, false, 50);
        }
        t.completed(8, false, 10);
        assert!(t.share() >= 1.5, "{}", t.share());
        t.completed(9, false, 12);
        assert!(t.share() < 1.0, "the fall is over: {}", t.share());
    }

    #[test]
    fn the_share_stays_within_its_bounds() {
        let mut t = TimeUse::new(30);
        for depth in 1..=30 {
            t.completed(depth, true, -100 * depth as i32);
            assert!((TimeUse::LEAST..=TimeUse::MOST).contains(&t.share()));
        }
    }

    #[test]
    fn shallow_iterations_do_not_count_as_unstable() {
        let mut t = TimeUse::new(30);
        for depth in 1..=3 {
            t.completed(depth, true, -50 * depth as i32);
        }
        assert!((t.share() - 1.0).abs() < 1e-9, "{}", t.share());
    }
}
