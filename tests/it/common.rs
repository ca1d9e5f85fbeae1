//! Helpers shared by the property tests of the refereed games:
//! a random legal game's record, its moves, a move replaced, and the verdict.

use std::path::Path;

use tavolo::games::check::{check_text, Outcome};
use tavolo::record::Verdict;

/// The record of a random legal game, as `tavolo play` writes it (board 1,
/// default player names; `variant` `None` is the game's first).
pub fn random_game(game: &str, variant: Option<&str>, seed: &str, players: usize) -> String {
    try_random_game(game, variant, seed, players).expect("a record")
}

/// As [`random_game`], but a deal with no legal first move is an `Err`
/// (`play.no-legal-move`) rather than a panic.
pub fn try_random_game(
    game: &str,
    variant: Option<&str>,
    seed: &str,
    players: usize,
) -> Result<String, tavolo::error::Error> {
    let setup = tavolo::games::setup::Spec {
        game: game.into(),
        players: Some(players),
        variant: variant.map(String::from),
        seed: Some(seed.to_string()),
        board: 1,
        names: None,
    };
    tavolo::games::setup::play_record(&setup)
}

/// The exit code and verdict of a readable record.
pub fn judge(text: String) -> (u8, Verdict) {
    let r = check_text(Path::new("r.toml"), text);
    let code = r.exit_code();
    let Outcome::Judged { verdict, .. } = r.outcome else {
        panic!("unreadable")
    };
    (code, *verdict)
}

/// The players and the move tables of a record.
pub fn players_and_moves(text: &str) -> (Vec<String>, Vec<toml::Table>) {
    let doc: toml::Table = toml::from_str(text).unwrap();
    let players = doc["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let moves = doc["move"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_table().unwrap().clone())
        .collect();
    (players, moves)
}

/// The record with move `k` (0-based) given other fields (after `player`).
pub fn replace_move(text: &str, k: usize, fields: &str) -> String {
    let mut parts: Vec<String> = text.split("\n[[move]]\n").map(String::from).collect();
    let player_line = parts[k + 1].lines().next().unwrap().to_string();
    parts[k + 1] = format!("{player_line}\n{fields}");
    parts.join("\n[[move]]\n")
}
