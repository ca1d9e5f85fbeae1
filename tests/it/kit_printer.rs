//! Printer profiles (issue 29): `tavolo kit calibrate --save NAME` keeps what
//! was measured in the user's config folder ($XDG_CONFIG_HOME honoured; here a
//! temporary one), and `--printer NAME` applies it to every kit: backs moved
//! by its offset, pieces scaled to undo its error, every sheet naming it.

use std::path::Path;
use std::process::{Command, Output};

use tavolo::kit::{self, LayoutOptions};

use crate::kit_common::load;

fn tavolo(cfg: &Path, dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavolo"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", cfg)
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

#[test]
fn a_saved_profile_moves_every_back_and_names_itself_on_every_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let (cfg, d) = (dir.path().join("cfg"), dir.path());
    let o = tavolo(
        &cfg,
        d,
        &[
            "kit",
            "calibrate",
            "--save",
            "office",
            "--duplex-offset",
            "1.5,-0.5",
            "--scale",
            "99.5,100",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let file = cfg.join("tavolo/printers/office.toml");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("duplex_offset_mm = [1.5, -0.5]"), "{saved}");
    assert!(saved.contains("scale_pct = [99.5, 100.0]"), "{saved}");

    // Applied from the CLI: written, and the PDF differs from the plain one.
    let o = tavolo(
        &cfg,
        d,
        &[
            "kit",
            "fruit",
            "--printer",
            "office",
            "--out",
            "p",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let plain = tavolo(&cfg, d, &["kit", "fruit", "--out", "q"]);
    assert_eq!(plain.status.code(), Some(0));
    assert_ne!(
        std::fs::read(d.join("p/fruit.pdf")).unwrap(),
        std::fs::read(d.join("q/fruit.pdf")).unwrap()
    );

    // Read back from the PDFs: on every back page each piece (its clip, its
    // art, its text) is drawn exactly the offset away (x right, y down on the
    // sheet: +1.5 mm, -0.5 mm) from where a profile with the same scale and no
    // offset draws it, every front where it was, and every page's text names
    // the profile.
    let o = tavolo(
        &cfg,
        d,
        &["kit", "calibrate", "--save", "flat", "--scale", "99.5,100"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = tavolo(
        &cfg,
        d,
        &["kit", "fruit", "--printer", "flat", "--out", "r"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let (with, without) = (d.join("p/fruit.pdf"), d.join("r/fruit.pdf"));
    let (moved_at, plain_at) = (piece_positions(&with), piece_positions(&without));
    let sides: Vec<_> = kit::render(&load("fruit"), &LayoutOptions::default())
        .unwrap()
        .sheets
        .iter()
        .map(|s| s.side)
        .collect();
    assert_eq!((moved_at.len(), plain_at.len()), (sides.len(), sides.len()));
    let pt = 72.0 / 25.4;
    // PDF space is y up: a back 0.5 mm higher on the sheet is 0.5 mm up. The
    // page is drawn 100/99.5 as wide for a printer that prints it at 99.5%,
    // the offset with it, so that on paper the back lands 1.5 mm over.
    let offset = (1.5 * 100.0 / 99.5 * pt, 0.5 * pt);
    let mut back_points = 0;
    for (page, ((m, p), side)) in moved_at.iter().zip(&plain_at).zip(&sides).enumerate() {
        assert_eq!(m.len(), p.len(), "page {}", page + 1);
        assert!(!m.is_empty(), "page {} places nothing", page + 1);
        let want = if *side == kit::layout::Side::Back {
            back_points += m.len();
            offset
        } else {
            (0.0, 0.0)
        };
        for (a, b) in m.iter().zip(p) {
            let moved = (a.0 - b.0, a.1 - b.1);
            assert!(
                (moved.0 - want.0).abs() < 0.01 && (moved.1 - want.1).abs() < 0.01,
                "page {} ({side:?}): moved by {moved:?} pt, not {want:?}",
                page + 1
            );
        }
    }
    assert!(back_points >= 3 * k_pieces(), "{back_points}");
    // Each glyph is its own text operation, which lopdf sets apart with spaces.
    let page_text = |pdf: &Path, n: u32| -> String {
        let doc = lopdf::Document::load(pdf).unwrap();
        let text = doc.extract_text(&[n]).unwrap();
        text.chars().filter(|c| !c.is_whitespace()).collect()
    };
    for n in 1..=sides.len() as u32 {
        let text = page_text(&with, n);
        assert!(text.contains("·printeroffice"), "page {n}: {text}");
    }
    assert!(page_text(&without, 1).contains("·printerflat"));

    // What it does, through the library with the profile's numbers.
    let profile: kit::printer::Profile = toml::from_str(&saved).unwrap();
    let k = load("fruit");
    let plain = kit::render(&k, &LayoutOptions::default()).unwrap();
    let opts = LayoutOptions {
        duplex: kit::duplex::Duplex {
            edge: profile.duplex.parse().unwrap(),
            offset_mm: (profile.duplex_offset_mm[0], profile.duplex_offset_mm[1]),
        },
        printer: Some("office"),
        ..Default::default()
    };
    let moved = kit::render(&k, &opts).unwrap();
    let mut backs = 0;
    for (a, b) in plain.sheets.iter().zip(&moved.sheets) {
        assert!(b.label.ends_with(" · printer office"), "{}", b.label);
        if a.side == kit::layout::Side::Back {
            for (p, q) in a.placements.iter().zip(&b.placements) {
                assert!((q.rect.x - p.rect.x - 1.5).abs() < 1e-9);
                assert!((q.rect.y - p.rect.y + 0.5).abs() < 1e-9);
                backs += 1;
            }
        }
    }
    assert_eq!(backs, k.piece_count());

    // The scale: a piece drawn 100 / 99.5 as wide, as tall as it was.
    let scaled = kit::render(
        &k,
        &LayoutOptions {
            scale: (100.0 / 99.5, 1.0),
            ..Default::default()
        },
    )
    .unwrap();
    let (p, q) = (
        &plain.sheets[0].placements[0],
        &scaled.sheets[0].placements[0],
    );
    assert!((q.rect.w - p.rect.w * 100.0 / 99.5).abs() < 1e-9);
    assert!((q.rect.h - p.rect.h).abs() < 1e-9);
}

fn k_pieces() -> usize {
    load("fruit").piece_count()
}

/// Where each page of `pdf` draws its pieces, in PDF points from the page's
/// bottom-left corner, in drawing order: the corner of each piece's clip
/// rectangle, the origin of each object (art, shared drawing) it places and
/// of each text matrix it sets. A piece is a top-level `q ... Q` that clips
/// to a rectangle; the sheet's own marks and label are left out.
fn piece_positions(pdf: &Path) -> Vec<Vec<(f64, f64)>> {
    use lopdf::content::Content;
    type M = [f64; 6];
    // `a` then `b`: PDF's row-vector convention, as `cm` concatenates.
    let mul = |a: M, b: M| -> M {
        [
            a[0] * b[0] + a[1] * b[2],
            a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4],
            a[4] * b[1] + a[5] * b[3] + b[5],
        ]
    };
    let at = |m: M, x: f64, y: f64| (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
    let nums = |op: &lopdf::content::Operation| -> Vec<f64> {
        op.operands
            .iter()
            .map(|o| o.as_float().map(f64::from).unwrap())
            .collect()
    };
    let doc = lopdf::Document::load(pdf).unwrap();
    let mut pages = Vec::new();
    for (_, id) in doc.get_pages() {
        let content = Content::decode(&doc.get_page_content(id)).unwrap();
        let mut stack: Vec<M> = Vec::new();
        let mut ctm: M = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
        let (mut block, mut is_piece) = (Vec::new(), false);
        let mut points = Vec::new();
        for op in &content.operations {
            match op.operator.as_str() {
                "q" => stack.push(ctm),
                "Q" => {
                    ctm = stack.pop().unwrap();
                    if stack.is_empty() {
                        if is_piece {
                            points.append(&mut block);
                        }
                        block.clear();
                        is_piece = false;
                    }
                }
                "cm" => {
                    let v = nums(op);
                    ctm = mul([v[0], v[1], v[2], v[3], v[4], v[5]], ctm);
                }
                "re" => {
                    let v = nums(op);
                    is_piece = true;
                    block.push(at(ctm, v[0], v[1]));
                }
                "Do" => block.push(at(ctm, 0.0, 0.0)),
                "Tm" => {
                    let v = nums(op);
                    block.push(at(ctm, v[4], v[5]));
                }
                _ => {}
            }
        }
        pages.push(points);
    }
    pages
}

#[test]
fn absurd_or_missing_profiles_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (cfg, d) = (dir.path().join("cfg"), dir.path());
    let printers = cfg.join("tavolo/printers");
    std::fs::create_dir_all(&printers).unwrap();
    std::fs::write(
        printers.join("wild.toml"),
        "paper = \"a4\"\nduplex = \"long\"\nduplex_offset_mm = [35, 0]\n",
    )
    .unwrap();
    let o = tavolo(
        &cfg,
        d,
        &["kit", "fruit", "--printer", "wild", "--out", "o"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).contains("wild.toml: duplex_offset_mm x = 35 mm is beyond 20 mm"),
        "{}",
        text(&o)
    );
    assert!(!d.join("o/fruit.pdf").exists());

    let o = tavolo(
        &cfg,
        d,
        &["kit", "fruit", "--printer", "nope", "--out", "o"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).contains("no printer profile `nope`"),
        "{}",
        text(&o)
    );

    let o = tavolo(
        &cfg,
        d,
        &["kit", "calibrate", "--save", "shrunk", "--scale", "80,100"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("scale_pct across = 80%"), "{}", text(&o));
    assert!(!printers.join("shrunk.toml").exists());

    let o = tavolo(
        &cfg,
        d,
        &[
            "kit",
            "calibrate",
            "--save",
            "../up",
            "--duplex-offset",
            "1,1",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}
