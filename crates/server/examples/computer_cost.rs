//! What one computer move costs the server at each level: the engine call a computer seat
//! makes ([`RoomGame::computer_move`]), timed in the thread's CPU time (Linux schedstat) and in
//! wall time, over the first moves of a game.
//!
//! `cargo run --profile test -p kingme-server --example computer_cost [moves]`

use kingme_engine_core::Level;
use kingme_server::game::{GameKind, RoomGame};
use std::time::Instant;

/// The calling thread's CPU time in nanoseconds (0 where the kernel does not say).
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let moves: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(6);
    let games = [
        ("english", None),
        ("international", None),
        ("halma-16", Some(4)),
        ("chinese-checkers", Some(6)),
    ];
    println!("| game | level | moves | CPU ms per move (mean / max) | wall ms (mean) |");
    println!("| --- | --- | --- | --- | --- |");
    for (key, players) in games {
        let kind = GameKind::new(key, players).expect("a game");
        for level in Level::ALL {
            let mut game = RoomGame::new(kind, None).expect("a start");
            let (mut cpu_total, mut cpu_max, mut wall_total, mut played) = (0u64, 0u64, 0f64, 0);
            for ply in 0..moves {
                let (cpu0, wall0) = (thread_cpu_ns(), Instant::now());
                let Some(m) = game.computer_move(level, ply as u64, None) else {
                    break;
                };
                let cpu = thread_cpu_ns().saturating_sub(cpu0);
                wall_total += wall0.elapsed().as_secs_f64() * 1000.0;
                cpu_total += cpu;
                cpu_max = cpu_max.max(cpu);
                played += 1;
                game.play(&m, false).expect("the computer's move is legal");
            }
            let n = played.max(1) as f64;
            println!(
                "| {key}{} | {} | {played} | {:.1} / {:.1} | {:.1} |",
                players
                    .map(|p| format!(" ({p} players)"))
                    .unwrap_or_default(),
                level.key(),
                cpu_total as f64 / n / 1e6,
                cpu_max as f64 / 1e6,
                wall_total / n,
            );
        }
    }
}
