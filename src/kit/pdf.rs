//! The PDF back end: draws the laid-out sheets with printpdf.
//!
//! Vector art is converted from the usvg trees into PDF path operators (no
//! svg2pdf, no system fonts). Every distinct run of vector drawing becomes one
//! Form XObject, placed wherever it recurs (all the backs, every apple), so the
//! file stays small. Text is written as real PDF text in the bundled font,
//! subset by printpdf, glyph by glyph where usvg laid it out, so the PDF and
//! the PNG preview agree. Output is byte-identical for the same input: fixed
//! resource names, epoch dates, and a document ID derived from the content.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use printpdf::{
    Codepoint, Color, CurTransMat, DictItem, ExternalStream, ExternalXObject, FontId, Mm, Op,
    PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Pt, Rgb, TextItem,
    TextMatrix, WindingOrder, XObject, XObjectId, XObjectTransform,
};
use usvg::{Node, Paint, Transform};

use crate::error::{Error, Result};
use crate::kit::content::{Drawn, GlyphTable};
use crate::kit::facetext::Line;
use crate::kit::fonts;
use crate::kit::layout::{self, Sheet};
use crate::kit::template::KitFaces;

/// Points per millimetre.
pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// Render the sheets of one kit into PDF bytes.
pub fn write(title: &str, faces: &KitFaces, sheets: &[Sheet]) -> Result<Vec<u8>> {
    write_with(title, faces, sheets, true, None, None)
}

/// [`write`], with the faces already converted by `streamed` as they were
/// parsed (`faces` then need only their sizes).
pub fn write_streamed(
    title: &str,
    faces: &KitFaces,
    sheets: &[Sheet],
    streamed: Streamed,
    trims: Option<&[crate::kit::geometry::Rect]>,
) -> Result<Vec<u8>> {
    match &streamed.drawn {
        Some(drawn) if drawn.len() == faces.faces.len() => {}
        _ => {
            return Err(Error::failed(
                "kit.pdf",
                "the converted faces do not match the kit's faces",
            ))
        }
    }
    write_with(title, faces, sheets, true, trims, Some(streamed))
}

/// Faces converted for the PDF as they were parsed (see [`stream_faces`]):
/// each face drawn as page operations ([`Drawn`]), its shared objects named
/// by one converter going through the faces in order (the names a converter
/// per face then [`Converter::adopt`] would give).
pub struct Streamed {
    conv: Converter,
    /// `None` once a face could not be drawn directly (text printpdf would
    /// write otherwise, see [`super::content::direct_ok`]).
    drawn: Option<Vec<Drawn>>,
    glyphs: GlyphTable,
}

impl Streamed {
    /// Whether every face was drawn as it came; if not, [`write_streamed`]
    /// refuses and the kit is to be written with [`write`] from its trees.
    pub fn complete(&self) -> bool {
        self.drawn.is_some()
    }

    fn new() -> Streamed {
        Streamed {
            conv: Converter::default(),
            drawn: Some(Vec::new()),
            glyphs: GlyphTable::default(),
        }
    }

    /// Convert and draw one face, and drop its tree.
    fn take(&mut self, tree: usvg::Tree, lines: Vec<Line>) {
        // Once one face cannot be drawn, the rest are only dropped.
        let Some(drawn) = self.drawn.as_mut() else {
            return;
        };
        // Art is known by its address only within a face, as with a
        // converter per face.
        self.conv.arts.clear();
        self.conv.lines = lines;
        let chunks = self.conv.face(&tree);
        self.conv.lines.clear();
        drop(tree);
        if !super::content::direct_ok(std::iter::once(chunks.as_slice())) {
            self.drawn = None;
            return;
        }
        let (mut d, shown) = super::content::draw(&chunks);
        d.set_uses(self.glyphs.intern(shown));
        drawn.push(d);
    }
}

/// How many pieces a kit has before its faces are converted on a thread of
/// their own (see [`stream_faces`]): below it, the thread (and the hand-over
/// of every face) costs more than it saves.
pub const STREAM_ALONGSIDE: usize = 128;

/// Run `parse`, which hands each face's tree to the function it is given as
/// soon as the tree is parsed (see [`crate::kit::template::render_faces_with`]),
/// with the faces converted for the PDF as they come, on a thread of their
/// own when `alongside` (see [`STREAM_ALONGSIDE`]), else on this one: each
/// tree is dropped once converted, and what the face keeps in its place is
/// an empty tree of the same size, shared. A 5,200-card kit otherwise held every
/// card's tree (its text laid out, with outlines: about 25 KB a card) until
/// the PDF was written. On a thread of their own, the parsing and the
/// converting go on side by side. The result is the same either way.
pub fn stream_faces<T>(
    alongside: bool,
    parse: impl FnOnce(&mut crate::kit::template::Keep) -> Result<T>,
) -> Result<(T, Streamed)> {
    // The faces of a component share their size: one stub each, shared by
    // them all (a `usvg::Tree` is some 400 bytes even empty: 2 MB for 5,200
    // cards).
    let mut stubs: Vec<Arc<usvg::Tree>> = Vec::new();
    let mut stub_of = move |tree: &usvg::Tree| -> Arc<usvg::Tree> {
        match stubs.iter().find(|s| s.size() == tree.size()) {
            Some(s) => s.clone(),
            None => {
                let stub = Arc::new(size_only(tree));
                if stubs.len() < 16 && !stub.root().has_children() {
                    stubs.push(stub.clone());
                }
                stub
            }
        }
    };
    if !alongside {
        let mut s = Streamed::new();
        let out = parse(&mut |tree: usvg::Tree, lines: Vec<Line>| {
            let stub = stub_of(&tree);
            s.take(tree, lines);
            Ok(stub)
        })?;
        return Ok((out, s));
    }
    // The faces go over a few at a time: waking the converter for every
    // face cost more than converting a small one. (Dropping the trees back
    // on the parsing thread, which spares the two a malloc lock, left 5 MB
    // more at the peak of a 5,200-card kit: the converter no longer reuses
    // the trees' memory for what it draws.)
    const BATCH: usize = 4;
    std::thread::scope(|scope| {
        // A few faces in flight at most (as many as with a face at a time).
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<(usvg::Tree, Vec<Line>)>>(3);
        let worker = scope.spawn(move || {
            let mut s = Streamed::new();
            for (tree, lines) in rx.into_iter().flatten() {
                s.take(tree, lines);
            }
            s
        });
        let mut batch = Vec::with_capacity(BATCH);
        let stopped = || Error::failed("kit.pdf", "the faces' converter stopped");
        let mut keep = |tree: usvg::Tree, lines: Vec<Line>| -> Result<Arc<usvg::Tree>> {
            let stub = stub_of(&tree);
            batch.push((tree, lines));
            if batch.len() == BATCH {
                tx.send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)))
                    .map_err(|_| stopped())?;
            }
            Ok(stub)
        };
        let out = parse(&mut keep);
        let sent = if batch.is_empty() {
            Ok(())
        } else {
            tx.send(batch).map_err(|_| stopped())
        };
        // Closes the channel: the worker ends once it has converted the rest.
        drop(tx);
        let streamed = worker
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        sent?;
        Ok((out?, streamed))
    })
}

/// An empty tree of `tree`'s size (the tree itself, should the size not come
/// back the same to the bit).
fn size_only(tree: &usvg::Tree) -> usvg::Tree {
    let size = tree.size();
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}"/>"#,
        size.width(),
        size.height()
    );
    match usvg::Tree::from_str(&svg, &crate::kit::template::options(None)) {
        Ok(stub) if stub.size() == size => stub,
        _ => tree.clone(),
    }
}

/// [`write`], each page with a TrimBox (`trims[i]`, mm from the page's
/// top-left corner) and a BleedBox on the whole page, as print shops ask.
pub fn write_trimmed(
    title: &str,
    faces: &KitFaces,
    sheets: &[Sheet],
    trims: &[crate::kit::geometry::Rect],
) -> Result<Vec<u8>> {
    write_with(title, faces, sheets, true, Some(trims), None)
}

/// Set each page's TrimBox and BleedBox (the BleedBox, MediaBox and CropBox
/// are the whole page).
fn set_boxes(lo: &mut lopdf::Document, sheets: &[Sheet], trims: &[crate::kit::geometry::Rect]) {
    let pt = |mm: f64| lopdf::Object::Real((mm * PT_PER_MM) as f32);
    let pages: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    for ((id, sheet), r) in pages.iter().zip(sheets).zip(trims) {
        if let Ok(page) = lo.get_dictionary_mut(*id) {
            // PDF space starts at the bottom left.
            let y0 = sheet.h_mm - r.y - r.h;
            page.set(
                "TrimBox",
                vec![pt(r.x), pt(y0), pt(r.x + r.w), pt(y0 + r.h)],
            );
            // The page itself, exactly (printpdf's own is a float's hair off).
            let whole = || vec![pt(0.0), pt(0.0), pt(sheet.w_mm), pt(sheet.h_mm)];
            for key in ["MediaBox", "CropBox", "BleedBox"] {
                page.set(key, whole());
            }
        }
    }
}

/// `write`, with the page contents written by tavolo on every core where
/// `direct` allows (the bytes are the same either way; the tests check).
fn write_with(
    title: &str,
    faces: &KitFaces,
    sheets: &[Sheet],
    direct: bool,
    trims: Option<&[crate::kit::geometry::Rect]>,
    converted: Option<Streamed>,
) -> Result<Vec<u8>> {
    let (conv, drawing) = convert(faces, sheets, converted, direct)?;

    let mut doc = PdfDocument::new(title);
    // The run's compressors: the pages', then the rest's.
    let mut deflaters = super::content::Deflaters::default();

    // Fonts: each face some text uses, subset to the glyphs used (glyph ids
    // renumbered in the text ops), under fixed resource names.
    let mut used: Vec<std::collections::BTreeSet<u16>> =
        vec![Default::default(); fonts::FACES.len()];
    match &drawing {
        Drawing::Direct { glyphs, .. } => {
            for (face, gid) in glyphs.all() {
                used[face].insert(gid);
            }
        }
        Drawing::Printpdf { faces, overlays } => {
            for c in faces.iter().chain(overlays.iter()).flatten() {
                if let Chunk::Text(glyphs) = c {
                    for g in glyphs {
                        used[g.face].insert(g.gid);
                    }
                }
            }
        }
    }
    // One after the other: a face's subset is some 0.1 ms whatever the
    // kit's size (it reads the whole `glyf`), what a thread costs to start.
    let subsets: Vec<_> = fonts::FACES
        .iter()
        .enumerate()
        .map(|(i, (_, _, bytes))| (!used[i].is_empty()).then(|| subset_font(bytes, &used[i])))
        .collect();
    let mut remap: Vec<BTreeMap<u16, u16>> = Vec::new();
    for ((id, _, _), subset) in fonts::FACES.iter().zip(subsets) {
        let Some(subset) = subset else {
            remap.push(BTreeMap::new());
            continue;
        };
        let (subset, map) = subset?;
        remap.push(map);
        let mut warnings = Vec::new();
        let parsed = ParsedFont::from_bytes(&subset, 0, &mut warnings).ok_or_else(|| {
            Error::failed(
                "kit.font",
                format!("the subset of bundled font {id} does not parse"),
            )
        })?;
        let tmp = doc.add_font(&parsed);
        if let Some(font) = doc.resources.fonts.map.remove(&tmp) {
            doc.resources.fonts.map.insert(FontId(id.to_string()), font);
        }
    }
    for (content, (id, bbox, alphas)) in &conv.xobjects {
        doc.resources
            .xobjects
            .map
            .insert(XObjectId(id.clone()), form_xobject(content, *bbox, alphas));
    }

    // Page contents: written here on every core when they can be written as
    // printpdf writes them (see `content`), else by printpdf. printpdf then
    // sees only the glyphs the pages use, to embed the fonts as before.
    let page = |sheet: &Sheet, ops| PdfPage::new(Mm(sheet.w_mm as f32), Mm(sheet.h_mm as f32), ops);
    let (streams, pages) = match drawing {
        Drawing::Direct {
            faces: mut drawn,
            mut shared,
            mut labels,
            glyphs,
        } => {
            let labels_mut = labels.iter_mut().map(|l| &mut l.1);
            for d in drawn.iter_mut().chain(shared.iter_mut()).chain(labels_mut) {
                d.renumber(&remap);
            }
            let first =
                super::content::glyph_use(sheets, &drawn, &shared, &labels, &glyphs, &remap);
            let streams = super::content::page_streams(
                faces,
                sheets,
                &mut drawn,
                &shared,
                &mut labels,
                &mut deflaters,
            );
            let mut first = Some(first);
            let pages = sheets
                .iter()
                .map(|sheet| page(sheet, first.take().unwrap_or_default()))
                .collect();
            (Some(streams), pages)
        }
        Drawing::Printpdf {
            faces: face_chunks,
            overlays,
        } => {
            let pages = sheets
                .iter()
                .enumerate()
                .map(|(si, sheet)| {
                    let ops = page_ops(sheet, faces, &face_chunks[..], &overlays[si], &remap);
                    page(sheet, ops)
                })
                .collect();
            (None, pages)
        }
    };
    doc.with_pages(pages);

    let opts = PdfSaveOptions {
        optimize: true,
        subset_fonts: true,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = doc.to_lopdf_document(&opts, &mut warnings);
    if let Some(streams) = streams {
        if !super::content::replace_contents(&mut lo, streams) {
            return Err(Error::failed(
                "kit.pdf",
                "the PDF's pages do not match the sheets",
            ));
        }
    }
    tag_subset_fonts(&mut lo);
    set_info(&mut lo, title);
    if let Some(trims) = trims {
        set_boxes(&mut lo, sheets, trims);
    }
    super::content::compress(&mut lo, &mut deflaters);
    // Their 372 KiB each are not kept through the save, the run's peak.
    drop(deflaters);
    // printpdf writes a random document ID; derive it from the content
    // instead: save with a placeholder of the same length, hash, patch.
    let placeholder = [b'0'; 32];
    let id = |bytes: &[u8]| lopdf::Object::String(bytes.to_vec(), lopdf::StringFormat::Literal);
    lo.trailer.set(
        "ID",
        lopdf::Object::Array(vec![id(&placeholder), id(&placeholder)]),
    );
    // Room for the whole file at once (its streams and about 200 bytes an
    // object besides): grown by doubling, each larger copy was made beside
    // the last, and the run's peak is here.
    let streams: usize = lo
        .objects
        .values()
        .map(|o| match o {
            lopdf::Object::Stream(s) => s.content.len(),
            _ => 0,
        })
        .sum();
    let mut out = Vec::with_capacity(streams + 200 * lo.objects.len() + 4096);
    lo.save_to(&mut out)
        .map_err(|e| Error::failed("kit.pdf", format!("cannot serialise the PDF: {e}")))?;
    let digest = format!("{:016x}{:016x}", fnv1a(&out, 0), fnv1a(&out, 1));
    let needle = [b"(".as_slice(), &placeholder, b")"].concat();
    let mut from = out.len().saturating_sub(4096);
    while let Some(i) = find(&out[from..], &needle) {
        out[from + i + 1..from + i + 33].copy_from_slice(digest.as_bytes());
        from += i + needle.len();
    }
    Ok(out)
}

/// What the pages are drawn from: the faces and every sheet's overlay.
enum Drawing {
    /// Drawn as operations here (see [`Drawn`]), with the glyphs they show.
    /// A sheet's overlay is a shared part (`shared[labels[si].0]`: marks,
    /// ruler, one for all the sheets that have the same) then its own label.
    Direct {
        faces: Vec<Drawn>,
        shared: Vec<Drawn>,
        labels: Vec<(usize, Drawn)>,
        glyphs: GlyphTable,
    },
    /// As chunks, for printpdf to write.
    Printpdf {
        faces: Vec<Vec<Chunk>>,
        overlays: Vec<Vec<Chunk>>,
    },
}

/// Chunks drawn (see [`Drawn`]), the glyphs they show noted in `glyphs`.
fn draw_one(chunks: &[Chunk], glyphs: &mut GlyphTable) -> Drawn {
    let (mut d, shown) = super::content::draw(chunks);
    d.set_uses(glyphs.intern(shown));
    d
}

/// An overlay's part converted on its own: its chunks and the objects they
/// name (as its own converter named them), or, for a label that names none,
/// already drawn (with the glyphs it shows).
enum Part {
    Chunks(Vec<Chunk>, XObjects),
    Drawn(Drawn, super::content::Shown),
}

impl Part {
    fn take(&mut self) -> Part {
        std::mem::replace(self, Part::Chunks(Vec::new(), XObjects::new()))
    }
}

/// Every face, then every sheet's overlay, drawn ([`Drawing::Direct`] when
/// `direct` allows and the text can be written as printpdf writes it), and
/// the converter holding their shared objects. Each is converted on its own,
/// on every core; their objects are then named in that order, as one
/// converter going through them in turn names them, so the bytes are the
/// same. A sheet's overlay is its shared part (marks, ruler: parsed once for
/// all the sheets that have the same) followed by its own label.
/// Faces `converted` already (see [`Streamed`]) are taken as they are, and
/// then the labels are drawn as they are converted.
fn convert(
    faces: &KitFaces,
    sheets: &[Sheet],
    converted: Option<Streamed>,
    direct: bool,
) -> Result<(Converter, Drawing)> {
    let convert_one = |tree: &usvg::Tree| {
        let mut local = Converter::default();
        let chunks = local.face(tree);
        (chunks, local.xobjects)
    };
    // The faces first, wherever they were converted.
    let (mut conv, streamed, face_chunks) = match converted {
        Some(s) => (s.conv, s.drawn.map(|d| (d, s.glyphs)), Vec::new()),
        None => {
            let parts = super::par::map(&faces.faces, |_, face| convert_one(&face.tree));
            let mut conv = Converter::default();
            let chunks = parts
                .into_iter()
                .map(|(chunks, xobjects)| conv.adopt(chunks, &xobjects))
                .collect();
            (conv, None, chunks)
        }
    };
    let draw_labels = streamed.is_some();

    // Each distinct shared part once (the first sheet's copy), each sheet's label.
    let mut shared_at: std::collections::HashMap<String, usize> = Default::default();
    let mut shared_of = Vec::with_capacity(sheets.len());
    for (si, sheet) in sheets.iter().enumerate() {
        // Most sheets share the one before's: known without writing it out.
        if si > 0 && layout::same_shared(&sheets[si - 1], sheet) {
            shared_of.push(shared_of[si - 1]);
        } else {
            let next = shared_at.len();
            shared_of.push(
                *shared_at
                    .entry(layout::overlay_shared(sheet))
                    .or_insert(next),
            );
        }
    }
    let mut bodies: Vec<(String, usize)> = shared_at.into_iter().collect();
    bodies.sort_by_key(|b| b.1);
    let n_bodies = bodies.len();
    // The shared parts, then each sheet's label (its SVG written only when
    // it is not laid out directly).
    let parts: Vec<usize> = (0..n_bodies + sheets.len()).collect();
    // A label is some 15 us to lay out: worth a thread from a few dozen on.
    let threads = super::par::threads_for(parts.len(), 24);
    let parts = super::par::map_on(threads, &parts, |_, &i| -> Result<Part> {
        let label = (i >= n_bodies).then(|| &sheets[i - n_bodies]);
        // A label laid out directly where it can be, as usvg would lay it out.
        let direct_label = label.filter(|_| draw_labels).and_then(label_chunks);
        if let Some(chunks) = direct_label {
            if super::content::direct_ok(std::iter::once(chunks.as_slice())) {
                let (drawn, shown) = super::content::draw(&chunks);
                return Ok(Part::Drawn(drawn, shown));
            }
            return Ok(Part::Chunks(chunks, XObjects::new()));
        }
        let tree = match label {
            Some(sheet) => layout::parse_overlay(&layout::overlay_own(sheet))?,
            None => layout::parse_overlay(&bodies[i].0)?,
        };
        let (chunks, xobjects) = convert_one(&tree);
        let drawable = draw_labels
            && label.is_some()
            && xobjects.is_empty()
            && super::content::direct_ok(std::iter::once(chunks.as_slice()));
        Ok(if drawable {
            let (drawn, shown) = super::content::draw(&chunks);
            Part::Drawn(drawn, shown)
        } else {
            Part::Chunks(chunks, xobjects)
        })
    });
    drop(bodies);
    let mut body_parts = parts.into_iter().collect::<Result<Vec<_>>>()?;
    let mut label_parts = body_parts.split_off(n_bodies);

    // Named in the sheets' order: a shared part where first met, then the label.
    let mut adopted: Vec<Option<Vec<Chunk>>> = vec![None; n_bodies];
    for (si, &at) in shared_of.iter().enumerate() {
        if adopted[at].is_none() {
            adopted[at] = Some(match body_parts[at].take() {
                Part::Chunks(chunks, xobjects) => conv.adopt(chunks, &xobjects),
                Part::Drawn(..) => Vec::new(),
            });
        }
        // A label already drawn named no objects.
        if let Part::Chunks(chunks, xobjects) = &mut label_parts[si] {
            *chunks = conv.adopt(std::mem::take(chunks), xobjects);
            xobjects.clear();
        }
    }
    let adopted: Vec<Vec<Chunk>> = adopted.into_iter().map(Option::unwrap_or_default).collect();

    let chunks_direct =
        |chunks: &[Vec<Chunk>]| super::content::direct_ok(chunks.iter().map(Vec::as_slice));
    let overlays_direct = chunks_direct(&adopted)
        && label_parts.iter().all(|p| match p {
            Part::Chunks(chunks, _) => {
                super::content::direct_ok(std::iter::once(chunks.as_slice()))
            }
            Part::Drawn(..) => true,
        });
    let (faces, mut glyphs) = match streamed {
        Some((drawn, glyphs)) => {
            // The overlays are tavolo's own: their text is never a plain translation.
            if !overlays_direct {
                return Err(Error::failed(
                    "kit.pdf",
                    "a sheet's overlay cannot be drawn",
                ));
            }
            (drawn, glyphs)
        }
        None if direct && overlays_direct && chunks_direct(&face_chunks) => {
            let drawn = super::par::map(&face_chunks, |_, c| super::content::draw(c));
            drop(face_chunks);
            let mut glyphs = GlyphTable::default();
            let drawn = drawn
                .into_iter()
                .map(|(mut d, shown)| {
                    d.set_uses(glyphs.intern(shown));
                    d
                })
                .collect();
            (drawn, glyphs)
        }
        None => {
            let overlays = shared_of
                .iter()
                .zip(label_parts)
                .map(|(&at, label)| {
                    let mut chunks = adopted[at].clone();
                    if let Part::Chunks(label, _) = label {
                        chunks.extend(label);
                    }
                    chunks
                })
                .collect();
            let drawing = Drawing::Printpdf {
                faces: face_chunks,
                overlays,
            };
            return Ok((conv, drawing));
        }
    };
    let shared = adopted.iter().map(|c| draw_one(c, &mut glyphs)).collect();
    let labels = shared_of
        .into_iter()
        .zip(label_parts)
        .map(|(at, label)| {
            let drawn = match label {
                Part::Chunks(chunks, _) => draw_one(&chunks, &mut glyphs),
                Part::Drawn(mut d, shown) => {
                    d.set_uses(glyphs.intern(shown));
                    d
                }
            };
            (at, drawn)
        })
        .collect();
    let drawing = Drawing::Direct {
        faces,
        shared,
        labels,
        glyphs,
    };
    Ok((conv, drawing))
}

/// One page's operations for printpdf to write.
fn page_ops(
    sheet: &Sheet,
    faces: &KitFaces,
    face_chunks: &[Vec<Chunk>],
    overlay: &[Chunk],
    remap: &[BTreeMap<u16, u16>],
) -> Vec<Op> {
    let mut ops = Vec::new();
    let base = page_base(sheet.h_mm);
    for p in &sheet.placements {
        let face = &faces.faces[p.face];
        let size = face.tree.size();
        ops.push(Op::SaveGraphicsState);
        ops.push(cm(base));
        ops.push(Op::DrawRectangle {
            rectangle: printpdf::Rect {
                x: Pt(p.clip.x as f32),
                y: Pt(p.clip.y as f32),
                width: Pt(p.clip.w as f32),
                height: Pt(p.clip.h as f32),
                mode: Some(PaintMode::Clip),
                winding_order: Some(WindingOrder::NonZero),
            },
        });
        let place = p.face_transform(size.width(), size.height());
        ops.push(cm(place));
        emit(&face_chunks[p.face], remap, &mut ops);
        ops.push(Op::RestoreGraphicsState);
    }
    ops.push(Op::SaveGraphicsState);
    ops.push(cm(base));
    emit(overlay, remap, &mut ops);
    ops.push(Op::RestoreGraphicsState);
    ops
}

/// What tavolo writes as the PDF's creator and producer: `tavolo <version>`.
pub const CREATOR: &str = concat!("tavolo ", env!("CARGO_PKG_VERSION"));

/// The document information dictionary holds only what is true: the title,
/// and tavolo as creator and producer. printpdf also writes an empty PDF/X
/// version, empty author, subject and keywords, `Trapped` and epoch dates
/// (the file has no date that would not break byte-identical output): all
/// dropped.
fn set_info(doc: &mut lopdf::Document, title: &str) {
    // A text string: ASCII as is, anything else as UTF-16BE with its BOM.
    let text = |s: &str| {
        if s.is_ascii() {
            lopdf::Object::string_literal(s)
        } else {
            let mut b = vec![0xfe, 0xff];
            b.extend(s.encode_utf16().flat_map(u16::to_be_bytes));
            lopdf::Object::String(b, lopdf::StringFormat::Hexadecimal)
        }
    };
    let mut info = lopdf::Dictionary::new();
    info.set("Title", text(title));
    info.set("Creator", text(CREATOR));
    info.set("Producer", text(CREATOR));
    match doc
        .trailer
        .get(b"Info")
        .and_then(lopdf::Object::as_reference)
    {
        Ok(id) => {
            doc.objects.insert(id, lopdf::Object::Dictionary(info));
        }
        Err(_) => {
            let id = doc.add_object(info);
            doc.trailer.set("Info", id);
        }
    }
}

/// Subset `font` to `glyphs` (plus .notdef): the new font's bytes and the
/// map from old to new glyph ids.
fn subset_font(
    font: &[u8],
    glyphs: &std::collections::BTreeSet<u16>,
) -> Result<(Vec<u8>, BTreeMap<u16, u16>)> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{subset, CmapTarget, SubsetProfile};
    let fail = |e: String| Error::failed("kit.font", format!("cannot subset a bundled font: {e}"));
    let ids: Vec<u16> = std::iter::once(0)
        .chain(glyphs.iter().copied().filter(|g| *g != 0))
        .collect();
    let scope = ReadScope::new(font);
    let data = scope
        .read::<FontData<'_>>()
        .map_err(|e| fail(e.to_string()))?;
    let provider = data.table_provider(0).map_err(|e| fail(e.to_string()))?;
    let bytes = match Trimmed::new(&provider, font, &ids) {
        // The glyphs asked for are the trimmed font's first ones, in order.
        Some(trimmed) => {
            let first: Vec<u16> = (0..ids.len() as u16).collect();
            subset(&trimmed, &first, &SubsetProfile::Pdf, CmapTarget::Unicode)
        }
        None => subset(&provider, &ids, &SubsetProfile::Pdf, CmapTarget::Unicode),
    }
    .map_err(|e| fail(e.to_string()))?;
    let map = ids
        .iter()
        .enumerate()
        .map(|(new, old)| (*old, new as u16))
        .collect();
    Ok((bytes, map))
}

/// A TrueType font as allsorts' subsetter is shown it: only the glyphs a
/// subset of `ids` holds (those asked for, in their order, then the parts of
/// composite ones), numbered from 0, with their `loca`, `glyf`, `hmtx` and
/// `cmap` entries (a composite's parts renumbered in its data), `maxp` and
/// `hhea` counting them, and `post` as the version 3 header the subset gets
/// in any case. allsorts otherwise reads a record for every glyph of `glyf`
/// (~6,200: half a megabyte of records, for a kit's few dozen glyphs), every
/// name of `post` and every mapping of `cmap`. The subset's glyphs are then
/// numbered as before, from the same bytes: the same file
/// (`kit::pdf::tests::trimmed_fonts_subset_the_same`). Every other table is
/// the font's own.
struct Trimmed<'a, P> {
    font: &'a P,
    tables: Vec<(u32, Vec<u8>)>,
}

impl<'a, P: allsorts::tables::FontTableProvider> Trimmed<'a, P> {
    /// `None` when the font is not one this can trim (allsorts then reads it
    /// whole, as before).
    fn new(font: &'a P, bytes: &[u8], ids: &[u16]) -> Option<Self> {
        use allsorts::tag;
        use skrifa::raw::tables::glyf::Glyph;
        use skrifa::raw::TableProvider;
        let sk = skrifa::FontRef::new(bytes).ok()?;
        let (loca, glyf) = (sk.loca(None).ok()?, sk.glyf().ok()?);
        let long = sk.head().ok()?.index_to_loc_format() == 1;
        let count = usize::from(sk.maxp().ok()?.num_glyphs());
        // The glyphs, each numbered by its place: asked for, then parts.
        let mut order: Vec<u16> = Vec::new();
        let mut place = vec![u16::MAX; count];
        for &g in ids {
            if usize::from(g) >= count || place[usize::from(g)] != u16::MAX {
                return None;
            }
            place[usize::from(g)] = order.len() as u16;
            order.push(g);
        }
        let mut at = 0;
        while at < order.len() {
            if let Some(Glyph::Composite(c)) = loca.get_glyf(order[at].into(), &glyf).ok()? {
                for (part, _) in c.component_glyphs_and_flags() {
                    let part = usize::from(part.to_u16());
                    if *place.get(part)? == u16::MAX {
                        place[part] = order.len() as u16;
                        order.push(part as u16);
                    }
                }
            }
            at += 1;
        }
        // loca, glyf: each glyph's bytes as they are, a composite's parts renumbered.
        let raw = sk.table_data(skrifa::Tag::new(b"glyf"))?;
        let raw = raw.as_bytes();
        let mut new_glyf = Vec::new();
        let mut new_loca = Vec::new();
        let offset = |at: usize, loca_out: &mut Vec<u8>| -> Option<()> {
            if long {
                loca_out.extend_from_slice(&u32::try_from(at).ok()?.to_be_bytes());
            } else {
                if !at.is_multiple_of(2) {
                    return None;
                }
                loca_out.extend_from_slice(&u16::try_from(at / 2).ok()?.to_be_bytes());
            }
            Some(())
        };
        for &g in &order {
            offset(new_glyf.len(), &mut new_loca)?;
            let (start, end) = (
                loca.get_raw(usize::from(g))?,
                loca.get_raw(usize::from(g) + 1)?,
            );
            let data = raw.get(start as usize..end as usize)?;
            let from = new_glyf.len();
            new_glyf.extend_from_slice(data);
            if data.len() >= 10 && i16::from_be_bytes([data[0], data[1]]) < 0 {
                renumber_parts(&mut new_glyf[from..], &place)?;
            }
        }
        offset(new_glyf.len(), &mut new_loca)?;
        // hmtx: a long metric for each glyph; hhea and maxp count them.
        let hhea = font.table_data(tag::HHEA).ok()??;
        let long_metrics = usize::from(u16::from_be_bytes([*hhea.get(34)?, *hhea.get(35)?]));
        let hmtx = font.table_data(tag::HMTX).ok()??;
        let mut new_hmtx = Vec::with_capacity(4 * order.len());
        for &g in &order {
            let g = usize::from(g);
            if g < long_metrics {
                new_hmtx.extend_from_slice(hmtx.get(4 * g..4 * g + 4)?);
            } else {
                let last = 4 * long_metrics.checked_sub(1)?;
                new_hmtx.extend_from_slice(hmtx.get(last..last + 2)?);
                let lsb = 4 * long_metrics + 2 * (g - long_metrics);
                new_hmtx.extend_from_slice(hmtx.get(lsb..lsb + 2)?);
            }
        }
        let n = (order.len() as u16).to_be_bytes();
        let mut new_hhea = hhea.into_owned();
        new_hhea[34..36].copy_from_slice(&n);
        let mut new_maxp = font.table_data(tag::MAXP).ok()??.into_owned();
        new_maxp.get_mut(4..6)?.copy_from_slice(&n);
        let mut post = font.table_data(tag::POST).ok()??.get(..32)?.to_vec();
        post[..4].copy_from_slice(&0x0003_0000u32.to_be_bytes());
        let cmap = trimmed_cmap(font, &place, ids.len())?;
        Some(Trimmed {
            font,
            tables: vec![
                (tag::CMAP, cmap),
                (tag::GLYF, new_glyf),
                (tag::LOCA, new_loca),
                (tag::HMTX, new_hmtx),
                (tag::HHEA, new_hhea),
                (tag::MAXP, new_maxp),
                (tag::POST, post),
            ],
        })
    }
}

/// A composite glyph's parts (`data`, the glyph as in `glyf`) renumbered by
/// `place` (OpenType, "glyf": component records).
fn renumber_parts(data: &mut [u8], place: &[u16]) -> Option<()> {
    const WORDS: u16 = 0x0001;
    const SCALE: u16 = 0x0008;
    const MORE: u16 = 0x0020;
    const XY_SCALE: u16 = 0x0040;
    const TWO_BY_TWO: u16 = 0x0080;
    let mut at = 10;
    loop {
        let flags = u16::from_be_bytes([*data.get(at)?, *data.get(at + 1)?]);
        let part = u16::from_be_bytes([*data.get(at + 2)?, *data.get(at + 3)?]);
        let new = *place.get(usize::from(part)).filter(|p| **p != u16::MAX)?;
        data.get_mut(at + 2..at + 4)?
            .copy_from_slice(&new.to_be_bytes());
        at += 4 + if flags & WORDS != 0 { 4 } else { 2 };
        at += if flags & SCALE != 0 {
            2
        } else if flags & XY_SCALE != 0 {
            4
        } else if flags & TWO_BY_TWO != 0 {
            8
        } else {
            0
        };
        if flags & MORE == 0 {
            return Some(());
        }
    }
}

/// A `cmap` with one format 12 subtable (Windows, Unicode full repertoire)
/// mapping each character the font's own (the subtable allsorts picks) maps
/// to one of the first `asked` glyphs of `place` to its place: the mappings
/// allsorts keeps.
fn trimmed_cmap<P: allsorts::tables::FontTableProvider>(
    font: &P,
    place: &[u16],
    asked: usize,
) -> Option<Vec<u8>> {
    use allsorts::binary::read::ReadScope;
    let data = font.table_data(allsorts::tag::CMAP).ok()??;
    let cmap = ReadScope::new(&data)
        .read::<allsorts::tables::cmap::Cmap<'_>>()
        .ok()?;
    let (encoding, sub) = allsorts::font::read_cmap_subtable(&cmap).ok()??;
    if encoding != allsorts::font::Encoding::Unicode {
        return None;
    }
    let mut kept: Vec<(u32, u16)> = Vec::new();
    sub.mappings_fn(|ch, gid| {
        if let Some(&p) = place.get(usize::from(gid)) {
            if gid != 0 && usize::from(p) < asked {
                kept.push((ch, p));
            }
        }
    })
    .ok()?;
    kept.sort_unstable();
    // Version 0, one subtable (platform 3, encoding 10, at 12), then the
    // subtable: format 12, its length, language 0, a group for each character.
    let length = u32::try_from(16 + 12 * kept.len()).ok()?;
    let mut t = Vec::with_capacity(12 + length as usize);
    for v in [0u16, 1, 3, 10] {
        t.extend_from_slice(&v.to_be_bytes());
    }
    for v in [12u32, 12 << 16, length, 0, kept.len() as u32] {
        t.extend_from_slice(&v.to_be_bytes());
    }
    for (ch, p) in kept {
        for v in [ch, ch, u32::from(p)] {
            t.extend_from_slice(&v.to_be_bytes());
        }
    }
    Some(t)
}

impl<P: allsorts::tables::FontTableProvider> allsorts::tables::FontTableProvider
    for Trimmed<'_, P>
{
    fn table_data(
        &self,
        tag: u32,
    ) -> std::result::Result<Option<std::borrow::Cow<'_, [u8]>>, allsorts::error::ParseError> {
        match self.tables.iter().find(|(t, _)| *t == tag) {
            Some((_, data)) => Ok(Some(std::borrow::Cow::Borrowed(data))),
            None => self.font.table_data(tag),
        }
    }

    fn has_table(&self, tag: u32) -> bool {
        self.font.has_table(tag)
    }

    fn table_tags(&self) -> Option<Vec<u32>> {
        self.font.table_tags()
    }
}

/// Name the embedded fonts as the subsets they are (`TVLAAA+DejaVuSans-Bold`,
/// ISO 32000-1 9.6.4): the subset has no name table, so printpdf falls back to
/// the resource id.
fn tag_subset_fonts(doc: &mut lopdf::Document) {
    for obj in doc.objects.values_mut() {
        let lopdf::Object::Dictionary(dict) = obj else {
            continue;
        };
        for key in [b"BaseFont".as_slice(), b"FontName".as_slice()] {
            let Ok(lopdf::Object::Name(name)) = dict.get(key) else {
                continue;
            };
            if let Some((id, ps, _)) = fonts::FACES
                .iter()
                .find(|f| f.0.as_bytes() == name.as_slice())
            {
                dict.set(key, lopdf::Object::Name(format!("{id}+{ps}").into_bytes()));
            }
        }
    }
}

/// mm, origin top-left, y down  ->  PDF points, origin bottom-left, y up.
pub(super) fn page_base(h_mm: f64) -> Transform {
    let k = PT_PER_MM as f32;
    Transform::from_row(k, 0.0, 0.0, -k, 0.0, (h_mm * PT_PER_MM) as f32)
}

fn cm(t: Transform) -> Op {
    Op::SetTransformationMatrix {
        matrix: CurTransMat::Raw([t.sx, t.ky, t.kx, t.sy, t.tx, t.ty]),
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn fnv1a(data: &[u8], salt: u64) -> u64 {
    let mut h = 0xcbf29ce484222325u64 ^ salt.wrapping_mul(0x9e3779b97f4a7c15);
    for &b in data {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// Page operations for a face's chunks, in the face's user space.
fn emit(chunks: &[Chunk], remap: &[BTreeMap<u16, u16>], ops: &mut Vec<Op>) {
    for c in chunks {
        match c {
            Chunk::XObject(id, ts) => {
                if let Some(ts) = ts {
                    ops.push(Op::SaveGraphicsState);
                    ops.push(cm(*ts));
                }
                ops.push(Op::UseXobject {
                    id: XObjectId(id.clone()),
                    transform: XObjectTransform::default(),
                });
                if ts.is_some() {
                    ops.push(Op::RestoreGraphicsState);
                }
            }
            Chunk::Text(glyphs) => {
                ops.push(Op::StartTextSection);
                let mut font: Option<(usize, f32)> = None;
                let mut colour: Option<[f32; 3]> = None;
                for g in glyphs {
                    if font != Some((g.face, g.size)) {
                        ops.push(Op::SetFont {
                            font: PdfFontHandle::External(FontId(
                                fonts::FACES[g.face].0.to_string(),
                            )),
                            size: Pt(g.size),
                        });
                        font = Some((g.face, g.size));
                    }
                    if colour != Some(g.rgb) {
                        ops.push(Op::SetFillColor {
                            col: Color::Rgb(Rgb::new(g.rgb[0], g.rgb[1], g.rgb[2], None)),
                        });
                        colour = Some(g.rgb);
                    }
                    ops.push(Op::SetTextMatrix {
                        matrix: TextMatrix::Raw(g.matrix),
                    });
                    ops.push(Op::ShowText {
                        items: vec![TextItem::GlyphIds(vec![Codepoint::with_cid(
                            remap[g.face].get(&g.gid).copied().unwrap_or(0),
                            0.0,
                            g.text.clone(),
                        )])],
                    });
                }
                ops.push(Op::EndTextSection);
            }
        }
    }
}

fn form_xobject(content: &[u8], bbox: [f32; 4], alphas: &[u16]) -> XObject {
    let mut dict = BTreeMap::new();
    dict.insert("Type".to_string(), DictItem::Name(b"XObject".to_vec()));
    dict.insert("Subtype".to_string(), DictItem::Name(b"Form".to_vec()));
    dict.insert(
        "BBox".to_string(),
        DictItem::Array(bbox.iter().map(|v| DictItem::Real(*v)).collect()),
    );
    let mut gs = BTreeMap::new();
    for a in alphas {
        let mut g = BTreeMap::new();
        g.insert("ca".to_string(), DictItem::Real(*a as f32 / 1000.0));
        g.insert("CA".to_string(), DictItem::Real(*a as f32 / 1000.0));
        gs.insert(format!("A{a}"), DictItem::Dict { map: g });
    }
    let mut res = BTreeMap::new();
    if !gs.is_empty() {
        res.insert("ExtGState".to_string(), DictItem::Dict { map: gs });
    }
    dict.insert("Resources".to_string(), DictItem::Dict { map: res });
    XObject::External(ExternalXObject {
        stream: ExternalStream {
            dict,
            content: content.to_vec(),
            compress: true,
        },
        width: None,
        height: None,
        dpi: None,
    })
}

/// A piece of a face: vector drawing in a reusable XObject, or text.
#[derive(Debug, Clone)]
pub(super) enum Chunk {
    /// A Form XObject, placed with a transform (or as is).
    XObject(String, Option<Transform>),
    Text(Vec<Glyph>),
}

#[derive(Debug, Clone)]
pub(super) struct Glyph {
    pub(super) face: usize,
    pub(super) gid: u16,
    pub(super) size: f32,
    pub(super) rgb: [f32; 3],
    pub(super) matrix: [f32; 6],
    pub(super) text: String,
}

/// Vector drawing's content -> (resource name, bbox, opacities used).
type XObjects = BTreeMap<Vec<u8>, (String, [f32; 4], Vec<u16>)>;

/// Converts usvg trees to chunks; shares identical vector drawing.
#[derive(Default)]
struct Converter {
    xobjects: XObjects,
    /// Art already converted, by the address of its first path's data.
    arts: std::collections::HashMap<usize, String>,
    /// The current face's texts laid out directly, drawn where their markers
    /// are (see [`crate::kit::facetext`]).
    lines: Vec<Line>,
}

fn first_path(g: &usvg::Group) -> Option<&usvg::tiny_skia_path::Path> {
    g.children().iter().find_map(|n| match n {
        Node::Path(p) => Some(p.data()),
        Node::Group(g) => first_path(g),
        _ => None,
    })
}

/// PDF content being written for one run of vector drawing.
#[derive(Default)]
struct Run {
    content: String,
    bbox: Option<[f32; 4]>,
    alphas: Vec<u16>,
}

impl Converter {
    /// Take in chunks converted by a converter of their own (`xobjects` its
    /// objects, named `X0`, `X1`, ... as it met them): each object gets this
    /// converter's name for it, a new one in the order met.
    fn adopt(&mut self, mut chunks: Vec<Chunk>, xobjects: &XObjects) -> Vec<Chunk> {
        let mut met: Vec<_> = xobjects.iter().collect();
        met.sort_by_key(|(_, (name, ..))| name[1..].parse::<usize>().unwrap_or(0));
        let mut rename = std::collections::HashMap::new();
        for (content, (name, bbox, alphas)) in met {
            let global = match self.xobjects.get(content) {
                Some((id, ..)) => id.clone(),
                None => {
                    let id = format!("X{}", self.xobjects.len());
                    self.xobjects
                        .insert(content.clone(), (id.clone(), *bbox, alphas.clone()));
                    id
                }
            };
            rename.insert(name.as_str(), global);
        }
        for c in &mut chunks {
            if let Chunk::XObject(id, _) = c {
                if let Some(global) = rename.get(id.as_str()) {
                    id.clone_from(global);
                }
            }
        }
        chunks
    }

    fn face(&mut self, tree: &usvg::Tree) -> Vec<Chunk> {
        let mut chunks = Vec::new();
        let mut run = Run::default();
        self.group(
            tree.root(),
            Transform::identity(),
            1.0,
            true,
            &mut run,
            &mut chunks,
        );
        self.flush(&mut run, &mut chunks);
        // Kept until the pages are written: without the slack of growing.
        for c in &mut chunks {
            if let Chunk::Text(glyphs) = c {
                glyphs.shrink_to_fit();
            }
        }
        chunks.shrink_to_fit();
        chunks
    }

    /// The XObject of an art tree. Art trees are clones of one parsed file
    /// sharing their path data, so the first path's address names the art
    /// and each art file is converted once.
    fn art(&mut self, tree: &usvg::Tree) -> Option<String> {
        let key = first_path(tree.root()).map(|p| p as *const _ as usize);
        if let Some(id) = key.and_then(|k| self.arts.get(&k)) {
            return Some(id.clone());
        }
        let mut art = Run::default();
        let mut inner = Vec::new();
        self.group(
            tree.root(),
            Transform::identity(),
            1.0,
            false,
            &mut art,
            &mut inner,
        );
        let Some(Chunk::XObject(id, _)) = self.flush_one(&mut art) else {
            return None;
        };
        if let Some(k) = key {
            self.arts.insert(k, id.clone());
        }
        Some(id)
    }

    /// Close the current vector run into an XObject chunk.
    fn flush(&mut self, run: &mut Run, chunks: &mut Vec<Chunk>) {
        if let Some(c) = self.flush_one(run) {
            chunks.push(c);
        }
    }

    /// The text laid out for a marker path, if `p` is one.
    fn marked_line(&self, p: &usvg::Path) -> Option<&Line> {
        let i: usize = p
            .id()
            .strip_prefix(crate::kit::facetext::MARKER)?
            .parse()
            .ok()?;
        self.lines.get(i)
    }

    /// The XObject for the current vector run (shared with identical runs).
    fn flush_one(&mut self, run: &mut Run) -> Option<Chunk> {
        if run.content.is_empty() {
            return None;
        }
        let run = std::mem::take(run);
        let key = run.content.into_bytes();
        let n = self.xobjects.len();
        let bbox = run.bbox.unwrap_or([0.0; 4]);
        let entry = self
            .xobjects
            .entry(key)
            .or_insert_with(|| (format!("X{n}"), bbox, run.alphas));
        Some(Chunk::XObject(entry.0.clone(), None))
    }

    /// Walk a group. `base` maps the tree's root space to the face's space
    /// (identity, or a nested art image's placement); `text_as_text` is false
    /// inside art, where text is drawn as outlines.
    fn group(
        &mut self,
        g: &usvg::Group,
        base: Transform,
        opacity: f32,
        text_as_text: bool,
        run: &mut Run,
        chunks: &mut Vec<Chunk>,
    ) {
        let opacity = opacity * g.opacity().get();
        for node in g.children() {
            match node {
                Node::Group(child) => self.group(child, base, opacity, text_as_text, run, chunks),
                Node::Path(p) => match self.marked_line(p) {
                    Some(line) if text_as_text => {
                        let ts = base.pre_concat(p.abs_transform());
                        let rgb = paint_rgb(&Paint::Color(usvg::Color::new_rgb(
                            line.rgb[0],
                            line.rgb[1],
                            line.rgb[2],
                        )));
                        let glyphs: Vec<Glyph> = line
                            .glyphs
                            .iter()
                            .map(|g| {
                                glyph(ts, g.ts, line.face, g.gid, line.size, rgb, g.text.clone())
                            })
                            .collect();
                        if !glyphs.is_empty() {
                            self.flush(run, chunks);
                            chunks.push(Chunk::Text(glyphs));
                        }
                    }
                    Some(_) => {}
                    None => path(p, base, opacity, run),
                },
                Node::Image(img) => {
                    let usvg::ImageKind::SVG(tree) = img.kind() else {
                        continue;
                    };
                    let ts = base.pre_concat(img.abs_transform());
                    if text_as_text && opacity >= 0.999 {
                        // Art placed on a face: one shared object per distinct art.
                        self.flush(run, chunks);
                        if let Some(id) = self.art(tree) {
                            chunks.push(Chunk::XObject(id, Some(ts)));
                        }
                    } else {
                        self.group(tree.root(), ts, opacity, false, run, chunks);
                    }
                }
                Node::Text(t) => {
                    if text_as_text {
                        let glyphs = text(t, base);
                        if !glyphs.is_empty() {
                            self.flush(run, chunks);
                            chunks.push(Chunk::Text(glyphs));
                        }
                    } else {
                        self.group(t.flattened(), base, opacity, false, run, chunks);
                    }
                }
            }
        }
    }
}

/// A sheet's label as the chunks its overlay's `<text>` converts to, laid out
/// here (see [`super::plaintext`]) without parsing it; `None` for a label
/// only usvg lays out.
fn label_chunks(sheet: &Sheet) -> Option<Vec<Chunk>> {
    use crate::kit::layout::{label_place, LABEL_FACE, LABEL_FILL};
    use crate::kit::plaintext::Anchor;
    if sheet.label.is_empty() {
        // An empty `<text>` draws nothing.
        return Some(Vec::new());
    }
    let (x, y, size) = label_place(sheet);
    // As usvg reads the attributes: f64, then f32.
    let size = size.parse::<f64>().ok()? as f32;
    let placed = super::plaintext::line(
        &sheet.label,
        LABEL_FACE,
        x as f32,
        y as f32,
        size,
        Anchor::Start,
    )?;
    let [r, g, b] = LABEL_FILL;
    let rgb = paint_rgb(&Paint::Color(usvg::Color::new_rgb(r, g, b)));
    // The overlay's text sits in its root space, as the face's: no transform.
    let ts = Transform::identity().pre_concat(Transform::identity());
    let glyphs = placed
        .into_iter()
        .map(|p| glyph(ts, p.ts, LABEL_FACE, p.gid, size, rgb, p.text))
        .collect();
    Some(vec![Chunk::Text(glyphs)])
}

/// A glyph at `g_ts` (usvg's `PositionedGlyph::transform`) in a text whose
/// space is `ts` in the face's, with its PDF text matrix.
fn glyph(
    ts: Transform,
    g_ts: Transform,
    face: usize,
    gid: u16,
    size: f32,
    rgb: [f32; 3],
    text: String,
) -> Glyph {
    let upem = fonts::units_per_em(face) as f32;
    let s = size / upem;
    // Glyph outline space (font units, y up) -> user space is
    // transform() * flip; PDF draws glyphs at size/upem in text space,
    // so Tm = transform() * scale(1/s, -1/s).
    let m = ts.pre_concat(g_ts).pre_scale(1.0 / s, -1.0 / s);
    Glyph {
        face,
        gid,
        size,
        rgb,
        matrix: [m.sx, m.ky, m.kx, m.sy, m.tx, m.ty],
        text,
    }
}

/// Laid-out glyphs of a text node, each with its PDF text matrix.
fn text(t: &usvg::Text, base: Transform) -> Vec<Glyph> {
    let ts = base.pre_concat(t.abs_transform());
    let mut out = Vec::new();
    for span in t.layouted() {
        if !span.visible {
            continue;
        }
        let rgb = match span.fill.as_ref().map(|f| f.paint()) {
            Some(paint) => paint_rgb(paint),
            None => continue,
        };
        for g in &span.positioned_glyphs {
            let Some(face) = fonts::face_index(g.font) else {
                continue;
            };
            let gid = u16::try_from(g.id.0).unwrap_or(0);
            let text = g.text.clone();
            out.push(glyph(
                ts,
                g.transform(),
                face,
                gid,
                g.font_size(),
                rgb,
                text,
            ));
        }
    }
    out
}

fn paint_rgb(paint: &Paint) -> [f32; 3] {
    let rgb = |c: usvg::Color| [c.red as f32, c.green as f32, c.blue as f32];
    let [r, g, b] = match paint {
        Paint::Color(c) => rgb(*c),
        // A gradient prints as the average of its stops (patterns are refused
        // when the SVG is read).
        Paint::LinearGradient(g) => average(g.stops()),
        Paint::RadialGradient(g) => average(g.stops()),
        Paint::Pattern(_) => [0.0; 3],
    };
    [r / 255.0, g / 255.0, b / 255.0]
}

fn average(stops: &[usvg::Stop]) -> [f32; 3] {
    let n = stops.len().max(1) as f32;
    let mut sum = [0.0f32; 3];
    for s in stops {
        let c = s.color();
        sum[0] += c.red as f32;
        sum[1] += c.green as f32;
        sum[2] += c.blue as f32;
    }
    sum.map(|v| v / n)
}

/// Write one path into the run, with its absolute transform.
fn path(p: &usvg::Path, base: Transform, opacity: f32, run: &mut Run) {
    if !p.is_visible() || (p.fill().is_none() && p.stroke().is_none()) {
        return;
    }
    let ts = base.pre_concat(p.abs_transform());
    let out = &mut run.content;
    out.push_str("q ");
    matrix(out, ts);
    out.push_str(" cm ");
    let fill_alpha = p.fill().map_or(1.0, |f| f.opacity().get()) * opacity;
    let stroke_alpha = p.stroke().map_or(1.0, |s| s.opacity().get()) * opacity;
    let alpha = fill_alpha.min(stroke_alpha);
    if alpha < 0.999 {
        let a = (alpha.clamp(0.0, 1.0) * 1000.0).round() as u16;
        if !run.alphas.contains(&a) {
            run.alphas.push(a);
        }
        let _ = write!(out, "/A{a} gs ");
    }
    if let Some(f) = p.fill() {
        let [r, g, b] = paint_rgb(f.paint());
        let _ = write!(out, "{} {} {} rg ", num(r), num(g), num(b));
    }
    let mut pad = 0.0f32;
    if let Some(s) = p.stroke() {
        let [r, g, b] = paint_rgb(s.paint());
        let _ = write!(
            out,
            "{} {} {} RG {} w {} J {} j {} M ",
            num(r),
            num(g),
            num(b),
            num(s.width().get()),
            match s.linecap() {
                usvg::LineCap::Butt => 0,
                usvg::LineCap::Round => 1,
                usvg::LineCap::Square => 2,
            },
            match s.linejoin() {
                usvg::LineJoin::Miter | usvg::LineJoin::MiterClip => 0,
                usvg::LineJoin::Round => 1,
                usvg::LineJoin::Bevel => 2,
            },
            num(s.miterlimit().get())
        );
        if let Some(d) = s.dasharray() {
            out.push('[');
            for v in d {
                let _ = write!(out, "{} ", num(*v));
            }
            let _ = write!(out, "] {} d ", num(s.dashoffset()));
        }
        pad = s.width().get() / 2.0 * ts.sx.abs().max(ts.sy.abs()).max(1e-6);
    }
    let mut last = (0.0f32, 0.0f32);
    for seg in p.data().segments() {
        use usvg::tiny_skia_path::PathSegment as S;
        match seg {
            S::MoveTo(a) => {
                let _ = write!(out, "{} {} m ", num(a.x), num(a.y));
                last = (a.x, a.y);
                grow(&mut run.bbox, ts, a.x, a.y, pad);
            }
            S::LineTo(a) => {
                let _ = write!(out, "{} {} l ", num(a.x), num(a.y));
                last = (a.x, a.y);
                grow(&mut run.bbox, ts, a.x, a.y, pad);
            }
            S::QuadTo(c, a) => {
                // Quadratic -> cubic: control points 2/3 of the way to c.
                let c1 = (
                    last.0 + 2.0 / 3.0 * (c.x - last.0),
                    last.1 + 2.0 / 3.0 * (c.y - last.1),
                );
                let c2 = (a.x + 2.0 / 3.0 * (c.x - a.x), a.y + 2.0 / 3.0 * (c.y - a.y));
                let _ = write!(
                    out,
                    "{} {} {} {} {} {} c ",
                    num(c1.0),
                    num(c1.1),
                    num(c2.0),
                    num(c2.1),
                    num(a.x),
                    num(a.y)
                );
                last = (a.x, a.y);
                for (x, y) in [c1, c2, (a.x, a.y)] {
                    grow(&mut run.bbox, ts, x, y, pad);
                }
            }
            S::CubicTo(c1, c2, a) => {
                let _ = write!(
                    out,
                    "{} {} {} {} {} {} c ",
                    num(c1.x),
                    num(c1.y),
                    num(c2.x),
                    num(c2.y),
                    num(a.x),
                    num(a.y)
                );
                last = (a.x, a.y);
                for (x, y) in [(c1.x, c1.y), (c2.x, c2.y), (a.x, a.y)] {
                    grow(&mut run.bbox, ts, x, y, pad);
                }
            }
            S::Close => out.push_str("h "),
        }
    }
    let even_odd = p
        .fill()
        .is_some_and(|f| f.rule() == usvg::FillRule::EvenOdd);
    let op = match (p.fill().is_some(), p.stroke().is_some()) {
        (true, true) => {
            if even_odd {
                "B*"
            } else {
                "B"
            }
        }
        (true, false) => {
            if even_odd {
                "f*"
            } else {
                "f"
            }
        }
        (false, _) => "S",
    };
    out.push_str(op);
    out.push_str(" Q\n");
}

fn grow(bbox: &mut Option<[f32; 4]>, ts: Transform, x: f32, y: f32, pad: f32) {
    let px = ts.sx * x + ts.kx * y + ts.tx;
    let py = ts.ky * x + ts.sy * y + ts.ty;
    let b = bbox.get_or_insert([px, py, px, py]);
    b[0] = b[0].min(px - pad);
    b[1] = b[1].min(py - pad);
    b[2] = b[2].max(px + pad);
    b[3] = b[3].max(py + pad);
}

fn matrix(out: &mut String, t: Transform) {
    let _ = write!(
        out,
        "{} {} {} {} {} {}",
        num(t.sx),
        num(t.ky),
        num(t.kx),
        num(t.sy),
        num(t.tx),
        num(t.ty)
    );
}

/// A number for a content stream: at most 4 decimals, no trailing zeros.
/// Written where it is used, without a `String` of its own (a face's paths
/// write hundreds of thousands).
fn num(v: f32) -> Num {
    Num(if v.is_finite() { v } else { 0.0 })
}

struct Num(f32);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // An f32 times 10^4 is exact in an f64 (24 + 14 bits of mantissa), so
        // rounding that to an integer, ties to even, is what `{:.4}` prints,
        // without its arbitrary-precision fallback (5% of a kit's time).
        let scaled = self.0 as f64 * 10_000.0;
        if scaled.abs() < 1e15 {
            let n = scaled.round_ties_even() as i64;
            let (int, frac) = (n.unsigned_abs() / 10_000, n.unsigned_abs() % 10_000);
            let sign = if n < 0 { "-" } else { "" };
            if frac == 0 {
                return write!(f, "{sign}{int}");
            }
            let (mut frac, mut width) = (frac, 4);
            while frac % 10 == 0 {
                frac /= 10;
                width -= 1;
            }
            return write!(f, "{sign}{int}.{frac:0width$}");
        }
        // `{:.4}` of any finite f32 fits: at most 39 digits, a sign, a point, 4 decimals.
        struct Buf {
            bytes: [u8; 64],
            len: usize,
        }
        impl std::fmt::Write for Buf {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                let end = self.len + s.len();
                self.bytes
                    .get_mut(self.len..end)
                    .ok_or(std::fmt::Error)?
                    .copy_from_slice(s.as_bytes());
                self.len = end;
                Ok(())
            }
        }
        let mut buf = Buf {
            bytes: [0; 64],
            len: 0,
        };
        write!(buf, "{:.4}", self.0)?;
        let s = std::str::from_utf8(&buf.bytes[..buf.len]).map_err(|_| std::fmt::Error)?;
        let s = s.trim_end_matches('0').trim_end_matches('.');
        f.write_str(match s {
            "-0" | "" => "0",
            s => s,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A subset made from the trimmed font (see [`Trimmed`]) is the one
    /// allsorts makes from the whole font, byte for byte: text, accented
    /// letters (composite glyphs, their parts far up the font), every glyph
    /// id in runs of 400, scattered ids, the last glyph.
    #[test]
    fn trimmed_fonts_subset_the_same() {
        use allsorts::binary::read::ReadScope;
        use allsorts::font_data::FontData;
        use allsorts::subset::{subset, CmapTarget, SubsetProfile};
        use skrifa::raw::TableProvider;
        use skrifa::MetadataProvider;
        for (_, _, bytes) in fonts::FACES {
            let font = skrifa::FontRef::new(bytes).unwrap();
            let count = font.maxp().map(|m| m.num_glyphs()).unwrap();
            let gids = |text: &str| -> std::collections::BTreeSet<u16> {
                text.chars()
                    .filter_map(|c| font.charmap().map(c))
                    .map(|g| g.to_u32() as u16)
                    .collect()
            };
            let mut sets = vec![
                gids("Bench deck: A of Hearts, 10 of Spades 0123456789 ()-,.:;"),
                gids("àèéìòù ÀÈÉÌÒÙ çÇ ñ €·«»–— ÅåØøßẞ"),
            ];
            sets.extend(
                (1..count)
                    .step_by(400)
                    .map(|a| (a..count.min(a + 400)).collect()),
            );
            sets.push(
                (0..60u32)
                    .map(|i| (i.wrapping_mul(2_654_435_761) % u32::from(count)) as u16)
                    .collect(),
            );
            sets.push([count - 1, 5].into());
            let mut trimmed = 0;
            for set in &sets {
                let ids: Vec<u16> = std::iter::once(0)
                    .chain(set.iter().copied().filter(|g| *g != 0))
                    .collect();
                let data = ReadScope::new(bytes).read::<FontData<'_>>().unwrap();
                let provider = data.table_provider(0).unwrap();
                let whole =
                    subset(&provider, &ids, &SubsetProfile::Pdf, CmapTarget::Unicode).unwrap();
                trimmed += usize::from(Trimmed::new(&provider, bytes, &ids).is_some());
                let (ours, map) = subset_font(bytes, set).unwrap();
                assert!(ours == whole, "glyphs {set:?}");
                for (new, old) in ids.iter().enumerate() {
                    assert_eq!(map[old], new as u16);
                }
            }
            // Every set was trimmed.
            assert_eq!(trimmed, sets.len());
        }
    }

    #[test]
    fn numbers_are_short_and_stable() {
        let num = |v| num(v).to_string();
        assert_eq!(num(1.0), "1");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(-0.00001), "0");
        assert_eq!(num(2.123456), "2.1235");
        assert_eq!(num(f32::NAN), "0");
        // The widest there is still fits the buffer.
        assert_eq!(num(-f32::MAX), "-340282346638528859811704183484516925440");
        assert_eq!(num(100.0), "100");
        assert_eq!(num(-12.50004), "-12.5");
        // 0.00005 as an f32 is a hair under it, 0.00015 a hair over.
        assert_eq!(num(0.00005), "0");
        assert_eq!(num(-0.00015), "-0.0002");
        assert_eq!(num(1e12), "999999995904");
    }

    /// The short path writes what `{:.4}` writes, trimmed, for every kind
    /// of f32: ties, tiny and huge values, both signs.
    #[test]
    fn numbers_match_the_standard_formatting() {
        let by_std = |v: f32| {
            let s = format!("{v:.4}");
            let s = s.trim_end_matches('0').trim_end_matches('.');
            match s {
                "-0" | "" => "0".to_string(),
                s => s.to_string(),
            }
        };
        let mut bits = 0x9e37_79b9u32;
        let mut values: Vec<f32> = (0..200_000)
            .map(|_| {
                bits ^= bits << 13;
                bits ^= bits >> 17;
                bits ^= bits << 5;
                f32::from_bits(bits)
            })
            .filter(|v| v.is_finite())
            .collect();
        // Exact ties at the fifth decimal and values near the switch to the long path.
        values.extend((0..20_000).map(|i| (i as f32 + 0.5) / 10_000.0 * 2.0));
        values.extend([0.00005, 0.00015, 0.00025, 1e11, 9.99e10, -1e11, 0.0, -0.0]);
        for v in (-5000..5000).map(|i| i as f32 / 16.0) {
            values.push(v);
        }
        for v in values {
            assert_eq!(num(v).to_string(), by_std(v), "{v:e}");
        }
    }

    /// The page contents tavolo writes itself are the bytes printpdf writes,
    /// for every bundled kit (text, art, shared objects, overlays).
    #[test]
    fn direct_pages_are_printpdfs_bytes() {
        for path in crate::kit::bundled::kits() {
            let kit = crate::kit::model::load(&path).unwrap();
            let faces = crate::kit::template::render_faces(&kit).unwrap();
            let opts = crate::kit::LayoutOptions::default();
            let sheets = crate::kit::layout::layout(&kit, &faces.components, &opts).unwrap();
            let direct = write_with("t", &faces, &sheets, true, None, None).unwrap();
            let printpdf = write_with("t", &faces, &sheets, false, None, None).unwrap();
            assert!(direct == printpdf, "{}: the PDFs differ", path.display());
        }
    }

    #[test]
    fn a_translation_text_matrix_is_left_to_printpdf() {
        let glyph = |matrix| Glyph {
            face: 0,
            gid: 1,
            size: 3.0,
            rgb: [0.0; 3],
            matrix,
            text: "a".into(),
        };
        let flipped = [Chunk::Text(vec![glyph([1.0, 0.0, 0.0, -1.0, 2.0, 3.0])])];
        let plain = [Chunk::Text(vec![glyph([1.0, 0.0, 0.0, 1.0, 2.0, 3.0])])];
        assert!(super::super::content::direct_ok([&flipped[..]].into_iter()));
        assert!(!super::super::content::direct_ok(
            [&flipped[..], &plain[..]].into_iter()
        ));
    }
}
