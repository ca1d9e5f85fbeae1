//! The kit model: a kit definition read from TOML (a bundled `templates/*.toml`
//! or a user's file), checked, and expanded into the concrete pieces to print.
//! See `docs/kit-format.md`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::error::{io_reason, Error, Location, Result};
use crate::kit::bundled;

/// A kit definition exactly as written in its TOML file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KitFile {
    /// Short name: the PDF is written as `<name>.pdf`.
    pub name: Spanned<String>,
    /// Human title, printed in each sheet's label: a text, or one per language
    /// (`title.it = "..."`, `title.en = "..."`).
    #[serde(default)]
    pub title: Option<Spanned<toml::Value>>,
    /// Space between neighbouring pieces, in mm (default 3).
    #[serde(default)]
    pub gutter_mm: Option<Spanned<f64>>,
    /// Free data for the templates (colours, names, positions...).
    #[serde(default)]
    pub data: toml::Table,
    #[serde(default, rename = "component")]
    pub components: Vec<ComponentFile>,
    /// Switches with their default values, e.g. `extended = true`, and
    /// choices, e.g. `board = ["split", "fit"]` (the first is the default); a
    /// component with `when = "extended"` or `when = "board=fit"` is printed
    /// only while that holds.
    #[serde(default)]
    pub options: BTreeMap<String, Spanned<toml::Value>>,
}

/// One kind of physical piece (tiles, cards, a board) as written in TOML.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComponentFile {
    pub name: Spanned<String>,
    /// Width and height of the cut piece, in mm (exactly two numbers).
    pub size_mm: Spanned<Vec<f64>>,
    /// The front's SVG template, relative to the TOML file.
    pub front: Spanned<String>,
    /// The back's SVG template, if the piece has a back.
    #[serde(default)]
    pub back: Option<Spanned<String>>,
    /// Copies of every item (default 1).
    #[serde(default)]
    /// Or the name of an item field holding each item's number of copies
    /// (`"tile.count"`: the field `count` of the item's field `tile`).
    pub count: Option<Spanned<toml::Value>>,
    /// Space between pieces in mm, overriding the kit's.
    #[serde(default)]
    pub gutter_mm: Option<Spanned<f64>>,
    /// May pieces be turned a quarter turn when more fit that way (default true)?
    #[serde(default)]
    pub rotate: Option<bool>,
    /// Explicit items, each a table of fields for the templates.
    #[serde(default)]
    pub items: Vec<toml::Table>,
    /// Items from a spreadsheet (CSV, TSV, .xlsx, .ods...), relative to the
    /// TOML file: one row per item, its columns the fields (see [`crate::kit::sheet`]).
    #[serde(default)]
    pub items_from: Option<Spanned<String>>,
    /// The sheet of a workbook `items_from` reads (default: its first).
    #[serde(default)]
    pub sheet: Option<Spanned<String>>,
    /// Columns of `items_from` read as numbers (the others are text).
    #[serde(default)]
    pub numbers: Option<Spanned<Vec<String>>>,
    /// Generated items: the Cartesian product of these axes, first axis slowest.
    #[serde(default)]
    pub product: Vec<AxisFile>,
    /// Print this component only while the named `[options]` switch is on.
    #[serde(default)]
    pub when: Option<Spanned<String>>,
    /// Regions of a board that a split must not cut through (its start
    /// square): `[x, y, w, h]` in mm from the piece's top-left corner, or a
    /// list of them.
    #[serde(default)]
    pub keep_whole: Option<Spanned<toml::Value>>,
}

/// One axis of a generated product: a field name and its values.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AxisFile {
    pub field: String,
    /// Name of a list (array) in the kit's `[data]`.
    #[serde(default)]
    pub list: Option<Spanned<String>>,
    /// Inclusive integer range `[from, to]`.
    #[serde(default)]
    pub range: Option<Spanned<[i64; 2]>>,
    /// Values written out.
    #[serde(default)]
    pub values: Option<Vec<toml::Value>>,
}

/// A checked kit, ready to render.
#[derive(Debug, Clone)]
pub struct Kit {
    pub name: String,
    pub title: String,
    /// The TOML file it came from; templates are relative to its folder.
    /// Under `<bundled>/` for a bundled kit (see [`crate::kit::bundled`]).
    pub source: PathBuf,
    pub data: toml::Table,
    pub components: Vec<Component>,
    /// The `[options]` as used (defaults with any overrides applied).
    pub options: BTreeMap<String, OptionValue>,
    /// The language it is printed in, for a kit in several: the choice of its option
    /// `lang` (see [`localize`]).
    pub lang: Option<String>,
    /// The languages of a kit in several: the choices of its option `lang`.
    pub languages: Vec<String>,
}

/// The value of one of a kit's `[options]`: a switch, or one of its choices.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum OptionValue {
    Switch(bool),
    Choice(String),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Switch(b) => write!(f, "{b}"),
            OptionValue::Choice(c) => f.write_str(c),
        }
    }
}

/// A checked component with its pieces expanded.
#[derive(Debug, Clone)]
pub struct Component {
    pub name: String,
    pub w_mm: f64,
    pub h_mm: f64,
    pub gutter_mm: f64,
    /// Pieces may be laid a quarter turn round to fit more per sheet.
    pub rotate: bool,
    pub front: PathBuf,
    pub back: Option<PathBuf>,
    /// Where `front` and `back` are written, to point at when a template is missing.
    pub front_at: Location,
    pub back_at: Option<Location>,
    /// One entry per physical piece (copies included), in print order.
    pub pieces: Vec<Piece>,
    /// Where `size_mm` is written, to point at when a piece does not fit.
    pub size_at: Location,
    /// Regions a split must not cut through, in mm from the piece's top-left
    /// corner (see [`crate::kit::layout`]).
    pub keep_whole: Vec<crate::kit::geometry::Rect>,
    /// The spreadsheet the items came from, if they did.
    pub items_from: Option<PathBuf>,
}

/// One piece's fields (an item's), kept compact: a large deck's pieces live
/// until its PDF is saved, and a table for each would be the biggest thing
/// that grows with the deck (a B-tree node of some 630 bytes, whatever the
/// number of fields, and every field's name again). The names are shared by
/// the pieces that have the same ones (every row of a spreadsheet), and a
/// piece's copies share its values.
#[derive(Debug, Clone)]
pub struct Piece {
    /// In the order the item's table kept them.
    names: Arc<[String]>,
    values: Arc<[toml::Value]>,
}

impl Piece {
    /// The fields, in their names' order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &toml::Value)> {
        self.names.iter().zip(self.values.iter())
    }

    /// The field `name`, if the piece has one.
    pub fn get(&self, name: &str) -> Option<&toml::Value> {
        let i = self.names.iter().position(|n| n == name)?;
        self.values.get(i)
    }
}

/// `piece["field"]`, as on a table: a field the piece lacks is a panic.
impl std::ops::Index<&str> for Piece {
    type Output = toml::Value;

    fn index(&self, name: &str) -> &toml::Value {
        self.get(name)
            .unwrap_or_else(|| panic!("the piece has no field `{name}`"))
    }
}

impl From<toml::Table> for Piece {
    fn from(item: toml::Table) -> Piece {
        let (names, values): (Vec<String>, Vec<toml::Value>) = item.into_iter().unzip();
        Piece {
            names: names.into(),
            values: values.into(),
        }
    }
}

/// The error for a component of more than [`MAX_PIECES`] pieces (`at` is where it is named).
fn too_many_pieces(component: &str, mut at: Error) -> Error {
    at.message = format!(
        "component `{component}` asks for more than {MAX_PIECES} pieces (copies counted); a kit prints at most that"
    );
    at.help("split the deck into several kits")
}

/// Pieces made from items, each item's names shared with the piece before
/// when they are the same.
#[derive(Default)]
struct Pieces {
    pieces: Vec<Piece>,
    /// More than [`MAX_PIECES`] were asked for (the rest were not made).
    over: bool,
}

/// The most pieces a kit prints, copies counted: 20 times the 5,200-card deck of
/// BENCHMARKS.md. Each is a face to fill and lay out (some 0.4 ms each), so a sheet of a
/// million rows (or rows of a thousand copies) is refused at once instead of running
/// for an hour.
pub const MAX_PIECES: usize = 100_000;

impl Pieces {
    /// `copies` pieces of `item`.
    fn push(&mut self, item: toml::Table, copies: usize) {
        if copies == 0 || self.over {
            return;
        }
        if self.pieces.len() + copies > MAX_PIECES {
            self.over = true;
            return;
        }
        let mut piece = Piece::from(item);
        if let Some(p) = self.pieces.last().filter(|p| p.names == piece.names) {
            piece.names = p.names.clone();
        }
        self.pieces.extend(std::iter::repeat_n(piece, copies));
    }
}

impl Kit {
    pub fn piece_count(&self) -> usize {
        self.components.iter().map(|c| c.pieces.len()).sum()
    }

    /// What its files are named after: `deck`, or `deck.it` for a kit in several languages
    /// printed in Italian.
    pub fn file_stem(&self) -> String {
        match &self.lang {
            Some(l) => format!("{}.{l}", self.name),
            None => self.name.clone(),
        }
    }
}

/// The option that lists a kit's languages: `lang = ["it", "en"]`.
pub const LANG_OPTION: &str = "lang";

/// A text (or any value) per language, resolved for `lang` among the kit's `languages`
/// (issue 45): a table whose keys are all languages of the kit (`name.it = "Sole"`,
/// `name.en = "Sun"` in TOML, or `name = { it = ..., en = ... }`) becomes its value in
/// `lang`, and in a table a key `name.LANG` (a spreadsheet's column `name.it`) gives
/// `name` its value in `lang`; the other languages' are dropped.
pub fn localize(
    v: toml::Value,
    lang: Option<&str>,
    languages: &[String],
) -> std::result::Result<toml::Value, Unlocalized> {
    match v {
        toml::Value::Table(t) => {
            let is_lang = |k: &str| languages.iter().any(|l| l == k);
            if let Some(lang) = lang {
                if !t.is_empty() && t.keys().all(|k| is_lang(k)) {
                    return match t.get(lang) {
                        Some(x) => localize(x.clone(), Some(lang), languages),
                        None => Err(Unlocalized::Missing(String::new())),
                    };
                }
            }
            let mut out = toml::Table::new();
            let mut wanted: Vec<String> = Vec::new();
            for (k, x) in t {
                let x = localize(x, lang, languages).map_err(|f| f.under(&k))?;
                match k.rsplit_once('.') {
                    Some((base, l)) if !base.is_empty() => match lang {
                        Some(lang) if l == lang => {
                            out.insert(base.to_string(), x);
                        }
                        Some(_) if is_lang(l) => wanted.push(base.to_string()),
                        _ => return Err(Unlocalized::NotALanguage(k.clone())),
                    },
                    _ => {
                        out.insert(k, x);
                    }
                }
            }
            if let Some(missing) = wanted.into_iter().find(|b| !out.contains_key(b)) {
                return Err(Unlocalized::Missing(missing));
            }
            Ok(toml::Value::Table(out))
        }
        toml::Value::Array(a) => a
            .into_iter()
            .enumerate()
            .map(|(i, x)| localize(x, lang, languages).map_err(|f| f.under(&i.to_string())))
            .collect::<std::result::Result<Vec<_>, _>>()
            .map(toml::Value::Array),
        other => Ok(other),
    }
}

/// Why a value cannot be given in the kit's language: the field (`name`, `rules.0.text`)
/// has no value in it, or its name ends in something not one of the kit's languages
/// (`name.de`, or any `name.it` in a kit of one language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unlocalized {
    Missing(String),
    NotALanguage(String),
}

impl Unlocalized {
    /// The same, for the field inside `head`.
    fn under(self, head: &str) -> Unlocalized {
        let join = |rest: String| {
            if rest.is_empty() {
                head.to_string()
            } else {
                format!("{head}.{rest}")
            }
        };
        match self {
            Unlocalized::Missing(f) => Unlocalized::Missing(join(f)),
            Unlocalized::NotALanguage(f) => Unlocalized::NotALanguage(join(f)),
        }
    }
}

/// A table of fields resolved for the kit's language (see [`localize`]), or the error
/// naming the field and language (`at` is where the values are written).
fn localized(
    t: toml::Table,
    lang: Option<&str>,
    languages: &[String],
    at: impl Fn() -> Error,
) -> Result<toml::Table> {
    if languages.is_empty() && !has_dotted_key(&t) {
        return Ok(t);
    }
    match localize(toml::Value::Table(t), lang, languages) {
        Ok(toml::Value::Table(t)) => Ok(t),
        Ok(_) => Ok(toml::Table::new()),
        Err(u) => Err(unlocalized(u, lang, languages, at())),
    }
}

/// The error for a value not given in the kit's language, with `e`'s code and place.
fn unlocalized(u: Unlocalized, lang: Option<&str>, languages: &[String], mut e: Error) -> Error {
    match (u, lang) {
        (Unlocalized::Missing(field), Some(lang)) => {
            e.message = crate::t!("kit-lang-missing", field = field.as_str(), lang = lang);
            e.help(crate::t!(
                "kit-lang-missing-help",
                field = field.as_str(),
                lang = lang
            ))
        }
        (Unlocalized::NotALanguage(field), Some(_)) | (Unlocalized::Missing(field), None) => {
            e.message = crate::t!(
                "kit-lang-unknown",
                field = field.as_str(),
                languages = languages.join(", ")
            );
            e.help(crate::t!("kit-lang-none-help"))
        }
        (Unlocalized::NotALanguage(field), None) => {
            e.message = crate::t!("kit-lang-none", field = field.as_str());
            e.help(crate::t!("kit-lang-none-help"))
        }
    }
}

/// Does a key of `t` (or of a table inside it) hold a dot, as `name.it` does?
fn has_dotted_key(t: &toml::Table) -> bool {
    t.iter().any(|(k, v)| {
        k.contains('.')
            || match v {
                toml::Value::Table(t) => has_dotted_key(t),
                _ => false,
            }
    })
}

/// Default space between pieces, in mm.
pub const DEFAULT_GUTTER_MM: f64 = 3.0;

/// Read and check a kit definition file (a bundled one from the binary).
pub fn load(path: &Path) -> Result<Kit> {
    load_with(path, &[])
}

/// [`load`], with some `[options]` set (`--option NAME=VALUE`).
pub fn load_with(path: &Path, options: &[(String, String)]) -> Result<Kit> {
    let source =
        bundled::read(path, bundled::folder(path), crate::input::KIT_TEXT).map_err(|e| {
            Error::input(
                "kit.unreadable",
                format!("cannot read the kit definition: {}", io_reason(&e)),
            )
            .in_file(path)
            .help("give a bundled kit's name (`tavolo kit list`) or the path of a .toml file")
        })?;
    parse_with(path, &source, options)
}

/// Parse and check a kit definition whose text is `source` (read from `path`).
pub fn parse(path: &Path, source: &str) -> Result<Kit> {
    parse_with(path, source, &[])
}

/// Parse `NAME=VALUE` (the CLI's `--option`); the value is checked against
/// the kit's `[options]` when the kit is read.
pub fn parse_option(s: &str) -> Result<(String, String)> {
    match s.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() && !value.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(Error::input(
            "kit.option",
            format!("--option `{s}`: expected NAME=VALUE, e.g. NAME=true or NAME=false"),
        )
        .help("e.g. `--option extended=false`; a kit's options are its `[options]` table")),
    }
}

/// One declared option: its default and, for a choice, the values allowed.
struct Declared {
    default: OptionValue,
    choices: Option<Vec<String>>,
}

/// The `[options]` table: `NAME = true|false` or `NAME = ["a", "b", ...]`.
fn declared_options(
    file: &KitFile,
    at: &dyn Fn(std::ops::Range<usize>) -> Location,
) -> Result<BTreeMap<String, Declared>> {
    let mut out = BTreeMap::new();
    for (name, v) in &file.options {
        let d = match v.get_ref() {
            toml::Value::Boolean(b) => Declared {
                default: OptionValue::Switch(*b),
                choices: None,
            },
            toml::Value::Array(a)
                if !a.is_empty() && a.iter().all(|x| x.as_str().is_some_and(|s| !s.is_empty())) =>
            {
                let choices: Vec<String> =
                    a.iter().filter_map(|x| x.as_str().map(String::from)).collect();
                Declared {
                    default: OptionValue::Choice(choices[0].clone()),
                    choices: Some(choices),
                }
            }
            _ => {
                return Err(Error::input(
                    "kit.option",
                    format!(
                        "option `{name}` must be a switch (`true` or `false`) or a list of choices (`[\"a\", \"b\"]`, the first is the default)"
                    ),
                )
                .at(at(v.span())))
            }
        };
        out.insert(name.clone(), d);
    }
    Ok(out)
}

/// A language's code as a kit may name it (it is part of file names): `it`, `en`,
/// `pt-BR`: letters, then letters, digits and `-`, at most 12.
fn language_code(code: &str) -> bool {
    code.len() <= 12
        && code.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

fn switch_value(v: &str) -> Option<bool> {
    match v {
        "true" | "on" | "yes" => Some(true),
        "false" | "off" | "no" => Some(false),
        _ => None,
    }
}

/// [`parse`], with some `[options]` set (`NAME`, `VALUE` as given to `--option`).
pub fn parse_with(path: &Path, source: &str, overrides: &[(String, String)]) -> Result<Kit> {
    let file: KitFile =
        toml::from_str(source).map_err(|e| Error::toml("kit.toml", path, source, &e))?;
    let at = |span: std::ops::Range<usize>| Location::at_offset(path, source, span.start);
    let bad = |code: &'static str, span: std::ops::Range<usize>, msg: String| {
        Error::input(code, msg).at(at(span))
    };
    let declared = declared_options(&file, &at)?;
    let mut options: BTreeMap<String, OptionValue> = declared
        .iter()
        .map(|(k, d)| (k.clone(), d.default.clone()))
        .collect();
    for (name, value) in overrides {
        let Some(d) = declared.get(name) else {
            return Err(Error::input(
                "kit.option",
                format!("kit `{}` has no option `{name}`", file.name.get_ref()),
            )
            .in_file(path)
            .help(if options.is_empty() {
                "this kit has no `[options]`".to_string()
            } else {
                format!(
                    "its options: {}",
                    options.keys().cloned().collect::<Vec<_>>().join(", ")
                )
            }));
        };
        let v = match &d.choices {
            None => switch_value(value).map(OptionValue::Switch),
            Some(c) => c
                .iter()
                .any(|x| x == value)
                .then(|| OptionValue::Choice(value.clone())),
        };
        let Some(v) = v else {
            let allowed = match &d.choices {
                None => "true or false".to_string(),
                Some(c) => c.join(", "),
            };
            return Err(Error::input(
                "kit.option",
                format!("--option {name}={value}: `{name}` takes {allowed}"),
            )
            .in_file(path));
        };
        options.insert(name.clone(), v);
    }

    let name = file.name.get_ref().trim().to_string();
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(bad(
            "kit.name",
            file.name.span(),
            format!(
                "kit name `{name}` must be letters, digits, `-` or `_` (it names the PDF file)"
            ),
        ));
    }
    let kit_gutter = match &file.gutter_mm {
        Some(g) => check_gutter(g, &at)?,
        None => DEFAULT_GUTTER_MM,
    };
    if file.components.is_empty() {
        return Err(
            Error::input("kit.no-components", "the kit has no `[[component]]`")
                .in_file(path)
                .help("add at least one `[[component]]` table (see docs/kit-format.md)"),
        );
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut components = Vec::new();
    // Languages: the choices of the option `lang`, one of which is chosen.
    let languages: Vec<String> = match (file.options.get(LANG_OPTION), declared.get(LANG_OPTION)) {
        (Some(v), Some(d)) => {
            let Some(choices) = &d.choices else {
                return Err(bad("kit.lang", v.span(), crate::t!("kit-lang-option")));
            };
            if let Some(bad_code) = choices.iter().find(|l| !language_code(l)) {
                return Err(bad(
                    "kit.lang",
                    v.span(),
                    crate::t!("kit-lang-code", code = bad_code.as_str()),
                ));
            }
            choices.clone()
        }
        _ => Vec::new(),
    };
    let lang: Option<String> = match options.get(LANG_OPTION) {
        Some(OptionValue::Choice(l)) if !languages.is_empty() => Some(l.clone()),
        _ => None,
    };
    let lang_ref = lang.as_deref();
    let title = match &file.title {
        None => None,
        Some(t) => {
            let at_title = || Error::input("kit.lang", String::new()).at(at(t.span()));
            let v = localize(t.get_ref().clone(), lang_ref, &languages)
                .map_err(|u| unlocalized(u, lang_ref, &languages, at_title()))?;
            match v {
                toml::Value::String(s) => Some(s),
                _ => return Err(bad("kit.toml", t.span(), crate::t!("kit-title-text"))),
            }
        }
    };
    if let Some(c) = title.as_deref().and_then(crate::names::unsafe_char) {
        let title = title.as_deref().unwrap_or_default();
        return Err(Error::input(
            "kit.name",
            crate::names::refusal("the kit's title", title, c),
        )
        .in_file(path));
    }
    let data = localized(file.data.clone(), lang_ref, &languages, || {
        Error::input("kit.lang", String::new()).at(Location::at_offset(
            path,
            source,
            source.find("[data]").unwrap_or(0),
        ))
    })?;
    for c in &file.components {
        if let Some(ch) = crate::names::unsafe_char(c.name.get_ref()) {
            return Err(bad(
                "kit.name",
                c.name.span(),
                crate::names::refusal("component", c.name.get_ref(), ch),
            ));
        }
        if let Some(when) = &c.when {
            let w = when.get_ref();
            let on = match w.split_once('=') {
                None => match options.get(w) {
                    Some(OptionValue::Switch(b)) => Some(*b),
                    _ => None,
                },
                Some((n, v)) => match (options.get(n.trim()), declared.get(n.trim())) {
                    (Some(OptionValue::Choice(cur)), Some(d))
                        if d.choices.iter().flatten().any(|c| c == v.trim()) =>
                    {
                        Some(cur == v.trim())
                    }
                    _ => None,
                },
            };
            match on {
                Some(true) => {}
                Some(false) => continue,
                None => {
                    return Err(bad(
                        "kit.option",
                        when.span(),
                        format!(
                            "`when = \"{w}\"` names no switch (`NAME`) or choice (`NAME=VALUE`) in the kit's `[options]`"
                        ),
                    ))
                }
            }
        }
        let (w, h) = match c.size_mm.get_ref().as_slice() {
            [w, h] => (*w, *h),
            other => {
                return Err(bad(
                    "kit.size",
                    c.size_mm.span(),
                    format!(
                        "size_mm must be two numbers, width and height in mm, not {}",
                        other.len()
                    ),
                ))
            }
        };
        if !(w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0 && w <= 2000.0 && h <= 2000.0) {
            return Err(bad(
                "kit.size",
                c.size_mm.span(),
                format!(
                    "size_mm must be two positive lengths in mm (at most 2000), not [{w}, {h}]"
                ),
            ));
        }
        let gutter_here = match &c.gutter_mm {
            Some(g) => check_gutter(g, &at)?,
            None => kit_gutter,
        };
        let keep_whole_here = match &c.keep_whole {
            Some(k) => keep_whole(k, w, h, &at)?,
            None => Vec::new(),
        };
        if let Some(from) = &c.items_from {
            let (pieces, sheet_path) = sheet_pieces(c, from, dir, &at, lang_ref, &languages)?;
            components.push(Component {
                name: c.name.get_ref().clone(),
                w_mm: w,
                h_mm: h,
                gutter_mm: gutter_here,
                rotate: c.rotate.unwrap_or(true),
                front: dir.join(c.front.get_ref()),
                back: c.back.as_ref().map(|b| dir.join(b.get_ref())),
                front_at: at(c.front.span()),
                back_at: c.back.as_ref().map(|b| at(b.span())),
                pieces,
                size_at: at(c.size_mm.span()),
                keep_whole: keep_whole_here,
                items_from: Some(sheet_path),
            });
            continue;
        }
        for (key, span) in [
            ("sheet", c.sheet.as_ref().map(|s| s.span())),
            ("numbers", c.numbers.as_ref().map(|s| s.span())),
        ] {
            if let Some(span) = span {
                return Err(bad(
                    "kit.sheet",
                    span,
                    format!("`{key}` is for items read from a spreadsheet, and the component has no `items_from`"),
                ));
            }
        }
        // Copies of each item: one number for all, or read from a field.
        enum Count<'a> {
            All(usize),
            Field(&'a str, std::ops::Range<usize>),
        }
        let count = match &c.count {
            None => Count::All(1),
            Some(n) => match n.get_ref() {
                toml::Value::Integer(k) if (1..=1000).contains(k) => Count::All(*k as usize),
                toml::Value::String(f) if !f.is_empty() => Count::Field(f, n.span()),
                other => {
                    return Err(bad(
                        "kit.count",
                        n.span(),
                        format!(
                            "count must be a number between 1 and 1000, or the name of an item field holding one, not {other}"
                        ),
                    ))
                }
            },
        };
        let mut items: Vec<toml::Table> = c.items.clone();
        if !c.product.is_empty() {
            items.extend(expand_product(&c.product, &data, &at)?);
        }
        if items.is_empty() {
            return Err(bad(
                "kit.no-items",
                c.name.span(),
                format!("component `{}` has no items", c.name.get_ref()),
            )
            .help("give `items = [ {...}, ... ]` or `[[component.product]]` axes"));
        }
        let mut pieces = Pieces::default();
        for (k, it) in items.iter().enumerate() {
            let n = match &count {
                Count::All(n) => *n,
                Count::Field(field, span) => {
                    let v = field
                        .split('.')
                        .try_fold(None::<&toml::Value>, |cur, key| match cur {
                            None => Some(it.get(key)),
                            Some(v) => Some(v.get(key)),
                        })
                        .flatten();
                    match v.and_then(toml::Value::as_integer) {
                        Some(n) if (0..=1000).contains(&n) => n as usize,
                        _ => {
                            return Err(bad(
                                "kit.count",
                                span.clone(),
                                format!(
                                    "item {} of `{}` has no field `{field}` holding a number of copies from 0 to 1000",
                                    k + 1,
                                    c.name.get_ref()
                                ),
                            ))
                        }
                    }
                }
            };
            let it = localized(it.clone(), lang_ref, &languages, || {
                bad("kit.lang", c.name.span(), String::new())
            })?;
            pieces.push(it, n);
        }
        if pieces.over {
            return Err(too_many_pieces(
                c.name.get_ref(),
                bad("kit.too-many-pieces", c.name.span(), String::new()),
            ));
        }
        let pieces = pieces.pieces;
        if pieces.is_empty() {
            return Err(bad(
                "kit.no-items",
                c.name.span(),
                format!(
                    "component `{}` has no pieces: every count is 0",
                    c.name.get_ref()
                ),
            ));
        }
        components.push(Component {
            name: c.name.get_ref().clone(),
            w_mm: w,
            h_mm: h,
            gutter_mm: gutter_here,
            rotate: c.rotate.unwrap_or(true),
            front: dir.join(c.front.get_ref()),
            back: c.back.as_ref().map(|b| dir.join(b.get_ref())),
            front_at: at(c.front.span()),
            back_at: c.back.as_ref().map(|b| at(b.span())),
            pieces,
            size_at: at(c.size_mm.span()),
            keep_whole: keep_whole_here,
            items_from: None,
        });
    }
    if components.is_empty() {
        return Err(Error::input(
            "kit.no-components",
            "every `[[component]]` of the kit is switched off by its `[options]`",
        )
        .in_file(path));
    }
    if components.iter().map(|c| c.pieces.len()).sum::<usize>() > MAX_PIECES {
        return Err(Error::input(
            "kit.too-many-pieces",
            format!("the kit's components ask for more than {MAX_PIECES} pieces (copies counted); a kit prints at most that"),
        )
        .in_file(path)
        .help("split the deck into several kits"));
    }
    Ok(Kit {
        options,
        title: title.unwrap_or_else(|| name.clone()),
        name,
        source: path.to_path_buf(),
        data,
        lang,
        languages,
        components,
    })
}

/// The pieces of a component whose items are the rows of a spreadsheet
/// (`items_from`), and the sheet's path.
fn sheet_pieces(
    c: &ComponentFile,
    from: &Spanned<String>,
    dir: &Path,
    at: &dyn Fn(std::ops::Range<usize>) -> Location,
    lang: Option<&str>,
    languages: &[String],
) -> Result<(Vec<Piece>, PathBuf)> {
    use crate::kit::sheet;
    let bad = |code: &'static str, span: std::ops::Range<usize>, msg: String| {
        Error::input(code, msg).at(at(span))
    };
    if !c.items.is_empty() || !c.product.is_empty() {
        return Err(bad(
            "kit.sheet",
            from.span(),
            format!(
                "component `{}` takes its items from `{}` and also from `items` or `product`: give them in one place",
                c.name.get_ref(),
                from.get_ref()
            ),
        ));
    }
    let path = dir.join(from.get_ref());
    let grid = sheet::read_in(&path, dir, c.sheet.as_ref().map(|s| s.get_ref().as_str()))?;
    let names: Vec<&str> = grid.names().collect();
    let columns = || format!("its columns: {}", names.join(", "));
    let numbers: Vec<String> = c
        .numbers
        .as_ref()
        .map_or(Vec::new(), |n| n.get_ref().clone());
    for n in &numbers {
        if !names.contains(&n.as_str()) {
            return Err(bad(
                "kit.sheet-column",
                c.numbers.as_ref().map_or(0..0, |n| n.span()),
                format!(
                    "`numbers` names `{n}`, which is not a column of {}",
                    from.get_ref()
                ),
            )
            .help(crate::error::did_you_mean(
                n,
                names.iter().copied(),
                columns(),
            )));
        }
    }
    // Copies: `count = N` for every row, `count = "COLUMN"`, else a `count` column if any.
    let (all, column) = match c.count.as_ref().map(|n| (n.get_ref(), n.span())) {
        None => (1, names.contains(&"count").then_some("count")),
        Some((toml::Value::Integer(k), _)) if (1..=sheet::MAX_COPIES).contains(k) => {
            (*k as usize, None)
        }
        Some((toml::Value::String(col), span)) => {
            if !names.contains(&col.as_str()) {
                return Err(bad(
                    "kit.sheet-column",
                    span,
                    format!("`count` names `{col}`, which is not a column of {}", from.get_ref()),
                )
                .help(crate::error::did_you_mean(col, names.iter().copied(), columns())));
            }
            (1, Some(col.as_str()))
        }
        Some((other, span)) => {
            return Err(bad(
                "kit.count",
                span,
                format!("count must be a number between 1 and 1000, or the name of the column holding each row's copies, not {other}"),
            ))
        }
    };
    let items = grid.items(&numbers, column)?;
    let mut pieces = Pieces::default();
    for item in items {
        let n = if column.is_some() { item.copies } else { all };
        let fields = localized(item.fields, lang, languages, || {
            Error::input("kit.lang", String::new()).in_file(&path)
        })?;
        pieces.push(fields, n);
    }
    if pieces.over {
        return Err(too_many_pieces(
            c.name.get_ref(),
            bad("kit.too-many-pieces", c.name.span(), String::new()),
        ));
    }
    let pieces = pieces.pieces;
    if pieces.is_empty() {
        return Err(bad(
            "kit.no-items",
            c.name.span(),
            format!(
                "component `{}` has no pieces: every count in {} is 0",
                c.name.get_ref(),
                from.get_ref()
            ),
        ));
    }
    Ok((pieces, path))
}

/// `keep_whole = [x, y, w, h]` or a list of such: regions inside a `w` x `h` piece.
fn keep_whole(
    v: &Spanned<toml::Value>,
    w: f64,
    h: f64,
    at: &dyn Fn(std::ops::Range<usize>) -> Location,
) -> Result<Vec<crate::kit::geometry::Rect>> {
    let num = |x: &toml::Value| match x {
        toml::Value::Integer(i) => Some(*i as f64),
        toml::Value::Float(f) => Some(*f),
        _ => None,
    };
    let rect = |x: &toml::Value| -> Option<crate::kit::geometry::Rect> {
        let a = x.as_array()?;
        let n: Vec<f64> = a.iter().map(num).collect::<Option<_>>()?;
        let [x, y, rw, rh] = n.as_slice() else {
            return None;
        };
        let r = crate::kit::geometry::Rect::new(*x, *y, *rw, *rh);
        let ok = [r.x, r.y, r.w, r.h].iter().all(|v| v.is_finite())
            && r.x >= 0.0
            && r.y >= 0.0
            && r.w > 0.0
            && r.h > 0.0
            && r.right() <= w + 1e-9
            && r.bottom() <= h + 1e-9;
        ok.then_some(r)
    };
    let list: Vec<&toml::Value> = match v.get_ref().as_array() {
        Some(a) if a.iter().all(|x| x.is_array()) => a.iter().collect(),
        _ => vec![v.get_ref()],
    };
    list.into_iter()
        .map(|x| {
            rect(x).ok_or_else(|| {
                Error::input(
                    "kit.keep-whole",
                    format!(
                        "keep_whole must be [x, y, w, h] in mm inside the {w} x {h} mm piece, or a list of them"
                    ),
                )
                .at(at(v.span()))
            })
        })
        .collect()
}

fn check_gutter(g: &Spanned<f64>, at: &dyn Fn(std::ops::Range<usize>) -> Location) -> Result<f64> {
    let v = *g.get_ref();
    if !(v.is_finite() && (0.0..=50.0).contains(&v)) {
        return Err(Error::input(
            "kit.gutter",
            format!("gutter_mm must be between 0 and 50 mm, not {v}"),
        )
        .at(at(g.span())));
    }
    Ok(v)
}

/// The items of a product: every combination of the axes' values, first axis slowest.
fn expand_product(
    axes: &[AxisFile],
    data: &toml::Table,
    at: &dyn Fn(std::ops::Range<usize>) -> Location,
) -> Result<Vec<toml::Table>> {
    let mut columns: Vec<(String, Vec<toml::Value>)> = Vec::new();
    for axis in axes {
        let values = match (&axis.list, &axis.range, &axis.values) {
            (Some(list), None, None) => match data.get(list.get_ref()) {
                Some(toml::Value::Array(a)) if !a.is_empty() => a.clone(),
                _ => {
                    return Err(Error::input(
                        "kit.product-list",
                        format!(
                            "`list = \"{}\"` names no non-empty array in [data]",
                            list.get_ref()
                        ),
                    )
                    .at(at(list.span())))
                }
            },
            (None, Some(range), None) => {
                let [from, to] = *range.get_ref();
                if from > to || to - from > 1000 {
                    return Err(Error::input(
                        "kit.product-range",
                        format!("range [{from}, {to}] must go upward and hold at most 1001 numbers"),
                    )
                    .at(at(range.span())));
                }
                (from..=to).map(toml::Value::Integer).collect()
            }
            (None, None, Some(values)) if !values.is_empty() => values.clone(),
            _ => {
                return Err(Error::input(
                    "kit.product-axis",
                    format!(
                        "product axis `{}` needs exactly one of `list`, `range` or a non-empty `values`",
                        axis.field
                    ),
                )
                .at(at(axis
                    .list
                    .as_ref()
                    .map(|l| l.span())
                    .or(axis.range.as_ref().map(|r| r.span()))
                    .unwrap_or(0..0))))
            }
        };
        columns.push((axis.field.clone(), values));
    }
    let mut items = vec![toml::Table::new()];
    for (field, values) in &columns {
        let mut next = Vec::with_capacity(items.len() * values.len());
        for item in &items {
            for v in values {
                let mut t = item.clone();
                t.insert(field.clone(), v.clone());
                next.push(t);
            }
        }
        items = next;
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_is_first_axis_slowest() {
        let src = r#"
name = "t"
[data]
fruits = ["a", "b"]
[[component]]
name = "c"
size_mm = [10, 20]
front = "f.svg"
count = 2
[[component.product]]
field = "fruit"
list = "fruits"
[[component.product]]
field = "n"
range = [1, 3]
"#;
        let kit = parse(Path::new("t.toml"), src).unwrap();
        let c = &kit.components[0];
        assert_eq!(c.pieces.len(), 12);
        let names: Vec<String> = c
            .pieces
            .iter()
            .map(|p| {
                let fruit = p.get("fruit").and_then(toml::Value::as_str).unwrap();
                format!("{fruit}{}", p.get("n").unwrap())
            })
            .collect();
        assert_eq!(&names[..4], ["a1", "a1", "a2", "a2"]);
        assert_eq!(names[11], "b3");
    }

    #[test]
    fn unknown_field_is_located() {
        let src = "name = \"t\"\ncolour = 3\n";
        let e = parse(Path::new("t.toml"), src).unwrap_err();
        assert_eq!(e.code, "kit.toml");
        assert_eq!(e.exit_code(), 2);
        let loc = e.location.unwrap();
        assert_eq!((loc.line, loc.column), (Some(2), Some(1)));
        assert!(e.message.contains("colour"), "{}", e.message);
    }

    /// Issue 45: text per language, as a TOML writes it (nested) and a sheet does (flat).
    #[test]
    fn a_value_per_language_is_given_in_the_chosen_one() {
        let langs = vec!["it".to_string(), "en".to_string()];
        let v: toml::Value = toml::from_str(
            "name.it = \"Sole\"\nname.en = \"Sun\"\ncost = 3\n\"rule.it\" = \"Pesca\"\n\"rule.en\" = \"Draw\"\n\
             lines = [ { it = \"uno\", en = \"one\" } ]\n",
        )
        .unwrap();
        let en = localize(v.clone(), Some("en"), &langs).unwrap();
        assert_eq!(en["name"].as_str(), Some("Sun"));
        assert_eq!(en["rule"].as_str(), Some("Draw"));
        assert_eq!(en["cost"].as_integer(), Some(3));
        assert_eq!(en["lines"][0].as_str(), Some("one"));
        assert!(en.get("rule.it").is_none() && en.get("rule.en").is_none());
        let it = localize(v, Some("it"), &langs).unwrap();
        assert_eq!(it["name"].as_str(), Some("Sole"));
        // Missing in one language; a language the kit does not list; none listed.
        let v: toml::Value = toml::from_str("\"name.it\" = \"Sole\"\n").unwrap();
        assert_eq!(
            localize(v, Some("en"), &langs),
            Err(Unlocalized::Missing("name".into()))
        );
        let v: toml::Value = toml::from_str("\"name.de\" = \"Sonne\"\n").unwrap();
        assert_eq!(
            localize(v.clone(), Some("it"), &langs),
            Err(Unlocalized::NotALanguage("name.de".into()))
        );
        assert_eq!(
            localize(v, None, &[]),
            Err(Unlocalized::NotALanguage("name.de".into()))
        );
    }

    #[test]
    fn bad_size_is_located() {
        let src = "name = \"t\"\n[[component]]\nname = \"c\"\nsize_mm = [0, 20]\nfront = \"f.svg\"\nitems = [{}]\n";
        let e = parse(Path::new("t.toml"), src).unwrap_err();
        assert_eq!(e.code, "kit.size");
        assert_eq!(e.location.unwrap().line, Some(4));
    }
}
