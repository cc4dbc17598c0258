//! A Halma or Chinese checkers game as the browser sees it.

use crate::errors::ErrorCode;
use crate::session::{coded, rules, SessionError};
use crate::view::{
    BoardLayout, BoardShape, Cell, ColorKey, ComputerTurn, Details, GameView, HalmaDetails,
    HalmaSeat, HistoryEntry, LastMoveView, MoveView, PieceView, RecordView, RecordedMove,
    Resignation, ResultView, SearchReport, SeatState, SeatView,
};
use kingme_engine_core::{Clock, Level, Limits};
use kingme_halma::{
    notation, record, EndReason, Game, Move, Position, Seat, Seats, Setup, Turn, Variant,
    MOVE_LIMIT,
};

/// A game of the Halma family in progress.
#[derive(Debug, Clone)]
pub struct HalmaSession {
    game: Game,
}

pub(crate) fn parse_variant(name: &str) -> Result<Variant, SessionError> {
    name.parse::<Variant>().map_err(rules)
}

/// The seat of a 0-based index.
fn seat_of(index: u8) -> Option<Seat> {
    Seat::new(index.checked_add(1)?)
}

fn index_of(seat: Seat) -> u8 {
    seat.number() - 1
}

/// Describes `m`, played from `before`, with points named on its board.
pub fn move_view(before: &Position, m: Move) -> MoveView {
    let board = before.board();
    let path = if m.is_pass() {
        Vec::new()
    } else {
        before
            .path(m)
            .iter()
            .map(|&p| board.name(p).to_owned())
            .collect()
    };
    MoveView {
        path,
        captures: Vec::new(),
        notation: notation::move_to_string(before, m),
        promotes: false,
    }
}

/// The stable key of a reason the game ended.
fn reason_key(reason: EndReason) -> &'static str {
    match reason {
        EndReason::TargetFilled => "target-filled",
        EndReason::AntiSpoiling => "anti-spoiling",
        EndReason::YardRule => "yard-rule",
        EndReason::Repetition => "repetition",
        EndReason::MoveLimit => "move-limit",
        EndReason::Resignation => "resignation",
        EndReason::TimeOut => "time-out",
    }
}

/// The square boards' corners, for seat names and the camera: (name, view angle).
fn corner(file_low: bool, rank_low: bool) -> (&'static str, f64) {
    match (file_low, rank_low) {
        (true, true) => ("south-west", 0.0),
        (true, false) => ("north-west", 90.0),
        (false, false) => ("north-east", 180.0),
        (false, true) => ("south-east", 270.0),
    }
}

const STAR_SEATS: [(&str, ColorKey); 6] = [
    ("south", ColorKey::Red),
    ("south-west", ColorKey::Yellow),
    ("north-west", ColorKey::Green),
    ("north", ColorKey::Blue),
    ("north-east", ColorKey::Violet),
    ("south-east", ColorKey::Orange),
];

impl HalmaSession {
    /// A new game of `variant` for `players` (2 when absent), from its start or `position` (a
    /// position string, SPEC §2.4).
    pub fn new(
        variant: Variant,
        players: Option<u8>,
        position: Option<&str>,
    ) -> Result<HalmaSession, SessionError> {
        let setup = Setup::new(variant, players.unwrap_or(2)).map_err(rules)?;
        let start = match position.map(str::trim).filter(|p| !p.is_empty()) {
            Some(text) => Position::parse(setup, text).map_err(rules)?,
            None => Position::start(setup),
        };
        Ok(HalmaSession {
            game: Game::from_position(start),
        })
    }

    /// A game read from a record (`crates/halma/src/record.rs`); `variant` and `players` are
    /// assumed where the record does not name them.
    pub fn from_record(
        text: &str,
        variant: Option<Variant>,
        players: Option<u8>,
    ) -> Result<HalmaSession, SessionError> {
        let given = record::Given {
            variant,
            players,
            position: None,
        };
        let read = record::parse_with(text, &given).map_err(rules)?;
        Ok(HalmaSession { game: read.game })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn setup(&self) -> Setup {
        self.game.setup()
    }

    fn check_not_over(&self) -> Result<(), SessionError> {
        match self.game.outcome() {
            Some(_) => Err(coded(ErrorCode::GameOver, "the game is over").into()),
            None => Ok(()),
        }
    }

    /// Every legal move (a lone pass when the mover has none), by starting point then landing
    /// point, rows from the bottom.
    pub fn legal_moves(&self) -> Vec<MoveView> {
        let pos = self.game.position();
        let mut moves = self.game.legal_moves();
        moves.sort();
        moves.iter().map(|&m| move_view(pos, m)).collect()
    }

    fn play_move(&mut self, m: Move) -> Result<MoveView, SessionError> {
        let view = move_view(self.game.position(), m);
        self.game.play(m).map_err(rules)?;
        Ok(view)
    }

    /// Plays a move written as a hop path (`d1-e5`, any legal chain or `start-end`) or `pass`.
    pub fn play_text(&mut self, text: &str) -> Result<MoveView, SessionError> {
        self.check_not_over()?;
        let m = notation::parse_move(self.game.position(), text).map_err(rules)?;
        self.play_move(m)
    }

    /// Plays the legal move along `path` (its first point is the start); an empty path passes.
    pub fn play_path(&mut self, path: &[String]) -> Result<MoveView, SessionError> {
        if path.is_empty() {
            return self.play_text("pass");
        }
        self.play_text(&path.join("-"))
    }

    /// Takes back the last turn (a move or a resignation); `None` at the start.
    pub fn undo(&mut self) -> Option<MoveView> {
        let before = self.game.turns().last().map(|(p, _)| *p)?;
        match self.game.undo()? {
            Turn::Move(m) => Some(move_view(&before, m)),
            turn => Some(MoveView {
                path: Vec::new(),
                captures: Vec::new(),
                notation: notation::turn_to_string(&before, turn),
                promotes: false,
            }),
        }
    }

    /// The player in `seat` (0-based) resigns; with more than two players its pieces stay.
    pub fn resign(&mut self, seat: u8) -> Result<(), SessionError> {
        self.leave(seat, Turn::Resign)
    }

    /// The player in `seat` ran out of time: like a resignation, the seat leaves (its pieces
    /// stay) and, with more than two players, the others play on.
    pub fn time_out(&mut self, seat: u8) -> Result<(), SessionError> {
        self.leave(seat, Turn::TimeOut)
    }

    fn leave(&mut self, seat: u8, turn: fn(Seat) -> Turn) -> Result<(), SessionError> {
        self.check_not_over()?;
        let s = seat_of(seat).ok_or_else(|| {
            coded(ErrorCode::SeatNotPlaying, format_args!("no seat {seat}"))
                .with("seat", u16::from(seat) + 1)
        })?;
        self.game.replay(turn(s)).map_err(rules)
    }

    /// The current position string.
    pub fn fen(&self) -> String {
        self.game.position().to_string()
    }

    /// The position string the game started from.
    pub fn start_fen(&self) -> String {
        self.game.start().to_string()
    }

    /// The record text (`[Variant …]`, numbered rounds of hop paths, the placings).
    pub fn record_text(&self) -> String {
        record::write(&self.game, &[("Site", "kingme")])
    }

    /// The game as a record to replay.
    pub fn record(&self) -> RecordView {
        let mut moves = Vec::new();
        let mut resigned = Vec::new();
        let mut timed_out = Vec::new();
        for (before, turn) in self.game.turns() {
            match turn {
                Turn::Move(m) => moves.push(RecordedMove {
                    path: move_view(before, m).path,
                    offer: false,
                }),
                Turn::Resign(s) => resigned.push(Resignation {
                    seat: index_of(s),
                    after: moves.len(),
                }),
                Turn::TimeOut(s) => timed_out.push(Resignation {
                    seat: index_of(s),
                    after: moves.len(),
                }),
            }
        }
        RecordView {
            variant: self.setup().variant().key().to_owned(),
            players: self.setup().players(),
            start_fen: self.start_fen(),
            moves,
            resigned,
            timed_out,
            draw_agreed: false,
        }
    }

    /// The points of the board, with the home camp each belongs to.
    pub fn layout(&self) -> BoardLayout {
        let layout = self.setup().layout();
        let star = self.setup().variant() == Variant::ChineseCheckers;
        let cells = layout
            .board
            .cells()
            .iter()
            .map(|c| {
                let camp = (0..6u8).find(|&s| layout.home[usize::from(s)].contains(c.point));
                let (x, y) = if star {
                    (
                        f64::from(c.column) / 2.0,
                        f64::from(c.row) * 3f64.sqrt() / 2.0,
                    )
                } else {
                    (f64::from(c.column), f64::from(c.row))
                };
                Cell {
                    name: c.name.clone(),
                    x,
                    y,
                    playable: true,
                    camp,
                }
            })
            .collect();
        BoardLayout {
            shape: if star {
                BoardShape::Star
            } else {
                BoardShape::Square
            },
            cells,
        }
    }

    /// The seats in play, in turn order, with their colours, names and view angles.
    pub fn seats(&self) -> Vec<SeatView> {
        let setup = self.setup();
        let layout = setup.layout();
        let size = layout.board.row_lengths().len();
        layout
            .seats
            .iter()
            .map(|&s| {
                let index = index_of(s);
                let (name, color, view_angle) = if setup.variant() == Variant::ChineseCheckers {
                    let (name, color) = STAR_SEATS[s.index()];
                    (name, color, f64::from(index) * 60.0)
                } else {
                    let home = layout.home[s.index()];
                    let first = home.first().map_or(0, |p| p.index());
                    let (file, rank) = (first % size, first / size);
                    let (name, angle) = corner(file < size / 2, rank < size / 2);
                    let palette: &[ColorKey] = if layout.seats.len() == 2 {
                        &[ColorKey::Red, ColorKey::Blue]
                    } else {
                        &[
                            ColorKey::Red,
                            ColorKey::Yellow,
                            ColorKey::Blue,
                            ColorKey::Green,
                        ]
                    };
                    (name, palette[s.index() % palette.len()], angle)
                };
                SeatView {
                    index,
                    color,
                    view_angle,
                    name: name.to_owned(),
                }
            })
            .collect()
    }

    /// The seat whose home camp is `seat`'s target.
    fn target_seat(&self, seat: Seat) -> u8 {
        let layout = self.setup().layout();
        let target = layout.target[seat.index()];
        (0..6u8)
            .find(|&s| layout.home[usize::from(s)] == target)
            .unwrap_or(0)
    }

    /// Seats that finished, in the order they did (those finished at the start first).
    fn finishing_order(&self) -> Vec<Seat> {
        let mut order: Vec<Seat> = self.game.start().finished().iter().collect();
        let mut positions: Vec<&Position> = self.game.turns().map(|(p, _)| p).collect();
        positions.push(self.game.position());
        for pair in positions.windows(2) {
            let (before, after) = (pair[0].finished(), pair[1].finished());
            order.extend(after.iter().filter(|&s| !before.contains(s)));
        }
        order
    }

    /// Everything the screen draws.
    pub fn view(&self) -> GameView {
        let pos = self.game.position();
        let setup = self.setup();
        let layout = setup.layout();
        let board = layout.board;
        let outcome = self.game.outcome();
        let mut pieces = Vec::new();
        for &s in &layout.seats {
            for p in pos.pieces(s) {
                pieces.push(PieceView {
                    cell: board.name(p).to_owned(),
                    seat: index_of(s),
                    king: false,
                });
            }
        }
        let mut resigned = Seats::NONE;
        let mut timed_out = Seats::NONE;
        let mut played: Vec<LastMoveView> = Vec::new();
        let mut rounds: Vec<u32> = Vec::new();
        for (before, turn) in self.game.turns() {
            match turn {
                Turn::Move(m) => {
                    rounds.push(before.round());
                    played.push(LastMoveView {
                        seat: index_of(before.to_move()),
                        played: move_view(before, m),
                        offered_draw: false,
                    });
                }
                Turn::Resign(s) => resigned.insert(s),
                Turn::TimeOut(s) => timed_out.insert(s),
            }
        }
        let mut last_moves: Vec<LastMoveView> = Vec::new();
        for m in played.iter().rev() {
            if !last_moves.iter().any(|l| l.seat == m.seat) {
                last_moves.push(m.clone());
            }
        }
        last_moves.reverse();
        let finishers = self.finishing_order();
        let yard_limit = setup.variant().yard_limit();
        let seats = layout
            .seats
            .iter()
            .map(|&s| {
                let state = if pos.finished().contains(s) {
                    SeatState::Finished
                } else if resigned.contains(s) {
                    SeatState::Resigned
                } else if timed_out.contains(s) {
                    SeatState::TimedOut
                } else if pos.lost().contains(s) {
                    SeatState::YardRule
                } else {
                    SeatState::Playing
                };
                let own = pos.pieces(s);
                // Counted from the moves played (passes too): once finished, a seat's count stops.
                let index = index_of(s);
                let moves_made = self.game.start().moves_made(s)
                    + played.iter().filter(|m| m.seat == index).count() as u32;
                let at_home = !(own & layout.home[s.index()]).is_empty();
                let place = match &outcome {
                    Some(o) => o.place(s).map(|p| p as u32),
                    None => finishers.iter().position(|&f| f == s).map(|i| i as u32 + 1),
                };
                HalmaSeat {
                    seat: index_of(s),
                    target: self.target_seat(s),
                    outside_target: (own & !layout.target[s.index()]).len(),
                    moves_made,
                    yard_moves_left: yard_limit
                        .filter(|_| state == SeatState::Playing && at_home)
                        .map(|limit| (limit + 1).saturating_sub(moves_made)),
                    state,
                    place,
                }
            })
            .collect();
        GameView {
            variant: setup.variant().key().to_owned(),
            layout: self.layout(),
            seats: self.seats(),
            fen: self.fen(),
            turn: outcome.is_none().then(|| index_of(pos.to_move())),
            ply: self.game.ply(),
            pieces,
            last_move: played.last().cloned(),
            last_moves,
            result: outcome.map(|o| ResultView {
                placings: o
                    .ranking
                    .iter()
                    .map(|group| group.iter().map(|&s| index_of(s)).collect())
                    .collect(),
                winner: o.winner().map(index_of),
                reason: reason_key(o.reason).to_owned(),
                reason_text: o.reason.key().to_owned(),
            }),
            moves: played.iter().map(|m| m.played.notation.clone()).collect(),
            history: played
                .iter()
                .zip(&rounds)
                .map(|(m, &number)| HistoryEntry {
                    number,
                    seat: m.seat,
                    notation: m.played.notation.clone(),
                    record: m.played.notation.clone(),
                    offered_draw: false,
                })
                .collect(),
            details: Details::Halma(HalmaDetails {
                players: setup.players(),
                round: pos.round(),
                yard_limit,
                move_limit: MOVE_LIMIT,
                seats,
            }),
        }
    }

    /// The game as it stood after its first `moves` moves (resignations after the last of them
    /// stay; all of them: as it stands now).
    pub fn view_at(&self, moves: usize) -> Result<GameView, SessionError> {
        let mut left = self
            .game
            .turns()
            .filter(|(_, t)| matches!(t, Turn::Move(_)))
            .count();
        if moves > left {
            return Err(coded(
                ErrorCode::NoSuchMove,
                format_args!("the game has {left} moves, not {moves}"),
            )
            .with("moves", moves)
            .with("total", left)
            .into());
        }
        let mut earlier = self.clone();
        while left > moves {
            if let Some(Turn::Move(_)) = earlier.game.undo() {
                left -= 1;
            }
        }
        Ok(earlier.view())
    }

    fn earlier_hashes(&self) -> Vec<u64> {
        let mut hashes = self.game.position_hashes();
        hashes.pop();
        hashes
    }

    /// The computer's move at `level` for the seat to move.
    /// With `time` (its clock in a timed game) its search is held to the budget its time and
    /// increment give ([`kingme_engine_core::time_budget`]).
    pub fn computer_turn(
        &self,
        level: Level,
        clock: &dyn Clock,
        seed: u64,
        time: Option<kingme_engine_core::TimeLeft>,
        memory: &mut kingme_halma_engine::Memory,
    ) -> Result<ComputerTurn, SessionError> {
        self.check_not_over()?;
        let pos = self.game.position();
        let chosen = memory
            .think_timed(pos, &self.earlier_hashes(), level, clock, seed, time)
            .and_then(|r| r.best);
        Ok(ComputerTurn {
            accept_draw: false,
            chosen: chosen.map(|m| move_view(pos, m)),
            offer_draw: false,
        })
    }

    /// Searches the current position to a fixed number of nodes (for measuring speed).
    pub fn search_nodes(&self, nodes: u64, clock: &dyn Clock) -> SearchReport {
        let start = clock.now_ms();
        let pos = self.game.position();
        let result = kingme_halma_engine::search(
            pos,
            &self.earlier_hashes(),
            Limits::Nodes(nodes),
            clock,
            &mut |_| {},
        );
        SearchReport {
            nodes: result.nodes,
            depth: result.depth,
            elapsed_ms: clock.now_ms() - start,
            best: result.best.map(|m| move_view(pos, m)),
        }
    }
}
