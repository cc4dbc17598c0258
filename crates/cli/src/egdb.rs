//! `kingme egdb build | probe`: endgame databases on disk.
//!
//! The files of a variant live in `DIR/<variant>/<signature>.egdb`, one per material
//! signature (see the kingme-egdb crate for the format).

use crate::CliError;
use kingme_draughts::{notation, Position, Variant};
use kingme_egdb::{build_order, build_pair, encode_table, Egdb, Progress, Signature, Value};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Build every table with up to N pieces; tables already on disk are kept.
    Build {
        /// english, international, russian or brazilian.
        #[arg(long)]
        variant: Variant,
        /// The most pieces on the board (both sides together).
        #[arg(long)]
        pieces: u32,
        /// The folder of the databases (files go to DIR/<variant>/).
        #[arg(long, default_value = "data/egdb")]
        out: PathBuf,
    },
    /// The value of a position, and of each of its moves.
    Probe {
        #[arg(long)]
        variant: Variant,
        #[arg(long)]
        fen: String,
        /// The folder of the databases.
        #[arg(long, default_value = "data/egdb")]
        dir: PathBuf,
    },
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        Command::Build {
            variant,
            pieces,
            out,
        } => build(variant, pieces, &out),
        Command::Probe { variant, fen, dir } => probe(variant, &fen, &dir),
    }
}

/// The file of one table.
pub fn table_path(dir: &Path, variant: Variant, sig: Signature) -> PathBuf {
    dir.join(variant.key()).join(format!("{sig}.egdb"))
}

/// Every table of `variant` under `dir` (none when its folder does not exist).
///
/// # Errors
/// A file that cannot be read or is not a valid table, named with the reason.
pub fn load(variant: Variant, dir: &Path) -> Result<Egdb, CliError> {
    let mut db = Egdb::new(variant);
    let folder = dir.join(variant.key());
    let entries = match std::fs::read_dir(&folder) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(db),
        Err(e) => return Err(CliError(format!("{}: {e}", folder.display()))),
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "egdb"))
        .collect();
    paths.sort();
    for path in paths {
        let bytes =
            std::fs::read(&path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        db.insert_file(&bytes)
            .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    }
    Ok(db)
}

fn pair_name(pair: &[Signature]) -> String {
    pair.iter()
        .map(Signature::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

fn build(variant: Variant, pieces: u32, out: &Path) -> Result<(), CliError> {
    if !(2..=6).contains(&pieces) {
        return Err(CliError(format!(
            "--pieces must be between 2 and 6, not {pieces}"
        )));
    }
    let folder = out.join(variant.key());
    std::fs::create_dir_all(&folder).map_err(|e| CliError(format!("{}: {e}", folder.display())))?;
    let mut db = Egdb::new(variant);
    let order = build_order(pieces);
    let started = Instant::now();
    let (mut positions, mut bytes) = (0u64, 0u64);
    for (n, pair) in order.iter().enumerate() {
        let name = pair_name(pair);
        let head = format!("[{}/{}] {variant} {name}", n + 1, order.len());
        // Resumable: a table already on disk and valid is read instead of built.
        let mut kept = true;
        for &sig in pair {
            let path = table_path(out, variant, sig);
            match std::fs::read(&path) {
                Ok(file) => match db.insert_file(&file) {
                    Ok(_) => bytes += file.len() as u64,
                    Err(e) => {
                        eprintln!(
                            "{head}: {} is unusable ({e}), building it again",
                            path.display()
                        );
                        kept = false;
                    }
                },
                Err(_) => kept = false,
            }
        }
        if kept {
            positions += pair.iter().map(|s| s.size(variant)).sum::<u64>();
            eprintln!("{head}: on disk, kept");
            continue;
        }
        let t = Instant::now();
        let mut last_round = 0;
        let tables = build_pair(variant, pair, &db, &mut |p| match p {
            Progress::Moves { done, total } if done > 0 && done.is_multiple_of(1 << 20) => {
                eprintln!("{head}: moves {done}/{total}");
            }
            Progress::Round { round, .. } => last_round = round,
            Progress::Moves { .. } => {}
        })?;
        for (sig, values) in tables {
            let file = encode_table(variant, sig, &values);
            let path = table_path(out, variant, sig);
            std::fs::write(&path, &file)
                .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
            positions += values.len() as u64;
            bytes += file.len() as u64;
            let (wins, draws, losses) = census(&values);
            eprintln!(
                "{head}: {sig} {} positions (win {wins}, draw {draws}, loss {losses}), {} bytes",
                values.len(),
                file.len()
            );
            db.insert(sig, values)?;
        }
        eprintln!(
            "{head}: built in {:.2} s, {last_round} rounds",
            t.elapsed().as_secs_f64()
        );
    }
    println!(
        "{variant} up to {pieces} pieces: {} tables, {positions} positions, {bytes} bytes in {} ({:.1} s)",
        db.signatures().count(),
        folder.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn census(values: &[u8]) -> (u64, u64, u64) {
    let mut c = (0, 0, 0);
    for &v in values {
        match Value::from_code(v) {
            Value::Win(_) => c.0 += 1,
            Value::Draw => c.1 += 1,
            Value::Loss(_) => c.2 += 1,
        }
    }
    c
}

/// A value in words, for the side to move.
pub fn value_text(v: Value) -> String {
    match v {
        Value::Win(d) => format!("win in {d} plies"),
        Value::Loss(0) => "loss (no move)".into(),
        Value::Loss(d) => format!("loss in {d} plies"),
        Value::Draw => "draw".into(),
    }
}

fn probe(variant: Variant, fen: &str, dir: &Path) -> Result<(), CliError> {
    let pos = Position::from_fen(variant, fen)?;
    let db = load(variant, dir)?;
    let sig = Signature::of(&pos);
    let value = db.probe(&pos).ok_or_else(|| {
        CliError(format!(
            "no table {sig} for {variant} under {} (build it with kingme egdb build --variant {variant} --pieces {})",
            dir.display(),
            sig.pieces()
        ))
    })?;
    println!("{} to move: {}", pos.turn(), value_text(value));
    for m in pos.legal_moves() {
        let mut child = pos;
        child.play_unchecked(&m);
        let text = match db.probe(&child) {
            Some(v) => value_text(v),
            None => "not in the database".into(),
        };
        println!(
            "  {:<12} then {} to move: {text}",
            notation::move_to_string(variant, &m),
            child.turn()
        );
    }
    Ok(())
}
