//! One fuzz target per reader. Each checks more than "no panic": an error
//! must point inside the input it is about (see [`located`]), and where a
//! writer exists the value read must write back and re-read to the same value.
//!
//! Adding a reader (e.g. the Natura record adapter): a new game registered in
//! `tavolo::games::GAMES` with a fixtures folder gets a `record:<game>` target
//! by itself; a new file format adds a module here and a line in [`all`].

use std::path::{Path, PathBuf};

use tavolo::error::Error;

use crate::mutate::{harvest, Shape};

pub mod duplicate;
pub mod event;
pub mod gcg;
pub mod kit;
pub mod lexicon;
pub mod quincunx;
pub mod record;
pub mod serve;
pub mod sheet;

pub type Run = Box<dyn FnMut(&[u8]) -> Result<(), String>>;

pub struct Target {
    pub name: String,
    pub seeds: Vec<Vec<u8>>,
    pub dict: Vec<Vec<u8>>,
    pub shape: Shape,
    pub max_len: usize,
    pub run: Run,
}

impl Target {
    pub fn new(name: &str, seeds: Vec<Vec<u8>>, extra: &[&str], shape: Shape, run: Run) -> Self {
        let dict = harvest(&seeds, extra);
        Target {
            name: name.to_string(),
            seeds,
            dict,
            shape,
            max_len: 64 << 10,
            run,
        }
    }
}

/// The repository the harness reads its seeds from.
pub fn repo() -> PathBuf {
    std::env::var_os("TAVOLO_REPO")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
}

/// The files under `dir` whose name ends with `ext`, sorted.
pub fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    v.retain(|p| p.is_file() && p.to_string_lossy().ends_with(ext));
    v.sort();
    v
}

pub fn read_all(paths: &[PathBuf]) -> Vec<Vec<u8>> {
    paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// Every target, in the order the script runs them.
pub fn all() -> Vec<Target> {
    let mut v = record::targets();
    v.push(kit::target());
    v.push(gcg::target());
    v.push(lexicon::words_target());
    v.push(lexicon::hunspell_target());
    v.push(quincunx::target());
    v.push(duplicate::target());
    v.push(sheet::text_target());
    v.push(sheet::xlsx_target());
    v.push(sheet::ods_target());
    v.push(event::description_target());
    v.push(event::slip_target());
    v.push(serve::target());
    v
}

/// Lines in `text` as an editor counts them (a final newline opens one more).
pub fn line_count(text: &str) -> usize {
    text.split('\n').count()
}

/// Is 1-based `line`:`col` (col in characters) a place in `text`? The column
/// may be one past the end of its line (the end of the line or of the file).
pub fn in_bounds(text: &str, line: usize, col: usize) -> Result<(), String> {
    let Some(l) = (line >= 1)
        .then(|| text.split('\n').nth(line - 1))
        .flatten()
    else {
        return Err(format!(
            "line {line} is outside the input ({} lines)",
            line_count(text)
        ));
    };
    let l = l.strip_suffix('\r').unwrap_or(l);
    let width = l.chars().count();
    if col < 1 || col > width + 1 {
        return Err(format!(
            "column {col} is outside line {line} ({width} characters)"
        ));
    }
    Ok(())
}

/// Errors that are about a whole file and so rightly name no line.
/// `kit.svg`: SVG that filling a template made (not a place in the template's text); the
/// help then gives the line in the filled text. `kit.no-components`: the fault is an
/// absence (no `[[component]]` anywhere), so there is no line to point at.
// `kit.svg` and `kit.svg-degenerate` are placed in the filled template; a place that is not
// one in the template itself (a line a loop made) names the template alone.
const WHOLE_FILE: &[&str] = &[
    "lexicon.empty",
    "kit.svg",
    "kit.svg-degenerate",
    "kit.no-components",
];

/// An error must point inside one of `inputs` (path, text): line and column
/// within bounds, or (for [`WHOLE_FILE`] errors) at least the file. Its
/// rendering must not fail either.
pub fn located(e: &Error, inputs: &[(&Path, &str)]) -> Result<(), String> {
    let _ = e.render(false);
    let Some(loc) = e.location.as_deref() else {
        return Err(format!(
            "{}: error without a location: {}",
            e.code, e.message
        ));
    };
    let Some((_, text)) = inputs.iter().find(|(p, _)| *p == loc.file.as_path()) else {
        return Err(format!(
            "{}: location names {} which is not an input",
            e.code,
            loc.file.display()
        ));
    };
    match (loc.line, loc.column) {
        (Some(l), Some(c)) => {
            in_bounds(text, l, c).map_err(|m| format!("{}: {m}: {}", e.code, e.message))?;
            if let Some(src) = &loc.source_line {
                let real = text.split('\n').nth(l - 1).unwrap_or("");
                // A decoding error shows the line up to the bad byte.
                if !real.trim_end_matches('\r').starts_with(src.as_str()) {
                    return Err(format!(
                        "{}: the line shown is not line {l} of the input",
                        e.code
                    ));
                }
            }
            Ok(())
        }
        (None, None) if WHOLE_FILE.contains(&e.code) => Ok(()),
        _ => Err(format!(
            "{}: error without line and column: {}",
            e.code, e.message
        )),
    }
}
