//! `kingme analyse` for the Halma family: every completed iteration, then the best move.

use super::{line_text, HalmaPosition};
use crate::bench::WallClock;
use crate::CliError;
use kingme_halma::notation;
use kingme_halma_engine::{search, Limits};
use std::time::Instant;

pub fn run(start: &HalmaPosition, limits: Limits) -> Result<(), CliError> {
    let pos = start.position()?;
    if pos.is_over() {
        return Err(CliError(format!(
            "the game is already over in {}",
            start.fen.as_deref().unwrap_or("the start position")
        )));
    }
    let clock = WallClock::new();
    let started = Instant::now();
    let result = search(&pos, &[], limits, &clock, &mut |r| {
        let secs = started.elapsed().as_secs_f64();
        println!(
            "depth {:>2} score {:>7} nodes {:>11} nps {:>9.0} time {:>6.0} ms pv {}",
            r.depth,
            r.score,
            r.nodes,
            r.nodes as f64 / secs.max(1e-9),
            secs * 1000.0,
            line_text(&pos, &r.pv)
        );
    });
    let secs = started.elapsed().as_secs_f64();
    // A search stopped before its first iteration still names a move: the first legal one.
    let best = result.best.or_else(|| pos.legal_moves().first().copied());
    match best {
        Some(m) => println!(
            "best {} (depth {}, {} nodes, {:.0} nps)",
            notation::move_to_string(&pos, m),
            result.depth,
            result.nodes,
            result.nodes as f64 / secs.max(1e-9)
        ),
        None => println!("best none"),
    }
    Ok(())
}
