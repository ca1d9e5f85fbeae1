//! Sheet layout: where every piece goes on which page, the crop marks, the
//! alignment guides of boards split across sheets, and each sheet's label.
//!
//! The layout is the one model both back ends draw: the PDF writer and the PNG
//! preview read the same [`Sheet`]s. All lengths are mm, origin at the page's
//! top-left corner, y downward ([`Rect`]).

use crate::error::{Error, Result};
use crate::kit::duplex::{back_rect, Duplex, Edge};
use crate::kit::geometry::Rect;
use crate::kit::model::Kit;

/// Paper sizes, portrait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    /// Width and height in mm.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

impl std::str::FromStr for Paper {
    type Err = Error;
    fn from_str(s: &str) -> Result<Paper> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "us-letter" => Ok(Paper::Letter),
            _ => Err(Error::input(
                "kit.paper",
                format!("unknown paper `{s}`: use `a4` or `letter`"),
            )),
        }
    }
}

/// How to lay a kit out.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Options {
    pub paper: Paper,
    /// Art printed beyond each cut line, in mm (0 = none).
    pub bleed_mm: f64,
    pub duplex: Duplex,
}

/// Refuse options that cannot be laid out.
pub fn check(opts: &Options) -> Result<()> {
    if !(opts.bleed_mm.is_finite() && (0.0..=MAX_BLEED_MM).contains(&opts.bleed_mm)) {
        return Err(Error::input(
            "kit.bleed",
            format!(
                "--bleed must be between 0 and {MAX_BLEED_MM} mm, not {}",
                opts.bleed_mm
            ),
        ));
    }
    Ok(())
}

/// Side and bottom margins, in mm: nothing but marks and the label goes there.
pub const MARGIN_MM: f64 = 10.0;
/// Top margin, in mm: the sheet's label sits above the crop marks.
pub const TOP_MARGIN_MM: f64 = 16.0;
/// Gap between a piece's cut line (plus bleed) and its crop mark, in mm.
pub const MARK_GAP_MM: f64 = 1.5;
/// Length of a crop mark, in mm. Marks end well inside the page edge.
pub const MARK_LEN_MM: f64 = 4.0;
/// Overlap between the parts of a board split across sheets, in mm.
pub const OVERLAP_MM: f64 = 12.0;
/// Largest bleed accepted, in mm.
pub const MAX_BLEED_MM: f64 = 5.0;

/// Whether a sheet holds fronts or the backs of the sheet before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Front,
    Back,
}

/// One piece (or one part of a split piece) on a sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    /// Index into the kit's faces.
    pub face: usize,
    /// Component index and piece index within it.
    pub component: usize,
    pub piece: usize,
    /// Where the whole piece (its cut size) lies on the page; for a part of a
    /// split board this reaches beyond the page.
    pub rect: Rect,
    /// What is printed of it: the cut rectangle plus bleed, or a part's window.
    pub clip: Rect,
    /// Quarter turn of the face, clockwise: 0, 90 or 270 degrees. When
    /// turned, `rect` is the turned piece (its width is the piece's height).
    pub rotation: u16,
}

impl Placement {
    /// Maps the face's SVG user space (`face_w` x `face_h`) onto the page, in mm.
    pub fn face_transform(&self, face_w: f32, face_h: f32) -> usvg::Transform {
        let r = self.rect;
        let (x, y, w, h) = (r.x as f32, r.y as f32, r.w as f32, r.h as f32);
        match self.rotation {
            // Face top along the rect's right edge.
            90 => usvg::Transform::from_row(0.0, h / face_w, -w / face_h, 0.0, x + w, y),
            // Face top along the rect's left edge.
            270 => usvg::Transform::from_row(0.0, -h / face_w, w / face_h, 0.0, x, y + h),
            _ => usvg::Transform::from_row(w / face_w, 0.0, 0.0, h / face_h, x, y),
        }
    }
}

/// A straight line on the page, in mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    pub x1: f64,
    pub y1: f64,
    pub x2: f64,
    pub y2: f64,
}

/// One printed page.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    pub w_mm: f64,
    pub h_mm: f64,
    pub side: Side,
    pub component: usize,
    pub placements: Vec<Placement>,
    /// Crop marks, all in the margins.
    pub marks: Vec<Segment>,
    /// Dashed guides: where the neighbouring part's edge goes when gluing.
    pub guides: Vec<Segment>,
    /// For a part of a split piece: (part number from 1, parts).
    pub part: Option<(usize, usize)>,
    /// The label printed in the top margin.
    pub label: String,
}

/// Lay out every component of `kit`. `faces[c]` gives (front face per piece,
/// back face per piece) of component `c`.
pub fn layout(
    kit: &Kit,
    faces: &[(Vec<usize>, Option<Vec<usize>>)],
    opts: &Options,
) -> Result<Vec<Sheet>> {
    check(opts)?;
    let (pw, ph) = opts.paper.size_mm();
    let area = Rect::new(
        MARGIN_MM,
        TOP_MARGIN_MM,
        pw - 2.0 * MARGIN_MM,
        ph - TOP_MARGIN_MM - MARGIN_MM,
    );
    let b = opts.bleed_mm;
    let mut sheets = Vec::new();
    for (ci, comp) in kit.components.iter().enumerate() {
        let (fronts, backs) = &faces[ci];
        let (w, h) = (comp.w_mm, comp.h_mm);
        let gutter = comp.gutter_mm.max(2.0 * b);
        // Pieces per sheet upright and turned; turn only when strictly more fit.
        let grid = |w: f64, h: f64| -> Option<(usize, usize)> {
            (w + 2.0 * b <= area.w && h + 2.0 * b <= area.h).then(|| {
                (
                    ((area.w - 2.0 * b + gutter) / (w + gutter))
                        .floor()
                        .max(1.0) as usize,
                    ((area.h - 2.0 * b + gutter) / (h + gutter))
                        .floor()
                        .max(1.0) as usize,
                )
            })
        };
        let upright = grid(w, h);
        let turned = if comp.rotate { grid(h, w) } else { None };
        let choice = match (upright, turned) {
            (Some((c, r)), Some((tc, tr))) if tc * tr > c * r => Some((true, tc, tr)),
            (Some((c, r)), _) => Some((false, c, r)),
            (None, Some((tc, tr))) => Some((true, tc, tr)),
            (None, None) => None,
        };
        let fits = choice.is_some();
        // A split piece must leave room for its parts to overlap.
        if !fits && (w + 2.0 * b > 8.0 * area.w || h + 2.0 * b > 8.0 * area.h) {
            return Err(Error::input(
                "kit.too-large",
                format!(
                    "component `{}` is {w} x {h} mm: too large to split over {} sheets",
                    comp.name,
                    opts.paper.name()
                ),
            )
            .at(comp.size_at.clone()));
        }
        let mut front_sheets: Vec<Vec<Placement>> = Vec::new();
        let mut guides_of: Vec<Vec<Segment>> = Vec::new();
        let mut parts_of: Vec<Option<(usize, usize)>> = Vec::new();
        if let Some((turn, cols, rows)) = choice {
            let (w, h) = if turn { (h, w) } else { (w, h) };
            let per = cols * rows;
            for (si, chunk) in fronts.chunks(per).enumerate() {
                let n = chunk.len();
                let used_cols = cols.min(n);

                let grid_w = used_cols as f64 * (w + gutter) - gutter;

                // Centre the grid across, keep it at the top: fewer cuts on a partial sheet.
                let x0 = area.x + (area.w - grid_w) / 2.0;
                let y0 = area.y + b;
                let mut ps = Vec::with_capacity(n);
                for (k, &face) in chunk.iter().enumerate() {
                    let (col, row) = (k % cols, k / cols);
                    let rect = Rect::new(
                        x0 + col as f64 * (w + gutter),
                        y0 + row as f64 * (h + gutter),
                        w,
                        h,
                    );
                    ps.push(Placement {
                        face,
                        component: ci,
                        piece: si * per + k,
                        rect,
                        clip: grow(rect, b),
                        rotation: if turn { 90 } else { 0 },
                    });
                }
                front_sheets.push(ps);
                guides_of.push(Vec::new());
                parts_of.push(None);
            }
        } else {
            // Split into nx x ny equal parts that overlap by OVERLAP_MM.
            let parts = |len: f64, avail: f64| -> (usize, f64) {
                if len <= avail {
                    return (1, len);
                }
                let n = ((len - OVERLAP_MM) / (avail - OVERLAP_MM)).ceil() as usize;
                (n, (len + (n - 1) as f64 * OVERLAP_MM) / n as f64)
            };
            let (nx, part_w) = parts(w, area.w - 2.0 * b);
            let (ny, part_h) = parts(h, area.h - 2.0 * b);
            for (piece, &face) in fronts.iter().enumerate() {
                for j in 0..ny {
                    for i in 0..nx {
                        let wx = i as f64 * (part_w - OVERLAP_MM);
                        let wy = j as f64 * (part_h - OVERLAP_MM);
                        let win =
                            Rect::new(area.x + (area.w - part_w) / 2.0, area.y + b, part_w, part_h);
                        let rect = Rect::new(win.x - wx, win.y - wy, w, h);
                        // Bleed only on the piece's own edges, not on the joins.
                        let l = if i == 0 { b } else { 0.0 };
                        let r = if i + 1 == nx { b } else { 0.0 };
                        let t = if j == 0 { b } else { 0.0 };
                        let bo = if j + 1 == ny { b } else { 0.0 };
                        let clip = Rect::new(win.x - l, win.y - t, win.w + l + r, win.h + t + bo);
                        let mut guides = Vec::new();
                        // The part to the left / above covers this part's overlap
                        // strip: show where its edge must land.
                        if i > 0 {
                            let x = win.x + OVERLAP_MM;
                            guides.push(Segment {
                                x1: x,
                                y1: win.y,
                                x2: x,
                                y2: win.bottom(),
                            });
                        }
                        if j > 0 {
                            let y = win.y + OVERLAP_MM;
                            guides.push(Segment {
                                x1: win.x,
                                y1: y,
                                x2: win.right(),
                                y2: y,
                            });
                        }
                        front_sheets.push(vec![Placement {
                            face,
                            component: ci,
                            piece,
                            rect,
                            clip,
                            rotation: 0,
                        }]);
                        guides_of.push(guides);
                        parts_of.push(Some((j * nx + i + 1, nx * ny)));
                    }
                }
            }
        }
        for (k, front) in front_sheets.into_iter().enumerate() {
            let marks = crop_marks(&front, b);
            let back = backs.as_ref().map(|backs| {
                front
                    .iter()
                    .map(|p| Placement {
                        face: backs[p.piece],
                        component: ci,
                        piece: p.piece,
                        rect: back_rect(p.rect, pw, ph, &opts.duplex),
                        clip: back_rect(p.clip, pw, ph, &opts.duplex),
                        // Turned over the long edge, a turned front's top edge
                        // shows on the other side: turn the back the other way.
                        rotation: match (p.rotation, opts.duplex.edge) {
                            (0, _) => 0,
                            (_, Edge::Long) => 270,
                            (_, Edge::Short) => 90,
                        },
                    })
                    .collect::<Vec<_>>()
            });
            sheets.push(Sheet {
                w_mm: pw,
                h_mm: ph,
                side: Side::Front,
                component: ci,
                placements: front,
                marks,
                guides: std::mem::take(&mut guides_of[k]),
                part: parts_of[k],
                label: String::new(),
            });
            if let Some(back) = back {
                let marks = crop_marks(&back, b);
                sheets.push(Sheet {
                    w_mm: pw,
                    h_mm: ph,
                    side: Side::Back,
                    component: ci,
                    placements: back,
                    marks,
                    guides: Vec::new(),
                    part: parts_of[k],
                    label: String::new(),
                });
            }
        }
    }
    label(kit, &mut sheets, opts);
    Ok(sheets)
}

fn grow(r: Rect, by: f64) -> Rect {
    Rect::new(r.x - by, r.y - by, r.w + 2.0 * by, r.h + 2.0 * by)
}

/// Crop marks for every cut line of the placed pieces, drawn outside the
/// block of pieces (beyond any bleed), so they never touch a piece.
fn crop_marks(ps: &[Placement], bleed: f64) -> Vec<Segment> {
    if ps.is_empty() {
        return Vec::new();
    }
    // The visible block (clips include bleed) and the cut lines (piece edges
    // that are visible: a split part's join is cut along its window instead).
    let left = ps.iter().map(|p| p.clip.x).fold(f64::INFINITY, f64::min);
    let top = ps.iter().map(|p| p.clip.y).fold(f64::INFINITY, f64::min);
    let right = ps
        .iter()
        .map(|p| p.clip.right())
        .fold(f64::NEG_INFINITY, f64::max);
    let bottom = ps
        .iter()
        .map(|p| p.clip.bottom())
        .fold(f64::NEG_INFINITY, f64::max);
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for p in ps {
        let cut = intersect(p.rect, grow_to_cut(p.clip, p.rect, bleed));
        xs.extend([cut.x, cut.right()]);
        ys.extend([cut.y, cut.bottom()]);
    }
    dedup(&mut xs);
    dedup(&mut ys);
    let g = MARK_GAP_MM;
    let mut marks = Vec::new();
    for &x in &xs {
        marks.push(Segment {
            x1: x,
            y1: top - g - MARK_LEN_MM,
            x2: x,
            y2: top - g,
        });
        marks.push(Segment {
            x1: x,
            y1: bottom + g,
            x2: x,
            y2: bottom + g + MARK_LEN_MM,
        });
    }
    for &y in &ys {
        marks.push(Segment {
            x1: left - g - MARK_LEN_MM,
            y1: y,
            x2: left - g,
            y2: y,
        });
        marks.push(Segment {
            x1: right + g,
            y1: y,
            x2: right + g + MARK_LEN_MM,
            y2: y,
        });
    }
    marks
}

/// The cut rectangle of a placement: its clip without bleed on the piece's own
/// edges (a split part's joins have no bleed, so they stay where they are).
fn grow_to_cut(clip: Rect, rect: Rect, bleed: f64) -> Rect {
    let eps = 1e-9;
    let l = if (clip.x - (rect.x - bleed)).abs() < eps {
        bleed
    } else {
        0.0
    };
    let t = if (clip.y - (rect.y - bleed)).abs() < eps {
        bleed
    } else {
        0.0
    };
    let r = if (clip.right() - (rect.right() + bleed)).abs() < eps {
        bleed
    } else {
        0.0
    };
    let b = if (clip.bottom() - (rect.bottom() + bleed)).abs() < eps {
        bleed
    } else {
        0.0
    };
    Rect::new(clip.x + l, clip.y + t, clip.w - l - r, clip.h - t - b)
}

fn intersect(a: Rect, b: Rect) -> Rect {
    let x = a.x.max(b.x);
    let y = a.y.max(b.y);
    Rect::new(
        x,
        y,
        a.right().min(b.right()) - x,
        a.bottom().min(b.bottom()) - y,
    )
}

fn dedup(v: &mut Vec<f64>) {
    v.sort_by(f64::total_cmp);
    v.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
}

/// Name each sheet: kit, what it holds, sheet n of m, and how to print backs.
fn label(kit: &Kit, sheets: &mut [Sheet], opts: &Options) {
    let m = sheets.len();
    for (i, s) in sheets.iter_mut().enumerate() {
        let comp = &kit.components[s.component];
        let what = match s.side {
            Side::Front => comp.name.clone(),
            Side::Back => format!(
                "{}, backs of sheet {} (print duplex, flip on the {} edge)",
                comp.name, i, opts.duplex.edge
            ),
        };
        let pieces = s.placements.len();
        let part = match s.part {
            Some((1, n)) => format!(", part 1 of {n} (the next part goes under its edge)"),
            Some((k, n)) => format!(
                ", part {k} of {n} (glue it under the previous part, up to the dashed line)"
            ),
            None => String::new(),
        };
        s.label = format!(
            "{} · {}{} · {} piece{} · sheet {} of {}",
            kit.title,
            what,
            part,
            pieces,
            if pieces == 1 { "" } else { "s" },
            i + 1,
            m
        );
    }
}

/// The sheet's own drawing (crop marks, guides, label) as SVG in mm, the
/// same for both back ends.
pub fn overlay_svg(s: &Sheet) -> String {
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = s.w_mm,
        h = s.h_mm
    );
    let seg = |out: &mut String, l: &Segment| {
        out.push_str(&format!("M{:.3} {:.3}L{:.3} {:.3}", l.x1, l.y1, l.x2, l.y2));
    };
    if !s.marks.is_empty() {
        svg.push_str(r##"<path fill="none" stroke="#000" stroke-width="0.25" d=""##);
        for m in &s.marks {
            seg(&mut svg, m);
        }
        svg.push_str(r#""/>"#);
    }
    if !s.guides.is_empty() {
        svg.push_str(
            r##"<path fill="none" stroke="#555" stroke-width="0.3" stroke-dasharray="2 1.5" d=""##,
        );
        for g in &s.guides {
            seg(&mut svg, g);
        }
        svg.push_str(r#""/>"#);
    }
    // A long label (title, back-sheet instructions) shrinks to the page width.
    let avail = s.w_mm - 2.0 * MARGIN_MM;
    let size = crate::kit::textfit::name_metrics()
        .map(|m| m.width_em(&s.label))
        .map_or(3.0, |em| if em > 0.0 { (avail / em).min(3.0) } else { 3.0 });
    svg.push_str(&format!(
        r##"<text x="{x}" y="{y}" font-family="DejaVu Sans" font-stretch="condensed" font-weight="bold" font-size="{size:.3}" fill="#444">{t}</text>"##,
        x = MARGIN_MM,
        y = 7.5,
        t = xml_escape(&s.label)
    ));
    svg.push_str("</svg>");
    svg
}

/// [`overlay_svg`] parsed.
pub fn overlay_tree(s: &Sheet) -> Result<usvg::Tree> {
    usvg::Tree::from_str(&overlay_svg(s), &crate::kit::template::options(None))
        .map_err(|e| Error::failed("kit.overlay", format!("sheet overlay: {e}")))
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
