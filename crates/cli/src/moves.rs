use crate::position_args::{Chosen, PositionArgs};
use crate::CliError;
use kingme_draughts::notation::{self, SquareStyle};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Draughts: write squares as numbers (1–32, 1–50) instead of c3.
    #[arg(long)]
    numeric: bool,
    /// Print a JSON array of {"notation", "path", "captures"} ({"notation", "path"} for the
    /// Halma family).
    #[arg(long)]
    json: bool,
}

#[derive(serde::Serialize)]
struct MoveJson {
    notation: String,
    path: Vec<String>,
    captures: Vec<String>,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let start = match args.position.choose()? {
        Chosen::Draughts(start) => start,
        Chosen::Halma(_) if args.numeric => {
            return Err(CliError(
                "--numeric is for draughts; Halma points have names only".into(),
            ))
        }
        Chosen::Halma(start) => return crate::halma::moves::run(&start, args.json),
    };
    let variant = start.variant;
    let pos = start.position()?;
    let style = if args.numeric {
        SquareStyle::Numeric
    } else {
        SquareStyle::Algebraic
    };
    let name = |sq| notation::square_to_string(variant, sq, style);
    let moves: Vec<MoveJson> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let path: Vec<String> = notation::route(m).map(name).collect();
            let sep = match (m.is_capture(), args.numeric) {
                (false, _) => "-",
                (true, true) => "x",
                (true, false) => "×",
            };
            MoveJson {
                notation: path.join(sep),
                path,
                captures: notation::captured_in_order(variant, m)
                    .into_iter()
                    .map(name)
                    .collect(),
            }
        })
        .collect();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&moves)?);
    } else {
        for m in moves {
            println!("{}", m.notation);
        }
    }
    Ok(())
}
