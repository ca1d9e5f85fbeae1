//! `tavolo play GAME`: a random legal game, written as a complete record.
//!
//! The deal comes from the seed as in `tavolo deal`; the player's choices come
//! from a second stream of the same algorithm keyed with the variant
//! `<variant>/play`, so the same seed always gives the same record.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::deal::DealRng;
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

/// The text of a random legal record for these arguments.
pub fn record_text(setup: &super::deal::Setup) -> Result<String, Error> {
    let r = setup.resolve()?;
    let p = &r.provenance;
    let deal = r.game.deal(&r.variant, &r.players, p)?;
    let mut rng = DealRng::new(&p.game, &format!("{}/play", p.variant), &p.seed, p.board);
    let moves = r.game.play_random(&r.variant, &r.players, p, &mut rng)?;
    // A record needs at least one move; a deal stuck from the start (an Il Muro
    // wall with no 1, no 6 and no two tops one apart) has nothing to record.
    if moves.is_empty() {
        return Err(Error::failed(
            "play.no-legal-move",
            format!(
                "the {} deal of seed {:?}, board {}, has no legal first move: \
                 the game is lost before it starts, so there is no record to write",
                p.game, p.seed, p.board
            ),
        )
        .help("choose another seed or --board; `tavolo solve` proves such deals unsolvable"));
    }
    Ok(write::record(p, &r.players, &deal.setup_toml, &moves))
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let text = record_text(&args.setup)?;
    if args.setup.seed.is_none() {
        eprintln!("note: a fresh seed from the operating system; it is in the record's [deal]");
    }
    match &args.out {
        Some(path) => write::atomic(path, &text)?,
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
