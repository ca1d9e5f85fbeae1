//! The one reader of input files: every file tavolo reads whole (a record, a position, a
//! lexicon, a kit's definition, template, art and sheet) goes through [`read`] with the
//! [`Limit`] of its kind, so that no input can cost more than its bound.
//!
//! The bound is checked before the file is read: a regular file's size comes from its
//! metadata, and what is not a regular file (a FIFO, `/dev/zero`, `/dev/urandom`, a
//! socket) is refused before it is opened, as opening a FIFO waits for a writer and a
//! device never ends. The read itself stops one byte past the bound too, for a file that
//! grows while it is read. Standard input (`-` where a command takes it) is read with
//! [`read_stdin`], with the same bound. The limits are stated in docs/records.md and
//! docs/kit-format.md; BENCHMARKS.md has the peak memory at each.

use std::io::Read;
use std::path::Path;

/// The most bytes tavolo reads of one kind of input, and what to call it in an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub bytes: u64,
    /// "a record", "an art file"... as the error says it.
    pub what: &'static str,
}

/// A game record or a position (`check`, `score`, `show`, `solve`...). The longest game
/// of the eight is a few hundred moves (the longest fixture is 32 KB); a record is parsed
/// into a tree of spans of some 35 bytes per byte of text, so 1 MiB (some 25,000 moves)
/// keeps the peak near 60 MB (BENCHMARKS.md).
pub const RECORD: Limit = Limit {
    bytes: 1 << 20,
    what: "a record",
};

/// A word list or hunspell file (`--lexicon`). The Italian lists in Debian are 1-10 MB.
pub const LEXICON: Limit = Limit {
    bytes: 64 << 20,
    what: "a lexicon file",
};

/// A kit's definition (TOML) or a template (SVG with minijinja).
pub const KIT_TEXT: Limit = Limit {
    bytes: 4 << 20,
    what: "a kit definition or template",
};

/// An art file (SVG) a template names.
pub const ART: Limit = Limit {
    bytes: 16 << 20,
    what: "an art file",
};

/// A sheet of items (`items_from`: CSV, TSV, or a workbook as stored, compressed).
pub const SHEET: Limit = Limit {
    bytes: 16 << 20,
    what: "a sheet of items",
};

/// A printer profile, a leave file, any other small settings file.
pub const SETTINGS: Limit = Limit {
    bytes: 4 << 20,
    what: "a settings file",
};

/// `n` bytes as a person reads them: `4 MiB`, `1.5 KiB`, `12 bytes`.
pub fn size_text(n: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if n >= size {
            let tenths = (n * 10 + size / 2) / size;
            return if tenths.is_multiple_of(10) {
                format!("{} {unit}", tenths / 10)
            } else {
                format!("{}.{} {unit}", tenths / 10, tenths % 10)
            };
        }
    }
    format!("{n} bytes")
}

fn too_large(limit: Limit, size: Option<u64>) -> std::io::Error {
    let size = match size {
        Some(n) => format!("it is {}, ", size_text(n)),
        None => "it is ".to_string(),
    };
    std::io::Error::new(
        std::io::ErrorKind::FileTooLarge,
        format!(
            "{size}more than the {} tavolo reads as {}",
            size_text(limit.bytes),
            limit.what
        ),
    )
}

/// The whole of the file at `path`, if it is a regular file of at most `limit` bytes;
/// else an error that says why (with the bound), before anything is read.
pub fn read(path: &Path, limit: Limit) -> std::io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        let kind = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a device, FIFO or socket)"
        };
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "it is {kind}: tavolo reads {} only from a regular file",
                limit.what
            ),
        ));
    }
    if meta.len() > limit.bytes {
        return Err(too_large(limit, Some(meta.len())));
    }
    let file = std::fs::File::open(path)?;
    // The file may have been swapped since (a race): the open one is checked again.
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "it is not a regular file: tavolo reads {} only from one",
                limit.what
            ),
        ));
    }
    read_capped(file, limit, meta.len())
}

/// [`read`], as UTF-8 text.
pub fn read_to_string(path: &Path, limit: Limit) -> std::io::Result<String> {
    String::from_utf8(read(path, limit)?).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

/// Standard input, read whole, at most `limit` bytes (a pipe has no size to ask first).
pub fn read_stdin(limit: Limit) -> std::io::Result<Vec<u8>> {
    read_capped(std::io::stdin().lock(), limit, 0)
}

/// [`read_stdin`], as UTF-8 text.
pub fn read_stdin_to_string(limit: Limit) -> std::io::Result<String> {
    String::from_utf8(read_stdin(limit)?).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

fn read_capped(source: impl Read, limit: Limit, hint: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(hint.min(limit.bytes) as usize);
    source.take(limit.bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit.bytes {
        return Err(too_large(limit, None));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: Limit = Limit {
        bytes: 10,
        what: "a test file",
    };

    #[test]
    fn a_file_within_the_bound_is_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, b"0123456789").unwrap();
        assert_eq!(read(&p, SMALL).unwrap(), b"0123456789");
    }

    #[test]
    fn a_file_past_the_bound_is_refused_with_its_size_and_the_bound() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, vec![b'x'; 2048]).unwrap();
        let e = read(&p, SMALL).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::FileTooLarge);
        assert_eq!(
            e.to_string(),
            "it is 2 KiB, more than the 10 bytes tavolo reads as a test file"
        );
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_fifos_are_refused_before_they_are_opened() {
        for dev in ["/dev/zero", "/dev/urandom", "/dev/null"] {
            let e = read(Path::new(dev), RECORD).unwrap_err();
            assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{dev}");
            assert!(e.to_string().contains("not a regular file"), "{e}");
        }
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        // mkfifo(1): no writer ever comes; opening it would wait for ever.
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = read(&fifo, RECORD).unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{e}");
        }
        let e = read(dir.path(), RECORD).unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(size_text(12), "12 bytes");
        assert_eq!(size_text(1536), "1.5 KiB");
        assert_eq!(size_text(4 << 20), "4 MiB");
        assert_eq!(size_text(48_000_000), "45.8 MiB");
    }
}
