//! A component's items from a spreadsheet (`items_from = "cards.csv"`): a CSV
//! or TSV file, or one sheet of an `.xlsx`, `.xls`, `.xlsb` or `.ods` workbook
//! (read by calamine). The first non-empty row names the columns; every other
//! non-empty row is an item, its cells the item's fields.
//!
//! Every cell is read as text, the same text whichever kind of file holds it
//! (a number cell of a workbook as a CSV export writes it: `3`, `2.5`), so a
//! deck gives the same PDF from a CSV as from a workbook. The columns the kit
//! names in `numbers`, and the copies column, are then read as numbers, each
//! bad cell reported with its file, row and column.
//!
//! See docs/kit-format.md, "Items from a spreadsheet".

use std::io::Cursor;
use std::path::{Path, PathBuf};

use crate::error::{io_reason, Error, Location, Result};

/// The most copies of one row, as for `count` in the TOML.
pub const MAX_COPIES: i64 = 1000;

/// A sheet read into text cells, ready to become items.
#[derive(Debug)]
pub struct Grid {
    pub file: PathBuf,
    /// Column names, in order; `None` for an unnamed column left empty.
    pub columns: Vec<Option<String>>,
    pub rows: Vec<Row>,
    /// A workbook (cells named `C14`) rather than a text file (lines).
    workbook: bool,
    /// `;`-separated text: a decimal comma (`2,5`) is a number, as the
    /// spreadsheet programs that write `;` write decimals.
    decimal_comma: bool,
    /// The line (or sheet row) of the header.
    header_line: usize,
    /// A text file's text and separator, to show a faulty row with a caret.
    text: Option<(String, u8)>,
}

#[derive(Debug)]
pub struct Row {
    /// The line of a text file where the row starts, or the sheet's row number.
    pub line: usize,
    /// For a workbook, the sheet column (0-based) of the first cell.
    first_column: usize,
    pub cells: Vec<String>,
}

/// One item from a row, and how many copies of it to print.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub fields: toml::Table,
    pub copies: usize,
}

/// The kinds of file `items_from` reads, by extension.
const KINDS: &str = ".csv, .tsv, .xlsx, .xlsm, .xls, .xlsb or .ods";

/// Read `path` (one `sheet` of a workbook: by default its first).
pub fn read(path: &Path, sheet: Option<&str>) -> Result<Grid> {
    read_in(path, crate::kit::bundled::folder(path), sheet)
}

/// [`read`] for a kit whose folder is `within`: the sheet must be inside it
/// (`crate::kit::bundled::read_bytes`) and at most [`crate::input::SHEET`].
pub fn read_in(path: &Path, within: &Path, sheet: Option<&str>) -> Result<Grid> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let bytes =
        crate::kit::bundled::read_bytes(path, within, crate::input::SHEET).map_err(|e| {
            Error::input(
                "kit.sheet",
                format!("cannot read the items' sheet: {}", io_reason(&e)),
            )
            .in_file(path)
            .help("`items_from` is relative to the kit's TOML file")
        })?;
    let grid = match ext.as_str() {
        "csv" | "tsv" | "tab" => {
            if sheet.is_some() {
                return Err(Error::input(
                    "kit.sheet",
                    "`sheet` names a sheet of a workbook; a text file has only one",
                )
                .in_file(path));
            }
            read_text(path, &bytes, ext != "csv")?
        }
        "xlsx" | "xlsm" | "xls" | "xlsb" | "ods" => {
            read_workbook(path, &ext, bytes.into_owned(), sheet)?
        }
        _ => {
            return Err(Error::input(
                "kit.sheet",
                format!("cannot tell what kind of sheet this is: `items_from` reads {KINDS} files"),
            )
            .in_file(path))
        }
    };
    grid.check_header()?;
    grid.check_cells()?;
    Ok(grid)
}

fn cell_too_long(path: &Path, line: usize, which: &str) -> Error {
    Error::input(
        "kit.sheet",
        format!(
            "{which} holds more than {} of text; a cell holds at most that",
            crate::input::size_text(MAX_CELL as u64)
        ),
    )
    .at(Location {
        line: Some(line),
        ..Location::file(path)
    })
}

/// The text of a CSV/TSV file: UTF-8 (a BOM is dropped), UTF-16 with its
/// BOM (Excel's "Unicode text"), else Windows-1252 (Excel's plain "CSV").
fn decode(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return String::from_utf8_lossy(rest).into_owned();
    }
    for (bom, enc) in [
        (b"\xFF\xFE", encoding_rs::UTF_16LE),
        (b"\xFE\xFF", encoding_rs::UTF_16BE),
    ] {
        if let Some(rest) = bytes.strip_prefix(bom) {
            return enc.decode_without_bom_handling(rest).0.into_owned();
        }
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    }
}

/// Every line end as a LF: `a\r\nb` (Windows) and `a\rb` (old Macs) as `a\nb`. The CSV
/// reader counts a CR LF as one line end but gives the row after it the line before
/// (issue 45: `cards.csv:4` for row 5); a cell's own line breaks become LF too, as a
/// workbook's are.
fn line_ends_to_lf(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

/// The most cells (rows times columns, from the first non-empty cell to the last) a
/// workbook's sheet may span: calamine makes a cell of each, so a stray cell at `XFD1048576`
/// would take gigabytes, and tavolo copies each (a million cells of short text took 300 MB;
/// found by fuzzing). A deck of 5,200 cards in 20 columns spans 104,000.
pub const MAX_CELLS: u64 = 250_000;

/// The most text a workbook's sheet may hold, every cell's text counted as often as the
/// sheet repeats it: calamine copies a repeated cell's text (ODS) or a shared string (XLSX)
/// into every cell, and tavolo copies each cell once more, so a few kilobytes naming one
/// long text a million times would take gigabytes (found by fuzzing). 5,200 cards of 20
/// fields of 100 characters are 10 MB.
pub const MAX_TEXT: u64 = 16 << 20;

/// The most text one cell may hold. A card's longest text is a few hundred characters; a
/// cell's text printed on a face is laid out by usvg at some 400 bytes a character, so a
/// cell of megabytes cost gigabytes (issue 38: 5 MB, 2 GB).
pub const MAX_CELL: usize = 16 << 10;

/// An .xlsx's claimed count of shared strings, at most this (calamine reserves room for as
/// many as the file claims before reading any; found by fuzzing).
const MAX_SHARED_STRINGS: u64 = MAX_CELLS;

/// A sheet's rows and columns (`XFD1048576` is its last cell): calamine takes a cell
/// reference past them as written, and a row number past the last one made an error name
/// a row no sheet has (found by fuzzing).
const LAST_ROW: u32 = 1 << 20;
const LAST_COLUMN: u32 = 1 << 14;

/// The area of an .xlsx sheet's non-empty cells and their text, read before calamine builds
/// its range: `Err` when the area is past [`MAX_CELLS`] or the text past [`MAX_TEXT`].
fn xlsx_area<RS: std::io::Read + std::io::Seek>(
    book: &mut calamine::Xlsx<RS>,
    name: &str,
) -> std::result::Result<(), String> {
    let Ok(mut cells) = book.worksheet_cells_reader(name) else {
        return Ok(()); // calamine's own reading says what is wrong
    };
    let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
    let mut text = 0u64;
    while let Ok(Some(cell)) = cells.next_cell() {
        use calamine::DataRef;
        let (r, c) = cell.get_position();
        if r >= LAST_ROW || c >= LAST_COLUMN {
            return Err(format!(
                "it has a cell at {}, past the last cell a sheet has (XFD1048576): the file is damaged",
                cell_name(c as usize, r as usize + 1)
            ));
        }
        text += match cell.get_value() {
            DataRef::Empty => continue,
            DataRef::SharedString(s) => s.len() as u64,
            DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => {
                s.len() as u64
            }
            _ => 0,
        };
        if text > MAX_TEXT {
            return Err(format!(
                "its cells hold more than {} MB of text; a sheet of items holds at most that",
                MAX_TEXT >> 20
            ));
        }
        (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
    }
    if r0 == u32::MAX {
        return Ok(());
    }
    let area = u64::from(r1 - r0 + 1) * u64::from(c1 - c0 + 1);
    if area > MAX_CELLS {
        return Err(format!(
            "its cells span {} to {}, {area} cells; a sheet of items spans at most {MAX_CELLS}",
            cell_name(c0 as usize, r0 as usize + 1),
            cell_name(c1 as usize, r1 as usize + 1)
        ));
    }
    Ok(())
}

/// The most parts (zip entries) a workbook may hold: a spreadsheet program writes a dozen
/// or two.
pub const MAX_PARTS: usize = 1000;

/// The most bytes a workbook's parts may inflate to, all together: 4 times [`MAX_TEXT`],
/// for the XML around the text. calamine inflates its parts as it reads them, so a small
/// zip of parts that inflate to gigabytes (a zip bomb: 3 MB took 3 GB, issue 38) is
/// refused here, before anything is inflated past this.
pub const MAX_UNPACKED: u64 = 4 * MAX_TEXT;

/// A workbook's zip looked at before calamine reads it: at most [`MAX_PARTS`] parts, their
/// sizes as the zip states them at most [`MAX_UNPACKED`] all together, and then each part
/// inflated (into nothing) to check that it is no larger than it states, stopping at the
/// bound: a part that states a small size and inflates to a large one is refused too.
fn zip_checked(bytes: &[u8]) -> std::result::Result<(), String> {
    let Ok(mut zip) = zip::ZipArchive::new(Cursor::new(bytes)) else {
        return Ok(()); // not a zip: calamine says what it is
    };
    if zip.len() > MAX_PARTS {
        return Err(format!(
            "it holds {} parts; a workbook holds at most {MAX_PARTS}",
            zip.len()
        ));
    }
    let mut stated = 0u64;
    for i in 0..zip.len() {
        if let Ok(f) = zip.by_index_raw(i) {
            stated = stated.saturating_add(f.size());
        }
    }
    let too_large = || {
        format!(
            "its parts inflate to more than {}; a workbook of items inflates to at most that",
            crate::input::size_text(MAX_UNPACKED)
        )
    };
    if stated > MAX_UNPACKED {
        return Err(too_large());
    }
    let mut total = 0u64;
    for i in 0..zip.len() {
        let Ok(f) = zip.by_index(i) else { continue };
        let claimed = f.size();
        let name = f
            .name()
            .map(|n| n.chars().take(80).collect::<String>())
            .unwrap_or_default();
        let room = (MAX_UNPACKED - total).min(claimed) + 1;
        let n = std::io::copy(&mut std::io::Read::take(f, room), &mut std::io::sink())
            .map_err(|e| format!("its part {name} does not inflate: {e}"))?;
        if n > claimed {
            return Err(format!(
                "its part {name} inflates to more than the {claimed} bytes it states: the file is damaged"
            ));
        }
        total += n;
        if total > MAX_UNPACKED {
            return Err(too_large());
        }
    }
    Ok(())
}

/// Whether every cell reference of an .xlsx (the `r` and `ref` attributes of its XML parts:
/// cells, rows, the dimension, merged cells, shared formulas) is short enough to be one:
/// a column of at most 3 letters (`XFD`), a row of at most 7 digits (`1048576`). calamine
/// 0.38 adds up longer ones in 32 bits, which overflows (a panic in a debug build, a wrong
/// cell in a release one; found by fuzzing). `Err` names the first that is not.
fn xlsx_refs_short(bytes: &[u8]) -> std::result::Result<(), String> {
    use quick_xml::events::Event;
    use std::io::Read;
    let Ok(mut zip) = zip::ZipArchive::new(Cursor::new(bytes)) else {
        return Ok(());
    };
    for i in 0..zip.len() {
        let mut xml = Vec::new();
        let name = match zip.by_index(i) {
            Ok(f) => match f.name().map(|n| n.to_string()) {
                Ok(name) if name.ends_with(".xml") => {
                    if f.take(MAX_UNPACKED).read_to_end(&mut xml).is_err() {
                        continue;
                    }
                    name
                }
                _ => continue,
            },
            _ => continue,
        };
        // As calamine reads them: end tags not checked.
        let mut strings = 0u64;
        let mut reader = quick_xml::Reader::from_reader(xml.as_slice());
        reader.config_mut().check_end_names = false;
        reader.config_mut().check_comments = false;
        let mut buf = Vec::new();
        loop {
            let e = match reader.read_event_into(&mut buf) {
                Ok(Event::Start(e) | Event::Empty(e)) => e,
                Ok(Event::Eof) | Err(_) => break,
                Ok(_) => {
                    buf.clear();
                    continue;
                }
            };
            // The strings themselves counted, not only the count the part claims (it may
            // claim none): calamine keeps every one, referenced or not.
            if e.local_name().as_ref() == "si" {
                strings += 1;
                if strings > MAX_SHARED_STRINGS {
                    return Err(format!(
                        "{name} holds more than {MAX_SHARED_STRINGS} shared strings; a sheet of items has at most {MAX_SHARED_STRINGS}"
                    ));
                }
            }
            if e.local_name().as_ref() == "sst" {
                for a in e.attributes().flatten() {
                    if matches!(a.key.local_name().as_ref(), "count" | "uniqueCount")
                        && a.value
                            .trim()
                            .parse::<u64>()
                            .is_ok_and(|n| n > MAX_SHARED_STRINGS)
                    {
                        return Err(format!(
                            "{name} claims `{}` shared strings; a sheet of items has at most {MAX_SHARED_STRINGS}",
                            a.value.chars().take(40).collect::<String>()
                        ));
                    }
                }
            }
            for a in e.attributes().flatten() {
                // (`xmlns:r` declares a prefix: not a reference.)
                let key = a.key.as_ref();
                if key.starts_with("xmlns") || !matches!(a.key.local_name().as_ref(), "r" | "ref") {
                    continue;
                }
                let (mut letters, mut digits) = (0, 0);
                for b in a.value.bytes() {
                    letters = if b.is_ascii_alphabetic() {
                        letters + 1
                    } else {
                        0
                    };
                    digits = if b.is_ascii_digit() { digits + 1 } else { 0 };
                    if letters > 3 || digits > 7 {
                        return Err(format!(
                            "`{}` in {name} is not a cell reference: a column has at most 3 letters (XFD), a row at most 7 digits",
                            a.value.chars().take(40).collect::<String>()
                        ));
                    }
                }
            }
            buf.clear();
        }
    }
    Ok(())
}

/// An .ods's `content.xml` looked at before calamine reads it (both found by fuzzing): it
/// must be well-formed XML, as calamine 0.38, which does not check end tags, reads one that
/// ends inside a table for ever; and the cells its tables span once their repeats
/// (`table:number-rows-repeated`, `-columns-repeated`) are counted out, from the first
/// non-empty row to the last, must stay within [`MAX_CELLS`], as calamine makes every one of
/// them (4 KB asking for 65,535 rows of 300 cells took over a gigabyte). `Err` says what is
/// wrong; a zip or a part calamine cannot open is left to calamine, which reports it.
fn ods_checked(bytes: &[u8]) -> std::result::Result<(), String> {
    use quick_xml::events::{BytesStart, Event};
    use std::io::Read;
    let Ok(mut zip) = zip::ZipArchive::new(Cursor::new(bytes)) else {
        return Ok(());
    };
    let mut xml = Vec::new();
    match zip.by_name("content.xml") {
        Ok(f) => {
            if f.take(MAX_UNPACKED).read_to_end(&mut xml).is_err() {
                return Ok(());
            }
        }
        Err(_) => return Ok(()),
    }
    let repeats = |e: &BytesStart, name: &str| -> u64 {
        e.try_get_attribute(name)
            .ok()
            .flatten()
            .and_then(|a| a.value.trim().parse::<u64>().ok())
            .unwrap_or(1)
    };
    let valued = |e: &BytesStart| {
        ["office:value-type", "table:formula"]
            .iter()
            .any(|n| matches!(e.try_get_attribute(n), Ok(Some(_))))
    };
    let mut reader = quick_xml::Reader::from_reader(xml.as_slice());
    reader.config_mut().check_end_names = true;
    let mut buf = Vec::new();
    let mut depth = 0usize;
    // The table being read: rows so far, the non-empty rows' extent, the widest row.
    let (mut rows, mut first, mut end, mut width) = (0u64, None::<u64>, 0u64, 0u64);
    // The row being read: its repeats, the cells so far, the end of its last non-empty one.
    let (mut row_repeats, mut col, mut last) = (1u64, 0u64, 0u64);
    // Text, repeats counted out: the cell being read (its repeats, its text so far), the
    // row's, the whole content's.
    let (mut cell, mut cell_repeats, mut cell_text) = (false, 1u64, 0u64);
    let (mut row_text, mut text) = (0u64, 0u64);
    // The values calamine may take as the cell's text (`office:value`, `office:string-value`,
    // `office:date-value`...; not the repeats or the style).
    let attr_text = |e: &BytesStart| -> u64 {
        e.attributes()
            .flatten()
            .filter(|a| {
                let k = a.key.as_ref();
                k.starts_with("office:") && k.ends_with("value")
            })
            .map(|a| a.value.len() as u64)
            .sum()
    };
    loop {
        let event = reader.read_event_into(&mut buf);
        let (e, empty) = match &event {
            Ok(Event::Start(e)) => (Some(e), false),
            Ok(Event::Empty(e)) => (Some(e), true),
            _ => (None, false),
        };
        if let Some(e) = e {
            match e.name().as_ref() {
                "table:table" => (rows, first, end, width) = (0, None, 0, 0),
                "table:table-row" => {
                    (row_repeats, col, last) = (repeats(e, "table:number-rows-repeated"), 0, 0)
                }
                "table:table-cell" | "table:covered-table-cell" => {
                    let n = repeats(e, "table:number-columns-repeated");
                    col = col.saturating_add(n);
                    if !empty || valued(e) {
                        last = col;
                    }
                    if empty {
                        row_text = row_text.saturating_add(attr_text(e).saturating_mul(n));
                    } else {
                        (cell, cell_repeats, cell_text) = (true, n, attr_text(e));
                    }
                }
                // `text:c` spaces in one element.
                "text:s" if cell => {
                    cell_text = cell_text.saturating_add(repeats(e, "text:c"));
                }
                _ => {}
            }
        }
        match &event {
            Ok(Event::Text(t)) if cell => cell_text = cell_text.saturating_add(t.len() as u64),
            Ok(Event::End(e))
                if cell
                    && matches!(
                        e.name().as_ref(),
                        "table:table-cell" | "table:covered-table-cell"
                    ) =>
            {
                row_text = row_text.saturating_add(cell_text.saturating_mul(cell_repeats));
                cell = false;
            }
            _ => {}
        }
        let row_ends = match &event {
            Ok(Event::End(e)) => e.name().as_ref() == "table:table-row",
            Ok(Event::Empty(e)) => e.name().as_ref() == "table:table-row",
            _ => false,
        };
        if row_ends {
            text = text.saturating_add(row_text.saturating_mul(row_repeats));
            row_text = 0;
            if text > MAX_TEXT {
                return Err(format!(
                    "its cells hold more than {} MB of text once their repeats are counted out; a sheet of items holds at most that",
                    MAX_TEXT >> 20
                ));
            }
            if last > 0 {
                first.get_or_insert(rows);
                end = rows.saturating_add(row_repeats);
                width = width.max(last);
            }
            rows = rows.saturating_add(row_repeats);
            let area = end
                .saturating_sub(first.unwrap_or(end))
                .saturating_mul(width);
            if area > MAX_CELLS {
                return Err(format!(
                    "its rows and their repeats span {} rows of up to {width} cells; a sheet of items spans at most {MAX_CELLS} cells",
                    end - first.unwrap_or(0)
                ));
            }
        }
        match event {
            Ok(Event::Start(_)) => depth += 1,
            Ok(Event::End(_)) => depth = depth.saturating_sub(1),
            Ok(Event::Eof) if depth > 0 => {
                return Err("its content.xml ends before the elements it opens are closed".into())
            }
            Ok(Event::Eof) => return Ok(()),
            Err(e) => return Err(format!("its content.xml is not well-formed XML: {e}")),
            Ok(_) => {}
        }
        buf.clear();
    }
}

/// The separator of a `.csv`: the most frequent of `,` `;` and tab outside
/// quotes on its first line (`,` when none is there).
fn sniff_delimiter(text: &str) -> u8 {
    let first = text.lines().next().unwrap_or("");
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for c in first.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => counts[0] += 1,
            ';' if !quoted => counts[1] += 1,
            '\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3)
        .max_by_key(|&i| (counts[i], std::cmp::Reverse(i)))
        .unwrap_or(0);
    if counts[best] == 0 {
        b','
    } else {
        [b',', b';', b'\t'][best]
    }
}

fn read_text(path: &Path, bytes: &[u8], tabs: bool) -> Result<Grid> {
    // A CR LF (Windows) or a lone CR (old Mac files) ends a line, for the CSV reader as for
    // an editor: made a LF here, so that the lines the errors name are the lines of the text
    // (found by fuzzing for a lone CR, and in issue 45 for CR LF: the row after one was
    // given the line before it).
    let text = line_ends_to_lf(decode(bytes));
    let delimiter = if tabs { b'\t' } else { sniff_delimiter(&text) };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    let mut width = 0u64;
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map(|p| p.line() as usize);
            let mut loc = Location::file(path);
            loc.line = line;
            Error::input("kit.sheet", format!("cannot read the sheet: {e}")).at(loc)
        })?;
        let line = record.position().map_or(0, |p| p.line() as usize);
        // Bounded as a workbook's sheet is, as the rows come: a million rows are refused
        // at the row past the bound, not after all are held.
        width = width.max(record.len() as u64);
        if (rows.len() as u64 + 1).saturating_mul(width) > MAX_CELLS {
            return Err(Error::input(
                "kit.sheet",
                format!(
                    "the sheet spans more than {MAX_CELLS} cells (rows times columns) by this row; a sheet of items spans at most that"
                ),
            )
            .at(Location {
                line: Some(line),
                ..Location::file(path)
            }));
        }
        if let Some(i) = record.iter().position(|c| c.len() > MAX_CELL) {
            return Err(cell_too_long(path, line, &format!("column {}", i + 1)));
        }
        rows.push(Row {
            line,
            first_column: 0,
            cells: record.iter().map(str::to_string).collect(),
        });
    }
    let mut grid = Grid::from_rows(path, rows, false, delimiter == b';');
    grid.text = Some((text, delimiter));
    Ok(grid)
}

fn read_workbook(path: &Path, ext: &str, bytes: Vec<u8>, sheet: Option<&str>) -> Result<Grid> {
    use calamine::{open_workbook_from_rs, Reader, Sheets};
    let unreadable = |e: &dyn std::fmt::Display| {
        Error::input("kit.sheet", format!("cannot read the workbook: {e}"))
            .in_file(path)
            .help(format!("is it really a .{ext} file? Save it again from the spreadsheet program, or export the sheet as CSV"))
    };
    if ext != "xls" {
        zip_checked(&bytes).map_err(|m| unreadable(&m))?;
    }
    if ext == "ods" {
        ods_checked(&bytes).map_err(|m| unreadable(&m))?;
    }
    if ext == "xlsx" || ext == "xlsm" {
        xlsx_refs_short(&bytes).map_err(|m| unreadable(&m))?;
    }
    let cursor = Cursor::new(bytes);
    let mut book: Sheets<Cursor<Vec<u8>>> = match ext {
        "xlsx" | "xlsm" => Sheets::Xlsx(open_workbook_from_rs(cursor).map_err(|e| unreadable(&e))?),
        "xls" => Sheets::Xls(open_workbook_from_rs(cursor).map_err(|e| unreadable(&e))?),
        "xlsb" => Sheets::Xlsb(open_workbook_from_rs(cursor).map_err(|e| unreadable(&e))?),
        _ => Sheets::Ods(open_workbook_from_rs(cursor).map_err(|e| unreadable(&e))?),
    };
    let names = book.sheet_names();
    let name = match sheet {
        Some(s) if names.iter().any(|n| n == s) => s.to_string(),
        Some(s) => {
            return Err(
                Error::input("kit.sheet", format!("the workbook has no sheet `{s}`"))
                    .in_file(path)
                    .help(crate::error::did_you_mean(
                        s,
                        names.iter().map(String::as_str),
                        format!("its sheets: {}", names.join(", ")),
                    )),
            )
        }
        None => names
            .first()
            .cloned()
            .ok_or_else(|| Error::input("kit.sheet", "the workbook has no sheet").in_file(path))?,
    };
    if let Sheets::Xlsx(x) = &mut book {
        xlsx_area(x, &name).map_err(|m| {
            Error::input("kit.sheet", format!("sheet `{name}`: {m}"))
                .in_file(path)
                .help("clear the cells far from the deck, or copy the deck to a new sheet")
        })?;
    }
    let range = book.worksheet_range(&name).map_err(|e| unreadable(&e))?;
    let (row0, col0) = range.start().unwrap_or((0, 0));
    let mut rows = Vec::new();
    for (r, cells) in range.rows().enumerate() {
        let line = row0 as usize + r + 1;
        let mut texts = Vec::with_capacity(cells.len());
        for (c, cell) in cells.iter().enumerate() {
            let at = |what: String| {
                Error::input(
                    "kit.sheet-cell",
                    format!("cell {}: {what}", cell_name(col0 as usize + c, line)),
                )
                .at(Location {
                    line: Some(line),
                    ..Location::file(path)
                })
            };
            texts.push(cell_text(cell).map_err(at)?);
        }
        rows.push(Row {
            line,
            first_column: col0 as usize,
            cells: texts,
        });
    }
    Ok(Grid::from_rows(path, rows, true, false))
}

/// A workbook cell as the text a CSV export gives it.
fn cell_text(cell: &calamine::Data) -> std::result::Result<String, String> {
    use calamine::Data;
    Ok(match cell {
        Data::Empty => String::new(),
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) => number_text(*f),
        Data::Bool(b) => if *b { "TRUE" } else { "FALSE" }.to_string(),
        Data::DateTime(_) => {
            return Err("holds a date, which prints differently in every spreadsheet program; format the column as text".into())
        }
        Data::Error(e) => return Err(format!("holds the formula error {e}")),
    })
}

/// The 0-based character column and length of cell `col` on a one-line
/// row of a text file (`None` when the row does not hold it on this line).
fn field_span(line: &str, delimiter: char, col: usize) -> Option<(usize, usize)> {
    let mut field = 0;
    let mut start = 0;
    let mut quoted = false;
    for (i, c) in line.chars().enumerate() {
        if c == '"' {
            quoted = !quoted;
        } else if c == delimiter && !quoted {
            if field == col {
                return Some((start, i - start));
            }
            field += 1;
            start = i + 1;
        }
    }
    (field == col).then(|| (start, line.chars().count() - start))
}

/// `3` for 3.0, `2.5` for 2.5: the shortest text that reads back as `f`.
fn number_text(f: f64) -> String {
    if f.fract() == 0.0 && f.abs() < 1e15 {
        format!("{}", f as i64)
    } else {
        format!("{f}")
    }
}

/// `C14`: a workbook cell's name from its 0-based column and 1-based row.
fn cell_name(col: usize, row: usize) -> String {
    let mut letters = Vec::new();
    let mut n = col + 1;
    while n > 0 {
        letters.push(b'A' + ((n - 1) % 26) as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    format!("{}{row}", String::from_utf8_lossy(&letters))
}

impl Grid {
    /// The first non-empty row names the columns; empty rows are dropped.
    fn from_rows(path: &Path, rows: Vec<Row>, workbook: bool, decimal_comma: bool) -> Grid {
        let blank = |r: &Row| r.cells.iter().all(|c| c.trim().is_empty());
        let mut rows: Vec<Row> = rows.into_iter().filter(|r| !blank(r)).collect();
        let header_line = rows.first().map_or(1, |r| r.line);
        let columns = if rows.is_empty() {
            Vec::new()
        } else {
            rows.remove(0)
                .cells
                .iter()
                .map(|c| {
                    let t = c.trim();
                    (!t.is_empty()).then(|| t.to_string())
                })
                .collect()
        };
        Grid {
            file: path.to_path_buf(),
            columns,
            rows,
            workbook,
            decimal_comma,
            header_line,
            text: None,
        }
    }

    /// The names of the columns, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.columns.iter().flatten().map(String::as_str)
    }

    fn row_at(&self, row: &Row) -> Location {
        self.line_at(row.line, None)
    }

    fn cell_at(&self, row: &Row, col: usize) -> Location {
        self.line_at(row.line, Some(col))
    }

    /// Line `line` of a text file, shown with a caret under cell `col` (the
    /// line's start without one); a workbook's row by its number alone.
    fn line_at(&self, line: usize, col: Option<usize>) -> Location {
        let mut loc = Location {
            line: Some(line),
            ..Location::file(&self.file)
        };
        if let Some((text, delimiter)) = &self.text {
            if let Some(source) = text.lines().nth(line.saturating_sub(1)) {
                let source = source.trim_start_matches('\u{feff}');
                let (start, len) = match col {
                    Some(c) => match field_span(source, *delimiter as char, c) {
                        Some(span) => span,
                        None => return loc,
                    },
                    None => (0, source.chars().count()),
                };
                loc.column = Some(start + 1);
                loc.span_len = len.max(1);
                loc.source_line = Some(source.to_string());
            }
        }
        loc
    }

    /// `column `cost``, or `cell C14, column `cost``.
    fn where_(&self, row: &Row, col: usize) -> String {
        let name = match &self.columns.get(col) {
            Some(Some(n)) => format!("column `{n}`"),
            _ => format!("column {}", col + 1),
        };
        if self.workbook {
            format!(
                "cell {}, {name}",
                cell_name(row.first_column + col, row.line)
            )
        } else {
            name
        }
    }

    /// Every cell at most [`MAX_CELL`] (a text file's are checked as they are read).
    fn check_cells(&self) -> Result<()> {
        for row in &self.rows {
            if let Some(i) = row.cells.iter().position(|c| c.len() > MAX_CELL) {
                let which = if self.workbook {
                    format!("cell {}", cell_name(row.first_column + i, row.line))
                } else {
                    format!("column {}", i + 1)
                };
                return Err(cell_too_long(&self.file, row.line, &which));
            }
        }
        Ok(())
    }

    /// Column names are the templates' field names: letters, digits and `_`, once each.
    fn check_header(&self) -> Result<()> {
        if self.columns.iter().all(Option::is_none) {
            return Err(Error::input(
                "kit.sheet",
                "the sheet is empty: its first row should name the columns, and each row after it is an item",
            )
            .in_file(&self.file));
        }
        if self.rows.is_empty() {
            return Err(Error::input(
                "kit.sheet",
                "the sheet names its columns but has no row of items under them",
            )
            .in_file(&self.file));
        }
        // Linear: a header of many columns is not compared pairwise.
        let mut seen = std::collections::HashSet::new();
        for (i, name) in self.columns.iter().enumerate() {
            let Some(name) = name else { continue };
            // `name.it`: the field `name` in one of the kit's languages (see
            // `model::localize`).
            let (field, lang) = match name.split_once('.') {
                Some((f, l)) => (f, Some(l)),
                None => (name.as_str(), None),
            };
            let ok = field
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && field.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && lang.is_none_or(|l| {
                    l.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                        && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                });
            if !ok {
                return Err(Error::input(
                    "kit.sheet",
                    format!("column {}: `{name}` cannot be a field name", i + 1),
                )
                .at(self.line_at(self.header_line, Some(i)))
                .help("a column's name is what the templates call it (`{{ cost }}`): letters, digits and `_`, starting with a letter, and for a kit in several languages the language after a dot (`name.it`)"));
            }
            if !seen.insert(name.as_str()) {
                return Err(Error::input(
                    "kit.sheet",
                    format!("column {}: `{name}` names two columns", i + 1),
                )
                .at(self.line_at(self.header_line, Some(i))));
            }
        }
        Ok(())
    }

    /// Every row as an item: text fields, the `numbers` columns as numbers,
    /// and its copies from the `count` column (1 without one). Cells under an
    /// unnamed column must be empty; a row must reach every named column.
    pub fn items(&self, numbers: &[String], count: Option<&str>) -> Result<Vec<Item>> {
        let width = self
            .columns
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |i| i + 1);
        let mut out = Vec::with_capacity(self.rows.len());
        for row in &self.rows {
            if row.cells.len() < width && !self.workbook {
                let missing: Vec<String> = self.columns[row.cells.len()..]
                    .iter()
                    .flatten()
                    .map(|n| format!("`{n}`"))
                    .collect();
                return Err(Error::input(
                    "kit.sheet-row",
                    format!(
                        "the row has {} cells, the header {}: no {}",
                        row.cells.len(),
                        width,
                        missing.join(", ")
                    ),
                )
                .at(self.row_at(row))
                .help("every row needs a cell for each column, empty or not (`a,,c`); a cell holding the separator needs quotes (`\"a, b\"`)"));
            }
            let mut fields = toml::Table::new();
            let mut copies = 1;
            for (i, cell) in row.cells.iter().enumerate() {
                let name = match self.columns.get(i) {
                    Some(Some(n)) => n,
                    _ if cell.trim().is_empty() => continue,
                    _ => {
                        return Err(Error::input(
                            "kit.sheet-row",
                            format!(
                                "{}: `{}` is under no column name",
                                self.where_(row, i),
                                cell.trim()
                            ),
                        )
                        .at(self.cell_at(row, i))
                        .help("name the column in the header row, or leave its cells empty"))
                    }
                };
                let value = if count == Some(name.as_str()) {
                    let n = match self.number(row, i, cell) {
                        Err(e) if cell.trim().is_empty() => return Err(e),
                        n => n.ok(),
                    };
                    match n.as_ref().and_then(toml::Value::as_integer) {
                        Some(k) if (0..=MAX_COPIES).contains(&k) => {
                            copies = k as usize;
                            toml::Value::Integer(k)
                        }
                        _ => {
                            return Err(Error::input(
                                "kit.sheet-cell",
                                format!(
                                    "{}: copies must be a whole number from 0 to {MAX_COPIES}, not `{}`",
                                    self.where_(row, i),
                                    cell.trim()
                                ),
                            )
                            .at(self.cell_at(row, i)))
                        }
                    }
                } else if numbers.iter().any(|n| n == name) {
                    self.number(row, i, cell)?
                } else {
                    toml::Value::String(cell.clone())
                };
                fields.insert(name.clone(), value);
            }
            // A workbook row ends at its last non-empty cell: the rest are empty.
            for (i, name) in self.columns.iter().enumerate().skip(row.cells.len()) {
                if let Some(name) = name {
                    if count == Some(name.as_str()) || numbers.iter().any(|n| n == name) {
                        self.number(row, i, "")?;
                    }
                    fields.insert(name.clone(), toml::Value::String(String::new()));
                }
            }
            out.push(Item { fields, copies });
        }
        Ok(out)
    }

    /// A cell of a number column: an integer when it is whole, else a float.
    fn number(&self, row: &Row, col: usize, cell: &str) -> Result<toml::Value> {
        let t = cell.trim();
        let owned;
        let t = if self.decimal_comma && t.matches(',').count() == 1 && !t.contains('.') {
            owned = t.replace(',', ".");
            owned.as_str()
        } else {
            t
        };
        if let Ok(i) = t.parse::<i64>() {
            return Ok(toml::Value::Integer(i));
        }
        match t.parse::<f64>() {
            Ok(f) if f.is_finite() && t.bytes().any(|b| b.is_ascii_digit()) => Ok(
                if f.fract() == 0.0 && f.abs() < 9.0e15 {
                    toml::Value::Integer(f as i64)
                } else {
                    toml::Value::Float(f)
                },
            ),
            _ => Err(Error::input(
                "kit.sheet-cell",
                if t.is_empty() {
                    format!("{}: the cell is empty; a number is needed", self.where_(row, col))
                } else {
                    format!("{}: `{t}` is not a number", self.where_(row, col))
                },
            )
            .at(self.cell_at(row, col))
            .help("the kit lists this column in `numbers` (or it holds the copies): write a number such as 3 or 2.5")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        let g = read_text(Path::new("c.csv"), text.as_bytes(), false).unwrap();
        g.check_header().unwrap();
        g
    }

    #[test]
    fn quoted_cells_keep_commas_quotes_and_line_breaks() {
        let g = grid("name,text\n\"Sun, the\",\"say \"\"hi\"\"\nagain\"\nMoon,\n");
        let items = g.items(&[], None).unwrap();
        assert_eq!(items[0].fields["name"].as_str(), Some("Sun, the"));
        assert_eq!(items[0].fields["text"].as_str(), Some("say \"hi\"\nagain"));
        assert_eq!(items[1].fields["text"].as_str(), Some(""));
    }

    #[test]
    fn a_bom_and_semicolons_are_read_as_excel_writes_them() {
        let bytes = b"\xEF\xBB\xBFnome;costo\nMela;2,5\n";
        let g = read_text(Path::new("c.csv"), bytes, false).unwrap();
        let items = g.items(&["costo".into()], None).unwrap();
        assert_eq!(items[0].fields["nome"].as_str(), Some("Mela"));
        assert_eq!(items[0].fields["costo"].as_float(), Some(2.5));
    }

    #[test]
    fn utf16_and_windows_1252_are_decoded() {
        let mut bytes = vec![0xFF, 0xFE];
        for u in "n\n\u{e8}\n".encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        assert_eq!(decode(&bytes), "n\n\u{e8}\n");
        assert_eq!(decode(b"caf\xe9"), "caf\u{e9}");
    }

    #[test]
    fn a_bad_number_names_its_line_and_column() {
        let g = grid("name,cost\nA,1\nB,x\n");
        let e = g.items(&["cost".into()], None).unwrap_err();
        assert_eq!(e.code, "kit.sheet-cell");
        assert_eq!(e.location.as_ref().unwrap().line, Some(3));
        assert!(e.message.contains("column `cost`"), "{}", e.message);
    }

    #[test]
    fn workbook_numbers_read_as_a_csv_writes_them() {
        assert_eq!(number_text(3.0), "3");
        assert_eq!(number_text(2.5), "2.5");
        assert_eq!(number_text(0.1), "0.1");
        assert_eq!(cell_name(2, 14), "C14");
        assert_eq!(cell_name(27, 1), "AB1");
    }

    #[test]
    fn a_cell_is_found_on_its_line_past_quoted_separators() {
        assert_eq!(field_span("a,\"b,c\",dd", ',', 2), Some((8, 2)));
        assert_eq!(field_span("a,,c", ',', 1), Some((2, 0)));
        assert_eq!(field_span("a,b", ',', 3), None);
    }

    /// A zip of `parts` (name, bytes), deflated.
    fn zipped(parts: &[(&str, Vec<u8>)]) -> Vec<u8> {
        use std::io::Write;
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in parts {
            w.start_file(*name, opts).unwrap();
            w.write_all(bytes).unwrap();
        }
        w.finish().unwrap().into_inner()
    }

    /// `zip` with every header's stated uncompressed size of its (only) part set to `size`.
    fn stating(mut zip: Vec<u8>, size: u32) -> Vec<u8> {
        for (sig, at) in [(b"PK\x03\x04", 22), (b"PK\x01\x02", 24)] {
            let i = zip.windows(4).position(|w| w == sig).unwrap();
            zip[i + at..i + at + 4].copy_from_slice(&size.to_le_bytes());
        }
        zip
    }

    #[test]
    fn a_zip_bomb_is_refused_before_it_is_inflated() {
        // Issue 38: a part that states a small size and inflates to more.
        let zip = stating(zipped(&[("xl/sharedStrings.xml", vec![b' '; 4096])]), 10);
        let e = zip_checked(&zip).unwrap_err();
        // (zip 9 stops such a part itself, as calamine would see too.)
        assert!(e.contains("sharedStrings.xml does not inflate"), "{e}");
        // One that states more than the bound: refused from its headers alone.
        let zip = stating(
            zipped(&[("xl/sharedStrings.xml", vec![b' '; 4096])]),
            1 << 31,
        );
        let e = zip_checked(&zip).unwrap_err();
        assert!(e.contains("inflate to more than 64 MiB"), "{e}");
        // Too many parts.
        let parts: Vec<(String, Vec<u8>)> = (0..=MAX_PARTS)
            .map(|i| (format!("p{i}.xml"), Vec::new()))
            .collect();
        let parts: Vec<(&str, Vec<u8>)> =
            parts.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
        let e = zip_checked(&zipped(&parts)).unwrap_err();
        assert!(e.contains("1001 parts"), "{e}");
        // A workbook as a program writes it passes.
        assert!(zip_checked(&zipped(&[("a.xml", b"<a/>".to_vec())])).is_ok());
    }

    #[test]
    fn shared_strings_are_counted_not_taken_from_the_count_they_claim() {
        // Issue 38: 20M unreferenced shared strings, no `count`, were all kept by calamine.
        let mut xml = String::from("<sst>");
        for _ in 0..=MAX_SHARED_STRINGS {
            xml.push_str("<si><t/></si>");
        }
        xml.push_str("</sst>");
        let zip = zipped(&[("xl/sharedStrings.xml", xml.into_bytes())]);
        let e = xlsx_refs_short(&zip).unwrap_err();
        assert!(e.contains("more than 250000 shared strings"), "{e}");
    }

    #[test]
    fn a_long_cell_and_a_long_sheet_are_refused_with_their_line() {
        let long = format!("name,rule\na,{}\n", "x".repeat(MAX_CELL + 1));
        let e = read_text(Path::new("c.csv"), long.as_bytes(), false).unwrap_err();
        assert!(
            e.message.contains("column 2 holds more than 16 KiB"),
            "{}",
            e.message
        );
        assert_eq!(e.location.unwrap().line, Some(2));
        let rows = "a\n".repeat(MAX_CELLS as usize + 5);
        let e = read_text(Path::new("c.csv"), rows.as_bytes(), false).unwrap_err();
        assert!(
            e.message.contains("more than 250000 cells"),
            "{}",
            e.message
        );
        assert_eq!(e.location.unwrap().line, Some(MAX_CELLS as usize + 1));
    }
}

#[cfg(test)]
mod crlf_tests {
    use super::*;

    /// Issue 45: a CSV saved with Windows line endings (CR LF) names the row at fault by its
    /// own line, not the line above it (`cards.csv:4` was reported for row 5).
    #[test]
    fn windows_line_endings_name_the_right_row() {
        let text = "name,cost\r\nA,1\r\n\"B in\r\ntwo lines\",2\r\nC,2\r\nD,x\r\nE,3\r\n";
        let g = read_text(Path::new("c.csv"), text.as_bytes(), false).unwrap();
        g.check_header().unwrap();
        let e = g.items(&["cost".into()], None).unwrap_err();
        let loc = e.location.as_ref().unwrap();
        assert_eq!(loc.line, Some(6), "{e:?}");
        assert_eq!(loc.column, Some(3), "{e:?}");
        assert_eq!(loc.source_line.as_deref(), Some("D,x"));
        // The same sheet with LF alone names the same place.
        let g = read_text(
            Path::new("c.csv"),
            text.replace("\r\n", "\n").as_bytes(),
            false,
        )
        .unwrap();
        let e2 = g.items(&["cost".into()], None).unwrap_err();
        assert_eq!(e2.location.as_ref().unwrap().line, Some(6));
    }
}
