//! Records (`tavolo check`), one target per registered game, seeded with the
//! game's fixtures (`tests/fixtures/<game>/`). A record either judges with its
//! illegal move at a place in the text, or is unreadable with the line and
//! column of the fault in bounds. A judged record, written back by the TOML
//! writer (keys sorted, comments and layout gone), must judge the same.

use std::path::Path;

use tavolo::games::check::{check_text, Outcome, Report};
use tavolo::record::Verdict;

use super::{files, in_bounds, read_all, repo, Target};
use crate::mutate::Shape;

const WORDS: &[&str] = &[
    "game",
    "variant",
    "players",
    "deal",
    "setup",
    "move",
    "meta",
    "player",
    "algorithm",
    "seed",
    "board",
    "[[move]]",
    "[setup]",
    "[deal]",
    "tavolo-deal-v1",
    "hands",
    "true",
    "false",
    "\"\"",
    "[]",
    "{}",
];

pub fn targets() -> Vec<Target> {
    let root = repo().join("tests/fixtures");
    tavolo::games::names()
        .into_iter()
        .filter_map(|game| {
            let seeds = read_all(&files(&root.join(game), ".toml"));
            (!seeds.is_empty()).then(|| target(game, seeds))
        })
        .collect()
}

fn target(game: &str, seeds: Vec<Vec<u8>>) -> Target {
    let path = Path::new("fuzz.toml");
    Target::new(
        &format!("record:{game}"),
        seeds,
        WORDS,
        Shape::Toml,
        Box::new(move |input| {
            let text = String::from_utf8_lossy(input).into_owned();
            let report = check_text(path, text.clone());
            located(&report, &text)?;
            round_trip(&report, &text)
        }),
    )
}

/// The report's place (unreadable: the error; illegal: the move) is in `text`.
pub fn located(report: &Report, text: &str) -> Result<(), String> {
    match &report.outcome {
        Outcome::Unreadable { error, .. } => {
            let _ = serde_json::to_string(report).map_err(|e| e.to_string())?;
            match (error.line, error.column) {
                (Some(l), Some(c)) => in_bounds(text, l, c)
                    .map_err(|m| format!("{}: {m}: {}", error.code, error.message)),
                _ => Err(format!(
                    "{}: unreadable without line and column: {}",
                    error.code, error.message
                )),
            }
        }
        Outcome::Judged { verdict, .. } => {
            let _ = serde_json::to_string(report).map_err(|e| e.to_string())?;
            if let Some(ill) = &verdict.illegal {
                in_bounds(text, ill.line, ill.column)
                    .map_err(|m| format!("{}: illegal move: {m}", ill.code))?;
                if ill.number == 0 || ill.number > verdict.moves.max(1) {
                    return Err(format!(
                        "{}: illegal move {} of {}",
                        ill.code, ill.number, verdict.moves
                    ));
                }
            }
            Ok(())
        }
    }
}

/// What a verdict says, without where (positions change when rewritten).
fn gist(v: &Verdict) -> Verdict {
    let mut v = v.clone();
    if let Some(ill) = &mut v.illegal {
        ill.line = 0;
        ill.column = 0;
        ill.message.clear();
    }
    v
}

fn round_trip(report: &Report, text: &str) -> Result<(), String> {
    let Outcome::Judged {
        game,
        variant,
        players,
        verdict,
    } = &report.outcome
    else {
        return Ok(());
    };
    // The toml crate's table holds 64-bit integers only; a record may carry a bigger one
    // where tavolo never reads it (e.g. in `[meta]`): then there is nothing to write back.
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return Ok(());
    };
    let Ok(again) = toml::to_string(&table) else {
        return Ok(()); // a value the TOML writer cannot write (not tavolo's reader)
    };
    let second = check_text(Path::new("fuzz.toml"), again.clone());
    match &second.outcome {
        Outcome::Judged {
            game: g2,
            variant: v2,
            players: p2,
            verdict: d2,
        } => {
            if (game, variant, players) != (g2, v2, p2) || gist(verdict) != gist(d2) {
                return Err(format!(
                    "rewritten record judges differently:\n{:?}\nthen\n{:?}",
                    gist(verdict),
                    gist(d2)
                ));
            }
            Ok(())
        }
        Outcome::Unreadable { error, .. } => Err(format!(
            "rewritten record is unreadable: {}: {}",
            error.code, error.message
        )),
    }
}
