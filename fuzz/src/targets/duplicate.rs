//! Duplicate moves files (`tavolo duplicate score GAME --moves FILE`): an error points inside
//! the file; what reads holds only rounds the game has, each player once a round, and every
//! submission says where in the file it is written.

use std::collections::BTreeSet;
use std::path::Path;

use tavolo::games::natura::duplicate::submissions_record as submissions;
use tavolo::record::Source;

use super::{files, located, read_all, repo, Target};
use crate::mutate::Shape;

const WORDS: &[&str] = &[
    "[round.1]",
    "[round.2]",
    "[round.99]",
    "[round.0]",
    "[round]",
    "Anna",
    "\"H8 across CASA\"",
    "\"A1 down CIAO\"",
    "\"O15 across ZZ\"",
    "\"pass\"",
    "\"\"",
    "across",
    "down",
    "..",
    "?",
    "=",
];

/// The rounds of the game the moves are scored against.
const ROUNDS: usize = 3;

pub fn target() -> Target {
    let seeds = read_all(&files(&repo().join("fuzz/seeds/duplicate"), ""));
    Target::new(
        "duplicate-moves",
        seeds,
        WORDS,
        Shape::Toml,
        Box::new(move |input| {
            // Not UTF-8: the CLI refuses the file whole before reading it.
            let Ok(text) = std::str::from_utf8(input) else {
                return Ok(());
            };
            let path = Path::new("moves.toml");
            let src = Source::new(path, text);
            match submissions::read(&src, ROUNDS) {
                Err(e) => located(&e, &[(path, text)]),
                Ok(subs) => {
                    let mut seen = BTreeSet::new();
                    for s in &subs {
                        if !(1..=ROUNDS).contains(&s.round) {
                            return Err(format!("read a move for round {}", s.round));
                        }
                        if !seen.insert((s.round, s.player.clone())) {
                            return Err(format!("{} twice in round {}", s.player, s.round));
                        }
                        if !s.at.starts_with("moves.toml:") {
                            return Err(format!("a move written at `{}`", s.at));
                        }
                    }
                    Ok(())
                }
            }
        }),
    )
}
