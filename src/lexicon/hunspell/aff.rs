//! The `.aff` file: the affix classes and the few options that decide which forms exist.
//!
//! Read: `SET`, `FLAG` (char, `long`, `num`, `UTF-8`), `AF` (flag aliases), `PFX`/`SFX`
//! (strip, append with continuation classes, condition; morphology ignored), `NEEDAFFIX`
//! (and its old name `PSEUDOROOT`), `ONLYINCOMPOUND`, `FORBIDDENWORD`, `CIRCUMFIX`,
//! `FULLSTRIP`, `IGNORE`. Every other directive (suggestion, compounding, morphology)
//! does not change the set of single words and is skipped, as hunspell skips unknown ones.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::Flag;
use crate::error::{Error, Location};
use crate::lexicon::encoding::Encoding;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlagType {
    /// One byte of the file per flag (hunspell's default).
    Char,
    /// Two bytes per flag.
    Long,
    /// Decimal numbers separated by commas.
    Num,
    /// One Unicode character per flag.
    Utf8,
}

/// One position of a condition: any character, or a class (`[abc]`, `[^abc]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CondItem {
    Any,
    Class { negated: bool, chars: Vec<char> },
}

impl CondItem {
    fn matches(&self, c: char) -> bool {
        match self {
            CondItem::Any => true,
            CondItem::Class { negated, chars } => chars.contains(&c) != *negated,
        }
    }
}

#[derive(Debug, Clone)]
pub struct AffixEntry {
    pub strip: String,
    pub append: String,
    /// Continuation classes (`append/flags`): affixes that may follow this one, and
    /// options (NEEDAFFIX ...) that hold for the affixed form.
    pub cont: Vec<Flag>,
    pub condition: Vec<CondItem>,
    /// 1-based line in the `.aff` (`lexicon why` names the rule by it).
    pub line: usize,
}

impl AffixEntry {
    /// The condition holds on the last (suffix) or first (prefix) characters of `word`.
    pub fn condition_holds(&self, word: &str, suffix: bool) -> bool {
        let n = self.condition.len();
        if n == 0 {
            return true;
        }
        if suffix {
            let mut chars = word.chars().rev();
            self.condition
                .iter()
                .rev()
                .all(|item| chars.next().is_some_and(|c| item.matches(c)))
        } else {
            let mut chars = word.chars();
            self.condition
                .iter()
                .all(|item| chars.next().is_some_and(|c| item.matches(c)))
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct AffixClass {
    /// `Y` in the header: may combine with an affix of the other side.
    pub cross: bool,
    pub entries: Vec<AffixEntry>,
}

#[derive(Debug, Clone)]
pub struct Aff {
    pub path: PathBuf,
    pub encoding: Encoding,
    pub flag_type: FlagType,
    pub aliases: Vec<Vec<Flag>>,
    pub prefixes: HashMap<Flag, AffixClass>,
    pub suffixes: HashMap<Flag, AffixClass>,
    pub need_affix: Option<Flag>,
    pub only_in_compound: Option<Flag>,
    pub forbidden: Option<Flag>,
    pub circumfix: Option<Flag>,
    pub full_strip: bool,
    pub ignore: Vec<char>,
}

/// The `SET` line, read from the raw bytes before decoding (it is ASCII).
pub fn declared_encoding(path: &Path, bytes: &[u8]) -> Result<Encoding, Error> {
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        if let Some(rest) = line.strip_prefix(b"SET") {
            if rest.first().is_some_and(|b| b.is_ascii_whitespace()) {
                let name = String::from_utf8_lossy(rest).trim().to_string();
                return name.parse().map_err(|m: String| {
                    Error::input("lexicon.aff-syntax", m).at(Location::line_column(
                        path.to_path_buf(),
                        i + 1,
                        5,
                    ))
                });
            }
        }
    }
    Ok(Encoding::Latin1)
}

/// Whitespace-separated fields of a line with their 1-based columns.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out.into_iter()
        .map(|(s, f)| (line[..s].chars().count() + 1, f))
        .collect()
}

struct Parser<'a> {
    path: &'a Path,
    aff: Aff,
}

impl Parser<'_> {
    fn err(&self, line: usize, column: usize, message: impl Into<String>) -> Error {
        Error::input("lexicon.aff-syntax", message).at(Location::line_column(
            self.path.to_path_buf(),
            line,
            column,
        ))
    }

    fn flag(&self, text: &str, line: usize, col: usize) -> Result<Flag, Error> {
        let flags = decode_flags(self.aff.flag_type, self.aff.encoding, text)
            .map_err(|m| self.err(line, col, m))?;
        // As hunspell does, a one-character flag written with a multi-byte character
        // (`À` in a UTF-8 file) is its first byte; the .dic's bytes match it.
        let first_counts = matches!(self.aff.flag_type, FlagType::Char | FlagType::Long);
        match flags.as_slice() {
            [f] => Ok(*f),
            [f, ..] if first_counts => Ok(*f),
            _ => Err(self.err(line, col, format!("`{text}` is not one flag"))),
        }
    }
}

/// Parse a decoded `.aff` file.
pub fn parse(path: &Path, text: &str, encoding: Encoding) -> Result<Aff, Error> {
    let mut p = Parser {
        path,
        aff: Aff {
            path: path.to_path_buf(),
            encoding,
            flag_type: FlagType::Char,
            aliases: Vec::new(),
            prefixes: HashMap::new(),
            suffixes: HashMap::new(),
            need_affix: None,
            only_in_compound: None,
            forbidden: None,
            circumfix: None,
            full_strip: false,
            ignore: Vec::new(),
        },
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let n = i + 1;
        let f = fields(lines[i]);
        i += 1;
        let Some(&(_, key)) = f.first() else { continue };
        if key.starts_with('#') {
            continue;
        }
        let arg = f.get(1).copied();
        let need_arg = |p: &Parser| {
            arg.ok_or_else(|| {
                p.err(
                    n,
                    f[0].0 + key.chars().count(),
                    format!("{key} needs a value"),
                )
            })
        };
        match key {
            "FLAG" => {
                let (col, v) = need_arg(&p)?;
                p.aff.flag_type = match v {
                    "long" => FlagType::Long,
                    "num" => FlagType::Num,
                    "UTF-8" => FlagType::Utf8,
                    _ => {
                        return Err(p.err(
                            n,
                            col,
                            format!("unknown FLAG type `{v}` (long, num or UTF-8)"),
                        ))
                    }
                };
            }
            "NEEDAFFIX" | "PSEUDOROOT" | "ONLYINCOMPOUND" | "FORBIDDENWORD" | "CIRCUMFIX" => {
                let (col, v) = need_arg(&p)?;
                let flag = Some(p.flag(v, n, col)?);
                match key {
                    "ONLYINCOMPOUND" => p.aff.only_in_compound = flag,
                    "FORBIDDENWORD" => p.aff.forbidden = flag,
                    "CIRCUMFIX" => p.aff.circumfix = flag,
                    _ => p.aff.need_affix = flag,
                }
            }
            "FULLSTRIP" => p.aff.full_strip = true,
            "IGNORE" => p.aff.ignore = need_arg(&p)?.1.chars().collect(),
            "AF" => {
                let (col, v) = need_arg(&p)?;
                let count: usize = v
                    .parse()
                    .map_err(|_| p.err(n, col, format!("AF count `{v}` is not a number")))?;
                for _ in 0..count {
                    let Some(line) = lines.get(i) else {
                        return Err(p.err(
                            n,
                            col,
                            format!("AF announces {count} aliases, the file ends first"),
                        ));
                    };
                    let g = fields(line);
                    i += 1;
                    match g.as_slice() {
                        [(_, "AF"), (c, flags), ..] => {
                            let flags = decode_flags(p.aff.flag_type, encoding, flags)
                                .map_err(|m| p.err(i, *c, m))?;
                            p.aff.aliases.push(flags);
                        }
                        _ => return Err(p.err(i, 1, "expected an `AF flags` line")),
                    }
                }
            }
            "PFX" | "SFX" => i = p.affix_class(&lines, i, &f)?,
            _ => {}
        }
    }
    Ok(p.aff)
}

impl Parser<'_> {
    /// A `PFX`/`SFX` header at line `i` (1-based: `i`) and its entries; returns the next line.
    fn affix_class(
        &mut self,
        lines: &[&str],
        mut i: usize,
        head: &[(usize, &str)],
    ) -> Result<usize, Error> {
        let n = i;
        let kind = head[0].1;
        let [_, (fcol, flag_text), (ccol, cross), (ncol, count)] = head[..4.min(head.len())] else {
            return Err(self.err(n, 1, format!("a {kind} header is `{kind} flag Y|N count`")));
        };
        let flag = self.flag(flag_text, n, fcol)?;
        let cross = match cross {
            "Y" => true,
            "N" => false,
            _ => {
                return Err(self.err(
                    n,
                    ccol,
                    format!("cross product must be Y or N, not `{cross}`"),
                ))
            }
        };
        let count: usize = count
            .parse()
            .map_err(|_| self.err(n, ncol, format!("entry count `{count}` is not a number")))?;
        let mut class = AffixClass {
            cross,
            // The count is the file's claim: never reserve more than the lines left.
            entries: Vec::with_capacity(count.min(lines.len().saturating_sub(i))),
        };
        for _ in 0..count {
            let Some(line) = lines.get(i) else {
                return Err(self.err(
                    n,
                    ncol,
                    format!("{kind} {flag_text} announces {count} entries, the file ends first"),
                ));
            };
            i += 1;
            let f = fields(line);
            if f.first().map(|x| x.1) != Some(kind) || f.get(1).map(|x| x.1) != Some(flag_text) {
                return Err(self.err(
                    i,
                    1,
                    format!(
                        "expected entry {} of {count} of `{kind} {flag_text}`",
                        class.entries.len() + 1
                    ),
                ));
            }
            if f.len() < 4 {
                return Err(self.err(
                    i,
                    1,
                    format!("a {kind} entry is `{kind} flag strip append [condition]`"),
                ));
            }
            class.entries.push(self.entry(i, &f)?);
        }
        let table = if kind == "PFX" {
            &mut self.aff.prefixes
        } else {
            &mut self.aff.suffixes
        };
        let slot = table.entry(flag).or_default();
        slot.cross = class.cross;
        slot.entries.extend(class.entries);
        Ok(i)
    }

    fn entry(&self, n: usize, f: &[(usize, &str)]) -> Result<AffixEntry, Error> {
        let ignore =
            |s: &str| -> String { s.chars().filter(|c| !self.aff.ignore.contains(c)).collect() };
        let zero = |s: &str| if s == "0" { String::new() } else { ignore(s) };
        let strip = zero(f[2].1);
        let (append, cont) = match f[3].1.split_once('/') {
            Some((a, flags)) => {
                let cont =
                    if !self.aff.aliases.is_empty() && flags.bytes().all(|b| b.is_ascii_digit()) {
                        alias(&self.aff.aliases, flags).ok_or_else(|| {
                            self.err(n, f[3].0, format!("no flag alias number {flags}"))
                        })?
                    } else {
                        decode_flags(self.aff.flag_type, self.aff.encoding, flags)
                            .map_err(|m| self.err(n, f[3].0, m))?
                    };
                (zero(a), cont)
            }
            None => (zero(f[3].1), Vec::new()),
        };
        let condition = match f.get(4) {
            Some(&(col, c)) => parse_condition(c).map_err(|(off, m)| self.err(n, col + off, m))?,
            None => Vec::new(),
        };
        Ok(AffixEntry {
            strip,
            append,
            cont,
            condition,
            line: n,
        })
    }
}

/// `.` is no condition; otherwise a sequence of characters, `.` and `[...]` / `[^...]`.
/// Errors carry the character offset into the condition.
fn parse_condition(text: &str) -> Result<Vec<CondItem>, (usize, String)> {
    if text == "." {
        return Ok(Vec::new());
    }
    let mut items = Vec::new();
    let mut chars = text.chars().enumerate();
    while let Some((i, c)) = chars.next() {
        match c {
            '[' => {
                let mut negated = false;
                let mut set = Vec::new();
                loop {
                    match chars.next() {
                        Some((_, ']')) => break,
                        Some((_, '^')) if set.is_empty() && !negated => negated = true,
                        Some((_, c)) => set.push(c),
                        None => {
                            return Err((i, format!("condition `{text}`: `[` is never closed")))
                        }
                    }
                }
                items.push(CondItem::Class {
                    negated,
                    chars: set,
                });
            }
            ']' => return Err((i, format!("condition `{text}`: `]` without `[`"))),
            '.' => items.push(CondItem::Any),
            c => items.push(CondItem::Class {
                negated: false,
                chars: vec![c],
            }),
        }
    }
    Ok(items)
}

/// The flags of a flag string, by the file's FLAG type.
pub fn decode_flags(kind: FlagType, encoding: Encoding, text: &str) -> Result<Vec<Flag>, String> {
    Ok(match kind {
        FlagType::Char => encoding.encode(text).into_iter().map(Flag::from).collect(),
        FlagType::Utf8 => text.chars().map(Flag::from).collect(),
        FlagType::Long => {
            let bytes = encoding.encode(text);
            if !bytes.len().is_multiple_of(2) {
                return Err(format!("`{text}`: FLAG long takes two characters per flag"));
            }
            bytes
                .chunks(2)
                .map(|p| (Flag::from(p[0]) << 8) | Flag::from(p[1]))
                .collect()
        }
        FlagType::Num => text
            .split(',')
            .map(|n| {
                n.trim()
                    .parse::<u16>()
                    .map(Flag::from)
                    .map_err(|_| format!("`{n}` is not a flag number (FLAG num)"))
            })
            .collect::<Result<_, _>>()?,
    })
}

/// `AF` aliases are numbered from 1.
pub fn alias(aliases: &[Vec<Flag>], number: &str) -> Option<Vec<Flag>> {
    let i: usize = number.parse().ok()?;
    aliases.get(i.checked_sub(1)?).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aff(text: &str) -> Result<Aff, Error> {
        parse(Path::new("t.aff"), text, Encoding::Utf8)
    }

    #[test]
    fn conditions_parse_and_match() {
        let c = parse_condition("[^icg]are").unwrap();
        assert_eq!(c.len(), 4);
        let e = AffixEntry {
            strip: "are".into(),
            append: "o".into(),
            cont: vec![],
            condition: c,
            line: 1,
        };
        assert!(e.condition_holds("amare", true));
        assert!(!e.condition_holds("mangiare", true));
        assert!(!e.condition_holds("are", true));
        assert!(parse_condition(".").unwrap().is_empty());
        assert!(parse_condition("[ab").is_err());
    }

    #[test]
    fn flag_types() {
        assert_eq!(
            decode_flags(FlagType::Char, Encoding::Utf8, "A£").unwrap(),
            vec![65, 0xC2, 0xA3]
        );
        assert_eq!(
            decode_flags(FlagType::Utf8, Encoding::Utf8, "A£").unwrap(),
            vec![65, 0xA3]
        );
        assert_eq!(
            decode_flags(FlagType::Long, Encoding::Utf8, "AaBb").unwrap(),
            vec![0x4161, 0x4262]
        );
        assert_eq!(
            decode_flags(FlagType::Num, Encoding::Utf8, "1,20").unwrap(),
            vec![1, 20]
        );
        assert!(decode_flags(FlagType::Num, Encoding::Utf8, "1,x").is_err());
        assert!(decode_flags(FlagType::Long, Encoding::Utf8, "A").is_err());
    }

    #[test]
    fn malformed_lines_point_at_line_and_column() {
        let e = aff("SET UTF-8\nSFX A Y 2\nSFX A 0 s .\n").unwrap_err();
        assert!(e.to_string().contains("t.aff:2:9"), "{e}");
        let e = aff("SFX A X 1\nSFX A 0 s .\n").unwrap_err();
        assert!(e.to_string().contains("t.aff:1:7"), "{e}");
        let e = aff("SFX A Y 1\nSFX A 0 s [ab\n").unwrap_err();
        assert!(e.to_string().contains("t.aff:2:11"), "{e}");
        let e = aff("SFX A Y 1\nSFX B 0 s .\n").unwrap_err();
        assert!(e.to_string().contains("t.aff:2:1"), "{e}");
        let e = aff("FLAG short\n").unwrap_err();
        assert!(e.to_string().contains("t.aff:1:6"), "{e}");
        assert_eq!(e.exit_code(), 2);
    }

    #[test]
    fn classes_and_options_are_read() {
        let a = aff("# c\nFLAG long\nNEEDAFFIX ZZ\nPFX Aa N 1\nPFX Aa 0 ri .\nSFX Bb Y 1\nSFX Bb o i/Aa o # morph\n").unwrap();
        assert_eq!(a.need_affix, Some(0x5A5A));
        let s = &a.suffixes[&0x4262];
        assert!(s.cross);
        assert_eq!(s.entries[0].cont, vec![0x4161]);
        assert_eq!(s.entries[0].strip, "o");
        assert!(!a.prefixes[&0x4161].cross);
    }
}
