//! `kingme bench`: a fixed set of positions searched to a fixed depth. The total node count is
//! the search's fingerprint; nodes per second measure its speed. The draughts part comes
//! first, then the Halma family's with its own count.

use crate::CliError;
use kingme_draughts::{Position, Variant};
use kingme_engine::{search_position, Clock, Limits};
use std::time::Instant;

/// The machine's clock, for the commands that search in real time.
#[derive(Debug)]
pub struct WallClock(Instant);

impl WallClock {
    pub fn new() -> WallClock {
        WallClock(Instant::now())
    }
}

impl Clock for WallClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// The start of each variant and middle-game and ending positions reached in engine play.
const POSITIONS: &[(Variant, &str)] = &[
    (Variant::English, ""),
    (Variant::English, "B:W10,21,24-27,29-32:B1-3,5,6,11-14"),
    (Variant::English, "B:W10,21,24,26,29,30,32:B1,3,6,8,12,14"),
    (Variant::English, "B:W12,16-18,21,22,32:B1,3,6,11,15,26"),
    (Variant::International, ""),
    (
        Variant::International,
        "W:W27,29,32,34-37,39-44,46-50:B1-10,12,13,16-20,26",
    ),
    (
        Variant::International,
        "W:W26,33,35-40,42,44,46-50:B1-6,8-11,16,18-20,24,31",
    ),
    (
        Variant::International,
        "W:W26-28,30,32,34,35,37-39,46-50:B1-5,12,14,16-21,23,24",
    ),
    (Variant::Russian, ""),
    (
        Variant::Russian,
        "W:Wa7,f4,h4,e3,g3,b2,d2,f2,a1,e1,g1:Bb8,d8,f8,h8,c7,e7,f6,h6,d4",
    ),
    (
        Variant::Russian,
        "W:Wa5,h4,a3,b2,a1,c1,e1,g1:Bf8,a7,c7,g7,b6,d6,h6,d4,g3",
    ),
    (
        Variant::Russian,
        "W:Wh6,a3,e3,b2,d2,e1:Ba7,b6,d6,f6,a5,c5,b4",
    ),
    (Variant::Brazilian, ""),
    (
        Variant::Brazilian,
        "W:Wf4,h4,a3,e3,g3,b2,d2,f2,h2,a1,e1:Bb8,d8,f8,h8,c7,e7,g7,h6,a5,b4,d4",
    ),
    (
        Variant::Brazilian,
        "W:Wa5,f4,a3,c3,g3,a1,c1,e1,g1:Bf8,a7,c7,b6,d6,f6,h6,e5,d4",
    ),
    (Variant::Brazilian, "W:Wc3,f2,c1,g1:Bh8,h6,a5,e5,d2"),
];

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Depth for the 8×8 draughts variants (10×10 searches two plies less).
    #[arg(long, default_value_t = 13)]
    depth: u32,
    /// Depth for the Halma family's positions.
    #[arg(long, default_value_t = kingme_halma_engine::BENCH_DEPTH)]
    halma_depth: u32,
}

/// The bench positions, parsed.
pub fn positions() -> Result<Vec<Position>, CliError> {
    POSITIONS
        .iter()
        .map(|&(v, fen)| {
            if fen.is_empty() {
                Ok(Position::start(v))
            } else {
                Position::from_fen(v, fen).map_err(CliError::from)
            }
        })
        .collect()
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.halma_depth == 0 {
        return Err(CliError("--halma-depth must be at least 1".into()));
    }
    if args.depth < 3 {
        return Err(CliError(format!(
            "--depth {} is too shallow (at least 3)",
            args.depth
        )));
    }
    let clock = WallClock::new();
    let started = Instant::now();
    let mut total = 0u64;
    for pos in positions()? {
        let depth = if pos.variant().geometry().size() == 10 {
            args.depth - 2
        } else {
            args.depth
        };
        let t = Instant::now();
        let r = search_position(&pos, Limits::Depth(depth), &clock, &mut |_| {});
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        println!(
            "{:<13} depth {:>2} score {:>6} nodes {:>10} {:>8.0} ms  {}",
            pos.variant().key(),
            r.depth,
            r.score,
            r.nodes,
            ms,
            pos.to_fen()
        );
        total += r.nodes;
    }
    let secs = started.elapsed().as_secs_f64();
    println!("{total} nodes {:.0} nps", total as f64 / secs.max(1e-9));
    crate::halma::bench::run(args.halma_depth)
}
