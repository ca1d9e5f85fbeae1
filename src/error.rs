//! One error type for the whole tool, and the exit codes of DESIGN.md:
//! 0 success and a legal game, 1 an illegal record or a failed check,
//! 2 bad usage or unreadable input.

use std::fmt;
use std::path::{Path, PathBuf};

/// Where in a source file something went wrong (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl Location {
    pub fn file(file: impl Into<PathBuf>) -> Self {
        Location {
            file: file.into(),
            line: None,
            column: None,
        }
    }

    /// Line and column of a byte offset into `source`.
    pub fn at_offset(file: impl Into<PathBuf>, source: &str, offset: usize) -> Self {
        let (line, column) = line_column(source, offset);
        Location {
            file: file.into(),
            line: Some(line),
            column: Some(column),
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
    let column = before[line_start..].chars().count() + 1;
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
        let mut e = Error::input(code, err.message().to_string());
        e.location = Some(Box::new(match err.span() {
            Some(span) => Location::at_offset(path, source, span.start),
            None => Location::file(path),
        }));
        e
    }

    pub fn exit_code(&self) -> u8 {
        match self.kind {
            Kind::Input => 2,
            Kind::Failed => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error[{}]: ", self.code)?;
        if let Some(loc) = &self.location {
            write!(f, "{loc}: ")?;
        }
        write!(f, "{}", self.message)?;
        if let Some(help) = &self.help {
            write!(f, "\n  help: {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// The OS's words for an I/O error without Rust's "(os error N)" suffix.
pub fn io_reason(err: &std::io::Error) -> String {
    let text = err.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

pub type Result<T> = std::result::Result<T, Error>;

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
                file: "k.toml".into(),
                line: Some(3),
                column: Some(7),
            })
            .help("check the key");
        assert_eq!(
            e.to_string(),
            "error[kit.toml-syntax]: k.toml:3:7: expected `=`\n  help: check the key"
        );
        assert_eq!(e.exit_code(), 2);
        assert_eq!(Error::failed("x", "y").exit_code(), 1);
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
