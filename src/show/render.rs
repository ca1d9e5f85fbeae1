//! Drawing a [`Scene`] with its kit's art: one SVG document (the shared
//! model), parsed once by usvg and drawn to PNG by resvg or to PDF by the
//! kit's own PDF back end, so the three outputs show the same picture.
//!
//! Each piece's face is the kit's face for that piece, written back from its
//! usvg tree and nested as an `<svg>` viewport (which clips the bleed), in a
//! group whose id is the item's (`tile-c3`) and whose transform places it
//! (so a reader finds a piece's place without its bleed); marks are groups `mark-last`
//! and `mark-illegal`; labels are `<text>` elements with their own ids, and the
//! caption is wrapped at words to the picture's width. Sizes are millimetres: the document is `W mm` wide
//! with a viewBox in mm.

use std::fmt::Write as _;

use usvg::WriteOptions;

use super::scene::{Label, LabelKind, MarkKind, Rect, Scene};
use crate::error::{Error, Result};
use crate::kit::model::Piece;
use crate::kit::template::{self, KitFaces};
use crate::kit::Kit;

/// Height of the caption strip under the picture, in mm, for one line.
pub const CAPTION_MM: f64 = 9.0;
/// The caption's font size and the distance between its lines, in mm.
const CAPTION_FONT_MM: f64 = 4.0;
const CAPTION_LINE_MM: f64 = 5.0;
/// The colours of labels: a note over a piece purple (neither mark's colour),
/// coordinates grey, names near black.
pub const LABEL_COLOUR: &str = "#6a1b9a";
pub const COORDINATE_COLOUR: &str = "#5f6368";
pub const NAME_COLOUR: &str = "#1f1f1f";
/// White margin round the picture, in mm.
pub const MARGIN_MM: f64 = 4.0;

/// The colours of the marks: blue for the last move, red for an illegal one.
pub const LAST_COLOUR: &str = "#1565c0";
pub const ILLEGAL_COLOUR: &str = "#d50000";

/// A bundled kit with its faces drawn.
pub struct KitArt {
    pub kit: Kit,
    pub faces: KitFaces,
}

impl KitArt {
    /// Load a bundled kit by name (`moon`, `fruit`) and draw its faces.
    pub fn bundled(name: &str) -> Result<KitArt> {
        let path = crate::kit::bundled::kits()
            .into_iter()
            .find(|p| p.file_stem().is_some_and(|s| s == name))
            .ok_or_else(|| Error::failed("show.no-art", format!("no bundled kit `{name}`")))?;
        let kit = crate::kit::model::load(&path)?;
        let faces = template::render_faces(&kit)?;
        Ok(KitArt { kit, faces })
    }

    /// A component's cut size in mm.
    pub fn size(&self, component: &str) -> Option<(f64, f64)> {
        self.kit
            .components
            .iter()
            .find(|c| c.name == component)
            .map(|c| (c.w_mm, c.h_mm))
    }

    /// The face `face` as SVG placed at `at` (mm) in a group `id`; `n`
    /// makes its inner ids unique in the document.
    pub fn placed(&self, face: usize, id: &str, at: Rect, ghost: bool, n: usize) -> String {
        let tree = &self.faces.faces[face].tree;
        let size = tree.size();
        let opts = WriteOptions {
            id_prefix: Some(format!("i{n}-")),
            ..WriteOptions::default()
        };
        let text = tree.to_string(&opts);
        format!(
            "<g id=\"{}\" transform=\"translate({} {})\"{}>\n<svg width=\"{}\" \
             height=\"{}\" viewBox=\"0 0 {} {}\" preserveAspectRatio=\"none\">{}</svg>\n</g>\n",
            escape(id),
            at.x,
            at.y,
            if ghost { " opacity=\"0.55\"" } else { "" },
            at.w,
            at.h,
            size.width(),
            size.height(),
            inner(&text)
        )
    }

    /// The face (index into `faces.faces`) of the piece whose fields match `piece`.
    pub fn face(&self, component: &str, piece: &[(&str, String)], back: bool) -> Result<usize> {
        let missing = |what: String| Error::failed("show.no-art", what);
        let ci = self
            .kit
            .components
            .iter()
            .position(|c| c.name == component)
            .ok_or_else(|| missing(format!("the kit {} has no `{component}`", self.kit.name)))?;
        let pi = self.kit.components[ci]
            .pieces
            .iter()
            .position(|p| piece.iter().all(|(k, v)| field_is(p, k, v)))
            .ok_or_else(|| {
                missing(format!(
                    "the kit {} has no {component} piece {piece:?}",
                    self.kit.name
                ))
            })?;
        let (fronts, backs) = &self.faces.components[ci];
        Ok(match (back, backs) {
            (true, Some(b)) => b[pi],
            _ => fronts[pi],
        })
    }
}

/// A piece's field by dotted path (`moon.code`, `number`).
fn lookup<'a>(piece: &'a Piece, path: &str) -> Option<&'a toml::Value> {
    let mut parts = path.split('.');
    let mut v = piece.get(parts.next()?)?;
    for p in parts {
        v = v.as_table()?.get(p)?;
    }
    Some(v)
}

/// A field's value as text (`R`, `3`).
fn text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(i) => i.to_string(),
        other => other.to_string(),
    }
}

/// Whether a piece's field (by dotted path) reads `want` as [`text`], without
/// copying a string field (a deal sheet looks up every piece of every board).
fn field_is(piece: &Piece, path: &str, want: &str) -> bool {
    match lookup(piece, path) {
        Some(toml::Value::String(s)) => s == want,
        Some(v) => text(v) == want,
        None => false,
    }
}

/// XML-escape text for an attribute or element.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The inside of a written-back face: what lies between its root `<svg ...>`
/// and `</svg>`.
fn inner(svg: &str) -> &str {
    let start = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1));
    let end = svg.rfind("</svg>");
    match (start, end) {
        (Some(s), Some(e)) if s <= e => &svg[s..e],
        _ => "",
    }
}

/// The scene as an SVG document in millimetres.
pub fn svg(scene: &Scene, art: &KitArt) -> Result<String> {
    let lines = caption_lines(&scene.caption, scene.w_mm)?;
    let (w, h) = page_size(scene, lines.len());
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{w}mm\" height=\"{h}mm\" viewBox=\"0 0 {w} {h}\">\n<title>{}</title>\n\
         <rect id=\"paper\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n\
         <g id=\"scene\" transform=\"translate({MARGIN_MM} {MARGIN_MM})\">\n",
        escape(&scene.caption)
    );
    out.push_str(&slots_svg(&scene.slots));
    for (n, item) in scene.items.iter().enumerate() {
        let face = art.face(item.component, &item.piece, item.back)?;
        out.push_str(&art.placed(face, &item.id, item.at, item.ghost, n));
    }
    out.push_str(&over_pieces(scene, &lines));
    Ok(out)
}

/// The colour of an empty place's outline.
pub const SLOT_COLOUR: &str = "#b0b4ba";

/// The empty places of a grid as one group `slots` of faint dashed outlines,
/// in scene mm (drawn under the pieces).
fn slots_svg(slots: &[Rect]) -> String {
    if slots.is_empty() {
        return String::new();
    }
    let mut out = String::from("<g id=\"slots\">\n");
    for r in slots {
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"2\" fill=\"#f6f7f8\" \
             stroke=\"{SLOT_COLOUR}\" stroke-width=\"0.4\" stroke-dasharray=\"2 1.5\"/>",
            r.x + 0.5,
            r.y + 0.5,
            r.w - 1.0,
            r.h - 1.0
        );
    }
    out.push_str("</g>\n");
    out
}

/// What both outputs draw over the pieces, closing the scene group and the
/// document: the marks, the labels, then the caption under the picture.
fn over_pieces(scene: &Scene, lines: &[String]) -> String {
    let mut out = marks_svg(scene);
    out.push_str(&labels_svg(&scene.labels));
    out.push_str("</g>\n");
    out.push_str(&caption_svg(scene, lines));
    out.push_str("</svg>\n");
    out
}

/// The picture's size in mm with margins and a caption of `lines` lines.
fn page_size(scene: &Scene, lines: usize) -> (f64, f64) {
    (
        scene.w_mm + 2.0 * MARGIN_MM,
        scene.h_mm
            + 2.0 * MARGIN_MM
            + CAPTION_MM
            + lines.saturating_sub(1) as f64 * CAPTION_LINE_MM,
    )
}

/// The caption as one `<text id="caption">`, a `<tspan>` a line.
fn caption_svg(scene: &Scene, lines: &[String]) -> String {
    let first = scene.h_mm + 2.0 * MARGIN_MM + CAPTION_MM - MARGIN_MM - 1.0;
    let mut out = format!(
        "<text id=\"caption\" font-family=\"DejaVu Sans\" font-size=\"{CAPTION_FONT_MM}\" \
         fill=\"#1f1f1f\">"
    );
    for (i, line) in lines.iter().enumerate() {
        let _ = write!(
            out,
            "<tspan x=\"{MARGIN_MM}\" y=\"{}\">{}</tspan>",
            first + i as f64 * CAPTION_LINE_MM,
            escape(line)
        );
    }
    out.push_str("</text>\n");
    out
}

/// The caption's words measured with the bundled face it is set in (DejaVu
/// Sans Bold, its real advance widths) and wrapped greedily to `width` mm, so
/// a long verdict goes on to another line instead of past the picture's edge.
/// A word wider than the picture keeps a line of its own.
pub fn caption_lines(caption: &str, width: f64) -> Result<Vec<String>> {
    let font = crate::kit::textfit::sans_metrics()?;
    let em = |s: &str| font.width_em(s) * CAPTION_FONT_MM;
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in caption.split_whitespace() {
        if !line.is_empty() && em(&line) + em(" ") + em(word) > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    Ok(lines)
}

/// The labels as `<text>` elements centred in their boxes, in scene mm.
fn labels_svg(labels: &[Label]) -> String {
    let mut out = String::new();
    for l in labels {
        let (cx, cy) = l.at.centre();
        let fill = match l.kind {
            LabelKind::Note => LABEL_COLOUR,
            LabelKind::Coordinate => COORDINATE_COLOUR,
            LabelKind::Name => NAME_COLOUR,
        };
        // DejaVu Sans capitals stand 0.73 em tall: the baseline that centres them.
        let _ = writeln!(
            out,
            "<text id=\"{}\" x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" \
             font-family=\"DejaVu Sans\" font-size=\"{}\" fill=\"{fill}\">{}</text>",
            escape(&l.id),
            cy + 0.365 * l.size_mm,
            l.size_mm,
            escape(&l.text)
        );
    }
    out
}

/// The marks of the last and an illegal move, as SVG groups in scene mm.
fn marks_svg(scene: &Scene) -> String {
    let mut out = String::new();
    for m in &scene.marks {
        let a = m.at;
        match m.kind {
            MarkKind::Last => {
                let _ = writeln!(
                    out,
                    "<g id=\"mark-last\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
                     fill=\"none\" stroke=\"{LAST_COLOUR}\" stroke-width=\"1.6\"/></g>",
                    a.x + 0.8,
                    a.y + 0.8,
                    a.w - 1.6,
                    a.h - 1.6
                );
            }
            MarkKind::Illegal => {
                let (x0, y0, x1, y1) = (a.x + 1.0, a.y + 1.0, a.x + a.w - 1.0, a.y + a.h - 1.0);
                let _ = writeln!(
                    out,
                    "<g id=\"mark-illegal\"><rect x=\"{x0}\" y=\"{y0}\" width=\"{}\" \
                     height=\"{}\" fill=\"none\" stroke=\"{ILLEGAL_COLOUR}\" \
                     stroke-width=\"2\"/><path d=\"M{x0} {y0}L{x1} {y1}M{x1} {y0}L{x0} {y1}\" \
                     stroke=\"{ILLEGAL_COLOUR}\" stroke-width=\"1.4\"/></g>",
                    x1 - x0,
                    y1 - y0
                );
            }
        }
    }
    out
}

/// Parse the scene's SVG with the bundled fonts only.
pub fn tree(svg: &str) -> Result<usvg::Tree> {
    usvg::Tree::from_str(svg, &template::options(None))
        .map_err(|e| Error::failed("show.svg", format!("the picture does not parse: {e}")))
}

/// Draw the SVG at `dpi` as PNG.
pub fn png(svg: &str, dpi: f64) -> Result<Vec<u8>> {
    let tree = tree(svg)?;
    let size = tree.size();
    // usvg sizes in CSS px (96 per inch): scale to the resolution asked for.
    let s = (dpi / 96.0) as f32;
    let fail = || Error::failed("show.png", "cannot allocate the image");
    let (pw, ph) = (
        (size.width() * s).round().max(1.0) as u32,
        (size.height() * s).round().max(1.0) as u32,
    );
    let mut pix = resvg::tiny_skia::Pixmap::new(pw, ph).ok_or_else(fail)?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(s, s),
        &mut pix.as_mut(),
    );
    pix.encode_png()
        .map_err(|e| Error::failed("show.png", format!("cannot encode the image: {e}")))
}

/// The scene as a one-page PDF of the picture's size, drawn as the kits
/// print: each piece's face placed and clipped to its cut size (PDF has no
/// nested viewports to clip the bleed), then one face with the marks, the
/// fading of a ghost piece and the caption. Byte-identical for the same input.
pub fn pdf(scene: &Scene, mut art: KitArt) -> Result<Vec<u8>> {
    use crate::kit::geometry::Rect as KRect;
    use crate::kit::layout::{Placement, Sheet, Side};
    let lines = caption_lines(&scene.caption, scene.w_mm)?;
    let (w, h) = page_size(scene, lines.len());
    let rect = |r: Rect| KRect {
        x: r.x + MARGIN_MM,
        y: r.y + MARGIN_MM,
        w: r.w,
        h: r.h,
    };
    let mut placements = Vec::new();
    let mut faces = std::mem::take(&mut art.faces.faces);
    let page = KRect {
        x: 0.0,
        y: 0.0,
        w,
        h,
    };
    // The empty places, under everything: a face of their own, placed first.
    if !scene.slots.is_empty() {
        let under = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\">\n<g transform=\"translate({MARGIN_MM} {MARGIN_MM})\">\n{}\
             </g>\n</svg>\n",
            slots_svg(&scene.slots)
        );
        faces.push(template::Face {
            tree: tree(&under)?.into(),
        });
        placements.push(Placement::upright(faces.len() - 1, 0, 0, page, page));
    }
    let mut overlay = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\">\n<g transform=\"translate({MARGIN_MM} {MARGIN_MM})\">\n"
    );
    for item in &scene.items {
        let face = art.face(item.component, &item.piece, item.back)?;
        let r = rect(item.at);
        placements.push(Placement::upright(face, 0, 0, r, r));
        if item.ghost {
            let a = item.at;
            let _ = writeln!(
                overlay,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\" \
                 fill-opacity=\"0.45\"/>",
                a.x, a.y, a.w, a.h
            );
        }
    }
    overlay.push_str(&over_pieces(scene, &lines));
    faces.push(template::Face {
        tree: tree(&overlay)?.into(),
    });
    placements.push(Placement::upright(faces.len() - 1, 0, 0, page, page));
    let sheet = Sheet::plain(w, h, Side::Front, 0, placements);
    let faces = KitFaces {
        faces,
        components: Vec::new(),
    };
    crate::kit::pdf::write(&scene.caption, &faces, &[sheet])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inner_takes_what_lies_inside_the_root() {
        assert_eq!(inner("<svg a=\"1\"><rect/></svg>"), "<rect/>");
        assert_eq!(inner("<?xml?><svg><g><svg/></g></svg>\n"), "<g><svg/></g>");
        assert_eq!(inner("nothing"), "");
    }

    #[test]
    fn fields_by_dotted_path() {
        let t: toml::Table = toml::from_str("number = 3\n[moon]\ncode = \"R\"\n").unwrap();
        let t = Piece::from(t);
        assert_eq!(lookup(&t, "moon.code").map(text).as_deref(), Some("R"));
        assert_eq!(lookup(&t, "number").map(text).as_deref(), Some("3"));
        assert_eq!(lookup(&t, "moon.name"), None);
        assert!(field_is(&t, "moon.code", "R") && field_is(&t, "number", "3"));
        assert!(!field_is(&t, "moon.code", "B") && !field_is(&t, "moon.name", "R"));
    }
}
