//! Print kits as a user meets them: the CLI writes PDFs, which are read back
//! with lopdf to check physical sizes, piece counts, determinism and errors.

use crate::kit_common;

use kit_common::{installed_copy, load, run, stderr, tavolo, tavolo_in, templates};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use tavolo::kit::layout::{split_axis, Side, OVERLAP_MM};
use tavolo::kit::{self, LayoutOptions, Paper};

const MM: f64 = 72.0 / 25.4;

/// One clipped placement read back from a PDF page, in mm from the top-left.
#[derive(Debug, Clone, Copy)]
struct Clip {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// Page sizes (mm) and, per page, every clip rectangle (`re W n`) with the
/// current transformation applied: where each piece is printed.
fn read_pdf(bytes: &[u8]) -> Vec<((f64, f64), Vec<Clip>)> {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    let mut pages = Vec::new();
    for (_, id) in doc.get_pages() {
        let page = doc.get_dictionary(id).unwrap();
        let mb: Vec<f64> = page
            .get(b"MediaBox")
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_float().unwrap() as f64)
            .collect();
        let (pw, ph) = (mb[2] - mb[0], mb[3] - mb[1]);
        let content = lopdf::content::Content::decode(&doc.get_page_content(id)).unwrap();
        let mut ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0f64];
        let mut stack = Vec::new();
        let mut pending: Option<[f64; 4]> = None;
        let mut clips = Vec::new();
        for op in &content.operations {
            let n: Vec<f64> = op
                .operands
                .iter()
                .filter_map(|o| o.as_float().ok().map(|v| v as f64))
                .collect();
            match op.operator.as_str() {
                "q" => stack.push(ctm),
                "Q" => ctm = stack.pop().unwrap(),
                "cm" => {
                    let m = [n[0], n[1], n[2], n[3], n[4], n[5]];
                    ctm = [
                        m[0] * ctm[0] + m[1] * ctm[2],
                        m[0] * ctm[1] + m[1] * ctm[3],
                        m[2] * ctm[0] + m[3] * ctm[2],
                        m[2] * ctm[1] + m[3] * ctm[3],
                        m[4] * ctm[0] + m[5] * ctm[2] + ctm[4],
                        m[4] * ctm[1] + m[5] * ctm[3] + ctm[5],
                    ];
                }
                "re" => pending = Some([n[0], n[1], n[2], n[3]]),
                "W" => {
                    let [x, y, w, h] = pending.take().unwrap();
                    let p = |x: f64, y: f64| {
                        (
                            ctm[0] * x + ctm[2] * y + ctm[4],
                            ctm[1] * x + ctm[3] * y + ctm[5],
                        )
                    };
                    let (x1, y1) = p(x, y);
                    let (x2, y2) = p(x + w, y + h);
                    clips.push(Clip {
                        x: x1.min(x2) / MM,
                        y: (ph - y1.max(y2)) / MM,
                        w: (x2 - x1).abs() / MM,
                        h: (y2 - y1).abs() / MM,
                    });
                }
                _ => {}
            }
        }
        pages.push(((pw / MM, ph / MM), clips));
    }
    pages
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.01
}

#[test]
fn fruit_kit_has_36_tiles_with_backs_at_exact_size() {
    // FR-1: 6 fruits x 1..6, rectangular 2:1 tiles with a face-down back.
    let kit = load("fruit");
    assert_eq!(kit.piece_count(), 36);
    let c = &kit.components[0];
    assert_eq!((c.w_mm, c.h_mm), (56.0, 28.0));
    assert_eq!(c.w_mm, 2.0 * c.h_mm);
    let mut seen: Vec<String> = c
        .pieces
        .iter()
        .map(|p| format!("{}{}", p["fruit"]["letter"].as_str().unwrap(), p["number"]))
        .collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 36, "every fruit x number once: {seen:?}");

    let r = kit::render(&kit, &LayoutOptions::default()).unwrap();
    let fronts: usize = r
        .sheets
        .iter()
        .filter(|s| s.side == Side::Front)
        .map(|s| s.placements.len())
        .sum();
    let backs: usize = r
        .sheets
        .iter()
        .filter(|s| s.side == Side::Back)
        .map(|s| s.placements.len())
        .sum();
    assert_eq!((fronts, backs), (36, 36));

    let pages = read_pdf(&r.pdf);
    assert_eq!(pages.len(), r.sheets.len());
    for (sheet, ((pw, ph), clips)) in r.sheets.iter().zip(&pages) {
        assert!(
            close(*pw, 210.0) && close(*ph, 297.0),
            "A4 page, got {pw} x {ph}"
        );
        assert_eq!(clips.len(), sheet.placements.len());
        for (clip, p) in clips.iter().zip(&sheet.placements) {
            // Without bleed the printed piece is exactly the cut size, where the layout put it.
            assert!(close(clip.w, 56.0) && close(clip.h, 28.0), "{clip:?}");
            assert!(
                close(clip.x, p.rect.x) && close(clip.y, p.rect.y),
                "{clip:?} vs {p:?}"
            );
            // Inside the margins: crop marks have room and the printer does not rescale.
            assert!(clip.x >= 9.99 && clip.x + clip.w <= 200.01);
            assert!(clip.y >= 9.99 && clip.y + clip.h <= 287.01);
        }
    }
    // Each back lies behind its front once the sheet is turned over the long edge.
    let front = &r.sheets[0].placements[0];
    let back = &r.sheets[1].placements[0];
    assert_eq!(back.piece, front.piece);
    assert!(close(back.rect.x, 210.0 - front.rect.x - front.rect.w));
    assert!(close(back.rect.y, front.rect.y));
}

#[test]
fn moon_kit_has_25_tiles_and_a_board_split_with_overlap() {
    // MN-1: moon colour x background colour, all 25 combinations; a 5x5 board.
    let kit = load("moon");
    let tiles = &kit.components[0];
    assert_eq!(tiles.pieces.len(), 25);
    let mut codes: Vec<String> = tiles
        .pieces
        .iter()
        .map(|p| {
            format!(
                "{}{}",
                p["moon"]["code"].as_str().unwrap(),
                p["bg"]["code"].as_str().unwrap()
            )
        })
        .collect();
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), 25);
    assert!(codes.contains(&"RV".to_string()));
    let board = &kit.components[1];
    assert_eq!(board.pieces.len(), 1);
    // The board's squares fit the tiles.
    let square = kit.data["square_mm"].as_integer().unwrap() as f64;
    assert!(square > tiles.w_mm && square - tiles.w_mm <= 3.0);
    assert!(close(board.w_mm, 5.0 * square + 2.0 * 10.0));

    let r = kit::render(&kit, &LayoutOptions::default()).unwrap();
    let pages = read_pdf(&r.pdf);
    // All tiles on one sheet, each exactly 35 mm square.
    assert_eq!(pages[0].1.len(), 25);
    for c in &pages[0].1 {
        assert!(close(c.w, 35.0) && close(c.h, 35.0), "{c:?}");
    }
    // The 205 mm board is wider than A4's printable width: two parts.
    let parts: Vec<_> = r.sheets.iter().filter(|s| s.component == 1).collect();
    assert_eq!(parts.len(), 2);
    let (a, b) = (&parts[0].placements[0], &parts[1].placements[0]);
    // In board coordinates the windows overlap by OVERLAP_MM and cover the board.
    let a_from = a.clip.x - a.rect.x;
    let a_to = a_from + a.clip.w;
    let b_from = b.clip.x - b.rect.x;
    let b_to = b_from + b.clip.w;
    assert!(close(a_from, 0.0) && close(b_to, 205.0));
    assert!(close(a_to - b_from, OVERLAP_MM), "{a_to} {b_from}");
    assert!(
        !parts[1].guides.is_empty(),
        "the second part shows where to glue"
    );
    for s in &parts {
        for m in s.marks.iter().chain(&s.guides) {
            for (x, y) in [(m.x1, m.y1), (m.x2, m.y2)] {
                assert!(
                    x > 3.0 && x < 207.0 && y > 3.0 && y < 294.0,
                    "mark near the edge: {m:?}"
                );
            }
        }
    }
}

#[test]
fn crop_marks_stay_outside_pieces_and_off_the_page_edge() {
    for name in ["fruit", "moon"] {
        let kit = load(name);
        for paper in [Paper::A4, Paper::Letter] {
            let opts = LayoutOptions {
                paper,
                bleed_mm: 2.0,
                ..Default::default()
            };
            let r = kit::render(&kit, &opts).unwrap();
            for s in &r.sheets {
                assert!(!s.marks.is_empty());
                for m in &s.marks {
                    for (x, y) in [(m.x1, m.y1), (m.x2, m.y2)] {
                        assert!(x >= 3.0 && x <= s.w_mm - 3.0 && y >= 3.0 && y <= s.h_mm - 3.0);
                        for p in &s.placements {
                            let inside = x > p.clip.x + 1e-6
                                && x < p.clip.x + p.clip.w - 1e-6
                                && y > p.clip.y + 1e-6
                                && y < p.clip.y + p.clip.h - 1e-6;
                            assert!(!inside, "{name}: mark {m:?} inside {p:?}");
                        }
                    }
                }
                assert!(
                    s.label.contains(&format!("of {}", r.sheets.len())),
                    "{}",
                    s.label
                );
            }
            // With bleed, the printed area grows by the bleed on every side.
            let pages = read_pdf(&r.pdf);
            let c = pages[0].1[0];
            let piece = &kit.components[0];
            let (w, h) = match r.sheets[0].placements[0].rotation {
                0 => (piece.w_mm, piece.h_mm),
                _ => (piece.h_mm, piece.w_mm),
            };
            assert!(close(c.w, w + 4.0) && close(c.h, h + 4.0), "{c:?}");
        }
    }
}

#[test]
fn letter_paper_on_request() {
    let r = kit::render(
        &load("moon"),
        &LayoutOptions {
            paper: Paper::Letter,
            ..Default::default()
        },
    )
    .unwrap();
    let pages = read_pdf(&r.pdf);
    let (pw, ph) = pages[0].0;
    assert!(close(pw, 215.9) && close(ph, 279.4), "{pw} x {ph}");
}

#[test]
fn same_input_same_bytes_across_runs() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for out in [&a, &b] {
        let o = tavolo(&["kit", "all", "--out", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    for name in ["fruit.pdf", "moon.pdf"] {
        let x = std::fs::read(a.join(name)).unwrap();
        let y = std::fs::read(b.join(name)).unwrap();
        assert!(x == y, "{name} differs between two runs");
        assert!(x.len() < 300 * 1024, "{name} is {} bytes", x.len());
        // No timestamps at all (a date would break byte-identical output).
        let doc = lopdf::Document::load_mem(&x).unwrap();
        let text = String::from_utf8_lossy(&x);
        assert!(
            !text.contains("D:20") && !text.contains("D:19"),
            "a date in {name}"
        );
        assert!(doc.get_pages().len() >= 3);
    }
}

#[test]
fn distinct_art_is_one_reusable_object() {
    let r = kit::render(&load("fruit"), &LayoutOptions::default()).unwrap();
    let doc = lopdf::Document::load_mem(&r.pdf).unwrap();
    let forms = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| {
            s.dict.get(b"Subtype").and_then(|v| v.as_name()).ok() == Some(b"Form".as_slice())
        })
        .count();
    let mut uses = 0;
    for (_, id) in doc.get_pages() {
        let content = lopdf::content::Content::decode(&doc.get_page_content(id)).unwrap();
        uses += content
            .operations
            .iter()
            .filter(|o| o.operator == "Do")
            .count();
    }
    // 126 fruit drawings, 36 frames, 36 backs... drawn from far fewer objects.
    assert!(uses >= 126 + 36, "{uses} placements");
    assert!(forms * 3 < uses, "{forms} objects for {uses} placements");
    // The bundled font is embedded as a subset.
    let text = String::from_utf8_lossy(&r.pdf);
    assert!(text.contains("/FontFile2"));
    assert!(text.contains("TVLAAA+DejaVuSans-Bold"));
}

#[test]
fn png_previews_of_every_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo(&[
        "kit",
        "moon",
        "--png",
        "--dpi",
        "50",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // What was written is said on standard error (issue 26).
    let out = String::from_utf8_lossy(&o.stderr);
    assert!(
        out.contains("3 sheets") && out.contains("26 pieces"),
        "{out}"
    );
    for n in 1..=3 {
        let png = std::fs::read(dir.path().join(format!("moon-{n}.png"))).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        let w = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
        let h = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
        assert_eq!((w, h), (413, 585), "A4 at 50 dpi");
    }
}

#[test]
fn list_names_the_bundled_kits() {
    let o = tavolo(&["kit", "list"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("fruit") && out.contains("moon"), "{out}");
    let o = tavolo(&["kit", "list", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let fruit = v
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["name"] == "fruit")
        .unwrap();
    assert_eq!(fruit["pieces"], 36);
}

/// A small kit of the user's own, in a folder of their own.
fn user_kit(dir: &Path, toml: &str, template: &str) -> PathBuf {
    std::fs::create_dir_all(dir.join("art")).unwrap();
    std::fs::write(dir.join("art/card.svg"), template).unwrap();
    std::fs::write(
        dir.join("art/star.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M5 0 L6 4 L10 4 L7 6 L8 10 L5 7 L2 10 L3 6 L0 4 L4 4 Z" fill="#c00"/></svg>"##,
    )
    .unwrap();
    let path = dir.join("mine.toml");
    std::fs::write(&path, toml).unwrap();
    path
}

const USER_TOML: &str = r##"name = "mine"
title = "My game"
[data]
colour = "#204080"
[[component]]
name = "cards"
size_mm = [50, 70]
front = "art/card.svg"
items = [{ label = "Sun" }, { label = "Moon", count_stars = 2 }]
"##;

const USER_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}">
<rect width="{{ w }}" height="{{ h }}" fill="{{ data.colour }}"/>
<image href="star.svg" x="10" y="10" width="30" height="30"/>
<text x="25" y="60" text-anchor="middle" font-size="8" fill="#fff">{{ label }}</text>
</svg>"##;

#[test]
fn a_user_made_kit_in_a_temporary_folder_renders() {
    let dir = tempfile::tempdir().unwrap();
    let def = user_kit(dir.path(), USER_TOML, USER_SVG);
    let out = dir.path().join("out");
    let o = tavolo(&[
        "kit",
        def.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["kits"][0]["pieces"], 2);
    let pdf = std::fs::read(out.join("mine.pdf")).unwrap();
    let pages = read_pdf(&pdf);
    assert_eq!(pages.len(), 1);
    assert_eq!(pages[0].1.len(), 2);
    // 50 x 70 mm cards: 10 fit on A4 turned a quarter, 9 upright, so they
    // are turned; each still measures exactly 50.0 x 70.0 mm (141.73 pt wide).
    for c in &pages[0].1 {
        assert!(close(c.w, 70.0) && close(c.h, 50.0), "{c:?}");
        assert!(close(c.h * MM, 50.0 * 72.0 / 25.4));
    }
    let kit = kit::model::load(&def).unwrap();
    let r = kit::render(&kit, &LayoutOptions::default()).unwrap();
    assert!(r.sheets[0].placements.iter().all(|p| p.rotation == 90));
}

#[test]
fn pieces_turn_only_when_more_fit_and_never_when_told() {
    let dir = tempfile::tempdir().unwrap();
    let pages_for = |toml: &str| {
        let def = user_kit(dir.path(), toml, USER_SVG);
        let kit = kit::model::load(&def).unwrap();
        kit::render(&kit, &LayoutOptions::default()).unwrap()
    };
    let many = USER_TOML.replace(
        "items = [{ label = \"Sun\" }, { label = \"Moon\", count_stars = 2 }]",
        "count = 10\nitems = [{ label = \"Sun\" }]",
    );
    // Turned: 10 per A4 sheet.
    let r = pages_for(&many);
    assert_eq!(r.sheets.len(), 1);
    assert_eq!(r.sheets[0].placements.len(), 10);
    // Told not to turn: 9 per sheet, so two sheets, each card upright.
    let r = pages_for(&many.replace("front =", "rotate = false\nfront ="));
    assert_eq!(r.sheets.len(), 2);
    assert!(r
        .sheets
        .iter()
        .flat_map(|s| &s.placements)
        .all(|p| p.rotation == 0 && close(p.rect.w, 50.0)));
    // A 250 x 150 mm board is wider than A4 but fits turned: one sheet, no split.
    let r = pages_for(
        &many
            .replace("[50, 70]", "[250, 150]")
            .replace("count = 10", "count = 1"),
    );
    assert_eq!(r.sheets.len(), 1);
    let p = &r.sheets[0].placements[0];
    assert_eq!(p.rotation, 90);
    assert!(close(p.rect.w, 150.0) && close(p.rect.h, 250.0) && close(p.clip.w, 150.0));
    let pages = read_pdf(&r.pdf);
    assert!(close(pages[0].1[0].w, 150.0) && close(pages[0].1[0].h, 250.0));
}

/// Run the CLI on a broken user kit: exit 2, the message, nothing written.
fn fails(toml: &str, svg: &str, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let def = user_kit(dir.path(), toml, svg);
    let out = dir.path().join("out");
    let mut args = vec!["kit", def.to_str().unwrap(), "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let o = tavolo(&args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let left: Vec<_> = std::fs::read_dir(&out)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "files left behind: {left:?}");
    stderr(&o)
}

#[test]
fn malformed_toml_names_file_line_and_column() {
    let e = fails("name = \"mine\"\n[[component]\nname = 3\n", USER_SVG, &[]);
    assert!(
        e.contains("error[kit.toml]") && e.contains("mine.toml:2:"),
        "{e}"
    );
}

#[test]
fn unknown_field_names_file_line_and_column() {
    let toml = USER_TOML.replace("size_mm", "colour = 1\nsize_mm");
    let e = fails(&toml, USER_SVG, &[]);
    assert!(e.contains("mine.toml:7:1") && e.contains("colour"), "{e}");
}

#[test]
fn missing_art_file_is_named() {
    let svg = USER_SVG.replace("star.svg", "moon-missing.svg");
    let e = fails(USER_TOML, &svg, &[]);
    assert!(
        e.contains("error[kit.art-missing]") && e.contains("moon-missing.svg"),
        "{e}"
    );
    assert!(!e.contains("os error"), "{e}");
}

#[test]
fn missing_template_points_at_the_definition() {
    let toml = USER_TOML.replace("art/card.svg", "art/nope.svg");
    let e = fails(&toml, USER_SVG, &[]);
    assert!(
        e.contains("error[kit.template-missing]") && e.contains("mine.toml:8:"),
        "{e}"
    );
    assert!(!e.contains("os error"), "{e}");
}

#[test]
fn svg_that_does_not_parse_is_located() {
    let svg = USER_SVG.replace("<rect", "<rect <oops");
    let e = fails(USER_TOML, &svg, &[]);
    assert!(
        e.contains("error[kit.svg]") && e.contains("card.svg:2:"),
        "{e}"
    );
}

/// Found by fuzzing (docs/fuzzing.md): filling made more lines than the template has, and
/// the error named a line of the filled text past the template's end. Now it names the
/// template alone, and the help gives the line in the filled text.
#[test]
fn svg_error_in_generated_lines_names_no_line_past_the_template() {
    let svg = USER_SVG.replace(
        "<rect",
        "{% for i in range(40) %}\n<g/>\n{% endfor %}<rect <oops",
    );
    let e = fails(USER_TOML, &svg, &[]);
    assert!(e.contains("error[kit.svg]"), "{e}");
    assert!(e.contains("card.svg: ") && e.contains("at its line"), "{e}");
}

#[test]
fn art_svg_that_does_not_parse_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let def = user_kit(dir.path(), USER_TOML, USER_SVG);
    std::fs::write(
        dir.path().join("art/star.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<path d=\"M0 0\"></svg>",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = tavolo(&["kit", def.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("error[kit.svg]") && e.contains("star.svg:2:"),
        "{e}"
    );
    assert!(!out.join("mine.pdf").exists());
}

#[test]
fn svg_features_the_pdf_cannot_draw_are_refused() {
    let filter = USER_SVG.replace(
        "<rect ",
        "<defs><filter id=\"b\"><feGaussianBlur stdDeviation=\"2\"/></filter></defs><rect filter=\"url(#b)\" ",
    );
    let e = fails(USER_TOML, &filter, &[]);
    assert!(
        e.contains("error[kit.svg-unsupported]") && e.contains("card.svg") && e.contains("filters"),
        "{e}"
    );
}

#[test]
fn template_error_is_located() {
    let svg = USER_SVG.replace("{{ label }}", "{{ lable }}");
    let e = fails(USER_TOML, &svg, &[]);
    assert!(
        e.contains("error[kit.template]") && e.contains("card.svg:4"),
        "{e}"
    );
}

#[test]
fn piece_that_cannot_fit_is_refused() {
    let toml = USER_TOML.replace("[50, 70]", "[5000, 70]");
    let e = fails(&toml, USER_SVG, &[]);
    assert!(
        e.contains("error[kit.size]") && e.contains("mine.toml:7:"),
        "{e}"
    );
    let toml = USER_TOML.replace("[50, 70]", "[1900, 70]");
    let e = fails(&toml, USER_SVG, &[]);
    assert!(
        e.contains("error[kit.too-large]") && e.contains("mine.toml:7:"),
        "{e}"
    );
}

#[test]
fn unwritable_output_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let def = user_kit(dir.path(), USER_TOML, USER_SVG);
    // A folder under a plain file cannot be created, even by root.
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, "x").unwrap();
    let out = blocker.join("out");
    let o = tavolo(&["kit", def.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("error[kit.output]"), "{}", stderr(&o));
}

#[test]
fn bad_options_exit_2() {
    for args in [
        vec!["kit", "moon", "--paper", "a5"],
        vec!["kit", "moon", "--bleed", "9"],
        vec!["kit", "nosuchkit"],
    ] {
        let o = tavolo(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("error[kit."), "{}", stderr(&o));
    }
}

// Where kits come from: the bundled ones are inside the binary; the current
// folder never shadows them; `--kits DIR` adds a folder of the user's own.

const BUNDLED: [&str; 5] = ["decktet", "farfalia", "fruit", "moon", "natura"];

/// The PDF of each bundled kit, rendered in-process from the checked-out
/// definitions: what the binary must print wherever it runs.
fn reference_pdfs() -> Vec<(&'static str, Vec<u8>)> {
    BUNDLED
        .iter()
        .map(|k| {
            (
                *k,
                kit::render(&load(k), &LayoutOptions::default())
                    .unwrap()
                    .pdf,
            )
        })
        .collect()
}

fn kit_list(exe: &Path, dir: &Path, extra: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["kit", "list", "--json"];
    args.extend_from_slice(extra);
    let o = run(exe, dir, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_slice::<serde_json::Value>(&o.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn by_name<'a>(list: &'a [serde_json::Value], name: &str) -> &'a serde_json::Value {
    list.iter()
        .find(|k| k["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {list:?}"))
}

#[test]
fn an_installed_copy_renders_every_kit_from_an_empty_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let exe = installed_copy(tmp.path());
    let here = tmp.path().join("empty");
    std::fs::create_dir(&here).unwrap();
    let o = run(&exe, &here, &["kit", "all", "--out", "out"]);
    assert!(o.status.success(), "{}", stderr(&o));
    for (name, pdf) in reference_pdfs() {
        let got = std::fs::read(here.join("out").join(format!("{name}.pdf"))).unwrap();
        assert!(got == pdf, "{name}.pdf differs from the checked-out kit's");
    }
    let list = kit_list(&exe, &here, &[]);
    assert_eq!(list.len(), BUNDLED.len());
    for k in &list {
        assert_eq!(k["source"], "bundled", "{k}");
        assert!(k["file"].is_null(), "{k}");
    }
}

#[test]
fn a_folder_with_its_own_templates_does_not_shadow_the_bundled_kits() {
    let tmp = tempfile::tempdir().unwrap();
    let exe = installed_copy(tmp.path());
    let reference = reference_pdfs();
    // A junk fruit.toml and junk art; then a valid but different fruit kit.
    let junk = tmp.path().join("junk");
    std::fs::create_dir_all(junk.join("templates/art")).unwrap();
    std::fs::write(junk.join("templates/fruit.toml"), "this is [not a kit").unwrap();
    std::fs::write(junk.join("templates/art/fruit-front.svg"), "<oops").unwrap();
    let other = tmp.path().join("other");
    user_kit(
        &other.join("templates"),
        &USER_TOML.replace("\"mine\"", "\"fruit\""),
        USER_SVG,
    );
    std::fs::rename(
        other.join("templates/mine.toml"),
        other.join("templates/fruit.toml"),
    )
    .unwrap();
    for here in [&junk, &other] {
        let o = run(&exe, here, &["kit", "all", "--out", "out"]);
        assert!(o.status.success(), "{}: {}", here.display(), stderr(&o));
        for (name, pdf) in &reference {
            let got = std::fs::read(here.join("out").join(format!("{name}.pdf"))).unwrap();
            assert!(
                got == *pdf,
                "{name}.pdf in {} is not the bundled kit's",
                here.display()
            );
        }
        let list = kit_list(&exe, here, &[]);
        assert_eq!(list.len(), BUNDLED.len());
        assert_eq!(by_name(&list, "fruit")["source"], "bundled");
        assert_eq!(by_name(&list, "fruit")["pieces"], 36);
    }
}

#[test]
fn kits_dir_adds_the_users_kits_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let mine = tmp.path().join("my kits");
    let def = user_kit(&mine, USER_TOML, USER_SVG);
    let here = tmp.path().join("elsewhere");
    std::fs::create_dir(&here).unwrap();
    let dir = mine.to_str().unwrap();

    // Without --kits the name is unknown, and the help says how to add it.
    let o = tavolo_in(&here, &["kit", "mine", "--out", "out"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("error[kit.unknown]") && e.contains("--kits"),
        "{e}"
    );
    assert!(e.contains("decktet, farfalia, fruit, moon"), "{e}");

    let o = tavolo_in(
        &here,
        &["kit", "mine", "--kits", dir, "--out", "out", "--json"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["kits"][0]["kit"], "mine");
    assert_eq!(v["kits"][0]["pieces"], 2);

    // `all` renders the user's kits beside the bundled ones.
    let o = tavolo_in(
        &here,
        &["kit", "all", "--kits", dir, "--out", "all", "--json"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let names: Vec<&str> = v["kits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kit"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["decktet", "farfalia", "fruit", "mine", "moon", "natura"]
    );

    // `kit list` names where each comes from.
    let exe = Path::new(env!("CARGO_BIN_EXE_tavolo"));
    let list = kit_list(exe, &here, &["--kits", dir]);
    assert_eq!(list.len(), BUNDLED.len() + 1);
    let m = by_name(&list, "mine");
    assert_eq!(m["source"], "file");
    assert_eq!(m["file"].as_str().map(PathBuf::from), Some(def));
    assert_eq!(m["replaces_bundled"], false);
    assert_eq!(m["pieces"], 2);
    let f = by_name(&list, "moon");
    assert_eq!(
        (&f["source"], &f["file"]),
        (&"bundled".into(), &serde_json::Value::Null)
    );
    let o = tavolo_in(&here, &["kit", "list", "--kits", dir]);
    let text = String::from_utf8_lossy(&o.stdout);
    let line = |k: &str| text.lines().find(|l| l.starts_with(k)).unwrap().to_string();
    assert!(
        line("mine").ends_with(&format!("— {}", mine.join("mine.toml").display())),
        "{text}"
    );
    assert!(line("fruit").ends_with("— bundled"), "{text}");
}

#[test]
fn a_kits_dir_kit_with_a_bundled_name_replaces_it_only_when_named() {
    let tmp = tempfile::tempdir().unwrap();
    let mine = tmp.path().join("kits");
    user_kit(&mine, &USER_TOML.replace("\"mine\"", "\"fruit\""), USER_SVG);
    std::fs::rename(mine.join("mine.toml"), mine.join("fruit.toml")).unwrap();
    let dir = mine.to_str().unwrap();
    let pieces = |extra: &[&str]| {
        let mut args = vec!["kit", "fruit", "--out", "out", "--json"];
        args.extend_from_slice(extra);
        let o = tavolo_in(tmp.path(), &args);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["kits"][0]["pieces"].clone()
    };
    assert_eq!(pieces(&[]), 36);
    assert_eq!(pieces(&["--kits", dir]), 2);
    let exe = Path::new(env!("CARGO_BIN_EXE_tavolo"));
    let list = kit_list(exe, tmp.path(), &["--kits", dir]);
    assert_eq!(list.len(), BUNDLED.len());
    let f = by_name(&list, "fruit");
    assert_eq!(f["source"], "file");
    assert_eq!(f["replaces_bundled"], true);
    let o = tavolo_in(tmp.path(), &["kit", "list", "--kits", dir]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("in place of the bundled kit"), "{text}");
}

#[test]
fn a_kits_dir_that_cannot_be_read_is_an_input_error() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("no such folder");
    for cmd in ["list", "all", "fruit"] {
        let o = tavolo_in(
            tmp.path(),
            &["kit", cmd, "--kits", missing.to_str().unwrap()],
        );
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        let e = stderr(&o);
        assert!(
            e.contains("error[kit.kits-dir]") && e.contains("no such folder"),
            "{e}"
        );
        assert!(!e.contains("os error"), "{e}");
    }
}

#[test]
fn the_binary_holds_exactly_the_checked_out_templates() {
    fn walk(dir: &Path, rel: &str, out: &mut Vec<(String, PathBuf)>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            if name.starts_with('.') {
                continue;
            }
            if p.is_dir() {
                walk(&p, &format!("{rel}{name}/"), out);
            } else if name.ends_with(".toml") || name.ends_with(".svg") {
                out.push((format!("{rel}{name}"), p));
            }
        }
    }
    let mut on_disk = Vec::new();
    walk(&templates(), "", &mut on_disk);
    on_disk.sort();
    let bundled: Vec<&str> = kit::bundled::paths().collect();
    let names: Vec<&str> = on_disk.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(bundled, names);
    assert!(names.contains(&"art/fruit-banana.svg"), "{names:?}");
    for (rel, path) in &on_disk {
        let text = kit::bundled::get(&Path::new(kit::bundled::ROOT).join(rel));
        assert_eq!(
            text,
            Some(std::fs::read_to_string(path).unwrap().as_str()),
            "{rel}"
        );
    }
}

#[test]
fn no_run_time_code_reads_the_source_checkout() {
    // The bundled kits were once read from `./templates/` or from
    // env!("CARGO_MANIFEST_DIR"): a moved clone or a folder of one's own
    // broke them. Only include macros (compile time) and unit tests (each
    // file's `#[cfg(test)]` module, at its end, or a file of tests) may name the checkout.
    fn walk(dir: &Path, found: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, found);
                continue;
            }
            if p.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            for (i, line) in text.lines().enumerate() {
                let code = line.trim_start();
                // A unit test module at a file's end, or a whole file of tests (`#![cfg(test)]`).
                if code.starts_with("#[cfg(test)]") || code.starts_with("#![cfg(test)]") {
                    break;
                }
                if code.starts_with("//") {
                    continue;
                }
                let include = code.contains("include_str!(") || code.contains("include_bytes!(");
                if (code.contains("CARGO_MANIFEST_DIR") && !include)
                    || code.contains("\"templates\"")
                    || code.contains("\"templates/")
                {
                    found.push(format!("{}:{}: {}", p.display(), i + 1, code));
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    assert!(
        found.is_empty(),
        "run-time reads of the checkout:\n{}",
        found.join("\n")
    );
}

// Issue 8, kit side: PDF metadata, layout that wastes nothing, errors located
// in the kit.

/// The document information dictionary of a PDF.
fn info(pdf: &[u8]) -> lopdf::Dictionary {
    let doc = lopdf::Document::load_mem(pdf).unwrap();
    let id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
    doc.get_dictionary(id).unwrap().clone()
}

fn info_text(d: &lopdf::Dictionary, key: &str) -> Option<String> {
    let b = d.get(key.as_bytes()).ok()?.as_str().ok()?;
    Some(match b.strip_prefix(&[0xfe, 0xff]) {
        Some(u) => String::from_utf16(
            &u.chunks(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect::<Vec<_>>(),
        )
        .unwrap(),
        None => String::from_utf8(b.to_vec()).unwrap(),
    })
}

#[test]
fn pdf_metadata_holds_only_what_is_true() {
    let version = format!("tavolo {}", env!("CARGO_PKG_VERSION"));
    for (name, title) in [
        ("moon", "Moon: tiles, board"),
        ("fruit", "I giochi della frutta: tiles"),
    ] {
        let kit = load(name);
        let a = kit::render(&kit, &LayoutOptions::default()).unwrap().pdf;
        let b = kit::render(&kit, &LayoutOptions::default()).unwrap().pdf;
        assert!(a == b, "{name}: two renders differ");
        let d = info(&a);
        assert_eq!(info_text(&d, "Title").as_deref(), Some(title));
        assert_eq!(info_text(&d, "Creator"), Some(version.clone()));
        // No empty PDF/X version, no 1970 dates, no empty author or subject.
        for key in [
            "GTS_PDFXVersion",
            "CreationDate",
            "ModDate",
            "Author",
            "Subject",
            "Keywords",
            "Trapped",
        ] {
            assert!(d.get(key.as_bytes()).is_err(), "{name}: {key} is written");
        }
        for (k, v) in d.iter() {
            if let Ok(s) = v.as_str() {
                assert!(
                    !s.is_empty(),
                    "{name}: empty {}",
                    String::from_utf8_lossy(k)
                );
            }
        }
    }
    // A title beyond ASCII is a UTF-16 text string.
    let d = info(
        &kit::render(&load("decktet"), &LayoutOptions::default())
            .unwrap()
            .pdf,
    );
    assert!(info_text(&d, "Title")
        .unwrap()
        .ends_with(": basic, extended"));
}

#[test]
fn pdf_metadata_as_qpdf_shows_it() {
    // qpdf reads the file the way a printer's software does (skipped where
    // it is not installed).
    let Ok(o) = std::process::Command::new("qpdf").arg("--version").output() else {
        return;
    };
    if !o.status.success() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("moon.pdf");
    std::fs::write(
        &path,
        kit::render(&load("moon"), &LayoutOptions::default())
            .unwrap()
            .pdf,
    )
    .unwrap();
    let check = std::process::Command::new("qpdf")
        .arg("--check")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let o = std::process::Command::new("qpdf")
        .args(["--show-object=trailer"])
        .arg(&path)
        .output()
        .unwrap();
    let trailer = String::from_utf8_lossy(&o.stdout).to_string();
    let info_id = trailer
        .split("/Info ")
        .nth(1)
        .and_then(|t| t.split(" 0 R").next())
        .unwrap()
        .trim()
        .to_string();
    let o = std::process::Command::new("qpdf")
        .arg(format!("--show-object={info_id}"))
        .arg(&path)
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(shown.contains("/Title (Moon: tiles, board)"), "{shown}");
    assert!(shown.contains(&format!("/Creator (tavolo {})", env!("CARGO_PKG_VERSION"))));
    assert!(
        !shown.contains("GTS_PDFX") && !shown.contains("D:1970"),
        "{shown}"
    );
}

#[test]
fn a_split_keeps_the_start_square_whole() {
    // Without a region to keep, equal parts; the moon board (205 mm on
    // 190 mm of printable width) would be cut at 108.5 mm, through c3.
    let plain = split_axis(205.0, 190.0, &[]);
    assert_eq!(plain.len(), 2);
    assert!(close(plain[0].1, 108.5) && close(plain[1].0, 108.5 - OVERLAP_MM));
    // c3 spans 84..121 mm: the seam moves to its edge, the nearer one.
    let kept = split_axis(205.0, 190.0, &[(84.0, 121.0)]);
    assert!(close(kept[0].1, 121.0), "{kept:?}");
    assert!(close(kept[1].0, 121.0 - OVERLAP_MM) && close(kept[1].1, 205.0));
    // A region that no cut can avoid is cut through rather than refused.
    let forced = split_axis(205.0, 190.0, &[(10.0, 195.0)]);
    assert_eq!(forced.len(), 2);
    assert!(forced.iter().all(|(a, b)| b - a <= 190.0));

    // The bundled moon board: its visible seam (the first part's right edge,
    // in board millimetres) lies on the c/d grid line, not across c3.
    let kit = load("moon");
    assert_eq!(kit.components[1].keep_whole.len(), 1);
    let r = kit::render(&kit, &LayoutOptions::default()).unwrap();
    let parts: Vec<_> = r.sheets.iter().filter(|s| s.component == 1).collect();
    let first = &parts[0].placements[0];
    let seam = first.clip.right() - first.rect.x;
    assert!(close(seam, 121.0), "seam at {seam} mm");
    assert!(!(seam > 84.0 && seam < 121.0));
}

/// A user's 400 x 400 mm board with a start square in the middle.
const BIG_BOARD: &str = r##"name = "big"
title = "Big board"
[data]
colour = "#204080"
[[component]]
name = "board"
size_mm = [400, 400]
keep_whole = [180, 180, 40, 40]
front = "art/card.svg"
items = [{ label = "Start" }]
"##;

#[test]
fn a_board_split_both_ways_prints_with_an_assembly_map() {
    let dir = tempfile::tempdir().unwrap();
    let def = user_kit(dir.path(), BIG_BOARD, USER_SVG);
    let out = dir.path().join("out");
    let o = tavolo(&["kit", def.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pages = read_pdf(&std::fs::read(out.join("big.pdf")).unwrap());
    // 400 mm: 3 parts across (190 mm wide), 2 down (271 mm high), and the map.
    assert_eq!(pages.len(), 7);

    let kit = kit::model::load(&def).unwrap();
    let r = kit::render(&kit, &LayoutOptions::default()).unwrap();
    let map = r.sheets[0]
        .map
        .as_ref()
        .expect("the first sheet is the map");
    let names: Vec<&str> = map.parts.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, ["A1", "A2", "A3", "B1", "B2", "B3"]);
    assert!(
        r.sheets[0].label.contains("assembly map"),
        "{}",
        r.sheets[0].label
    );
    assert!(map.text.iter().any(|t| t.contains("A2 under A1")));
    assert_eq!(map.overlaps.len(), 2 + 1);
    // The whole board is drawn small on the map, inside the page.
    let whole = &r.sheets[0].placements[0];
    assert!(whole.rect.w < 190.0 + 1e-9 && close(whole.rect.w, whole.rect.h));
    assert!(r.sheets[0].marks.is_empty(), "nothing to cut on the map");
    // Each part sheet is named by row and column, in reading order.
    for (k, s) in r.sheets[1..].iter().enumerate() {
        let name = names[k];
        assert_eq!(s.part_name.as_deref(), Some(name));
        assert!(
            s.label.contains(&format!("part {name} of 6")),
            "{}",
            s.label
        );
        assert!(!s.marks.is_empty());
        let p = &s.placements[0];
        // In board millimetres, this part's window, and the seams keep clear
        // of the start square (180..220 both ways).
        let (x0, x1) = (p.clip.x - p.rect.x, p.clip.right() - p.rect.x);
        let (y0, y1) = (p.clip.y - p.rect.y, p.clip.bottom() - p.rect.y);
        for seam in [x1, y1] {
            assert!(
                !(seam > 180.0 + 1e-9 && seam < 220.0 - 1e-9),
                "{name}: seam at {seam}"
            );
        }
        assert!(x1 - x0 <= 190.0 + 1e-9 && y1 - y0 <= 271.0 + 1e-9);
        // A part below or to the right shows where its neighbour's edge goes.
        let guides = usize::from(k % 3 > 0) + usize::from(k >= 3);
        assert_eq!(s.guides.len(), guides, "{name}");
    }
    // Every point of the board is on some part.
    let xs: BTreeSet<String> = r.sheets[1..]
        .iter()
        .map(|s| {
            let p = &s.placements[0];
            format!("{:.1}", p.clip.right() - p.rect.x)
        })
        .collect();
    assert!(xs.contains("400.0"));
}

#[test]
fn tts_renders_a_board_as_one_image_at_8_px_per_mm() {
    let dir = tempfile::tempdir().unwrap();
    let o = tavolo(&[
        "kit",
        "moon",
        "--tts",
        "--json",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let board = v["tts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["deck"] == "board")
        .unwrap();
    assert_eq!(board["kind"], "board");
    assert_eq!(
        (board["width_px"].as_u64(), board["height_px"].as_u64()),
        (Some(1640), Some(1640))
    );
    let png = std::fs::read(dir.path().join("moon-tts-board.png")).unwrap();
    let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    assert_eq!((be(16), be(20)), (1640, 1640));
    // The tiles are still a deck.
    assert!(dir.path().join("moon-tts-tiles.png").is_file());
}

#[test]
fn a_size_of_three_numbers_is_located() {
    let toml = USER_TOML.replace("[50, 70]", "[50, 70, 3]");
    let e = fails(&toml, USER_SVG, &[]);
    assert!(
        e.contains("error[kit.size]") && e.contains("mine.toml:7:11") && e.contains("two numbers"),
        "{e}"
    );
}

/// A user kit whose card shows the art named by each item's `art` field.
const ART_TOML: &str = r##"name = "mine"
[[component]]
name = "cards"
size_mm = [50, 70]
front = "art/card.svg"
items = [{ label = "Sun", art = "ART" }]
"##;

const ART_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}">
<image href="{{ art }}" x="10" y="10" width="30" height="30"/>
<text x="25" y="60" text-anchor="middle" font-size="8">{{ label }}</text>
</svg>"##;

/// A real 1 x 1 PNG: signature, IHDR, IDAT, IEND with their CRCs.
fn tiny_png() -> Vec<u8> {
    let hex = "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de\
               0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082";
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

fn art_fails(art: &str, setup: impl Fn(&Path)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let def = user_kit(dir.path(), &ART_TOML.replace("ART", art), ART_SVG);
    setup(dir.path());
    let out = dir.path().join("out");
    let o = tavolo(&["kit", def.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!out.join("mine.pdf").exists());
    stderr(&o)
}

#[test]
fn missing_raster_and_remote_art_name_the_kit_line_and_column() {
    // The art's name is written in the kit, line 6, column 34.
    let e = art_fails("nope.svg", |_| {});
    assert!(
        e.contains("error[kit.art-missing]") && e.contains("mine.toml:6:34"),
        "{e}"
    );
    assert!(e.contains("nope.svg") && !e.contains("os error"), "{e}");

    let e = art_fails("pic.png", |d| {
        std::fs::write(d.join("art/pic.png"), tiny_png()).unwrap()
    });
    assert!(
        e.contains("error[kit.art-raster]") && e.contains("mine.toml:6:34"),
        "{e}"
    );
    assert!(e.contains("PNG"), "{e}");
    // A JPEG by its content, whatever its name.
    let e = art_fails("photo.svg", |d| {
        std::fs::write(d.join("art/photo.svg"), [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).unwrap()
    });
    assert!(
        e.contains("error[kit.art-raster]") && e.contains("JPEG"),
        "{e}"
    );

    let e = art_fails("http://example.org/star.svg", |_| {});
    assert!(
        e.contains("error[kit.art-remote]") && e.contains("mine.toml:6:34"),
        "{e}"
    );

    let e = art_fails("data:image/png;base64,iVBORw0KGgo=", |_| {});
    assert!(
        e.contains("error[kit.art-raster]") && e.contains("mine.toml:6:"),
        "{e}"
    );

    // An SVG art file holding a raster <image>: located in that file, and
    // the help says where the kit names it.
    let e = art_fails("framed.svg", |d| {
        std::fs::write(d.join("art/pic.png"), tiny_png()).unwrap();
        std::fs::write(
            d.join("art/framed.svg"),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n<rect width=\"10\" height=\"10\"/>\n  <image href=\"pic.png\" width=\"5\" height=\"5\"/></svg>",
        )
        .unwrap()
    });
    assert!(
        e.contains("error[kit.art-raster]") && e.contains("framed.svg:3:3"),
        "{e}"
    );
    assert!(e.contains("mine.toml:6:34"), "{e}");

    // Written literally in the template: located there.
    let svg = USER_SVG.replace("star.svg", "gone.svg");
    let e = fails(USER_TOML, &svg, &[]);
    assert!(
        e.contains("error[kit.art-missing]") && e.contains("card.svg:3:"),
        "{e}"
    );
    assert!(e.contains("mine.toml"), "the help names the kit: {e}");
}

#[test]
fn a_character_the_font_lacks_is_located_in_the_kit() {
    // Today's empty box: a CJK character, absent from DejaVu Sans Bold.
    let toml = USER_TOML.replace("label = \"Moon\"", "label = \"Mo漢n\"");
    let e = fails(&toml, USER_SVG, &[]);
    assert!(
        e.contains("error[kit.glyph]") && e.contains("mine.toml:9:42") && e.contains("U+6F22"),
        "{e}"
    );
    // In the template itself.
    let svg = USER_SVG.replace("{{ label }}", "{{ label }} \u{4E2D}");
    let e = fails(USER_TOML, &svg, &[]);
    assert!(
        e.contains("error[kit.glyph]") && e.contains("card.svg:4:"),
        "{e}"
    );
    // Accented Italian and the middle dot are fine.
    let ok = USER_TOML.replace("label = \"Sun\"", "label = \"Città · perché\"");
    let dir = tempfile::tempdir().unwrap();
    let def = user_kit(dir.path(), &ok, USER_SVG);
    kit::render(&kit::model::load(&def).unwrap(), &LayoutOptions::default()).unwrap();
}
