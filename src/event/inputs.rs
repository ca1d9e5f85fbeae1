//! The records handed to `event results`, `pair` and `verify`: folders (their
//! `*.toml` files, in name order), files, or `-` (one record on standard
//! input). One reading for the three commands, so a folder means the same
//! everywhere. A folder that gives no record is an error (exit 2) naming it:
//! never 0 records counted silently (a folder of subfolders is not walked:
//! its subfolders are named, to be given themselves).

use std::path::{Path, PathBuf};

use crate::error::Error;

/// The files `args` name: each folder's `*.toml` files sorted by name, the
/// other arguments as given (`-` kept as it is).
pub fn paths(args: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    for arg in args {
        if arg != Path::new("-") && arg.is_dir() {
            let dir = std::fs::read_dir(arg).map_err(|e| Error::io("event.unreadable", arg, &e))?;
            let mut files = Vec::new();
            let mut folders = Vec::new();
            for entry in dir {
                let path = entry
                    .map_err(|e| Error::io("event.unreadable", arg, &e))?
                    .path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|x| x == "toml") && path.is_file() {
                    files.push(path);
                }
            }
            if files.is_empty() {
                folders.sort();
                let why = if folders.is_empty() {
                    "it holds no record (no `*.toml` file)".to_string()
                } else {
                    let names: Vec<String> =
                        folders.iter().map(|f| f.display().to_string()).collect();
                    format!(
                        "it holds no record (no `*.toml` file), only folders: {}",
                        names.join(", ")
                    )
                };
                return Err(Error::input(
                    "event.no-records",
                    format!("the folder {} gives no record: {why}", arg.display()),
                )
                .help("name the folders that hold the records (folders are not walked)"));
            }
            files.sort();
            out.extend(files);
        } else {
            out.push(arg.clone());
        }
    }
    Ok(out)
}

/// Every record's text, in [`paths`] order; the first unreadable one is
/// exit 2.
pub fn read(args: &[PathBuf]) -> Result<Vec<(PathBuf, String)>, Error> {
    let files = paths(args)?;
    // Read on every core (in the files' order: the first unreadable one is
    // the one named).
    crate::kit::par::map(&files, |_, path| read_one(path))
        .into_iter()
        .collect()
}

/// Each record's text or why it does not read (`verify` reports each).
pub fn read_each(args: &[PathBuf]) -> Result<Vec<(PathBuf, std::io::Result<String>)>, Error> {
    Ok(paths(args)?
        .into_iter()
        .map(|p| {
            let text = if p == Path::new("-") {
                let mut text = String::new();
                std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).map(|_| text)
            } else {
                std::fs::read_to_string(&p)
            };
            let name = if p == Path::new("-") {
                PathBuf::from("<stdin>")
            } else {
                p
            };
            (name, text)
        })
        .collect())
}

fn read_one(path: &Path) -> Result<(PathBuf, String), Error> {
    if path == Path::new("-") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| Error::io("event.unreadable", Path::new("<stdin>"), &e))?;
        return Ok((PathBuf::from("<stdin>"), text));
    }
    let text =
        std::fs::read_to_string(path).map_err(|e| Error::io("event.unreadable", path, &e))?;
    Ok((path.to_path_buf(), text))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 39: a folder of subfolders is not 0 records silently.
    #[test]
    fn a_folder_without_records_is_an_error_naming_its_subfolders() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("top/round-1")).unwrap();
        std::fs::write(d.join("top/round-1/a.toml"), "x").unwrap();
        let e = paths(&[d.join("top")]).unwrap_err();
        assert_eq!((e.code, e.exit_code()), ("event.no-records", 2));
        assert!(e.message.contains("round-1"), "{e}");
        std::fs::create_dir_all(d.join("empty")).unwrap();
        let e = paths(&[d.join("empty")]).unwrap_err();
        assert!(e.message.contains("no record"), "{e}");
        // The subfolder itself gives its file; folders and files mix.
        let got = paths(&[d.join("top/round-1"), PathBuf::from("-")]).unwrap();
        assert_eq!(got, [d.join("top/round-1/a.toml"), PathBuf::from("-")]);
    }
}
