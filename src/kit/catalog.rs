//! Which kit a name on the command line stands for: the bundled kits (in the
//! binary, see [`bundled`](super::bundled)) and the `*.toml` of the folders
//! given with `--kits DIR`. The current folder plays no part.
//!
//! A kit in a `--kits` folder with a bundled kit's name replaces the bundled
//! one: the user named that folder, so its kit is the one they mean. Between
//! two `--kits` folders, the one given first wins.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::{io_reason, Error, Result};
use crate::kit::bundled;

/// Where a kit comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// Compiled into the binary.
    Bundled,
    /// A file on disk: in a `--kits` folder, or named by its path.
    File,
}

/// A kit known by name, or named by its path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The file's stem: what `tavolo kit NAME` takes.
    pub name: String,
    pub origin: Origin,
    /// Its definition: under `<bundled>/` for a bundled kit.
    pub path: PathBuf,
    /// Does it replace a bundled kit of the same name?
    pub replaces_bundled: bool,
}

impl Entry {
    fn new(path: PathBuf, origin: Origin) -> Self {
        Entry {
            name: stem(&path),
            origin,
            path,
            replaces_bundled: false,
        }
    }

    /// Where it comes from, for people: `bundled`, or its path.
    pub fn from(&self) -> String {
        match self.origin {
            Origin::Bundled => "bundled".to_string(),
            Origin::File => self.path.display().to_string(),
        }
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The kits known by name: the bundled ones and those of the `--kits` folders.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    dirs: Vec<PathBuf>,
}

impl Catalog {
    /// The bundled kits and the `*.toml` of `dirs` (first given wins).
    pub fn new(dirs: Vec<PathBuf>) -> Self {
        Catalog { dirs }
    }

    /// Every kit known by name, sorted by name; a `--kits` kit in place of
    /// a bundled one of the same name.
    pub fn entries(&self) -> Result<Vec<Entry>> {
        let mut all: Vec<Entry> = Vec::new();
        for dir in &self.dirs {
            for path in toml_files(dir)? {
                let e = Entry::new(path, Origin::File);
                if !all.iter().any(|k| k.name == e.name) {
                    all.push(e);
                }
            }
        }
        for path in bundled::kits() {
            let e = Entry::new(path, Origin::Bundled);
            match all.iter_mut().find(|k| k.name == e.name) {
                Some(user) => user.replaces_bundled = true,
                None => all.push(e),
            }
        }
        all.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(all)
    }

    /// A kit named on the command line: a path to a `.toml` file (anything
    /// ending in `.toml` or holding a `/`), else a known kit's name.
    pub fn resolve(&self, arg: &str) -> Result<Entry> {
        let p = Path::new(arg);
        if arg.ends_with(".toml") || p.components().count() > 1 {
            return Ok(Entry::new(p.to_path_buf(), Origin::File));
        }
        let all = self.entries()?;
        if let Some(e) = all.iter().find(|e| e.name == arg) {
            return Ok(e.clone());
        }
        let names: Vec<&str> = all.iter().map(|e| e.name.as_str()).collect();
        Err(
            Error::input("kit.unknown", format!("no kit named `{arg}`")).help(format!(
                "known kits: {}; or give a path to a .toml file, or a folder of your kits with --kits DIR",
                names.join(", ")
            )),
        )
    }
}

/// The `*.toml` files directly in `dir`, sorted.
fn toml_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        Error::input(
            "kit.kits-dir",
            format!("cannot read this --kits folder: {}", io_reason(&e)),
        )
        .in_file(dir)
        .help("--kits names a folder holding kit definitions (*.toml)")
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_names_resolve_without_touching_the_disk() {
        let c = Catalog::default();
        let fruit = c.resolve("fruit").unwrap();
        assert_eq!(fruit.origin, Origin::Bundled);
        assert!(bundled::is_bundled(&fruit.path));
        assert_eq!(fruit.from(), "bundled");
        let e = c.resolve("nope").unwrap_err();
        assert_eq!(e.code, "kit.unknown");
        assert!(e.help.as_deref().unwrap_or("").contains("fruit, moon"));
    }

    #[test]
    fn paths_are_files() {
        let c = Catalog::default();
        for arg in ["mine.toml", "some/where/fruit", "./fruit"] {
            let e = c.resolve(arg).unwrap();
            assert_eq!(e.origin, Origin::File, "{arg}");
            assert_eq!(e.path, Path::new(arg));
        }
    }
}
