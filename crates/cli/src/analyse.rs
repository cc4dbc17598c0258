//! `kingme analyse`: search one position and print every completed iteration.

use crate::bench::WallClock;
use crate::position_args::{Chosen, PositionArgs};
use crate::CliError;
use kingme_draughts::{notation, Move, Variant};
use kingme_engine::{score, search_with_egdb, Limits, SearchResult};

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Search to this depth in plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Search about this many nodes (as the browser's worker does for `searchNodes`).
    #[arg(long)]
    nodes: Option<u64>,
    /// Probe the endgame databases in this folder (as `kingme egdb build` wrote it).
    #[arg(long)]
    egdb: Option<std::path::PathBuf>,
}

/// The search limits `--depth`, `--movetime` or `--nodes` ask for.
fn limits(args: &Args) -> Result<Limits, CliError> {
    match (args.depth, args.movetime, args.nodes) {
        (Some(0), _, _) => Err(CliError("--depth must be at least 1".into())),
        (Some(d), _, _) => Ok(Limits::Depth(d)),
        (None, Some(ms), _) => Ok(Limits::Time {
            soft_ms: ms,
            hard_ms: ms,
        }),
        (None, None, Some(0)) => Err(CliError("--nodes must be at least 1".into())),
        (None, None, Some(n)) => Ok(Limits::Nodes(n)),
        (None, None, None) => Err(CliError("give --depth, --movetime or --nodes".into())),
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    let limits = limits(&args)?;
    let start = match args.position.choose()? {
        Chosen::Draughts(start) => start,
        Chosen::Halma(start) => return crate::halma::analyse::run(&start, limits),
    };
    let game = start.game()?;
    if let Some(outcome) = game.outcome() {
        return Err(CliError(format!("the game is already over ({outcome:?})")));
    }
    let clock = WallClock::new();
    let started = std::time::Instant::now();
    let variant = start.variant;
    let egdb = match &args.egdb {
        Some(dir) => Some(crate::egdb::load(variant, dir)?),
        None => None,
    };
    let result = search_with_egdb(&game, limits, &clock, egdb.as_ref(), &mut |r| {
        let secs = started.elapsed().as_secs_f64();
        println!(
            "depth {:>2} score {:>9} nodes {:>11} nps {:>9.0} time {:>6.0} ms pv {}",
            r.depth,
            score_text(r.score),
            r.nodes,
            r.nodes as f64 / secs.max(1e-9),
            secs * 1000.0,
            pv_text(variant, &r.pv)
        );
    });
    print_best(variant, &result, started.elapsed().as_secs_f64());
    Ok(())
}

fn print_best(variant: Variant, r: &SearchResult, secs: f64) {
    match &r.best {
        Some(m) => println!(
            "best {} (depth {}, {} nodes, {:.0} nps)",
            notation::move_to_string(variant, m),
            r.depth,
            r.nodes,
            r.nodes as f64 / secs.max(1e-9)
        ),
        None => println!("best none"),
    }
}

/// A score as text: centi-men, or the distance to a won or lost end.
pub fn score_text(s: i32) -> String {
    if score::is_decided(s) {
        let plies = score::plies_to_end(s);
        if s > 0 {
            format!("win{plies}")
        } else {
            format!("loss{plies}")
        }
    } else {
        s.to_string()
    }
}

pub fn pv_text(variant: Variant, pv: &[Move]) -> String {
    pv.iter()
        .map(|m| notation::move_to_string(variant, m))
        .collect::<Vec<_>>()
        .join(" ")
}
