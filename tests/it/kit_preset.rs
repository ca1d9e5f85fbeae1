//! Print-shop presets (issue 29): `--preset NAME` writes one page per card
//! side, the card plus the shop's bleed; the PDF's TrimBox is the card and its
//! BleedBox the page, read back here and compared with the preset's numbers.

use std::path::Path;
use std::process::Output;

use tavolo::kit::preset;

use crate::kit_common::tavolo_in;

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

const FRONT: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}">
  <rect x="-5" y="-5" width="{{ w + 10 }}" height="{{ h + 10 }}" fill="#1d5fa8"/>
  <rect x="4" y="4" width="{{ w - 8 }}" height="{{ h - 8 }}" fill="#fff"/>
  <text x="{{ w / 2 }}" y="{{ h / 2 }}" font-size="8" text-anchor="middle">{{ n }}</text>
</svg>
"##;
const BACK: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ w }}" height="{{ h }}" viewBox="0 0 {{ w }} {{ h }}">
  <rect x="-5" y="-5" width="{{ w + 10 }}" height="{{ h + 10 }}" fill="#b5121b"/>
</svg>
"##;

/// A kit of three cards of `w` x `h` mm with a back, in `d`.
fn cards_kit(d: &Path, w: f64, h: f64) {
    std::fs::write(d.join("front.svg"), FRONT).unwrap();
    std::fs::write(d.join("back.svg"), BACK).unwrap();
    std::fs::write(
        d.join("k.toml"),
        format!(
            "name = \"deck\"\n[[component]]\nname = \"cards\"\nsize_mm = [{w}, {h}]\nfront = \"front.svg\"\nback = \"back.svg\"\n[[component.product]]\nfield = \"n\"\nrange = [1, 3]\n"
        ),
    )
    .unwrap();
}

fn boxes(page: &lopdf::Dictionary, key: &str) -> Vec<f64> {
    page.get(key.as_bytes())
        .unwrap_or_else(|_| panic!("no {key}"))
        .as_array()
        .unwrap()
        .iter()
        .map(|o| match o {
            lopdf::Object::Real(r) => f64::from(*r),
            lopdf::Object::Integer(i) => *i as f64,
            other => panic!("{key}: {other:?}"),
        })
        .collect()
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-3)
}

/// Every preset renders; each page is the card plus the bleed, its TrimBox the
/// card, its BleedBox, MediaBox and CropBox the page, in points, as the
/// preset's inches say (72 pt to the inch); fronts and backs in the shop's
/// order; and qpdf finds the file sound.
#[test]
fn every_preset_sets_trim_and_bleed_boxes_to_its_numbers() {
    let qpdf = std::process::Command::new("qpdf")
        .arg("--version")
        .output()
        .is_ok();
    for p in preset::all() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        cards_kit(d, p.w_mm().round(), p.h_mm().round());
        let o = tavolo_in(d, &["kit", "k.toml", "--preset", &p.name, "--out", "out"]);
        assert_eq!(o.status.code(), Some(0), "{}: {}", p.name, text(&o));
        let pdf = d.join("out/deck.pdf");
        let doc = lopdf::Document::load(&pdf).unwrap();
        let pages = doc.get_pages();
        assert_eq!(pages.len(), 6, "{}: three cards, front and back", p.name);
        let (b, w, h) = (p.bleed_in * 72.0, p.size_in[0] * 72.0, p.size_in[1] * 72.0);
        for id in pages.values() {
            let page = doc.get_dictionary(*id).unwrap();
            let trim = boxes(page, "TrimBox");
            assert!(
                close(&trim, &[b, b, b + w, b + h]),
                "{}: TrimBox {trim:?}",
                p.name
            );
            let whole = [0.0, 0.0, w + 2.0 * b, h + 2.0 * b];
            for key in ["BleedBox", "MediaBox", "CropBox"] {
                let got = boxes(page, key);
                assert!(close(&got, &whole), "{}: {key} {got:?}", p.name);
            }
        }
        if qpdf {
            let check = std::process::Command::new("qpdf")
                .arg("--check")
                .arg(&pdf)
                .output()
                .unwrap();
            assert!(check.status.success(), "{}: {}", p.name, text(&check));
        }
        // The order: DriveThruCards wants each back before its front.
        let kit = tavolo::kit::model::load(&d.join("k.toml")).unwrap();
        let opts = tavolo::kit::LayoutOptions {
            preset: Some(p),
            ..Default::default()
        };
        let r = tavolo::kit::render(&kit, &opts).unwrap();
        let first = r.sheets[0].side;
        assert_eq!(
            first == tavolo::kit::layout::Side::Back,
            p.back_first,
            "{}",
            p.name
        );
        assert_eq!(r.faces.components[0].0.len(), 3);
    }
}

/// The templates draw at the shop's size: a 63 x 88 mm design becomes a
/// 63.5 x 88.9 mm card, not a stretched one.
#[test]
fn a_near_size_is_drawn_at_the_shops_exact_size() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cards_kit(d, 63.0, 88.0);
    let kit = tavolo::kit::model::load(&d.join("k.toml")).unwrap();
    let p = preset::find("tgc-poker").unwrap();
    let fitted = preset::fit(&kit, p).unwrap();
    assert!((fitted.components[0].w_mm - 63.5).abs() < 1e-9);
    assert!((fitted.components[0].h_mm - 88.9).abs() < 1e-9);
}

#[test]
fn a_preset_refuses_pieces_of_another_size_an_unknown_name_and_bleed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    cards_kit(d, 56.0, 28.0);
    let o = tavolo_in(
        d,
        &["kit", "k.toml", "--preset", "dtc-poker", "--out", "out"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = text(&o);
    assert!(err.contains("error[kit.preset]: k.toml:4:11: component `cards` is 56 x 28 mm; preset `dtc-poker` makes poker cards of 63.50 x 88.90 mm"), "{err}");
    assert!(!d.join("out/deck.pdf").exists());

    cards_kit(d, 63.0, 88.0);
    let o = tavolo_in(
        d,
        &["kit", "k.toml", "--preset", "dtc-pokr", "--out", "out"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("did you mean `dtc-poker`?"),
        "{}",
        text(&o)
    );
    let o = tavolo_in(
        d,
        &[
            "kit",
            "k.toml",
            "--preset",
            "dtc-poker",
            "--bleed",
            "2",
            "--out",
            "out",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(!d.join("out/deck.pdf").exists());
}
