//! `tavolo score GAME ARGS...`: totals and optimises scores, for the games
//! that have a scorer (see `Game::scorer`).

use std::process::ExitCode;

use super::{args, out};
use crate::error::Error;

#[derive(Debug, clap::Args)]
#[command(after_help = forms())]
pub struct Args {
    /// The game (one that has a scorer).
    #[arg(value_parser = args::scored_games())]
    pub game: String,
    /// What to score: each game's form is below.
    #[arg(required = true)]
    pub args: Vec<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What `tavolo score --help` and its manual page say after the options: every scoring
/// game's form of the arguments (`Scorer::usage`), a paragraph each (the manual page fills
/// its lines; the help shows them wrapped).
pub fn forms() -> String {
    const WIDTH: usize = 92;
    let mut out = String::from("What to score, game by game:");
    for g in crate::games::GAMES {
        let Some(scorer) = g.scorer() else { continue };
        out.push_str("\n\n");
        let mut line = format!("{}:", g.name());
        for word in scorer.usage().split_whitespace() {
            if line.len() + 1 + word.len() > WIDTH {
                out.push_str(&line);
                out.push('\n');
                line = word.to_string();
            } else {
                line.push(' ');
                line.push_str(word);
            }
        }
        out.push_str(&line);
    }
    out
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
