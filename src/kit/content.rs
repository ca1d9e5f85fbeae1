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
        for &v in values {
            real(out, v);
            out.push(' ');
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

/// `v` as Rust's `{}` prints an `f32` (as printpdf and lopdf write a real:
/// the shortest digits that read back as `v`, never an exponent), without
/// `core::fmt`'s shortest-digits search: 5% of a 52-card kit. An integer
/// (most operands: `1 0 0 -1 x y Tm`) is its digits; any other value is
/// ryu's digits (the same shortest digits, the closest to `v` of them),
/// written out without ryu's exponent, and with `{}`'s choice where two
/// are as close (see [`tie_up`]). `real_is_rusts_formatting` checks.
fn real(out: &mut String, v: f32) {
    // Below 2^24 every integer is an f32, and its digits are the shortest
    // that read back as it. `-0` keeps its sign, as `{}` writes it.
    if v == v.trunc() && v.abs() < 16_777_216.0 {
        if v.is_sign_negative() {
            out.push('-');
        }
        let mut buf = [0; 20];
        let digits = crate::decimal::digits(v.abs() as u64, &mut buf);
        out.extend(digits.iter().map(|&d| char::from(d)));
        return;
    }
    if !v.is_finite() {
        let _ = write!(out, "{v}");
        return;
    }
    // ryu writes `123.45`, `0.00012345`, `12345.0` or `1.2345e-7`: its
    // digits, and how many of them come before the point.
    let mut buf = ryu::Buffer::new();
    let s = buf.format_finite(v.abs());
    let (plain, exp) = s.split_once('e').unwrap_or((s, "0"));
    let plain = plain.strip_suffix(".0").unwrap_or(plain);
    let (int, frac) = plain.split_once('.').unwrap_or((plain, ""));
    let mut digits = [0u8; 24];
    let mut len = 0;
    for d in int.bytes().chain(frac.bytes()) {
        if len < digits.len() {
            digits[len] = d;
            len += 1;
        }
    }
    let digits = &mut digits[..len];
    // Leading zeros (`0.00012345`) are not digits: before the point, less.
    let zeros = digits.iter().take_while(|&&d| d == b'0').count();
    let mut point = int.len() as i32 + exp.parse::<i32>().unwrap_or(0) - zeros as i32;
    let digits = &mut digits[zeros..];
    if tie_up(v.abs(), digits, point) {
        if let Some(last) = digits.last_mut() {
            *last += 1;
        }
    }
    if v < 0.0 {
        out.push('-');
    }
    let text = |out: &mut String, d: &[u8]| out.extend(d.iter().map(|&d| char::from(d)));
    if point <= 0 {
        out.push_str("0.");
        while point < 0 {
            out.push('0');
            point += 1;
        }
        text(out, digits);
    } else if point as usize >= digits.len() {
        text(out, digits);
        out.extend(std::iter::repeat_n('0', point as usize - digits.len()));
    } else {
        let (int, frac) = digits.split_at(point as usize);
        text(out, int);
        out.push('.');
        text(out, frac);
    }
}

/// Whether `{}` writes the digits after `digits` where ryu wrote `digits`
/// (`point` of them before the decimal point) for `v`: when `v` lies exactly
/// half-way between the two (its digits are `digits` then a 5), ryu takes
/// the even one and `{}` the one above (25.6328125: ryu `25.632812`, `{}`
/// `25.632813`). Only an even last digit can be ryu's choice of the two.
fn tie_up(v: f32, digits: &[u8], point: i32) -> bool {
    let Some(&last) = digits.last() else {
        return false;
    };
    if (last - b'0') % 2 == 1 {
        return false;
    }
    // v * 10^decimals == digits * 10 + 5, exactly: v is m * 2^e, so
    // m * 5^decimals * 2^(e + decimals) == n, in integers.
    let decimals = digits.len() as i32 - point + 1;
    if !(1..=27).contains(&decimals) || digits.len() > 17 {
        return false;
    }
    let n = digits
        .iter()
        .fold(0u128, |n, &d| n * 10 + u128::from(d - b'0'))
        * 10
        + 5;
    let bits = v.to_bits();
    let (biased, fraction) = ((bits >> 23) & 0xff, bits & 0x7f_ffff);
    let (m, e) = match biased {
        0 => (fraction, -149),
        _ => (fraction | 0x80_0000, biased as i32 - 150),
    };
    // m < 2^24 and 5^27 < 2^63: no overflow.
    let lhs = u128::from(m) * 5u128.pow(decimals as u32);
    let shift = e + decimals;
    if shift >= 0 {
        n.trailing_zeros() >= shift as u32 && lhs == n >> shift
    } else {
        // n < 2^60: shifted by at most 60 it fits.
        -shift <= 60 && lhs == n << -shift
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

/// A face's (or a sheet overlay's) drawing as page operations, in its own
/// user space (what `pdf::emit` gives printpdf), kept as a compact code until
/// the pages are written, and only then written out as printpdf writes it
/// ([`Drawn::write`]). A glyph is 11 bytes of code (its matrix's place and its
/// id) where its text operations are about 37: a 5,200-card kit kept 6.7 MB of
/// its faces' operations and 3.4 MB of its sheets' labels', all at once, as
/// text (the fonts' subsets, which every page's glyph ids depend on, are known
/// only once every face is drawn). Each glyph id is the font's own until
/// [`Drawn::renumber`].
pub struct Drawn {
    code: Vec<u8>,
    /// The glyphs shown (ids into a [`GlyphTable`]), each once, in the order
    /// of their last use (what [`glyph_use`] needs to keep the last text).
    uses: Vec<u32>,
}

/// The operations of a [`Drawn`]'s code, each a byte followed by its operands
/// (reals as `f32`, little-endian).
mod code {
    /// An XObject placed as is: its name (see `Coder::name`).
    pub const XOBJECT: u8 = 0;
    /// An XObject placed with a transform: six reals, then its name.
    pub const XOBJECT_AT: u8 = 1;
    pub const BEGIN_TEXT: u8 = 2;
    pub const END_TEXT: u8 = 3;
    /// A font and size: the font's index in `fonts::FACES`, a real.
    pub const FONT: u8 = 4;
    /// A fill colour: three reals.
    pub const COLOUR: u8 = 5;
    /// A glyph: its text matrix (six reals), its id (two bytes).
    pub const GLYPH: u8 = 6;
    /// A glyph whose text matrix is `1 0 0 -1 x y` (upright text in a face's
    /// y-down space, almost every glyph): x, y, its id.
    pub const GLYPH_UPRIGHT: u8 = 7;
}

/// Writes a [`Drawn`]'s code.
#[derive(Default)]
struct Coder {
    code: Vec<u8>,
}

impl Coder {
    fn op(&mut self, op: u8) {
        self.code.push(op);
    }

    fn reals(&mut self, values: &[f32]) {
        for v in values {
            self.code.extend_from_slice(&v.to_le_bytes());
        }
    }

    /// A name: its length (two bytes), its bytes. Resource names are
    /// tavolo's own and short (`X12`).
    fn name(&mut self, n: &str) {
        let mut len = n.len().min(usize::from(u16::MAX));
        while !n.is_char_boundary(len) {
            len -= 1;
        }
        self.code.extend_from_slice(&(len as u16).to_le_bytes());
        self.code.extend_from_slice(&n.as_bytes()[..len]);
    }
}

/// Reads a [`Drawn`]'s code.
struct Reader<'a> {
    code: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.code[self.at];
        self.at += 1;
        b
    }

    fn real(&mut self) -> f32 {
        let v = f32::from_le_bytes([
            self.code[self.at],
            self.code[self.at + 1],
            self.code[self.at + 2],
            self.code[self.at + 3],
        ]);
        self.at += 4;
        v
    }

    fn reals<const N: usize>(&mut self) -> [f32; N] {
        std::array::from_fn(|_| self.real())
    }

    /// Where the glyph id is (it is read and written in place).
    fn gid_at(&mut self) -> usize {
        self.at += 2;
        self.at - 2
    }

    /// A glyph's operands (`op`: [`code::GLYPH`] or [`code::GLYPH_UPRIGHT`]):
    /// its text matrix, and where its id is.
    fn glyph(&mut self, op: u8) -> ([f32; 6], usize) {
        let m = if op == code::GLYPH {
            self.reals::<6>()
        } else {
            let [x, y] = self.reals::<2>();
            [1.0, 0.0, 0.0, -1.0, x, y]
        };
        (m, self.gid_at())
    }

    fn name(&mut self) -> &str {
        let len = usize::from(u16::from_le_bytes([self.byte(), self.byte()]));
        self.at += len;
        // Written from a `&str` cut at a character boundary.
        std::str::from_utf8(&self.code[self.at - len..self.at]).unwrap_or_default()
    }
}

/// The texts one glyph has been shown with, each with its id in a [`GlyphTable`].
type Texts = Vec<(Box<str>, u32)>;

/// The glyphs the drawings show: (font, glyph id, its text), each once.
#[derive(Default)]
pub struct GlyphTable {
    /// By (font, glyph id): each text it has been shown with, and its id
    /// (nearly always one), so that a glyph already known is found without
    /// allocating its text.
    ids: std::collections::HashMap<(u8, u16), Texts>,
    all: Vec<(u8, u16, Box<str>)>,
}

impl GlyphTable {
    /// Ids for the glyphs `shown` (as [`draw`] lists them), new ones added
    /// in order.
    pub fn intern(&mut self, shown: Shown) -> Vec<u32> {
        shown
            .iter()
            .map(|(font, gid, text)| {
                let texts = self.ids.entry((font, gid)).or_default();
                if let Some((_, id)) = texts.iter().find(|(t, _)| **t == *text) {
                    return *id;
                }
                let id = self.all.len() as u32;
                texts.push((text.into(), id));
                self.all.push((font, gid, text.into()));
                id
            })
            .collect()
    }

    /// Every (font, glyph id) shown.
    pub fn all(&self) -> impl Iterator<Item = (usize, u16)> + '_ {
        self.all.iter().map(|(f, g, _)| (*f as usize, *g))
    }
}

/// The glyphs a drawing shows, as [`draw`] lists them: (font, glyph id,
/// where its text ends in `text`) and their texts one after the other. A
/// sheet's label keeps these until every label is drawn: a text a glyph in
/// a shared string, not a string each (1.6 MB at 5,200 cards).
#[derive(Default)]
pub struct Shown {
    glyphs: Vec<(u8, u16, u32)>,
    text: String,
}

impl Shown {
    /// Each glyph: (font, glyph id, its text).
    pub fn iter(&self) -> impl Iterator<Item = (u8, u16, &str)> + '_ {
        let mut start = 0;
        self.glyphs.iter().map(move |&(font, gid, end)| {
            let text = self.text.get(start..end as usize).unwrap_or_default();
            start = end as usize;
            (font, gid, text)
        })
    }
}

/// `chunks` as operations (see [`Drawn`]), and the glyphs they show as
/// (font, glyph id, text), each once, in the order of their last use.
pub fn draw(chunks: &[Chunk]) -> (Drawn, Shown) {
    let mut c = Coder::default();
    let mut shown: Vec<(u8, u16, &str)> = Vec::new();
    for chunk in chunks {
        match chunk {
            Chunk::XObject(id, ts) => {
                match ts {
                    Some(t) => {
                        c.op(code::XOBJECT_AT);
                        c.reals(&[t.sx, t.ky, t.kx, t.sy, t.tx, t.ty]);
                    }
                    None => c.op(code::XOBJECT),
                }
                c.name(id);
            }
            Chunk::Text(glyphs) => {
                c.op(code::BEGIN_TEXT);
                let mut font: Option<(usize, f32)> = None;
                let mut colour: Option<[f32; 3]> = None;
                for g in glyphs {
                    if font != Some((g.face, g.size)) {
                        c.op(code::FONT);
                        c.code.push(g.face as u8);
                        c.reals(&[g.size]);
                        font = Some((g.face, g.size));
                    }
                    if colour != Some(g.rgb) {
                        c.op(code::COLOUR);
                        c.reals(&g.rgb);
                        colour = Some(g.rgb);
                    }
                    let m = g.matrix;
                    // By the bits: `-0` is written as such.
                    let upright = [m[0], m[1], m[2], m[3]].map(f32::to_bits)
                        == [1.0f32, 0.0, 0.0, -1.0].map(f32::to_bits);
                    if upright {
                        c.op(code::GLYPH_UPRIGHT);
                        c.reals(&m[4..]);
                    } else {
                        c.op(code::GLYPH);
                        c.reals(&m);
                    }
                    c.code.extend_from_slice(&g.gid.to_le_bytes());
                    shown.push((g.face as u8, g.gid, &g.text));
                }
                c.op(code::END_TEXT);
            }
        }
    }
    // Each glyph once, at its last use.
    let mut seen = std::collections::HashSet::new();
    let mut last: Vec<(u8, u16, &str)> = shown
        .into_iter()
        .rev()
        .filter(|g| seen.insert(*g))
        .collect();
    last.reverse();
    let mut out = Shown {
        glyphs: Vec::with_capacity(last.len()),
        text: String::with_capacity(last.iter().map(|g| g.2.len()).sum()),
    };
    for (font, gid, text) in last {
        out.text.push_str(text);
        out.glyphs.push((font, gid, out.text.len() as u32));
    }
    c.code.shrink_to_fit();
    let drawn = Drawn {
        code: c.code,
        uses: Vec::new(),
    };
    (drawn, out)
}

impl Drawn {
    /// Note the ids of the glyphs it shows (see [`GlyphTable::intern`]).
    pub fn set_uses(&mut self, mut uses: Vec<u32>) {
        uses.shrink_to_fit();
        self.uses = uses;
    }

    /// Put in the subset fonts' glyph ids (`remap`, per font: old id -> new).
    pub fn renumber(&mut self, remap: &[BTreeMap<u16, u16>]) {
        let mut font = 0;
        let mut gids = Vec::new();
        self.walk(|r, op| match op {
            code::FONT => {
                font = usize::from(r.byte());
                r.real();
            }
            code::GLYPH | code::GLYPH_UPRIGHT => gids.push((font, r.glyph(op).1)),
            _ => Self::skip(r, op),
        });
        for (font, at) in gids {
            let old = u16::from_le_bytes([self.code[at], self.code[at + 1]]);
            let new = remap
                .get(font)
                .and_then(|m| m.get(&old))
                .copied()
                .unwrap_or(0);
            self.code[at..at + 2].copy_from_slice(&new.to_le_bytes());
        }
    }

    /// Each operation of the code, in order: `f` reads its operands.
    fn walk(&self, mut f: impl FnMut(&mut Reader, u8)) {
        let mut r = Reader {
            code: &self.code,
            at: 0,
        };
        while r.at < r.code.len() {
            let op = r.byte();
            f(&mut r, op);
        }
    }

    /// Past the operands of `op`.
    fn skip(r: &mut Reader, op: u8) {
        match op {
            code::XOBJECT => {
                r.name();
            }
            code::XOBJECT_AT => {
                r.reals::<6>();
                r.name();
            }
            code::FONT => {
                r.byte();
                r.real();
            }
            code::COLOUR => {
                r.reals::<3>();
            }
            code::GLYPH | code::GLYPH_UPRIGHT => {
                r.glyph(op);
            }
            _ => {}
        }
    }

    /// The operations written out, as printpdf 0.12 and lopdf 0.44 write
    /// them (operands each followed by a space, then the operator; one to a
    /// line; reals as Rust prints an `f32`; glyph ids as 4-digit upper-case
    /// hex in `[...] TJ`), after what `ops` holds.
    fn write(&self, ops: &mut Ops) {
        self.walk(|r, op| match op {
            code::XOBJECT | code::XOBJECT_AT => {
                let at = (op == code::XOBJECT_AT).then(|| r.reals::<6>());
                if let Some(t) = at {
                    ops.plain("q");
                    ops.reals(&t, "cm");
                }
                // printpdf places an XObject without a size in q/identity cm/Q.
                ops.plain("q");
                ops.plain("1 0 0 1 0 0 cm");
                let out = ops.op();
                name(out, r.name());
                out.push_str(" Do");
                ops.plain("Q");
                if at.is_some() {
                    ops.plain("Q");
                }
            }
            code::BEGIN_TEXT => ops.plain("BT"),
            code::END_TEXT => ops.plain("ET"),
            code::FONT => {
                let face = usize::from(r.byte());
                let size = r.real();
                let out = ops.op();
                name(out, fonts::FACES[face].0);
                out.push(' ');
                real(out, size);
                out.push_str(" Tf");
            }
            code::COLOUR => ops.reals(&r.reals::<3>(), "rg"),
            code::GLYPH | code::GLYPH_UPRIGHT => {
                let (m, at) = r.glyph(op);
                ops.reals(&m, "Tm");
                let gid = u16::from_le_bytes([r.code[at], r.code[at + 1]]);
                let out = ops.op();
                out.push_str("[<");
                for shift in [12, 8, 4, 0] {
                    out.push(char::from(
                        b"0123456789ABCDEF"[usize::from(gid >> shift & 0xf)],
                    ));
                }
                out.push_str(">] TJ");
            }
            _ => {}
        });
    }

    /// [`Drawn::write`] on its own.
    fn text(&self) -> String {
        let mut ops = Ops::default();
        self.write(&mut ops);
        ops.out
    }
}

/// Every page's content stream, compressed as lopdf compresses a stream,
/// in page order. `faces` are the faces drawn, `labels[si]` sheet `si`'s
/// overlay (its shared part, `shared[labels[si].0]`, then its own label),
/// renumbered for the subset fonts. The pages are written a batch at a time,
/// and each face's operations dropped after the last page that draws it, so
/// that the streams take the place of what they were written from.
/// `deflaters` are the run's compressors (see [`Deflaters`]).
pub fn page_streams(
    kit_faces: &KitFaces,
    sheets: &[Sheet],
    faces: &mut [Drawn],
    shared: &[Drawn],
    labels: &mut [(usize, Drawn)],
    deflaters: &mut Deflaters,
) -> Vec<lopdf::Stream> {
    const BATCH: usize = 64;
    // Pages a thread takes at least: a page is some 0.1 ms to write and
    // compress, a thread's start and join as much as one or two.
    const PAGES_A_THREAD: usize = 24;
    let mut last = vec![0; faces.len()];
    let mut placed = vec![0u32; faces.len()];
    for (si, sheet) in sheets.iter().enumerate() {
        for p in &sheet.placements {
            last[p.face] = si;
            placed[p.face] = placed[p.face].saturating_add(1);
        }
    }
    // Written out once: the shared parts (on every sheet) and each face
    // placed more than once (all the backs); the rest as their page is.
    let shared: Vec<String> = shared.iter().map(Drawn::text).collect();
    let repeated: Vec<usize> = (0..faces.len()).filter(|&f| placed[f] > 1).collect();
    let texts = super::par::map_on(
        super::par::threads_for(repeated.len(), PAGES_A_THREAD),
        &repeated,
        |_, &f| faces[f].text(),
    );
    let mut written: std::collections::HashMap<usize, String> =
        repeated.into_iter().zip(texts).collect();
    let mut streams = Vec::with_capacity(sheets.len());
    let deflaters = deflaters.get(super::par::threads_for(sheets.len(), PAGES_A_THREAD));
    for start in (0..sheets.len()).step_by(BATCH) {
        let end = (start + BATCH).min(sheets.len());
        let (faces_now, labels_now, written_now) = (&*faces, &labels[start..end], &written);
        streams.extend(super::par::map_with(
            deflaters,
            &sheets[start..end],
            |z, i, sheet| {
                // A sheet of cards is 7-15 KB of operations: room for it at once.
                let mut ops = Ops {
                    out: String::with_capacity(16 << 10),
                };
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
                    match written_now.get(&p.face) {
                        Some(text) => ops.append(text),
                        None => faces_now[p.face].write(&mut ops),
                    }
                    ops.plain("Q");
                }
                ops.plain("q");
                ops.cm(base);
                // One after the other: the operations of the two together.
                let (at, label) = &labels_now[i];
                ops.append(&shared[*at]);
                label.write(&mut ops);
                ops.plain("Q");
                let mut stream = lopdf::Stream::new(lopdf::Dictionary::new(), ops.out.into_bytes());
                // As `Document::compress` would (it leaves a stream alone when it
                // does not shrink); an error leaves it uncompressed, as there.
                z.compress(&mut stream);
                stream
            },
        ));
        for (f, (face, &l)) in faces.iter_mut().zip(&last).enumerate() {
            if l < end && !face.code.is_empty() {
                face.code = Vec::new();
                written.remove(&f);
            }
        }
        for (_, label) in &mut labels[start..end] {
            label.code = Vec::new();
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

/// `Document::compress` on every core it is worth: each stream compressed
/// on its own, so the bytes are the same.
pub fn compress(doc: &mut lopdf::Document, deflaters: &mut Deflaters) {
    // Bytes a thread takes at least (some 1-2 ms of deflate at level 9).
    const BYTES_A_THREAD: usize = 64 << 10;
    let streams: Vec<&mut lopdf::Stream> = doc
        .objects
        .values_mut()
        .filter_map(|o| match o {
            lopdf::Object::Stream(s) if s.allows_compression && s.dict.get(b"Filter").is_err() => {
                Some(s)
            }
            _ => None,
        })
        .collect();
    let total: usize = streams.iter().map(|s| s.content.len()).sum();
    let threads = super::par::threads_for(total, BYTES_A_THREAD);
    let deflaters = deflaters.get(threads);
    if threads == 1 {
        for s in streams {
            deflaters[0].compress(s);
        }
        return;
    }
    // Share the bytes out evenly: a font program outweighs many small streams.
    let share = total / threads + 1;
    let mut parts: Vec<Vec<&mut lopdf::Stream>> = vec![Vec::new()];
    let mut size = 0;
    for s in streams {
        if size >= share {
            parts.push(Vec::new());
            size = 0;
        }
        size += s.content.len();
        if let Some(p) = parts.last_mut() {
            p.push(s);
        }
    }
    // A thread for each part but the first, which this thread takes.
    let (first, rest) = deflaters.split_at_mut(1);
    std::thread::scope(|scope| {
        let mut parts = parts.into_iter();
        let mine = parts.next().unwrap_or_default();
        for (part, z) in parts.zip(rest.iter_mut()) {
            scope.spawn(move || {
                for s in part {
                    z.compress(s);
                }
            });
        }
        for s in mine {
            first[0].compress(s);
        }
    });
}

/// The compressors of a run, one for each thread, made when first needed
/// and kept for all its streams (the pages', then the rest): each is 370 KiB
/// of tables to allocate, fault in and clear; a run made four.
#[derive(Default)]
pub struct Deflaters(Vec<Deflater>);

impl Deflaters {
    /// One for each of `threads` threads (at least one).
    fn get(&mut self, threads: usize) -> &mut [Deflater] {
        let n = threads.max(1);
        while self.0.len() < n {
            self.0.push(Deflater::default());
        }
        &mut self.0[..n]
    }
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

#[cfg(test)]
mod tests {
    use super::super::pdf::{Chunk, Glyph};
    use usvg::Transform;

    fn glyph(gid: u16, matrix: [f32; 6]) -> Glyph {
        Glyph {
            face: 0,
            gid,
            size: 5.0,
            rgb: [0.0, 0.5, 1.0],
            matrix,
            text: "a".into(),
        }
    }

    /// The compact code writes out the operations printpdf writes (see the
    /// module's comment), glyph ids as the subset's once renumbered; a matrix
    /// that is upright but for a `-0` keeps its `-0`.
    #[test]
    fn drawn_code_writes_printpdfs_operations() {
        let chunks = [
            Chunk::XObject("X1".into(), None),
            Chunk::Text(vec![
                glyph(14, [1.0, 0.0, 0.0, -1.0, 15.387939, 13.0]),
                glyph(300, [1.0, -0.0, 0.0, -1.0, 2.5, 13.0]),
                glyph(14, [0.0, 1.0, -1.0, 0.0, 7.0, 8.25]),
            ]),
            Chunk::XObject(
                "X2".into(),
                Some(Transform::from_row(2.0, 0.0, 0.0, 2.0, 5.0, 6.0)),
            ),
        ];
        let (mut drawn, shown) = super::draw(&chunks);
        // Each glyph once, at its last use.
        let ids: Vec<u16> = shown.iter().map(|g| g.1).collect();
        assert_eq!(ids, [300, 14]);
        let remap = [
            [(14u16, 3u16), (300, 0x1a)].into_iter().collect(),
            Default::default(),
        ];
        drawn.renumber(&remap);
        let font = super::fonts::FACES[0].0;
        let want = format!(
            "q\n1 0 0 1 0 0 cm\n/X1 Do\nQ\n\
             BT\n/{font} 5 Tf\n0 0.5 1 rg\n\
             1 0 0 -1 15.387939 13 Tm\n[<0003>] TJ\n\
             1 -0 0 -1 2.5 13 Tm\n[<001A>] TJ\n\
             0 1 -1 0 7 8.25 Tm\n[<0003>] TJ\nET\n\
             q\n2 0 0 2 5 6 cm\nq\n1 0 0 1 0 0 cm\n/X2 Do\nQ\nQ"
        );
        assert_eq!(drawn.text(), want);
    }

    /// `real` writes what `{}` writes for an `f32`: integers (and `-0`),
    /// the values a page's operands take (a tenth of a point and finer,
    /// over a sheet and beyond), the smallest and largest, and a spread of
    /// every bit pattern (one in 4,099, both signs).
    #[test]
    fn real_is_rusts_formatting() {
        let mut values: Vec<f32> = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            16_777_215.0,
            16_777_216.0,
            16_777_217.0,
            1e10,
            3.4028235e38,
            f32::MIN_POSITIVE,
            1e-45,
            1e-7,
            1.2345e-7,
            0.1,
            0.3,
            2.834_645_7,
            15.387939,
            // A tie, 25.6328125: ryu's digits end `812`, Rust's `813`.
            3281.0 / 128.0,
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ];
        values.extend((-20_000..20_000).map(|i| i as f32 * 0.1));
        // Halves of the last digit shown, both ways round (ties).
        for k in [2.0f32, 16.0, 128.0, 1024.0, 65_536.0, 1_048_576.0] {
            values.extend((-30_000..30_000).map(|i| (i as f32 * 7.0 + 0.5) / k));
        }
        values.extend((0..100_000).map(|i| i as f32 * 0.013_7 - 300.0));
        values.extend((0..u32::MAX / 4_099).map(|i| f32::from_bits(i * 4_099)));
        values.extend((0..u32::MAX / 4_099).map(|i| f32::from_bits(i * 4_099 + 1_234)));
        let mut out = String::new();
        for v in values {
            out.clear();
            super::real(&mut out, v);
            assert_eq!(out, format!("{v}"), "{:#x}", v.to_bits());
        }
    }

    /// What the code is for: an upright glyph is 11 bytes kept, where its
    /// operations are 30 bytes and more.
    #[test]
    fn an_upright_glyph_is_eleven_bytes() {
        let one = |n: usize| {
            let glyphs = (0..n)
                .map(|i| glyph(7, [1.0, 0.0, 0.0, -1.0, 10.0 + i as f32 * 1.37, 13.0]))
                .collect();
            super::draw(&[Chunk::Text(glyphs)]).0
        };
        let (a, b) = (one(10), one(20));
        assert_eq!(b.code.len() - a.code.len(), 10 * 11);
        assert!(b.text().len() - a.text().len() >= 10 * 30);
    }
}
