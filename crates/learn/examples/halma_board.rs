//! Helps write a Halma or Chinese checkers lesson: prints the board of a game for a number of
//! players with every point's name, each seat's camps, and for a position string (SPEC §2.4)
//! the seat to move and its legal moves (only those of the piece on FROM, when given).
//!
//! ```sh
//! cargo run -p kingme-learn --example halma_board -- chinese-checkers 3
//! cargo run -p kingme-learn --example halma_board -- chinese-checkers 3 "1:1:…" e5
//! ```

use kingme_halma::{notation, Game, Position, Setup, Variant};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(variant), Some(players)) = (args.first(), args.get(1)) else {
        eprintln!("usage: halma_board VARIANT PLAYERS [POSITION [FROM]]");
        return ExitCode::from(2);
    };
    let setup = match (variant.parse::<Variant>(), players.parse::<u8>()) {
        (Ok(v), Ok(n)) => match Setup::new(v, n) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        },
        (Err(e), _) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
        (_, Err(e)) => {
            eprintln!("PLAYERS: {e}");
            return ExitCode::from(2);
        }
    };
    let layout = setup.layout();
    let board = layout.board;
    let pos = match args.get(2) {
        Some(text) => match Position::parse(setup, text) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("position: {e}");
                return ExitCode::from(1);
            }
        },
        None => Position::start(setup),
    };
    let mut cells = board.cells().iter();
    for &len in board.row_lengths() {
        let row: Vec<String> = (0..len)
            .map(|_| {
                let cell = cells.next().expect("the rows hold every cell");
                let name = board.name(cell.point);
                match pos.seat_at(cell.point) {
                    Some(s) => format!("{name}={}", s.index() + 1),
                    None => format!("{name}=."),
                }
            })
            .collect();
        println!("{}", row.join(" "));
    }
    for &seat in &layout.seats {
        let names = |points: kingme_halma::Points| -> String {
            points
                .iter()
                .map(|p| board.name(p).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        println!(
            "seat {}: home {} | target {}",
            seat.index() + 1,
            names(layout.home[seat.index()]),
            names(layout.target[seat.index()])
        );
    }
    println!("start: {}", Position::start(setup));
    let game = Game::from_position(pos);
    println!(
        "to move: seat {} (round {}), over: {:?}",
        pos.to_move().index() + 1,
        pos.round(),
        game.outcome()
    );
    let from = args.get(3).and_then(|f| board.point(f));
    let moves: Vec<String> = game
        .legal_moves()
        .iter()
        .filter(|m| from.is_none_or(|f| m.from() == f))
        .map(|&m| notation::move_to_string(&pos, m))
        .collect();
    println!("{} moves: {}", moves.len(), moves.join(" "));
    ExitCode::SUCCESS
}
