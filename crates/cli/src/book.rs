//! `kingme book build | probe`: opening books on disk (see the engine's `book` module for
//! the format). The books in `data/book/<variant>.bin` are compiled into the command line.

use crate::CliError;
use kingme_draughts::{notation, Position, Variant};
use kingme_engine::book::{self, Book};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Build the book of a variant by the engine's own searches; a build stopped part way
    /// goes on from the file it left (same plies and nodes).
    Build {
        /// english, international, russian or brazilian.
        #[arg(long)]
        variant: Variant,
        /// Plies from the start the book reaches (1 to 30).
        #[arg(long, default_value_t = 10)]
        plies: u8,
        /// Nodes searched per book position (its moves are searched to the same depth,
        /// deepened until this many are spent).
        #[arg(long, default_value_t = 2_000_000)]
        nodes: u64,
        /// The book file (written again after every few positions).
        #[arg(long)]
        out: PathBuf,
    },
    /// The book moves of a position (the start by default), best first, with their scores.
    Probe {
        #[arg(long)]
        variant: Variant,
        #[arg(long)]
        fen: Option<String>,
        /// A book file instead of the one compiled in.
        #[arg(long)]
        file: Option<PathBuf>,
    },
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        Command::Build {
            variant,
            plies,
            nodes,
            out,
        } => build(variant, plies, nodes, &out),
        Command::Probe { variant, fen, file } => probe(variant, fen.as_deref(), file.as_deref()),
    }
}

/// The book compiled in for `variant`.
///
/// # Errors
/// The shipped file is damaged (a build from a broken checkout).
pub fn shipped(variant: Variant) -> Result<Arc<Book>, CliError> {
    book::shipped(variant).map_err(|e| CliError(format!("the shipped {variant} book: {e}")))
}

/// Reads a book file of `variant`.
///
/// # Errors
/// A file that cannot be read or is not a valid book, named with the reason.
pub fn load(variant: Variant, path: &Path) -> Result<Arc<Book>, CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    Book::from_bytes(variant, &bytes)
        .map(Arc::new)
        .map_err(|e| CliError(format!("{}: {e}", path.display())))
}

/// Which book a player uses: `shipped` (the one compiled in), `none`, or a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Shipped,
    None,
    File(PathBuf),
}

impl std::str::FromStr for Choice {
    type Err = String;

    fn from_str(s: &str) -> Result<Choice, String> {
        Ok(match s {
            "shipped" => Choice::Shipped,
            "none" => Choice::None,
            "" => return Err("a book is shipped, none or a file".into()),
            path => Choice::File(PathBuf::from(path)),
        })
    }
}

impl Choice {
    /// The book this choice names for `variant`.
    ///
    /// # Errors
    /// A book file that cannot be read or is not a valid book of `variant`.
    pub fn load(&self, variant: Variant) -> Result<Option<Arc<Book>>, CliError> {
        match self {
            Choice::Shipped => shipped(variant).map(Some),
            Choice::None => Ok(None),
            Choice::File(path) => load(variant, path).map(Some),
        }
    }
}

fn write(path: &Path, book: &Book) -> Result<(), CliError> {
    let tmp = path.with_extension("partial");
    std::fs::write(&tmp, book.to_bytes())
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| CliError(format!("{}: {e}", path.display())))
}

fn build(variant: Variant, plies: u8, nodes: u64, out: &Path) -> Result<(), CliError> {
    if !(1..=30).contains(&plies) {
        return Err(CliError(format!(
            "--plies must be between 1 and 30, not {plies}"
        )));
    }
    if nodes == 0 {
        return Err(CliError("--nodes must be at least 1".into()));
    }
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| CliError(format!("{}: {e}", dir.display())))?;
    }
    let mut book = match std::fs::read(out) {
        Ok(bytes) => match Book::from_bytes(variant, &bytes) {
            Ok(b) if b.plies() == plies && b.nodes() == nodes => {
                eprintln!(
                    "{}: {} positions already there, going on",
                    out.display(),
                    b.len()
                );
                b
            }
            Ok(b) => {
                return Err(CliError(format!(
                    "{} was built with --plies {} --nodes {}; remove it or build with those",
                    out.display(),
                    b.plies(),
                    b.nodes()
                )))
            }
            Err(e) => {
                eprintln!("{} is unusable ({e}), building it again", out.display());
                Book::new(variant, plies, nodes)
            }
        },
        Err(_) => Book::new(variant, plies, nodes),
    };
    let started = Instant::now();
    let mut last_save = Instant::now();
    let mut searched = 0u64;
    let mut failed = None;
    book::build(&mut book, &mut |b, step| {
        if step.searched {
            searched += 1;
            eprintln!(
                "{variant} ply {}: {}/{} depth {} {} nodes, {} positions, {:.0} s",
                step.ply,
                step.done,
                step.at_ply,
                step.depth,
                step.nodes,
                b.len(),
                started.elapsed().as_secs_f64()
            );
            if last_save.elapsed().as_secs() >= 10 {
                last_save = Instant::now();
                if let Err(e) = write(out, b) {
                    failed = Some(e);
                    return false;
                }
            }
        }
        true
    });
    if let Some(e) = failed {
        return Err(e);
    }
    write(out, &book)?;
    println!(
        "{variant} book: {} positions to {plies} plies, {} bytes in {} ({searched} searched in {:.1} s)",
        book.len(),
        book.to_bytes().len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn probe(variant: Variant, fen: Option<&str>, file: Option<&Path>) -> Result<(), CliError> {
    let pos = match fen {
        Some(f) => Position::from_fen(variant, f)?,
        None => Position::start(variant),
    };
    let book = match file {
        Some(path) => load(variant, path)?,
        None => shipped(variant)?,
    };
    match book.probe(&pos) {
        None => println!("not in the {variant} book ({} positions)", book.len()),
        Some(moves) => {
            for b in moves {
                println!(
                    "{:<10} {:+.2}",
                    notation::move_to_string(variant, &b.mv),
                    f64::from(b.score) / 100.0
                );
            }
        }
    }
    Ok(())
}
