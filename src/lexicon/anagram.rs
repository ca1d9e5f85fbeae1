//! Words a rack can make: a walk of the automaton that spends a tile per letter, a jolly
//! (`?`, NS-2: any of the 26 letters) only where no real tile of that letter is left. Using
//! real tiles first loses no word (a jolly and a real tile of the same letter can always
//! swap places), so each word is found once, with its jollies as late as possible.

use std::collections::BTreeMap;

use fst::raw::{Fst, Node};

use super::normalise::{fold, MAX_LETTERS};

/// Letter counts and jollies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rack {
    counts: [u8; 26],
    jollies: u8,
    len: usize,
}

impl Rack {
    /// Letters (accents and case folded, NS-2) and `?` for each jolly, 1 to 15 tiles.
    pub fn parse(text: &str) -> Result<Rack, String> {
        let mut letters = String::new();
        for part in text.split('?') {
            letters += &fold(part).ok_or_else(|| {
                format!("rack `{text}`: only letters and `?` (a jolly) can be on a rack")
            })?;
        }
        let jollies = text.matches('?').count();
        let len = letters.len() + jollies;
        if len == 0 || len > MAX_LETTERS {
            return Err(format!(
                "rack `{text}`: 1 to {MAX_LETTERS} tiles, not {len}"
            ));
        }
        let mut counts = [0u8; 26];
        for b in letters.bytes() {
            counts[usize::from(b - b'A')] += 1;
        }
        // At most 15 tiles, so the count fits.
        let jollies = jollies as u8;
        Ok(Rack {
            counts,
            jollies,
            len,
        })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Which words to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Span {
    /// Words that use every tile.
    Full,
    /// Words of at least this many letters from some of the tiles.
    AtLeast(usize),
}

/// Add the rack's words in `fst` to `out`: word -> the word as played, jolly letters in
/// lower case (`CAsA`).
pub fn collect<D: AsRef<[u8]>>(
    fst: &Fst<D>,
    rack: &Rack,
    span: Span,
    out: &mut BTreeMap<String, String>,
) {
    let mut walk = Walk {
        fst,
        rack: rack.clone(),
        span,
        full_len: rack.len,
        word: Vec::new(),
        shown: Vec::new(),
        out,
    };
    walk.node(fst.root());
}

struct Walk<'a, D> {
    fst: &'a Fst<D>,
    rack: Rack,
    span: Span,
    full_len: usize,
    word: Vec<u8>,
    shown: Vec<u8>,
    out: &'a mut BTreeMap<String, String>,
}

impl<D: AsRef<[u8]>> Walk<'_, D> {
    fn node(&mut self, node: Node<'_>) {
        let n = self.word.len();
        let wanted = match self.span {
            Span::Full => n == self.full_len,
            Span::AtLeast(min) => n >= min.max(1),
        };
        if node.is_final() && wanted {
            // Board words are ASCII upper case, so these are valid UTF-8.
            let word = String::from_utf8_lossy(&self.word).into_owned();
            let shown = String::from_utf8_lossy(&self.shown).into_owned();
            self.out.entry(word).or_insert(shown);
        }
        if n == self.full_len {
            return;
        }
        for t in node.transitions() {
            if !t.inp.is_ascii_uppercase() {
                continue;
            }
            let i = usize::from(t.inp - b'A');
            let shown = if self.rack.counts[i] > 0 {
                self.rack.counts[i] -= 1;
                t.inp
            } else if self.rack.jollies > 0 {
                self.rack.jollies -= 1;
                t.inp.to_ascii_lowercase()
            } else {
                continue;
            };
            self.word.push(t.inp);
            self.shown.push(shown);
            self.node(self.fst.node(t.addr));
            self.word.pop();
            self.shown.pop();
            if shown.is_ascii_uppercase() {
                self.rack.counts[i] += 1;
            } else {
                self.rack.jollies += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str], rack: &str, span: Span) -> Vec<String> {
        let mut list = list.to_vec();
        list.sort_unstable();
        let set = fst::Set::from_iter(list).unwrap();
        let mut out = BTreeMap::new();
        collect(set.as_fst(), &Rack::parse(rack).unwrap(), span, &mut out);
        out.into_values().collect()
    }

    #[test]
    fn full_rack_anagrams() {
        let list = ["AMOR", "CASA", "CASO", "OCA", "ORMA", "RAMO", "ROMA"];
        assert_eq!(
            words(&list, "ramo", Span::Full),
            ["AMOR", "ORMA", "RAMO", "ROMA"]
        );
        assert!(words(&list, "ramoz", Span::Full).is_empty());
    }

    #[test]
    fn jollies_fill_missing_letters_only() {
        let list = ["AMOR", "CASA", "CASO", "OCA", "ORMA", "RAMO", "ROMA"];
        // NS-2: a jolly is any letter; real tiles are spent first.
        assert_eq!(words(&list, "CAS?", Span::Full), ["CASa", "CASo"]);
        assert_eq!(
            words(&list, "CA??", Span::AtLeast(3)),
            ["CAsa", "CAso", "oCA"]
        );
        assert_eq!(words(&list, "AAC?", Span::AtLeast(2)), ["CAsA", "oCA"]);
    }

    #[test]
    fn partial_words_respect_the_minimum() {
        let list = ["OCA", "CASO", "CA"];
        assert_eq!(
            words(&list, "OCAS", Span::AtLeast(2)),
            ["CA", "CASO", "OCA"]
        );
        assert_eq!(words(&list, "OCAS", Span::AtLeast(4)), ["CASO"]);
    }

    #[test]
    fn racks_are_checked() {
        assert_eq!(Rack::parse("Città?").unwrap().len(), 6);
        assert!(Rack::parse("ab1").is_err());
        assert!(Rack::parse("").is_err());
        assert!(Rack::parse(&"a".repeat(16)).is_err());
        assert!(Rack::parse(&"a".repeat(300)).is_err());
    }
}
