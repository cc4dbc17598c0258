//! `kingme bench`'s Halma part: the engine's bench positions of every game and player count,
//! searched to a fixed depth. Its node count is the Halma search's fingerprint.

use crate::bench::WallClock;
use crate::CliError;
use kingme_halma::{Position, Setup};
use kingme_halma_engine::{search, Limits, BENCH_POSITIONS};
use std::time::Instant;

pub fn run(depth: u32) -> Result<(), CliError> {
    let clock = WallClock::new();
    let started = Instant::now();
    let mut total = 0u64;
    for &(variant, players, text) in BENCH_POSITIONS {
        let setup = Setup::new(variant, players)?;
        let pos = Position::parse(setup, text)?;
        let t = Instant::now();
        let r = search(&pos, &[], Limits::Depth(depth), &clock, &mut |_| {});
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        println!(
            "{:<16} {players}p depth {:>2} score {:>6} nodes {:>10} {:>8.0} ms  {text}",
            variant.key(),
            r.depth,
            r.score,
            r.nodes,
            ms,
        );
        total += r.nodes;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "halma: {total} nodes {:.0} nps",
        total as f64 / secs.max(1e-9)
    );
    Ok(())
}
