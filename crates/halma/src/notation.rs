//! Moves as text: the full hop path, `d1-e5` (a step), `c1-e7` (a jump), `a1-c3-e5` (two jumps).

use crate::game::Turn;
use crate::moves::Move;
use crate::points::{Point, Points};
use crate::position::Position;
use crate::setup::Seat;
use std::fmt;

/// Why a move text was refused; every message names the points involved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    Empty,
    GameOver,
    /// A name that is no point of the board.
    UnknownPoint(String),
    /// A move names one point only.
    OnePoint(String),
    /// The start holds no piece of the seat to move.
    NotOwnPiece {
        point: String,
        seat: Seat,
    },
    NotEmpty(String),
    SamePoint(String),
    /// A hop in a chain that is a step: steps and jumps are never combined.
    StepInChain {
        from: String,
        to: String,
    },
    /// Two points of a chain that are not two apart on a line.
    NotAJump {
        from: String,
        to: String,
    },
    /// Nothing between the two points of a jump.
    NothingToJumpOver {
        from: String,
        to: String,
    },
    NoChain {
        from: String,
        to: String,
    },
    /// A piece in its target camp leaving it (the star).
    LeavesTargetCamp(String),
    /// The yard rule: from move 31 (8×8) or 51 (10×10) on, no move ends in the own camp.
    EndsInOwnCamp {
        point: String,
        move_number: u32,
    },
    /// `pass` while a move exists.
    PassNotAllowed(Seat),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseMoveError::*;
        match self {
            Empty => f.write_str("no move given"),
            GameOver => f.write_str("the game is over"),
            UnknownPoint(p) => write!(f, "'{p}' is not a point of the board"),
            OnePoint(p) => write!(
                f,
                "'{p}' names only a start; write start and end, e.g. {p}-…"
            ),
            NotOwnPiece { point, seat } => write!(f, "{point} holds no piece of {seat}"),
            NotEmpty(p) => write!(f, "{p} is not empty"),
            SamePoint(p) => write!(f, "a move may not end where it started ({p})"),
            StepInChain { from, to } => write!(
                f,
                "{from}-{to} is a step, and a step and jumps are never combined"
            ),
            NotAJump { from, to } => write!(f, "{from}-{to} is neither a step nor a jump"),
            NothingToJumpOver { from, to } => {
                write!(f, "there is no piece between {from} and {to} to jump over")
            }
            NoChain { from, to } => write!(f, "no chain of jumps leads from {from} to {to}"),
            LeavesTargetCamp(p) => write!(
                f,
                "the piece on {p} stands in its target camp and may only move within it"
            ),
            EndsInOwnCamp { point, move_number } => write!(
                f,
                "from move {move_number} on a move may not end in the own camp ({point})"
            ),
            PassNotAllowed(s) => write!(f, "{s} has a legal move and may not pass"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// A turn as move lists and records write it: the move's full path, `resigns:S` or `time:S`
/// (S the seat that left), played in `pos`.
pub fn turn_to_string(pos: &Position, turn: Turn) -> String {
    match turn {
        Turn::Move(m) => move_to_string(pos, m),
        Turn::Resign(s) => format!("resigns:{}", s.number()),
        Turn::TimeOut(s) => format!("time:{}", s.number()),
    }
}

/// The full path of a legal move (the shortest chain), `pass` for a pass.
pub fn move_to_string(pos: &Position, m: Move) -> String {
    if m.is_pass() {
        return "pass".to_string();
    }
    let board = pos.board();
    pos.path(m)
        .iter()
        .map(|&p| board.name(p))
        .collect::<Vec<_>>()
        .join("-")
}

/// Reads a move: any legal hop path, the bare `start-end`, or `pass`.
///
/// # Errors
/// Says why the text is no legal move of the seat to move.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    if pos.is_over() {
        return Err(ParseMoveError::GameOver);
    }
    if text.eq_ignore_ascii_case("pass") {
        let moves = pos.legal_moves();
        return if moves.first() == Some(&Move::PASS) {
            Ok(Move::PASS)
        } else {
            Err(ParseMoveError::PassNotAllowed(pos.to_move()))
        };
    }
    let board = pos.board();
    let mut points = Vec::new();
    for name in text.split('-') {
        let p = board
            .point(name)
            .ok_or_else(|| ParseMoveError::UnknownPoint(name.trim().to_string()))?;
        points.push(p);
    }
    let name = |p: Point| board.name(p).to_string();
    let from = points[0];
    if points.len() == 1 {
        return Err(ParseMoveError::OnePoint(name(from)));
    }
    let seat = pos.to_move();
    if !pos.pieces(seat).contains(from) {
        return Err(ParseMoveError::NotOwnPiece {
            point: name(from),
            seat,
        });
    }
    let to = *points.last().expect("at least two points");
    if points.len() == 2 && pos.is_legal(Move::new(from, to)) {
        return Ok(Move::new(from, to));
    }
    let lifted = pos.occupied() ^ Points::single(from);
    let locked =
        pos.variant().target_camp_lock() && pos.layout().target[seat.index()].contains(from);
    let target = pos.layout().target[seat.index()];
    let mut here = from;
    for &next in &points[1..] {
        if lifted.contains(next) {
            return Err(ParseMoveError::NotEmpty(name(next)));
        }
        if locked && !target.contains(next) {
            return Err(ParseMoveError::LeavesTargetCamp(name(from)));
        }
        if points.len() > 2 {
            check_jump(pos, lifted, here, next)?;
        }
        here = next;
    }
    if to == from {
        return Err(ParseMoveError::SamePoint(name(from)));
    }
    if let Some(limit) = pos.variant().yard_limit() {
        let number = pos.moves_made(seat) + 1;
        if number > limit && pos.layout().home[seat.index()].contains(to) {
            return Err(ParseMoveError::EndsInOwnCamp {
                point: name(to),
                move_number: limit + 1,
            });
        }
    }
    let m = Move::new(from, to);
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(ParseMoveError::NoChain {
            from: name(from),
            to: name(to),
        })
    }
}

/// Checks one hop of a chain: two apart on a line, over a piece.
fn check_jump(
    pos: &Position,
    lifted: Points,
    from: Point,
    to: Point,
) -> Result<(), ParseMoveError> {
    let board = pos.board();
    let name = |p: Point| board.name(p).to_string();
    let pair = || (name(from), name(to));
    if board.direction_between(from, to).is_some() {
        let (from, to) = pair();
        return Err(ParseMoveError::StepInChain { from, to });
    }
    let over = board.directions().iter().find_map(|d| {
        let over = board.neighbour(from, d)?;
        (board.neighbour(over, d)? == to).then_some(over)
    });
    match over {
        None => {
            let (from, to) = pair();
            Err(ParseMoveError::NotAJump { from, to })
        }
        Some(over) if !lifted.contains(over) => {
            let (from, to) = pair();
            Err(ParseMoveError::NothingToJumpOver { from, to })
        }
        Some(_) => Ok(()),
    }
}
