use crate::position_args::{Chosen, PositionArgs};
use crate::CliError;
use kingme_draughts::{divide, perft};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Print the count below each move.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let start = match args.position.choose()? {
        Chosen::Draughts(start) => start,
        Chosen::Halma(start) => return crate::halma::perft::run(&start, args.depth, args.divide),
    };
    let pos = start.position()?;
    let variant = start.variant;
    let started = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in divide(&pos, args.depth) {
            println!(
                "{} {n}",
                kingme_draughts::notation::move_to_string(variant, &m)
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
