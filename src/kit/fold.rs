//! Fold-over backs (`--fold`), for printers without duplex: each front is
//! printed beside its back on the same side of the sheet, the back to the
//! front's right, with a dashed fold line between them. Cut the pair out on
//! its crop marks, fold the back behind along the line, glue: the back lands
//! behind its front exactly, whatever the printer's duplex offset.
//!
//! Folding the right half behind along a vertical line and turning the piece
//! over left to right brings the back's printed side up the right way round:
//! so the back is printed as it is, not mirrored nor turned.

use crate::error::{Error, Result};
use crate::kit::geometry::Rect;
use crate::kit::layout::{self, Options, Placement, Segment, Sheet, Side};
use crate::kit::Kit;

/// Lay every component out in fold pairs (a component without a back, in
/// single pieces), as many per sheet as fit the printable area.
pub fn layout(
    kit: &Kit,
    comps: &[(Vec<usize>, Option<Vec<usize>>)],
    opts: &Options,
) -> Result<Vec<Sheet>> {
    let area = layout::printable_area(opts.paper);
    let (pw, ph) = opts.paper.size_mm();
    let b = opts.bleed_mm;
    let mut sheets = Vec::new();
    for (ci, c) in kit.components.iter().enumerate() {
        let (fronts, backs) = &comps[ci];
        let (w, h) = (c.w_mm, c.h_mm);
        let unit_w = if backs.is_some() { 2.0 * w } else { w };
        let g = c.gutter_mm.max(2.0 * b);
        let fit =
            |avail: f64, len: f64| ((avail - 2.0 * b + g) / (len + g) + 1e-9).floor() as usize;
        let (cols, rows) = (fit(area.w, unit_w), fit(area.h, h));
        if cols == 0 || rows == 0 {
            return Err(Error::input(
                "kit.fold",
                format!(
                    "component `{}` is {w} x {h} mm: {} does not fit on a {} sheet to fold",
                    c.name,
                    if backs.is_some() {
                        format!("a front beside its back ({unit_w} x {h} mm)")
                    } else {
                        "a piece".to_string()
                    },
                    opts.paper.name()
                ),
            )
            .at(c.size_at.clone())
            .help("print this kit without --fold (boards are split over sheets there), or on larger paper"));
        }
        let per = cols * rows;
        let pieces: Vec<usize> = (0..fronts.len()).collect();
        for chunk in pieces.chunks(per) {
            let used_cols = cols.min(chunk.len());
            let grid_w = used_cols as f64 * (unit_w + g) - g;
            let x0 = area.x + (area.w - grid_w) / 2.0;
            let y0 = area.y + b;
            let mut placements = Vec::new();
            let mut pairs = Vec::new();
            let mut guides = Vec::new();
            for (k, &piece) in chunk.iter().enumerate() {
                let x = x0 + (k % cols) as f64 * (unit_w + g);
                let y = y0 + (k / cols) as f64 * (h + g);
                let pair = Rect::new(x, y, unit_w, h);
                let front = Rect::new(x, y, w, h);
                // No bleed across the fold: the two halves are one strip of paper.
                let front_clip = match backs {
                    Some(_) => Rect::new(x - b, y - b, w + b, h + 2.0 * b),
                    None => Rect::new(x - b, y - b, w + 2.0 * b, h + 2.0 * b),
                };
                placements.push(Placement {
                    face: fronts[piece],
                    component: ci,
                    piece,
                    rect: front,
                    clip: front_clip,
                    rotation: 0,
                });
                if let Some(backs) = backs {
                    placements.push(Placement {
                        face: backs[piece],
                        component: ci,
                        piece,
                        rect: Rect::new(x + w, y, w, h),
                        clip: Rect::new(x + w, y - b, w + b, h + 2.0 * b),
                        rotation: 0,
                    });
                    guides.push(Segment {
                        x1: x + w,
                        y1: y,
                        x2: x + w,
                        y2: y + h,
                    });
                }
                pairs.push(Placement {
                    face: 0,
                    component: ci,
                    piece,
                    rect: pair,
                    clip: Rect::new(x - b, y - b, unit_w + 2.0 * b, h + 2.0 * b),
                    rotation: 0,
                });
            }
            sheets.push(Sheet {
                w_mm: pw,
                h_mm: ph,
                side: Side::Front,
                component: ci,
                placements,
                // Cut round each pair, never along its fold.
                marks: layout::crop_marks(&pairs, b),
                guides,
                part: None,
                part_name: None,
                map: None,
                label: String::new(),
                ruler: opts.ruler,
            });
        }
    }
    layout::label(kit, &mut sheets, opts);
    for s in &mut sheets {
        if !s.guides.is_empty() {
            s.label
                .push_str(" · cut round each pair, fold the back behind on the dashed line, glue");
        }
    }
    Ok(sheets)
}
