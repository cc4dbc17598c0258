//! A room's clocks: its time control, every seat's remaining time and whose clock runs.
//!
//! Times are the server's ([`crate::clock::Clock`], milliseconds since the Unix epoch). Only
//! the clock of the seat to move runs; a move stops it, adds the increment (Fischer) and starts
//! the next seat's. The room decides when a clock runs ([`crate::room`]); this only counts.

use crate::room::SeatNo;

/// The longest initial time a room may have: three hours.
pub const MAX_INITIAL_MS: u64 = 180 * 60 * 1000;
/// The largest increment: three minutes a move.
pub const MAX_INCREMENT_MS: u64 = 180 * 1000;
/// The shortest initial time unless the server is set up otherwise: one minute.
pub const DEFAULT_MIN_INITIAL_MS: u64 = 60 * 1000;

/// How much time every seat has: `initial_ms` for the game, `increment_ms` more after each of
/// its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// A time control, checked: `min_initial_ms` to [`MAX_INITIAL_MS`] for the game, at most
    /// [`MAX_INCREMENT_MS`] a move.
    ///
    /// # Errors
    /// Names the field out of range and the range.
    pub fn new(
        initial_ms: u64,
        increment_ms: u64,
        min_initial_ms: u64,
    ) -> Result<TimeControl, String> {
        if !(min_initial_ms..=MAX_INITIAL_MS).contains(&initial_ms) {
            return Err(format!(
                "clock.initial_ms must be {min_initial_ms} to {MAX_INITIAL_MS} (got {initial_ms})"
            ));
        }
        if increment_ms > MAX_INCREMENT_MS {
            return Err(format!(
                "clock.increment_ms must be 0 to {MAX_INCREMENT_MS} (got {increment_ms})"
            ));
        }
        Ok(TimeControl {
            initial_ms,
            increment_ms,
        })
    }
}

/// Every seat's remaining time as of `at`: what a server saves now and then so that, after a
/// restart, the time it was down is not charged to the seat to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockTimes {
    pub at: u64,
    pub remaining_ms: Vec<u64>,
}

/// The clocks as they stand at one moment, for the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockReading {
    pub control: TimeControl,
    pub remaining_ms: Vec<u64>,
    pub running: Option<SeatNo>,
}

/// The clock that runs: whose, and since when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Running {
    seat: SeatNo,
    since: u64,
}

/// The clocks of a room's seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    /// Per seat; for the running one, as of `running.since`.
    remaining: Vec<u64>,
    running: Option<Running>,
}

impl Clocks {
    /// Fresh clocks for `seats` seats, none running.
    pub fn new(control: TimeControl, seats: usize) -> Clocks {
        Clocks {
            control,
            remaining: vec![control.initial_ms; seats],
            running: None,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The seat whose clock runs, if one does.
    pub fn running(&self) -> Option<SeatNo> {
        self.running.map(|r| r.seat)
    }

    /// Every seat's remaining time at `now`.
    pub fn remaining_at(&self, now: u64) -> Vec<u64> {
        let mut remaining = self.remaining.clone();
        if let Some(r) = self.running {
            if let Some(left) = remaining.get_mut(r.seat.index()) {
                *left = left.saturating_sub(now.saturating_sub(r.since));
            }
        }
        remaining
    }

    /// When the running clock reaches zero.
    pub fn flag_at(&self) -> Option<u64> {
        let r = self.running?;
        let left = self.remaining.get(r.seat.index()).copied().unwrap_or(0);
        Some(r.since.saturating_add(left))
    }

    /// The seat whose time has run out at `now`, if one has.
    pub fn flag_due(&self, now: u64) -> Option<SeatNo> {
        let r = self.running?;
        (self.flag_at()? <= now).then_some(r.seat)
    }

    /// `seat`'s time after a move it makes at `at`: what its clock showed, less the time since
    /// it started running, plus the increment. A seat whose clock was not running (the first
    /// move) is charged nothing.
    pub fn after_move(&self, seat: SeatNo, at: u64) -> u64 {
        let left = match self.running {
            Some(r) if r.seat == seat => self.remaining_at(at)[seat.index()],
            _ => self.remaining.get(seat.index()).copied().unwrap_or(0),
        };
        left.saturating_add(self.control.increment_ms)
    }

    /// `seat` moved and has `remaining_ms` left; its clock stops.
    pub fn moved(&mut self, seat: SeatNo, remaining_ms: u64) {
        if let Some(left) = self.remaining.get_mut(seat.index()) {
            *left = remaining_ms;
        }
        if self.running.is_some_and(|r| r.seat == seat) {
            self.running = None;
        }
    }

    /// `seat` ran out of time; its clock stops at zero.
    pub fn flagged(&mut self, seat: SeatNo) {
        if let Some(left) = self.remaining.get_mut(seat.index()) {
            *left = 0;
        }
        if self.running.is_some_and(|r| r.seat == seat) {
            self.running = None;
        }
    }

    /// From `at` on, `next`'s clock runs (`None`: none does). A clock that stops is charged
    /// the time it ran.
    pub fn run(&mut self, next: Option<SeatNo>, at: u64) {
        if self.running.map(|r| r.seat) == next {
            return;
        }
        self.remaining = self.remaining_at(at);
        self.running = next.map(|seat| Running { seat, since: at });
    }

    /// Every seat has the initial time again and no clock runs (a new game).
    pub fn reset(&mut self) {
        self.remaining = vec![self.control.initial_ms; self.remaining.len()];
        self.running = None;
    }

    /// The clocks as they stand at `now`.
    pub fn reading(&self, now: u64) -> ClockReading {
        ClockReading {
            control: self.control,
            remaining_ms: self.remaining_at(now),
            running: self.running(),
        }
    }

    /// The clocks as of `now`, to save.
    pub fn times(&self, now: u64) -> ClockTimes {
        ClockTimes {
            at: now,
            remaining_ms: self.remaining_at(now),
        }
    }

    /// After a restart at `now`: the running clock goes on from what `saved` showed if it was
    /// saved while this clock ran (otherwise from the last event), and the time the server was
    /// down is not charged.
    pub fn resume(&mut self, saved: Option<&ClockTimes>, now: u64) {
        let Some(r) = self.running else {
            return;
        };
        if let Some(saved) = saved.filter(|s| s.at >= r.since) {
            if let (Some(left), Some(&then)) = (
                self.remaining.get_mut(r.seat.index()),
                saved.remaining_ms.get(r.seat.index()),
            ) {
                *left = then;
            }
        }
        self.running = Some(Running {
            seat: r.seat,
            since: now,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three_two() -> TimeControl {
        TimeControl::new(180_000, 2_000, DEFAULT_MIN_INITIAL_MS).expect("3+2 is allowed")
    }

    #[test]
    fn time_controls_out_of_range_are_refused_by_field() {
        assert!(TimeControl::new(59_999, 0, DEFAULT_MIN_INITIAL_MS)
            .expect_err("under a minute")
            .contains("clock.initial_ms must be 60000 to 10800000"));
        assert!(TimeControl::new(MAX_INITIAL_MS + 1, 0, DEFAULT_MIN_INITIAL_MS).is_err());
        assert!(
            TimeControl::new(60_000, MAX_INCREMENT_MS + 1, DEFAULT_MIN_INITIAL_MS)
                .expect_err("too much increment")
                .contains("clock.increment_ms")
        );
        assert!(TimeControl::new(2_000, 0, 1_000).is_ok());
    }

    #[test]
    fn only_the_running_clock_counts_down_and_a_move_adds_the_increment() {
        let mut c = Clocks::new(three_two(), 2);
        assert_eq!(
            c.after_move(SeatNo(0), 5_000),
            182_000,
            "the first move is not charged"
        );
        c.moved(SeatNo(0), 182_000);
        c.run(Some(SeatNo(1)), 5_000);
        assert_eq!(c.remaining_at(15_000), vec![182_000, 170_000]);
        assert_eq!(c.after_move(SeatNo(1), 15_000), 172_000);
        assert_eq!(c.flag_at(), Some(185_000));
        assert_eq!(c.flag_due(184_999), None);
        assert_eq!(c.flag_due(185_000), Some(SeatNo(1)));
        c.flagged(SeatNo(1));
        assert_eq!(c.running(), None);
        assert_eq!(c.remaining_at(200_000), vec![182_000, 0]);
        c.reset();
        assert_eq!(c.remaining_at(300_000), vec![180_000, 180_000]);
    }

    #[test]
    fn a_restart_charges_the_time_saved_but_not_the_time_down() {
        let mut c = Clocks::new(three_two(), 3);
        c.run(Some(SeatNo(2)), 10_000);
        // Saved 4 s into the move, then down for an hour.
        let saved = c.times(14_000);
        c.resume(Some(&saved), 3_614_000);
        assert_eq!(c.remaining_at(3_615_000)[2], 175_000);
        // A save from before the clock started running is not this clock's.
        let mut c = Clocks::new(three_two(), 2);
        c.run(Some(SeatNo(1)), 10_000);
        c.resume(
            Some(&ClockTimes {
                at: 9_000,
                remaining_ms: vec![1, 1],
            }),
            50_000,
        );
        assert_eq!(c.remaining_at(50_000), vec![180_000, 180_000]);
    }
}
