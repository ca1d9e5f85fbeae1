//! `tavolo kit export NAME DIR`: a bundled kit's definition and the art it
//! uses, copied out of the binary into a folder as a starting point for one's
//! own kit. The files keep their places relative to each other
//! (`DIR/fruit.toml`, `DIR/art/fruit-front.svg`, ...), so `tavolo kit
//! DIR/fruit.toml` renders the copy as the bundled kit renders.
//!
//! Which art a kit uses: every bundled file named in its TOML or in a file
//! already taken, by its file name (templates name their art with `<image
//! href>`, often through a `[data]` value such as `art = "fruit-mela.svg"`).
//! Nothing is written over without `force`, and nothing at all when a file
//! is in the way.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::error::{io_reason, Error, Result};
use crate::kit::bundled;

/// The bundled files of the kit `name`, as paths under `templates/` (its
/// `.toml` first, then the art in order), or `kit.unknown`.
pub fn files(name: &str) -> Result<Vec<&'static str>> {
    let toml = format!("{name}.toml");
    let Some(toml) = bundled::paths().find(|p| *p == toml) else {
        let names: Vec<String> = bundled::kits()
            .iter()
            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .collect();
        return Err(
            Error::input("kit.unknown", format!("no bundled kit named `{name}`")).help(
                crate::error::did_you_mean(
                    name,
                    names.iter().map(String::as_str),
                    format!("the bundled kits are: {}", names.join(", ")),
                ),
            ),
        );
    };
    let mut taken = BTreeSet::new();
    let mut todo = vec![toml];
    while let Some(path) = todo.pop() {
        let text = bundled::get(&Path::new(bundled::ROOT).join(path)).unwrap_or_default();
        for other in bundled::paths() {
            let is_art = other.contains('/');
            let file_name = other.rsplit('/').next().unwrap_or(other);
            if is_art && !taken.contains(other) && names(text, file_name) {
                taken.insert(other);
                todo.push(other);
            }
        }
    }
    Ok(std::iter::once(toml).chain(taken).collect())
}

/// Does `text` name `file_name` (not as the tail of a longer name)?
fn names(text: &str, file_name: &str) -> bool {
    let part_of_name = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '.');
    text.match_indices(file_name).any(|(i, _)| {
        !text[..i].chars().next_back().is_some_and(part_of_name)
            && !text[i + file_name.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Copy the bundled kit `name` into `dir`; the paths written, in order.
/// Refused (`kit.exists`, nothing written) when one of them exists already,
/// unless `force`.
pub fn export(name: &str, dir: &Path, force: bool) -> Result<Vec<PathBuf>> {
    let files = files(name)?;
    let targets: Vec<PathBuf> = files.iter().map(|f| dir.join(f)).collect();
    if !force {
        let existing: Vec<&PathBuf> = targets.iter().filter(|p| p.exists()).collect();
        if let Some(first) = existing.first() {
            let others = match existing.len() {
                1 => String::new(),
                n => format!(" (and {} more of the kit's files)", n - 1),
            };
            return Err(Error::input(
                "kit.exists",
                format!(
                    "{} exists already{others}: nothing exported",
                    first.display()
                ),
            )
            .help("give --force to write over them, or choose another folder"));
        }
    }
    for (file, target) in files.iter().zip(&targets) {
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| {
                Error::input(
                    "kit.output",
                    format!("cannot create the folder: {}", io_reason(&e)),
                )
                .in_file(parent)
                .help("choose a folder you can write to")
            })?;
        }
        let text = bundled::get(&Path::new(bundled::ROOT).join(file)).unwrap_or_default();
        crate::kit::write_atomic(target, text.as_bytes())?;
    }
    Ok(targets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kit_takes_its_templates_and_the_art_they_name() {
        let fruit = files("fruit").unwrap();
        assert_eq!(fruit[0], "fruit.toml");
        for art in [
            "art/fruit-front.svg",
            "art/fruit-back.svg",
            "art/fruit-mela.svg",
            "art/fruit-banana.svg",
        ] {
            assert!(fruit.contains(&art), "{fruit:?}");
        }
        assert!(fruit.iter().all(|f| !f.contains("moon")), "{fruit:?}");
        let e = files("fruits").unwrap_err();
        assert_eq!(e.code, "kit.unknown");
        assert!(e.help.unwrap().contains("did you mean `fruit`?"));
    }

    #[test]
    fn a_name_is_matched_whole() {
        assert!(names("href=\"fruit-mela.svg\"", "fruit-mela.svg"));
        assert!(names("art/fruit-mela.svg", "fruit-mela.svg"));
        assert!(!names("x-fruit-mela.svg", "fruit-mela.svg"));
        assert!(!names("fruit-mela.svgz", "fruit-mela.svg"));
    }
}
