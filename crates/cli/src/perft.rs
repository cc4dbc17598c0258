use crate::CliError;
use kingme_draughts::{divide, perft, Position, Variant};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// english (american), international, russian or brazilian.
    #[arg(long)]
    variant: Variant,
    /// Start from this position (PDN FEN) instead of the variant's start.
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Print the count below each move.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let pos = match &args.fen {
        Some(fen) => Position::from_fen(args.variant, fen)?,
        None => Position::start(args.variant),
    };
    let started = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in divide(&pos, args.depth) {
            println!(
                "{} {n}",
                kingme_draughts::notation::move_to_string(args.variant, &m)
            );
            total += n;
        }
        total
    } else {
        perft(&pos, args.depth)
    };
    let secs = started.elapsed().as_secs_f64();
    println!("perft({}) = {nodes}", args.depth);
    println!(
        "time {:.3} s, {:.1} M leaves/s",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
