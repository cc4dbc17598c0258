//! `kingme train`: fits the evaluation's weights to self-play games by Texel's method (the
//! error between sigmoid(eval) and the game's result, lowered weight by weight).
//!
//! Everything lives in one directory, so a run that is stopped goes on where it was:
//! `positions.txt` holds the quiet positions of every finished game (`<hub position> <result>
//! <score>`: the result 1, 0.5 or 0 and the self-play search's score in centi-men, both from
//! White's view, and `# game N` after each game; files written before the score was kept have
//! no third field), `weights.txt` the weights after the last pass of the fit.

use crate::bench::WallClock;
use crate::hub::{position_from_hub, position_to_hub};
use crate::CliError;
use kingme_draughts::{Color, Game, Position, Variant};
use kingme_engine::eval::{Evaluator, Weights};
use kingme_engine::{search, Limits};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// english, international, russian or brazilian.
    #[arg(long)]
    variant: Variant,
    /// Where the positions and the weights are kept (made if missing).
    #[arg(long, default_value = "train")]
    dir: PathBuf,
    /// Self-play games to have in the directory; only the missing ones are played.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// Nodes per move in the self-play games.
    #[arg(long, default_value_t = 3000)]
    nodes: u64,
    /// Passes of the fit over every weight (it stops earlier when a pass changes nothing).
    #[arg(long, default_value_t = 30)]
    passes: u32,
    /// The game result's share of what the evaluation is fitted to (0 to 1); the rest is the
    /// self-play search's score of the position, which is less noisy than a result decided
    /// many moves later. 1 fits to the results alone.
    #[arg(long, default_value_t = 0.5, value_parser = parse_lambda)]
    lambda: f64,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only print weights, as `data/eval/<variant>.txt` holds them: the hand-set ones
    /// (`hand`) or the shipped ones (`shipped`).
    #[arg(long, value_parser = ["hand", "shipped"])]
    print: Option<String>,
}

/// Games longer than this are scored drawn.
const MAX_PLIES: usize = 300;
/// Search scores are kept within this many centi-men: beyond it the expected score is 0 or 1.
const SCORE_BOUND: i32 = 3_000;

fn parse_lambda(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|l| (0.0..=1.0).contains(l))
        .ok_or_else(|| format!("'{text}' is not a share between 0 and 1"))
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.print.as_deref() {
        Some("hand") => return print_weights(&Weights::hand_set(args.variant)),
        Some(_) => return print_weights(&Weights::shipped(args.variant)),
        None => {}
    }
    std::fs::create_dir_all(&args.dir)
        .map_err(|e| CliError(format!("{}: {e}", args.dir.display())))?;
    let positions_path = args.dir.join("positions.txt");
    let weights_path = args.dir.join("weights.txt");
    let done = count_games(&positions_path)?;
    if done < args.games {
        play_games(&args, &positions_path, done)?;
    }
    let samples = read_positions(args.variant, &positions_path)?;
    let start = match std::fs::read_to_string(&weights_path) {
        Ok(text) => Weights::parse(args.variant, &text)
            .map_err(|e| CliError(format!("{}: {e}", weights_path.display())))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Weights::shipped(args.variant),
        Err(e) => return Err(CliError(format!("{}: {e}", weights_path.display()))),
    };
    fit(&args, &samples, start, &weights_path)
}

fn print_weights(w: &Weights) -> Result<(), CliError> {
    let mut out = std::io::stdout();
    out.write_all(w.to_text().as_bytes())?;
    Ok(())
}

fn count_games(path: &Path) -> Result<u32, CliError> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(text.lines().filter(|l| l.starts_with("# game")).count() as u32),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(0),
        Err(e) => Err(CliError(format!("{}: {e}", path.display()))),
    }
}

/// A small generator for the random openings (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Whether neither side has a capture: the static evaluation means what it says.
fn is_quiet(pos: &Position) -> bool {
    let mut passed = *pos;
    passed.pass_unchecked();
    !pos.must_capture() && !passed.must_capture()
}

fn play_games(args: &Args, path: &Path, done: u32) -> Result<(), CliError> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    let clock = WallClock::new();
    let started = std::time::Instant::now();
    let mut stored = 0usize;
    for n in done..args.games {
        let mut rng =
            Rng((args.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ ((u64::from(n) + 1) << 1)) | 1);
        let mut game = Game::new(args.variant);
        // Four to eight random plies, so that the games differ.
        for _ in 0..4 + rng.below(5) {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            game.play(&m, false).map_err(|e| CliError(e.to_string()))?;
        }
        // Each quiet position with the search's score of it for White.
        let mut seen: Vec<(String, i32)> = Vec::new();
        while game.outcome().is_none() && game.ply() < MAX_PLIES {
            let pos = *game.position();
            let found = search(&game, Limits::Nodes(args.nodes), &clock, &mut |_| {});
            if is_quiet(&pos) && found.depth > 0 {
                let score = found.score.clamp(-SCORE_BOUND, SCORE_BOUND);
                seen.push((position_to_hub(&pos), for_white(&pos, score)));
            }
            let Some(m) = found.best else { break };
            game.play(&m, false).map_err(|e| CliError(e.to_string()))?;
        }
        let result = match game.outcome().and_then(|o| o.winner) {
            Some(Color::White) => "1",
            Some(Color::Black) => "0",
            None => "0.5",
        };
        let mut text = String::new();
        for (p, score) in &seen {
            text.push_str(&format!("{p} {result} {score}\n"));
        }
        text.push_str(&format!("# game {}\n", n + 1));
        file.write_all(text.as_bytes())
            .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        stored += seen.len();
        let played = n + 1 - done;
        if played.is_multiple_of(20) || n + 1 == args.games {
            let secs = started.elapsed().as_secs_f64();
            let left = secs / f64::from(played) * f64::from(args.games - n - 1);
            eprintln!(
                "games {}/{}: {stored} positions stored this run, {secs:.0} s, about {left:.0} s left",
                n + 1,
                args.games
            );
        }
    }
    Ok(())
}

/// A quiet position, its game's result for White (1, 0.5, 0) and, where the file has it, the
/// self-play search's score for White in centi-men.
struct Sample {
    position: Position,
    result: f64,
    score: Option<i32>,
}

fn read_positions(variant: Variant, path: &Path) -> Result<Vec<Sample>, CliError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |why: String| CliError(format!("{} line {}: {why}", path.display(), n + 1));
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (pos, result, score) = match fields[..] {
            [pos, result] => (pos, result, None),
            [pos, result, score] => (pos, result, Some(score)),
            _ => return Err(bad("expected '<position> <result> [<score>]'".into())),
        };
        let position = position_from_hub(variant, pos).map_err(|e| bad(e.0))?;
        let result: f64 = result
            .parse()
            .ok()
            .filter(|r| [0.0, 0.5, 1.0].contains(r))
            .ok_or_else(|| bad(format!("result '{result}' is not 1, 0.5 or 0")))?;
        let score = score
            .map(|text| {
                text.parse::<i32>()
                    .ok()
                    .filter(|s| s.abs() <= SCORE_BOUND)
                    .ok_or_else(|| {
                        bad(format!(
                            "score '{text}' is not a whole number of centi-men within ±{SCORE_BOUND}"
                        ))
                    })
            })
            .transpose()?;
        out.push(Sample {
            position,
            result,
            score,
        });
    }
    if out.is_empty() {
        return Err(CliError(format!("{}: no positions to fit", path.display())));
    }
    Ok(out)
}

fn sigmoid(k: f64, cp: i32) -> f64 {
    1.0 / (1.0 + (-k * f64::from(cp) / 100.0).exp())
}

/// A score from the side to move's view, from White's.
fn for_white(pos: &Position, score: i32) -> i32 {
    if pos.turn() == Color::White {
        score
    } else {
        -score
    }
}

/// What each sample's prediction is measured against: its result, blended with the search's
/// expected score by `lambda` (the result's share).
fn targets(samples: &[Sample], k: f64, lambda: f64) -> Vec<f64> {
    samples
        .iter()
        .map(|s| match s.score {
            Some(score) => lambda * s.result + (1.0 - lambda) * sigmoid(k, score),
            None => s.result,
        })
        .collect()
}

/// The mean squared error of the weights' predictions against `targets` (one per sample).
fn error(variant: Variant, w: &Weights, samples: &[Sample], targets: &[f64], k: f64) -> f64 {
    let e = Evaluator::with_weights(variant, w);
    let sum: f64 = samples
        .iter()
        .zip(targets)
        .map(|(s, t)| {
            let (score, _) = e.evaluate(&s.position);
            (t - sigmoid(k, for_white(&s.position, score))).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

fn fit(args: &Args, samples: &[Sample], mut w: Weights, path: &Path) -> Result<(), CliError> {
    let v = args.variant;
    // The scale that turns centi-men into an expected score, fitted to the starting weights
    // and the results alone (the search's part of a target depends on it).
    let results: Vec<f64> = samples.iter().map(|s| s.result).collect();
    let mut k = 1.0;
    let mut best = f64::INFINITY;
    for i in 1..=60 {
        let kk = f64::from(i) * 0.05;
        let e = error(v, &w, samples, &results, kk);
        if e < best {
            best = e;
            k = kk;
        }
    }
    let lambda = args.lambda;
    let targets = targets(samples, k, lambda);
    best = error(v, &w, samples, &targets, k);
    let scored = samples.iter().filter(|s| s.score.is_some()).count();
    eprintln!(
        "{} positions ({scored} with a search score; the result's share {lambda}); K = {k:.2}; error {best:.6} with the starting weights",
        samples.len()
    );
    for pass in 1..=args.passes {
        let mut changed = 0;
        for i in 0..w.len() {
            let (_, value) = w.at(i);
            let step = (value.abs() / 20).max(1);
            for delta in [step, -step] {
                let mut tried = w.clone();
                tried.set(i, value + delta);
                let e = error(v, &tried, samples, &targets, k);
                if e < best {
                    best = e;
                    w = tried;
                    changed += 1;
                    break;
                }
            }
        }
        std::fs::write(path, w.to_text())
            .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        eprintln!(
            "pass {pass}/{}: error {best:.6}, {changed} weights changed",
            args.passes
        );
        if changed == 0 {
            break;
        }
    }
    println!("{}", path.display());
    Ok(())
}
