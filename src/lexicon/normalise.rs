//! NS-2's normaliser: one raw entry of a word list in, one board word (or nothing) out.
//!
//! The filter, in order (a raw form is dropped at the first rule it fails):
//!
//! 1. **Elided forms out**: a form holding an apostrophe (`'`, `’` or `ʼ`) is dropped
//!    (`dell'albero`, `quest'anno`): on the board an elision is two words.
//! 2. **Capitalised entries out**: a form with an upper-case letter anywhere is dropped:
//!    proper nouns (`Roma`, `Abano`), acronyms (`ONU`) and mixed-case brands.
//! 3. **Accents off, upper case**: each character is decomposed (Unicode NFD), combining
//!    marks are removed and the rest is upper-cased: `città` -> `CITTA`, `perché` -> `PERCHE`.
//! 4. **Letters A-Z only**: a form still holding anything else (a digit, a hyphen, a dot, a
//!    space, `ß`, `æ`, ...) is dropped.
//! 5. **2 to 15 letters**: shorter or longer forms cannot be played on a 15x15 board.
//! 6. **Abbreviations out**: a form with no vowel (A E I O U) is taken for an abbreviation or
//!    a unit symbol (`KG`, `KM`, `WC`, `HTTP`, `TBC`, `CC`) and dropped; so are the
//!    abbreviations with a vowel that hunspell-it lists as words: `ECC`, `ETC`.
//! 7. **Roman numerals out**: a form that is a well-formed Roman numeral (`XX`, `MCMXC`,
//!    `CDL`) is dropped, except the Italian words of that shape that `witalian` (a list with
//!    no numerals) also holds: `CI`, `DI`, `LI`, `MI`, `VI`.
//!
//! [`NORMALISER_VERSION`] is part of every cache key: change it whenever this filter changes.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Bumped whenever the filter above changes, so cached automata are rebuilt.
pub const NORMALISER_VERSION: u32 = 1;

/// Shortest and longest playable word.
pub const MIN_LETTERS: usize = 2;
pub const MAX_LETTERS: usize = 15;

/// Abbreviations that carry a vowel, so rule 6's first half misses them.
const ABBREVIATIONS: &[&str] = &["ECC", "ETC"];

/// Roman-numeral-shaped Italian words (rule 7's exceptions).
const NUMERAL_SHAPED_WORDS: &[&str] = &["CI", "DI", "LI", "MI", "VI"];

/// Apply the whole filter to one raw entry.
pub fn normalise(raw: &str) -> Option<String> {
    if raw.chars().any(is_apostrophe) || raw.chars().any(char::is_uppercase) {
        return None;
    }
    let word = fold(raw)?;
    if !(MIN_LETTERS..=MAX_LETTERS).contains(&word.len()) {
        return None;
    }
    if !word.bytes().any(|b| b"AEIOU".contains(&b)) || ABBREVIATIONS.contains(&word.as_str()) {
        return None;
    }
    if is_roman_numeral(&word) && !NUMERAL_SHAPED_WORDS.contains(&word.as_str()) {
        return None;
    }
    Some(word)
}

/// Which of the rules above refuses `raw` (a short phrase), `None` when [`normalise`] keeps
/// it: what `lexicon why` says of an entry that never reached the lexicon.
pub fn refusal(raw: &str) -> Option<&'static str> {
    if raw.chars().any(is_apostrophe) {
        return Some("an elided form (NS-2 rule 1)");
    }
    if raw.chars().any(char::is_uppercase) {
        return Some("a capitalised entry: a proper name or an acronym (NS-2 rule 2)");
    }
    let Some(word) = fold(raw) else {
        return Some("not letters A-Z once accents are off (NS-2 rule 4)");
    };
    if !(MIN_LETTERS..=MAX_LETTERS).contains(&word.len()) {
        return Some("not 2 to 15 letters (NS-2 rule 5)");
    }
    if !word.bytes().any(|b| b"AEIOU".contains(&b)) || ABBREVIATIONS.contains(&word.as_str()) {
        return Some("an abbreviation or a symbol (NS-2 rule 6)");
    }
    if is_roman_numeral(&word) && !NUMERAL_SHAPED_WORDS.contains(&word.as_str()) {
        return Some("a Roman numeral (NS-2 rule 7)");
    }
    None
}

/// Whether every form holding `text` is refused (rules 1 and 2), whatever surrounds it:
/// the expander then need not generate forms with that affix.
pub fn refuses_every_form_with(text: &str) -> bool {
    text.chars().any(|c| is_apostrophe(c) || c.is_uppercase())
}

/// Rules 3 and 4 only: what a player's word is compared as (NS-2: CITTÀ = CITTA,
/// `casa` = `CASA`). `None` when something other than a letter is left.
pub fn fold(raw: &str) -> Option<String> {
    // Most forms are plain ASCII: no decomposition needed.
    if raw.is_ascii() {
        return raw
            .bytes()
            .all(|b| b.is_ascii_alphabetic())
            .then(|| raw.to_ascii_uppercase());
    }
    let mut out = String::with_capacity(raw.len());
    for c in raw.nfd().filter(|c| !is_combining_mark(*c)) {
        // One letter A-Z per character: `ß` (upper case `SS`) is not one.
        let mut up = c.to_uppercase();
        match (up.next(), up.next()) {
            (Some(u), None) if u.is_ascii_uppercase() => out.push(u),
            _ => return None,
        }
    }
    Some(out)
}

fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '\u{2019}' | '\u{02BC}')
}

/// A well-formed Roman numeral from 1 to 4999 (upper case): thousands `M{0,4}`, then
/// hundreds, tens and units each as one of the nine canonical spellings (or none).
pub fn is_roman_numeral(word: &str) -> bool {
    // Longest spelling first, so `VIII` is not read as `V` + rest.
    const HUNDREDS: [&str; 9] = ["CM", "CD", "DCCC", "DCC", "DC", "D", "CCC", "CC", "C"];
    const TENS: [&str; 9] = ["XC", "XL", "LXXX", "LXX", "LX", "L", "XXX", "XX", "X"];
    const UNITS: [&str; 9] = ["IX", "IV", "VIII", "VII", "VI", "V", "III", "II", "I"];
    fn digit<'a>(s: &'a str, forms: &[&str; 9]) -> &'a str {
        forms.iter().find_map(|f| s.strip_prefix(f)).unwrap_or(s)
    }
    if word.is_empty() {
        return false;
    }
    let rest = word.trim_start_matches('M');
    if word.len() - rest.len() > 4 {
        return false;
    }
    digit(digit(digit(rest, &HUNDREDS), &TENS), &UNITS).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_and_case_fold_ns2() {
        assert_eq!(normalise("città").as_deref(), Some("CITTA"));
        assert_eq!(normalise("perché").as_deref(), Some("PERCHE"));
        assert_eq!(normalise("ciò").as_deref(), Some("CIO"));
        assert_eq!(fold("CITTÀ").as_deref(), Some("CITTA"));
        assert_eq!(fold("Città").as_deref(), Some("CITTA"));
    }

    #[test]
    fn elided_capitalised_and_non_letters_are_out() {
        assert_eq!(normalise("dell'albero"), None);
        assert_eq!(normalise("quest’anno"), None);
        assert_eq!(normalise("Roma"), None);
        assert_eq!(normalise("ONU"), None);
        assert_eq!(normalise("e-mail"), None);
        assert_eq!(normalise("b2b"), None);
        assert_eq!(normalise("a capo"), None);
        assert_eq!(normalise("straße"), None);
    }

    #[test]
    fn length_two_to_fifteen() {
        assert_eq!(normalise("a"), None);
        assert_eq!(normalise("io").as_deref(), Some("IO"));
        assert_eq!(normalise("precipitevolissimevolmente"), None);
        assert_eq!(normalise("abbastanza").as_deref(), Some("ABBASTANZA"));
        assert!(normalise(&"a".repeat(15)).is_some());
        assert!(normalise(&"a".repeat(16)).is_none());
    }

    #[test]
    fn abbreviations_and_numerals_are_out_but_not_their_lookalikes() {
        for w in [
            "kg", "km", "wc", "http", "cc", "ecc", "etc", "xx", "xii", "mcmxc", "cdl",
        ] {
            assert_eq!(normalise(w), None, "{w}");
        }
        for w in ["ci", "di", "li", "mi", "vi", "civile", "dito", "lui"] {
            assert!(normalise(w).is_some(), "{w}");
        }
    }

    #[test]
    fn roman_numerals_are_the_canonical_ones() {
        for w in [
            "I",
            "IV",
            "IX",
            "XL",
            "XC",
            "CD",
            "CM",
            "MMXXIV",
            "MMMMCMXCIX",
            "LXXXVIII",
        ] {
            assert!(is_roman_numeral(w), "{w}");
        }
        for w in [
            "", "IIII", "VV", "IC", "MIM", "XM", "MMMMM", "CIVIL", "DIVI",
        ] {
            assert!(!is_roman_numeral(w), "{w}");
        }
    }
}
