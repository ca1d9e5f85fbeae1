//! Record formats besides TOML (Natura Shakerata's GCG, NS-6): a game reads them through its
//! [`Foreign`] hook ([`super::Game::foreign`]), picked by the file's extension, and may write a
//! TOML record's game in them (`tavolo play -o game.gcg`, `--format gcg`). Nothing here names
//! a game.

use std::path::Path;

use crate::error::Error;
use crate::record::{Record, Source, Verdict};

/// A record format other than TOML that a game reads, and may write, picked by the file's
/// extension or by name.
pub trait Foreign: Sync {
    /// The extension, lower case, without the dot (`gcg`); also the format's name.
    fn extension(&self) -> &'static str;
    /// Read and judge a file from its raw bytes (any encoding); `Err` for unreadable content
    /// (exit 2).
    fn check(&self, path: &Path, bytes: &[u8]) -> Result<Judged, Error>;
    /// A TOML record's game written in this format. By default the format is only read.
    fn write(&self, record: &Record, src: &Source) -> Result<String, Error> {
        let _ = (record, src);
        Err(Error::input(
            "cli.format",
            format!(
                "tavolo reads `.{}` files but does not write them",
                self.extension()
            ),
        ))
    }
}

/// What a [`Foreign`] reader gives: the game, variant and players it found, and the verdict.
pub struct Judged {
    pub game: String,
    pub variant: String,
    pub players: Vec<String>,
    pub verdict: Verdict,
}

/// The game's format with this file's extension, if any game has one.
pub fn reader(path: &Path) -> Option<&'static dyn Foreign> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    by_name(&ext)
}

fn by_name(name: &str) -> Option<&'static dyn Foreign> {
    super::GAMES
        .iter()
        .filter_map(|g| g.foreign())
        .find(|f| f.extension().eq_ignore_ascii_case(name))
}

/// The formats a record may be written in: `toml`, and every game's other format.
pub fn names() -> Vec<String> {
    let mut out = vec!["toml".to_string()];
    for g in super::GAMES {
        if let Some(f) = g.foreign() {
            if !out.iter().any(|o| o == f.extension()) {
                out.push(f.extension().to_string());
            }
        }
    }
    out
}

/// The format a record of `game` is written in: `format` when given (`toml` or a format of
/// the game), else the one the output file's extension names, else TOML (`None`).
pub fn output(
    game: &str,
    out: Option<&Path>,
    format: Option<&str>,
) -> Result<Option<&'static dyn Foreign>, Error> {
    let wanted = match format {
        Some(f) if f.eq_ignore_ascii_case("toml") => return Ok(None),
        Some(f) => f.to_ascii_lowercase(),
        None => match out.and_then(|p| p.extension()).and_then(|e| e.to_str()) {
            Some(ext) if by_name(ext).is_some() => ext.to_ascii_lowercase(),
            _ => return Ok(None),
        },
    };
    let own = super::find(game).and_then(|g| g.foreign());
    match own {
        Some(f) if f.extension() == wanted => Ok(Some(f)),
        _ => Err(Error::input(
            "cli.format",
            format!("{game} records are not written as `{wanted}`"),
        )
        .help(match own {
            Some(f) => format!(
                "{game} records are written as toml or {}; give --format or a file name ending so",
                f.extension()
            ),
            None => {
                format!("{game} records are written as toml: give --format toml or a .toml file")
            }
        })),
    }
}

/// A TOML record's text written in `format` (the record is one this program wrote, so an
/// error here is the writer's).
pub fn write(format: &dyn Foreign, toml: &str, path: &Path) -> Result<String, Error> {
    let src = Source::new(path, toml.to_string());
    let record = Record::parse(&src, &super::Registry)?;
    format.write(&record, &src)
}
