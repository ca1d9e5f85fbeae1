//! The `.dic` file: a word count, then one stem a line as `word[/flags][ morphology]`,
//! split as hunspell's own loader splits it.

use std::path::Path;

use super::aff::{alias, decode_flags, Aff};
use super::Flag;
use crate::error::{Error, Location};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stem {
    pub word: String,
    pub flags: Vec<Flag>,
    /// 1-based line in the `.dic`, for messages.
    pub line: usize,
}

/// Parse a decoded `.dic` with the flag rules of its `.aff`.
pub fn parse(path: &Path, text: &str, aff: &Aff) -> Result<Vec<Stem>, Error> {
    let err = |line: usize, column: usize, message: String| {
        Error::input("lexicon.dic-syntax", message).at(Location::line_column(
            path.to_path_buf(),
            line,
            column,
        ))
    };
    let mut lines = text.lines().enumerate();
    let count_ok = lines
        .next()
        .and_then(|(_, l)| l.trim().parse::<u64>().ok())
        .is_some_and(|n| n > 0);
    if !count_ok {
        return Err(err(
            1,
            1,
            "the first line of a .dic file must be its (approximate) word count".into(),
        ));
    }
    let mut stems = Vec::new();
    for (i, line) in lines {
        let n = i + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let entry = &line[..morphology_start(line)];
        // `\/` is a slash inside the word; a `/` at the start of the line is a word character.
        let mut word = String::new();
        let mut flags_at = None;
        let mut chars = entry.char_indices().peekable();
        while let Some((b, c)) = chars.next() {
            match c {
                '\\' if chars.peek().map(|x| x.1) == Some('/') => {
                    word.push('/');
                    chars.next();
                }
                '/' if b > 0 => {
                    flags_at = Some(b + 1);
                    break;
                }
                c => word.push(c),
            }
        }
        let word: String = word.chars().filter(|c| !aff.ignore.contains(c)).collect();
        if word.is_empty() {
            continue;
        }
        let mut flags = Vec::new();
        if let Some(at) = flags_at {
            let text = &entry[at..];
            let col = entry[..at].chars().count() + 1;
            if !text.is_empty() {
                flags = if aff.aliases.is_empty() {
                    decode_flags(aff.flag_type, aff.encoding, text).map_err(|m| err(n, col, m))?
                } else {
                    alias(&aff.aliases, text.trim())
                        .ok_or_else(|| err(n, col, format!("no flag alias number `{text}` (AF)")))?
                };
            }
        }
        stems.push(Stem {
            word,
            flags,
            line: n,
        });
    }
    Ok(stems)
}

/// Where the morphological fields start: at a tab, or at whitespace before a `xx:` field.
fn morphology_start(line: &str) -> usize {
    let bytes = line.as_bytes();
    let mut end = line.find('\t').unwrap_or(line.len());
    for (i, _) in line.match_indices(':') {
        if i >= 3 && i < end && (bytes[i - 3] == b' ' || bytes[i - 3] == b'\t') {
            let mut s = i - 3;
            while s > 0 && (bytes[s - 1] == b' ' || bytes[s - 1] == b'\t') {
                s -= 1;
            }
            if s > 0 {
                end = s;
            }
            break;
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::encoding::Encoding;
    use crate::lexicon::hunspell::aff;

    fn stems(aff_text: &str, dic: &str) -> Result<Vec<Stem>, Error> {
        let a = aff::parse(Path::new("t.aff"), aff_text, Encoding::Utf8).unwrap();
        parse(Path::new("t.dic"), dic, &a)
    }

    #[test]
    fn words_flags_and_morphology_split() {
        let s = stems("", "3\ncasa/AB po:noun\n/ a comment\nme\\/te/C\tx\n").unwrap();
        assert_eq!(s[0].word, "casa");
        assert_eq!(s[0].flags, vec![65, 66]);
        assert_eq!(s[1].word, "/ a comment");
        assert_eq!(s[2].word, "me/te");
        assert_eq!(s[2].flags, vec![67]);
        assert_eq!(s[2].line, 4);
    }

    #[test]
    fn aliases_and_numbers() {
        let s = stems("FLAG num\nAF 1\nAF 7,12\n", "1\ncasa/1\n").unwrap();
        assert_eq!(s[0].flags, vec![7, 12]);
        let e = stems("FLAG num\nAF 1\nAF 7\n", "1\ncasa/2\n").unwrap_err();
        assert!(e.to_string().contains("t.dic:2:6"), "{e}");
        let e = stems("FLAG num\n", "1\ncasa/x\n").unwrap_err();
        assert!(e.to_string().contains("t.dic:2:6"), "{e}");
    }

    #[test]
    fn a_missing_count_is_an_error() {
        let e = stems("", "casa\n").unwrap_err();
        assert!(e.to_string().contains("t.dic:1:1"), "{e}");
        assert_eq!(e.exit_code(), 2);
    }
}
