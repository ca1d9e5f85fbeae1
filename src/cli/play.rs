//! `tavolo play GAME`: a legal game, written as a complete record: played by the
//! game's machine player where it has one (Natura Shakerata's highest-scoring
//! move), else at random (`--strength`).
//!
//! The deal comes from the seed as in `tavolo deal`; the player's choices come
//! from a second stream of the same algorithm keyed with the variant
//! `<variant>/play`, so the same seed always gives the same record.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;

use super::args::Force;
use super::out::{self, errln};
use crate::error::Error;
use crate::games::referee::Strength;
use crate::record::write;

/// What `tavolo play --help` says after the options: when a random game stops.
pub const AFTER_HELP: &str = "\
A random game is played to its end: a win, or no legal move left. A move that ends a game at
the player's will (a solitaire's `stop`) is picked rarely, not like any other move, so a random
game runs its course (a few hundred moves) unless it is stuck or won first; its record checks
as complete.

A game with a machine player (natura: the best move over the lexicon by equity, the score
plus the value of the tiles kept, or by score without leave values; its records hold real
words) plays with it by default when its words can be had (the default
lists, or --lexicon); --strength random plays at random, --strength N picks among the best N.";

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub setup: super::deal::Setup,
    /// Write the record to this file (default, or `-`: standard output).
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub out: Option<PathBuf>,
    /// The record's format: toml, or the game's other format (natura: gcg). Default: as the
    /// --out file's name ends (`game.gcg`), else toml.
    #[arg(long, value_name = "FORMAT", value_parser = super::args::Choices::new(crate::games::foreign::names))]
    pub format: Option<String>,
    #[command(flatten)]
    pub force: Force,
    /// Who moves: `random`, `best` (the game's machine player, the default where the game
    /// has one), or N (a pick among the machine's best N moves, from the seed).
    #[arg(long, value_name = "STRENGTH", value_parser = clap::value_parser!(Strength))]
    pub strength: Option<Strength>,
    /// The words of a game that looks words up (natura's machine player).
    #[command(flatten)]
    pub lexicon: super::lexicon::LexiconArgs,
    /// Natura: the machine ranks its moves by equity, the score plus these leave values
    /// (`tavolo lexicon leaves learn`; docs/analysis.md); default: the lexicon's own values
    /// (tavolo ships them for NS-2's lists), if it has any.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath, conflicts_with = "rank")]
    pub leaves: Option<std::path::PathBuf>,
    /// Natura: the machine ranks its moves by `score`, or by `equity` (score plus leave);
    /// default: equity when the lexicon has leave values, else score.
    #[arg(long, value_parser = ["score", "equity"])]
    pub rank: Option<String>,
    /// Print JSON: the deal, the players, the number of moves and the record's text
    /// (and the file it was written to, with `--out`).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    if let Some(path) = &args.out {
        args.force.check(path)?;
    }
    args.lexicon.choose(args.json)?;
    {
        use crate::games::natura::leaves_record::{choose, Choice};
        if let Some(path) = &args.leaves {
            choose(Choice::File(path.clone()));
        } else {
            match args.rank.as_deref() {
                Some("score") => choose(Choice::Score),
                Some(_) => choose(Choice::Equity),
                None => {}
            }
        }
    }
    let format = crate::games::foreign::output(
        &args.setup.game,
        args.out.as_deref(),
        args.format.as_deref(),
    )?;
    let words = super::solve::word_lists(&args.lexicon)?;
    let mut played =
        crate::games::setup::play_with(&args.setup.spec(), args.strength, words.as_ref())?;
    if let Some(f) = format {
        let name = args
            .out
            .as_deref()
            .unwrap_or(std::path::Path::new("<record>"));
        played.text = crate::games::foreign::write(f, &played.text, name)?;
    }
    if args.setup.choice.seed.is_none() {
        errln!("note: a fresh seed from the operating system; it is in the record's [deal]");
    }
    if let Some(note) = &played.note {
        errln!("note: {note}");
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
            "strength": played.strength,
            "file": args.out.as_ref().map(|f| f.display().to_string()),
            "record": played.text,
        }));
    } else if let Some(path) = &args.out {
        out::wrote(path, &crate::t!("count-moves", count = played.moves.len()));
    } else {
        out::write(&played.text);
    }
    Ok(ExitCode::SUCCESS)
}
