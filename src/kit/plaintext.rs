//! One line of plain text laid out as usvg lays out a `<text>` element that
//! has only a position, a font size, a bundled face and a fill: the same
//! glyphs at the same places, to the bit, without parsing SVG, building a
//! shaper for the line, or flattening its glyphs into outlines the PDF never
//! uses. The sheets' labels are drawn with it (two glyphs in five of a large
//! deck are theirs).
//!
//! It follows usvg 0.49's `text::layout` for that case (one chunk, one span,
//! left to right, no spacing, no decorations, no relative shifts) step by step,
//! in the same f32 operations, and declines (`None`) any text it does not
//! cover, which then goes through usvg as before. A test checks the labels of
//! every bundled kit drawn both ways give the same bytes.

use std::sync::{Arc, Mutex, OnceLock};

use harfrust::{
    script, Direction, FontRef, ShapeOptions, ShapePlan, ShapePlanKey, ShaperData, UnicodeBuffer,
};
use usvg::Transform;

/// Where the line's position is on it (`text-anchor`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// A glyph as usvg's `PositionedGlyph` has it.
pub struct Placed {
    pub gid: u16,
    /// The text it stands for.
    pub text: String,
    /// `PositionedGlyph::transform()`: font units (scaled) to the text's space.
    pub ts: Transform,
}

/// A bundled face ready to shape: its shaper's data built once, and the
/// shaping plans made so far (one per script and language met).
struct Shaping {
    font: FontRef<'static>,
    data: ShaperData,
    upem: u16,
    plans: Mutex<Vec<Arc<ShapePlan>>>,
}

fn shaping(face: usize) -> Option<&'static Shaping> {
    static ALL: OnceLock<Vec<Option<Shaping>>> = OnceLock::new();
    ALL.get_or_init(|| {
        super::fonts::layout_fonts()
            .iter()
            .enumerate()
            .map(|(i, bytes)| {
                let font = FontRef::new(bytes).ok()?;
                Some(Shaping {
                    data: ShaperData::new(&font),
                    font,
                    upem: super::fonts::units_per_em(i),
                    plans: Mutex::default(),
                })
            })
            .collect()
    })
    .get(face)?
    .as_ref()
}

/// Text usvg keeps as it is (no whitespace to collapse or trim) and lays out
/// as one left-to-right run (nothing from the right-to-left blocks on).
fn plain(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(' ')
        && !text.ends_with(' ')
        && !text.contains("  ")
        && text
            .chars()
            .all(|c| (c == ' ' || !c.is_whitespace()) && !c.is_control() && c < '\u{0590}')
}

/// The glyphs of `text` in bundled face `face` at `size`, its start at
/// (`x`, `y`) (or its middle or end, see [`Anchor`]), or `None`
/// when usvg would do more than this (see [`plain`]) or the face lacks a
/// glyph (usvg would then look for it in the other faces).
pub fn line(
    text: &str,
    face: usize,
    x: f32,
    y: f32,
    size: f32,
    anchor: Anchor,
) -> Option<Vec<Placed>> {
    if !plain(text) {
        return None;
    }
    let s = shaping(face)?;
    let shaper = s.data.shaper(&s.font).build();
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(Direction::LeftToRight);
    buffer.guess_segment_properties();
    // The plan harfrust would make for this buffer, made once.
    let direction = buffer.direction();
    let script = Some(buffer.script()).filter(|s| *s != script::UNKNOWN);
    let language = buffer.language();
    let plan = {
        let mut plans = s.plans.lock().unwrap_or_else(|e| e.into_inner());
        let key = ShapePlanKey::new(script, direction).language(language.as_ref());
        match plans.iter().find(|p| key.matches(p)) {
            Some(p) => p.clone(),
            None => {
                let p = Arc::new(ShapePlan::new(
                    &shaper,
                    direction,
                    script,
                    language.as_ref(),
                    &[],
                ));
                plans.push(p.clone());
                p
            }
        }
    };
    let output = shaper.shape(buffer, ShapeOptions::new().features(&[]).plan(Some(&plan)));
    let infos = output.glyph_infos();
    let positions = output.glyph_positions();
    if infos.is_empty() || infos.iter().any(|i| i.glyph_id == 0) {
        return None;
    }

    // usvg's `form_glyph_clusters`: glyphs with the same cluster together,
    // each placed within its cluster in font units, the cluster's advance
    // scaled to the font size.
    let sx = size / s.upem as f32;
    struct Cluster {
        advance: f32,
        glyphs: Vec<(u16, String, Transform)>,
    }
    let mut clusters: Vec<Cluster> = Vec::new();
    let mut i = 0;
    while i < infos.len() {
        let cluster = infos[i].cluster;
        let mut x = 0.0f32;
        let mut advance = 0.0f32;
        let mut glyphs = Vec::new();
        while i < infos.len() && infos[i].cluster == cluster {
            let (info, pos) = (infos[i], positions[i]);
            let start = info.cluster as usize;
            let end = infos.get(i + 1).map_or(text.len(), |n| n.cluster as usize);
            let gid = u16::try_from(info.glyph_id).ok()?;
            let glyph_ts = Transform::from_translate(x + pos.x_offset as f32, -pos.y_offset as f32);
            glyphs.push((gid, text.get(start..end)?.to_string(), glyph_ts));
            x += pos.x_advance as f32;
            advance += pos.x_advance as f32 * sx;
            i += 1;
        }
        clusters.push(Cluster { advance, glyphs });
    }

    // usvg's `resolve_clusters_positions_horizontal`, without shifts.
    let shift_x = 0.0f32;
    let (mut left, mut right, mut advance) = (f32::INFINITY, f32::NEG_INFINITY, 0.0f32);
    for c in &clusters {
        let start = advance + shift_x;
        let end = start + c.advance - 0.0;
        left = left.min(start).min(end);
        right = right.max(start).max(end);
        advance += c.advance;
    }
    // usvg's `process_anchor`.
    let width = right - left;
    let anchor = match anchor {
        Anchor::Start => 0.0,
        Anchor::Middle => -width / 2.0,
        Anchor::End => -width,
    };
    let mut cx = shift_x - left + anchor;
    // usvg's `resolve_baseline` for an auto baseline: no shift.
    let shift = -0.0f32 + 0.0;
    let span_ts = Transform::default()
        .pre_translate(x, y)
        .pre_translate(0.0, shift);
    let mut out = Vec::with_capacity(infos.len());
    for c in clusters {
        let cluster_ts =
            Transform::default().post_concat(Transform::default().pre_translate(cx + shift_x, 0.0));
        for (gid, text, glyph_ts) in c.glyphs {
            let ts = span_ts
                .pre_concat(cluster_ts)
                .pre_concat(Transform::from_scale(sx, sx))
                .pre_concat(glyph_ts);
            out.push(Placed { gid, text, ts });
        }
        cx += c.advance;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The glyphs usvg lays out for `<text>` with these attributes.
    fn usvg_glyphs(
        text: &str,
        face_asked: usize,
        size: f32,
        anchor: Anchor,
    ) -> Vec<(u16, String, Transform)> {
        let anchor = match anchor {
            Anchor::Start => "",
            Anchor::Middle => r#" text-anchor="middle""#,
            Anchor::End => r#" text-anchor="end""#,
        };
        let face = [
            r#" font-weight="normal""#,
            r#" font-stretch="condensed" font-weight="bold""#,
        ][face_asked];
        let svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><text x="10" y="7.5" font-family="DejaVu Sans"{face} font-size="{size}" fill="#444"{anchor}>{text}</text></svg>"##
        );
        let tree = usvg::Tree::from_str(&svg, &crate::kit::template::options(None)).unwrap();
        let Some(usvg::Node::Text(t)) = tree.root().children().first() else {
            panic!("no text in {svg}");
        };
        t.layouted()
            .iter()
            .flat_map(|s| &s.positioned_glyphs)
            .map(|g| {
                // The face usvg chose is the one asked for.
                assert_eq!(
                    crate::kit::fonts::face_index(g.font),
                    Some(face_asked),
                    "{text}"
                );
                (g.id.0 as u16, g.text.clone(), g.transform())
            })
            .collect()
    }

    #[test]
    fn a_plain_line_is_laid_out_as_usvg_lays_it_out_to_the_bit() {
        for (text, face, size, anchor) in [
            (
                "Bench deck · cards · sheet 12 of 1156 · fronts",
                1,
                3.0,
                Anchor::Start,
            ),
            ("AVATAR fi ffl Wave «Tôt» 1/2", 1, 2.437, Anchor::Start),
            ("Card 00017", 0, 5.0, Anchor::Middle),
            ("Rule 3: draw 2", 0, 3.5, Anchor::Middle),
            ("10 § Königin, Ærø", 0, 16.0, Anchor::End),
            ("Play on a heart", 1, 3.5, Anchor::Middle),
        ] {
            let ours: Vec<_> = line(text, face, 10.0, 7.5, size, anchor)
                .unwrap()
                .into_iter()
                .map(|p| (p.gid, p.text, p.ts))
                .collect();
            let theirs = usvg_glyphs(text, face, size, anchor);
            assert_eq!(ours.len(), theirs.len(), "{text}");
            for (a, b) in ours.iter().zip(&theirs) {
                assert_eq!((a.0, &a.1), (b.0, &b.1), "{text}");
                let bits = |t: &Transform| [t.sx, t.ky, t.kx, t.sy, t.tx, t.ty].map(f32::to_bits);
                assert_eq!(
                    bits(&a.2),
                    bits(&b.2),
                    "{text}: {:?} against {:?}",
                    a.2,
                    b.2
                );
            }
        }
    }

    #[test]
    fn text_usvg_would_change_or_reorder_is_declined() {
        for text in ["", " lead", "trail ", "two  spaces", "tab\there", "שלום"] {
            assert!(
                line(text, 1, 0.0, 0.0, 3.0, Anchor::Start).is_none(),
                "{text:?}"
            );
        }
        // A character the face has no glyph for: usvg would look elsewhere.
        assert!(line("漢", 1, 0.0, 0.0, 3.0, Anchor::Start).is_none());
    }
}
