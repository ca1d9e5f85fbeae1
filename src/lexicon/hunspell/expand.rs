//! Every single word a hunspell dictionary accepts, generated from its stems.
//!
//! The rules followed (hunspell's, without compounding):
//! - a stem is a word unless it carries NEEDAFFIX, CIRCUMFIX, ONLYINCOMPOUND or
//!   FORBIDDENWORD; the last two also drop every form of that stem, and a forbidden stem's
//!   spelling is refused even when another stem generates it;
//! - an affix applies when the stem ends (starts) with its strip string, something is left
//!   once it is stripped (or `FULLSTRIP` is set), and its condition holds on the stem;
//! - a suffix's continuation classes may add a second suffix (hunspell's twofold suffixes);
//! - a prefix applies to the stem and, when both classes are cross products (`Y`), to each
//!   suffixed form, also with the suffixes its own continuation classes allow;
//! - an affixed form whose affix carries NEEDAFFIX or CIRCUMFIX is a word only with an
//!   affix of the other side (for CIRCUMFIX, one that carries it too).

use std::collections::HashSet;

use super::aff::{Aff, AffixEntry};
use super::dic::Stem;
use super::Flag;

fn has(flags: &[Flag], flag: Option<Flag>) -> bool {
    flag.is_some_and(|f| flags.contains(&f))
}

fn apply_suffix(e: &AffixEntry, word: &str, full_strip: bool, out: &mut String) -> bool {
    let Some(base) = word.strip_suffix(e.strip.as_str()) else {
        return false;
    };
    if (base.is_empty() && !full_strip) || !e.condition_holds(word, true) {
        return false;
    }
    out.clear();
    out.push_str(base);
    out.push_str(&e.append);
    !out.is_empty()
}

fn apply_prefix(e: &AffixEntry, word: &str, full_strip: bool, out: &mut String) -> bool {
    let Some(base) = word.strip_prefix(e.strip.as_str()) else {
        return false;
    };
    if (base.is_empty() && !full_strip) || !e.condition_holds(word, false) {
        return false;
    }
    out.clear();
    out.push_str(&e.append);
    out.push_str(base);
    !out.is_empty()
}

/// A suffixed form kept for the cross product with prefixes.
struct Suffixed<'a> {
    form: String,
    cross: bool,
    circumfix: bool,
    suffixes: [Option<Applied<'a>>; 2],
}

/// One affix entry applied: its class's flag and the entry.
pub type Applied<'a> = (Flag, &'a AffixEntry);

/// How a form was made: the stem (its `.dic` line), then the suffixes applied to it (the
/// inner one first; a second one only for hunspell's twofold suffixes), then a prefix.
#[derive(Debug, Clone, Copy)]
pub struct How<'a> {
    pub stem: &'a Stem,
    pub suffixes: [Option<Applied<'a>>; 2],
    pub prefix: Option<Applied<'a>>,
}

impl<'a> How<'a> {
    fn of(stem: &'a Stem) -> Self {
        How {
            stem,
            suffixes: [None, None],
            prefix: None,
        }
    }

    /// The outermost suffix applied, if any.
    pub fn last_suffix(&self) -> Option<Applied<'a>> {
        self.suffixes[1].or(self.suffixes[0])
    }
}

/// Call `sink` with every form of every stem (duplicates possible, in no useful order).
/// Returns the number of forms passed on.
///
/// `skip_prefix` may leave out prefix entries whose appended text the caller would refuse in
/// any word (NS-2 drops every elided form, so `dell'` need not be generated: hunspell-it's
/// elisions are 9 forms in 10). A prefix is always the outermost affix here, so its text
/// stays in every form it makes and nothing else is lost.
pub fn expand<'a>(
    aff: &'a Aff,
    stems: &'a [Stem],
    skip_prefix: &dyn Fn(&str) -> bool,
    sink: &mut dyn FnMut(&str, &How<'a>),
) -> u64 {
    let forbidden: HashSet<&str> = stems
        .iter()
        .filter(|s| has(&s.flags, aff.forbidden))
        .map(|s| s.word.as_str())
        .collect();
    let mut count = 0u64;
    let mut emit = |form: &str, how: &How<'a>| {
        if forbidden.is_empty() || !forbidden.contains(form) {
            count += 1;
            sink(form, how);
        }
    };
    let fs = aff.full_strip;
    let (need, circ, only) = (aff.need_affix, aff.circumfix, aff.only_in_compound);
    let mut suffixed: Vec<Suffixed<'a>> = Vec::new();
    let (mut one, mut two, mut pre) = (String::new(), String::new(), String::new());
    let mut flags: Vec<Flag> = Vec::new();
    for stem in stems {
        flags.clear();
        flags.extend_from_slice(&stem.flags);
        flags.sort_unstable();
        flags.dedup();
        if has(&flags, aff.forbidden) || has(&flags, only) {
            continue;
        }
        let word = stem.word.as_str();
        let base = How::of(stem);
        if !has(&flags, need) && !has(&flags, circ) {
            emit(word, &base);
        }
        suffixed.clear();
        for flag in &flags {
            let Some(class) = aff.suffixes.get(flag) else {
                continue;
            };
            for e in &class.entries {
                if has(&e.cont, only) || !apply_suffix(e, word, fs, &mut one) {
                    continue;
                }
                let e_circ = has(&e.cont, circ);
                let inner = How {
                    suffixes: [Some((*flag, e)), None],
                    ..base
                };
                if !has(&e.cont, need) && !e_circ {
                    emit(&one, &inner);
                }
                // Twofold suffixes: a class named in this entry's continuation.
                for g in &e.cont {
                    let Some(outer) = aff.suffixes.get(g) else {
                        continue;
                    };
                    for e2 in &outer.entries {
                        if !has(&e2.cont, only) && apply_suffix(e2, &one, fs, &mut two) {
                            let twofold = How {
                                suffixes: [Some((*flag, e)), Some((*g, e2))],
                                ..base
                            };
                            if !has(&e2.cont, circ) {
                                emit(&two, &twofold);
                            }
                            suffixed.push(Suffixed {
                                form: two.clone(),
                                cross: class.cross && outer.cross,
                                circumfix: has(&e2.cont, circ),
                                suffixes: twofold.suffixes,
                            });
                        }
                    }
                }
                suffixed.push(Suffixed {
                    form: one.clone(),
                    cross: class.cross,
                    circumfix: e_circ,
                    suffixes: inner.suffixes,
                });
            }
        }
        for flag in &flags {
            let Some(class) = aff.prefixes.get(flag) else {
                continue;
            };
            for pe in &class.entries {
                if has(&pe.cont, only) || skip_prefix(&pe.append) {
                    continue;
                }
                let p_circ = has(&pe.cont, circ);
                let prefixed = How {
                    prefix: Some((*flag, pe)),
                    ..base
                };
                if apply_prefix(pe, word, fs, &mut pre) && !has(&pe.cont, need) && !p_circ {
                    emit(&pre, &prefixed);
                }
                if !class.cross {
                    continue;
                }
                for s in suffixed.iter().filter(|s| s.cross && s.circumfix == p_circ) {
                    if apply_prefix(pe, &s.form, fs, &mut pre) {
                        let how = How {
                            suffixes: s.suffixes,
                            ..prefixed
                        };
                        emit(&pre, &how);
                    }
                }
                // Suffixes the prefix allows by its continuation classes.
                for g in pe.cont.iter().filter(|g| !flags.contains(g)) {
                    let Some(sc) = aff.suffixes.get(g).filter(|c| c.cross) else {
                        continue;
                    };
                    for se in &sc.entries {
                        if has(&se.cont, circ) == p_circ
                            && apply_suffix(se, word, fs, &mut one)
                            && apply_prefix(pe, &one, fs, &mut pre)
                        {
                            let how = How {
                                suffixes: [Some((*g, se)), None],
                                ..prefixed
                            };
                            emit(&pre, &how);
                        }
                    }
                }
            }
        }
    }
    count
}
