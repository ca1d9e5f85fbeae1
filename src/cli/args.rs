//! What several subcommands share: the typed values that `--help` lists and
//! the shell completions offer (games, variants, kits, paper sizes, duplex
//! edges), `--dpi`, and `--force` for writing over a file.

use std::ffi::OsStr;
use std::ops::RangeInclusive;
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

/// The resolutions `--dpi` takes (`kit --png`, `show --png`), one range for both
/// for one reason: 600 dpi is as fine as a home printer prints, and the picture's
/// memory grows with the square (an A4 sheet at 600 dpi is 35 million pixels,
/// 140 MB to draw); 10 dpi is a thumbnail.
pub const DPI: RangeInclusive<f64> = 10.0..=600.0;

/// `--dpi`: a number in [`DPI`].
pub fn dpi(s: &str) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|d| DPI.contains(d))
        .ok_or_else(|| {
            format!(
                "`{s}` is not a resolution from {} to {} dpi (finer than a printer prints, \
                 and costly to draw)",
                DPI.start(),
                DPI.end()
            )
        })
}

/// `--names`: a player's name, trimmed of spaces at both ends (GN-3), so
/// `--names "Anna, Bruno"` gives `Bruno` (an empty one is refused with the others'
/// checks, when the deal is resolved).
pub fn name(s: &str) -> Result<String, String> {
    Ok(s.trim().to_string())
}

/// `--force`: writing over an existing file is refused without it (GN-3).
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Force {
    /// Write over an existing file (otherwise refused). A device or FIFO is written to, a
    /// symlink's target is written, and `-` is standard output.
    #[arg(long)]
    pub force: bool,
}

impl Force {
    /// Before any work, whether `path` may be written (GN-3, see `crate::output`):
    /// `cli.exists` (exit 2) for a file that exists without `--force`, and
    /// `cli.bad-path` for a folder or a path that cannot be a file. `-` claims
    /// standard output, so that the command's report goes to standard error.
    pub fn check(&self, path: &Path) -> Result<(), Error> {
        let target = crate::output::target(path).map_err(|e| {
            Error::io("cli.bad-path", path, &e)
                .help("give the name of a file to write, or `-` for standard output")
        })?;
        if target == crate::output::Target::Stdout {
            crate::output::take_stdout();
        }
        if !self.force && target.replaces() {
            return Err(Error::input(
                "cli.exists",
                format!("{} exists already: not written over", path.display()),
            )
            .help("give --force to replace it, or choose another name"));
        }
        Ok(())
    }
}

/// A folder to write several files into: `-` cannot be one.
pub fn folder(path: &Path) -> Result<(), Error> {
    if crate::output::is_stdout(path) {
        return Err(Error::input(
            "cli.bad-path",
            "`-` (standard output) cannot hold several files",
        )
        .help("give a folder to write them into"));
    }
    Ok(())
}

/// The threads a `--jobs` or `--threads` option asks for, or one for each
/// core when it is not given (counted once, by [`crate::kit::par::threads`]);
/// never fewer than one.
pub fn jobs(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(crate::kit::par::threads).max(1)
}
