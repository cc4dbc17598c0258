//! `kingme`: the draughts site and its command line.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod perft;

/// kingme — draughts: English checkers, International, Russian and Brazilian draughts.
#[derive(Parser, Debug)]
#[command(name = "kingme", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal-move tree (move generator check and benchmark).
    Perft(perft::Args),
}

/// A failure a command reports: one line on stderr, exit code 2 for bad arguments or input.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError(msg)) => {
            eprintln!("kingme: {msg}");
            ExitCode::from(2)
        }
    }
}
