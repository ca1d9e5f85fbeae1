//! `tavolo play GAME`: a random legal game, written as a complete record.
//!
//! The deal comes from the seed as in `tavolo deal`; the player's choices come
//! from a second stream of the same algorithm keyed with the variant
//! `<variant>/play`, so the same seed always gives the same record.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::error::Error;
use crate::record::write;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub setup: super::deal::Setup,
    /// Write the record here (default: standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let text = crate::games::setup::play_record(&args.setup.spec())?;
    if args.setup.seed.is_none() {
        eprintln!("note: a fresh seed from the operating system; it is in the record's [deal]");
    }
    match &args.out {
        Some(path) => write::atomic(path, &text)?,
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
