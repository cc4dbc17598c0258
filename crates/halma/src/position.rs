//! A position: whose pieces stand where, who moves, the round, who has finished.

use crate::board::{Board, Direction};
use crate::moves::{Move, MoveList, Path};
use crate::points::{Point, Points};
use crate::setup::{Layout, Seat, Seats, Setup};
use crate::zobrist;
use crate::Variant;
use std::fmt;

/// Every game is drawn for those still playing once they have all made this many moves.
pub const MOVE_LIMIT: u32 = 200;

/// A position of a game: valid by construction (every seat in play has all its pieces).
#[derive(Clone, Copy)]
pub struct Position {
    layout: &'static Layout,
    pieces: [Points; 6],
    occupied: Points,
    to_move: Seat,
    /// The round being played (1 = the first).
    round: u32,
    /// Seats that have filled their target camp.
    finished: Seats,
    /// Seats out of the game without finishing (the yard rule).
    lost: Seats,
    hash: u64,
}

/// Why a position string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// Not of the form `S:N:CELLS`.
    Shape,
    /// `S` is not a seat in play.
    Seat(String),
    /// `N` is not a round number (1 or more).
    Round(String),
    RowCount {
        expected: usize,
        found: usize,
    },
    RowLength {
        row: String,
        expected: usize,
        found: usize,
    },
    /// A character that is neither `.` nor the digit of a seat in play.
    Cell {
        row: String,
        found: char,
    },
    PieceCount {
        seat: Seat,
        expected: u32,
        found: u32,
    },
    /// The seat to move has already finished while others play on.
    SeatToMoveFinished(Seat),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Shape => f.write_str(
                "a position is written S:N:CELLS (seat to move, round, rows of cells separated by /)",
            ),
            ParsePositionError::Seat(s) => write!(f, "'{s}' is not a seat in play"),
            ParsePositionError::Round(s) => {
                write!(f, "'{s}' is not a round number (1 or more)")
            }
            ParsePositionError::RowCount { expected, found } => {
                write!(f, "expected {expected} rows, found {found}")
            }
            ParsePositionError::RowLength {
                row,
                expected,
                found,
            } => write!(f, "row {row} has {found} cells, expected {expected}"),
            ParsePositionError::Cell { row, found } => write!(
                f,
                "'{found}' in row {row} is neither '.' nor the digit of a seat in play"
            ),
            ParsePositionError::PieceCount {
                seat,
                expected,
                found,
            } => write!(f, "{seat} has {found} pieces, expected {expected}"),
            ParsePositionError::SeatToMoveFinished(s) => {
                write!(f, "{s} is to move but has already finished")
            }
        }
    }
}

impl std::error::Error for ParsePositionError {}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.layout.setup == other.layout.setup
            && self.pieces == other.pieces
            && self.to_move == other.to_move
            && self.round == other.round
            && self.finished == other.finished
            && self.lost == other.lost
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {self})", self.layout.setup)
    }
}

/// The position string of SPEC §2.4.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.layout.board;
        write!(f, "{}:{}:", self.to_move.number(), self.round)?;
        let mut cells = board.cells().iter();
        for (r, &len) in board.row_lengths().iter().enumerate() {
            if r > 0 {
                f.write_str("/")?;
            }
            for cell in cells.by_ref().take(len as usize) {
                let c = match self.seat_at(cell.point) {
                    Some(s) => char::from(b'0' + s.number()),
                    None => '.',
                };
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl Position {
    /// The start: every seat's camp full, seat 1 to move in round 1.
    pub fn start(setup: Setup) -> Position {
        let layout = setup.layout();
        let mut pieces = [Points::EMPTY; 6];
        for &s in &layout.seats {
            pieces[s.index()] = layout.home[s.index()];
        }
        Position::assemble(layout, pieces, layout.seats[0], 1)
    }

    fn assemble(
        layout: &'static Layout,
        pieces: [Points; 6],
        to_move: Seat,
        round: u32,
    ) -> Position {
        let mut pos = Position {
            layout,
            pieces,
            occupied: pieces.iter().fold(Points::EMPTY, |a, &b| a | b),
            to_move,
            round,
            finished: Seats::NONE,
            lost: Seats::NONE,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        for &s in &layout.seats {
            if pos.has_filled_target(s) {
                pos.finished.insert(s);
            } else if pos.breaks_yard_rule(s) {
                pos.lost.insert(s);
            }
        }
        pos
    }

    /// Reads the position string of SPEC §2.4 (`S:N:CELLS`).
    ///
    /// # Errors
    /// Names the first problem: the shape, the seat or round, a row's length, a cell, a seat's
    /// number of pieces.
    pub fn parse(setup: Setup, text: &str) -> Result<Position, ParsePositionError> {
        let layout = setup.layout();
        let board = layout.board;
        let mut parts = text.trim().splitn(3, ':');
        let (Some(s), Some(n), Some(cells)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(ParsePositionError::Shape);
        };
        let seat = s
            .trim()
            .parse::<u8>()
            .ok()
            .and_then(Seat::new)
            .filter(|&seat| layout.in_play.contains(seat))
            .ok_or_else(|| ParsePositionError::Seat(s.trim().to_string()))?;
        let round = n
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&r| r >= 1)
            .ok_or_else(|| ParsePositionError::Round(n.trim().to_string()))?;
        let rows: Vec<&str> = cells.trim().split('/').collect();
        let lengths = board.row_lengths();
        if rows.len() != lengths.len() {
            return Err(ParsePositionError::RowCount {
                expected: lengths.len(),
                found: rows.len(),
            });
        }
        let mut pieces = [Points::EMPTY; 6];
        let mut cell_iter = board.cells().iter();
        for (r, (row, &len)) in rows.iter().zip(lengths).enumerate() {
            let row_name = row_name(board, r);
            let chars: Vec<char> = row.trim().chars().collect();
            if chars.len() != len as usize {
                return Err(ParsePositionError::RowLength {
                    row: row_name,
                    expected: len as usize,
                    found: chars.len(),
                });
            }
            for c in chars {
                let cell = cell_iter.next().expect("row lengths match the board");
                if c == '.' {
                    continue;
                }
                let owner = c
                    .to_digit(10)
                    .and_then(|d| Seat::new(d as u8))
                    .filter(|&s| layout.in_play.contains(s))
                    .ok_or(ParsePositionError::Cell {
                        row: row_name.clone(),
                        found: c,
                    })?;
                pieces[owner.index()].insert(cell.point);
            }
        }
        for &s in &layout.seats {
            let found = pieces[s.index()].len();
            if found != layout.pieces {
                return Err(ParsePositionError::PieceCount {
                    seat: s,
                    expected: layout.pieces,
                    found,
                });
            }
        }
        let pos = Position::assemble(layout, pieces, seat, round);
        if !pos.is_over() && !pos.active().contains(seat) {
            return Err(ParsePositionError::SeatToMoveFinished(seat));
        }
        Ok(pos)
    }

    pub fn setup(&self) -> Setup {
        self.layout.setup
    }

    pub fn variant(&self) -> Variant {
        self.layout.setup.variant()
    }

    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    pub fn board(&self) -> &'static Board {
        self.layout.board
    }

    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The round being played: 1 until every seat has moved once.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The pieces of `seat`.
    pub fn pieces(&self, seat: Seat) -> Points {
        self.pieces[seat.index()]
    }

    pub fn occupied(&self) -> Points {
        self.occupied
    }

    pub fn seat_at(&self, p: Point) -> Option<Seat> {
        if !self.occupied.contains(p) {
            return None;
        }
        self.layout
            .seats
            .iter()
            .copied()
            .find(|s| self.pieces[s.index()].contains(p))
    }

    /// Seats that have filled their target camp.
    pub fn finished(&self) -> Seats {
        self.finished
    }

    /// Seats out of the game by the yard rule.
    pub fn lost(&self) -> Seats {
        self.lost
    }

    /// Seats still playing.
    pub fn active(&self) -> Seats {
        Seats::from_bits(self.layout.in_play.bits() & !self.finished.bits() & !self.lost.bits())
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = zobrist::to_move(self.to_move.index());
        for &s in &self.layout.seats {
            for p in self.pieces[s.index()] {
                h ^= zobrist::piece(s.index(), p.index());
            }
        }
        h
    }

    /// How many moves (passes included) `seat` has made.
    pub fn moves_made(&self, seat: Seat) -> u32 {
        let layout = self.layout;
        let before = layout.turn_index(seat) < layout.turn_index(self.to_move);
        self.round - 1 + u32::from(before)
    }

    /// Whether `seat` fills its target camp: with all its pieces, or (anti-spoiling) when the
    /// camp is full and holds at least one of them.
    pub fn has_filled_target(&self, seat: Seat) -> bool {
        let target = self.layout.target[seat.index()];
        let own = self.pieces[seat.index()];
        if own.is_subset(target) {
            return true;
        }
        self.variant().anti_spoiling()
            && target.is_subset(self.occupied)
            && !(own & target).is_empty()
    }

    /// Whether some sequence of legal moves from here could still let `seat` fill its target
    /// camp, the others helping as they may: the test for a player whose opponent ran out of
    /// time (a draw when it cannot, SPEC's flag rule). It answers `false` only when the rules
    /// rule a win out for certain, counting one move per piece (a chain of jumps moves one
    /// piece):
    ///
    /// - `seat` has left the game (finished, lost by the yard rule) — `true` only if it finished;
    /// - more of its pieces are outside the target camp than it has moves left before the
    ///   200-move limit (with anti-spoiling, one own piece in a camp the others fill is enough,
    ///   so one move suffices there);
    /// - (the yard rule, 8×8 and 10×10) more of its pieces are still at home than it has moves
    ///   left before the rule's move: it would lose by the rule first.
    pub fn could_still_finish(&self, seat: Seat) -> bool {
        let i = seat.index();
        if self.finished.contains(seat) {
            return true;
        }
        if !self.active().contains(seat) || self.is_over() {
            return false;
        }
        let made = self.moves_made(seat);
        let moves_left = MOVE_LIMIT.saturating_sub(made);
        let target = self.layout.target[i];
        let own = self.pieces[i];
        let outside = (own & !target).len();
        let needed = if self.variant().anti_spoiling() {
            outside.min(u32::from((own & target).is_empty()))
        } else {
            outside
        };
        if needed > moves_left {
            return false;
        }
        if let Some(limit) = self.variant().yard_limit() {
            let at_home = (own & self.layout.home[i]).len();
            // After move `limit + 1` no piece may be at home.
            if at_home > (limit + 1).saturating_sub(made) {
                return false;
            }
        }
        true
    }

    /// Whether `seat` has made more moves than the yard rule allows with a piece still at home.
    fn breaks_yard_rule(&self, seat: Seat) -> bool {
        match self.variant().yard_limit() {
            Some(limit) => {
                self.moves_made(seat) > limit
                    && !(self.pieces[seat.index()] & self.layout.home[seat.index()]).is_empty()
            }
            None => false,
        }
    }

    /// Whether nobody moves any more: with 2 players one has finished or lost; with more,
    /// one is left; alone, once finished; or every seat has made its 200 moves.
    pub fn is_over(&self) -> bool {
        if self.round > MOVE_LIMIT {
            return true;
        }
        if self.layout.seats.len() == 1 {
            !self.active().contains(self.layout.seats[0])
        } else if self.layout.seats.len() == 2 {
            !self.finished.is_empty() || !self.lost.is_empty()
        } else {
            self.active().len() <= 1
        }
    }

    /// The points where the seat to move may not end a move: its own camp once the yard rule
    /// applies (from the 31st move on 8×8, the 51st on 10×10).
    fn forbidden_ends(&self) -> Points {
        match self.variant().yard_limit() {
            Some(limit) if self.moves_made(self.to_move) >= limit => {
                self.layout.home[self.to_move.index()]
            }
            _ => Points::EMPTY,
        }
    }

    /// The empty points a piece of the mover starting on `from` may land on during its move
    /// (the star's target camp keeps the pieces inside it), with the piece lifted.
    fn landing_points(&self, from: Point) -> Points {
        let lifted = self.occupied ^ Points::single(from);
        let mut empty = self.layout.board.points() & !lifted;
        if self.variant().target_camp_lock() {
            let target = self.layout.target[self.to_move.index()];
            if target.contains(from) {
                empty &= target;
            }
        }
        empty
    }

    /// Where the mover's piece on `from` can go: steps to an empty neighbour and the ends of
    /// every chain of jumps. Empty when `from` holds no piece of the mover or the game is over.
    pub fn destinations(&self, from: Point) -> Points {
        if self.is_over() || !self.pieces[self.to_move.index()].contains(from) {
            return Points::EMPTY;
        }
        self.destinations_unchecked(from, self.forbidden_ends())
    }

    #[inline]
    fn destinations_unchecked(&self, from: Point, forbidden: Points) -> Points {
        let dirs = self.layout.board.directions();
        let start = Points::single(from);
        let lifted = self.occupied ^ start;
        let empty = self.landing_points(from);
        let mut steps = Points::EMPTY;
        for d in dirs {
            steps |= d.step(start);
        }
        let jumps = jump_flood(dirs, start, lifted, empty);
        (steps & empty | jumps) & !start & !forbidden
    }

    /// Every legal move; a single pass when the mover has none; nothing when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_over() {
            return list;
        }
        let forbidden = self.forbidden_ends();
        for from in self.pieces[self.to_move.index()] {
            for to in self.destinations_unchecked(from, forbidden) {
                list.push(Move::new(from, to));
            }
        }
        if list.is_empty() {
            list.push(Move::PASS);
        }
        list
    }

    /// The number of [`Position::legal_moves`], without listing them.
    pub fn count_moves(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let forbidden = self.forbidden_ends();
        let n: u64 = self.pieces[self.to_move.index()]
            .iter()
            .map(|from| u64::from(self.destinations_unchecked(from, forbidden).len()))
            .sum();
        n.max(1)
    }

    /// Whether `m` is one of the legal moves.
    pub fn is_legal(&self, m: Move) -> bool {
        if self.is_over() {
            return false;
        }
        if m.is_pass() {
            return m == Move::PASS && self.legal_moves().first() == Some(&Move::PASS);
        }
        self.destinations(m.from()).contains(m.to())
    }

    /// The shortest hop path of a legal move: `[from, to]` for a step, every landing for a
    /// chain of jumps. A pass has an empty path.
    pub fn path(&self, m: Move) -> Path {
        let mut path = Path::new();
        if m.is_pass() {
            return path;
        }
        let board = self.layout.board;
        let dirs = board.directions();
        let start = Points::single(m.from());
        let lifted = self.occupied ^ start;
        let empty = self.landing_points(m.from());
        let is_step = dirs
            .iter()
            .any(|d| board.neighbour(m.from(), d) == Some(m.to()));
        if is_step || !empty.contains(m.to()) {
            path.push(m.from());
            path.push(m.to());
            return path;
        }
        let mut layers: Vec<Points> = vec![start];
        let mut reached = start;
        while !reached.contains(m.to()) {
            let frontier = *layers.last().expect("at least the start");
            let mut next = Points::EMPTY;
            for d in dirs {
                next |= d.step(d.step(frontier) & lifted) & empty;
            }
            next &= !reached;
            if next.is_empty() {
                path.push(m.from());
                path.push(m.to());
                return path;
            }
            reached |= next;
            layers.push(next);
        }
        let mut hops = vec![m.to()];
        let mut here = m.to();
        for layer in layers.iter().rev().skip(1) {
            let back = dirs
                .iter()
                .find_map(|d| {
                    let over = board.neighbour(here, d)?;
                    let land = board.neighbour(over, d)?;
                    (lifted.contains(over) && layer.contains(land)).then_some(land)
                })
                .expect("each landing has one in the layer before");
            hops.push(back);
            here = back;
        }
        path.extend(hops.into_iter().rev());
        path
    }

    /// Plays `m`, which must be legal (see [`Position::is_legal`]).
    pub fn play(&mut self, m: Move) {
        let mover = self.to_move;
        if !m.is_pass() {
            let i = mover.index();
            let change = Points::single(m.from()) | Points::single(m.to());
            self.pieces[i] ^= change;
            self.occupied ^= change;
            self.hash ^= zobrist::piece(i, m.from().index()) ^ zobrist::piece(i, m.to().index());
            let layout = self.layout;
            let turn = layout.turn_index(mover).unwrap_or(0);
            let n = layout.seats.len();
            for k in 0..n {
                let s = layout.seats[(turn + k) % n];
                if self.active().contains(s) && self.has_filled_target(s) {
                    self.finished.insert(s);
                }
            }
        }
        self.advance_turn(mover);
        // The mover's count now includes this move.
        if self.active().contains(mover) && self.breaks_yard_rule(mover) {
            self.lost.insert(mover);
        }
    }

    /// Passes the turn from `mover` to the next seat still playing, starting a new round when
    /// the turn order wraps.
    fn advance_turn(&mut self, mover: Seat) {
        let layout = self.layout;
        let n = layout.seats.len();
        let turn = layout.turn_index(mover).unwrap_or(0);
        let active = self.active();
        self.hash ^= zobrist::to_move(self.to_move.index());
        let mut next = mover;
        let mut wrapped = false;
        for k in 1..=n {
            let i = (turn + k) % n;
            if i <= turn {
                wrapped = true;
            }
            let s = layout.seats[i];
            if active.contains(s) || (k == n) {
                next = s;
                break;
            }
        }
        if wrapped {
            self.round += 1;
        }
        self.to_move = next;
        self.hash ^= zobrist::to_move(next.index());
    }

    /// Takes `seat` out of the game (a resignation): its pieces stay where they stand, and if
    /// it was to move, the turn passes on.
    pub fn retire(&mut self, seat: Seat) {
        if !self.active().contains(seat) {
            return;
        }
        self.lost.insert(seat);
        if self.to_move == seat {
            self.advance_turn(seat);
        }
    }

    /// The position after `m`.
    pub fn after(&self, m: Move) -> Position {
        let mut next = *self;
        next.play(m);
        next
    }

    /// The sum over `seat`'s pieces of a per-point table, for evaluations.
    pub fn sum_over(&self, seat: Seat, table: &[i32; 256]) -> i32 {
        self.pieces[seat.index()]
            .iter()
            .map(|p| table[p.index()])
            .sum()
    }
}

/// The ends of every chain of jumps from `start` over `occupied` points onto `empty` ones.
#[inline]
fn jump_flood(dirs: &[Direction], start: Points, occupied: Points, empty: Points) -> Points {
    let mut reached = start;
    let mut frontier = start;
    loop {
        let mut next = Points::EMPTY;
        for d in dirs {
            next |= d.step(d.step(frontier) & occupied) & empty;
        }
        next &= !reached;
        if next.is_empty() {
            return reached ^ start;
        }
        reached |= next;
        frontier = next;
    }
}

/// A row's name in messages: its letter on the star, its rank on square boards.
fn row_name(board: &Board, row: usize) -> String {
    match board.variant() {
        Variant::ChineseCheckers => char::from(b'a' + row as u8).to_string(),
        _ => (row + 1).to_string(),
    }
}
