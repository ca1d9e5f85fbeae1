//! `tavolo lexicon why WORD`: where a word comes from, or why it is refused. For each list of
//! the lexicon: the line of a plain list that holds it (or removes it, `-WORD`, or was
//! refused by NS-2's normaliser), and for a hunspell dictionary the stem's `.dic` line and
//! the `.aff` rules that made the form, with NS-9's verdict on it ([`super::tournament`]).
//! A hunspell dictionary is expanded again to answer (a few seconds), so this is for
//! explaining, not for judging.

use std::collections::{BTreeMap, BTreeSet};

use super::hunspell::Dictionary;
use super::source::{plain_entries, plain_word, Entry};
use super::tournament::{self, Kept, Refused};
use super::{normalise, Lexicon, Source};
use crate::error::Error;

/// How many ways a hunspell form was made are shown per word (kept ones first).
const MADE_SHOWN: usize = 3;

/// What one list says of a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The list's name (as `check` names it).
    pub list: String,
    pub what: What,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum What {
    /// A plain list's line holds it.
    Listed { line: usize, text: String },
    /// A plain list's `-WORD` line removes it from the lexicon.
    Removes { line: usize, text: String },
    /// A plain list's line that would give it, refused by NS-2's normaliser.
    NotRead {
        line: usize,
        text: String,
        rule: &'static str,
    },
    /// A hunspell form: the stem's `.dic` line, the `.aff` rules applied (line, text), the
    /// form as made and the verdict.
    Made {
        stem: (usize, String),
        rules: Vec<(usize, String)>,
        form: String,
        verdict: Judged,
    },
}

/// The verdict on a hunspell form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judged {
    /// Kept by NS-9 (and read by NS-2's normaliser).
    Kept(Kept),
    /// Refused by NS-9 (kept in permissive mode).
    Refused(Refused),
    /// Refused by NS-2's normaliser in every mode.
    NotRead(&'static str),
}

impl What {
    /// Whether this finding puts the word in the lexicon in `mode`.
    pub fn admits(&self, mode: super::Mode) -> bool {
        match self {
            What::Listed { .. } => true,
            What::Made { verdict, .. } => match verdict {
                Judged::Kept(_) => true,
                Judged::Refused(_) => mode == super::Mode::Permissive,
                Judged::NotRead(_) => false,
            },
            What::Removes { .. } | What::NotRead { .. } => false,
        }
    }

    /// One line of text.
    pub fn describe(&self) -> String {
        match self {
            What::Listed { line, text } => format!("line {line}: `{text}`"),
            What::Removes { line, text } => format!("line {line}: `{text}` removes it"),
            What::NotRead { line, text, rule } => {
                format!("line {line}: `{text}` is not read: {rule}")
            }
            What::Made {
                stem,
                rules,
                form,
                verdict,
            } => {
                let how = if rules.is_empty() {
                    format!("the stem itself (.dic line {}: `{}`)", stem.0, stem.1)
                } else {
                    let r: Vec<String> = rules
                        .iter()
                        .map(|(n, t)| format!(".aff line {n}: `{t}`"))
                        .collect();
                    format!(
                        "`{form}` from the stem at .dic line {} `{}` by {}",
                        stem.0,
                        stem.1,
                        r.join(" then ")
                    )
                };
                let v = match verdict {
                    Judged::Kept(k) => format!("kept: {}", k.describe()),
                    Judged::Refused(r) => format!("refused (NS-9): {}", r.describe()),
                    Judged::NotRead(rule) => format!("not read: {rule}"),
                };
                format!("{how}; {v}")
            }
        }
    }
}

/// The dictionary with only the stems that can make one of `words`: a suffix keeps at least
/// the stem's first letter, and a prefix puts its text before the stem's rest, so a stem
/// whose first letter (folded) begins no word, even after a prefix, makes none of them. A
/// few hundredths of the stems are left, and `lexicon check` answers in a fraction of a
/// second instead of expanding the whole dictionary.
fn stems_for(d: Dictionary, words: &BTreeSet<String>) -> Dictionary {
    let first = |s: &str| -> Option<char> {
        normalise::fold(&s.chars().next()?.to_string())?
            .chars()
            .next()
    };
    let mut initials: BTreeSet<char> = words.iter().filter_map(|w| w.chars().next()).collect();
    for class in d.aff.prefixes.values() {
        for e in &class.entries {
            let Some(p) = normalise::fold(&e.append) else {
                continue;
            };
            for w in words {
                if let Some(rest) = w.strip_prefix(p.as_str()) {
                    initials.extend(first(&e.strip).or_else(|| rest.chars().next()));
                }
            }
        }
    }
    let stems = d
        .stems
        .into_iter()
        .filter(|s| first(&s.word).is_none_or(|c| initials.contains(&c)))
        .collect();
    Dictionary { aff: d.aff, stems }
}

/// What every list of `lexicon` says of each of `words` (board words, A-Z).
pub fn explain(
    lexicon: &Lexicon,
    words: &BTreeSet<String>,
) -> Result<BTreeMap<String, Vec<Finding>>, Error> {
    let mut out: BTreeMap<String, Vec<Finding>> =
        words.iter().map(|w| (w.clone(), Vec::new())).collect();
    for list in &lexicon.lists {
        let bytes = list.source.read()?;
        match &list.source {
            Source::Plain { path, encoding } => {
                let text = encoding.decode(path, &bytes[0])?;
                let club = list.source.is_club_list();
                for (line, entry) in plain_entries(&text) {
                    let (raw, removes) = match entry {
                        Entry::Add(w) => (w, false),
                        Entry::Remove(w) => (w, true),
                    };
                    let Some(folded) = normalise::fold(raw) else {
                        continue;
                    };
                    let Some(found) = out.get_mut(&folded) else {
                        continue;
                    };
                    let text = if removes {
                        format!("-{raw}")
                    } else {
                        raw.into()
                    };
                    let what = if removes {
                        What::Removes { line, text }
                    } else if plain_word(raw, club).is_some() {
                        What::Listed { line, text }
                    } else {
                        let cased = if club { raw.to_lowercase() } else { raw.into() };
                        What::NotRead {
                            line,
                            text,
                            rule: normalise::refusal(&cased).unwrap_or("not read"),
                        }
                    };
                    found.push(Finding {
                        list: list.name.clone(),
                        what,
                    });
                }
            }
            Source::Hunspell { dic, aff } => {
                let d = Dictionary::parse(dic, &bytes[0], aff, &bytes[1])?;
                let d = stems_for(d, words);
                let dic_text = d.aff.encoding.decode(dic, &bytes[0])?;
                let aff_text = d.aff.encoding.decode(aff, &bytes[1])?;
                let dic_lines: Vec<&str> = dic_text.lines().collect();
                let aff_lines: Vec<&str> = aff_text.lines().collect();
                let line_of = |lines: &[&str], n: usize| {
                    lines
                        .get(n.wrapping_sub(1))
                        .map_or(String::new(), |l| l.trim().to_string())
                };
                let mut made: BTreeMap<String, Vec<What>> = BTreeMap::new();
                tournament::expand_judged(&d, &mut |form, how, verdict| {
                    let Some(folded) = normalise::fold(form) else {
                        return;
                    };
                    if !out.contains_key(&folded) {
                        return;
                    }
                    let verdict = match (normalise::refusal(form), verdict) {
                        (Some(rule), _) => Judged::NotRead(rule),
                        (None, Ok(k)) => Judged::Kept(k),
                        (None, Err(r)) => Judged::Refused(r),
                    };
                    let rules = how
                        .suffixes
                        .iter()
                        .flatten()
                        .chain(how.prefix.iter())
                        .map(|(_, e)| (e.line, line_of(&aff_lines, e.line)))
                        .collect();
                    made.entry(folded).or_default().push(What::Made {
                        stem: (how.stem.line, line_of(&dic_lines, how.stem.line)),
                        rules,
                        form: form.to_string(),
                        verdict,
                    });
                });
                for (word, mut whats) in made {
                    // Kept first, then refusals; each once.
                    whats.sort_by_key(|w| !w.admits(super::Mode::Tournament));
                    whats.dedup();
                    let found = out.get_mut(&word).expect("asked for");
                    found.extend(whats.into_iter().take(MADE_SHOWN).map(|what| Finding {
                        list: list.name.clone(),
                        what,
                    }));
                }
            }
        }
    }
    Ok(out)
}
