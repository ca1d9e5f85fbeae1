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
        for (_, _, bytes) in FACES {
            db.load_font_data(bytes.to_vec());
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

    #[test]
    fn dejavu_has_2048_units_per_em() {
        assert_eq!(super::units_per_em(0), 2048);
        assert_eq!(super::units_per_em(1), 2048);
    }
}
