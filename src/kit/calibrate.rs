//! The duplex calibration sheet (`tavolo kit calibrate`): two pages, printed
//! double-sided. The front has five crosses; the back has, behind each cross, an
//! X and a Y scale in mm. Held against the light (back towards you), each front
//! cross shows through at a point of its scales: those two readings, added to
//! the offset the sheet was printed with, are the `--duplex-offset X,Y` that
//! puts backs behind fronts on that printer.
//!
//! Why the reading is the offset: the printer shifts the back by s, so the
//! scale's zero lands at M + s (M = behind the cross); the cross sits at M,
//! i.e. at -s on the scale, and moving the backs by -s cancels the shift.

use std::fmt::Write;

use crate::error::{Error, Result};
use crate::kit::duplex::{back_rect, Duplex};
use crate::kit::geometry::Rect;
use crate::kit::layout::{Paper, Placement, Sheet, Side};
use crate::kit::template::{Face, KitFaces};

/// Half-length of each scale, in mm: it reads shifts up to this much.
pub const SCALE_MM: f64 = 6.0;

/// How far from the point behind the cross each scale is drawn, in mm (the front
/// cross's arms are 12 mm long, so both scales lie across them).
pub const GAP_MM: f64 = 7.0;

/// The five targets on the front: the centre and four points 40 mm in from the
/// corners, so that a printer that also scales or skews shows different readings.
pub fn targets(page_w: f64, page_h: f64) -> [(f64, f64); 5] {
    let (i, j) = (40.0, 50.0);
    [
        (i, j),
        (page_w - i, j),
        (page_w / 2.0, page_h / 2.0),
        (i, page_h - j),
        (page_w - i, page_h - j),
    ]
}

/// Where a front point lies on the back page, with the duplex settings.
pub fn behind(p: (f64, f64), page_w: f64, page_h: f64, d: &Duplex) -> (f64, f64) {
    let r = back_rect(Rect::new(p.0, p.1, 0.0, 0.0), page_w, page_h, d);
    (r.x, r.y)
}

const TEXT: &str =
    r##"font-family="DejaVu Sans" font-weight="bold" font-stretch="condensed" fill="#222""##;

fn svg_open(out: &mut String, w: f64, h: f64) {
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}mm" height="{h}mm"><rect width="{w}" height="{h}" fill="#fff"/>"##
    );
}

fn text(out: &mut String, x: f64, y: f64, size: f64, anchor: &str, s: &str) {
    let _ = write!(
        out,
        r#"<text x="{x:.2}" y="{y:.2}" font-size="{size}" text-anchor="{anchor}" {TEXT}>{s}</text>"#
    );
}

/// The front page, as SVG in mm.
pub fn front_svg(page_w: f64, page_h: f64, d: &Duplex) -> String {
    let mut s = String::new();
    svg_open(&mut s, page_w, page_h);
    for (n, &(x, y)) in targets(page_w, page_h).iter().enumerate() {
        let _ = write!(
            s,
            r##"<g stroke="#000" stroke-width="0.15" fill="none"><path d="M{:.2} {y:.2} H{:.2} M{x:.2} {:.2} V{:.2}"/><circle cx="{x:.2}" cy="{y:.2}" r="1.5"/></g>"##,
            x - 12.0,
            x + 12.0,
            y - 12.0,
            y + 12.0
        );
        text(&mut s, x + 3.0, y - 3.0, 3.0, "start", &(n + 1).to_string());
    }
    let lines = [
        "tavolo duplex calibration - FRONT".to_string(),
        format!(
            "Print both pages on one sheet, double-sided, flipping on the {} edge, at 100% (no fit-to-page).",
            d.edge
        ),
        format!(
            "Printed with --duplex {} --duplex-offset {},{} (mm).",
            d.edge, d.offset_mm.0, d.offset_mm.1
        ),
        "Hold the sheet against a light, back side towards you: each cross shows through onto its two scales.".into(),
        "Read X where the vertical line meets the X scale and Y where the horizontal line meets the Y scale.".into(),
        "New offset = printed offset + (X, Y). Use the centre cross (3); if the five differ, your printer also scales.".into(),
    ];
    for (i, l) in lines.iter().enumerate() {
        text(
            &mut s,
            page_w / 2.0,
            page_h / 2.0 + 30.0 + 6.0 * i as f64,
            if i == 0 { 5.0 } else { 3.2 },
            "middle",
            l,
        );
    }
    s.push_str("</svg>");
    s
}

/// The back page, as SVG in mm: an X and a Y scale behind every front cross.
pub fn back_svg(page_w: f64, page_h: f64, d: &Duplex) -> String {
    let mut s = String::new();
    svg_open(&mut s, page_w, page_h);
    for (n, &p) in targets(page_w, page_h).iter().enumerate() {
        let (x, y) = behind(p, page_w, page_h, d);
        // The X scale lies across the front cross's vertical line, below its
        // centre; the Y scale across its horizontal line, right of its centre.
        let (xs, ys) = (x + GAP_MM, y + GAP_MM);
        let _ = write!(
            s,
            r##"<g stroke="#000" fill="none"><path stroke-width="0.12" d="M{:.2} {ys:.2} H{:.2} M{xs:.2} {:.2} V{:.2}"/>"##,
            x - SCALE_MM,
            x + SCALE_MM,
            y - SCALE_MM,
            y + SCALE_MM
        );
        let steps = (SCALE_MM * 2.0) as i32;
        for k in -steps..=steps {
            let v = f64::from(k) * 0.5;
            let len = if k == 0 {
                3.0
            } else if k % 2 == 0 {
                2.0
            } else {
                1.0
            };
            let _ = write!(
                s,
                r#"<path stroke-width="0.1" d="M{:.3} {ys:.3} v{:.1} M{xs:.3} {:.3} h{:.1}"/>"#,
                x + v,
                -len,
                y + v,
                -len
            );
        }
        s.push_str("</g>");
        for k in (-(SCALE_MM as i32)..=SCALE_MM as i32).step_by(2) {
            let v = f64::from(k);
            text(&mut s, x + v, ys + 2.4, 1.5, "middle", &k.to_string());
            text(&mut s, xs + 0.8, y + v + 0.6, 1.7, "start", &k.to_string());
        }
        text(&mut s, x - SCALE_MM - 1.0, ys + 0.7, 2.2, "end", "X");
        text(&mut s, xs, y - SCALE_MM - 1.2, 2.2, "middle", "Y");
        text(
            &mut s,
            x - 5.0,
            y - 3.0,
            3.0,
            "middle",
            &(n + 1).to_string(),
        );
    }
    text(
        &mut s,
        page_w / 2.0,
        page_h / 2.0 + 30.0,
        5.0,
        "middle",
        "tavolo duplex calibration - BACK",
    );
    text(
        &mut s,
        page_w / 2.0,
        page_h / 2.0 + 36.0,
        3.2,
        "middle",
        "X grows to the right and Y downward as you look at this side; values in mm.",
    );
    s.push_str("</svg>");
    s
}

/// The calibration sheet drawn: its two pages as faces and sheets (for the PNG
/// previews) and as PDF bytes, through the same writer as every kit.
pub fn render(paper: Paper, d: &Duplex) -> Result<(KitFaces, Vec<Sheet>, Vec<u8>)> {
    let (w, h) = paper.size_mm();
    let parse = |svg: String| {
        usvg::Tree::from_str(&svg, &crate::kit::template::options(None))
            .map(|tree| Face { tree: tree.into() })
            .map_err(|e| Error::failed("kit.calibrate", format!("calibration page: {e}")))
    };
    let faces = KitFaces {
        faces: vec![parse(front_svg(w, h, d))?, parse(back_svg(w, h, d))?],
        components: Vec::new(),
    };
    let page = Rect::new(0.0, 0.0, w, h);
    let sheet = |side, face, label: &str| Sheet {
        label: label.to_string(),
        ..Sheet::plain(
            w,
            h,
            side,
            0,
            vec![Placement::upright(face, 0, 0, page, page)],
        )
    };
    let sheets = vec![
        sheet(Side::Front, 0, "tavolo duplex calibration · front (sheet 1 of 2)"),
        sheet(
            Side::Back,
            1,
            &format!(
                "tavolo duplex calibration · back: print on the back of sheet 1, flip on the {} edge (sheet 2 of 2)",
                d.edge
            ),
        ),
    ];
    let pdf = crate::kit::pdf::write("tavolo duplex calibration", &faces, &sheets)?;
    Ok((faces, sheets, pdf))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::duplex::Edge;

    #[test]
    fn scales_sit_behind_the_crosses_and_follow_the_offset() {
        let (w, h) = (210.0, 297.0);
        let long = Duplex::default();
        // Long edge: the top-left cross is behind the back's top-right scale.
        assert_eq!(behind((40.0, 50.0), w, h, &long), (170.0, 50.0));
        let short = Duplex {
            edge: Edge::Short,
            offset_mm: (0.0, 0.0),
        };
        assert_eq!(behind((40.0, 50.0), w, h, &short), (40.0, 247.0));
        let shifted = Duplex {
            edge: Edge::Long,
            offset_mm: (1.5, -2.0),
        };
        assert_eq!(behind((40.0, 50.0), w, h, &shifted), (171.5, 48.0));
        // The centre cross is behind the centre scale whatever the edge.
        assert_eq!(behind((105.0, 148.5), w, h, &short), (105.0, 148.5));
    }

    #[test]
    fn pages_are_svg_with_the_scales_zero_at_the_mirrored_point() {
        let (w, h) = (210.0, 297.0);
        let d = Duplex::default();
        let back = back_svg(w, h, &d);
        let front = front_svg(w, h, &d);
        for page in [&back, &front] {
            assert!(page.starts_with("<svg") && page.ends_with("</svg>"));
            assert!(page.contains(r#"viewBox="0 0 210 297""#));
        }
        // The X scale's zero tick of target 1 is at x = 170 (= 210 - 40), 7 mm below.
        assert!(back.contains("M170.000 57.000 v-3.0"), "{back}");
        // ... and the Y scale's zero tick of target 1 at y = 50, across x = 177.
        assert!(back.contains("M177.000 50.000 h-3.0"), "{back}");
        assert!(front.contains("flipping on the long edge"));
        assert!(front.contains("M28.00 50.00 H52.00"));
    }
}
