//! `tavolo play GAME`: a random legal game, written as a complete record.
//!
//! The deal comes from the seed as in `tavolo deal`; the player's choices come
//! from a second stream of the same algorithm keyed with the variant
//! `<variant>/play`, so the same seed always gives the same record.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;

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
    /// Print JSON: the deal, the players, the number of moves and the record's text
    /// (and the file it was written to, with `--out`).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    if let Some(path) = &args.out {
        args.force.check(path)?;
    }
    let played = crate::games::setup::play(&args.setup.spec())?;
    if args.setup.choice.seed.is_none() {
        eprintln!("note: a fresh seed from the operating system; it is in the record's [deal]");
    }
    if let Some(path) = &args.out {
        write::atomic(path, &played.text)?;
    }
    if args.json {
        let p = &played.provenance;
        out::json(&json!({
            "algorithm": p.algorithm,
            "game": p.game,
            "variant": p.variant,
            "seed": p.seed,
            "board": p.board,
            "players": played.players,
            "moves": played.moves.len(),
            "file": args.out.as_ref().map(|f| f.display().to_string()),
            "record": played.text,
        }));
    } else if args.out.is_none() {
        out::write(&played.text);
    }
    Ok(ExitCode::SUCCESS)
}
