//! Exhaustive search for the checks: does the learner reach a goal within a number of moves
//! whatever the opponent replies? Small lesson positions only; a search that grows beyond its
//! budget is reported rather than left to run.

use std::cell::Cell;

/// How a finished game ended, from the learner's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Won,
    Lost,
    /// Drawn, by the rule with this key.
    Drawn(String),
}

/// A game the checks can search: the learner against one opponent or more (who move in turn
/// between the learner's moves).
pub trait Play: Sized {
    type Move: Copy;
    fn moves(&self) -> Vec<Self::Move>;
    fn after(&self, m: Self::Move) -> Self;
    /// `None` while the game goes on (for the learner: a finished learner has its verdict).
    fn verdict(&self) -> Option<Verdict>;
    /// Whether the learner is the one to move.
    fn learner_to_move(&self) -> bool;
}

/// The search grew beyond its budget of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge(pub u64);

/// What counts as success: `reached(before, move, after)` after a learner's move, and
/// `ended_well(after)` for a game that ended (after either side's move) without `reached`.
pub struct Target<'a, P: Play> {
    pub reached: &'a dyn Fn(&P, P::Move, &P) -> bool,
    pub ended_well: &'a dyn Fn(&P) -> bool,
}

pub struct Searcher {
    budget: u64,
    used: Cell<u64>,
}

impl Searcher {
    pub fn new(budget: u64) -> Searcher {
        Searcher {
            budget,
            used: Cell::new(0),
        }
    }

    fn tick(&self) -> Result<(), TooLarge> {
        let used = self.used.get() + 1;
        self.used.set(used);
        if used > self.budget {
            Err(TooLarge(self.budget))
        } else {
            Ok(())
        }
    }

    /// Whether the learner, to move in `state`, reaches the target within `moves` moves.
    pub fn forced<P: Play>(
        &self,
        state: &P,
        moves: u32,
        target: &Target<'_, P>,
    ) -> Result<bool, TooLarge> {
        for m in state.moves() {
            if self.forced_with(state, m, moves, target)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether playing `first` reaches the target within `moves` moves, whatever the replies.
    pub fn forced_with<P: Play>(
        &self,
        state: &P,
        first: P::Move,
        moves: u32,
        target: &Target<'_, P>,
    ) -> Result<bool, TooLarge> {
        self.tick()?;
        if moves == 0 {
            return Ok(false);
        }
        let next = state.after(first);
        if (target.reached)(state, first, &next) {
            return Ok(true);
        }
        if next.verdict().is_some() {
            return Ok((target.ended_well)(&next));
        }
        if moves == 1 {
            return Ok(false);
        }
        if next.learner_to_move() {
            return self.forced(&next, moves - 1, target);
        }
        self.answered(&next, moves - 1, target)
    }

    /// Whether the learner reaches the target within `moves` more moves whatever every other
    /// seat plays, from `state` after the learner's move (the others to move, one or more).
    fn answered<P: Play>(
        &self,
        state: &P,
        moves: u32,
        target: &Target<'_, P>,
    ) -> Result<bool, TooLarge> {
        for reply in state.moves() {
            self.tick()?;
            let answered = state.after(reply);
            let holds = if answered.verdict().is_some() {
                (target.ended_well)(&answered)
            } else if answered.learner_to_move() {
                self.forced(&answered, moves, target)?
            } else {
                self.answered(&answered, moves, target)?
            };
            if !holds {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
