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
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    pub paper: Paper,
    /// Art printed beyond each cut line, in mm (0 = none).
    pub bleed_mm: f64,
    pub duplex: Duplex,
    /// Draw the scale-check ruler in every sheet's top margin (see [`RULER_MM`]).
    pub ruler: bool,
    /// A print shop's files instead of sheets: one page per card side (see
    /// [`crate::kit::preset`]).
    pub preset: Option<&'static crate::kit::preset::Preset>,
    /// Fold-over backs: each front beside its back (see [`crate::kit::fold`]).
    pub fold: bool,
    /// The printer profile applied (`--printer NAME`), named on every sheet.
    pub printer: Option<&'static str>,
    /// Pieces drawn this much larger across and down, about the page's
    /// centre, to undo a printer's scale error (1.0: as they are).
    pub scale: (f64, f64),
}

/// What `tavolo kit` does without options: A4, no bleed, long-edge duplex,
/// the ruler on.
impl Default for Options {
    fn default() -> Self {
        Options {
            paper: Paper::default(),
            bleed_mm: 0.0,
            duplex: Duplex::default(),
            ruler: true,
            preset: None,
            fold: false,
            printer: None,
            scale: (1.0, 1.0),
        }
    }
}

/// Refuse options that cannot be laid out.
pub fn check(opts: &Options) -> Result<()> {
    let (sx, sy) = opts.scale;
    if !(sx.is_finite() && sy.is_finite() && (0.9..=1.1).contains(&sx) && (0.9..=1.1).contains(&sy))
    {
        return Err(Error::input(
            "kit.printer",
            format!(
                "a scale correction of {sx} x {sy} is beyond what a printer needs (0.9 to 1.1)"
            ),
        ));
    }
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
/// The scale-check ruler: this long, with mm ticks, its right end at the
/// right margin and its baseline [`RULER_BASE_MM`] from the top edge, where
/// no crop mark reaches (they start [`MARK_GAP_MM`] + [`MARK_LEN_MM`] above
/// the pieces, at 10.5 mm at the least). A sheet printed at "fit to page"
/// shows it shorter than a real ruler: caught before any cut.
pub const RULER_MM: f64 = 50.0;
pub const RULER_BASE_MM: f64 = 9.0;

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
    /// A face placed upright at `rect`, printed within `clip`.
    pub fn upright(face: usize, component: usize, piece: usize, rect: Rect, clip: Rect) -> Self {
        Placement {
            face,
            component,
            piece,
            rect,
            clip,
            rotation: 0,
        }
    }

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
    /// The (first) component on the sheet: components that share a back
    /// share sheets, so a sheet may hold pieces of several.
    pub component: usize,
    pub placements: Vec<Placement>,
    /// Crop marks, all in the margins.
    pub marks: Vec<Segment>,
    /// Dashed guides: where the neighbouring part's edge goes when gluing.
    pub guides: Vec<Segment>,
    /// For a part of a split piece: (part number from 1, parts).
    pub part: Option<(usize, usize)>,
    /// For a part of a piece split in both directions: its row letter and
    /// column number, `A1` top left, `A2` to its right, `B1` below it.
    pub part_name: Option<String>,
    /// For the assembly map of a piece split in both directions.
    pub map: Option<AssemblyMap>,
    /// The label printed in the top margin.
    pub label: String,
    /// Draw the scale-check ruler at the top right (see [`RULER_MM`]).
    pub ruler: bool,
}

impl Sheet {
    /// A page of these placements and nothing else: no crop marks, guides, parts, label or
    /// ruler (a preset's card a page, the calibration sheets, the pages `show` and `event`
    /// print on the kits' back end).
    pub fn plain(
        w_mm: f64,
        h_mm: f64,
        side: Side,
        component: usize,
        placements: Vec<Placement>,
    ) -> Self {
        Sheet {
            w_mm,
            h_mm,
            side,
            component,
            placements,
            marks: Vec::new(),
            guides: Vec::new(),
            part: None,
            part_name: None,
            map: None,
            label: String::new(),
            ruler: false,
        }
    }
}

/// The page that shows how the parts of a board split in both directions
/// join: the whole board drawn small, each part's outline and name, the
/// strips where parts overlap, and how to glue them.
#[derive(Debug, Clone, PartialEq)]
pub struct AssemblyMap {
    /// Each part on the page: its window on the small board and its name.
    pub parts: Vec<(Rect, String)>,
    /// The overlap strips on the small board (glue goes there).
    pub overlaps: Vec<Rect>,
    /// Lines of instructions, set under the map from `text_y`.
    pub text: Vec<String>,
    pub text_y: f64,
}

/// Part names: `A1`, `A2`, ... `B1`: row letter (top to bottom), column number.
pub fn part_name(row: usize, col: usize) -> String {
    let letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    format!("{}{}", letters[row % 26] as char, col + 1)
}

/// How pieces of `w` x `h` mm sit on a sheet: (turned, columns, rows), or
/// `None` when one does not fit and must be split.
fn grid_choice(
    w: f64,
    h: f64,
    rotate: bool,
    gutter: f64,
    area: Rect,
    b: f64,
) -> Option<(bool, usize, usize)> {
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
    let turned = if rotate { grid(h, w) } else { None };
    match (upright, turned) {
        (Some((c, r)), Some((tc, tr))) if tc * tr > c * r => Some((true, tc, tr)),
        (Some((c, r)), _) => Some((false, c, r)),
        (None, Some((tc, tr))) => Some((true, tc, tr)),
        (None, None) => None,
    }
}

/// The printable area of a page: inside the margins.
pub fn printable_area(paper: Paper) -> Rect {
    let (pw, ph) = paper.size_mm();
    Rect::new(
        MARGIN_MM,
        TOP_MARGIN_MM,
        pw - 2.0 * MARGIN_MM,
        ph - TOP_MARGIN_MM - MARGIN_MM,
    )
}

/// Does a piece of this component fit on one sheet (else it is split)?
pub fn fits_sheet(comp: &crate::kit::model::Component, paper: Paper) -> bool {
    grid_choice(
        comp.w_mm,
        comp.h_mm,
        comp.rotate,
        comp.gutter_mm,
        printable_area(paper),
        0.0,
    )
    .is_some()
}

/// Split `len` mm into parts of at most `avail` mm that overlap by
/// `OVERLAP_MM`: each part's (from, to) along the piece. Parts are as equal
/// as they can be, but the visible seam (a part's far edge, glued over the
/// next) avoids the open intervals of `keep` (a start square) whenever
/// another cut is possible.
pub fn split_axis(len: f64, avail: f64, keep: &[(f64, f64)]) -> Vec<(f64, f64)> {
    if len <= avail {
        return vec![(0.0, len)];
    }
    let n = ((len - OVERLAP_MM) / (avail - OVERLAP_MM)).ceil() as usize;
    let inside = |s: f64| keep.iter().any(|&(lo, hi)| s > lo + 1e-9 && s < hi - 1e-9);
    let mut parts = Vec::with_capacity(n);
    let mut from = 0.0f64;
    for k in 0..n - 1 {
        let left = n - k;
        // Spread what is left equally over the parts left.
        let ideal = from + (len - from + (left - 1) as f64 * OVERLAP_MM) / left as f64;
        let ok = |s: f64| {
            s - from <= avail + 1e-9
                && s - from > 2.0 * OVERLAP_MM
                && len - s <= (left - 1) as f64 * (avail - OVERLAP_MM) + 1e-9
        };
        let mut candidates: Vec<f64> = std::iter::once(ideal)
            .chain(keep.iter().flat_map(|&(lo, hi)| [lo, hi]))
            .filter(|&s| ok(s) && !inside(s))
            .collect();
        candidates.sort_by(|a, b| (a - ideal).abs().total_cmp(&(b - ideal).abs()));
        let to = candidates.first().copied().unwrap_or(ideal);
        parts.push((from, to));
        from = to - OVERLAP_MM;
    }
    parts.push((from, len));
    parts
}

/// One piece to lay on a grid sheet: (component, piece index, front face).
type Item = (usize, usize, usize);

/// Lay out every component of `kit`. `faces[c]` gives (front face per piece,
/// back face per piece) of component `c`.
///
/// Components of the same size whose pieces share one back template are
/// laid as one run (in the order of the first of them), so a few leftover
/// cards of one fill the last sheet of another instead of taking a page
/// (and its back page) of their own.
pub fn layout(
    kit: &Kit,
    faces: &[(Vec<usize>, Option<Vec<usize>>)],
    opts: &Options,
) -> Result<Vec<Sheet>> {
    check(opts)?;
    let (pw, ph) = opts.paper.size_mm();
    let area = printable_area(opts.paper);
    let b = opts.bleed_mm;
    let mut sheets = Vec::new();
    let mut done = vec![false; kit.components.len()];
    for (ci, comp) in kit.components.iter().enumerate() {
        if done[ci] {
            continue;
        }
        done[ci] = true;
        let (w, h) = (comp.w_mm, comp.h_mm);
        let gutter = comp.gutter_mm.max(2.0 * b);
        let choice = grid_choice(w, h, comp.rotate, gutter, area, b);
        let mut front_sheets: Vec<FrontSheet> = Vec::new();
        if let Some((turn, cols, rows)) = choice {
            let mut items: Vec<Item> = faces[ci]
                .0
                .iter()
                .enumerate()
                .map(|(k, &f)| (ci, k, f))
                .collect();
            if let Some(back) = &comp.back {
                for (cj, other) in kit.components.iter().enumerate().skip(ci + 1) {
                    let same = !done[cj]
                        && other.back.as_ref() == Some(back)
                        && other.w_mm == w
                        && other.h_mm == h
                        && other.gutter_mm == comp.gutter_mm
                        && other.rotate == comp.rotate;
                    if same {
                        done[cj] = true;
                        items.extend(faces[cj].0.iter().enumerate().map(|(k, &f)| (cj, k, f)));
                    }
                }
            }
            grid_sheets(
                &items,
                turn,
                cols,
                rows,
                (w, h),
                gutter,
                area,
                b,
                &mut front_sheets,
            );
        } else {
            // A split piece must leave room for its parts to overlap.
            if w + 2.0 * b > 8.0 * area.w || h + 2.0 * b > 8.0 * area.h {
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
            split_sheets(ci, comp, &faces[ci].0, area, b, &mut front_sheets);
        }
        for f in front_sheets {
            let marks = if f.map.is_some() {
                Vec::new()
            } else {
                crop_marks(&f.placements, b)
            };
            let back = (f.map.is_none())
                .then(|| {
                    f.placements
                        .iter()
                        .map(|p| {
                            let backs = faces[p.component].1.as_ref()?;
                            Some(Placement {
                                face: backs[p.piece],
                                component: p.component,
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
                        })
                        .collect::<Option<Vec<_>>>()
                })
                .flatten()
                // Kept until the PDF is written: without the slack of growing
                // (collecting options gives no size to start from).
                .map(|mut back| {
                    back.shrink_to_fit();
                    back
                });
            let component = f.placements.first().map_or(ci, |p| p.component);
            sheets.push(Sheet {
                w_mm: pw,
                h_mm: ph,
                side: Side::Front,
                component,
                placements: f.placements,
                marks,
                guides: f.guides,
                part: f.part,
                part_name: f.part_name.clone(),
                map: f.map,
                label: String::new(),
                ruler: opts.ruler,
            });
            if let Some(back) = back {
                let marks = crop_marks(&back, b);
                sheets.push(Sheet {
                    w_mm: pw,
                    h_mm: ph,
                    side: Side::Back,
                    component,
                    placements: back,
                    marks,
                    guides: Vec::new(),
                    part: f.part,
                    part_name: f.part_name,
                    map: None,
                    label: String::new(),
                    ruler: opts.ruler,
                });
            }
        }
    }
    label(kit, &mut sheets, opts);
    // Kept until the PDF is written: without the slack of growing.
    sheets.shrink_to_fit();
    Ok(sheets)
}

/// A front sheet before its backs, marks and label.
struct FrontSheet {
    placements: Vec<Placement>,
    guides: Vec<Segment>,
    part: Option<(usize, usize)>,
    part_name: Option<String>,
    map: Option<AssemblyMap>,
}

impl FrontSheet {
    fn new(placements: Vec<Placement>) -> Self {
        FrontSheet {
            placements,
            guides: Vec::new(),
            part: None,
            part_name: None,
            map: None,
        }
    }
}

/// Pieces that fit a sheet, `cols` x `rows` to a sheet, in order.
#[allow(clippy::too_many_arguments)]
fn grid_sheets(
    items: &[Item],
    turn: bool,
    cols: usize,
    rows: usize,
    (w, h): (f64, f64),
    gutter: f64,
    area: Rect,
    b: f64,
    out: &mut Vec<FrontSheet>,
) {
    let (w, h) = if turn { (h, w) } else { (w, h) };
    let per = cols * rows;
    for chunk in items.chunks(per) {
        let n = chunk.len();
        let used_cols = cols.min(n);
        let grid_w = used_cols as f64 * (w + gutter) - gutter;
        // Centre the grid across, keep it at the top: fewer cuts on a partial sheet.
        let x0 = area.x + (area.w - grid_w) / 2.0;
        let y0 = area.y + b;
        let mut ps = Vec::with_capacity(n);
        for (k, &(component, piece, face)) in chunk.iter().enumerate() {
            let (col, row) = (k % cols, k / cols);
            let rect = Rect::new(
                x0 + col as f64 * (w + gutter),
                y0 + row as f64 * (h + gutter),
                w,
                h,
            );
            ps.push(Placement {
                face,
                component,
                piece,
                rect,
                clip: grow(rect, b),
                rotation: if turn { 90 } else { 0 },
            });
        }
        out.push(FrontSheet::new(ps));
    }
}

/// A piece larger than a sheet: split into parts that overlap by
/// `OVERLAP_MM`, one per sheet; split in both directions, an assembly map
/// comes first and the parts are named by row and column.
fn split_sheets(
    ci: usize,
    comp: &crate::kit::model::Component,
    fronts: &[usize],
    area: Rect,
    b: f64,
    out: &mut Vec<FrontSheet>,
) {
    let (w, h) = (comp.w_mm, comp.h_mm);
    let xs: Vec<(f64, f64)> = comp.keep_whole.iter().map(|r| (r.x, r.right())).collect();
    let ys: Vec<(f64, f64)> = comp.keep_whole.iter().map(|r| (r.y, r.bottom())).collect();
    let cols = split_axis(w, area.w - 2.0 * b, &xs);
    let rows = split_axis(h, area.h - 2.0 * b, &ys);
    let (nx, ny) = (cols.len(), rows.len());
    let two_way = nx > 1 && ny > 1;
    for (piece, &face) in fronts.iter().enumerate() {
        if two_way {
            out.push(assembly_map(ci, piece, face, (w, h), &cols, &rows, area));
        }
        for (j, &(y0, y1)) in rows.iter().enumerate() {
            for (i, &(x0, x1)) in cols.iter().enumerate() {
                let (part_w, part_h) = (x1 - x0, y1 - y0);
                let win = Rect::new(area.x + (area.w - part_w) / 2.0, area.y + b, part_w, part_h);
                let rect = Rect::new(win.x - x0, win.y - y0, w, h);
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
                out.push(FrontSheet {
                    placements: vec![Placement {
                        face,
                        component: ci,
                        piece,
                        rect,
                        clip,
                        rotation: 0,
                    }],
                    guides,
                    part: Some((j * nx + i + 1, nx * ny)),
                    part_name: two_way.then(|| part_name(j, i)),
                    map: None,
                });
            }
        }
    }
}

/// The assembly map of a piece split into `cols` x `rows` parts.
fn assembly_map(
    ci: usize,
    piece: usize,
    face: usize,
    (w, h): (f64, f64),
    cols: &[(f64, f64)],
    rows: &[(f64, f64)],
    area: Rect,
) -> FrontSheet {
    let text_h = 34.0;
    let k = (area.w / w).min((area.h - text_h) / h);
    let board = Rect::new(area.x + (area.w - w * k) / 2.0, area.y, w * k, h * k);
    let at = |x0: f64, y0: f64, x1: f64, y1: f64| {
        Rect::new(
            board.x + x0 * k,
            board.y + y0 * k,
            (x1 - x0) * k,
            (y1 - y0) * k,
        )
    };
    let mut parts = Vec::new();
    for (j, &(y0, y1)) in rows.iter().enumerate() {
        for (i, &(x0, x1)) in cols.iter().enumerate() {
            parts.push((at(x0, y0, x1, y1), part_name(j, i)));
        }
    }
    let mut overlaps = Vec::new();
    for &(_, x1) in &cols[..cols.len() - 1] {
        overlaps.push(at(x1 - OVERLAP_MM, 0.0, x1, h));
    }
    for &(_, y1) in &rows[..rows.len() - 1] {
        overlaps.push(at(0.0, y1 - OVERLAP_MM, w, y1));
    }
    let (last_row, last_col) = (rows.len() - 1, cols.len() - 1);
    let text = vec![
        format!(
            "Assembly map: the board is printed in {} parts, {} rows (A-{}) of {} columns (1-{}); each part's sheet names it.",
            rows.len() * cols.len(),
            rows.len(),
            part_name(last_row, 0).chars().next().unwrap_or('A'),
            cols.len(),
            last_col + 1
        ),
        "1. Cut every part on its crop marks.".to_string(),
        format!(
            "2. In each row, glue each part under the part to its left, its edge on the dashed line ({} under {}).",
            part_name(0, 1),
            part_name(0, 0)
        ),
        format!(
            "3. Glue each row under the row above, its edge on the dashed line (row {} under row A). Grey: the glued strips.",
            part_name(1, 0).chars().next().unwrap_or('B')
        ),
    ];
    let rect = board;
    FrontSheet {
        placements: vec![Placement {
            face,
            component: ci,
            piece,
            rect,
            clip: rect,
            rotation: 0,
        }],
        guides: Vec::new(),
        part: None,
        part_name: None,
        map: Some(AssemblyMap {
            parts,
            overlaps,
            text,
            text_y: board.bottom() + 7.0,
        }),
    }
}

fn grow(r: Rect, by: f64) -> Rect {
    Rect::new(r.x - by, r.y - by, r.w + 2.0 * by, r.h + 2.0 * by)
}

/// Crop marks for every cut line of the placed pieces, drawn outside the
/// block of pieces (beyond any bleed), so they never touch a piece.
pub(crate) fn crop_marks(ps: &[Placement], bleed: f64) -> Vec<Segment> {
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
pub(crate) fn label(kit: &Kit, sheets: &mut [Sheet], opts: &Options) {
    let m = sheets.len();
    for (i, s) in sheets.iter_mut().enumerate() {
        // Every component on the sheet, in order.
        let mut names: Vec<&str> = Vec::new();
        for p in &s.placements {
            let n = kit.components[p.component].name.as_str();
            if !names.contains(&n) {
                names.push(n);
            }
        }
        if names.is_empty() {
            names.push(kit.components[s.component].name.as_str());
        }
        let names = names.join(", ");
        let what = match s.side {
            Side::Front => names,
            Side::Back => format!(
                "{names}, backs of sheet {i} (print duplex, flip on the {} edge)",
                opts.duplex.edge
            ),
        };
        let part = match (&s.part_name, s.part, &s.map) {
            (_, _, Some(_)) => ", assembly map".to_string(),
            (Some(name), Some((_, n)), _) => {
                format!(", part {name} of {n} (see the assembly map; glue it under its left and upper neighbours, up to the dashed lines)")
            }
            (_, Some((1, n)), _) => {
                format!(", part 1 of {n} (the next part goes under its edge)")
            }
            (_, Some((k, n)), _) => format!(
                ", part {k} of {n} (glue it under the previous part, up to the dashed line)"
            ),
            _ => String::new(),
        };
        // Distinct pieces: a fold-over sheet places each piece twice (front and back).
        let pieces = if s.map.is_some() {
            0
        } else {
            let mut seen: Vec<(usize, usize)> = s
                .placements
                .iter()
                .map(|p| (p.component, p.piece))
                .collect();
            seen.sort_unstable();
            seen.dedup();
            seen.len()
        };
        let count = if s.map.is_some() {
            String::new()
        } else {
            format!(" · {} piece{}", pieces, if pieces == 1 { "" } else { "s" })
        };
        s.label = format!(
            "{} · {}{}{} · sheet {} of {}",
            kit.title,
            what,
            part,
            count,
            i + 1,
            m
        );
        if let Some(name) = opts.printer {
            s.label.push_str(&format!(" · printer {name}"));
        }
    }
}

/// Undo a printer's scale error: every piece, crop mark and guide drawn
/// `scale` larger about the page's centre (the label and the ruler stay as
/// they are: the ruler shows what the printer does to a true length).
pub fn apply_scale(sheets: &mut [Sheet], (sx, sy): (f64, f64)) {
    if (sx, sy) == (1.0, 1.0) {
        return;
    }
    for s in sheets {
        let (cx, cy) = (s.w_mm / 2.0, s.h_mm / 2.0);
        let x = |v: f64| cx + (v - cx) * sx;
        let y = |v: f64| cy + (v - cy) * sy;
        let rect = |r: Rect| Rect::new(x(r.x), y(r.y), r.w * sx, r.h * sy);
        for p in &mut s.placements {
            p.rect = rect(p.rect);
            p.clip = rect(p.clip);
        }
        for g in s.marks.iter_mut().chain(s.guides.iter_mut()) {
            *g = Segment {
                x1: x(g.x1),
                y1: y(g.y1),
                x2: x(g.x2),
                y2: y(g.y2),
            };
        }
    }
}

/// The sheet's own drawing (crop marks, guides, label) as SVG in mm, the
/// same for both back ends.
pub fn overlay_svg(s: &Sheet) -> String {
    let mut svg = overlay_body(s);
    svg.push_str(&overlay_label(s));
    svg.push_str("</svg>");
    svg
}

/// The `<svg>` start tag of a sheet's overlay.
fn overlay_head(s: &Sheet) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = s.w_mm,
        h = s.h_mm
    )
}

/// The overlay in two parsed parts, the label last: what most sheets share
/// (marks, guides, ruler; an empty label) and the label alone. Drawn one after
/// the other they are [`overlay_svg`]; the PDF writer parses each distinct
/// first part once instead of once per sheet.
pub fn overlay_parts(s: &Sheet) -> (String, String) {
    (overlay_shared(s), overlay_own(s))
}

/// The first of [`overlay_parts`]: marks, guides, map, ruler.
pub fn overlay_shared(s: &Sheet) -> String {
    let mut body = overlay_body(s);
    body.push_str("</svg>");
    body
}

/// The second of [`overlay_parts`]: the label.
pub fn overlay_own(s: &Sheet) -> String {
    let mut label = overlay_head(s);
    label.push_str(&overlay_label(s));
    label.push_str("</svg>");
    label
}

/// Do two sheets have the same [`overlay_shared`], known without writing it?
/// The same numbers to the bit (so the same text), and no assembly map.
pub fn same_shared(a: &Sheet, b: &Sheet) -> bool {
    let segs = |x: &[Segment], y: &[Segment]| {
        let bits = |s: &Segment| [s.x1, s.y1, s.x2, s.y2].map(f64::to_bits);
        x.len() == y.len() && x.iter().zip(y).all(|(p, q)| bits(p) == bits(q))
    };
    a.w_mm.to_bits() == b.w_mm.to_bits()
        && a.h_mm.to_bits() == b.h_mm.to_bits()
        && a.ruler == b.ruler
        && a.map.is_none()
        && b.map.is_none()
        && segs(&a.marks, &b.marks)
        && segs(&a.guides, &b.guides)
}

/// A sheet's overlay as SVG text, parsed as the back ends parse it.
pub fn parse_overlay(svg: &str) -> Result<usvg::Tree> {
    usvg::Tree::from_str(svg, &crate::kit::template::options(None))
        .map_err(|e| Error::failed("kit.overlay", format!("sheet overlay: {e}")))
}

/// The overlay's start tag, marks, guides, assembly map and ruler (left open).
fn overlay_body(s: &Sheet) -> String {
    let mut svg = overlay_head(s);
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
    if let Some(map) = &s.map {
        map_svg(&mut svg, map, s.w_mm - 2.0 * MARGIN_MM);
    }
    if s.ruler {
        ruler_svg(&mut svg, s.w_mm - MARGIN_MM - RULER_MM);
    }
    svg
}

/// The bundled face (index into [`super::fonts::FACES`]) and the fill of
/// the sheets' labels: DejaVu Sans condensed bold, dark grey.
pub(crate) const LABEL_FACE: usize = 1;
pub(crate) const LABEL_FILL: [u8; 3] = [0x44, 0x44, 0x44];

/// Where a sheet's label starts (x, y of its baseline, in mm) and its font
/// size as the overlay writes it (3 decimals).
pub(crate) fn label_place(s: &Sheet) -> (f64, f64, String) {
    // A long label (title, back-sheet instructions) shrinks to the page
    // width, left of the ruler.
    let ruler_room = if s.ruler { RULER_MM + 6.0 } else { 0.0 };
    let avail = s.w_mm - 2.0 * MARGIN_MM - ruler_room;
    let size = crate::kit::textfit::name_metrics()
        .map(|m| m.width_em(&s.label))
        .map_or(3.0, |em| if em > 0.0 { (avail / em).min(3.0) } else { 3.0 });
    (MARGIN_MM, 7.5, format!("{size:.3}"))
}

/// The label's `<text>`, in the top margin.
fn overlay_label(s: &Sheet) -> String {
    let (x, y, size) = label_place(s);
    let [r, g, b] = LABEL_FILL;
    format!(
        r##"<text x="{x}" y="{y}" font-family="DejaVu Sans" font-stretch="condensed" font-weight="bold" font-size="{size}" fill="#{r:02x}{g:02x}{b:02x}">{t}</text>"##,
        t = xml_escape(&s.label)
    )
}

/// The scale-check ruler from `x0`: a baseline, a tick every mm (taller
/// every 5 and 10), and the tens in mm above them.
fn ruler_svg(svg: &mut String, x0: f64) {
    let base = RULER_BASE_MM;
    svg.push_str(&format!(
        r##"<path fill="none" stroke="#000" stroke-width="0.15" d="M{:.3} {base:.3}L{:.3} {base:.3}"##,
        x0 - 0.075,
        x0 + RULER_MM + 0.075
    ));
    for mm in 0..=RULER_MM as i64 {
        let tall = match mm {
            m if m % 10 == 0 => 2.6,
            m if m % 5 == 0 => 1.8,
            _ => 1.1,
        };
        let x = x0 + mm as f64;
        svg.push_str(&format!("M{x:.3} {base:.3}L{x:.3} {:.3}", base - tall));
    }
    svg.push_str(r#""/>"#);
    for mm in (0..=RULER_MM as i64).step_by(10) {
        let text = if mm == RULER_MM as i64 {
            format!("{mm} mm")
        } else {
            mm.to_string()
        };
        svg.push_str(&format!(
            r##"<text x="{:.3}" y="{:.3}" text-anchor="middle" font-family="DejaVu Sans" font-stretch="condensed" font-weight="bold" font-size="1.8" fill="#000">{text}</text>"##,
            x0 + mm as f64,
            base - 3.0
        ));
    }
}

/// The assembly map's own drawing: glued strips, part outlines and names,
/// and the instructions.
fn map_svg(svg: &mut String, map: &AssemblyMap, avail: f64) {
    for r in &map.overlaps {
        svg.push_str(&format!(
            r##"<rect x="{:.3}" y="{:.3}" width="{:.3}" height="{:.3}" fill="#000" fill-opacity="0.25"/>"##,
            r.x, r.y, r.w, r.h
        ));
    }
    for (r, _) in &map.parts {
        svg.push_str(&format!(
            r##"<rect x="{:.3}" y="{:.3}" width="{:.3}" height="{:.3}" fill="none" stroke="#000" stroke-width="0.6"/>"##,
            r.x, r.y, r.w, r.h
        ));
    }
    let metrics = crate::kit::textfit::name_metrics();
    for (r, name) in &map.parts {
        let (cx, cy) = (r.x + r.w / 2.0, r.y + r.h / 2.0);
        let size = (r.w.min(r.h) / 4.0).min(14.0);
        svg.push_str(&format!(
            r##"<rect x="{:.3}" y="{:.3}" width="{:.3}" height="{:.3}" rx="1.5" fill="#fff" stroke="#000" stroke-width="0.4"/>"##,
            cx - size * 0.9,
            cy - size * 0.7,
            size * 1.8,
            size * 1.4
        ));
        svg.push_str(&format!(
            r##"<text x="{cx:.3}" y="{:.3}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="{size:.3}" fill="#000">{}</text>"##,
            cy + size * 0.36,
            xml_escape(name)
        ));
    }
    for (i, line) in map.text.iter().enumerate() {
        let size = metrics
            .as_ref()
            .map(|m| m.width_em(line))
            .map_or(3.2, |em| if em > 0.0 { (avail / em).min(3.2) } else { 3.2 });
        svg.push_str(&format!(
            r##"<text x="{x}" y="{y:.3}" font-family="DejaVu Sans" font-stretch="condensed" font-weight="bold" font-size="{size:.3}" fill="#000">{t}</text>"##,
            x = MARGIN_MM,
            y = map.text_y + i as f64 * 6.0,
            t = xml_escape(line)
        ));
    }
}

/// [`overlay_svg`] parsed.
pub fn overlay_tree(s: &Sheet) -> Result<usvg::Tree> {
    parse_overlay(&overlay_svg(s))
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
