//! `kingme`: the site for draughts, Halma and Chinese checkers, and its command line.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod analyse;
mod bench;
mod book;
mod egdb;
mod halma;
mod hub;
mod loadtest;
mod moves;
mod perft;
mod play;
mod position_args;
mod replay;
mod serve;
mod train;

/// kingme — draughts (English checkers, International, Russian and Brazilian draughts), Halma
/// (8×8, 10×10, 16×16) and Chinese checkers.
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
    /// List the legal moves of a position, in full-path notation or as JSON.
    Moves(moves::Args),
    /// Replay a game (PDN, a Halma-family record, or plain move text) and print the final state
    /// as JSON.
    Replay(replay::Args),
    /// Search fixed positions to a fixed depth: node count (the search's fingerprint) and speed,
    /// for draughts and then for the Halma family.
    Bench(bench::Args),
    /// Search a position and print every iteration: depth, score, nodes, speed, main line.
    Analyse(analyse::Args),
    /// Engine matches from varied openings, each with both colours (every seat in the Halma
    /// family): results, Elo difference or placings.
    Play(play::Args),
    /// Endgame databases: build the tables of a variant, probe a position.
    Egdb(egdb::Args),
    /// Opening books: build the book of a variant by the engine's searches, probe a position.
    Book(book::Args),
    /// Fit the evaluation's weights to self-play games (resumable; see the README).
    Train(train::Args),
    /// Speak the Hub protocol (Hub GUI, Scan) on standard input and output (draughts).
    Hub(hub::Args),
    /// Serve the web site and online rooms.
    Serve(serve::Args),
    /// Load-test online rooms over loopback: moves/s, latency, memory per room.
    Loadtest(loadtest::Args),
}

/// A failure a command reports: one line on stderr, exit code 2 for bad arguments or input.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

/// `kingme moves | head -1` closes our stdout early: end quietly, as other command-line tools
/// do, instead of reporting a failed write as a crash.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info
            .payload_as_str()
            .is_some_and(|m| m.contains("Broken pipe"))
        {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            let rendered = e.render().to_string();
            let first = rendered
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("bad arguments");
            eprintln!("kingme: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Play(args) => play::run(args),
        Command::Hub(args) => hub::run(args),
        Command::Egdb(args) => egdb::run(args),
        Command::Book(args) => book::run(args),
        Command::Train(args) => train::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Loadtest(args) => loadtest::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError(msg)) => {
            eprintln!("kingme: {msg}");
            ExitCode::from(2)
        }
    }
}
