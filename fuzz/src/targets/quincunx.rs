//! Quincunx position files and inline positions (`tavolo score quincunx POS
//! best`, `POS CARD CELL`). An error points inside the position (or, for the
//! placement's own faults, names the argument).

use std::path::{Path, PathBuf};

use super::{files, located, read_all, repo, Target};
use crate::mutate::Shape;

/// Errors about the placement asked for, or a position that has no hand: not
/// about a place in the file.
const NOT_IN_FILE: &[&str] = &["score.card-on-grid", "score.cannot-place", "score.no-hand"];

const WORDS: &[&str] = &[
    "variant",
    "players",
    "hand",
    "grid",
    "[grid]",
    "standard",
    "solitaire",
    "extended",
    "colour-bonus",
    "a1",
    "e5",
    "d4",
    "f6",
    "z99",
    "AM",
    "3MW",
    "9MS",
    "The Journey",
    "CM",
    "2WL",
    "inline:",
    "=",
    ",",
];

const PLACEMENTS: &[&[&str]] = &[
    &["best"],
    &["3MW", "c3"],
    &["AM", "a1"],
    &["The", "Journey", "b2"],
    &["9MS", "e5"],
];

pub fn target() -> Target {
    let seeds = read_all(&files(&repo().join("fuzz/seeds/quincunx"), ""));
    let dir = std::env::temp_dir().join(format!("tavolo-fuzz-qx-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file: PathBuf = dir.join("position.toml");
    let game = tavolo::games::find("quincunx").expect("quincunx is registered");
    Target::new(
        "quincunx-position",
        seeds,
        WORDS,
        Shape::Toml,
        Box::new(move |input| {
            let scorer = game.scorer().expect("quincunx scores");
            let text = String::from_utf8_lossy(input).into_owned();
            let (arg, where_, body) = match text.strip_prefix("inline:") {
                Some(inline) => {
                    let inline = inline.trim_end().to_string();
                    // An inline position is taken only when no such file exists.
                    if inline.is_empty() || !inline.contains('=') || Path::new(&inline).exists() {
                        return Ok(());
                    }
                    (inline.clone(), PathBuf::from("the inline position"), inline)
                }
                None => {
                    std::fs::write(&file, input).map_err(|e| e.to_string())?;
                    (
                        file.display().to_string(),
                        file.clone(),
                        String::from_utf8(input.to_vec()).unwrap_or_default(),
                    )
                }
            };
            let which = PLACEMENTS[input.len() % PLACEMENTS.len()];
            let mut args = vec![arg];
            args.extend(which.iter().map(|s| s.to_string()));
            match scorer.score(&args) {
                Ok(s) => {
                    let _ = serde_json::to_string(&s.json).map_err(|e| e.to_string())?;
                    Ok(())
                }
                Err(e) if NOT_IN_FILE.contains(&e.code) => Ok(()),
                // Not UTF-8: the file is unreadable as a whole.
                Err(e) if e.code == "score.read" => Ok(()),
                Err(e) => {
                    let card = which[..which.len().saturating_sub(1)].join(" ");
                    let cell = which.last().copied().unwrap_or("");
                    let arg = Path::new("the argument");
                    let (a1, a2) = (card.as_str(), cell);
                    located(&e, &[(&where_, &body), (arg, a1)])
                        .or_else(|_| located(&e, &[(&where_, &body), (arg, a2)]))
                }
            }
        }),
    )
}
