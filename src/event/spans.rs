//! Where a value is written in one of an event's TOML files (the description, a score
//! slip, a record's `[meta]`): for the checks made after the file was read, whose errors
//! name the line and column of the value at fault.

use std::ops::Range;
use std::path::Path;

use toml::de::DeTable;

use crate::error::Location;

/// One step down a file's tables: a key, or a place in a list (0-based; `[[section]]`
/// tables are a list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'a> {
    Key(&'a str),
    Item(usize),
}

/// The bytes of the value at `path` in `text`; `None` if the text is not TOML or has no
/// such value.
pub fn span_of(text: &str, path: &[Step]) -> Option<Range<usize>> {
    let doc = DeTable::parse(text).ok()?;
    let (Step::Key(first), rest) = path.split_first()? else {
        return None;
    };
    let mut at = doc.get_ref().get(*first)?;
    for step in rest {
        at = match step {
            Step::Key(k) => at.get_ref().get(*k)?,
            Step::Item(i) => at.get_ref().get(*i)?,
        };
    }
    Some(at.span())
}

/// Where the value at `path` is written in `file`: its line and column, else those of the
/// nearest value above it that is written (a section for a key it leaves out), else the
/// file alone.
pub fn locate(file: &Path, text: &str, path: &[Step]) -> Location {
    (1..=path.len())
        .rev()
        .find_map(|n| span_of(text, &path[..n]))
        .map_or_else(
            || Location::file(file),
            |s| Location::at_span(file, text, s),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_found_by_key_and_place_and_missing_ones_fall_back() {
        let text = "a = 1\n[[s]]\nb = [\"x\", \"y\"]\n[[s]]\nc = 2\n";
        let at = |path: &[Step]| {
            let l = locate(Path::new("f.toml"), text, path);
            (l.line, l.column)
        };
        assert_eq!(at(&[Step::Key("a")]), (Some(1), Some(5)));
        let y = [Step::Key("s"), Step::Item(0), Step::Key("b"), Step::Item(1)];
        assert_eq!(at(&y), (Some(3), Some(11)));
        assert_eq!(
            at(&[Step::Key("s"), Step::Item(1), Step::Key("c")]),
            (Some(5), Some(5))
        );
        // No `b` in the second section: the section itself.
        let missing = at(&[Step::Key("s"), Step::Item(1), Step::Key("b")]);
        assert!(missing.0.is_some(), "{missing:?}");
        assert_eq!(at(&[Step::Key("nope")]), (None, None));
    }
}
