//! The catalogues: every message in both languages with the same arguments, every id the
//! code asks for in them, and the choice of language.
#![cfg(test)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::*;

type Vars = BTreeSet<String>;

fn pattern_vars(p: &Pattern<&str>, out: &mut Vars) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expr_vars(expression, out);
        }
    }
}

fn expr_vars(e: &Expression<&str>, out: &mut Vars) {
    match e {
        Expression::Inline(i) => inline_vars(i, out),
        Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
    }
}

fn inline_vars(i: &InlineExpression<&str>, out: &mut Vars) {
    match i {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expr_vars(expression, out),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
        }
        _ => {}
    }
}

/// A catalogue's messages and the variables each uses; a syntax error fails the test.
fn catalogue(name: &str, text: &str) -> BTreeMap<String, Vars> {
    let res = fluent_syntax::parser::parse(text)
        .unwrap_or_else(|(_, errors)| panic!("{name}: syntax errors: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in &res.body {
        match entry {
            Entry::Message(m) => {
                let mut vars = Vars::new();
                if let Some(p) = &m.value {
                    pattern_vars(p, &mut vars);
                }
                assert!(
                    m.value.is_some(),
                    "{name}: message {} has no value",
                    m.id.name
                );
                let was = out.insert(m.id.name.to_string(), vars);
                assert!(was.is_none(), "{name}: message {} twice", m.id.name);
            }
            Entry::Junk { content } => panic!("{name}: cannot read {content:?}"),
            _ => {}
        }
    }
    out
}

#[test]
fn every_message_is_in_both_languages_with_the_same_arguments() {
    let en = catalogue("en.ftl", EN_FTL);
    let it = catalogue("it.ftl", IT_FTL);
    assert!(
        en.len() > 50,
        "the English catalogue has {} messages",
        en.len()
    );
    let missing_it: Vec<&String> = en.keys().filter(|k| !it.contains_key(*k)).collect();
    let missing_en: Vec<&String> = it.keys().filter(|k| !en.contains_key(*k)).collect();
    assert!(missing_it.is_empty(), "not in it.ftl: {missing_it:?}");
    assert!(missing_en.is_empty(), "not in en.ftl: {missing_en:?}");
    for (id, vars) in &en {
        assert_eq!(&it[id], vars, "message {id}: arguments differ (en vs it)");
    }
}

#[test]
fn every_message_formats_without_an_error_in_both_languages() {
    for (lang, text) in [(Lang::En, EN_FTL), (Lang::It, IT_FTL)] {
        for (id, vars) in catalogue(lang.code(), text) {
            let mut args = FluentArgs::new();
            for v in &vars {
                args.set(v.as_str(), 2);
            }
            let b = bundle(lang);
            let msg = b.get_message(&id).expect("parsed");
            let mut errors = Vec::new();
            b.format_pattern(msg.value().expect("a value"), Some(&args), &mut errors);
            assert!(errors.is_empty(), "{}: {id}: {errors:?}", lang.code());
        }
    }
}

/// Every `t!("id"` in the source names a message of the catalogue.
#[test]
fn every_id_the_code_asks_for_is_in_the_catalogue() {
    let en = catalogue("en.ftl", EN_FTL);
    let mut asked = BTreeSet::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                // This module's own examples and tests name ids that are not messages.
                if !path.ends_with("lang") {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                for (i, _) in text.match_indices("t!(") {
                    // `t!(` preceded by a letter is another macro (`assert!(`, `print!(`).
                    if text[..i]
                        .chars()
                        .last()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
                    {
                        continue;
                    }
                    let rest = text[i + 3..].trim_start();
                    if let Some(r) = rest.strip_prefix('"') {
                        if let Some(end) =
                            r.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                        {
                            if !r[end..].starts_with('"') {
                                continue;
                            }
                            asked.insert((r[..end].to_string(), path.display().to_string()));
                        }
                    }
                }
            }
        }
    }
    assert!(asked.len() > 20, "found only {} lookups", asked.len());
    let unknown: Vec<_> = asked
        .iter()
        .filter(|(id, _)| !en.contains_key(id))
        .collect();
    assert!(unknown.is_empty(), "ids not in the catalogue: {unknown:?}");
}

#[test]
fn a_count_takes_the_plural_each_language_gives_it() {
    let bag = |lang, n: usize| with(lang, || crate::t!("count-tiles", count = n));
    assert_eq!(bag(Lang::En, 1), "1 tile");
    assert_eq!(bag(Lang::En, 0), "0 tiles");
    assert_eq!(bag(Lang::It, 1), "1 tessera");
    assert_eq!(bag(Lang::It, 0), "0 tessere");
    assert_eq!(bag(Lang::It, 106), "106 tessere");
    // The message's own text is marked, its arguments are not.
    assert_eq!(bag(Lang::Pseudo, 2), "2⟦ ⟧⟦tiles⟧");
    assert_eq!(
        with(Lang::Pseudo, || crate::t!("to-move", player = "Anna")),
        "Anna⟦ to move⟧"
    );
}

#[test]
fn a_missing_message_shows_its_id() {
    assert_eq!(
        message_in(Lang::It, "no-such-message", None),
        "[no-such-message]"
    );
}

#[test]
fn with_sets_the_language_for_its_work_only() {
    let outside = current();
    let inside = with(Lang::It, || {
        assert_eq!(with(Lang::Pseudo, current), Lang::Pseudo);
        current()
    });
    assert_eq!(inside, Lang::It);
    assert_eq!(current(), outside);
}

#[test]
fn the_locale_is_read_as_posix_orders_its_variables() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    };
    assert_eq!(Lang::from_locale(env(&[("LANG", "it_IT.UTF-8")])), Lang::It);
    assert_eq!(
        Lang::from_locale(env(&[("LANG", "it_IT.UTF-8"), ("LC_MESSAGES", "en_GB")])),
        Lang::En
    );
    assert_eq!(
        Lang::from_locale(env(&[("LC_ALL", "it_CH"), ("LC_MESSAGES", "en_GB")])),
        Lang::It
    );
    // An empty variable does not decide; another language, or C, is English.
    assert_eq!(
        Lang::from_locale(env(&[("LC_ALL", ""), ("LANG", "it")])),
        Lang::It
    );
    assert_eq!(Lang::from_locale(env(&[("LANG", "de_DE.UTF-8")])), Lang::En);
    assert_eq!(Lang::from_locale(env(&[("LANG", "C")])), Lang::En);
    assert_eq!(Lang::from_locale(env(&[])), Lang::En);
}

#[test]
fn accept_language_picks_the_preferred_language_spoken() {
    assert_eq!(
        Lang::from_accept_language("it-IT,it;q=0.9,en;q=0.8"),
        Some(Lang::It)
    );
    assert_eq!(
        Lang::from_accept_language("de-DE, en;q=0.5, it;q=0.7"),
        Some(Lang::It)
    );
    assert_eq!(Lang::from_accept_language("en-US,en;q=0.9"), Some(Lang::En));
    assert_eq!(Lang::from_accept_language("fr, de"), None);
    assert_eq!(
        Lang::from_accept_language("it;q=0, en;q=0.1"),
        Some(Lang::En)
    );
    assert_eq!(Lang::from_accept_language(""), None);
}

/// The short forms' meanings and the hints' lists are message ids, looked up by a view.
#[test]
fn every_short_form_names_a_message() {
    let en = catalogue("en.ftl", EN_FTL);
    for t in crate::games::session::TABLES {
        for (form, id) in t.short_forms() {
            assert!(
                en.contains_key(*id),
                "{}: `{form}` means {id}, not a message",
                t.name()
            );
        }
    }
    for id in ["hint-legal-moves", "hint-natura-lists"] {
        assert!(en.contains_key(id), "{id}");
    }
}

/// A rule's words are read in the reader's language; its id stays as it is.
#[test]
fn a_rule_s_words_follow_the_language_and_its_id_stays() {
    let en = catalogue("en.ftl", EN_FTL);
    for (words, id) in RULE_WORDS {
        assert_eq!(message_in(Lang::En, id, None), *words, "{id}");
        assert!(en.contains_key(*id));
    }
    assert_eq!(
        with(Lang::En, || rule("NS-3 (tiles from the rack)")),
        "NS-3 (tiles from the rack)"
    );
    assert_eq!(
        with(Lang::It, || rule("NS-3 (tiles from the rack)")),
        "NS-3 (tessere dal leggio)"
    );
    assert_eq!(with(Lang::It, || rule("NS-5")), "NS-5");
    assert_eq!(with(Lang::It, || rule("XX-1 (unknown)")), "XX-1 (unknown)");
}
