//! Page content streams written straight to bytes, on every core.
//!
//! printpdf turns each page's operations into lopdf operations and encodes
//! them one page after another; for a thousand deal-sheet pages that was most
//! of the time spent writing the PDF. The few operations the kit back end
//! uses are written here exactly as printpdf 0.12 and lopdf 0.44 would write
//! them (operands each followed by a space, then the operator; operations
//! one to a line; reals as Rust prints an `f32`; glyph ids as 4-digit
//! upper-case hex in `[...] TJ`), so the PDF is byte-identical to the one
//! printpdf writes (`write` falls back to printpdf where it would not be: a
//! text matrix printpdf merges into runs). A face drawn on many pages (the
//! same tile on every slip) is written once and copied.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use usvg::Transform;

use super::fonts;
use super::layout::Sheet;
use super::pdf::{page_base, Chunk};
use super::template::KitFaces;

/// Whether these chunks can be written here byte for byte as printpdf
/// writes them: printpdf merges glyphs whose text matrix is a plain
/// translation (`1 0 0 1 x y`) into runs.
pub fn direct_ok<'a>(mut chunks: impl Iterator<Item = &'a [Chunk]>) -> bool {
    chunks.all(|cs| {
        cs.iter().all(|c| match c {
            Chunk::Text(glyphs) => glyphs.iter().all(|g| g.matrix[..4] != [1.0, 0.0, 0.0, 1.0]),
            Chunk::XObject(..) => true,
        })
    })
}

/// Content being written: operations separated by newlines.
#[derive(Default)]
struct Ops {
    out: String,
}

impl Ops {
    /// Start an operation (a newline before every one but the first).
    fn op(&mut self) -> &mut String {
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        &mut self.out
    }

    fn plain(&mut self, operator: &str) {
        self.op().push_str(operator);
    }

    fn reals(&mut self, values: &[f32], operator: &str) {
        let out = self.op();
        for v in values {
            let _ = write!(out, "{v} ");
        }
        out.push_str(operator);
    }

    fn cm(&mut self, t: Transform) {
        self.reals(&[t.sx, t.ky, t.kx, t.sy, t.tx, t.ty], "cm");
    }

    /// Already written operations (a face's), if any.
    fn append(&mut self, ops: &str) {
        if !ops.is_empty() {
            self.op().push_str(ops);
        }
    }
}

/// A name as lopdf writes it: `#XX` for delimiters and bytes outside `!`..`~`.
fn name(out: &mut String, n: &str) {
    out.push('/');
    for b in n.bytes() {
        if b" \t\n\r\x0C()<>[]{}/%#".contains(&b) || !(33..=126).contains(&b) {
            let _ = write!(out, "#{b:02X}");
        } else {
            out.push(b as char);
        }
    }
}

/// A face's (or a sheet overlay's) drawing written as page operations, in
/// its own user space (what `pdf::emit` gives printpdf, written as printpdf
/// writes it), with each glyph id still the font's own until
/// [`Drawn::renumber`]: a glyph id is always four hex digits, so the subset's
/// ids go in place once every face is known. Kept instead of the face's
/// chunks until the pages are written: a 5,200-card kit held 3.6 KB of
/// chunks a card, and then their operations besides.
pub struct Drawn {
    ops: String,
    /// Where each font is set in `ops` (offset, font): a glyph id (`[<XXXX>]
    /// TJ`, the only `[<` in these operations) is in the last font set before it.
    fonts: Vec<(u32, u8)>,
    /// The glyphs shown (ids into a [`GlyphTable`]), each once, in the order
    /// of their last use (what [`glyph_use`] needs to keep the last text).
    uses: Vec<u32>,
}

/// The glyphs the drawings show: (font, glyph id, its text), each once.
#[derive(Default)]
pub struct GlyphTable {
    ids: std::collections::HashMap<(u8, u16, Box<str>), u32>,
    all: Vec<(u8, u16, Box<str>)>,
}

impl GlyphTable {
    /// Ids for `glyphs` (as [`draw`] lists them), new ones added in order.
    pub fn intern(&mut self, glyphs: Vec<(u8, u16, Box<str>)>) -> Vec<u32> {
        glyphs
            .into_iter()
            .map(|g| {
                let next = self.all.len() as u32;
                *self.ids.entry(g).or_insert_with_key(|g| {
                    self.all.push(g.clone());
                    next
                })
            })
            .collect()
    }

    /// Every (font, glyph id) shown.
    pub fn all(&self) -> impl Iterator<Item = (usize, u16)> + '_ {
        self.all.iter().map(|(f, g, _)| (*f as usize, *g))
    }
}

/// `chunks` written as operations (see [`Drawn`]), and the glyphs they show
/// as (font, glyph id, text), each once, in the order of their last use.
pub fn draw(chunks: &[Chunk]) -> (Drawn, Vec<(u8, u16, Box<str>)>) {
    let mut ops = Ops::default();
    let mut set_fonts = Vec::new();
    let mut shown: Vec<(u8, u16, &str)> = Vec::new();
    for c in chunks {
        match c {
            Chunk::XObject(id, ts) => {
                if let Some(ts) = ts {
                    ops.plain("q");
                    ops.cm(*ts);
                }
                // printpdf places an XObject without a size in q/identity cm/Q.
                ops.plain("q");
                ops.plain("1 0 0 1 0 0 cm");
                let out = ops.op();
                name(out, id);
                out.push_str(" Do");
                ops.plain("Q");
                if ts.is_some() {
                    ops.plain("Q");
                }
            }
            Chunk::Text(glyphs) => {
                ops.plain("BT");
                let mut font: Option<(usize, f32)> = None;
                let mut colour: Option<[f32; 3]> = None;
                for g in glyphs {
                    if font != Some((g.face, g.size)) {
                        let out = ops.op();
                        set_fonts.push((out.len() as u32, g.face as u8));
                        name(out, fonts::FACES[g.face].0);
                        let _ = write!(out, " {} Tf", g.size);
                        font = Some((g.face, g.size));
                    }
                    if colour != Some(g.rgb) {
                        ops.reals(&g.rgb, "rg");
                        colour = Some(g.rgb);
                    }
                    ops.reals(&g.matrix, "Tm");
                    let _ = write!(ops.op(), "[<{:04X}>] TJ", g.gid);
                    shown.push((g.face as u8, g.gid, &g.text));
                }
                ops.plain("ET");
            }
        }
    }
    // Each glyph once, at its last use.
    let mut seen = std::collections::HashSet::new();
    let mut last: Vec<(u8, u16, Box<str>)> = shown
        .into_iter()
        .rev()
        .filter(|g| seen.insert(*g))
        .map(|(f, g, t)| (f, g, t.into()))
        .collect();
    last.reverse();
    // A sheet's label keeps these until all the labels are drawn: without the
    // slack of growing (a filter gives no size to collect into).
    last.shrink_to_fit();
    ops.out.shrink_to_fit();
    set_fonts.shrink_to_fit();
    let drawn = Drawn {
        ops: ops.out,
        fonts: set_fonts,
        uses: Vec::new(),
    };
    (drawn, last)
}

impl Drawn {
    /// Note the ids of the glyphs it shows (see [`GlyphTable::intern`]).
    pub fn set_uses(&mut self, mut uses: Vec<u32>) {
        uses.shrink_to_fit();
        self.uses = uses;
    }

    /// Put in the subset fonts' glyph ids (`remap`, per font: old id -> new).
    pub fn renumber(&mut self, remap: &[BTreeMap<u16, u16>]) {
        let fonts = std::mem::take(&mut self.fonts);
        if fonts.is_empty() {
            return;
        }
        let at: Vec<usize> = self.ops.match_indices("[<").map(|(i, _)| i + 2).collect();
        for at in at {
            let Some(&(_, font)) = fonts.iter().rev().find(|f| (f.0 as usize) < at) else {
                continue;
            };
            let Some(gid) = self
                .ops
                .get(at..at + 4)
                .and_then(|hex| u16::from_str_radix(hex, 16).ok())
            else {
                continue;
            };
            let new = remap[font as usize].get(&gid).copied().unwrap_or(0);
            let hex = |n: u16| b"0123456789ABCDEF"[usize::from(n & 15)];
            let digits = [hex(new >> 12), hex(new >> 8), hex(new >> 4), hex(new)];
            // Four ASCII hex digits for four: the string stays UTF-8.
            if let Ok(digits) = std::str::from_utf8(&digits) {
                self.ops.replace_range(at..at + 4, digits);
            }
        }
    }
}

/// Every page's content stream, compressed as lopdf compresses a stream,
/// in page order. `faces` are the faces drawn, `labels[si]` sheet `si`'s
/// overlay (its shared part, `shared[labels[si].0]`, then its own label),
/// renumbered for the subset fonts. The pages are written a batch at a time,
/// and each face's operations dropped after the last page that draws it, so
/// that the streams take the place of what they were written from.
pub fn page_streams(
    kit_faces: &KitFaces,
    sheets: &[Sheet],
    faces: &mut [Drawn],
    shared: &[Drawn],
    labels: &mut [(usize, Drawn)],
) -> Vec<lopdf::Stream> {
    const BATCH: usize = 64;
    let mut last = vec![0; faces.len()];
    for (si, sheet) in sheets.iter().enumerate() {
        for p in &sheet.placements {
            last[p.face] = si;
        }
    }
    let mut streams = Vec::with_capacity(sheets.len());
    // A compressor for each thread, for all the batches.
    let mut deflaters: Vec<Deflater> = (0..super::par::threads().min(sheets.len()).max(1))
        .map(|_| Deflater::default())
        .collect();
    for start in (0..sheets.len()).step_by(BATCH) {
        let end = (start + BATCH).min(sheets.len());
        let (faces_now, labels_now) = (&*faces, &labels[start..end]);
        streams.extend(super::par::map_with(
            &mut deflaters,
            &sheets[start..end],
            |z, i, sheet| {
                let mut ops = Ops::default();
                let base = page_base(sheet.h_mm);
                for p in &sheet.placements {
                    let size = kit_faces.faces[p.face].tree.size();
                    ops.plain("q");
                    ops.cm(base);
                    let c = p.clip;
                    ops.reals(&[c.x as f32, c.y as f32, c.w as f32, c.h as f32], "re");
                    ops.plain("W");
                    ops.plain("n");
                    ops.cm(p.face_transform(size.width(), size.height()));
                    ops.append(&faces_now[p.face].ops);
                    ops.plain("Q");
                }
                ops.plain("q");
                ops.cm(base);
                // One after the other: the operations of the two together.
                let (at, label) = &labels_now[i];
                ops.append(&shared[*at].ops);
                ops.append(&label.ops);
                ops.plain("Q");
                let mut stream = lopdf::Stream::new(lopdf::Dictionary::new(), ops.out.into_bytes());
                // As `Document::compress` would (it leaves a stream alone when it
                // does not shrink); an error leaves it uncompressed, as there.
                z.compress(&mut stream);
                stream
            },
        ));
        for (face, &l) in faces.iter_mut().zip(&last) {
            if l < end {
                face.ops = String::new();
            }
        }
        for (_, label) in &mut labels[start..end] {
            label.ops = String::new();
        }
    }
    streams
}

/// What printpdf needs to see of the pages' text to embed the fonts as it
/// would for the full pages: per font, each glyph used with the text of
/// its last use (printpdf keeps the last), as one text section.
pub fn glyph_use(
    sheets: &[Sheet],
    faces: &[Drawn],
    shared: &[Drawn],
    labels: &[(usize, Drawn)],
    table: &GlyphTable,
    remap: &[BTreeMap<u16, u16>],
) -> Vec<printpdf::Op> {
    use printpdf::{Codepoint, FontId, Op, PdfFontHandle, Pt, TextItem};
    let mut used: BTreeMap<usize, BTreeMap<u16, &str>> = BTreeMap::new();
    let mut note = |drawn: &Drawn| {
        for id in &drawn.uses {
            let (face, gid, text) = &table.all[*id as usize];
            let face = *face as usize;
            let gid = remap[face].get(gid).copied().unwrap_or(0);
            used.entry(face).or_default().insert(gid, text);
        }
    };
    for (si, sheet) in sheets.iter().enumerate() {
        for p in &sheet.placements {
            note(&faces[p.face]);
        }
        note(&shared[labels[si].0]);
        note(&labels[si].1);
    }
    let mut ops = vec![Op::StartTextSection];
    for (face, glyphs) in used {
        ops.push(Op::SetFont {
            font: PdfFontHandle::External(FontId(fonts::FACES[face].0.to_string())),
            size: Pt(1.0),
        });
        ops.push(Op::ShowText {
            items: vec![TextItem::GlyphIds(
                glyphs
                    .into_iter()
                    .map(|(gid, text)| Codepoint::with_cid(gid, 0.0, text.to_string()))
                    .collect(),
            )],
        });
    }
    ops.push(Op::EndTextSection);
    ops
}

/// Put the streams in as the pages' contents (the document's pages, in order).
pub fn replace_contents(doc: &mut lopdf::Document, streams: Vec<lopdf::Stream>) -> bool {
    let pages: Vec<lopdf::ObjectId> = doc.get_pages().into_values().collect();
    if pages.len() != streams.len() {
        return false;
    }
    for (page, stream) in pages.into_iter().zip(streams) {
        let Some(id) = doc
            .get_dictionary(page)
            .and_then(|d| d.get(b"Contents"))
            .and_then(lopdf::Object::as_reference)
            .ok()
        else {
            return false;
        };
        doc.objects.insert(id, lopdf::Object::Stream(stream));
    }
    true
}

/// `Document::compress` on every core: each stream compressed on its own, so
/// the bytes are the same.
pub fn compress(doc: &mut lopdf::Document) {
    let mut streams: Vec<&mut lopdf::Stream> = doc
        .objects
        .values_mut()
        .filter_map(|o| match o {
            lopdf::Object::Stream(s) if s.allows_compression && s.dict.get(b"Filter").is_err() => {
                Some(s)
            }
            _ => None,
        })
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Share the bytes out evenly: a font program outweighs many small streams.
    let total: usize = streams.iter().map(|s| s.content.len()).sum();
    let share = total / threads.max(1) + 1;
    let mut parts: Vec<Vec<&mut lopdf::Stream>> = vec![Vec::new()];
    let mut size = 0;
    for s in streams.drain(..) {
        if size >= share {
            parts.push(Vec::new());
            size = 0;
        }
        size += s.content.len();
        if let Some(p) = parts.last_mut() {
            p.push(s);
        }
    }
    std::thread::scope(|scope| {
        for part in parts {
            scope.spawn(move || {
                let mut z = Deflater::default();
                for s in part {
                    z.compress(s);
                }
            });
        }
    });
}

/// lopdf's `Stream::compress` (zlib, best compression, kept only when it
/// saves more than 19 bytes), with one compressor per thread, reset between
/// streams, instead of a new one (and its 256 KiB of tables) per stream.
/// The bytes are the same: deflate output depends only on the input and the level.
struct Deflater(flate2::Compress);

impl Default for Deflater {
    fn default() -> Self {
        Deflater(flate2::Compress::new(flate2::Compression::best(), true))
    }
}

impl Deflater {
    fn compress(&mut self, s: &mut lopdf::Stream) {
        if s.dict.get(b"Filter").is_ok() {
            return;
        }
        self.0.reset();
        let mut out = Vec::with_capacity(s.content.len() / 2 + 64);
        loop {
            let done = self.0.total_in() as usize;
            let input = s.content.get(done..).unwrap_or_default();
            match self
                .0
                .compress_vec(input, &mut out, flate2::FlushCompress::Finish)
            {
                Ok(flate2::Status::StreamEnd) => break,
                Ok(_) => out.reserve(out.capacity().max(64)),
                // Left as it is, uncompressed, as lopdf leaves a stream it fails on.
                Err(_) => return,
            }
        }
        if out.len() + 19 < s.content.len() {
            // Kept until the document is written: without the slack.
            out.shrink_to_fit();
            s.dict.set("Filter", "FlateDecode");
            s.set_content(out);
        }
    }
}
