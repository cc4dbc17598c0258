//! `kingme perft` for the Halma family.

use super::HalmaPosition;
use crate::CliError;
use kingme_halma::{divide, notation, perft};
use std::time::Instant;

pub fn run(start: &HalmaPosition, depth: u32, show_divide: bool) -> Result<(), CliError> {
    let pos = start.position()?;
    let started = Instant::now();
    let nodes = if show_divide {
        let mut total = 0;
        for (m, n) in divide(&pos, depth) {
            println!("{} {n}", notation::move_to_string(&pos, m));
            total += n;
        }
        total
    } else {
        perft(&pos, depth)
    };
    let secs = started.elapsed().as_secs_f64();
    println!("perft({depth}) = {nodes}");
    println!(
        "time {:.3} s, {:.1} M leaves/s",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
