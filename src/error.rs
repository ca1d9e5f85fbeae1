//! One error type for the whole tool, and the exit codes of DESIGN.md:
//! 0 success and a legal game, 1 an illegal record or a failed check,
//! 2 bad usage or unreadable input.

use std::fmt;
use std::path::{Path, PathBuf};

/// Where in a source file something went wrong (1-based line and column),
/// with the text of that line and how many characters of it the fault spans,
/// so that the error can show the line with a caret under the fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The source line at `line`, without its line break.
    pub source_line: Option<String>,
    /// Characters of `source_line` under the caret, from `column` (at least 1 shown).
    pub span_len: usize,
}

impl Location {
    pub fn file(file: impl Into<PathBuf>) -> Self {
        Location {
            file: file.into(),
            line: None,
            column: None,
            source_line: None,
            span_len: 0,
        }
    }

    /// A known line and column, without the line's text (no caret shown).
    pub fn line_column(file: impl Into<PathBuf>, line: usize, column: usize) -> Self {
        Location {
            line: Some(line),
            column: Some(column),
            ..Location::file(file)
        }
    }

    /// Line and column of a byte offset into `source`, with a one-character caret.
    pub fn at_offset(file: impl Into<PathBuf>, source: &str, offset: usize) -> Self {
        let start = floor_char_boundary(source, offset.min(source.len()));
        let end = source[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8());
        Location::at_span(file, source, start..end)
    }

    /// Line and column of where the byte range `span` of `source` starts, with
    /// a caret under the part of it on that line.
    pub fn at_span(file: impl Into<PathBuf>, source: &str, span: std::ops::Range<usize>) -> Self {
        let start = floor_char_boundary(source, span.start.min(source.len()));
        let end = floor_char_boundary(source, span.end.clamp(start, source.len()));
        let (line, column) = line_column(source, start);
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        let text = source[line_start..line_end].trim_end_matches('\r');
        let span_len = source[start..end.min(line_start + text.len()).max(start)]
            .chars()
            .count();
        Location {
            file: file.into(),
            line: Some(line),
            column: Some(column),
            source_line: Some(text.to_string()),
            span_len,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        Ok(())
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..floor_char_boundary(source, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    // A CR ending the line (CRLF, or a stray one) is part of the line break, not a column:
    // a fault at the break is at the end of the line as an editor shows it.
    let column = before[line_start..].trim_end_matches('\r').chars().count() + 1;
    (line, column)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// What kind of failure, which decides the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Bad usage or unreadable input: exit 2.
    Input,
    /// The input was read but is illegal, or a check failed: exit 1.
    Failed,
}

/// An error the user sees: a stable code, a message, where, and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub kind: Kind,
    /// Stable machine-readable code, e.g. `kit.toml-syntax` or `moon.not-adjacent`.
    pub code: &'static str,
    pub message: String,
    pub location: Option<Box<Location>>,
    pub help: Option<String>,
}

impl Error {
    pub fn input(code: &'static str, message: impl Into<String>) -> Self {
        Error {
            kind: Kind::Input,
            code,
            message: message.into(),
            location: None,
            help: None,
        }
    }

    pub fn failed(code: &'static str, message: impl Into<String>) -> Self {
        Error {
            kind: Kind::Failed,
            code,
            message: message.into(),
            location: None,
            help: None,
        }
    }

    pub fn at(mut self, location: Location) -> Self {
        self.location = Some(Box::new(location));
        self
    }

    pub fn in_file(self, file: impl Into<PathBuf>) -> Self {
        self.at(Location::file(file))
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// An I/O error on `path`, phrased for the user. The path is the location,
    /// so the message holds only what went wrong ("No such file or directory").
    pub fn io(code: &'static str, path: &Path, err: &std::io::Error) -> Self {
        Error::input(code, io_reason(err)).in_file(path)
    }

    /// A TOML parse or deserialisation error, with line and column from its span.
    pub fn toml(code: &'static str, path: &Path, source: &str, err: &toml::de::Error) -> Self {
        let mut e = Error::input(code, err.message().trim_end().to_string());
        e.location = Some(Box::new(
            match err.span().or_else(|| deepest_line(source)) {
                Some(span) => Location::at_span(path, source, span),
                None => Location::file(path),
            },
        ));
        e
    }

    pub fn exit_code(&self) -> u8 {
        match self.kind {
            Kind::Input => 2,
            Kind::Failed => 1,
        }
    }
}

/// The parser gives no span when the nesting is too deep (its recursion
/// limit): the line most nested (the most `.`, `[` and `{`) is where to look.
fn deepest_line(source: &str) -> Option<std::ops::Range<usize>> {
    let mut best: Option<(usize, std::ops::Range<usize>)> = None;
    let mut start = 0;
    for line in source.split_inclusive('\n') {
        let depth = line
            .chars()
            .filter(|c| matches!(c, '.' | '[' | '{'))
            .count();
        if depth > 0 && best.as_ref().is_none_or(|(d, _)| depth > *d) {
            let text = line.trim_end_matches(['\n', '\r']);
            best = Some((depth, start..start + text.len()));
        }
        start += line.len();
    }
    best.map(|(_, span)| span)
}

impl Error {
    /// The error as a person reads it, in colour when `colour` (for a terminal).
    /// One layout for every command, rustc's (annotate-snippets renders it):
    ///
    /// ```text
    /// error[record.unknown-field]: r.toml:2:1: unknown field `gaem` in the record
    ///   |
    /// 2 | gaem = 1
    ///   | ^^^^
    ///   |
    ///   = help: did you mean `game`?
    /// ```
    ///
    /// The first line keeps the code, the `file:line:col` and the message; the
    /// source line and caret follow when the error points into a file; `help:` last.
    pub fn render(&self, colour: bool) -> String {
        use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
        // Whatever an input held (a name with a terminal escape, a bidirectional
        // override) is shown escaped, never acted on by the terminal.
        use crate::names::{escaped_text, is_unsafe_in_text};
        let title = match &self.location {
            Some(loc) => format!("{loc}: {}", self.message),
            None => self.message.clone(),
        };
        let title = escaped_text(&title).into_owned();
        // In the source line such a character is one replacement character, so that the
        // caret's column stays the line's.
        let shown = self
            .location
            .as_ref()
            .and_then(|loc| loc.source_line.as_deref())
            .map(|t| {
                t.chars()
                    .map(|c| if is_unsafe_in_text(c) { '\u{FFFD}' } else { c })
                    .collect::<String>()
            });
        let mut group = Group::with_title(Level::ERROR.primary_title(title).id(self.code));
        if let Some(loc) = &self.location {
            if let (Some(text), Some(line), Some(col)) = (&shown, loc.line, loc.column) {
                // Column and length count characters; the renderer wants bytes.
                let byte_at = |chars: usize| {
                    text.char_indices()
                        .nth(chars)
                        .map_or(text.len(), |(i, _)| i)
                };
                let start = byte_at(col.saturating_sub(1));
                let end = byte_at(col.saturating_sub(1) + loc.span_len.max(1));
                group = group.element(
                    Snippet::source(text.as_str())
                        .line_start(line)
                        .annotation(AnnotationKind::Primary.span(start..end.max(start))),
                );
            }
        }
        let help = self.help.as_deref().map(escaped_text);
        if let Some(help) = &help {
            group = group.element(Level::HELP.message(help.as_ref()));
        }
        let renderer = if colour {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        renderer.render(&[group])
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Error {}

/// The OS's words for an I/O error without Rust's "(os error N)" suffix.
pub fn io_reason(err: &std::io::Error) -> String {
    // The OS's reasons users meet most, in their language (issue 42); any other in the
    // OS's words, and an error of tavolo's own (a kit's art outside its folder) as it says.
    match err.kind() {
        _ if err.raw_os_error().is_none() => {}
        std::io::ErrorKind::NotFound => return crate::t!("io-not-found"),
        std::io::ErrorKind::PermissionDenied => return crate::t!("io-permission-denied"),
        std::io::ErrorKind::IsADirectory => return crate::t!("io-is-a-directory"),
        _ => {}
    }
    let text = err.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// The name in `known` nearest to a misspelt `wrong`, if one is near enough
/// to be what was meant: at most one edit per three characters (at least
/// one), counting a swap of neighbours as one edit and ignoring case, as
/// cargo's "did you mean" does. Ties go to the first in `known`.
pub fn closest<'a>(wrong: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wrong_lower = wrong.to_lowercase();
    let limit = (wrong.chars().count() / 3).max(1);
    known
        .into_iter()
        .filter(|k| *k != wrong)
        .map(|k| {
            (
                strsim::damerau_levenshtein(&wrong_lower, &k.to_lowercase()),
                k,
            )
        })
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// A `help:` text that starts with "did you mean `x`?" when `wrong` is a near
/// miss of one of `known`, followed by `rest` (usually the list of names).
pub fn did_you_mean<'a>(
    wrong: &str,
    known: impl IntoIterator<Item = &'a str>,
    rest: impl Into<String>,
) -> String {
    let rest = rest.into();
    match closest(wrong, known) {
        Some(k) => crate::t!("error-did-you-mean", name = k, rest = rest),
        None => rest,
    }
}

#[cfg(test)]
mod deep_tests {
    use super::*;

    /// A TOML error without a span (nesting past the parser's limit) still
    /// points at a line of the input: the most nested one.
    #[test]
    fn too_deep_toml_points_at_its_deepest_line() {
        let source = format!("game = \"moon\"\n{} = 1\nx = 2\n", vec!["a"; 200].join("."));
        let err = toml::from_str::<toml::Table>(&source).unwrap_err();
        assert!(err.span().is_none(), "the parser now gives a span: {err}");
        let e = Error::toml("record.toml-syntax", Path::new("r.toml"), &source, &err);
        let loc = e.location.as_deref().unwrap();
        assert_eq!(
            (loc.line, loc.column),
            (Some(2), Some(1)),
            "{}",
            err.message()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_column_counts_from_one() {
        let src = "a = 1\nbé = 2\n";
        assert_eq!(line_column(src, 0), (1, 1));
        assert_eq!(line_column(src, 6), (2, 1));
        // 'é' is two bytes but one column.
        assert_eq!(line_column(src, 9), (2, 3));
    }

    #[test]
    fn display_names_code_file_line_column() {
        let e = Error::input("kit.toml-syntax", "expected `=`")
            .at(Location {
                line: Some(3),
                column: Some(7),
                ..Location::file("k.toml")
            })
            .help("check the key");
        assert_eq!(
            e.to_string(),
            "error[kit.toml-syntax]: k.toml:3:7: expected `=`\n |\n = help: check the key"
        );
        assert_eq!(e.exit_code(), 2);
        assert_eq!(Error::failed("x", "y").exit_code(), 1);
    }

    #[test]
    fn shows_the_source_line_with_a_caret_under_the_span() {
        let src = "game = \"moon\"\nplayers = [\"Anna\", 7]\n";
        let at = src.find('7').unwrap();
        let e = Error::input("record.wrong-type", "each entry must be a string")
            .at(Location::at_span("r.toml", src, at..at + 1))
            .help("quote it");
        assert_eq!(
            e.to_string(),
            "error[record.wrong-type]: r.toml:2:20: each entry must be a string\n  |\n\
             2 | players = [\"Anna\", 7]\n  |                    ^\n  |\n  = help: quote it"
        );
        // A span over several characters is underlined whole; one running past
        // the line (a table) is underlined to the line's end; columns count
        // characters, not bytes.
        let src = "[deal]\nseed = \"été\"\nboard = 0\n";
        let at = src.find('"').unwrap();
        let e = Error::input("x", "m").at(Location::at_span("r.toml", src, at..src.len()));
        assert_eq!(
            e.to_string(),
            "error[x]: r.toml:2:8: m\n  |\n2 | seed = \"été\"\n  |        ^^^^^"
        );
        // The end of the file: a caret after the last line's text.
        let e = Error::input("x", "m").at(Location::at_span("r.toml", "a = 1", 5..5));
        assert_eq!(
            e.to_string(),
            "error[x]: r.toml:1:6: m\n  |\n1 | a = 1\n  |      ^"
        );
        // In colour for a terminal, the same text with ANSI styles.
        let coloured = e.render(true);
        assert!(coloured.contains("\u{1b}["), "{coloured:?}");
        assert_ne!(coloured, e.render(false));
    }

    #[test]
    fn near_misses_are_suggested_and_far_ones_are_not() {
        let games = ["moon", "scalafrutta", "domino", "muro", "mosaico"];
        assert_eq!(closest("mon", games), Some("moon"));
        assert_eq!(closest("Moon", games), Some("moon"));
        assert_eq!(closest("mosiaco", games), Some("mosaico"));
        assert_eq!(closest("scalfrutta", games), Some("scalafrutta"));
        assert_eq!(closest("chess", games), None);
        assert_eq!(closest("moon", games), None, "an exact name needs no hint");
        assert_eq!(
            did_you_mean("gaem", ["game", "variant"], "the fields are: game, variant"),
            "did you mean `game`? the fields are: game, variant"
        );
        assert_eq!(did_you_mean("zzz", ["game"], "x"), "x");
    }

    #[test]
    fn io_error_names_the_path_once() {
        let err = std::io::Error::from(std::io::ErrorKind::NotFound);
        let e = Error::io("kit.unreadable", Path::new("nope.toml"), &err);
        let text = e.to_string();
        assert_eq!(text.matches("nope.toml").count(), 1, "{text}");
        assert!(
            text.starts_with("error[kit.unreadable]: nope.toml: "),
            "{text}"
        );
        assert_eq!(e.exit_code(), 2);
    }
}
