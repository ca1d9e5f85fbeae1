//! Kit items from a spreadsheet (issue 29): a deck's rows in a CSV, a TSV, an
//! .xlsx or an .ods give the same pieces and so the same PDF, byte for byte;
//! a bad cell is reported with its file, row and column, exit 2, nothing written.
//!
//! The workbooks are written here, as a spreadsheet program stores them (a
//! zip of XML parts, numbers as number cells, text inline), with the `zip`
//! crate calamine itself reads them with.

use std::io::Write;
use std::path::Path;
use std::process::Output;

use crate::kit_common::tavolo_in;

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

const TEMPLATE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}">
  <rect x="-3" y="-3" width="{{ w + 6 }}" height="{{ h + 6 }}" fill="{{ colour }}"/>
  <text x="4" y="10" font-size="5">{{ name }}</text>
  <text x="4" y="30" font-size="9">{{ cost * 2 }}</text>
  <text x="4" y="60" font-size="3">{{ rule }}</text>
</svg>
"##;

fn kit_toml(from: &str) -> String {
    format!(
        "name = \"deck\"\ntitle = \"Deck\"\n\n[[component]]\nname = \"cards\"\nsize_mm = [63, 88]\nfront = \"card.svg\"\nitems_from = \"{from}\"\nnumbers = [\"cost\"]\n"
    )
}

/// One row of the deck: name, cost, rule (empty for some), colour, count.
struct Card {
    name: String,
    cost: f64,
    rule: String,
    colour: &'static str,
    count: u32,
}

/// 151 rows, 200 cards: every third row twice, and one row left out (`count` 0).
/// Names with commas and quotes, costs whole and halved, rules empty on every
/// fifth row.
fn deck() -> Vec<Card> {
    let colours = ["#b5121b", "#1d5fa8", "#2e7d32", "#f2c12e"];
    let mut cards: Vec<Card> = (0..150)
        .map(|i| Card {
            name: match i % 4 {
                0 => format!("Carta {i}, la \"bella\""),
                1 => format!("Città {i}"),
                _ => format!("Card {i}"),
            },
            cost: if i % 7 == 0 { i as f64 + 0.5 } else { i as f64 },
            rule: if i % 5 == 0 {
                String::new()
            } else {
                format!("Rule {i}: draw; then play")
            },
            colour: colours[i % 4],
            count: if i % 3 == 0 { 2 } else { 1 },
        })
        .collect();
    cards.push(Card {
        name: "Left out".into(),
        cost: 1.0,
        rule: String::new(),
        colour: colours[0],
        count: 0,
    });
    assert_eq!(cards.iter().map(|c| c.count).sum::<u32>(), 200);
    cards
}

fn csv_quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn cost_text(c: f64) -> String {
    if c.fract() == 0.0 {
        format!("{}", c as i64)
    } else {
        format!("{c}")
    }
}

fn write_csv(path: &Path, cards: &[Card]) {
    // Excel's "CSV UTF-8" starts with a BOM, and ends lines with CRLF.
    let mut s = String::from("\u{feff}name,cost,rule,colour,count\r\n");
    for c in cards {
        s.push_str(&format!(
            "{},{},{},{},{}\r\n",
            csv_quote(&c.name),
            cost_text(c.cost),
            csv_quote(&c.rule),
            c.colour,
            c.count
        ));
    }
    std::fs::write(path, s).unwrap();
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn zip_file(path: &Path, parts: &[(&str, String)]) {
    use zip::write::SimpleFileOptions;
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, body) in parts {
        let method = if *name == "mimetype" {
            zip::CompressionMethod::Stored
        } else {
            zip::CompressionMethod::Deflated
        };
        z.start_file(
            *name,
            SimpleFileOptions::default().compression_method(method),
        )
        .unwrap();
        z.write_all(body.as_bytes()).unwrap();
    }
    std::fs::write(path, z.finish().unwrap().into_inner()).unwrap();
}

/// A cell of an .xlsx row: text inline, numbers as numbers, nothing for "".
enum Cell<'a> {
    Text(&'a str),
    Number(f64),
}

fn col_letter(i: usize) -> char {
    (b'A' + i as u8) as char
}

/// An .xlsx workbook with one sheet, `rows` from A1 down.
fn write_xlsx(path: &Path, sheet: &str, rows: &[Vec<Cell>]) {
    let mut data = String::new();
    for (r, row) in rows.iter().enumerate() {
        data.push_str(&format!("<row r=\"{}\">", r + 1));
        for (c, cell) in row.iter().enumerate() {
            let at = format!("{}{}", col_letter(c), r + 1);
            match cell {
                Cell::Text("") => {}
                Cell::Text(t) => data.push_str(&format!(
                    "<c r=\"{at}\" t=\"inlineStr\"><is><t xml:space=\"preserve\">{}</t></is></c>",
                    xml_escape(t)
                )),
                Cell::Number(n) => data.push_str(&format!("<c r=\"{at}\"><v>{n}</v></c>")),
            }
        }
        data.push_str("</row>");
    }
    let rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    let pkg = "http://schemas.openxmlformats.org/package/2006";
    zip_file(
        path,
        &[
            ("[Content_Types].xml", format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Types xmlns=\"{pkg}/content-types\"><Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/><Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/></Types>"
            )),
            ("_rels/.rels", format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Relationships xmlns=\"{pkg}/relationships\"><Relationship Id=\"rId1\" Type=\"{rel}/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>"
            )),
            ("xl/workbook.xml", format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><workbook xmlns=\"{main}\" xmlns:r=\"{rel}\"><sheets><sheet name=\"{sheet}\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"
            )),
            ("xl/_rels/workbook.xml.rels", format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Relationships xmlns=\"{pkg}/relationships\"><Relationship Id=\"rId1\" Type=\"{rel}/worksheet\" Target=\"worksheets/sheet1.xml\"/></Relationships>"
            )),
            ("xl/worksheets/sheet1.xml", format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><worksheet xmlns=\"{main}\"><sheetData>{data}</sheetData></worksheet>"
            )),
        ],
    );
}

/// An .ods workbook with one sheet.
fn write_ods(path: &Path, rows: &[Vec<Cell>]) {
    let mut data = String::new();
    for row in rows {
        data.push_str("<table:table-row>");
        for cell in row {
            match cell {
                Cell::Text("") => data.push_str("<table:table-cell/>"),
                Cell::Text(t) => data.push_str(&format!(
                    "<table:table-cell office:value-type=\"string\"><text:p>{}</text:p></table:table-cell>",
                    xml_escape(t)
                )),
                Cell::Number(n) => data.push_str(&format!(
                    "<table:table-cell office:value-type=\"float\" office:value=\"{n}\"><text:p>{n}</text:p></table:table-cell>"
                )),
            }
        }
        data.push_str("</table:table-row>");
    }
    let ns = "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\"";
    let mime = "application/vnd.oasis.opendocument.spreadsheet";
    zip_file(
        path,
        &[
            ("mimetype", mime.to_string()),
            ("META-INF/manifest.xml", format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><manifest:manifest {ns} manifest:version=\"1.2\"><manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"{mime}\"/><manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/></manifest:manifest>"
            )),
            ("content.xml", format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><office:document-content {ns} office:version=\"1.2\"><office:body><office:spreadsheet><table:table table:name=\"Cards\">{data}</table:table></office:spreadsheet></office:body></office:document-content>"
            )),
        ],
    );
}

fn workbook_rows(cards: &[Card]) -> Vec<Vec<Cell<'_>>> {
    let mut rows = vec![["name", "cost", "rule", "colour", "count"]
        .into_iter()
        .map(Cell::Text)
        .collect::<Vec<_>>()];
    for c in cards {
        rows.push(vec![
            Cell::Text(&c.name),
            Cell::Number(c.cost),
            Cell::Text(&c.rule),
            Cell::Text(c.colour),
            Cell::Number(c.count as f64),
        ]);
    }
    rows
}

/// Render `kit.toml` in `d` into `d/out-<tag>`, and return the PDF.
fn render(d: &Path, from: &str, tag: &str) -> Vec<u8> {
    std::fs::write(d.join(format!("{tag}.toml")), kit_toml(from)).unwrap();
    let out = format!("out-{tag}");
    let o = tavolo_in(d, &["kit", &format!("{tag}.toml"), "--out", &out, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["kits"][0]["pieces"], 200, "{v}");
    std::fs::read(d.join(out).join("deck.pdf")).unwrap()
}

/// The done-when of issue 29: a 200-card deck from a CSV and the same deck
/// from an .xlsx (and an .ods, and a TSV) render byte-identical PDFs: quoted
/// names, empty rule cells, halved costs and the `count` column read alike.
#[test]
fn a_deck_from_csv_xlsx_ods_and_tsv_renders_the_same_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("card.svg"), TEMPLATE).unwrap();
    let cards = deck();
    write_csv(&d.join("cards.csv"), &cards);
    write_xlsx(&d.join("cards.xlsx"), "Cards", &workbook_rows(&cards));
    write_ods(&d.join("cards.ods"), &workbook_rows(&cards));
    let tsv: String = std::iter::once("name\tcost\trule\tcolour\tcount\n".to_string())
        .chain(cards.iter().map(|c| {
            format!(
                "{}\t{}\t{}\t{}\t{}\n",
                csv_quote(&c.name),
                cost_text(c.cost),
                c.rule,
                c.colour,
                c.count
            )
        }))
        .collect();
    std::fs::write(d.join("cards.tsv"), tsv).unwrap();

    let from_csv = render(d, "cards.csv", "csv");
    assert!(from_csv.starts_with(b"%PDF"));
    for (from, tag) in [
        ("cards.xlsx", "xlsx"),
        ("cards.ods", "ods"),
        ("cards.tsv", "tsv"),
    ] {
        assert!(
            render(d, from, tag) == from_csv,
            "{from} renders a different PDF from cards.csv"
        );
    }
}

/// The fields the templates see: text as written (quotes undone, an empty
/// cell empty), `numbers` columns as numbers, copies from `count`.
#[test]
fn rows_become_items_with_text_numbers_and_copies() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("c.csv"),
        "name,cost,rule,colour,count\n\"Sun, \"\"big\"\"\",2.5,,#fff,3\nMoon,1,Draw,#000,1\n",
    )
    .unwrap();
    let kit = tavolo::kit::model::parse(&d.join("k.toml"), &kit_toml("c.csv")).unwrap();
    let pieces = &kit.components[0].pieces;
    assert_eq!(pieces.len(), 4);
    assert_eq!(pieces[0]["name"].as_str(), Some("Sun, \"big\""));
    assert_eq!(pieces[0]["cost"].as_float(), Some(2.5));
    assert_eq!(pieces[0]["rule"].as_str(), Some(""));
    assert_eq!(pieces[3]["cost"].as_integer(), Some(1));
    assert_eq!(pieces[3]["colour"].as_str(), Some("#000"));
    assert_eq!(
        kit.components[0].items_from.as_deref(),
        Some(d.join("c.csv").as_path())
    );
}

/// Run the deck kit over `from` holding `body`, expecting exit 2 and no PDF;
/// the error text.
fn refused(from: &str, body: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("card.svg"), TEMPLATE).unwrap();
    std::fs::write(d.join(from), body).unwrap();
    std::fs::write(d.join("k.toml"), kit_toml(from)).unwrap();
    let o = tavolo_in(d, &["kit", "k.toml", "--out", "out"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(!d.join("out/deck.pdf").exists(), "a PDF was written");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn csv_with_row_14(row: &str) -> Vec<u8> {
    let mut s = String::from("name,cost,rule,colour,count\n");
    for i in 2..14 {
        s.push_str(&format!("Card {i},{i},,#fff,1\n"));
    }
    s.push_str(row);
    s.push('\n');
    s.into_bytes()
}

#[test]
fn a_cell_that_is_not_a_number_is_named_by_file_row_and_column() {
    let err = refused("cards.csv", &csv_with_row_14("Bad,three,,#fff,1"));
    assert!(
        err.contains(
            "error[kit.sheet-cell]: cards.csv:14:5: column `cost`: `three` is not a number"
        ),
        "{err}"
    );
    let err = refused("cards.csv", &csv_with_row_14("Bad,3,,#fff,lots"));
    assert!(err.contains("cards.csv:14:13: column `count`: copies must be a whole number from 0 to 1000, not `lots`"), "{err}");
    let err = refused("cards.csv", &csv_with_row_14("Bad,3,,#fff,"));
    assert!(
        err.contains("cards.csv:14:13: column `count`: the cell is empty"),
        "{err}"
    );
}

#[test]
fn a_row_missing_a_column_or_with_a_cell_beyond_them_is_refused() {
    let err = refused("cards.csv", &csv_with_row_14("Short,3,rule"));
    assert!(
        err.contains("error[kit.sheet-row]: cards.csv:14:1: the row has 3 cells, the header 5: no `colour`, `count`"),
        "{err}"
    );
    let err = refused("cards.csv", &csv_with_row_14("Long,3,,#fff,1,extra"));
    assert!(
        err.contains("cards.csv:14:16: column 6: `extra` is under no column name"),
        "{err}"
    );
}

#[test]
fn a_workbook_cell_is_named_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.xlsx");
    let cards = deck();
    let mut rows = workbook_rows(&cards[..3]);
    rows[2][1] = Cell::Text("free");
    write_xlsx(&path, "Cards", &rows);
    let err = refused("cards.xlsx", &std::fs::read(&path).unwrap());
    assert!(
        err.contains("cards.xlsx:3: cell B3, column `cost`: `free` is not a number"),
        "{err}"
    );
}

#[test]
fn an_unreadable_or_unknown_sheet_is_refused() {
    let err = refused("cards.xlsx", b"name,cost\nA,1\n");
    assert!(
        err.contains("error[kit.sheet]: cards.xlsx: cannot read the workbook"),
        "{err}"
    );
    let err = refused("cards.txt", b"name,cost\nA,1\n");
    assert!(
        err.contains("cards.txt: cannot tell what kind of sheet"),
        "{err}"
    );
    let err = refused("cards.csv", b"name,cost ($)\nA,1\n");
    assert!(
        err.contains("cards.csv:1:6: column 2: `cost ($)` cannot be a field name"),
        "{err}"
    );
    let err = refused("cards.csv", b"name,cost\n");
    assert!(err.contains("no row of items"), "{err}");
}

#[test]
fn numbers_naming_no_column_points_at_the_toml() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("card.svg"), TEMPLATE).unwrap();
    std::fs::write(d.join("c.csv"), "name,costs,rule,colour\nA,1,,#fff\n").unwrap();
    std::fs::write(d.join("k.toml"), kit_toml("c.csv")).unwrap();
    let o = tavolo_in(d, &["kit", "k.toml", "--out", "out"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("error[kit.sheet-column]: k.toml:9:11: `numbers` names `cost`, which is not a column of c.csv"),
        "{err}"
    );
    assert!(err.contains("did you mean `costs`?"), "{err}");
}

#[test]
fn a_sheet_by_name_and_a_missing_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("card.svg"), TEMPLATE).unwrap();
    let cards = deck();
    write_xlsx(&d.join("c.xlsx"), "Mazzo", &workbook_rows(&cards[..4]));
    for (sheet, code) in [("Mazzo", 0), ("Mazo", 2)] {
        std::fs::write(
            d.join("k.toml"),
            kit_toml("c.xlsx") + &format!("sheet = \"{sheet}\"\n"),
        )
        .unwrap();
        let o = tavolo_in(d, &["kit", "k.toml", "--out", "out"]);
        assert_eq!(o.status.code(), Some(code), "{}", text(&o));
        if code == 2 {
            let err = text(&o);
            assert!(
                err.contains("c.xlsx: the workbook has no sheet `Mazo`"),
                "{err}"
            );
            assert!(err.contains("did you mean `Mazzo`?"), "{err}");
        }
    }
}
