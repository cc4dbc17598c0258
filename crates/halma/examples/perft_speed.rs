//! Perft from every start, with leaves per second: `cargo run --release -p kingme-halma
//! --example perft_speed [depth]`.

use kingme_halma::{perft, Position, Setup};
use std::time::Instant;

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    for setup in Setup::all() {
        let start = Position::start(setup);
        let t = Instant::now();
        let n = perft(&start, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{setup}: perft({depth}) = {n}  {:.3} s  {:.1} M leaves/s",
            secs,
            n as f64 / secs / 1e6
        );
    }
}
