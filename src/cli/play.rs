//! `tavolo play GAME`: a random legal game, written as a complete record.
//!
//! The deal comes from the seed as in `tavolo deal`; the player's choices come
//! from a second stream of the same algorithm keyed with the variant
//! `<variant>/play`, so the same seed always gives the same record.

use std::path::PathBuf;
use std::process::ExitCode;

use super::args::Force;
use super::out;
use crate::error::Error;
use crate::record::write;

/// What `tavolo play --help` says after the options: when a random game stops.
pub const AFTER_HELP: &str = "\
A random game is played to its end: a win, or no legal move left. Il Muro has no other end
than a player stuck, and random moves can go back and forth between the walls for ever, so
`tavolo play muro` stops after 300 moves; such a record checks as legal so far.";

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub setup: super::deal::Setup,
    /// Write the record to this file (default: standard output).
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub force: Force,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    if let Some(path) = &args.out {
        args.force.check(path)?;
    }
    let text = crate::games::setup::play_record(&args.setup.spec())?;
    if args.setup.seed.is_none() {
        eprintln!("note: a fresh seed from the operating system; it is in the record's [deal]");
    }
    match &args.out {
        Some(path) => write::atomic(path, &text)?,
        None => out::write(&text),
    }
    Ok(ExitCode::SUCCESS)
}
