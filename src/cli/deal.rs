//! `tavolo deal GAME`: a seeded, reproducible setup (see `crate::deal`).

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;

use super::args::{self, Force};
use super::out::{self, outln};
use crate::error::Error;
use crate::games::setup::Spec;
use crate::record::{players_text, write};

/// What decides a deal; shared with `tavolo play`.
#[derive(Debug, clap::Args)]
pub struct Setup {
    /// The game.
    #[arg(value_parser = args::games())]
    pub game: String,
    /// Number of players (default: the fewest the variant allows).
    #[arg(long, short = 'p')]
    pub players: Option<usize>,
    /// The variant (default: the game's first, e.g. `standard`; which game has which:
    /// docs/rules/).
    #[arg(long, value_parser = args::variants())]
    pub variant: Option<String>,
    /// Seed text; without it a fresh 256-bit seed from the operating system is used and printed.
    #[arg(long)]
    pub seed: Option<String>,
    /// Board number, for several deals from one seed.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub board: u32,
    /// Player names in turn order, comma-separated (default P1, P2, ...).
    #[arg(long, value_delimiter = ',')]
    pub names: Option<Vec<String>>,
}

impl Setup {
    /// The deal these arguments ask for.
    pub fn spec(&self) -> Spec {
        Spec {
            game: self.game.clone(),
            players: self.players,
            variant: self.variant.clone(),
            seed: self.seed.clone(),
            board: self.board,
            names: self.names.clone(),
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub setup: Setup,
    /// Also write a record file with this deal as its setup, ready for the moves
    /// (`tavolo check` reads it as legal so far, the first player to move).
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub record: Option<PathBuf>,
    #[command(flatten)]
    pub force: Force,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    if let Some(path) = &args.record {
        args.force.check(path)?;
    }
    let r = args.setup.spec().resolve()?;
    let deal = r.game.deal(&r.variant, &r.players, &r.provenance)?;
    if let Some(path) = &args.record {
        let mut text = write::header(&r.provenance, &r.players);
        text.push('\n');
        text.push_str(&deal.setup_toml);
        text.push_str(&format!(
            "\n# Add the moves in order, each as a [[move]] table with its player and the\n\
             # game's move fields (docs/records.md), e.g.:\n# [[move]]\n# player = {}\n",
            write::string(&r.players[0])
        ));
        write::atomic(path, &text)?;
        eprintln!("wrote {}", path.display());
    }
    if args.setup.seed.is_none() {
        eprintln!(
            "note: a fresh seed from the operating system; deal this again with --seed {}",
            r.provenance.seed
        );
    }
    let p = &r.provenance;
    if args.json {
        let out = json!({
            "algorithm": p.algorithm,
            "game": p.game,
            "variant": p.variant,
            "seed": p.seed,
            "board": p.board,
            "players": r.players,
            "deal": deal.json,
        });
        out::json(&out);
    } else {
        outln!("algorithm: {}", p.algorithm);
        outln!(
            "game: {} ({}), {}",
            p.game,
            p.variant,
            players_text(r.players.len())
        );
        outln!("seed: {}", write::string(&p.seed));
        outln!("board: {}", p.board);
        for line in &deal.lines {
            outln!("{line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
