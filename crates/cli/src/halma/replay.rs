//! `kingme replay` for the Halma family: a game record (or plain move text) played through,
//! the final state (or every state) as JSON.

use crate::CliError;
use kingme_halma::record::{self, Given};
use kingme_halma::{notation, Game, Turn};
use serde::Serialize;

#[derive(Serialize)]
struct StateJson {
    variant: &'static str,
    players: u8,
    /// Turns played since the start (moves, passes and resignations).
    ply: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_move: Option<String>,
    /// The position string (SPEC §2.4).
    fen: String,
    round: u32,
    /// The seat to move; null once the game is over.
    to_move: Option<u8>,
    /// `*` while the game goes on, else the placings (`3>1>5`, `1=4`).
    result: String,
    /// The seats place by place, a shared place as one list; empty while the game goes on.
    placings: Vec<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    repetitions: usize,
}

fn state(game: &Game) -> StateJson {
    let outcome = game.outcome();
    let pos = game.position();
    let last_move = game
        .turns()
        .last()
        .map(|(before, turn)| notation::turn_to_string(before, turn));
    StateJson {
        variant: game.setup().variant().key(),
        players: game.setup().players(),
        ply: game.ply(),
        last_move,
        fen: pos.to_string(),
        round: pos.round(),
        to_move: outcome.is_none().then(|| pos.to_move().number()),
        result: record::result_text(outcome.as_ref()),
        placings: outcome.as_ref().map_or_else(Vec::new, |o| {
            o.ranking
                .iter()
                .map(|g| {
                    let mut g: Vec<u8> = g.iter().map(|s| s.number()).collect();
                    g.sort_unstable();
                    g
                })
                .collect()
        }),
        winner: outcome
            .as_ref()
            .and_then(|o| o.winner())
            .map(|s| s.number()),
        reason: outcome.as_ref().map(|o| o.reason.key()),
        repetitions: game.repetitions(),
    }
}

pub fn run(text: &str, given: &Given, each_ply: bool) -> Result<(), CliError> {
    let read = record::parse_with(text, given)?;
    if each_ply {
        let mut game = Game::from_position(*read.game.start());
        let mut states = vec![state(&game)];
        let turns: Vec<Turn> = read.game.turns().map(|(_, t)| t).collect();
        for turn in turns {
            game.replay(turn)?;
            states.push(state(&game));
        }
        println!("{}", serde_json::to_string_pretty(&states)?);
    } else {
        println!("{}", serde_json::to_string_pretty(&state(&read.game))?);
    }
    Ok(())
}

/// The Halma game a record names in its `Variant` tag, if it names one.
pub fn tagged_variant(text: &str) -> Option<kingme_halma::Variant> {
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix('[')?.trim_start();
        let rest = rest.strip_prefix("Variant")?.trim_start();
        let value = rest.strip_prefix('"')?.split('"').next()?;
        value.parse().ok()
    })
}
