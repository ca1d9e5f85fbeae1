//! The one writer of output files (GN-3). A file is written to a temporary name
//! in its folder, synced, then renamed over the target, so a reader never sees
//! half a file and a failure leaves nothing behind. A rename replaces whatever
//! the path was, so it is used only where a regular file is (or none yet):
//!
//! - `-` is standard output;
//! - a device, a FIFO or a socket is opened and written in place (`-o /dev/null`
//!   stays the device);
//! - a symlink is followed: the file it points at is written, the link stays;
//! - a folder is refused.
//!
//! Whether an existing file may be replaced (`--force`) is asked before any work
//! with [`Target::replaces`]. Callers turn the I/O error into their own located
//! [`crate::error::Error`].

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Where the bytes for a path go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// `-`: standard output.
    Stdout,
    /// Not a regular file (a device, a FIFO, a socket): written in place, never renamed over.
    Direct(PathBuf),
    /// A regular file, or none yet: `file` is the path given or, for a symlink,
    /// the file it points at; `exists` when a file is there to be replaced.
    File { file: PathBuf, exists: bool },
}

impl Target {
    /// Whether writing would replace an existing file (what `--force` allows).
    pub fn replaces(&self) -> bool {
        matches!(self, Target::File { exists: true, .. })
    }
}

/// Whether `path` means standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Symlinks followed at most this many times, as the kernel does (ELOOP).
const MAX_LINKS: usize = 40;

/// Where writing `path` puts the bytes (see [`Target`]).
pub fn target(path: &Path) -> io::Result<Target> {
    if is_stdout(path) {
        return Ok(Target::Stdout);
    }
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is not a file name",
        ));
    }
    // Follow the links by hand, so that a link to nothing yet names the file to make.
    let mut file = path.to_path_buf();
    let mut links = 0;
    loop {
        match std::fs::symlink_metadata(&file) {
            Ok(m) if m.file_type().is_symlink() => {
                links += 1;
                if links > MAX_LINKS {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "too many levels of symbolic links",
                    ));
                }
                let to = std::fs::read_link(&file)?;
                file = match file.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            Ok(m) if m.is_file() => return Ok(Target::File { file, exists: true }),
            Ok(m) if m.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "is a folder, not a file",
                ))
            }
            Ok(_) => return Ok(Target::Direct(file)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Target::File {
                    file,
                    exists: false,
                })
            }
            Err(e) => return Err(e),
        }
    }
}

/// Set once a file has gone to standard output (see [`stdout_taken`]).
static STDOUT_TAKEN: AtomicBool = AtomicBool::new(false);

/// Claim standard output for a file (`-o -`): from then on the command's own
/// report goes to standard error, so the two never mix.
pub fn take_stdout() {
    STDOUT_TAKEN.store(true, Ordering::Relaxed);
}

/// Whether standard output carries a file (see [`take_stdout`]).
pub fn stdout_taken() -> bool {
    STDOUT_TAKEN.load(Ordering::Relaxed)
}

/// Write `bytes` to `path` (GN-3): standard output for `-`, in place for a
/// device or FIFO, else atomically, replacing a regular file (the caller has
/// asked `--force` first), through any symlink.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write(path, bytes, None)
}

/// [`write_atomic`] for a secret (an event's key): a new file is readable by
/// its owner only from its first byte, where the system has modes.
pub fn write_secret(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write(path, bytes, Some(0o600))
}

fn write(path: &Path, bytes: &[u8], mode: Option<u32>) -> io::Result<()> {
    match target(path)? {
        Target::Stdout => {
            take_stdout();
            let mut out = io::stdout().lock();
            match out.write_all(bytes).and_then(|()| out.flush()) {
                // The reader has all it wanted (`tavolo show ... -o - | head -c 8`).
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                r => r,
            }
        }
        Target::Direct(file) => {
            let mut f = std::fs::OpenOptions::new().write(true).open(file)?;
            f.write_all(bytes)?;
            f.flush()
        }
        Target::File { file, .. } => replace(&file, bytes, mode),
    }
}

/// A temporary file beside `file`, written and synced, then renamed over it.
fn replace(file: &Path, bytes: &[u8], mode: Option<u32>) -> io::Result<()> {
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if let Some(mode) = mode {
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
        }
        #[cfg(not(unix))]
        let _ = mode;
        let mut f = options.open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, file)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("r.toml");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failure_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        // The target is a folder: refused, nothing written beside it.
        let target = dir.path().join("taken");
        std::fs::create_dir(&target).unwrap();
        std::fs::write(target.join("x"), "x").unwrap();
        let e = write_atomic(&target, b"data").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::IsADirectory);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(write_atomic(&dir.path().join("no/such/dir/r.toml"), b"x").is_err());
        // A path under a regular file: refused by the system even for root.
        let under = dir.path().join("taken/x/r.toml");
        assert!(write_atomic(&under, b"x").is_err());
        assert_eq!(std::fs::read_dir(&target).unwrap().count(), 1);
    }

    /// GN-3: a symlink's target is written and the link stays a link, whether
    /// the target exists, is relative, or is not there yet.
    #[cfg(unix)]
    #[test]
    fn gn3_a_symlink_writes_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.toml");
        let link = dir.path().join("link.toml");
        std::os::unix::fs::symlink("real.toml", &link).unwrap();
        assert_eq!(
            target(&link).unwrap(),
            Target::File {
                file: dir.path().join("real.toml"),
                exists: false
            }
        );
        write_atomic(&link, b"one").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "one");
        assert!(target(&link).unwrap().replaces());
        write_atomic(&link, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
        // A loop of links is an error, not a hang.
        let a = dir.path().join("a");
        std::os::unix::fs::symlink("b", &a).unwrap();
        std::os::unix::fs::symlink("a", dir.path().join("b")).unwrap();
        assert!(write_atomic(&a, b"x").is_err());
    }

    #[test]
    fn gn3_dash_is_standard_output() {
        assert_eq!(target(Path::new("-")).unwrap(), Target::Stdout);
        assert!(!target(Path::new("-")).unwrap().replaces());
        assert!(target(Path::new("..")).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn gn3_a_secret_is_private_from_its_first_byte() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("event.key");
        write_secret(&p, b"key").unwrap();
        let mode = std::fs::metadata(&p).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
