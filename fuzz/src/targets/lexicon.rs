//! Word lists (one word a line, UTF-8, Latin-1 or Latin-9) and hunspell
//! `.dic`/`.aff` pairs (`--lexicon`). An error points inside the file it is
//! about (a list with no playable word names only the file); a list read
//! writes back one word a line and re-reads to the same words; every word is
//! a board word (2-15 letters A-Z).

use std::path::Path;

use tavolo::lexicon::encoding::Encoding;
use tavolo::lexicon::hunspell::aff::declared_encoding;
use tavolo::lexicon::source::Source;

use super::{files, located, read_all, repo, Target};
use crate::mutate::Shape;

const AFF_WORDS: &[&str] = &[
    "SET",
    "UTF-8",
    "ISO8859-1",
    "ISO8859-15",
    "FLAG",
    "long",
    "num",
    "UTF-8",
    "AF",
    "AM",
    "PFX",
    "SFX",
    "Y",
    "N",
    "0",
    ".",
    "[^aeiou]",
    "[",
    "]",
    "/",
    "\\/",
    "NEEDAFFIX",
    "FULLSTRIP",
    "IGNORE",
    "COMPLEXPREFIXES",
    "ONLYINCOMPOUND",
    "KEEPCASE",
    "TRY",
    "REP",
    "ph:",
    "st:",
    "po:",
    "\t",
    "à",
    "ò",
];

/// Between the `.aff` and the `.dic` in a hunspell input.
const SPLIT: &[u8] = b"\n=== dic ===\n";

fn board_word(w: &str) -> bool {
    (2..=15).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_uppercase())
}

pub fn words_target() -> Target {
    let r = repo();
    let mut paths = files(&r.join("fuzz/seeds/words"), ".txt");
    paths.extend(files(&r.join("tests/fixtures/lexicon"), ".dic"));
    let seeds = read_all(&paths);
    Target::new(
        "wordlist",
        seeds,
        &["#", "à", "è", "l'", "dell'", "Œ", "\u{301}"],
        Shape::Text,
        Box::new(|input| {
            let path = Path::new("words.txt");
            for encoding in [Encoding::Utf8, Encoding::Latin1, Encoding::Latin9] {
                let src = Source::Plain {
                    path: path.to_path_buf(),
                    encoding,
                };
                let text = encoding
                    .decode(path, input)
                    .unwrap_or_else(|_| String::from_utf8_lossy(input).into_owned());
                match src.words(&[input.to_vec()]) {
                    Err(e) => located(&e, &[(path, &text)])?,
                    Ok(w) => {
                        if let Some(bad) = w.words.iter().find(|w| !board_word(w)) {
                            return Err(format!("`{bad}` is not a board word"));
                        }
                        if w.words.windows(2).any(|p| p[0] >= p[1]) {
                            return Err("words not sorted and distinct".into());
                        }
                        // Lower case: the normaliser takes capitalised entries for proper names.
                        let back = w.words.join("\n").to_lowercase();
                        let again = src
                            .words(&[encoding.encode(&back)])
                            .map_err(|e| format!("written back: {}: {}", e.code, e.message))?;
                        if again.words != w.words {
                            return Err("written back, the words differ".into());
                        }
                    }
                }
            }
            Ok(())
        }),
    )
}

pub fn hunspell_target() -> Target {
    let dir = repo().join("tests/fixtures/lexicon");
    let mut seeds = Vec::new();
    for aff in files(&dir, ".aff") {
        let (Ok(a), Ok(d)) = (
            std::fs::read(&aff),
            std::fs::read(aff.with_extension("dic")),
        ) else {
            continue;
        };
        seeds.push([a, SPLIT.to_vec(), d].concat());
    }
    let mut t = Target::new(
        "hunspell",
        seeds,
        AFF_WORDS,
        Shape::Text,
        Box::new(|input| {
            let at = input
                .windows(SPLIT.len())
                .position(|w| w == SPLIT)
                .unwrap_or(input.len());
            let aff = &input[..at];
            let dic = input.get(at + SPLIT.len()..).unwrap_or(&[]);
            let (aff_path, dic_path) = (Path::new("fuzz.aff"), Path::new("fuzz.dic"));
            let latin1 = |b: &[u8]| b.iter().map(|&c| c as char).collect::<String>();
            let src = Source::Hunspell {
                dic: dic_path.to_path_buf(),
                aff: aff_path.to_path_buf(),
            };
            let Err(e) = src.words(&[dic.to_vec(), aff.to_vec()]) else {
                return Ok(());
            };
            // Texts as the reader decoded them, to measure the location against.
            let enc = declared_encoding(aff_path, aff).ok();
            // (Bad UTF-8: the location shows the line up to the bad byte.)
            let dec = |p: &Path, b: &[u8]| match enc {
                Some(e) => e.decode(p, b).unwrap_or_else(|_| {
                    let b = b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(b);
                    String::from_utf8_lossy(b).into_owned()
                }),
                None => latin1(b),
            };
            let (aff_text, dic_text) = (dec(aff_path, aff), dec(dic_path, dic));
            located(&e, &[(aff_path, &aff_text), (dic_path, &dic_text)])
        }),
    );
    t.max_len = 16 << 10;
    t
}
