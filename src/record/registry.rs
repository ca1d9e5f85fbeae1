//! The games the referee knows: `tavolo check`, `deal` and `play` find a game
//! here by the name in the record or on the command line.
//!
//! Adding a game: implement [`Game`] in the game's module and add one line to
//! [`GAMES`] (see "Adding a game" in docs/records.md).

use super::Game;

/// Every refereed game, in the order `tavolo` lists them.
pub static GAMES: &[&dyn Game] = &[
    &crate::rules::moon::referee::Moon,
    &crate::rules::fruit::scalafrutta_record::Scalafrutta,
    &crate::rules::fruit::domino_record::Domino,
    &crate::rules::fruit::muro_record::Muro,
    &crate::rules::fruit::mosaico_record::Mosaico,
];

pub fn find(name: &str) -> Option<&'static dyn Game> {
    GAMES.iter().copied().find(|g| g.name() == name)
}

pub fn names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.name()).collect()
}

/// A game by name, or a usage error (exit 2) listing the games.
pub fn require(name: &str) -> Result<&'static dyn Game, crate::error::Error> {
    find(name).ok_or_else(|| {
        crate::error::Error::input("cli.unknown-game", format!("unknown game `{name}`"))
            .help(format!("the games are: {}", names().join(", ")))
    })
}

/// The variant named on the command line (the game's first when none is), or a
/// usage error (exit 2) listing the variants.
pub fn require_variant(game: &dyn Game, name: Option<&str>) -> Result<String, crate::error::Error> {
    match name {
        None => Ok(game.variants()[0].to_string()),
        Some(v) if game.variants().contains(&v) => Ok(v.to_string()),
        Some(v) => Err(crate::error::Error::input(
            "cli.unknown-variant",
            format!("{} has no variant `{v}`", game.name()),
        )
        .help(format!("the variants are: {}", game.variants().join(", ")))),
    }
}
