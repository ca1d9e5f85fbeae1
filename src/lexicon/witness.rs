//! A second source (NS-9): a word list that does not judge words but says whether a form one
//! list alone holds is found elsewhere too. A form found by one of the lexicon's lists only,
//! and by no second source, is marked doubtful by `lexicon check` and `lexicon why`.
//!
//! The second source is Debian's `aspell-it` (the 2007 edition, 2.4, of the dictionary that
//! hunspell-it continues), expanded by its own affix file: its word list
//! `/usr/share/aspell/it.cwl.gz` is gzip over aspell's `prezip` prefix coding, one
//! `word/flags` a line; `/usr/lib/aspell/it_affix.dat` is a hunspell-style affix file. Being
//! an older edition of the same work, it confirms a form's spelling rather than independent
//! usage: a form it lacks is one the dictionary added since, or one its rules now make.

use std::io::Read;
use std::path::{Path, PathBuf};

use fst::Set;

use super::hunspell::Dictionary;
use super::{cache, normalise, Options};
use crate::error::{Error, Location};

pub const DEBIAN_ASPELL_CWL: &str = "/usr/share/aspell/it.cwl.gz";
pub const DEBIAN_ASPELL_AFF: &str = "/usr/lib/aspell/it_affix.dat";

/// A second source, ready for look-ups.
pub struct Witness {
    /// Its name in messages (`aspell-it`).
    pub name: String,
    pub set: Set<Vec<u8>>,
}

impl Witness {
    pub fn contains(&self, word: &str) -> bool {
        self.set.contains(word)
    }
}

/// Debian's aspell-it as a second source, when installed (`Ok(None)` when not), from the
/// cache when it can (built once: a few seconds).
pub fn debian_aspell(opts: &Options) -> Result<Option<Witness>, Error> {
    let (cwl, aff) = (Path::new(DEBIAN_ASPELL_CWL), Path::new(DEBIAN_ASPELL_AFF));
    if !cwl.is_file() || !aff.is_file() {
        return Ok(None);
    }
    open_aspell(cwl, aff, opts).map(Some)
}

/// An aspell word list (`.cwl.gz`) and its affix file as a second source.
pub fn open_aspell(cwl: &Path, aff: &Path, opts: &Options) -> Result<Witness, Error> {
    let read = |p: &Path| std::fs::read(p).map_err(|e| Error::io("lexicon.unreadable", p, &e));
    let (cwl_bytes, aff_bytes) = (read(cwl)?, read(aff)?);
    let key = cache::key("aspell witness", &[cwl_bytes.clone(), aff_bytes.clone()]);
    let name = "aspell-it".to_string();
    let path: Option<PathBuf> = if opts.no_cache {
        None
    } else {
        opts.cache_dir
            .clone()
            .or_else(cache::default_dir)
            .map(|d| cache::path(&d, &name, &key))
    };
    if let Some(p) = &path {
        if let Some(set) = std::fs::read(p).ok().and_then(|b| Set::new(b).ok()) {
            return Ok(Witness { name, set });
        }
    }
    let stems = cwl_text(cwl, &cwl_bytes)?;
    let d = Dictionary::parse(cwl, &stems, aff, &aff_bytes)?;
    let mut words = Vec::new();
    d.expand(&mut |form| words.extend(normalise::normalise(form)));
    words.sort_unstable();
    words.dedup();
    let set = Set::from_iter(words.iter()).map_err(|e| {
        Error::input("lexicon.build", format!("cannot build the automaton: {e}")).in_file(cwl)
    })?;
    if let Some(p) = &path {
        // A cache that cannot be written only costs the next run a rebuild.
        let _ = p
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| crate::output::write_atomic(p, set.as_fst().as_bytes()));
    }
    Ok(Witness { name, set })
}

/// The stems of an aspell `.cwl.gz` as a `.dic` file's bytes (a count line, then one
/// `word/flags` a line), in the list's own encoding.
fn cwl_text(path: &Path, gz: &[u8]) -> Result<Vec<u8>, Error> {
    let bad = |m: String| Error::input("lexicon.aspell", m).at(Location::file(path.to_path_buf()));
    let mut raw = Vec::new();
    flate2::read::GzDecoder::new(gz)
        .take(64 << 20)
        .read_to_end(&mut raw)
        .map_err(|e| bad(format!("not a gzip file: {e}")))?;
    let lines = prezip_decode(&raw).map_err(bad)?;
    let mut out = format!("{}\n", lines.len()).into_bytes();
    for l in lines {
        out.extend_from_slice(&l);
        out.push(b'\n');
    }
    Ok(out)
}

/// Undo aspell's `prezip` coding: `0x02`, then lines each made of how many bytes to keep of
/// the line before (a byte below `0x1E`, or `0x1E` then `0xFF`s then one byte, summed) and
/// the rest, where `0x1F c` stands for the byte `c - 0x20`; `0x1F 0xFF` ends the data.
pub fn prezip_decode(data: &[u8]) -> Result<Vec<Vec<u8>>, String> {
    let Some((&0x02, mut rest)) = data.split_first() else {
        return Err("not prezip data (no 0x02 at the start)".into());
    };
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut prev: Vec<u8> = Vec::new(); // escaped bytes of the line before
    loop {
        let Some((&first, after)) = rest.split_first() else {
            return Err("prezip data ends without its end mark".into());
        };
        if first == 0x1F {
            break; // 0x1F 0xFF: the end
        }
        if first > 0x1E {
            return Err(format!("prezip: a line starts with byte {first:#04x}"));
        }
        rest = after;
        let mut keep = usize::from(first);
        if first == 0x1E {
            loop {
                let Some((&b, after)) = rest.split_first() else {
                    return Err("prezip data ends inside a prefix length".into());
                };
                rest = after;
                keep += usize::from(b);
                if b != 0xFF {
                    break;
                }
            }
        }
        if keep > prev.len() {
            return Err(format!(
                "prezip: keeps {keep} bytes of a {}-byte line",
                prev.len()
            ));
        }
        prev.truncate(keep);
        // The rest: bytes 0x20 and above, or escapes `0x1F c`.
        loop {
            match rest {
                [0x1F, c, tail @ ..] if *c != 0xFF => {
                    prev.extend_from_slice(&[0x1F, *c]);
                    rest = tail;
                }
                [b, tail @ ..] if *b >= 0x20 => {
                    prev.push(*b);
                    rest = tail;
                }
                _ => break,
            }
        }
        let mut line = Vec::with_capacity(prev.len());
        let mut i = 0;
        while i < prev.len() {
            if prev[i] == 0x1F && i + 1 < prev.len() {
                line.push(prev[i + 1].wrapping_sub(0x20));
                i += 2;
            } else {
                line.push(prev[i]);
                i += 1;
            }
        }
        lines.push(line);
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prezip_keeps_prefixes_and_unescapes() {
        // ACL/T, ADSL/TU (keeps "A"), AIDS (keeps "A"), then an escaped byte 0x01.
        let data = b"\x02\x00ACL/T\x01DSL/TU\x01IDS\x00x\x1F\x21y\x1F\xFF";
        let lines = prezip_decode(data).unwrap();
        assert_eq!(
            lines,
            vec![
                b"ACL/T".to_vec(),
                b"ADSL/TU".to_vec(),
                b"AIDS".to_vec(),
                b"x\x01y".to_vec()
            ]
        );
        assert!(prezip_decode(b"ACL").is_err());
        assert!(
            prezip_decode(b"\x02\x00abc\x05d\x1F\xFF").is_err(),
            "keeps too much"
        );
        assert!(prezip_decode(b"\x02\x00abc").is_err(), "no end mark");
    }
}
