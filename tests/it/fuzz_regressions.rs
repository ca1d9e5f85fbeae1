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

fn sheet_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/kit-sheet-fuzz")
        .join(name)
}

/// A CSV whose lines end in a lone CR (as old Mac programs write them): the CSV reader
/// ends a row there, and the row after one was reported at the line before it, shown with
/// the CRs in it. A lone CR is now a line break for the errors too: the bad cell is on
/// line 3, column 6, and the line shown is that row.
#[test]
fn fuzz_found_csv_with_lone_crs_names_the_row_it_reads() {
    use tavolo::kit::sheet;
    let path = sheet_fixture("lone-cr.csv");
    let grid = sheet::read(&path, None).unwrap();
    assert_eq!(grid.rows.len(), 2);
    let e = grid.items(&["cost".to_string()], None).unwrap_err();
    assert_eq!(e.code, "kit.sheet-cell");
    let loc = e.location.as_deref().unwrap();
    assert_eq!((loc.line, loc.column), (Some(3), Some(6)), "{e:?}");
    assert_eq!(loc.source_line.as_deref(), Some("Luna,x"));
}

/// An .xlsx with one stray cell at XFD1048576 made calamine build a range of 17 billion
/// cells (an abort for want of memory; a nearer one took 450 MB): the sheet's extent is
/// now read first and a sheet past a million cells refused, naming its corners.
#[test]
fn fuzz_found_xlsx_with_a_far_stray_cell_is_refused() {
    let e = tavolo::kit::sheet::read(&sheet_fixture("stray-cell-far-away.xlsx"), None).unwrap_err();
    assert_eq!(e.code, "kit.sheet");
    assert!(e.message.contains("A1 to XFD1048576"), "{}", e.message);
}

/// An .ods whose content.xml ends inside its table: calamine 0.38 read it for ever. It is
/// now refused as not well-formed, at once.
#[test]
fn fuzz_found_ods_ending_inside_its_table_is_refused() {
    let e =
        tavolo::kit::sheet::read(&sheet_fixture("ends-inside-its-table.ods"), None).unwrap_err();
    assert_eq!(e.code, "kit.sheet");
    assert!(e.message.contains("content.xml"), "{}", e.message);
}

/// An .xlsx cell named `B9223372036854775807` (found in the hour, with `Application1`):
/// calamine adds a reference's row and column up in 32 bits, which overflowed (a panic
/// where overflow is checked, a wrong cell elsewhere). A reference longer than a sheet's
/// (`XFD1048576`) is now refused before calamine reads it.
#[test]
fn fuzz_found_xlsx_with_an_overlong_cell_reference_is_refused() {
    let e = tavolo::kit::sheet::read(&sheet_fixture("long-cell-reference.xlsx"), None).unwrap_err();
    assert_eq!(e.code, "kit.sheet");
    assert!(
        e.message.contains("is not a cell reference"),
        "{}",
        e.message
    );
    assert!(e.message.contains("B9223372036854775807"), "{}", e.message);
}

/// An .ods of 4 KB whose rows, their repeats counted out, spanned 65,535 rows of 300 cells
/// (found in the hour; this fixture is it reduced): calamine makes every cell, over a
/// gigabyte. The span is now counted before calamine reads the file and refused past a
/// million cells, while the empty rows and columns a spreadsheet program repeats to the
/// end of the sheet still read.
#[test]
fn fuzz_found_ods_with_repeats_spanning_millions_of_cells_is_refused() {
    use tavolo::kit::sheet;
    let e = sheet::read(&sheet_fixture("repeated-rows-of-wide-cells.ods"), None).unwrap_err();
    assert_eq!(e.code, "kit.sheet");
    assert!(
        e.message.contains("65536 rows of up to 300 cells"),
        "{}",
        e.message
    );
    let grid = sheet::read(&sheet_fixture("libreoffice-trailing-repeats.ods"), None).unwrap();
    let items = grid.items(&["cost".to_string()], None).unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].fields["cost"].as_integer(), Some(3));
}

/// Workbooks of a few kilobytes that name one long text many times (found in the last
/// session's sheet hour, 2026-11-26: 250 MB to over a gigabyte from 1-5 KB): an .ods cell of
/// 2,000 characters repeated over 20 columns and 1,000 rows, calamine copying the text into
/// each; an .xlsx whose 20,000 cells all point at one shared string of 2,000 characters; an
/// .xlsx claiming 4,294,967,295 shared strings, for which calamine reserved room before
/// reading one. The text a sheet holds, repeats counted out, is now counted first and
/// refused past 16 MB, and a claimed count past 250,000 refused.
#[test]
fn fuzz_found_workbooks_naming_one_long_text_many_times_are_refused() {
    use tavolo::kit::sheet;
    for (name, says) in [
        (
            "long-text-repeated.ods",
            "MB of text once their repeats are counted out",
        ),
        ("one-long-shared-string-everywhere.xlsx", "MB of text"),
        (
            "shared-strings-count-huge.xlsx",
            "claims `4294967295` shared strings",
        ),
    ] {
        let e = sheet::read(&sheet_fixture(name), None).unwrap_err();
        assert_eq!(e.code, "kit.sheet", "{name}");
        assert!(e.message.contains(says), "{name}: {}", e.message);
    }
}

/// An .xlsx naming cells on row 1,048,577, one past a sheet's last (found in this
/// session's sheet hour, 2026-11-26: 1,684 findings, all this one fault): calamine took
/// the rows as written, and the errors then named a row no sheet has. A cell past
/// `XFD1048576` is refused, the file named damaged.
#[test]
fn fuzz_found_a_cell_past_the_last_row_is_refused() {
    use tavolo::kit::sheet;
    let path = sheet_fixture("a-row-past-the-last.xlsx");
    let e = sheet::read(&path, None).unwrap_err();
    assert_eq!(e.code, "kit.sheet");
    assert!(
        e.message
            .contains("A1048577, past the last cell a sheet has"),
        "{}",
        e.message
    );
    assert_eq!(
        e.location.as_deref().map(|l| l.file.as_path()),
        Some(path.as_path())
    );
}
