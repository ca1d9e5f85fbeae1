//! `tavolo kit --watch`: the folders a kit is read from, and a wait for the
//! next change in them that is not tavolo's own output.
//!
//! Folders are watched recursively, not files: an editor often saves by
//! writing a new file and renaming it over the old one, which a watch on the
//! old file would miss. Art is found by `<image href>` inside templates, so the
//! templates' folders (art beside them, or in a folder under them) stand for it.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use notify::event::{EventKind, ModifyKind};
use notify::{RecommendedWatcher, RecursiveMode, Watcher};

use crate::error::{Error, Result};
use crate::kit::Kit;

/// How long the files must stay quiet before a rebuild: one save is often
/// several events (write, rename, metadata), and a rebuild per event would
/// read a half-saved file.
const QUIET: Duration = Duration::from_millis(150);

/// The folders a kit's files are in: its TOML, its templates (and so their
/// art), its spreadsheets.
pub fn folders(kit: &Kit) -> Vec<PathBuf> {
    let mut files = vec![kit.source.clone()];
    for c in &kit.components {
        files.push(c.front.clone());
        files.extend(c.back.clone());
        files.extend(c.items_from.clone());
    }
    files.iter().map(|f| folder_of(f)).collect()
}

/// The folder a file is in (`.` for a bare name).
pub fn folder_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

pub struct Watch {
    watcher: RecommendedWatcher,
    events: Receiver<notify::Result<notify::Event>>,
    /// Canonical folders watched (recursively).
    roots: Vec<PathBuf>,
    /// Canonical output folder: what tavolo writes there is not a change.
    out: PathBuf,
}

impl Watch {
    pub fn new(out_dir: &Path) -> Result<Watch> {
        let (tx, events) = channel();
        let watcher = notify::recommended_watcher(tx).map_err(|e| {
            Error::input("kit.watch", format!("cannot watch files here: {e}"))
                .help("render without --watch")
        })?;
        std::fs::create_dir_all(out_dir).map_err(|e| Error::io("kit.output", out_dir, &e))?;
        let out = out_dir
            .canonicalize()
            .map_err(|e| Error::io("kit.output", out_dir, &e))?;
        Ok(Watch {
            watcher,
            events,
            roots: Vec::new(),
            out,
        })
    }

    /// Watch `dir` and everything under it, unless it is already watched.
    /// A folder that does not exist (a template not yet made) is left out.
    pub fn add(&mut self, dir: &Path) -> Result<()> {
        let Ok(dir) = dir.canonicalize() else {
            return Ok(());
        };
        if self.roots.iter().any(|r| dir.starts_with(r)) {
            return Ok(());
        }
        self.watcher
            .watch(&dir, RecursiveMode::Recursive)
            .map_err(|e| {
                Error::input("kit.watch", format!("cannot watch this folder: {e}"))
                    .in_file(&dir)
                    .help("on Linux, a low fs.inotify.max_user_watches can cause this")
            })?;
        self.roots.push(dir);
        Ok(())
    }

    pub fn folders(&self) -> usize {
        self.roots.len()
    }

    /// Block until something changes in a watched folder, then until the
    /// files are quiet; the changed paths, or `None` at `deadline`.
    pub fn wait(&self, deadline: Option<Instant>) -> Option<Vec<PathBuf>> {
        let mut changed: Vec<PathBuf> = Vec::new();
        loop {
            // Before the first change, wait until the deadline; after it, a quiet spell.
            let wait = if changed.is_empty() {
                deadline.map(|d| d.saturating_duration_since(Instant::now()))
            } else {
                Some(QUIET)
            };
            let event = match wait {
                Some(w) => self.events.recv_timeout(w),
                None => self
                    .events
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
            };
            match event {
                Ok(Ok(e)) if counts(&e.kind) => {
                    for p in e.paths {
                        if !self.is_output(&p) && !changed.contains(&p) {
                            changed.push(p);
                        }
                    }
                }
                // A lost event or an odd kind: the next one will tell.
                Ok(_) => {}
                Err(_) if !changed.is_empty() => return Some(changed),
                Err(_) => return None,
            }
        }
    }

    /// Tavolo's own files: PDFs and PNGs in the output folder, and the
    /// temporary files they are written through (`.NAME.tmp-PID`).
    fn is_output(&self, p: &Path) -> bool {
        let name = p.file_name().unwrap_or_default().to_string_lossy();
        if name.contains(&format!(".tmp-{}", std::process::id())) {
            return true;
        }
        p.parent() == Some(self.out.as_path())
            && matches!(p.extension().and_then(|e| e.to_str()), Some("pdf" | "png"))
    }
}

/// The changed files for people: those still there (an editor's or `sed`'s
/// temporary file, renamed over the real one, is gone), relative to the
/// current folder where they are in it.
pub fn describe(changed: &[PathBuf]) -> String {
    let here: Vec<&PathBuf> = changed.iter().filter(|p| p.exists()).collect();
    let shown = if here.is_empty() {
        changed.iter().collect()
    } else {
        here
    };
    let cwd = std::env::current_dir().and_then(|d| d.canonicalize()).ok();
    shown
        .iter()
        .map(|p| {
            cwd.as_ref()
                .and_then(|c| p.strip_prefix(c).ok())
                .unwrap_or(p)
                .display()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A change to what a file holds or whether it is there; not a read (tavolo
/// reading the kit would wake itself) nor a change of times or permissions.
fn counts(kind: &EventKind) -> bool {
    match kind {
        EventKind::Create(_) | EventKind::Remove(_) => true,
        EventKind::Modify(ModifyKind::Metadata(_)) => false,
        EventKind::Modify(_) => true,
        EventKind::Access(_) | EventKind::Any | EventKind::Other => false,
    }
}
