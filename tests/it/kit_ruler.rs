//! The scale-check ruler (issue 29): 50 mm with mm ticks at the top right of
//! every sheet, measured on pictures of the sheet at a known resolution, as a
//! user would hold a real ruler to the print: within 0.2 mm.

use std::path::Path;

use tavolo::kit::{self, layout};

use crate::kit_common::{load, tavolo_in};

const DPI: f64 = 300.0;

fn px(mm: f64) -> f64 {
    mm * DPI / 25.4
}

/// A grey picture: width, and one byte per pixel (0 black, 255 white).
struct Grey {
    w: usize,
    pixels: Vec<u8>,
}

impl Grey {
    /// The centres (in pixels, weighted by darkness) of the dark runs along
    /// row `y` between columns `x0` and `x1`.
    fn dark_runs(&self, y: usize, x0: usize, x1: usize) -> Vec<f64> {
        let row = &self.pixels[y * self.w..(y + 1) * self.w];
        let mut centres = Vec::new();
        let (mut sum, mut weight) = (0.0, 0.0);
        for (x, &v) in row.iter().enumerate().take(x1.min(self.w)).skip(x0) {
            let dark = 255.0 - v as f64;
            if v < 160 {
                sum += dark * x as f64;
                weight += dark;
            } else if weight > 0.0 {
                centres.push(sum / weight);
                (sum, weight) = (0.0, 0.0);
            }
        }
        if weight > 0.0 {
            centres.push(sum / weight);
        }
        centres
    }
}

/// The ruler's marks on `pic` (a picture of an A4 sheet from its left edge and
/// `top_mm` down): the 10 mm ticks alone, and every mm tick.
fn ruler_ticks(pic: &Grey, top_mm: f64, left_mm: f64) -> (Vec<f64>, Vec<f64>) {
    let base = layout::RULER_BASE_MM;
    let from = (px(210.0 - layout::MARGIN_MM - layout::RULER_MM - 5.0 - left_mm)) as usize;
    let to = (px(210.0 - 3.0 - left_mm)) as usize;
    // 2.2 mm above the baseline only the 10 mm ticks (2.6 mm tall) reach;
    // 0.5 mm above it every tick does.
    let row = |mm: f64| px(mm - top_mm).round() as usize;
    let tens = pic.dark_runs(row(base - 2.2), from, to);
    let all = pic.dark_runs(row(base - 0.5), from, to);
    (tens, all)
}

fn assert_fifty_mm(tens: &[f64], all: &[f64], what: &str) {
    assert_eq!(
        tens.len(),
        6,
        "{what}: the 0, 10, ... 50 mm ticks: {tens:?}"
    );
    assert_eq!(all.len(), 51, "{what}: a tick every mm: {}", all.len());
    let length_mm = (tens[5] - tens[0]) * 25.4 / DPI;
    assert!(
        (length_mm - 50.0).abs() <= 0.2,
        "{what}: the ruler measures {length_mm:.3} mm"
    );
    let step_mm = (all[50] - all[0]) / 50.0 * 25.4 / DPI;
    assert!(
        (step_mm - 1.0).abs() < 0.01,
        "{what}: ticks {step_mm:.4} mm apart"
    );
}

/// The PNG preview (tavolo's own renderer) at 300 dpi.
#[test]
fn the_ruler_is_fifty_mm_on_the_png_preview() {
    let kit = load("fruit");
    // On by default, as from the CLI.
    let r = kit::render(&kit, &kit::LayoutOptions::default()).unwrap();
    for (i, sheet) in r.sheets.iter().enumerate().take(2) {
        let png = kit::png::render(&r.faces, sheet, DPI).unwrap();
        let pix = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
        let pic = Grey {
            w: pix.width() as usize,
            pixels: pix.pixels().iter().map(|p| p.green()).collect(),
        };
        let (tens, all) = ruler_ticks(&pic, 0.0, 0.0);
        assert_fifty_mm(&tens, &all, &format!("sheet {}", i + 1));
    }
    // Off: nothing drawn there.
    let off = kit::LayoutOptions {
        ruler: false,
        ..Default::default()
    };
    let r = kit::render(&kit, &off).unwrap();
    let png = kit::png::render(&r.faces, &r.sheets[0], DPI).unwrap();
    let pix = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    let pic = Grey {
        w: pix.width() as usize,
        pixels: pix.pixels().iter().map(|p| p.green()).collect(),
    };
    let (tens, all) = ruler_ticks(&pic, 0.0, 0.0);
    assert!(tens.is_empty() && all.is_empty(), "{tens:?} {all:?}");
}

/// The PDF as poppler draws it (the printer's view): on by default from the
/// CLI, off with `--no-ruler`. Skipped where poppler's pdftoppm is absent.
#[test]
fn the_ruler_is_fifty_mm_in_the_pdf_and_off_with_no_ruler() {
    if std::process::Command::new("pdftoppm")
        .arg("-v")
        .output()
        .is_err()
    {
        eprintln!("note: pdftoppm is absent; the PDF's ruler is not measured");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (args, on) in [(&[][..], true), (&["--no-ruler"][..], false)] {
        let mut a = vec!["kit", "fruit", "--out", "out"];
        a.extend_from_slice(args);
        let o = tavolo_in(d, &a);
        assert_eq!(o.status.code(), Some(0));
        let pic = pdftoppm(&d.join("out/fruit.pdf"), d);
        let (tens, all) = ruler_ticks(&pic, 0.0, 100.0);
        if on {
            assert_fifty_mm(&tens, &all, "the PDF");
        } else {
            assert!(tens.is_empty() && all.is_empty(), "{tens:?} {all:?}");
        }
    }
}

/// The top 20 mm of the first page from 100 mm across, at [`DPI`], in grey.
fn pdftoppm(pdf: &Path, dir: &Path) -> Grey {
    let o = std::process::Command::new("pdftoppm")
        .args(["-r", "300", "-f", "1", "-l", "1", "-gray", "-singlefile"])
        .args(["-x", &format!("{}", px(100.0) as u32), "-y", "0"])
        .args(["-W", &format!("{}", px(110.0) as u32)])
        .args(["-H", &format!("{}", px(20.0) as u32)])
        .arg(pdf)
        .arg(dir.join("page"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(dir.join("page.pgm")).unwrap();
    // P5 header: magic, width, height, maxval, one whitespace, then pixels.
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..i]).into_owned());
    }
    assert_eq!(fields[0], "P5");
    let w: usize = fields[1].parse().unwrap();
    Grey {
        w,
        pixels: bytes[i + 1..].to_vec(),
    }
}
