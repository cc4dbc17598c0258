//! Plays one Halma or Chinese checkers game through the page's session, the first seat at one
//! level and every other seat at another, and prints how long each seat's turns took — the same
//! calls the page's worker makes, natively:
//! `cargo run --release -p kingme-wasm --example halma_game -- chinese-checkers 6 intermediate beginner`.

use kingme_wasm::session::{parse_level, Memory, Session};
use kingme_wasm::SystemClock;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args.first().map_or("chinese-checkers", String::as_str);
    let players: u8 = args.get(1).map_or(Ok(6), |s| s.parse())?;
    let first = parse_level(args.get(2).map_or("intermediate", String::as_str))?;
    let others = parse_level(args.get(3).map_or("beginner", String::as_str))?;
    let mut session = Session::new(variant, Some(players), None)?;
    let mut memory = Memory::default();
    let mut times: Vec<(u8, f64)> = Vec::new();
    let mut seed = 1;
    while let Some(turn) = session.view().turn {
        let level = if turn == 0 { first } else { others };
        let start = Instant::now();
        let chosen = session
            .computer_turn(level, &SystemClock, seed, None, &mut memory)?
            .chosen
            .ok_or("no move while the game goes on")?;
        times.push((turn, start.elapsed().as_secs_f64() * 1000.0));
        session.play_path(&chosen.path, false)?;
        seed += 1;
    }
    let view = session.view();
    let result = view.result.ok_or("the game ended without a result")?;
    println!(
        "{variant}, {players} players: {} turns, placings {:?} ({})",
        view.ply, result.placings, result.reason
    );
    for seat in view.seats.iter().map(|s| s.index) {
        let mine: Vec<f64> = times.iter().filter(|t| t.0 == seat).map(|t| t.1).collect();
        let max = mine.iter().copied().fold(0.0, f64::max);
        let mean = mine.iter().sum::<f64>() / mine.len().max(1) as f64;
        println!(
            "seat {seat}: {} turns, mean {mean:.1} ms, max {max:.1} ms",
            mine.len()
        );
    }
    Ok(())
}
