//! NS-9, the tournament lexicon: which of a hunspell dictionary's forms a club playing by the
//! Italian federation's practice would accept, and why each one is kept or refused.
//!
//! The federation counts a headword and its inflected forms; enclitic pronouns only on the
//! gerund, the imperative and the infinitive; no abbreviation, symbol, Roman numeral, proper
//! name, truncated (apocopated) or elided form. A hunspell dictionary makes its forms from a
//! stem and affix rules, so each form is judged by how it was made ([`How`]):
//!
//! - **the stem itself** is a headword, unless it is one of hunspell-it's entries that are
//!   abbreviations or symbols ([`ABBREVIATIONS`]: `oc`, `raz`, ...) or truncations listed as
//!   words ([`TRUNCATIONS`]: `ben`, `fil`, `vin`, ...), read one by one from its short
//!   flagless entries;
//! - **a truncated infinitive** (`dogar` from `dogare`, `mangiar`) is refused: an affix that
//!   leaves the infinitive without its last vowel and adds nothing;
//! - **an enclitic form** is one whose last affix belongs to an enclitic class (a class most
//!   of whose endings are pronouns: hunspell-it's `D` on gerunds, `E` on participles, `I` on
//!   infinitives, `L` `h` `K` on imperatives, ...) and ends in a chain of pronouns
//!   ([`clitic_chain`]: `lo`, `gli`, `glielo`, `mi`, doubled after `di'` `fa'` `da'` `sta'`
//!   `va'`) attached to a host that is the stem, one of its forms, or a verb form of it. The
//!   host's mood decides: the infinitive without its final `e` (MANGIARLO), a gerund
//!   (DICENDOGLIELO), an imperative (MANGIALO, MANGIATELO, MANGIAMOCI, DIMMI) are kept; a
//!   participle (VAGATITICI, from `vagato`), a present participle (MANGIANTESI) or any
//!   other mood is refused;
//! - **every other affixed form** is an inflection (plurals, the feminine, conjugations,
//!   superlatives, adverbs in -mente) and kept.
//!
//! Elided forms, capitalised entries (proper names, acronyms), forms without a vowel and
//! Roman numerals are refused for every list by NS-2's normaliser ([`super::normalise`]).

use std::collections::HashSet;

use super::hunspell::aff::Aff;
use super::hunspell::expand::How;
use super::hunspell::{Dictionary, Flag};

/// Which lexicon a run uses (NS-9): the federation's rules applied to the open lists, or
/// their plain union (NS-2, tavolo's lexicon before NS-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    #[default]
    Tournament,
    Permissive,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Tournament => "tournament",
            Mode::Permissive => "permissive",
        }
    }

    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "tournament" => Some(Mode::Tournament),
            "permissive" => Some(Mode::Permissive),
            _ => None,
        }
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// hunspell-it's entries (stems without affixes) that are abbreviations, symbols, units or
/// foreign function words rather than Italian headwords, read one by one from its flagless
/// entries of two and three letters (entries without a vowel are refused anyway by NS-2).
pub const ABBREVIATIONS: &[&str] = &[
    "ab", "asi", "aut", "bes", "by", "ca", "day", "de", "end", "es", "et", "gal", "hoc", "lit",
    "man", "max", "nit", "nor", "oc", "on", "op", "or", "pax", "raz", "rin", "sfo", "tek", "up",
];

/// hunspell-it's entries that are truncations (apocopes) of a longer word: `ben` (bene),
/// `fil` (filo), `vin` (vino). Truncated forms do not count (NS-9).
pub const TRUNCATIONS: &[&str] = &[
    "bel", "ben", "buon", "fil", "fin", "gran", "lor", "mar", "men", "mo", "nessun", "pan", "po",
    "pur", "san", "son", "tal", "tor", "val", "vin",
];

/// The imperatives of one syllable whose enclitic doubles its consonant (`di'` -> DIMMI).
const SHORT_IMPERATIVES: &[&str] = &["di", "fa", "da", "sta", "va"];

/// A mood that carries enclitic pronouns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mood {
    Infinitive,
    Gerund,
    Imperative,
}

impl Mood {
    pub fn name(self) -> &'static str {
        match self {
            Mood::Infinitive => "infinitive",
            Mood::Gerund => "gerund",
            Mood::Imperative => "imperative",
        }
    }
}

/// NS-9's verdict on one form.
pub type Verdict = Result<Kept, Refused>;

/// Why a form is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kept {
    /// The stem itself.
    Headword,
    /// An inflection made by the affixes.
    Inflection,
    /// Pronouns on a host of an admitted mood.
    Enclitic { host: String, mood: Mood },
}

/// Why a form is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    Abbreviation,
    Truncation,
    TruncatedInfinitive,
    /// Pronouns on a host of another mood (a participle, a present participle, ...).
    Enclitic {
        host: String,
    },
}

impl Kept {
    pub fn describe(&self) -> String {
        match self {
            Kept::Headword => "a headword".into(),
            Kept::Inflection => "an inflected form".into(),
            Kept::Enclitic { host, mood } => {
                format!("enclitic pronouns on the {} `{host}`", mood.name())
            }
        }
    }
}

impl Refused {
    pub fn code(&self) -> &'static str {
        match self {
            Refused::Abbreviation => "abbreviation",
            Refused::Truncation => "truncation",
            Refused::TruncatedInfinitive => "truncated-infinitive",
            Refused::Enclitic { .. } => "enclitic-mood",
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Refused::Abbreviation => "an abbreviation or symbol entry, not a headword".into(),
            Refused::Truncation => "a truncated (apocopated) form".into(),
            Refused::TruncatedInfinitive => "a truncated infinitive".into(),
            Refused::Enclitic { host } => format!(
                "enclitic pronouns on `{host}`, neither an infinitive, a gerund nor an imperative"
            ),
        }
    }
}

/// The affix classes whose entries mostly end in pronouns (see the module's doc).
pub fn enclitic_classes(aff: &Aff) -> HashSet<Flag> {
    aff.suffixes
        .iter()
        .filter(|(_, class)| {
            let n = class.entries.len();
            let pronouns = class
                .entries
                .iter()
                .filter(|e| clitic_chain(&e.append) > 0)
                .count();
            n > 0 && 2 * pronouns >= n
        })
        .map(|(f, _)| *f)
        .collect()
}

/// The length in bytes of the chain of enclitic pronouns `word` ends with (0: none): one of
/// `mi ti ci vi si lo la li le ne gli`, or a pair as Italian orders them: `me te ce ve se
/// glie` then `lo la li le ne` (GLIELO, TELA), `mi ti ci vi gli le` then the impersonal `si`
/// (AVVICINARGLISI, ABITUANDOCISI), `mi ti vi` then the place `ci` (PORTARMICI).
pub fn clitic_chain(word: &str) -> usize {
    const LAST: &[&str] = &[
        "gli", "mi", "ti", "ci", "vi", "si", "lo", "la", "li", "le", "ne",
    ];
    const PAIRS: &[(&[&str], &[&str])] = &[
        (
            &["glie", "me", "te", "ce", "ve", "se"],
            &["lo", "la", "li", "le", "ne"],
        ),
        (&["gli", "mi", "ti", "ci", "vi", "le"], &["si"]),
        (&["mi", "ti", "vi"], &["ci"]),
    ];
    for (firsts, lasts) in PAIRS {
        for last in *lasts {
            if let Some(rest) = word.strip_suffix(last) {
                if let Some(first) = firsts.iter().find(|f| rest.ends_with(**f)) {
                    return first.len() + last.len();
                }
            }
        }
    }
    LAST.iter()
        .find(|l| word.ends_with(**l))
        .map_or(0, |l| l.len())
}

/// Every chain length [`clitic_chain`] could read at the end of `word`, longest first: a pair
/// and its last pronoun alone.
pub fn clitic_chains(word: &str) -> Vec<usize> {
    let long = clitic_chain(word);
    let mut out = vec![long];
    if long > 3 {
        let last = clitic_chain(&word[word.len() - 3..]).min(3);
        let last = if last == 0 {
            clitic_chain(&word[word.len() - 2..])
        } else {
            last
        };
        if last > 0 && last < long {
            out.push(last);
        }
    }
    out.retain(|&n| n > 0);
    out
}

/// Judges the forms of one stem (as [`super::hunspell::Dictionary::expand_how`] gives them,
/// one stem's forms after another).
pub struct Judge {
    enclitic: HashSet<Flag>,
}

impl Judge {
    pub fn new(aff: &Aff) -> Judge {
        Judge {
            enclitic: enclitic_classes(aff),
        }
    }

    /// The verdict on each of one stem's forms, in order.
    pub fn group(&self, forms: &[(String, How<'_>)]) -> Vec<Result<Kept, Refused>> {
        let all: HashSet<&str> = forms.iter().map(|(f, _)| f.as_str()).collect();
        forms
            .iter()
            .map(|(form, how)| self.one(form, how, &all))
            .collect()
    }

    fn one(&self, form: &str, how: &How<'_>, forms: &HashSet<&str>) -> Result<Kept, Refused> {
        let stem = how.stem.word.as_str();
        let Some((flag, entry)) = how.last_suffix() else {
            if how.prefix.is_none() {
                if ABBREVIATIONS.contains(&stem) {
                    return Err(Refused::Abbreviation);
                }
                if TRUNCATIONS.contains(&stem) {
                    return Err(Refused::Truncation);
                }
                return Ok(Kept::Headword);
            }
            return Ok(Kept::Inflection);
        };
        // A prefix (RI-) makes another verb of the stem: its forms are judged against it
        // (RISOSTENERCI: pronouns on the infinitive of risostenere).
        let prefixed;
        let stem = match how.prefix {
            Some((_, p)) => {
                prefixed = format!("{}{}", p.append, stem.get(p.strip.len()..).unwrap_or(""));
                prefixed.as_str()
            }
            None => stem,
        };
        if form.len() < stem.len()
            && form.ends_with('r')
            && stem.starts_with(form)
            && (stem.ends_with("re") || stem.ends_with("rsi"))
        {
            return Err(Refused::TruncatedInfinitive);
        }
        if !self.enclitic.contains(&flag) {
            return Ok(Kept::Inflection);
        }
        // The pronouns may be read as a pair or as the last one alone (-TISI: TI+SI on an
        // imperative, or SI on a participle in -TI): an admitted mood by any reading keeps
        // the form; else a host that is a form of the stem refuses it.
        let infinitive = verb_infinitive(stem);
        let mut refusal = None;
        for chain in clitic_chains(&entry.append) {
            if chain > form.len() {
                continue;
            }
            let mut host = &form[..form.len() - chain];
            let doubled = host
                .strip_suffix(|c: char| form[form.len() - chain..].starts_with(c))
                .filter(|h| SHORT_IMPERATIVES.contains(h));
            if let Some(h) = doubled {
                host = h;
            }
            if let Some(mood) = mood(host, infinitive.as_deref(), doubled.is_some()) {
                return Ok(Kept::Enclitic {
                    host: host.to_string(),
                    mood,
                });
            }
            if refusal.is_none() && (host == stem || forms.contains(host)) {
                refusal = Some(Refused::Enclitic {
                    host: host.to_string(),
                });
            }
        }
        // Not pronouns on a form of this stem: an ending that looks like one (-issimi).
        refusal.map_or(Ok(Kept::Inflection), Err)
    }
}

/// Every form of a dictionary with its verdict, one stem's forms after another; elided forms
/// (refused by NS-2 in every mode) are not generated. Returns the number of forms.
pub fn expand_judged<'a>(d: &'a Dictionary, sink: &mut dyn FnMut(&str, &How<'a>, Verdict)) -> u64 {
    let judge = Judge::new(&d.aff);
    let mut group: Vec<(String, How<'a>)> = Vec::new();
    let mut flush = |group: &mut Vec<(String, How<'a>)>| {
        for ((form, how), verdict) in group.iter().zip(judge.group(group)) {
            sink(form, how, verdict);
        }
        group.clear();
    };
    let n = d.expand_how(
        &super::normalise::refuses_every_form_with,
        &mut |form, how| {
            if group
                .first()
                .is_some_and(|(_, h)| !std::ptr::eq(h.stem, how.stem))
            {
                flush(&mut group);
            }
            group.push((form.to_string(), *how));
        },
    );
    flush(&mut group);
    n
}

/// The infinitive a stem names: itself when it ends in `-re`, the plain one of a reflexive
/// infinitive (`pentirsi` -> `pentire`); `None` for other stems (participles, nouns).
fn verb_infinitive(stem: &str) -> Option<String> {
    if stem.ends_with("re") {
        Some(stem.to_string())
    } else {
        stem.strip_suffix("rsi").map(|s| format!("{s}re"))
    }
}

/// The mood of a host of enclitic pronouns, when it is one that may carry them.
fn mood(host: &str, infinitive: Option<&str>, doubled: bool) -> Option<Mood> {
    if host.ends_with("ndo") {
        return Some(Mood::Gerund);
    }
    if doubled {
        return Some(Mood::Imperative);
    }
    let inf = infinitive?;
    let root = &inf[..inf.len() - 2]; // mangia, vede, senti, por(re) -> porr
    if host.len() + 1 == inf.len() && inf.starts_with(host) {
        return Some(Mood::Infinitive); // mangiar(e)
    }
    if let Some(short) = inf.strip_suffix("rre") {
        if host == short || host == format!("{short}r") {
            return Some(Mood::Infinitive); // por(re), condur(re)
        }
        // poni, conduci, trai; ponete, conducete; poniamo
        if host.ends_with('i') || host.ends_with("ete") || host.ends_with("iamo") {
            return Some(Mood::Imperative);
        }
        return None;
    }
    let second_plural = format!("{root}te"); // mangiate, vedete, sentite, dite, fate
    let first_plural = host.ends_with("iamo");
    let second_singular = if inf.ends_with("are") {
        host == root // mangia
    } else {
        let stemless = &inf[..inf.len() - 3];
        host == format!("{stemless}i") // vedi, senti
            || (inf.ends_with("ire") && host.ends_with("isci")) // finisci
            || host.ends_with("ieni") // tieni, vieni
    };
    (host == second_plural || first_plural || second_singular).then_some(Mood::Imperative)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pronoun_chains() {
        assert_eq!(clitic_chain("lo"), 2);
        assert_eq!(clitic_chain("glielo"), 6);
        assert_eq!(clitic_chain("mmelo"), 4);
        assert_eq!(clitic_chain("gli"), 3);
        assert_eq!(clitic_chain("glisi"), 5);
        assert_eq!(clitic_chain("mici"), 4);
        assert_eq!(
            clitic_chain("glici"),
            2,
            "gli before ci is not Italian: ci alone"
        );
        assert_eq!(clitic_chain("are"), 0);
        assert_eq!(clitic_chain("amo"), 0);
    }

    /// A dictionary built to hold one form of each class NS-9 names.
    const AFF: &str = "SET UTF-8\n\
        SFX A Y 2\nSFX A are o are\nSFX A re vano are\n\
        SFX I Y 4\nSFX I e 0 [aei]re\nSFX I e lo [aei]re\nSFX I re lo are\nSFX I re telo are\n\
        SFX X Y 2\nSFX X re mmi ire\nSFX X re llo ire\n\
        SFX E Y 2\nSFX E 0 lo [ts]o\nSFX E 0 mi [ts]o\n\
        SFX D Y 2\nSFX D 0 lo ndo\nSFX D 0 glielo ndo\n\
        SFX G Y 3\nSFX G o issimi o\nSFX G 0 mi o\nSFX G 0 ti o\n\
        PFX J Y 1\nPFX J 0 ri .\n";
    const DIC: &str = "8\nmangiare/AIJ\nmangiato/EG\ndicendo/D\ndire/X\noc\nraz\nben\ncasa\n";

    fn verdicts() -> std::collections::BTreeMap<String, Result<Kept, Refused>> {
        let d = Dictionary::parse(
            std::path::Path::new("t.dic"),
            DIC.as_bytes(),
            std::path::Path::new("t.aff"),
            AFF.as_bytes(),
        )
        .unwrap();
        let mut out = std::collections::BTreeMap::new();
        expand_judged(&d, &mut |form, _, v| {
            out.insert(form.to_string(), v);
        });
        out
    }

    /// NS-9, each class on a dictionary made for it: kept headwords, inflections and
    /// enclitics on the three moods; refused abbreviations, truncations, truncated infinitives
    /// and enclitics on a participle.
    #[test]
    fn ns9_each_class_of_form() {
        let v = verdicts();
        let kept = |w: &str| v.get(w).unwrap_or_else(|| panic!("{w} not made")).clone();
        assert_eq!(kept("casa"), Ok(Kept::Headword));
        assert_eq!(kept("mangiare"), Ok(Kept::Headword));
        assert_eq!(kept("mangiavano"), Ok(Kept::Inflection));
        assert_eq!(kept("mangio"), Ok(Kept::Inflection));
        let enclitic = |host: &str, mood| {
            Ok(Kept::Enclitic {
                host: host.into(),
                mood,
            })
        };
        assert_eq!(kept("mangiarlo"), enclitic("mangiar", Mood::Infinitive));
        assert_eq!(kept("mangialo"), enclitic("mangia", Mood::Imperative));
        assert_eq!(kept("mangiatelo"), enclitic("mangia", Mood::Imperative));
        assert_eq!(kept("dicendoglielo"), enclitic("dicendo", Mood::Gerund));
        // A prefixed verb: pronouns on its own infinitive.
        assert_eq!(kept("rimangiarlo"), enclitic("rimangiar", Mood::Infinitive));
        assert_eq!(kept("dimmi"), enclitic("di", Mood::Imperative));
        assert_eq!(kept("dillo"), enclitic("di", Mood::Imperative));
        // An ending that looks like a pronoun but sits on no form of the stem.
        assert_eq!(kept("mangiatissimi"), Ok(Kept::Inflection));
        assert_eq!(kept("oc"), Err(Refused::Abbreviation));
        assert_eq!(kept("raz"), Err(Refused::Abbreviation));
        assert_eq!(kept("ben"), Err(Refused::Truncation));
        assert_eq!(kept("mangiar"), Err(Refused::TruncatedInfinitive));
        let participle = Err(Refused::Enclitic {
            host: "mangiato".into(),
        });
        assert_eq!(kept("mangiatolo"), participle);
        assert_eq!(kept("mangiatomi"), participle);
        assert_eq!(kept("mangiatoti"), participle);
    }

    #[test]
    fn moods_of_hosts() {
        assert_eq!(
            mood("mangiar", Some("mangiare"), false),
            Some(Mood::Infinitive)
        );
        assert_eq!(mood("dicendo", None, false), Some(Mood::Gerund));
        assert_eq!(
            mood("mangia", Some("mangiare"), false),
            Some(Mood::Imperative)
        );
        assert_eq!(
            mood("mangiate", Some("mangiare"), false),
            Some(Mood::Imperative)
        );
        assert_eq!(mood("vedi", Some("vedere"), false), Some(Mood::Imperative));
        assert_eq!(
            mood("finisci", Some("finire"), false),
            Some(Mood::Imperative)
        );
        assert_eq!(mood("por", Some("porre"), false), Some(Mood::Infinitive));
        assert_eq!(mood("di", Some("dire"), true), Some(Mood::Imperative));
        assert_eq!(mood("vagato", None, false), None);
        assert_eq!(mood("mangiante", Some("mangiare"), false), None);
        assert_eq!(mood("sentiva", Some("sentire"), false), None);
    }
}
