//! The sessions folder held by one server (issue 38). Two servers on one folder would each
//! write their own session of a table over the other's record and lose moves, so a server
//! takes the folder's lock file (`.tavolo-serve.lock`, an advisory `flock` the system lets
//! go when the server ends, however it ends) before it reads a record, and a second server
//! refuses to start, naming the first's process and address. Under the lock, the
//! temporary files a killed server left (`.ID.toml.tmp-PID`, a record being written) are
//! removed: the record beside them is whole, and a left-over one must never make a move
//! fail when a new process has the same id.

use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;

/// The lock file in the sessions folder.
pub const LOCK_FILE: &str = ".tavolo-serve.lock";

/// The folder's lock, held while this lives.
#[derive(Debug)]
pub struct Lock {
    file: File,
    path: PathBuf,
}

impl Lock {
    /// The lock of `dir`, or the error naming the server that holds it.
    pub fn take(dir: &Path) -> Result<Lock, Error> {
        let path = dir.join(LOCK_FILE);
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| Error::io("serve.lock", &path, &e))?;
        if !try_lock(&file).map_err(|e| Error::io("serve.lock", &path, &e))? {
            let mut who = String::new();
            let _ = file.read_to_string(&mut who);
            let who = who.split_whitespace().collect::<Vec<_>>().join(" ");
            let who = if who.is_empty() {
                "another tavolo serve".to_string()
            } else {
                format!("another tavolo serve ({who})")
            };
            return Err(Error::input(
                "serve.folder-in-use",
                format!(
                    "{} is in use by {who}: two servers on one folder would lose moves",
                    dir.display()
                ),
            )
            .help("stop that server first, or give this one another folder with --dir"));
        }
        let lock = Lock { file, path };
        lock.say(&format!("pid {}", std::process::id()))?;
        Ok(lock)
    }

    /// Write who holds the lock (`pid N, http://ADDR/`), for a second server to name.
    pub fn say(&self, who: &str) -> Result<(), Error> {
        let mut f = &self.file;
        f.set_len(0)
            .and_then(|()| f.rewind())
            .and_then(|()| f.write_all(format!("{who}\n").as_bytes()))
            .map_err(|e| Error::io("serve.lock", &self.path, &e))
    }
}

#[cfg(unix)]
fn try_lock(file: &File) -> std::io::Result<bool> {
    use rustix::fs::{flock, FlockOperation};
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Elsewhere no lock is taken (tavolo's servers run on Unix-like systems).
#[cfg(not(unix))]
fn try_lock(_file: &File) -> std::io::Result<bool> {
    Ok(true)
}

/// Remove the temporaries a killed writer left in `dir` (`.NAME.tmp-PID`, NAME a record
/// `ID.toml` or a table's `.ID.at-table`): their names, for the operator's notes.
pub fn sweep(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut gone = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let stale = name.starts_with('.') && name.contains(".tmp-");
        if stale
            && e.file_type().is_ok_and(|t| t.is_file())
            && std::fs::remove_file(e.path()).is_ok()
        {
            gone.push(name);
        }
    }
    gone.sort();
    gone
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_a_folder_is_refused_naming_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let first = Lock::take(dir.path()).unwrap();
        first.say("pid 1234, http://127.0.0.1:9/").unwrap();
        let e = Lock::take(dir.path()).unwrap_err();
        assert_eq!(e.code, "serve.folder-in-use");
        assert!(
            e.message.contains("pid 1234, http://127.0.0.1:9/"),
            "{}",
            e.message
        );
        drop(first);
        Lock::take(dir.path()).expect("free again once the first is gone");
    }

    #[test]
    fn a_killed_writer_s_temporaries_are_swept_and_records_kept() {
        let dir = tempfile::tempdir().unwrap();
        for f in ["moon-1.toml", ".moon-1.toml.tmp-77", ".tavolo-serve-key"] {
            std::fs::write(dir.path().join(f), "x").unwrap();
        }
        assert_eq!(sweep(dir.path()), [".moon-1.toml.tmp-77"]);
        assert!(dir.path().join("moon-1.toml").exists());
        assert!(dir.path().join(".tavolo-serve-key").exists());
    }
}
