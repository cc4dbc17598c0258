//! The Halma family's side of each command: Halma on 8×8, 10×10 and 16×16 and Chinese
//! checkers, for 2 to 6 players.

pub mod analyse;
pub mod bench;
pub mod moves;
pub mod perft;
pub mod play;
pub mod replay;

use crate::CliError;
use kingme_halma::{notation, Game, Move, Position, Setup};

/// A setup and an optional position string (`S:N:CELLS`).
#[derive(Debug)]
pub struct HalmaPosition {
    pub setup: Setup,
    pub fen: Option<String>,
}

impl HalmaPosition {
    pub fn position(&self) -> Result<Position, CliError> {
        match &self.fen {
            Some(text) => Position::parse(self.setup, text)
                .map_err(|e| CliError(format!("--fen for {}: {e}", self.setup))),
            None => Ok(Position::start(self.setup)),
        }
    }
}

/// A line of moves as text: each in full path while the moves follow on from `pos`; from the
/// first that does not (with more than 2 players a search's line holds the replies it expects
/// from any opponent), as bare `start-end`.
pub fn line_text(pos: &Position, moves: &[Move]) -> String {
    let board = pos.board();
    let mut here = Some(*pos);
    moves
        .iter()
        .map(|&m| match here {
            Some(p) if p.is_legal(m) => {
                here = Some(p.after(m));
                notation::move_to_string(&p, m)
            }
            _ => {
                here = None;
                if m.is_pass() {
                    "pass".to_string()
                } else {
                    format!("{}-{}", board.name(m.from()), board.name(m.to()))
                }
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The hashes of the game's positions before the current one, for the search's repetition
/// checks.
pub fn earlier(game: &Game) -> Vec<u64> {
    let mut hashes = game.position_hashes();
    hashes.pop();
    hashes
}
