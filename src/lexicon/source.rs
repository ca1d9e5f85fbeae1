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
    pub fn tag(&self) -> String {
        match self {
            Source::Plain { encoding, .. } => format!("plain {}", encoding.name()),
            Source::Hunspell { .. } => "hunspell".into(),
        }
    }

    /// The board words of the files' `bytes` (from [`Source::read`]): normalised, sorted,
    /// deduplicated. A list that yields no word is an error.
    pub fn words(&self, bytes: &[Vec<u8>]) -> Result<Words, Error> {
        let mut words = Vec::new();
        let mut raw = 0u64;
        match self {
            Source::Plain { path, encoding } => {
                let text = encoding.decode(path, &bytes[0])?;
                for line in text.lines() {
                    let entry = line.trim();
                    if entry.is_empty() || entry.starts_with('#') {
                        continue;
                    }
                    raw += 1;
                    words.extend(normalise(entry));
                }
            }
            Source::Hunspell { dic, aff } => {
                let d = Dictionary::parse(dic, &bytes[0], aff, &bytes[1])?;
                raw = d.expand_skipping(&refuses_every_form_with, &mut |form| {
                    words.extend(normalise(form))
                });
            }
        }
        words.sort_unstable();
        words.dedup();
        if words.is_empty() {
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
        let e = s.words(&[b"# only a comment\n\n".to_vec()]).unwrap_err();
        assert_eq!(e.to_string(), "error[lexicon.empty]: l.txt: holds no word");
        let e = s.words(&[b"Roma\nx\n".to_vec()]).unwrap_err();
        assert!(e.to_string().contains("no playable word (2 entries"), "{e}");
    }
}
