//! Inputs the fuzz harness (`scripts/fuzz.sh`, docs/fuzzing.md) found to crash a
//! reader, kept as fixtures and checked here as the harness checks them: no
//! panic, and an error at a line and column inside the input. Records found by
//! fuzzing live with each game's fixtures (`tests/fixtures/<game>/`), where the
//! fixture runner checks them.

use std::path::{Path, PathBuf};

use tavolo::games::natura::gcg;
use tavolo::lexicon::source::Source;

fn fixtures(dir: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no *.{ext} in {}", dir.display());
    v
}

/// 1-based line and column inside `text` (the column may be one past the line's end).
fn inside(text: &str, line: usize, col: usize) -> bool {
    line >= 1
        && text
            .split('\n')
            .nth(line - 1)
            .is_some_and(|l| col >= 1 && col <= l.trim_end_matches('\r').chars().count() + 1)
}

/// GCG files that panicked the reader (a multi-byte character where a coordinate may
/// stand) or put an error past the end of its line (`#character-encoding` with no name)
/// now read, or fail at a place in the file; what reads writes back the same.
#[test]
fn fuzz_found_gcg_files_read_or_fail_in_place() {
    for path in fixtures("natura", "gcg") {
        let bytes = std::fs::read(&path).unwrap();
        // (An undecodable file is measured as Latin-1, byte for character.)
        let text =
            gcg::decode(&bytes).unwrap_or_else(|_| bytes.iter().map(|&c| c as char).collect());
        match gcg::read(&bytes) {
            Err(e) => assert!(inside(&text, e.line, e.col), "{}: {e:?}", path.display()),
            Ok(r) => {
                if let Err(e) = gcg::replay(&r, &gcg::Scoring::natura()) {
                    assert!(inside(&text, e.line, e.col), "{}: {e:?}", path.display());
                }
                let again = gcg::read(gcg::write(&r.gcg).as_bytes()).unwrap();
                assert_eq!(again.gcg, r.gcg, "{}", path.display());
            }
        }
    }
}

/// Hunspell pairs that broke the reader (an affix count of 2^32 reserved memory for
/// that many entries before reading one): an error at a line of the file at fault.
#[test]
fn fuzz_found_hunspell_pairs_fail_in_place() {
    for aff in fixtures("lexicon/fuzz", "aff") {
        let dic = aff.with_extension("dic");
        let src = Source::Hunspell {
            dic: dic.clone(),
            aff: aff.clone(),
        };
        let bytes = src.read().unwrap();
        let e = src.words(&bytes).unwrap_err();
        let loc = e.location.as_deref().expect("a location");
        let text = String::from_utf8_lossy(&std::fs::read(&loc.file).unwrap()).into_owned();
        let (line, col) = (loc.line.expect("a line"), loc.column.expect("a column"));
        assert!(inside(&text, line, col), "{}: {e:?}", aff.display());
    }
}
