//! Prints the bench's node count and speed (see `kingme_halma_engine::bench`).

use kingme_halma_engine::{bench, Clock};
use std::time::Instant;

struct Wall(Instant);

impl Clock for Wall {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

fn main() {
    let (nodes, ms) = bench(&Wall(Instant::now()));
    println!(
        "{nodes} nodes {:.0} nps",
        nodes as f64 / ms.max(1e-3) * 1000.0
    );
}
