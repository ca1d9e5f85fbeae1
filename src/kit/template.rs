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
use sha2::Digest;

use crate::error::{io_reason, Error, Location, Result};
use crate::kit::facetext::{self, Line};
use crate::kit::model::{Component, Kit, Piece};
use crate::kit::{bundled, fonts, usvg_guard};

/// One drawn face, in its own SVG user units. Shared: the faces the PDF
/// writer has taken (see [`render_faces_with`]) are one empty tree of their
/// size for all (a `usvg::Tree` is about 400 bytes even empty: 2 MB for
/// 5,200 cards).
pub struct Face {
    pub tree: Arc<usvg::Tree>,
}

/// What [`render_faces_with`] hands on for each face: its tree, and the
/// texts laid out for the PDF in its place (see [`super::facetext`]).
pub type Keep<'a> = dyn FnMut(usvg::Tree, Vec<Line>) -> Result<Arc<usvg::Tree>> + 'a;

/// The faces of a kit, and which face each piece shows.
pub struct KitFaces {
    pub faces: Vec<Face>,
    /// Per component: (front face of each piece, back face of each piece).
    pub components: Vec<(Vec<usize>, Option<Vec<usize>>)>,
}

/// Fill every template of `kit` and parse the results.
pub fn render_faces(kit: &Kit) -> Result<KitFaces> {
    render_faces_inner(
        kit,
        false,
        &mut |tree, _| Ok(Arc::new(tree)),
        &mut Vec::new(),
    )
}

/// [`render_faces`], and the art files the templates named (read, or tried to), art inside
/// art too: with the kit's TOML, templates and sheets, the files `--watch` follows.
pub fn render_faces_named(kit: &Kit, art: &mut Vec<PathBuf>) -> Result<KitFaces> {
    render_faces_inner(kit, false, &mut |tree, _| Ok(Arc::new(tree)), art)
}

/// [`render_faces`], each distinct face's tree handed to `keep` as soon as it
/// is parsed and checked, in face order; what `keep` returns is the face's
/// tree from then on (the PDF writer takes the trees as they come and leaves
/// an empty tree of the same size, one shared by the faces of that size, so
/// that a large kit's trees are never all held).
/// For the PDF alone: a face's plain texts are laid out directly, and its
/// tree has a marker in the place of each (see [`super::facetext`]).
pub fn render_faces_with(kit: &Kit, keep: &mut Keep) -> Result<KitFaces> {
    render_faces_inner(kit, true, keep, &mut Vec::new())
}

/// [`render_faces_with`], and the art named (see [`render_faces_named`]).
pub fn render_faces_with_named(
    kit: &Kit,
    keep: &mut Keep,
    art: &mut Vec<PathBuf>,
) -> Result<KitFaces> {
    render_faces_inner(kit, true, keep, art)
}

fn render_faces_inner(
    kit: &Kit,
    direct_text: bool,
    keep: &mut Keep,
    art_named: &mut Vec<PathBuf>,
) -> Result<KitFaces> {
    let folder = bundled::folder(&kit.source);
    let art = ArtCache::new(folder);
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_fuel(Some(FUEL));
    // Values are written into XML: escape them as such.
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
    // Names shrunk to their box with the bundled font's real widths.
    env.add_function("fit_text", crate::kit::textfit::template_fit_text);

    // The kit's own text, to point at the value an error comes from.
    let kit_source = bundled::read(&kit.source, folder, crate::input::KIT_TEXT)
        .map(|s| s.into_owned())
        .unwrap_or_default();
    if let Some(c) = missing_glyph(&kit.title) {
        return Err(glyph_error(c, kit, &kit_source, None));
    }
    let mut faces = Vec::new();
    let mut seen: HashMap<(PathBuf, [u8; 32]), usize> = HashMap::new();
    let mut components = Vec::new();
    for comp in &kit.components {
        let front = fill_all(
            kit,
            &kit_source,
            comp,
            &comp.front,
            &comp.front_at,
            &mut env,
            &art,
            &mut faces,
            &mut seen,
            direct_text,
            keep,
        )?;
        let back = match (&comp.back, &comp.back_at) {
            (Some(b), Some(at)) => Some(fill_all(
                kit,
                &kit_source,
                comp,
                b,
                at,
                &mut env,
                &art,
                &mut faces,
                &mut seen,
                direct_text,
                keep,
            )?),
            _ => None,
        };
        components.push((front, back));
    }
    // Kept until the PDF is written: without the slack of growing.
    faces.shrink_to_fit();
    *art_named = art.read();
    Ok(KitFaces { faces, components })
}

#[allow(clippy::too_many_arguments)]
fn fill_all(
    kit: &Kit,
    kit_source: &str,
    comp: &Component,
    template: &Path,
    written_at: &Location,
    env: &mut Environment<'static>,
    art: &ArtCache,
    faces: &mut Vec<Face>,
    seen: &mut HashMap<(PathBuf, [u8; 32]), usize>,
    direct_text: bool,
    keep: &mut Keep,
) -> Result<Vec<usize>> {
    let name = template.display().to_string();
    if env.get_template(&name).is_err() {
        let source = bundled::read(template, &art.within, crate::input::KIT_TEXT).map_err(|e| {
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
        let svg = render_bounded(&tmpl, Value::from(minijinja::value::Serde(&ctx))).map_err(|e| {
            let mut err = template_error(template, &e, Some(tmpl.source()));
            if let Some((offset, name)) = e
                .range()
                .filter(|_| e.kind() == minijinja::ErrorKind::UndefinedError)
                .and_then(|r| undefined_name(tmpl.source(), r, &ctx))
            {
                err = undefined_error(template, tmpl.source(), offset, &name, &ctx);
            }
            let before = err.help.take().map(|h| format!("{h}; ")).unwrap_or_default();
            err.help(format!(
                "{before}piece {} of `{}`; a filled template is at most {} and takes at most {FUEL} steps",
                index + 1,
                comp.name,
                crate::input::size_text(MAX_FACE as u64)
            ))
        })?;
        // Identical faces (all the backs) are parsed once. Known by the
        // SHA-256 of their text, not the text itself: a large deck's filled
        // templates need not all be kept.
        let digest: [u8; 32] = sha2::Sha256::digest(svg.as_bytes()).into();
        let key = (dir.clone(), digest);
        if let Some(&i) = seen.get(&key) {
            out.push(i);
            continue;
        }
        // The plain texts laid out here, markers in their place; a marked
        // SVG that does not parse is parsed as written, for its error.
        let (tree, lines) = match direct_text.then(|| facetext::take(&svg)).flatten() {
            Some((marked, lines)) => match parse_svg(&marked, &dir, art) {
                Ok(tree) => (Ok(tree), lines),
                Err(_) => (parse_svg(&svg, &dir, art), Vec::new()),
            },
            None => (parse_svg(&svg, &dir, art), Vec::new()),
        };
        let tree = tree.map_err(|e| {
            let (e, at) = in_template(with_file(e, template), tmpl.source(), &svg);
            e.help(format!(
                "this is the template filled for piece {} of `{}`{at}",
                index + 1,
                comp.name
            ))
        })?;
        if let Some((e, needle)) = art.take_error() {
            return Err(locate_art_error(
                e,
                &needle,
                (template, tmpl.source()),
                kit,
                kit_source,
                comp,
            ));
        }
        check_supported(tree.root()).map_err(|what| {
            if what.starts_with("raster") {
                raster_in(template, tmpl.source(), &svg)
            } else {
                unsupported(what, template)
            }
        })?;
        if let Some(c) = first_missing_glyph(tree.root()) {
            let mut e = glyph_error(c, kit, kit_source, Some((template, tmpl.source())));
            e.help = Some(format!(
                "piece {} of `{}`; {}",
                index + 1,
                comp.name,
                e.help.unwrap_or_default()
            ));
            return Err(e);
        }
        faces.push(Face {
            tree: keep(tree, lines)?,
        });
        seen.insert(key, faces.len() - 1);
        out.push(faces.len() - 1);
    }
    Ok(out)
}

/// What a template sees: the piece's fields at top level, plus `data` (the
/// kit's `[data]`), `options` (its `[options]` as chosen), `kit` (name, title), `w` and `h` (piece size in mm) and
/// `index` (0-based position of the piece in its component).
fn context(kit: &Kit, comp: &Component, piece: &Piece, index: usize) -> toml::Table {
    let mut ctx = toml::Table::new();
    ctx.insert("data".into(), toml::Value::Table(kit.data.clone()));
    let mut k = toml::Table::new();
    k.insert("name".into(), kit.name.clone().into());
    k.insert("title".into(), kit.title.clone().into());
    ctx.insert("kit".into(), toml::Value::Table(k));
    let options: toml::Table = kit
        .options
        .iter()
        .map(|(name, v)| {
            let v = match v {
                crate::kit::model::OptionValue::Switch(b) => toml::Value::Boolean(*b),
                crate::kit::model::OptionValue::Choice(c) => toml::Value::String(c.clone()),
            };
            (name.clone(), v)
        })
        .collect();
    ctx.insert("options".into(), toml::Value::Table(options));
    ctx.insert("component".into(), comp.name.clone().into());
    ctx.insert("w".into(), comp.w_mm.into());
    ctx.insert("h".into(), comp.h_mm.into());
    ctx.insert("index".into(), (index as i64).into());
    for (k, v) in piece.iter() {
        ctx.insert(k.clone(), v.clone());
    }
    ctx
}

/// What a template may call besides its context: minijinja's global functions and ours.
const FUNCTIONS: [&str; 8] = [
    "fit_text",
    "range",
    "dict",
    "namespace",
    "debug",
    "lipsum",
    "cycler",
    "joiner",
];

/// Words of a template expression that are not names.
const KEYWORDS: [&str; 16] = [
    "and", "or", "not", "in", "is", "if", "else", "true", "false", "none", "True", "False", "None",
    "loop", "self", "super",
];

/// The name an "undefined" error is about, inside the expression at `range` of `source`
/// (issue 45: `fit_text(nome, w - 24, 9, 6)` is about `nome`): the first name the context
/// `ctx` lacks and the template does not set itself (`{% set %}`, `{% for %}`), or the
/// first attribute the context's value lacks (`data.nome`). Its byte offset in `source`
/// and the name as written (`nome`, `data.nome`); `None` when no such name is found.
fn undefined_name(
    source: &str,
    range: std::ops::Range<usize>,
    ctx: &toml::Table,
) -> Option<(usize, String)> {
    let text = source.get(range.clone())?;
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut quote: Option<u8> = None;
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(q) = quote {
            if b == b'\\' {
                i += 1;
            } else if b == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        if b == b'"' || b == b'\'' {
            quote = Some(b);
            i += 1;
            continue;
        }
        let starts_name = (b.is_ascii_alphabetic() || b == b'_')
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'));
        if !starts_name {
            i += 1;
            continue;
        }
        // The dotted path from here: `data.nome`.
        let start = i;
        let mut parts: Vec<&str> = Vec::new();
        loop {
            let s = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            parts.push(&text[s..i]);
            let next_is_name = bytes
                .get(i + 1)
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
            if bytes.get(i) == Some(&b'.') && next_is_name {
                i += 1;
            } else {
                break;
            }
        }
        // An attribute of something else (`x().y`), a filter or test name (`| string`,
        // `is defined`), a keyword argument (`f(a=1)`): not a name of the context.
        let before = text[..start].trim_end();
        let after = text[i..].trim_start();
        let is_name = !(before.ends_with('.')
            || before.ends_with('|')
            || before.ends_with(" is")
            || (after.starts_with('=') && !after.starts_with("==")));
        let first = parts[0];
        if !is_name || KEYWORDS.contains(&first) || FUNCTIONS.contains(&first) {
            continue;
        }
        match ctx.get(first) {
            None if !set_in(source, first) => {
                return Some((range.start + start, first.to_string()));
            }
            None => {}
            Some(v) => {
                let mut v = v;
                for (k, part) in parts.iter().enumerate().skip(1) {
                    match v.get(part) {
                        Some(next) => v = next,
                        None if v.is_table() => {
                            return Some((range.start + start, parts[..=k].join(".")));
                        }
                        None => break,
                    }
                }
            }
        }
    }
    None
}

/// Does the template set `name` itself (`{% set name`, `{% for name in`, `{% for a, name in`,
/// `{% macro name`)?
fn set_in(source: &str, name: &str) -> bool {
    let is_word = |w: &str| w.trim_matches(|c: char| c == ',' || c == '(') == name;
    source.split("{%").skip(1).any(|tag| {
        let tag = tag.split("%}").next().unwrap_or("");
        let mut words = tag.trim_start_matches('-').split_whitespace();
        match words.next() {
            Some("set" | "macro" | "with") => words.next().is_some_and(|w| {
                w.split(['=', '(']).next().unwrap_or("") == name || w.split(',').any(|p| p == name)
            }),
            Some("for") => words.take_while(|w| *w != "in").any(is_word),
            _ => false,
        }
    })
}

/// `name is undefined`, at `offset` of the template `source`, with the context's nearest
/// name when there is one.
fn undefined_error(
    file: &Path,
    source: &str,
    offset: usize,
    name: &str,
    ctx: &toml::Table,
) -> Error {
    let (head, known): (&str, Vec<&str>) = match name.rsplit_once('.') {
        None => (
            name,
            ctx.keys()
                .map(String::as_str)
                .chain(FUNCTIONS.iter().copied())
                .collect(),
        ),
        Some((parent, last)) => {
            let table = parent
                .split('.')
                .try_fold(ctx, |t, k| t.get(k).and_then(toml::Value::as_table));
            (
                last,
                table.map_or(Vec::new(), |t| t.keys().map(String::as_str).collect()),
            )
        }
    };
    let mut loc = Location::at_offset(file, source, offset);
    loc.span_len = name.chars().count().max(1);
    let help = crate::t!("kit-template-sees");
    let help = match crate::error::closest(head, known) {
        Some(near) => crate::t!("kit-did-you-mean", near = near, rest = help),
        None => help,
    };
    Error::input("kit.template", crate::t!("kit-undefined-name", name = name))
        .at(loc)
        .help(help)
}

/// A minijinja error, located in the template's source (line and column of
/// the failing expression when minijinja knows it).
/// The most steps (minijinja's fuel: one per instruction, roughly) filling a template once
/// may take: the bundled kits' templates take a few thousand; a loop of loops
/// (`range(100000)` twice) is stopped here, with an error, instead of running for hours.
pub const FUEL: u64 = 2_000_000;

/// The most text one filled template may be. The bundled templates are at most 14 KB; a
/// filled face is parsed by usvg, which lays every character of text out as a glyph of
/// some 400 bytes, so this bound keeps a face's parse near 100 MB however its text was
/// made (a long cell repeated in a loop, `{% set x = x ~ x %}` printed).
pub const MAX_FACE: usize = 256 << 10;

/// `tmpl` filled with `ctx`, with at most [`FUEL`] steps and [`MAX_FACE`] bytes of output:
/// the output is written to a buffer that refuses to grow past the bound, so a template
/// that prints more stops when it does.
fn render_bounded(
    tmpl: &minijinja::Template<'_, '_>,
    ctx: Value,
) -> std::result::Result<String, minijinja::Error> {
    struct Bounded(Vec<u8>);
    impl std::io::Write for Bounded {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.0.len() + buf.len() > MAX_FACE {
                return Err(std::io::Error::other("the filled template is too large"));
            }
            self.0.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut out = Bounded(Vec::new());
    match tmpl.render_captured_to(ctx, &mut out) {
        Ok(_) => {}
        Err(e) if e.kind() == minijinja::ErrorKind::WriteFailure => {
            return Err(minijinja::Error::new(
                minijinja::ErrorKind::InvalidOperation,
                format!(
                    "the filled template grows past {}",
                    crate::input::size_text(MAX_FACE as u64)
                ),
            ))
        }
        Err(e) if e.kind() == minijinja::ErrorKind::OutOfFuel => {
            return Err(minijinja::Error::new(
                minijinja::ErrorKind::InvalidOperation,
                format!("filling the template takes more than {FUEL} steps (a loop too long?)"),
            ))
        }
        Err(e) => return Err(e),
    }
    String::from_utf8(out.0).map_err(|_| {
        minijinja::Error::new(
            minijinja::ErrorKind::InvalidOperation,
            "the filled template is not UTF-8",
        )
    })
}

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
    // A line without a span (minijinja keeps no span for some errors, e.g. at the end of
    // an unclosed comment): point at the line's first character that is not blank.
    if let (Some(src), Some(line), None) = (source, loc.line, loc.column) {
        match src.split('\n').nth(line - 1) {
            Some(text) => {
                let blank = text.chars().take_while(|c| c.is_whitespace()).count();
                loc.column = Some(blank.min(text.trim_end_matches('\r').chars().count()) + 1);
            }
            None => loc.line = None,
        }
    }
    let undefined = e.kind() == minijinja::ErrorKind::UndefinedError;
    // `fit_text(rule, ...)` that cannot fit: named by its field (issue 45).
    let field = snippet
        .as_deref()
        .and_then(|s| s.strip_prefix("fit_text("))
        .and_then(|s| s.split([',', ')']).next())
        .map(str::trim)
        .filter(|f| !f.is_empty());
    let msg = match (&snippet, e.detail()) {
        (Some(s), _) if undefined => format!("template error: `{s}` is undefined"),
        (_, Some(d)) if field.is_some() && e.kind() == minijinja::ErrorKind::InvalidOperation => {
            format!(
                "template error: {}",
                crate::t!(
                    "kit-text-in-field",
                    field = field.unwrap_or_default(),
                    message = d
                )
            )
        }
        (_, Some(d)) => format!("template error: {d}"),
        _ => format!("template error: {}", e.kind()),
    };
    let err = Error::input("kit.template", msg).at(loc);
    if field.is_some() && e.kind() == minijinja::ErrorKind::InvalidOperation {
        return err.help(crate::t!("kit-text-too-long-help"));
    }
    if undefined {
        err.help(crate::t!("kit-template-sees"))
    } else {
        err
    }
}

/// Parse a (filled) SVG; `<image href>` resolves against `dir` through `art`.
fn parse_svg<'a>(svg: &str, dir: &'a Path, art: &'a ArtCache) -> Result<usvg::Tree> {
    let mut opt = options(Some(dir.to_path_buf()));
    opt.image_href_resolver = usvg::ImageHrefResolver {
        resolve_data: Box::new(move |mime: &str, data, opts: &usvg::Options| {
            // Only SVG data is art; PNG, JPEG... would print as pixels.
            let svg =
                mime == "image/svg+xml" || (mime == "text/plain" && raster_kind(&data).is_none());
            if svg {
                return (usvg::ImageHrefResolver::default_data_resolver())(mime, data, opts);
            }
            art.fail(
                Error::input(
                    "kit.art-raster",
                    format!(
                        "an <image> holds {} data: tavolo prints only vector (SVG) art",
                        raster_kind(&data).unwrap_or("raster")
                    ),
                )
                .help("draw the art as SVG shapes, or convert it to SVG paths"),
                "data:".to_string(),
            );
            None
        }),
        resolve_string: Box::new(move |href: &str, _opts: &usvg::Options| {
            art.resolve(dir, href).map(usvg::ImageKind::SVG)
        }),
    };
    usvg_guard::parse(svg, &opt).map_err(guard_error)
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

/// usvg options for an art file. It may hold `<image href>`s of its own, read as the art is
/// (a bundled one from the binary, one on disk from inside the kit's folder `within`, within
/// [`crate::input::ART`]); a nested SVG is not followed further, as usvg does.
fn art_options(
    path: &Path,
    within: &Path,
    read: Arc<Mutex<Vec<PathBuf>>>,
) -> usvg::Options<'static> {
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let within = within.to_path_buf();
    let mut opt = options(None);
    opt.image_href_resolver.resolve_string = Box::new(move |href: &str, opts: &usvg::Options| {
        if is_remote(href) {
            return None;
        }
        let file = dir.join(href);
        if let Ok(mut read) = read.lock() {
            if !read.contains(&file) {
                read.push(file.clone());
            }
        }
        let bytes = bundled::read_bytes(&file, &within, crate::input::ART).ok()?;
        // As usvg would load the file: its kind from its content, so that a raster
        // image is one in the tree (and refused as such, `check_supported`).
        (usvg::ImageHrefResolver::default_data_resolver())(
            "text/plain",
            Arc::new(bytes.into_owned()),
            opts,
        )
    });
    opt
}

fn guard_error(e: usvg_guard::Failure) -> Error {
    match e {
        usvg_guard::Failure::Usvg(e) => svg_error(e),
        usvg_guard::Failure::Degenerate { at } => {
            let e = usvg_guard::degenerate();
            match at {
                Some((line, column)) => e.at(Location {
                    line: Some(line),
                    column: Some(column),
                    ..Location::file(PathBuf::new())
                }),
                None => e,
            }
        }
    }
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

/// An SVG error's line and column are in the filled text. Keep them when they are also a
/// place in the template: its line when filling kept every line (the column if that line is
/// long enough, else 1), or the template line that reads exactly as the filled one. Otherwise
/// name the template alone, and say where in the filled text (returned for the help).
fn in_template(mut e: Error, source: &str, filled: &str) -> (Error, String) {
    let Some(loc) = e.location.as_mut() else {
        return (e, String::new());
    };
    let (Some(line), Some(col)) = (loc.line, loc.column) else {
        return (e, String::new());
    };
    let lines: Vec<&str> = source
        .split('\n')
        .map(|l| l.trim_end_matches('\r'))
        .collect();
    let filled_line = filled.split('\n').nth(line.wrapping_sub(1)).unwrap_or("");
    let filled_line = filled_line.trim_end_matches('\r');
    let same_shape = lines.len() == filled.split('\n').count();
    let at = if same_shape && (1..=lines.len()).contains(&line) {
        let width = lines[line - 1].chars().count();
        Some((line, if col <= width + 1 { col } else { 1 }))
    } else {
        lines
            .iter()
            .position(|l| *l == filled_line)
            .map(|i| (i + 1, col))
    };
    match at {
        Some((l, c)) => {
            loc.line = Some(l);
            loc.column = Some(c);
            (e, String::new())
        }
        None => {
            loc.line = None;
            loc.column = None;
            (e, format!(", at its line {line}, column {col}"))
        }
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

/// Art files, each read and parsed once; the first failure is kept, with the
/// text to find where it was named (the href), so that a missing, raster
/// or remote art file is an error, not a silent blank.
struct ArtCache {
    /// The kit's folder: art is read from inside it only.
    within: PathBuf,
    trees: Mutex<HashMap<PathBuf, usvg::Tree>>,
    error: Mutex<Option<(Error, String)>>,
    /// Every art file named, in the order first named, read or not.
    read: Arc<Mutex<Vec<PathBuf>>>,
}

/// Does `href` name a file on another machine (`http:`, `https:`, `ftp:`...)?
fn is_remote(href: &str) -> bool {
    match href.split_once(':') {
        Some((scheme, _)) => {
            scheme.len() > 1
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && !scheme.eq_ignore_ascii_case("data")
        }
        None => false,
    }
}

/// The kind of raster image `data` holds, from its first bytes.
fn raster_kind(data: &[u8]) -> Option<&'static str> {
    if data.starts_with(b"\x89PNG") {
        Some("PNG")
    } else if data.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("JPEG")
    } else if data.starts_with(b"GIF8") {
        Some("GIF")
    } else if data.len() > 12 && &data[..4] == b"RIFF" && &data[8..12] == b"WEBP" {
        Some("WebP")
    } else if data.starts_with(b"BM") {
        Some("BMP")
    } else {
        None
    }
}

/// A raster file's kind from its name, for a file that cannot be read.
fn raster_extension(href: &str) -> Option<&'static str> {
    let ext = href.rsplit_once('.')?.1.to_ascii_lowercase();
    match ext.as_str() {
        "png" => Some("PNG"),
        "jpg" | "jpeg" => Some("JPEG"),
        "gif" => Some("GIF"),
        "webp" => Some("WebP"),
        "bmp" => Some("BMP"),
        _ => None,
    }
}

fn raster_error(kind: &str, path: &Path) -> Error {
    Error::input(
        "kit.art-raster",
        format!(
            "art file {} is a {kind} image: tavolo prints only vector (SVG) art",
            path.display()
        ),
    )
    .help("draw the art as SVG shapes, or convert it to SVG paths")
}

impl ArtCache {
    fn new(within: &Path) -> ArtCache {
        ArtCache {
            within: within.to_path_buf(),
            trees: Mutex::default(),
            error: Mutex::default(),
            read: Arc::default(),
        }
    }

    /// The art an `<image href>` in a template in `dir` names.
    fn resolve(&self, dir: &Path, href: &str) -> Option<usvg::Tree> {
        if is_remote(href) {
            self.fail(
                Error::input(
                    "kit.art-remote",
                    format!("art `{href}` is not a file of the kit: tavolo never fetches art from a network"),
                )
                .help("save the art as an SVG file beside the template and name it by its path"),
                href.to_string(),
            );
            return None;
        }
        self.get(&dir.join(href), href)
    }

    fn fail(&self, e: Error, needle: String) {
        if let Ok(mut slot) = self.error.lock() {
            slot.get_or_insert((e, needle));
        }
    }

    fn get(&self, path: &Path, href: &str) -> Option<usvg::Tree> {
        let mut trees = self.trees.lock().ok()?;
        if let Some(t) = trees.get(path) {
            return Some(t.clone());
        }
        if let Ok(mut read) = self.read.lock() {
            if !read.iter().any(|p| p == path) {
                read.push(path.to_path_buf());
            }
        }
        let result = match bundled::read_bytes(path, &self.within, crate::input::ART) {
            Err(e) => Err(match raster_extension(href) {
                Some(kind) if e.kind() != std::io::ErrorKind::NotFound => raster_error(kind, path),
                _ => Error::input(
                    "kit.art-missing",
                    format!(
                        "cannot read the art file {}: {}",
                        path.display(),
                        io_reason(&e)
                    ),
                )
                .help(
                    "an <image href> in a template names it; the path is relative to the template",
                ),
            }),
            Ok(bytes) => match (raster_kind(&bytes), std::str::from_utf8(&bytes)) {
                (Some(kind), _) => Err(raster_error(kind, path)),
                (None, Err(_)) => Err(Error::input(
                    "kit.art-missing",
                    format!("art file {} is not an SVG text file", path.display()),
                )),
                (None, Ok(text)) => {
                    let opt = art_options(path, &self.within, Arc::clone(&self.read));
                    usvg_guard::parse(text, &opt)
                        .map_err(|e| with_file(guard_error(e), path))
                        .and_then(|tree| {
                            check_supported(tree.root()).map_err(|what| {
                                if what.starts_with("raster") {
                                    raster_in(path, text, text)
                                } else {
                                    unsupported(what, path)
                                }
                            })?;
                            Ok(tree)
                        })
                }
            },
        };
        match result {
            Ok(tree) => {
                trees.insert(path.to_path_buf(), tree.clone());
                Some(tree)
            }
            Err(e) => {
                drop(trees);
                self.fail(e, href.to_string());
                None
            }
        }
    }

    /// The art files named so far.
    fn read(&self) -> Vec<PathBuf> {
        self.read.lock().map(|r| r.clone()).unwrap_or_default()
    }

    fn take_error(&self) -> Option<(Error, String)> {
        self.error.lock().ok().and_then(|mut e| e.take())
    }
}

/// A raster `<image>` inside the SVG `file` (its text `source`; `filled` is
/// the text as parsed, after the template was filled): located at the first
/// `<image` whose href is not an SVG.
fn raster_in(file: &Path, source: &str, filled: &str) -> Error {
    let is_raster_tag = |text: &str, at: usize| {
        let tag = &text[at..text[at..].find('>').map_or(text.len(), |e| at + e)];
        !tag.contains(".svg") && !tag.contains("image/svg+xml")
    };
    let find = |text: &str| {
        text.match_indices("<image")
            .map(|(i, _)| i)
            .find(|&i| is_raster_tag(text, i))
    };
    let e = Error::input(
        "kit.art-raster",
        "this SVG holds a raster <image> (PNG, JPEG...): tavolo prints only vector (SVG) art",
    )
    .help("draw the art as SVG shapes, or convert it to SVG paths");
    match find(source).or_else(|| find(filled).and(source.find("<image"))) {
        Some(at) => e.at(Location::at_offset(file, source, at)),
        None => e.in_file(file),
    }
}

/// Point an art error at where the art is named: the href in the template
/// when written there, else the value in the kit's TOML it comes from.
fn locate_art_error(
    mut e: Error,
    needle: &str,
    (template, template_source): (&Path, &str),
    kit: &Kit,
    kit_source: &str,
    comp: &Component,
) -> Error {
    let in_template = (needle != "data:")
        .then(|| template_source.find(needle))
        .flatten();
    let in_kit = find_value(kit_source, needle);
    let here = format!(
        "used by component `{}` of {}",
        comp.name,
        kit.source.display()
    );
    let (named, how) = match (in_template, in_kit) {
        (Some(at), _) => (
            Location::at_offset(template, template_source, at),
            format!("the template {} names it, {here}", template.display()),
        ),
        (None, Some(at)) => (
            Location::at_offset(&kit.source, kit_source, at),
            format!(
                "the kit names it here, for the template {}",
                template.display()
            ),
        ),
        (None, None) => (
            comp.front_at.clone(),
            format!("through the template {}", template.display()),
        ),
    };
    let help = e.help.take().unwrap_or_default();
    if e.location.as_ref().is_some_and(|l| l.line.is_some()) {
        // The fault is inside the art file, located there: say where the
        // kit names that file.
        e.help = Some(format!("named at {named}, {here}; {help}"));
    } else {
        e.location = Some(Box::new(named));
        e.help = Some(format!("{how}; {help}"));
    }
    e
}

/// Where `needle` is written as (part of) a quoted string value in a TOML
/// text: the offset of the needle itself.
fn find_value(source: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    source.match_indices(needle).map(|(i, _)| i).find(|&i| {
        let line_start = source[..i].rfind('\n').map_or(0, |n| n + 1);
        let before = &source[line_start..i];
        // Inside a string: an odd number of quotes before it on its line,
        // and not in a comment.
        let quotes = before.matches('"').count() + before.matches('\'').count();
        quotes % 2 == 1 && !before.trim_start().starts_with('#')
    })
}

/// The first character of `text` the bundled font has no glyph for.
fn missing_glyph(text: &str) -> Option<char> {
    text.chars()
        .find(|&c| !c.is_control() && !fonts::has_glyph(c))
}

/// The first character, in any text of `g`, the bundled font lacks.
fn first_missing_glyph(g: &usvg::Group) -> Option<char> {
    for node in g.children() {
        let found = match node {
            usvg::Node::Group(child) => first_missing_glyph(child),
            usvg::Node::Text(t) => t.chunks().iter().find_map(|c| missing_glyph(c.text())),
            usvg::Node::Image(img) => match img.kind() {
                usvg::ImageKind::SVG(tree) => first_missing_glyph(tree.root()),
                _ => None,
            },
            usvg::Node::Path(_) => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A character the bundled font lacks, located where it is written: in the
/// kit's TOML (a name in `[data]` or an item), else in the template.
fn glyph_error(c: char, kit: &Kit, kit_source: &str, template: Option<(&Path, &str)>) -> Error {
    let e = Error::input(
        "kit.glyph",
        format!(
            "`{c}` (U+{:04X}) is not in the bundled font (DejaVu Sans Bold): it would print as an empty box",
            c as u32
        ),
    );
    let needle = c.to_string();
    let at = match (kit_source.find(&needle), template) {
        (Some(at), _) => Location::at_offset(&kit.source, kit_source, at),
        (None, Some((file, text))) => match text.find(&needle) {
            Some(at) => Location::at_offset(file, text, at),
            None => Location::file(file),
        },
        (None, None) => Location::file(&kit.source),
    };
    e.at(at).help(
        "use another character, or draw the symbol as SVG art; DejaVu Sans covers Latin, Greek, Cyrillic and many symbols",
    )
}

#[cfg(test)]
mod error_tests {
    use super::*;

    fn located(src: &str, e: &minijinja::Error) -> (usize, usize) {
        let err = template_error(Path::new("t.svg"), e, Some(src));
        let loc = err.location.expect("a location");
        let (line, col) = (loc.line.expect("a line"), loc.column.expect("a column"));
        let text = src
            .split('\n')
            .nth(line - 1)
            .expect("the line is in the file");
        assert!(col >= 1 && col <= text.chars().count() + 1, "{line}:{col}");
        (line, col)
    }

    /// Fuzz finding F (docs/fuzzing.md): minijinja gives some errors a line but no span
    /// (a comment left open to the end); the error still points at a line and column.
    #[test]
    fn a_template_error_without_a_span_still_has_line_and_column() {
        let src = "<svg>\n{#- never closed\n  <g/>\n  </g>";
        let mut env = Environment::new();
        let e = env.add_template("t", src).unwrap_err();
        assert_eq!(located(src, &e), (4, 3));
        // An undefined name in an expression over several lines.
        let src = "<svg>\n  {{ nothere >\nx >\ny }}\n</svg>";
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.add_template("u", src).unwrap();
        let e = env
            .get_template("u")
            .unwrap()
            .render(minijinja::context! {})
            .unwrap_err();
        let (line, _) = located(src, &e);
        assert!((2..=4).contains(&line), "{line}");
    }
}

#[cfg(test)]
mod undefined_tests {
    use super::*;

    fn ctx() -> toml::Table {
        toml::from_str("name = \"Sole\"\nw = 40\n[data]\ncolour = \"#c00\"\n").unwrap()
    }

    /// The name at fault in an expression, and where it is in the source.
    fn found(source: &str, expr: &str) -> Option<(usize, String)> {
        let start = source.find(expr).unwrap();
        undefined_name(source, start..start + expr.len(), &ctx())
    }

    /// Issue 45: an undefined name inside a call is named, not the whole call.
    #[test]
    fn the_undefined_name_is_found_inside_the_expression() {
        let src = "<svg>{% set t = fit_text(nome, w - 24, 9, 6) %}</svg>";
        let (at, name) = found(src, "fit_text(nome, w - 24, 9, 6)").unwrap();
        assert_eq!(name, "nome");
        assert_eq!(&src[at..at + 4], "nome");
        // An attribute the context's table lacks.
        let src = "<text>{{ data.colr }}</text>";
        assert_eq!(found(src, "data.colr").unwrap().1, "data.colr");
        // Filters, tests, keywords, strings and keyword arguments are not names.
        let src = "{{ (name | upper) ~ 'nome' ~ \"x y\" if name is defined else none }}";
        assert_eq!(
            found(
                src,
                "(name | upper) ~ 'nome' ~ \"x y\" if name is defined else none"
            ),
            None
        );
        let src = "{{ dict(nome=1).nome ~ lato }}";
        assert_eq!(found(src, "dict(nome=1).nome ~ lato").unwrap().1, "lato");
        // A name the template sets itself is not the context's fault.
        let src = "{% for p, q in data %}{% endfor %}{{ q ~ r }}";
        assert_eq!(found(src, "q ~ r").unwrap().1, "r");
        assert_eq!(found(src, "q"), None);
    }
}
