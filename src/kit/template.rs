//! Faces: each piece's front and back, as an SVG template (minijinja) filled
//! with the piece's fields and parsed once into a usvg tree. Identical faces
//! (e.g. all the backs) are parsed once and shared.
//!
//! Art files referenced from a template with `<image href="art.svg" .../>` are
//! read and parsed once per kit and handed to usvg as nested trees; the PDF
//! writer places each distinct art as one reusable object.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use minijinja::{Environment, UndefinedBehavior, Value};

use crate::error::{io_reason, Error, Location, Result};
use crate::kit::model::{Component, Kit};
use crate::kit::{bundled, fonts};

/// One drawn face, in its own SVG user units.
pub struct Face {
    pub tree: usvg::Tree,
}

/// The faces of a kit, and which face each piece shows.
pub struct KitFaces {
    pub faces: Vec<Face>,
    /// Per component: (front face of each piece, back face of each piece).
    pub components: Vec<(Vec<usize>, Option<Vec<usize>>)>,
}

/// Fill every template of `kit` and parse the results.
pub fn render_faces(kit: &Kit) -> Result<KitFaces> {
    let art = ArtCache::default();
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    // Values are written into XML: escape them as such.
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
    // Names shrunk to their box with the bundled font's real widths.
    env.add_function("fit_text", crate::kit::textfit::template_fit_text);

    let mut faces = Vec::new();
    let mut seen: HashMap<(PathBuf, String), usize> = HashMap::new();
    let mut components = Vec::new();
    for comp in &kit.components {
        let front = fill_all(
            kit,
            comp,
            &comp.front,
            &comp.front_at,
            &mut env,
            &art,
            &mut faces,
            &mut seen,
        )?;
        let back = match (&comp.back, &comp.back_at) {
            (Some(b), Some(at)) => Some(fill_all(
                kit, comp, b, at, &mut env, &art, &mut faces, &mut seen,
            )?),
            _ => None,
        };
        components.push((front, back));
    }
    Ok(KitFaces { faces, components })
}

#[allow(clippy::too_many_arguments)]
fn fill_all(
    kit: &Kit,
    comp: &Component,
    template: &Path,
    written_at: &Location,
    env: &mut Environment<'static>,
    art: &ArtCache,
    faces: &mut Vec<Face>,
    seen: &mut HashMap<(PathBuf, String), usize>,
) -> Result<Vec<usize>> {
    let name = template.display().to_string();
    if env.get_template(&name).is_err() {
        let source = bundled::read(template).map_err(|e| {
            Error::input(
                "kit.template-missing",
                format!(
                    "cannot read template {}: {}",
                    template.display(),
                    io_reason(&e)
                ),
            )
            .at(written_at.clone())
        })?;
        let source = source.into_owned();
        env.add_template_owned(name.clone(), source.clone())
            .map_err(|e| template_error(template, &e, Some(&source)))?;
    }
    let tmpl = env
        .get_template(&name)
        .map_err(|e| template_error(template, &e, None))?;
    let dir = template.parent().unwrap_or(Path::new(".")).to_path_buf();
    let mut out = Vec::with_capacity(comp.pieces.len());
    for (index, piece) in comp.pieces.iter().enumerate() {
        let ctx = context(kit, comp, piece, index);
        let svg = tmpl
            .render(ctx)
            .map_err(|e| template_error(template, &e, Some(tmpl.source())))?;
        let key = (dir.clone(), svg);
        if let Some(&i) = seen.get(&key) {
            out.push(i);
            continue;
        }
        let tree = parse_svg(&key.1, &dir, art).map_err(|e| {
            with_file(e, template).help(format!(
                "this is the template filled for piece {} of `{}`; line numbers refer to that text",
                index + 1,
                comp.name
            ))
        })?;
        art.take_error()?;
        check_supported(tree.root()).map_err(|what| unsupported(what, template))?;
        faces.push(Face { tree });
        seen.insert(key, faces.len() - 1);
        out.push(faces.len() - 1);
    }
    Ok(out)
}

/// What a template sees: the piece's fields at top level, plus `data` (the
/// kit's `[data]`), `kit` (name, title), `w` and `h` (piece size in mm) and
/// `index` (0-based position of the piece in its component).
fn context(kit: &Kit, comp: &Component, piece: &toml::Table, index: usize) -> Value {
    let mut ctx = toml::Table::new();
    ctx.insert("data".into(), toml::Value::Table(kit.data.clone()));
    let mut k = toml::Table::new();
    k.insert("name".into(), kit.name.clone().into());
    k.insert("title".into(), kit.title.clone().into());
    ctx.insert("kit".into(), toml::Value::Table(k));
    ctx.insert("component".into(), comp.name.clone().into());
    ctx.insert("w".into(), comp.w_mm.into());
    ctx.insert("h".into(), comp.h_mm.into());
    ctx.insert("index".into(), (index as i64).into());
    for (k, v) in piece {
        ctx.insert(k.clone(), v.clone());
    }
    Value::from(minijinja::value::Serde(ctx))
}

/// A minijinja error, located in the template's source (line and column of
/// the failing expression when minijinja knows it).
fn template_error(file: &Path, e: &minijinja::Error, source: Option<&str>) -> Error {
    let mut loc = Location::file(file);
    loc.line = e.line();
    let mut snippet = None;
    if let (Some(src), Some(r)) = (source, e.range()) {
        if let Some(text) = src.get(r.clone()) {
            let (line, column) = crate::error::line_column(src, r.start);
            loc.line = Some(line);
            loc.column = Some(column);
            snippet = Some(text.trim().to_string());
        }
    }
    let undefined = e.kind() == minijinja::ErrorKind::UndefinedError;
    let msg = match (&snippet, e.detail()) {
        (Some(s), _) if undefined => format!("template error: `{s}` is undefined"),
        (_, Some(d)) => format!("template error: {d}"),
        _ => format!("template error: {}", e.kind()),
    };
    let err = Error::input("kit.template", msg).at(loc);
    if undefined {
        err.help(
            "a template sees the item's fields, `data`, `kit`, `component`, `w`, `h` and `index`",
        )
    } else {
        err
    }
}

/// Parse a (filled) SVG; `<image href>` resolves against `dir` through `art`.
fn parse_svg(svg: &str, dir: &Path, art: &ArtCache) -> Result<usvg::Tree> {
    let mut opt = options(Some(dir.to_path_buf()));
    opt.image_href_resolver = usvg::ImageHrefResolver {
        resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
        resolve_string: Box::new(move |href: &str, _opts: &usvg::Options| {
            art.get(&dir.join(href)).map(usvg::ImageKind::SVG)
        }),
    };
    usvg::Tree::from_str(svg, &opt).map_err(svg_error)
}

/// usvg options that see only the bundled fonts.
pub fn options(resources_dir: Option<PathBuf>) -> usvg::Options<'static> {
    usvg::Options {
        resources_dir,
        font_family: fonts::FAMILY.to_string(),
        fontdb: Arc::clone(&fonts::database().0),
        ..usvg::Options::default()
    }
}

/// usvg options for an art file. One on disk may hold `<image href>`s of its
/// own, read as usvg reads them; in bundled art they are served from the
/// binary (SVG only, not followed further, as usvg does for nested SVG).
fn art_options(path: &Path) -> usvg::Options<'static> {
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    if !bundled::is_bundled(path) {
        return options(Some(dir));
    }
    let mut opt = options(None);
    opt.image_href_resolver.resolve_string = Box::new(move |href: &str, opts: &usvg::Options| {
        let text = bundled::get(&dir.join(href))?;
        usvg::Tree::from_data_nested(text.as_bytes(), opts)
            .ok()
            .map(usvg::ImageKind::SVG)
    });
    opt
}

fn svg_error(e: usvg::Error) -> Error {
    match e {
        usvg::Error::ParsingFailed(x) => {
            let pos = x.pos();
            Error::input("kit.svg", format!("SVG does not parse: {x}")).at(Location {
                line: Some(pos.row as usize),
                column: Some(pos.col as usize),
                ..Location::file(PathBuf::new())
            })
        }
        other => Error::input("kit.svg", format!("SVG does not parse: {other}")),
    }
}

/// Set the error's file, keeping any line and column it has.
fn with_file(mut e: Error, file: &Path) -> Error {
    match e.location.as_mut() {
        Some(loc) => loc.file = file.to_path_buf(),
        None => e = e.in_file(file),
    }
    e
}

/// What the PDF writer cannot draw, found anywhere in `g`: refused up front,
/// so the PDF never silently differs from the PNG preview.
fn check_supported(g: &usvg::Group) -> std::result::Result<(), &'static str> {
    if !g.filters().is_empty() {
        return Err("filters");
    }
    if g.mask().is_some() {
        return Err("masks");
    }
    if g.clip_path().is_some() {
        return Err("clip paths");
    }
    for node in g.children() {
        match node {
            usvg::Node::Group(child) => check_supported(child)?,
            usvg::Node::Path(p) => {
                let paints = p.fill().map(|f| f.paint()).into_iter();
                let paints = paints.chain(p.stroke().map(|s| s.paint()));
                for paint in paints {
                    if matches!(paint, usvg::Paint::Pattern(_)) {
                        return Err("pattern fills");
                    }
                }
            }
            usvg::Node::Image(img) => match img.kind() {
                usvg::ImageKind::SVG(tree) => check_supported(tree.root())?,
                _ => return Err("raster images (PNG, JPEG...)"),
            },
            usvg::Node::Text(_) => {}
        }
    }
    Ok(())
}

fn unsupported(what: &str, file: &Path) -> Error {
    Error::input(
        "kit.svg-unsupported",
        format!("this SVG uses {what}, which tavolo cannot print as vectors"),
    )
    .in_file(file)
    .help("draw it with plain shapes, fills, strokes and text (see docs/kit-format.md)")
}

/// Art files, each read and parsed once; the first failure is kept so that
/// a missing or broken art file is an error, not a silent blank.
#[derive(Default)]
struct ArtCache {
    trees: Mutex<HashMap<PathBuf, usvg::Tree>>,
    error: Mutex<Option<Error>>,
}

impl ArtCache {
    fn get(&self, path: &Path) -> Option<usvg::Tree> {
        let mut trees = self.trees.lock().ok()?;
        if let Some(t) = trees.get(path) {
            return Some(t.clone());
        }
        let result = bundled::read(path)
            .map_err(|e| {
                Error::input(
                    "kit.art-missing",
                    format!("cannot read this art file: {}", io_reason(&e)),
                )
                .in_file(path)
                .help(
                    "an <image href> in a template names it; the path is relative to the template",
                )
            })
            .and_then(|text| {
                let opt = art_options(path);
                let tree =
                    usvg::Tree::from_str(&text, &opt).map_err(|e| with_file(svg_error(e), path))?;
                check_supported(tree.root()).map_err(|what| unsupported(what, path))?;
                Ok(tree)
            });
        match result {
            Ok(tree) => {
                trees.insert(path.to_path_buf(), tree.clone());
                Some(tree)
            }
            Err(e) => {
                if let Ok(mut slot) = self.error.lock() {
                    slot.get_or_insert(e);
                }
                None
            }
        }
    }

    fn take_error(&self) -> Result<()> {
        match self.error.lock().ok().and_then(|mut e| e.take()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
