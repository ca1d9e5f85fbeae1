//! A kit's items from a spreadsheet (`items_from`, `tavolo::kit::sheet`): CSV/TSV text,
//! and `.xlsx` and `.ods` workbooks. The sheet is read and its rows made items, with the
//! columns named `cost`, `points`, `value`, `price`, `n` read as numbers and `count` (or
//! `copies`) as the copies, as a kit naming them would. An error must name the sheet's file
//! and, for a row or a cell, its row (a text file's line, inside the text; a workbook's row)
//! and its column (`column ...` in the message, and for a text file a column on the line);
//! items read must hold every named column, numbers as numbers, copies within 0..=1000.
//!
//! Workbook inputs are `MODE\n` then a body, so that mutations get past the zip:
//! - `cells` (or `cells:SHEET`, read by that name): a grid, one row a line, cells split by
//!   tabs, built into a valid workbook. A cell `#V` is a number cell of value `V`, `?V` a
//!   boolean, `!V` an error, `@V` a date, `$V` a shared string of index `V` (xlsx), `*N:X`
//!   the cell `X` repeated `N` times (ods); a row `^N\t...` is row `N` (xlsx) or repeated
//!   `N` times (ods); anything else is text.
//! - `parts`: the workbook's XML parts, each under a `=== PATH ===` line, zipped as they are.
//! - `raw`: the file's bytes.

use std::io::Write;
use std::path::{Path, PathBuf};

use tavolo::error::Error;
use tavolo::kit::sheet;

use super::{files, in_bounds, read_all, repo, Target};
use crate::mutate::Shape;

const NUMBERS: &[&str] = &["cost", "points", "value", "price", "n"];

const WORDS: &[&str] = &[
    "name",
    "cost",
    "points",
    "value",
    "price",
    "count",
    "copies",
    "rule",
    "\"",
    "\"\"",
    ",",
    ";",
    "\t",
    "\r\n",
    "\r",
    "\u{feff}",
    "2,5",
    "2.5",
    "1e3",
    "-0",
    "1001",
    "1000",
    "0x10",
    "#",
    "?",
    "!",
    "@",
    "$",
    "*",
    "^",
    "#1",
    "?1",
    "!#DIV/0!",
    "@2024-03-14",
    "$0",
    "$99",
    "*3:",
    "*1000000:",
    "^1048576",
    "^3",
    "=== ",
    " ===",
    "<c r=\"A1\"",
    "t=\"s\"",
    "t=\"inlineStr\"",
    "t=\"e\"",
    "t=\"b\"",
    "t=\"str\"",
    "s=\"1\"",
    "<v>",
    "</v>",
    "<f>",
    "<row r=\"2\">",
    "</row>",
    "<is><t>",
    "</t></is>",
    "<si><t>",
    "</t></si>",
    "&amp;",
    "&#0;",
    "&#x1F600;",
    "<![CDATA[",
    "]]>",
    "<!DOCTYPE",
    "table:number-columns-repeated=",
    "table:number-rows-repeated=",
    "office:value-type=",
    "\"float\"",
    "\"string\"",
    "\"date\"",
    "\"boolean\"",
    "\"percentage\"",
    "\"currency\"",
    "\"time\"",
    "office:value=",
    "<table:table-cell",
    "</table:table-cell>",
    "<table:table-row>",
    "</table:table-row>",
    "<text:p>",
    "</text:p>",
    "<text:s text:c=\"3\"/>",
    "<table:covered-table-cell/>",
    "dimension ref=\"A1:XFD1048576\"",
];

/// A fresh folder for the target's files (one per process).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tavolo-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// CSV and TSV: each input read as `cards.csv` and as `cards.tsv`.
pub fn text_target() -> Target {
    let dir = scratch("sheet-text");
    let mut paths = files(&repo().join("fuzz/seeds/sheet"), ".csv");
    paths.extend(files(&repo().join("fuzz/seeds/sheet"), ".tsv"));
    Target::new(
        "sheet-text",
        read_all(&paths),
        WORDS,
        Shape::Text,
        Box::new(move |input| {
            for name in ["cards.csv", "cards.tsv"] {
                let path = dir.join(name);
                std::fs::write(&path, input).map_err(|e| e.to_string())?;
                check(&path, None, Some(&decoded(input)))?;
            }
            Ok(())
        }),
    )
}

pub fn xlsx_target() -> Target {
    workbook_target("sheet-xlsx", "xlsx")
}

pub fn ods_target() -> Target {
    workbook_target("sheet-ods", "ods")
}

fn workbook_target(name: &'static str, ext: &'static str) -> Target {
    let dir = scratch(name);
    let path = dir.join(format!("cards.{ext}"));
    let mut seeds = Vec::new();
    for grid in seed_grids() {
        seeds.push(format!("cells\n{grid}").into_bytes());
        let parts = build(ext, "Cards", &grid);
        let mut text = b"parts\n".to_vec();
        for (p, body) in &parts {
            text.extend(format!("=== {p} ===\n{body}\n").bytes());
        }
        seeds.push(text);
        if let Some(z) = zip(&parts, false) {
            seeds.push([b"raw\n".as_slice(), &z].concat());
        }
    }
    seeds.push(b"cells:Cards\nname\tcost\nA\t#1\n".to_vec());
    seeds.push(b"cells:Other\nname\tcost\nA\t#1\n".to_vec());
    let mut t = Target::new(
        name,
        seeds,
        WORDS,
        Shape::Text,
        Box::new(move |input| {
            let cut = input
                .iter()
                .position(|&b| b == b'\n')
                .unwrap_or(input.len());
            let mode = String::from_utf8_lossy(&input[..cut]).into_owned();
            let body = input.get(cut + 1..).unwrap_or(&[]);
            let (mode, sheet_name) = match mode.split_once(':') {
                Some((m, s)) => (m.to_string(), Some(s.to_string())),
                None => (mode.clone(), None),
            };
            let bytes = match mode.as_str() {
                "cells" => {
                    let grid = String::from_utf8_lossy(body);
                    match zip(
                        &build(ext, sheet_name.as_deref().unwrap_or("Cards"), &grid),
                        true,
                    ) {
                        Some(z) => z,
                        None => return Ok(()),
                    }
                }
                "parts" => match zip(&split_parts(&String::from_utf8_lossy(body)), true) {
                    Some(z) => z,
                    None => return Ok(()),
                },
                _ => body.to_vec(),
            };
            std::fs::write(&path, &bytes).map_err(|e| e.to_string())?;
            check(&path, sheet_name.as_deref(), None)
        }),
    );
    t.max_len = 128 << 10;
    t
}

/// A text sheet's text as tavolo decodes it (UTF-8, UTF-16 with a BOM, else Windows-1252),
/// a lone CR a line break as in an editor.
fn decoded(b: &[u8]) -> String {
    let text = decoded_bytes(b);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(if c == '\r' && chars.peek() != Some(&'\n') {
            '\n'
        } else {
            c
        });
    }
    out
}

fn decoded_bytes(b: &[u8]) -> String {
    if let Some(rest) = b.strip_prefix(b"\xEF\xBB\xBF") {
        return String::from_utf8_lossy(rest).into_owned();
    }
    if let Some(rest) = b.strip_prefix(b"\xFF\xFE") {
        return encoding_rs::UTF_16LE
            .decode_without_bom_handling(rest)
            .0
            .into_owned();
    }
    if let Some(rest) = b.strip_prefix(b"\xFE\xFF") {
        return encoding_rs::UTF_16BE
            .decode_without_bom_handling(rest)
            .0
            .into_owned();
    }
    match std::str::from_utf8(b) {
        Ok(s) => s.to_string(),
        Err(_) => encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(b)
            .0
            .into_owned(),
    }
}

/// Read the sheet at `path` and make its rows items; `text` is a text sheet's decoded text.
fn check(path: &Path, sheet_name: Option<&str>, text: Option<&str>) -> Result<(), String> {
    let grid = match sheet::read(path, sheet_name) {
        Ok(g) => g,
        Err(e) => return located(&e, path, text),
    };
    let names: Vec<String> = grid.names().map(str::to_string).collect();
    let numbers: Vec<String> = names
        .iter()
        .filter(|n| NUMBERS.contains(&n.as_str()))
        .cloned()
        .collect();
    let count = ["count", "copies"]
        .into_iter()
        .find(|c| names.iter().any(|n| n == c));
    let items = match grid.items(&numbers, count) {
        Ok(items) => items,
        Err(e) => return located(&e, path, text),
    };
    if items.len() != grid.rows.len() {
        return Err(format!(
            "{} rows gave {} items",
            grid.rows.len(),
            items.len()
        ));
    }
    for (k, item) in items.iter().enumerate() {
        if item.copies > sheet::MAX_COPIES as usize {
            return Err(format!("item {k}: {} copies", item.copies));
        }
        for n in &names {
            let Some(v) = item.fields.get(n) else {
                return Err(format!("item {k} has no field `{n}`"));
            };
            let number = numbers.contains(n) || count == Some(n.as_str());
            let ok = match v {
                toml::Value::String(_) => !number,
                toml::Value::Integer(_) => number,
                toml::Value::Float(f) => number && f.is_finite(),
                _ => false,
            };
            if !ok {
                return Err(format!("item {k}: field `{n}` is {v:?}"));
            }
        }
        if item.fields.len() != names.len() {
            return Err(format!("item {k} has fields beyond the columns"));
        }
        if let Some(c) = count {
            if item.fields[c].as_integer() != Some(item.copies as i64) {
                return Err(format!("item {k}: copies {} and `{c}` differ", item.copies));
            }
        }
    }
    Ok(())
}

/// The error names the sheet; a row's or a cell's error its row and column (inside the
/// text for a text sheet); a whole-sheet error (`kit.sheet`) may name the file alone.
fn located(e: &Error, path: &Path, text: Option<&str>) -> Result<(), String> {
    let _ = e.render(false);
    let fail = |m: &str| -> Result<(), String> { Err(format!("{}: {m}: {}", e.code, e.message)) };
    let Some(loc) = e.location.as_deref() else {
        return fail("error without a location");
    };
    if loc.file != path {
        return fail(&format!("names {}, not the sheet", loc.file.display()));
    }
    let per_row = matches!(e.code, "kit.sheet-row" | "kit.sheet-cell");
    let Some(line) = loc.line else {
        return if per_row {
            fail("a row's error without its row")
        } else {
            Ok(())
        };
    };
    let Some(text) = text else {
        // A workbook: the row is the sheet's; the cell is named in the message (`cell B3`).
        if line == 0 || line > 1 << 20 {
            return fail(&format!("row {line}"));
        }
        if per_row && !names_cell(&e.message, line) {
            return fail(&format!("a row's error that names no cell of row {line}"));
        }
        return Ok(());
    };
    // A short row names the columns it lacks (`no `cost``).
    if per_row && !e.message.contains("column") && !e.message.contains("no `") {
        return fail("a row's error that names no column");
    }
    let lines = text.split('\n').count();
    if line == 0 || line > lines {
        return fail(&format!("line {line} is outside the text ({lines} lines)"));
    }
    if let Some(col) = loc.column {
        in_bounds(text, line, col).map_err(|m| format!("{}: {m}: {}", e.code, e.message))?;
    }
    if let Some(src) = &loc.source_line {
        let real = text.split('\n').nth(line - 1).unwrap_or("");
        let real = real.trim_end_matches('\r').trim_start_matches('\u{feff}');
        if !real.starts_with(src.as_str()) {
            return fail(&format!("the line shown is not line {line}"));
        }
    }
    Ok(())
}

/// Whether `message` names a cell (`B3`, `AA12`) of row `line`.
fn names_cell(message: &str, line: usize) -> bool {
    message.split("cell ").skip(1).any(|rest| {
        let letters = rest.bytes().take_while(u8::is_ascii_uppercase).count();
        let digits: String = rest[letters..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        letters > 0 && digits == line.to_string()
    })
}

/// The grids the workbook seeds are made of (the `cells` notation).
fn seed_grids() -> Vec<String> {
    vec![
        "name\tcost\trule\tcolour\tcount\nSole, il grande\t#3\tPesca \"due\" carte\t#b5121b\t#2\nLuna\t#1\t\t#1d5fa8\t#1\nCittà\t#2.5\tScarta una carta\t#2e7d32\t#3\n".into(),
        "name\tpoints\tflag\twhen\tbad\nA\t#0.1\t?1\t\t\nB\t#1e300\t?0\t@2024-03-14\t\nC\t$0\t\t\t!#DIV/0!\n".into(),
        "\t\t\n^3\tname\tvalue\n^5\tX\t#7\n^6\t*3:Y\t#8\n".into(),
        "name\tcopies\nsolo\t#1000\nnone\t#0\n".into(),
    ]
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn col_name(mut c: usize) -> String {
    let mut s = Vec::new();
    c += 1;
    while c > 0 {
        s.push(b'A' + ((c - 1) % 26) as u8);
        c = (c - 1) / 26;
    }
    s.reverse();
    String::from_utf8_lossy(&s).into_owned()
}

/// A row's number or repeat (`^N\t`), and its cells.
fn row_parts(line: &str) -> (Option<u64>, Vec<&str>) {
    let mut cells: Vec<&str> = line.split('\t').collect();
    let n = cells
        .first()
        .and_then(|c| c.strip_prefix('^'))
        .and_then(|n| n.parse::<u64>().ok());
    if n.is_some() {
        cells.remove(0);
    }
    (n, cells)
}

/// The XML parts of a one-sheet workbook holding `grid`.
fn build(ext: &str, sheet_name: &str, grid: &str) -> Vec<(String, String)> {
    if ext == "ods" {
        ods(sheet_name, grid)
    } else {
        xlsx(sheet_name, grid)
    }
}

fn xlsx(sheet_name: &str, grid: &str) -> Vec<(String, String)> {
    let mut data = String::new();
    let mut shared: Vec<String> = Vec::new();
    let mut r = 0u64;
    for line in grid.lines() {
        let (n, cells) = row_parts(line);
        r = n.unwrap_or(r + 1);
        data.push_str(&format!("<row r=\"{r}\">"));
        for (c, cell) in cells.iter().enumerate() {
            let at = format!("{}{r}", col_name(c));
            let (kind, v) = match cell.chars().next() {
                Some(k @ ('#' | '?' | '!' | '@' | '$')) => (Some(k), esc(&cell[1..])),
                _ => (None, esc(cell)),
            };
            match kind {
                _ if cell.is_empty() => {}
                Some('#') => data.push_str(&format!("<c r=\"{at}\"><v>{v}</v></c>")),
                Some('?') => data.push_str(&format!("<c r=\"{at}\" t=\"b\"><v>{v}</v></c>")),
                Some('!') => data.push_str(&format!("<c r=\"{at}\" t=\"e\"><v>{v}</v></c>")),
                Some('@') => data.push_str(&format!("<c r=\"{at}\" s=\"1\"><v>{v}</v></c>")),
                Some(_) => data.push_str(&format!("<c r=\"{at}\" t=\"s\"><v>{v}</v></c>")),
                None => {
                    shared.push(v.clone());
                    data.push_str(&format!(
                        "<c r=\"{at}\" t=\"inlineStr\"><is><t xml:space=\"preserve\">{v}</t></is></c>"
                    ))
                }
            }
        }
        data.push_str("</row>");
    }
    let rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    let pkg = "http://schemas.openxmlformats.org/package/2006";
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
    let sst: String = shared
        .iter()
        .map(|s| format!("<si><t xml:space=\"preserve\">{s}</t></si>"))
        .collect();
    vec![
        ("[Content_Types].xml".into(), format!("{xml}<Types xmlns=\"{pkg}/content-types\"><Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/><Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/><Override PartName=\"/xl/sharedStrings.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml\"/><Override PartName=\"/xl/styles.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/></Types>")),
        ("_rels/.rels".into(), format!("{xml}<Relationships xmlns=\"{pkg}/relationships\"><Relationship Id=\"rId1\" Type=\"{rel}/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>")),
        ("xl/workbook.xml".into(), format!("{xml}<workbook xmlns=\"{main}\" xmlns:r=\"{rel}\"><sheets><sheet name=\"{}\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>", esc(sheet_name))),
        ("xl/_rels/workbook.xml.rels".into(), format!("{xml}<Relationships xmlns=\"{pkg}/relationships\"><Relationship Id=\"rId1\" Type=\"{rel}/worksheet\" Target=\"worksheets/sheet1.xml\"/><Relationship Id=\"rId2\" Type=\"{rel}/sharedStrings\" Target=\"sharedStrings.xml\"/><Relationship Id=\"rId3\" Type=\"{rel}/styles\" Target=\"styles.xml\"/></Relationships>")),
        ("xl/styles.xml".into(), format!("{xml}<styleSheet xmlns=\"{main}\"><numFmts count=\"1\"><numFmt numFmtId=\"164\" formatCode=\"yyyy-mm-dd\"/></numFmts><cellXfs count=\"2\"><xf numFmtId=\"0\"/><xf numFmtId=\"164\" applyNumberFormat=\"1\"/></cellXfs></styleSheet>")),
        ("xl/sharedStrings.xml".into(), format!("{xml}<sst xmlns=\"{main}\" count=\"{n}\" uniqueCount=\"{n}\">{sst}</sst>", n = shared.len())),
        ("xl/worksheets/sheet1.xml".into(), format!("{xml}<worksheet xmlns=\"{main}\"><sheetData>{data}</sheetData></worksheet>")),
    ]
}

fn ods(sheet_name: &str, grid: &str) -> Vec<(String, String)> {
    let mut data = String::new();
    for line in grid.lines() {
        let (n, cells) = row_parts(line);
        match n {
            Some(n) => data.push_str(&format!(
                "<table:table-row table:number-rows-repeated=\"{n}\">"
            )),
            None => data.push_str("<table:table-row>"),
        }
        for cell in cells {
            let (rep, cell) = match cell.strip_prefix('*').and_then(|c| c.split_once(':')) {
                Some((n, rest)) => (
                    format!(" table:number-columns-repeated=\"{}\"", esc(n)),
                    rest,
                ),
                None => (String::new(), cell),
            };
            let (kind, v) = match cell.chars().next() {
                Some(k @ ('#' | '?' | '!' | '@' | '$')) => (Some(k), esc(&cell[1..])),
                _ => (None, esc(cell)),
            };
            let open = "<table:table-cell";
            match kind {
                _ if cell.is_empty() => data.push_str(&format!("{open}{rep}/>")),
                Some('#') => data.push_str(&format!("{open}{rep} office:value-type=\"float\" office:value=\"{v}\"><text:p>{v}</text:p></table:table-cell>")),
                Some('?') => data.push_str(&format!("{open}{rep} office:value-type=\"boolean\" office:boolean-value=\"{v}\"><text:p>{v}</text:p></table:table-cell>")),
                Some('@') => data.push_str(&format!("{open}{rep} office:value-type=\"date\" office:date-value=\"{v}\"><text:p>{v}</text:p></table:table-cell>")),
                Some('!') => data.push_str(&format!("{open}{rep} office:value-type=\"percentage\" office:value=\"{v}\"><text:p>{v}</text:p></table:table-cell>")),
                Some(_) => data.push_str(&format!("{open}{rep} office:value-type=\"time\" office:time-value=\"{v}\"><text:p>{v}</text:p></table:table-cell>")),
                None => data.push_str(&format!("{open}{rep} office:value-type=\"string\"><text:p>{v}</text:p></table:table-cell>")),
            }
        }
        data.push_str("</table:table-row>");
    }
    let ns = "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\"";
    let mime = "application/vnd.oasis.opendocument.spreadsheet";
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
    vec![
        ("mimetype".into(), mime.to_string()),
        ("META-INF/manifest.xml".into(), format!("{xml}<manifest:manifest {ns} manifest:version=\"1.2\"><manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"{mime}\"/><manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/></manifest:manifest>")),
        ("content.xml".into(), format!("{xml}<office:document-content {ns} office:version=\"1.2\"><office:body><office:spreadsheet><table:table table:name=\"{}\">{data}</table:table></office:spreadsheet></office:body></office:document-content>", esc(sheet_name))),
    ]
}

/// `=== PATH ===` sections as parts.
fn split_parts(text: &str) -> Vec<(String, String)> {
    let mut parts: Vec<(String, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if let Some(name) = bare
            .strip_prefix("=== ")
            .and_then(|l| l.strip_suffix(" ==="))
        {
            parts.push((name.to_string(), String::new()));
        } else if let Some((_, body)) = parts.last_mut() {
            body.push_str(line);
        }
    }
    for (_, body) in &mut parts {
        if body.ends_with('\n') {
            body.pop();
        }
    }
    parts
}

/// The parts zipped (stored, or deflated as programs write them); `None` when the zip
/// writer refuses them (two parts of one name).
fn zip(parts: &[(String, String)], stored: bool) -> Option<Vec<u8>> {
    use zip::write::SimpleFileOptions;
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, body) in parts {
        let method = if stored || name == "mimetype" {
            zip::CompressionMethod::Stored
        } else {
            zip::CompressionMethod::Deflated
        };
        z.start_file(
            name.as_str(),
            SimpleFileOptions::default().compression_method(method),
        )
        .ok()?;
        z.write_all(body.as_bytes()).ok()?;
    }
    Some(z.finish().ok()?.into_inner())
}
