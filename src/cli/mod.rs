//! Command-line interface: clap definitions, one file per subcommand.
//! Each subcommand's `run` returns the exit code of a successful run, or an
//! [`Error`] that `main` prints and maps to 1 or 2.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::Error;

pub mod check;
pub mod deal;
pub mod kit;
pub mod lexicon;
pub mod play;
pub mod score;
pub mod solve;

#[derive(Debug, Parser)]
#[command(
    name = "tavolo",
    version,
    about = "Print-and-play kits and a referee for table play"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Render print-and-play kits as PDF (and PNG previews).
    Kit(kit::Args),
    /// Deal a seeded, reproducible setup.
    Deal(deal::Args),
    /// Replay game records and report the first illegal move.
    Check(check::Args),
    /// Total or optimise scores.
    Score(score::Args),
    /// Play a random legal game and write its record.
    Play(play::Args),
    /// Search for a solution of a solitaire deal.
    Solve(solve::Args),
    /// The Italian word lexicon of Natura Shakerata: build, info, check, anagram.
    Lexicon(lexicon::Args),
}

/// Parse the process arguments, run, and turn the outcome into an exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help/version to stdout (exit 0) and usage errors to stderr (exit 2).
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(e.exit_code())
        }
    }
}

pub fn run(cli: Cli) -> Result<ExitCode, Error> {
    match cli.command {
        Command::Kit(args) => kit::run(args),
        Command::Deal(args) => deal::run(args),
        Command::Check(args) => check::run(args),
        Command::Score(args) => score::run(args),
        Command::Play(args) => play::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Lexicon(args) => lexicon::run(args),
    }
}
