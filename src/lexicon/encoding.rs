//! The encodings a word list may be declared in. Word lists are small enough to decode
//! whole; the three single-byte or UTF-8 encodings below cover the Italian lists (hunspell's
//! `SET` names them), so no general encoding crate is needed.

use std::path::Path;
use std::str::FromStr;

use crate::error::{Error, Location};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    #[default]
    Utf8,
    /// ISO 8859-1: every byte is the code point of the same number.
    Latin1,
    /// ISO 8859-15: Latin-1 with eight code points replaced (the euro sign, Œ, Š, Ž, Ÿ ...).
    Latin9,
}

/// The eight places where ISO 8859-15 differs from ISO 8859-1.
const LATIN9: [(u8, char); 8] = [
    (0xA4, '€'),
    (0xA6, 'Š'),
    (0xA8, 'š'),
    (0xB4, 'Ž'),
    (0xB8, 'ž'),
    (0xBC, 'Œ'),
    (0xBD, 'œ'),
    (0xBE, 'Ÿ'),
];

impl FromStr for Encoding {
    type Err = String;

    /// Names as hunspell's `SET` and the `--lexicon` prefix write them, case-insensitive.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "utf8" => Ok(Encoding::Utf8),
            "latin1" | "iso88591" => Ok(Encoding::Latin1),
            "latin9" | "iso885915" => Ok(Encoding::Latin9),
            _ => Err(format!(
                "unknown encoding `{s}` (known: UTF-8, ISO8859-1 / latin1, ISO8859-15 / latin9)"
            )),
        }
    }
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Latin1 => "ISO8859-1",
            Encoding::Latin9 => "ISO8859-15",
        }
    }

    /// Decode a whole file; invalid UTF-8 is an error at its line and column.
    pub fn decode(self, path: &Path, bytes: &[u8]) -> Result<String, Error> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        match self {
            Encoding::Utf8 => match std::str::from_utf8(bytes) {
                Ok(s) => Ok(s.to_string()),
                Err(e) => {
                    let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
                    Err(Error::input(
                        "lexicon.encoding",
                        "not valid UTF-8 (declare the list's encoding, e.g. latin1:FILE)",
                    )
                    .at(Location::at_offset(path, good, good.len())))
                }
            },
            Encoding::Latin1 => Ok(bytes.iter().map(|&b| b as char).collect()),
            Encoding::Latin9 => Ok(bytes.iter().map(|&b| latin9_char(b)).collect()),
        }
    }

    /// The bytes of `s` in this encoding: hunspell's one-character flags are bytes of the
    /// file, so a flag written `À` in a UTF-8 file is two flags.
    pub fn encode(self, s: &str) -> Vec<u8> {
        match self {
            Encoding::Utf8 => s.as_bytes().to_vec(),
            Encoding::Latin1 => s.chars().map(|c| c as u32 as u8).collect(),
            Encoding::Latin9 => s
                .chars()
                .map(|c| {
                    LATIN9
                        .iter()
                        .find(|(_, l)| *l == c)
                        .map_or(c as u32 as u8, |(b, _)| *b)
                })
                .collect(),
        }
    }
}

fn latin9_char(b: u8) -> char {
    LATIN9
        .iter()
        .find(|(x, _)| *x == b)
        .map_or(b as char, |(_, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_encodings_round_trip() {
        let p = Path::new("x");
        assert_eq!(Encoding::Latin1.decode(p, b"citt\xe0").unwrap(), "città");
        assert_eq!(Encoding::Latin9.decode(p, b"\xa4\xe0").unwrap(), "€à");
        assert_eq!(Encoding::Latin9.encode("€à"), b"\xa4\xe0");
        assert_eq!(Encoding::Utf8.encode("À"), [0xC3, 0x80]);
    }

    #[test]
    fn bad_utf8_names_line_and_column() {
        let e = Encoding::Utf8
            .decode(Path::new("l.txt"), b"casa\ncit\xe0\n")
            .unwrap_err();
        assert!(e.to_string().contains("l.txt:2:4"), "{e}");
        assert_eq!(e.exit_code(), 2);
    }

    #[test]
    fn names_parse() {
        assert_eq!("ISO8859-1".parse::<Encoding>(), Ok(Encoding::Latin1));
        assert_eq!("utf-8".parse::<Encoding>(), Ok(Encoding::Utf8));
        assert!("koi8-r".parse::<Encoding>().is_err());
    }
}
