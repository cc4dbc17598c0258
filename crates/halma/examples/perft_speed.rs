//! Perft from every start, with leaves per second (the median of several runs):
//! `cargo run --release -p kingme-halma --example perft_speed [depth] [runs]`.

use kingme_halma::{perft, Position, Setup};
use std::time::Instant;

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    let runs: usize = std::env::args()
        .nth(2)
        .and_then(|d| d.parse().ok())
        .unwrap_or(1);
    for setup in Setup::all() {
        let start = Position::start(setup);
        let mut n = 0;
        let mut times: Vec<f64> = (0..runs.max(1))
            .map(|_| {
                let t = Instant::now();
                n = perft(&start, depth);
                t.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let secs = times[times.len() / 2];
        println!(
            "{setup}: perft({depth}) = {n}  {:.3} s  {:.1} M leaves/s",
            secs,
            n as f64 / secs / 1e6
        );
    }
}
