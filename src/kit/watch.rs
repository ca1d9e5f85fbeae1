//! `tavolo kit --watch`: the folders a kit is read from, and a wait for the
//! next change in them to a file the kit reads.
//!
//! Folders are watched recursively, not files: an editor often saves by
//! writing a new file and renaming it over the old one, which a watch on the
//! old file would miss. Art is found by `<image href>` inside templates, so the
//! templates' folders (art beside them, or in a folder under them) stand for it.
//! A change counts only when it is to a file the last render read ([`Inputs`]):
//! a log, tavolo's own output or an editor's backup in those folders is not one
//! (issue 45: a log of the watch in the kit's folder woke it at every line).

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
    crate::kit::inputs(kit)
        .iter()
        .map(|f| folder_of(f))
        .collect()
}

/// The files whose change calls for a new render: those the last render read (the kits'
/// TOML, templates, art and sheets), as canonical paths. While the kits do not render, any
/// file of a kind a kit reads counts too (a TOML, an SVG, a spreadsheet): the file that
/// mends it may be one the kit could not yet name (art not yet drawn).
#[derive(Debug, Default)]
pub struct Inputs {
    files: std::collections::HashSet<PathBuf>,
    /// The last render failed.
    pub broken: bool,
}

/// The extensions of the files a kit reads.
const KIT_FILES: [&str; 9] = [
    "toml", "svg", "csv", "tsv", "xlsx", "xlsm", "xls", "xlsb", "ods",
];

impl Inputs {
    /// Follow `file` (a missing one by its folder's canonical path and its name).
    pub fn add(&mut self, file: &Path) {
        self.files.insert(canonical(file));
    }

    /// Does a change to `p` (canonical, as the watcher reports it) call for a render?
    pub fn counts(&self, p: &Path) -> bool {
        self.files.contains(p)
            || (self.broken
                && p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| KIT_FILES.contains(&e.to_ascii_lowercase().as_str())))
    }
}

/// `file` made canonical; a file not (yet) there by its folder's canonical path.
fn canonical(file: &Path) -> PathBuf {
    if let Ok(c) = file.canonicalize() {
        return c;
    }
    match (folder_of(file).canonicalize(), file.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => std::env::current_dir()
            .map(|d| d.join(file))
            .unwrap_or_else(|_| file.to_path_buf()),
    }
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

    /// Block until a file of `inputs` changes in a watched folder, then until the
    /// files are quiet; the changed paths, or `None` at `deadline`.
    pub fn wait(&self, deadline: Option<Instant>, inputs: &Inputs) -> Option<Vec<PathBuf>> {
        let mut changed: Vec<PathBuf> = Vec::new();
        // The last change that counts: other events (a viewer reading the PDF, a log
        // written) do not put the render off.
        let mut last = Instant::now();
        loop {
            // Before the first change, wait until the deadline; after it, a quiet spell.
            let wait = if changed.is_empty() {
                deadline.map(|d| d.saturating_duration_since(Instant::now()))
            } else {
                Some(QUIET.saturating_sub(last.elapsed()))
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
                        if !self.is_output(&p) && inputs.counts(&p) {
                            last = Instant::now();
                            if !changed.contains(&p) {
                                changed.push(p);
                            }
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
