//! The bundled kits (`templates/*.toml`) and all their art
//! (`templates/art/*.svg`), compiled into the binary by `build.rs`, as the
//! fonts are: an installed `tavolo` needs no source checkout, and the current
//! folder cannot shadow them.
//!
//! A bundled file goes by a path under [`ROOT`] (`<bundled>/fruit.toml`,
//! `<bundled>/art/fruit-front.svg`), so the model and the templates join
//! paths as they do for a kit on disk, and [`read`], the one reader of kit
//! files, serves such paths from the binary and never from the disk.

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

use crate::input::Limit;

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The root of bundled paths; it names no real folder.
pub const ROOT: &str = "<bundled>";

/// Is `path` a bundled file's path (under [`ROOT`])?
pub fn is_bundled(path: &Path) -> bool {
    path.starts_with(ROOT)
}

/// The text of the bundled file at `path` (under [`ROOT`]), if there is one.
/// `.` and `..` are followed within the bundle; nothing leads out of it.
pub fn get(path: &Path) -> Option<&'static str> {
    let rel = path.strip_prefix(ROOT).ok()?;
    let mut parts: Vec<&str> = Vec::new();
    for c in rel.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_str()?),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    let key = parts.join("/");
    FILES
        .binary_search_by(|(k, _)| (*k).cmp(key.as_str()))
        .ok()
        .map(|i| FILES[i].1)
}

/// Every bundled file's path under `templates/`, with `/`, sorted.
pub fn paths() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(k, _)| *k)
}

/// The bundled kit definitions (`<bundled>/<name>.toml`), sorted by name.
pub fn kits() -> Vec<PathBuf> {
    FILES
        .iter()
        .filter(|(k, _)| !k.contains('/') && k.ends_with(".toml"))
        .map(|(k, _)| Path::new(ROOT).join(k))
        .collect()
}

/// The folder of the kit whose definition is at `source`: its files are read from there.
pub fn folder(source: &Path) -> &Path {
    match source.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Read a kit file: a bundled one from the binary, any other from the disk, where it must
/// be inside the kit's folder `within` (once symbolic links are followed: an absolute
/// path, a `..` or a link that leads out of it is refused), and within `limit`
/// ([`crate::input::read`]).
pub fn read(path: &Path, within: &Path, limit: Limit) -> std::io::Result<Cow<'static, str>> {
    match read_bytes(path, within, limit)? {
        Cow::Borrowed(b) => std::str::from_utf8(b)
            .map(Cow::Borrowed)
            .map_err(|_| not_utf8()),
        Cow::Owned(b) => String::from_utf8(b).map(Cow::Owned).map_err(|_| not_utf8()),
    }
}

fn not_utf8() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        "stream did not contain valid UTF-8",
    )
}

/// [`read`], as bytes: an art file that is not text (a PNG) is read too, so
/// that it can be named for what it is.
pub fn read_bytes(path: &Path, within: &Path, limit: Limit) -> std::io::Result<Cow<'static, [u8]>> {
    if is_bundled(path) {
        return get(path)
            .map(|t| Cow::Borrowed(t.as_bytes()))
            .ok_or_else(|| {
                std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "no such file among the bundled kits",
                )
            });
    }
    inside(path, within)?;
    crate::input::read(path, limit).map(Cow::Owned)
}

/// `Ok` if `path`, its symbolic links followed, is inside the folder `within`.
fn inside(path: &Path, within: &Path) -> std::io::Result<()> {
    let within = if within.as_os_str().is_empty() {
        Path::new(".")
    } else {
        within
    };
    let root = std::fs::canonicalize(within)?;
    let real = std::fs::canonicalize(path)?;
    if real.starts_with(&root) {
        return Ok(());
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::PermissionDenied,
        format!(
            "it leads to {}, outside the kit's folder {}: a kit reads only the files in its own folder",
            real.display(),
            root.display()
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_holds_the_five_kits() {
        assert!(FILES.windows(2).all(|w| w[0].0 < w[1].0));
        let names: Vec<String> = kits()
            .iter()
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        for k in ["decktet", "farfalia", "fruit", "moon", "natura"] {
            assert!(names.iter().any(|n| n == k), "{names:?}");
        }
    }

    #[test]
    fn paths_resolve_within_the_bundle_only() {
        let front = get(Path::new("<bundled>/art/fruit-front.svg")).unwrap();
        assert!(front.contains("<svg"));
        assert_eq!(
            get(Path::new("<bundled>/art/../art/./fruit-front.svg")),
            Some(front)
        );
        assert!(get(Path::new("<bundled>/../templates/fruit.toml")).is_none());
        assert!(get(Path::new("<bundled>/nothing.svg")).is_none());
        // Not under the root: not bundled, whatever the folder holds.
        assert!(get(Path::new("templates/fruit.toml")).is_none());
        assert!(get(Path::new("./<bundled>/fruit.toml")).is_none());
        let e = read(
            Path::new("<bundled>/nothing.toml"),
            Path::new(ROOT),
            crate::input::KIT_TEXT,
        )
        .unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
    }
}
