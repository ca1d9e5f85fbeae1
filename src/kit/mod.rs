//! The print side of tavolo (see DESIGN.md): kit definitions in TOML
//! ([`model`]) -> faces filled from SVG templates ([`template`]) -> sheets
//! ([`layout`]) -> PDF ([`pdf`]) and PNG previews ([`png`]).

pub mod bundled;
pub mod calibrate;
pub mod catalog;
mod content;
pub mod duplex;
pub mod export;
mod facetext;
pub mod fold;
pub mod fonts;
pub mod geometry;
pub mod layout;
pub mod model;
pub mod par;
pub mod pdf;
mod plaintext;
pub mod png;
pub mod preset;
pub mod printer;
pub mod sheet;
pub mod template;
pub mod textfit;
pub mod tts;
mod usvg_guard;
pub mod warnings;
pub mod watch;

use std::path::{Path, PathBuf};

use crate::error::{io_reason, Error, Result};

pub use layout::{Options as LayoutOptions, Paper, Sheet};
pub use model::Kit;

/// A kit rendered in memory.
pub struct Rendered {
    pub faces: template::KitFaces,
    pub sheets: Vec<Sheet>,
    pub pdf: Vec<u8>,
}

/// Lay out and draw a kit as PDF.
pub fn render(kit: &Kit, opts: &LayoutOptions) -> Result<Rendered> {
    render_with(kit, opts, None, &mut Vec::new())
}

/// [`render`]; `stream`: the faces are converted for the PDF as they are
/// parsed and their trees not kept (the result's faces have only their
/// sizes), so that memory does not grow with every card's tree, on a thread
/// of their own if `Some(true)` (see [`pdf::stream_faces`]).
/// `art`: the art files the templates named.
fn render_with(
    kit: &Kit,
    opts: &LayoutOptions,
    stream: Option<bool>,
    art: &mut Vec<PathBuf>,
) -> Result<Rendered> {
    layout::check(opts)?;
    let mut faces_of = |kit: &Kit| -> Result<(template::KitFaces, Option<pdf::Streamed>)> {
        if let Some(alongside) = stream {
            let (faces, streamed) = pdf::stream_faces(alongside, |keep| {
                template::render_faces_with_named(kit, keep, art)
            })?;
            if streamed.complete() {
                return Ok((faces, Some(streamed)));
            }
            // Text the PDF writer leaves to printpdf: the trees are needed.
            Ok((template::render_faces_named(kit, art)?, None))
        } else {
            Ok((template::render_faces_named(kit, art)?, None))
        }
    };
    if let Some(p) = opts.preset {
        let kit = preset::fit(kit, p)?;
        let (faces, streamed) = faces_of(&kit)?;
        let (sheets, trims) = preset::sheets(&kit, &faces, p);
        let title = pdf_title(&kit);
        let pdf = match streamed {
            Some(s) => pdf::write_streamed(&title, &faces, &sheets, s, Some(&trims))?,
            None => pdf::write_trimmed(&title, &faces, &sheets, &trims)?,
        };
        return Ok(Rendered { faces, sheets, pdf });
    }
    let (faces, streamed) = faces_of(kit)?;
    let mut sheets = if opts.fold {
        fold::layout(kit, &faces.components, opts)?
    } else {
        layout::layout(kit, &faces.components, opts)?
    };
    layout::apply_scale(&mut sheets, opts.scale);
    let pdf = match streamed {
        Some(s) => pdf::write_streamed(&pdf_title(kit), &faces, &sheets, s, None)?,
        None => pdf::write(&pdf_title(kit), &faces, &sheets)?,
    };
    Ok(Rendered { faces, sheets, pdf })
}

/// The PDF's title: the kit's title and its components, e.g.
/// `Moon: tiles, board`.
pub fn pdf_title(kit: &Kit) -> String {
    let names: Vec<&str> = kit.components.iter().map(|c| c.name.as_str()).collect();
    format!("{}: {}", kit.title, names.join(", "))
}

/// What was written for one kit.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Written {
    pub kit: String,
    /// The language it was printed in, for a kit in several (`deck.it.pdf`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    pub pdf: PathBuf,
    pub bytes: usize,
    pub sheets: usize,
    pub pieces: usize,
    pub png: Vec<PathBuf>,
    /// Every file the kit was read from: its TOML, templates, art and sheets (what
    /// `--watch` follows).
    #[serde(skip)]
    pub inputs: Vec<PathBuf>,
    /// What the author should look at (a piece split over sheets, very many
    /// sheets); the kit was written all the same.
    pub warnings: Vec<warnings::Warning>,
}

/// Render `kit` into `out_dir` as `<name>.pdf` (and `<name>-<n>.png` previews).
pub fn write(
    kit: &Kit,
    out_dir: &Path,
    opts: &LayoutOptions,
    png_dpi: Option<f64>,
) -> Result<Written> {
    let stream = png_dpi
        .is_none()
        .then(|| kit.piece_count() >= pdf::STREAM_ALONGSIDE);
    let mut art = Vec::new();
    let r = render_with(kit, opts, stream, &mut art)?;
    std::fs::create_dir_all(out_dir).map_err(|e| {
        Error::input(
            "kit.output",
            format!("cannot create the output folder: {}", io_reason(&e)),
        )
        .in_file(out_dir)
        .help("choose a folder you can write to with --out")
    })?;
    let pdf_path = out_dir.join(format!("{}.pdf", kit.file_stem()));
    write_atomic(&pdf_path, &r.pdf)?;
    let mut pngs = Vec::new();
    if let Some(dpi) = png_dpi {
        for (i, sheet) in r.sheets.iter().enumerate() {
            let bytes = png::render(&r.faces, sheet, dpi)?;
            let n = numbered(i + 1, r.sheets.len());
            let path = out_dir.join(format!("{}-{n}.png", kit.file_stem()));
            write_atomic(&path, &bytes)?;
            pngs.push(path);
        }
    }
    Ok(Written {
        kit: kit.name.clone(),
        lang: kit.lang.clone(),
        pdf: pdf_path,
        bytes: r.pdf.len(),
        sheets: r.sheets.len(),
        pieces: kit.piece_count(),
        png: pngs,
        inputs: inputs(kit).into_iter().chain(art).collect(),
        // A shop's files are one page per card side: many pages are expected.
        warnings: if opts.preset.is_some() {
            Vec::new()
        } else {
            warnings::check(kit, &r.sheets, opts)
        },
    })
}

/// The files a kit is read from, besides its art: its TOML, its templates, its sheets.
pub fn inputs(kit: &Kit) -> Vec<PathBuf> {
    let mut files = vec![kit.source.clone()];
    for c in &kit.components {
        files.push(c.front.clone());
        files.extend(c.back.clone());
        files.extend(c.items_from.clone());
    }
    files
}

/// `n` of `count`, zero-padded to the width of `count` (`01` .. `14`), so that files
/// numbered with it sort in order by name.
pub fn numbered(n: usize, count: usize) -> String {
    format!("{n:0width$}", width = count.max(n).to_string().len())
}

/// Write to a temporary name in the same folder, then rename: a reader never
/// sees half a file, and a failure leaves nothing behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    crate::output::write_atomic(path, bytes).map_err(|e| {
        Error::input("kit.output", format!("cannot write: {}", io_reason(&e)))
            .in_file(path)
            .help("choose a folder you can write to with --out")
    })
}

/// The bundled kit definitions (`<bundled>/<name>.toml`), sorted by name.
pub fn bundled() -> Result<Vec<PathBuf>> {
    Ok(bundled::kits())
}

/// A kit named on the command line: a `.toml` path, or a bundled kit's name
/// (see [`catalog::Catalog::resolve`] for `--kits` folders too).
pub fn resolve(arg: &str) -> Result<PathBuf> {
    catalog::Catalog::default().resolve(arg).map(|e| e.path)
}

#[cfg(test)]
mod tests {
    /// The PDF written from the faces as they are parsed (each face drawn at
    /// once, its tree dropped: `tavolo kit` without PNGs) is the PDF written
    /// from the kept trees (with PNGs; the page contents of which are checked
    /// against printpdf's own in `pdf`), for every bundled kit, with sheets
    /// and with fold-over backs, the faces converted on a thread of their own
    /// or on the parsing thread.
    #[test]
    fn streamed_faces_write_the_same_pdf() {
        for path in super::bundled::kits() {
            let kit = super::model::load(&path).unwrap();
            for fold in [false, true] {
                let opts = super::LayoutOptions {
                    fold,
                    ..Default::default()
                };
                let Ok(kept) = super::render_with(&kit, &opts, None, &mut Vec::new()) else {
                    continue;
                };
                for alongside in [false, true] {
                    let streamed =
                        super::render_with(&kit, &opts, Some(alongside), &mut Vec::new()).unwrap();
                    let what = format!("{} (fold {fold}, alongside {alongside})", path.display());
                    assert!(kept.pdf == streamed.pdf, "{what}");
                }
            }
        }
    }

    /// Mirrored text has a plain translation for its text matrix, which
    /// printpdf writes merged into runs: the streamed faces give up and the
    /// kit is written from its trees, the same PDF.
    #[test]
    fn mirrored_text_falls_back_to_the_kept_trees() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write(
            "m.toml",
            "name = \"m\"\ntitle = \"M\"\n\n[[component]]\nname = \"c\"\nsize_mm = [40, 40]\n\
             front = \"f.svg\"\nitems = [{ t = \"ab\" }, { t = \"cd\" }]\n",
        );
        write(
            "f.svg",
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
<text x="5" y="-20" font-size="6" transform="scale(1,-1)">{{ t }}</text></svg>"#,
        );
        let kit = super::model::load(&dir.path().join("m.toml")).unwrap();
        let (_, streamed) =
            super::pdf::stream_faces(true, |keep| super::template::render_faces_with(&kit, keep))
                .unwrap();
        assert!(!streamed.complete());
        let opts = super::LayoutOptions::default();
        let kept = super::render_with(&kit, &opts, None, &mut Vec::new()).unwrap();
        let written = super::render_with(&kit, &opts, Some(false), &mut Vec::new()).unwrap();
        assert!(kept.pdf == written.pdf);
    }
}
