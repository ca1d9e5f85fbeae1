//! The lexicon a Natura record is judged with (NS-2, NS-5): the default lists, words given
//! in the record, or none checked. Its own module so that the record adapter and the
//! facts it writes both use it without importing each other.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::game::Words;
use crate::lexicon::Lexicon;

/// Which words count: the default lists, words given in the record, or none checked.
#[derive(Clone)]
pub(super) enum Lex {
    /// No lexicon: every word stands and a challenge is upheld.
    Unchecked(&'static str),
    /// Words written in the record's `[setup]` (`words = [...]`), folded by NS-2.
    Inline(Arc<BTreeSet<String>>),
    /// The default lists (NS-2), opened once per process.
    Lists(Arc<Lexicon>),
}

impl Lex {
    pub(super) fn contains(&self, word: &str) -> bool {
        match self {
            Lex::Unchecked(_) => true,
            Lex::Inline(set) => set.contains(word),
            Lex::Lists(lex) => lex.contains(word),
        }
    }

    pub(super) fn words(&self) -> Option<Words> {
        match self {
            Lex::Unchecked(_) => None,
            other => {
                let me = other.clone();
                Some(Words(Arc::new(move |w: &str| me.contains(w))))
            }
        }
    }

    /// The lexicon's verdict on a word: whether it holds it (`None` when words are not
    /// checked) and the list that does (NS-2: the referee names it).
    pub(super) fn verdict(&self, word: &str) -> (Option<bool>, Option<String>) {
        match self {
            Lex::Unchecked(_) => (None, None),
            _ => (Some(self.contains(word)), self.holder(word)),
        }
    }

    /// Which list holds a word, for the notes (NS-2: the referee names it).
    pub(super) fn holder(&self, word: &str) -> Option<String> {
        match self {
            Lex::Unchecked(_) => None,
            // A record's own words: one list, nothing to name.
            Lex::Inline(_) => None,
            Lex::Lists(lex) => lex.accepting(word).next().map(|l| l.name.clone()),
        }
    }

    pub(super) fn describe(&self) -> String {
        match self {
            Lex::Unchecked(why) => crate::t!("lex-unchecked", why = why_words(why)),
            Lex::Inline(set) => crate::t!("lex-inline", count = set.len()),
            Lex::Lists(lex) => {
                let names: Vec<&str> = lex.lists.iter().map(|l| l.name.as_str()).collect();
                // Lists named on the command line replace the record's; a mode alone is
                // said with the mode below.
                let by = match crate::lexicon::choice::chosen() {
                    Some(c) if !c.lists.is_empty() => format!(" {}", crate::t!("lex-by-lexicon")),
                    Some(_) => format!(" {}", crate::t!("lex-by-mode")),
                    None => String::new(),
                };
                // The mode changes only what a hunspell dictionary gives (NS-9).
                let hunspell = lex
                    .lists
                    .iter()
                    .any(|l| matches!(l.source, crate::lexicon::Source::Hunspell { .. }));
                let mode = if hunspell {
                    format!(", {}", crate::t!("lex-mode", mode = lex.mode.to_string()))
                } else {
                    String::new()
                };
                crate::t!("lex-lists", lists = names.join(" + "), mode = mode, by = by)
            }
        }
    }
}

/// The run's lexicon: NS-2's default lists, or the command line's `--lexicon` choice
/// ([`crate::lexicon::choice`], opened once per process).
pub(super) fn default_lexicon() -> Lex {
    match crate::lexicon::choice::open(&crate::lexicon::choice::run_choice()) {
        Ok(lex) => Lex::Lists(lex),
        Err(_) => Lex::Unchecked(NONE_INSTALLED),
    }
}

/// Why no word is checked: no Italian list is installed (NS-2).
pub(super) const NONE_INSTALLED: &str = "no Italian word list is installed (NS-2)";
/// Why no word is checked: the record names no lexicon.
pub(super) const RECORD_NONE: &str = "the record says `lexicon = \"none\"`";
/// Why no word is checked: a GCG game in English (NS-8).
pub(super) const ENGLISH_GAME: &str = "an english game; tavolo's lexicons are Italian (NS-8)";
/// Why no word is checked: a GCG game in Polish (NS-8).
pub(super) const POLISH_GAME: &str = "a polish game; tavolo's lexicons are Italian (NS-8)";

/// Why the words are not checked, in the reader's words (issue 42).
pub(super) fn why_words(why: &str) -> String {
    match why {
        NONE_INSTALLED => crate::t!("lex-why-none-installed"),
        RECORD_NONE => crate::t!("lex-why-record-none"),
        ENGLISH_GAME => crate::t!("lex-why-english"),
        POLISH_GAME => crate::t!("lex-why-polish"),
        other => other.to_string(),
    }
}
