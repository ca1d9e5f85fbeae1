//! The bundled fonts (`fonts/`), compiled into the binary so that output never
//! depends on the fonts installed on the machine: the PDF embeds them (subset)
//! and the PNG previews lay out text with the same faces.

use std::sync::{Arc, OnceLock};

use usvg::fontdb;

/// Every bundled face: (PDF resource id, also its subset tag; PostScript
/// name; font file bytes). Templates reach the second with
/// `font-family="DejaVu Sans" font-stretch="condensed"`.
pub const FACES: [(&str, &str, &[u8]); 2] = [
    (
        "TVLAAA",
        "DejaVuSans-Bold",
        include_bytes!("../../fonts/DejaVuSans-Bold.ttf").as_slice(),
    ),
    (
        "TVLAAB",
        "DejaVuSansCondensed-Bold",
        include_bytes!("../../fonts/DejaVuSansCondensed-Bold.ttf").as_slice(),
    ),
];

/// The family every generic name (`sans-serif`, `serif`, ...) resolves to.
pub const FAMILY: &str = "DejaVu Sans";

/// A font database holding only the bundled faces, built once, and the
/// database id of each face of [`FACES`] (same order).
pub fn database() -> &'static (Arc<fontdb::Database>, Vec<fontdb::ID>) {
    static DB: OnceLock<(Arc<fontdb::Database>, Vec<fontdb::ID>)> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for bytes in layout_fonts() {
            let bytes: &'static [u8] = bytes;
            db.load_font_source(fontdb::Source::Binary(Arc::new(bytes)));
        }
        db.set_sans_serif_family(FAMILY);
        db.set_serif_family(FAMILY);
        db.set_monospace_family(FAMILY);
        db.set_cursive_family(FAMILY);
        db.set_fantasy_family(FAMILY);
        // One face per file, loaded in order.
        let ids = db.faces().map(|f| f.id).collect();
        (Arc::new(db), ids)
    })
}

/// The layout's copy of each bundled face (same order as [`FACES`]): the
/// font without its legacy `kern` table (see [`without_table`]), made once and
/// shared by the font database and [`super::plaintext`].
pub fn layout_fonts() -> &'static [Vec<u8>] {
    static FONTS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FONTS.get_or_init(|| {
        FACES
            .iter()
            .map(|(_, _, bytes)| without_table(bytes, b"kern"))
            .collect()
    })
}

/// The font `font` without its table `tag` (the table record left out of the
/// directory; the tables themselves stay where they are, the directory padded
/// to keep their offsets), or the font as is if it has no such table.
///
/// The layout's copy of the fonts leaves out the legacy `kern` table: the
/// shaper (harfrust) builds a cache of it for every run of text it shapes
/// (12% of a 520-card kit's time), but never applies it to these fonts, whose
/// GPOS `kern` feature holds the same kerning and takes precedence (as in
/// HarfBuzz). The PDF embeds subsets of [`FACES`] as they are.
fn without_table(font: &[u8], tag: &[u8; 4]) -> Vec<u8> {
    let be16 = |at: usize| {
        font.get(at..at + 2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]))
    };
    let Some(tables) = be16(4).map(usize::from) else {
        return font.to_vec();
    };
    let dir_end = 12 + 16 * tables;
    let records = match font.get(12..dir_end) {
        Some(r) => r,
        None => return font.to_vec(),
    };
    let kept: Vec<&[u8]> = records.chunks(16).filter(|r| &r[..4] != tag).collect();
    if kept.len() == tables {
        return font.to_vec();
    }
    let n = kept.len() as u16;
    // The binary-search fields of the offset table (OpenType, "Table Directory").
    let pow2 = if n == 0 {
        0
    } else {
        1u16 << (15 - n.leading_zeros())
    };
    let mut out = Vec::with_capacity(font.len());
    out.extend_from_slice(&font[..4]);
    out.extend_from_slice(&n.to_be_bytes());
    out.extend_from_slice(&(pow2 * 16).to_be_bytes());
    out.extend_from_slice(&(pow2.max(1).trailing_zeros() as u16).to_be_bytes());
    out.extend_from_slice(&(n * 16 - pow2 * 16).to_be_bytes());
    for r in kept {
        out.extend_from_slice(r);
    }
    out.resize(dir_end, 0);
    out.extend_from_slice(&font[dir_end..]);
    out
}

/// Which bundled face (index into [`FACES`]) a font-database id stands for.
pub fn face_index(id: fontdb::ID) -> Option<usize> {
    database().1.iter().position(|i| *i == id)
}

/// Does every bundled face have a glyph for `c` (its `cmap` maps it)?
/// Whitespace needs none. A character without one prints as an empty box.
pub fn has_glyph(c: char) -> bool {
    use skrifa::MetadataProvider;
    static FONTS: OnceLock<Vec<Option<skrifa::FontRef<'static>>>> = OnceLock::new();
    if c.is_whitespace() {
        return true;
    }
    FONTS
        .get_or_init(|| {
            FACES
                .iter()
                .map(|(_, _, b)| skrifa::FontRef::new(b).ok())
                .collect()
        })
        .iter()
        .all(|f| f.as_ref().is_some_and(|f| f.charmap().map(c).is_some()))
}

/// Font units per em of a bundled face, read from its `head` table.
pub fn units_per_em(face: usize) -> u16 {
    static UPEM: OnceLock<Vec<u16>> = OnceLock::new();
    UPEM.get_or_init(|| {
        FACES
            .iter()
            .map(|(_, _, b)| head_upem(b).unwrap_or(2048))
            .collect()
    })[face]
}

fn head_upem(font: &[u8]) -> Option<u16> {
    let be16 = |at: usize| Some(u16::from_be_bytes([*font.get(at)?, *font.get(at + 1)?]));
    let be32 = |at: usize| {
        Some(u32::from_be_bytes([
            *font.get(at)?,
            *font.get(at + 1)?,
            *font.get(at + 2)?,
            *font.get(at + 3)?,
        ]))
    };
    let tables = be16(4)? as usize;
    (0..tables).find_map(|i| {
        let rec = 12 + 16 * i;
        (font.get(rec..rec + 4)? == b"head")
            .then(|| be32(rec + 8))
            .flatten()
            .and_then(|off| be16(off as usize + 18))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_cmap_knows_latin_and_not_cjk() {
        for c in ['A', 'z', 'à', 'È', '·', '€', ' '] {
            assert!(super::has_glyph(c), "{c}");
        }
        for c in ['漢', '中', '\u{E000}'] {
            assert!(!super::has_glyph(c), "{c}");
        }
    }

    /// The layout's copy of a face has no `kern` table and every other table
    /// as it was, at the same offset.
    #[test]
    fn the_layout_fonts_leave_out_kern_only() {
        use skrifa::raw::TableProvider;
        for (_, _, bytes) in super::FACES {
            let full = skrifa::FontRef::new(bytes).unwrap();
            let copy = super::without_table(bytes, b"kern");
            let lean = skrifa::FontRef::new(&copy).unwrap();
            assert!(full.kern().is_ok() && lean.kern().is_err());
            let tags = |f: &skrifa::FontRef| -> Vec<_> {
                f.table_directory
                    .table_records()
                    .iter()
                    .map(|r| (r.tag(), r.offset(), r.length()))
                    .collect()
            };
            let mut want = tags(&full);
            want.retain(|t| t.0 != skrifa::Tag::new(b"kern"));
            assert_eq!(tags(&lean), want);
            assert_eq!(lean.table_directory.search_range(), 256);
            assert_eq!(copy.len(), bytes.len());
        }
        // A font without the table is left as it is.
        let copy = super::without_table(super::FACES[0].2, b"kerx");
        assert_eq!(copy, super::FACES[0].2);
    }

    #[test]
    fn dejavu_has_2048_units_per_em() {
        assert_eq!(super::units_per_em(0), 2048);
        assert_eq!(super::units_per_em(1), 2048);
    }
}
