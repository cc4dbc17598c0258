//! `kingme moves` for the Halma family: every legal move as its full hop path.

use super::HalmaPosition;
use crate::CliError;
use kingme_halma::notation;

#[derive(serde::Serialize)]
struct MoveJson {
    notation: String,
    path: Vec<String>,
}

pub fn run(start: &HalmaPosition, json: bool) -> Result<(), CliError> {
    let pos = start.position()?;
    let board = pos.board();
    let moves: Vec<MoveJson> = pos
        .legal_moves()
        .iter()
        .map(|&m| MoveJson {
            notation: notation::move_to_string(&pos, m),
            path: pos
                .path(m)
                .iter()
                .map(|&p| board.name(p).to_string())
                .collect(),
        })
        .collect();
    if json {
        println!("{}", serde_json::to_string_pretty(&moves)?);
    } else {
        for m in moves {
            println!("{}", m.notation);
        }
    }
    Ok(())
}
