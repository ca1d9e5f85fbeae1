//! `tavolo score GAME ARGS...`: totals and optimises scores, for the games
//! that have a scorer (see `Game::scorer`).

use std::process::ExitCode;

use super::{args, out};
use crate::error::Error;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (one that has a scorer).
    #[arg(value_parser = args::scored_games())]
    pub game: String,
    /// What to score; for `scalafrutta` the tiles held, e.g. `B3 M3 P3 U3 M4 M5 M6`.
    #[arg(required = true)]
    pub args: Vec<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let game = crate::games::require(&args.game)?;
    let Some(scorer) = game.scorer() else {
        let names: Vec<_> = crate::games::GAMES
            .iter()
            .filter(|g| g.scorer().is_some())
            .map(|g| g.name())
            .collect();
        return Err(Error::input(
            "cli.unknown-game",
            format!(
                "`tavolo score` scores {}, not `{}`",
                names.join(", "),
                args.game
            ),
        )
        .help(crate::error::did_you_mean(
            &args.game,
            names.iter().copied(),
            format!("the games with a scorer are: {}", names.join(", ")),
        )));
    };
    let scored = scorer.score(&args.args)?;
    if args.json {
        out::json(&scored.json);
    } else {
        out::write(&scored.text);
    }
    Ok(ExitCode::SUCCESS)
}
