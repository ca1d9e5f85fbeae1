//! One kit in two languages (issue 45): `[options] lang = ["it", "en"]`, text per language
//! in a sheet's columns (`name.it`, `name.en`) and in the TOML (`text.it = ...`), the
//! options visible to templates (`options.lang`), and a PDF per language, named for it.
//! Read back with poppler's `pdftotext`; skipped, with a note, where poppler is absent.

use std::path::Path;
use std::process::Command;

use crate::kit_common::{stderr, tavolo_in};

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

fn text_of(pdf: &Path) -> Option<String> {
    let o = Command::new("pdftotext").arg(pdf).arg("-").output().ok()?;
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    Some(String::from_utf8(o.stdout).unwrap())
}

/// The two-language deck: cards from a sheet, a rule card from the TOML, a back from `[data]`.
fn deck(d: &Path) {
    write(
        d,
        "deck.toml",
        r#"name = "deck"
title.it = "Il mazzo del cielo"
title.en = "The sky deck"

[options]
lang = ["it", "en"]

[data]
back.it = "Cielo"
back.en = "Sky"

[[component]]
name = "cards"
size_mm = [63, 88]
front = "card.svg"
back = "back.svg"
items_from = "cards.csv"
numbers = ["cost"]

[[component]]
name = "rules"
size_mm = [63, 88]
front = "rule.svg"
items = [ { text.it = "Pesca due carte", text.en = "Draw two cards" } ]
"#,
    );
    write(
        d,
        "cards.csv",
        "name.it,name.en,cost\nSole,Sun,3\nLuna,Moon,1\nStella cadente,Falling star,2\n",
    );
    let svg = |body: &str| {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{{{ w }}}}\" height=\"{{{{ h }}}}\" \
             viewBox=\"0 0 {{{{ w }}}} {{{{ h }}}}\">\n{body}\n</svg>\n"
        )
    };
    write(
        d,
        "card.svg",
        &svg("<text x=\"5\" y=\"20\" font-size=\"6\">{{ name }}</text>\n\
              <text x=\"5\" y=\"50\" font-size=\"12\">{{ cost }}</text>\n\
              <text x=\"5\" y=\"80\" font-size=\"4\">lingua-{{ options.lang }}</text>"),
    );
    write(
        d,
        "back.svg",
        &svg("<text x=\"5\" y=\"44\" font-size=\"10\">{{ data.back }}</text>"),
    );
    write(
        d,
        "rule.svg",
        &svg("<text x=\"5\" y=\"40\" font-size=\"5\">{{ text }}</text>"),
    );
}

#[test]
fn a_two_language_kit_prints_each_language_in_its_own_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    deck(d);
    let o = tavolo_in(d, &["kit", "deck.toml", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let langs: Vec<&str> = report["kits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["lang"].as_str().unwrap())
        .collect();
    assert_eq!(langs, ["it", "en"]);
    assert!(!d.join("output/deck.pdf").exists());
    let (Some(it), Some(en)) = (
        text_of(&d.join("output/deck.it.pdf")),
        text_of(&d.join("output/deck.en.pdf")),
    ) else {
        eprintln!("note: pdftotext is absent; the PDFs are not read back");
        return;
    };
    for (text, want, not) in [
        (
            &it,
            [
                "Il mazzo del cielo",
                "Sole",
                "Stella cadente",
                "Cielo",
                "Pesca due carte",
                "lingua-it",
            ],
            ["Sun", "Falling star", "Sky", "Draw two cards", "lingua-en"],
        ),
        (
            &en,
            [
                "The sky deck",
                "Sun",
                "Falling star",
                "Sky",
                "Draw two cards",
                "lingua-en",
            ],
            ["Sole", "Stella", "Cielo", "Pesca", "lingua-it"],
        ),
    ] {
        for w in want {
            assert!(text.contains(w), "`{w}` missing:\n{text}");
        }
        for n in not {
            assert!(!text.contains(n), "`{n}` printed:\n{text}");
        }
    }
}

#[test]
fn lang_or_the_option_prints_one_language() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    deck(d);
    let o = tavolo_in(
        d,
        &["--lang", "en", "kit", "deck.toml", "--png", "--dpi", "10"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(d.join("output/deck.en.pdf").exists());
    assert!(d.join("output/deck.en-1.png").exists());
    assert!(!d.join("output/deck.it.pdf").exists());
    let o = tavolo_in(
        d,
        &["kit", "deck.toml", "--option", "lang=it", "--out", "it"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let files: Vec<_> = std::fs::read_dir(d.join("it")).unwrap().collect();
    assert_eq!(files.len(), 1);
    assert!(d.join("it/deck.it.pdf").exists());
}

#[test]
fn a_text_missing_in_a_language_is_an_error_naming_field_and_language() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    deck(d);
    // A sheet without the English names.
    write(d, "cards.csv", "name.it,cost\nSole,3\n");
    let o = tavolo_in(d, &["kit", "deck.toml"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("error[kit.lang]: cards.csv: `name` has no text in `en`"),
        "{err}"
    );
    assert!(!d.join("output/deck.it.pdf").exists(), "nothing is written");
    // A language the kit does not list.
    write(d, "cards.csv", "name.it,name.de,cost\nSole,Sonne,3\n");
    let err = stderr(&tavolo_in(d, &["kit", "deck.toml"]));
    assert!(
        err.contains("`name.de` ends in a language the kit does not list"),
        "{err}"
    );
    // --lang names a language the kit is not in.
    write(d, "cards.csv", "name.it,name.en,cost\nSole,Sun,3\n");
    let toml = std::fs::read_to_string(d.join("deck.toml")).unwrap();
    write(
        d,
        "deck.toml",
        &toml
            .replace("[\"it\", \"en\"]", "[\"it\", \"de\"]")
            .replace(".en", ".de"),
    );
    write(d, "cards.csv", "name.it,name.de,cost\nSole,Sonne,3\n");
    let o = tavolo_in(d, &["--lang", "en", "kit", "deck.toml"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("kit `deck` is not in `en`: its languages are it, de"),
        "{err}"
    );
    assert!(err.contains("--option lang=it"), "{err}");
}
