//! Finds a prelude for a lesson on a counting draw rule: quiet king moves from a position that
//! bring the rule to its last move, without a capture, a man move or a repeated position.
//!
//! ```sh
//! cargo run -p kingme-learn --example prelude -- english "W:WKh8:BKa1,c1" forty-moves 79
//! ```
//! prints the moves as a JSON array.

use kingme_draughts::{notation, Game, Variant};
use std::collections::HashSet;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, fen, rule, plies] = args.as_slice() else {
        eprintln!("usage: prelude VARIANT FEN RULE PLIES");
        return ExitCode::from(2);
    };
    let variant: Variant = match variant.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let Ok(plies) = plies.parse::<usize>() else {
        eprintln!("PLIES must be a number");
        return ExitCode::from(2);
    };
    let game = match Game::from_fen(variant, fen) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut seen = HashSet::from([game.position().hash()]);
    let mut line = Vec::new();
    let mut tries = 0u64;
    if walk(&game, rule, plies, &mut seen, &mut line, &mut tries) {
        let texts: Vec<String> = line.iter().map(|t| format!("\"{t}\"")).collect();
        println!("[{}]", texts.join(", "));
        let mut end = game.clone();
        for text in &line {
            end.play_text(text, false)
                .expect("the walk plays legal moves");
        }
        let moves: Vec<String> = end
            .legal_moves()
            .iter()
            .map(|m| notation::move_to_string(variant, m))
            .collect();
        eprintln!(
            "then {} to move: {}",
            end.position().to_fen(),
            moves.join(" ")
        );
        ExitCode::SUCCESS
    } else {
        eprintln!("no prelude found after {tries} tries");
        ExitCode::FAILURE
    }
}

fn plies_left(game: &Game, rule: &str) -> Option<u32> {
    game.countdowns()
        .into_iter()
        .find(|c| c.rule.key() == rule)
        .map(|c| c.plies_left)
}

fn walk(
    game: &Game,
    rule: &str,
    plies: usize,
    seen: &mut HashSet<u64>,
    line: &mut Vec<String>,
    tries: &mut u64,
) -> bool {
    if line.len() == plies {
        return true;
    }
    *tries += 1;
    if *tries > 2_000_000 {
        return false;
    }
    let Some(left) = plies_left(game, rule) else {
        return false;
    };
    let kings = game.position().all_kings();
    let mut moves: Vec<_> = game
        .legal_moves()
        .into_iter()
        .filter(|m| !m.is_capture() && kings.contains(m.from()))
        .collect();
    // A fixed shuffle, so that the walk wanders instead of shuttling along one edge.
    let salt = (line.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    moves.sort_by_key(|m| {
        (u64::from(m.to().index()).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ salt).rotate_left(17)
    });
    for m in moves {
        let mut next = game.clone();
        if next.play(&m, false).is_err() || next.outcome().is_some() {
            continue;
        }
        if plies_left(&next, rule) != Some(left.saturating_sub(1)) || left <= 1 {
            continue;
        }
        if !seen.insert(next.position().hash()) {
            continue;
        }
        line.push(notation::move_to_string(game.variant(), &m));
        if walk(&next, rule, plies, seen, line, tries) {
            return true;
        }
        line.pop();
        seen.remove(&next.position().hash());
    }
    false
}
