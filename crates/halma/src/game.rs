//! A game: the moves played, undo, repetition and the result.

use crate::moves::{Move, MoveList};
use crate::notation::{self, ParseMoveError};
use crate::position::Position;
use crate::setup::{Seat, Seats, Setup};

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The winner (with 2 players) or the last player to finish filled the target camp with
    /// all own pieces.
    TargetFilled,
    /// The winner's target camp is full with at least one own piece in it (Parlett).
    AntiSpoiling,
    /// A player still had a piece in the own camp after move 30 (8×8) or 50 (10×10).
    YardRule,
    /// The same position with the same player to move for the third time (2 players).
    Repetition,
    /// Every player still playing made 200 moves: they share the remaining places.
    MoveLimit,
    /// A player resigned.
    Resignation,
    /// A player ran out of time (the last one to leave when the game ends with it).
    TimeOut,
}

impl EndReason {
    pub const fn key(self) -> &'static str {
        match self {
            EndReason::TargetFilled => "target filled",
            EndReason::AntiSpoiling => "anti-spoiling",
            EndReason::YardRule => "yard rule",
            EndReason::Repetition => "threefold repetition",
            EndReason::MoveLimit => "200 moves",
            EndReason::Resignation => "resignation",
            EndReason::TimeOut => "time-out",
        }
    }
}

/// The places of a finished game: `ranking[0]` are the first (several when they share the
/// place), and so on; a draw is one place shared by everyone still playing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub ranking: Vec<Vec<Seat>>,
    pub reason: EndReason,
}

impl Outcome {
    /// The one winner, if the first place is not shared.
    pub fn winner(&self) -> Option<Seat> {
        match self.ranking.first() {
            Some(first) if first.len() == 1 => Some(first[0]),
            _ => None,
        }
    }

    /// The place of `seat`, 1 for the first.
    pub fn place(&self, seat: Seat) -> Option<usize> {
        let mut place = 1;
        for group in &self.ranking {
            if group.contains(&seat) {
                return Some(place);
            }
            place += group.len();
        }
        None
    }

    pub fn is_draw(&self) -> bool {
        self.ranking.len() == 1
    }
}

/// A move the game cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver,
    Illegal(Move),
    /// A seat that does not play or has already left the game.
    NotPlaying(Seat),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::Illegal(m) => write!(f, "{m:?} is not a legal move"),
            PlayError::NotPlaying(s) => write!(f, "{s} is not playing"),
        }
    }
}

impl std::error::Error for PlayError {}

/// One turn of the history: what was played, and who finished or resigned with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Move(Move),
    Resign(Seat),
    /// The seat ran out of time: it leaves the game as a resigner does.
    TimeOut(Seat),
}

impl Turn {
    /// The seat that left the game with this turn (resigned or ran out of time), if one did.
    pub fn leaver(self) -> Option<Seat> {
        match self {
            Turn::Move(_) => None,
            Turn::Resign(s) | Turn::TimeOut(s) => Some(s),
        }
    }
}

#[derive(Clone, Debug)]
struct Played {
    before: Position,
    turn: Turn,
    /// Seats that finished with this turn, in the order they take their places.
    finishers: Vec<Seat>,
}

/// A game from a start (the setup's or a given position), with its history.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    history: Vec<Played>,
    /// Seats that finished before the start position, in turn order (their order is unknown).
    finished_at_start: Vec<Seat>,
    /// Seats that left by resigning or running out of time, in the order they left.
    resigned: Vec<Seat>,
    /// A flag that ended the game with the last seat still playing unable to finish: that seat
    /// shares its place with the one whose time ran out.
    drawn_by_flag: bool,
}

impl Game {
    pub fn new(setup: Setup) -> Game {
        Game::from_position(Position::start(setup))
    }

    pub fn from_position(start: Position) -> Game {
        let finished_at_start = start
            .layout()
            .seats
            .iter()
            .copied()
            .filter(|&s| start.finished().contains(s))
            .collect();
        Game {
            start,
            position: start,
            history: Vec::new(),
            finished_at_start,
            resigned: Vec::new(),
            drawn_by_flag: false,
        }
    }

    pub fn setup(&self) -> Setup {
        self.start.setup()
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Turns played since the start.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// Every turn since the start, with the position it was played in.
    pub fn turns(&self) -> impl Iterator<Item = (&Position, Turn)> {
        self.history.iter().map(|p| (&p.before, p.turn))
    }

    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            MoveList::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// Plays `m` for the seat to move.
    ///
    /// # Errors
    /// When the game is over or the move is not legal; the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.position.is_legal(m) {
            return Err(PlayError::Illegal(m));
        }
        let before = self.position;
        self.position.play(m);
        let finishers = newly(before.finished(), self.position.finished(), &before);
        self.history.push(Played {
            before,
            turn: Turn::Move(m),
            finishers,
        });
        Ok(())
    }

    /// Reads and plays a move (any legal path, `start-end` or `pass`).
    ///
    /// # Errors
    /// Says why the text is no legal move; the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Move, ParseMoveError> {
        if self.outcome().is_some() {
            return Err(ParseMoveError::GameOver);
        }
        let m = notation::parse_move(&self.position, text)?;
        self.play(m).map_err(|_| ParseMoveError::GameOver)?;
        Ok(m)
    }

    /// `seat` gives up. With two players the other wins; with more, its pieces stay on the
    /// board as obstacles and it takes the last place among those still playing.
    ///
    /// # Errors
    /// When the game is over or `seat` is not playing.
    pub fn resign(&mut self, seat: Seat) -> Result<(), PlayError> {
        self.leave(seat, Turn::Resign(seat))
    }

    /// `seat` ran out of time. It leaves the game as a resigner does; if that leaves one
    /// player and that player could not possibly finish any more
    /// ([`Position::could_still_finish`]), the two share the place instead (a draw with two
    /// players).
    ///
    /// # Errors
    /// When the game is over or `seat` is not playing.
    pub fn time_out(&mut self, seat: Seat) -> Result<(), PlayError> {
        self.leave(seat, Turn::TimeOut(seat))
    }

    fn leave(&mut self, seat: Seat, turn: Turn) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.position.active().contains(seat) {
            return Err(PlayError::NotPlaying(seat));
        }
        let before = self.position;
        self.position.retire(seat);
        self.resigned.push(seat);
        self.history.push(Played {
            before,
            turn,
            finishers: Vec::new(),
        });
        if matches!(turn, Turn::TimeOut(_)) && self.position.is_over() {
            let last: Vec<Seat> = self.still_playing();
            self.drawn_by_flag =
                matches!(last.as_slice(), [only] if !before.could_still_finish(*only));
        }
        Ok(())
    }

    fn still_playing(&self) -> Vec<Seat> {
        let pos = &self.position;
        pos.layout()
            .seats
            .iter()
            .copied()
            .filter(|&s| pos.active().contains(s))
            .collect()
    }

    /// Plays `turn` again (a move, a resignation or a time-out), as when replaying a history.
    ///
    /// # Errors
    /// As [`Game::play`], [`Game::resign`] and [`Game::time_out`].
    pub fn replay(&mut self, turn: Turn) -> Result<(), PlayError> {
        match turn {
            Turn::Move(m) => self.play(m),
            Turn::Resign(s) => self.resign(s),
            Turn::TimeOut(s) => self.time_out(s),
        }
    }

    /// Takes back the last turn.
    pub fn undo(&mut self) -> Option<Turn> {
        let last = self.history.pop()?;
        self.position = last.before;
        if let Some(s) = last.turn.leaver() {
            self.resigned.retain(|&r| r != s);
        }
        self.drawn_by_flag = false;
        Some(last.turn)
    }

    /// The hashes of every position from the start to the current one (the current last),
    /// for repetition checks in a search.
    pub fn position_hashes(&self) -> Vec<u64> {
        self.history
            .iter()
            .map(|p| p.before.hash())
            .chain(std::iter::once(self.position.hash()))
            .collect()
    }

    /// How often the current position (same pieces, same seat to move) has occurred.
    pub fn repetitions(&self) -> usize {
        let h = self.position.hash();
        1 + self
            .history
            .iter()
            .filter(|p| p.before.hash() == h && p.before.occupied() == self.position.occupied())
            .count()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let seats = &pos.layout().seats;
        let mut finishers: Vec<Seat> = self.finished_at_start.clone();
        for p in &self.history {
            finishers.extend(&p.finishers);
        }
        let still = self.still_playing();
        let yard_losers: Vec<Seat> = seats
            .iter()
            .copied()
            .filter(|s| pos.lost().contains(*s) && !self.resigned.contains(s))
            .collect();
        let rank = |reason: EndReason, middle: Vec<Vec<Seat>>| {
            let mut ranking: Vec<Vec<Seat>> = finishers.iter().map(|&s| vec![s]).collect();
            ranking.extend(middle.into_iter().filter(|g| !g.is_empty()));
            for s in yard_losers.iter().chain(self.resigned.iter().rev()) {
                ranking.push(vec![*s]);
            }
            Outcome { ranking, reason }
        };
        if seats.len() == 2 && self.repetitions() >= 3 && still.len() == 2 {
            return Some(rank(EndReason::Repetition, vec![still]));
        }
        if !pos.is_over() {
            return None;
        }
        let reason = if pos.round() > crate::MOVE_LIMIT && !still.is_empty() {
            EndReason::MoveLimit
        } else {
            match self.history.last() {
                Some(Played {
                    turn: Turn::Resign(_),
                    ..
                }) => EndReason::Resignation,
                Some(Played {
                    turn: Turn::TimeOut(_),
                    ..
                }) => EndReason::TimeOut,
                Some(Played {
                    before,
                    turn: Turn::Move(_),
                    finishers: ended,
                }) if ended.is_empty() && yard_losers.contains(&before.to_move()) => {
                    EndReason::YardRule
                }
                None if finishers.is_empty() && !yard_losers.is_empty() => EndReason::YardRule,
                _ => match finishers.last() {
                    Some(&s) if !pos.pieces(s).is_subset(pos.layout().target[s.index()]) => {
                        EndReason::AntiSpoiling
                    }
                    _ => EndReason::TargetFilled,
                },
            }
        };
        let mut middle: Vec<Vec<Seat>> = if reason == EndReason::MoveLimit {
            vec![still]
        } else {
            still.into_iter().map(|s| vec![s]).collect()
        };
        let flagged = self.resigned.last().copied();
        if let (true, Some(flagged), Some(last)) = (self.drawn_by_flag, flagged, middle.last_mut())
        {
            last.push(flagged);
            let mut outcome = rank(reason, middle);
            if let Some(i) = outcome.ranking.iter().rposition(|g| g == &[flagged]) {
                outcome.ranking.remove(i);
            }
            return Some(outcome);
        }
        Some(rank(reason, middle))
    }
}

/// The seats in `after` but not `before`, the mover first, then in turn order.
fn newly(before: Seats, after: Seats, pos: &Position) -> Vec<Seat> {
    let layout = pos.layout();
    let n = layout.seats.len();
    let first = layout.turn_index(pos.to_move()).unwrap_or(0);
    (0..n)
        .map(|k| layout.seats[(first + k) % n])
        .filter(|&s| after.contains(s) && !before.contains(s))
        .collect()
}
