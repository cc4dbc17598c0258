//! How many moves the solo race takes: one player alone on the star (or another board)
//! brings every piece across.
//!
//! `cargo run --release -p kingme-halma-engine --example solo -- [GAME] [WIDTH]`

use kingme_halma::{Position, Setup, Variant};
use kingme_halma_engine::solo_race;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let variant: Variant = args
        .next()
        .map_or(Variant::ChineseCheckers, |s| s.parse().expect("a game"));
    let width: usize = args
        .next()
        .map_or(2000, |s| s.parse().expect("a beam width"));
    let start = Position::start(Setup::solo(variant));
    let t = Instant::now();
    let moves = solo_race(&start, width).expect("a finish");
    let mut pos = start;
    let line: Vec<String> = moves
        .iter()
        .map(|&m| {
            let path = pos.path(m);
            pos.play(m);
            path.iter()
                .map(|&p| pos.board().name(p).to_string())
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect();
    assert!(pos.finished().contains(pos.layout().seats[0]));
    println!("{}", line.join(" "));
    println!(
        "{variant} solo, beam width {width}: {} moves in {:.1} s",
        moves.len(),
        t.elapsed().as_secs_f64()
    );
}
