//! A parsed TOML document that keeps the source span of every key and value,
//! and a small reader that games use to take typed fields out of a table with
//! precise errors (missing field, wrong type, unknown field: each with line and
//! column). Built on `toml::de::DeTable`, the toml crate's spanned parse tree.

use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use crate::error::{Error, Location};

/// Byte range into the record's source text.
pub type Span = Range<usize>;

/// A record file's path and text: turns spans into file:line:column.
#[derive(Debug, Clone)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
}

impl Source {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Source {
            path: path.into(),
            text: text.into(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn location(&self, span: &Span) -> Location {
        Location::at_span(&self.path, &self.text, span.clone())
    }

    /// An unreadable-input error (exit 2) at `span`.
    pub fn error(&self, code: &'static str, span: &Span, message: impl Into<String>) -> Error {
        Error::input(code, message).at(self.location(span))
    }

    /// `record.setup-not-dealt`: a written `[setup]` that differs from what the
    /// record's `[deal]` gives, pointing at the setup.
    pub fn setup_not_dealt(&self, span: &Span, game: &str) -> Error {
        self.error(
            "record.setup-not-dealt",
            span,
            "the [setup] is not the one [deal] gives for this seed and board",
        )
        .help(format!(
            "remove one of them, or write the setup that `tavolo deal {game}` prints"
        ))
    }

    /// Parse the text as TOML; a syntax error is `record.toml-syntax` (exit 2).
    pub fn parse(&self) -> Result<Node, Error> {
        let doc = DeTable::parse(&self.text)
            .map_err(|e| Error::toml("record.toml-syntax", &self.path, &self.text, &e))?;
        Ok(Node::document(&doc))
    }
}

impl Node {
    /// A document the toml crate has parsed (`DeTable::parse` of the source's text): for a
    /// caller that reads the same parse in another way too (`tavolo event results`).
    pub fn document(doc: &toml::Spanned<DeTable<'_>>) -> Node {
        Node {
            value: Value::Table(convert_table(doc.get_ref())),
            span: doc.span(),
        }
    }
}

/// A value with the span it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub value: Value,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    String(Str),
    Integer(i128),
    Float(f64),
    Boolean(bool),
    Datetime(String),
    Array(Vec<Node>),
    /// Entries in source order, each key with its own span.
    Table(Vec<(Key, Node)>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    pub name: Str,
    pub span: Span,
}

/// The longest string a [`Str`] holds in itself.
const INLINE: usize = 22;

/// A key or string value of a record: a short one (a field's name, a tile,
/// a place, a player: nearly every one a record holds) in itself, a longer
/// one on the heap. Reading a record allocated two strings for each field of
/// each move, a good part of `tavolo event results`' time; the short ones
/// now cost no allocation, and the tree no more room (24 bytes, as a
/// `String`).
#[derive(Clone, PartialEq, Eq)]
pub enum Str {
    Inline(u8, [u8; INLINE]),
    Heap(Box<str>),
}

impl Str {
    pub fn new(s: &str) -> Str {
        if s.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            Str::Inline(s.len() as u8, bytes)
        } else {
            Str::Heap(s.into())
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            // Whole characters copied from a `str`: always UTF-8.
            Str::Inline(n, bytes) => std::str::from_utf8(&bytes[..*n as usize]).unwrap_or_default(),
            Str::Heap(s) => s,
        }
    }
}

impl std::ops::Deref for Str {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Str {
    fn from(s: &str) -> Str {
        Str::new(s)
    }
}

impl PartialEq<str> for Str {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Str {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::fmt::Debug for Str {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Str {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

fn convert_table(table: &DeTable<'_>) -> Vec<(Key, Node)> {
    let mut entries: Vec<(Key, Node)> = table
        .iter()
        .map(|(k, v)| {
            let key = Key {
                name: Str::new(k.get_ref()),
                span: k.span(),
            };
            (key, convert(v.get_ref(), v.span()))
        })
        .collect();
    entries.sort_by_key(|(k, _)| k.span.start);
    entries
}

fn convert(value: &DeValue<'_>, span: Span) -> Node {
    let value = match value {
        DeValue::String(s) => Value::String(Str::new(s)),
        // The parser has already validated the digits; an out-of-range value
        // (beyond i128) is clamped and then rejected by whoever reads it.
        DeValue::Integer(i) => {
            Value::Integer(i128::from_str_radix(i.as_str(), i.radix()).unwrap_or(i128::MAX))
        }
        DeValue::Float(f) => Value::Float(f.as_str().parse().unwrap_or(f64::NAN)),
        DeValue::Boolean(b) => Value::Boolean(*b),
        DeValue::Datetime(d) => Value::Datetime(d.to_string()),
        DeValue::Array(a) => {
            Value::Array(a.iter().map(|v| convert(v.get_ref(), v.span())).collect())
        }
        DeValue::Table(t) => Value::Table(convert_table(t)),
    };
    Node { value, span }
}

impl Value {
    pub fn type_name(&self) -> String {
        match self {
            Value::String(_) => crate::t!("record-a-string"),
            Value::Integer(_) => crate::t!("record-an-integer"),
            Value::Float(_) => crate::t!("record-a-float"),
            Value::Boolean(_) => crate::t!("record-a-boolean"),
            Value::Datetime(_) => crate::t!("record-a-date"),
            Value::Array(_) => crate::t!("record-an-array"),
            Value::Table(_) => crate::t!("record-a-table"),
        }
    }
}

impl Node {
    fn wrong_type(&self, src: &Source, what: &str, expected: &str) -> Error {
        src.error(
            "record.wrong-type",
            &self.span,
            crate::t!(
                "record-wrong-type",
                what = what,
                expected = expected,
                found = self.value.type_name()
            ),
        )
    }

    pub fn as_str(&self, src: &Source, what: &str) -> Result<&str, Error> {
        self.as_str_or(src, || what.to_string())
    }

    /// [`Node::as_str`], its name `what` written only for an error: a record's every
    /// field and entry is read through here, and naming each was a good part of reading.
    fn as_str_or(&self, src: &Source, what: impl FnOnce() -> String) -> Result<&str, Error> {
        match &self.value {
            Value::String(s) => Ok(s.as_str()),
            _ => Err(self.wrong_type(src, &what(), &crate::t!("record-a-string"))),
        }
    }

    /// An integer in `range`.
    pub fn as_int(&self, src: &Source, what: &str, range: Range<i128>) -> Result<i128, Error> {
        match &self.value {
            Value::Integer(i) if range.contains(i) => Ok(*i),
            Value::Integer(i) => Err(src.error(
                "record.out-of-range",
                &self.span,
                crate::t!(
                    "record-out-of-range",
                    what = what,
                    low = range.start.to_string(),
                    high = (range.end - 1).to_string(),
                    found = i.to_string()
                ),
            )),
            _ => Err(self.wrong_type(src, what, &crate::t!("record-an-integer"))),
        }
    }

    pub fn as_array(&self, src: &Source, what: &str) -> Result<&[Node], Error> {
        match &self.value {
            Value::Array(a) => Ok(a),
            _ => Err(self.wrong_type(src, what, &crate::t!("record-an-array"))),
        }
    }

    /// An array of strings, each with its span.
    pub fn as_str_array<'a>(
        &'a self,
        src: &Source,
        what: &str,
    ) -> Result<Vec<(&'a str, &'a Span)>, Error> {
        self.as_array(src, what)?
            .iter()
            .map(|n| {
                Ok((
                    n.as_str_or(src, || format!("each entry of {what}"))?,
                    &n.span,
                ))
            })
            .collect()
    }

    /// Read this table's fields; `what` names it in messages ("move 3", "[setup]").
    pub fn fields<'a>(&'a self, src: &'a Source, what: &str) -> Result<Fields<'a>, Error> {
        self.fields_named(src, What::Text(what.to_string()))
    }

    /// [`Node::fields`] of record move `number` (named `move N` in messages, written
    /// only for one: a record has hundreds of moves).
    pub fn move_fields<'a>(&'a self, src: &'a Source, number: usize) -> Result<Fields<'a>, Error> {
        self.fields_named(src, What::Move(number))
    }

    fn fields_named<'a>(&'a self, src: &'a Source, what: What) -> Result<Fields<'a>, Error> {
        match &self.value {
            Value::Table(entries) => Ok(Fields {
                src,
                node: self,
                entries,
                taken: vec![false; entries.len()],
                what,
            }),
            _ => Err(self.wrong_type(src, &what.to_string(), &crate::t!("record-a-table"))),
        }
    }
}

/// What a table is called in messages: its words, or a record move by number.
enum What {
    Text(String),
    Move(usize),
}

impl std::fmt::Display for What {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // The record as a whole is named in the reader's words; a table by its name.
            What::Text(t) if t == "the record" => f.write_str(&crate::t!("record-the-record")),
            What::Text(t) => f.write_str(t),
            What::Move(n) => f.write_str(&crate::t!("record-move-n", number = *n)),
        }
    }
}

/// Takes the fields of one table; [`Fields::finish`] rejects any left over.
pub struct Fields<'a> {
    src: &'a Source,
    node: &'a Node,
    entries: &'a [(Key, Node)],
    taken: Vec<bool>,
    what: What,
}

impl<'a> Fields<'a> {
    pub fn span(&self) -> &'a Span {
        &self.node.span
    }

    pub fn source(&self) -> &'a Source {
        self.src
    }

    pub fn what(&self) -> String {
        self.what.to_string()
    }

    /// The field `key` if present.
    pub fn opt(&mut self, key: &str) -> Option<&'a Node> {
        let i = self.entries.iter().position(|(k, _)| k.name == key)?;
        self.taken[i] = true;
        Some(&self.entries[i].1)
    }

    /// The field `key`, or a `record.missing-field` error at the table.
    pub fn req(&mut self, key: &str) -> Result<&'a Node, Error> {
        self.opt(key).ok_or_else(|| {
            self.src.error(
                "record.missing-field",
                &self.node.span,
                crate::t!(
                    "record-missing-field",
                    what = self.what.to_string(),
                    key = key
                ),
            )
        })
    }

    pub fn req_str(&mut self, key: &str) -> Result<(&'a str, &'a Span), Error> {
        let node = self.req(key)?;
        Ok((node.as_str_or(self.src, || format!("`{key}`"))?, &node.span))
    }

    pub fn opt_str(&mut self, key: &str) -> Result<Option<(&'a str, &'a Span)>, Error> {
        match self.opt(key) {
            None => Ok(None),
            Some(node) => Ok(Some((
                node.as_str_or(self.src, || format!("`{key}`"))?,
                &node.span,
            ))),
        }
    }

    /// Every entry not yet taken, for tables keyed by name (e.g. hands by player).
    pub fn rest(&mut self) -> Vec<&'a (Key, Node)> {
        let mut out = Vec::new();
        for (i, e) in self.entries.iter().enumerate() {
            if !self.taken[i] {
                self.taken[i] = true;
                out.push(e);
            }
        }
        out
    }

    /// Fails on the first field not in `known`: call it before reading, so a
    /// misspelt field is named rather than reported as missing.
    pub fn only(&self, known: &[&str]) -> Result<(), Error> {
        match self
            .entries
            .iter()
            .find(|(k, _)| !known.contains(&k.name.as_str()))
        {
            None => Ok(()),
            Some((key, _)) => Err(self.unknown(key, known)),
        }
    }

    fn unknown(&self, key: &Key, known: &[&str]) -> Error {
        let mut e = self.src.error(
            "record.unknown-field",
            &key.span,
            crate::t!(
                "record-unknown-field",
                name = key.name.as_str(),
                what = self.what.to_string()
            ),
        );
        if !known.is_empty() {
            let list = crate::t!(
                "record-fields-here",
                fields = known
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            e = e.help(crate::error::did_you_mean(
                &key.name,
                known.iter().copied(),
                list,
            ));
        }
        e
    }

    /// Fails on the first field nobody asked for (a typo, or a field of another game).
    pub fn finish(self, known: &[&str]) -> Result<(), Error> {
        match self.taken.iter().position(|t| !t) {
            None => Ok(()),
            Some(i) => Err(self.unknown(&self.entries[i].0, known)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_point_at_values_and_keys() {
        let src = Source::new("r.toml", "game = \"moon\"\n\n[[move]]\ntile = 7\n");
        let doc = src.parse().unwrap();
        let mut f = doc.fields(&src, "the record").unwrap();
        let (game, span) = f.req_str("game").unwrap();
        assert_eq!(game, "moon");
        assert_eq!(src.location(span).to_string(), "r.toml:1:8");
        let moves = f.req("move").unwrap().as_array(&src, "move").unwrap();
        let mut m = moves[0].fields(&src, "move 1").unwrap();
        let err = m.req_str("tile").unwrap_err();
        assert_eq!(err.code, "record.wrong-type");
        assert_eq!(
            err.to_string(),
            "error[record.wrong-type]: r.toml:4:8: `tile` must be a string, not an integer\n  |\n\
             4 | tile = 7\n  |        ^"
        );
        let err = m.req("square").unwrap_err();
        assert_eq!(err.code, "record.missing-field");
        assert!(err.to_string().contains("move 1 has no `square`"), "{err}");
        f.finish(&[]).unwrap();
    }

    #[test]
    fn unknown_fields_are_named_with_their_position() {
        let src = Source::new("r.toml", "game = \"moon\"\ngaem = 1\n");
        let doc = src.parse().unwrap();
        let mut f = doc.fields(&src, "the record").unwrap();
        f.req_str("game").unwrap();
        let err = f.finish(&["game"]).unwrap_err();
        assert_eq!(err.code, "record.unknown-field");
        assert!(
            err.to_string()
                .starts_with("error[record.unknown-field]: r.toml:2:1: unknown field `gaem`"),
            "{err}"
        );
        // The line with a caret under the key, and the near miss suggested.
        assert_eq!(
            err.to_string(),
            "error[record.unknown-field]: r.toml:2:1: unknown field `gaem` in the record\n  |\n\
             2 | gaem = 1\n  | ^^^^\n  |\n  = help: did you mean `game`? the fields here are: `game`"
        );
    }

    #[test]
    fn syntax_errors_have_line_and_column() {
        let src = Source::new("r.toml", "game = \"moon\"\nplayers = [\"a\",\n");
        let err = src.parse().unwrap_err();
        assert_eq!(err.code, "record.toml-syntax");
        assert_eq!(err.exit_code(), 2);
        let loc = err.location.unwrap();
        assert_eq!((loc.line, loc.column), (Some(2), Some(16)));
    }
}
