//! The bundled fonts (`fonts/`), compiled into the binary so that output never
//! depends on the fonts installed on the machine: the PDF embeds them (subset)
//! and the PNG previews lay out text with the same faces.

use std::sync::{Arc, OnceLock};

use usvg::fontdb;

/// The bundled font files, as compiled in (for the compiler's own use: see
/// [`FACES`] for the program's).
const BOLD: &[u8; include_bytes!("../../fonts/DejaVuSans-Bold.ttf").len()] =
    include_bytes!("../../fonts/DejaVuSans-Bold.ttf");
const CONDENSED: &[u8; include_bytes!("../../fonts/DejaVuSansCondensed-Bold.ttf").len()] =
    include_bytes!("../../fonts/DejaVuSansCondensed-Bold.ttf");

/// The font files' one copy in the binary. A `const` is copied into every
/// part of the program compiled apart that uses it: [`FACES`] holding the
/// `const`s put 3 to 5 copies of each font (1.4 MB a set) in the binary, and
/// the code reading a face's `cmap`, its `glyf` for the subset, or its `head`
/// paged in as many different copies (a constant 1-2 MB of a kit's peak RSS).
static BOLD_FILE: [u8; BOLD.len()] = *BOLD;
static CONDENSED_FILE: [u8; CONDENSED.len()] = *CONDENSED;

/// Every bundled face: (PDF resource id, also its subset tag; PostScript
/// name; font file bytes). Templates reach the second with
/// `font-family="DejaVu Sans" font-stretch="condensed"`.
pub const FACES: [(&str, &str, &[u8]); 2] = [
    ("TVLAAA", "DejaVuSans-Bold", &BOLD_FILE),
    ("TVLAAB", "DejaVuSansCondensed-Bold", &CONDENSED_FILE),
];

/// The layout's copies of the faces (see [`layout_fonts`]), made by the
/// compiler: read-only data in the binary, paged in only where the shaper
/// reads, instead of 1.3 MB copied (and faulted in) at every start.
static LAYOUT_BOLD: [u8; BOLD.len()] = without_table(BOLD, *b"kern");
static LAYOUT_CONDENSED: [u8; CONDENSED.len()] = without_table(CONDENSED, *b"kern");

/// The family every generic name (`sans-serif`, `serif`, ...) resolves to.
pub const FAMILY: &str = "DejaVu Sans";

/// A font database holding only the bundled faces, built once, and the
/// database id of each face of [`FACES`] (same order).
pub fn database() -> &'static (Arc<fontdb::Database>, Vec<fontdb::ID>) {
    static DB: OnceLock<(Arc<fontdb::Database>, Vec<fontdb::ID>)> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for bytes in layout_fonts() {
            db.load_font_source(fontdb::Source::Binary(Arc::new(*bytes)));
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
/// font without its legacy `kern` table (see [`without_table`]), shared by
/// the font database and [`super::plaintext`].
pub fn layout_fonts() -> &'static [&'static [u8]] {
    static FONTS: [&[u8]; 2] = [&LAYOUT_BOLD, &LAYOUT_CONDENSED];
    &FONTS
}

/// The font `font` without its table `tag` (the table record left out of the
/// directory; the tables themselves stay where they are, the directory padded
/// to keep their offsets), or the font as is if it has no such table or its
/// directory does not fit in it. A `const fn`: the compiler makes the copies.
///
/// The layout's copy of the fonts leaves out the legacy `kern` table: the
/// shaper (harfrust) builds a cache of it for every run of text it shapes
/// (12% of a 520-card kit's time), but never applies it to these fonts, whose
/// GPOS `kern` feature holds the same kerning and takes precedence (as in
/// HarfBuzz). The PDF embeds subsets of [`FACES`] as they are.
const fn without_table<const N: usize>(font: &[u8; N], tag: [u8; 4]) -> [u8; N] {
    let mut out = *font;
    if N < 12 {
        return out;
    }
    let tables = u16::from_be_bytes([font[4], font[5]]) as usize;
    let dir_end = 12 + 16 * tables;
    if dir_end > N {
        return out;
    }
    // Copy the records but `tag`'s down over it; zeros after the last.
    let mut kept = 0;
    let mut i = 0;
    while i < tables {
        let r = 12 + 16 * i;
        let t = [font[r], font[r + 1], font[r + 2], font[r + 3]];
        if !(t[0] == tag[0] && t[1] == tag[1] && t[2] == tag[2] && t[3] == tag[3]) {
            let mut k = 0;
            while k < 16 {
                out[12 + 16 * kept + k] = font[r + k];
                k += 1;
            }
            kept += 1;
        }
        i += 1;
    }
    if kept == tables {
        return *font;
    }
    let mut z = 12 + 16 * kept;
    while z < dir_end {
        out[z] = 0;
        z += 1;
    }
    // The table count and the binary-search fields of the offset table
    // (OpenType, "Table Directory").
    let n = kept as u16;
    let pow2 = if n == 0 {
        0
    } else {
        1u16 << (15 - n.leading_zeros())
    };
    let fields = [
        n,
        pow2 * 16,
        if pow2 == 0 {
            0
        } else {
            pow2.trailing_zeros() as u16
        },
        n * 16 - pow2 * 16,
    ];
    let mut f = 0;
    while f < 4 {
        let b = fields[f].to_be_bytes();
        out[4 + 2 * f] = b[0];
        out[5 + 2 * f] = b[1];
        f += 1;
    }
    out
}

/// Which bundled face (index into [`FACES`]) a font-database id stands for.
pub fn face_index(id: fontdb::ID) -> Option<usize> {
    database().1.iter().position(|i| *i == id)
}

/// Does every bundled face have a glyph for `c` (its `cmap` maps it)?
/// Whitespace needs none. A character without one prints as an empty box.
pub fn has_glyph(c: char) -> bool {
    // ASCII, nearly every character a kit has, answered from a table made
    // once: a `cmap` looked up is a `Charmap` made (its subtable chosen) each
    // time, 2% of a 52-card kit.
    static ASCII: OnceLock<u128> = OnceLock::new();
    if c.is_ascii() {
        let bits = ASCII.get_or_init(|| {
            (0..128u8).fold(0, |bits, b| {
                bits | u128::from(cmap_has_glyph(char::from(b))) << b
            })
        });
        return bits >> (c as u32) & 1 == 1;
    }
    cmap_has_glyph(c)
}

/// [`has_glyph`], asked of the fonts' `cmap`s.
fn cmap_has_glyph(c: char) -> bool {
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
        // ASCII from its table, as the fonts' `cmap`s answer it.
        for c in (0..128u8).map(char::from) {
            assert_eq!(super::has_glyph(c), super::cmap_has_glyph(c), "{c:?}");
        }
        assert!(super::has_glyph('~') && !super::has_glyph('\u{7}'));
    }

    /// The layout's copy of a face (made by the compiler) has no `kern`
    /// table and every other table as it was, at the same offset: only the
    /// directory differs.
    #[test]
    fn the_layout_fonts_leave_out_kern_only() {
        use skrifa::raw::TableProvider;
        for (i, (_, _, bytes)) in super::FACES.iter().enumerate() {
            let full = skrifa::FontRef::new(bytes).unwrap();
            let copy = super::layout_fonts()[i];
            let lean = skrifa::FontRef::new(copy).unwrap();
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
            assert_eq!(lean.table_directory.entry_selector(), 4);
            assert_eq!(lean.table_directory.range_shift(), 18 * 16 - 256);
            assert_eq!(copy.len(), bytes.len());
            // The directory's last record is zeros; nothing after it moved.
            let dir_end = 12 + 16 * 19;
            assert!(copy[dir_end - 16..dir_end].iter().all(|b| *b == 0));
            assert_eq!(copy[dir_end..], bytes[dir_end..]);
        }
        // A font without the table is left as it is, and so is a stub.
        let copy = super::without_table(super::BOLD, *b"kerx");
        assert_eq!(copy[..], super::BOLD[..]);
        assert_eq!(
            super::without_table(&[0, 1, 0, 0, 0, 9], *b"kern"),
            [0, 1, 0, 0, 0, 9]
        );
        let lone = [0, 1, 0, 0, 0, 1, 0, 16, 0, 0, 0, 0, b'k', b'e', b'r', b'n'];
        let mut none = [0u8; 28];
        none[..16].copy_from_slice(&lone);
        let out = super::without_table(&none, *b"kern");
        assert_eq!(out[4..12], [0; 8]);
        assert!(out[12..].iter().all(|b| *b == 0));
    }

    #[test]
    fn dejavu_has_2048_units_per_em() {
        assert_eq!(super::units_per_em(0), 2048);
        assert_eq!(super::units_per_em(1), 2048);
    }
}
