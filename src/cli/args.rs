//! What several subcommands share: the typed values that `--help` lists and
//! the shell completions offer (games, variants, kits, paper sizes, duplex
//! edges), and `--force` for writing over a file.

use std::ffi::OsStr;
use std::path::Path;

use clap::builder::{PossibleValue, TypedValueParser};

use crate::error::Error;

/// A value with a known list of choices that `--help` and the completions
/// show, but that the library checks: an unknown one is then reported with
/// its stable code (`cli.unknown-game`, `kit.paper`, ...) and a "did you
/// mean", not as clap's generic `invalid value`. The list is computed when
/// the command is built, from the registry or the bundled kits.
#[derive(Clone)]
pub struct Choices(fn() -> Vec<String>);

impl Choices {
    pub fn new(list: fn() -> Vec<String>) -> Self {
        Choices(list)
    }
}

impl TypedValueParser for Choices {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter().map(PossibleValue::new)))
    }
}

fn strings(v: impl IntoIterator<Item = &'static str>) -> Vec<String> {
    v.into_iter().map(String::from).collect()
}

/// Every game the referee knows (`tavolo deal`, `play`).
pub fn games() -> Choices {
    Choices(|| strings(crate::games::names()))
}

/// The games with a solver (`tavolo solve`).
pub fn solvable_games() -> Choices {
    Choices(|| strings(crate::games::solvable().iter().map(|g| g.name())))
}

/// The games with a scorer (`tavolo score`).
pub fn scored_games() -> Choices {
    Choices(|| {
        strings(
            crate::games::GAMES
                .iter()
                .filter(|g| g.scorer().is_some())
                .map(|g| g.name()),
        )
    })
}

/// Every variant of any game, each once, in registry order (which game has
/// which is checked once the game is known).
pub fn variants() -> Choices {
    Choices(|| {
        let mut out: Vec<String> = Vec::new();
        for g in crate::games::GAMES {
            for v in g.variants() {
                if !out.iter().any(|o| o == v) {
                    out.push(v.to_string());
                }
            }
        }
        out
    })
}

/// The bundled kits' names, sorted.
pub fn kit_names() -> Vec<String> {
    crate::kit::bundled()
        .unwrap_or_default()
        .iter()
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect()
}

/// What `tavolo kit` takes: a bundled kit, `all`, `list`, `calibrate` or
/// `export` (a path to a `.toml` file is accepted too).
pub fn kits() -> Choices {
    Choices(|| {
        let mut v = kit_names();
        v.extend(strings(["all", "list", "calibrate", "export"]));
        v
    })
}

pub fn papers() -> Choices {
    Choices(|| strings(["a4", "letter"]))
}

pub fn duplex_edges() -> Choices {
    Choices(|| strings(["long", "short"]))
}

/// `--force`: writing a record over an existing file is refused without it.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Force {
    /// Write over an existing file (otherwise refused).
    #[arg(long)]
    pub force: bool,
}

impl Force {
    /// `cli.exists` (exit 2) if `path` exists and `--force` was not given.
    pub fn check(&self, path: &Path) -> Result<(), Error> {
        if !self.force && path.exists() {
            return Err(Error::input(
                "cli.exists",
                format!("{} exists already: not written over", path.display()),
            )
            .help("give --force to replace it, or choose another name"));
        }
        Ok(())
    }
}
