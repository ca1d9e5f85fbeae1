//! The referee side: one folder per game, the [`Game`] trait every game's
//! record adapter implements, the registry, and the library entry points that
//! `tavolo check`, `deal`, `play` and `solve` call ([`check`], [`setup`],
//! [`solve`]).
//!
//! Adding a game: a folder here with its pure rules (implementing
//! [`engine::Engine`]) and its `record.rs` (implementing [`Game`]), one line
//! in [`GAMES`], and a fixtures folder under `tests/fixtures/<game>/`.

use std::ops::RangeInclusive;

use crate::deal::Provenance;
use crate::error::Error;
use crate::record::{BadVariant, Catalogue, Deal, Record, Source, Verdict};

pub mod check;
pub mod ending;
pub mod engine;
pub mod farfalia;
pub mod foreign;
pub mod fruit;
#[cfg(test)]
mod italian_tests;
pub mod line;
pub mod machine_seat;
#[cfg(test)]
mod machine_tests;
pub mod moon;
pub mod natura;
pub mod quincunx;
pub mod referee;
pub mod replay;
pub mod session;
pub mod setup;
pub mod solve;
#[cfg(test)]
mod views_tests;

/// A game the referee knows: how its records read, how it deals, and how it
/// plays at random. Implemented by each game's `record.rs`.
pub trait Game: Sync {
    /// The name used in records and on the command line (`moon`).
    fn name(&self) -> &'static str;
    /// The variants; the first is the default when a record or command gives none.
    fn variants(&self) -> &'static [&'static str];
    /// The canonical name of the variant written `name`, or why there is
    /// none. By default a variant is one of [`Game::variants`], exactly; a
    /// game whose options combine (Quincunx, QX-12) reads any combination
    /// and names it in one canonical order.
    fn variant(&self, name: &str) -> Result<String, BadVariant> {
        if self.variants().contains(&name) {
            return Ok(name.to_string());
        }
        Err(BadVariant {
            message: format!("{} has no variant `{name}`", self.name()),
            help: crate::error::did_you_mean(
                name,
                self.variants().iter().copied(),
                format!("the variants are: {}", self.variants().join(", ")),
            ),
        })
    }
    /// Every variant by canonical name, for the generic tests to play: by
    /// default [`Game::variants`]; with combining options, every combination.
    fn all_variants(&self) -> Vec<String> {
        self.variants().iter().map(|v| v.to_string()).collect()
    }
    /// How many players a variant takes.
    fn player_counts(&self, variant: &str) -> RangeInclusive<usize>;
    /// Whether play goes on without a player who resigns, when more than two play (GN-4:
    /// the player is out, as with no legal move left). By default the game ends.
    fn goes_on_after_resign(&self) -> bool {
        false
    }
    /// Read the game's setup and moves from a parsed record and replay them.
    /// `Err` is for unreadable content (exit 2); rule violations go in the verdict.
    fn check(&self, record: &Record, src: &Source) -> Result<Verdict, Error>;
    /// The setup dealt by `deal` for these players.
    fn deal(&self, variant: &str, players: &[String], deal: &Provenance) -> Result<Deal, Error>;
    /// The game seen through its engine: the random player of `tavolo play`
    /// and the generic checks (see [`referee`]).
    fn playable(&self) -> &dyn referee::Playable;
    /// The game's scorer, if it has one (`tavolo score`).
    fn scorer(&self) -> Option<&dyn Scorer> {
        None
    }
    /// The game's solver, if it has one (`tavolo solve`).
    fn solver(&self) -> Option<&dyn solve::Solve> {
        None
    }
    /// The game's solver of a position read from a record, if it has one
    /// (`tavolo solve GAME RECORD`: Natura Shakerata's best moves).
    fn position_solver(&self) -> Option<&dyn solve::SolvePosition> {
        None
    }
    /// How the game's positions are drawn, if they can be (`tavolo show`).
    fn drawer(&self) -> Option<&dyn crate::show::scene::Draw> {
        None
    }
    /// A record format besides TOML that `tavolo check` reads for this game,
    /// picked by file extension, and that `play` may write (Natura Shakerata's
    /// GCG; see [`foreign`]).
    fn foreign(&self) -> Option<&dyn check::Foreign> {
        None
    }
    /// A dealt board as one line (`tavolo deal --format line`) when the game
    /// has no [`Game::line_deals`]: by default its deal's JSON flattened
    /// ([`line::flat`]); a game may write a more compact form.
    fn deal_line(&self, deal: &Deal) -> String {
        line::flat(&deal.json)
    }
    /// One line per board for batches (`tavolo deal --format line`): a
    /// writer for the boards of `seed`, or `None` if the game has no
    /// one-line form.
    fn line_deals(
        &self,
        _variant: &str,
        _players: usize,
        _seed: &str,
    ) -> Option<Result<Box<dyn LineDeals>, Error>> {
        None
    }
}

/// Writes boards of one seed as one line each (PBN-style); used from several
/// threads at once, each writing its own consecutive boards.
pub trait LineDeals: Sync + Send {
    /// Append board `board` as one line, with its newline.
    fn write(&self, board: u32, out: &mut Vec<u8>);
}

/// `tavolo score GAME ARGS...`: scores what the arguments describe (a
/// holding, a placement on a position, ...).
pub trait Scorer: Sync {
    /// What the arguments are, for help texts.
    fn usage(&self) -> &'static str;
    fn score(&self, args: &[String]) -> Result<Scored, Error>;
}

/// A score in the two forms `tavolo score` prints.
pub struct Scored {
    pub text: String,
    pub json: serde_json::Value,
}

/// Every refereed game, in the order `tavolo` lists them.
pub static GAMES: &[&dyn Game] = &[
    &moon::record::Moon,
    &fruit::scalafrutta::record::Scalafrutta,
    &fruit::domino::record::Domino,
    &fruit::muro::record::Muro,
    &fruit::mosaico::record::Mosaico,
    &farfalia::record::Farfalia,
    &quincunx::record::QuincunxGame,
    &natura::record::Natura,
];

/// A seat's name for people: its player's name from `names`, or `player N` (1-based) when
/// the names are not known. The one home of a nameless seat's words.
pub fn seat_name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| crate::t!("player-n", n = seat + 1))
}

pub fn find(name: &str) -> Option<&'static dyn Game> {
    GAMES.iter().copied().find(|g| g.name() == name)
}

pub fn names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.name()).collect()
}

/// Every game's record fixtures (`tests/fixtures/GAME/*.toml`), game by game in
/// the registry's order, files by name: for the tests that judge each record
/// two ways and compare.
#[cfg(test)]
pub(crate) fn fixture_records() -> Vec<(&'static str, std::path::PathBuf)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut all = Vec::new();
    for game in names() {
        let mut files: Vec<_> = std::fs::read_dir(root.join(game))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        all.extend(files.into_iter().map(|p| (game, p)));
    }
    all
}

/// The games that have a solver of deals or of positions (`tavolo solve`).
pub fn solvable() -> Vec<&'static dyn Game> {
    GAMES
        .iter()
        .copied()
        .filter(|g| g.solver().is_some() || g.position_solver().is_some())
        .collect()
}

/// A game by name, or a usage error (exit 2) listing the games.
pub fn require(name: &str) -> Result<&'static dyn Game, Error> {
    find(name).ok_or_else(|| {
        Error::input(
            "cli.unknown-game",
            crate::t!("error-unknown-game", name = name),
        )
        .help(crate::error::did_you_mean(
            name,
            names(),
            crate::t!("error-the-games", games = names().join(", ")),
        ))
    })
}

/// The variant named on the command line (the game's first when none is), or a
/// usage error (exit 2) listing the variants.
pub fn require_variant(game: &dyn Game, name: Option<&str>) -> Result<String, Error> {
    match name {
        None => Ok(game.variants()[0].to_string()),
        Some(v) => game
            .variant(v)
            .map_err(|bad| Error::input("cli.unknown-variant", bad.message).help(bad.help)),
    }
}

/// The registry as the record reader sees it.
pub struct Registry;

impl Catalogue for Registry {
    fn names(&self) -> Vec<&'static str> {
        names()
    }

    fn variants(&self, game: &str) -> Option<&'static [&'static str]> {
        find(game).map(|g| g.variants())
    }

    fn variant(&self, game: &str, name: &str) -> Result<String, BadVariant> {
        match find(game) {
            Some(g) => g.variant(name),
            None => Err(BadVariant {
                message: crate::t!("error-unknown-game", name = game),
                help: String::new(),
            }),
        }
    }

    fn goes_on_after_resign(&self, game: &str) -> bool {
        find(game).is_some_and(|g| g.goes_on_after_resign())
    }

    fn player_counts(&self, game: &str, variant: &str) -> RangeInclusive<usize> {
        find(game).map_or(0..=0, |g| g.player_counts(variant))
    }
}
