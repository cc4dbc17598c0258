//! Expert with and without its memory over the first moves of a game: the depth each search
//! completes and the nodes it took, side by side.
//!
//! `cargo run --release -p kingme-engine --example memory_depth` (about three minutes).

use kingme_draughts::{Game, Variant};
use kingme_engine::{think_at_level, Clock, Level, Memory};
use std::time::Instant;

struct WallClock(Instant);

impl Clock for WallClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

fn main() {
    for variant in [Variant::English, Variant::International] {
        let mut game = Game::new(variant);
        let mut memory = Memory::new();
        let (mut fresh_depth, mut kept_depth) = (0, 0);
        for _ in 0..8 {
            let fresh = think_at_level(&game, Level::Expert, &WallClock(Instant::now()), 1)
                .expect("the game goes on");
            let kept = memory
                .think(&game, Level::Expert, &WallClock(Instant::now()), 1)
                .expect("the game goes on");
            println!(
                "{variant} ply {}: afresh depth {} in {} nodes, with memory depth {} in {} nodes",
                game.ply(),
                fresh.depth,
                fresh.nodes,
                kept.depth,
                kept.nodes
            );
            fresh_depth += fresh.depth;
            kept_depth += kept.depth;
            let played = kept.best.expect("a move");
            game.play(&played, false)
                .expect("the engine plays legal moves");
        }
        println!("{variant}: depths summed, afresh {fresh_depth}, with memory {kept_depth}");
    }
}
