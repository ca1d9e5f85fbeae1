//! Where a word list comes from and how its raw forms are read: a plain list (one word a
//! line) or a hunspell pair. Reading ends in a sorted, deduplicated set of board words.

use std::path::{Path, PathBuf};

use super::encoding::Encoding;
use super::hunspell::Dictionary;
use super::normalise::{normalise, refuses_every_form_with};
use crate::error::{Error, Location};

/// The Debian lists NS-2 names, in the order they are preferred.
pub const DEBIAN_HUNSPELL_DIC: &str = "/usr/share/hunspell/it_IT.dic";
pub const DEBIAN_HUNSPELL_AFF: &str = "/usr/share/hunspell/it_IT.aff";
pub const DEBIAN_WITALIAN: &str = "/usr/share/dict/italian";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// One word a line; blank lines and lines starting with `#` are skipped.
    Plain { path: PathBuf, encoding: Encoding },
    /// A hunspell pair; its `.aff` declares the encoding of both.
    Hunspell { dic: PathBuf, aff: PathBuf },
}

impl Source {
    /// Read a `--lexicon` argument: `FILE`, or `ENCODING:FILE` for a plain list in another
    /// encoding (`latin1:parole.txt`). A `.dic` or `.aff` names a hunspell pair whose other
    /// half sits beside it.
    pub fn from_arg(arg: &str) -> Result<Source, Error> {
        let (encoding, path) = match arg.split_once(':') {
            Some((enc, rest))
                if !enc.is_empty() && enc.len() < 12 && enc.parse::<Encoding>().is_ok() =>
            {
                (enc.parse::<Encoding>().ok(), rest)
            }
            _ => (None, arg),
        };
        let path = PathBuf::from(path);
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext == "dic" || ext == "aff" {
            if encoding.is_some() {
                return Err(Error::input(
                    "lexicon.usage",
                    format!(
                        "{arg}: a hunspell pair takes its encoding from the SET line of its .aff"
                    ),
                ));
            }
            return Ok(Source::Hunspell {
                dic: path.with_extension("dic"),
                aff: path.with_extension("aff"),
            });
        }
        Ok(Source::Plain {
            path,
            encoding: encoding.unwrap_or_default(),
        })
    }

    /// NS-2's default lists: the expanded hunspell-it dictionary united with witalian when
    /// both are installed, either alone when the other is absent, none when neither is.
    /// hunspell-it comes first, so a word both hold is named by it.
    pub fn debian_defaults() -> Vec<Source> {
        Source::debian_hunspell()
            .into_iter()
            .chain(Source::debian_witalian())
            .collect()
    }

    /// Debian's hunspell-it pair, when installed.
    pub fn debian_hunspell() -> Option<Source> {
        let (dic, aff) = (
            Path::new(DEBIAN_HUNSPELL_DIC),
            Path::new(DEBIAN_HUNSPELL_AFF),
        );
        (dic.is_file() && aff.is_file()).then(|| Source::Hunspell {
            dic: dic.to_path_buf(),
            aff: aff.to_path_buf(),
        })
    }

    /// Debian's witalian list, when installed.
    pub fn debian_witalian() -> Option<Source> {
        let plain = Path::new(DEBIAN_WITALIAN);
        plain.is_file().then(|| Source::Plain {
            path: plain.to_path_buf(),
            encoding: Encoding::Utf8,
        })
    }

    /// The `--lexicon` argument that names this source (what [`Source::from_arg`] reads).
    pub fn arg(&self) -> String {
        match self {
            Source::Plain {
                path,
                encoding: Encoding::Utf8,
            } => path.display().to_string(),
            Source::Plain { path, encoding } => format!("{}:{}", encoding.name(), path.display()),
            Source::Hunspell { dic, .. } => dic.display().to_string(),
        }
    }

    /// The source with its relative paths taken from `base` (a record's folder).
    pub fn rebased(&self, base: &Path) -> Source {
        self.map_paths(|p| base.join(p))
    }

    /// The source with absolute paths (against the working folder), when they can be made.
    pub fn absolute(&self) -> Source {
        self.map_paths(super::choice::absolute)
    }

    fn map_paths(&self, f: impl Fn(&Path) -> PathBuf) -> Source {
        match self {
            Source::Plain { path, encoding } => Source::Plain {
                path: f(path),
                encoding: *encoding,
            },
            Source::Hunspell { dic, aff } => Source::Hunspell {
                dic: f(dic),
                aff: f(aff),
            },
        }
    }

    /// A short name for messages and `check`: the file name (`it_IT.dic`, `italian`).
    pub fn name(&self) -> String {
        let p = match self {
            Source::Plain { path, .. } => path,
            Source::Hunspell { dic, .. } => dic,
        };
        p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Source::Plain { .. } => "word list",
            Source::Hunspell { .. } => "hunspell",
        }
    }

    pub fn paths(&self) -> Vec<&Path> {
        match self {
            Source::Plain { path, .. } => vec![path],
            Source::Hunspell { dic, aff } => vec![dic, aff],
        }
    }

    /// The bytes of every file, in [`Source::paths`] order.
    pub fn read(&self) -> Result<Vec<Vec<u8>>, Error> {
        self.paths()
            .into_iter()
            .map(|p| {
                crate::input::read(p, crate::input::LEXICON)
                    .map_err(|e| Error::io("lexicon.unreadable", p, &e))
            })
            .collect()
    }

    /// A description of the source that goes into the cache key with the bytes.
    pub fn tag(&self, mode: super::Mode) -> String {
        match (self, mode) {
            // A club's list is read without case since NS-9 (`SIEDO`): another key.
            (Source::Plain { encoding, .. }, _) if self.is_club_list() => {
                format!("plain {} club-1", encoding.name())
            }
            (Source::Plain { encoding, .. }, _) => format!("plain {}", encoding.name()),
            (Source::Hunspell { .. }, super::Mode::Permissive) => "hunspell".into(),
            (Source::Hunspell { .. }, super::Mode::Tournament) => "hunspell tournament-3".into(),
        }
    }

    /// The board words of the files' `bytes` (from [`Source::read`]): normalised, sorted,
    /// deduplicated. A list that yields no word is an error.
    /// In the default mode, [`super::Mode::Tournament`] (see [`Source::words_in`]).
    pub fn words(&self, bytes: &[Vec<u8>]) -> Result<Words, Error> {
        self.words_in(bytes, super::Mode::default())
    }

    /// [`Source::words`] in a mode: in [`super::Mode::Tournament`] a hunspell dictionary
    /// keeps only the forms NS-9 admits ([`super::tournament`]).
    pub fn words_in(&self, bytes: &[Vec<u8>], mode: super::Mode) -> Result<Words, Error> {
        let mut words = Vec::new();
        let mut raw = 0u64;
        match self {
            Source::Plain { path, encoding } => {
                let text = encoding.decode(path, &bytes[0])?;
                let club = self.is_club_list();
                for (_, entry) in plain_entries(&text) {
                    raw += 1;
                    if let Entry::Add(word) = entry {
                        words.extend(plain_word(word, club));
                    }
                }
            }
            Source::Hunspell { dic, aff } => {
                let d = Dictionary::parse(dic, &bytes[0], aff, &bytes[1])?;
                raw = match mode {
                    super::Mode::Permissive => d
                        .expand_skipping(&refuses_every_form_with, &mut |form| {
                            words.extend(normalise(form))
                        }),
                    super::Mode::Tournament => {
                        super::tournament::expand_judged(&d, &mut |form, _, verdict| {
                            if verdict.is_ok() {
                                words.extend(normalise(form))
                            }
                        })
                    }
                };
            }
        }
        words.sort_unstable();
        words.dedup();
        if words.is_empty() && self.removals(bytes)?.is_empty() {
            let path = self.paths()[0];
            let what = if raw == 0 {
                "holds no word".to_string()
            } else {
                format!("holds no playable word ({raw} entries, none of 2-15 letters A-Z once normalised by NS-2)")
            };
            return Err(Error::input("lexicon.empty", what).at(Location::file(path)));
        }
        Ok(Words { words, raw })
    }
}

/// One line of a plain list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry<'a> {
    /// A word the list holds.
    Add(&'a str),
    /// `-WORD`: a word the list takes out of the lexicon, whichever list holds it (NS-9: a
    /// club's list may add and remove words).
    Remove(&'a str),
}

/// The entries of a plain list with their 1-based line numbers: blank lines and `#`
/// comments skipped.
pub fn plain_entries(text: &str) -> impl Iterator<Item = (usize, Entry<'_>)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let entry = line.trim();
        if entry.is_empty() || entry.starts_with('#') {
            return None;
        }
        Some((
            i + 1,
            match entry.strip_prefix('-') {
                Some(word) => Entry::Remove(word.trim()),
                None => Entry::Add(entry),
            },
        ))
    })
}

/// The board word of a plain list's entry. Debian's witalian is read as NS-2 says (its
/// capitalised entries are proper names and acronyms); a club's own list may be written in
/// capitals, as the board shows words: an entry all in capitals (`SIEDO`) is read as `siedo`
/// is, while a capitalised one (`Roma`) is still a proper name.
pub fn plain_word(entry: &str, club: bool) -> Option<String> {
    if club && !entry.chars().any(char::is_lowercase) {
        normalise(&entry.to_lowercase())
    } else {
        normalise(entry)
    }
}

impl Source {
    /// A list other than NS-2's default ones: a club's or a player's own.
    pub fn is_club_list(&self) -> bool {
        match self {
            Source::Plain { path, .. } => path != Path::new(DEBIAN_WITALIAN),
            Source::Hunspell { .. } => false,
        }
    }

    /// The words a plain list removes (`-WORD` lines), as board words, sorted.
    pub fn removals(&self, bytes: &[Vec<u8>]) -> Result<Vec<String>, Error> {
        let Source::Plain { path, encoding } = self else {
            return Ok(Vec::new());
        };
        // Most lists remove nothing: no need to decode them again.
        if !bytes[0].contains(&b'-') {
            return Ok(Vec::new());
        }
        let text = encoding.decode(path, &bytes[0])?;
        let mut out: Vec<String> = plain_entries(&text)
            .filter_map(|(_, e)| match e {
                Entry::Remove(w) => super::normalise::fold(w).filter(|w| !w.is_empty()),
                Entry::Add(_) => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}

/// The outcome of reading a source.
#[derive(Debug)]
pub struct Words {
    /// Sorted, distinct board words.
    pub words: Vec<String>,
    /// Raw entries (plain) or generated forms (hunspell, leaving out the elided forms that
    /// the normaliser would drop anyway) before normalisation.
    pub raw: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_name_the_kind() {
        assert_eq!(
            Source::from_arg("latin1:parole.txt").unwrap(),
            Source::Plain {
                path: "parole.txt".into(),
                encoding: Encoding::Latin1
            }
        );
        assert_eq!(
            Source::from_arg("dir/it.aff").unwrap(),
            Source::Hunspell {
                dic: "dir/it.dic".into(),
                aff: "dir/it.aff".into()
            }
        );
        assert_eq!(
            Source::from_arg("c:odd.txt").unwrap(),
            Source::Plain {
                path: "c:odd.txt".into(),
                encoding: Encoding::Utf8
            }
        );
        assert!(Source::from_arg("latin1:x.dic").is_err());
    }

    #[test]
    fn plain_lists_normalise_and_refuse_emptiness() {
        let s = Source::Plain {
            path: "l.txt".into(),
            encoding: Encoding::Latin1,
        };
        let w = s
            .words(&[b"# c\n\ncitt\xe0\nRoma\ncasa\ncasa\nl'oca\n".to_vec()])
            .unwrap();
        assert_eq!(w.words, vec!["CASA", "CITTA"]);
        assert_eq!(w.raw, 5);
        // A club's list in capitals (NS-9): words, an elision still two; a `-WORD` line
        // removes, and is not a word of the list.
        let w = s
            .words(&[b"SIEDO\nCITT\xc0\nL'OCA\n-CASA\n".to_vec()])
            .unwrap();
        assert_eq!(w.words, vec!["CITTA", "SIEDO"]);
        assert_eq!(
            s.removals(&[b"SIEDO\n- casa\n".to_vec()]).unwrap(),
            ["CASA"]
        );
        let witalian = Source::Plain {
            path: DEBIAN_WITALIAN.into(),
            encoding: Encoding::Utf8,
        };
        let e = witalian.words(&[b"ONU\nRAI\n".to_vec()]).unwrap_err();
        assert_eq!(e.code, "lexicon.empty", "witalian's capitals are acronyms");
        let e = s.words(&[b"# only a comment\n\n".to_vec()]).unwrap_err();
        assert_eq!(e.to_string(), "error[lexicon.empty]: l.txt: holds no word");
        let e = s.words(&[b"Roma\nx\n".to_vec()]).unwrap_err();
        assert!(e.to_string().contains("no playable word (2 entries"), "{e}");
    }
}
