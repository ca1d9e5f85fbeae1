//! A face's plain `<text>` elements laid out directly for the PDF (see
//! [`super::plaintext`]): the filled template is parsed with each of them
//! replaced by an invisible marker path in its place (so the text keeps its
//! place among the shapes and its groups' transforms), and the PDF writer
//! draws the laid-out glyphs where it meets the marker. usvg then neither lays
//! them out nor flattens their glyphs into outlines, which was most of the
//! time a card took.
//!
//! Only a `<text>` whose look is all in its own attributes is taken: a
//! position, a font size, a bundled face, an anchor and a plain colour, under
//! nothing but `<svg>` and `<g>` elements that set none of the properties text
//! inherits, in a document without `<style>` or `<use>`. Anything else is left
//! for usvg, as before. Used for the PDF alone (PNGs draw usvg's outlines).

use super::plaintext::{self, Anchor, Placed};

/// The id prefix of the marker paths (`__tavolo_text_3`: the face's fourth line).
pub const MARKER: &str = "__tavolo_text_";

/// A `<text>` laid out: its glyphs, its face and size, its fill.
pub struct Line {
    pub face: usize,
    pub size: f32,
    pub rgb: [u8; 3],
    pub glyphs: Vec<Placed>,
}

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Properties `<text>` takes from its ancestors (and ways of setting them).
const INHERITED: [&str; 31] = [
    "style",
    "class",
    "font",
    "font-family",
    "font-size",
    "font-size-adjust",
    "font-stretch",
    "font-style",
    "font-variant",
    "font-weight",
    "font-kerning",
    "font-feature-settings",
    "font-variation-settings",
    "font-optical-sizing",
    "fill",
    "text-anchor",
    "letter-spacing",
    "word-spacing",
    "writing-mode",
    "direction",
    "unicode-bidi",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "text-decoration",
    "visibility",
    "kerning",
    "glyph-orientation-horizontal",
    "glyph-orientation-vertical",
    "text-rendering",
    "space",
];

/// The filled SVG with its plain texts replaced by markers, and those texts
/// laid out (the marker `{MARKER}{i}` stands for the `i`th); `None` when no
/// text can be taken.
pub fn take(svg: &str) -> Option<(String, Vec<Line>)> {
    let opt = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(svg, opt).ok()?;
    if doc
        .descendants()
        .any(|n| n.is_element() && matches!(n.tag_name().name(), "style" | "use"))
    {
        return None;
    }
    let mut out = String::with_capacity(svg.len());
    let mut lines = Vec::new();
    let mut at = 0;
    for t in doc
        .descendants()
        .filter(|n| n.has_tag_name((SVG_NS, "text")))
    {
        let Some(line) = plain_text(t) else {
            continue;
        };
        let range = t.range();
        out.push_str(&svg[at..range.start]);
        out.push_str(&format!(
            r#"<path id="{MARKER}{}" fill="none" d="M0 0H0"/>"#,
            lines.len()
        ));
        at = range.end;
        lines.push(line);
    }
    if lines.is_empty() {
        return None;
    }
    out.push_str(&svg[at..]);
    Some((out, lines))
}

/// A `<text>` laid out, if it is plain (see the module's comment).
fn plain_text(t: roxmltree::Node) -> Option<Line> {
    for a in t.ancestors().skip(1).filter(|n| n.is_element()) {
        if !(a.has_tag_name((SVG_NS, "g")) || a.has_tag_name((SVG_NS, "svg"))) {
            return None;
        }
        if a.attributes().any(|at| INHERITED.contains(&at.name())) {
            return None;
        }
    }
    let mut children = t.children();
    let text = match (children.next(), children.next()) {
        (Some(c), None) if c.is_text() => c.text()?,
        _ => return None,
    };
    if text.contains(['\u{ad}', '\u{34f}']) || text.chars().any(|c| !super::fonts::has_glyph(c)) {
        // Characters usvg draws as nothing, or reports as missing.
        return None;
    }
    let (mut x, mut y, mut size) = (0.0, 0.0, None);
    let (mut anchor, mut rgb, mut face) = (Anchor::Start, [0, 0, 0], 0);
    for a in t.attributes() {
        if a.namespace().is_some() {
            return None;
        }
        let v = a.value();
        match a.name() {
            "x" => x = number(v)?,
            "y" => y = number(v)?,
            "font-size" => size = Some(number(v)?),
            "text-anchor" => {
                anchor = match v {
                    "start" => Anchor::Start,
                    "middle" => Anchor::Middle,
                    "end" => Anchor::End,
                    _ => return None,
                }
            }
            "fill" => rgb = hex_colour(v)?,
            "font-family" if matches!(v, "DejaVu Sans" | "sans-serif") => {}
            "font-weight" if matches!(v, "normal" | "bold") => {}
            "font-stretch" => {
                face = match v {
                    "normal" => 0,
                    "condensed" => 1,
                    _ => return None,
                }
            }
            _ => return None,
        }
    }
    let size = size.filter(|s| *s > 0.0)?;
    let glyphs = plaintext::line(text, face, x, y, size, anchor)?;
    Some(Line {
        face,
        size,
        rgb,
        glyphs,
    })
}

/// A plain decimal number, read as usvg reads it (f64, then f32).
fn number(v: &str) -> Option<f32> {
    let digits = v.strip_prefix('-').unwrap_or(v);
    let ok = !digits.is_empty()
        && !digits.starts_with('.')
        && !digits.ends_with('.')
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.matches('.').count() <= 1;
    ok.then(|| v.parse::<f64>().ok())
        .flatten()
        .map(|n| n as f32)
}

/// `#rgb` or `#rrggbb`.
fn hex_colour(v: &str) -> Option<[u8; 3]> {
    let h = v.strip_prefix('#')?;
    if !h.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let d = |i: usize, n: usize| u8::from_str_radix(&h[i..i + n], 16).ok();
    match h.len() {
        3 => Some([d(0, 1)? * 17, d(1, 1)? * 17, d(2, 1)? * 17]),
        6 => Some([d(0, 2)?, d(2, 2)?, d(4, 2)?]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str =
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="63" height="88" viewBox="0 0 63 88">"#;

    #[test]
    fn plain_texts_become_markers_in_their_place() {
        let svg = format!(
            r##"{HEAD}<rect width="5" height="5"/><g transform="translate(2 3)"><text x="31.5" y="13" font-size="5" text-anchor="middle" fill="#b5121b">Card &amp; 7</text></g><circle r="2"/><text x="1" y="80" font-size="3.5" font-stretch="condensed">Rule</text></svg>"##
        );
        let (marked, lines) = take(&svg).unwrap();
        assert_eq!(
            marked,
            format!(
                r#"{HEAD}<rect width="5" height="5"/><g transform="translate(2 3)"><path id="__tavolo_text_0" fill="none" d="M0 0H0"/></g><circle r="2"/><path id="__tavolo_text_1" fill="none" d="M0 0H0"/></svg>"#
            )
        );
        assert_eq!(lines.len(), 2);
        assert_eq!(
            (lines[0].face, lines[0].size, lines[0].rgb),
            (0, 5.0, [0xb5, 0x12, 0x1b])
        );
        assert_eq!(
            lines[0]
                .glyphs
                .iter()
                .map(|g| g.text.as_str())
                .collect::<String>(),
            "Card & 7"
        );
        assert_eq!((lines[1].face, lines[1].rgb), (1, [0, 0, 0]));
        // The markers survive usvg, in order, each under its text's group.
        let tree = usvg::Tree::from_str(&marked, &crate::kit::template::options(None)).unwrap();
        let mut ids = Vec::new();
        fn walk(g: &usvg::Group, ids: &mut Vec<(String, f32)>) {
            for n in g.children() {
                match n {
                    usvg::Node::Group(c) => walk(c, ids),
                    usvg::Node::Path(p) => ids.push((p.id().to_string(), p.abs_transform().tx)),
                    _ => {}
                }
            }
        }
        walk(tree.root(), &mut ids);
        let markers: Vec<_> = ids
            .iter()
            .filter(|(id, _)| id.starts_with(MARKER))
            .collect();
        assert_eq!(markers.len(), 2);
        assert_eq!(
            (markers[0].0.as_str(), markers[0].1),
            ("__tavolo_text_0", 2.0)
        );
    }

    #[test]
    fn texts_styled_from_outside_or_not_plain_are_left_to_usvg() {
        for body in [
            r#"<g fill="red"><text x="1" y="2" font-size="3">a</text></g>"#,
            r#"<g style="font-size:4px"><text x="1" y="2" font-size="3">a</text></g>"#,
            r#"<text x="1" y="2" font-size="3"><tspan>a</tspan></text>"#,
            r#"<text x="1" y="2" font-size="3" transform="scale(2)">a</text>"#,
            r#"<text x="1 2" y="2" font-size="3">ab</text>"#,
            r#"<text x="1" y="2" font-size="3mm">a</text>"#,
            r#"<text x="1" y="2">a</text>"#,
            r#"<text x="1" y="2" font-size="3" fill="red">a</text>"#,
            r#"<text x="1" y="2" font-size="3" font-family="Serif">a</text>"#,
            r#"<text x="1" y="2" font-size="3" letter-spacing="1">a</text>"#,
            r#"<text x="1" y="2" font-size="3">two  spaces</text>"#,
            r##"<defs><text id="t" x="1" y="2" font-size="3">a</text></defs><use href="#t"/>"##,
            r#"<clipPath id="c"><text x="1" y="2" font-size="3">a</text></clipPath>"#,
            r#"<style>text { fill: red }</style><text x="1" y="2" font-size="3">a</text>"#,
            r#"<text x="1" y="2" font-size="3">漢</text>"#,
        ] {
            assert!(take(&format!("{HEAD}{body}</svg>")).is_none(), "{body}");
        }
    }
}
